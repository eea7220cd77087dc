//! UCI moves in a position (castling per the castling mode).

use super::super::{CastlingMode, Position};
use super::{MoveError, MoveErrorKind};
use crate::uci::Uci;
use crate::{CastlingSide, Move};

impl Position {
    /// Reads a UCI move (`e2e4`, `e7e8q`; castling `e1g1` in standard
    /// chess, `e1h1` in Chess960 mode). The null move `0000` is an error of
    /// kind [`MoveErrorKind::Null`]: it is not a [`Move`].
    ///
    /// # Errors
    ///
    /// [`MoveError`]: a UCI syntax error (with its byte), the null move, or a move that is not legal here.
    ///
    /// ```
    /// use chessnote::position::Position;
    /// use chessnote::Square;
    /// let mv = Position::new().parse_uci(b"g1f3")?;
    /// assert_eq!(mv.to(), Square::F3);
    /// # Ok::<(), chessnote::position::MoveError>(())
    /// ```
    pub fn parse_uci(&self, text: &[u8]) -> Result<Move, MoveError> {
        self.read(text, Uci::from_ascii(text), |parsed| parsed.resolve(self))
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
    /// assert_eq!(Uci::from_move(castle, CastlingMode::Standard).to_string(), "e1g1");
    /// assert_eq!(Uci::from_move(castle, CastlingMode::Chess960).to_string(), "e1h1");
    /// ```
    pub fn from_move(mv: Move, mode: CastlingMode) -> Uci {
        Uci::of_move(&mv, mode)
    }

    /// [`Uci::from_move`] of a move where it lies, each field read alone:
    /// a move's bytes read at once, just after they were stored one by
    /// one, were a stalled load on every move written.
    #[inline(always)]
    pub(crate) fn of_move(mv: &Move, mode: CastlingMode) -> Uci {
        match *mv {
            Move::Normal {
                from,
                to,
                promotion,
                ..
            } => Uci::Normal {
                from,
                to,
                promotion,
            },
            Move::EnPassant { from, to } => Uci::Normal {
                from,
                to,
                promotion: None,
            },
            Move::Castle { king, rook } => Uci::Normal {
                from: king,
                to: match mode {
                    CastlingMode::Chess960 => rook,
                    CastlingMode::Standard => mv.to(),
                },
                promotion: None,
            },
            Move::Drop { piece, to } => Uci::Drop { piece, to },
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
    ///
    /// # Errors
    ///
    /// A [`MoveError`] when it names no legal move; it writes this move in
    /// its own text form.
    pub fn to_move(&self, position: &Position) -> Result<Move, MoveError> {
        self.resolve(position)
            .map_err(|kind| MoveError::of_value(kind, self, position))
    }

    /// The legal move, or the error's kind alone (the callers add the text
    /// and the position).
    #[inline]
    fn resolve(&self, position: &Position) -> Result<Move, MoveErrorKind> {
        let (from, to, promotion) = match *self {
            Uci::Normal {
                from,
                to,
                promotion,
            } => (from, to, promotion),
            Uci::Null => return Err(MoveErrorKind::Null),
            // Standard chess has no drops.
            Uci::Drop { .. } => return Err(MoveErrorKind::Illegal),
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
        let mv = position.legal_move(from, to, promotion)?;
        // In standard chess the king "taking" its rook is not how UCI
        // writes castling.
        if matches!(mv, Move::Castle { .. })
            && Uci::from_move(mv, position.castling_mode()) != *self
        {
            return Err(MoveErrorKind::Illegal);
        }
        Ok(mv)
    }
}
