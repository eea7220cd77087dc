"""Bad input never crashes: random bytes and text to every parser."""

from __future__ import annotations

import io

import pyarrow as pa
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import chessnote
from chessnote import Board, Move, Pin

SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Pieces of PGN, glued at random: tags, moves, comments, variations, results,
# escapes, and the odd bytes that make a reader's life hard.
PGN_PIECES = [
    '[Event "', '[White "a\\"b"]', '[FEN "', "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    '"]', "]", "[", "\n", "\r\n", " ", "\t", "1.", "1...", "12.", "e4", "e5", "Nf3", "Nc6", "Bb5",
    "O-O", "O-O-O", "0-0", "exd6", "e8=Q", "Qxf7#", "--", "Z0", "e2e4", "{", "}", "{ [%clk 0:05:00] }",
    "{ [%eval 0.17] }", "{ [%eval #-3] }", "(", ")", ";", "%", "$1", "!?", "1-0", "0-1", "1/2-1/2",
    "*", "½-½", "\ufeff", "\x00", "\xff", "é", '[SetUp "1"]', '[Variant "Chess960"]',
]

pgn_text = st.lists(st.sampled_from(PGN_PIECES), max_size=60).map("".join)
garbage_text = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=80)


def refused(error: OSError) -> bool:
    """Binary data, other formats and damaged compressed data are refused
    with a message saying what the input is (issue 30), never read."""
    message = str(error)
    return message.endswith("not text") or message.startswith(("this looks like", "corrupt "))


def check_games(data: bytes, **options):
    try:
        games = list(chessnote.read_pgn(data, **options))
    except OSError as error:
        assert refused(error), error
        if str(error).startswith("binary data"):
            assert b"\x00" in data[:4096], data[:64]
        return None
    for game in games:
        assert 0 <= game.offset <= len(data)
        assert game.plies >= len(game.uci)
        assert len(game.san) == len(game.uci) == len(game.clocks) == len(game.evals)
        for e in game.errors:
            assert 0 <= e.offset <= len(data), (e.offset, len(data))
            assert e.line >= 1 and e.column >= 1
        d = game.to_dict()
        assert d["uci"] == game.uci
        game.board()
    return games


@SETTINGS
@given(st.binary(max_size=400))
def test_random_bytes_never_crash_read_pgn(data):
    check_games(data)


@SETTINGS
@given(pgn_text)
def test_pgn_ish_text_never_crashes_read_pgn(text):
    data = text.encode("utf-8", "surrogatepass")
    games = check_games(data)
    check_games(data, lenient=True, variations=True)
    if games is None:
        return
    # The table has one row per game.
    table = pa.table(chessnote.read_table(data, columns="full"))
    assert table.num_rows == len(games)


@SETTINGS
@given(garbage_text | st.sampled_from(["", " ", "8/8/8/8/8/8/8/8 w - - 0 1", chessnote.STARTING_FEN]))
def test_random_fens_raise_only_fen_errors(text):
    for chess960 in (False, True):
        try:
            board = Board(text, chess960=chess960)
        except chessnote.FenError as e:
            assert isinstance(e, ValueError)
            assert 0 <= e.offset <= len(text.encode("utf-8"))
            continue
        board.is_valid()
        board.status()
        board.fen()
        if board.is_valid():
            moves = board.legal_moves
            assert isinstance(moves, chessnote.LegalMoveGenerator)
            assert moves.count() == len(list(moves))


@SETTINGS
@given(garbage_text | st.from_regex(r"[a-j][0-9][a-j][0-9][qrbnk]?", fullmatch=True))
def test_random_uci_raises_only_invalid_move_errors(text):
    try:
        move = Move.from_uci(text)
    except chessnote.InvalidMoveError as e:
        assert 0 <= e.offset <= len(text.encode("utf-8"))
        return
    assert Move.from_uci(move.uci()) == move


@SETTINGS
@given(garbage_text | st.from_regex(r"[KQRBNP]?[a-h]?[1-8]?x?[a-h][1-8](=[QRBN])?[+#]?", fullmatch=True))
def test_random_san_raises_only_move_errors(text):
    board = Board("r3k2r/pPp2ppp/8/3pP3/8/8/P1PP1PPP/R3K2R w KQkq d6 0 1")
    for lenient in (False, True):
        b = Board(board.fen(), lenient=lenient)
        try:
            move = b.parse_san(text)
        except chessnote.MoveError as e:
            assert 0 <= e.offset <= len(text.encode("utf-8"))
            continue
        assert b.is_legal(move)
        b.push(move)


@SETTINGS
@given(garbage_text | st.from_regex(r"[+-]?[A-Za-z]\^?", fullmatch=True))
def test_random_pin_tokens_raise_only_chessnote_errors(text):
    try:
        pin = Pin(text)
    except chessnote.ChessnoteError as e:
        assert 0 <= e.offset <= len(text.encode("utf-8"))
        return
    assert Pin(str(pin)) == pin


@SETTINGS
@given(st.lists(st.none() | pgn_text | garbage_text, min_size=1, max_size=20))
def test_parse_movetext_gives_one_row_per_input(texts):
    batch = pa.record_batch([pa.array(texts, type=pa.string())], names=["movetext"])
    out = pa.record_batch(chessnote.parse_movetext(batch))
    assert out.num_rows == len(texts)
    assert out.column("movetext").to_pylist() == texts
    status = out.column("status").to_pylist()
    assert set(status) <= {"ok", "error", None}


@SETTINGS
@given(st.lists(st.sampled_from(PGN_PIECES), max_size=80).map("".join))
def test_read_game_consumes_the_lines_python_chess_consumes(text):
    """On any PGN-ish text, ``chessnote.pgn.read_game`` leaves the stream
    where python-chess's leaves it, game after game, and never raises what
    python-chess does not (its own failures aside)."""
    from conftest import python_chess

    import chessnote.pgn

    chess = python_chess()
    ours, theirs = io.StringIO(text), io.StringIO(text)
    for _ in range(20):
        try:
            expected = chess.pgn.read_game(theirs)
        except Exception:  # noqa: BLE001 (python-chess's own failures)
            return
        got = chessnote.pgn.read_game(ours)
        assert (got is None) == (expected is None)
        assert ours.tell() == theirs.tell()
        if got is None:
            return
        str(got)  # every game read writes
