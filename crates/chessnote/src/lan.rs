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

use core::str::FromStr;

use crate::text::{AsciiSink, ascii_text, error_kind, messages, notation_error};
use crate::{CastlingSide, File, PieceKind, Rank, Square, Suffix};

/// A move in long algebraic notation, without its check suffix.
///
/// ```
/// use chessnote::lan::Lan;
/// use chessnote::CastlingSide;
/// assert_eq!("O-O-O".parse::<chessnote::lan::LanPlus>()?.lan, Lan::Castle(CastlingSide::QueenSide));
/// let lan: Lan = "e7xd8=N".parse()?;
/// assert_eq!(lan.to_string(), "e7xd8=N");
/// assert!("e7xd8=N+".parse::<Lan>().is_err()); // a `Lan` has no suffix
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
    /// A crazyhouse drop, written as in SAN: `N@f3`, `@e4` for a pawn.
    Drop {
        /// The piece dropped (never a king).
        piece: PieceKind,
        /// The square it is put on.
        to: Square,
    },
}

/// A LAN move with its `+` or `#` suffix.
///
/// ```
/// use chessnote::lan::LanPlus;
/// use chessnote::Suffix;
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
        Empty = ("empty", messages::EMPTY_MOVE),
        /// A file letter was expected.
        ExpectedFile = ("expected-file", messages::EXPECTED_FILE),
        /// A rank digit was expected.
        ExpectedRank = ("expected-rank", messages::EXPECTED_RANK),
        /// Neither `-` nor `x` between the squares.
        ExpectedAction = ("expected-action", "expected `-` or `x`"),
        /// The two squares are the same.
        SameSquare = ("same-square", messages::SAME_SQUARE),
        /// `=` is not followed by `Q`, `R`, `B` or `N`.
        ExpectedPromotionPiece = ("expected-promotion-piece", "expected a promotion piece `Q`, `R`, `B` or `N` (`K` in antichess)"),
        /// A pawn reaches the first or last rank without promoting.
        MissingPromotion = ("missing-promotion", messages::MISSING_PROMOTION),
        /// A promotion on a rank other than the first or last.
        PromotionNotOnLastRank = ("promotion-not-on-last-rank", messages::PROMOTION_NOT_ON_LAST_RANK),
        /// A piece other than a pawn is given a promotion.
        PieceWithPromotion = ("piece-with-promotion", messages::PIECE_WITH_PROMOTION),
        /// Something follows a complete move.
        UnexpectedByte = ("unexpected-byte", messages::UNEXPECTED_BYTE),
        /// A drop's piece is not `P`, `N`, `B`, `R` or `Q` (`N@f3`).
        ExpectedDropPiece = ("expected-drop-piece", "expected the piece of a drop `P`, `N`, `B`, `R` or `Q`"),
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
    /// Parses a LAN move; the whole of `bytes` must be one.
    ///
    /// ```
    /// use chessnote::lan::LanPlus;
    /// assert!(LanPlus::from_ascii(b"e5xd6").is_ok());
    /// assert!(LanPlus::from_ascii(b"e2-e8").is_err()); // a pawn reaching rank 8 must promote
    /// ```
    ///
    /// # Errors
    ///
    /// A [`LanError`] naming what was wrong and at which byte; bytes after a
    /// complete move are an [`LanErrorKind::UnexpectedByte`].
    pub fn from_ascii(bytes: &[u8]) -> Result<LanPlus, LanError> {
        let (lan, used) = LanPlus::from_ascii_prefix(bytes)?;
        if used < bytes.len() {
            return Err(LanError::new(LanErrorKind::UnexpectedByte, used));
        }
        Ok(lan)
    }

    /// Parses the LAN move at the start of `bytes` and says how many bytes
    /// it used: it stops where LAN's grammar ends (after the suffix, if
    /// any), and leaves it to the caller to decide whether the byte that
    /// follows may end a move. [`LanPlus::from_ascii`] accepts exactly the
    /// inputs this reads in full.
    ///
    /// ```
    /// use chessnote::lan::LanPlus;
    ///
    /// let (lan, used) = LanPlus::from_ascii_prefix(b"Ng1-f3+ {a comment}")?;
    /// assert_eq!((lan.to_string().as_str(), used), ("Ng1-f3+", 7));
    /// assert_eq!(LanPlus::from_ascii_prefix(b"O-O-O)")?.1, 5);
    /// # Ok::<(), chessnote::lan::LanError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// A [`LanError`] when `bytes` does not start with a LAN move.
    pub fn from_ascii_prefix(bytes: &[u8]) -> Result<(LanPlus, usize), LanError> {
        let err = LanError::new;
        let at = |i: usize| bytes.get(i).copied().unwrap_or(0);
        let (lan, mut i) = match bytes {
            [] => return Err(err(LanErrorKind::Empty, 0)),
            [b'O', b'-', b'O', b'-', b'O', ..] => (Lan::Castle(CastlingSide::QueenSide), 5),
            [b'O', b'-', b'O', ..] => (Lan::Castle(CastlingSide::KingSide), 3),
            [b'-', b'-', ..] => (Lan::Null, 2),
            [b'@', ..] | [_, b'@', ..] => {
                let at_sign = usize::from(bytes[0] != b'@');
                let piece = match at_sign {
                    0 => PieceKind::Pawn,
                    _ => match PieceKind::from_upper_ascii(at(0)) {
                        Some(kind) if kind != PieceKind::King => kind,
                        _ => return Err(err(LanErrorKind::ExpectedDropPiece, 0)),
                    },
                };
                let i = at_sign + 1;
                let to = match (File::from_ascii(at(i)), Rank::from_ascii(at(i + 1))) {
                    (Some(f), Some(r)) => Square::new(f, r),
                    (None, _) => return Err(err(LanErrorKind::ExpectedFile, i)),
                    (Some(_), None) => return Err(err(LanErrorKind::ExpectedRank, i + 1)),
                };
                (Lan::Drop { piece, to }, i + 2)
            }
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
                        // `K`: antichess promotes to a king (as UCI's `k`).
                        Some(p) if p.is_promotion_target() || p == PieceKind::King => {
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
        let suffix = Suffix::from_ascii(at(i));
        i += usize::from(suffix.is_some());
        Ok((LanPlus { lan, suffix }, i))
    }

    /// Writes the move and its suffix.
    #[inline]
    fn emit<S: AsciiSink>(&self, out: &mut S) {
        self.lan.emit(out);
        if let Some(suffix) = self.suffix {
            out.put(suffix.ascii());
        }
    }
}

impl Lan {
    /// Parses a LAN move without a suffix; the whole of `bytes` must be one.
    ///
    /// ```
    /// use chessnote::lan::Lan;
    /// assert!(Lan::from_ascii(b"Bf1xb5").is_ok());
    /// assert_eq!(Lan::from_ascii(b"Bf1xb5+").unwrap_err().offset(), 6);
    /// ```
    ///
    /// # Errors
    ///
    /// A [`LanError`] naming what was wrong and at which byte; a suffix is an
    /// [`LanErrorKind::UnexpectedByte`].
    pub fn from_ascii(bytes: &[u8]) -> Result<Lan, LanError> {
        let plus = LanPlus::from_ascii(bytes)?;
        match plus.suffix {
            None => Ok(plus.lan),
            Some(_) => Err(LanError::new(LanErrorKind::UnexpectedByte, bytes.len() - 1)),
        }
    }

    /// Writes the move.
    #[inline]
    fn emit<S: AsciiSink>(&self, out: &mut S) {
        match *self {
            Lan::Castle(side) => out.put_str(side.san()),
            Lan::Null => out.put_str("--"),
            Lan::Drop { piece, to } => {
                if piece != PieceKind::Pawn {
                    out.put(piece.upper_ascii());
                }
                out.put(b'@');
                for byte in to.ascii() {
                    out.put(byte);
                }
            }
            Lan::Normal {
                piece,
                from,
                capture,
                to,
                promotion,
            } => {
                if piece != PieceKind::Pawn {
                    out.put(piece.upper_ascii());
                }
                for byte in from.ascii() {
                    out.put(byte);
                }
                out.put(if capture { b'x' } else { b'-' });
                for byte in to.ascii() {
                    out.put(byte);
                }
                if let Some(p) = promotion {
                    out.put(b'=');
                    out.put(p.upper_ascii());
                }
            }
        }
    }
}

/// The longest LAN move, in bytes: `e7xd8=Q#`. The size of the buffer
/// [`LanPlus::write_ascii`] and [`Lan::write_ascii`] write into.
///
/// ```
/// use chessnote::lan::{LanPlus, MAX_LEN};
///
/// let mut buf = [0; MAX_LEN];
/// assert_eq!("e7xd8=Q#".parse::<LanPlus>()?.write_ascii(&mut buf), "e7xd8=Q#");
/// let mut out = String::new();
/// "Ra1xa8#".parse::<LanPlus>()?.append_to(&mut out);
/// assert_eq!(out, "Ra1xa8#");
/// # Ok::<(), chessnote::lan::LanError>(())
/// ```
pub const MAX_LEN: usize = 8;

ascii_text!(Lan, MAX_LEN);
ascii_text!(LanPlus, MAX_LEN);

impl FromStr for LanPlus {
    type Err = LanError;

    fn from_str(s: &str) -> Result<LanPlus, LanError> {
        LanPlus::from_ascii(s.as_bytes())
    }
}

impl FromStr for Lan {
    type Err = LanError;

    fn from_str(s: &str) -> Result<Lan, LanError> {
        Lan::from_ascii(s.as_bytes())
    }
}
