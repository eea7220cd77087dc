#!/usr/bin/env python3
"""Before/after outputs of `chessnote pgn` on every shared PGN file.

Runs two builds of the command on every file of $CHESSNOTE_SHARED/data/pgn
(plain and compressed) with the same arguments and compares what each run
printed: stdout, stderr and the exit status. Used for refactorings that must
keep behaviour (issue 29: the game spine), run by hand:

    python3 scripts/compare_outputs.py --before OLD/chessnote --after target/release/chessnote

The runs, each with `--threads 1` (the default is compared too, for convert
--to uci):

    convert --lenient --to uci | san | lan | eran | pgn | json
    count
    export --lenient --to ndjson | csv   (when the build has `pgn export`)

For each run and file the report says `same`, `added fields` (JSON lines
whose objects hold every field of the old line, with the same value, and
more; CSV with every old column, equal, and more) or `differs` with the
first differing line of each. Only stdout and
the exit status are compared unless --stderr; a differing stderr is counted
apart. The exit status is 0 when nothing differs but by added fields.
"""

import argparse
import json
import os
import pathlib
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

RUNS = [
    ("convert-uci", ["convert", "--lenient", "--to", "uci"]),
    ("convert-san", ["convert", "--lenient", "--to", "san"]),
    ("convert-lan", ["convert", "--lenient", "--to", "lan"]),
    ("convert-eran", ["convert", "--lenient", "--to", "eran"]),
    ("convert-pgn", ["convert", "--lenient", "--to", "pgn"]),
    ("convert-json", ["convert", "--lenient", "--to", "json"]),
    ("count", ["count"]),
    ("export-ndjson", ["export", "--lenient", "--to", "ndjson"]),
    ("export-csv", ["export", "--lenient", "--to", "csv"]),
]


def run(binary, args, path):
    proc = subprocess.run(
        [binary, "pgn", *args, "--threads", "1", "--no-progress", str(path)],
        capture_output=True,
        check=False,
    )
    return proc.stdout, proc.stderr, proc.returncode


def json_superset(old, new):
    """Whether each JSON line of `new` holds every field of `old`'s line."""
    old_lines, new_lines = old.splitlines(), new.splitlines()
    if len(old_lines) != len(new_lines):
        return False
    for a, b in zip(old_lines, new_lines):
        if a == b:
            continue
        try:
            x, y = json.loads(a), json.loads(b)
        except ValueError:
            return False
        if not contains(x, y):
            return False
    return True


def csv_superset(old, new):
    """Whether `new` is the CSV `old` with more columns, the others equal."""
    import csv
    import io

    try:
        a = list(csv.reader(io.StringIO(old.decode())))
        b = list(csv.reader(io.StringIO(new.decode())))
    except (UnicodeDecodeError, csv.Error):
        return False
    if len(a) != len(b) or not a:
        return False
    try:
        at = [b[0].index(name) for name in a[0]]
    except ValueError:
        return False
    return all([y[i] for i in at] == x for x, y in zip(a, b))


def contains(old, new):
    if isinstance(old, dict) and isinstance(new, dict):
        return all(k in new and contains(v, new[k]) for k, v in old.items())
    if isinstance(old, list) and isinstance(new, list):
        return len(old) == len(new) and all(contains(a, b) for a, b in zip(old, new))
    return old == new


def first_difference(old, new):
    old_lines, new_lines = old.splitlines(), new.splitlines()
    for i, (a, b) in enumerate(zip(old_lines, new_lines)):
        if a != b:
            return i + 1, a[:300], b[:300]
    n = min(len(old_lines), len(new_lines))
    return n + 1, b"<end>" if len(old_lines) == n else old_lines[n][:300], (
        b"<end>" if len(new_lines) == n else new_lines[n][:300]
    )


def compare(before, after, name, args, path):
    old = run(before, args, path)
    new = run(after, args, path)
    stderr_same = old[1] == new[1]
    if old[2] != new[2]:
        return name, path, "differs", f"exit status {old[2]} -> {new[2]}", stderr_same, old, new
    if old[0] == new[0]:
        return name, path, "same", "", stderr_same, old, new
    if "json" in name and json_superset(old[0], new[0]):
        return name, path, "added fields", "", stderr_same, old, new
    if "csv" in name and csv_superset(old[0], new[0]):
        return name, path, "added fields", "", stderr_same, old, new
    line, a, b = first_difference(old[0], new[0])
    return name, path, "differs", f"line {line}:\n  - {a!r}\n  + {b!r}", stderr_same, old, new


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--before", required=True)
    parser.add_argument("--after", required=True)
    parser.add_argument("--shared", default=os.environ.get("CHESSNOTE_SHARED", "../shared"))
    parser.add_argument("--stderr", action="store_true", help="show stderr differences too")
    parser.add_argument("--only", help="only the runs whose name contains this")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    files = sorted(p for p in pathlib.Path(args.shared, "data", "pgn").rglob("*") if p.is_file())
    has_export = all(
        subprocess.run([b, "pgn", "export", "--help"], capture_output=True).returncode == 0
        for b in (args.before, args.after)
    )
    runs = [
        (n, a)
        for n, a in RUNS
        if (has_export or not n.startswith("export")) and (not args.only or args.only in n)
    ]
    tasks = [(n, a, f) for n, a in runs for f in files]
    with ThreadPoolExecutor(args.jobs) as pool:
        results = list(pool.map(lambda t: compare(args.before, args.after, *t), tasks))
    summary = {}
    failed = False
    for name, path, verdict, detail, stderr_same, old, new in results:
        summary.setdefault(name, {}).setdefault(verdict, 0)
        summary[name][verdict] += 1
        summary[name].setdefault("stderr differs", 0)
        if not stderr_same:
            summary[name]["stderr differs"] += 1
        if verdict == "differs":
            failed = True
            print(f"{name} {path}: {detail}")
        if args.stderr and not stderr_same:
            line, a, b = first_difference(old[1], new[1])
            print(f"{name} {path}: stderr line {line}:\n  - {a!r}\n  + {b!r}")
    print(f"\n{len(files)} files")
    for name, counts in summary.items():
        print(f"{name:14} " + ", ".join(f"{v} {k}" for k, v in counts.items()))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
