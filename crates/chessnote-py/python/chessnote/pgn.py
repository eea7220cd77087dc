"""python-chess's ``chess.pgn`` on chessnote: change the import, keep the code.

``read_game(handle)`` reads one game from a text stream, consuming its lines
as python-chess does, and gives a ``Game``: a tree of ``GameNode``s with
python-chess's names (``variations``, ``mainline()``, ``add_variation``,
``comment``, ``nags``, ``board()`` …). The tree lives in Rust (the library's
``GameTree``, read by chessnote's PGN reader); the classes here are thin
views of it, made when a node is first asked for. ``str(game)`` and the
exporters write with chessnote's writer in python-chess's style, byte for
byte. ``docs/python.md`` lists what differs.
"""

from __future__ import annotations

import collections.abc
import enum
import re
import typing
from typing import Any, Callable, Iterable, Iterator, Optional, TextIO, Union

from . import _chessnote as _native
from ._chessnote import Board, Move

NAG_NULL = 0
NAG_GOOD_MOVE = 1
NAG_MISTAKE = 2
NAG_BRILLIANT_MOVE = 3
NAG_BLUNDER = 4
NAG_SPECULATIVE_MOVE = 5
NAG_DUBIOUS_MOVE = 6
NAG_FORCED_MOVE = 7
NAG_SINGULAR_MOVE = 8
NAG_WORST_MOVE = 9
NAG_DRAWISH_POSITION = 10
NAG_QUIET_POSITION = 11
NAG_ACTIVE_POSITION = 12
NAG_UNCLEAR_POSITION = 13
NAG_WHITE_SLIGHT_ADVANTAGE = 14
NAG_BLACK_SLIGHT_ADVANTAGE = 15
NAG_WHITE_MODERATE_ADVANTAGE = 16
NAG_BLACK_MODERATE_ADVANTAGE = 17
NAG_WHITE_DECISIVE_ADVANTAGE = 18
NAG_BLACK_DECISIVE_ADVANTAGE = 19
NAG_WHITE_ZUGZWANG = 22
NAG_BLACK_ZUGZWANG = 23
NAG_WHITE_MODERATE_COUNTERPLAY = 132
NAG_BLACK_MODERATE_COUNTERPLAY = 133
NAG_WHITE_DECISIVE_COUNTERPLAY = 134
NAG_BLACK_DECISIVE_COUNTERPLAY = 135
NAG_WHITE_MODERATE_TIME_PRESSURE = 136
NAG_BLACK_MODERATE_TIME_PRESSURE = 137
NAG_WHITE_SEVERE_TIME_PRESSURE = 138
NAG_BLACK_SEVERE_TIME_PRESSURE = 139
NAG_NOVELTY = 146

TAG_ROSTER = ["Event", "Site", "Date", "Round", "White", "Black", "Result"]
TAG_NAME_REGEX = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_+#=:-]*\Z")

_CHESS960_NAMES = ("chess960", "chess 960", "fischerandom", "fischerrandom", "fischer random")


class SkipType(enum.Enum):
    """What a visitor returns to skip a game's moves or a variation."""

    SKIP = None


SKIP = SkipType.SKIP


class Headers(collections.abc.MutableMapping):
    """A game's tag pairs: the Seven Tag Roster first (in its order), then
    the others as added. Without ``data``, the roster with its "unknown"
    values (``?``, ``????.??.??``, ``*``)."""

    def __init__(self, data=None, **kwargs: str) -> None:
        self._tag_roster: dict[str, str] = {}
        self._others: dict[str, str] = {}
        self.update(_UNKNOWN if data is None else data, **kwargs)

    def is_chess960(self) -> bool:
        return self.get("Variant", "").lower() in _CHESS960_NAMES

    def is_wild(self) -> bool:
        return self.get("Variant", "").lower() in (
            "wild/0", "wild/1", "wild/2", "wild/3", "wild/4", "wild/5", "wild/6", "wild/7",
            "wild/8", "wild/8a")

    def variant(self) -> type:
        """The board class of the ``Variant`` tag: ``Board``, or a Lichess
        variant's class of ``chessnote.variant`` (``CrazyhouseBoard``, ...);
        another name raises ``ValueError``."""
        if "Variant" not in self or self.is_chess960() or self.is_wild():
            return Board
        if self["Variant"].lower() in ("standard", "chess", "normal", "from position"):
            return Board
        from . import variant

        return variant.find_variant(self["Variant"])

    def board(self) -> Board:
        """The start position the tags give (``FEN``, ``Variant``)."""
        cls = self.variant()
        if cls is not Board:
            return cls(self["FEN"]) if "FEN" in self else cls()
        board = cls(self.get("FEN", _native.STARTING_FEN), chess960=self.is_chess960())
        if not board.chess960 and board.has_chess960_castling_rights():
            board = Board(board.fen(), chess960=True)
        return board

    def __setitem__(self, key: str, value: str) -> None:
        if key in TAG_ROSTER:
            self._tag_roster[key] = value
        elif not TAG_NAME_REGEX.match(key):
            raise ValueError(f"invalid pgn header tag: {key!r}")
        elif "\n" in value or "\r" in value:
            raise ValueError(f"line break in pgn header {key}: {value!r}")
        else:
            self._others[key] = value

    def __getitem__(self, key: str) -> str:
        return self._tag_roster[key] if key in TAG_ROSTER else self._others[key]

    def __delitem__(self, key: str) -> None:
        if key in TAG_ROSTER:
            del self._tag_roster[key]
        else:
            del self._others[key]

    def __iter__(self) -> Iterator[str]:
        for key in TAG_ROSTER:
            if key in self._tag_roster:
                yield key
        yield from self._others

    def __len__(self) -> int:
        return len(self._tag_roster) + len(self._others)

    def copy(self) -> Headers:
        return type(self)(self)

    def __copy__(self) -> Headers:
        return self.copy()

    def __repr__(self) -> str:
        return "{}({})".format(
            type(self).__name__, ", ".join(f"{key}={value!r}" for key, value in self.items()))

    @classmethod
    def builder(cls) -> HeadersBuilder:
        return HeadersBuilder(Headers=cls)


class _Nags(collections.abc.MutableSet):
    """A node's NAGs, a set kept in the game tree."""

    __slots__ = ("_node",)

    def __init__(self, node: GameNode) -> None:
        self._node = node

    def _get(self) -> set:
        node = self._node
        return set(node._game._tree.nags(node._id))

    def _set(self, nags: Iterable[int]) -> None:
        node = self._node
        node._game._tree.set_nags(node._id, sorted(set(nags)))

    def __contains__(self, nag: object) -> bool:
        return nag in self._get()

    def __iter__(self) -> Iterator[int]:
        return iter(sorted(self._get()))

    def __len__(self) -> int:
        return len(self._get())

    def add(self, nag: int) -> None:
        self._set(self._get() | {nag})

    def discard(self, nag: int) -> None:
        self._set(self._get() - {nag})

    def update(self, *others: Iterable[int]) -> None:
        nags = self._get()
        for other in others:
            nags |= set(other)
        self._set(nags)

    def clear(self) -> None:
        self._set(())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, collections.abc.Set):
            return self._get() == set(other)
        return NotImplemented

    def __repr__(self) -> str:
        return repr(self._get()) if self else "set()"


class GameNode:
    """A node of a game tree: the game itself (``Game``) or a move
    (``ChildNode``). Its children are ``variations``, the main move first."""

    _game: Game
    _id: int

    @property
    def parent(self) -> Optional[GameNode]:
        parent = self._game._tree.parent(self._id)
        return None if parent is None else self._game._node(parent)

    @property
    def move(self) -> Optional[Move]:
        return self._game._tree.move(self._id)

    @property
    def variations(self) -> list[ChildNode]:
        """The moves after this node, main move first (a new list: change
        the tree with ``add_variation``, ``promote``, ``remove_variation``)."""
        game = self._game
        return [game._node(i) for i in game._tree.variations(self._id)]

    @property
    def comment(self) -> str:
        return self._game._tree.comment(self._id)

    @comment.setter
    def comment(self, comment: str) -> None:
        self._game._tree.set_comment(self._id, comment)

    @property
    def nags(self) -> _Nags:
        return _Nags(self)

    @nags.setter
    def nags(self, nags: Iterable[int]) -> None:
        _Nags(self)._set(nags)

    def board(self) -> Board:
        """The position at this node, with the game's moves to it on its
        move stack (a copy)."""
        return self._game._tree.board(self._id)

    def ply(self) -> int:
        """The half-moves to this node, from the counters of its position."""
        return self._game._tree.ply(self._id)

    def turn(self) -> bool:
        return self.ply() % 2 == 0

    def root(self) -> GameNode:
        return self._game

    def game(self) -> Game:
        return self._game

    def end(self) -> GameNode:
        return self._game._node(self._game._tree.end(self._id))

    def is_end(self) -> bool:
        return not self._game._tree.variations(self._id)

    def starts_variation(self) -> bool:
        parent = self._game._tree.parent(self._id)
        return parent is not None and self._game._tree.variations(parent)[0] != self._id

    def is_mainline(self) -> bool:
        return self._game._tree.is_mainline(self._id)

    def is_main_variation(self) -> bool:
        return self._game._tree.is_main_variation(self._id)

    def __getitem__(self, move: Union[int, Move, GameNode]) -> ChildNode:
        variations = self.variations
        if isinstance(move, int):
            return variations[move]
        for variation in variations:
            if variation.move == move or variation is move:
                return variation
        raise KeyError(move)

    def __contains__(self, move: Union[int, Move, GameNode]) -> bool:
        try:
            self[move]
        except (KeyError, IndexError):
            return False
        return True

    def variation(self, move: Union[int, Move, GameNode]) -> ChildNode:
        return self[move]

    def has_variation(self, move: Union[int, Move, GameNode]) -> bool:
        return move in self

    def promote_to_main(self, move: Union[int, Move, GameNode]) -> None:
        self._game._tree.promote_to_main(self[move]._id)

    def promote(self, move: Union[int, Move, GameNode]) -> None:
        self._game._tree.promote(self[move]._id)

    def demote(self, move: Union[int, Move, GameNode]) -> None:
        self._game._tree.demote(self[move]._id)

    def remove_variation(self, move: Union[int, Move, GameNode]) -> None:
        game = self._game
        for gone in game._tree.remove(self[move]._id):
            node = game._nodes.pop(gone, None)
            if node is not None:
                node._game = _detached(node)

    def add_variation(self, move: Move, *, comment: str = "", starting_comment: str = "",
                      nags: Iterable[int] = ()) -> ChildNode:
        """Adds a legal move after this node, last of its variations;
        ``IllegalMoveError`` when it is not legal here."""
        return ChildNode(self, move, comment=comment, starting_comment=starting_comment, nags=nags)

    def add_main_variation(self, move: Move, *, comment: str = "",
                           nags: Iterable[int] = ()) -> ChildNode:
        node = self.add_variation(move, comment=comment, nags=nags)
        self._game._tree.promote_to_main(node._id)
        return node

    def next(self) -> Optional[ChildNode]:
        variations = self._game._tree.variations(self._id)
        return self._game._node(variations[0]) if variations else None

    def mainline(self) -> Mainline:
        return Mainline(self, lambda node: node)

    def mainline_moves(self) -> Mainline:
        return _MainlineMoves(self, lambda node: node.move)

    def add_line(self, moves: Iterable[Move], *, comment: str = "", starting_comment: str = "",
                 nags: Iterable[int] = ()) -> GameNode:
        node = self
        for move in moves:
            node = node.add_variation(move, starting_comment=starting_comment)
            starting_comment = ""
        node.comment = (node.comment + " " + comment) if node.comment else comment
        node.nags.update(nags)
        return node

    def clock(self) -> Optional[float]:
        """The first ``[%clk H:MM:SS]`` of the comment, in seconds, or None."""
        return _time(_CLOCK, self.comment)

    def set_clock(self, seconds: Optional[float]) -> None:
        """Replaces the first ``[%clk]`` of the comment (None: removes it),
        or adds one at its end."""
        self.comment = _set_command(_CLOCK, "clk", seconds, self.comment)

    def emt(self) -> Optional[float]:
        """The first ``[%emt H:MM:SS]`` (time spent) of the comment, in
        seconds, or None."""
        return _time(_EMT, self.comment)

    def set_emt(self, seconds: Optional[float]) -> None:
        """Replaces the first ``[%emt]`` of the comment (None: removes it),
        or adds one at its end."""
        self.comment = _set_command(_EMT, "emt", seconds, self.comment)

    def eval(self):
        """The first ``[%eval]`` of the comment as a ``PovScore`` (from the
        side to move at this node; ``chessnote.engine``), or None."""
        from .engine import Cp, Mate, PovScore

        match = _EVAL.search(self.comment)
        if not match:
            return None
        turn = self.turn()
        if match.group("mate"):
            mate = int(match.group("mate"))
            score = Mate(mate)
            if mate == 0:
                # Mate given: the side to move after it is the mated one.
                return PovScore(score, turn)
        else:
            score = Cp(round(float(match.group("cp")) * 100))
        return PovScore(score if turn else -score, turn)

    def eval_depth(self) -> Optional[int]:
        """The depth of the first ``[%eval]`` of the comment, or None."""
        match = _EVAL.search(self.comment)
        return int(match.group("depth")) if match and match.group("depth") else None

    def set_eval(self, score, depth: Optional[int] = None) -> None:
        """Replaces the first ``[%eval]`` of the comment with ``score`` (a
        ``PovScore``; None removes it), or adds one at its end."""
        command = ""
        if score is not None:
            suffix = "" if depth is None else f",{max(depth, 0):d}"
            cp = score.white().score()
            if cp is not None:
                command = f"[%eval {float(cp) / 100:.2f}{suffix}]"
            elif score.white().mate():
                command = f"[%eval #{score.white().mate()}{suffix}]"

        self.comment = _put_command(_EVAL, command, self.comment, (" ",))

    def arrows(self) -> list:
        """The arrows and coloured squares of the comment's ``[%cal]`` and
        ``[%csl]``, as ``chessnote.svg.Arrow``s (a square: an arrow from it
        to itself)."""
        from .svg import Arrow

        return [Arrow.from_pgn(item) for match in _ARROWS.finditer(self.comment)
                for item in match.group("arrows").split(",")]

    def set_arrows(self, arrows: Iterable) -> None:
        """Replaces the comment's ``[%csl]`` and ``[%cal]`` with these
        (``Arrow``s or ``(tail, head)`` pairs), put first."""
        from .svg import Arrow

        csl, cal = [], []
        for arrow in arrows:
            if not isinstance(arrow, Arrow):
                tail, head = arrow
                arrow = Arrow(tail, head)
            (csl if arrow.tail == arrow.head else cal).append(arrow.pgn())
        comment = _ARROWS.sub(
            lambda m: m.group("prefix") and m.group("suffix"), self.comment)
        prefix = ""
        if csl:
            prefix += f"[%csl {','.join(csl)}]"
        if cal:
            prefix += f"[%cal {','.join(cal)}]"
        if prefix and comment and not comment.startswith((" ", "\n")):
            comment = prefix + " " + comment
        else:
            comment = prefix + comment
        self.comment = comment

    def accept(self, visitor: BaseVisitor) -> Any:
        raise NotImplementedError

    def __str__(self) -> str:
        return self.accept(StringExporter(columns=None))


def _time_command(name: str) -> re.Pattern:
    return re.compile(r"(?P<prefix>\s?)\[%" + name
                      + r"\s(?P<hours>\d+):(?P<minutes>\d+):(?P<seconds>\d+(?:\.\d*)?)\](?P<suffix>\s?)")


_CLOCK = _time_command("clk")
_EVAL = re.compile(
    r"(?P<prefix>\s?)\[%eval\s(?:\#(?P<mate>[+-]?\d+)|(?P<cp>[+-]?(?:\d{0,10}\.\d{1,2}|\d{1,10}\.?)))"
    r"(?:,(?P<depth>\d+))?\](?P<suffix>\s?)")
_ARROWS = re.compile(
    r"(?P<prefix>\s?)\[%(?:csl|cal)\s(?P<arrows>[RGYB][a-h][1-8](?:[a-h][1-8])?"
    r"(?:,[RGYB][a-h][1-8](?:[a-h][1-8])?)*)\](?P<suffix>\s?)")
_EMT = _time_command("emt")


def _time(pattern: re.Pattern, comment: str) -> Optional[float]:
    match = pattern.search(comment)
    if match is None:
        return None
    return (int(match.group("hours")) * 3600 + int(match.group("minutes")) * 60
            + float(match.group("seconds")))


def _set_command(pattern: re.Pattern, name: str, seconds: Optional[float], comment: str) -> str:
    """A comment with its first ``[%name H:MM:SS.sss]`` replaced (removed
    for None, with the space before or after it), or one added at its end:
    python-chess's text, to the millisecond."""
    command = ""
    if seconds is not None:
        seconds = max(0, seconds)
        hours, rest = int(seconds // 3600), seconds % 3600
        minutes, rest = int(rest // 60), rest % 60
        part = f"{rest:06.3f}".rstrip("0").rstrip(".")
        command = f"[%{name} {hours:d}:{minutes:02d}:{part}]"

    return _put_command(pattern, command, comment, (" ", "\n"))


def _put_command(pattern: re.Pattern, command: str, comment: str, separators: tuple) -> str:
    """A comment with the first match of ``pattern`` replaced by
    ``command`` (removed when it is empty, with the white space before or
    after it), or ``command`` added at its end after a space unless the
    comment ends with one of ``separators``."""

    def replace(match: re.Match) -> str:
        if command:
            return match.group("prefix") + command + match.group("suffix")
        # The white space after it stays when there was some before.
        return match.group("prefix") and match.group("suffix")

    comment, found = pattern.subn(replace, comment, count=1)
    if not found and command:
        if comment and not comment.endswith(separators):
            comment += " "
        comment += command
    return comment


def _detached(node: GameNode) -> Game:
    """A game of its own for a node removed from its tree (it then reads as
    the root of an empty game)."""
    game = Game()
    node._id = 0
    return game


class ChildNode(GameNode):
    """A move of a game tree, with its comment before (``starting_comment``)
    and after (``comment``) and its NAGs."""

    def __init__(self, parent: GameNode, move: Move, *, comment: str = "",
                 starting_comment: str = "", nags: Iterable[int] = ()) -> None:
        game = parent._game
        self._game = game
        self._id = game._tree.add_variation(parent._id, move)
        game._nodes[self._id] = self
        if comment:
            self.comment = comment
        if starting_comment:
            self.starting_comment = starting_comment
        nags = list(nags)
        if nags:
            self.nags = nags

    @property
    def starting_comment(self) -> str:
        return self._game._tree.starting_comment(self._id)

    @starting_comment.setter
    def starting_comment(self, comment: str) -> None:
        self._game._tree.set_starting_comment(self._id, comment)

    def san(self) -> str:
        """The move in SAN, in the position before it."""
        return self._game._tree.san(self._id)

    def uci(self, *, chess960: Optional[bool] = None) -> str:
        """The move in UCI; castling as the king taking its rook with
        ``chess960=True``, as the king's two-square step with ``False``
        (python-chess's rule: a king on e1 or e8 and a corner rook), as the
        game writes it with None."""
        move = self.move
        if chess960 is None or not move:
            return move.uci()
        king, to = move.from_square, move.to_square
        board = self.parent.board()
        if king not in (_E1, _E8) or board.piece_type_at(king) != _KING:
            return move.uci()
        rooks = board.rooks
        # The king-takes-rook form first, then the asked one.
        if to == king + 2 and not rooks >> to & 1:
            to = king + 3
        elif to == king - 2 and not rooks >> to & 1:
            to = king - 4
        if not chess960:
            to = {king + 3: king + 2, king - 4: king - 2}.get(to, to)
        return Move(king, to, move.promotion).uci()

    def end(self) -> ChildNode:
        return typing.cast(ChildNode, super().end())

    def accept(self, visitor: BaseVisitor) -> Any:
        """Walks the moves from this one on (not the moves beside it) with
        ``visitor``; returns its result."""
        if type(visitor) in (StringExporter, FileExporter):
            visitor._take(self._game._tree.write_line(
                self._id, visitor.columns, visitor.comments, visitor.variations), movetext=True)
            return visitor.result()
        _walk(self.parent.board(), self, visitor, sidelines=False)
        return visitor.result()

    def __repr__(self) -> str:
        board = self.parent.board()
        return "<{} at {:#x} ({}{} {} ...)>".format(
            type(self).__name__, id(self), board.fullmove_number,
            "." if board.turn else "...", self.san())


class Game(GameNode):
    """A game: its headers, its start and moves (the root of its tree), and
    the problems met reading it (``errors``)."""

    def __init__(self, headers=None) -> None:
        self.headers = Headers(headers)
        self.errors: list = []
        self._tree = _native._Tree()
        self._game = self
        self._id = 0
        self._nodes: dict[int, GameNode] = {0: self}
        if "FEN" in self.headers or self.headers.is_chess960():
            board = self.headers.board()
            self._tree = _native._Tree(board.fen(), board.chess960)

    @property
    def headers(self) -> Headers:
        """The tag pairs (a game read has them made when first asked for)."""
        headers = self._headers
        if headers is None:
            headers = self._headers = _headers(self._tree)
        return headers

    @headers.setter
    def headers(self, headers: Headers) -> None:
        self._headers = headers

    @classmethod
    def _of(cls, tree) -> Game:
        game = cls.__new__(cls)
        game._headers = None
        game.errors = [_exception(error) for error in tree.errors()]
        game._tree = tree
        game._game = game
        game._id = 0
        game._nodes = {0: game}
        return game

    def _node(self, index: int) -> GameNode:
        node = self._nodes.get(index)
        if node is None:
            node = ChildNode.__new__(ChildNode)
            node._game = self
            node._id = index
            self._nodes[index] = node
        return node

    def board(self) -> Board:
        return self._tree.board(0)

    def ply(self) -> int:
        return self._tree.ply(0)

    def setup(self, board: Union[Board, str]) -> None:
        """Starts the game from a position (a board, or a FEN), setting the
        ``FEN``, ``SetUp`` and ``Variant`` tags. Only a game with no moves
        can be set up (``ValueError`` otherwise)."""
        if self._tree.variations(0):
            raise ValueError("only a game with no moves can be set up")
        if isinstance(board, str):
            board = Board(board)
            if board.has_chess960_castling_rights():
                board = Board(board.fen(), chess960=True)
        fen = board.fen()
        if fen == _native.STARTING_FEN:
            self.headers.pop("FEN", None)
            self.headers.pop("SetUp", None)
        else:
            self.headers["FEN"] = fen
            self.headers["SetUp"] = "1"
        if board.chess960:
            self.headers["Variant"] = "Chess960"
        else:
            self.headers.pop("Variant", None)
        comment = self.comment
        self._tree = _native._Tree(fen, board.chess960)
        self.comment = comment

    def accept(self, visitor: BaseVisitor) -> Any:
        """Walks the game with ``visitor`` (python-chess's order of calls);
        returns its result. The exporters write with chessnote's writer."""
        if type(visitor) in (StringExporter, FileExporter):
            visitor.begin_game()
            visitor._take(self._tree.write(
                list(self.headers.items()), visitor.columns, visitor.headers, visitor.comments,
                visitor.variations), movetext=False)
            return visitor.result()
        return self._visit(visitor, reading=False)

    def _visit(self, visitor: BaseVisitor, *, reading: bool) -> Any:
        """Calls ``visitor`` on the game in python-chess's order: as its
        ``accept`` does, or (``reading``) as its reader does: the headers
        begun, each board handed over left as it is after the move, and the
        errors handed to ``handle_error``."""
        if visitor.begin_game() is not SKIP:
            if reading:
                visitor.begin_headers()
            for name, value in self.headers.items():
                visitor.visit_header(name, value)
            if visitor.end_headers() is not SKIP:
                board = self.board()
                visitor.visit_board(board)
                if self.comment:
                    visitor.visit_comment(self.comment)
                first = self.next()
                if first is not None:
                    _walk(board, first, visitor, sidelines=True, live=reading)
                visitor.visit_result(self.headers.get("Result", "*"))
        if reading:
            for error in self.errors:
                visitor.handle_error(error)
        visitor.end_game()
        return visitor.result()

    @classmethod
    def from_board(cls, board: Board) -> Game:
        """A game of a board's moves, from its root position."""
        game = cls()
        game.setup(board.root())
        node: GameNode = game
        for move in board.move_stack:
            node = node.add_variation(move)
        game.headers["Result"] = board.result()
        return game

    @classmethod
    def without_tag_roster(cls) -> Game:
        return cls(headers={})

    @classmethod
    def builder(cls) -> GameBuilder:
        return GameBuilder(Game=cls)

    def __repr__(self) -> str:
        return "<{} at {:#x} ({!r} vs. {!r}, {!r} at {!r}{})>".format(
            type(self).__name__, id(self), self.headers.get("White", "?"),
            self.headers.get("Black", "?"), self.headers.get("Date", "????.??.??"),
            self.headers.get("Site", "?"), f", {len(self.errors)} errors" if self.errors else "")


def _walk(board: Board, start: ChildNode, visitor: BaseVisitor, *, sidelines: bool,
          live: bool = False) -> None:
    """Calls ``visitor`` on the moves from ``start`` (played from ``board``)
    in PGN order: each move's starting comment, move, board, NAGs and
    comment, then the variations beside the next move, then its line.

    ``live`` calls it as python-chess's reader does: each board handed over
    stays as it is after the move (a variation gets a copy), where
    ``accept`` takes each move back after handing the board over.
    Iterative: any depth of variations will do."""
    boards = [board]
    # Frames: [node, state, the variations beside it, whether in one]
    stack = [[start, "pre", iter(start.parent.variations[1:] if sidelines else ()), False]]
    while stack:
        top = stack[-1]
        if top[3]:
            top[3] = False
            visitor.end_variation()
            if live:
                boards.pop()
        node = top[0]
        if top[1] == "pre":
            if isinstance(node, ChildNode) and node.starting_comment:
                visitor.visit_comment(node.starting_comment)
            board = boards[-1]
            visitor.visit_move(board, node.move)
            board.push(node.move)
            visitor.visit_board(board)
            if not live:
                board.pop()
            for nag in sorted(node.nags):
                visitor.visit_nag(nag)
            if node.comment:
                visitor.visit_comment(node.comment)
            top[1] = "variations"
        elif top[1] == "variations":
            variation = next(top[2], None)
            if variation is None:
                following = node.variations
                if following:
                    if not live:
                        boards[-1].push(node.move)
                    stack.append([following[0], "pre", iter(following[1:]), False])
                    top[1] = "post"
                else:
                    top[1] = "end"
            elif visitor.begin_variation() is not SKIP:
                if live:
                    copy = boards[-1].copy()
                    copy.pop()
                    boards.append(copy)
                stack.append([variation, "pre", iter(()), False])
                top[3] = True
            else:
                # Skipped: its end is still called, with no board to drop.
                top[3] = True
                if live:
                    boards.append(boards[-1])
        elif top[1] == "post":
            if not live:
                boards[-1].pop()
            top[1] = "end"
        else:
            stack.pop()


class Mainline:
    """The main line after a node, as nodes or as moves (what ``f`` makes
    of each node)."""

    def __init__(self, start: GameNode, f: Callable[[ChildNode], Any]) -> None:
        self.start = start
        self.f = f

    def __bool__(self) -> bool:
        return not self.start.is_end()

    def __iter__(self) -> Iterator[Any]:
        game = self.start._game
        for index in game._tree.mainline(self.start._id):
            yield self.f(game._node(index))

    def __reversed__(self) -> Iterator[Any]:
        game = self.start._game
        for index in reversed(game._tree.mainline(self.start._id)):
            yield self.f(game._node(index))

    def accept(self, visitor: BaseVisitor) -> Any:
        board = self.start.board()
        for node in Mainline(self.start, lambda node: node):
            if node.starting_comment:
                visitor.visit_comment(node.starting_comment)
            visitor.visit_move(board, node.move)
            board.push(node.move)
            visitor.visit_board(board)
            for nag in sorted(node.nags):
                visitor.visit_nag(nag)
            if node.comment:
                visitor.visit_comment(node.comment)
        return visitor.result()

    def _text(self, comments: bool) -> str:
        first = self.start.next()
        if first is None:
            return ""
        return self.start._game._tree.write_line(first._id, None, comments, False)

    def __str__(self) -> str:
        return self._text(True)

    def __repr__(self) -> str:
        return f"<Mainline at {id(self):#x} ({self._text(False)})>"


class _MainlineMoves(Mainline):
    """The main line's moves, taken from the tree in one call."""

    def __iter__(self) -> Iterator[Move]:
        return iter(self.start._game._tree.mainline_moves(self.start._id))

    def __reversed__(self) -> Iterator[Move]:
        return reversed(self.start._game._tree.mainline_moves(self.start._id))


class BaseVisitor:
    """What walks a game calls, in PGN order (python-chess's visitor
    protocol). Subclass it and override what you need; a method that
    returns ``SKIP`` skips what follows (a game's moves, a variation)."""

    def begin_game(self) -> Optional[SkipType]:
        pass

    def begin_headers(self) -> Optional[Headers]:
        pass

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        pass

    def end_headers(self) -> Optional[SkipType]:
        pass

    def begin_parse_san(self, board: Board, san: str) -> Optional[SkipType]:
        pass

    def parse_san(self, board: Board, san: str) -> Move:
        return board.parse_san(san)

    def visit_move(self, board: Board, move: Move) -> None:
        pass

    def visit_board(self, board: Board) -> None:
        pass

    def visit_comment(self, comment: str) -> None:
        pass

    def visit_nag(self, nag: int) -> None:
        pass

    def begin_variation(self) -> Optional[SkipType]:
        pass

    def end_variation(self) -> None:
        pass

    def visit_result(self, result: str) -> None:
        pass

    def end_game(self) -> None:
        pass

    def result(self) -> Any:
        raise NotImplementedError

    def handle_error(self, error: Exception) -> None:
        raise error


class GameBuilder(BaseVisitor):
    """Builds a ``Game`` (what ``read_game`` returns by default)."""

    def __init__(self, *, Game: type = Game) -> None:  # noqa: N803 (python-chess's name)
        self.Game = Game

    def begin_game(self) -> None:
        self.game = self.Game()
        self.variation_stack: list[GameNode] = [self.game]
        self.starting_comment = ""
        self.in_variation = False

    def begin_headers(self) -> Headers:
        return self.game.headers

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        self.game.headers[tagname] = tagvalue

    def end_headers(self) -> None:
        # The game starts where its headers say (they stay as they are).
        if "FEN" in self.game.headers or self.game.headers.is_chess960():
            board = self.game.headers.board()
            self.game._tree = _native._Tree(board.fen(), board.chess960)

    def visit_nag(self, nag: int) -> None:
        self.variation_stack[-1].nags.add(nag)

    def begin_variation(self) -> None:
        parent = self.variation_stack[-1].parent
        assert parent is not None, "begin_variation called, but root node on top of stack"
        self.variation_stack.append(parent)
        self.in_variation = False

    def end_variation(self) -> None:
        self.variation_stack.pop()

    def visit_result(self, result: str) -> None:
        if self.game.headers.get("Result", "*") == "*":
            self.game.headers["Result"] = result

    def visit_comment(self, comment: str) -> None:
        top = self.variation_stack[-1]
        if self.in_variation or (top.parent is None and top.is_end()):
            top.comment = " ".join(filter(None, [top.comment, comment]))
        else:
            self.starting_comment = " ".join(filter(None, [self.starting_comment, comment]))

    def visit_move(self, board: Board, move: Move) -> None:
        node = self.variation_stack[-1].add_variation(move)
        node.starting_comment = self.starting_comment
        self.variation_stack[-1] = node
        self.starting_comment = ""
        self.in_variation = True

    def handle_error(self, error: Exception) -> None:
        self.game.errors.append(error)

    def result(self) -> Game:
        return self.game


class HeadersBuilder(BaseVisitor):
    """Collects a game's headers, skipping its moves."""

    def __init__(self, *, Headers: type = Headers) -> None:  # noqa: N803
        self.Headers = Headers

    def begin_headers(self) -> Headers:
        self.headers = self.Headers({})
        return self.headers

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        self.headers[tagname] = tagvalue

    def end_headers(self) -> SkipType:
        return SKIP

    def result(self) -> Headers:
        return self.headers


class BoardBuilder(BaseVisitor):
    """The final position of a game's main line."""

    def begin_game(self) -> None:
        self.skip_variation_depth = 0

    def begin_variation(self) -> SkipType:
        return SKIP

    def visit_board(self, board: Board) -> None:
        if not self.skip_variation_depth:
            self.board = board

    def result(self) -> Board:
        return self.board


class SkipVisitor(BaseVisitor):
    """Skips a game."""

    def begin_game(self) -> SkipType:
        return SKIP

    def end_headers(self) -> SkipType:
        return SKIP

    def begin_variation(self) -> SkipType:
        return SKIP

    def result(self) -> bool:
        return True


class StringExporter(BaseVisitor):
    """Writes games as PGN text, python-chess's way: ``columns`` per line
    (None: the movetext on one line), and what to leave out. There is no
    line ending at the end; games are joined by a blank line."""

    def __init__(self, *, columns: Optional[int] = 80, headers: bool = True,
                 comments: bool = True, variations: bool = True) -> None:
        self.columns = columns
        self.headers = headers
        self.comments = comments
        self.variations = variations
        self._texts: list[str] = []

    def _take(self, text: str, *, movetext: bool) -> None:
        self._texts.append(text.rstrip("\n"))

    def result(self) -> str:
        return "\n\n".join(t for t in self._texts if t) if self._texts else ""

    def __str__(self) -> str:
        return self.result()


class FileExporter(StringExporter):
    """Writes games as PGN text to a file opened in text mode, each followed
    by a blank line; ``result()`` is the number of characters written."""

    def __init__(self, handle: TextIO, *, columns: Optional[int] = 80, headers: bool = True,
                 comments: bool = True, variations: bool = True) -> None:
        super().__init__(columns=columns, headers=headers, comments=comments,
                         variations=variations)
        self.handle = handle
        self.written = 0

    def begin_game(self) -> None:
        self.written = 0

    def _take(self, text: str, *, movetext: bool) -> None:
        text = text if text.endswith("\n") or not text else text + "\n"
        self.written += self.handle.write(text + "\n")

    def result(self) -> int:
        return self.written

    def __repr__(self) -> str:
        return f"<FileExporter at {id(self):#x}>"

    def __str__(self) -> str:
        return self.__repr__()


def _exception(error) -> _native.PgnError:
    """A problem of the reading as python-chess keeps it: an exception (a
    ``chessnote.PgnError`` with the problem's ``kind``, ``line``,
    ``column``, ``offset`` and ``ply``), not raised."""
    exception = _native.PgnError(error.message)
    for name in ("kind", "line", "column", "offset", "ply", "message"):
        setattr(exception, name, getattr(error, name))
    return exception


_E1, _E8, _KING = 4, 60, 6
_UNKNOWN = {"Event": "?", "Site": "?", "Date": "????.??.??", "Round": "?", "White": "?",
            "Black": "?", "Result": "*"}


def _headers(tree) -> Headers:
    """A game's headers as python-chess's ``GameBuilder`` makes them: the
    roster's "unknown" values, the tags read, and the termination marker as
    the result when the tags leave it unknown."""
    headers = Headers.__new__(Headers)
    headers._tag_roster, headers._others = tree.headers()
    return headers


def read_game(handle: TextIO, *, Visitor: Any = GameBuilder) -> Any:  # noqa: N803
    """Reads the next game of a text stream (python-chess consumes the same
    lines: its tags, then its movetext to the first blank line outside a
    comment); ``None`` at the end. Problems are in ``game.errors``, never
    raised. With another ``Visitor`` than ``GameBuilder``, the game read is
    walked with it (``parse_san`` is not called: chessnote reads the moves)."""
    read = _native._read_game(handle)
    if read is None:
        return None
    tree, more = read
    game = Game._of(tree)
    if more:
        # python-chess reads the lines as one game (no blank line parts
        # them); chessnote reads the first, and says so.
        error = _native.PgnError(
            f"{more} more game(s) in the lines of this one (no blank line between them): "
            "chessnote.read_pgn reads each")
        error.kind = "more-games"
        game.errors.append(error)
    if Visitor is GameBuilder:
        return game
    return game._visit(Visitor(), reading=True)


def read_headers(handle: TextIO) -> Optional[Headers]:
    """Reads the next game's headers, skipping its moves; ``None`` at the end."""
    read = _native._read_game(handle)
    if read is None:
        return None
    headers = Headers({})
    for name, value in read[0].tags():
        try:
            headers[name] = value
        except ValueError:
            pass
    return headers


def skip_game(handle: TextIO) -> bool:
    """Skips the next game; False at the end."""
    return _native._skip_game(handle)
