//! Legal positions: validation, legal moves, playing moves, and the
//! conversions between moves and their notations (SAN, LAN, UCI, ERAN).
//!
//! Move generation is our own (`board.rs`: bitboards, checkers and pins
//! computed once per position, sliders by hyperbola quintessence on small
//! compile-time tables): a [`Position`] is built from a parsed FEN
//! [`Setup`] after validation, and its moves are the crate's [`Move`].
//!
//! ```
//! use chessnote::fen::Setup;
//! use chessnote::position::{CastlingMode, Position};
//!
//! let setup: Setup = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1".parse()?;
//! let position = Position::from_setup(&setup, CastlingMode::Standard)?;
//! assert_eq!(position.legal_moves().len(), 20);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::fmt;

use crate::{Board, Castling, CastlingRight, Diagram, Setup};
use crate::{CastlingSide, Color, File, Move, Piece, PieceKind, Rank, Square, SquareSet};

use board::{Chessboard, MoveSink};

pub mod attacks;
mod board;
mod convert;
mod game;
mod move_list;
pub mod polyglot;
mod status;
mod validate;
mod variant;
mod variant_convert;
mod variant_san;

pub use convert::{
    Converted, EnPassantStyle, MoveError, MoveErrorKind, Notation, NotationError, WriteNotation,
};
pub use game::Game;
pub use move_list::MoveList;
pub use status::{Outcome, Termination};
pub use validate::{Problem, Problems};
pub use variant::VariantPosition;

/// How castling is written, and which castling moves exist: standard chess,
/// or Chess960 (where UCI writes castling as the king taking its rook).
///
/// ```
/// use chessnote::position::CastlingMode;
/// assert_eq!(CastlingMode::default(), CastlingMode::Standard);
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum CastlingMode {
    /// Standard chess: the king starts on `e1`/`e8`, rooks in the corners.
    #[default]
    Standard,
    /// Chess960 (Fischer random chess).
    Chess960,
}

impl CastlingMode {
    /// The castling mode a setup's castling rights call for (as shakmaty's
    /// `CastlingMode::detect`): [`CastlingMode::Chess960`] when a right
    /// holds only there (its rook off the corner, or the king off the `e`
    /// file), else [`CastlingMode::Standard`]. A setup without castling
    /// rights is standard; rights that hold in no mode do not count.
    ///
    /// ```
    /// use chessnote::fen::Setup;
    /// use chessnote::position::CastlingMode;
    ///
    /// assert_eq!(CastlingMode::detect(&Setup::STARTING), CastlingMode::Standard);
    /// let setup: Setup = "r3kb1r/pp2p2p/2n2n2/3p1b2/5Q1P/P1P3P1/1P1PP3/RNB1K1R1 b KQkq - 3 12".parse()?;
    /// assert_eq!(CastlingMode::detect(&setup), CastlingMode::Chess960);
    /// # Ok::<(), chessnote::fen::FenError>(())
    /// ```
    pub fn detect(setup: &Setup) -> CastlingMode {
        if validate::has_chess960_castling(setup) {
            CastlingMode::Chess960
        } else {
            CastlingMode::Standard
        }
    }
}

/// A legal chess position: the board, the side to move, castling rights, the
/// en-passant square and the move counters, with legal move generation.
///
/// ```
/// use chessnote::position::Position;
/// use chessnote::{Color, Square};
///
/// let position = Position::new();
/// assert_eq!(position.turn(), Color::White);
/// assert_eq!(position.legal_moves().len(), 20);
/// assert!(position.piece_at(Square::E1).is_some());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    board: Chessboard,
    halfmoves: u16,
    fullmoves: u16,
    mode: CastlingMode,
}

impl Default for Position {
    fn default() -> Position {
        Position::new()
    }
}

/// The setup could not become a position: every problem found.
///
/// ```
/// use chessnote::fen::Setup;
/// use chessnote::position::{CastlingMode, Position, Problem};
///
/// let setup: Setup = "8/8/8/8/8/8/8/8 w - - 0 1".parse()?;
/// let err = Position::from_setup(&setup, CastlingMode::Standard).unwrap_err();
/// assert!(err.problems().contains(Problem::NoWhiteKing));
/// # Ok::<(), chessnote::fen::FenError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct PositionError {
    problems: Problems,
}

impl PositionError {
    /// The problems found.
    ///
    /// ```
    /// use chessnote::fen::Setup;
    /// use chessnote::position::{CastlingMode, Position};
    /// let setup: Setup = "8/8/8/8/8/8/8/8 w - - 0 1".parse().unwrap();
    /// assert!(!Position::from_setup(&setup, CastlingMode::Standard).unwrap_err().problems().is_empty());
    /// ```
    pub const fn problems(&self) -> Problems {
        self.problems
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::Diagnostic::write_message(self, f)
    }
}

impl core::error::Error for PositionError {}

/// Kind `illegal-position`, at the start of the record; the message names
/// every problem.
///
/// ```
/// use chessnote::Diagnostic;
/// use chessnote::position::{CastlingMode, Position};
/// let setup = "8/8/8/8/8/8/8/8 w - - 0 1".parse().unwrap();
/// let err = Position::from_setup(&setup, CastlingMode::Standard).unwrap_err();
/// assert_eq!(err.kind_name(), "illegal-position");
/// assert!(err.message().starts_with("invalid position: "));
/// assert!(err.message().contains("no white king"));
/// ```
impl crate::Diagnostic for PositionError {
    fn kind_name(&self) -> &'static str {
        "illegal-position"
    }

    fn offset(&self) -> usize {
        0
    }

    fn write_message(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        out.write_str("invalid position: ")?;
        for (i, message) in self.problems.messages().enumerate() {
            if i > 0 {
                out.write_str(", ")?;
            }
            out.write_str(message)?;
        }
        Ok(())
    }
}

/// The move is not legal in the position.
///
/// ```
/// use chessnote::position::Position;
/// use chessnote::{Move, PieceKind, Square};
/// let mut position = Position::new();
/// let m = Move::Normal { piece: PieceKind::Pawn, from: Square::E2, capture: None, to: Square::E5, promotion: None };
/// assert!(position.play(m).is_err());
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct IllegalMoveError {
    /// The move.
    pub mv: Move,
}

impl fmt::Display for IllegalMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::Diagnostic::write_message(self, f)
    }
}

impl core::error::Error for IllegalMoveError {}

/// Kind `illegal-move`.
impl crate::Diagnostic for IllegalMoveError {
    fn kind_name(&self) -> &'static str {
        "illegal-move"
    }

    fn offset(&self) -> usize {
        0
    }

    fn write_message(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        write!(out, "illegal move {}", self.mv)
    }
}

impl Position {
    /// The standard starting position.
    ///
    /// ```
    /// use chessnote::position::Position;
    /// assert_eq!(Position::new().fullmoves(), 1);
    /// ```
    pub fn new() -> Position {
        Position {
            board: Chessboard::startpos(),
            halfmoves: 0,
            fullmoves: 1,
            mode: CastlingMode::Standard,
        }
    }

    /// The position of a setup, if it is legal; otherwise every problem.
    ///
    /// # Errors
    ///
    /// [`PositionError`] naming every problem that makes the setup an illegal position in `mode`.
    ///
    /// ```
    /// use chessnote::fen::Setup;
    /// use chessnote::position::{CastlingMode, Position};
    /// assert!(Position::from_setup(&Setup::STARTING, CastlingMode::Standard).is_ok());
    /// ```
    pub fn from_setup(setup: &Setup, mode: CastlingMode) -> Result<Position, PositionError> {
        Position::from_setup_ignoring(setup, mode, Problems::EMPTY)
    }

    /// Like [`Position::from_setup`], but the problems in `ignore` are
    /// tolerated where the position can still be played
    /// ([`Problems::IGNORABLE`]): bad castling rights are dropped, an
    /// impossible en-passant square is dropped, Chess960 castling rights in
    /// standard mode are kept, and an impossible check is kept as it is
    /// (though an en-passant square beside a check the double step did not
    /// give is dropped). Problems that leave no playable position (a missing
    /// king, say) are never ignored.
    ///
    /// # Errors
    ///
    /// [`PositionError`] naming the problems found that are not in `ignore`, or that the move generator cannot hold.
    ///
    /// ```
    /// use chessnote::fen::Setup;
    /// use chessnote::position::{CastlingMode, Position, Problem, Problems};
    ///
    /// let setup: Setup = "4k3/8/8/8/8/8/8/4K3 w K - 0 1".parse()?;
    /// assert!(Position::from_setup(&setup, CastlingMode::Standard).is_err());
    /// let ignore = Problems::EMPTY.with(Problem::BadCastlingRights);
    /// let position = Position::from_setup_ignoring(&setup, CastlingMode::Standard, ignore).unwrap();
    /// assert_eq!(position.to_setup().to_string(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    /// # Ok::<(), chessnote::fen::FenError>(())
    /// ```
    pub fn from_setup_ignoring(
        setup: &Setup,
        mode: CastlingMode,
        ignore: Problems,
    ) -> Result<Position, PositionError> {
        let bits = validate::Bits::new(setup);
        // Each right on its own: an ignored bad right goes, the good ones stay
        // (as python-chess's `clean_castling_rights` does).
        let mut castling = [[None; 2]; 2];
        let problems = validate::problems_of(setup, &bits, mode, &mut castling);
        let fatal = problems.difference(ignore) | problems.difference(Problems::IGNORABLE);
        if !fatal.is_empty() {
            return Err(PositionError { problems });
        }
        let ep = if problems.contains(Problem::InvalidEpSquare) {
            None
        } else {
            setup.ep_square
        };
        let mut board = Chessboard::new(bits.kinds, bits.colors, setup.turn, castling, ep);
        if !board.ep_explains_checks() {
            if !problems.contains(Problem::ImpossibleCheck) {
                // Validation found nothing to object to; say so rather than
                // guess, should it ever disagree with the board.
                return Err(PositionError {
                    problems: problems.with(Problem::Unplayable),
                });
            }
            // An ignored impossible check with an en-passant square beside
            // it: the square goes, the check stays.
            board = Chessboard::new(bits.kinds, bits.colors, setup.turn, castling, None);
        }
        // The counters are the setup's as written (a fullmove number of 0
        // included).
        Ok(Position {
            board,
            halfmoves: setup.halfmoves,
            fullmoves: setup.fullmoves,
            mode,
        })
    }

    /// The setup of the position; castling rights are written as FEN letters
    /// `KQkq` where they name the outermost rook, else as files (X-FEN).
    ///
    /// ```
    /// use chessnote::position::Position;
    /// assert_eq!(Position::new().to_setup().to_string(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    /// ```
    pub fn to_setup(&self) -> Setup {
        self.to_setup_with(CastlingStyle::XFen)
    }

    /// The setup of the position, with castling rights in the given style.
    ///
    /// ```
    /// use chessnote::position::{CastlingStyle, Position};
    /// assert_eq!(
    ///     Position::new().to_setup_with(CastlingStyle::Shredder).to_string(),
    ///     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"
    /// );
    /// ```
    pub fn to_setup_with(&self, style: CastlingStyle) -> Setup {
        let mut board = Board::EMPTY;
        for square in Square::ALL {
            board.set(square, self.piece_at(square));
        }
        let mut castling = Castling::NONE;
        for color in Color::ALL {
            let back_rank = if color == Color::White {
                Rank::First
            } else {
                Rank::Eighth
            };
            for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
                let Some(file) = self.board.castling_rook(color, side) else {
                    continue;
                };
                let outermost = self.outermost_rook(color, side, back_rank) == Some(file);
                let right = match style {
                    CastlingStyle::XFen if outermost => CastlingRight::Outermost(side),
                    _ => CastlingRight::File(file),
                };
                castling.insert(color, right);
            }
        }
        Setup {
            board,
            turn: self.turn(),
            castling,
            ep_square: self.ep_square(),
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
        }
    }

    fn outermost_rook(&self, color: Color, side: CastlingSide, rank: Rank) -> Option<File> {
        let king = self.king(color);
        let rooks = self.pieces(color, PieceKind::Rook) & SquareSet::rank(rank);
        let files = rooks.iter().map(|s| s.file()).filter(|f| match side {
            CastlingSide::KingSide => *f > king.file(),
            CastlingSide::QueenSide => *f < king.file(),
        });
        match side {
            CastlingSide::KingSide => files.max(),
            CastlingSide::QueenSide => files.min(),
        }
    }

    /// The side to move.
    ///
    /// ```
    /// use chessnote::{position::Position, Color};
    /// assert_eq!(Position::new().turn(), Color::White);
    /// ```
    pub fn turn(&self) -> Color {
        self.board.turn()
    }

    /// The castling mode the position was built with.
    ///
    /// ```
    /// use chessnote::position::{CastlingMode, Position};
    /// assert_eq!(Position::new().castling_mode(), CastlingMode::Standard);
    /// ```
    pub fn castling_mode(&self) -> CastlingMode {
        self.mode
    }

    /// The piece on `square`, if any.
    ///
    /// ```
    /// use chessnote::{position::Position, Color, PieceKind, Square};
    /// assert_eq!(Position::new().piece_at(Square::D8), Some(PieceKind::Queen.of(Color::Black)));
    /// ```
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        let color = self.board.color_at(square.index())?;
        let kind = self.board.kind_at(square.index())?;
        Some(kind.of(color))
    }

    /// The squares of `color`'s pieces of `kind`.
    ///
    /// ```
    /// use chessnote::{position::Position, Color, PieceKind};
    /// assert_eq!(Position::new().pieces(Color::White, PieceKind::Pawn).len(), 8);
    /// ```
    pub fn pieces(&self, color: Color, kind: PieceKind) -> SquareSet {
        SquareSet(self.board.of(color, kind))
    }

    /// The number of pieces on the board.
    pub(crate) fn occupied_count(&self) -> u32 {
        self.board.occupied().count_ones()
    }

    /// The square of `color`'s king.
    ///
    /// ```
    /// use chessnote::{position::Position, Color, Square};
    /// assert_eq!(Position::new().king(Color::Black), Square::E8);
    /// ```
    pub fn king(&self, color: Color) -> Square {
        Square::from_index_masked(self.board.king_index(color))
    }

    /// The en-passant square, if the last move was a double step (whether or
    /// not a capture there is legal).
    ///
    /// ```
    /// use chessnote::position::Position;
    /// assert_eq!(Position::new().ep_square(), None);
    /// ```
    pub fn ep_square(&self) -> Option<Square> {
        self.board.ep_square()
    }

    /// The halfmove clock: plies since the last capture or pawn move.
    ///
    /// ```
    /// assert_eq!(chessnote::position::Position::new().halfmoves(), 0);
    /// ```
    pub fn halfmoves(&self) -> u16 {
        self.halfmoves
    }

    /// The fullmove number.
    ///
    /// ```
    /// assert_eq!(chessnote::position::Position::new().fullmoves(), 1);
    /// ```
    pub fn fullmoves(&self) -> u16 {
        self.fullmoves
    }

    /// The pieces giving check to the side to move.
    ///
    /// ```
    /// assert!(chessnote::position::Position::new().checkers().is_empty());
    /// ```
    pub fn checkers(&self) -> SquareSet {
        SquareSet(self.board.checkers())
    }

    /// The diagram of the position: its board, with the king of the side
    /// to move marked when it is in check.
    ///
    /// ```
    /// use chessnote::fen::Setup;
    /// use chessnote::position::{CastlingMode, Position};
    /// use chessnote::Square;
    ///
    /// let setup: Setup = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3".parse()?;
    /// let position = Position::from_setup(&setup, CastlingMode::Standard)?;
    /// assert_eq!(position.diagram().check, Some(Square::E1));
    /// assert_eq!(Position::new().diagram().check, None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn diagram(&self) -> Diagram {
        let mut diagram = Diagram::new(self.to_setup().board);
        if self.is_check() {
            diagram.check = Some(self.king(self.turn()));
        }
        diagram
    }

    /// Whether the side to move is in check.
    ///
    /// ```
    /// assert!(!chessnote::position::Position::new().is_check());
    /// ```
    pub fn is_check(&self) -> bool {
        self.board.checkers() != 0
    }

    /// Every legal move.
    ///
    /// ```
    /// assert_eq!(chessnote::position::Position::new().legal_moves().len(), 20);
    /// ```
    pub fn legal_moves(&self) -> MoveList {
        self.legal_moves_from(SquareSet::FULL)
    }

    /// The legal moves of the pieces on the squares of `from`.
    ///
    /// ```
    /// use chessnote::{position::Position, Square, SquareSet};
    /// assert_eq!(Position::new().legal_moves_from(SquareSet::from_square(Square::G1)).len(), 2);
    /// ```
    pub fn legal_moves_from(&self, from: SquareSet) -> MoveList {
        let mut list = MoveList::new();
        self.board.generate(from.0, &mut list);
        list
    }

    /// Every pseudo-legal move, as python-chess means it: the moves of the
    /// side to move's pieces by how each moves, whether or not they leave
    /// its king in check (a pinned piece leaving its line, the king
    /// stepping onto an attacked square), en passant by every pawn that
    /// attacks the en-passant square, and the castling moves that are
    /// legal (castling is never pseudo-legal in check or through an
    /// attacked square). The legal moves are among them.
    ///
    /// ```
    /// use chessnote::fen::Setup;
    /// use chessnote::position::{CastlingMode, Position};
    ///
    /// // White's bishop on e2 is pinned: its moves are pseudo-legal only.
    /// let setup: Setup = "4r2k/8/8/8/8/8/4B3/4K3 w - - 0 1".parse()?;
    /// let position = Position::from_setup(&setup, CastlingMode::Standard)?;
    /// assert_eq!(position.legal_moves().len(), 4);
    /// assert_eq!(position.pseudo_legal_moves().len(), 4 + 9);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn pseudo_legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.board.generate_pseudo_legal(&mut list);
        list
    }

    /// The number of legal moves, without listing them (what perft counts
    /// at its last ply).
    ///
    /// ```
    /// assert_eq!(chessnote::position::Position::new().count_legal_moves(), 20);
    /// ```
    pub fn count_legal_moves(&self) -> usize {
        let mut count = Count(0);
        self.board.generate(!0, &mut count);
        count.0
    }

    /// Whether an en-passant capture is legal here (what decides whether
    /// python-chess, and the FEN standard's 2016 revision, write the
    /// en-passant square).
    ///
    /// ```
    /// use chessnote::fen::Setup;
    /// use chessnote::position::{CastlingMode, Position};
    ///
    /// let setup: Setup = "4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 2".parse()?;
    /// assert!(Position::from_setup(&setup, CastlingMode::Standard)?.has_legal_en_passant());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn has_legal_en_passant(&self) -> bool {
        self.board.ep_square().is_some() && self.board.has_legal_en_passant()
    }

    /// Whether there is any legal move.
    ///
    /// ```
    /// assert!(chessnote::position::Position::new().has_legal_moves());
    /// ```
    pub fn has_legal_moves(&self) -> bool {
        self.board.generate(!0, &mut Any)
    }

    /// Whether `mv` is legal here.
    ///
    /// ```
    /// use chessnote::{position::Position, Move, Square};
    /// let castle = Move::Castle { king: Square::E1, rook: Square::H1 };
    /// assert!(!Position::new().is_legal(castle));
    /// ```
    pub fn is_legal(&self, mv: Move) -> bool {
        self.board.is_legal(mv)
    }

    /// Plays a legal move.
    ///
    /// # Errors
    ///
    /// [`IllegalMoveError`] when the move is not legal here; the position is unchanged.
    ///
    /// ```
    /// use chessnote::{position::Position, Move, PieceKind, Square};
    /// let mut position = Position::new();
    /// let m = Move::Normal { piece: PieceKind::Pawn, from: Square::E2, capture: None, to: Square::E4, promotion: None };
    /// position.play(m)?;
    /// assert_eq!(position.to_setup().to_string(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    /// # Ok::<(), chessnote::position::IllegalMoveError>(())
    /// ```
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMoveError> {
        if !self.is_legal(mv) {
            return Err(IllegalMoveError { mv });
        }
        self.play_unchecked(mv);
        Ok(())
    }

    /// Plays a move known to be legal (one from [`Position::legal_moves`],
    /// say). An illegal move leaves the position in an unspecified but
    /// memory-safe state, and never panics (a move from an empty square
    /// changes nothing).
    ///
    /// ```
    /// use chessnote::position::Position;
    /// let mut position = Position::new();
    /// let m = position.legal_moves()[0];
    /// position.play_unchecked(m);
    /// assert_eq!(position.turn(), chessnote::Color::Black);
    /// ```
    pub fn play_unchecked(&mut self, mv: Move) {
        let resets = mv.piece() == PieceKind::Pawn || mv.is_capture();
        let black = self.turn() == Color::Black;
        if self.board.play(mv) {
            if black {
                self.fullmoves = self.fullmoves.saturating_add(1);
            }
            self.halfmoves = if resets {
                0
            } else {
                self.halfmoves.saturating_add(1)
            };
        }
    }

    /// Plays the null move (passes), which is legal when not in check.
    ///
    /// ```
    /// use chessnote::position::Position;
    /// let mut position = Position::new();
    /// assert!(position.play_null());
    /// assert_eq!(position.turn(), chessnote::Color::Black);
    /// ```
    pub fn play_null(&mut self) -> bool {
        let black = self.turn() == Color::Black;
        if !self.board.play_null() {
            return false;
        }
        if black {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.halfmoves = self.halfmoves.saturating_add(1);
        true
    }
}

/// Counts moves, promotions four times each.
struct Count(usize);

impl MoveSink for Count {
    #[inline(always)]
    fn moves(&mut self, board: &Chessboard, kind: PieceKind, from: u8, to: u64) -> bool {
        let promotions = kind == PieceKind::Pawn && board.promotes_from(from);
        self.0 += to.count_ones() as usize * if promotions { 4 } else { 1 };
        false
    }

    #[inline(always)]
    fn special(&mut self, _: Move) -> bool {
        self.0 += 1;
        false
    }

    const COUNTS: bool = true;

    #[inline(always)]
    fn count(&mut self, n: usize) {
        self.0 += n;
    }
}

/// Stops at the first move.
struct Any;

impl MoveSink for Any {
    #[inline(always)]
    fn moves(&mut self, _: &Chessboard, _: PieceKind, _: u8, _: u64) -> bool {
        true
    }

    #[inline(always)]
    fn special(&mut self, _: Move) -> bool {
        true
    }
}

/// How a position writes castling rights in FEN.
///
/// ```
/// use chessnote::position::CastlingStyle;
/// assert_ne!(CastlingStyle::XFen, CastlingStyle::Shredder);
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum CastlingStyle {
    /// `KQkq` for the outermost rooks, the rook's file otherwise (X-FEN);
    /// the same as standard FEN in standard chess.
    #[default]
    XFen,
    /// Always the rook's file: `HAha` (Shredder-FEN).
    Shredder,
}
