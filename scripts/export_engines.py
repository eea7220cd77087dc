#!/usr/bin/env python3
"""Read `chessnote pgn export` output with the engines people use (issue 15).

Exports real files from the shared data with the release binary, then asks
DuckDB (and pyarrow and Polars, when installed) questions whose answers it
computes independently, from the reader: `chessnote pgn convert --to json`
(one JSON object per game; see docs/cli.md). Each check prints one line;
the first mismatch stops the script with exit status 1 and a message that
says what was expected and what the engine answered.

Usage (CI: .ci/run, after the release build with the parquet feature):

    pip install duckdb            # required; polars and pyarrow optional
    cargo build --release -p chessnote-cli --features parquet,zstd-c
    python3 scripts/export_engines.py --chessnote target/release/chessnote \\
        --shared "$CHESSNOTE_SHARED"

`--shared` is the shared data folder (the one with data/pgn in it; a folder
with pgn/ in it works too); default $CHESSNOTE_SHARED, else ../shared.
`--keep DIR` writes the exports to DIR and keeps them (default: a temporary
folder, removed). `--keep-going` goes on after a mismatch with the next
group of checks and lists the failed ones at the end (exit status 1 still).
DuckDB missing is a failure; pyarrow or polars missing skips their checks
and says so. About 10 s on 2 cores (DuckDB 2.0, pyarrow 26, Polars 2.1).

The inputs:
* pgn/medium/lichess_db_1000k.pgn: Lichess, with %clk and %eval (mates too);
* pgn/medium/twic1599_1000k.pgn: TWIC, tags with no column (EventDate...);
* pgn/tcec/TCEC_Season_21_-_Frc4_Final.pgn.zst: Chess960 engine games, .zst;
* pgn/small/python-chess/immortal-games-latin1-crlf.pgn: Latin-1, CRLF, 36
  games of which 6 have errors (illegal moves, a result mismatch): rows
  with status 'error'; export exits 1 there, as `pgn check` does (2 more
  have moves written off the standard: rows with `warnings`);
* edge.pgn (EDGE_PGN below, written to the temporary folder): CSV quoting,
  typed tag values that do not parse, a repeated tag, partial clocks.

For each input, `--to parquet`, `--to csv` and `--to ndjson` with
`--columns full`, read by DuckDB with auto-detection: the column names and
order (and the Parquet types, key-value metadata); the row count; the count
by Result; avg(WhiteElo), avg(BlackElo); for every game, the columns in
ROW_COLUMNS (tags, typed tags, GameId, TimeBase/TimeIncrement, uci, san,
final_fen, the opening, clk, eval_cp, eval_mate, status and the first problem, warnings,
source_file and source_offset); the rows with status = 'error'; the clk and evals of games
picked by GameId; uci by game_index; TimeBase/TimeIncrement of the `B+I`
time controls; Tags['EventDate'] (TWIC) and every game's Tags. With
pyarrow: read_table, the metadata, and the `--to arrow` file by
pyarrow.ipc.open_file (the same values as the Parquet file); with Polars:
read_parquet. Then, on the Lichess file: `--columns hf` (Hugging Face's 18
columns and types, its GROUP BY Result query, movetext = the dump's line),
the presets' columns, `--compression`, `--partition-by year,month` read
by a hive_partitioning glob, `--where`, `--row-group-rows`,
`--rows-per-file`; stdin to stdout; exit status 2.
"""

import argparse
import collections
import contextlib
import csv
import datetime
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

INPUTS = [
    ("lichess", "pgn/medium/lichess_db_1000k.pgn"),
    ("twic", "pgn/medium/twic1599_1000k.pgn"),
    ("tcec", "pgn/tcec/TCEC_Season_21_-_Frc4_Final.pgn.zst"),
    ("bad", "pgn/small/python-chess/immortal-games-latin1-crlf.pgn"),
    ("edge", None),  # EDGE_PGN, written to the temporary folder
]

# Cases the real files lack: CSV quoting, typed values that do not parse
# (they go to Tags), a repeated tag, `?`/`-` numbers (null, not in Tags),
# a clock on some moves only, mate evals, sandclock and moves/time controls,
# an empty tag value, a game with no Event.
EDGE_PGN = r"""[Event "Edge, \"quoted\" event"]
[Site "https://lichess.org/AbCd1234/black"]
[Date "2025.??.??"]
[Round "-"]
[White "Müller, Ñ"]
[Black "O'Brien"]
[Result "1-0"]
[WhiteElo "abc"]
[BlackElo "?"]
[UTCDate "2025.??.??"]
[UTCTime "12:34:56"]
[TimeControl "*180"]
[Annotator "x"]
[Annotator "y"]
[WhiteRatingDiff "+7"]
[BlackRatingDiff "-"]

1. e4 { [%clk 0:03:00] [%eval 0.25] } 1... e5 { [%eval #-4] } 2. Qh5 (2. Nf3) 2... Nc6 3. Bc4 Nf6 4. Qxf7# 1-0

[Event ""]
[White "A"]
[Black "B"]
[Result "*"]
[WhiteElo "-"]
[BlackElo ""]
[TimeControl "40/7200:3600"]

1. d4 d5 *

[White "NoEvent"]
[Black "X"]
[Result "0-1"]
[UTCDate "2024.02.30"]
[TimeControl "-"]

1. f3 e5 2. g4 Qh4# 0-1
"""

# Hugging Face Lichess/standard-chess-games: its 18 columns, as DuckDB names
# their types (Utf8 VARCHAR, Int16 SMALLINT, Date32 DATE, Time32(s) TIME).
HF_COLUMNS = [
    ("Event", "VARCHAR"), ("Site", "VARCHAR"), ("White", "VARCHAR"),
    ("Black", "VARCHAR"), ("Result", "VARCHAR"), ("WhiteTitle", "VARCHAR"),
    ("BlackTitle", "VARCHAR"), ("WhiteElo", "SMALLINT"), ("BlackElo", "SMALLINT"),
    ("WhiteRatingDiff", "SMALLINT"), ("BlackRatingDiff", "SMALLINT"),
    ("UTCDate", "DATE"), ("UTCTime", "TIME"), ("ECO", "VARCHAR"),
    ("Opening", "VARCHAR"), ("Termination", "VARCHAR"), ("TimeControl", "VARCHAR"),
    ("movetext", "VARCHAR"),
]

# --columns full: every column of chessnote.lichess.v1, in the canonical
# order, as DuckDB names the Parquet types.
FULL_SCHEMA = HF_COLUMNS + [
    ("GameId", "VARCHAR"), ("Date", "VARCHAR"), ("Round", "VARCHAR"),
    ("Variant", "VARCHAR"), ("FEN", "VARCHAR"), ("TimeBase", "UINTEGER"),
    ("TimeIncrement", "USMALLINT"), ("Tags", "MAP(VARCHAR, VARCHAR)"),
    ("Plies", "UINTEGER"), ("uci", "VARCHAR[]"), ("san", "VARCHAR[]"),
    ("final_fen", "VARCHAR"), ("opening_eco", "VARCHAR"), ("opening_name", "VARCHAR"),
    ("opening_ply", "UINTEGER"), ("clk", "INTEGER[]"), ("eval_cp", "INTEGER[]"), ("eval_mate", "SMALLINT[]"),
    ("status", "VARCHAR"), ("parse_error", "VARCHAR"), ("error_kind", "VARCHAR"),
    ("error_ply", "UINTEGER"), ("error_line", "UBIGINT"), ("error_column", "UBIGINT"),
    ("warnings", "VARCHAR[]"), ("game_index", "UBIGINT"), ("source_file", "VARCHAR"), ("source_offset", "UBIGINT"),
    ("source_len", "UBIGINT"),
]

# The tags that have a column of their own (schema chessnote.lichess.v1);
# with --columns full every one is chosen, so Tags holds the others.
TAG_COLUMNS = {
    "Event", "Site", "White", "Black", "Result", "WhiteTitle", "BlackTitle",
    "WhiteElo", "BlackElo", "WhiteRatingDiff", "BlackRatingDiff", "UTCDate",
    "UTCTime", "ECO", "Opening", "Termination", "TimeControl", "Date", "Round",
    "Variant", "FEN",
}
# Typed tag columns: a value that does not parse also goes to Tags.

# Per-row values compared for every game in every format.
ROW_COLUMNS = [
    "Event", "White", "Black", "Result", "WhiteElo", "BlackElo", "UTCDate", "UTCTime", "GameId", "TimeBase",
    "TimeIncrement", "Plies", "uci", "san", "final_fen", "opening_eco", "opening_name", "opening_ply",
    "clk", "eval_cp", "eval_mate", "status",
    "parse_error", "error_kind", "error_ply", "error_line", "error_column", "warnings", "source_file",
    "source_offset",
]

started = time.monotonic()


def say(text):
    print(f"[{time.monotonic() - started:5.1f}s] {text}", flush=True)


KEEP_GOING = False  # --keep-going
failures = []


class Mismatch(Exception):
    pass


def die(text):
    say(f"FAIL {text}")
    sys.exit(1)


def fail(text):
    """A mismatch: exit 1, or with --keep-going skip the rest of the group."""
    say(f"FAIL {text}")
    if not KEEP_GOING:
        sys.exit(1)
    failures.append(text)
    raise Mismatch


def check(label, expected, actual):
    if expected != actual:
        say(f"FAIL {label}: expected {short(expected)}, got {short(actual)}{difference(expected, actual)}")
        if not KEEP_GOING:
            sys.exit(1)
        failures.append(label)
        return
    say(f"ok   {label}: {short(actual, 90)}")


@contextlib.contextmanager
def group(label):
    """A group of checks: an engine's error is a failure too; with
    --keep-going, a failure skips the rest of the group, not the others."""
    try:
        yield
    except Mismatch:
        say(f"     (the rest of '{label}' is skipped)")
    except Exception as e:  # noqa: BLE001 (DuckDB, pyarrow, Polars errors)
        say(f"FAIL {label}: {type(e).__name__}: {e}")
        if not KEEP_GOING:
            sys.exit(1)
        failures.append(label)


def difference(expected, actual):
    """Where two lists or dicts differ, for the message."""
    if isinstance(expected, list) and isinstance(actual, list):
        for i, (a, b) in enumerate(zip(expected, actual)):
            if a != b:
                return f"\n     first difference at [{i}]: expected {short(a)}, got {short(b)}"
        return f"\n     lengths {len(expected)} and {len(actual)}"
    if isinstance(expected, dict) and isinstance(actual, dict):
        keys = [k for k in {**expected, **actual} if expected.get(k) != actual.get(k)]
        return "\n     differing: " + "; ".join(
            f"{k!r}: expected {short(expected.get(k))}, got {short(actual.get(k))}" for k in keys[:5])
    return ""


def short(value, limit=300):
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + f"... ({len(text)} chars)"


def run(cmd, allowed=(0,), what=None):
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if proc.returncode not in allowed:
        die(f"{what or ' '.join(cmd)}: exit status {proc.returncode} (expected "
             f"{' or '.join(map(str, allowed))})\n{proc.stderr.decode(errors='replace')[-2000:]}")
    return proc


# ---------------------------------------------------------------------------
# The expected answers, from `pgn convert --to json`.


class Game:
    def __init__(self, obj):
        self.index = obj["index"]
        self.offset = obj["offset"]
        self.pairs = obj["headers"]  # [(name, value)] in file order, repeats kept
        self.tag = {}
        for name, value in self.pairs:
            self.tag.setdefault(name, value)
        self.uci = obj["uci"]
        self.san = obj["san"]
        self.clk = obj["clocks"]
        self.eval_cp = [e.get("cp") if e else None for e in obj["evals"]]
        self.eval_mate = [e.get("mate") if e else None for e in obj["evals"]]
        self.plies = obj["plies"]
        errors = obj["errors"]
        first = min(errors, key=lambda e: e["offset"]) if errors else None
        self.errors_unordered = bool(errors) and first is not errors[0]
        self.row = {
            "Event": self.tag.get("Event"),
            "White": self.tag.get("White"),
            "Black": self.tag.get("Black"),
            "Result": self.tag.get("Result"),
            "WhiteElo": elo(self.tag.get("WhiteElo")),
            "BlackElo": elo(self.tag.get("BlackElo")),
            "UTCDate": full_match(DATE, self.tag.get("UTCDate"), "{}-{}-{}"),
            "UTCTime": full_match(TIME, self.tag.get("UTCTime"), "{}:{}:{}"),
            "GameId": lichess_id(self.tag.get("Site")),
            "TimeBase": time_control(self.tag.get("TimeControl"))[0],
            "TimeIncrement": time_control(self.tag.get("TimeControl"))[1],
            "Plies": self.plies,
            "uci": self.uci,
            "san": self.san,
            "final_fen": obj["final_fen"],
            "opening_eco": (obj["opening"] or {}).get("eco"),
            "opening_name": (obj["opening"] or {}).get("name"),
            "opening_ply": (obj["opening"] or {}).get("ply"),
            "clk": self.clk,
            "eval_cp": self.eval_cp,
            "eval_mate": self.eval_mate,
            "status": "error" if errors else "ok",
            "parse_error": first["message"] if first else None,
            "error_kind": first["kind"] if first else None,
            "error_ply": first["ply"] if first else None,
            "error_line": first["line"] if first else None,
            "error_column": first["column"] if first else None,
            "warnings": [w["kind"] for w in obj["warnings"]],
            "source_offset": self.offset,
        }
        # Tags (with --columns full): in file order, the tags with no
        # column, the repeats, and typed values that do not parse.
        # A repeat is keyed `Name#2`, `Name#3`, ... (keys are unique).
        seen = collections.Counter()
        self.extra_tags = []
        for name, value in self.pairs:
            if name not in TAG_COLUMNS or seen[name] or not typed_ok(name, value):
                key = f"{name}#{seen[name] + 1}" if seen[name] else name
                self.extra_tags.append((key, value))
            seen[name] += 1


def elo(value):
    """tags::parse_elo for the values these files have: digits, else null."""
    if value is None or not re.fullmatch(r"[0-9]+", value) or int(value) > 32767:
        return None
    return int(value)


def full_match(pattern, value, form):
    """UTCDate/UTCTime as DuckDB prints them (cast to VARCHAR), when complete
    and valid; else None."""
    m = re.fullmatch(pattern, value or "")
    if not m:
        return None
    a, b, c = map(int, m.groups())
    try:
        datetime.date(a, b, c) if form.startswith("{}-") else datetime.time(a, b, c)
    except ValueError:
        return None
    return form.format(*m.groups())


def typed_ok(name, value):
    """Whether a typed tag's value parses (else it goes to Tags): `?`, `-`
    and empty parse as null for the numbers; dates and times parse only
    when complete."""
    if name in ("WhiteElo", "BlackElo"):
        return value in ("", "?", "-") or bool(re.fullmatch(r"[0-9]+", value)) and int(value) <= 65535
    if name in ("WhiteRatingDiff", "BlackRatingDiff"):
        return value in ("", "?", "-") or bool(re.fullmatch(r"[+-]?[0-9]+", value)) and abs(int(value)) <= 32767
    if name == "UTCDate":
        return full_match(DATE, value, "{}-{}-{}") is not None
    if name == "UTCTime":
        return full_match(TIME, value, "{}:{}:{}") is not None
    return True


DATE = r"([0-9]{4})\.([0-9]{2})\.([0-9]{2})"
TIME = r"([0-9]{2}):([0-9]{2}):([0-9]{2})"


def lichess_id(site):
    m = re.match(r"https?://lichess\.org/([A-Za-z0-9]{8})", site or "")
    return m.group(1) if m else None


def time_control(value):
    """(TimeBase, TimeIncrement) of the first period, in whole seconds:
    `B+I`, `B`, `*B` (sandclock), `M/B` (moves in time); (None, None) for
    `?`, `-`, absent (the files here have no other forms)."""
    m = re.fullmatch(r"(?:[0-9]+/|\*)?([0-9]+)(?:\+([0-9]+))?(?::.*)?", value or "")
    if not m:
        return (None, None)
    return (int(m.group(1)), int(m.group(2) or 0))


def reader_games(cn, path):
    proc = run([cn, "pgn", "convert", "--to", "json", "--quiet", path], allowed=(0, 1))
    games = [Game(json.loads(line, object_pairs_hook=pairs_for_headers))
             for line in proc.stdout.decode().splitlines()]
    for g in games:
        g.row["source_file"] = path  # as named on the command line
    return games, proc.returncode


def source_bytes(path):
    if path.endswith(".zst"):
        return subprocess.run(["zstd", "-dc", path], stdout=subprocess.PIPE, check=True).stdout
    with open(path, "rb") as f:
        return f.read()


def pairs_for_headers(pairs):
    # json.loads calls this for every object, innermost first: keep the
    # headers object as its pairs (a repeated tag is a repeated key).
    keys = [k for k, _ in pairs]
    if "index" in keys and "headers" in keys:
        return dict(pairs)
    if keys and all(isinstance(v, str) for _, v in pairs) and not {"kind", "message"} <= set(keys):
        return pairs
    if not pairs:
        return []  # headers {} (a game with no tags); {} appears nowhere else
    return dict(pairs)


# ---------------------------------------------------------------------------
# The engines.


def sql_source(fmt, path):
    if fmt == "parquet":
        return f"read_parquet('{path}')"
    if fmt == "csv":
        return f"read_csv('{path}', header = true)"  # auto-detection
    return f"read_json_auto('{path}', format = 'newline_delimited')"


def sql_column(fmt, name):
    """A column as the checks read it. CSV: list columns are JSON text
    (`["e2e4","e7e5"]`, `[18000,null]`), cast with ::TYPE[]; Tags is a JSON
    object (::JSON). NDJSON: DuckDB infers the types; the casts make an
    all-null column (inferred as JSON or NULL) compare as null."""
    lists = {"uci": "VARCHAR[]", "san": "VARCHAR[]", "warnings": "VARCHAR[]", "clk": "INTEGER[]", "eval_cp": "INTEGER[]", "eval_mate": "SMALLINT[]"}
    scalars = {"WhiteElo": "INTEGER", "BlackElo": "INTEGER", "TimeBase": "BIGINT",
               "TimeIncrement": "BIGINT", "Plies": "BIGINT", "error_ply": "BIGINT", "opening_ply": "BIGINT",
               "game_index": "BIGINT", "error_line": "BIGINT", "error_column": "BIGINT",
               "source_offset": "BIGINT"}
    if fmt == "parquet" and name not in ("UTCDate", "UTCTime"):
        return f'"{name}"'
    if name in lists:
        # CSV: VARCHAR '["e2e4","e7e5"]' → VARCHAR[]; NDJSON: already a list
        # (or JSON when every row is null).
        return f'CAST("{name}" AS {lists[name]})'
    if name in scalars:
        return f'CAST("{name}" AS {scalars[name]})'
    return f'CAST("{name}" AS VARCHAR)'


def duckdb_checks(duckdb, name, fmt, path, games):
    con = duckdb.connect()
    label = f"{name} {fmt}"
    q = lambda sql: con.execute(sql).fetchall()  # noqa: E731
    # Read (and for CSV and NDJSON, auto-detect) once; the queries ask t.
    q(f"CREATE TABLE t AS SELECT * FROM {sql_source(fmt, path)}")
    src = "t"
    col = lambda c: sql_column(fmt, c)  # noqa: E731

    check(f"{label}: row count", len(games), q(f"SELECT count(*) FROM {src}")[0][0])
    names = [n for n, _ in FULL_SCHEMA]
    if fmt == "parquet":
        got = [(r[0], r[1]) for r in q(f"DESCRIBE SELECT * FROM {src}")]
        check(f"{label}: --columns full: the 47 columns, canonical order, types", FULL_SCHEMA, got)
        meta = dict((k.decode(), v.decode()) for k, v in q(f"SELECT key, value FROM parquet_kv_metadata('{path}')"))
        check(f"{label}: key-value metadata chessnote.schema, chessnote.version is there",
              ("chessnote.lichess.v1", True), (meta.get("chessnote.schema"), "chessnote.version" in meta))
    elif fmt == "csv":
        with open(path, encoding="utf-8", newline="") as f:
            check(f"{label}: header line = the 47 column names in order", ",".join(names), f.readline().rstrip("\r\n"))
    else:
        with open(path, encoding="utf-8") as f:
            first = json.loads(f.readline(), object_pairs_hook=lambda p: p)
        check(f"{label}: keys of the first object = the 47 column names in order", names, [k for k, _ in first])

    by_result = collections.Counter(g.tag.get("Result") for g in games)
    got = dict(q(f"SELECT {col('Result')}, count(*) FROM {src} GROUP BY ALL"))
    check(f"{label}: count by Result", dict(by_result), got)

    for side in ("WhiteElo", "BlackElo"):
        values = [g.row[side] for g in games if g.row[side] is not None]
        expected = round(sum(values) / len(values), 6) if values else None
        got = q(f"SELECT avg({col(side)}) FROM {src}")[0][0]
        check(f"{label}: avg({side})", expected, None if got is None else round(got, 6))

    # Every row, every compared column (each a check of its own).
    indices = [r[0] for r in q(f"SELECT {col('game_index')} FROM {src} ORDER BY 1")]
    check(f"{label}: game_index 0..n-1", list(range(len(games))), indices)
    good = []
    for c in ROW_COLUMNS:
        with group(f"{label}: column {c}"):
            rows = q(f"SELECT {col('game_index')}, {col(c)} FROM {src} ORDER BY 1")
            wrong = []
            for g, (_, value) in zip(games, rows):
                expected = g.row[c]
                if fmt == "csv" and expected == "":
                    expected = None  # CSV: an empty string and null are both an empty field
                if value != expected:
                    wrong.append((g, expected, value))
            if wrong:
                g, expected, value = wrong[0]
                fail(f"{label}: column {c}: {len(wrong)} of {len(games)} games differ; the first, game "
                     f"{g.index} ({g.tag.get('White')} - {g.tag.get('Black')}): expected {short(expected)}, "
                     f"got {short(value)}")
            good.append(c)
    say(f"ok   {label}: {', '.join(good)} equal the reader's for all {len(games)} games")

    with group(f"{label}: errors"):
        bad = [(g.index, g.row["parse_error"], g.row["error_kind"], g.row["error_ply"])
               for g in games if g.row["status"] == "error"]
        got = q(f"SELECT {col('game_index')}, {col('parse_error')}, {col('error_kind')}, "
                f"{col('error_ply')} FROM {src} WHERE status = 'error' ORDER BY 1")
        check(f"{label}: rows with status = 'error' (index, parse_error, kind, ply)", bad, [tuple(r) for r in got])

    if name == "lichess":
        with group(f"{label}: clk by GameId"):
            # A game picked by GameId: the one with the most clocks.
            g = max(games, key=lambda g: sum(c is not None for c in g.clk))
            gid = g.row["GameId"]
            got = q(f"SELECT {col('clk')} FROM {src} WHERE GameId = '{gid}'")
            check(f"{label}: clk of GameId {gid}", [(g.clk,)], [tuple(r) for r in got])
        with group(f"{label}: evals by GameId"):
            g = next(g for g in games if any(m is not None for m in g.eval_mate))
            gid = g.row["GameId"]
            got = q(f"SELECT {col('eval_cp')}, {col('eval_mate')} FROM {src} WHERE GameId = '{gid}'")
            check(f"{label}: eval_cp, eval_mate of GameId {gid}", [(g.eval_cp, g.eval_mate)], [tuple(r) for r in got])
        with group(f"{label}: time controls"):
            tcs = collections.Counter((g.tag["TimeControl"], g.row["TimeBase"], g.row["TimeIncrement"])
                                      for g in games if re.fullmatch(r"[0-9]+\+[0-9]+", g.tag.get("TimeControl", "")))
            got = q(f"SELECT {col('TimeControl')}, {col('TimeBase')}, {col('TimeIncrement')}, count(*) "
                    f"FROM {src} WHERE TimeControl LIKE '%+%' GROUP BY ALL")
            check(f"{label}: TimeBase, TimeIncrement of the B+I time controls",
                  dict(tcs), {(a, b, c): n for a, b, c, n in got})
    with group(f"{label}: uci by game_index"):
        picks = sorted({0, len(games) // 2, len(games) - 1})
        got = q(f"SELECT {col('game_index')}, {col('uci')} FROM {src} "
                f"WHERE {col('game_index')} IN ({', '.join(map(str, picks))}) ORDER BY 1")
        check(f"{label}: uci of games {picks}", [(i, games[i].uci) for i in picks], [tuple(r) for r in got])

    # Tags: a map in Parquet; JSON text in CSV (::JSON); an object in NDJSON
    # (DuckDB infers a STRUCT or MAP; to_json gives it back as an object).
    if name == "twic":
        with group(f"{label}: Tags['EventDate']"):
            expected = collections.Counter(g.tag.get("EventDate") for g in games)
            if fmt == "parquet":
                got = q(f"SELECT Tags['EventDate'], count(*) FROM {src} GROUP BY ALL")
                # DuckDB before 1.2: map['k'] is a list (element_at); since, the value.
                got = {(v[0] if v else None) if isinstance(v, list) else v: n for v, n in got}
            elif fmt == "csv":
                got = dict(q(f"SELECT Tags::JSON->>'EventDate', count(*) FROM {src} GROUP BY ALL"))
            else:
                got = dict(q(f"SELECT to_json(Tags)->>'EventDate', count(*) FROM {src} GROUP BY ALL"))
            check(f"{label}: Tags['EventDate'], counted", dict(expected), got)

    if fmt == "parquet":
        with group(f"{label}: source_len"):
            # source_len: from source_offset to the game's end, before the
            # blank lines after it: only white space from there to the next game.
            raw = source_bytes(games[0].row["source_file"])
            got = q(f"SELECT game_index, source_offset, source_len FROM {src} ORDER BY 1")
            for g, (_, start, length) in zip(games, got):
                stop = games[g.index + 1].offset if g.index + 1 < len(games) else len(raw)
                game = raw[start:start + length]
                if not length or game[-1:].isspace() and not game.endswith(b"\n") or \
                        raw[start + length:stop].strip() or game.rstrip() != raw[start:stop].rstrip():
                    fail(f"{label}: game {g.index}: source_len {length} from {start} ends at "
                         f"{short(raw[max(start, start + length - 40):start + length])}; "
                         f"the next game starts at {stop}: {short(raw[start + length:stop][:80])} between")
            say(f"ok   {label}: source_offset + source_len = the game's end (only blank lines before the next)")

    # Every game's Tags, repeats included: from DuckDB for Parquet; for CSV
    # and NDJSON the JSON object text itself (read here with Python's csv
    # and json, which keep a repeated key).
    with group(f"{label}: Tags"):
        if fmt == "parquet":
            got = [list(zip(k, v)) for _, k, v in
                   q(f"SELECT game_index, map_keys(Tags), map_values(Tags) FROM {src} ORDER BY 1")]
        elif fmt == "csv":
            with open(path, encoding="utf-8", newline="") as f:
                rows = {int(r["game_index"]): json.loads(r["Tags"], object_pairs_hook=lambda p: p)
                        for r in csv.DictReader(f)}
            got = [rows.get(g.index) for g in games]
        else:
            with open(path, encoding="utf-8") as f:
                rows = [dict(json.loads(line, object_pairs_hook=lambda p: p)) for line in f]
            rows = {r["game_index"]: r["Tags"] for r in rows}
            got = [rows.get(g.index) for g in games]
        wrong = [(g, tags) for g, tags in zip(games, got)
                 if tags is None or [tuple(t) for t in tags] != g.extra_tags]  # an empty map, not null
        if wrong:
            g, tags = wrong[0]
            fail(f"{label}: Tags: {len(wrong)} of {len(games)} games differ; the first, game {g.index}: "
                 f"{short(tags)}, expected (the tags with no column, repeats, typed values that do not "
                 f"parse) {short(g.extra_tags)}")
        say(f"ok   {label}: Tags = the tags with no column, repeats, typed values that do not parse, "
            f"in order, for all {len(games)} games")
    con.close()


def pyarrow_checks(pa, cn, name, path, pq, games, work):
    import pyarrow.ipc
    import pyarrow.parquet

    table = pyarrow.parquet.read_table(pq)
    check(f"{name} pyarrow: read_table rows", len(games), table.num_rows)
    check(f"{name} pyarrow: uci of the last game", games[-1].uci, table.column("uci")[len(games) - 1].as_py())
    meta = {k.decode(): v.decode() for k, v in (table.schema.metadata or {}).items()}
    check(f"{name} pyarrow: metadata chessnote.schema", "chessnote.lichess.v1", meta.get("chessnote.schema"))
    arrow = os.path.join(work, f"{name}.arrow")
    run([cn, "pgn", "export", "--to", "arrow", "--columns", "full", "--quiet", "--out", arrow, path],
        allowed=(0, 1), what=f"pgn export --to arrow {path}")
    with pyarrow.ipc.open_file(arrow) as reader:
        t = reader.read_all()
    check(f"{name} pyarrow: ipc.open_file rows", len(games), t.num_rows)
    meta = {k.decode(): v.decode() for k, v in (t.schema.metadata or {}).items()}
    check(f"{name} pyarrow: arrow file's metadata chessnote.schema", "chessnote.lichess.v1", meta.get("chessnote.schema"))
    check(f"{name} pyarrow: arrow file's columns = parquet file's", table.column_names, t.column_names)
    types = {f.name: str(f.type) for f in t.schema}
    check(f"{name} pyarrow: arrow file's UTCTime, TimeBase, Tags types",
          ("time32[ms]", "uint32", "map<string, string>"), (types["UTCTime"], types["TimeBase"], types["Tags"]))
    for c in table.column_names:
        if t.schema.field(c).type != table.schema.field(c).type:
            say(f"note {name} pyarrow: column {c} is {t.schema.field(c).type} in the arrow file, "
                f"{table.schema.field(c).type} in the parquet file")
        elif t.column(c).to_pylist() != table.column(c).to_pylist():
            fail(f"{name} pyarrow: column {c} of the arrow file differs from the parquet file's")
    say(f"ok   {name} pyarrow: arrow file's values = parquet file's, every column of the same type")


def polars_checks(pl, name, pq, games):
    df = pl.read_parquet(pq)
    check(f"{name} polars: read_parquet rows", len(games), df.height)
    check(f"{name} polars: WhiteElo, Result, uci of game 0",
          (games[0].row["WhiteElo"], games[0].row["Result"], games[0].uci),
          (df["WhiteElo"][0], df["Result"][0], df["uci"][0].to_list()))


GLYPHS = [("!!", "$3"), ("??", "$4"), ("!?", "$5"), ("?!", "$6"), ("!", "$1"), ("?", "$2")]


def glyphs_as_nags(line):
    """A movetext line with the glyphs after moves written as NAGs."""
    out = []
    for word in line.split(" "):
        for glyph, nag in GLYPHS:
            if len(word) > len(glyph) and word.endswith(glyph) and not word.startswith("{"):
                out += [word[:-len(glyph)], nag]
                break
        else:
            out.append(word)
    return " ".join(out)


def lichess_checks(duckdb, cn, path, games, work):
    """--columns hf, --partition-by, --where, --row-group-rows, --rows-per-file."""
    con = duckdb.connect()
    with group("hf parquet"):
        hf = os.path.join(work, "hf.parquet")
        run([cn, "pgn", "export", "--to", "parquet", "--columns", "hf", "--quiet", "--out", hf, path])
        got = [(r[0], r[1]) for r in con.execute(f"DESCRIBE SELECT * FROM read_parquet('{hf}')").fetchall()]
        check("hf parquet: schema = Hugging Face's 18 columns and types", HF_COLUMNS, got)
        got = dict(con.execute(f"SELECT Result, count(*) FROM read_parquet('{hf}') GROUP BY Result").fetchall())
        check("hf parquet: SELECT Result, count(*) ... GROUP BY Result",
              dict(collections.Counter(g.tag.get("Result") for g in games)), got)
        # The movetext column is the dump's own movetext line (Lichess input),
        # but for glyphs, which the export format writes as NAGs (`dxc4?!` is
        # `dxc4 $6`), and the blank before a lone result (` 0-1`); docs/export.md.
        with open(path, encoding="utf-8") as f:
            lines = [glyphs_as_nags(ln.strip()) for ln in f if ln.strip() and not ln.startswith("[")]
        got = [r[0] for r in con.execute(f"SELECT movetext FROM read_parquet('{hf}')").fetchall()]
        check("hf parquet: movetext rows", len(lines), len(got))
        wrong = [i for i, (want, have) in enumerate(zip(lines, got)) if want != have]
        if wrong:
            want, have = lines[wrong[0]], got[wrong[0]]
            at = next((j for j, (a, b) in enumerate(zip(want, have)) if a != b), min(len(want), len(have)))
            fail(f"hf parquet: movetext: {len(wrong)} of {len(lines)} games differ from the dump's line; the "
                 f"first, game {wrong[0]}, at character {at}: expected {short(want[max(0, at - 40):at + 80])}, "
                 f"got {short(have[max(0, at - 40):at + 80])}")
        say(f"ok   hf parquet: movetext = the dump's movetext line (glyphs as NAGs), all {len(lines)} games")

    with group("presets"):
        # lichess (the default) = full but movetext, san, final_fen,
        # error_line/column, game_index, source_file; minimal; a list is
        # put in the canonical order whatever the order it is given in.
        names = [n for n, _ in FULL_SCHEMA]
        not_lichess = {"movetext", "san", "final_fen", "error_line", "error_column", "game_index", "source_file"}
        presets = {
            None: [n for n in names if n not in not_lichess],
            "minimal": ["White", "Black", "Result", "WhiteElo", "BlackElo", "UTCDate", "TimeControl", "GameId",
                        "TimeBase", "TimeIncrement", "Plies", "uci", "status", "parse_error"],
            "uci,White,clk": ["White", "uci", "clk"],
        }
        for preset, expected in presets.items():
            out = os.path.join(work, f"preset-{preset}.parquet")
            run([cn, "pgn", "export", "--to", "parquet", "--quiet", "--out", out, path]
                + (["--columns", preset] if preset else []))
            got = [r[0] for r in con.execute(f"DESCRIBE SELECT * FROM read_parquet('{out}')").fetchall()]
            check(f"--columns {preset or '(default: lichess)'}: column names", expected, got)

    with group("--compression"):
        for codec in ("snappy", "none", "zstd", "zstd:9"):
            out = os.path.join(work, f"codec-{codec.replace(':', '')}.parquet")
            proc = subprocess.run([cn, "pgn", "export", "--to", "parquet", "--compression", codec, "--quiet",
                                   "--out", out, path], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            if codec.startswith("zstd") and proc.returncode == 2:
                say(f"SKIP --compression {codec}: refused (a build without the feature zstd-c): "
                    f"{proc.stderr.decode().strip()[:120]}")
                continue
            got = con.execute(f"SELECT DISTINCT compression FROM parquet_metadata('{out}')").fetchall()
            rows = con.execute(f"SELECT count(*) FROM read_parquet('{out}')").fetchall()[0][0]
            check(f"--compression {codec}: exit status, codec in the metadata, rows",
                  (0, [(codec.split(":")[0].upper().replace("NONE", "UNCOMPRESSED"),)], len(games)),
                  (proc.returncode, got, rows))

    with group("partitioned parquet"):
        parts = os.path.join(work, "parts")
        run([cn, "pgn", "export", "--to", "parquet", "--partition-by", "year,month", "--quiet", "--out", parts, path])
        glob = f"read_parquet('{parts}/**/*.parquet', hive_partitioning = true)"
        check("partitioned parquet: read_parquet('DIR/**/*.parquet', hive_partitioning = true) count",
              len(games), con.execute(f"SELECT count(*) FROM {glob}").fetchall()[0][0])
        got = con.execute(f"SELECT count(*) FROM {glob} WHERE UTCDate IS NOT NULL AND "
                          "(year::INTEGER <> year(UTCDate) OR month::INTEGER <> month(UTCDate))").fetchall()[0][0]
        check("partitioned parquet: year, month = those of UTCDate", 0, got)

    with group("--where"):
        # The games it keeps, as `pgn count --where` counts them.
        where = "WhiteElo >= 2000"
        out = os.path.join(work, "where.parquet")
        run([cn, "pgn", "export", "--to", "parquet", "--where", where, "--quiet", "--out", out, path])
        expected = sum(1 for g in games if (g.row["WhiteElo"] or 0) >= 2000)
        counted = int(run([cn, "pgn", "count", "--where", where, path]).stdout)
        check(f"--where '{where}': pgn count agrees with the reader", expected, counted)
        got = con.execute(f"SELECT count(*), count(*) FILTER (WhiteElo < 2000 OR WhiteElo IS NULL) "
                          f"FROM read_parquet('{out}')").fetchall()[0]
        check(f"--where '{where}': rows, rows it should have left out", (expected, 0), got)

    with group("plies table"):
        # A row per mainline move played, the position before it by its
        # Polyglot key: the opening explorer's question, which moves were
        # played from the position after 1. e4, how often, with what
        # results, is one GROUP BY (the recipe of docs/export.md).
        out = os.path.join(work, "plies.parquet")
        run([cn, "pgn", "export", "--to", "parquet", "--table", "plies", "--columns", "plies,fen,Result",
             "--quiet", "--out", out, path], allowed=(0, 1))
        got = [r[0] for r in con.execute(f"DESCRIBE SELECT * FROM read_parquet('{out}')").fetchall()]
        check("plies table: columns", ["game_index", "ply", "key", "fen", "Result", "uci", "san", "clk",
                                       "eval_cp", "eval_mate"], got)
        rows = con.execute(f"SELECT game_index, ply, key, fen, uci, san, clk FROM read_parquet('{out}') "
                           "ORDER BY file_row_number").fetchall()
        expected = [(g.index, i + 1, g.uci[i], g.san[i], g.clk[i] if i < len(g.clk) else None)
                    for g in games for i in range(len(g.uci))]
        check("plies table: a row per move played, in order: game_index, ply, uci, san, clk",
              expected, [(r[0], r[1], r[4], r[5], r[6]) for r in rows])
        fens = "\n".join(r[3] for r in rows) + "\n"
        keys = subprocess.run([cn, "fen", "key"], input=fens.encode(), stdout=subprocess.PIPE,
                              check=True).stdout.decode().split()
        check("plies table: key = `chessnote fen key` of the position before the move",
              keys, [f"{r[2]:016x}" for r in rows])
        after_e4 = 0x823C9B50FD114196  # the Polyglot format's own example
        explorer = collections.Counter(
            (g.uci[1], g.tag.get("Result")) for g in games
            if len(g.uci) >= 2 and g.uci[0] == "e2e4" and "FEN" not in g.tag)
        got = con.execute(f"SELECT uci, Result, count(*) FROM read_parquet('{out}') WHERE key = {after_e4} "
                          "GROUP BY ALL").fetchall()
        check("plies table: the moves after 1. e4 by result (WHERE key = ... GROUP BY uci, Result)",
              dict(explorer), {(u, r): n for u, r, n in got})

    with group("--row-group-rows"):
        out = os.path.join(work, "groups.parquet")
        run([cn, "pgn", "export", "--to", "parquet", "--row-group-rows", "100", "--quiet", "--out", out, path])
        got = con.execute("SELECT count(*), sum(n), max(n) FROM (SELECT DISTINCT row_group_id, row_group_num_rows AS n "
                          f"FROM parquet_metadata('{out}'))").fetchall()[0]
        check("--row-group-rows 100: row groups, rows, largest", (-(-len(games) // 100), len(games), 100), got)

    with group("--rows-per-file"):
        # DIR/part-00000.parquet... of at most N rows each.
        out = os.path.join(work, "files")
        run([cn, "pgn", "export", "--to", "parquet", "--columns", "full", "--rows-per-file", "100",
             "--quiet", "--out", out, path])
        names = sorted(os.listdir(out))
        check("--rows-per-file 100: files", [f"part-{i:05}.parquet" for i in range(-(-len(games) // 100))], names)
        counts = [con.execute(f"SELECT count(*) FROM read_parquet('{out}/{n}')").fetchall()[0][0] for n in names]
        check("--rows-per-file 100: rows per file", [min(100, len(games) - 100 * i) for i in range(len(names))], counts)
        order = [r[0] for r in con.execute(f"SELECT game_index FROM read_parquet('{out}/*.parquet') "
                                           "ORDER BY filename, file_row_number").fetchall()]
        if order == list(range(len(games))):
            say("ok   --rows-per-file 100: the files hold the games in input order")
        else:
            say("note --rows-per-file 100: the files do not hold the games in input order")
    con.close()


def io_checks(cn, work):
    with group("stdin"):
        with open(os.path.join(work, "edge.pgn"), "rb") as f:
            proc = subprocess.run([cn, "pgn", "export", "--to", "ndjson", "--columns", "full", "--quiet"],
                                  stdin=f, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        rows = [json.loads(line) for line in proc.stdout.decode().splitlines()]
        check("export --to ndjson from stdin to stdout: exit status, rows, source_file",
              (0, 3, ["<stdin>"] * 3), (proc.returncode, len(rows), [r.get("source_file") for r in rows]))
    with group("exit status 2"):
        missing = os.path.join(work, "no-such-file.pgn")
        proc = subprocess.run([cn, "pgn", "export", "--to", "parquet", "--quiet", "--out",
                               os.path.join(work, "none.parquet"), missing],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        check("export of a file that does not exist: exit status", 2, proc.returncode)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--chessnote", default="target/release/chessnote")
    parser.add_argument("--shared", default=os.environ.get("CHESSNOTE_SHARED", "../shared"))
    parser.add_argument("--keep", metavar="DIR", help="write the exports here and keep them")
    parser.add_argument("--keep-going", action="store_true",
                        help="after a mismatch, go on with the next group of checks (exit 1 at the end)")
    args = parser.parse_args()
    global KEEP_GOING
    KEEP_GOING = args.keep_going

    try:
        import duckdb
    except ImportError:
        die("the Python module duckdb is missing: pip install duckdb")
    say(f"duckdb {duckdb.__version__}")
    optional = {}
    for module in ("pyarrow", "polars"):
        try:
            optional[module] = __import__(module)
            say(f"{module} {optional[module].__version__}")
        except ImportError:
            say(f"SKIP {module}: not installed (pip install {module}); its checks are skipped")

    cn = os.path.abspath(args.chessnote)
    if not os.access(cn, os.X_OK):
        die(f"no chessnote binary at {cn}")
    data = args.shared if os.path.isdir(os.path.join(args.shared, "pgn")) else os.path.join(args.shared, "data")
    if not os.path.isdir(os.path.join(data, "pgn")):
        die(f"no pgn/ folder in {args.shared} or {args.shared}/data (--shared, $CHESSNOTE_SHARED)")
    run([cn, "pgn", "export", "--help"], what="chessnote pgn export --help (built with --features parquet?)")
    say(f"chessnote: {run([cn, '--version']).stdout.decode().strip()}")

    work = args.keep or tempfile.mkdtemp(prefix="export_engines.")
    os.makedirs(work, exist_ok=True)
    try:
        for name, rel in INPUTS:
            if rel is None:
                rel = path = os.path.join(work, "edge.pgn")
                with open(path, "w", encoding="utf-8") as f:
                    f.write(EDGE_PGN)
            else:
                path = os.path.join(data, rel)
            games, convert_status = reader_games(cn, path)
            problems = sum(g.row["status"] == "error" for g in games)
            say(f"---- {name}: {rel}: {len(games)} games, {problems} with problems (convert exits {convert_status})")
            if any(g.errors_unordered for g in games):
                say(f"note {name}: some games list their problems out of byte order; "
                    "expected parse_error = the first by byte")
            for fmt in ("parquet", "csv", "ndjson"):
                out = os.path.join(work, f"{name}.{fmt}")
                proc = run([cn, "pgn", "export", "--to", fmt, "--columns", "full", "--quiet", "--out", out, path],
                           allowed=(0, 1), what=f"pgn export --to {fmt} {rel}")
                check(f"{name} {fmt}: export's exit status", 1 if problems else 0, proc.returncode)
                with group(f"{name} {fmt}"):
                    duckdb_checks(duckdb, name, fmt, out, games)
            pq = os.path.join(work, f"{name}.parquet")
            if "pyarrow" in optional:
                with group(f"{name} pyarrow"):
                    pyarrow_checks(optional["pyarrow"], cn, name, path, pq, games, work)
            if "polars" in optional:
                with group(f"{name} polars"):
                    polars_checks(optional["polars"], name, pq, games)

        name, rel = INPUTS[0]
        path = os.path.join(data, rel)
        say(f"---- {name}: --columns hf, --partition-by, --where, --row-group-rows, --rows-per-file")
        games, _ = reader_games(cn, path)
        lichess_checks(duckdb, cn, path, games, work)
        say("---- stdin, stdout, exit status 2")
        io_checks(cn, work)
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
    if failures:
        say(f"{len(failures)} checks FAILED (--keep-going): " + "; ".join(f.split(":")[0] + ":" + f.split(":")[1]
                                                                       if ":" in f else f for f in failures))
        sys.exit(1)
    say(f"all checks passed in {time.monotonic() - started:.1f} s")

if __name__ == "__main__":
    main()
