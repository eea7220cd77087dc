//! `Board` and `Move`: positions and moves with python-chess's names.

use chessnote::eran::Style;
use chessnote::fen::{Epd, FenOptions, Operand};
use chessnote::pgn;
use chessnote::position::{
    CastlingMode, MoveErrorKind, Notation, Position, Problem, WriteNotation, attacks,
};
use chessnote::san::{Leniency, SanOptions};
use chessnote::uci::Uci;
use chessnote::{CastlingSide, Color, Diagram, Move, PieceKind, Setup, Square, SquareSet};
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::errors::{self, PositionError};
use crate::moves::{
    self, LegalMoveGenerator, MoveView, PseudoLegalMoveGenerator, PyMove, PyPiece, color_of,
    piece_type, square,
};
use crate::source;
use crate::squareset::PySquareSet;

/// The status bits, python-chess's values (chessnote's own for the last:
/// a position no check refused that the move generator did).
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
    // Castling rights the castling mode cannot use (chessnote names it
    // apart): python-chess's bad castling rights.
    (
        "STATUS_BAD_CASTLING_RIGHTS",
        Some(Problem::BadCastlingMode),
        1 << 8,
    ),
    ("STATUS_UNPLAYABLE", Some(Problem::Unplayable), 1 << 21),
];

/// A move played on a board: the position before it, the move, and the
/// promoted pieces before it.
#[derive(Clone)]
struct Played {
    before: Position,
    mv: Uci,
    promoted: u64,
}

/// The promoted pieces after `mv`: a promotion adds its square, a promoted
/// piece that moves takes its mark along, a capture removes the mark.
fn promoted_after(promoted: u64, mv: Move) -> u64 {
    match mv {
        Move::Normal {
            from,
            to,
            promotion,
            ..
        } => {
            let (from, to) = (1u64 << from.index(), 1u64 << to.index());
            let moved = promoted & from != 0 || promotion.is_some();
            (promoted & !from & !to) | if moved { to } else { 0 }
        }
        Move::Castle { king, rook } => promoted & !(1 << king.index()) & !(1 << rook.index()),
        Move::EnPassant { .. } | Move::Drop { .. } => promoted,
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
    stack: Vec<Played>,
    /// The squares of pieces that came from a promotion (python-chess's
    /// `promoted`).
    promoted: u64,
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
        let mut board = PyBoard {
            position: None,
            setup,
            mode,
            stack: Vec::new(),
            promoted: 0,
            fen_used,
            san_used: SanOptions::STRICT,
            san_options,
        };
        board.set_setup(setup);
        board
    }

    /// Puts a new setup on the board (the position when valid; castling
    /// written as the position writes it, `KQkq` where it can); the moves
    /// played stay.
    fn set_setup(&mut self, setup: Setup) {
        self.position = Position::from_setup(&setup, self.mode).ok();
        self.setup = setup;
        if let Some(position) = &self.position {
            self.setup.castling = position.to_setup().castling;
        }
    }

    /// An edit of the board (python-chess's `set_piece_at`, `set_fen` …):
    /// the new setup, and the moves played forgotten.
    fn edit(&mut self, setup: Setup) {
        self.stack.clear();
        self.promoted &= setup.board.occupied().0;
        self.set_setup(setup);
    }

    /// The square of `color`'s king; of several, the highest (as
    /// python-chess).
    fn king_square(&self, color: Color) -> Option<Square> {
        let king = PieceKind::King.of(color);
        Square::ALL
            .into_iter()
            .rev()
            .find(|&sq| self.setup.board.get(sq) == Some(king))
    }

    /// The squares of `color`'s pieces of `kind` (any kind: `None`).
    fn mask(&self, kind: Option<PieceKind>, color: Option<Color>) -> u64 {
        self.setup
            .board
            .pieces()
            .filter(|(_, p)| kind.is_none_or(|k| p.kind == k) && color.is_none_or(|c| p.color == c))
            .fold(0, |m, (sq, _)| m | 1 << sq.index())
    }

    /// The castling rights that can be used some day, python-chess's
    /// `clean_castling_rights`: a right for a rook of its color on its back
    /// rank; in standard chess a corner rook, with a king of that color on
    /// e1 or e8; in Chess960 a king on the back rank (the highest, of
    /// several) and at most the outermost rook on each side of it.
    fn clean_castling(&self, chess960: bool) -> u64 {
        let rights = self.setup.castling_rooks().0;
        let mut clean = 0;
        for color in Color::ALL {
            let rank = SquareSet::rank(color.back_rank()).0;
            let rooks = rights & self.mask(Some(PieceKind::Rook), Some(color)) & rank;
            let kings = self.mask(Some(PieceKind::King), Some(color));
            if !chess960 {
                let home = Square::new(chessnote::File::E, color.back_rank());
                if kings >> home.index() & 1 == 1 {
                    clean |= rooks & (rank & 0x8100_0000_0000_0081);
                }
                continue;
            }
            let (Some(king), Some(a_side), Some(h_side)) = (
                SquareSet(kings & rank).iter().next_back(),
                SquareSet(rooks).first(),
                SquareSet(rooks).iter().next_back(),
            ) else {
                continue;
            };
            if a_side < king {
                clean |= 1 << a_side.index();
            }
            if h_side > king {
                clean |= 1 << h_side.index();
            }
        }
        clean
    }

    /// The setup with its castling rights for the rooks they name now, by
    /// square: an edit of the board keeps them (as python-chess keeps its
    /// rights, a set of squares), where `K` would name another rook after.
    fn rooks_kept(&self) -> Setup {
        self.with_castling_rooks(self.setup.castling_rooks().0)
    }

    /// A setup with castling rights for the rooks on `mask`'s squares (on a
    /// back rank: the first rank's for White, the eighth's for Black).
    fn with_castling_rooks(&self, mask: u64) -> Setup {
        let mut setup = self.setup;
        setup.castling = chessnote::Castling::NONE;
        for sq in SquareSet(mask) {
            let color = match sq.rank() {
                chessnote::Rank::First => Color::White,
                chessnote::Rank::Eighth => Color::Black,
                _ => continue,
            };
            setup
                .castling
                .insert(color, chessnote::CastlingRight::File(sq.file()));
        }
        setup
    }

    /// The pseudo-legal move `mv` names (castling as this board writes it
    /// in UCI), if it is one.
    fn pseudo_legal(&self, mv: &PyMove) -> Option<Move> {
        let position = self.position.as_ref()?;
        position
            .pseudo_legal_moves()
            .iter()
            .copied()
            .find(|&m| PyMove(Uci::from_move(m, self.mode)) == *mv)
    }

    /// The moves of a generator (legal or pseudo-legal), with a from and a
    /// to square on the masks (castling: the king's and the rook's), and
    /// `keep`.
    fn generated(
        &self,
        py: Python<'_>,
        pseudo: bool,
        from_mask: u64,
        to_mask: u64,
        keep: impl Fn(Move) -> bool,
    ) -> PyResult<Py<PyAny>> {
        let moves = moves::ordered(self.position.as_ref(), pseudo)
            .into_iter()
            .filter(|&mv| {
                let (from, to) = match mv {
                    Move::Castle { king, rook } => (king, rook),
                    _ => (mv.from(), mv.to()),
                };
                from_mask >> from.index() & 1 == 1 && to_mask >> to.index() & 1 == 1 && keep(mv)
            })
            .map(|mv| PyMove(Uci::from_move(mv, self.mode)));
        let list = pyo3::types::PyList::new(py, moves)?;
        Ok(list.call_method0("__iter__")?.unbind())
    }

    /// python-chess's `is_en_passant`: a pawn's diagonal step to the empty
    /// en-passant square.
    fn en_passant_geometry(&self, mv: &PyMove) -> bool {
        let Uci::Normal { from, to, .. } = mv.0 else {
            return false;
        };
        self.setup.ep_square == Some(to)
            && self
                .setup
                .board
                .get(from)
                .is_some_and(|p| p.kind == PieceKind::Pawn)
            && matches!(from.index().abs_diff(to.index()), 7 | 9)
            && self.setup.board.get(to).is_none()
    }

    /// Whether `color` has a clean castling right on its king's h side
    /// (`kingside`) or a side: its kings on the back rank, as a bitboard,
    /// compared with the rook's bit (python-chess's rule).
    fn castling_side(&self, color: bool, kingside: bool) -> bool {
        let color = color_of(color);
        let rank = SquareSet::rank(color.back_rank()).0;
        let kings = self.mask(Some(PieceKind::King), Some(color)) & rank;
        kings != 0
            && SquareSet(self.clean_castling_rights() & rank)
                .iter()
                .any(|rook| ((1u64 << rook.index()) > kings) == kingside)
    }

    /// The clean castling rights (python-chess writes no other) as X-FEN
    /// writes them: `K` or `Q` for a rook with no other of its color
    /// farther out on its side of the king on the back rank, else its file.
    fn clean_xfen(&self) -> chessnote::Castling {
        let mut castling = chessnote::Castling::NONE;
        let clean = self.clean_castling_rights();
        for color in Color::ALL {
            let Some(king) = self.king_square(color) else {
                continue;
            };
            let rank = SquareSet::rank(color.back_rank());
            let rooks = SquareSet(self.mask(Some(PieceKind::Rook), Some(color))) & rank;
            for rook in SquareSet(clean) & rank {
                let a_side = rook.file() < king.file();
                let outer = rooks
                    .iter()
                    .any(|other| other != rook && (other.file() < rook.file()) == a_side);
                let right = match (outer, a_side) {
                    (true, _) => chessnote::CastlingRight::File(rook.file()),
                    (false, true) => chessnote::CastlingRight::Outermost(CastlingSide::QueenSide),
                    (false, false) => chessnote::CastlingRight::Outermost(CastlingSide::KingSide),
                };
                castling.insert(color, right);
            }
        }
        castling
    }

    /// The clean castling rights as Shredder-FEN writes them: the rooks'
    /// files, White's (upper case) then Black's, each from h down.
    fn clean_shredder(&self) -> String {
        let clean = SquareSet(self.clean_castling_rights());
        let mut text = String::new();
        for color in Color::ALL {
            for rook in (clean & SquareSet::rank(color.back_rank())).iter().rev() {
                let letter = rook.file().ascii() as char;
                text.push(match color {
                    Color::White => letter.to_ascii_uppercase(),
                    Color::Black => letter,
                });
            }
        }
        if text.is_empty() {
            text.push('-');
        }
        text
    }

    /// The from and to squares of a move as a bitboard (none when they are
    /// the same square: python-chess's "touched" squares).
    fn touched(mv: &PyMove) -> u64 {
        match mv.0 {
            Uci::Normal { from, to, .. } => (1u64 << from.index()) ^ (1u64 << to.index()),
            Uci::Null | Uci::Drop { .. } => 0,
        }
    }

    /// Refuses a game of a Lichess variant: its board would be played by
    /// the rules of chess (a wrong board, with no error); its board is
    /// `chessnote.variant`'s.
    pub(crate) fn refuse_variant(variant: chessnote::Variant) -> PyResult<()> {
        if variant == chessnote::Variant::Standard {
            return Ok(());
        }
        Err(PyValueError::new_err(format!(
            "a {variant} game's board is not a Board: it is chessnote.variant's \
             (Game.board() gives it)"
        )))
    }

    /// The board after a game's moves played, with them on the stack.
    pub fn after(game: &pgn::Game) -> PyResult<PyBoard> {
        PyBoard::refuse_variant(crate::variant_board::of_game(game))?;
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

    /// An EPD record's operations as python-chess reads them (see
    /// `from_epd`); moves are read in this board's position.
    fn typed_operations<'py>(&self, py: Python<'py>, epd: &Epd) -> PyResult<Bound<'py, PyDict>> {
        let operations = PyDict::new(py);
        for operation in &epd.operations {
            let opcode = operation.opcode.as_str();
            let lists = matches!(opcode, "pv" | "am" | "bm");
            let value: Py<PyAny> = match operation.operands.first() {
                None if lists => pyo3::types::PyList::empty(py).into_any().unbind(),
                None => py.None(),
                Some(Operand::String(text)) => text.into_pyobject(py)?.into_any().unbind(),
                Some(Operand::Token(first))
                    if first.starts_with([
                        '+', '-', '.', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9',
                    ]) =>
                {
                    let bad = || {
                        PyValueError::new_err(format!(
                            "invalid numeric operand for epd operation {opcode:?}: {first:?}"
                        ))
                    };
                    if first.contains(['.', 'e', 'E']) {
                        let number: f64 = first.parse().map_err(|_| bad())?;
                        if !number.is_finite() {
                            return Err(bad());
                        }
                        number.into_pyobject(py)?.into_any().unbind()
                    } else {
                        let number: i64 =
                            first.trim_start_matches('+').parse().map_err(|_| bad())?;
                        number.into_pyobject(py)?.into_any().unbind()
                    }
                }
                Some(Operand::Token(_)) => {
                    let tokens: Vec<&str> =
                        operation.operands.iter().map(Operand::as_str).collect();
                    let mut board = self.clone();
                    board.stack.clear();
                    let mut moves = Vec::new();
                    for token in &tokens {
                        let mv = board.parse_any(py, token)?;
                        moves.push(mv);
                        if opcode == "pv" {
                            board.push(py, &mv)?;
                        }
                    }
                    if lists {
                        pyo3::types::PyList::new(py, moves)?.into_any().unbind()
                    } else {
                        let text = tokens.join(" ");
                        self.clone()
                            .parse_any(py, &text)?
                            .into_pyobject(py)?
                            .into_any()
                            .unbind()
                    }
                }
            };
            operations.set_item(opcode, value)?;
        }
        Ok(operations)
    }

    /// A move in SAN, else in UCI (python-chess's `parse_xboard`).
    fn parse_any(&mut self, py: Python<'_>, text: &str) -> PyResult<PyMove> {
        match self.parse(py, Notation::San, text) {
            Ok(mv) => Ok(self.py_move(mv)),
            Err(san) => self
                .parse(py, Notation::Uci, text)
                .map(|mv| self.py_move(mv))
                .map_err(|_| san),
        }
    }

    /// The text of one EPD operand after its opcode, `;` included.
    fn epd_operand(
        &self,
        py: Python<'_>,
        opcode: &str,
        operand: &Bound<'_, PyAny>,
    ) -> PyResult<String> {
        if operand.is_none() {
            return Ok(";".into());
        }
        if let Ok(mv) = operand.extract::<PyMove>() {
            return Ok(format!(
                " {};",
                self.write(py, &mv, WriteNotation::new(Notation::San))?
            ));
        }
        if operand.is_instance_of::<pyo3::types::PyInt>()
            || operand.is_instance_of::<pyo3::types::PyFloat>()
        {
            if let Ok(number) = operand.extract::<f64>()
                && !number.is_finite()
            {
                return Err(PyValueError::new_err(format!(
                    "expected numeric epd operand to be finite, got: {number}"
                )));
            }
            return Ok(format!(" {};", operand.str()?));
        }
        let iterable =
            !operand.is_instance_of::<pyo3::types::PyString>() && operand.hasattr("__iter__")?;
        if iterable && opcode == "pv" {
            let mut board = self.clone();
            let mut text = String::new();
            for mv in operand.try_iter()? {
                let mv: PyMove = mv?.extract()?;
                text.push(' ');
                text.push_str(&board.write(py, &mv, WriteNotation::new(Notation::San))?);
                board.push(py, &mv)?;
            }
            return Ok(text + ";");
        }
        if iterable && matches!(opcode, "am" | "bm") {
            let mut sans = Vec::new();
            for mv in operand.try_iter()? {
                let mv: PyMove = mv?.extract()?;
                sans.push(self.write(py, &mv, WriteNotation::new(Notation::San))?);
            }
            sans.sort();
            return Ok(sans.iter().map(|s| format!(" {s}")).collect::<String>() + ";");
        }
        let text = operand.str()?.to_string();
        let escaped = text
            .replace('\\', "\\\\")
            .replace('\t', "\\t")
            .replace('\r', "\\r")
            .replace('\n', "\\n")
            .replace('"', "\\\"");
        Ok(format!(" \"{escaped}\";"))
    }

    /// What python-chess compares boards by (see `__eq__`).
    fn equality_key(&self) -> (chessnote::Board, Color, u64, Option<Square>, u16, u16) {
        let ep = self.setup_for("legal").map_or(None, |s| s.ep_square);
        let s = &self.setup;
        (
            s.board,
            s.turn,
            self.clean_castling_rights(),
            ep,
            s.halfmoves,
            s.fullmoves,
        )
    }

    /// The pieces on the board.
    pub(crate) fn piece_board(&self) -> chessnote::Board {
        self.setup.board
    }

    /// The board of `start` with `moves` played (a `None`: the null move),
    /// on its move stack: a game tree node's board.
    pub(crate) fn replayed(start: &Position, moves: &[Option<Move>]) -> PyResult<PyBoard> {
        let chess960 = start.castling_mode() == CastlingMode::Chess960;
        let mut board = PyBoard::of(
            start.to_setup(),
            chess960,
            FenOptions::STRICT,
            SanOptions::STRICT,
        );
        for &mv in moves {
            board.step(mv)?;
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
            .map(|played| played.before.repetition_key())
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
        let before = self.promoted;
        self.promoted = promoted_after(before, mv);
        self.stack.push(Played {
            before: position,
            mv: uci,
            promoted: before,
        });
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
        self.stack.push(Played {
            before: position,
            mv: Uci::Null,
            promoted: self.promoted,
        });
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
        if self.position.is_none() {
            // A valid board's castling is written as its position writes
            // it (already so); another's, its clean rights.
            setup.castling = self.clean_xfen();
        }
        match en_passant {
            "fen" => {}
            "legal" => {
                let capture = setup.ep_square.is_some()
                    && self
                        .position
                        .as_ref()
                        .is_some_and(Position::has_legal_en_passant);
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

    /// The legal (or pseudo-legal) moves in python-chess's order, the
    /// position they are of, and how castling is written.
    pub(crate) fn ordered_moves(
        &self,
        pseudo: bool,
    ) -> (Vec<Move>, Option<Position>, CastlingMode) {
        (
            moves::ordered(self.position.as_ref(), pseudo),
            self.position.clone(),
            self.mode,
        )
    }

    /// How many legal (or pseudo-legal) moves there are.
    pub(crate) fn count_moves(&self, pseudo: bool) -> usize {
        match (&self.position, pseudo) {
            (None, _) => 0,
            (Some(position), false) => position.count_legal_moves(),
            (Some(position), true) => position.pseudo_legal_moves().len(),
        }
    }

    /// Whether `mv` is legal (or pseudo-legal) here.
    pub(crate) fn has_move(&self, mv: &PyMove, pseudo: bool) -> bool {
        if pseudo {
            self.pseudo_legal(mv).is_some()
        } else {
            self.position
                .as_ref()
                .is_some_and(|position| mv.0 != Uci::Null && mv.0.to_move(position).is_ok())
        }
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
    #[pyo3(signature = (fen = Some(Setup::STARTING.to_string()), *, chess960 = false, allow = Vec::new(), lenient = false, variant = None))]
    fn new(
        py: Python<'_>,
        fen: Option<String>,
        chess960: bool,
        allow: Vec<String>,
        lenient: bool,
        variant: Option<&str>,
    ) -> PyResult<PyBoard> {
        let chess960 = chess960 || crate::variant_board::board_variant(variant)?;
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

    /// The board of an EPD record (its counters from `hmvc` and `fmvn`),
    /// and its operations as python-chess gives them: moves (`bm`, `am`:
    /// lists; `pv`: a line played from the position), numbers, strings, or
    /// None for an opcode alone.
    #[staticmethod]
    #[pyo3(signature = (epd, *, chess960 = false))]
    fn from_epd<'py>(
        py: Python<'py>,
        epd: &str,
        chess960: bool,
    ) -> PyResult<(PyBoard, Bound<'py, PyDict>)> {
        let epd = Epd::from_ascii(epd.as_bytes()).map_err(|err| errors::fen_error(py, &err))?;
        let mut board = PyBoard::of(epd.setup, chess960, FenOptions::STRICT, SanOptions::STRICT);
        let operations = board.typed_operations(py, &epd)?;
        let mut setup = board.setup;
        if let Some(value) = operations.get_item("hmvc")? {
            setup.halfmoves = value.extract()?;
        }
        if let Some(value) = operations.get_item("fmvn")? {
            setup.fullmoves = value.extract()?;
        }
        board.set_setup(setup);
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

    /// Sets the side to move (the moves played stay, as in python-chess).
    #[setter]
    fn set_turn(&mut self, turn: bool) {
        let mut setup = self.setup;
        setup.turn = color_of(turn);
        self.set_setup(setup);
    }

    /// The move number (1 at the start, up after Black's move).
    #[getter]
    fn fullmove_number(&self) -> u16 {
        self.setup.fullmoves
    }

    /// Sets the move number.
    #[setter]
    fn set_fullmove_number(&mut self, value: u16) {
        let mut setup = self.setup;
        setup.fullmoves = value;
        self.set_setup(setup);
    }

    /// The half-moves since the last capture or pawn move.
    #[getter]
    fn halfmove_clock(&self) -> u16 {
        self.setup.halfmoves
    }

    /// Sets the half-moves since the last capture or pawn move.
    #[setter]
    fn set_halfmove_clock(&mut self, value: u16) {
        let mut setup = self.setup;
        setup.halfmoves = value;
        self.set_setup(setup);
    }

    /// The en-passant square after a double pawn step (whether or not a
    /// capture there is legal), or None.
    #[getter]
    fn ep_square(&self) -> Option<u8> {
        self.setup.ep_square.map(Square::index)
    }

    /// Sets the en-passant square (None: none).
    #[setter]
    fn set_ep_square(&mut self, square: Option<u8>) -> PyResult<()> {
        let mut setup = self.setup;
        setup.ep_square = square.map(self::square).transpose()?;
        self.set_setup(setup);
        Ok(())
    }

    /// The moves played since the FEN, in order.
    #[getter]
    fn move_stack(&self) -> Vec<PyMove> {
        self.stack.iter().map(|played| PyMove(played.mv)).collect()
    }

    /// The legal moves (none for a board that is not valid), a view of the
    /// board: iterate them (in python-chess's order), `count()` them, ask
    /// `move in`.
    #[getter]
    fn legal_moves(slf: &Bound<'_, Self>) -> LegalMoveGenerator {
        LegalMoveGenerator(MoveView {
            board: slf.clone().unbind(),
            pseudo: false,
        })
    }

    /// The pseudo-legal moves (the legal ones, and those that leave the
    /// king in check), in python-chess's order.
    #[getter]
    fn pseudo_legal_moves(slf: &Bound<'_, Self>) -> PseudoLegalMoveGenerator {
        PseudoLegalMoveGenerator(MoveView {
            board: slf.clone().unbind(),
            pseudo: true,
        })
    }

    /// The FEN (X-FEN castling in Chess960, as python-chess writes it).
    ///
    /// `en_passant="legal"` (python-chess's default) writes the en-passant
    /// square only when a capture there is legal; `"fen"` after every
    /// double pawn push, as the FEN standard says.
    #[pyo3(signature = (*, shredder = false, en_passant = "legal", promoted = None))]
    fn fen(&self, shredder: bool, en_passant: &str, promoted: Option<bool>) -> PyResult<String> {
        let _ = promoted;
        let fen = self.setup_for(en_passant)?.to_string();
        if !shredder {
            return Ok(fen);
        }
        let mut fields: Vec<&str> = fen.split(' ').collect();
        let castling = self.clean_shredder();
        fields[2] = &castling;
        Ok(fields.join(" "))
    }

    /// The piece placement field alone.
    fn board_fen(&self) -> String {
        self.setup.board.to_string()
    }

    /// The four EPD fields (no counters), `shredder` and `en_passant` as
    /// for `fen`, then the operations given, as python-chess writes them:
    /// a move in SAN, `bm`/`am` lists sorted, a `pv` line played from here,
    /// numbers as Python prints them, None as the opcode alone, anything
    /// else as a quoted, escaped string.
    #[pyo3(signature = (*, shredder = false, en_passant = "legal", promoted = None, **operations))]
    fn epd(
        &self,
        py: Python<'_>,
        shredder: bool,
        en_passant: &str,
        promoted: Option<bool>,
        operations: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<String> {
        let fen = self.fen(shredder, en_passant, promoted)?;
        let mut epd = fen.rsplitn(3, ' ').nth(2).unwrap_or(&fen).to_owned();
        let Some(operations) = operations.filter(|o| !o.is_empty()) else {
            return Ok(epd);
        };
        for (opcode, operand) in operations.iter() {
            let opcode: String = opcode.extract()?;
            let valid = opcode
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_alphabetic())
                && opcode
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_');
            if !valid {
                return Err(PyValueError::new_err(format!(
                    "invalid epd opcode: {opcode:?}"
                )));
            }
            epd.push(' ');
            epd.push_str(&opcode);
            epd.push_str(&self.epd_operand(py, &opcode, &operand)?);
        }
        Ok(epd)
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
        self.king_square(color_of(color)).map(Square::index)
    }

    /// A copy; `stack=False` drops the moves played, `stack=N` keeps the
    /// last N (the position they start from is then the copy's root).
    #[pyo3(signature = (*, stack = None))]
    fn copy(&self, stack: Option<&Bound<'_, PyAny>>) -> PyResult<PyBoard> {
        let mut board = self.clone();
        let keep = match stack {
            None => self.stack.len(),
            Some(value) if value.is_instance_of::<pyo3::types::PyBool>() => {
                if value.extract::<bool>()? {
                    self.stack.len()
                } else {
                    0
                }
            }
            Some(value) => value.extract::<usize>()?.min(self.stack.len()),
        };
        board.stack.drain(..self.stack.len() - keep);
        Ok(board)
    }

    fn __copy__(&self) -> PyBoard {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyBoard {
        self.clone()
    }

    /// The squares of every piece (a bitboard).
    #[getter]
    fn occupied(&self) -> u64 {
        self.setup.board.occupied().0
    }

    /// The squares of each color's pieces: `[black, white]` (bitboards).
    #[getter]
    fn occupied_co(&self) -> [u64; 2] {
        [
            self.mask(None, Some(Color::Black)),
            self.mask(None, Some(Color::White)),
        ]
    }

    /// The squares of the pawns, both colors (a bitboard).
    #[getter]
    fn pawns(&self) -> u64 {
        self.mask(Some(PieceKind::Pawn), None)
    }

    /// The squares of the knights, both colors (a bitboard).
    #[getter]
    fn knights(&self) -> u64 {
        self.mask(Some(PieceKind::Knight), None)
    }

    /// The squares of the bishops, both colors (a bitboard).
    #[getter]
    fn bishops(&self) -> u64 {
        self.mask(Some(PieceKind::Bishop), None)
    }

    /// The squares of the rooks, both colors (a bitboard).
    #[getter]
    fn rooks(&self) -> u64 {
        self.mask(Some(PieceKind::Rook), None)
    }

    /// The squares of the queens, both colors (a bitboard).
    #[getter]
    fn queens(&self) -> u64 {
        self.mask(Some(PieceKind::Queen), None)
    }

    /// The squares of the kings, both colors (a bitboard).
    #[getter]
    fn kings(&self) -> u64 {
        self.mask(Some(PieceKind::King), None)
    }

    /// The squares of the pieces that came from a promotion (a bitboard).
    #[getter]
    fn promoted(&self) -> u64 {
        self.promoted
    }

    /// The squares of `color`'s pieces of a type, as a bitboard.
    fn pieces_mask(&self, piece_type: u8, color: bool) -> PyResult<u64> {
        let kind = moves::piece_kind(piece_type).ok_or_else(|| {
            PyValueError::new_err(format!(
                "piece type {piece_type} is not 1 (pawn) to 6 (king)"
            ))
        })?;
        Ok(self.mask(Some(kind), Some(color_of(color))))
    }

    /// The squares of `color`'s pieces of a type.
    fn pieces(&self, piece_type: u8, color: bool) -> PyResult<PySquareSet> {
        Ok(SquareSet(self.pieces_mask(piece_type, color)?).into())
    }

    /// The squares the piece on `square` attacks (a bitboard; 0 for an
    /// empty square).
    fn attacks_mask(&self, square: u8) -> PyResult<u64> {
        let sq = self::square(square)?;
        let board = &self.setup.board;
        Ok(board.get(sq).map_or(0, |piece| {
            attacks::piece_attacks(piece, sq, board.occupied()).0
        }))
    }

    /// The squares the piece on `square` attacks.
    fn attacks(&self, square: u8) -> PyResult<PySquareSet> {
        Ok(SquareSet(self.attacks_mask(square)?).into())
    }

    /// `color`'s pieces that attack `square` (a bitboard); `occupied`, a
    /// bitboard, blocks the sliders instead of the board's pieces.
    #[pyo3(signature = (color, square, occupied = None))]
    fn attackers_mask(&self, color: bool, square: u8, occupied: Option<u64>) -> PyResult<u64> {
        let board = &self.setup.board;
        let occupied = occupied.map_or_else(|| board.occupied(), SquareSet);
        Ok(attacks::attackers(board, color_of(color), self::square(square)?, occupied).0)
    }

    /// `color`'s pieces that attack `square`.
    #[pyo3(signature = (color, square, occupied = None))]
    fn attackers(&self, color: bool, square: u8, occupied: Option<u64>) -> PyResult<PySquareSet> {
        Ok(SquareSet(self.attackers_mask(color, square, occupied)?).into())
    }

    /// Whether a piece of `color` attacks `square`.
    #[pyo3(signature = (color, square, occupied = None))]
    fn is_attacked_by(&self, color: bool, square: u8, occupied: Option<u64>) -> PyResult<bool> {
        Ok(self.attackers_mask(color, square, occupied)? != 0)
    }

    /// The line the piece of `color` on `square` is pinned along to its
    /// king (a bitboard: the whole rank, file or diagonal), or every
    /// square when it is not pinned.
    fn pin_mask(&self, color: bool, square: u8) -> PyResult<u64> {
        let sq = self::square(square)?;
        Ok(self
            .king_square(color_of(color))
            .and_then(|king| attacks::pin(&self.setup.board, king, sq))
            .map_or(u64::MAX, |line| line.0))
    }

    /// The line a piece is pinned along (every square if it is not).
    fn pin(&self, color: bool, square: u8) -> PyResult<PySquareSet> {
        Ok(SquareSet(self.pin_mask(color, square)?).into())
    }

    /// Whether the piece of `color` on `square` is pinned to its king.
    fn is_pinned(&self, color: bool, square: u8) -> PyResult<bool> {
        Ok(self.pin_mask(color, square)? != u64::MAX)
    }

    /// The pieces giving check to the side to move (a bitboard).
    fn checkers_mask(&self) -> u64 {
        let board = &self.setup.board;
        self.king_square(self.setup.turn).map_or(0, |king| {
            attacks::attackers(board, !self.setup.turn, king, board.occupied()).0
        })
    }

    /// The pieces giving check to the side to move.
    fn checkers(&self) -> PySquareSet {
        SquareSet(self.checkers_mask()).into()
    }

    /// Whether the side that just moved left its king attacked.
    fn was_into_check(&self) -> bool {
        let board = &self.setup.board;
        self.king_square(!self.setup.turn).is_some_and(|king| {
            !attacks::attackers(board, self.setup.turn, king, board.occupied()).is_empty()
        })
    }

    /// The rooks castling rights are written for (a bitboard of their
    /// squares: `BB_A1 | BB_H1 | BB_A8 | BB_H8` at the start).
    #[getter]
    fn get_castling_rights(&self) -> u64 {
        self.setup.castling_rooks().0
    }

    /// Sets the castling rights to the rooks on the squares of a bitboard.
    #[setter]
    fn set_castling_rights(&mut self, mask: u64) {
        let setup = self.with_castling_rooks(mask);
        self.set_setup(setup);
    }

    /// The castling rights that can be used some day (the rook and the king
    /// where castling needs them), as a bitboard of the rooks.
    fn clean_castling_rights(&self) -> u64 {
        self.clean_castling(self.mode == CastlingMode::Chess960)
    }

    /// Whether `color` may still castle on either side.
    fn has_castling_rights(&self, color: bool) -> bool {
        let rank = SquareSet::rank(color_of(color).back_rank()).0;
        self.clean_castling_rights() & rank != 0
    }

    /// Whether `color` may still castle with a rook on its king's h side.
    fn has_kingside_castling_rights(&self, color: bool) -> bool {
        self.castling_side(color, true)
    }

    /// Whether `color` may still castle with a rook on its king's a side.
    fn has_queenside_castling_rights(&self, color: bool) -> bool {
        self.castling_side(color, false)
    }

    /// Whether a castling right needs Chess960 (a rook off the corners, or
    /// a king off the e-file).
    fn has_chess960_castling_rights(&self) -> bool {
        let rights = self.clean_castling(true);
        let corners = 1u64 | 1 << 7 | 1 << 56 | 1 << 63;
        let off_e = |color: Color| {
            let home = Square::new(chessnote::File::E, color.back_rank());
            self.setup.board.get(home) != Some(PieceKind::King.of(color))
        };
        rights & !corners != 0
            || (rights & 0xFF != 0 && off_e(Color::White))
            || (rights & 0xFF << 56 != 0 && off_e(Color::Black))
    }

    /// Whether `mv` captures (en passant included).
    fn is_capture(&self, mv: &PyMove) -> bool {
        let theirs = self.mask(None, Some(!self.setup.turn));
        Self::touched(mv) & theirs != 0 || self.en_passant_geometry(mv)
    }

    /// Whether `mv` is a pawn's capture en passant.
    fn is_en_passant(&self, mv: &PyMove) -> bool {
        self.en_passant_geometry(mv)
    }

    /// Whether `mv` is castling: a king moving two files or more, or onto
    /// its own rook.
    fn is_castling(&self, mv: &PyMove) -> bool {
        let Uci::Normal { from, to, .. } = mv.0 else {
            return false;
        };
        let board = &self.setup.board;
        board.get(from).is_some_and(|p| p.kind == PieceKind::King)
            && ((from.file() as u8).abs_diff(to.file() as u8) > 1
                || board.get(to) == Some(PieceKind::Rook.of(self.setup.turn)))
    }

    /// Whether `mv` castles towards the h-file.
    fn is_kingside_castling(&self, mv: &PyMove) -> bool {
        self.is_castling(mv) && mv.to_square() > mv.from_square()
    }

    /// Whether `mv` castles towards the a-file.
    fn is_queenside_castling(&self, mv: &PyMove) -> bool {
        self.is_castling(mv) && mv.to_square() < mv.from_square()
    }

    /// Whether `mv` resets the fifty-move counter (a pawn move or a
    /// capture).
    fn is_zeroing(&self, mv: &PyMove) -> bool {
        let touched = Self::touched(mv);
        touched & self.pawns() != 0 || touched & self.mask(None, Some(!self.setup.turn)) != 0
    }

    /// Whether no position before `mv` can come back after it: it zeroes
    /// the counter, loses a castling right, or an en-passant capture is
    /// legal now.
    fn is_irreversible(&self, mv: &PyMove) -> bool {
        let touched = Self::touched(mv);
        let rights = self.clean_castling_rights();
        let king = |color: Color, rank: u64| {
            rights & rank != 0 && touched & self.mask(Some(PieceKind::King), Some(color)) != 0
        };
        self.is_zeroing(mv)
            || touched & rights != 0
            || king(Color::White, 0xFF)
            || king(Color::Black, 0xFF << 56)
            || self.has_legal_en_passant()
    }

    /// Whether an en-passant capture is legal.
    fn has_legal_en_passant(&self) -> bool {
        self.position
            .as_ref()
            .is_some_and(Position::has_legal_en_passant)
    }

    /// Whether a pawn of the side to move attacks the en-passant square.
    fn has_pseudo_legal_en_passant(&self) -> bool {
        self.position.as_ref().is_some_and(|p| {
            p.pseudo_legal_moves()
                .iter()
                .any(|mv| matches!(mv, Move::EnPassant { .. }))
        })
    }

    /// Whether `mv` (pseudo-legal) gives check. False for a move that is
    /// not pseudo-legal here.
    fn gives_check(&self, mv: &PyMove) -> bool {
        let (Some(position), Some(resolved)) = (&self.position, self.pseudo_legal(mv)) else {
            return false;
        };
        let mut next = position.clone();
        next.play_unchecked(resolved);
        // From the board, not the position's checkers: a king stepping next
        // to the other (pseudo-legal only) gives check too.
        let board = next.to_setup().board;
        let king = next.king(next.turn());
        !attacks::attackers(&board, !next.turn(), king, board.occupied()).is_empty()
    }

    /// Whether the pseudo-legal `mv` leaves the mover's king in check (its
    /// pseudo-legal moves that are not legal). False for a move that is not
    /// pseudo-legal here.
    fn is_into_check(&self, mv: &PyMove) -> bool {
        match (&self.position, self.pseudo_legal(mv)) {
            (Some(position), Some(resolved)) => !position.is_legal(resolved),
            _ => false,
        }
    }

    /// Whether `mv` is pseudo-legal: a move of the side to move's pieces by
    /// how they move, legal or leaving its king in check.
    fn is_pseudo_legal(&self, mv: &PyMove) -> bool {
        self.has_move(mv, true)
    }

    /// The legal moves from a square of `from_mask` to one of `to_mask`
    /// (bitboards; castling: the king's square and the rook's), in
    /// python-chess's order.
    #[pyo3(signature = (from_mask = u64::MAX, to_mask = u64::MAX))]
    fn generate_legal_moves(
        &self,
        py: Python<'_>,
        from_mask: u64,
        to_mask: u64,
    ) -> PyResult<Py<PyAny>> {
        self.generated(py, false, from_mask, to_mask, |_| true)
    }

    /// The pseudo-legal moves between the masks, in python-chess's order.
    #[pyo3(signature = (from_mask = u64::MAX, to_mask = u64::MAX))]
    fn generate_pseudo_legal_moves(
        &self,
        py: Python<'_>,
        from_mask: u64,
        to_mask: u64,
    ) -> PyResult<Py<PyAny>> {
        self.generated(py, true, from_mask, to_mask, |_| true)
    }

    /// The legal captures between the masks (en passant last).
    #[pyo3(signature = (from_mask = u64::MAX, to_mask = u64::MAX))]
    fn generate_legal_captures(
        &self,
        py: Python<'_>,
        from_mask: u64,
        to_mask: u64,
    ) -> PyResult<Py<PyAny>> {
        self.generated(py, false, from_mask, to_mask, is_capture)
    }

    /// The pseudo-legal captures between the masks (en passant last).
    #[pyo3(signature = (from_mask = u64::MAX, to_mask = u64::MAX))]
    fn generate_pseudo_legal_captures(
        &self,
        py: Python<'_>,
        from_mask: u64,
        to_mask: u64,
    ) -> PyResult<Py<PyAny>> {
        self.generated(py, true, from_mask, to_mask, is_capture)
    }

    /// The legal castling moves between the masks (the king's square and
    /// the rook's).
    #[pyo3(signature = (from_mask = u64::MAX, to_mask = u64::MAX))]
    fn generate_castling_moves(
        &self,
        py: Python<'_>,
        from_mask: u64,
        to_mask: u64,
    ) -> PyResult<Py<PyAny>> {
        self.generated(py, false, from_mask, to_mask, |mv| {
            matches!(mv, Move::Castle { .. })
        })
    }

    /// The legal en-passant captures between the masks.
    #[pyo3(signature = (from_mask = u64::MAX, to_mask = u64::MAX))]
    fn generate_legal_ep(
        &self,
        py: Python<'_>,
        from_mask: u64,
        to_mask: u64,
    ) -> PyResult<Py<PyAny>> {
        self.generated(py, false, from_mask, to_mask, |mv| {
            matches!(mv, Move::EnPassant { .. })
        })
    }

    /// The pseudo-legal en-passant captures between the masks.
    #[pyo3(signature = (from_mask = u64::MAX, to_mask = u64::MAX))]
    fn generate_pseudo_legal_ep(
        &self,
        py: Python<'_>,
        from_mask: u64,
        to_mask: u64,
    ) -> PyResult<Py<PyAny>> {
        self.generated(py, true, from_mask, to_mask, |mv| {
            matches!(mv, Move::EnPassant { .. })
        })
    }

    /// Puts `piece` on `square` (`None` empties it), forgetting the moves
    /// played.
    #[pyo3(signature = (square, piece, promoted = false))]
    fn set_piece_at(&mut self, square: u8, piece: Option<PyPiece>, promoted: bool) -> PyResult<()> {
        let sq = self::square(square)?;
        let mut setup = self.rooks_kept();
        setup.board.set(sq, piece.map(|p| p.0));
        self.edit(setup);
        self.promoted &= !(1 << sq.index());
        if promoted && piece.is_some() {
            self.promoted |= 1 << sq.index();
        }
        Ok(())
    }

    /// Takes the piece off `square` and returns it (None if empty),
    /// forgetting the moves played.
    fn remove_piece_at(&mut self, square: u8) -> PyResult<Option<PyPiece>> {
        let sq = self::square(square)?;
        let piece = self.setup.board.get(sq).map(PyPiece);
        let mut setup = self.rooks_kept();
        setup.board.set(sq, None);
        self.edit(setup);
        Ok(piece)
    }

    /// Empties the board and puts the pieces of a `{square: Piece}` mapping
    /// on it, forgetting the moves played.
    fn set_piece_map(&mut self, pieces: &Bound<'_, PyAny>) -> PyResult<()> {
        let mut setup = self.rooks_kept();
        setup.board = chessnote::Board::EMPTY;
        for item in pieces.call_method0("items")?.try_iter()? {
            let (square, piece): (u8, PyPiece) = item?.extract()?;
            setup.board.set(self::square(square)?, Some(piece.0));
        }
        self.promoted = 0;
        self.edit(setup);
        Ok(())
    }

    /// The empty board, White to move, no castling rights, the counters at
    /// their start; the moves played forgotten.
    fn clear(&mut self) {
        self.promoted = 0;
        self.edit(Setup::EMPTY);
    }

    /// Takes every piece off (the rest stays); the moves played forgotten.
    fn clear_board(&mut self) {
        let mut setup = self.rooks_kept();
        setup.board = chessnote::Board::EMPTY;
        self.promoted = 0;
        self.edit(setup);
    }

    /// The standard start position; the moves played forgotten.
    fn reset(&mut self) {
        self.promoted = 0;
        self.edit(Setup::STARTING);
    }

    /// The start position's pieces (the rest stays); the moves played
    /// forgotten.
    fn reset_board(&mut self) {
        let mut setup = self.rooks_kept();
        setup.board = chessnote::Board::STARTING;
        self.promoted = 0;
        self.edit(setup);
    }

    /// The position of a FEN (six fields, read strictly); the moves played
    /// forgotten. Raises `FenError` on a bad FEN.
    fn set_fen(&mut self, py: Python<'_>, fen: &str) -> PyResult<()> {
        let setup = Setup::from_ascii(fen.as_bytes()).map_err(|err| errors::fen_error(py, &err))?;
        self.fen_used = FenOptions::STRICT;
        self.promoted = 0;
        self.edit(setup);
        Ok(())
    }

    /// The pieces of a FEN's first field (the rest stays); the moves played
    /// forgotten.
    fn set_board_fen(&mut self, py: Python<'_>, fen: &str) -> PyResult<()> {
        let full = format!("{fen} w - - 0 1");
        let parsed =
            Setup::from_ascii(full.as_bytes()).map_err(|err| errors::fen_error(py, &err))?;
        let mut setup = self.rooks_kept();
        setup.board = parsed.board;
        self.promoted = 0;
        self.edit(setup);
        Ok(())
    }

    /// The castling rights of a FEN's castling field (`KQkq`, `HAha`,
    /// `-`); the moves played forgotten.
    fn set_castling_fen(&mut self, py: Python<'_>, castling_fen: &str) -> PyResult<()> {
        let full = format!("{} w {castling_fen} - 0 1", self.setup.board);
        let parsed =
            Setup::from_ascii(full.as_bytes()).map_err(|err| errors::fen_error(py, &err))?;
        let mut setup = self.setup;
        setup.castling = parsed.castling;
        self.edit(setup);
        Ok(())
    }

    /// The position of an EPD record (its counters from `hmvc` and `fmvn`
    /// when it has them), returning its operations as `from_epd` does; the
    /// moves played forgotten.
    fn set_epd<'py>(&mut self, py: Python<'py>, epd: &str) -> PyResult<Bound<'py, PyDict>> {
        let (board, operations) = PyBoard::from_epd(py, epd, self.mode == CastlingMode::Chess960)?;
        self.promoted = 0;
        self.edit(board.setup);
        Ok(operations)
    }

    /// Forgets the moves played (the position stays).
    fn clear_stack(&mut self) {
        self.stack.clear();
    }

    /// The board before the first move played, with no moves.
    fn root(&self) -> PyBoard {
        let mut root = self.clone();
        if let Some(first) = self.stack.first() {
            root.set_setup(first.before.to_setup());
            root.promoted = first.promoted;
        }
        root.stack.clear();
        root
    }

    /// The number of half-moves since the game's start, from the counters.
    fn ply(&self) -> u32 {
        2 * u32::from(self.setup.fullmoves.saturating_sub(1))
            + u32::from(self.setup.turn == Color::Black)
    }

    /// An empty board (`Board(None)`).
    #[classmethod]
    #[pyo3(signature = (*, chess960 = false))]
    fn empty(_cls: &Bound<'_, pyo3::types::PyType>, chess960: bool) -> PyBoard {
        PyBoard::of(
            Setup::EMPTY,
            chess960,
            FenOptions::STRICT,
            SanOptions::STRICT,
        )
    }

    /// The Chess960 start position of a number (0 to 959, Scharnagl's; 518
    /// is the standard one), as a Chess960 board.
    #[classmethod]
    fn from_chess960_pos(
        _cls: &Bound<'_, pyo3::types::PyType>,
        scharnagl: u16,
    ) -> PyResult<PyBoard> {
        let setup = Setup::chess960(scharnagl).ok_or_else(|| {
            PyValueError::new_err(format!(
                "{scharnagl} is no Chess960 position number (0 to 959)"
            ))
        })?;
        Ok(PyBoard::of(
            setup,
            true,
            FenOptions::STRICT,
            SanOptions::STRICT,
        ))
    }

    /// The board's Chess960 number when it is a start position (White to
    /// move, every castling right, counters not looked at: as the
    /// arguments say), else None.
    #[pyo3(signature = (*, ignore_turn = false, ignore_castling = false, ignore_counters = true))]
    fn chess960_pos(
        &self,
        ignore_turn: bool,
        ignore_castling: bool,
        ignore_counters: bool,
    ) -> Option<u16> {
        let number = self.setup.chess960_number()?;
        let start = Setup::chess960(number)?;
        let ok = self.setup.ep_square.is_none()
            && (ignore_turn || self.setup.turn == Color::White)
            && (ignore_castling || self.clean_castling(true) == start.castling_rooks().0)
            && (ignore_counters || (self.setup.halfmoves, self.setup.fullmoves) == (0, 1));
        ok.then_some(number)
    }

    /// The board seen from the other side: mirrored top to bottom, colors
    /// swapped, the other side to move (no moves played).
    fn mirror(&self) -> PyBoard {
        let mut board = self.clone();
        board.apply_mirror();
        board
    }

    /// Mirrors this board in place (see `mirror`).
    fn apply_mirror(&mut self) {
        self.promoted = self.promoted.swap_bytes();
        self.edit(self.setup.mirror());
    }

    /// A copy with `f` (a function of a bitboard) applied to each piece's
    /// squares, the castling rooks and the en-passant square (no moves
    /// played).
    fn transform(&self, f: &Bound<'_, PyAny>) -> PyResult<PyBoard> {
        let mut board = self.clone();
        board.apply_transform(f)?;
        Ok(board)
    }

    /// Applies `transform`'s `f` in place.
    fn apply_transform(&mut self, f: &Bound<'_, PyAny>) -> PyResult<()> {
        let apply = |mask: u64| -> PyResult<u64> {
            let out = f.call1((mask,))?;
            crate::squareset::mask_of(&out)
        };
        let mut setup = self.with_castling_rooks(apply(self.setup.castling_rooks().0)?);
        setup.board = chessnote::Board::EMPTY;
        for color in Color::ALL {
            for kind in PieceKind::ALL {
                for sq in SquareSet(apply(self.mask(Some(kind), Some(color)))?) {
                    setup.board.set(sq, Some(kind.of(color)));
                }
            }
        }
        setup.ep_square = match self.setup.ep_square {
            Some(ep) => SquareSet(apply(1 << ep.index())?).iter().next_back(),
            None => None,
        };
        self.promoted = apply(self.promoted)?;
        self.edit(setup);
        Ok(())
    }

    /// The castling field written X-FEN (`KQkq`, or the rook's file).
    fn castling_xfen(&self) -> String {
        let mut setup = Setup::EMPTY;
        setup.castling = self.clean_xfen();
        let fen = setup.to_string();
        fen.split(' ').nth(2).unwrap_or("-").to_owned()
    }

    /// The castling field written Shredder-FEN (`HAha`).
    fn castling_shredder_fen(&self) -> String {
        self.clean_shredder()
    }

    /// The FEN with Shredder castling (`HAha`); `en_passant` as for `fen`.
    #[pyo3(signature = (*, en_passant = "legal"))]
    fn shredder_fen(&self, en_passant: &str) -> PyResult<String> {
        let fen = self.setup_for(en_passant)?.to_string();
        let mut fields: Vec<&str> = fen.split(' ').collect();
        let castling = self.clean_shredder();
        fields[2] = &castling;
        Ok(fields.join(" "))
    }

    /// Whether the position is valid (`status() == STATUS_VALID`).
    fn is_valid(&self) -> bool {
        self.position.is_some()
    }

    /// The `STATUS_*` bits of what is wrong; 0 if nothing.
    fn status(&self) -> u32 {
        let problems = chessnote::position::Problems::of(&self.setup, self.mode);
        let bits = STATUS
            .iter()
            .filter(|(_, p, _)| p.is_some_and(|p| problems.contains(p)))
            .fold(0, |bits, (_, _, bit)| bits | bit);
        // python-chess's "too many kings" is more than two in all (two of
        // one color and none of the other is only the missing king).
        let too_many = 1 << 2;
        if self.kings().count_ones() > 2 {
            bits | too_many
        } else {
            bits & !too_many
        }
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
        self.has_move(mv, false)
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
        let position = self.position.as_ref()?;
        crate::outcome::outcome(
            position.outcome(),
            claim_draw,
            crate::outcome::DrawRules {
                // Counted by the position's own end.
                seventyfive: &|| false,
                fivefold: &|| self.is_fivefold_repetition(),
                fifty: &|| self.can_claim_fifty_moves(),
                threefold: &|| self.can_claim_threefold_repetition(),
            },
        )
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
            .map_or(PyMove(Uci::Null), |played| PyMove(played.mv)))
    }

    /// Plays a UCI move and returns it.
    fn push_uci(&mut self, py: Python<'_>, uci: &str) -> PyResult<PyMove> {
        let mv = self.parse(py, Notation::Uci, uci)?;
        self.step(mv)?;
        Ok(self
            .stack
            .last()
            .map_or(PyMove(Uci::Null), |played| PyMove(played.mv)))
    }

    /// Takes back the last move; IndexError when there is none.
    fn pop(&mut self) -> PyResult<PyMove> {
        let played = self
            .stack
            .pop()
            .ok_or_else(|| PyIndexError::new_err("pop from empty move stack"))?;
        self.setup = played.before.to_setup();
        self.position = Some(played.before);
        self.promoted = played.promoted;
        Ok(PyMove(played.mv))
    }

    /// The last move played; IndexError when there is none.
    fn peek(&self) -> PyResult<PyMove> {
        self.stack
            .last()
            .map(|played| PyMove(played.mv))
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
        let notation = crate::moves::notation_named(notation)?;
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
        let notation = crate::moves::write_notation_named(notation)?;
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
        let diagram = match (&self.position, check) {
            (Some(position), true) => position.diagram(),
            _ => Diagram::new(self.setup.board),
        };
        let last = match self.stack.last() {
            Some(Played {
                mv: Uci::Normal { from, to, .. },
                ..
            }) if lastmove => Some((*from, *to)),
            _ => None,
        };
        crate::svg::board_svg(
            py,
            diagram,
            last,
            flipped,
            coordinates,
            &arrows,
            &squares,
            size,
            colors,
        )
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

    /// The board in chess symbols, as python-chess draws it: rank 8 first
    /// (rank 1 with `orientation=False`), `empty_square` for an empty one,
    /// the other colour's symbols with `invert_color`, and `borders` with
    /// the rank digits and file letters.
    #[pyo3(signature = (*, invert_color = false, borders = false, empty_square = "⭘", orientation = true))]
    fn unicode(
        &self,
        invert_color: bool,
        borders: bool,
        empty_square: &str,
        orientation: bool,
    ) -> String {
        let line = "  -----------------\n";
        let ranks: Vec<u8> = if orientation {
            (0..8).rev().collect()
        } else {
            (0..8).collect()
        };
        let mut text = String::new();
        for (row, &rank) in ranks.iter().enumerate() {
            if borders {
                text.push_str(line);
                text.push(char::from(b'1' + rank));
                text.push(' ');
            }
            for column in 0..8u8 {
                let file = if orientation { column } else { 7 - column };
                if borders {
                    text.push('|');
                } else if column > 0 {
                    text.push(' ');
                }
                let sq = Square::new(
                    chessnote::File::ALL[usize::from(file)],
                    chessnote::Rank::ALL[usize::from(rank)],
                );
                match self.setup.board.get(sq) {
                    Some(piece) => {
                        let color = if invert_color {
                            !piece.color
                        } else {
                            piece.color
                        };
                        text.push(piece.kind.of(color).symbol());
                    }
                    None => text.push_str(empty_square),
                }
            }
            if borders {
                text.push('|');
            }
            if borders || row < 7 {
                text.push('\n');
            }
        }
        if borders {
            text.push_str(line);
            text.push_str(if orientation {
                "   a b c d e f g h"
            } else {
                "   h g f e d c b a"
            });
        }
        text
    }

    /// The board as python-chess prints it: rank 8 first, FEN letters, `.`
    /// for an empty square.
    fn __str__(&self) -> String {
        board_text(self.setup.board)
    }

    fn __repr__(&self) -> String {
        let fen = self.setup_for("legal").unwrap_or(self.setup);
        if self.mode == CastlingMode::Chess960 {
            format!("Board('{fen}', chess960=True)")
        } else {
            format!("Board('{fen}')")
        }
    }

    /// Equal as python-chess's boards are: the same pieces, side to move,
    /// usable castling rights, en-passant square where a capture there is
    /// legal, and counters (the moves played do not count).
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyBoard>()
            .is_ok_and(|o| o.borrow().equality_key() == self.equality_key())
    }
}

/// Whether a move captures (en passant included).
fn is_capture(mv: Move) -> bool {
    matches!(
        mv,
        Move::EnPassant { .. }
            | Move::Normal {
                capture: Some(_),
                ..
            }
    )
}

/// A board as python-chess's `str(board)` prints it: the library's ASCII
/// diagram without coordinates, rank 8 first, no newline at the end.
pub(crate) fn board_text(board: chessnote::Board) -> String {
    let mut diagram = Diagram::new(board);
    diagram.coordinates = false;
    let mut text = diagram.text(chessnote::DiagramStyle::Ascii).to_string();
    text.pop();
    text
}
