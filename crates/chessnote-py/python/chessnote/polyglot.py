"""Polyglot opening books, with python-chess's ``chess.polyglot`` names.

``import chessnote.polyglot as polyglot`` in place of ``import
chess.polyglot``: ``zobrist_hash(board)``, ``open_reader(path)`` and the
reader's ``find_all``, ``find``, ``get``, ``choice`` and
``weighted_choice``, each ``Entry`` a named tuple of ``key``, ``raw_move``,
``weight``, ``learn`` and ``move``. The keys and the moves come from
chessnote (Rust); this module only gives them python-chess's shapes.

Differences (also in ``docs/python.md``): the book is read into memory,
not mapped; a book whose keys are not in order is refused with
``OSError`` (python-chess would search it and miss entries); a board that
is not a valid position raises as its moves do; an entry that codes a drop
reads as a move from a square to itself (chessnote's ``Move`` has no
drops).
"""

from __future__ import annotations

import random as _random
from typing import Container, Iterator, NamedTuple, Optional, Union

from . import _chessnote as _native
from ._chessnote import Board, Move

__all__ = ["Entry", "MemoryMappedReader", "open_reader", "zobrist_hash"]


def zobrist_hash(board: Board) -> int:
    """The Polyglot key of the board's position."""
    return _native._zobrist_hash(board)


class Entry(NamedTuple):
    """An entry of a Polyglot opening book."""

    key: int
    """The Polyglot key of the position."""

    raw_move: int
    """The move as the file codes it (``move`` is the move itself)."""

    weight: int
    """How often or how well the move was played."""

    learn: int
    """A value programs may use for learning."""

    move: Move
    """The move."""


def _raw_move(raw: int) -> Move:
    """The move of an entry as written: from, to and promotion (a
    promotion code past the king's, or a drop, reads as none)."""
    to_square = raw & 0x3F
    from_square = (raw >> 6) & 0x3F
    code = (raw >> 12) & 0x7
    promotion = code + 1 if 1 <= code <= 5 and from_square != to_square else None
    return Move(from_square, to_square, promotion)


def _randint(rng: Optional[_random.Random], low: int, high: int) -> int:
    return (rng or _random).randint(low, high)


class MemoryMappedReader:
    """A Polyglot opening book (python-chess's name; the book is read into
    memory)."""

    def __init__(self, filename) -> None:
        self._book = _native._Book(filename)

    def __enter__(self) -> MemoryMappedReader:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def __len__(self) -> int:
        return len(self._book)

    def __getitem__(self, index: int) -> Entry:
        if index < 0:
            index += len(self)
        if index < 0:
            raise IndexError("book index out of range")
        key, raw, weight, learn = self._book.entry(index)
        return Entry(key, raw, weight, learn, _raw_move(raw))

    def __iter__(self) -> Iterator[Entry]:
        for index in range(len(self)):
            yield self[index]

    def bisect_key_left(self, key: int) -> int:
        """The index of the first entry whose key is ``key`` or above."""
        return self._book.bisect(key)

    def __contains__(self, entry: Entry) -> bool:
        return any(e == entry for e in self.find_all(entry.key, minimum_weight=entry.weight))

    def find_all(
        self,
        board: Union[Board, int],
        *,
        minimum_weight: int = 1,
        exclude_moves: Container[Move] = (),
    ) -> Iterator[Entry]:
        """The entries of a position (or of a key), in the book's order:
        those of at least ``minimum_weight``, not in ``exclude_moves``, and,
        for a board, legal there (castling as the board writes it)."""
        minimum_weight = max(minimum_weight, 0)
        if minimum_weight > 0xFFFF:
            # No weight is that high.
            found = []
        elif isinstance(board, Board):
            found = [Entry(*e) for e in self._book.moves_of(board, minimum_weight)]
        else:
            found = [
                Entry(key, raw, weight, learn, _raw_move(raw))
                for key, raw, weight, learn in self._book.entries_of(int(board), minimum_weight)
            ]
        for entry in found:
            if exclude_moves and entry.move in exclude_moves:
                continue
            yield entry

    def find(
        self,
        board: Union[Board, int],
        *,
        minimum_weight: int = 1,
        exclude_moves: Container[Move] = (),
    ) -> Entry:
        """The main entry: the first of the highest weight. Raises
        ``IndexError`` when there is none."""
        best = None
        for entry in self.find_all(board, minimum_weight=minimum_weight, exclude_moves=exclude_moves):
            if best is None or entry.weight > best.weight:
                best = entry
        if best is None:
            raise IndexError("no entry for this position")
        return best

    def get(
        self,
        board: Union[Board, int],
        default: Optional[Entry] = None,
        *,
        minimum_weight: int = 1,
        exclude_moves: Container[Move] = (),
    ) -> Optional[Entry]:
        """``find``, or ``default`` when there is no entry."""
        try:
            return self.find(board, minimum_weight=minimum_weight, exclude_moves=exclude_moves)
        except IndexError:
            return default

    def choice(
        self,
        board: Union[Board, int],
        *,
        minimum_weight: int = 1,
        exclude_moves: Container[Move] = (),
        random: Optional[_random.Random] = None,
    ) -> Entry:
        """An entry drawn uniformly (one draw per entry after the first,
        as python-chess draws, so a seeded ``random`` gives its choice).
        Raises ``IndexError`` when there is none."""
        chosen = None
        for index, entry in enumerate(
            self.find_all(board, minimum_weight=minimum_weight, exclude_moves=exclude_moves)
        ):
            if chosen is None or _randint(random, 0, index) == index:
                chosen = entry
        if chosen is None:
            raise IndexError("no entry for this position")
        return chosen

    def weighted_choice(
        self,
        board: Union[Board, int],
        *,
        exclude_moves: Container[Move] = (),
        random: Optional[_random.Random] = None,
    ) -> Entry:
        """An entry drawn by weight (one draw, as python-chess draws).
        Raises ``IndexError`` when there is none."""
        entries = list(self.find_all(board, exclude_moves=exclude_moves))
        total = sum(entry.weight for entry in entries)
        if not total:
            raise IndexError("no entry for this position")
        draw = _randint(random, 0, total - 1)
        reached = 0
        for entry in entries:
            reached += entry.weight
            if reached > draw:
                return entry
        raise AssertionError("the draw is below the total")

    def close(self) -> None:
        """Lets the book go; using the reader afterwards raises
        ``ValueError``."""
        self._book = _Closed()


class _Closed:
    """What a closed reader holds: every use raises ``ValueError``."""

    def __len__(self) -> int:
        raise ValueError("the book is closed")

    def __getattr__(self, name):
        raise ValueError("the book is closed")


def open_reader(path) -> MemoryMappedReader:
    """The book at ``path``."""
    return MemoryMappedReader(path)
