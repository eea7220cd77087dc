//! Long algebraic notation (LAN), as python-chess writes it: `e2-e4`,
//! `Ng1-f3`, `e5xd6`, `e7-e8=Q+`, `O-O`.
//!
//! LAN names the piece and both squares, so it reads without a position;
//! which move it is (castling, en passant) still takes one (see
//! `LanPlus::to_move` in [`crate::position`]).
//!
//! ```
//! use chessnote::lan::{Lan, LanPlus};
//! use chessnote::{PieceKind, Square};
//!
//! let lan: LanPlus = "Ng1-f3".parse()?;
//! assert_eq!(lan.lan, Lan::Normal { piece: PieceKind::Knight, from: Square::G1, capture: false, to: Square::F3, promotion: None });
//! assert_eq!(lan.to_string(), "Ng1-f3");
//! # Ok::<(), chessnote::lan::LanError>(())
//! ```

use alloc::string::String;
use core::fmt;
use core::str::FromStr;

use crate::san::Suffix;
use crate::text::{error_kind, notation_error};
use crate::{CastlingSide, File, PieceKind, Rank, Square};

/// A move in long algebraic notation, without its check suffix.
///
/// ```
/// use chessnote::lan::Lan;
/// use chessnote::CastlingSide;
/// assert_eq!("O-O-O".parse::<chessnote::lan::LanPlus>()?.lan, Lan::Castle(CastlingSide::QueenSide));
/// # Ok::<(), chessnote::lan::LanError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Lan {
    /// A piece (or pawn) moving from one square to another.
    Normal {
        /// The moving piece (no letter for a pawn).
        piece: PieceKind,
        /// The origin square.
        from: Square,
        /// Whether it is written as a capture (`x`) rather than `-`.
        capture: bool,
        /// The destination square.
        to: Square,
        /// The promotion piece (`=Q`).
        promotion: Option<PieceKind>,
    },
    /// Castling, `O-O` or `O-O-O`.
    Castle(CastlingSide),
    /// The null move, `--`.
    Null,
}

/// A LAN move with its `+` or `#` suffix.
///
/// ```
/// use chessnote::lan::LanPlus;
/// use chessnote::san::Suffix;
/// let lan: LanPlus = "e7-e8=Q+".parse()?;
/// assert_eq!(lan.suffix, Some(Suffix::Check));
/// # Ok::<(), chessnote::lan::LanError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct LanPlus {
    /// The move.
    pub lan: Lan,
    /// `+` or `#`, if written.
    pub suffix: Option<Suffix>,
}

error_kind! {
    /// What was wrong with a LAN move (see [`LanError`] for where).
    ///
    /// ```
    /// use chessnote::lan::{LanErrorKind, LanPlus};
    /// let err = "e2-e9".parse::<LanPlus>().unwrap_err();
    /// assert_eq!(err.kind(), LanErrorKind::ExpectedRank);
    /// assert_eq!(err.kind().message(), "expected a rank digit `1`-`8`");
    /// ```
    pub enum LanErrorKind {
        /// The input is empty.
        Empty = ("empty", "empty move"),
        /// A file letter was expected.
        ExpectedFile = ("expected-file", "expected a file letter `a`-`h`"),
        /// A rank digit was expected.
        ExpectedRank = ("expected-rank", "expected a rank digit `1`-`8`"),
        /// Neither `-` nor `x` between the squares.
        ExpectedAction = ("expected-action", "expected `-` or `x`"),
        /// The two squares are the same.
        SameSquare = ("same-square", "the origin square is the destination"),
        /// `=` is not followed by `Q`, `R`, `B` or `N`.
        ExpectedPromotionPiece = ("expected-promotion-piece", "expected a promotion piece `Q`, `R`, `B` or `N`"),
        /// A pawn reaches the first or last rank without promoting.
        MissingPromotion = ("missing-promotion", "a pawn moving to the first or last rank must promote"),
        /// A promotion on a rank other than the first or last.
        PromotionNotOnLastRank = ("promotion-not-on-last-rank", "promotion is only possible on the first or last rank"),
        /// A piece other than a pawn is given a promotion.
        PieceWithPromotion = ("piece-with-promotion", "only a pawn can promote"),
        /// Something follows a complete move.
        UnexpectedByte = ("unexpected-byte", "unexpected byte"),
    }
}

notation_error! {
    /// What was wrong with a LAN move, and at which byte.
    ///
    /// ```
    /// let err = "Ng1f3".parse::<chessnote::lan::LanPlus>().unwrap_err();
    /// assert_eq!(err.to_string(), "expected `-` or `x` at byte 3");
    /// assert_eq!("e2-e9".parse::<chessnote::lan::LanPlus>().unwrap_err().offset(), 4);
    /// ```
    pub struct LanError { kind: LanErrorKind, offset: usize }
}

impl LanPlus {
    /// Parses a LAN move.
    ///
    /// ```
    /// use chessnote::lan::LanPlus;
    /// assert!(LanPlus::from_ascii(b"e5xd6").is_ok());
    /// assert!(LanPlus::from_ascii(b"e2-e8").is_err()); // a pawn reaching rank 8 must promote
    /// ```
    pub fn from_ascii(bytes: &[u8]) -> Result<LanPlus, LanError> {
        let err = LanError::new;
        let at = |i: usize| bytes.get(i).copied().unwrap_or(0);
        let (lan, mut i) = match bytes {
            [] => return Err(err(LanErrorKind::Empty, 0)),
            [b'O', b'-', b'O', b'-', b'O', ..] => (Lan::Castle(CastlingSide::QueenSide), 5),
            [b'O', b'-', b'O', ..] => (Lan::Castle(CastlingSide::KingSide), 3),
            [b'-', b'-', ..] => (Lan::Null, 2),
            _ => {
                let (piece, mut i) = match PieceKind::from_upper_ascii(at(0)) {
                    Some(PieceKind::Pawn) | None => (PieceKind::Pawn, 0),
                    Some(kind) => (kind, 1),
                };
                let square = |i: usize| match (File::from_ascii(at(i)), Rank::from_ascii(at(i + 1)))
                {
                    (Some(f), Some(r)) => Ok(Square::new(f, r)),
                    (None, _) => Err(err(LanErrorKind::ExpectedFile, i)),
                    (Some(_), None) => Err(err(LanErrorKind::ExpectedRank, i + 1)),
                };
                let from = square(i)?;
                let capture = match at(i + 2) {
                    b'-' => false,
                    b'x' => true,
                    _ => return Err(err(LanErrorKind::ExpectedAction, i + 2)),
                };
                let to = square(i + 3)?;
                i += 5;
                if from == to {
                    return Err(err(LanErrorKind::SameSquare, i - 2));
                }
                let promotion = if at(i) == b'=' {
                    match PieceKind::from_upper_ascii(at(i + 1)) {
                        Some(
                            p @ (PieceKind::Queen
                            | PieceKind::Rook
                            | PieceKind::Bishop
                            | PieceKind::Knight),
                        ) => {
                            i += 2;
                            Some(p)
                        }
                        _ => {
                            return Err(err(LanErrorKind::ExpectedPromotionPiece, i + 1));
                        }
                    }
                } else {
                    None
                };
                let back_rank = to.rank().is_back_rank();
                match (piece, promotion) {
                    (PieceKind::Pawn, None) if back_rank => {
                        return Err(err(LanErrorKind::MissingPromotion, i));
                    }
                    (PieceKind::Pawn, Some(_)) if !back_rank => {
                        return Err(err(LanErrorKind::PromotionNotOnLastRank, i - 2));
                    }
                    (PieceKind::Pawn, _) => {}
                    (_, Some(_)) => return Err(err(LanErrorKind::PieceWithPromotion, i - 2)),
                    (_, None) => {}
                }
                (
                    Lan::Normal {
                        piece,
                        from,
                        capture,
                        to,
                        promotion,
                    },
                    i,
                )
            }
        };
        let suffix = match at(i) {
            b'+' => Some(Suffix::Check),
            b'#' => Some(Suffix::Checkmate),
            _ => None,
        };
        i += usize::from(suffix.is_some());
        if i < bytes.len() {
            return Err(err(LanErrorKind::UnexpectedByte, i));
        }
        Ok(LanPlus { lan, suffix })
    }

    /// Appends the move to `out`.
    ///
    /// ```
    /// use chessnote::lan::LanPlus;
    /// let mut out = String::new();
    /// "Ra1xa8#".parse::<LanPlus>()?.append_to(&mut out);
    /// assert_eq!(out, "Ra1xa8#");
    /// # Ok::<(), chessnote::lan::LanError>(())
    /// ```
    pub fn append_to(&self, out: &mut String) {
        match self.lan {
            Lan::Castle(side) => out.push_str(side.san()),
            Lan::Null => out.push_str("--"),
            Lan::Normal {
                piece,
                from,
                capture,
                to,
                promotion,
            } => {
                if piece != PieceKind::Pawn {
                    out.push(piece.char());
                }
                push_square(out, from);
                out.push(if capture { 'x' } else { '-' });
                push_square(out, to);
                if let Some(p) = promotion {
                    out.push('=');
                    out.push(p.char());
                }
            }
        }
        if let Some(suffix) = self.suffix {
            out.push(suffix.char());
        }
    }
}

fn push_square(out: &mut String, square: Square) {
    out.push(square.file().char());
    out.push(square.rank().char());
}

impl fmt::Display for LanPlus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::with_capacity(10);
        self.append_to(&mut out);
        f.pad(&out)
    }
}

impl FromStr for LanPlus {
    type Err = LanError;

    fn from_str(s: &str) -> Result<LanPlus, LanError> {
        LanPlus::from_ascii(s.as_bytes())
    }
}
