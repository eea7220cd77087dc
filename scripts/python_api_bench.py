#!/usr/bin/env python3
"""python-chess's API on chessnote against python-chess itself (issue 33),
in the same process and run, interleaved rounds, medians and ratios:

  board      the first --board-games games of a shared file replayed on a
             Board, each ply doing list(board.legal_moves), board.san(move),
             board.push(move) and board.fen() (the issue's "push /
             legal_moves / san / fen on random games": the moves are the
             games', the work at each ply the same for both)
  read_game  pgn.read_game over the first --read-games games of the file,
             touching each game's headers and main-line moves (UCI)
  read_only  the same games read, nothing touched (what read_game itself
             costs)

Each is timed for `chessnote` (import chessnote as chess) and python-chess
(import chess) on the same games; the ratio is python-chess's time over
chessnote's (the issue's targets: board 20, read_game 50).

Usage:
    python3 scripts/python_api_bench.py [--shared DIR] [--file REL]
        [--rounds 5] [--board-games 200] [--read-games 2000]

Output: a table, then one JSON object per line per workload. Needs
python-chess (pip install chess==1.11.2) and the chessnote wheel.
"""

import argparse
import io
import json
import os
import statistics
import sys
import time
from pathlib import Path


def board_workload(module, games) -> int:
    """Replays the games' moves; returns the plies played."""
    plies = 0
    for fen, moves in games:
        board = module.Board(fen)
        for uci in moves:
            list(board.legal_moves)
            move = module.Move.from_uci(uci)
            board.san(move)
            board.push(move)
            board.fen()
            plies += 1
    return plies


def read_workload(pgn, text: str, count: int) -> int:
    """Reads `count` games, touching headers and main-line moves; returns
    the moves touched."""
    handle = io.StringIO(text)
    moves = 0
    for _ in range(count):
        game = pgn.read_game(handle)
        if game is None:
            break
        game.headers.get("White")
        moves += sum(1 for move in game.mainline_moves() if move.uci())
    return moves


def read_only(pgn, text: str, count: int) -> int:
    """Reads `count` games; returns how many there were."""
    handle = io.StringIO(text)
    games = 0
    for _ in range(count):
        if pgn.read_game(handle) is None:
            break
        games += 1
    return games


def timed(f, *args):
    start = time.perf_counter()
    result = f(*args)
    return time.perf_counter() - start, result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shared", default=os.environ.get("CHESSNOTE_SHARED", "../shared"))
    parser.add_argument("--file", default="medium/twic0920.pgn")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--board-games", type=int, default=200)
    parser.add_argument("--read-games", type=int, default=2000)
    args = parser.parse_args()

    import chess
    import chess.pgn

    import chessnote
    import chessnote.pgn

    path = Path(args.shared) / "data" / "pgn" / args.file
    text = path.read_text(encoding="utf-8", errors="replace")
    handle = io.StringIO(text)
    games = []
    for _ in range(args.board_games):
        game = chess.pgn.read_game(handle)
        if game is None:
            break
        games.append((game.board().fen(), [m.uci() for m in game.mainline_moves()]))

    workloads = {
        "board": {
            "chessnote": lambda: board_workload(chessnote, games),
            "python-chess": lambda: board_workload(chess, games),
            "target": 20,
        },
        "read_game": {
            "chessnote": lambda: read_workload(chessnote.pgn, text, args.read_games),
            "python-chess": lambda: read_workload(chess.pgn, text, args.read_games),
            "target": 50,
        },
        "read_only": {
            "chessnote": lambda: read_only(chessnote.pgn, text, args.read_games),
            "python-chess": lambda: read_only(chess.pgn, text, args.read_games),
            "target": 50,
        },
    }
    times = {(w, who): [] for w in workloads for who in ("chessnote", "python-chess")}
    units = {}
    for round_ in range(args.rounds):
        order = ("chessnote", "python-chess") if round_ % 2 == 0 else ("python-chess", "chessnote")
        for name, workload in workloads.items():
            for who in order:
                seconds, count = timed(workload[who])
                times[(name, who)].append(seconds)
                previous = units.setdefault((name, "count"), count)
                if previous != count:
                    print(f"{name}: {who} counted {count}, not {previous}", file=sys.stderr)
                    return 1

    print(f"{args.file}: {len(games)} games replayed, {units[('read_only', 'count')]} read; "
          f"{args.rounds} rounds, medians")
    print(f"{'workload':<10} {'chessnote s':>12} {'python-chess s':>15} {'ratio':>7} {'target':>7}")
    rows = []
    for name, workload in workloads.items():
        ours = statistics.median(times[(name, "chessnote")])
        theirs = statistics.median(times[(name, "python-chess")])
        ratio = theirs / ours
        print(f"{name:<10} {ours:>12.4f} {theirs:>15.4f} {ratio:>7.1f} {workload['target']:>7}")
        rows.append({"workload": name, "chessnote_s": ours, "python_chess_s": theirs,
                     "ratio": ratio, "target": workload["target"],
                     "units": units[(name, "count")], "file": args.file})
    for row in rows:
        print(json.dumps(row))
    return 0


if __name__ == "__main__":
    sys.exit(main())
