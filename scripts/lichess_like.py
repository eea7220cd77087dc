#!/usr/bin/env python3
"""Write a large Lichess-like PGN file for whole-process benchmarks.

The games are those of a Lichess sample (by default the shared
`data/pgn/medium/lichess_db_1000k.pgn`, 438 games of May 2025), drawn at
random and given new per-game values so that the file is not one block
repeated: a new game id in `Site`, player names, Elos and rating changes,
`UTCTime`, and every `[%clk]` and `[%eval]` of the movetext moved by a few
units. The moves themselves are the sample's, so every game stays legal and
the readers' work per game is a real Lichess game's. Deterministic: the same
seed and size give the same bytes.

Compressed with `pzstd -19` as Lichess compresses its dumps, the file shrinks
somewhat more than a real month does (the moves repeat within a frame);
the script prints the compression ratio when asked to compress.

Usage:
  scripts/lichess_like.py --mib 100 --out lichess-like.pgn [--seed 1]
      [--sample FILE.pgn] [--zst]   (--zst: also pzstd -19 -p2 it to OUT.zst)
"""

import argparse
import os
import random
import re
import subprocess
import sys

CLK = re.compile(rb"\[%clk (\d+):(\d\d):(\d\d)\]")
EVAL = re.compile(rb"\[%eval (-?\d+\.\d\d)\]")
ALPHABET = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"


def games_of(data: bytes) -> list[tuple[list[bytes], bytes]]:
    """The sample's games as (tag lines, movetext) pairs."""
    out = []
    for block in data.replace(b"\r\n", b"\n").split(b"\n\n[Event "):
        if not block.startswith(b"[Event "):
            block = b"[Event " + block
        head, _, moves = block.partition(b"\n\n")
        tags = [line for line in head.split(b"\n") if line]
        out.append((tags, moves.strip()))
    return out


def main() -> int:
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    shared = os.environ.get("CHESSNOTE_SHARED", os.path.join(root, "..", "shared"))
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mib", type=int, default=100, help="size in MiB (at least)")
    parser.add_argument("--out", required=True)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--sample", default=os.path.join(shared, "data/pgn/medium/lichess_db_1000k.pgn")
    )
    parser.add_argument("--zst", action="store_true", help="also write OUT.zst (pzstd -19 -p2)")
    args = parser.parse_args()

    rng = random.Random(args.seed)
    with open(args.sample, "rb") as f:
        sample = games_of(f.read())
    names = [
        "".join(rng.choice(ALPHABET) for _ in range(rng.randint(4, 14))).encode()
        for _ in range(20000)
    ]
    target = args.mib << 20
    written = 0
    seconds = 0
    with open(args.out, "wb") as out:
        while written < target:
            tags, moves = rng.choice(sample)
            seconds += rng.randint(0, 2)
            white, black = rng.choice(names), rng.choice(names)
            elo = (rng.randint(800, 2800), rng.randint(800, 2800))
            diff = rng.randint(1, 12)
            game_id = "".join(rng.choice(ALPHABET) for _ in range(8)).encode()
            lines = []
            for line in tags:
                name = line[1 : line.index(b" ")]
                if name == b"Site":
                    line = b'[Site "https://lichess.org/' + game_id + b'"]'
                elif name == b"White":
                    line = b'[White "' + white + b'"]'
                elif name == b"Black":
                    line = b'[Black "' + black + b'"]'
                elif name == b"WhiteElo":
                    line = b'[WhiteElo "%d"]' % elo[0]
                elif name == b"BlackElo":
                    line = b'[BlackElo "%d"]' % elo[1]
                elif name == b"WhiteRatingDiff":
                    line = b'[WhiteRatingDiff "%+d"]' % diff
                elif name == b"BlackRatingDiff":
                    line = b'[BlackRatingDiff "%+d"]' % -diff
                elif name == b"UTCTime":
                    t = seconds % 86400
                    line = b'[UTCTime "%02d:%02d:%02d"]' % (t // 3600, t // 60 % 60, t % 60)
                lines.append(line)
            shift = rng.randint(-20, 20)

            def clk(m: re.Match) -> bytes:
                total = int(m[1]) * 3600 + int(m[2]) * 60 + int(m[3])
                total = max(0, total + shift + rng.randint(-2, 2))
                return b"[%%clk %d:%02d:%02d]" % (total // 3600, total // 60 % 60, total % 60)

            def evaluation(m: re.Match) -> bytes:
                return b"[%%eval %.2f]" % (float(m[1]) + rng.randint(-30, 30) / 100)

            text = EVAL.sub(evaluation, CLK.sub(clk, moves))
            game = b"\n".join(lines) + b"\n\n" + text + b"\n\n"
            out.write(game)
            written += len(game)
    if args.zst:
        subprocess.run(["pzstd", "-q", "-f", "-19", "-p", "2", args.out, "-o", args.out + ".zst"], check=True)
        ratio = written / os.path.getsize(args.out + ".zst")
        print(f"{args.out}.zst: {ratio:.1f}x smaller", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
