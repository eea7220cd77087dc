"""python-chess's ``chess.variant`` on chessnote: the boards of Lichess's
seven variants, played by chessnote's move generator (``docs/variants.md``).

``CrazyhouseBoard``, ``AtomicBoard``, ``AntichessBoard``,
``ThreeCheckBoard``, ``KingOfTheHillBoard``, ``HordeBoard`` and
``RacingKingsBoard`` take python-chess's arguments (``fen``, ``chess960``)
and have its class attributes (``uci_variant``, ``xboard_variant``,
``aliases``, ``starting_fen``) and its board methods (``legal_moves``,
``push``, ``push_san``, ``san``, ``pop``, ``fen``, ``is_check``,
``outcome``, ``is_variant_end`` …; ``pockets`` in crazyhouse,
``remaining_checks`` in three-check). ``find_variant(name)`` gives the class
for a name, as python-chess's does. What differs from python-chess is
listed in ``docs/python.md``.
"""

from __future__ import annotations

from typing import Dict, Iterator, List, Type

from . import _chessnote as _native
from ._chessnote import Board, Move

__all__ = [
    "AntichessBoard",
    "AtomicBoard",
    "CrazyhouseBoard",
    "CrazyhousePocket",
    "HordeBoard",
    "KingOfTheHillBoard",
    "RacingKingsBoard",
    "ThreeCheckBoard",
    "VARIANTS",
    "find_variant",
]

_STARTING_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
_UNSET = object()


class _LegalMoves(List[Move]):
    """The legal moves (a list); ``count()`` with no argument is their
    number, as python-chess's ``LegalMoveGenerator.count()``."""

    def count(self, value=_UNSET) -> int:  # type: ignore[override]
        if value is _UNSET:
            return len(self)
        return super().count(value)


class _VariantBoard(_native.VariantBoard):
    """The board of one variant: the base of the classes below."""

    uci_variant = "chess"
    xboard_variant = "normal"
    aliases: List[str] = []
    starting_fen = _STARTING_FEN

    def __new__(cls, fen=_UNSET, chess960: bool = False):
        if fen is None:
            raise ValueError("a variant board is a position: chessnote has no empty variant board")
        fen = cls.starting_fen if fen is _UNSET else fen
        return super().__new__(cls, fen, chess960, variant=cls.uci_variant)

    def __init__(self, fen=_UNSET, chess960: bool = False) -> None:
        pass

    @property
    def legal_moves(self) -> _LegalMoves:  # type: ignore[override]
        return _LegalMoves(_native.VariantBoard.legal_moves.__get__(self))

    def copy(self, *, stack: bool = True):  # type: ignore[override]
        new = type(self).__new__(type(self))
        new._assign(self, stack)
        return new

    def __copy__(self):
        return self.copy()

    def __deepcopy__(self, memo):
        return self.copy()

    def root(self):
        """The board before the moves played."""
        new = self.copy()
        while new.move_stack:
            new.pop()
        return new


class CrazyhousePocket:
    """The pieces one side has in hand (crazyhouse), as python-chess's
    ``CrazyhousePocket`` counts them; a snapshot of the board's pocket."""

    _LETTERS = "pnbrq"

    def __init__(self, symbols: str = "") -> None:
        self._counts: Dict[int, int] = {}
        for symbol in symbols.lower():
            piece_type = self._LETTERS.index(symbol) + 1
            self._counts[piece_type] = self._counts.get(piece_type, 0) + 1

    def count(self, piece_type: int) -> int:
        """The number of pieces of a type in the pocket."""
        return self._counts.get(piece_type, 0)

    def __len__(self) -> int:
        return sum(self._counts.values())

    def __iter__(self) -> Iterator[int]:
        for piece_type in range(1, 6):
            yield from [piece_type] * self.count(piece_type)

    def __str__(self) -> str:
        return "".join(self._LETTERS[t - 1] * self.count(t) for t in range(5, 0, -1))

    def __repr__(self) -> str:
        return f"CrazyhousePocket('{self}')"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CrazyhousePocket) and str(self) == str(other)


class CrazyhouseBoard(_VariantBoard):
    """Crazyhouse: a captured piece goes to its captor's pocket, to be
    dropped (``N@f3``) instead of a move."""

    aliases = ["Crazyhouse", "Crazy House", "House", "ZH"]
    uci_variant = "crazyhouse"
    xboard_variant = "crazyhouse"
    starting_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"

    @property
    def pockets(self) -> List[CrazyhousePocket]:
        """The pockets, by color: ``pockets[chess.WHITE]``."""
        return [CrazyhousePocket("".join(letter * n for letter, n in
                                         zip(CrazyhousePocket._LETTERS,
                                             self._pocket_counts(color))))
                for color in (False, True)]


class AtomicBoard(_VariantBoard):
    """Atomic: a capture explodes the pieces around it (pawns stay); the
    side whose king explodes loses."""

    aliases = ["Atomic", "Atom", "Atomic chess"]
    uci_variant = "atomic"
    xboard_variant = "atomic"


class AntichessBoard(_VariantBoard):
    """Antichess: captures are forced, the king is a piece like the others
    and no castling; the side that loses all its pieces, or is stalemated,
    wins."""

    aliases = ["Antichess", "Anti chess", "Anti"]
    uci_variant = "antichess"
    xboard_variant = "giveaway"
    starting_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"


class KingOfTheHillBoard(_VariantBoard):
    """King of the hill: a king on d4, e4, d5 or e5 wins."""

    aliases = ["King of the Hill", "KOTH", "kingOfTheHill"]
    uci_variant = "kingofthehill"
    xboard_variant = "kingofthehill"


class RacingKingsBoard(_VariantBoard):
    """Racing kings: no check may be given; the first king on the eighth
    rank wins (a draw when Black's king reaches it right after)."""

    aliases = ["Racing Kings", "Racing", "Race", "racingkings"]
    uci_variant = "racingkings"
    xboard_variant = "racingkings"
    starting_fen = "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1"


class HordeBoard(_VariantBoard):
    """Horde: White's 36 pawns against Black's army; Black wins by taking
    them all."""

    aliases = ["Horde", "Horde chess"]
    uci_variant = "horde"
    xboard_variant = "horde"
    starting_fen = "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1"


class ThreeCheckBoard(_VariantBoard):
    """Three-check: the third check given wins."""

    aliases = ["Three-check", "Three check", "Threecheck", "Three check chess",
               "3-check", "3 check", "3check"]
    uci_variant = "3check"
    xboard_variant = "3check"
    starting_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1"


VARIANTS: List[Type] = [
    Board,
    AntichessBoard,
    AtomicBoard,
    KingOfTheHillBoard,
    RacingKingsBoard,
    HordeBoard,
    ThreeCheckBoard,
    CrazyhouseBoard,
]


def find_variant(name: str) -> Type:
    """The board class of a variant's name (python-chess's aliases, its UCI
    name, any case): ``chessnote.Board`` for standard chess. ValueError for
    a name that is no variant chessnote plays (python-chess's giveaway and
    suicide are not)."""
    for variant in VARIANTS:
        names = [variant.uci_variant] if variant is not Board else ["chess", "standard"]
        names += list(getattr(variant, "aliases", []))
        if any(name.lower() == n.lower() for n in names):
            return variant
    raise ValueError(f"unsupported variant: {name}")
