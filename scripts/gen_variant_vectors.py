#!/usr/bin/env python3
"""Generate the python-chess reference games for the variant tests (issue 34).

python-chess's chess.variant is the reference for the rules of Lichess's
seven variants. This script is run by hand; its output is committed,
python-chess is not. Usage, from the repository root:

    pip install chess==1.11.2 zstandard
    python3 scripts/gen_variant_vectors.py

It writes crates/chessnote/tests/data/variant-games.jsonl.zst: one JSON
object per game, seeded random play (the same output on every run with the
same python-chess):

    {"variant": UCI name (python-chess's uci_variant), "start": FEN,
     "plies": [{"legal": [UCI, ...] sorted, "move": UCI played or null,
                "san": its SAN, "fen": FEN after the move, "check": bool,
                "end": null or [termination, winner]}, ...]}

"legal", "check" and "end" describe the position before the move; the last
ply has no move. FENs are python-chess's (`[pocket]`, `~`, `3+3`), with the
en-passant square after every double step (en_passant="fen"). "end" is how
the game stands without the draws a player claims or insufficient material:
the variant's own end (variant_win, variant_loss, variant_draw), then
checkmate, then stalemate (no legal move); winner "white", "black" or null.
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


def main():
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
