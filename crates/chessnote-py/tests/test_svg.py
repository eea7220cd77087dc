"""Board.svg: the picture of the board with its last move, check, shapes and
colours, read back as XML, and the same picture as the command draws."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

import chessnote
from chessnote import Board
from conftest import run_cli

SVG = "{http://www.w3.org/2000/svg}"
KINDS = {"p": "pawn", "n": "knight", "b": "bishop", "r": "rook", "q": "queen", "k": "king"}


def classes(svg: str, tag: str) -> list[list[str]]:
    return [e.get("class", "").split() for e in ET.fromstring(svg).iter(SVG + tag)]


def square_name(square: int) -> str:
    return "abcdefgh"[square % 8] + str(square // 8 + 1)


def fools_mate() -> Board:
    board = Board()
    for san in ["f3", "e5", "g4", "Qh4#"]:
        board.push_san(san)
    return board


def test_every_piece_is_drawn_on_its_square():
    board = fools_mate()
    drawn = {c[3]: (c[1], c[2]) for c in classes(board.svg(), "use")}
    expected = {}
    for square in range(64):
        piece = board.piece_at(square)
        if piece:
            letter = piece.symbol()
            color = "white" if letter.isupper() else "black"
            expected[square_name(square)] = (color, KINDS[letter.lower()])
    assert drawn == expected


def test_the_last_move_and_the_check_are_marked_unless_turned_off():
    board = fools_mate()
    svg = board.svg()
    assert ["check", "e1"] in classes(svg, "rect")
    last = {c[-1] for c in classes(svg, "rect") if "lastmove" in c}
    assert last == {"d8", "h4"}
    plain = board.svg(lastmove=False, check=False)
    assert not any("lastmove" in c or c[0] == "check" for c in classes(plain, "rect"))
    assert board._repr_svg_() == svg
    assert not any("lastmove" in c for c in classes(Board().svg(), "rect"))


def test_the_command_draws_the_same_picture():
    board = fools_mate()
    command = run_cli("fen", "show", "--format", "svg", "--last-move", "d8h4", "--size", "200",
                      "--flip", "--arrows", "Gd8h4", board.fen(), ok=(0,))
    ours = board.svg(size=200, flipped=True, arrows=["Gd8h4"])
    assert command.stdout.decode() == ours


def test_shapes_colours_and_size():
    svg = Board().svg(size=480, coordinates=False, arrows=["Ge2e4", "Rg1g1"], squares=["Yd4"],
                      colors={"light": "#eeeed2", "green": "#00ff00"})
    root = ET.fromstring(svg)
    assert root.get("width") == "480"
    assert classes(svg, "text") == []
    assert ["arrow", "green", "e2", "e4"] in classes(svg, "polygon")
    assert ["arrow", "red", "g1", "g1"] in classes(svg, "circle")
    assert ["mark", "yellow", "d4"] in classes(svg, "rect")
    fills = {e.get("class").split()[-1]: e.get("fill") for e in root.iter(SVG + "rect")
             if e.get("class", "").startswith("square")}
    assert fills["a8"] == "#eeeed2" and fills["a1"] == "#b58863"


def test_bad_shapes_and_colours_say_what_and_where():
    board = Board()
    with pytest.raises(chessnote.ChessnoteError) as err:
        board.svg(arrows=["Ge2e9"])
    assert (err.value.kind, err.value.offset) == ("expected-rank", 4)
    with pytest.raises(chessnote.ChessnoteError) as err:
        board.svg(squares=["Xe2"])
    assert err.value.offset == 0
    with pytest.raises(chessnote.ChessnoteError) as err:
        board.svg(colors={"light": "red"})
    assert err.value.kind == "expected-hash"
    with pytest.raises(ValueError, match="unknown colour name `pink`"):
        board.svg(colors={"pink": "#ffffff"})


def test_an_invalid_board_is_drawn_without_check():
    # Black's king is in check with White to move: not a legal position.
    board = Board("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1")
    assert not board.is_valid()
    svg = board.svg()
    assert {c[3] for c in classes(svg, "use")} == {"e8", "e1", "g1"}
    assert not any(c[0] == "check" for c in classes(svg, "rect"))
