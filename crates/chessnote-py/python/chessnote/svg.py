"""python-chess's ``chess.svg`` on chessnote: boards and pieces as SVG
pictures, drawn with chessnote's own piece set (the library's diagrams,
``docs/diagrams.md``). The arguments are python-chess's; what chessnote
draws differently is listed in ``docs/python.md``.
"""

from __future__ import annotations

from typing import Dict, Iterable, Optional, Tuple, Union

from . import _chessnote as _native
from ._chessnote import SQUARE_NAMES, Board, Move, Piece, SquareSet, parse_square

_LETTERS = {"red": "R", "yellow": "Y", "blue": "B", "green": "G"}
_NAMES = {letter: name for name, letter in _LETTERS.items()}

# python-chess's colour keys and the diagrams' names for them. Its "margin",
# "coord", "inner border" and "outer border" have nothing to colour here.
_COLOR_KEYS = {
    "square light": "light",
    "square dark": "dark",
    "square light lastmove": "light-last-move",
    "square dark lastmove": "dark-last-move",
    "arrow green": "green",
    "arrow red": "red",
    "arrow yellow": "yellow",
    "arrow blue": "blue",
}
_NOT_DRAWN = frozenset({"margin", "coord", "inner border", "outer border"})


class Arrow:
    """An arrow from ``tail`` to ``head`` (a circle when they are the same
    square) in a colour: ``green``, ``red``, ``yellow`` or ``blue``."""

    def __init__(self, tail: int, head: int, *, color: str = "green") -> None:
        self.tail = tail
        self.head = head
        self.color = color

    def pgn(self) -> str:
        """The arrow as ``[%cal]`` and ``[%csl]`` write it (``Ga1``,
        ``Ya2h2``); colours other than red, yellow and blue as green."""
        letter = _LETTERS.get(self.color, "G")
        if self.tail == self.head:
            return f"{letter}{SQUARE_NAMES[self.tail]}"
        return f"{letter}{SQUARE_NAMES[self.tail]}{SQUARE_NAMES[self.head]}"

    def __str__(self) -> str:
        return self.pgn()

    def __repr__(self) -> str:
        return (f"Arrow({SQUARE_NAMES[self.tail].upper()}, {SQUARE_NAMES[self.head].upper()}, "
                f"color={self.color!r})")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Arrow):
            return NotImplemented
        return (self.tail, self.head, self.color) == (other.tail, other.head, other.color)

    __hash__ = None  # type: ignore[assignment]  # mutable, as python-chess's

    @classmethod
    def from_pgn(cls, pgn: str) -> Arrow:
        """The arrow of a ``[%cal]``/``[%csl]`` item (``Ga1``, ``Ya2h2``;
        without a colour letter, green); ``ValueError`` if it is none."""
        color = _NAMES.get(pgn[:1])
        if color is None:
            color = "green"
        else:
            pgn = pgn[1:]
        tail = parse_square(pgn[:2])
        head = parse_square(pgn[2:]) if len(pgn) > 2 else tail
        return cls(tail, head, color=color)


class SvgWrapper(str):
    """An SVG picture as a string that Jupyter shows as a picture."""

    def _repr_svg_(self) -> SvgWrapper:
        return self

    def _repr_html_(self) -> SvgWrapper:
        return self


def piece(piece: Piece, size: Optional[int] = None) -> str:
    """One piece as an SVG picture, ``size`` pixels square (45 by default)."""
    return SvgWrapper(_native._svg_piece(piece, 45 if size is None else size))


def _letter(color: str) -> str:
    letter = _LETTERS.get(color)
    if letter is None:
        raise ValueError(f"arrow and square colours are green, red, yellow or blue, not {color!r}")
    return letter


def board(board: Optional[Board] = None, *,
          orientation: bool = True,
          lastmove: Optional[Move] = None,
          check: Optional[int] = None,
          arrows: Iterable[Union[Arrow, Tuple[int, int]]] = (),
          fill: Dict[int, str] = {},  # noqa: B006 (python-chess's signature)
          squares=None,
          size: Optional[int] = None,
          coordinates: bool = True,
          colors: Dict[str, str] = {},  # noqa: B006
          flipped: bool = False,
          borders: bool = False,
          style: Optional[str] = None) -> str:
    """A board as an SVG picture (python-chess's ``chess.svg.board``).

    ``orientation`` (``chess.WHITE`` at the bottom by default; ``flipped``
    turns it), ``lastmove`` (its squares marked), ``check`` (a king's square),
    ``arrows`` (``Arrow``s or ``(tail, head)`` pairs), ``fill`` (squares to
    colour: green, red, yellow or blue), ``squares`` (squares to mark: drawn
    red), ``size`` in pixels (360 by default), ``coordinates``, and
    ``colors`` by python-chess's keys (``"square light"``, ``"square dark"``,
    ``"square light lastmove"``, ``"square dark lastmove"``, ``"arrow
    green"`` …) as ``#rrggbb`` or ``#rrggbbaa``. ``borders`` and ``style``
    are not drawn (``ValueError`` when asked for).
    """
    if borders:
        raise ValueError("chessnote draws no borders (borders=True)")
    if style is not None:
        raise ValueError("chessnote takes no style sheet (style=...): its SVG names what it "
                         "draws in class attributes to style from outside")
    drawn = []
    for arrow in arrows:
        if not isinstance(arrow, Arrow):
            tail, head = arrow
            arrow = Arrow(tail, head)
        letter = _letter(arrow.color)
        tail, head = SQUARE_NAMES[arrow.tail], SQUARE_NAMES[arrow.head]
        drawn.append(f"{letter}{tail}{head}")
    marks = [f"{_letter(color)}{SQUARE_NAMES[square]}" for square, color in fill.items()]
    if squares is not None:
        marks.extend(f"R{SQUARE_NAMES[square]}" for square in SquareSet(squares))
    palette = []
    for key, value in colors.items():
        if key in _COLOR_KEYS:
            palette.append((_COLOR_KEYS[key], value))
        elif key not in _NOT_DRAWN:
            raise ValueError(f"unknown colour key {key!r} (known: {', '.join(_COLOR_KEYS)})")
    last = None
    if lastmove:
        last = (lastmove.from_square, lastmove.to_square)
    return SvgWrapper(_native._svg(
        board, bool(orientation) != bool(flipped), last, check, drawn, marks,
        360 if size is None else size, coordinates, palette))
