//! `Board` and `Move`: positions and moves with python-chess's names.

use chessnote::diagram::{Arrow, MarkedSquare, Rgba, SvgOptions, SvgPaint};
use chessnote::eran::Style;
use chessnote::fen::{Epd, FenOptions, Operand};
use chessnote::pgn;
use chessnote::position::{
    CastlingMode, MoveErrorKind, Notation, Position, Problem, WriteNotation,
};
use chessnote::san::{Leniency, SanOptions};
use chessnote::uci::Uci;
use chessnote::{Color, Diagram, DiagramStyle, Move, PieceKind, Setup, Square};
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::errors::{self, Place, PositionError};
use crate::source;

/// python-chess's piece type numbers: PAWN = 1 … KING = 6.
fn piece_type(kind: PieceKind) -> u8 {
    match kind {
        PieceKind::Pawn => 1,
        PieceKind::Knight => 2,
        PieceKind::Bishop => 3,
        PieceKind::Rook => 4,
        PieceKind::Queen => 5,
        PieceKind::King => 6,
    }
}

fn piece_kind(number: u8) -> Option<PieceKind> {
    Some(match number {
        1 => PieceKind::Pawn,
        2 => PieceKind::Knight,
        3 => PieceKind::Bishop,
        4 => PieceKind::Rook,
        5 => PieceKind::Queen,
        6 => PieceKind::King,
        _ => return None,
    })
}

fn square(index: u8) -> PyResult<Square> {
    Square::from_index(index)
        .ok_or_else(|| PyValueError::new_err(format!("square {index} is not 0 (a1) to 63 (h8)")))
}

/// The status bits, python-chess's values, and chessnote's own for the
/// last two.
pub const STATUS: [(&str, Option<Problem>, u32); 17] = [
    ("STATUS_VALID", None, 0),
    ("STATUS_NO_WHITE_KING", Some(Problem::NoWhiteKing), 1 << 0),
    ("STATUS_NO_BLACK_KING", Some(Problem::NoBlackKing), 1 << 1),
    ("STATUS_TOO_MANY_KINGS", Some(Problem::TooManyKings), 1 << 2),
    (
        "STATUS_TOO_MANY_WHITE_PAWNS",
        Some(Problem::TooManyWhitePawns),
        1 << 3,
    ),
    (
        "STATUS_TOO_MANY_BLACK_PAWNS",
        Some(Problem::TooManyBlackPawns),
        1 << 4,
    ),
    (
        "STATUS_PAWNS_ON_BACKRANK",
        Some(Problem::PawnsOnBackRank),
        1 << 5,
    ),
    (
        "STATUS_TOO_MANY_WHITE_PIECES",
        Some(Problem::TooManyWhitePieces),
        1 << 6,
    ),
    (
        "STATUS_TOO_MANY_BLACK_PIECES",
        Some(Problem::TooManyBlackPieces),
        1 << 7,
    ),
    (
        "STATUS_BAD_CASTLING_RIGHTS",
        Some(Problem::BadCastlingRights),
        1 << 8,
    ),
    (
        "STATUS_INVALID_EP_SQUARE",
        Some(Problem::InvalidEpSquare),
        1 << 9,
    ),
    (
        "STATUS_OPPOSITE_CHECK",
        Some(Problem::OppositeCheck),
        1 << 10,
    ),
    ("STATUS_EMPTY", Some(Problem::Empty), 1 << 11),
    (
        "STATUS_TOO_MANY_CHECKERS",
        Some(Problem::TooManyCheckers),
        1 << 15,
    ),
    (
        "STATUS_IMPOSSIBLE_CHECK",
        Some(Problem::ImpossibleCheck),
        1 << 16,
    ),
    (
        "STATUS_BAD_CASTLING_MODE",
        Some(Problem::BadCastlingMode),
        1 << 20,
    ),
    ("STATUS_UNPLAYABLE", Some(Problem::Unplayable), 1 << 21),
];

/// A move, as python-chess's `chess.Move`: from, to and promotion.
#[pyclass(name = "Move", module = "chessnote", frozen, eq, hash, from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyMove(Uci);

impl From<Uci> for PyMove {
    fn from(uci: Uci) -> PyMove {
        PyMove(uci)
    }
}

#[pymethods]
impl PyMove {
    #[new]
    #[pyo3(signature = (from_square, to_square, promotion = None))]
    fn new(from_square: u8, to_square: u8, promotion: Option<u8>) -> PyResult<PyMove> {
        let promotion = match promotion {
            None => None,
            Some(n) => Some(piece_kind(n).ok_or_else(|| {
                PyValueError::new_err(format!("piece type {n} is not 1 (pawn) to 6 (king)"))
            })?),
        };
        if (from_square, to_square, promotion) == (0, 0, None) {
            // python-chess's null move is `Move(0, 0)`.
            return Ok(PyMove(Uci::Null));
        }
        Ok(PyMove(Uci::Normal {
            from: square(from_square)?,
            to: square(to_square)?,
            promotion,
        }))
    }

    /// The move of a UCI text (`e2e4`, `e7e8q`, `0000`); raises
    /// `InvalidMoveError` with the offset of the bad byte.
    #[staticmethod]
    fn from_uci(py: Python<'_>, uci: &str) -> PyResult<PyMove> {
        Uci::from_ascii(uci.as_bytes()).map(PyMove).map_err(|err| {
            errors::raise(
                py,
                &py.get_type::<errors::InvalidMoveError>(),
                &err,
                Place::default(),
            )
        })
    }

    /// The null move, `0000`.
    #[staticmethod]
    fn null() -> PyMove {
        PyMove(Uci::Null)
    }

    /// The square the move leaves (a1 = 0 … h8 = 63; 0 for the null move).
    #[getter]
    #[allow(clippy::wrong_self_convention)]
    fn from_square(&self) -> u8 {
        match self.0 {
            Uci::Normal { from, .. } => from.index(),
            Uci::Null => 0,
        }
    }

    /// The square the move goes to (0 for the null move).
    #[getter]
    #[allow(clippy::wrong_self_convention)]
    fn to_square(&self) -> u8 {
        match self.0 {
            Uci::Normal { to, .. } => to.index(),
            Uci::Null => 0,
        }
    }

    /// The piece type promoted to (2 knight … 5 queen), or None.
    #[getter]
    fn promotion(&self) -> Option<u8> {
        match self.0 {
            Uci::Normal { promotion, .. } => promotion.map(piece_type),
            Uci::Null => None,
        }
    }

    /// The move in UCI.
    fn uci(&self) -> String {
        self.0.to_string()
    }

    fn __bool__(&self) -> bool {
        self.0 != Uci::Null
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Move.from_uci('{}')", self.0)
    }
}

/// A piece, as python-chess's `chess.Piece`: its type (PAWN = 1 …
/// KING = 6) and color (True: White).
#[pyclass(name = "Piece", module = "chessnote", frozen, eq, hash, from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyPiece(chessnote::Piece);

fn color_of(white: bool) -> Color {
    if white { Color::White } else { Color::Black }
}

#[pymethods]
impl PyPiece {
    #[new]
    fn new(piece_type: u8, color: bool) -> PyResult<PyPiece> {
        let kind = piece_kind(piece_type).ok_or_else(|| {
            PyValueError::new_err(format!(
                "piece type {piece_type} is not 1 (pawn) to 6 (king)"
            ))
        })?;
        Ok(PyPiece(kind.of(color_of(color))))
    }

    /// The piece of a FEN letter (`"N"` a white knight, `"n"` a black one);
    /// raises `ValueError` for anything else.
    #[staticmethod]
    fn from_symbol(symbol: &str) -> PyResult<PyPiece> {
        let mut chars = symbol.chars();
        match (
            chars.next().and_then(chessnote::Piece::from_char),
            chars.next(),
        ) {
            (Some(piece), None) => Ok(PyPiece(piece)),
            _ => Err(PyValueError::new_err(format!(
                "{symbol:?} is no piece letter"
            ))),
        }
    }

    /// The piece type: PAWN = 1 … KING = 6.
    #[getter]
    fn piece_type(&self) -> u8 {
        piece_type(self.0.kind)
    }

    /// The color: True for White.
    #[getter]
    fn color(&self) -> bool {
        self.0.color == Color::White
    }

    /// The FEN letter: upper case for White.
    fn symbol(&self) -> String {
        self.0.char().to_string()
    }

    /// The chess symbol (`♔` a white king); `invert_color` gives the
    /// other color's.
    #[pyo3(signature = (*, invert_color = false))]
    fn unicode_symbol(&self, invert_color: bool) -> String {
        let color = if invert_color {
            !self.0.color
        } else {
            self.0.color
        };
        self.0.kind.of(color).symbol().to_string()
    }

    fn __str__(&self) -> String {
        self.symbol()
    }

    fn __repr__(&self) -> String {
        format!("Piece.from_symbol('{}')", self.0.char())
    }
}

/// Where python-chess generates a legal move: out of check, the pieces'
/// moves (king included) from h8 down, each to h8 down, then castling (the
/// rook from h down), pawn captures (promotions queen, rook, bishop,
/// knight), single pushes (by target, h8 down), double pushes, en passant;
/// in check, the king's moves first (by target), then the others in that
/// order.
fn python_chess_order(position: &Position, mv: Move) -> (u8, u8, u8, u8, u8) {
    let down = |sq: Square| 63 - sq.index();
    let promotion = |kind: Option<PieceKind>| match kind {
        None | Some(PieceKind::Queen) => 0,
        Some(PieceKind::Rook) => 1,
        Some(PieceKind::Bishop) => 2,
        _ => 3,
    };
    let in_check = position.is_check();
    let (group, first, second, third) = match mv {
        Move::Normal {
            piece: PieceKind::King,
            to,
            ..
        } if in_check => (0, down(to), 0, 0),
        Move::Normal {
            piece: PieceKind::Pawn,
            from,
            capture,
            to,
            promotion: kind,
        } => {
            let double = from.index().abs_diff(to.index()) == 16;
            match (capture, double) {
                (Some(_), _) => (3, down(from), down(to), promotion(kind)),
                (None, false) => (4, down(to), promotion(kind), 0),
                (None, true) => (5, down(to), 0, 0),
            }
        }
        Move::Normal { from, to, .. } => (1, down(from), down(to), 0),
        Move::Castle { rook, .. } => (2, down(rook), 0, 0),
        Move::EnPassant { from, .. } => (6, down(from), 0, 0),
    };
    (
        u8::from(!(in_check && group == 0)),
        group,
        first,
        second,
        third,
    )
}

/// A board's legal moves, as python-chess's `LegalMoveGenerator`: taken
/// when asked for, in python-chess's order.
#[pyclass(module = "chessnote", frozen)]
pub struct LegalMoveGenerator {
    moves: Vec<Move>,
    /// The position they are legal in (for their SAN).
    position: Option<Position>,
    mode: CastlingMode,
}

impl LegalMoveGenerator {
    fn py_moves(&self) -> impl Iterator<Item = PyMove> + '_ {
        self.moves
            .iter()
            .map(|&mv| PyMove(Uci::from_move(mv, self.mode)))
    }
}

#[pymethods]
impl LegalMoveGenerator {
    /// How many there are.
    fn count(&self) -> usize {
        self.moves.len()
    }

    fn __len__(&self) -> usize {
        self.moves.len()
    }

    fn __bool__(&self) -> bool {
        !self.moves.is_empty()
    }

    fn __contains__(&self, mv: PyMove) -> bool {
        self.py_moves().any(|m| m == mv)
    }

    fn __iter__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let list = pyo3::types::PyList::new(py, self.py_moves())?;
        Ok(list.call_method0("__iter__")?.unbind())
    }

    fn __repr__(&self) -> String {
        let sans: Vec<String> = match &self.position {
            Some(position) => self
                .moves
                .iter()
                .map(|&mv| chessnote::san::SanPlus::from_move(position, mv).to_string())
                .collect(),
            None => Vec::new(),
        };
        format!("<LegalMoveGenerator ({})>", sans.join(", "))
    }
}

/// A position and the moves played to reach it (python-chess's names).
#[pyclass(name = "Board", module = "chessnote")]
#[derive(Clone)]
pub struct PyBoard {
    /// The position as written (also when it is not valid).
    setup: Setup,
    /// The playable position, when valid.
    position: Option<Position>,
    mode: CastlingMode,
    /// The positions before each move played, and the moves.
    stack: Vec<(Position, Uci)>,
    /// What the FEN and the moves read so far needed.
    fen_used: FenOptions,
    san_used: SanOptions,
    san_options: SanOptions,
}

impl PyBoard {
    fn of(setup: Setup, chess960: bool, fen_used: FenOptions, san_options: SanOptions) -> PyBoard {
        let mode = if chess960 {
            CastlingMode::Chess960
        } else {
            CastlingMode::Standard
        };
        PyBoard {
            position: Position::from_setup(&setup, mode).ok(),
            setup,
            mode,
            stack: Vec::new(),
            fen_used,
            san_used: SanOptions::STRICT,
            san_options,
        }
    }

    /// The board after a game's moves played, with them on the stack.
    pub fn after(game: &pgn::Game) -> PyResult<PyBoard> {
        let mut board = PyBoard::of(
            game.start,
            game.chess960,
            FenOptions::STRICT,
            game.leniencies,
        );
        // The moves that replayed, null moves included (a move with no
        // value that was played is the null move).
        for step in game.moves.iter().take_while(|m| m.played) {
            board.step(step.mv)?;
        }
        Ok(board)
    }

    fn position(&self) -> PyResult<&Position> {
        self.position.as_ref().ok_or_else(|| self.invalid())
    }

    /// The repetition keys of the positions since the FEN, the current one
    /// included (none for a board that is not valid): each made once.
    fn repetition_keys(&self) -> Vec<u64> {
        let Some(position) = &self.position else {
            return Vec::new();
        };
        self.stack
            .iter()
            .map(|(p, _)| p.repetition_key())
            .chain([position.repetition_key()])
            .collect()
    }

    /// The position, for the other modules; raises as the board's moves do
    /// when it is not valid.
    pub(crate) fn playable(&self) -> PyResult<&Position> {
        self.position()
    }

    fn invalid(&self) -> PyErr {
        let problems = chessnote::position::Problems::of(&self.setup, self.mode);
        PositionError::new_err(format!(
            "the board is not valid ({problems}): it has no legal moves to play"
        ))
    }

    fn play(&mut self, mv: Move) -> PyResult<()> {
        let position = self.position()?.clone();
        let uci = Uci::from_move(mv, self.mode);
        let mut next = position.clone();
        next.play(mv)
            .map_err(|err| errors::IllegalMoveError::new_err(err.to_string()))?;
        self.setup = next.to_setup();
        self.position = Some(next);
        self.stack.push((position, uci));
        Ok(())
    }

    /// Passes the turn (python-chess's null move); IllegalMoveError in check.
    fn play_null(&mut self) -> PyResult<()> {
        let position = self.position()?.clone();
        let mut next = position.clone();
        if !next.play_null() {
            return Err(errors::IllegalMoveError::new_err(format!(
                "a null move in check, in {}",
                position.to_setup()
            )));
        }
        self.setup = next.to_setup();
        self.position = Some(next);
        self.stack.push((position, Uci::Null));
        Ok(())
    }

    /// Plays a move, or the null move (`None`).
    fn step(&mut self, mv: Option<Move>) -> PyResult<()> {
        match mv {
            Some(mv) => self.play(mv),
            None => self.play_null(),
        }
    }

    /// The legal move `mv` names, `None` for the null move.
    fn resolve(&self, py: Python<'_>, mv: &PyMove) -> PyResult<Option<Move>> {
        let position = self.position()?;
        if mv.0 == Uci::Null {
            return Ok(None);
        }
        mv.0.to_move(position)
            .map(Some)
            .map_err(|err| errors::move_error(py, &err))
    }

    /// The legal move `text` names, `None` for the null move (`0000`, `--`,
    /// and in SAN what the `null-move` leniency allows).
    fn parse(&mut self, py: Python<'_>, notation: Notation, text: &str) -> PyResult<Option<Move>> {
        let position = self.position()?;
        match position.parse_move(notation, text.as_bytes(), self.san_options) {
            Ok((mv, used)) => {
                self.san_used |= used;
                Ok(Some(mv))
            }
            Err(err) if err.kind() == MoveErrorKind::Null => {
                if notation == Notation::San {
                    self.san_used |= Leniency::NullMove;
                }
                Ok(None)
            }
            Err(err) => Err(errors::move_error(py, &err)),
        }
    }

    /// The setup to write, its en-passant square as `en_passant` asks.
    fn setup_for(&self, en_passant: &str) -> PyResult<Setup> {
        let mut setup = self.setup;
        match en_passant {
            "fen" => {}
            "legal" => {
                let capture = self.position.as_ref().is_some_and(|p| {
                    p.legal_moves()
                        .iter()
                        .any(|mv| matches!(mv, Move::EnPassant { .. }))
                });
                if !capture {
                    setup.ep_square = None;
                }
            }
            other => {
                return Err(PyValueError::new_err(format!(
                    "en_passant is \"legal\" or \"fen\", not {other:?}"
                )));
            }
        }
        Ok(setup)
    }

    fn py_move(&self, mv: Option<Move>) -> PyMove {
        PyMove(mv.map_or(Uci::Null, |mv| Uci::from_move(mv, self.mode)))
    }

    fn write(&self, py: Python<'_>, mv: &PyMove, notation: WriteNotation) -> PyResult<String> {
        match self.resolve(py, mv)? {
            Some(resolved) => Ok(self.position()?.write_move(notation, resolved)),
            None => match notation.notation() {
                Notation::San | Notation::Lan => Ok("--".into()),
                Notation::Uci => Ok("0000".into()),
                Notation::Eran => Err(PyValueError::new_err("ERAN has no null move")),
            },
        }
    }
}

#[pymethods]
impl PyBoard {
    #[new]
    #[pyo3(signature = (fen = Some(Setup::STARTING.to_string()), *, chess960 = false, allow = Vec::new(), lenient = false))]
    fn new(
        py: Python<'_>,
        fen: Option<String>,
        chess960: bool,
        allow: Vec<String>,
        lenient: bool,
    ) -> PyResult<PyBoard> {
        // A board reads SAN strictly unless told: the PGN reader's default
        // leniencies are for reading files.
        let options = source::read_options(pgn::ReadOptions::STRICT, allow, lenient, false)?;
        let Some(fen) = fen else {
            let empty = Setup::from_ascii(b"8/8/8/8/8/8/8/8 w - - 0 1")
                .map_err(|err| errors::fen_error(py, &err))?;
            return Ok(PyBoard::of(
                empty,
                chess960,
                FenOptions::STRICT,
                options.san,
            ));
        };
        let (setup, used) = Setup::from_ascii_reporting(fen.as_bytes(), options.fen)
            .map_err(|err| errors::fen_error(py, &err))?;
        Ok(PyBoard::of(setup, chess960, used, options.san))
    }

    /// The board of an EPD record and its operations, as text.
    #[staticmethod]
    #[pyo3(signature = (epd, *, chess960 = false))]
    fn from_epd<'py>(
        py: Python<'py>,
        epd: &str,
        chess960: bool,
    ) -> PyResult<(PyBoard, Bound<'py, PyDict>)> {
        let epd = Epd::from_ascii(epd.as_bytes()).map_err(|err| errors::fen_error(py, &err))?;
        let operations = PyDict::new(py);
        for operation in &epd.operations {
            let operands: Vec<&str> = operation
                .operands
                .iter()
                .map(|o| match o {
                    Operand::String(s) | Operand::Token(s) => s.as_str(),
                })
                .collect();
            operations.set_item(&operation.opcode, operands.join(" "))?;
        }
        let board = PyBoard::of(epd.setup, chess960, FenOptions::STRICT, SanOptions::STRICT);
        Ok((board, operations))
    }

    /// Whether the board is Chess960 (castling as king takes rook in UCI).
    #[getter]
    fn chess960(&self) -> bool {
        self.mode == CastlingMode::Chess960
    }

    /// True when White is to move.
    #[getter]
    fn turn(&self) -> bool {
        self.setup.turn == Color::White
    }

    #[getter]
    fn fullmove_number(&self) -> u16 {
        self.setup.fullmoves
    }

    #[getter]
    fn halfmove_clock(&self) -> u16 {
        self.setup.halfmoves
    }

    #[getter]
    fn ep_square(&self) -> Option<u8> {
        self.setup.ep_square.map(Square::index)
    }

    /// The moves played since the FEN, in order.
    #[getter]
    fn move_stack(&self) -> Vec<PyMove> {
        self.stack.iter().map(|(_, uci)| PyMove(*uci)).collect()
    }

    /// The legal moves, in python-chess's order (none for a board that is
    /// not valid): iterate them, `count()` them, ask `move in`.
    #[getter]
    fn legal_moves(&self) -> LegalMoveGenerator {
        let mut moves = Vec::new();
        if let Some(position) = &self.position {
            moves.extend(position.legal_moves().iter().copied());
            moves.sort_by_key(|&mv| python_chess_order(position, mv));
        }
        LegalMoveGenerator {
            moves,
            position: self.position.clone(),
            mode: self.mode,
        }
    }

    /// The FEN (X-FEN castling in Chess960, as python-chess writes it).
    ///
    /// `en_passant="legal"` (python-chess's default) writes the en-passant
    /// square only when a capture there is legal; `"fen"` after every
    /// double pawn push, as the FEN standard says.
    #[pyo3(signature = (*, en_passant = "legal"))]
    fn fen(&self, en_passant: &str) -> PyResult<String> {
        Ok(self.setup_for(en_passant)?.to_string())
    }

    /// The piece placement field alone.
    fn board_fen(&self) -> String {
        self.setup.board.to_string()
    }

    /// The four EPD fields (no counters); `en_passant` as for `fen`.
    #[pyo3(signature = (*, en_passant = "legal"))]
    fn epd(&self, en_passant: &str) -> PyResult<String> {
        let fen = self.setup_for(en_passant)?.to_string();
        Ok(fen.rsplitn(3, ' ').nth(2).unwrap_or(&fen).to_owned())
    }

    /// The piece on a square, or None.
    fn piece_at(&self, square: u8) -> PyResult<Option<PyPiece>> {
        Ok(self.setup.board.get(self::square(square)?).map(PyPiece))
    }

    /// The type of the piece on a square (PAWN = 1 … KING = 6), or None.
    fn piece_type_at(&self, square: u8) -> PyResult<Option<u8>> {
        Ok(self
            .setup
            .board
            .get(self::square(square)?)
            .map(|p| piece_type(p.kind)))
    }

    /// The color of the piece on a square (True: White), or None.
    fn color_at(&self, square: u8) -> PyResult<Option<bool>> {
        Ok(self
            .setup
            .board
            .get(self::square(square)?)
            .map(|p| p.color == Color::White))
    }

    /// The pieces by square (a1 = 0 … h8 = 63), of the squares of `mask`
    /// (a bitboard: bit N for square N; every square by default), from h8
    /// down, as python-chess orders them.
    #[pyo3(signature = (*, mask = u64::MAX))]
    fn piece_map<'py>(&self, py: Python<'py>, mask: u64) -> PyResult<Bound<'py, PyDict>> {
        let map = PyDict::new(py);
        for sq in Square::ALL.into_iter().rev() {
            if mask >> sq.index() & 1 == 1
                && let Some(piece) = self.setup.board.get(sq)
            {
                map.set_item(sq.index(), PyPiece(piece))?;
            }
        }
        Ok(map)
    }

    /// The square of `color`'s king (True: White), or None.
    fn king(&self, color: bool) -> Option<u8> {
        let color = if color { Color::White } else { Color::Black };
        let king = PieceKind::King.of(color);
        Square::ALL
            .into_iter()
            .find(|&sq| self.setup.board.get(sq) == Some(king))
            .map(Square::index)
    }

    fn copy(&self) -> PyBoard {
        self.clone()
    }

    /// Whether the position is valid (`status() == STATUS_VALID`).
    fn is_valid(&self) -> bool {
        self.position.is_some()
    }

    /// The `STATUS_*` bits of what is wrong; 0 if nothing.
    fn status(&self) -> u32 {
        let problems = chessnote::position::Problems::of(&self.setup, self.mode);
        STATUS
            .iter()
            .filter(|(_, p, _)| p.is_some_and(|p| problems.contains(p)))
            .fold(0, |bits, (_, _, bit)| bits | bit)
    }

    /// The names of what is wrong (`"too-many-kings"`), in a fixed order.
    fn problems(&self) -> Vec<String> {
        chessnote::position::Problems::of(&self.setup, self.mode)
            .iter()
            .map(|p| p.to_string())
            .collect()
    }

    /// The names of the leniencies the FEN and the moves read so far needed.
    fn leniencies(&self) -> Vec<&'static str> {
        let mut names: Vec<&'static str> = self.fen_used.iter().map(|l| l.name()).collect();
        names.extend(self.san_used.iter().map(|l| l.name()));
        names
    }

    fn is_legal(&self, mv: &PyMove) -> bool {
        self.position
            .as_ref()
            .is_some_and(|position| mv.0.to_move(position).is_ok())
    }

    fn is_check(&self) -> bool {
        self.position.as_ref().is_some_and(Position::is_check)
    }

    fn is_checkmate(&self) -> bool {
        self.position.as_ref().is_some_and(Position::is_checkmate)
    }

    fn is_stalemate(&self) -> bool {
        self.position.as_ref().is_some_and(Position::is_stalemate)
    }

    fn is_insufficient_material(&self) -> bool {
        self.position
            .as_ref()
            .is_some_and(Position::is_insufficient_material)
    }

    fn has_insufficient_material(&self, color: bool) -> bool {
        let color = if color { Color::White } else { Color::Black };
        self.position
            .as_ref()
            .is_some_and(|p| p.has_insufficient_material(color))
    }

    fn is_fifty_moves(&self) -> bool {
        self.setup.halfmoves >= 100
    }

    fn is_seventyfive_moves(&self) -> bool {
        self.position
            .as_ref()
            .is_some_and(Position::is_seventyfive_moves)
    }

    /// Whether the position occurred `count` times (this one included)
    /// since the FEN.
    #[pyo3(signature = (count = 3))]
    fn is_repetition(&self, count: usize) -> bool {
        let keys = self.repetition_keys();
        let Some(&now) = keys.last() else {
            return false;
        };
        keys.iter().filter(|&&k| k == now).count() >= count
    }

    /// Whether the position occurred five times (an automatic draw).
    fn is_fivefold_repetition(&self) -> bool {
        self.is_repetition(5)
    }

    /// Whether the side to move may claim a draw under the fifty-move
    /// rule: now, or with a move that reaches it.
    fn can_claim_fifty_moves(&self) -> bool {
        let Some(position) = &self.position else {
            return false;
        };
        if position.is_fifty_moves() {
            return true;
        }
        position.halfmoves() >= 99
            && position.legal_moves().iter().any(|&mv| {
                let mut next = position.clone();
                next.play_unchecked(mv);
                next.is_fifty_moves()
            })
    }

    /// Whether the side to move may claim a threefold repetition: the
    /// position occurred three times, or a legal move reaches one that
    /// occurred twice.
    fn can_claim_threefold_repetition(&self) -> bool {
        let Some(position) = &self.position else {
            return false;
        };
        let keys = self.repetition_keys();
        let seen = |key: u64| keys.iter().filter(|&&k| k == key).count();
        if seen(position.repetition_key()) >= 3 {
            return true;
        }
        position.legal_moves().iter().any(|&mv| {
            let mut next = position.clone();
            next.play_unchecked(mv);
            // Twice before (the current position among them): the move
            // makes it three times.
            seen(next.repetition_key()) >= 2
        })
    }

    /// Whether the side to move may claim a draw (fifty moves or a
    /// threefold repetition).
    fn can_claim_draw(&self) -> bool {
        self.can_claim_fifty_moves() || self.can_claim_threefold_repetition()
    }

    /// How the game ended, or None: checkmate, insufficient material,
    /// stalemate, the seventy-five-move rule, a fivefold repetition, and
    /// with `claim_draw` the fifty-move rule and a threefold repetition,
    /// in python-chess's order.
    #[pyo3(signature = (*, claim_draw = false))]
    fn outcome(&self, claim_draw: bool) -> Option<crate::outcome::PyOutcome> {
        use chessnote::position::{Outcome, Termination};
        let position = self.position.as_ref()?;
        let draw = |termination| {
            Some(
                Outcome {
                    termination,
                    winner: None,
                }
                .into(),
            )
        };
        if let Some(outcome) = position.outcome() {
            return Some(outcome.into());
        }
        if self.is_fivefold_repetition() {
            return draw(Termination::FivefoldRepetition);
        }
        if claim_draw && self.can_claim_fifty_moves() {
            return draw(Termination::FiftyMoves);
        }
        if claim_draw && self.can_claim_threefold_repetition() {
            return draw(Termination::ThreefoldRepetition);
        }
        None
    }

    /// Whether the game is over ([`outcome`](Self::outcome) is not None;
    /// with `claim_draw`, a draw that may be claimed counts).
    #[pyo3(signature = (*, claim_draw = false))]
    fn is_game_over(&self, claim_draw: bool) -> bool {
        self.outcome(claim_draw).is_some()
    }

    /// `"1-0"`, `"0-1"`, `"1/2-1/2"` or `"*"` (game not over), by
    /// [`outcome`](Self::outcome).
    #[pyo3(signature = (*, claim_draw = false))]
    fn result(&self, claim_draw: bool) -> &'static str {
        self.outcome(claim_draw).map_or("*", |o| o.result())
    }

    /// Plays a legal move; raises IllegalMoveError otherwise.
    fn push(&mut self, py: Python<'_>, mv: &PyMove) -> PyResult<()> {
        let resolved = self.resolve(py, mv)?;
        self.step(resolved)
    }

    /// Plays a SAN move and returns it.
    fn push_san(&mut self, py: Python<'_>, san: &str) -> PyResult<PyMove> {
        let mv = self.parse(py, Notation::San, san)?;
        self.step(mv)?;
        Ok(self
            .stack
            .last()
            .map_or(PyMove(Uci::Null), |(_, uci)| PyMove(*uci)))
    }

    /// Plays a UCI move and returns it.
    fn push_uci(&mut self, py: Python<'_>, uci: &str) -> PyResult<PyMove> {
        let mv = self.parse(py, Notation::Uci, uci)?;
        self.step(mv)?;
        Ok(self
            .stack
            .last()
            .map_or(PyMove(Uci::Null), |(_, uci)| PyMove(*uci)))
    }

    /// Takes back the last move; IndexError when there is none.
    fn pop(&mut self) -> PyResult<PyMove> {
        let (position, uci) = self
            .stack
            .pop()
            .ok_or_else(|| PyIndexError::new_err("pop from empty move stack"))?;
        self.setup = position.to_setup();
        self.position = Some(position);
        Ok(PyMove(uci))
    }

    /// The last move played; IndexError when there is none.
    fn peek(&self) -> PyResult<PyMove> {
        self.stack
            .last()
            .map(|(_, uci)| PyMove(*uci))
            .ok_or_else(|| PyIndexError::new_err("peek at empty move stack"))
    }

    fn parse_san(&mut self, py: Python<'_>, san: &str) -> PyResult<PyMove> {
        let mv = self.parse(py, Notation::San, san)?;
        Ok(self.py_move(mv))
    }

    fn parse_uci(&mut self, py: Python<'_>, uci: &str) -> PyResult<PyMove> {
        let mv = self.parse(py, Notation::Uci, uci)?;
        Ok(self.py_move(mv))
    }

    /// A move in `notation` (`san`, `lan`, `uci` or `eran`).
    fn parse_move(&mut self, py: Python<'_>, text: &str, notation: &str) -> PyResult<PyMove> {
        let notation: Notation = notation.parse().map_err(|_| {
            PyValueError::new_err(format!(
                "unknown notation `{notation}`: san, lan, uci, eran"
            ))
        })?;
        let mv = self.parse(py, notation, text)?;
        Ok(self.py_move(mv))
    }

    fn san(&self, py: Python<'_>, mv: &PyMove) -> PyResult<String> {
        self.write(py, mv, Notation::San.into())
    }

    fn lan(&self, py: Python<'_>, mv: &PyMove) -> PyResult<String> {
        self.write(py, mv, Notation::Lan.into())
    }

    fn uci(&self, py: Python<'_>, mv: &PyMove) -> PyResult<String> {
        self.write(py, mv, Notation::Uci.into())
    }

    /// The move in ERAN (`Knight g1-f3`; `N g1-f3` with `short`).
    #[pyo3(signature = (mv, *, short = false))]
    fn eran(&self, py: Python<'_>, mv: &PyMove, short: bool) -> PyResult<String> {
        let style = if short { Style::Short } else { Style::Verbose };
        self.write(py, mv, WriteNotation::eran(style))
    }

    /// The move in `notation` (`san`, `lan`, `uci`, `eran`, `eran-short`).
    fn write_move(&self, py: Python<'_>, mv: &PyMove, notation: &str) -> PyResult<String> {
        let notation: WriteNotation = notation.parse().map_err(|_| {
            PyValueError::new_err(format!(
                "unknown notation `{notation}`: san, lan, uci, eran, eran-short"
            ))
        })?;
        self.write(py, mv, notation)
    }

    /// `1. e4 e5 2. Nf3` from this position (python-chess's name).
    fn variation_san(&self, py: Python<'_>, moves: Vec<PyMove>) -> PyResult<String> {
        let mut board = self.clone();
        let mut out = String::new();
        for (i, mv) in moves.iter().enumerate() {
            let position = board.position()?;
            let resolved = board.resolve(py, mv)?;
            let san = match resolved {
                Some(resolved) => position.write_move(Notation::San, resolved),
                None => "--".into(),
            };
            if !out.is_empty() {
                out.push(' ');
            }
            match board.setup.turn {
                Color::White => out.push_str(&format!("{}. ", board.setup.fullmoves)),
                Color::Black if i == 0 => out.push_str(&format!("{}...", board.setup.fullmoves)),
                Color::Black => {}
            }
            out.push_str(&san);
            board.step(resolved)?;
        }
        Ok(out)
    }

    /// The board as an SVG picture (chessnote's own piece set): the last
    /// move played and the king in check marked unless turned off,
    /// `arrows` and `squares` as `[%cal]`/`[%csl]` write them (`"Ge2e4"`,
    /// `"Rd4"`), `colors` by name (`{"light": "#eeeed2"}`).
    #[pyo3(signature = (*, size=360, flipped=false, lastmove=true, check=true,
                        coordinates=true, arrows=Vec::new(), squares=Vec::new(), colors=None))]
    #[allow(clippy::too_many_arguments)]
    fn svg(
        &self,
        py: Python<'_>,
        size: u32,
        flipped: bool,
        lastmove: bool,
        check: bool,
        coordinates: bool,
        arrows: Vec<String>,
        squares: Vec<String>,
        colors: Option<std::collections::HashMap<String, String>>,
    ) -> PyResult<String> {
        let mut diagram = match (&self.position, check) {
            (Some(position), true) => position.diagram(),
            _ => Diagram::new(self.setup.board),
        };
        diagram.orientation = if flipped { Color::Black } else { Color::White };
        diagram.coordinates = coordinates;
        if lastmove && let Some((_, Uci::Normal { from, to, .. })) = self.stack.last() {
            diagram.last_move = Some((*from, *to));
        }
        for arrow in &arrows {
            let arrow = Arrow::from_ascii(arrow.as_bytes())
                .map_err(|err| errors::chessnote_error(py, &err))?;
            diagram.arrows.push(arrow);
        }
        for square in &squares {
            let mark = MarkedSquare::from_ascii(square.as_bytes())
                .map_err(|err| errors::chessnote_error(py, &err))?;
            diagram.squares.push(mark);
        }
        let mut options = SvgOptions {
            size,
            ..SvgOptions::default()
        };
        for (name, value) in colors.unwrap_or_default() {
            let paint = SvgPaint::from_name(&name).ok_or_else(|| {
                let names: Vec<&str> = SvgPaint::ALL.iter().map(|p| p.name()).collect();
                PyValueError::new_err(format!(
                    "unknown colour name `{name}` (known: {})",
                    names.join(", ")
                ))
            })?;
            let color: Rgba = value
                .parse()
                .map_err(|err| errors::chessnote_error(py, &err))?;
            options.colors.set(paint, color);
        }
        Ok(diagram.svg(&options).to_string())
    }

    /// The SVG picture, for Jupyter.
    fn _repr_svg_(&self, py: Python<'_>) -> PyResult<String> {
        self.svg(
            py,
            360,
            false,
            true,
            true,
            true,
            Vec::new(),
            Vec::new(),
            None,
        )
    }

    /// The board drawn with Unicode pieces, White at the bottom.
    fn unicode(&self) -> String {
        self.setup.board.diagram(DiagramStyle::Unicode).to_string()
    }

    fn __str__(&self) -> String {
        self.setup.board.diagram(DiagramStyle::Ascii).to_string()
    }

    fn __repr__(&self) -> String {
        let fen = self.setup_for("legal").unwrap_or(self.setup);
        format!("Board('{fen}')")
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<PyBoard>().is_ok_and(|o| {
            let o = o.borrow();
            o.setup == self.setup && o.mode == self.mode
        })
    }
}
