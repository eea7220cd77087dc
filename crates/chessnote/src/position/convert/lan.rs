//! LAN moves in a position: piece, squares, capture mark and suffix must be right.

use super::super::Position;
use super::{MoveError, MoveErrorKind};
use crate::Move;
use crate::lan::{Lan, LanPlus};
use crate::san::Leniency;

impl Position {
    /// Reads a LAN move (`e2-e4`, `Ng1-f3`, `e5xd6`, `O-O`); the piece,
    /// the capture mark and a check suffix must be right.
    ///
    /// # Errors
    ///
    /// [`MoveError`]: a LAN syntax error (with its byte), or a move that is not legal here or is misstated (wrong piece, capture mark or suffix).
    ///
    /// ```
    /// use chessnote::position::Position;
    /// let mv = Position::new().parse_lan(b"e2-e4")?;
    /// assert!(mv.is_double_step());
    /// assert!(Position::new().parse_lan(b"e2xe4").is_err());
    /// # Ok::<(), chessnote::position::MoveError>(())
    /// ```
    pub fn parse_lan(&self, text: &[u8]) -> Result<Move, MoveError> {
        self.read(text, LanPlus::from_ascii(text), |parsed| {
            parsed.resolve(self)
        })
    }
}

impl Lan {
    /// The LAN of a move, without suffix: all it needs is in the move.
    ///
    /// ```
    /// use chessnote::lan::Lan;
    /// use chessnote::position::Position;
    /// let mv = Position::new().parse_uci(b"g1f3").unwrap();
    /// assert_eq!(Lan::from_move(mv).to_string(), "Ng1-f3");
    /// ```
    pub fn from_move(mv: Move) -> Lan {
        if let Move::Drop { piece, to } = mv {
            return Lan::Drop { piece, to };
        }
        match mv.castling_side() {
            Some(side) => Lan::Castle(side),
            None => Lan::Normal {
                piece: mv.piece(),
                from: mv.from(),
                capture: mv.is_capture(),
                to: mv.to(),
                promotion: mv.promotion(),
            },
        }
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
    /// assert_eq!(LanPlus::from_move(&position, mv).to_string(), "Ng1-f3");
    /// ```
    pub fn from_move(position: &Position, mv: Move) -> LanPlus {
        LanPlus {
            lan: Lan::from_move(mv),
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
    fn resolve(&self, position: &Position) -> Result<Move, MoveErrorKind> {
        let mv = match self.lan {
            Lan::Null => return Err(MoveErrorKind::Null),
            // Standard chess has no drops.
            Lan::Drop { .. } => return Err(MoveErrorKind::Illegal),
            Lan::Castle(side) => position.castle_move(side).ok_or(MoveErrorKind::Illegal)?,
            Lan::Normal {
                piece,
                from,
                capture,
                to,
                promotion,
            } => position.explicit_move(piece, from, to, capture, promotion)?,
        };
        if self.suffix.is_some() && self.suffix != position.suffix_of(mv) {
            return Err(MoveErrorKind::Misstated(Leniency::WrongSuffix));
        }
        Ok(mv)
    }
}
