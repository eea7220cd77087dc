#!/usr/bin/env python3
"""Generate the python-chess reference vectors for the legal-move tests.

python-chess (pip install chess) is the reference for SAN, LAN and UCI
output. This script is run by hand; its output is committed, python-chess is
not. Usage, from the repository root, with ../shared beside it:

    pip install chess==1.11.2 zstandard
    python3 scripts/gen_move_vectors.py

It writes two zstd-compressed TSV files into crates/chessnote/tests/data/:

positions.tsv.zst  one row per position:
    id, fen (X-FEN for Chess960, as python-chess writes it), chess960 (0/1),
    status (`checkmate`, `stalemate`, `check` or `-`), insufficient material
    for White and for Black (0/1 each), a legal move played from it in UCI
    ('-' if none), the FEN after that move.
moves.tsv.zst      one row per legal move of every position:
    id, uci, san, lan.

Positions come from real games (TWIC 920), random play from the standard
start, and random play from Chess960 starts; random play is seeded, so the
output is the same on every run with the same python-chess.
"""

import io
import random
import sys
from pathlib import Path

import chess
import chess.pgn
import zstandard

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
OUT = ROOT / "crates" / "chessnote" / "tests" / "data"


def real_game_positions(limit):
    text = (SHARED / "data/pgn/medium/twic0920.pgn").read_text(encoding="utf-8", errors="replace")
    pgn = io.StringIO(text)
    boards = []
    while len(boards) < limit:
        game = chess.pgn.read_game(pgn)
        if game is None:
            break
        board = game.board()
        for ply, move in enumerate(game.mainline_moves()):
            board.push(move)
            if ply % 7 == 3:
                boards.append(board.copy(stack=False))
    return boards[:limit]


def random_play(rng, start, chess960, games, plies, every):
    boards = []
    for _ in range(games):
        board = start() if callable(start) else start.copy()
        board.chess960 = chess960
        for ply in range(plies):
            moves = list(board.legal_moves)
            if not moves:
                break
            # Prefer promotions and captures now and then, to see many.
            special = [m for m in moves if m.promotion or board.is_capture(m) or board.is_castling(m)]
            move = rng.choice(special) if special and rng.random() < 0.3 else rng.choice(moves)
            board.push(move)
            if ply % every == every - 1:
                boards.append(board.copy(stack=False))
    return boards


def status(board):
    if board.is_checkmate():
        return "checkmate"
    if board.is_stalemate():
        return "stalemate"
    if board.is_check():
        return "check"
    return "-"


def main():
    rng = random.Random(20261121)
    sfens = [line.strip() for line in (SHARED / "data/fen/cozy-chess/chess960_start_positions.sfens").read_text().splitlines() if line.strip()]

    boards = []
    boards += [(b, False) for b in real_game_positions(1200)]
    boards += [(b, False) for b in random_play(rng, chess.Board(), False, 120, 160, 9)]
    boards += [(b, True) for b in random_play(rng, lambda: chess.Board(rng.choice(sfens), chess960=True), True, 120, 120, 9)]

    positions = io.StringIO()
    moves = io.StringIO()
    for i, (board, chess960) in enumerate(boards):
        board.chess960 = chess960
        legal = list(board.legal_moves)
        played = rng.choice(legal) if legal else None
        after = "-"
        if played is not None:
            copy = board.copy(stack=False)
            copy.push(played)
            after = copy.fen()
        positions.write("\t".join([
            str(i), board.fen(), "1" if chess960 else "0", status(board),
            "1" if board.has_insufficient_material(chess.WHITE) else "0",
            "1" if board.has_insufficient_material(chess.BLACK) else "0",
            board.uci(played) if played else "-", after,
        ]) + "\n")
        for move in legal:
            moves.write(f"{i}\t{board.uci(move)}\t{board.san(move)}\t{board.lan(move)}\n")

    OUT.mkdir(parents=True, exist_ok=True)
    for name, buf in [("positions.tsv.zst", positions), ("moves.tsv.zst", moves)]:
        data = buf.getvalue().encode()
        (OUT / name).write_bytes(zstandard.ZstdCompressor(level=19).compress(data))
        print(f"{name}: {len(data)} bytes raw", file=sys.stderr)
    print(f"{len(boards)} positions, python-chess {chess.__version__}", file=sys.stderr)


if __name__ == "__main__":
    main()
