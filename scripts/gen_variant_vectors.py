#!/usr/bin/env python3
"""Generate the python-chess reference games for the variant tests (issue 34).

python-chess's chess.variant is the reference for the rules of Lichess's
seven variants. This script is run by hand; its output is committed,
python-chess is not. Usage, from the repository root:

    pip install chess==1.11.2 zstandard
    python3 scripts/gen_variant_vectors.py

It writes two files. crates/chessnote/tests/data/variant-games.jsonl.zst:
one JSON object per game, seeded random play (the same output on every run
with the same python-chess):

    {"variant": UCI name (python-chess's uci_variant), "start": FEN,
     "plies": [{"legal": [UCI, ...] sorted, "move": UCI played or null,
                "san": its SAN, "fen": FEN after the move, "check": bool,
                "end": null or [termination, winner]}, ...]}

"legal", "check" and "end" describe the position before the move; the last
ply has no move. FENs are python-chess's (`[pocket]`, `~`, `3+3`), with the
en-passant square after every double step (en_passant="fen"). "end" is how
the game stands without the draws a player claims or the move-count rules:
the variant's own end (variant_win, variant_loss, variant_draw), then
checkmate, then insufficient material (insufficient_material), then
stalemate (no legal move); winner "white", "black" or null.

And crates/chessnote/tests/data/variant-material.tsv.zst: seeded random
sparse positions of each variant (kings, a few pieces, crazyhouse pockets
and promoted pieces; horde's White without a king; antichess's positions of
two knights or of bishops alone), those python-chess
takes as valid and with no check, one a line: uci_variant, FEN, then
has_insufficient_material for White and for Black (1 or 0), tab-separated.
"""

import io
import json
import random
from pathlib import Path

import chess
import chess.variant
import zstandard

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "crates" / "chessnote" / "tests" / "data" / "variant-games.jsonl.zst"
MATERIAL = ROOT / "crates" / "chessnote" / "tests" / "data" / "variant-material.tsv.zst"
POSITIONS = 1500

BOARDS = [
    chess.variant.CrazyhouseBoard,
    chess.variant.AtomicBoard,
    chess.variant.AntichessBoard,
    chess.variant.ThreeCheckBoard,
    chess.variant.KingOfTheHillBoard,
    chess.variant.HordeBoard,
    chess.variant.RacingKingsBoard,
]

GAMES = 30
MAX_PLIES = 160


def end(board):
    winner = lambda color: None if color is None else ("white" if color else "black")
    if board.is_variant_loss():
        return ["variant_loss", winner(not board.turn)]
    if board.is_variant_win():
        return ["variant_win", winner(board.turn)]
    if board.is_variant_draw():
        return ["variant_draw", None]
    if board.is_checkmate():
        return ["checkmate", winner(not board.turn)]
    if board.is_insufficient_material():
        return ["insufficient_material", None]
    if not any(board.generate_legal_moves()):
        return ["stalemate", None]
    return None


def game(rng, cls):
    board = cls()
    record = {"variant": cls.uci_variant, "start": board.fen(en_passant="fen"), "plies": []}
    for _ in range(MAX_PLIES):
        legal = sorted(m.uci() for m in board.legal_moves)
        ply = {"legal": legal, "check": board.is_check(), "end": end(board)}
        record["plies"].append(ply)
        if not legal:
            ply["move"] = None
            break
        # Captures and drops a little more often than chance, so that
        # explosions, pockets and forced captures come up.
        moves = list(board.legal_moves)
        captures = [m for m in moves if board.is_capture(m) or m.drop]
        move = rng.choice(captures if captures and rng.random() < 0.4 else moves)
        ply["move"] = move.uci()
        ply["san"] = board.san(move)
        board.push(move)
        ply["fen"] = board.fen(en_passant="fen")
    return record


def sparse(rng, cls):
    """A random sparse position of `cls`'s variant, valid for python-chess,
    or None."""
    board = cls.empty()
    board.clear()
    squares = list(chess.SQUARES)
    rng.shuffle(squares)
    horde = cls is chess.variant.HordeBoard
    if cls is chess.variant.AntichessBoard and rng.random() < 0.3:
        # Antichess's own cases: only two knights, or only bishops.
        if rng.random() < 0.5:
            pieces = [chess.Piece(chess.KNIGHT, rng.choice(chess.COLORS)) for _ in range(2)]
        else:
            pieces = [chess.Piece(chess.BISHOP, c) for c in chess.COLORS for _ in range(rng.randint(1, 2))]
        for piece in pieces:
            board.set_piece_at(squares.pop(), piece)
        board.turn = rng.choice(chess.COLORS)
        return board if board.is_valid() else None
    kings = [] if rng.random() < 0.1 and cls is chess.variant.AntichessBoard else [chess.WHITE, chess.BLACK]
    if horde:
        kings = [chess.BLACK]
    for color in kings:
        board.set_piece_at(squares.pop(), chess.Piece(chess.KING, color))
    kinds = [chess.PAWN, chess.KNIGHT, chess.BISHOP, chess.BISHOP, chess.ROOK, chess.QUEEN]
    if horde:
        kinds += [chess.BISHOP, chess.KNIGHT]
    for color in chess.COLORS:
        for _ in range(rng.choice([0, 0, 1, 1, 1, 2, 2, 3, 4])):
            kind = rng.choice(kinds)
            square = squares.pop()
            if kind == chess.PAWN and chess.square_rank(square) in (0, 7):
                continue
            board.set_piece_at(square, chess.Piece(kind, color))
    if cls is chess.variant.CrazyhouseBoard:
        for color in chess.COLORS:
            for _ in range(rng.choice([0, 0, 0, 1, 2])):
                board.pockets[color].add(rng.choice(kinds))
        for square in chess.SquareSet(board.occupied & ~board.kings & ~board.pawns):
            if rng.random() < 0.15:
                board.promoted |= chess.BB_SQUARES[square]
    board.turn = rng.choice(chess.COLORS)
    # No check: which checks a position may show is another matter (the
    # validity rules), not this file's.
    if not board.is_valid() or board.is_check():
        return None
    return board


def main():
    rng = random.Random(135)
    lines = []
    for cls in BOARDS:
        made = 0
        while made < POSITIONS:
            board = sparse(rng, cls)
            if board is None:
                continue
            flags = [int(board.has_insufficient_material(c)) for c in (chess.WHITE, chess.BLACK)]
            lines.append(f"{cls.uci_variant}\t{board.fen()}\t{flags[0]}\t{flags[1]}\n")
            made += 1
    data = zstandard.ZstdCompressor(level=19).compress("".join(lines).encode())
    MATERIAL.write_bytes(data)
    print(f"{MATERIAL}: {len(lines)} positions, {len(data)} bytes")

    rng = random.Random(34)
    out = io.StringIO()
    count = 0
    for cls in BOARDS:
        for _ in range(GAMES):
            out.write(json.dumps(game(rng, cls), separators=(",", ":")) + "\n")
            count += 1
    data = zstandard.ZstdCompressor(level=19).compress(out.getvalue().encode())
    OUT.write_bytes(data)
    print(f"{OUT}: {count} games, {len(data)} bytes")


if __name__ == "__main__":
    main()
