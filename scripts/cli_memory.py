#!/usr/bin/env python3
"""Peak memory of `chessnote pgn` commands on hostile inputs (issue 30).

Each input is written once, zstd-compressed (so a gigabyte of PGN is a few
kilobytes on disk), into WORK (default: a temporary folder):

    zeros-1g     1 GiB of NUL bytes (a "zero bomb")
    zeros-10g    10 GiB of NUL bytes (with --big)
    games-10g    10 GiB of Lichess-style games, clocks in their comments
                 (with --big): the parallel stream at full speed, its
                 chunks cut at `[Event` lines
    spaces-1g    one game whose movetext is 1 GiB of spaces
    comment-1g   one game with a 1 GiB comment, never closed
    parens-1e7   one game of 10^7 `)`
    moves-1g     one game of 1 GiB of moves (`Nf3 Nf6 Ng1 Ng8 ` repeated)
    tiny-200k    200,000 games of one move each

Each command runs on each input at each thread count, its output thrown
away; the peak resident set size of the process is read from the kernel
(`wait4`). The table gives MiB and the limit the issue sets (64 MiB for
check, convert and show; 256 MiB for export); the exit status is 1 when a
run is over its limit.

    cargo build --release -p chessnote-cli --features parquet
    python3 scripts/cli_memory.py --chessnote target/release/chessnote [--big] [--work DIR]

Needs the `zstd` command and GNU time (`/usr/bin/time`). Run by hand (minutes: every run reads its input
whole); figures from this script are quoted in the issues' notes.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time

MIB = 1 << 20
GIB = 1 << 30

COMMANDS = [
    ("check", ["check"], 64),
    ("convert", ["convert", "--to", "uci"], 64),
    ("show", ["show"], 64),
    ("export", ["export", "--to", "parquet", "--columns", "full", "--out", "{out}"], 256),
]


def write_zst(path: str, head: bytes, unit: bytes, total: int, tail: bytes) -> None:
    """`head`, `unit` repeated to `total` bytes, `tail`, through `zstd`."""
    if os.path.exists(path):
        return
    block = unit * max(1, MIB // len(unit))
    with open(path + ".part", "wb") as out:
        zstd = subprocess.Popen(["zstd", "-q", "-1", "-c"], stdin=subprocess.PIPE, stdout=out)
        assert zstd.stdin is not None
        zstd.stdin.write(head)
        written = 0
        while written < total:
            piece = block[: total - written]
            zstd.stdin.write(piece)
            written += len(piece)
        zstd.stdin.write(tail)
        zstd.stdin.close()
        if zstd.wait() != 0:
            sys.exit("zstd failed")
    os.rename(path + ".part", path)


def inputs(work: str, big: bool) -> list[tuple[str, str]]:
    made = [
        ("zeros-1g", b"", b"\0", GIB, b""),
        ("spaces-1g", b'[Event "spaces"]\n\n1. e4 ', b" ", GIB, b" e5 *\n"),
        ("comment-1g", b'[Event "comment"]\n\n1. e4 {', b"never closed ", GIB, b"\n"),
        ("parens-1e7", b'[Event "parens"]\n\n1. e4 ', b")", 10_000_000, b" *\n"),
        ("moves-1g", b'[Event "moves"]\n\n', b"Nf3 Nf6 Ng1 Ng8 ", GIB, b"*\n"),
        ("tiny-200k", b"", b'[Result "*"]\n\n1. e4 *\n\n', 200_000 * 24, b""),
    ]
    if big:
        made.insert(1, ("zeros-10g", b"", b"\0", 10 * GIB, b""))
        game = (
            b'[Event "Rated Blitz game"]\n[Site "https://lichess.org/abcdefgh"]\n'
            b'[White "a"]\n[Black "b"]\n[Result "1-0"]\n[WhiteElo "1500"]\n\n'
            b"1. e4 { [%clk 0:03:00] } 1... e5 { [%clk 0:03:00] } 2. Qh5 { [%clk 0:02:58] } "
            b"2... Nc6 { [%clk 0:02:57] } 3. Bc4 { [%clk 0:02:55] } 3... Nf6 { [%clk 0:02:50] } "
            b"4. Qxf7# { [%clk 0:02:54] } 1-0\n\n"
        )
        made.insert(2, ("games-10g", b"", game, 10 * GIB, b""))
    out = []
    for name, head, unit, total, tail in made:
        path = os.path.join(work, name + ".pgn.zst")
        write_zst(path, head, unit, total, tail)
        out.append((name, path))
    return out


def peak(argv: list[str]) -> tuple[float, int, float]:
    """Peak RSS in MiB, exit status, seconds: GNU time's `%M` (the kernel
    keeps a process's peak across `exec`, so a child forked from this
    Python would count the interpreter's)."""
    start = time.monotonic()
    with tempfile.NamedTemporaryFile("r") as report, open(os.devnull, "wb") as null:
        code = subprocess.call(
            ["/usr/bin/time", "-q", "-f", "%M", "-o", report.name] + argv, stdout=null, stderr=null
        )
        kib = int(report.read().split()[-1])
    return kib / 1024, code, time.monotonic() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--chessnote", required=True)
    parser.add_argument("--work", default=None)
    parser.add_argument("--threads", default="1,8")
    parser.add_argument("--big", action="store_true", help="also the 10 GiB zero bomb")
    parser.add_argument("--only", default="", help="comma-separated input names")
    args = parser.parse_args()
    work = args.work or tempfile.mkdtemp(prefix="chessnote-memory-")
    os.makedirs(work, exist_ok=True)
    threads = [int(t) for t in args.threads.split(",")]
    files = inputs(work, args.big)
    if args.only:
        files = [f for f in files if f[0] in args.only.split(",")]
    print(f"{args.chessnote}, {os.cpu_count()} cores, inputs in {work}\n")
    print("| input | command | threads | peak MiB | limit | exit | seconds |")
    print("|---|---|---:|---:|---:|---:|---:|")
    over = 0
    for name, path in files:
        for label, command, limit in COMMANDS:
            for t in threads:
                out = os.path.join(work, f"out-{name}-{label}-{t}.parquet")
                argv = [args.chessnote, "pgn"] + [c.replace("{out}", out) for c in command]
                argv += ["--threads", str(t), "--no-progress", path]
                mib, code, secs = peak(argv)
                if os.path.exists(out):
                    os.remove(out)
                mark = "" if mib <= limit else " **over**"
                over += mib > limit
                print(f"| {name} | {label} | {t} | {mib:.1f}{mark} | {limit} | {code} | {secs:.1f} |", flush=True)
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
