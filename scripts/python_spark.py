#!/usr/bin/env python3
"""Run chessnote inside a real distributed engine: PySpark (issue 16).

Spark in local mode (`local[2]` by default) runs the Python package in its
Python workers, over real files of the shared data, two ways, and every
number Spark computes is checked against the same number computed in plain
Python from `chessnote.read_pgn` over the same files (one line per check;
exit status 1 on any mismatch, 0 when all pass):

(a) The Hugging Face route. `chessnote.read_table(FILE, columns="hf,FEN,Variant,game_index")`
    writes the games as Parquet (pyarrow, into a temporary folder) in the
    shape of the Hugging Face dataset `Lichess/standard-chess-games` (its 18
    columns: tags + `movetext`), plus `FEN` and `Variant` (the start of
    set-up and Chess960 games, which the dataset, all standard games from
    the start, does not need) and two columns to find a game again:
    `game_index` (as int64) and `source_file`. Spark reads the folder
    (`spark.read.parquet`) and runs `df.mapInArrow(parse, schema)`, where
    `parse` yields `pa.record_batch(chessnote.parse_movetext(batch, keep=KEEP))`
    for each batch and the schema is the kept columns' Spark types followed by
    `chessnote.spark_schema("moves")`. Then, in Spark: the row count, the sum
    of plies, the count of games with `--result` (default 1-0), the count by
    Result, and the count by status and by (status, error_kind, error_ply).
    Expected (read_pgn): one row per game; plies = `Game.plies`; Result = the
    first `Result` tag; status, kind and ply of the first of `Game.errors`.
    The movetext column keeps only some problems (an illegal move, written
    as read); the status checks leave out, by an anti-join in Spark, the
    games with other problems (an invalid SAN token is not written; a bad
    FEN, a tag or a result mismatch is outside the movetext), and say how
    many of each kind.
(b) The raw-dump route. A Spark DataFrame of file paths (one row per file,
    `--tasks` partitions); `mapInArrow` where each task reads its files with
    `chessnote.read_table(path, columns=COLUMNS_B, threads=1)` and yields
    the batches. Checked: games, sum of plies, rows with status 'error' (all
    of `Game.errors`), and the same per file.

`spark.sql.execution.arrow.maxRecordsPerBatch` (and read_table's
batch_size) is `--batch` (default 1000), so tasks see several batches;
the number of batches is counted with an accumulator and printed.

Usage:
    python3 scripts/python_spark.py [--shared DIR] [--all] [--sets small,medium,tcec]
                                    [--result 1-0] [--batch 1000] [--tasks 4]
                                    [--master local[2]] [--keep DIR] [--verbose]

`--shared` is the shared data folder (the one with data/pgn; a folder with
pgn/ works too); default $CHESSNOTE_SHARED, else ../shared next to the
repository. The default files are every PGN under data/pgn/small, medium
and tcec (about 8,300 games; about a minute on 2 cores, most of it Spark's
start); `--all` takes everything under data/pgn (books and large too:
about 400,000 games). A missing shared folder skips (exit 0) unless
CHESSNOTE_REQUIRE_SHARED=1 (exit 1).

Needs: the chessnote module, pyarrow, pyspark, a Java runtime (17+) and
pandas (PySpark's `mapInArrow` is built on `pandas_udf` and refuses to run
without pandas >= 2.2). Spark's workers run this interpreter
(PYSPARK_PYTHON is set to sys.executable).

Parquet `TIME(MILLIS)` (the dataset's `UTCTime`, which pyarrow writes for
time32) is a type Spark 4 cannot read (`PARQUET_TYPE_ILLEGAL`); when
`spark.read.parquet` refuses the folder for that reason the script says so
and reads it with an explicit schema of the other columns, as one must for
the dataset's own files.
"""

import argparse
import collections
import glob
import os
import shutil
import sys
import tempfile
import time

# The problems the export's movetext keeps, so that parse_movetext must find
# them again: a move that was read as SAN but is illegal in its position.
# Other problems do not survive the movetext column: an invalid SAN token is
# not written (the move is not read), tag problems (a bad FEN, an unescaped
# quote) and result mismatches are outside the movetext. Games with those are
# left out of the status checks (counted and listed by kind).
ROUND_TRIP_KINDS = {"illegal-move"}

KEEP = ["source_file", "game_index", "Result", "White", "Black"]
COLUMNS_B = "minimal,source_file,game_index"
DEFAULT_SETS = ["small", "medium", "tcec"]

FAILED = []


class Skip(Exception):
    """Route b cannot go on (said, and counted as a failure)."""



def check(name, got, want):
    """One line per check; dicts (counts by key) are compared key by key."""
    ok = got == want
    if isinstance(got, dict) and isinstance(want, dict):
        if ok:
            shown = repr(sorted(got.items(), key=str)) if len(got) <= 12 else f"{len(got)} keys, all equal"
            print(f"  ok    {name}: {shown}")
        else:
            diff = sorted((k for k in set(got) | set(want) if got.get(k) != want.get(k)), key=str)
            print(f"  FAIL  {name}: {len(diff)} of {len(set(got) | set(want))} keys differ "
                  f"(key: Spark, read_pgn):")
            for k in diff[:10]:
                print(f"          {k!r}: {got.get(k)}, {want.get(k)}")
            FAILED.append(name)
        return ok
    if ok:
        print(f"  ok    {name}: {got!r}")
    else:
        print(f"  FAIL  {name}: Spark says {got!r}, read_pgn says {want!r}")
        FAILED.append(name)
    return ok


def find_pgn_dir(arg):
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    shared = arg or os.environ.get("CHESSNOTE_SHARED") or os.path.join(root, "..", "shared")
    for sub in ("data/pgn", "pgn"):
        d = os.path.join(shared, sub)
        if os.path.isdir(d):
            return d
    return None


def list_files(pgn_dir, sets):
    files = []
    for s in sets:
        d = os.path.join(pgn_dir, s)
        if not os.path.isdir(d):
            raise SystemExit(f"python_spark: no folder {d}")
        for p in sorted(glob.glob(os.path.join(d, "**", "*"), recursive=True)):
            if os.path.isfile(p) and (".pgn" in os.path.basename(p).lower()):
                files.append(p)
    return files


def first_tag(game, name):
    for k, v in game.tags:
        if k == name:
            return v
    return None


def expected_from_read_pgn(chessnote, files):
    """Everything the checks need, from read_pgn, per game and per file."""
    games = {}  # (file, index) -> dict
    per_file = {}
    for f in files:
        n = plies = errors = 0
        for g in chessnote.read_pgn(f):
            errs = g.errors
            games[(f, g.index)] = {
                "plies": g.plies,
                "result": first_tag(g, "Result"),
                "errors": [(e.kind, e.ply, e.message) for e in errs],
            }
            n += 1
            plies += g.plies
            errors += 1 if errs else 0
        per_file[f] = (n, plies, errors)
    return games, per_file


def round_trips(errors):
    """Whether parse_movetext must see this game's problems again."""
    return all(kind in ROUND_TRIP_KINDS for kind, _ply, _msg in errors)


def expected_a(errors):
    """(status, error_kind, error_ply) parse_movetext must give the game's movetext."""
    if not errors:
        return ("ok", None, None)
    kind, ply, _msg = errors[0]
    return ("error", kind, ply)


def arrow_to_ddl(field):
    """The Spark DDL type of a column Spark read (for the kept columns)."""
    return field.dataType.simpleString()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--shared", help="the shared data folder (default $CHESSNOTE_SHARED, else ../shared)")
    ap.add_argument("--sets", default=",".join(DEFAULT_SETS), help="folders of data/pgn to read (default small,medium,tcec)")
    ap.add_argument("--all", action="store_true", help="every file under data/pgn")
    ap.add_argument("--result", default="1-0", help="the Result whose games are counted (default 1-0)")
    ap.add_argument("--batch", type=int, default=1000, help="maxRecordsPerBatch and read_table's batch_size")
    ap.add_argument("--tasks", type=int, default=4, help="partitions of the file-path DataFrame (route b)")
    ap.add_argument("--parts", type=int, default=4, help="Parquet files written for route a")
    ap.add_argument("--master", default="local[2]")
    ap.add_argument("--keep", help="write the Parquet files here and keep them")
    ap.add_argument("--cast-unsigned", action="store_true",
                    help="route b: cast read_table's unsigned columns to signed ones when the module has no "
                         "Spark schema for them (a workaround, off by default)")
    ap.add_argument("--verbose", action="store_true", help="Spark's own log at WARN")
    args = ap.parse_args()

    t_all = time.perf_counter()
    pgn_dir = find_pgn_dir(args.shared)
    if pgn_dir is None:
        msg = "python_spark: no shared data folder (--shared, $CHESSNOTE_SHARED or ../shared)"
        if os.environ.get("CHESSNOTE_REQUIRE_SHARED") == "1":
            print(msg + ": FAIL (CHESSNOTE_REQUIRE_SHARED=1)", file=sys.stderr)
            return 1
        print(msg + ": skipped", file=sys.stderr)
        return 0

    try:
        import chessnote
        import pyarrow as pa
        import pyarrow.parquet as pq
        import pyspark
    except ImportError as e:
        print(f"python_spark: {e} (needs chessnote, pyarrow, pyspark)", file=sys.stderr)
        return 2
    try:
        import pandas  # noqa: F401  (PySpark's mapInArrow needs it)
    except ImportError:
        print("python_spark: PySpark's mapInArrow needs pandas >= 2.2 (pip install 'pyspark[sql]' or pandas)",
              file=sys.stderr)
        return 2

    if args.all:
        sets = sorted(d for d in os.listdir(pgn_dir) if os.path.isdir(os.path.join(pgn_dir, d)))
    else:
        sets = [s for s in args.sets.split(",") if s]
    files = list_files(pgn_dir, sets)
    if not files:
        print(f"python_spark: no PGN files in {pgn_dir} {sets}", file=sys.stderr)
        return 1
    print(f"chessnote {chessnote.__version__}, pyarrow {pa.__version__}, pyspark {pyspark.__version__}, "
          f"Python {sys.version.split()[0]}")
    print(f"files: {len(files)} under {pgn_dir} ({','.join(sets)})")

    timings = collections.OrderedDict()

    # ---- expected, in plain Python ----
    t = time.perf_counter()
    games, per_file = expected_from_read_pgn(chessnote, files)
    timings["read_pgn (expected values, plain Python)"] = time.perf_counter() - t
    n_games = len(games)
    n_plies = sum(g["plies"] for g in games.values())
    n_err = sum(1 for g in games.values() if g["errors"])
    print(f"read_pgn: {n_games} games, {n_plies} plies, {n_err} with errors")

    # ---- Parquet in the HF shape ----
    tmp = args.keep or tempfile.mkdtemp(prefix="chessnote-spark-")
    pq_dir = os.path.join(tmp, "hf")
    os.makedirs(pq_dir, exist_ok=True)
    if os.listdir(pq_dir):
        print(f"python_spark: {pq_dir} is not empty", file=sys.stderr)
        return 2
    t = time.perf_counter()
    tables = []
    for f in files:
        tbl = pa.table(chessnote.read_table(f, columns="hf,FEN,Variant,game_index"))
        tbl = tbl.set_column(tbl.schema.get_field_index("game_index"), "game_index",
                             tbl.column("game_index").cast(pa.int64()))
        tbl = tbl.append_column("source_file", pa.array([f] * tbl.num_rows, pa.string()))
        tables.append(tbl)
    hf = pa.concat_tables(tables)
    del tables
    per_part = max(1, -(-hf.num_rows // max(1, args.parts)))
    for i, start in enumerate(range(0, hf.num_rows, per_part)):
        pq.write_table(hf.slice(start, per_part), os.path.join(pq_dir, f"part-{i:05d}.parquet"),
                       row_group_size=min(per_part, 2000))
    timings["read_table(hf) + write Parquet (pyarrow)"] = time.perf_counter() - t
    print(f"Parquet: {hf.num_rows} rows, columns {hf.column_names}")
    hf_schema = hf.schema
    del hf

    # ---- Spark ----
    os.environ["PYSPARK_PYTHON"] = sys.executable
    os.environ["PYSPARK_DRIVER_PYTHON"] = sys.executable
    from pyspark.errors import AnalysisException
    from pyspark.sql import SparkSession
    from pyspark.sql import functions as F

    t = time.perf_counter()
    spark = (
        SparkSession.builder.master(args.master)
        .appName("chessnote-python-spark")
        .config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.sql.execution.arrow.maxRecordsPerBatch", str(args.batch))
        .config("spark.sql.shuffle.partitions", "4")
        .config("spark.driver.memory", "2g")
        .getOrCreate()
    )
    sc = spark.sparkContext
    sc.setLogLevel("WARN" if args.verbose else "ERROR")
    timings["Spark start"] = time.perf_counter() - t
    spark_version = spark.version
    print(f"Spark {spark_version} ({args.master}), maxRecordsPerBatch={args.batch}")

    try:
        # ---------------- (a) the Hugging Face route ----------------
        print("\n(a) HF Parquet -> spark.read.parquet -> mapInArrow(parse_movetext)")
        t = time.perf_counter()
        sc.setLogLevel("OFF")  # the refusal below would log a stack trace
        try:
            df = spark.read.parquet(pq_dir)
            sc.setLogLevel("WARN" if args.verbose else "ERROR")
        except AnalysisException as e:
            sc.setLogLevel("WARN" if args.verbose else "ERROR")
            if "PARQUET_TYPE_ILLEGAL" not in str(e):
                raise
            bad = [f.name for f in hf_schema if pa.types.is_time(f.type)]
            first = str(e).splitlines()[0]
            print(f"  note: Spark refuses the folder: {first}")
            print(f"        reading it with an explicit schema without {bad}")
            from pyspark.sql.pandas.types import from_arrow_type
            ddl = ", ".join(f"`{f.name}` {from_arrow_type(f.type).simpleString()}"
                            for f in hf_schema if f.name not in bad)
            df = spark.read.schema(ddl).parquet(pq_dir)
        df_in = df.select(*KEEP, "FEN", "Variant", "movetext")
        moves_ddl = chessnote.spark_schema("moves")
        out_ddl = ", ".join(f"`{fld.name}` {arrow_to_ddl(fld)}" for fld in df_in.select(*KEEP).schema)
        out_ddl += ", " + moves_ddl
        print(f"  input partitions: {df_in.rdd.getNumPartitions()}")
        print(f"  spark_schema('moves') = {moves_ddl}")

        batches_a = sc.accumulator(0)
        keep = list(KEEP)

        def parse(it):
            import chessnote as cn
            import pyarrow as pa_

            for b in it:
                batches_a.add(1)
                yield pa_.record_batch(cn.parse_movetext(b, keep=keep))

        parsed = df_in.mapInArrow(parse, out_ddl).cache()
        rows = parsed.count()
        timings["(a) mapInArrow(parse_movetext) + cache"] = time.perf_counter() - t
        cols = parsed.columns
        plies_col = next(c for c in cols if c.lower() == "plies")
        status_col = next(c for c in cols if c.lower() == "status")
        kind_col = next((c for c in cols if c.lower() == "error_kind"), None)
        print(f"  output columns: {cols}")
        print(f"  batches into parse: {batches_a.value} "
              f"(over {df_in.rdd.getNumPartitions()} input partitions)")

        t = time.perf_counter()
        sum_plies = parsed.agg(F.sum(plies_col)).first()[0]
        by_status = {r[0]: r[1] for r in parsed.groupBy(status_col).count().collect()}
        n_result = parsed.filter(F.col("Result") == args.result).count()
        by_result = {r[0]: r[1] for r in parsed.groupBy("Result").count().collect()}
        timings["(a) aggregates"] = time.perf_counter() - t
        if kind_col is None:
            raise SystemExit("python_spark: parse_movetext gave no error_kind column")

        want_result = collections.Counter(g["result"] for g in games.values())
        check("a: rows", rows, n_games)
        check("a: sum(plies)", sum_plies, n_plies)
        check(f"a: games with Result = {args.result}", n_result, want_result.get(args.result, 0))
        check("a: count by Result", by_result, dict(want_result))

        # Status: over the games whose problems the movetext keeps (see
        # ROUND_TRIP_KINDS); the others are left out in Spark by an anti-join.
        left_out = [k for k, g in games.items() if not round_trips(g["errors"])]
        kinds_out = collections.Counter(g["errors"][0][0] for k, g in games.items() if not round_trips(g["errors"]))
        print(f"  status checks leave out {len(left_out)} games whose first problems the movetext cannot keep: "
              f"{dict(kinds_out.most_common())}")
        out_df = spark.createDataFrame(left_out or [("", -1)], "source_file string, game_index bigint")
        kept = parsed.join(F.broadcast(out_df), ["source_file", "game_index"], "left_anti")
        t = time.perf_counter()
        by_status = {r[0]: r[1] for r in kept.groupBy(status_col).count().collect()}
        by_kind = {(r[0], r[1], r[2]): r[3] for r in kept.groupBy(status_col, kind_col, "error_ply").count().collect()}
        timings["(a) aggregates"] += time.perf_counter() - t
        want = [expected_a(g["errors"]) for g in games.values() if round_trips(g["errors"])]
        want_status = collections.Counter(w[0] for w in want)
        check("a: count by status", by_status, dict(want_status))
        check("a: count by (status, error_kind, error_ply)", by_kind, dict(collections.Counter(want)))
        if any(n.startswith("a:") for n in FAILED):
            sel = ["source_file", "game_index", plies_col, status_col, kind_col, "error_ply"]
            got = {(r[0], r[1]): tuple(r[2:]) for r in parsed.select(*sel).collect()}
            shown = 0
            why = collections.Counter()
            for key, g in games.items():
                r = got.get(key)
                w = (g["plies"],) + expected_a(g["errors"])
                if r is None or r[0] != w[0] or (round_trips(g["errors"]) and r[1:] != w[1:]):
                    if shown < 12:
                        print(f"    differs: {key[0]} game {key[1]}: Spark (plies, status, kind, ply) {r}, "
                              f"read_pgn {w}, errors {g['errors'][:2]}")
                    shown += 1
                    why[(w[1], None if r is None else r[1])] += 1
            print(f"    {shown} games differ; (read_pgn status, Spark status): {dict(why)}")
        parsed.unpersist()

        # ---------------- (b) the raw-dump route ----------------
        print("\n(b) file paths -> mapInArrow(read_table(path, threads=1))")
        t = time.perf_counter()
        paths = spark.createDataFrame([(f,) for f in files], "path string").repartition(args.tasks)
        cols_b = COLUMNS_B
        batch = args.batch
        cast = None
        try:
            ddl_b = chessnote.spark_schema(cols_b)
            print(f"  spark_schema({cols_b!r}) = {ddl_b}")
        except Exception as e:  # what the module says
            print(f"  FAIL  chessnote.spark_schema({cols_b!r}) raised {type(e).__name__}: {e}")
            FAILED.append("b: spark_schema of read_table's columns")
            if not args.cast_unsigned:
                print("        (route b needs it; --cast-unsigned casts the batches to signed types to go on)")
                raise Skip()
            from pyspark.sql.pandas.types import from_arrow_type
            SIGNED = {pa.uint8(): pa.int16(), pa.uint16(): pa.int32(), pa.uint32(): pa.int64(),
                      pa.uint64(): pa.int64()}
            cast = pa.schema([pa.field(f.name, SIGNED.get(f.type, f.type), f.nullable)
                              for f in pa.schema(chessnote.schema(cols_b))])
            ddl_b = ", ".join(f"`{f.name}` {from_arrow_type(f.type).simpleString()}" for f in cast)
            print(f"  --cast-unsigned: batches cast to {ddl_b}")
        batches_b = sc.accumulator(0)

        def read_files(it):
            import chessnote as cn
            import pyarrow as pa_

            for b in it:
                for p in b.column("path").to_pylist():
                    for rb in cn.read_table(p, columns=cols_b, threads=1, batch_size=batch):
                        batches_b.add(1)
                        rb = pa_.record_batch(rb)
                        yield rb if cast is None else rb.cast(cast)

        raw = paths.mapInArrow(read_files, ddl_b).cache()
        rows_b = raw.count()
        timings["(b) mapInArrow(read_table) + cache"] = time.perf_counter() - t
        bcols = raw.columns
        plies_b = next(c for c in bcols if c.lower() == "plies")
        status_b = next(c for c in bcols if c.lower() == "status")
        print(f"  output columns: {bcols}")
        print(f"  batches out of read_table: {batches_b.value} over {args.tasks} tasks")
        t = time.perf_counter()
        tot = raw.agg(F.sum(plies_b), F.sum(F.when(F.col(status_b) == "error", 1).otherwise(0))).first()
        pf = {r[0]: (r[1], r[2], r[3]) for r in raw.groupBy("source_file").agg(
            F.count(F.lit(1)), F.sum(plies_b), F.sum(F.when(F.col(status_b) == "error", 1).otherwise(0))).collect()}
        timings["(b) aggregates"] = time.perf_counter() - t
        check("b: games", rows_b, n_games)
        check("b: sum(Plies)", tot[0], n_plies)
        check("b: rows with status 'error'", tot[1], n_err)
        bad_files = [f for f in files if pf.get(f, (0, 0, 0)) != per_file[f]]
        check("b: files whose (games, plies, errors) differ", len(bad_files), 0)
        for f in bad_files[:10]:
            print(f"    {f}: Spark {pf.get(f)}, read_pgn {per_file[f]}")
        raw.unpersist()
    except Skip:
        pass
    finally:
        spark.stop()
        if not args.keep:
            shutil.rmtree(tmp, ignore_errors=True)

    timings["total"] = time.perf_counter() - t_all
    print("\ntimings:")
    for k, v in timings.items():
        print(f"  {v:8.2f} s  {k}")
    print(f"Spark {spark_version}; {len(files)} files, {n_games} games")
    if FAILED:
        print(f"\n{len(FAILED)} check(s) FAILED: {', '.join(FAILED)}")
        return 1
    print("\nall checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
