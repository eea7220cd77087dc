//! A move on a board: what moved, from where to where, and what it took.

use core::fmt;

use crate::{CastlingSide, PieceKind, Rank, Square};

/// A move in a position, with everything a notation may need to write it.
///
/// Castling is the king "taking" its own rook (`king` and `rook` squares),
/// which covers Chess960; [`Move::to`] gives the square the king ends on.
///
/// ```
/// use chessnote::{Move, PieceKind, Square};
///
/// let m = Move::Normal {
///     piece: PieceKind::Knight,
///     from: Square::G1,
///     capture: None,
///     to: Square::F3,
///     promotion: None,
/// };
/// assert_eq!((m.from(), m.to()), (Square::G1, Square::F3));
/// assert!(!m.is_capture());
///
/// let castle = Move::Castle { king: Square::E1, rook: Square::H1 };
/// assert_eq!(castle.to(), Square::G1);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Any move but en passant and castling.
    Normal {
        /// The moving piece.
        piece: PieceKind,
        /// Where it comes from.
        from: Square,
        /// The piece it captures on `to`, if any.
        capture: Option<PieceKind>,
        /// Where it goes.
        to: Square,
        /// What a pawn promotes to.
        promotion: Option<PieceKind>,
    },
    /// A pawn capturing en passant: it moves to `to`, and the pawn beside
    /// `from` on `to`'s file is taken.
    EnPassant {
        /// The capturing pawn's square.
        from: Square,
        /// The square it moves to (the en-passant square).
        to: Square,
    },
    /// Castling, written as the king's square and the rook's square.
    Castle {
        /// The king's square.
        king: Square,
        /// The square of the rook it castles with.
        rook: Square,
    },
    /// A piece from the pocket put on an empty square (crazyhouse). It has
    /// no square of departure: [`Move::from`] gives `to`, as python-chess's
    /// drops do.
    Drop {
        /// The piece dropped (never a king).
        piece: PieceKind,
        /// The square it is put on.
        to: Square,
    },
}

impl Move {
    /// The moving piece (the king for castling).
    ///
    /// ```
    /// use chessnote::{Move, PieceKind, Square};
    /// assert_eq!(Move::EnPassant { from: Square::E5, to: Square::D6 }.piece(), PieceKind::Pawn);
    /// ```
    pub const fn piece(&self) -> PieceKind {
        match *self {
            Move::Normal { piece, .. } => piece,
            Move::EnPassant { .. } => PieceKind::Pawn,
            Move::Castle { .. } => PieceKind::King,
            Move::Drop { piece, .. } => piece,
        }
    }

    /// The square the moving piece leaves (the king's, for castling; a
    /// drop's own square, for a drop).
    ///
    /// ```
    /// use chessnote::{Move, Square};
    /// assert_eq!(Move::Castle { king: Square::E8, rook: Square::A8 }.from(), Square::E8);
    /// ```
    pub const fn from(&self) -> Square {
        match *self {
            Move::Normal { from, .. } | Move::EnPassant { from, .. } => from,
            Move::Castle { king, .. } => king,
            Move::Drop { to, .. } => to,
        }
    }

    /// The square the moving piece ends on (for castling, the king's: `g1`,
    /// `c1`, `g8` or `c8`, in standard chess and Chess960).
    ///
    /// ```
    /// use chessnote::{Move, Square};
    /// assert_eq!(Move::Castle { king: Square::E8, rook: Square::A8 }.to(), Square::C8);
    /// ```
    pub const fn to(&self) -> Square {
        match *self {
            Move::Normal { to, .. } | Move::EnPassant { to, .. } | Move::Drop { to, .. } => to,
            Move::Castle { king, rook } => {
                let side = if (rook as u8) < (king as u8) {
                    CastlingSide::QueenSide
                } else {
                    CastlingSide::KingSide
                };
                Square::new(side.king_to_file(), king.rank())
            }
        }
    }

    /// The piece captured, if any (a pawn, for en passant).
    ///
    /// ```
    /// use chessnote::{Move, PieceKind, Square};
    /// assert_eq!(Move::EnPassant { from: Square::E5, to: Square::D6 }.capture(), Some(PieceKind::Pawn));
    /// ```
    pub const fn capture(&self) -> Option<PieceKind> {
        match *self {
            Move::Normal { capture, .. } => capture,
            Move::EnPassant { .. } => Some(PieceKind::Pawn),
            Move::Castle { .. } | Move::Drop { .. } => None,
        }
    }

    /// Whether the move captures.
    ///
    /// ```
    /// use chessnote::{Move, Square};
    /// assert!(Move::EnPassant { from: Square::E5, to: Square::D6 }.is_capture());
    /// ```
    pub const fn is_capture(&self) -> bool {
        self.capture().is_some()
    }

    /// The promotion piece, if any.
    ///
    /// ```
    /// use chessnote::{Move, PieceKind, Square};
    /// let m = Move::Normal { piece: PieceKind::Pawn, from: Square::A7, capture: None, to: Square::A8, promotion: Some(PieceKind::Queen) };
    /// assert_eq!(m.promotion(), Some(PieceKind::Queen));
    /// ```
    pub const fn promotion(&self) -> Option<PieceKind> {
        match *self {
            Move::Normal { promotion, .. } => promotion,
            _ => None,
        }
    }

    /// The castling side, for castling.
    ///
    /// ```
    /// use chessnote::{CastlingSide, Move, Square};
    /// let m = Move::Castle { king: Square::B1, rook: Square::A1 };
    /// assert_eq!(m.castling_side(), Some(CastlingSide::QueenSide));
    /// ```
    pub const fn castling_side(&self) -> Option<CastlingSide> {
        match *self {
            Move::Castle { king, rook } => Some(if (rook as u8) < (king as u8) {
                CastlingSide::QueenSide
            } else {
                CastlingSide::KingSide
            }),
            _ => None,
        }
    }

    /// Whether a pawn moves two squares forward (which may allow en passant).
    ///
    /// ```
    /// use chessnote::{Move, PieceKind, Square};
    /// let m = Move::Normal { piece: PieceKind::Pawn, from: Square::E2, capture: None, to: Square::E4, promotion: None };
    /// assert!(m.is_double_step());
    /// ```
    pub const fn is_double_step(&self) -> bool {
        match *self {
            Move::Normal {
                piece: PieceKind::Pawn,
                from,
                to,
                ..
            } => matches!(
                (from.rank(), to.rank()),
                (Rank::Second, Rank::Fourth) | (Rank::Seventh, Rank::Fifth)
            ),
            _ => false,
        }
    }
}

impl fmt::Display for Move {
    /// A plain, position-free rendering for debugging: `Ng1-f3`, `Pe5xd6`
    /// (en passant), `Ke1-h1` (castling, king takes rook), `N@f3` (a
    /// drop). The notations
    /// (`san`, `uci`, …) are what to show users.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Move::Drop { piece, to } = *self {
            return write!(f, "{}@{to}", piece.char());
        }
        let sep = if self.is_capture() { 'x' } else { '-' };
        let to = match *self {
            Move::Castle { rook, .. } => rook,
            _ => self.to(),
        };
        write!(f, "{}{}{sep}{to}", self.piece().char(), self.from())?;
        if let Some(p) = self.promotion() {
            write!(f, "={}", p.char())?;
        }
        Ok(())
    }
}
