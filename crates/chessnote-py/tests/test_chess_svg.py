"""``chessnote.svg``, python-chess's ``chess.svg`` drawing chessnote's own
pieces: the arguments python-chess takes, what the picture shows (read back
from its XML and class names), ``Arrow`` as python-chess's (checked against
it), and the ``[%cal]``/``[%csl]`` arrows of game nodes."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET

import pytest

import chessnote
import chessnote.pgn
import chessnote.svg
from conftest import python_chess

NS = {"svg": "http://www.w3.org/2000/svg"}


def classes(svg: str) -> list[str]:
    return [e.get("class") for e in ET.fromstring(svg).iter() if e.get("class")]


def test_a_board_picture_shows_what_python_chess_s_arguments_ask():
    board = chessnote.Board()
    board.push_san("e4")
    board.push_san("f5")
    board.push_san("Qh5+")
    picture = chessnote.svg.board(
        board, lastmove=board.peek(), check=board.king(chessnote.BLACK),
        arrows=[chessnote.svg.Arrow(chessnote.E2, chessnote.E4, color="blue"),
                (chessnote.G1, chessnote.F3), chessnote.svg.Arrow(chessnote.D4, chessnote.D4)],
        fill={chessnote.A1: "yellow"}, squares=chessnote.SquareSet([chessnote.H8]),
        size=200, colors={"square light": "#ffffff", "arrow blue": "#0000ffcc", "margin": "#000"},
        orientation=chessnote.BLACK)
    assert isinstance(picture, str) and picture._repr_svg_() is picture
    root = ET.fromstring(picture)
    assert (root.get("width"), root.get("height")) == ("200", "200")
    names = classes(picture)
    assert "square light lastmove d1" in names and "square light lastmove h5" in names
    assert "check e8" in names
    assert "arrow blue e2 e4" in names and "arrow green g1 f3" in names
    assert "arrow green d4 d4" in names
    assert "mark yellow a1" in names and "mark red h8" in names
    assert sum(n.startswith("piece ") for n in names) == 32
    # White's queen on h5 is drawn on the left with Black at the bottom.
    queen = next(e for e in root.iter() if e.get("class") == "piece white queen h5")
    assert int(queen.get("x")) < 180
    assert 'fill="#ffffff"' in picture and 'fill="#0000ff" fill-opacity="0.8"' in picture
    flipped = chessnote.svg.board(board, flipped=True, coordinates=False)
    assert "coordinate a" not in classes(flipped)
    assert classes(flipped) == [c for c in classes(chessnote.svg.board(
        board, orientation=chessnote.BLACK, coordinates=False))]
    empty = classes(chessnote.svg.board())
    assert not any(n.startswith("piece ") for n in empty) and len(empty) == 64 + 16
    for bad in ({"borders": True}, {"style": "rect {}"}, {"fill": {0: "#123456"}},
                {"arrows": [chessnote.svg.Arrow(0, 9, color="pink")]},
                {"colors": {"square lite": "#ffffff"}}):
        with pytest.raises(ValueError):
            chessnote.svg.board(board, **bad)


def test_a_piece_picture_is_one_piece():
    for symbol in "PNBRQKpnbrqk":
        piece = chessnote.Piece.from_symbol(symbol)
        picture = chessnote.svg.piece(piece, size=90)
        root = ET.fromstring(picture)
        assert root.get("width") == "90"
        color = "white" if symbol.isupper() else "black"
        name = chessnote.piece_name(piece.piece_type)
        assert classes(picture) == [f"piece {color} {name}"]


def test_arrows_are_python_chess_s():
    chess = python_chess()
    import chess.svg

    for text in ("Ga1", "Ya2h2", "Re4", "Bh8a1", "e2e4", "Gb1c3"):
        ours, theirs = chessnote.svg.Arrow.from_pgn(text), chess.svg.Arrow.from_pgn(text)
        assert (ours.tail, ours.head, ours.color) == (theirs.tail, theirs.head, theirs.color)
        assert (ours.pgn(), str(ours), repr(ours)) == (theirs.pgn(), str(theirs), repr(theirs))
    with pytest.raises(ValueError):
        chessnote.svg.Arrow.from_pgn("Gz9")
    assert chessnote.svg.Arrow(0, 9, color="purple").pgn() == "Ga1b2"
    # A node's arrows, read and set, as python-chess's.
    text = "1. e4 { [%csl Ge4,Rd5][%cal Ga1h8] hello [%cal Yb1c3] } e5 *"
    results = []
    for module in (chess, chessnote):
        game = module.pgn.read_game(io.StringIO(text))
        node = game.next()
        read = [(a.tail, a.head, a.color) for a in node.arrows()]
        node.set_arrows([module.svg.Arrow(12, 28, color="red"), (6, 21), (5, 5)])
        results.append((read, node.comment, [(a.tail, a.head, a.color) for a in node.arrows()],
                        str(game)))
    assert results[1] == results[0]
