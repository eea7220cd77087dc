#!/usr/bin/env python3
"""SVG diagrams: chessnote's `Board.svg()` against python-chess's
`chess.svg.board()` on the same positions, in the same run (5 interleaved
rounds, medians), from Python. Needs the chessnote wheel and `pip install
chess`.

    python3 scripts/svg_bench.py [PGN]

The default PGN is the 50 Lichess games in `examples/` (`.zst` needs
`pip install zstandard`); every position of their mainlines is drawn with
its last move and check.
"""

import os
import statistics
import sys
import time

import chess
import chess.pgn
import chess.svg

import chessnote


def positions(path, games):
    """(FEN before, the move played from it in UCI) of every mainline
    position (the start: its FEN and None)."""
    out = []
    if path.endswith(".zst"):
        import io
        import zstandard
        data = zstandard.ZstdDecompressor().stream_reader(open(path, "rb")).read()
        f = io.StringIO(data.decode("utf-8", errors="replace"))
    else:
        f = open(path, encoding="utf-8", errors="replace")
    with f:
        for _ in range(games):
            game = chess.pgn.read_game(f)
            if game is None:
                break
            board = game.board()
            out.append((board.fen(), None))
            for move in game.mainline_moves():
                out.append((board.fen(), move.uci()))
                board.push(move)
    return out


def ours(items):
    for fen, uci in items:
        board = chessnote.Board(fen)
        if uci:
            board.push_uci(uci)
        board.svg()


def theirs(items):
    for fen, uci in items:
        board = chess.Board(fen)
        last = None
        if uci:
            last = chess.Move.from_uci(uci)
            board.push(last)
        check = board.king(board.turn) if board.is_check() else None
        chess.svg.board(board, lastmove=last, check=check)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    default = os.path.join(here, "..", "examples", "lichess-2025-05-first50.pgn.zst")
    path = sys.argv[1] if len(sys.argv) > 1 else default
    items = positions(path, 200)
    times = {"chessnote Board.svg": [], "python-chess chess.svg.board": []}
    for _ in range(5):
        for name, run in (("chessnote Board.svg", ours), ("python-chess chess.svg.board", theirs)):
            start = time.perf_counter()
            run(items)
            times[name].append(time.perf_counter() - start)
    base = statistics.median(times["python-chess chess.svg.board"])
    print(f"{len(items)} positions from {os.path.basename(path)}")
    for name, samples in times.items():
        median = statistics.median(samples)
        print(f"{name:30} {median * 1e6 / len(items):8.1f} µs/position  "
              f"{base / median:6.1f}× python-chess's speed")


if __name__ == "__main__":
    main()
