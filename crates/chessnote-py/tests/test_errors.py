"""Exceptions: their classes, and the places they point at in the input."""

from __future__ import annotations

import re

import pytest

import chessnote
from chessnote import Board, Move, Pin
from conftest import all_pgn_files, pgn_dir, rel, shared_file

START = chessnote.STARTING_FEN


def test_the_exception_classes():
    assert issubclass(chessnote.ChessnoteError, ValueError)
    for cls in (chessnote.FenError, chessnote.PgnError, chessnote.MoveError, chessnote.PositionError):
        assert issubclass(cls, chessnote.ChessnoteError)
    for cls in (chessnote.InvalidMoveError, chessnote.IllegalMoveError, chessnote.AmbiguousMoveError):
        assert issubclass(cls, chessnote.MoveError)


def check_error(e, text: str | None = None):
    assert isinstance(e, chessnote.ChessnoteError) and isinstance(e, ValueError)
    assert isinstance(e.kind, str) and re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", e.kind), e.kind
    assert isinstance(e.message, str) and e.message
    assert isinstance(e.offset, int) and e.offset >= 0
    if text is not None:
        assert e.offset <= len(text.encode("utf-8")), (e.offset, text)
    assert e.message in str(e)


@pytest.mark.parametrize(
    "fen,bad",
    [
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", "X"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "x"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", "9"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - z 1", "z"),
    ],
)
def test_fen_errors_point_at_the_bad_byte(fen, bad):
    with pytest.raises(chessnote.FenError) as info:
        Board(fen)
    e = info.value
    check_error(e, fen)
    assert e.offset == fen.rindex(bad), (e.offset, e.message)
    assert e.line is None and e.column is None and e.ply is None


def test_bad_fen_is_a_value_error():
    with pytest.raises(ValueError):
        Board("bad fen")
    with pytest.raises(chessnote.FenError) as info:
        Board("bad fen")
    check_error(info.value, "bad fen")
    assert info.value.offset < len("bad fen")


def test_invalid_san_points_at_the_bad_byte():
    board = Board()
    for text in ("garbage", "Nf9", "e4e4e4", "Qxx4", "O-O-O-O", "", "Kx9"):
        with pytest.raises(chessnote.InvalidMoveError) as info:
            board.push_san(text)
        check_error(info.value, text)
        assert info.value.offset <= len(text)
    with pytest.raises(chessnote.InvalidMoveError) as info:
        board.parse_san("Kx9")
    assert info.value.offset == 2  # the `9`, where a square was expected
    assert board.move_stack == []  # nothing was played


def test_illegal_and_ambiguous_moves():
    board = Board()
    with pytest.raises(chessnote.IllegalMoveError) as info:
        board.push_san("e5")
    check_error(info.value)
    with pytest.raises(chessnote.IllegalMoveError):
        board.push(Move.from_uci("e2e5"))
    with pytest.raises(chessnote.IllegalMoveError):
        board.push_uci("e1e2")
    assert not board.is_legal(Move.from_uci("e2e5"))
    # Knights on b1 and f1 both reach d2.
    board = Board("4k3/8/8/8/8/8/8/1N3N1K w - - 0 1")
    with pytest.raises(chessnote.AmbiguousMoveError) as info:
        board.push_san("Nd2")
    check_error(info.value)
    assert board.parse_san("Nbd2") == Move.from_uci("b1d2")
    assert board.parse_san("Nfd2") == Move.from_uci("f1d2")


def test_move_from_uci_errors():
    for text, bad in (("e2e9", 3), ("i2e4", 0), ("e2e4x", 4)):
        with pytest.raises(chessnote.InvalidMoveError) as info:
            Move.from_uci(text)
        check_error(info.value, text)
        assert info.value.offset == bad, (text, info.value.offset, info.value.message)
    for text in ("", "e2", "e2e4qq"):
        with pytest.raises(chessnote.InvalidMoveError):
            Move.from_uci(text)


def test_pin_errors():
    for text in ("", "++K", "K^^", "1"):
        with pytest.raises(chessnote.ChessnoteError) as info:
            Pin(text)
        check_error(info.value, text)


# --- Errors in games --------------------------------------------------------------


def line_and_column(data: bytes, offset: int) -> tuple[int, int]:
    line = data[:offset].count(b"\n") + 1
    column = offset - (data.rfind(b"\n", 0, offset) + 1) + 1
    return line, column


def test_a_bad_move_in_a_game_is_located():
    data = b'[Event "x"]\n[Result "*"]\n\n1. e4 e5 2. Nf3 Nc6\n3. Bb5 a6 4. Ke3 Nf6 *\n'
    game = next(chessnote.read_pgn(data))
    assert game.uci == ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6"]
    assert len(game.errors) == 1
    e = game.errors[0]
    assert e.offset == data.index(b"Ke3")
    assert e.line == 5
    assert (e.line, e.column) == line_and_column(data, e.offset)
    assert e.ply == 7
    assert e.kind == "illegal-move"
    with pytest.raises(chessnote.PgnError) as info:
        game.raise_for_errors()
    raised = info.value
    assert isinstance(raised, ValueError)
    assert (raised.kind, raised.message, raised.offset, raised.line, raised.column, raised.ply) == (
        e.kind, e.message, e.offset, e.line, e.column, e.ply)
    # A game with no problem raises nothing.
    next(chessnote.read_pgn(b"1. e4 e5 *\n")).raise_for_errors()


def test_errors_in_the_second_game_count_from_the_stream():
    first = b'[Event "a"]\n\n1. e4 e5 1-0\n\n'
    second = b'[Event "b"]\n\n1. d4 Qxd4 0-1\n'
    data = first + second
    games = list(chessnote.read_pgn(data))
    assert len(games) == 2
    assert games[0].errors == []
    assert games[1].offset == len(first) and games[1].index == 1
    e = games[1].errors[0]
    assert e.offset == data.index(b"Qxd4")
    assert (e.line, e.column) == line_and_column(data, e.offset)


@pytest.mark.parametrize("path", [p for p in all_pgn_files() if rel(p).startswith("small/") and rel(p).endswith(".pgn")]
                         or [None])
def test_errors_in_the_shared_files_point_at_their_text(path):
    """Every error's line and column are those of its offset in the file's
    bytes, and a move's error points at the move."""
    if path is None:
        pgn_dir()
    data = path.read_bytes()
    for game in chessnote.read_pgn(path):
        for e in game.errors:
            assert 0 <= e.offset <= len(data)
            assert (e.line, e.column) == line_and_column(data, e.offset), (game.index, e.kind, e.message)
            if e.kind in ("illegal-move", "invalid-san", "unexpected-token"):
                quoted = re.search(r"`([^`]*)`", e.message).group(1).encode("utf-8")
                assert data[e.offset:].startswith(quoted), (game.index, e.message, data[e.offset:e.offset + 20])
            if e.kind in ("illegal-move", "invalid-san"):
                # (plies counts the moves read; a word that is no move has a
                # ply but is not one of them)
                assert e.ply is not None and e.ply >= 1
        if game.errors:
            with pytest.raises(chessnote.PgnError) as info:
                game.raise_for_errors()
            assert info.value.offset == game.errors[0].offset
        else:
            game.raise_for_errors()


def test_illegal_moves_in_a_real_file_are_located():
    path = shared_file("medium/pgnmentor-Carlsen-crlf.pgn")
    data = path.read_bytes()
    located = 0
    for game in chessnote.read_pgn(path, strict=True):
        for e in game.errors:
            san = re.search(r"`([^`]*)`", e.message).group(1)
            assert data[e.offset:e.offset + len(san)].decode() == san
            assert (e.line, e.column) == line_and_column(data, e.offset)
            # The moves before it were played: the bad one is not legal there.
            board = game.board()
            assert len(board.move_stack) == e.ply - 1
            with pytest.raises(chessnote.MoveError):
                board.push_san(san)
            located += 1
    assert located >= 20
    # By default the same moves are read and played, each a warning placed
    # at its move and naming what it was read as.
    warned = 0
    for game in chessnote.read_pgn(path):
        assert not game.errors
        for w in game.warnings:
            san = re.search(r"`([^`]*)`", w.message).group(1)
            assert data[w.offset:w.offset + len(san)].decode() == san
            assert (w.line, w.column) == line_and_column(data, w.offset)
            assert (w.kind, w.severity) == ("wrong-suffix", "warning")
            read_as = w.message.rsplit("read as ", 1)[1]
            assert game.san[w.ply - 1] == read_as
            assert read_as.rstrip("+#") == san.rstrip("+#") and read_as != san
            warned += 1
    assert warned == located


# --- Errors of the readers' arguments -----------------------------------------------


def test_a_bad_where_raises_with_its_offset():
    for where in ("bad((", 'Result = 1-0', "WhiteElo >", "plies"):
        with pytest.raises(chessnote.ChessnoteError) as info:
            list(chessnote.read_pgn(b"1. e4 *\n", where=where))
        check_error(info.value, where)
        assert info.value.offset <= len(where)
        with pytest.raises(chessnote.ChessnoteError):
            list(chessnote.read_table(b"1. e4 *\n", where=where))


def test_unknown_leniency_names_raise_value_error():
    with pytest.raises(ValueError):
        chessnote.read_pgn(b"1. e4 *\n", allow=["no-such-leniency"])
    with pytest.raises(ValueError):
        chessnote.read_table(b"1. e4 *\n", allow=["no-such-leniency"])
    with pytest.raises(ValueError):
        Board(allow=["no-such-leniency"])
    with pytest.raises(ValueError):
        chessnote.parse_movetext(__import__("pyarrow").array(["1. e4 *"]), allow=["no-such-leniency"])


def test_unknown_columns_raise_value_error():
    with pytest.raises(ValueError):
        chessnote.read_table(b"1. e4 *\n", columns="no-such-column")
    with pytest.raises(ValueError):
        chessnote.column_names("no-such-preset")


def test_a_missing_file_raises_file_not_found(tmp_path):
    missing = tmp_path / "no-such-file.pgn"
    for reader in (chessnote.read_pgn, chessnote.read_table):
        with pytest.raises(FileNotFoundError):
            r = reader(missing)
            list(r)
        with pytest.raises(OSError):
            r = reader(str(missing))
            list(r)


def test_a_directory_raises_os_error(tmp_path):
    with pytest.raises(OSError):
        list(chessnote.read_pgn(tmp_path))


@pytest.mark.parametrize("damage", ["truncated", "zeroed"])
def test_corrupt_compressed_data_raises(damage, tmp_path):
    """A damaged zstd stream is an OSError (or ValueError), never a crash,
    and never a silent end (the command exits 2 on it)."""
    import zstandard

    path = shared_file("medium/twic1599_1000k.pgn")
    packed = zstandard.ZstdCompressor(write_checksum=True).compress(path.read_bytes())
    half = len(packed) // 2
    if damage == "truncated":
        damaged = packed[:half]
    else:
        damaged = packed[:half] + bytes(64) + packed[half + 64:]
    target = tmp_path / "damaged.pgn.zst"
    target.write_bytes(damaged)
    for source in (damaged, target):
        with pytest.raises((OSError, ValueError)):
            list(chessnote.read_pgn(source))
