"""read_pgn against the Rust reader (the `chessnote` command) and python-chess.

Every PGN file of the shared data is read with ``chessnote.read_pgn`` and
compared, game by game, with ``chessnote pgn convert --to json FILE``; the
real-game files also with python-chess 1.11.2's reading of them (the
committed vectors ``pgn-vectors.jsonl.zst``).
"""

from __future__ import annotations

import bz2
import gzip
import hashlib
import io
import itertools
import json
import lzma
import re
import subprocess
import zipfile
from pathlib import Path
from types import SimpleNamespace

import pytest

import chessnote
import chessnote.variant
from conftest import (
    ROOT,
    VECTORS,
    all_pgn_files,
    cli,
    assert_same_games,
    cli_json,
    cli_json_cached,
    cli_lines,
    first_difference,
    missing,
    pgn_dir,
    pgn_params,
    rel,
    run_cli,
    shared_file,
    zstd_lines,
)



# The `Variant` names of the Lichess variants in the shared files.
LICHESS_VARIANTS = {"crazyhouse", "atomic", "antichess", "horde", "racing kings",
                    "king of the hill", "three-check"}


def error_tuple(e) -> tuple:
    return (e.kind, e.message, e.offset, e.line, e.column, e.ply)


def dict_error_tuple(e: dict) -> tuple:
    return (e["kind"], e["message"], e["offset"], e["line"], e["column"], e["ply"])


def check_accessors(game, d: dict, replay: bool) -> None:
    """The properties of a Game say what its to_dict says."""
    where = f"game {d['index']} at line {d['line']}"
    assert game.index == d["index"], where
    assert game.offset == d["offset"], where
    assert game.line == d["line"], where
    # Tags in the order written.
    assert list(game.headers.items()) == list(d["headers"].items()), where
    assert game.fen == d["fen"], where
    assert game.chess960 == d["chess960"], where
    assert game.result == d["result"], where
    assert game.plies == d["plies"], where
    assert game.uci == d["uci"], where
    assert game.san == d["san"], where
    assert game.clocks == d["clocks"], where
    assert game.evals == d["evals"], where
    assert game.opening == d["opening"], where
    assert [error_tuple(e) for e in game.errors] == [dict_error_tuple(e) for e in d["errors"]], where
    moves = game.moves()
    assert len(moves) == len(d["uci"]), where
    if not replay:
        return
    # A game of a Lichess variant is replayed by its rules (its moves and
    # SAN are compared above); its board is its variant's, the moves
    # replayed by the same rules.
    variant = game.headers.get("Variant", "").strip()
    if variant.lower() in LICHESS_VARIANTS:
        end = game.board()
        cls = chessnote.variant.find_variant(variant)
        assert type(end) is cls, where
        start = cls(game.headers["FEN"]) if "FEN" in game.headers else cls()
        for uci in game.uci:
            start.push_uci(uci)
        assert end.fen() == start.fen(), where
        assert [m.uci() for m in end.move_stack] == game.uci, where
        return
    # The board after the game: the moves replayed from the start position.
    end = game.board()
    start = chessnote.Board(game.fen, chess960=game.chess960)
    assert start.fen() == game.fen, where
    board = start.copy()
    for uci in game.uci:
        board.push_uci(uci)
    assert end.fen() == board.fen(), where
    # The move stack holds the game's moves, which name the same UCI.
    replayed = start.copy()
    stack = end.move_stack
    assert len(stack) == len(game.uci), where
    for move, uci in zip(stack, game.uci):
        assert replayed.uci(move) == uci, where
        replayed.push(move)
    assert replayed.fen() == end.fen(), where
    assert [m for m in moves] == stack, where


def compare_file(path: Path, **options) -> list:
    lines = cli_lines(path)
    reader = chessnote.read_pgn(path, **options)
    games = list(reader)
    ours = [g.to_dict() for g in games]
    assert_same_games(ours, lines, rel(path))
    assert reader.games_read == len(games)
    for game, d in zip(games, ours):
        check_accessors(game, d, replay=True)
    return ours


HEAVY = ("large/", "books/")  # 390,000 games: read in one test only


@pytest.mark.parametrize("path", pgn_params(lambda r: not r.startswith(HEAVY)))
def test_every_file_reads_as_the_rust_reader_reads_it(path):
    if path is None:
        pgn_dir()
    cli()
    compare_file(path)


def test_the_shared_data_is_all_there():
    """The parametrized test above saw the files the data README promises."""
    files = [rel(p) for p in all_pgn_files()]
    if not files:
        pgn_dir()
    dirs = {f.split("/")[0] for f in files}
    assert {"small", "medium", "large", "books", "tcec"} <= dirs, dirs
    assert any(f.endswith(".pgn.zst") for f in files)
    assert len(files) >= 200, len(files)


def test_the_large_files_read_as_the_rust_reader_and_python_chess_read_them():
    """The one test that reads large/ and books/ (390,000 games), streamed
    game by game beside the command and the python-chess vectors (nothing is
    kept): every game's to_dict equals the command's object, and its tags,
    moves and result python-chess's."""
    files = [p for p in all_pgn_files() if rel(p).startswith(HEAVY)]
    if not files:
        pgn_dir()
        missing("shared data/pgn/large and books")
    vectors = vector_groups(lambda f: f.startswith(HEAVY))
    total = 0
    problems = []
    for path in files:
        name = rel(path)
        vector_name, py = next(vectors)
        assert vector_name == name
        proc = subprocess.Popen(
            [str(cli()), "pgn", "convert", "--to", "json", "--no-progress", str(path)],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        n = 0
        try:
            stream = itertools.zip_longest(chessnote.read_pgn(path, threads=2), proc.stdout, py)
            for game, line, p in stream:
                assert game is not None and line is not None, f"{name}: game counts differ after {n}"
                ours = game.to_dict()
                assert_same_games([ours], [line.decode("utf-8").rstrip("\n")], f"{name} game {n}")
                if n % 997 == 0:
                    check_accessors(game, ours, replay=True)
                # python-chess (these files need no leniency).
                assert p is not None, f"{name}: more games than python-chess read"
                # (the headers of to_dict are python-chess's rule for repeats:
                # first place, last value)
                view = SimpleNamespace(tags=list(ours["headers"].items()), uci=ours["uci"], result=ours["result"])
                problems += compare_with_python_chess(name, [p], [view])
                n += 1
        finally:
            proc.stdout.close()
            rc = proc.wait()
        assert rc in (0, 1), rc
        total += n
    assert next(vectors, None) is None
    assert total > 390_000, total
    assert not problems, "\n".join(problems[:30])


# --- The same games, however they are read --------------------------------

THREADED = [
    "medium/lichess_db_1000k.pgn",
    "medium/pgnmentor-Carlsen-crlf.pgn",
    "medium/twic0920.pgn",
    "tcec/TCEC_Season_21_-_Frc4_Final.pgn.zst",
    "small/python-chess/immortal-games-latin1-crlf.pgn",
    "small/scalachess/FWWRC.pgn",
    "small/pychess-puzzles/mate_in_4.pgn",
]


@pytest.mark.parametrize("relative", THREADED)
@pytest.mark.parametrize("threads", [3, 0])
def test_threads_give_the_same_games_in_order(relative, threads):
    path = shared_file(relative)
    theirs = list(cli_json_cached(path))
    ours = [g.to_dict() for g in chessnote.read_pgn(path, threads=threads)]
    assert ours == theirs, first_difference(ours, theirs)


SOURCES = [
    "medium/pgnmentor-Carlsen-crlf.pgn",
    "tcec/TCEC_Season_21_-_Frc4_Final.pgn.zst",
    "small/python-chess/immortal-games-latin1-crlf.pgn",
    "small/python-chess/utf8-bom.pgn",
    "small/scalachess-fixtures/invisibleChar.pgn",
]


@pytest.mark.parametrize("relative", SOURCES)
def test_paths_file_objects_and_bytes_give_the_same_games(relative):
    path = shared_file(relative)
    theirs = list(cli_json_cached(path))
    data = path.read_bytes()
    sources = {
        "str": lambda: str(path),
        "Path": lambda: path,
        "bytes": lambda: data,
        "BytesIO": lambda: io.BytesIO(data),
    }
    for name, source in sources.items():
        ours = [g.to_dict() for g in chessnote.read_pgn(source())]
        assert ours == theirs, f"{name}: {first_difference(ours, theirs)}"
    with open(path, "rb") as f:
        ours = [g.to_dict() for g in chessnote.read_pgn(f)]
    assert ours == theirs, f"open(path, 'rb'): {first_difference(ours, theirs)}"
    with open(path, "rb") as f:
        ours = [g.to_dict() for g in chessnote.read_pgn(f, threads=2)]
    assert ours == theirs, f"open(path, 'rb'), threads=2: {first_difference(ours, theirs)}"


@pytest.mark.parametrize("compress", ["gzip", "bz2", "zstd", "xz"])
def test_compressed_sources_are_told_by_content(compress, tmp_path):
    path = shared_file("medium/twic1599_1000k.pgn")
    theirs = list(cli_json_cached(path))
    data = path.read_bytes()
    if compress == "gzip":
        packed = gzip.compress(data)
    elif compress == "bz2":
        packed = bz2.compress(data)
    elif compress == "xz":
        packed = lzma.compress(data)
    else:
        import zstandard

        packed = zstandard.ZstdCompressor(level=3).compress(data)
    # A name that says nothing of the content.
    target = tmp_path / "games.dat"
    target.write_bytes(packed)
    for source in (target, packed, io.BytesIO(packed)):
        ours = [g.to_dict() for g in chessnote.read_pgn(source)]
        assert ours == theirs, f"{compress} {type(source).__name__}: {first_difference(ours, theirs)}"


def test_a_zip_archive_path_reads_its_pgn_entries(tmp_path):
    """A zip (as TWIC publishes them) given by its path: its .pgn entries in
    order, other entries left aside; as bytes or a file object, it is
    refused (its directory is at its end)."""
    first = shared_file("medium/twic1599_1000k.pgn")
    second = shared_file("small/python-chess/kasparov-deep-blue-1997.pgn")
    head, tail = list(cli_json_cached(first)), list(cli_json_cached(second))
    archive = tmp_path / "twic.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as z:
        z.write(first, "twic1599.pgn")
        z.writestr("readme.txt", "not games")
        z.write(second, "deep-blue.PGN")
    ours = [g.to_dict() for g in chessnote.read_pgn(archive)]
    # One source: the second entry's games go on counting from the first's.
    assert [g["index"] for g in ours] == list(range(len(head) + len(tail)))
    where = ("index", "line", "offset")
    strip = lambda games: [{k: v for k, v in g.items() if k not in where} for g in games]
    assert ours[: len(head)] == head, first_difference(ours[: len(head)], head)
    assert strip(ours[len(head):]) == strip(tail)
    with pytest.raises(OSError, match="zip archive.*give its path"):
        list(chessnote.read_pgn(archive.read_bytes()))


class Generous(io.RawIOBase):
    """A file object whose read(n) returns more than n bytes: all it has
    left, at most `most` at a time (some wrappers do this)."""

    def __init__(self, data, most):
        self.data, self.at, self.most = data, 0, most

    def readable(self):
        return True

    def read(self, n=-1):
        chunk = self.data[self.at:self.at + self.most]
        self.at += len(chunk)
        return chunk


@pytest.mark.parametrize("most", [1 << 20, 10_000_000])
def test_a_file_object_that_returns_more_than_asked_loses_nothing(most):
    path = shared_file("medium/twic1599_1000k.pgn")
    theirs = list(cli_json_cached(path))
    data = path.read_bytes()
    for threads in (1, 2):
        ours = [g.to_dict() for g in chessnote.read_pgn(Generous(data, most), threads=threads)]
        assert ours == theirs, f"threads={threads}: {first_difference(ours, theirs)}"


def test_a_text_file_object_is_refused():
    path = shared_file("small/python-chess/molinari-bordais-1979.pgn")
    with open(path, encoding="utf-8") as f, pytest.raises((TypeError, OSError)) as info:
        list(chessnote.read_pgn(f))
    assert "binary" in str(info.value)


# --- Options: where, leniencies ----------------------------------------------

@pytest.mark.parametrize(
    "relative,where",
    [
        ("medium/lichess_db_1000k.pgn", "WhiteElo >= 2000"),
        ("medium/lichess_db_1000k.pgn", 'Result = "1-0" and plies > 60'),
        ("medium/twic0920.pgn", "Date >= 2012.06.01 or not ECO"),
        ("medium/lichess_db_1000k.pgn", "TimeControl.base >= 600"),
    ],
)
def test_where_keeps_the_games_the_command_keeps(relative, where):
    path = shared_file(relative)
    theirs = cli_json(path, "--where", where)
    ours = [g.to_dict() for g in chessnote.read_pgn(path, where=where)]
    assert ours == theirs, first_difference(ours, theirs)
    everything = list(cli_json_cached(path))
    # The filter did something on this file (or the test proves nothing).
    assert 0 < len(ours) < len(everything), (len(ours), len(everything))


@pytest.mark.parametrize(
    "relative,allow",
    [
        ("medium/pgnmentor-Carlsen-crlf.pgn", ["wrong-suffix"]),
        ("small/python-chess/uci-moves.pgn", ["uci-moves"]),
        ("small/scalachess-fixtures/unicodeResultDraw.pgn", ["unicode-result"]),
    ],
)
def test_leniencies_read_as_the_command_reads_them(relative, allow):
    path = shared_file(relative)
    strict = cli_json(path, "--strict")
    ours = [g.to_dict() for g in chessnote.read_pgn(path, strict=True)]
    assert ours == strict, first_difference(ours, strict)
    theirs = cli_json(path, "--strict", "--allow", ",".join(allow))
    ours = [g.to_dict() for g in chessnote.read_pgn(path, strict=True, allow=allow)]
    assert ours == theirs, first_difference(ours, theirs)
    assert theirs != strict, "the leniency changes nothing on this file"
    lenient = [g.to_dict() for g in chessnote.read_pgn(path, lenient=True)]
    assert lenient == cli_json(path, "--lenient")


def test_games_name_the_san_leniencies_they_used():
    """Game.leniencies: "the SAN leniencies the moves needed (only those
    allowed)". The Carlsen file has 29 games that need wrong-suffix."""
    path = shared_file("medium/pgnmentor-Carlsen-crlf.pgn")
    strict = list(chessnote.read_pgn(path, strict=True))
    needing = {g.index for g in strict if g.errors and "wrong-suffix" in g.errors[0].message}
    assert len(needing) >= 20
    allowed = list(chessnote.read_pgn(path, strict=True, allow=["wrong-suffix"]))
    using = {g.index for g in allowed if "wrong-suffix" in g.leniencies}
    assert using == needing
    assert all(set(g.leniencies) <= {"wrong-suffix"} for g in allowed)
    # Read by default: the same games, each deviation a warning.
    default = list(chessnote.read_pgn(path))
    assert [g.uci for g in default] == [g.uci for g in allowed]
    warned = {g.index for g in default if g.warnings}
    assert warned == needing
    assert all(w.kind == "wrong-suffix" for g in default for w in g.warnings)


# --- python-chess's reading of the real-game files ---------------------------

def python_headers(tags):
    """The headers python-chess gives for these tags: the Seven Tag Roster
    first with its defaults, then the others; a repeat keeps its first place
    and its last value."""
    roster = [("Event", "?"), ("Site", "?"), ("Date", "????.??.??"), ("Round", "?"),
              ("White", "?"), ("Black", "?"), ("Result", "*")]
    out = dict(roster)
    for name, value in tags:
        out[name] = value
    return list(out.items())


def python_tag_value(value: str) -> str:
    """python-chess keeps ``\\"`` and ``\\\\`` as written; chessnote decodes them."""
    if "\\" not in value:
        return value
    return re.sub(r'\\(["\\])', r"\1", value)


def words(text) -> str:
    return " ".join((text or "").split())


def vector_records(select):
    """The python-chess vectors' game (and exception) records of the files
    `select(file)` accepts, one by one, in file order (streamed: holding
    390,000 parsed records makes the cyclic GC crawl)."""
    path = VECTORS / "pgn-vectors.jsonl.zst"
    for line in zstd_lines(path):
        m = re.search(r'"file":"([^"]*)"', line[:160])
        if not m or not select(m.group(1)) or line.startswith('{"kind":"file"'):
            continue
        value = json.loads(line)
        if value["kind"] in ("game", "exception"):
            yield value


def vector_groups(select):
    """(file, iterator of its records), file by file."""
    return itertools.groupby(vector_records(select), key=lambda v: v["file"])


def vector_games(select):
    """(file, list of its records), file by file."""
    for name, records in vector_groups(select):
        yield name, list(records)


def compare_with_python_chess(name, py, ours, with_comments=True):
    problems = []
    if len(py) != len(ours):
        return [f"{name}: {len(py)} games in python-chess, {len(ours)} here"]
    for p, g in zip(py, ours):
        at = f"{name} game {p['index']}"
        if p["kind"] == "exception":
            problems.append(f"{at}: python-chess raised")
            continue
        if "raw_headers" in p:
            headers = [(n, python_tag_value(v)) for n, v in p["raw_headers"]]
            if headers != g.tags:
                problems.append(f"{at}: tags {headers} != {g.tags}")
        elif (headers := [(n, python_tag_value(v)) for n, v in p["headers"]]) != python_headers(g.tags):
            problems.append(f"{at}: headers {headers} != {python_headers(g.tags)}")
        detail = p["detail"]
        if detail == "full":
            if p["uci"] != g.uci:
                problems.append(f"{at}: uci differ")
            elif p["san"] != g.san:
                problems.append(f"{at}: san {p['san']} != {g.san}")
        elif detail == "uci":
            if p["uci"] != " ".join(g.uci):
                problems.append(f"{at}: uci differ")
        else:
            if p["uci_sha1"] != hashlib.sha1(" ".join(g.uci).encode()).hexdigest():
                problems.append(f"{at}: uci differ (sha1)")
        if p["result"] != g.result:
            problems.append(f"{at}: result {p['result']} != {g.result}")
        if detail == "full" and with_comments:
            if words(p["starting_comment"]) != words(" ".join(g.game_comments)):
                problems.append(f"{at}: starting comment differs")
            if len(p["moves"]) == len(g.comments):
                for i, (pm, comments, nags) in enumerate(zip(p["moves"], g.comments, g.nags)):
                    if words(pm["comment"]) != words(" ".join(comments)):
                        problems.append(f"{at} ply {i + 1}: comment {pm['comment']!r} != {comments!r}")
                    if pm["nags"] != sorted(set(nags)):
                        problems.append(f"{at} ply {i + 1}: nags {pm['nags']} != {nags}")
            else:
                problems.append(f"{at}: {len(p['moves'])} moves with comments vs {len(g.comments)}")
    return problems


REAL_GAMES = ("medium/", "tcec/")


def test_real_game_files_read_as_python_chess_reads_them():
    """Tags, every mainline move (UCI and SAN), result, comments and NAGs of
    the medium and TCEC files agree with python-chess 1.11.2 (the vectors'
    doc says the real-game files are read right by it; the books and the
    large corpus are compared in the test above)."""
    pgn_dir()
    seen = 0
    problems = []
    for name, py in vector_games(lambda f: f.startswith(REAL_GAMES)):
        path = shared_file(name)
        ours = list(chessnote.read_pgn(path, lenient=True))
        problems += compare_with_python_chess(name, py, ours)
        seen += 1
    assert seen >= 7, seen
    assert not problems, "\n".join(problems[:30])


def documented_small_differences() -> set[str]:
    """The small files the Rust test lists as differing from python-chess
    (crates/chessnote/tests/pgn/python_chess.rs, `EXPECTED`)."""
    source = (ROOT / "crates/chessnote/tests/pgn/python_chess.rs").read_text(encoding="utf-8")
    block = source.split("const EXPECTED", 1)[1].split("];", 1)[0]
    return set(re.findall(r'"(small/[^"]+)"', block))


def test_small_files_agree_with_python_chess_or_differ_as_documented():
    """Every small file either agrees with python-chess in tags, moves and
    result, or is one whose difference the Rust reader's tests document."""
    pgn_dir()
    documented = documented_small_differences()
    assert len(documented) > 30
    differing = set()
    seen = 0
    for name, py in vector_games(lambda f: f.startswith("small/")):
        path = shared_file(name)
        ours = list(chessnote.read_pgn(path, lenient=True, variations=True))
        if compare_with_python_chess(name, py, ours, with_comments=False):
            differing.add(name)
        seen += 1
    assert seen > 150, seen
    assert differing <= documented, sorted(differing - documented)


def test_openings_are_named_as_lichess_names_them():
    """Lichess's games carry the ECO and Opening tags it wrote with its
    openings table: ours names nearly all of them the same (the table has
    changed a little since the games were played)."""
    games = list(chessnote.read_pgn(shared_file("medium/lichess_db_1000k.pgn")))
    same = 0
    for game in games:
        tags = dict(game.headers)
        found = game.opening
        if found is None:
            same += tags.get("Opening") == "?"
        else:
            same += (found["eco"], found["name"]) == (tags.get("ECO"), tags.get("Opening"))
            assert 1 <= found["ply"] <= min(40, game.plies)
    assert len(games) > 400 and same * 100 >= len(games) * 97
    # `where=` reads it too.
    sicilian = [g.index for g in games if g.opening and "Sicilian" in g.opening["name"]]
    path = shared_file("medium/lichess_db_1000k.pgn")
    for threads in (1, 2):
        found = [g.index for g in chessnote.read_pgn(path, where='opening ~ "Sicilian"', threads=threads)]
        assert found == sicilian and len(found) > 10
    # A game from another position has none.
    fen = next(chessnote.read_pgn(b'[FEN "8/8/8/8/8/8/8/K6k w - - 0 1"]\n\n1. Kb2 *'))
    assert fen.opening is None


def test_where_searches_positions_as_python_chess_counts():
    """`reaches`, `material` and `status` in `where=` keep as many games as
    python-chess finds (the committed counts of
    scripts/gen_search_vectors.py), in games and in tables, on one thread
    and two."""
    import pyarrow as pa

    from conftest import zstd_text

    rel = "medium/twic0920.pgn"
    vectors = Path(__file__).resolve().parents[3] / "crates/chessnote/tests/data/search.tsv.zst"
    text = zstd_text(vectors)
    want = {
        query: int(count)
        for file, query, count in (line.split("\t") for line in text.splitlines())
        if file == rel and not query.startswith("--")
    }
    assert len(want) > 20
    path = shared_file(rel)
    for query, count in want.items():
        for threads in (1, 2):
            games = list(chessnote.read_pgn(path, where=query, threads=threads))
            assert len(games) == count, (query, threads)
        table = pa.table(chessnote.read_table(path, where=query, columns=["game_index"]))
        assert table.num_rows == count, query
