//! SAN moves in a position: reading (with leniencies), writing, disambiguation.

use super::super::Position;
use super::{MoveError, MoveErrorKind, syntax};
use crate::san::{Leniency, San, SanOptions, SanPlus};
use crate::{File, Move, PieceKind, Rank, Square, SquareSet};

impl Position {
    /// Reads a SAN move with the leniencies of `options`; returns the move
    /// and the leniencies it needed.
    ///
    /// # Errors
    ///
    /// [`MoveError`]: a SAN syntax error (with its byte), or a move that is illegal, ambiguous, or needs a leniency `options` do not allow.
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
    /// assert!(used.contains(Leniency::LanDash) && used.contains(Leniency::AnyDisambiguation));
    /// # Ok::<(), chessnote::position::MoveError>(())
    /// ```
    pub fn parse_san(
        &self,
        text: &[u8],
        options: SanOptions,
    ) -> Result<(Move, SanOptions), MoveError> {
        let (san, used) =
            SanPlus::from_ascii_reporting(text, options).map_err(|e| syntax(e, text, self))?;
        let (mv, more) = self
            .san_to_move(&san, options)
            .map_err(|kind| MoveError::new(kind, text, self))?;
        if used.contains(Leniency::EnPassantSuffix) && !matches!(mv, Move::EnPassant { .. }) {
            // An en-passant mark on another move is not a spelling of it.
            return Err(MoveError::new(MoveErrorKind::Illegal, text, self));
        }
        Ok((mv, used | more))
    }

    /// The move of a parsed SAN; the error kind alone (the callers add the
    /// text and the position).
    #[inline]
    pub(super) fn san_to_move(
        &self,
        san: &SanPlus,
        options: SanOptions,
    ) -> Result<(Move, SanOptions), MoveErrorKind> {
        let mut used = SanOptions::STRICT;
        let mut need = |leniency: Leniency| {
            if options.contains(leniency) {
                used = used.with(leniency);
                Ok(())
            } else {
                Err(MoveErrorKind::NeedsLeniency(leniency))
            }
        };
        let mv = match san.san {
            San::Null => return Err(MoveErrorKind::Null),
            // Standard chess has no drops.
            San::Drop { .. } => return Err(MoveErrorKind::Illegal),
            San::Castle(side) => self.castle_move(side).ok_or(MoveErrorKind::Illegal)?,
            // Standard chess has no king promotions (antichess's `=K`,
            // which SAN reads with `Leniency::KingPromotion`).
            San::Normal {
                promotion: Some(PieceKind::King),
                ..
            } => return Err(MoveErrorKind::Illegal),
            San::Normal {
                piece,
                file,
                rank,
                capture,
                to,
                promotion,
            } => {
                let all = self.sources(piece, to);
                let mut filter = SquareSet::FULL;
                if let Some(file) = file {
                    filter &= SquareSet::file(file);
                }
                if let Some(rank) = rank {
                    filter &= SquareSet::rank(rank);
                }
                let written = all & filter;
                let (count, found) = self.legal_to(piece, written, to, promotion);
                let from = match (count, found) {
                    (1, Some(from)) => from,
                    (0, _) => return Err(MoveErrorKind::Illegal),
                    _ => return Err(MoveErrorKind::Ambiguous),
                };
                let mv = self.make_move(piece, from, to, promotion);
                if mv.is_capture() != capture {
                    need(Leniency::CaptureMismatch)?;
                }
                // With nothing written, the one legal candidate needs none;
                // pawn sources were judged (and reported) by the syntax.
                let written = file.is_some() || rank.is_some();
                if written
                    && piece != PieceKind::Pawn
                    && (file, rank) != self.disambiguation(mv, all)
                {
                    need(Leniency::AnyDisambiguation)?;
                }
                mv
            }
        };
        if san.suffix.is_some() && san.suffix != self.suffix_of(mv) {
            need(Leniency::WrongSuffix)?;
        }
        Ok((mv, used))
    }

    /// The file and rank SAN writes before the destination of `mv`: the
    /// pawn's file on captures; for pieces, the least that tells it from
    /// the other pieces of its kind that can legally go there (`sources`).
    pub(super) fn disambiguation(
        &self,
        mv: Move,
        sources: SquareSet,
    ) -> (Option<File>, Option<Rank>) {
        let from = mv.from();
        if mv.piece() == PieceKind::Pawn {
            return (mv.is_capture().then(|| from.file()), None);
        }
        if matches!(mv, Move::Castle { .. }) {
            return (None, None);
        }
        let others = sources & !SquareSet::from_square(from);
        let rivals = others
            .into_iter()
            .filter(|&other| self.quick_legal(mv.piece(), other, mv.to(), None));
        disambiguation(from, rivals)
    }
}

/// The file and rank SAN writes for a piece on `from` that `rivals` (the
/// squares of the other pieces of its kind that can legally go to the
/// same square) could be taken for: the file if it tells them apart, else
/// the rank, else both; nothing without rivals.
pub(crate) fn disambiguation(
    from: Square,
    rivals: impl Iterator<Item = Square>,
) -> (Option<File>, Option<Rank>) {
    let (mut any, mut same_file, mut same_rank) = (false, false, false);
    for other in rivals {
        any = true;
        same_file |= other.file() == from.file();
        same_rank |= other.rank() == from.rank();
    }
    match (same_file, same_rank) {
        _ if !any => (None, None),
        (false, _) => (Some(from.file()), None),
        (true, false) => (None, Some(from.rank())),
        (true, true) => (Some(from.file()), Some(from.rank())),
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
    /// assert_eq!(San::from_move(&position, mv).to_string(), "Nf3");
    /// ```
    pub fn from_move(position: &Position, mv: Move) -> San {
        if let Some(side) = mv.castling_side() {
            return San::Castle(side);
        }
        let sources = if mv.piece() == PieceKind::Pawn {
            SquareSet::EMPTY
        } else {
            position.sources(mv.piece(), mv.to())
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
    /// # Errors
    ///
    /// [`MoveError`] when no legal move matches or several do.
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
    /// assert_eq!(SanPlus::from_move(&position, mv).to_string(), "Qh4#");
    /// ```
    pub fn from_move(position: &Position, mv: Move) -> SanPlus {
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
    /// # Errors
    ///
    /// [`MoveError`] when no legal move matches, several do, or the capture
    /// mark or the suffix is not what a correct writer would write.
    ///
    /// ```
    /// use chessnote::position::Position;
    /// use chessnote::san::SanPlus;
    /// let san: SanPlus = "Nf3".parse().unwrap();
    /// assert_eq!(san.to_move(&Position::new())?.from(), chessnote::Square::G1);
    /// # Ok::<(), chessnote::position::MoveError>(())
    /// ```
    pub fn to_move(&self, position: &Position) -> Result<Move, MoveError> {
        self.to_move_with(position, SanOptions::STRICT)
            .map(|(mv, _)| mv)
    }

    /// The legal move this SAN names, with the position-level leniencies of
    /// `options` ([`Leniency::AnyDisambiguation`],
    /// [`Leniency::CaptureMismatch`], [`Leniency::WrongSuffix`]); returns
    /// the move and the leniencies it needed. This is what a reader that
    /// has already parsed the SAN (a PGN reader) calls.
    ///
    /// # Errors
    ///
    /// [`MoveError`] when no legal move matches, several do, or the move
    /// needs a leniency `options` do not allow.
    ///
    /// ```
    /// use chessnote::position::Position;
    /// use chessnote::san::{Leniency, SanOptions, SanPlus};
    /// let san: SanPlus = "Ng1f3".parse().unwrap();
    /// assert!(san.to_move(&Position::new()).is_err());
    /// let (mv, used) = san.to_move_with(&Position::new(), SanOptions::LENIENT)?;
    /// assert_eq!((mv.to(), used.contains(Leniency::AnyDisambiguation)), (chessnote::Square::F3, true));
    /// # Ok::<(), chessnote::position::MoveError>(())
    /// ```
    #[inline]
    pub fn to_move_with(
        &self,
        position: &Position,
        options: SanOptions,
    ) -> Result<(Move, SanOptions), MoveError> {
        position
            .san_to_move(self, options)
            .map_err(|kind| MoveError::of_value(kind, self, position))
    }
}
