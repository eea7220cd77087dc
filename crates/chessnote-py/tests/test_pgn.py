"""``chessnote.pgn`` against python-chess 1.11.2's ``chess.pgn`` (the
test-only oracle): on every shared PGN file, ``read_game`` consumes the same
lines (the stream is at the same place after each game) and gives the same
tree (moves, variations, comments, NAGs, headers, whether it has errors),
``str(game)`` and the exporters the same text; the tree edits and visitors
do what python-chess's do."""

from __future__ import annotations

import io

import pytest

import chessnote
import chessnote.pgn
from conftest import pgn_params, python_chess, rel, zstd_bytes

RAISES = "python-chess raised"

# Games read from each file (the small files are read whole).
GAMES_PER_FILE = 300

# Games whose tree or text differ, for a difference in reading listed in
# docs/pgn.md ("Differences from python-chess"): file -> game indexes.
EXPECTED: dict[str, set[int]] = {
    # `;` comments: python-chess drops them, chessnote keeps them as comments.
    'small/scalachess-fixtures/commentsAndVariations.pgn': {0},
    'small/scalachess-fixtures/fromTcecWithEngineOutput.pgn': {0},
    'small/scalachess-fixtures/inlineComments.pgn': {0},
    'small/scalachess-fixtures/multipleRootCommentsInVariation.pgn': {0},
    'small/scalachess-fixtures/rootCommentInVariation.pgn': {0},
    'small/pgn-extract/notation-variants/test-WWepd-out.pgn': {0},
    # After a move it cannot read or play, python-chess drops the rest of its variation (comments,
    # NAGs, and on the main line the result), and after one in a variation it reads the next moves
    # in the wrong position; chessnote keeps what follows and reads the moves after the variation.
    'small/python-chess/immortal-games-latin1-crlf.pgn': {0, 1, 2, 32, 33, 34, 35, 16, 24, 31},
    'small/scalachess-fixtures/festivalFigueira.pgn': {0},
    'small/scalachess-fixtures/fromCrafty.pgn': {2, 3, 4, 5, 6, 7, 8, 9, 10, 11},
    'small/pychess-lichess-studies/lichess_study_lichess-practice-greek-gift_by_arex_2017.02.11.pgn': {0},
    'small/scalachess-fixtures/gameWithComments.pgn': {1},
    'small/scalachess-fixtures/overflow.pgn': {0},
    'small/scalachess-fixtures/fromPositionEmptyFen.pgn': {0},
    'small/pgn-extract/notation-variants/test-WWdeutsch-out.pgn': {1},
    'small/pgn-extract/notation-variants/test-WWhalg-out.pgn': {1},
    'small/pgn-extract/notation-variants/test-WWlalg-out.pgn': {1},
    'small/pgn-extract/notation-variants/test-WWxlalg-out.pgn': {1},
    'small/scalachess-fixtures/weirdDashes.pgn': {0},
    'small/scalachess-fixtures/crazyhouseNoVariantTag.pgn': {0},
    'small/scalachess-fixtures/invalidVariant.pgn': {0},
    'small/scalachess-fixtures/completeTagsWithSpaces.pgn': {0},
    # Tag lines python-chess does not read (several on a line, leading white space, quotes not
    # escaped or not closed, a `[` line that is no tag, which it drops with the moves on it):
    # chessnote reads each tag.
    'small/chessops/pathological-headers.pgn': {0},
    'small/chessops/headers-and-moves-on-the-same-line.pgn': {0},
    'small/chessops/leading-whitespace.pgn': {0, 2, 3},
    'small/scalachess-fixtures/inlineTags.pgn': {0},
    'small/scalachess-fixtures/unclosedQuote.pgn': {0},
    'small/scalachess-fixtures/whiteResignsInMoves.pgn': {0},
    'small/scalachess-fixtures/whiteResignsInTags.pgn': {0},
    'small/scalachess-fixtures/whiteResignsInTagsAndMoves.pgn': {0},
    'small/scalachess-fixtures/stackOverflow.pgn': {0},
    'small/pychess-puzzles/mate_in_3.pgn': {210, 204},
    'small/pychess-puzzles/mate_in_4.pgn': {200, 201, 183},
    'small/scid/res_gameLatin1.pgn': {0},
    # Games with no blank line between them, which python-chess reads as one: chessnote reads the
    # first and puts a `more-games` error in `game.errors`.
    'small/chess.js/0.pgn': {0},
    'small/pgn-extract/infiles/test-nobadresults.pgn': {0},
    'small/pgn-extract/infiles/test-nochecks.pgn': {0},
    'small/pgn-extract/infiles/test-stalemate.pgn': {0},
    'small/scalachess-fixtures/withDelimiters.pgn': {0},
    'small/scalachess/FWWRC.pgn': {0},
    # Words python-chess cuts moves out of (`--nestedcomment`, `+--`, `e.p.`, `exf6ep`): chessnote
    # reports the words (`invalid-san`), and the rest of the line is not replayed.
    'small/pgn-extract/infiles/nested-comment.pgn': {0},
    'small/scalachess-fixtures/blackAbsentResult.pgn': {0},
    'small/scalachess-fixtures/enpassantEP.pgn': {0},
    'small/scalachess-fixtures/enpassantEP3.pgn': {0},
    # A result written `1–0` (an en dash): chessnote reads it, python-chess skips it.
    'small/scalachess-fixtures/fromChessProgrammingWiki.pgn': {0},
    # A FEN tag with castling rights whose rook is gone: python-chess drops the rights and plays
    # on, chessnote refuses the FEN (`invalid-fen`).
    'small/scalachess-fixtures/caissa.pgn': {0},
    # python-chess raises (an `IndexError` in its `GameBuilder`, on a variation before the first
    # move of a line); chessnote reads the game.
    'small/pychess-lichess-studies/lichess_study_lichess-practice-the-fork_by_arex_2017.01.29.pgn': {16},
}


def text_of(path) -> str:
    """A file's text as both read it (bytes that are not UTF-8 replaced)."""
    data = zstd_bytes(path) if path.name.endswith(".zst") else path.read_bytes()
    return data.decode("utf-8", errors="replace")


def tree(game) -> list:
    """A game tree as plain values, walked in PGN order (iteratively)."""
    out = [("root", game.comment, sorted(game.nags))]
    stack = [game]
    while stack:
        node = stack.pop()
        variations = node.variations
        out.append(len(variations))
        for child in variations:
            out.append((child.move.uci(), child.comment, child.starting_comment,
                        sorted(child.nags)))
        stack.extend(reversed(variations))
    return out


def games(module, text: str, limit: int):
    """The games of a text and where the stream is after each; python-chess
    may raise (``RAISES``): the stream is then out of step, and it stops."""
    handle = io.StringIO(text)
    for _ in range(limit):
        try:
            game = module.read_game(handle)
        except Exception:  # noqa: BLE001 (python-chess's own failures)
            yield RAISES, None
            return
        yield game, handle.tell()
        if game is None:
            return


def differences(chess, path, limit=GAMES_PER_FILE) -> tuple[int, set[int]]:
    """The number of games compared, and the indexes of those that differ."""
    text = text_of(path)
    differ = set()
    count = 0
    pairs = zip(games(chess.pgn, text, limit), games(chessnote.pgn, text, limit))
    for index, ((theirs, at), (ours, our_at)) in enumerate(pairs):
        if theirs is RAISES:
            differ.add(index)
            break
        # The same lines consumed: in step after every game.
        assert our_at == at, (rel(path), index)
        if theirs is None:
            assert ours is None
            break
        count += 1
        same = (
            list(ours.headers.items()) == list(theirs.headers.items())
            and tree(ours) == tree(theirs)
            and bool(ours.errors) == bool(theirs.errors)
            and str(ours) == str(theirs)
        )
        if not same:
            differ.add(index)
    return count, differ


@pytest.mark.parametrize("path", pgn_params())
def test_read_game_is_python_chess_s(path):
    chess = python_chess()
    if path is None:
        pytest.skip("no shared data")
    count, differ = differences(chess, path)
    assert count > 0
    assert differ == EXPECTED.get(rel(path), set()), (rel(path), sorted(differ)[:20])


def walk_calls(module, game) -> list:
    """What a visitor is called with, walking a game, as plain values."""

    class Recorder(module.BaseVisitor):
        def __init__(self):
            self.calls = []

        def visit_header(self, name, value):
            self.calls.append(("header", name, value))

        def visit_move(self, board, move):
            self.calls.append(("move", board.fen(), move.uci()))

        def visit_comment(self, comment):
            self.calls.append(("comment", comment))

        def visit_nag(self, nag):
            self.calls.append(("nag", nag))

        def begin_variation(self):
            self.calls.append(("(",))

        def end_variation(self):
            self.calls.append((")",))

        def visit_result(self, result):
            self.calls.append(("result", result))

        def result(self):
            return self.calls

    return game.accept(Recorder())


def test_game_trees_edit_and_walk_as_python_chess_s():
    """The same edits on both trees, the same text, walks and answers."""
    chess = python_chess()
    path = next(p for p in pgn_params() if p.values[0] is not None
                and rel(p.values[0]) == "medium/twic0920.pgn").values[0]
    text = text_of(path)
    edited = 0
    for index, ((theirs, _), (ours, _)) in enumerate(
            zip(games(chess.pgn, text, 40), games(chessnote.pgn, text, 40))):
        if theirs is None:
            break
        assert walk_calls(chessnote.pgn, ours) == walk_calls(chess.pgn, theirs)
        assert [n.san() for n in ours.mainline()] == [n.san() for n in theirs.mainline()]
        for flag in (None, True, False):
            assert [n.uci(chess960=flag) for n in ours.mainline()] == [
                n.uci(chess960=flag) for n in theirs.mainline()]
        nodes = list(zip(ours.mainline(), theirs.mainline()))
        for mine, their in nodes[::7]:
            assert (mine.ply(), mine.turn(), mine.is_mainline(), mine.is_main_variation(),
                    mine.starts_variation(), mine.is_end()) == (
                their.ply(), their.turn(), their.is_mainline(), their.is_main_variation(),
                their.starts_variation(), their.is_end())
            assert mine.board().fen() == their.board().fen()
            assert mine.board().move_stack == [chessnote.Move.from_uci(m.uci())
                                               for m in their.board().move_stack]
            assert mine.parent.move == (their.parent.move and chessnote.Move.from_uci(
                their.parent.move.uci()))
            assert str(mine) == str(their)
            assert repr(mine).split(" (")[1] == repr(their).split(" (")[1]
            assert mine.end().move.uci() == their.end().move.uci()
        if len(nodes) < 10:
            continue
        # Edits: new lines, comments, NAGs, moving and removing variations.
        for (mine, their), step in zip(nodes[2:9:3], range(3)):
            board = their.parent.board()
            alternative = next(m for m in board.legal_moves if m != their.move)
            for node, module in ((mine, chessnote), (their, chess)):
                move = module.Move.from_uci(alternative.uci())
                child = node.parent.add_variation(move, comment="an idea", nags=[5])
                child.starting_comment = "or"
                node.comment = f"edit {step}"
                node.nags.add(module.pgn.NAG_GOOD_MOVE)
                if step == 0:
                    node.parent.promote_to_main(child)
                elif step == 1:
                    node.parent.demote(node)
                    node.parent.promote(child)
                else:
                    node.parent.remove_variation(child)
            edited += 1
        last_ours, last_theirs = nodes[-1]
        if not last_theirs.board().is_check():
            last_ours.add_main_variation(chessnote.Move.null())
            last_theirs.add_main_variation(chess.Move.null())
        for columns in (None, 80, 40):
            for flags in ({}, {"headers": False}, {"comments": False}, {"variations": False}):
                mine = ours.accept(chessnote.pgn.StringExporter(columns=columns, **flags))
                assert mine == theirs.accept(chess.pgn.StringExporter(columns=columns, **flags))
        assert str(ours) == str(theirs), index
        assert str(ours.mainline()) == str(theirs.mainline())
        assert repr(ours.mainline()).split(" (")[1] == repr(theirs.mainline()).split(" (")[1]
        assert [m.uci() for m in ours.mainline_moves()] == [
            m.uci() for m in theirs.mainline_moves()]
        assert walk_calls(chessnote.pgn, ours) == walk_calls(chess.pgn, theirs)
        assert repr(ours).split(" (")[1] == repr(theirs).split(" (")[1]
    assert edited > 50


def test_games_made_and_written_as_python_chess_s(tmp_path):
    chess = python_chess()
    results = []
    for module in (chess, chessnote):
        game = module.pgn.Game()
        game.headers["Event"] = "Test"
        game.headers["Annotator"] = "me"
        node = game.add_variation(module.Move.from_uci("e2e4"))
        node = node.add_variation(module.Move.from_uci("c7c5"), comment="Sicilian")
        node.set_clock(61.5)
        line = node.add_line([module.Move.from_uci(u) for u in ("g1f3", "d7d6", "d2d4")],
                             comment="open", nags=[module.pgn.NAG_GOOD_MOVE])
        game.comment = "a start"
        board = module.Board()
        for uci in ("d2d4", "g8f6", "c2c4"):
            board.push_uci(uci)
        from_board = module.pgn.Game.from_board(board)
        set_up = module.pgn.Game()
        set_up.setup("4k3/8/8/8/8/8/8/4K2R w K - 0 1")
        set_up.add_variation(module.Move.from_uci("e1g1"))
        with open(tmp_path / f"{module.__name__}.pgn", "w") as handle:
            exporter = module.pgn.FileExporter(handle)
            written = [g.accept(exporter) for g in (game, from_board, set_up)]
        exporter = module.pgn.StringExporter(columns=40)
        for g in (game, set_up):
            g.accept(exporter)
        results.append((
            str(game), str(from_board), str(set_up), written, str(exporter),
            (tmp_path / f"{module.__name__}.pgn").read_text(), node.clock(), line.ply(),
            list(game.headers.items()), repr(game.headers), sorted(line.nags),
            set_up.board().fen(), from_board.headers["Result"],
            [n.uci() for n in set_up.mainline()],
        ))
    assert results[1] == results[0]


def test_headers_and_skipping_are_python_chess_s():
    chess = python_chess()
    path = next(p for p in pgn_params() if p.values[0] is not None
                and rel(p.values[0]) == "medium/twic0920.pgn").values[0]
    text = text_of(path)
    outs = []
    for module in (chess.pgn, chessnote.pgn):
        handle = io.StringIO(text)
        out = []
        for n in range(30):
            if n % 3 == 0:
                headers = module.read_headers(handle)
                out.append(None if headers is None else list(headers.items()))
            elif n % 3 == 1:
                out.append(module.skip_game(handle))
            else:
                board = module.read_game(handle, Visitor=module.BoardBuilder)
                out.append(board.fen())
            out.append(handle.tell())
        headers = module.Headers(White="A", Black="B")
        headers["Variant"] = "Chess960"
        out.append((list(headers.items()), headers.is_chess960(), repr(headers)))
        with pytest.raises(ValueError):
            headers["bad tag"] = "x"
        outs.append(out)
    assert outs[1] == outs[0]


def test_errors_are_kept_not_raised():
    chess = python_chess()
    text = "1. e4 e5 2. Nf3 Nf3 3. Bc4 *\n\n1. d4 *\n"
    for module in (chess.pgn, chessnote.pgn):
        handle = io.StringIO(text)
        game = module.read_game(handle)
        assert len(game.errors) == 1 and isinstance(game.errors[0], ValueError)
        assert [m.uci() for m in game.mainline_moves()] == ["e2e4", "e7e5", "g1f3"]
        assert module.read_game(handle).next().move.uci() == "d2d4"
        assert module.read_game(handle) is None

    class Strict(chessnote.pgn.GameBuilder):
        def handle_error(self, error):
            raise error

    with pytest.raises(chessnote.PgnError):
        chessnote.pgn.read_game(io.StringIO(text), Visitor=Strict)


def test_evaluations_are_python_chess_s():
    """``eval()``, ``eval_depth()`` and ``set_eval()`` on the Lichess
    games' ``[%eval]`` comments, and ``chessnote.engine``'s scores: the
    same values, order, negation and text as python-chess's."""
    chess = python_chess()
    import chess.engine

    import chessnote.engine

    path = next(p for p in pgn_params() if p.values[0] is not None
                and rel(p.values[0]) == "medium/lichess_db_1000k.pgn").values[0]
    text = text_of(path)
    found = []
    for module in (chess, chessnote):
        handle, out = io.StringIO(text), []
        for _ in range(300):
            game = module.pgn.read_game(handle)
            if game is None:
                break
            for node in game.mainline():
                score = node.eval()
                if score is None:
                    continue
                out.append((repr(score), node.eval_depth(), repr(score.white()),
                            repr(score.black()), score.is_mate(),
                            score.white().score(mate_score=10_000)))
                if len(out) % 50 == 0:
                    node.set_eval(score, depth=len(out) % 7 or None)
                    out.append((node.comment, node.eval_depth()))
                    node.set_eval(None)
                    out.append(node.comment)
        found.append(out)
    assert found[1] == found[0]
    assert len(found[0]) > 1000 and any("Mate" in str(row) for row in found[0])
    for module in (chess.engine, chessnote.engine):
        assert (module.Mate(-0) < module.Mate(-1) < module.Cp(-50) < module.Cp(200)
                < module.Mate(4) < module.Mate(1) < module.MateGiven)
    scores = [lambda m: m.Cp(0), lambda m: m.Cp(-35), lambda m: m.Cp(120), lambda m: m.Mate(3),
              lambda m: m.Mate(-2), lambda m: m.Mate(0), lambda m: m.MateGiven]
    for make in scores:
        theirs, ours = make(chess.engine), make(chessnote.engine)
        for f in (repr, str, lambda s: repr(-s), lambda s: repr(abs(s)), lambda s: repr(+s),
                  lambda s: s.score(), lambda s: s.score(mate_score=1000), lambda s: s.mate(),
                  lambda s: s.is_mate()):
            assert f(ours) == f(theirs), repr(theirs)
        for other in scores:
            assert (ours < other(chessnote.engine)) == (theirs < other(chess.engine))
            assert (ours == other(chessnote.engine)) == (theirs == other(chess.engine))
        for turn in (True, False):
            mine, their = chessnote.engine.PovScore(ours, turn), chess.engine.PovScore(theirs, turn)
            assert (repr(mine), repr(mine.white()), repr(mine.pov(False))) == (
                repr(their), repr(their.white()), repr(their.pov(False)))
    game = chessnote.pgn.Game()
    node = game.add_variation(chessnote.Move.from_uci("e2e4"), comment="best")
    node.set_eval(chessnote.engine.PovScore(chessnote.engine.Mate(-3), chessnote.BLACK), 20)
    theirs = chess.pgn.Game().add_variation(chess.Move.from_uci("e2e4"), comment="best")
    theirs.set_eval(chess.engine.PovScore(chess.engine.Mate(-3), chess.BLACK), 20)
    assert node.comment == theirs.comment


def test_a_copied_game_is_a_game_of_its_own():
    import copy

    game = chessnote.pgn.read_game(io.StringIO("1. e4 { hi } e5 (1... c5) 2. Nf3 *"))
    twin = copy.deepcopy(game)
    twin.next().comment = "changed"
    twin.next().add_variation(chessnote.Move.from_uci("d7d5"))
    assert str(game) != str(twin)
    assert game.next().comment == "hi" and len(game.next().variations) == 2
    assert len(twin.next().variations) == 3 and twin.next().next().parent is twin.next()
