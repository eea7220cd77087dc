"""Type stubs for the native module of chessnote (``chessnote._chessnote``).

Everything here is re-exported by ``chessnote``; import from there.
"""

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from os import PathLike
from typing import IO, Any, Final, Literal, SupportsInt

__version__: Final[str]

STARTING_FEN: Final[str]
"""The standard starting position."""

# Squares are numbered as python-chess numbers them: a1 = 0, b1 = 1, ... h8 = 63.
# Piece types as python-chess's: PAWN = 1, KNIGHT = 2, BISHOP = 3, ROOK = 4,
# QUEEN = 5, KING = 6.

# Status bits, python-chess's values; the last two are chessnote's own.
STATUS_VALID: Final[int]
STATUS_NO_WHITE_KING: Final[int]
STATUS_NO_BLACK_KING: Final[int]
STATUS_TOO_MANY_KINGS: Final[int]
STATUS_TOO_MANY_WHITE_PAWNS: Final[int]
STATUS_TOO_MANY_BLACK_PAWNS: Final[int]
STATUS_PAWNS_ON_BACKRANK: Final[int]
STATUS_TOO_MANY_WHITE_PIECES: Final[int]
STATUS_TOO_MANY_BLACK_PIECES: Final[int]
STATUS_BAD_CASTLING_RIGHTS: Final[int]
STATUS_INVALID_EP_SQUARE: Final[int]
STATUS_OPPOSITE_CHECK: Final[int]
STATUS_EMPTY: Final[int]
STATUS_TOO_MANY_CHECKERS: Final[int]
STATUS_IMPOSSIBLE_CHECK: Final[int]
"""chessnote's: castling rights impossible in the board's castling mode."""
STATUS_UNPLAYABLE: Final[int]
"""chessnote's: a position no legal-move generator can play from."""

class ChessnoteError(ValueError):
    """Any error of chessnote's parsers: a ``ValueError`` with where it happened.

    ``kind`` is the library's stable, hyphenated name (``"expected-rank"``),
    ``message`` the text for people, ``offset`` the byte in the parsed input
    (a move's text, a FEN, a PGN stream), ``line`` and ``column`` (1-based)
    for PGN input, else ``None``; ``ply`` the move's ply in a game, else
    ``None``.
    """

    kind: str
    message: str
    offset: int
    line: int | None
    column: int | None
    ply: int | None

class FenError(ChessnoteError):
    """A FEN or EPD record that cannot be read (``Board("...")``)."""

class PgnError(ChessnoteError):
    """A problem in a PGN game (raised by ``Game.raise_for_errors``)."""

class MoveError(ChessnoteError):
    """A move that cannot be read or played (the base of the three below)."""

class InvalidMoveError(MoveError):
    """A move whose text is not valid in its notation (python-chess's name)."""

class IllegalMoveError(MoveError):
    """A move that is not legal in the position (python-chess's name)."""

class AmbiguousMoveError(MoveError):
    """A SAN move that more than one legal move matches (python-chess's name)."""

class PositionError(ChessnoteError):
    """A position the board cannot play from (``Board.push`` on an invalid one)."""

# python-chess's module-level vocabulary, with its values.
WHITE: Final[bool]
BLACK: Final[bool]
COLORS: Final[list[bool]]
COLOR_NAMES: Final[list[str]]
PAWN: Final[int]
KNIGHT: Final[int]
BISHOP: Final[int]
ROOK: Final[int]
QUEEN: Final[int]
KING: Final[int]
PIECE_TYPES: Final[list[int]]
PIECE_SYMBOLS: Final[list[str | None]]
PIECE_NAMES: Final[list[str | None]]
UNICODE_PIECE_SYMBOLS: Final[dict[str, str]]
FILE_NAMES: Final[list[str]]
RANK_NAMES: Final[list[str]]
SQUARES: Final[list[int]]
SQUARE_NAMES: Final[list[str]]
STARTING_BOARD_FEN: Final[str]
BB_EMPTY: Final[int]
BB_ALL: Final[int]
BB_SQUARES: Final[list[int]]
BB_FILES: Final[list[int]]
BB_RANKS: Final[list[int]]
BB_BACKRANKS: Final[int]
BB_LIGHT_SQUARES: Final[int]
BB_DARK_SQUARES: Final[int]
BB_CORNERS: Final[int]
BB_CENTER: Final[int]
BB_FILE_A: Final[int]
BB_FILE_B: Final[int]
BB_FILE_C: Final[int]
BB_FILE_D: Final[int]
BB_FILE_E: Final[int]
BB_FILE_F: Final[int]
BB_FILE_G: Final[int]
BB_FILE_H: Final[int]
BB_RANK_1: Final[int]
BB_RANK_2: Final[int]
BB_RANK_3: Final[int]
BB_RANK_4: Final[int]
BB_RANK_5: Final[int]
BB_RANK_6: Final[int]
BB_RANK_7: Final[int]
BB_RANK_8: Final[int]
A1: Final[int]
B1: Final[int]
C1: Final[int]
D1: Final[int]
E1: Final[int]
F1: Final[int]
G1: Final[int]
H1: Final[int]
A2: Final[int]
B2: Final[int]
C2: Final[int]
D2: Final[int]
E2: Final[int]
F2: Final[int]
G2: Final[int]
H2: Final[int]
A3: Final[int]
B3: Final[int]
C3: Final[int]
D3: Final[int]
E3: Final[int]
F3: Final[int]
G3: Final[int]
H3: Final[int]
A4: Final[int]
B4: Final[int]
C4: Final[int]
D4: Final[int]
E4: Final[int]
F4: Final[int]
G4: Final[int]
H4: Final[int]
A5: Final[int]
B5: Final[int]
C5: Final[int]
D5: Final[int]
E5: Final[int]
F5: Final[int]
G5: Final[int]
H5: Final[int]
A6: Final[int]
B6: Final[int]
C6: Final[int]
D6: Final[int]
E6: Final[int]
F6: Final[int]
G6: Final[int]
H6: Final[int]
A7: Final[int]
B7: Final[int]
C7: Final[int]
D7: Final[int]
E7: Final[int]
F7: Final[int]
G7: Final[int]
H7: Final[int]
A8: Final[int]
B8: Final[int]
C8: Final[int]
D8: Final[int]
E8: Final[int]
F8: Final[int]
G8: Final[int]
H8: Final[int]
BB_A1: Final[int]
BB_B1: Final[int]
BB_C1: Final[int]
BB_D1: Final[int]
BB_E1: Final[int]
BB_F1: Final[int]
BB_G1: Final[int]
BB_H1: Final[int]
BB_A2: Final[int]
BB_B2: Final[int]
BB_C2: Final[int]
BB_D2: Final[int]
BB_E2: Final[int]
BB_F2: Final[int]
BB_G2: Final[int]
BB_H2: Final[int]
BB_A3: Final[int]
BB_B3: Final[int]
BB_C3: Final[int]
BB_D3: Final[int]
BB_E3: Final[int]
BB_F3: Final[int]
BB_G3: Final[int]
BB_H3: Final[int]
BB_A4: Final[int]
BB_B4: Final[int]
BB_C4: Final[int]
BB_D4: Final[int]
BB_E4: Final[int]
BB_F4: Final[int]
BB_G4: Final[int]
BB_H4: Final[int]
BB_A5: Final[int]
BB_B5: Final[int]
BB_C5: Final[int]
BB_D5: Final[int]
BB_E5: Final[int]
BB_F5: Final[int]
BB_G5: Final[int]
BB_H5: Final[int]
BB_A6: Final[int]
BB_B6: Final[int]
BB_C6: Final[int]
BB_D6: Final[int]
BB_E6: Final[int]
BB_F6: Final[int]
BB_G6: Final[int]
BB_H6: Final[int]
BB_A7: Final[int]
BB_B7: Final[int]
BB_C7: Final[int]
BB_D7: Final[int]
BB_E7: Final[int]
BB_F7: Final[int]
BB_G7: Final[int]
BB_H7: Final[int]
BB_A8: Final[int]
BB_B8: Final[int]
BB_C8: Final[int]
BB_D8: Final[int]
BB_E8: Final[int]
BB_F8: Final[int]
BB_G8: Final[int]
BB_H8: Final[int]

def square(file_index: int, rank_index: int) -> int: ...
def square_file(square: int) -> int: ...
def square_rank(square: int) -> int: ...
def square_name(square: int) -> str: ...
def parse_square(name: str) -> int:
    """Raises ``ValueError`` for a name that is no square."""
def square_distance(a: int, b: int) -> int: ...
def square_manhattan_distance(a: int, b: int) -> int: ...
def square_mirror(square: int) -> int: ...
def piece_symbol(piece_type: int) -> str | None: ...
def piece_name(piece_type: int) -> str | None: ...

BB_KNIGHT_ATTACKS: Final[list[int]]
BB_KING_ATTACKS: Final[list[int]]
BB_PAWN_ATTACKS: Final[list[list[int]]]
BB_RAYS: Final[list[list[int]]]

def lsb(bb: int) -> int:
    """The lowest square of a bitboard; -1 for none."""
def msb(bb: int) -> int:
    """The highest square of a bitboard; -1 for none."""
def scan_forward(bb: int) -> Iterator[int]: ...
def scan_reversed(bb: int) -> Iterator[int]: ...
def popcount(bb: int) -> int: ...
def flip_vertical(bb: int) -> int: ...
def flip_horizontal(bb: int) -> int: ...
def flip_diagonal(bb: int) -> int: ...
def flip_anti_diagonal(bb: int) -> int: ...
def shift_down(b: int) -> int: ...
def shift_2_down(b: int) -> int: ...
def shift_up(b: int) -> int: ...
def shift_2_up(b: int) -> int: ...
def shift_right(b: int) -> int: ...
def shift_2_right(b: int) -> int: ...
def shift_left(b: int) -> int: ...
def shift_2_left(b: int) -> int: ...
def shift_up_left(b: int) -> int: ...
def shift_up_right(b: int) -> int: ...
def shift_down_left(b: int) -> int: ...
def shift_down_right(b: int) -> int: ...
def ray(a: int, b: int) -> int:
    """The whole line through two squares (edge to edge), else 0."""
def between(a: int, b: int) -> int:
    """The squares strictly between two squares on a line, else 0."""
def square_knight_distance(a: int, b: int) -> int: ...

IntoSquareSet = SupportsInt | Iterable[int]

class SquareSet:
    """A set of squares kept as a bitboard (python-chess's ``SquareSet``):
    a mutable set, with the bit operations; ``int(s)`` is the bitboard."""

    mask: int
    def __init__(self, squares: IntoSquareSet | None = None) -> None: ...
    def __contains__(self, square: int) -> bool: ...
    def __iter__(self) -> Iterator[int]: ...
    def __reversed__(self) -> Iterator[int]: ...
    def __len__(self) -> int: ...
    def __bool__(self) -> bool: ...
    def __int__(self) -> int: ...
    def __index__(self) -> int: ...
    def add(self, square: int) -> None: ...
    def discard(self, square: int) -> None: ...
    def remove(self, square: int) -> None:
        """Removes a square; ``KeyError`` if it is not there."""
    def pop(self) -> int:
        """Removes and returns the lowest square; ``KeyError`` if empty."""
    def clear(self) -> None: ...
    def isdisjoint(self, other: IntoSquareSet) -> bool: ...
    def issubset(self, other: IntoSquareSet) -> bool: ...
    def issuperset(self, other: IntoSquareSet) -> bool: ...
    def union(self, other: IntoSquareSet) -> SquareSet: ...
    def intersection(self, other: IntoSquareSet) -> SquareSet: ...
    def difference(self, other: IntoSquareSet) -> SquareSet: ...
    def symmetric_difference(self, other: IntoSquareSet) -> SquareSet: ...
    def __or__(self, other: IntoSquareSet) -> SquareSet: ...
    def __and__(self, other: IntoSquareSet) -> SquareSet: ...
    def __sub__(self, other: IntoSquareSet) -> SquareSet: ...
    def __xor__(self, other: IntoSquareSet) -> SquareSet: ...
    def __invert__(self) -> SquareSet: ...
    def __lshift__(self, shift: int) -> SquareSet: ...
    def __rshift__(self, shift: int) -> SquareSet: ...
    def copy(self) -> SquareSet: ...
    def update(self, *others: IntoSquareSet) -> None: ...
    def intersection_update(self, *others: IntoSquareSet) -> None: ...
    def difference_update(self, other: IntoSquareSet) -> None: ...
    def symmetric_difference_update(self, other: IntoSquareSet) -> None: ...
    def carry_rippler(self) -> CarryRippler:
        """Every subset, as bitboards (the empty one first)."""
    def mirror(self) -> SquareSet: ...
    def tolist(self) -> list[bool]: ...
    def __eq__(self, other: object) -> bool: ...
    @classmethod
    def ray(cls, a: int, b: int) -> SquareSet: ...
    @classmethod
    def between(cls, a: int, b: int) -> SquareSet: ...
    @classmethod
    def from_square(cls, square: int) -> SquareSet: ...

class CarryRippler:
    """The subsets of a square set, as bitboards, one at a time."""

    def __iter__(self) -> CarryRippler: ...
    def __next__(self) -> int: ...

class LegalMoveGenerator:
    """A board's legal moves (python-chess's ``LegalMoveGenerator``), taken
    when ``board.legal_moves`` is read, in python-chess's order."""

    def count(self) -> int: ...
    def __len__(self) -> int: ...
    def __bool__(self) -> bool: ...
    def __contains__(self, move: Move) -> bool: ...
    def __iter__(self) -> Iterator[Move]: ...

class PseudoLegalMoveGenerator:
    """A board's pseudo-legal moves (python-chess's
    ``PseudoLegalMoveGenerator``): the legal ones and those that would
    leave the king in check, in python-chess's order."""

    def count(self) -> int: ...
    def __len__(self) -> int: ...
    def __bool__(self) -> bool: ...
    def __contains__(self, move: Move) -> bool: ...
    def __iter__(self) -> Iterator[Move]: ...

class Termination:
    """How a game ended, python-chess's ``chess.Termination`` (its values)."""

    CHECKMATE: Termination
    STALEMATE: Termination
    INSUFFICIENT_MATERIAL: Termination
    SEVENTYFIVE_MOVES: Termination
    FIVEFOLD_REPETITION: Termination
    FIFTY_MOVES: Termination
    THREEFOLD_REPETITION: Termination
    VARIANT_WIN: Termination
    VARIANT_LOSS: Termination
    VARIANT_DRAW: Termination
    name: str
    value: int

class Outcome:
    """How a game ended and who won (True: White; None: a draw)."""

    termination: Termination
    winner: bool | None
    def __init__(self, termination: Termination, winner: bool | None) -> None: ...
    def result(self) -> str: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class Piece:
    """A piece, as python-chess's ``chess.Piece``: its type and color."""

    piece_type: int
    color: bool
    def __init__(self, piece_type: int, color: bool) -> None: ...
    @staticmethod
    def from_symbol(symbol: str) -> Piece:
        """Raises ``ValueError`` for anything but a FEN piece letter."""
    def symbol(self) -> str: ...
    def unicode_symbol(self, *, invert_color: bool = False) -> str: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class Move:
    """A move, as python-chess's ``chess.Move``: from, to and promotion, or
    a crazyhouse drop (``N@f3``: ``Move(sq, sq, drop=KNIGHT)``).

    Castling is the king's move in standard chess (``e1g1``) and king takes
    rook in Chess960 (``e1h1``), as UCI writes it. ``Move.null()`` is the
    null move ``0000``, and so is ``Move(0, 0)``, as in python-chess.
    """

    from_square: int
    to_square: int
    promotion: int | None
    drop: int | None
    """The piece type a crazyhouse drop puts on ``to_square`` (``N@f3``), or None."""
    def __init__(
        self,
        from_square: int,
        to_square: int,
        promotion: int | None = None,
        drop: int | None = None,
    ) -> None: ...
    @staticmethod
    def from_uci(uci: str) -> Move:
        """Raises ``InvalidMoveError`` with the offset of the bad byte."""
    @staticmethod
    def null() -> Move: ...
    def uci(self) -> str: ...
    def __bool__(self) -> bool:
        """False for the null move."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class Board:
    """A position and the moves played to reach it (python-chess's names).

    ``Board(fen)`` reads a FEN (X-FEN and Shredder-FEN castling too); a
    syntax error raises ``FenError``. A position that is not valid (two white
    kings, ...) is still a board: ``is_valid()`` is false, ``status()`` says
    why, and playing moves raises ``PositionError``. ``allow`` names FEN and
    SAN leniencies (``lenient=True`` allows all); ``leniencies()`` reports
    those the FEN used.
    """

    def __init__(
        self,
        fen: str | None = ...,
        *,
        chess960: bool = False,
        allow: Sequence[str] = (),
        lenient: bool = False,
        variant: str | None = None,
    ) -> None:
        """``variant``: ``"standard"`` or ``"chess960"`` (as ``chess960=True``);
        a Lichess variant's name raises ``ValueError`` naming its board's
        class in ``chessnote.variant``."""
    @staticmethod
    def from_epd(epd: str, *, chess960: bool = False) -> tuple[Board, dict[str, Any]]:
        """The board of an EPD record (counters from ``hmvc``/``fmvn``) and
        its operations as python-chess reads them: moves (``bm``/``am``
        lists, a ``pv`` line), numbers, strings, or None."""
    chess960: bool
    turn: bool
    """True when White is to move (python-chess's ``chess.WHITE``)."""
    fullmove_number: int
    halfmove_clock: int
    ep_square: int | None
    castling_rights: int
    """The rooks castling rights are written for, as a bitboard."""
    @property
    def occupied(self) -> int: ...
    @property
    def occupied_co(self) -> list[int]:
        """The squares of each color's pieces: ``[black, white]``."""
    @property
    def pawns(self) -> int: ...
    @property
    def knights(self) -> int: ...
    @property
    def bishops(self) -> int: ...
    @property
    def rooks(self) -> int: ...
    @property
    def queens(self) -> int: ...
    @property
    def kings(self) -> int: ...
    @property
    def promoted(self) -> int:
        """The squares of the pieces that came from a promotion."""
    @property
    def pseudo_legal_moves(self) -> PseudoLegalMoveGenerator: ...
    def pieces_mask(self, piece_type: int, color: bool) -> int: ...
    def pieces(self, piece_type: int, color: bool) -> SquareSet: ...
    def attacks_mask(self, square: int) -> int: ...
    def attacks(self, square: int) -> SquareSet: ...
    def attackers_mask(self, color: bool, square: int, occupied: int | None = None) -> int: ...
    def attackers(self, color: bool, square: int, occupied: int | None = None) -> SquareSet: ...
    def is_attacked_by(self, color: bool, square: int, occupied: int | None = None) -> bool: ...
    def pin_mask(self, color: bool, square: int) -> int: ...
    def pin(self, color: bool, square: int) -> SquareSet:
        """The line a piece is pinned along to its king; every square if it
        is not pinned."""
    def is_pinned(self, color: bool, square: int) -> bool: ...
    def checkers_mask(self) -> int: ...
    def checkers(self) -> SquareSet: ...
    def was_into_check(self) -> bool: ...
    def clean_castling_rights(self) -> int: ...
    def has_castling_rights(self, color: bool) -> bool: ...
    def has_kingside_castling_rights(self, color: bool) -> bool: ...
    def has_queenside_castling_rights(self, color: bool) -> bool: ...
    def has_chess960_castling_rights(self) -> bool: ...
    def is_capture(self, move: Move) -> bool: ...
    def is_en_passant(self, move: Move) -> bool: ...
    def is_castling(self, move: Move) -> bool: ...
    def is_kingside_castling(self, move: Move) -> bool: ...
    def is_queenside_castling(self, move: Move) -> bool: ...
    def is_zeroing(self, move: Move) -> bool: ...
    def is_irreversible(self, move: Move) -> bool: ...
    def has_legal_en_passant(self) -> bool: ...
    def has_pseudo_legal_en_passant(self) -> bool: ...
    def gives_check(self, move: Move) -> bool:
        """Whether a pseudo-legal move gives check (False for any other)."""
    def is_into_check(self, move: Move) -> bool:
        """Whether a pseudo-legal move leaves the mover's king in check."""
    def is_pseudo_legal(self, move: Move) -> bool: ...
    def generate_legal_moves(self, from_mask: int = ..., to_mask: int = ...) -> Iterator[Move]: ...
    def generate_pseudo_legal_moves(
        self, from_mask: int = ..., to_mask: int = ...
    ) -> Iterator[Move]: ...
    def generate_legal_captures(self, from_mask: int = ..., to_mask: int = ...) -> Iterator[Move]: ...
    def generate_pseudo_legal_captures(
        self, from_mask: int = ..., to_mask: int = ...
    ) -> Iterator[Move]: ...
    def generate_castling_moves(self, from_mask: int = ..., to_mask: int = ...) -> Iterator[Move]: ...
    def generate_legal_ep(self, from_mask: int = ..., to_mask: int = ...) -> Iterator[Move]: ...
    def generate_pseudo_legal_ep(self, from_mask: int = ..., to_mask: int = ...) -> Iterator[Move]: ...
    def set_piece_at(self, square: int, piece: Piece | None, promoted: bool = False) -> None:
        """Puts a piece on a square (None empties it); the moves played are
        forgotten, as by every edit below."""
    def remove_piece_at(self, square: int) -> Piece | None: ...
    def set_piece_map(self, pieces: Mapping[int, Piece]) -> None: ...
    def clear(self) -> None: ...
    def clear_board(self) -> None: ...
    def reset(self) -> None: ...
    def reset_board(self) -> None: ...
    def set_fen(self, fen: str) -> None: ...
    def set_board_fen(self, fen: str) -> None: ...
    def set_castling_fen(self, castling_fen: str) -> None: ...
    def set_epd(self, epd: str) -> dict[str, Any]: ...
    def clear_stack(self) -> None: ...
    def root(self) -> Board:
        """The board before the first move played, with no moves."""
    def ply(self) -> int: ...
    @classmethod
    def empty(cls, *, chess960: bool = False) -> Board: ...
    @classmethod
    def from_chess960_pos(cls, scharnagl: int) -> Board:
        """The Chess960 start position of a number (0 to 959; 518 the standard)."""
    def chess960_pos(
        self, *, ignore_turn: bool = False, ignore_castling: bool = False, ignore_counters: bool = True
    ) -> int | None: ...
    def mirror(self) -> Board:
        """Mirrored top to bottom, colors swapped, no moves played."""
    def apply_mirror(self) -> None: ...
    def transform(self, f: Callable[[int], int]) -> Board: ...
    def apply_transform(self, f: Callable[[int], int]) -> None: ...
    def castling_xfen(self) -> str: ...
    def castling_shredder_fen(self) -> str: ...
    def shredder_fen(self, *, en_passant: Literal["legal", "fen"] = "legal") -> str: ...
    @property
    def move_stack(self) -> list[Move]: ...
    @property
    def legal_moves(self) -> LegalMoveGenerator:
        """The legal moves, in python-chess's order."""
    def fen(
        self,
        *,
        shredder: bool = False,
        en_passant: Literal["legal", "fen"] = "legal",
        promoted: bool | None = None,
    ) -> str:
        """The FEN; ``en_passant="legal"`` (python-chess's default) writes the
        en-passant square only when a capture there is legal, ``"fen"`` after
        every double pawn push."""
    def board_fen(self) -> str: ...
    def epd(
        self,
        *,
        shredder: bool = False,
        en_passant: Literal["legal", "fen"] = "legal",
        promoted: bool | None = None,
        **operations: Any,
    ) -> str:
        """The four EPD fields, then the operations given, as python-chess
        writes them."""
    def piece_at(self, square: int) -> Piece | None: ...
    def piece_type_at(self, square: int) -> int | None: ...
    def color_at(self, square: int) -> bool | None: ...
    def piece_map(self, *, mask: int = ...) -> dict[int, Piece]:
        """The pieces by square, of the squares of ``mask`` (a bitboard),
        from h8 down as python-chess orders them."""
    def king(self, color: bool) -> int | None: ...
    def copy(self, *, stack: bool | int = True) -> Board:
        """A copy; ``stack=False`` without the moves played, ``stack=N``
        with the last N."""
    def __copy__(self) -> Board: ...
    def __deepcopy__(self, memo: object) -> Board: ...
    def is_valid(self) -> bool: ...
    def status(self) -> int:
        """The ``STATUS_*`` bits of what is wrong; ``STATUS_VALID`` (0) if nothing."""
    def problems(self) -> list[str]:
        """The names of what is wrong (``"too-many-kings"``), in a fixed order."""
    def leniencies(self) -> list[str]:
        """The names of the leniencies the FEN and moves read so far needed."""
    def is_legal(self, move: Move) -> bool: ...
    def is_check(self) -> bool: ...
    def is_checkmate(self) -> bool: ...
    def is_stalemate(self) -> bool: ...
    def is_insufficient_material(self) -> bool: ...
    def has_insufficient_material(self, color: bool) -> bool: ...
    def is_fifty_moves(self) -> bool: ...
    def is_seventyfive_moves(self) -> bool: ...
    def is_repetition(self, count: int = 3) -> bool: ...
    def is_fivefold_repetition(self) -> bool: ...
    def can_claim_fifty_moves(self) -> bool: ...
    def can_claim_threefold_repetition(self) -> bool: ...
    def can_claim_draw(self) -> bool: ...
    def outcome(self, *, claim_draw: bool = False) -> Outcome | None:
        """How the game ended, in python-chess's order of checks."""
    def is_game_over(self, *, claim_draw: bool = False) -> bool: ...
    def result(self, *, claim_draw: bool = False) -> str:
        """``"1-0"``, ``"0-1"``, ``"1/2-1/2"`` or ``"*"`` (game not over)."""
    def push(self, move: Move) -> None:
        """Plays a legal move; raises ``IllegalMoveError`` otherwise."""
    def push_san(self, san: str) -> Move: ...
    def push_uci(self, uci: str) -> Move: ...
    def pop(self) -> Move:
        """Takes back the last move; ``IndexError`` when there is none."""
    def peek(self) -> Move: ...
    def parse_san(self, san: str) -> Move: ...
    def parse_uci(self, uci: str) -> Move: ...
    def parse_move(self, text: str, notation: Literal["san", "lan", "uci", "eran"]) -> Move: ...
    def san(self, move: Move) -> str: ...
    def lan(self, move: Move) -> str: ...
    def uci(self, move: Move) -> str: ...
    def eran(self, move: Move, *, short: bool = False) -> str: ...
    def write_move(
        self, move: Move, notation: Literal["san", "lan", "uci", "eran", "eran-short"]
    ) -> str: ...
    def variation_san(self, moves: Sequence[Move]) -> str:
        """``1. e4 e5 2. Nf3`` from this position (python-chess's name)."""
    def svg(
        self,
        *,
        size: int = 360,
        flipped: bool = False,
        lastmove: bool = True,
        check: bool = True,
        coordinates: bool = True,
        arrows: Sequence[str] = ...,
        squares: Sequence[str] = ...,
        colors: Mapping[str, str] | None = None,
    ) -> str:
        """The board as an SVG picture: the last move played and the king in
        check marked unless turned off; ``arrows`` and ``squares`` as
        ``[%cal]``/``[%csl]`` write them (``"Ge2e4"``, ``"Rd4"``); ``colors``
        by name (``light``, ``dark``, ``light-last-move``, ``dark-last-move``,
        ``check``, ``white-piece``, ``black-piece``, ``red``, ``green``,
        ``yellow``, ``blue``) as ``#rrggbb`` or ``#rrggbbaa``."""
    def _repr_svg_(self) -> str:
        """The SVG picture, for Jupyter."""
    def unicode(self) -> str: ...
    def __str__(self) -> str: ...
    def __eq__(self, other: object) -> bool: ...

class VariantBoard:
    """A Lichess variant's board and the moves played (python-chess's
    names): the base of ``chessnote.variant``'s ``CrazyhouseBoard``,
    ``AtomicBoard``, ``AntichessBoard``, ``ThreeCheckBoard``,
    ``KingOfTheHillBoard``, ``HordeBoard`` and ``RacingKingsBoard``; use
    those."""

    def __init__(self, fen: str | None = None, chess960: bool = False, *, variant: str) -> None:
        """The position of a variant FEN (either spelling of pockets and
        check counters), or the variant's start when ``fen`` is None.
        ``FenError`` for a FEN that does not read, ``PositionError`` for a
        position the variant does not allow, ``ValueError`` for an unknown
        variant."""
    @property
    def uci_variant(self) -> str:
        """The variant's UCI name: ``atomic``, ``3check``, ..."""
    @property
    def variant_name(self) -> str:
        """The variant's name as Lichess writes it in the ``Variant`` tag."""
    @property
    def chess960(self) -> bool: ...
    @property
    def turn(self) -> bool: ...
    @property
    def fullmove_number(self) -> int: ...
    @property
    def halfmove_clock(self) -> int: ...
    @property
    def ep_square(self) -> int | None:
        """The en-passant square, after a pawn's double step."""
    @property
    def remaining_checks(self) -> list[int]:
        """The checks each side has still to give (three-check), by color:
        ``[BLACK, WHITE]``."""
    @property
    def promoted(self) -> int:
        """The squares of pieces that were pawns (crazyhouse), as a mask."""
    @property
    def legal_moves(self) -> list[Move]: ...
    @property
    def move_stack(self) -> list[Move]: ...
    def fen(self, *, en_passant: str = "legal") -> str:
        """The FEN as python-chess writes it (``[pocket]``, three-check's
        ``3+3`` before the clocks)."""
    def lichess_fen(self, *, en_passant: str = "legal") -> str:
        """The FEN as Lichess writes it (``/pocket``, ``+0+0`` at the end)."""
    def board_fen(self, *, promoted: bool = False) -> str: ...
    def piece_at(self, square: int) -> Piece | None: ...
    def ply(self) -> int: ...
    def is_legal(self, move: Move) -> bool: ...
    def is_check(self) -> bool: ...
    def is_checkmate(self) -> bool: ...
    def is_stalemate(self) -> bool: ...
    def is_variant_end(self) -> bool: ...
    def is_variant_win(self) -> bool: ...
    def is_variant_loss(self) -> bool: ...
    def is_variant_draw(self) -> bool: ...
    def is_insufficient_material(self) -> bool: ...
    def has_insufficient_material(self, color: bool) -> bool: ...
    def is_seventyfive_moves(self) -> bool: ...
    def is_fivefold_repetition(self) -> bool: ...
    def can_claim_fifty_moves(self) -> bool: ...
    def can_claim_threefold_repetition(self) -> bool: ...
    def can_claim_draw(self) -> bool: ...
    def outcome(self, *, claim_draw: bool = False) -> Outcome | None: ...
    def is_game_over(self, *, claim_draw: bool = False) -> bool: ...
    def result(self, *, claim_draw: bool = False) -> str: ...
    def push(self, move: Move) -> None: ...
    def push_san(self, san: str) -> Move: ...
    def push_uci(self, uci: str) -> Move: ...
    def pop(self) -> Move: ...
    def peek(self) -> Move: ...
    def parse_san(self, san: str) -> Move: ...
    def parse_uci(self, uci: str) -> Move: ...
    def parse_move(self, text: str, notation: str) -> Move: ...
    def san(self, move: Move) -> str: ...
    def lan(self, move: Move) -> str: ...
    def uci(self, move: Move) -> str: ...
    def eran(self, move: Move, *, short: bool = False) -> str: ...
    def write_move(self, move: Move, notation: str) -> str: ...
    def king(self, color: bool) -> int | None:
        """The square of a side's king, or None (exploded, or horde's White)."""
    def svg(
        self,
        *,
        size: int = 360,
        flipped: bool = False,
        lastmove: bool = True,
        check: bool = True,
        coordinates: bool = True,
        arrows: Sequence[str] = (),
        squares: Sequence[str] = (),
        colors: Mapping[str, str] | None = None,
    ) -> str:
        """The board as an SVG picture, as ``Board.svg``, with the pockets
        (crazyhouse) or the checks to give (three-check) beside it."""

class Pin:
    """A PIN piece token (``+K^``, ``r``): a letter, a side, a state and a terminal mark."""

    letter: str
    side: Literal["first", "second"]
    state: Literal["normal", "enhanced", "diminished"]
    terminal: bool
    def __init__(self, token: str) -> None:
        """Raises ``ChessnoteError`` with the offset of the bad byte."""
    def __str__(self) -> str: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class GameError:
    """A problem found in a game: its kind, severity (``"error"``, or
    ``"warning"`` for a move written off the standard and read), message,
    and place in the input."""

    kind: str
    severity: str
    message: str
    offset: int
    line: int
    column: int
    ply: int | None

class Game:
    """One game of a PGN stream, as the Rust reader read it.

    The mainline is replayed legally: ``uci`` and ``san`` hold the moves
    that were played (a game with an illegal move stops there, with an
    error), ``plies`` the moves that were written.
    """

    index: int
    """The game's number in its stream, from 0."""
    offset: int
    """The byte of the game's first token in the (decompressed) stream."""
    line: int
    headers: dict[str, str]
    """The tags in the order written (a repeated tag keeps its last value)."""
    @property
    def tags(self) -> list[tuple[str, str]]:
        """Every tag pair as written, repeats included."""
    fen: str
    """The starting position (the FEN tag, or the standard start)."""
    chess960: bool
    result: str | None
    """The game's result token (``"1-0"``, ...), None when missing."""
    plies: int
    @property
    def uci(self) -> list[str]: ...
    @property
    def san(self) -> list[str]: ...
    @property
    def clocks(self) -> list[int | None]:
        """Each played move's ``[%clk]`` in centiseconds, or None."""
    @property
    def evals(self) -> list[dict[str, int] | None]:
        """Each played move's ``[%eval]``: ``{"cp": 25}`` or ``{"mate": -3}``, or None."""
    @property
    def comments(self) -> list[list[str]]:
        """Each written move's comments (after it), in order."""
    @property
    def nags(self) -> list[list[int]]:
        """Each written move's NAGs."""
    @property
    def game_comments(self) -> list[str]:
        """Comments before the first move."""
    @property
    def errors(self) -> list[GameError]: ...
    @property
    def warnings(self) -> list[GameError]:
        """Moves written off the standard (a wrong ``+``, a needless
        disambiguation, UCI) that were read and played; ``strict=True``
        makes them errors."""
    @property
    def final_fen(self) -> str | None:
        """The position after the moves played; None when the start is not legal."""
    @property
    def opening(self) -> dict[str, Any] | None:
        """The opening as Lichess names it: ``{"eco", "name", "ply"}``, the
        deepest of the game's first 40 positions in the Lichess openings
        table; None when none is, or the game does not start from the
        standard position."""
    @property
    def leniencies(self) -> list[str]:
        """The SAN leniencies the moves needed (only those allowed)."""
    def moves(self) -> list[Move]: ...
    def board(self) -> Board | VariantBoard:
        """The position after the played moves, with them on the move stack:
        a ``Board``, or for a Lichess variant's game the board of
        ``chessnote.variant`` (``CrazyhouseBoard``, ...)."""
    def to_dict(self) -> dict[str, Any]:
        """The object ``chessnote pgn convert --to json`` writes for this game."""
    def raise_for_errors(self) -> None:
        """Raises the first error as ``PgnError``, if there is one."""

class GameReader(Iterator[Game]):
    """The games of a stream, in order; each ``__next__`` releases the GIL."""

    def __iter__(self) -> GameReader: ...
    def __next__(self) -> Game: ...
    @property
    def games_read(self) -> int:
        """The games read so far, those ``where`` skipped included: a batch
        (32 games on one thread, a chunk on several) ahead of those handed
        out."""

class Schema:
    """An Arrow schema (``__arrow_c_schema__``): ``pyarrow.schema(s)``."""

    @property
    def names(self) -> list[str]: ...
    def __arrow_c_schema__(self) -> object: ...

class RecordBatch:
    """Arrow record batch produced by chessnote.

    Hand it to any Arrow library: ``pyarrow.record_batch(b)``,
    ``polars.DataFrame(b)``, ``duckdb.sql("FROM b")``.
    """

    @property
    def num_rows(self) -> int: ...
    @property
    def column_names(self) -> list[str]: ...
    @property
    def schema(self) -> Schema: ...
    def __len__(self) -> int: ...
    def __arrow_c_schema__(self) -> object: ...
    def __arrow_c_array__(self, requested_schema: object | None = None) -> tuple[object, object]: ...
    def __arrow_c_stream__(self, requested_schema: object | None = None) -> object: ...

class TableReader(Iterator[RecordBatch]):
    """A stream of record batches in the export schema ``chessnote.lichess.v1``.

    Consume it once: iterate it, or pass it to ``pyarrow.table(r)``,
    ``pyarrow.RecordBatchReader.from_stream(r)``, ``polars.DataFrame(r)``
    or ``duckdb.sql("FROM r")`` (``__arrow_c_stream__``).
    """

    @property
    def column_names(self) -> list[str]: ...
    @property
    def schema(self) -> Schema: ...
    def __iter__(self) -> TableReader: ...
    def __next__(self) -> RecordBatch: ...
    def __arrow_c_schema__(self) -> object: ...
    def __arrow_c_stream__(self, requested_schema: object | None = None) -> object: ...

Source = str | PathLike[str] | bytes | IO[bytes]

def read_pgn(
    source: Source,
    *,
    where: str | None = None,
    threads: int = 1,
    range: str | None = None,
    allow: Sequence[str] = (),
    lenient: bool = False,
    strict: bool = False,
    variations: bool = False,
    variant: str | None = None,
) -> GameReader:
    """Reads the games of a PGN file (plain, ``.zst``, ``.gz`` or ``.bz2``,
    detected by content), of ``bytes``, or of a binary file object.

    ``where`` keeps the games the ``--where`` language matches (as
    ``chessnote pgn --where``); ``threads`` reads with that many worker
    threads (0: one per core), in order; ``range`` (``"START:END"``, from
    ``plan``) reads one range of frames of a ``.zst`` path, as ``--range``
    does (the games that start in it); ``allow`` names SAN, FEN and PGN
    leniencies, ``lenient`` allows them all. By default a move written off
    the standard that names one legal move (a wrong ``+``, a needless
    disambiguation, a UCI move) is played and listed in the game's
    ``warnings``; ``strict=True`` makes it an error that ends the replay.
    ``variant`` (``"crazyhouse"``, ``"3check"``, any name the ``Variant``
    tag takes) reads the games without a ``Variant`` tag by that variant's
    rules, and gives them the tag.

    Raises ``OSError`` when the file cannot be opened, ``ChessnoteError``
    for a bad ``where``, ``ValueError`` for an unknown leniency or variant
    name.
    Problems in games are not raised: each game lists its ``errors``.
    """

def read_table(
    source: Source,
    *,
    columns: str | Sequence[str] = "lichess",
    batch_size: int = 8192,
    where: str | None = None,
    threads: int = 1,
    range: str | None = None,
    allow: Sequence[str] = (),
    lenient: bool = False,
    strict: bool = False,
    source_name: str | None = None,
    variant: str | None = None,
) -> TableReader:
    """The games of a PGN source as Arrow record batches: the rows and
    columns of ``chessnote pgn export`` (``columns``: preset and column
    names, as ``--columns``). A bad game is a row with its first error.
    ``range`` reads one range of frames of a ``.zst`` path (see ``plan``);
    ``variant`` is ``read_pgn``'s.
    """

def plan(path: str | PathLike[str], parts: int) -> list[tuple[int, int]]:
    """Cuts a ``.zst`` file of several frames (pzstd's, as the Lichess dumps
    are written) into at most ``parts`` ranges of whole frames of about the
    same size, ``(start, end)`` byte offsets, as ``chessnote pgn plan``:
    ``read_table(path, range=f"{start}:{end}")`` on each reads, together,
    every game of the file once, in order (one task of a cluster each).
    Raises ``OSError`` when the file cannot be read or is not zstd.
    """

def parse_movetext(
    data: object,
    *,
    column: str = "movetext",
    columns: str | Sequence[str] = "moves",
    keep: bool | Sequence[str] = True,
    allow: Sequence[str] = (),
    lenient: bool = False,
    strict: bool = False,
) -> RecordBatch:
    """Parses a column of PGN movetext strings (the Hugging Face Lichess
    Parquet shape) into the export's move columns.

    ``data`` is any Arrow record batch or table (``__arrow_c_array__`` or
    ``__arrow_c_stream__``: pyarrow, polars, ...) with a string column named
    ``column``, or a string array. Each string is read as the movetext of a
    game from the start its row's ``FEN`` and ``Variant`` columns give, when
    the input has them (``read_table`` writes them; null or empty: the
    standard start), errors placed in the string; a string with no game is a
    row of 0 plies. ``columns`` chooses the new columns (default ``"moves"``: plies,
    uci, clk, eval_cp, eval_mate, status and the error columns). ``keep``
    passes the input's columns through, first: all (True), none (False) or
    those named. Errors are rows: one bad string never fails the batch.
    The export schema's unsigned integers come out as wider signed ones
    (Spark has no unsigned types). Use it inside Spark's ``mapInArrow``,
    Ray's ``map_batches`` or Dask's ``map_partitions``.
    """

def schema(columns: str | Sequence[str] = "lichess") -> Schema:
    """The Arrow schema of ``read_table`` (an object with ``__arrow_c_schema__``)."""

def movetext_schema(columns: str | Sequence[str] = "moves") -> Schema:
    """The Arrow schema of the columns ``parse_movetext`` adds."""

def spark_schema(columns: str | Sequence[str] = "moves") -> str:
    """A Spark DDL string for those columns, for ``mapInArrow``."""

def column_names(columns: str | Sequence[str] = "lichess") -> list[str]:
    """The names a column choice stands for, in the order they are written."""

def leniency_names() -> list[str]:
    """Every leniency name ``allow=`` takes: SAN's, FEN's, then PGN's."""
