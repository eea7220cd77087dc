//! Legal positions: validation, legal moves, playing moves, and the
//! conversions between moves and their notations (SAN, LAN, UCI, ERAN).
//!
//! Move generation is cozy-chess's (MIT), behind our own types: a
//! [`Position`] is built from a parsed FEN [`Setup`] after validation, and its
//! moves are the crate's [`Move`].
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

use cozy_chess as cz;

use crate::{Board, Castling, CastlingRight, Diagram, Setup};
use crate::{CastlingSide, Color, File, Move, Piece, PieceKind, Rank, Square, SquareSet};

mod convert;
mod game;
mod move_list;
mod status;
mod validate;

pub use convert::{
    Converted, EnPassantStyle, MoveError, MoveErrorKind, Notation, NotationError, WriteNotation,
};
pub use game::Game;
pub use move_list::MoveList;
pub use status::{Outcome, Termination};
pub use validate::{Problem, Problems};

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
    // cozy-chess's board keeps counters of its own (a clock capped at 100,
    // a fullmove number of 1 or more); ours are the only source of truth,
    // and the board's are held at `CZ_HALFMOVES` and `CZ_FULLMOVES` so that
    // equality and hashing see ours alone.
    board: cz::Board,
    halfmoves: u16,
    fullmoves: u16,
    mode: CastlingMode,
}

// The halfmove clock and fullmove number the cozy-chess board always holds.
const CZ_HALFMOVES: u8 = 0;
const CZ_FULLMOVES: u16 = 1;

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

// Conversions between our vocabulary and cozy-chess's.

#[inline]
pub(crate) fn cz_square(square: Square) -> cz::Square {
    cz::Square::index(square.index() as usize)
}

#[inline]
pub(crate) fn square_of(square: cz::Square) -> Square {
    Square::from_index(square as u8).unwrap_or(Square::A1)
}

#[inline]
pub(crate) fn cz_file(file: File) -> cz::File {
    cz::File::index(file.index() as usize)
}

#[inline]
pub(crate) fn file_of(file: cz::File) -> File {
    File::new(file as u8).unwrap_or(File::A)
}

#[inline]
pub(crate) const fn cz_kind(kind: PieceKind) -> cz::Piece {
    match kind {
        PieceKind::Pawn => cz::Piece::Pawn,
        PieceKind::Knight => cz::Piece::Knight,
        PieceKind::Bishop => cz::Piece::Bishop,
        PieceKind::Rook => cz::Piece::Rook,
        PieceKind::Queen => cz::Piece::Queen,
        PieceKind::King => cz::Piece::King,
    }
}

#[inline]
pub(crate) const fn kind_of(piece: cz::Piece) -> PieceKind {
    match piece {
        cz::Piece::Pawn => PieceKind::Pawn,
        cz::Piece::Knight => PieceKind::Knight,
        cz::Piece::Bishop => PieceKind::Bishop,
        cz::Piece::Rook => PieceKind::Rook,
        cz::Piece::Queen => PieceKind::Queen,
        cz::Piece::King => PieceKind::King,
    }
}

#[inline]
pub(crate) const fn cz_color(color: Color) -> cz::Color {
    match color {
        Color::White => cz::Color::White,
        Color::Black => cz::Color::Black,
    }
}

#[inline]
pub(crate) const fn color_of(color: cz::Color) -> Color {
    match color {
        cz::Color::White => Color::White,
        cz::Color::Black => Color::Black,
    }
}

#[inline]
pub(crate) fn set_of(bb: cz::BitBoard) -> SquareSet {
    SquareSet(bb.0)
}

#[inline]
pub(crate) fn cz_set(set: SquareSet) -> cz::BitBoard {
    cz::BitBoard(set.0)
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
            board: cz::Board::startpos(),
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
    /// give is dropped: cozy-chess cannot hold it). Problems that leave no
    /// playable position (a missing king, say) are never ignored.
    ///
    /// # Errors
    ///
    /// [`PositionError`] naming the problems found that are not in `ignore`, or that cozy-chess cannot build a board with.
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
        let problems = validate::problems_of(setup, &bits, mode);
        let fatal = problems.difference(ignore) | problems.difference(Problems::IGNORABLE);
        if !fatal.is_empty() {
            return Err(PositionError { problems });
        }
        let mut builder = cz::BoardBuilder::empty();
        for color in Color::ALL {
            for kind in PieceKind::ALL {
                for square in bits.of(color, kind) {
                    *builder.square_mut(square) = Some((cz_kind(kind), cz_color(color)));
                }
            }
        }
        builder.side_to_move = cz_color(setup.turn);
        if !setup.castling.is_empty() {
            // Each right on its own: an ignored bad right goes, the good ones
            // stay (as python-chess's `clean_castling_rights` does).
            for color in Color::ALL {
                let right = |side| {
                    setup
                        .castling_rook_file(color, side)
                        .filter(|&file| validate::castling_right_holds(&bits, color, side, file))
                        .map(cz_file)
                };
                let rights = builder.castle_rights_mut(cz_color(color));
                rights.short = right(CastlingSide::KingSide);
                rights.long = right(CastlingSide::QueenSide);
            }
        }
        if !problems.contains(Problem::InvalidEpSquare) {
            builder.en_passant = setup.ep_square.map(cz_square);
        }
        builder.halfmove_clock = CZ_HALFMOVES;
        builder.fullmove_number = CZ_FULLMOVES;
        let mut built = builder.build();
        if built.is_err()
            && builder.en_passant.is_some()
            && problems.contains(Problem::ImpossibleCheck)
        {
            // An ignored impossible check with an en-passant square that
            // cozy-chess refuses: the square goes, the check stays.
            builder.en_passant = None;
            built = builder.build();
        }
        match built {
            // The counters are ours, the setup's as written (a fullmove
            // number of 0 included, which cozy-chess cannot hold).
            Ok(board) => Ok(Position {
                board,
                halfmoves: setup.halfmoves,
                fullmoves: setup.fullmoves,
                mode,
            }),
            // Validation found nothing cozy-chess objects to; say so rather
            // than guess, should they ever disagree.
            Err(_) => Err(PositionError {
                problems: problems.with(Problem::Unplayable),
            }),
        }
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
            let rights = self.board.castle_rights(cz_color(color));
            let back_rank = if color == Color::White {
                Rank::First
            } else {
                Rank::Eighth
            };
            for (side, file) in [
                (CastlingSide::KingSide, rights.short),
                (CastlingSide::QueenSide, rights.long),
            ] {
                let Some(file) = file.map(file_of) else {
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
        let king = square_of(self.board.king(cz_color(color)));
        let rooks = set_of(self.board.colored_pieces(cz_color(color), cz::Piece::Rook))
            & SquareSet::rank(rank);
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
        color_of(self.board.side_to_move())
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
        let sq = cz_square(square);
        let kind = self.board.piece_on(sq)?;
        let color = self.board.color_on(sq)?;
        Some(kind_of(kind).of(color_of(color)))
    }

    /// The squares of `color`'s pieces of `kind`.
    ///
    /// ```
    /// use chessnote::{position::Position, Color, PieceKind};
    /// assert_eq!(Position::new().pieces(Color::White, PieceKind::Pawn).len(), 8);
    /// ```
    pub fn pieces(&self, color: Color, kind: PieceKind) -> SquareSet {
        set_of(self.board.colored_pieces(cz_color(color), cz_kind(kind)))
    }

    /// The square of `color`'s king.
    ///
    /// ```
    /// use chessnote::{position::Position, Color, Square};
    /// assert_eq!(Position::new().king(Color::Black), Square::E8);
    /// ```
    pub fn king(&self, color: Color) -> Square {
        square_of(self.board.king(cz_color(color)))
    }

    /// The en-passant square, if the last move was a double step (whether or
    /// not a capture there is legal).
    ///
    /// ```
    /// use chessnote::position::Position;
    /// assert_eq!(Position::new().ep_square(), None);
    /// ```
    pub fn ep_square(&self) -> Option<Square> {
        let file = file_of(self.board.en_passant()?);
        let rank = if self.turn() == Color::White {
            Rank::Sixth
        } else {
            Rank::Third
        };
        Some(Square::new(file, rank))
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
        set_of(self.board.checkers())
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
        !self.board.checkers().is_empty()
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
        let us = self.board.side_to_move();
        let ours = self.board.colors(us);
        let theirs = self.board.colors(!us);
        self.board.generate_moves_for(cz_set(from), |moves| {
            // One piece's moves: its kind is known, and only captures need a
            // look at the board.
            let piece = kind_of(moves.piece);
            for mv in moves {
                let from = square_of(mv.from);
                let to = square_of(mv.to);
                let m = if theirs.has(mv.to) {
                    Move::Normal {
                        piece,
                        from,
                        capture: self.board.piece_on(mv.to).map(kind_of),
                        to,
                        promotion: mv.promotion.map(kind_of),
                    }
                } else if piece == PieceKind::King && ours.has(mv.to) {
                    Move::Castle {
                        king: from,
                        rook: to,
                    }
                } else if piece == PieceKind::Pawn && mv.from.file() != mv.to.file() {
                    Move::EnPassant { from, to }
                } else {
                    Move::Normal {
                        piece,
                        from,
                        capture: None,
                        to,
                        promotion: mv.promotion.map(kind_of),
                    }
                };
                list.push(m);
            }
            false
        });
        list
    }

    /// The number of legal moves, without listing them (what perft counts
    /// at its last ply).
    ///
    /// ```
    /// assert_eq!(chessnote::position::Position::new().count_legal_moves(), 20);
    /// ```
    pub fn count_legal_moves(&self) -> usize {
        let mut n = 0;
        self.board.generate_moves(|moves| {
            n += moves.len();
            false
        });
        n
    }

    /// Whether there is any legal move.
    ///
    /// ```
    /// assert!(chessnote::position::Position::new().has_legal_moves());
    /// ```
    pub fn has_legal_moves(&self) -> bool {
        self.board.generate_moves(|_| true)
    }

    /// Whether `mv` is legal here.
    ///
    /// ```
    /// use chessnote::{position::Position, Move, Square};
    /// let castle = Move::Castle { king: Square::E1, rook: Square::H1 };
    /// assert!(!Position::new().is_legal(castle));
    /// ```
    pub fn is_legal(&self, mv: Move) -> bool {
        let Some(cz_mv) = self.cz_move(mv) else {
            return false;
        };
        self.board.is_legal(cz_mv) && self.move_of(cz_mv) == mv
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
        let Some(cz_mv) = self.cz_move(mv) else {
            return;
        };
        if self.board.piece_on(cz_mv.from).is_none() {
            // Nothing to move: cozy-chess would panic; leave the position.
            return;
        }
        let resets = mv.piece() == PieceKind::Pawn || mv.is_capture();
        if self.turn() == Color::Black {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.halfmoves = if resets {
            0
        } else {
            self.halfmoves.saturating_add(1)
        };
        self.board.play_unchecked(cz_mv);
        self.hold_board_counters();
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
        match self.board.null_move() {
            Some(board) => {
                if self.turn() == Color::Black {
                    self.fullmoves = self.fullmoves.saturating_add(1);
                }
                self.halfmoves = self.halfmoves.saturating_add(1);
                self.board = board;
                self.hold_board_counters();
                true
            }
            None => false,
        }
    }

    /// Puts the cozy-chess board's counters back to the constants it always
    /// holds, after cozy-chess moved them: ours are the only counters.
    #[inline]
    pub(crate) fn hold_board_counters(&mut self) {
        self.board.set_halfmove_clock(CZ_HALFMOVES);
        self.board.set_fullmove_number(CZ_FULLMOVES);
    }

    /// Our move for a cozy-chess move of this position.
    pub(crate) fn move_of(&self, mv: cz::Move) -> Move {
        let from = square_of(mv.from);
        let to = square_of(mv.to);
        let piece = self
            .board
            .piece_on(mv.from)
            .map(kind_of)
            .unwrap_or(PieceKind::Pawn);
        let us = self.board.side_to_move();
        let target = self.board.piece_on(mv.to);
        let own = self.board.colors(us).has(mv.to);
        match (piece, target) {
            (PieceKind::King, Some(cz::Piece::Rook)) if own => Move::Castle {
                king: from,
                rook: to,
            },
            (PieceKind::Pawn, None) if from.file() != to.file() => Move::EnPassant { from, to },
            _ => Move::Normal {
                piece,
                from,
                capture: target.map(kind_of),
                to,
                promotion: mv.promotion.map(kind_of),
            },
        }
    }

    /// The cozy-chess move for one of ours (it may still be illegal).
    pub(crate) fn cz_move(&self, mv: Move) -> Option<cz::Move> {
        let (from, to) = match mv {
            Move::Castle { king, rook } => (king, rook),
            _ => (mv.from(), mv.to()),
        };
        Some(cz::Move {
            from: cz_square(from),
            to: cz_square(to),
            promotion: mv.promotion().map(cz_kind),
        })
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
