"""python-chess's ``chess.engine`` scores, for ``GameNode.eval()``: ``Cp``,
``Mate``, ``MateGiven`` and ``PovScore``, with python-chess's order,
negation, text and ``score(mate_score=)``.

chessnote talks to no engine: there is no ``SimpleEngine``, ``Limit`` or
``popen_uci`` here, and no win/draw/loss models (``wdl()``).
"""

from __future__ import annotations

from typing import Optional, Tuple


class Score:
    """An evaluation: centipawns (``Cp``), a mate in so many moves
    (``Mate``; negative: being mated), or the mate given (``MateGiven``).
    Positive is good for the side it is for. Scores are totally ordered:
    ``Mate(-0) < Mate(-1) < Cp(-50) < Cp(200) < Mate(4) < Mate(1) < MateGiven``.
    """

    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]:
        """The centipawns; a mate scores ``mate_score`` less its moves (None
        without ``mate_score``)."""
        raise NotImplementedError

    def mate(self) -> Optional[int]:
        """The moves to mate (negative: to be mated; 0 for ``Mate(0)`` and
        ``MateGiven`` both), or None for centipawns."""
        raise NotImplementedError

    def is_mate(self) -> bool:
        return self.mate() is not None

    def wdl(self, *, model: str = "sf", ply: int = 30):
        raise NotImplementedError("chessnote has no win/draw/loss models")

    def _order(self) -> Tuple[bool, bool, bool, int, Optional[int]]:
        mate = self.mate()
        return (isinstance(self, MateGivenType), mate is not None and mate > 0, mate is None, -(mate or 0),
                self.score())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Score):
            return self._order() == other._order()
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        if isinstance(other, Score):
            return self._order() != other._order()
        return NotImplemented

    def __lt__(self, other: object) -> bool:
        if isinstance(other, Score):
            return self._order() < other._order()
        return NotImplemented

    def __le__(self, other: object) -> bool:
        if isinstance(other, Score):
            return self._order() <= other._order()
        return NotImplemented

    def __gt__(self, other: object) -> bool:
        if isinstance(other, Score):
            return self._order() > other._order()
        return NotImplemented

    def __ge__(self, other: object) -> bool:
        if isinstance(other, Score):
            return self._order() >= other._order()
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]


class Cp(Score):
    """Centipawns."""

    def __init__(self, cp: int) -> None:
        self.cp = cp

    def mate(self) -> None:
        return None

    def score(self, *, mate_score: Optional[int] = None) -> int:
        return self.cp

    def __str__(self) -> str:
        return f"+{self.cp:d}" if self.cp > 0 else str(self.cp)

    def __repr__(self) -> str:
        return f"Cp({self})"

    def __neg__(self) -> Cp:
        return Cp(-self.cp)

    def __pos__(self) -> Cp:
        return Cp(self.cp)

    def __abs__(self) -> Cp:
        return Cp(abs(self.cp))


class Mate(Score):
    """A mate in ``moves`` (negative: the side is mated in so many)."""

    def __init__(self, moves: int) -> None:
        self.moves = moves

    def mate(self) -> int:
        return self.moves

    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]:
        if mate_score is None:
            return None
        return mate_score - self.moves if self.moves > 0 else -mate_score - self.moves

    def __str__(self) -> str:
        return f"#+{self.moves}" if self.moves > 0 else f"#-{abs(self.moves)}"

    def __repr__(self) -> str:
        return f"Mate({str(self).lstrip('#')})"

    def __neg__(self) -> Score:
        return MateGiven if not self.moves else Mate(-self.moves)

    def __pos__(self) -> Mate:
        return Mate(self.moves)

    def __abs__(self) -> Score:
        return MateGiven if not self.moves else Mate(abs(self.moves))


class MateGivenType(Score):
    """The mate given: the side has won (``-Mate(0)``)."""

    def mate(self) -> int:
        return 0

    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]:
        return mate_score

    def __neg__(self) -> Mate:
        return Mate(0)

    def __pos__(self) -> MateGivenType:
        return self

    def __abs__(self) -> MateGivenType:
        return self

    def __repr__(self) -> str:
        return "MateGiven"

    def __str__(self) -> str:
        return "#+0"


MateGiven = MateGivenType()


class PovScore:
    """A score (``relative``) from the point of view of ``turn``."""

    def __init__(self, relative: Score, turn: bool) -> None:
        self.relative = relative
        self.turn = turn

    def white(self) -> Score:
        return self.pov(True)

    def black(self) -> Score:
        return self.pov(False)

    def pov(self, color: bool) -> Score:
        """The score from ``color``'s point of view."""
        return self.relative if self.turn == color else -self.relative

    def is_mate(self) -> bool:
        return self.relative.is_mate()

    def wdl(self, *, model: str = "sf", ply: int = 30):
        raise NotImplementedError("chessnote has no win/draw/loss models")

    def __repr__(self) -> str:
        return "PovScore({!r}, {})".format(self.relative, "WHITE" if self.turn else "BLACK")

    def __eq__(self, other: object) -> bool:
        if isinstance(other, PovScore):
            return self.white() == other.white()
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]
