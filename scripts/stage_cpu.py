#!/usr/bin/env python3
"""CPU time of each stage of one `chessnote pgn` run, and how fast each
serial stage would go on one core.

A `convert` or `export` run on many threads is a chain of stages, each on
threads of its own (crates/chessnote-io/src/pipeline.rs, frames.rs,
crates/chessnote-export/src/parquet.rs):

    decoder   a zstd frame decoder (`frames::decode_frames`; 1 per 4 workers
              on a multi-frame file)
    reader    the thread that decodes a one-stream file, or puts the
              frames' text in order, and reads it ahead (`read_ahead`)
    cutter    hands 1 MiB chunks of games to the workers (`Cutter::run`)
    worker    reads, replays and turns games into output (`serve`)
    lane      a Parquet encoding thread (`export --to parquet` only)
    main      writes the output in input order (`chessnote::main`)

The reader, the cutter and main are serial: one thread each, whatever
`--threads` says (with `--threads 1`, main also does the workers' work).
A stage cannot go faster than its busiest thread, so the input's PGN
bytes over that thread's CPU seconds is the stage's ceiling on one core: what the issue about a Lichess month at the decoder's speed
(issue 31) asks for where no 16-core machine is at hand.

It runs `perf record` (sampling at --freq Hz, frame-pointer call graphs)
on the command, then `perf script`, and gives each thread the stage whose
function is on its stacks' frames most often. Samples are CPU time: at F
Hz, F samples are one CPU second.

The binary needs frame pointers and line tables for the stacks to name
the stages:

    CARGO_TARGET_DIR=target-prof CARGO_PROFILE_RELEASE_DEBUG=line-tables-only \\
    RUSTFLAGS="-C force-frame-pointers=yes" \\
    cargo build --release -p chessnote-cli --features parquet,zstd-c

Usage:

    scripts/stage_cpu.py --bin target-prof/release/chessnote -- \\
        pgn export --to parquet --threads 8 --no-progress FILE.pgn.zst --out x.parquet

The PGN's size is read with `zstd -dc FILE | wc -c` for a `.zst` (or the
file's size), from the first argument that is a file (not `--out`'s);
`--pgn-bytes N` gives it instead. Needs perf (Debian: `apt-get install
linux-perf`).
"""

import argparse
import collections
import os
import subprocess
import sys
import tempfile

# A stage and the function on its threads' stacks that names it; the first
# that matches wins (a worker's stack holds no decoder frame, and so on).
STAGES = [
    ("decoder", "frames::decode_frames"),
    ("reader", "pipeline::read_ahead"),
    ("cutter", "pipeline::Cutter"),
    ("worker", "pipeline::serve"),
    ("lane", "chessnote_export::parquet::run"),
    ("main", "chessnote::main"),
]
SERIAL = {"reader", "cutter", "main"}


def pgn_bytes(args):
    """The decompressed size of the input: the first argument that is a
    file and not the value of `--out`."""
    for i, arg in enumerate(args):
        if os.path.isfile(arg) and (i == 0 or args[i - 1] != "--out"):
            if arg.endswith(".zst"):
                out = subprocess.run(
                    f"zstd -dc '{arg}' | wc -c", shell=True, check=True,
                    capture_output=True, text=True)
                return int(out.stdout.split()[0])
            return os.path.getsize(arg)
    sys.exit("stage_cpu: no input file among the arguments; give --pgn-bytes")


def samples_by_thread(data):
    """Each thread's samples, each sample its frames' function names, leaf first."""
    out = subprocess.run(
        ["perf", "script", "-i", data, "-F", "tid,ip,sym"],
        check=True, capture_output=True, text=True).stdout
    threads = collections.defaultdict(list)
    for block in out.split("\n\n"):
        lines = [line.strip() for line in block.strip().split("\n") if line.strip()]
        if not lines:
            continue
        tid = lines[0].split()[0]
        threads[tid].append([line.split(None, 1)[-1] for line in lines[1:]])
    return threads


def stage_of(samples):
    """The stage whose function is on most of a thread's samples."""
    votes = collections.Counter()
    for frames in samples:
        stack = " ".join(frames)
        for stage, function in STAGES:
            if function in stack:
                votes[stage] += 1
                break
    return votes.most_common(1)[0][0] if votes else "other"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", required=True, help="chessnote built with frame pointers")
    parser.add_argument("--freq", type=int, default=4000, help="samples per CPU second")
    parser.add_argument("--pgn-bytes", type=int, help="the input's PGN bytes")
    parser.add_argument("args", nargs=argparse.REMAINDER, help="-- then chessnote's arguments")
    opts = parser.parse_args()
    args = opts.args[1:] if opts.args[:1] == ["--"] else opts.args
    if not args:
        parser.error("no chessnote arguments (after --)")
    size = opts.pgn_bytes or pgn_bytes(args)
    with tempfile.TemporaryDirectory() as tmp:
        data = os.path.join(tmp, "perf.data")
        with open(os.devnull, "wb") as null:
            subprocess.run(
                ["perf", "record", "-q", "-F", str(opts.freq), "-g", "--call-graph", "fp",
                 "-o", data, opts.bin, *args],
                check=True, stdout=null)
        threads = samples_by_thread(data)
    stages = collections.defaultdict(list)
    for samples in threads.values():
        stages[stage_of(samples)].append(len(samples))
    total = sum(sum(counts) for counts in stages.values())
    print(f"chessnote {' '.join(args)}")
    print(f"{size / 1e6:.1f} MB of PGN, {total / opts.freq:.3f} CPU s sampled at {opts.freq} Hz")
    print(f"{'stage':8} {'threads':>7} {'CPU s':>7} {'share':>6} {'busiest':>8} {'one core':>11}")
    order = [stage for stage, _ in STAGES] + ["other"]
    for stage in order:
        counts = stages.get(stage)
        if not counts:
            continue
        cpu = sum(counts) / opts.freq
        busiest = max(counts) / opts.freq
        # A serial stage's ceiling: all of the input through its one thread.
        # For a parallel stage, what one of its threads gets through a
        # CPU second (its share of the input over its CPU time).
        ceiling = size / (busiest if stage in SERIAL else cpu) / 1e9
        print(f"{stage:8} {len(counts):7d} {cpu:7.3f} {sum(counts) / total:6.1%} "
              f"{busiest:8.3f} {ceiling:8.2f} GB/s" + (" (serial)" if stage in SERIAL else ""))


if __name__ == "__main__":
    main()
