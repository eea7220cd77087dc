//! Moves to and from their notations, in a position: SAN, LAN, UCI and ERAN.
//!
//! Each direction is exact: a move prints as the reference writers
//! (python-chess) print it, and strict reading accepts exactly what they
//! write. Reading leniently is asked for with [`SanOptions`], and the
//! leniencies a reading needed are reported.

use alloc::boxed::Box;
use core::fmt;

use cozy_chess as cz;

use super::{CastlingMode, Position, cz_kind, cz_square, square_of};
use crate::eran::{Eran, RegularMove};
use crate::fen::Setup;
use crate::lan::{Lan, LanPlus};
use crate::san::{Leniency, San, SanOptions, SanPlus, Suffix};
use crate::uci::Uci;
use crate::{CastlingSide, Color, File, Move, PieceKind, Rank, Square, SquareSet};

/// Why a written move is not a move of the position.
///
/// ```
/// use chessnote::position::{MoveErrorKind, Position};
/// use chessnote::san::SanOptions;
///
/// let err = Position::new().parse_san(b"Nf6", SanOptions::STRICT).unwrap_err();
/// assert_eq!(err.kind(), MoveErrorKind::Illegal);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum MoveErrorKind {
    /// The text is not valid notation; the message and byte offset say why.
    Syntax {
        /// What was wrong.
        message: &'static str,
        /// The byte where it was found.
        offset: usize,
    },
    /// No legal move matches.
    Illegal,
    /// Several legal moves match.
    Ambiguous,
    /// It matches a legal move only with a leniency that was not allowed.
    NeedsLeniency(Leniency),
    /// It names a legal move but misstates it (a wrong capture mark or
    /// check suffix) in a notation that has no leniency for that (LAN, ERAN).
    Misstated(Leniency),
    /// The null move: legal only when not in check, and not a [`Move`].
    Null,
}

/// A written move that is not a move of the position: what went wrong, what
/// was written, and the position (as FEN in the message).
///
/// ```
/// use chessnote::position::Position;
/// use chessnote::san::SanOptions;
///
/// let err = Position::new().parse_san(b"Nd2", SanOptions::STRICT).unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "illegal move `Nd2` in rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MoveError {
    kind: MoveErrorKind,
    // Boxed: errors are rare, and a small `Result` keeps the hot path fast.
    context: Box<Context>,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Context {
    written: [u8; 24],
    written_len: u8,
    setup: Setup,
}

impl MoveError {
    #[cold]
    fn new(kind: MoveErrorKind, written: &[u8], position: &Position) -> MoveError {
        let mut buf = [0; 24];
        let len = written.len().min(buf.len());
        buf[..len].copy_from_slice(&written[..len]);
        MoveError {
            kind,
            context: Box::new(Context {
                written: buf,
                written_len: len as u8,
                setup: position.to_setup(),
            }),
        }
    }

    /// What went wrong.
    ///
    /// ```
    /// use chessnote::position::{MoveErrorKind, Position};
    /// let err = Position::new().parse_uci(b"e2e5").unwrap_err();
    /// assert_eq!(err.kind(), MoveErrorKind::Illegal);
    /// ```
    pub const fn kind(&self) -> MoveErrorKind {
        self.kind
    }

    /// The written move (its first 24 bytes).
    ///
    /// ```
    /// use chessnote::position::Position;
    /// assert_eq!(Position::new().parse_uci(b"e2e5").unwrap_err().written(), b"e2e5");
    /// ```
    pub fn written(&self) -> &[u8] {
        &self.context.written[..self.context.written_len as usize]
    }

    /// The position the move was read in.
    ///
    /// ```
    /// use chessnote::position::Position;
    /// let err = Position::new().parse_uci(b"e2e5").unwrap_err();
    /// assert_eq!(err.setup(), &chessnote::fen::Setup::STARTING);
    /// ```
    pub fn setup(&self) -> &Setup {
        &self.context.setup
    }
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let written = core::str::from_utf8(self.written()).unwrap_or("(not UTF-8)");
        match self.kind {
            MoveErrorKind::Syntax { message, offset } => {
                write!(f, "invalid move `{written}`: {message} at byte {offset}")
            }
            MoveErrorKind::Illegal => write!(f, "illegal move `{written}` in {}", self.setup()),
            MoveErrorKind::Ambiguous => write!(f, "ambiguous move `{written}` in {}", self.setup()),
            MoveErrorKind::NeedsLeniency(leniency) => {
                write!(
                    f,
                    "`{written}` needs a leniency ({leniency}) in {}",
                    self.setup()
                )
            }
            MoveErrorKind::Misstated(what) => {
                write!(
                    f,
                    "`{written}` misstates a legal move ({what}) in {}",
                    self.setup()
                )
            }
            MoveErrorKind::Null => write!(f, "null move `{written}` in {}", self.setup()),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for MoveError {}

/// A notation's syntax error, as a [`MoveError`].
#[cold]
fn syntax(message: &'static str, offset: usize, text: &[u8], position: &Position) -> MoveError {
    MoveError::new(MoveErrorKind::Syntax { message, offset }, text, position)
}

impl Position {
    fn cz_color(&self) -> cz::Color {
        self.board.side_to_move()
    }

    /// Squares of our pieces of `kind` that could move to `to` on this
    /// board, ignoring pins (pawns: pushes and captures).
    fn sources(&self, kind: PieceKind, to: cz::Square) -> cz::BitBoard {
        let us = self.cz_color();
        let ours = self.board.colored_pieces(us, cz_kind(kind));
        let occupied = self.board.occupied();
        ours & match kind {
            PieceKind::Knight => cz::get_knight_moves(to),
            PieceKind::Bishop => cz::get_bishop_moves(to, occupied),
            PieceKind::Rook => cz::get_rook_moves(to, occupied),
            PieceKind::Queen => {
                cz::get_bishop_moves(to, occupied) | cz::get_rook_moves(to, occupied)
            }
            PieceKind::King => cz::get_king_moves(to),
            PieceKind::Pawn => {
                let mut from = cz::get_pawn_attacks(to, !us);
                let behind =
                    |sq: cz::Square| sq.try_offset(0, if us == cz::Color::White { -1 } else { 1 });
                if let Some(one) = behind(to) {
                    from |= one.bitboard();
                    let double_rank = if us == cz::Color::White {
                        cz::Rank::Fourth
                    } else {
                        cz::Rank::Fifth
                    };
                    if to.rank() == double_rank
                        && !occupied.has(one)
                        && let Some(two) = behind(one)
                    {
                        from |= two.bitboard();
                    }
                }
                from
            }
        }
    }

    /// The legal moves of our `kind` pieces on `from` squares to `to`
    /// (never castling): how many, and one of them.
    fn legal_to(
        &self,
        kind: PieceKind,
        from: cz::BitBoard,
        to: cz::Square,
        promotion: Option<PieceKind>,
    ) -> (u32, Option<cz::Square>) {
        let mut count = 0;
        let mut found = None;
        for source in from {
            if self.quick_legal(kind, source, to, promotion) {
                count += 1;
                found = Some(source);
            }
        }
        (count, found)
    }

    /// Whether our `kind` piece on `from` (one of [`Position::sources`])
    /// may legally move to `to`. Not in check and not pinned, a move that
    /// `sources` allows is legal if its target fits; everything else asks
    /// cozy-chess.
    #[inline]
    fn quick_legal(
        &self,
        kind: PieceKind,
        from: cz::Square,
        to: cz::Square,
        promotion: Option<PieceKind>,
    ) -> bool {
        let board = &self.board;
        let us = board.side_to_move();
        if board.colors(us).has(to) {
            // Castling is never what this is asked about.
            return false;
        }
        if kind == PieceKind::King || !board.checkers().is_empty() || board.pinned().has(from) {
            return board.is_legal(cz::Move {
                from,
                to,
                promotion: promotion.map(cz_kind),
            });
        }
        if kind != PieceKind::Pawn {
            // `sources` found `from` through the attack set of `to`, so the
            // path is clear.
            return promotion.is_none();
        }
        let last_rank = if us == cz::Color::White {
            cz::Rank::Eighth
        } else {
            cz::Rank::First
        };
        if (to.rank() == last_rank) != promotion.is_some() {
            return false;
        }
        if from.file() == to.file() {
            // A push: `sources` checked the square between for a double step.
            !board.occupied().has(to)
        } else if board.colors(!us).has(to) {
            true
        } else {
            // En passant (or nothing): cozy-chess knows the subtle cases.
            board.is_legal(cz::Move {
                from,
                to,
                promotion: None,
            })
        }
    }

    /// The move of our `kind` piece from `from` to `to`, known legal and
    /// not castling.
    #[inline]
    fn make_move(
        &self,
        kind: PieceKind,
        from: cz::Square,
        to: cz::Square,
        promotion: Option<PieceKind>,
    ) -> Move {
        let them = !self.board.side_to_move();
        let capture = if self.board.colors(them).has(to) {
            self.board.piece_on(to).map(super::kind_of)
        } else {
            None
        };
        let (from, to) = (square_of(from), square_of(to));
        if kind == PieceKind::Pawn && capture.is_none() && from.file() != to.file() {
            Move::EnPassant { from, to }
        } else {
            Move::Normal {
                piece: kind,
                from,
                capture,
                to,
                promotion,
            }
        }
    }

    /// The castling move of the side to move on `side`, if legal.
    fn castle_move(&self, side: CastlingSide) -> Option<Move> {
        let us = self.cz_color();
        let rights = self.board.castle_rights(us);
        let file = match side {
            CastlingSide::KingSide => rights.short,
            CastlingSide::QueenSide => rights.long,
        }?;
        let king = self.board.king(us);
        let rook = cz::Square::new(file, king.rank());
        let mv = cz::Move {
            from: king,
            to: rook,
            promotion: None,
        };
        self.board.is_legal(mv).then(|| self.move_of(mv))
    }

    /// Our pieces and the occupancy as they would be after the legal `mv`,
    /// without playing it.
    fn after(&self, mv: &Move) -> After {
        let board = &self.board;
        let us = board.side_to_move();
        let ours = |kind: cz::Piece| board.colored_pieces(us, kind);
        let mut after = After {
            occupied: board.occupied(),
            theirs: board.colors(!us),
            pawns: ours(cz::Piece::Pawn),
            knights: ours(cz::Piece::Knight),
            bishops: ours(cz::Piece::Bishop),
            rooks: ours(cz::Piece::Rook),
            queens: ours(cz::Piece::Queen),
            king: board.king(us),
            us,
        };
        let (from, to) = (cz_square(mv.from()), cz_square(mv.to()));
        match *mv {
            Move::Castle { king, rook } => {
                let side = mv.castling_side().unwrap_or(CastlingSide::KingSide);
                let rook_to = cz_square(Square::new(side.rook_to_file(), mv.from().rank()));
                let (king, rook) = (cz_square(king).bitboard(), cz_square(rook).bitboard());
                after.occupied =
                    (after.occupied & !king & !rook) | to.bitboard() | rook_to.bitboard();
                // In Chess960 the rook may already stand on its square.
                after.rooks = (after.rooks & !rook) | rook_to.bitboard();
                after.king = to;
            }
            _ => {
                let piece = mv.piece();
                let landing = mv.promotion().unwrap_or(piece);
                for (kind, set) in [
                    (PieceKind::Pawn, &mut after.pawns),
                    (PieceKind::Knight, &mut after.knights),
                    (PieceKind::Bishop, &mut after.bishops),
                    (PieceKind::Rook, &mut after.rooks),
                    (PieceKind::Queen, &mut after.queens),
                ] {
                    if piece == kind {
                        *set &= !from.bitboard();
                    }
                    if landing == kind {
                        *set |= to.bitboard();
                    }
                }
                if piece == PieceKind::King {
                    after.king = to;
                }
                after.occupied = (after.occupied & !from.bitboard()) | to.bitboard();
                after.theirs &= !to.bitboard();
                if let Move::EnPassant { from: f, to: t } = *mv {
                    let taken = cz_square(Square::new(t.file(), f.rank())).bitboard();
                    after.occupied &= !taken;
                    after.theirs &= !taken;
                }
            }
        }
        after
    }

    /// The legal move a notation that names piece, squares and capture
    /// (LAN, ERAN) describes; castling is written otherwise in both.
    fn explicit_move(
        &self,
        piece: PieceKind,
        from: Square,
        to: Square,
        capture: bool,
        promotion: Option<PieceKind>,
    ) -> Result<Move, MoveErrorKind> {
        let cz_mv = cz::Move {
            from: cz_square(from),
            to: cz_square(to),
            promotion: promotion.map(cz_kind),
        };
        if !self.board.is_legal(cz_mv) {
            return Err(MoveErrorKind::Illegal);
        }
        let mv = self.move_of(cz_mv);
        if mv.piece() != piece || matches!(mv, Move::Castle { .. }) {
            return Err(MoveErrorKind::Illegal);
        }
        if mv.is_capture() != capture {
            return Err(MoveErrorKind::Misstated(Leniency::CaptureMismatch));
        }
        Ok(mv)
    }

    /// `+`, `#` or nothing: what playing the legal `mv` gives.
    pub(crate) fn suffix_of(&self, mv: &Move) -> Option<Suffix> {
        let after = self.after(mv);
        let king = self.board.king(!self.board.side_to_move());
        if !after.attacks(king, after.occupied) {
            return None;
        }
        // A square the king can step to proves it is no mate, without
        // playing the move; otherwise play it and look for any reply.
        let flights = cz::get_king_moves(king) & !after.theirs;
        let without_king = after.occupied & !king.bitboard();
        if flights.into_iter().any(|f| !after.attacks(f, without_king)) {
            return Some(Suffix::Check);
        }
        let cz_mv = self.cz_move(mv)?;
        let mut board = self.board.clone();
        board.play_unchecked(cz_mv);
        if board.generate_moves(|_| true) {
            Some(Suffix::Check)
        } else {
            Some(Suffix::Checkmate)
        }
    }

    /// Reads a SAN move with the leniencies of `options`; returns the move
    /// and the leniencies it needed.
    ///
    /// ```
    /// use chessnote::position::Position;
    /// use chessnote::san::{Leniency, SanOptions};
    /// use chessnote::Square;
    ///
    /// let position = Position::new();
    /// let (mv, used) = position.parse_san(b"Nf3", SanOptions::STRICT)?;
    /// assert_eq!((mv.from(), mv.to(), used.is_empty()), (Square::G1, Square::F3, true));
    ///
    /// let (mv, used) = position.parse_san(b"Ng1-f3", SanOptions::LENIENT)?;
    /// assert_eq!(mv.from(), Square::G1);
    /// assert!(used.allows(Leniency::LanDash) && used.allows(Leniency::AnyDisambiguation));
    /// # Ok::<(), chessnote::position::MoveError>(())
    /// ```
    pub fn parse_san(
        &self,
        text: &[u8],
        options: SanOptions,
    ) -> Result<(Move, SanOptions), MoveError> {
        let (san, used) = SanPlus::from_ascii_reporting(text, options)
            .map_err(|e| syntax(e.kind().message(), e.offset(), text, self))?;
        let (mv, more) = self
            .san_to_move(&san, options)
            .map_err(|kind| MoveError::new(kind, text, self))?;
        if used.allows(Leniency::EnPassantSuffix) && !matches!(mv, Move::EnPassant { .. }) {
            // An en-passant mark on another move is not a spelling of it.
            return Err(MoveError::new(MoveErrorKind::Illegal, text, self));
        }
        Ok((mv, used | more))
    }

    /// The move of a parsed SAN; the error kind alone (the callers add the
    /// text and the position).
    #[inline]
    fn san_to_move(
        &self,
        san: &SanPlus,
        options: SanOptions,
    ) -> Result<(Move, SanOptions), MoveErrorKind> {
        let mut used = SanOptions::STRICT;
        let mut need = |leniency: Leniency| {
            if options.allows(leniency) {
                used = used.with(leniency, true);
                Ok(())
            } else {
                Err(MoveErrorKind::NeedsLeniency(leniency))
            }
        };
        let mv = match san.san {
            San::Null => return Err(MoveErrorKind::Null),
            San::Castle(side) => self.castle_move(side).ok_or(MoveErrorKind::Illegal)?,
            San::Normal {
                piece,
                file,
                rank,
                capture,
                to,
                promotion,
            } => {
                let cz_to = cz_square(to);
                let all = self.sources(piece, cz_to);
                let mut filter = SquareSet::FULL;
                if let Some(file) = file {
                    filter &= SquareSet::file(file);
                }
                if let Some(rank) = rank {
                    filter &= SquareSet::rank(rank);
                }
                let written = all & cz::BitBoard(filter.0);
                let (count, found) = self.legal_to(piece, written, cz_to, promotion);
                let from = match (count, found) {
                    (1, Some(from)) => from,
                    (0, _) => return Err(MoveErrorKind::Illegal),
                    _ => return Err(MoveErrorKind::Ambiguous),
                };
                let mv = self.make_move(piece, from, cz_to, promotion);
                if mv.is_capture() != capture {
                    need(Leniency::CaptureMismatch)?;
                }
                // With nothing written, the one legal candidate needs none;
                // pawn sources were judged (and reported) by the syntax.
                let written = file.is_some() || rank.is_some();
                if written
                    && piece != PieceKind::Pawn
                    && (file, rank) != self.disambiguation(&mv, all)
                {
                    need(Leniency::AnyDisambiguation)?;
                }
                mv
            }
        };
        if san.suffix.is_some() && san.suffix != self.suffix_of(&mv) {
            need(Leniency::WrongSuffix)?;
        }
        Ok((mv, used))
    }

    /// The file and rank SAN writes before the destination of `mv`: the
    /// pawn's file on captures; for pieces, the least that tells it from
    /// the other pieces of its kind that can legally go there (`sources`).
    fn disambiguation(&self, mv: &Move, sources: cz::BitBoard) -> (Option<File>, Option<Rank>) {
        let from = mv.from();
        if mv.piece() == PieceKind::Pawn {
            return (mv.is_capture().then(|| from.file()), None);
        }
        if matches!(mv, Move::Castle { .. }) {
            return (None, None);
        }
        let others = sources & !cz_square(from).bitboard();
        let mut rivals = false;
        let mut same_file = false;
        let mut same_rank = false;
        for other in others {
            let legal = self.quick_legal(mv.piece(), other, cz_square(mv.to()), None);
            let other = square_of(other);
            if legal {
                rivals = true;
                same_file |= other.file() == from.file();
                same_rank |= other.rank() == from.rank();
            }
        }
        match (same_file, same_rank) {
            _ if !rivals => (None, None),
            (false, _) => (Some(from.file()), None),
            (true, false) => (None, Some(from.rank())),
            (true, true) => (Some(from.file()), Some(from.rank())),
        }
    }

    /// Reads a UCI move (`e2e4`, `e7e8q`; castling `e1g1` in standard
    /// chess, `e1h1` in Chess960 mode). The null move `0000` is an error of
    /// kind [`MoveErrorKind::Null`]: it is not a [`Move`].
    ///
    /// ```
    /// use chessnote::position::Position;
    /// use chessnote::Square;
    /// let mv = Position::new().parse_uci(b"g1f3")?;
    /// assert_eq!(mv.to(), Square::F3);
    /// # Ok::<(), chessnote::position::MoveError>(())
    /// ```
    pub fn parse_uci(&self, text: &[u8]) -> Result<Move, MoveError> {
        let uci = Uci::from_ascii(text)
            .map_err(|e| syntax(e.kind().message(), e.offset(), text, self))?;
        uci.to_move(self)
            .map_err(|kind| MoveError::new(kind, text, self))
    }

    /// Reads a LAN move (`e2-e4`, `Ng1-f3`, `e5xd6`, `O-O`); the piece,
    /// the capture mark and a check suffix must be right.
    ///
    /// ```
    /// use chessnote::position::Position;
    /// let mv = Position::new().parse_lan(b"e2-e4")?;
    /// assert!(mv.is_double_step());
    /// assert!(Position::new().parse_lan(b"e2xe4").is_err());
    /// # Ok::<(), chessnote::position::MoveError>(())
    /// ```
    pub fn parse_lan(&self, text: &[u8]) -> Result<Move, MoveError> {
        let lan = LanPlus::from_ascii(text)
            .map_err(|e| syntax(e.kind().message(), e.offset(), text, self))?;
        lan.to_move(self)
            .map_err(|kind| MoveError::new(kind, text, self))
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
}

impl San {
    /// The SAN of a legal move, without suffix.
    ///
    /// ```
    /// use chessnote::position::Position;
    /// use chessnote::san::San;
    /// let position = Position::new();
    /// let mv = position.parse_uci(b"g1f3").unwrap();
    /// assert_eq!(San::from_move(&position, &mv).to_string(), "Nf3");
    /// ```
    pub fn from_move(position: &Position, mv: &Move) -> San {
        if let Some(side) = mv.castling_side() {
            return San::Castle(side);
        }
        let sources = if mv.piece() == PieceKind::Pawn {
            cz::BitBoard::EMPTY
        } else {
            position.sources(mv.piece(), cz_square(mv.to()))
        };
        let (file, rank) = position.disambiguation(mv, sources);
        San::Normal {
            piece: mv.piece(),
            file,
            rank,
            capture: mv.is_capture(),
            to: mv.to(),
            promotion: mv.promotion(),
        }
    }

    /// The legal move this SAN names, read strictly (see
    /// [`Position::parse_san`] for leniency).
    ///
    /// ```
    /// use chessnote::position::Position;
    /// use chessnote::san::San;
    /// let san: San = "e4".parse().unwrap();
    /// assert!(san.to_move(&Position::new()).is_ok());
    /// ```
    pub fn to_move(&self, position: &Position) -> Result<Move, MoveError> {
        SanPlus::from(*self).to_move(position)
    }
}

impl SanPlus {
    /// The SAN of a legal move, with `+` or `#`.
    ///
    /// ```
    /// use chessnote::fen::Setup;
    /// use chessnote::position::{CastlingMode, Position};
    /// use chessnote::san::SanPlus;
    ///
    /// let setup: Setup = "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2".parse().unwrap();
    /// let position = Position::from_setup(&setup, CastlingMode::Standard).unwrap();
    /// let mv = position.parse_uci(b"d8h4").unwrap();
    /// assert_eq!(SanPlus::from_move(&position, &mv).to_string(), "Qh4#");
    /// ```
    pub fn from_move(position: &Position, mv: &Move) -> SanPlus {
        SanPlus {
            san: San::from_move(position, mv),
            suffix: position.suffix_of(mv),
            annotation: None,
        }
    }

    /// The legal move this SAN names, read strictly: the disambiguation,
    /// the capture mark and a `+`/`#` (when written) must be what a correct
    /// writer would write.
    ///
    /// ```
    /// use chessnote::position::Position;
    /// use chessnote::san::SanPlus;
    /// let san: SanPlus = "Nf3".parse().unwrap();
    /// assert_eq!(san.to_move(&Position::new())?.from(), chessnote::Square::G1);
    /// # Ok::<(), chessnote::position::MoveError>(())
    /// ```
    pub fn to_move(&self, position: &Position) -> Result<Move, MoveError> {
        position
            .san_to_move(self, SanOptions::STRICT)
            .map(|(mv, _)| mv)
            .map_err(|kind| {
                let mut buf = [0; crate::san::MAX_LEN];
                let text = self.write_ascii(&mut buf);
                MoveError::new(kind, text.as_bytes(), position)
            })
    }
}

impl Uci {
    /// The UCI of a move: castling as `e1g1` in standard chess and as the
    /// king taking its rook (`e1h1`) in Chess960.
    ///
    /// ```
    /// use chessnote::position::CastlingMode;
    /// use chessnote::uci::Uci;
    /// use chessnote::{Move, Square};
    /// let castle = Move::Castle { king: Square::E1, rook: Square::H1 };
    /// assert_eq!(Uci::from_move(&castle, CastlingMode::Standard).to_string(), "e1g1");
    /// assert_eq!(Uci::from_move(&castle, CastlingMode::Chess960).to_string(), "e1h1");
    /// ```
    pub fn from_move(mv: &Move, mode: CastlingMode) -> Uci {
        let to = match (*mv, mode) {
            (Move::Castle { rook, .. }, CastlingMode::Chess960) => rook,
            _ => mv.to(),
        };
        Uci::Normal {
            from: mv.from(),
            to,
            promotion: mv.promotion(),
        }
    }

    /// The legal move this UCI names in `position` (castling per the
    /// position's [`CastlingMode`]).
    ///
    /// ```
    /// use chessnote::position::Position;
    /// use chessnote::uci::Uci;
    /// let uci: Uci = "e2e4".parse().unwrap();
    /// assert!(uci.to_move(&Position::new()).is_ok());
    /// ```
    pub fn to_move(&self, position: &Position) -> Result<Move, MoveErrorKind> {
        let Uci::Normal {
            from,
            to,
            promotion,
        } = *self
        else {
            return Err(MoveErrorKind::Null);
        };
        // Standard chess writes castling as the king's two-square move.
        if position.castling_mode() == CastlingMode::Standard
            && from == position.king(position.turn())
        {
            for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
                if let Some(castle) = position.castle_move(side)
                    && castle.to() == to
                    && promotion.is_none()
                {
                    return Ok(castle);
                }
            }
        }
        let cz_mv = cz::Move {
            from: cz_square(from),
            to: cz_square(to),
            promotion: promotion.map(cz_kind),
        };
        if !position.board.is_legal(cz_mv) {
            return Err(MoveErrorKind::Illegal);
        }
        let mv = position.move_of(cz_mv);
        // In standard chess the king "taking" its rook is not how UCI
        // writes castling.
        if matches!(mv, Move::Castle { .. })
            && Uci::from_move(&mv, position.castling_mode()) != *self
        {
            return Err(MoveErrorKind::Illegal);
        }
        Ok(mv)
    }
}

impl LanPlus {
    /// The LAN of a legal move, with `+` or `#` (python-chess's spelling).
    ///
    /// ```
    /// use chessnote::lan::LanPlus;
    /// use chessnote::position::Position;
    /// let position = Position::new();
    /// let mv = position.parse_uci(b"g1f3").unwrap();
    /// assert_eq!(LanPlus::from_move(&position, &mv).to_string(), "Ng1-f3");
    /// ```
    pub fn from_move(position: &Position, mv: &Move) -> LanPlus {
        let lan = match mv.castling_side() {
            Some(side) => Lan::Castle(side),
            None => Lan::Normal {
                piece: mv.piece(),
                from: mv.from(),
                capture: mv.is_capture(),
                to: mv.to(),
                promotion: mv.promotion(),
            },
        };
        LanPlus {
            lan,
            suffix: position.suffix_of(mv),
        }
    }

    /// The legal move this LAN names: the piece, squares and capture mark
    /// must match, and so must a `+`/`#` when written.
    ///
    /// ```
    /// use chessnote::lan::LanPlus;
    /// use chessnote::position::Position;
    /// let lan: LanPlus = "Ng1-f3".parse().unwrap();
    /// assert!(lan.to_move(&Position::new()).is_ok());
    /// ```
    pub fn to_move(&self, position: &Position) -> Result<Move, MoveErrorKind> {
        let mv = match self.lan {
            Lan::Null => return Err(MoveErrorKind::Null),
            Lan::Castle(side) => position.castle_move(side).ok_or(MoveErrorKind::Illegal)?,
            Lan::Normal {
                piece,
                from,
                capture,
                to,
                promotion,
            } => position.explicit_move(piece, from, to, capture, promotion)?,
        };
        if self.suffix.is_some() && self.suffix != position.suffix_of(&mv) {
            return Err(MoveErrorKind::Misstated(Leniency::WrongSuffix));
        }
        Ok(mv)
    }
}

/// How a move to ERAN writes an en-passant capture.
///
/// ```
/// use chessnote::position::EnPassantStyle;
/// assert_eq!(EnPassantStyle::default(), EnPassantStyle::Regular);
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum EnPassantStyle {
    /// As a regular pawn capture, `Pawn e5xd6` (always unambiguous).
    #[default]
    Regular,
    /// As `en-passant` / `ep` when it is the only en-passant capture, else
    /// as a regular capture (ERAN never writes an ambiguous `ep`).
    Explicit,
}

impl Position {
    /// The legal en-passant captures.
    fn en_passant_moves(&self) -> super::MoveList {
        let pawns = self.pieces(self.turn(), PieceKind::Pawn);
        self.legal_moves_from(pawns)
            .iter()
            .copied()
            .filter(|m| matches!(m, Move::EnPassant { .. }))
            .collect()
    }
}

impl FromIterator<Move> for super::MoveList {
    /// ```
    /// use chessnote::position::{MoveList, Position};
    /// let list: MoveList = Position::new().legal_moves().iter().copied().filter(|m| m.is_double_step()).collect();
    /// assert_eq!(list.len(), 8);
    /// ```
    fn from_iter<I: IntoIterator<Item = Move>>(iter: I) -> super::MoveList {
        let mut list = super::MoveList::new();
        for mv in iter {
            list.push(mv);
        }
        list
    }
}

impl Eran {
    /// The ERAN of a legal move (en passant as a regular capture); `None`
    /// for a hand-made move no piece could make (ERAN cannot write it).
    ///
    /// ```
    /// use chessnote::eran::Eran;
    /// use chessnote::position::Position;
    /// let position = Position::new();
    /// let mv = position.parse_uci(b"g1f3").unwrap();
    /// assert_eq!(Eran::from_move(&position, &mv).unwrap().to_string(), "Knight g1-f3");
    /// ```
    pub fn from_move(position: &Position, mv: &Move) -> Option<Eran> {
        Eran::from_move_with(position, mv, EnPassantStyle::Regular)
    }

    /// The ERAN of a legal move, writing en passant as `style` says.
    ///
    /// ```
    /// use chessnote::eran::Eran;
    /// use chessnote::fen::Setup;
    /// use chessnote::position::{CastlingMode, EnPassantStyle, Position};
    ///
    /// let setup: Setup = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2".parse().unwrap();
    /// let position = Position::from_setup(&setup, CastlingMode::Standard).unwrap();
    /// let mv = position.parse_uci(b"e5d6").unwrap();
    /// assert_eq!(Eran::from_move(&position, &mv).unwrap().to_string(), "Pawn e5xd6");
    /// let explicit = Eran::from_move_with(&position, &mv, EnPassantStyle::Explicit).unwrap();
    /// assert_eq!(explicit.to_string(), "en-passant");
    /// ```
    pub fn from_move_with(position: &Position, mv: &Move, style: EnPassantStyle) -> Option<Eran> {
        Some(match *mv {
            Move::Castle { .. } => Eran::Castle(mv.castling_side()?),
            Move::EnPassant { .. }
                if style == EnPassantStyle::Explicit && position.en_passant_moves().len() == 1 =>
            {
                Eran::EnPassant
            }
            _ => Eran::Regular(
                RegularMove::new(
                    mv.piece(),
                    mv.from(),
                    mv.to(),
                    mv.is_capture(),
                    mv.promotion(),
                )
                .ok()?,
            ),
        })
    }

    /// The legal move this ERAN names: piece, squares and capture mark must
    /// match; `ep` must be the only en-passant capture.
    ///
    /// ```
    /// use chessnote::eran::Eran;
    /// use chessnote::position::{MoveErrorKind, Position};
    /// let position = Position::new();
    /// let eran: Eran = "N g1-f3".parse().unwrap();
    /// assert!(eran.to_move(&position).is_ok());
    /// let eran: Eran = "ep".parse().unwrap();
    /// assert_eq!(eran.to_move(&position), Err(MoveErrorKind::Illegal));
    /// ```
    pub fn to_move(&self, position: &Position) -> Result<Move, MoveErrorKind> {
        match *self {
            Eran::Castle(side) => position.castle_move(side).ok_or(MoveErrorKind::Illegal),
            Eran::EnPassant => match *position.en_passant_moves() {
                [mv] => Ok(mv),
                [] => Err(MoveErrorKind::Illegal),
                _ => Err(MoveErrorKind::Ambiguous),
            },
            Eran::Regular(r) => {
                position.explicit_move(r.piece(), r.from(), r.to(), r.is_capture(), r.promotion())
            }
        }
    }
}

impl Position {
    /// Reads an ERAN move (either form, any case).
    ///
    /// ```
    /// use chessnote::position::Position;
    /// let mv = Position::new().parse_eran(b"pawn E2-E4")?;
    /// assert!(mv.is_double_step());
    /// # Ok::<(), chessnote::position::MoveError>(())
    /// ```
    pub fn parse_eran(&self, text: &[u8]) -> Result<Move, MoveError> {
        let eran = Eran::from_ascii(text)
            .map_err(|e| syntax(e.kind().message(), e.offset(), text, self))?;
        eran.to_move(self)
            .map_err(|kind| MoveError::new(kind, text, self))
    }
}

/// A move notation, for reading and writing moves generically.
///
/// ```
/// use chessnote::position::Notation;
/// assert_eq!("eran-short".parse::<Notation>(), Ok(Notation::EranShort));
/// assert_eq!(Notation::Lan.to_string(), "lan");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Notation {
    /// Standard algebraic notation: `Nf3`, `exd8=Q+`, `O-O`.
    San,
    /// Long algebraic notation: `Ng1-f3`, `e7-e8=Q+`.
    Lan,
    /// UCI: `g1f3`, `e7e8q` (`e1h1` castling in Chess960).
    Uci,
    /// ERAN, verbose when written: `Knight g1-f3`.
    Eran,
    /// ERAN, short when written: `N g1-f3` (reads like [`Notation::Eran`]).
    EranShort,
}

impl Notation {
    /// The name used on the command line.
    ///
    /// ```
    /// assert_eq!(chessnote::position::Notation::Uci.name(), "uci");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Notation::San => "san",
            Notation::Lan => "lan",
            Notation::Uci => "uci",
            Notation::Eran => "eran",
            Notation::EranShort => "eran-short",
        }
    }
}

impl Notation {
    /// Splits text holding several moves into the moves: at whitespace,
    /// except inside an ERAN move (`Pawn e7-e8 >Q` is one move) and before a
    /// SAN en-passant mark (`exd6 e.p.` is one move).
    ///
    /// ```
    /// use chessnote::position::Notation;
    /// let moves: Vec<_> = Notation::Eran.split_moves("Pawn e2-e4 ck\nP g7-g8 ->Queen").collect();
    /// assert_eq!(moves, ["Pawn e2-e4", "ck", "P g7-g8 ->Queen"]);
    /// let moves: Vec<_> = Notation::San.split_moves("e4 d5 exd6 e.p. Nf3").collect();
    /// assert_eq!(moves, ["e4", "d5", "exd6 e.p.", "Nf3"]);
    /// ```
    pub fn split_moves(self, text: &str) -> impl Iterator<Item = &str> {
        let words: alloc::vec::Vec<(usize, usize)> = text
            .split_ascii_whitespace()
            .map(|w| {
                let start = w.as_ptr() as usize - text.as_ptr() as usize;
                (start, start + w.len())
            })
            .collect();
        let mut moves = alloc::vec::Vec::new();
        let mut i = 0;
        while i < words.len() {
            let (start, mut end) = words[i];
            i += 1;
            let word = &text[start..end];
            let joins = |next: &str| match self {
                Notation::Eran | Notation::EranShort => {
                    next.starts_with('>') || next.starts_with("->")
                }
                Notation::San | Notation::Lan => next == "e.p.",
                Notation::Uci => false,
            };
            let is_piece_name = matches!(self, Notation::Eran | Notation::EranShort)
                && [
                    "pawn", "knight", "bishop", "rook", "queen", "king", "p", "n", "b", "r", "q",
                    "k",
                ]
                .iter()
                .any(|name| word.eq_ignore_ascii_case(name));
            if is_piece_name && i < words.len() {
                end = words[i].1;
                i += 1;
            }
            while i < words.len() && joins(&text[words[i].0..words[i].1]) {
                end = words[i].1;
                i += 1;
            }
            moves.push(&text[start..end]);
        }
        moves.into_iter()
    }
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

/// The text does not name a notation.
///
/// ```
/// let err = "pgn".parse::<chessnote::position::Notation>().unwrap_err();
/// assert_eq!(err.to_string(), "unknown notation: expected san, lan, uci, eran or eran-short");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct ParseNotationError;

impl fmt::Display for ParseNotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("unknown notation: expected san, lan, uci, eran or eran-short")
    }
}

#[cfg(feature = "std")]
impl std::error::Error for ParseNotationError {}

impl core::str::FromStr for Notation {
    type Err = ParseNotationError;

    fn from_str(s: &str) -> Result<Notation, ParseNotationError> {
        [
            Notation::San,
            Notation::Lan,
            Notation::Uci,
            Notation::Eran,
            Notation::EranShort,
        ]
        .into_iter()
        .find(|n| n.name() == s)
        .ok_or(ParseNotationError)
    }
}

/// A move converted by [`Position::convert_and_play`]: its text in the
/// target notation, and the leniencies reading it needed.
///
/// ```
/// use chessnote::position::{Notation, Position};
/// use chessnote::san::SanOptions;
/// let mut position = Position::new();
/// let converted = position.convert_and_play(b"e4", Notation::San, Notation::Uci, SanOptions::STRICT)?;
/// assert_eq!((converted.text.as_str(), converted.used), ("e2e4", SanOptions::STRICT));
/// # Ok::<(), chessnote::position::MoveError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Converted {
    /// The move in the target notation.
    pub text: alloc::string::String,
    /// The leniencies reading it needed (SAN only; empty otherwise).
    pub used: SanOptions,
}

impl Position {
    /// Reads a move written in `notation` (SAN with the leniencies of
    /// `options`; the others strictly). The null move is an error of kind
    /// [`MoveErrorKind::Null`].
    ///
    /// ```
    /// use chessnote::position::{Notation, Position};
    /// use chessnote::san::SanOptions;
    /// let (mv, _) = Position::new().parse_move(Notation::Lan, b"Ng1-f3", SanOptions::STRICT)?;
    /// assert_eq!(mv.to(), chessnote::Square::F3);
    /// # Ok::<(), chessnote::position::MoveError>(())
    /// ```
    pub fn parse_move(
        &self,
        notation: Notation,
        text: &[u8],
        options: SanOptions,
    ) -> Result<(Move, SanOptions), MoveError> {
        match notation {
            Notation::San => self.parse_san(text, options),
            Notation::Lan => self.parse_lan(text).map(|mv| (mv, SanOptions::STRICT)),
            Notation::Uci => self.parse_uci(text).map(|mv| (mv, SanOptions::STRICT)),
            Notation::Eran | Notation::EranShort => {
                self.parse_eran(text).map(|mv| (mv, SanOptions::STRICT))
            }
        }
    }

    /// Writes a legal move in `notation`.
    ///
    /// ```
    /// use chessnote::position::{Notation, Position};
    /// let position = Position::new();
    /// let mv = position.parse_uci(b"e2e4").unwrap();
    /// assert_eq!(position.write_move(Notation::EranShort, &mv), "P e2-e4");
    /// assert_eq!(position.write_move(Notation::San, &mv), "e4");
    /// ```
    pub fn write_move(&self, notation: Notation, mv: &Move) -> alloc::string::String {
        use alloc::string::ToString;
        match notation {
            Notation::San => SanPlus::from_move(self, mv).to_string(),
            Notation::Lan => LanPlus::from_move(self, mv).to_string(),
            Notation::Uci => Uci::from_move(mv, self.castling_mode()).to_string(),
            // Every legal move has an ERAN; a hand-made impossible one falls
            // back to the crate's plain rendering.
            Notation::Eran => Eran::from_move(self, mv)
                .map_or_else(|| mv.to_string(), |e| e.verbose().to_string()),
            Notation::EranShort => {
                Eran::from_move(self, mv).map_or_else(|| mv.to_string(), |e| e.short().to_string())
            }
        }
    }

    /// Reads a move in one notation, writes it in another, and plays it.
    /// The null move (`0000` in UCI, `--` in LAN, and in SAN `--` or `Z0`
    /// when `options` allow [`Leniency::NullMove`]) is played as a pass when
    /// the side to move is not in check, and written `--` or `0000`; ERAN has
    /// none.
    ///
    /// ```
    /// use chessnote::position::{Notation, Position};
    /// use chessnote::san::SanOptions;
    /// let mut position = Position::new();
    /// for (san, lan) in [("e4", "e2-e4"), ("e5", "e7-e5"), ("Nf3", "Ng1-f3")] {
    ///     let converted = position.convert_and_play(san.as_bytes(), Notation::San, Notation::Lan, SanOptions::STRICT)?;
    ///     assert_eq!(converted.text, lan);
    /// }
    /// # Ok::<(), chessnote::position::MoveError>(())
    /// ```
    pub fn convert_and_play(
        &mut self,
        text: &[u8],
        from: Notation,
        to: Notation,
        options: SanOptions,
    ) -> Result<Converted, MoveError> {
        match self.parse_move(from, text, options) {
            Ok((mv, used)) => {
                let converted = self.write_move(to, &mv);
                self.play_unchecked(mv);
                Ok(Converted {
                    text: converted,
                    used,
                })
            }
            Err(err) if err.kind() == MoveErrorKind::Null => {
                let null = match to {
                    Notation::San | Notation::Lan => "--",
                    Notation::Uci => "0000",
                    Notation::Eran | Notation::EranShort => return Err(err),
                };
                if !self.play_null() {
                    return Err(err);
                }
                // In SAN the null move is a leniency; UCI and LAN have one.
                let used = SanOptions::STRICT.null_move(from == Notation::San);
                Ok(Converted {
                    text: null.into(),
                    used,
                })
            }
            Err(err) => Err(err),
        }
    }
}

/// Our side of the board as it would be after a move (see `Position::after`).
struct After {
    occupied: cz::BitBoard,
    theirs: cz::BitBoard,
    pawns: cz::BitBoard,
    knights: cz::BitBoard,
    bishops: cz::BitBoard,
    rooks: cz::BitBoard,
    queens: cz::BitBoard,
    king: cz::Square,
    us: cz::Color,
}

impl After {
    /// Whether any of our pieces attacks `square`, with `occupied` blocking.
    fn attacks(&self, square: cz::Square, occupied: cz::BitBoard) -> bool {
        let attackers = (cz::get_pawn_attacks(square, !self.us) & self.pawns)
            | (cz::get_knight_moves(square) & self.knights)
            | (cz::get_king_moves(square) & self.king.bitboard())
            | (cz::get_bishop_moves(square, occupied) & (self.bishops | self.queens))
            | (cz::get_rook_moves(square, occupied) & (self.rooks | self.queens));
        !attackers.is_empty()
    }
}
