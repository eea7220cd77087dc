#!/usr/bin/env python3
"""Time python-chess 1.11.2's PGN exporter, for the writer's notes (issue 13).

The peer figures beside `cargo bench -p chessnote-bench --bench pgn_write`:
the same workloads, written by `game.accept(chess.pgn.StringExporter(columns=80))`,
what chessnote's `WriteOptions::PYTHON_CHESS` reproduces byte for byte.
Run by hand; python-chess is not a dependency of the library. Usage, from
the repository root, with ../shared beside it (or CHESSNOTE_SHARED set):

    pip install chess==1.11.2 zstandard
    python3 scripts/pgn_write_python.py                # lichess, tcec: ~1 minute
    python3 scripts/pgn_write_python.py --book         # also the 86 MB book (slow:
                                                       # ~15 minutes, ~4 GB of memory)
    python3 scripts/pgn_write_python.py --repeat 5 --only tcec

Workloads (as the benchmark builds them): `lichess` is
shared/data/pgn/medium/lichess_db_1000k.pgn; `tcec` the three TCEC files
decompressed, each followed by a blank line; `book` the GNU Chess book
(large/gnuchess-book_1.02.pgn.zst). The bytes are decoded as UTF-8 (Latin-1
when that fails), line endings made LF.

For each workload, three timings:

- `read`: `chess.pgn.read_game` until the end, the games kept;
- `export`: `game.accept(StringExporter(columns=80))` over the kept games;
- `read+export`: one streaming pass, each game exported as it is read.

`export` and `read+export` are the best of --repeat passes (default 3);
`read` is the first pass. Each line gives seconds, games/s and MB/s, where
MB is the workload's input bytes (10^6), as in the Rust benchmark, so the
figures compare with its MB/s column.
"""

import argparse
import io
import logging
import os
import sys
import time
from pathlib import Path

import chess
import chess.pgn
import zstandard

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("CHESSNOTE_SHARED", ROOT.parent / "shared"))
DATA = SHARED / "data" / "pgn"

TCEC = [
    "TCEC_Season_13_-_Superfinal",
    "TCEC_Season_21_-_Frc4_Final",
    "TCEC_Season_21_-_Infrafinal",
]

# python-chess logs each illegal move it meets; the timing does not want that.
logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)


def read_bytes(rel):
    path = DATA / rel
    if not path.exists():
        sys.exit(f"missing {path} (set CHESSNOTE_SHARED)")
    data = path.read_bytes()
    if rel.endswith(".zst"):
        data = zstandard.ZstdDecompressor().stream_reader(io.BytesIO(data)).read()
    return data


def workloads(book):
    """(name, bytes) in the benchmark's order."""
    out = []
    if book:
        out.append(("book", read_bytes("large/gnuchess-book_1.02.pgn.zst")))
    out.append(("lichess", read_bytes("medium/lichess_db_1000k.pgn")))
    out.append(("tcec", b"".join(read_bytes(f"tcec/{n}.pgn.zst") + b"\n\n" for n in TCEC)))
    return out


def decode(data):
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
    return text.replace("\r\n", "\n").replace("\r", "\n")


def read_all(text):
    handle = io.StringIO(text)
    games = []
    while (game := chess.pgn.read_game(handle)) is not None:
        games.append(game)
    return games


def export_all(games):
    out = 0
    for game in games:
        out += len(game.accept(chess.pgn.StringExporter(columns=80)))
    return out


def read_export(text):
    handle = io.StringIO(text)
    games = out = 0
    while (game := chess.pgn.read_game(handle)) is not None:
        games += 1
        out += len(game.accept(chess.pgn.StringExporter(columns=80)))
    return games, out


def best(repeat, run):
    times = []
    result = None
    for _ in range(repeat):
        start = time.perf_counter()
        result = run()
        times.append(time.perf_counter() - start)
    return min(times), result


def line(name, what, seconds, games, nbytes):
    print(
        f"{name:<8} {what:<12} {seconds:9.3f} s {games / seconds:12.0f} games/s "
        f"{nbytes / seconds / 1e6:9.2f} MB/s",
        flush=True,
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--book", action="store_true", help="also the 86 MB book (slow)")
    parser.add_argument("--repeat", type=int, default=3, help="passes per timing (best kept)")
    parser.add_argument("--only", help="one workload: book, lichess or tcec")
    args = parser.parse_args()
    print(f"python-chess {chess.__version__}, Python {sys.version.split()[0]}")
    for name, data in workloads(args.book or args.only == "book"):
        if args.only and name != args.only:
            continue
        text = decode(data)
        start = time.perf_counter()
        games = read_all(text)
        read_s = time.perf_counter() - start
        n = len(games)
        print(f"\n{name}: {len(data)} bytes, {n} games")
        line(name, "read", read_s, n, len(data))
        export_s, out = best(args.repeat, lambda: export_all(games))
        line(name, "export", export_s, n, len(data))
        del games
        both_s, (m, out2) = best(args.repeat, lambda: read_export(text))
        assert m == n and out2 == out, (m, n, out2, out)
        line(name, "read+export", both_s, n, len(data))
        print(f"{name}: {out} characters exported (no final newlines)")


if __name__ == "__main__":
    main()
