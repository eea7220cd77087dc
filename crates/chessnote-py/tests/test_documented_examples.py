"""python-chess's own documented examples, run with the import changed.

The examples are python-chess 1.11.2's: its README (the package's long
description, ``importlib.metadata``) and the doctests of the API pages'
modules (``chess``, ``chess.pgn``, ``chess.polyglot``, ``chess.svg``, and
``chess.engine``'s scores), read
from the installed test-only oracle (nothing of python-chess is copied
here). Each example is run twice: with python-chess, and with
``chessnote`` standing in for ``chess`` (``sys.modules``), in a folder whose
``data/pgn`` holds the shared python-chess PGN files the examples open.
Every example that passes with python-chess must pass with chessnote, but
those listed in ``NOT_PROVIDED`` (with why).
"""

from __future__ import annotations

import doctest
import importlib.metadata
import os
import sys

import pytest

import chessnote
import chessnote.engine
import chessnote.pgn
import chessnote.polyglot
import chessnote.svg
from conftest import pgn_dir, python_chess

# (test name, source of the example's first line): what chessnote does not
# provide, or answers differently on purpose (docs/python.md).
NOT_PROVIDED = {
    # The README pushes White's knight when Black is to move (it is mated):
    # python-chess plays any move without a check, chessnote's push plays
    # legal moves only (IllegalMoveError). The pop after it then takes back
    # the mate instead.
    ("README", "board.push(Nf3)  # Make the move"): "push plays legal moves only",
    ("README", "board.pop()  # Unmake the last move"): "after the refused push",
    # chess.engine (UCI and XBoard engines) is not provided.
    ("README", "limit = chess.engine.Limit(time=2.0)"): "no chess.engine",
}


class Recorder(doctest.DocTestRunner):
    """Records whether each example passed."""

    def __init__(self):
        super().__init__(optionflags=doctest.ELLIPSIS, verbose=False)
        self.outcomes: dict[tuple[str, int], bool] = {}

    def report_success(self, out, test, example, got):
        self.outcomes[(test.name, test.examples.index(example))] = True

    def report_failure(self, out, test, example, got):
        self.outcomes[(test.name, test.examples.index(example))] = False

    def report_unexpected_exception(self, out, test, example, exc_info):
        self.outcomes[(test.name, test.examples.index(example))] = False


MODULES = ("chess", "chess.pgn", "chess.polyglot", "chess.svg", "chess.engine")


def documented_tests(chess) -> list:
    import chess.engine
    import chess.pgn
    import chess.polyglot
    import chess.svg

    finder = doctest.DocTestFinder()
    tests = []
    for name in MODULES:
        tests += [t for t in finder.find(sys.modules[name]) if t.examples]
    readme = importlib.metadata.metadata("chess").get_payload()
    tests.append(doctest.DocTestParser().get_doctest(readme, {}, "README", "README", 0))
    return tests


def run(tests, package) -> dict:
    recorder = Recorder()
    for test in tests:
        test.globs = {"chess": package}
        recorder.run(test, out=lambda text: None, clear_globs=True)
    return recorder.outcomes


def test_python_chess_s_documented_examples_run_on_chessnote(tmp_path, monkeypatch):
    chess = python_chess()
    tests = documented_tests(chess)
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "pgn").symlink_to(pgn_dir() / "small" / "python-chess")
    monkeypatch.chdir(tmp_path)
    theirs = run(tests, chess)
    saved = {name: sys.modules[name] for name in MODULES}
    ours_modules = dict(zip(MODULES, (chessnote, chessnote.pgn, chessnote.polyglot, chessnote.svg,
                                      chessnote.engine)))
    try:
        sys.modules.update(ours_modules)
        ours = run(tests, chessnote)
    finally:
        sys.modules.update(saved)
    sources = {(t.name, i): e.source.splitlines()[0] for t in tests for i, e in enumerate(t.examples)}
    passing = {key for key, ok in theirs.items() if ok}
    assert len(passing) > 90, len(passing)
    failing = sorted((name, sources[(name, i)]) for (name, i) in passing if not ours[(name, i)])
    assert set(failing) == set(NOT_PROVIDED), "\n".join(map(repr, failing))
