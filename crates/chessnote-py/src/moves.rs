//! `Move` and `Piece` (python-chess's), and the views of a board's legal
//! and pseudo-legal moves in python-chess's order.

use chessnote::position::Position;
use chessnote::uci::Uci;
use chessnote::{Color, Move, PieceKind, Square};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyList;

use crate::board::PyBoard;
use crate::errors::{self, Place};

/// python-chess's piece type numbers: PAWN = 1 … KING = 6.
pub(crate) fn piece_type(kind: PieceKind) -> u8 {
    match kind {
        PieceKind::Pawn => 1,
        PieceKind::Knight => 2,
        PieceKind::Bishop => 3,
        PieceKind::Rook => 4,
        PieceKind::Queen => 5,
        PieceKind::King => 6,
    }
}

pub(crate) fn piece_kind(number: u8) -> Option<PieceKind> {
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

pub(crate) fn square(index: u8) -> PyResult<Square> {
    Square::from_index(index)
        .ok_or_else(|| PyValueError::new_err(format!("square {index} is not 0 (a1) to 63 (h8)")))
}

/// A move, as python-chess's `chess.Move`: from, to and promotion, or a
/// crazyhouse drop (`N@f3`).
#[pyclass(name = "Move", module = "chessnote", frozen, eq, hash, from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyMove(pub(crate) Uci);

impl From<Uci> for PyMove {
    fn from(uci: Uci) -> PyMove {
        PyMove(uci)
    }
}

#[pymethods]
impl PyMove {
    #[new]
    #[pyo3(signature = (from_square, to_square, promotion = None, drop = None))]
    fn new(
        from_square: u8,
        to_square: u8,
        promotion: Option<u8>,
        drop: Option<u8>,
    ) -> PyResult<PyMove> {
        let kind = |n: u8| {
            piece_kind(n).ok_or_else(|| {
                PyValueError::new_err(format!("piece type {n} is not 1 (pawn) to 6 (king)"))
            })
        };
        let promotion = promotion.map(kind).transpose()?;
        if let Some(piece) = drop.map(kind).transpose()? {
            // A crazyhouse drop: python-chess's `Move(sq, sq, drop=KNIGHT)`.
            return Ok(PyMove(Uci::Drop {
                piece,
                to: square(to_square)?,
            }));
        }
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
    pub(crate) fn from_square(&self) -> u8 {
        match self.0 {
            Uci::Normal { from, .. } => from.index(),
            Uci::Drop { to, .. } => to.index(),
            Uci::Null => 0,
        }
    }

    /// The square the move goes to (0 for the null move).
    #[getter]
    #[allow(clippy::wrong_self_convention)]
    pub(crate) fn to_square(&self) -> u8 {
        match self.0 {
            Uci::Normal { to, .. } | Uci::Drop { to, .. } => to.index(),
            Uci::Null => 0,
        }
    }

    /// The piece type promoted to (2 knight … 5 queen), or None.
    #[getter]
    fn promotion(&self) -> Option<u8> {
        match self.0 {
            Uci::Normal { promotion, .. } => promotion.map(piece_type),
            Uci::Null | Uci::Drop { .. } => None,
        }
    }

    /// The piece type dropped (crazyhouse), or None.
    #[getter]
    fn drop(&self) -> Option<u8> {
        match self.0 {
            Uci::Drop { piece, .. } => Some(piece_type(piece)),
            _ => None,
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
pub struct PyPiece(pub(crate) chessnote::Piece);

/// The notation named `name` (`san`, `lan`, `uci`, `eran`), for the
/// boards' `parse_move`; ValueError otherwise.
pub(crate) fn notation_named(name: &str) -> PyResult<chessnote::position::Notation> {
    name.parse().map_err(|_| {
        PyValueError::new_err(format!("unknown notation `{name}`: san, lan, uci, eran"))
    })
}

/// The notation to write named `name` (`san`, `lan`, `uci`, `eran`,
/// `eran-short`), for the boards' `write_move`; ValueError otherwise.
pub(crate) fn write_notation_named(name: &str) -> PyResult<chessnote::position::WriteNotation> {
    name.parse().map_err(|_| {
        PyValueError::new_err(format!(
            "unknown notation `{name}`: san, lan, uci, eran, eran-short"
        ))
    })
}

pub(crate) fn color_of(white: bool) -> Color {
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

/// Where python-chess generates a move: the pieces' moves (king included)
/// from h8 down, each to h8 down, then castling (the rook from h down),
/// pawn captures (promotions queen, rook, bishop, knight), single pushes
/// (by target, h8 down), double pushes, en passant. Its legal moves in
/// check (`evasions`) put the king's moves first (by target), then the
/// others in that order.
fn python_chess_order(mv: Move, evasions: bool) -> (u8, u8, u8, u8, u8) {
    let down = |sq: Square| 63 - sq.index();
    let promotion = |kind: Option<PieceKind>| match kind {
        None | Some(PieceKind::Queen) => 0,
        Some(PieceKind::Rook) => 1,
        Some(PieceKind::Bishop) => 2,
        _ => 3,
    };
    let (group, first, second, third) = match mv {
        Move::Normal {
            piece: PieceKind::King,
            to,
            ..
        } if evasions => (0, down(to), 0, 0),
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
        Move::Drop { piece, to } => (7, piece as u8, down(to), 0),
    };
    (
        u8::from(!(evasions && group == 0)),
        group,
        first,
        second,
        third,
    )
}

/// The moves of a position in python-chess's order: its legal moves
/// (`pseudo` false) or its pseudo-legal ones; none for no position.
pub(crate) fn ordered(position: Option<&Position>, pseudo: bool) -> Vec<Move> {
    let Some(position) = position else {
        return Vec::new();
    };
    let mut moves: Vec<Move> = if pseudo {
        position.pseudo_legal_moves().iter().copied().collect()
    } else {
        position.legal_moves().iter().copied().collect()
    };
    let evasions = !pseudo && position.is_check();
    // Each key made once, packed in a number (each part under 256).
    let mut keyed: Vec<(u64, Move)> = moves
        .drain(..)
        .map(|mv| {
            let (a, b, c, d, e) = python_chess_order(mv, evasions);
            let key = u64::from_be_bytes([0, 0, 0, a, b, c, d, e]);
            (key, mv)
        })
        .collect();
    keyed.sort_unstable_by_key(|&(key, _)| key);
    moves.extend(keyed.into_iter().map(|(_, mv)| mv));
    moves
}

/// The Python object of every move (a null move, or from, to and
/// promotion), made on first use: moves are immutable and compared by
/// value, so lists of moves share them (a list of 35 moves is then 35
/// reference counts, not 35 allocations).
static MOVES: PyOnceLock<Vec<Py<PyMove>>> = PyOnceLock::new();

/// The slots of [`MOVES`] per from-to pair: no promotion, or one per kind.
const PROMOTION_SLOTS: usize = 7;

fn slot(uci: Uci) -> usize {
    match uci {
        Uci::Normal {
            from,
            to,
            promotion,
        } => {
            let pair = usize::from(from.index()) * 64 + usize::from(to.index());
            pair * PROMOTION_SLOTS + promotion.map_or(0, |kind| kind as usize + 1)
        }
        Uci::Null => 64 * 64 * PROMOTION_SLOTS,
        Uci::Drop { piece, to } => {
            64 * 64 * PROMOTION_SLOTS + 1 + piece as usize * 64 + usize::from(to.index())
        }
    }
}

/// The shared Python object of a move.
pub(crate) fn shared_move(py: Python<'_>, uci: Uci) -> PyResult<Py<PyMove>> {
    let all = MOVES.get_or_try_init(py, || -> PyResult<Vec<Py<PyMove>>> {
        let mut all = Vec::with_capacity(64 * 64 * PROMOTION_SLOTS + 1 + 6 * 64);
        for from in Square::ALL {
            for to in Square::ALL {
                let promotions = [None].into_iter().chain(PieceKind::ALL.map(Some));
                for promotion in promotions {
                    let uci = Uci::Normal {
                        from,
                        to,
                        promotion,
                    };
                    debug_assert_eq!(slot(uci), all.len());
                    all.push(Py::new(py, PyMove(uci))?);
                }
            }
        }
        all.push(Py::new(py, PyMove(Uci::Null))?);
        for piece in PieceKind::ALL {
            for to in Square::ALL {
                let uci = Uci::Drop { piece, to };
                debug_assert_eq!(slot(uci), all.len());
                all.push(Py::new(py, PyMove(uci))?);
            }
        }
        Ok(all)
    })?;
    Ok(all[slot(uci)].clone_ref(py))
}

/// A list of moves, as their shared objects.
pub(crate) fn move_list(
    py: Python<'_>,
    moves: impl Iterator<Item = Uci>,
) -> PyResult<Bound<'_, PyList>> {
    let objects = moves
        .map(|uci| shared_move(py, uci))
        .collect::<PyResult<Vec<_>>>()?;
    PyList::new(py, objects)
}

/// A live view of a board's legal (or pseudo-legal) moves, as
/// python-chess's generators are: each question is asked of the board as it
/// is then.
pub(crate) struct MoveView {
    pub(crate) board: Py<PyBoard>,
    pub(crate) pseudo: bool,
}

impl MoveView {
    fn iter(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let (moves, _, mode) = self.board.borrow(py).ordered_moves(self.pseudo);
        let moves = moves.iter().map(|&mv| Uci::from_move(mv, mode));
        Ok(move_list(py, moves)?.call_method0("__iter__")?.unbind())
    }

    /// `<Name at 0x7f… (e4, Nf3, ...)>`: each move in SAN where legal, else
    /// in UCI (python-chess's form; `address` is the object's `id`).
    fn repr(&self, py: Python<'_>, name: &str, address: usize) -> String {
        let (moves, position, mode) = self.board.borrow(py).ordered_moves(self.pseudo);
        let texts: Vec<String> = match &position {
            Some(position) => moves
                .iter()
                .map(|&mv| {
                    if position.is_legal(mv) {
                        chessnote::san::SanPlus::from_move(position, mv).to_string()
                    } else {
                        Uci::from_move(mv, mode).to_string()
                    }
                })
                .collect(),
            None => Vec::new(),
        };
        format!("<{name} at {address:#x} ({})>", texts.join(", "))
    }
}

/// The dunder methods both views share.
macro_rules! move_view {
    ($name:ident, $text:literal) => {
        #[pymethods]
        impl $name {
            /// How many there are now.
            fn count(&self, py: Python<'_>) -> usize {
                self.0.board.borrow(py).count_moves(self.0.pseudo)
            }

            fn __len__(&self, py: Python<'_>) -> usize {
                self.count(py)
            }

            fn __bool__(&self, py: Python<'_>) -> bool {
                self.count(py) > 0
            }

            fn __contains__(&self, py: Python<'_>, mv: PyMove) -> bool {
                self.0.board.borrow(py).has_move(&mv, self.0.pseudo)
            }

            fn __iter__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
                self.0.iter(py)
            }

            fn __repr__(slf: &Bound<'_, Self>) -> String {
                slf.get().0.repr(slf.py(), $text, slf.as_ptr() as usize)
            }
        }
    };
}

/// A board's legal moves, as python-chess's `LegalMoveGenerator`: a view,
/// asked of the board as it is (in python-chess's order when iterated).
#[pyclass(module = "chessnote", frozen)]
pub struct LegalMoveGenerator(pub(crate) MoveView);

/// A board's pseudo-legal moves (python-chess's
/// `PseudoLegalMoveGenerator`): the legal ones and those that would leave
/// the king in check, a view as `LegalMoveGenerator` is.
#[pyclass(module = "chessnote", frozen)]
pub struct PseudoLegalMoveGenerator(pub(crate) MoveView);

move_view!(LegalMoveGenerator, "LegalMoveGenerator");
move_view!(PseudoLegalMoveGenerator, "PseudoLegalMoveGenerator");
