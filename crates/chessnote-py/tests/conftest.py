"""Shared helpers of the chessnote Python tests.

The tests compare the Python package with data no one here wrote: the shared
PGN files (``CHESSNOTE_SHARED``, else ``../shared`` beside the repository),
the committed python-chess vectors, and the Rust command line
(``CHESSNOTE_BIN``, else ``target/release/chessnote``, else
``target/debug/chessnote``).

Without the shared folder (or the command) the tests that need it are
skipped, unless ``CHESSNOTE_REQUIRE_SHARED=1`` (as in CI): then they fail.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
from functools import lru_cache
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent.parent.parent  # crates/chessnote-py/tests -> repository root
VECTORS = ROOT / "crates" / "chessnote" / "tests" / "data"

PGN_SUFFIXES = (".pgn", ".pgn.zst", ".pgn.gz", ".pgn.bz2")


def require_shared_env() -> bool:
    return os.environ.get("CHESSNOTE_REQUIRE_SHARED", "") not in ("", "0")


def _shared_dir() -> Path | None:
    env = os.environ.get("CHESSNOTE_SHARED")
    path = Path(env) if env else ROOT.parent / "shared"
    return path if (path / "data" / "pgn").is_dir() else None


SHARED = _shared_dir()
PGN_DIR = SHARED / "data" / "pgn" if SHARED else None


def _bin() -> Path | None:
    env = os.environ.get("CHESSNOTE_BIN")
    if env:
        return Path(env)
    for build in ("release", "debug"):
        path = ROOT / "target" / build / "chessnote"
        if path.is_file():
            return path
    return None


BIN = _bin()


def missing(what: str) -> None:
    """Skips the calling test, or fails it when CHESSNOTE_REQUIRE_SHARED=1."""
    if require_shared_env():
        pytest.fail(f"{what} is missing and CHESSNOTE_REQUIRE_SHARED=1", pytrace=False)
    pytest.skip(f"{what} is missing (set CHESSNOTE_SHARED / CHESSNOTE_BIN)")


def python_chess():
    """python-chess 1.11.2, the test-only oracle of the python-chess API
    (never a dependency of the wheel); missing, the calling test skips, or
    fails under CHESSNOTE_REQUIRE_SHARED=1 (CI installs it)."""
    try:
        import chess
        import chess.pgn
        import chess.polyglot
    except ImportError:
        missing("python-chess (pip install chess==1.11.2)")
    return chess


def python_chess_games(chess, relative: str, count: int):
    """The first ``count`` games of a shared PGN file (plain or ``.zst``),
    read by python-chess."""
    path = shared_file(relative)
    text = zstd_text(path) if relative.endswith(".zst") else path.read_text(encoding="utf-8", errors="replace")
    handle = io.StringIO(text)
    for _ in range(count):
        game = chess.pgn.read_game(handle)
        if game is None:
            return
        yield game


def pgn_dir() -> Path:
    if PGN_DIR is None:
        missing("the shared data folder (CHESSNOTE_SHARED or ../shared)")
    return PGN_DIR


def cli() -> Path:
    if BIN is None or not BIN.is_file():
        missing(f"the chessnote command ({BIN or 'target/release/chessnote'})")
    return BIN


def _is_pgn(path: Path) -> bool:
    return path.is_file() and path.name.lower().endswith(PGN_SUFFIXES)


def all_pgn_files() -> list[Path]:
    """Every PGN file of the shared data, sorted by path (empty without it)."""
    if PGN_DIR is None:
        return []
    return sorted(p for p in PGN_DIR.rglob("*") if _is_pgn(p))


def rel(path: Path) -> str:
    return path.relative_to(PGN_DIR).as_posix()


def pgn_params(predicate=lambda rel_path: True):
    """pytest params over the shared PGN files whose relative path matches;
    one placeholder (None) when the shared folder is missing, so that the
    test runs and skips (or fails under CHESSNOTE_REQUIRE_SHARED=1)."""
    files = [p for p in all_pgn_files() if predicate(rel(p))]
    if not files:
        return [pytest.param(None, id="no-shared-data")]
    return [pytest.param(p, id=rel(p)) for p in files]


def shared_file(relative: str) -> Path:
    path = pgn_dir() / relative
    if not path.is_file():
        missing(f"shared file {relative}")
    return path


def run_cli(*args: str, ok=(0, 1)) -> subprocess.CompletedProcess:
    """Runs the chessnote command; exit 1 (a game with problems) is fine."""
    proc = subprocess.run(
        [str(cli()), *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=False
    )
    assert proc.returncode in ok, (args, proc.returncode, proc.stderr[-2000:])
    return proc


def cli_lines(path: Path, *extra: str) -> list[str]:
    """The lines ``chessnote pgn convert --to json FILE`` prints, one per game."""
    proc = run_cli("pgn", "convert", "--to", "json", "--no-progress", *extra, str(path))
    return [line for line in proc.stdout.decode("utf-8").splitlines() if line]


def to_json(d: dict) -> str:
    """A game dict as the command writes it (compact, UTF-8, keys in order)."""
    return json.dumps(d, ensure_ascii=False, separators=(",", ":"))


def assert_same_games(ours: list[dict], lines: list[str], what: str = "") -> None:
    """Our to_dict()s equal the command's JSON objects. Comparing the text
    first is fast; where it differs (it need not be byte for byte: key order
    is free), the parsed objects must be equal."""
    assert len(ours) == len(lines), f"{what}: {len(ours)} games here, {len(lines)} from the command"
    for i, (d, line) in enumerate(zip(ours, lines)):
        if to_json(d) != line:
            theirs = json.loads(line)
            assert d == theirs, f"{what}: {first_difference([d], [theirs])} (game {i})"


def cli_json(path: Path, *extra: str) -> list[dict]:
    """The objects ``chessnote pgn convert --to json FILE`` prints, one per game."""
    proc = run_cli("pgn", "convert", "--to", "json", "--no-progress", *extra, str(path))
    return [json.loads(line) for line in proc.stdout.decode("utf-8").splitlines() if line]


@lru_cache(maxsize=64)
def cli_json_cached(path: Path) -> tuple[dict, ...]:
    return tuple(cli_json(path))


def zstd_bytes(path: Path) -> bytes:
    import zstandard

    with open(path, "rb") as f:
        return zstandard.ZstdDecompressor().stream_reader(f).read()


def zstd_text(path: Path) -> str:
    return zstd_bytes(path).decode("utf-8")


def zstd_lines(path: Path):
    import zstandard

    with open(path, "rb") as f:
        reader = zstandard.ZstdDecompressor().stream_reader(f)
        yield from io.TextIOWrapper(reader, encoding="utf-8")


def first_difference(ours: list, theirs: list) -> str:
    """A short account of where two lists of game dicts first differ."""
    if len(ours) != len(theirs):
        head = f"{len(ours)} games vs {len(theirs)}; "
    else:
        head = ""
    for i, (a, b) in enumerate(zip(ours, theirs)):
        if a != b:
            if isinstance(a, dict) and isinstance(b, dict):
                keys = sorted(set(a) | set(b))
                diff = {k: (a.get(k, "<absent>"), b.get(k, "<absent>")) for k in keys if a.get(k, "<absent>") != b.get(k, "<absent>")}
                return f"{head}game {i}: {str(diff)[:3000]}"
            return f"{head}item {i}: {str(a)[:1500]} != {str(b)[:1500]}"
    return head or "equal"
