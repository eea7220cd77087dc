"""read_table and parse_movetext: Arrow for pyarrow, Polars, DuckDB and Spark.

The tables are checked against read_pgn's games (themselves checked against
the Rust reader in test_games.py) and against the Arrow IPC file that
``chessnote pgn export --to arrow`` writes.
"""

from __future__ import annotations

import pyarrow as pa
import pyarrow.ipc
import pytest

import chessnote
from conftest import cli, run_cli, shared_file

LICHESS = "medium/lichess_db_1000k.pgn"  # clocks on every move, no problems
CARLSEN = "medium/pgnmentor-Carlsen-crlf.pgn"  # 29 games with an illegal move
TCEC960 = "tcec/TCEC_Season_21_-_Frc4_Final.pgn.zst"  # Chess960, evals, zstd
FILES = [LICHESS, CARLSEN, TCEC960, "small/python-chess/immortal-games-latin1-crlf.pgn"]

# The 18 columns of the Hugging Face dataset Lichess/standard-chess-games, in
# its order (https://huggingface.co/datasets/Lichess/standard-chess-games).
HF_COLUMNS = [
    "Event", "Site", "White", "Black", "Result", "WhiteTitle", "BlackTitle",
    "WhiteElo", "BlackElo", "WhiteRatingDiff", "BlackRatingDiff", "UTCDate",
    "UTCTime", "ECO", "Opening", "Termination", "TimeControl", "movetext",
]


def games_of(path, **options):
    return list(chessnote.read_pgn(path, **options))


def tag(game, name):
    """A tag's first value (the table's columns hold the first occurrence)."""
    return next((v for n, v in game.tags if n == name), None)


def first_error(game):
    return game.errors[0].message if game.errors else None


def check_against_games(table: pa.Table, games) -> None:
    """A lichess-preset table holds what read_pgn's games hold."""
    assert table.num_rows == len(games)
    cols = table.to_pydict()
    for i, g in enumerate(games):
        at = f"row {i}"
        assert cols["uci"][i] == g.uci, at
        assert cols["clk"][i] == g.clocks, at
        assert cols["White"][i] == tag(g, "White"), at
        assert cols["Black"][i] == tag(g, "Black"), at
        assert cols["Result"][i] == tag(g, "Result"), at
        assert cols["Plies"][i] == g.plies, at
        assert cols["status"][i] == ("error" if g.errors else "ok"), at
        assert cols["warnings"][i] == [w.kind for w in g.warnings], at
        assert cols["parse_error"][i] == first_error(g), at
        if g.errors:
            assert cols["error_kind"][i] == g.errors[0].kind, at
            assert cols["error_ply"][i] == g.errors[0].ply, at
        evals = g.evals
        assert cols["eval_cp"][i] == [e.get("cp") if e else None for e in evals], at
        assert cols["eval_mate"][i] == [e.get("mate") if e else None for e in evals], at
        assert cols["source_offset"][i] == g.offset, at


@pytest.mark.parametrize("relative", FILES)
def test_pyarrow_table_holds_the_games(relative):
    path = shared_file(relative)
    games = games_of(path)
    table = pa.table(chessnote.read_table(path))
    check_against_games(table, games)
    meta = table.schema.metadata
    assert meta[b"chessnote.schema"] == b"chessnote.lichess.v1"
    if relative == CARLSEN:
        # 29 wrong `+` for `#`: warnings by default, errors when strict.
        assert any(g.warnings for g in games) and not any(g.errors for g in games)
        strict = games_of(path, strict=True)
        assert any(g.errors for g in strict)  # error rows are exercised
        check_against_games(pa.table(chessnote.read_table(path, strict=True)), strict)


def test_record_batch_reader_and_iteration():
    path = shared_file(LICHESS)
    games = games_of(path)
    reader = pa.RecordBatchReader.from_stream(chessnote.read_table(path, batch_size=100))
    assert reader.schema.metadata[b"chessnote.schema"] == b"chessnote.lichess.v1"
    batches = list(reader)
    assert [b.num_rows for b in batches][:4] == [100, 100, 100, 100]
    check_against_games(pa.Table.from_batches(batches), games)
    # Iterating the TableReader yields chessnote RecordBatches, each an Arrow array.
    tr = chessnote.read_table(path, batch_size=128)
    assert tr.column_names == chessnote.column_names("lichess")
    ours = [pa.record_batch(b) for b in tr]
    assert sum(len(b) for b in ours) == len(games)
    assert max(len(b) for b in ours) == 128
    assert pa.Table.from_batches(ours).equals(pa.Table.from_batches(batches))


def test_schema_and_column_names():
    for columns in ("lichess", "minimal", "full", "hf", "minimal,clk,eval_cp", ["White", "uci"]):
        schema = pa.schema(chessnote.schema(columns))
        assert schema.names == chessnote.column_names(columns)
        assert schema.metadata[b"chessnote.schema"] == b"chessnote.lichess.v1"
    assert chessnote.column_names("hf") == HF_COLUMNS
    assert len(chessnote.column_names("lichess")) == 40
    assert len(chessnote.column_names("full")) == 47
    # Whatever order columns are asked for in, the schema's order.
    assert chessnote.column_names(["uci", "White"]) == ["White", "uci"]
    # The plies table's own columns are the command's (`export --table plies`).
    for columns in ("plies", "minimal,key"):
        with pytest.raises(ValueError, match="plies table"):
            chessnote.column_names(columns)


@pytest.mark.parametrize("columns", ["lichess", "full", "minimal", "hf", "minimal,clk,eval_cp,san"])
def test_the_table_equals_the_commands_arrow_export(columns, tmp_path):
    cli()
    path = shared_file(CARLSEN)
    out = tmp_path / "t.arrow"
    run_cli("pgn", "export", "--to", "arrow", "--no-progress", "--columns", columns, "--out", str(out), str(path))
    theirs = pa.ipc.open_file(out).read_all()
    ours = pa.table(chessnote.read_table(path, columns=columns, source_name=str(path)))
    assert ours.schema.equals(theirs.schema, check_metadata=False), f"{ours.schema}\n!=\n{theirs.schema}"
    assert ours.schema.metadata[b"chessnote.schema"] == theirs.schema.metadata[b"chessnote.schema"]
    assert ours.num_rows == theirs.num_rows
    for name in theirs.column_names:
        assert ours.column(name).equals(theirs.column(name)), name


def test_threads_give_identical_tables():
    for relative in (LICHESS, CARLSEN, TCEC960):
        path = shared_file(relative)
        one = pa.table(chessnote.read_table(path, columns="full"))
        two = pa.table(chessnote.read_table(path, columns="full", threads=2, batch_size=1000))
        assert one.equals(two), relative
        zero = pa.table(chessnote.read_table(path, columns="full", threads=0, batch_size=77))
        assert one.equals(zero), relative


def test_where_and_leniencies_apply_to_tables():
    path = shared_file(CARLSEN)
    games = games_of(path, strict=True, allow=["wrong-suffix"])
    table = pa.table(chessnote.read_table(path, strict=True, allow=["wrong-suffix"]))
    check_against_games(table, games)
    strict = games_of(path, strict=True)
    assert len([g for g in games if g.errors]) < len([g for g in strict if g.errors])
    games = games_of(path, where='Result = "1-0"')
    table = pa.table(chessnote.read_table(path, where='Result = "1-0"'))
    check_against_games(table, games)
    assert 0 < table.num_rows < len(games_of(path))


def test_polars_reads_the_same_values():
    pl = pytest.importorskip("polars")
    path = shared_file(CARLSEN)
    games = games_of(path)
    # (pl.DataFrame, not pl.from_arrow: Polars makes a Series of structs of
    # any PyCapsule stream that is not pyarrow's.)
    df = pl.DataFrame(chessnote.read_table(path))
    assert df.height == len(games)
    assert df.columns == chessnote.column_names("lichess")
    assert df["uci"].to_list() == [g.uci for g in games]
    assert df["clk"].to_list() == [g.clocks for g in games]
    assert df["White"].to_list() == [tag(g, "White") for g in games]
    assert df["Result"].to_list() == [tag(g, "Result") for g in games]
    assert df["parse_error"].to_list() == [first_error(g) for g in games]


def test_duckdb_reads_the_same_values():
    duckdb = pytest.importorskip("duckdb")
    path = shared_file(CARLSEN)
    games = games_of(path, strict=True)
    r = chessnote.read_table(path, strict=True)  # noqa: F841 (DuckDB finds it by name)
    assert duckdb.sql("SELECT count(*) FROM r").fetchall() == [(len(games),)]
    r = chessnote.read_table(path, strict=True)  # noqa: F841
    rows = duckdb.sql("SELECT White, Black, Result, uci, clk, parse_error FROM r").fetchall()
    assert rows == [
        (tag(g, "White"), tag(g, "Black"), tag(g, "Result"), g.uci, g.clocks, first_error(g))
        for g in games
    ]
    r = chessnote.read_table(path, strict=True)  # noqa: F841
    errors = duckdb.sql("SELECT count(*) FROM r WHERE status = 'error'").fetchall()[0][0]
    assert errors == sum(1 for g in games if g.errors) > 0
    # By default the same games are read whole, their deviations warnings.
    r = chessnote.read_table(path)  # noqa: F841
    warned = duckdb.sql("SELECT count(*) FROM r WHERE len(warnings) > 0").fetchall()[0][0]
    assert warned == errors
    # A chessnote RecordBatch (parse_movetext's) too.
    hf = pa.table(chessnote.read_table(path, columns="hf"))
    b = chessnote.parse_movetext(hf.to_batches()[0], keep=["White"], strict=True)  # noqa: F841
    rows = duckdb.sql("SELECT White, uci, status FROM b").fetchall()
    n = hf.to_batches()[0].num_rows
    assert rows == [(tag(g, "White"), g.uci, "error" if g.errors else "ok") for g in games[:n]]


def test_a_consumed_reader_does_not_crash():
    path = shared_file(LICHESS)
    r = chessnote.read_table(path)
    first = pa.table(r)
    assert first.num_rows > 0
    for again in (lambda: pa.table(r), lambda: pa.RecordBatchReader.from_stream(r).read_all(), lambda: list(r)):
        try:
            result = again()
        except Exception as e:  # noqa: BLE001: any Python exception is fine, a crash is not
            assert isinstance(e, (ValueError, RuntimeError, OSError, TypeError, StopIteration)), repr(e)
        else:
            rows = result.num_rows if hasattr(result, "num_rows") else sum(len(b) for b in result)
            assert rows == 0
    # Iterated to its end, then exported.
    r = chessnote.read_table(path)
    assert sum(len(b) for b in r) == first.num_rows
    try:
        rest = pa.table(r)
    except Exception as e:  # noqa: BLE001
        assert isinstance(e, (ValueError, RuntimeError, OSError, TypeError)), repr(e)
    else:
        assert rest.num_rows == 0


# --- parse_movetext: the Hugging Face shape, as Spark's mapInArrow feeds it ----

MOVE_COLUMNS = ["Plies", "uci", "clk", "eval_cp", "eval_mate", "status", "parse_error"]


def map_in_arrow(batches, **options):
    """What Spark's mapInArrow does with a function of an iterator of batches."""

    def func(iterator):
        for batch in iterator:
            yield pa.record_batch(chessnote.parse_movetext(batch, **options))

    return list(func(iter(batches)))


def column(table_or_batch, name):
    names = table_or_batch.schema.names
    matches = [n for n in names if n.lower() == name.lower()]
    assert matches, f"{name} not in {names}"
    return table_or_batch.column(matches[0]).to_pylist()


@pytest.mark.parametrize("relative", [LICHESS, CARLSEN, "medium/twic0920.pgn"])
def test_parse_movetext_on_hugging_face_batches(relative):
    path = shared_file(relative)
    hf = pa.table(chessnote.read_table(path, columns="hf"))
    assert hf.schema.names == HF_COLUMNS
    full = pa.table(chessnote.read_table(path, columns="full"))
    batches = hf.to_batches(max_chunksize=200)
    assert len(batches) > 1
    out = pa.Table.from_batches(map_in_arrow(batches))
    assert out.num_rows == hf.num_rows
    # Input columns first, then the new ones.
    added = pa.schema(chessnote.movetext_schema()).names
    assert out.schema.names == HF_COLUMNS + added
    for name in HF_COLUMNS:
        assert out.column(name).equals(hf.column(name)), name
    for name in MOVE_COLUMNS:
        if any(n.lower() == name.lower() for n in added):
            assert column(out, name) == column(full, name), name
    if relative == CARLSEN:
        assert "error" not in column(out, "status")
        assert any(column(out, "warnings"))
        strict = pa.Table.from_batches(map_in_arrow(batches, strict=True))
        assert "error" in column(strict, "status")


def test_parse_movetext_keep_options():
    path = shared_file(CARLSEN)
    hf = pa.table(chessnote.read_table(path, columns="hf"))
    batch = hf.to_batches()[0]
    added = pa.schema(chessnote.movetext_schema()).names
    dropped = pa.record_batch(chessnote.parse_movetext(batch, keep=False))
    assert dropped.schema.names == added
    chosen = pa.record_batch(chessnote.parse_movetext(batch, keep=["White"]))
    assert chosen.schema.names == ["White"] + added
    assert chosen.column("White").equals(batch.column("White"))
    kept = pa.record_batch(chessnote.parse_movetext(batch, keep=True))
    for name in added:
        assert kept.column(name).equals(dropped.column(name)), name
    # A Table, a Polars DataFrame and a bare string array give the same columns.
    from_table = pa.record_batch(chessnote.parse_movetext(pa.Table.from_batches([batch]), keep=False))
    assert from_table.equals(dropped)
    pl = pytest.importorskip("polars")
    from_polars = pa.record_batch(chessnote.parse_movetext(pl.from_arrow(batch), keep=False))
    for name in added:
        assert from_polars.column(name).to_pylist() == dropped.column(name).to_pylist(), name
    from_array = pa.record_batch(chessnote.parse_movetext(batch.column("movetext")))
    for name in added:
        assert from_array.column(name).to_pylist() == dropped.column(name).to_pylist(), name
    # Another column name.
    renamed = batch.rename_columns([("pgn" if n == "movetext" else n) for n in batch.schema.names])
    other = pa.record_batch(chessnote.parse_movetext(renamed, column="pgn", keep=False))
    assert other.equals(dropped)


def test_parse_movetext_bad_strings_are_error_rows():
    texts = pa.array(["1. e4 e5 2. Nf3 Nc6 *", "1. e4 e5 2. Ke3 *", "1. e4 {unterminated", "", None, "((((", "\x00\xff"])
    out = pa.record_batch(chessnote.parse_movetext(texts))
    assert out.num_rows == len(texts)
    status = column(out, "status")
    uci = column(out, "uci")
    errors = column(out, "parse_error")
    assert status[0] == "ok" and uci[0] == ["e2e4", "e7e5", "g1f3", "b8c6"] and errors[0] is None
    assert status[1] == "error" and uci[1] == ["e2e4", "e7e5"] and "Ke3" in errors[1]
    assert status[2] == "error" and errors[2]
    # The same game read by read_pgn reports the same first problem.
    game = next(chessnote.read_pgn(b"1. e4 e5 2. Ke3 *\n"))
    assert errors[1] == game.errors[0].message


def test_spark_schema_names_the_movetext_columns():
    ddl = chessnote.spark_schema()
    assert isinstance(ddl, str)
    names = pa.schema(chessnote.movetext_schema()).names
    fields = [f.strip().split()[0].strip("`") for f in split_top_level(ddl)]
    assert fields == names
    chosen = ["uci", "san", "error_line"]
    ddl = chessnote.spark_schema(chosen)
    assert [f.strip().split()[0].strip("`") for f in split_top_level(ddl)] == pa.schema(
        chessnote.movetext_schema(chosen)
    ).names == chosen


def split_top_level(ddl: str) -> list[str]:
    """Splits a DDL string at the commas outside <...> and (...)."""
    out, depth, cur = [], 0, ""
    for c in ddl:
        if c in "<(":
            depth += 1
        elif c in ">)":
            depth -= 1
        if c == "," and depth == 0:
            out.append(cur)
            cur = ""
        else:
            cur += c
    if cur.strip():
        out.append(cur)
    return out


@pytest.mark.parametrize("relative", ["small/pychess-puzzles/mate_in_3.pgn",
                                      "small/pychess-lichess-studies/lichess_study_beautiful-chess-studies-1_by_thijscom_2018.03.05.pgn"])
def test_parse_movetext_starts_from_the_fen_and_variant_columns(relative):
    """Set-up games: the FEN column (as read_table writes it) is the start,
    so the moves are those the reader replays from the FEN tag; without it,
    the same strings replay from the standard start and go wrong. (The
    puzzles write fullmove 0: read leniently.)"""
    path = shared_file(relative)
    table = pa.table(chessnote.read_table(path, columns="hf,FEN,Variant", lenient=True))
    assert sum(1 for f in column(table, "FEN") if f) > 10
    full = pa.table(chessnote.read_table(path, columns="full", lenient=True))
    assert sum(len(u) for u in column(full, "uci")) > 100
    out = pa.Table.from_batches(map_in_arrow(table.to_batches(max_chunksize=100), lenient=True))
    # A problem in the other tags (an unescaped quote) is not the movetext's.
    rows = [i for i, kind in enumerate(column(full, "error_kind")) if kind != "unescaped-quote"]
    assert len(rows) > out.num_rows - 5
    for name in MOVE_COLUMNS:
        ours, theirs = column(out, name), column(full, name)
        assert [ours[i] for i in rows] == [theirs[i] for i in rows], name
    # Errors are placed in the movetext string, not in the tags added before it.
    for row, line in enumerate(column(out, "error_line")):
        if line is not None:
            text = column(table, "movetext")[row]
            assert 1 <= line <= text.count("\n") + 1, (row, line)
    without = pa.Table.from_batches(map_in_arrow(table.drop_columns(["FEN", "Variant"]).to_batches(), lenient=True))
    assert column(without, "uci") != column(full, "uci")


def test_parse_movetext_places_errors_in_the_movetext_after_a_fen():
    batch = pa.record_batch({
        "FEN": ["4k3/8/8/8/8/8/8/4K2R w K - 0 1", "4k3/8/8/8/8/8/8/4K2R w K - 0 1", "not a fen"],
        "movetext": ["1. O-O Kd7 *", "1. O-O Kd7\n2. Kh3 *", "1. e4 *"],
    })
    out = pa.record_batch(chessnote.parse_movetext(batch, keep=False))
    assert column(out, "uci")[0] == ["e1g1", "e8d7"] and column(out, "status")[0] == "ok"
    assert column(out, "uci")[1] == ["e1g1", "e8d7"] and column(out, "status")[1] == "error"
    # `Kh3` is the first token of the second line of the string.
    assert (column(out, "error_line")[1], column(out, "error_column")[1]) == (2, 4)
    assert column(out, "status")[2] == "error" and column(out, "uci")[2] == []
    assert (column(out, "error_line")[2], column(out, "error_column")[2]) == (1, 1)


def test_plan_and_ranges_read_every_game_once(tmp_path):
    """A .zst of several frames (as pzstd writes the Lichess dumps), cut by
    ``plan``: its ranges, read with ``range=``, give together the whole
    file's games and rows, in order, and ``plan`` agrees with the command."""
    import zstandard

    text = shared_file(LICHESS).read_bytes()
    # Frames cut at arbitrary bytes, not at games, as pzstd cuts them.
    cuts = [0, len(text) // 5 + 17, len(text) // 2 + 3, len(text) * 4 // 5 - 11, len(text)]
    path = tmp_path / "frames.pgn.zst"
    path.write_bytes(
        b"".join(zstandard.ZstdCompressor().compress(text[a:b]) for a, b in zip(cuts, cuts[1:]))
    )
    ranges = chessnote.plan(path, 3)
    assert len(ranges) == 3
    assert ranges[0][0] == 0 and ranges[-1][1] == path.stat().st_size
    lines = run_cli("pgn", "plan", "--parts", "3", str(path), ok=(0,)).stdout.decode().split()
    assert lines == [f"{a}:{b}" for a, b in ranges]
    whole = [(g.index, g.uci) for g in chessnote.read_pgn(path)]
    parts = [
        (g.index, g.uci)
        for a, b in ranges
        for g in chessnote.read_pgn(path, range=f"{a}:{b}", threads=2)
    ]
    assert len(whole) > 100
    # Each range's games are numbered from its start: compare the moves.
    assert [uci for _, uci in parts] == [uci for _, uci in whole]
    table = pa.table(chessnote.read_table(path, columns="minimal"))
    tables = [pa.table(chessnote.read_table(path, columns="minimal", range=f"{a}:{b}")) for a, b in ranges]
    assert sum(t.num_rows for t in tables) == table.num_rows
    assert pa.concat_tables(tables).column("uci").equals(table.column("uci"))
    with pytest.raises(ValueError):
        chessnote.read_pgn(path, range="12")
    with pytest.raises(TypeError):
        chessnote.read_pgn(text, range=f"{ranges[0][0]}:{ranges[0][1]}")
    with pytest.raises(OSError):
        chessnote.plan(shared_file(LICHESS), 2)
