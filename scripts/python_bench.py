#!/usr/bin/env python3
"""Benchmarks of the chessnote Python package (issue 16), against its peers in
the same run: the chessnote command on the same work, and python-chess.

On the large corpus ($CHESSNOTE_SHARED/data/pgn/large: by default its biggest
file; `--file PATH` (repeatable) for others), over `--rounds` interleaved
rounds (default 5; the order is reversed every other round), medians:

  py-objects-t1    for g in read_pgn(F): g.uci; g.headers          (threads=1)
  py-objects-t0    the same with threads=0 (one worker per core)
  py-table-t1      pa.table(read_table(F, threads=1))               (default columns)
  py-table-min-t1  pa.table(read_table(F, columns="minimal", threads=1))
  py-table-t0      pa.table(read_table(F, threads=0))
  py-uci-t1        for g in read_pgn(F, threads=1): g.uci           (Python side of ii)
  py-iter-t1       for g in read_pgn(F, threads=1): pass            (what g.uci costs: the difference)
  cli-export-t1    chessnote pgn export --to arrow --out TMP/x.arrow --threads 1 F   (i)
  cli-uci-t1       chessnote pgn convert --to uci --threads 1 F > /dev/null         (ii)
  python-chess     chess.pgn.read_game on the first --pychess-games games of the
                   same file (decompressed by zstandard), touching the moves in
                   UCI and the headers; games/s EXTRAPOLATED from that slice
  py-start         `python -c "import chessnote, pyarrow"` whole process (and
                   `import chessnote` alone, and `pass`)

The Python measurements are in-process times (the loop only); the CLI's are
whole-process wall times (subprocess, stdout to /dev/null, stderr captured).
The overhead of the Python layer is the ratio Python / CLI of the medians
(goal: at most 1.10), reported bare and with the interpreter start added.

Then sizes: the wheel given with `--wheel` (the lead builds it with
`maturin build --release` into target/wheels/; without --wheel the newest
target/wheels/chessnote-*.whl, if any) and the installed extension
(`chessnote._chessnote.__file__`).

Output: a readable table, then one JSON object per line per measurement
(prefixed with nothing; every line that starts with `{` is one).

Usage:
    python3 scripts/python_bench.py [--shared DIR] [--chessnote BIN] [--wheel WHL]
                                    [--rounds 5] [--file F]... [--pychess-games 2000]
                                    [--quick]

`--chessnote` defaults to $CHESSNOTE_BIN, else target/release/chessnote (built
with the feature `parquet` for `--to arrow`). About 4 minutes with the
defaults on 2 cores (gnuchess book, 145,716 games, 11.3 M moves); `--quick`
is 1 round (1 minute). Every Python reader must see the number of games
`chessnote pgn count` sees (else exit 1). Needs pyarrow; python-chess and
zstandard for its row (left out when python-chess is missing).
"""

import argparse
import gc
import glob
import io
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def find_pgn_dir(arg):
    shared = arg or os.environ.get("CHESSNOTE_SHARED") or os.path.join(ROOT, "..", "shared")
    for sub in ("data/pgn", "pgn"):
        d = os.path.join(shared, sub)
        if os.path.isdir(d):
            return d
    return None


def run_cli(argv):
    """Whole-process wall time of the command; its exit status must be 0 or 1
    (1: some games have problems, which the command reports)."""
    t = time.perf_counter()
    p = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    dt = time.perf_counter() - t
    if p.returncode not in (0, 1):
        raise SystemExit(f"python_bench: {' '.join(argv)} exited {p.returncode}: "
                         f"{p.stderr.decode(errors='replace')[-2000:]}")
    return dt


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--shared")
    ap.add_argument("--chessnote", default=os.environ.get("CHESSNOTE_BIN")
                    or os.path.join(ROOT, "target", "release", "chessnote"))
    ap.add_argument("--wheel")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--file", action="append", help="input file(s) (default: the biggest of data/pgn/large)")
    ap.add_argument("--pychess-games", type=int, default=2000)
    ap.add_argument("--quick", action="store_true", help="one round")
    ap.add_argument("--tmp", default=None, help="folder for the CLI's .arrow output (default: a temporary one)")
    args = ap.parse_args()
    rounds = 1 if args.quick else args.rounds

    import chessnote
    import pyarrow as pa

    if args.file:
        files = args.file
    else:
        pgn_dir = find_pgn_dir(args.shared)
        if pgn_dir is None:
            raise SystemExit("python_bench: no shared data folder (--shared, $CHESSNOTE_SHARED or ../shared)")
        large = [p for p in glob.glob(os.path.join(pgn_dir, "large", "*")) if os.path.isfile(p)]
        if not large:
            raise SystemExit(f"python_bench: no files in {pgn_dir}/large")
        files = [max(large, key=os.path.getsize)]
    cli = args.chessnote
    if not os.access(cli, os.X_OK):
        raise SystemExit(f"python_bench: no chessnote binary at {cli} (--chessnote or CHESSNOTE_BIN)")
    tmpdir = args.tmp or tempfile.mkdtemp(prefix="chessnote-bench-")
    arrow_out = os.path.join(tmpdir, "x.arrow")
    py = sys.executable

    cli_version = subprocess.run([cli, "--version"], capture_output=True, text=True).stdout.strip()
    try:
        import chess
        import chess.pgn
        pychess_version = chess.__version__
    except ImportError:
        chess = None
        pychess_version = None
    print(f"chessnote (Python) {chessnote.__version__}; {cli_version} at {cli}; pyarrow {pa.__version__}; "
          f"python-chess {pychess_version}; Python {sys.version.split()[0]}; {os.cpu_count()} CPUs")
    for f in files:
        print(f"input: {f} ({os.path.getsize(f):,} bytes)")
    print(f"rounds: {rounds} (interleaved; medians)")

    # ---- the work, as functions returning (seconds, games) ----
    def py_objects(threads):
        def go():
            n = 0
            t = time.perf_counter()
            for f in files:
                for g in chessnote.read_pgn(f, threads=threads):
                    g.uci
                    g.headers
                    n += 1
            return time.perf_counter() - t, n
        return go

    moves = {}

    def py_uci(threads):
        def go():
            n = m = 0
            t = time.perf_counter()
            for f in files:
                for g in chessnote.read_pgn(f, threads=threads):
                    m += len(g.uci)
                    n += 1
            dt = time.perf_counter() - t
            moves["uci"] = m
            return dt, n
        return go

    def py_iter(threads):
        def go():
            n = 0
            t = time.perf_counter()
            for f in files:
                for _g in chessnote.read_pgn(f, threads=threads):
                    n += 1
            return time.perf_counter() - t, n
        return go

    def py_table(columns, threads):
        def go():
            t = time.perf_counter()
            n = 0
            for f in files:
                tbl = pa.table(chessnote.read_table(f, columns=columns, threads=threads))
                n += tbl.num_rows
                del tbl
            return time.perf_counter() - t, n
        return go

    def cli_export():
        return run_cli([cli, "pgn", "export", "--to", "arrow", "--out", arrow_out, "--threads", "1",
                        "--no-progress", *files]), None

    def cli_uci():
        return run_cli([cli, "pgn", "convert", "--to", "uci", "--threads", "1", "--no-progress", *files]), None

    def start(code):
        def go():
            return run_cli([py, "-c", code]), None
        return go

    def pychess():
        import zstandard

        n_want = args.pychess_games
        n = 0
        t = time.perf_counter()
        for f in files:
            raw = open(f, "rb")
            if raw.read(4) == b"\x28\xb5\x2f\xfd":
                raw.seek(0)
                stream = zstandard.ZstdDecompressor().stream_reader(raw)
            else:
                raw.seek(0)
                stream = raw
            text = io.TextIOWrapper(stream, encoding="utf-8", errors="replace")
            while n < n_want:
                game = chess.pgn.read_game(text)
                if game is None:
                    break
                [m.uci() for m in game.mainline_moves()]
                dict(game.headers)
                n += 1
            raw.close()
            if n >= n_want:
                break
        return time.perf_counter() - t, n

    work = [
        ("cli-export-t1", cli_export),
        ("py-table-t1", py_table("lichess", 1)),
        ("cli-uci-t1", cli_uci),
        ("py-uci-t1", py_uci(1)),
        ("py-iter-t1", py_iter(1)),
        ("py-objects-t1", py_objects(1)),
        ("py-objects-t0", py_objects(0)),
        ("py-table-min-t1", py_table("minimal", 1)),
        ("py-table-t0", py_table("lichess", 0)),
        ("py-start", start("import chessnote, pyarrow")),
        ("py-start-chessnote", start("import chessnote")),
        ("py-start-bare", start("pass")),
    ]
    if chess is not None:
        work.append(("python-chess", pychess))

    # Warm-up (page cache, first imports): one untimed pass of the cheap ones.
    for f in files:
        with open(f, "rb") as fh:
            while fh.read(1 << 20):
                pass
    cli_uci()

    times = {name: [] for name, _ in work}
    games = {}
    for r in range(rounds):
        order = work if r % 2 == 0 else list(reversed(work))
        for name, fn in order:
            gc.collect()
            dt, n = fn()
            times[name].append(dt)
            if n is not None:
                if name in games and games[name] != n:
                    raise SystemExit(f"python_bench: {name} read {n} games, earlier {games[name]}")
                games[name] = n
        print(f"  round {r + 1}/{rounds} done", file=sys.stderr)

    # The games in the file, from the command (the CLI timings have no count).
    count = subprocess.run([cli, "pgn", "count", *files], capture_output=True, text=True)
    n_games = int(count.stdout.split()[-1])
    for name in ("py-table-t1", "py-uci-t1", "py-iter-t1", "py-objects-t1", "py-objects-t0", "py-table-min-t1", "py-table-t0"):
        if games.get(name) != n_games:
            raise SystemExit(f"python_bench: {name} read {games.get(name)} games, `chessnote pgn count` says {n_games}")
    for name in ("cli-export-t1", "cli-uci-t1"):
        games[name] = n_games

    med = {k: statistics.median(v) for k, v in times.items() if v}
    records = []

    def rec(name, what, **extra):
        v = times[name]
        d = {"name": name, "what": what, "median_s": round(med[name], 4),
             "runs_s": [round(x, 4) for x in v]}
        if name in games:
            d["games"] = games[name]
            d["games_per_s"] = round(games[name] / med[name])
        d.update(extra)
        records.append(d)

    rec("py-objects-t1", "for g in read_pgn(F): g.uci; g.headers (threads=1)")
    rec("py-objects-t0", "the same, threads=0 (all cores)")
    rec("py-table-t1", "pa.table(read_table(F, threads=1)), default columns")
    rec("py-table-min-t1", "pa.table(read_table(F, columns='minimal', threads=1))")
    rec("py-table-t0", "pa.table(read_table(F, threads=0)), default columns")
    if chess is not None:
        rec("python-chess", f"chess.pgn.read_game, first {games['python-chess']} games, moves as UCI + headers",
            extrapolated=True)
    rec("py-uci-t1", "for g in read_pgn(F, threads=1): g.uci (in-process)", moves=moves.get("uci"))
    rec("py-iter-t1", "for g in read_pgn(F, threads=1): pass (in-process: Game objects, nothing touched)")
    rec("cli-uci-t1", "chessnote pgn convert --to uci --threads 1 F >/dev/null (whole process)")
    rec("cli-export-t1", "chessnote pgn export --to arrow --out x.arrow --threads 1 F (whole process)")
    rec("py-start", "python -c 'import chessnote, pyarrow' (whole process)")
    rec("py-start-chessnote", "python -c 'import chessnote' (whole process)")
    rec("py-start-bare", "python -c pass (whole process)")

    ratios = []

    def ratio(name, a, b, what, goal=None):
        rr = med[a] / med[b]
        d = {"name": name, "what": what, "ratio": round(rr, 3), "num": a, "den": b}
        if goal is not None:
            d["goal_max"] = goal
            d["meets_goal"] = rr <= goal
        ratios.append(d)

    ratio("overhead-arrow", "py-table-t1", "cli-export-t1",
          "Python pa.table(read_table) in-process / CLI export --to arrow whole process", 1.10)
    ratio("overhead-uci", "py-uci-t1", "cli-uci-t1",
          "Python read_pgn + g.uci in-process / CLI convert --to uci whole process", 1.10)
    # With the interpreter start (python, import chessnote, pyarrow) added.
    med["py-table-t1+start"] = med["py-table-t1"] + med["py-start"]
    med["py-uci-t1+start"] = med["py-uci-t1"] + med["py-start-chessnote"]
    ratio("overhead-arrow+start", "py-table-t1+start", "cli-export-t1",
          "the same with `python -c 'import chessnote, pyarrow'` added")
    ratio("overhead-uci+start", "py-uci-t1+start", "cli-uci-t1",
          "the same with `python -c 'import chessnote'` added")
    ratio("iter-only/cli-uci", "py-iter-t1", "cli-uci-t1",
          "read_pgn iteration touching nothing, in-process / CLI convert --to uci whole process")
    if moves.get("uci"):
        ns = (med["py-uci-t1"] - med["py-iter-t1"]) / moves["uci"] * 1e9
        ratios.append({"name": "g.uci-ns-per-move", "ratio": round(ns, 1),
                       "what": f"(py-uci-t1 - py-iter-t1) / {moves['uci']:,} moves: the cost of g.uci per move, ns"})
    ratio("objects-t0/t1-time", "py-objects-t0", "py-objects-t1", "threads=0 time / threads=1 time (read_pgn objects)")
    ratio("table-t0/t1-time", "py-table-t0", "py-table-t1", "threads=0 time / threads=1 time (read_table)")
    ratio("minimal/default-time", "py-table-min-t1", "py-table-t1", "columns=minimal time / default columns time")
    ratio("objects/table-time", "py-objects-t1", "py-table-t1", "Game objects time / Arrow table time (threads=1)")
    if chess is not None:
        pc_rate = games["python-chess"] / med["python-chess"]
        ob_rate = games["py-objects-t1"] / med["py-objects-t1"]
        ratios.append({"name": "speedup-vs-python-chess", "ratio": round(ob_rate / pc_rate, 1),
                       "what": "chessnote read_pgn (threads=1) games/s / python-chess games/s (extrapolated)"})
        tb_rate = games["py-table-t1"] / med["py-table-t1"]
        ratios.append({"name": "speedup-table-vs-python-chess", "ratio": round(tb_rate / pc_rate, 1),
                       "what": "chessnote read_table (threads=1) games/s / python-chess games/s (extrapolated)"})

    # ---- sizes ----
    sizes = []
    wheel = args.wheel
    if not wheel:
        cands = sorted(glob.glob(os.path.join(ROOT, "target", "wheels", "chessnote-*.whl")), key=os.path.getmtime)
        wheel = cands[-1] if cands else None
        if wheel:
            print(f"(no --wheel: the newest in target/wheels: {wheel})")
    if wheel:
        sizes.append({"name": "wheel-size", "path": wheel, "bytes": os.path.getsize(wheel)})
    else:
        print("(no wheel: --wheel PATH, after `maturin build --release`)")
    so = chessnote._chessnote.__file__
    sizes.append({"name": "installed-so-size", "path": so, "bytes": os.path.getsize(so)})
    sizes.append({"name": "cli-binary-size", "path": cli, "bytes": os.path.getsize(cli)})

    # ---- the readable table ----
    print()
    print(f"{'measurement':<20} {'median s':>9} {'games/s':>10}  what")
    for d in records:
        gps = f"{d['games_per_s']:,}" if "games_per_s" in d else ""
        star = " (extrapolated from a slice)" if d.get("extrapolated") else ""
        print(f"{d['name']:<20} {d['median_s']:>9.3f} {gps:>10}  {d['what']}{star}")
    print()
    print(f"{'ratio':<30} {'value':>7}  what")
    for d in ratios:
        goal = ""
        if "goal_max" in d:
            goal = f"  [goal <= {d['goal_max']}: {'met' if d['meets_goal'] else 'NOT met'}]"
        print(f"{d['name']:<30} {d['ratio']:>7}  {d['what']}{goal}")
    print()
    for d in sizes:
        print(f"{d['name']:<20} {d['bytes'] / 1e6:8.2f} MB  {d['path']}")
    print()
    for d in records + ratios + sizes:
        print(json.dumps(d))
    if not args.tmp:
        try:
            os.remove(arrow_out)
            os.rmdir(tmpdir)
        except OSError:
            pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
