#!/usr/bin/env python3
"""Generate the python-chess reference vectors for the PGN writer (issue 13).

python-chess 1.11.2 is the reference oracle for writing PGN too: its
`chess.pgn.StringExporter` on the game `chess.pgn.read_game` builds. This
script is run by hand; its output is committed, python-chess is not a
dependency of the library. Usage, from the repository root, with ../shared
beside it (or CHESSNOTE_SHARED set):

    pip install chess==1.11.2 zstandard
    python3 scripts/pgn_export_vectors.py       # 45 minutes; with --jobs 2, 30
    python3 scripts/pgn_export_vectors.py --only small/ --out /tmp/small.jsonl
    python3 scripts/pgn_export_vectors.py --only books/2moves --full --out /tmp/x.jsonl.zst

It reads every `.pgn` and `.pgn.zst` file under shared/data/pgn exactly as
scripts/pgn_vectors.py does (sorted by path; strict UTF-8, else Latin-1 for
the whole file; universal newlines; after an exception from read_game, read
on), so that the games align by index with pgn-vectors.jsonl.zst, and writes
crates/chessnote/tests/data/pgn-export-vectors.jsonl.zst (zstd level 19):
one JSON object per line, UTF-8, each with a `kind`:

* `header` (first): the generator, `python_chess` (the version), the
  presets, the directories written in chunks and the chunk size.
* `export`, one per game read: `file` (relative to data/pgn), `index` (from
  0, counting exceptions), `errors` (len(game.errors)), the hints `white`,
  `black` (the headers) and `plies` (the mainline's length); when `errors`
  is 0, also the two exports:
  - `columns80`: `game.accept(chess.pgn.StringExporter(columns=80))`
    (headers, comments and variations on, lines wrapped at 80 columns);
  - `str`: `str(game)` (the same with `columns=None`: movetext on one line).
  Neither ends with a line end.
* `exception`, where read_game raised: `file`, `index`, `exception`.
* `chunk`, in place of `export` and `exception` for the big files (`books/`
  and `large/`, 390,858 games): one per 100 games, `first` (the index of
  its first game), `games` (how many: 100, fewer in a file's last chunk),
  `skipped` (the indices of those with errors or an exception: no export),
  and `columns80_sha1`, `str_sha1`: the hex SHA-1 of the UTF-8 bytes of the
  chunk's exports, each followed by "\n", one after the other. A SHA-1 per
  game would take 20 MB (hashes do not compress); `--full` writes every
  game in full instead, to find the game of a chunk that differs.
* `file`, after each file's records: `file`, `games`, `exported` (games
  with no errors), `exceptions`.

docs/pgn-python-chess.md describes these vectors; tests/pgn/python_chess_export.rs
checks chessnote's writer against them.
"""

import argparse
import hashlib
import io
import json
import logging
import multiprocessing
import os
import sys
from pathlib import Path

import chess
import chess.pgn
import zstandard

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("CHESSNOTE_SHARED", ROOT.parent / "shared"))
DATA = SHARED / "data" / "pgn"
OUT = ROOT / "crates" / "chessnote" / "tests" / "data" / "pgn-export-vectors.jsonl.zst"

# Directories whose exports are stored as SHA-1s of chunks of CHUNK games,
# to keep the vectors small (see the module docstring).
CHUNKED = ("books/", "large/")
CHUNK = 100

logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)


def pgn_files():
    files = [p for p in DATA.rglob("*") if p.is_file() and (p.name.endswith(".pgn") or p.name.endswith(".pgn.zst"))]
    return sorted(files, key=lambda p: p.relative_to(DATA).as_posix())


def decode(path):
    data = path.read_bytes()
    if path.name.endswith(".zst"):
        data = zstandard.ZstdDecompressor().decompressobj().decompress(data)
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        return data.decode("latin-1"), "latin-1"


def sha1(text):
    return hashlib.sha1(text.encode()).hexdigest()


def exports(game):
    """The two presets' texts: StringExporter(columns=80), str(game)."""
    return game.accept(chess.pgn.StringExporter(columns=80)), str(game)


def export_record(rel, index, game):
    rec = {
        "kind": "export",
        "file": rel,
        "index": index,
        "errors": len(game.errors),
        "white": game.headers.get("White"),
        "black": game.headers.get("Black"),
        "plies": sum(1 for _ in game.mainline_moves()),
    }
    if not game.errors:
        rec["columns80"], rec["str"] = exports(game)
    return rec


class Chunker:
    """Gathers games into `chunk` records of CHUNK games."""

    def __init__(self, rel):
        self.rel = rel
        self.first = 0
        self.games = 0
        self.skipped = []
        self.columns80 = hashlib.sha1()
        self.str = hashlib.sha1()

    def add(self, index, game):
        """Adds a game (None for an exception); a full chunk's record, if any."""
        if game is None or game.errors:
            self.skipped.append(index)
        else:
            columns80, text = exports(game)
            self.columns80.update((columns80 + "\n").encode())
            self.str.update((text + "\n").encode())
        self.games += 1
        if self.games == CHUNK:
            return self.flush()
        return None

    def flush(self):
        if not self.games:
            return None
        rec = {"kind": "chunk", "file": self.rel, "first": self.first, "games": self.games,
               "skipped": self.skipped, "columns80_sha1": self.columns80.hexdigest(),
               "str_sha1": self.str.hexdigest()}
        self.__init__(self.rel)
        self.first = rec["first"] + rec["games"]
        return rec


def read_file(path, rel, chunked):
    """The records of one file, its summary last."""
    text, _ = decode(path)
    handle = io.StringIO(text, newline=None)
    chunker = Chunker(rel) if chunked else None
    records = []
    index = games = exported = exceptions = 0
    while True:
        try:
            game = chess.pgn.read_game(handle)
        except Exception as e:  # a python-chess bug: record it and read on, as pgn_vectors.py
            exceptions += 1
            if chunker:
                records.append(chunker.add(index, None))
            else:
                records.append({"kind": "exception", "file": rel, "index": index,
                                "exception": f"{type(e).__name__}: {e}"})
            index += 1
            continue
        if game is None:
            break
        games += 1
        exported += not game.errors
        if chunker:
            records.append(chunker.add(index, game))
        else:
            records.append(export_record(rel, index, game))
        index += 1
    if chunker:
        records.append(chunker.flush())
    records.append({"kind": "file", "file": rel, "games": games, "exported": exported, "exceptions": exceptions})
    return [r for r in records if r is not None]


def read_job(job):
    path, rel, chunked = job
    return rel, read_file(path, rel, chunked)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", help="only files whose path (relative to data/pgn) contains this")
    ap.add_argument("--out", type=Path, default=OUT, help="output file (.zst compressed, else plain)")
    ap.add_argument("--full", action="store_true", help="every game in full, none in chunks")
    ap.add_argument("--jobs", type=int, default=1, help="files read at once (processes)")
    args = ap.parse_args()

    if chess.__version__ != "1.11.2":
        sys.exit(f"python-chess 1.11.2 required, found {chess.__version__}")
    if not DATA.is_dir():
        sys.exit(f"no data at {DATA} (set CHESSNOTE_SHARED)")

    out = io.StringIO()

    def emit(obj):
        out.write(json.dumps(obj, ensure_ascii=False, separators=(",", ":")) + "\n")

    chunked = () if args.full else CHUNKED
    emit({"kind": "header", "generator": "scripts/pgn_export_vectors.py", "python_chess": chess.__version__,
          "newline": "universal", "data": "data/pgn",
          "presets": {"columns80": "StringExporter(columns=80)", "str": "str(game)"},
          "chunked": list(chunked), "chunk": CHUNK})
    jobs = []
    for path in pgn_files():
        rel = path.relative_to(DATA).as_posix()
        if not args.only or args.only in rel:
            jobs.append((path, rel, rel.startswith(chunked)))
    with multiprocessing.Pool(args.jobs) as pool:
        # The big files first, so that the processes end together; written in order.
        order = sorted(range(len(jobs)), key=lambda i: not jobs[i][2])
        results = {}
        for rel, records in pool.imap_unordered(read_job, [jobs[i] for i in order]):
            results[rel] = records
            summary = records[-1]
            print(f"{rel}: {summary['games']} games, {summary['exported']} exported, "
                  f"{summary['exceptions']} exceptions", file=sys.stderr, flush=True)
    for _, rel, _ in jobs:
        for rec in results[rel]:
            emit(rec)

    data = out.getvalue().encode()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    if args.out.name.endswith(".zst"):
        packed = zstandard.ZstdCompressor(level=19).compress(data)
    else:
        packed = data
    args.out.write_bytes(packed)
    print(f"{args.out.name}: {len(data)} bytes raw, {len(packed)} written", file=sys.stderr)


if __name__ == "__main__":
    main()
