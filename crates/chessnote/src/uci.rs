//! UCI moves, as engines write them: `e2e4`, `e7e8q`, `0000`, and
//! crazyhouse's drops, `N@f3`.
//!
//! A UCI move names squares only; which move it is depends on the position
//! (see `Uci::to_move` in [`crate::position`]). Castling is `e1g1` in
//! standard chess and the king taking its rook (`e1h1`) in Chess960.
//!
//! ```
//! use chessnote::uci::Uci;
//! use chessnote::{PieceKind, Square};
//!
//! let uci: Uci = "e7e8q".parse()?;
//! assert_eq!(uci, Uci::Normal { from: Square::E7, to: Square::E8, promotion: Some(PieceKind::Queen) });
//! assert_eq!(uci.to_string(), "e7e8q");
//! assert_eq!("0000".parse::<Uci>()?, Uci::Null);
//! # Ok::<(), chessnote::uci::UciError>(())
//! ```

use core::str::FromStr;

use crate::text::{AsciiSink, ascii_text, error_kind, messages, notation_error};
use crate::{PieceKind, Square};

/// A move in UCI notation.
///
/// ```
/// use chessnote::uci::Uci;
/// assert!(Uci::from_ascii(b"g1f3").is_ok());
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Uci {
    /// A move from one square to another, with the promotion piece.
    Normal {
        /// The origin square.
        from: Square,
        /// The destination square (the rook's square for Chess960 castling).
        to: Square,
        /// The promotion piece, if any.
        promotion: Option<PieceKind>,
    },
    /// The null move, `0000`.
    Null,
    /// A piece from the pocket put on a square (crazyhouse): `N@f3`, the
    /// piece's uppercase letter (`P@e4` for a pawn).
    Drop {
        /// The piece dropped (never a king).
        piece: PieceKind,
        /// The square it is put on.
        to: Square,
    },
}

error_kind! {
    /// What was wrong with a UCI move (see [`UciError`] for where).
    ///
    /// ```
    /// use chessnote::uci::{Uci, UciErrorKind};
    /// let err = Uci::from_ascii(b"e2e4x").unwrap_err();
    /// assert_eq!(err.kind(), UciErrorKind::ExpectedPromotionPiece);
    /// assert_eq!(err.kind().message(), "expected a promotion piece `q`, `r`, `b` or `n` (`k` in antichess)");
    /// ```
    pub enum UciErrorKind {
        /// A file letter was expected.
        ExpectedFile = ("expected-file", messages::EXPECTED_FILE),
        /// A rank digit was expected.
        ExpectedRank = ("expected-rank", messages::EXPECTED_RANK),
        /// The two squares are the same.
        SameSquare = ("same-square", messages::SAME_SQUARE),
        /// The fifth byte is not a lowercase promotion letter.
        ExpectedPromotionPiece = ("expected-promotion-piece", "expected a promotion piece `q`, `r`, `b` or `n` (`k` in antichess)"),
        /// A drop's piece is not `P`, `N`, `B`, `R` or `Q` (`N@f3`).
        ExpectedDropPiece = ("expected-drop-piece", "expected the piece of a drop `P`, `N`, `B`, `R` or `Q`"),
        /// Something follows a complete move.
        UnexpectedByte = ("unexpected-byte", messages::UNEXPECTED_BYTE),
    }
}

notation_error! {
    /// What was wrong with a UCI move, and at which byte.
    ///
    /// ```
    /// use chessnote::uci::{Uci, UciErrorKind};
    /// let err = Uci::from_ascii(b"e2e9").unwrap_err();
    /// assert_eq!(err.offset(), 3);
    /// assert_eq!(err.kind(), UciErrorKind::ExpectedRank);
    /// assert_eq!(err.to_string(), "expected a rank digit `1`-`8` at byte 3");
    /// assert_eq!(Uci::from_ascii(b"").unwrap_err().offset(), 0);
    /// ```
    pub struct UciError { kind: UciErrorKind, offset: usize }
}

impl Uci {
    /// Parses a UCI move: two squares and an optional lowercase promotion
    /// letter, `0000`, or a drop (`N@f3`); the whole of `bytes` must be one.
    ///
    /// ```
    /// use chessnote::uci::Uci;
    /// assert!(Uci::from_ascii(b"e1g1").is_ok());
    /// assert!(Uci::from_ascii(b"e7e8Q").is_err());
    /// assert!(Uci::from_ascii(b"e2e2").is_err());
    /// ```
    ///
    /// # Errors
    ///
    /// A [`UciError`] naming what was wrong and at which byte; a fifth byte
    /// that is not a promotion letter is an
    /// [`UciErrorKind::ExpectedPromotionPiece`], anything after that an
    /// [`UciErrorKind::UnexpectedByte`].
    #[inline]
    pub fn from_ascii(bytes: &[u8]) -> Result<Uci, UciError> {
        let (uci, used) = Uci::from_ascii_prefix(bytes)?;
        if used == bytes.len() {
            Ok(uci)
        } else {
            Err(Uci::trailing(uci, used))
        }
    }

    /// The error for bytes after a complete move of `used` bytes.
    #[cold]
    fn trailing(uci: Uci, used: usize) -> UciError {
        match used {
            4 if uci != Uci::Null => UciError::new(UciErrorKind::ExpectedPromotionPiece, 4),
            _ => UciError::new(UciErrorKind::UnexpectedByte, used),
        }
    }

    /// Parses the UCI move at the start of `bytes` and says how many bytes
    /// it used (4 or 5): it stops where UCI's grammar ends and leaves it to
    /// the caller to decide whether the byte that follows may end a move.
    /// [`Uci::from_ascii`] accepts exactly the inputs this reads in full.
    ///
    /// ```
    /// use chessnote::uci::Uci;
    ///
    /// assert_eq!(Uci::from_ascii_prefix(b"e7e8q e2e4")?.1, 5);
    /// assert_eq!(Uci::from_ascii_prefix(b"g1f3 b8c6")?.1, 4);
    /// assert_eq!(Uci::from_ascii_prefix(b"0000\n")?, (Uci::Null, 4));
    /// # Ok::<(), chessnote::uci::UciError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// A [`UciError`] when `bytes` does not start with a UCI move.
    #[inline]
    pub fn from_ascii_prefix(bytes: &[u8]) -> Result<(Uci, usize), UciError> {
        let err = UciError::new;
        if bytes.starts_with(b"0000") {
            return Ok((Uci::Null, 4));
        }
        if bytes.get(1) == Some(&b'@') {
            // A drop: `N@f3`.
            let piece = PieceKind::from_upper_ascii(bytes[0])
                .filter(|&kind| kind != PieceKind::King)
                .ok_or(err(UciErrorKind::ExpectedDropPiece, 0))?;
            let file = bytes.get(2).copied().and_then(crate::File::from_ascii);
            let rank = bytes.get(3).copied().and_then(crate::Rank::from_ascii);
            return match (file, rank) {
                (Some(f), Some(r)) => Ok((
                    Uci::Drop {
                        piece,
                        to: Square::new(f, r),
                    },
                    4,
                )),
                (None, _) => Err(err(UciErrorKind::ExpectedFile, 2)),
                (Some(_), None) => Err(err(UciErrorKind::ExpectedRank, 3)),
            };
        }
        let square = |i: usize| -> Result<Square, UciError> {
            let file = bytes.get(i).copied().and_then(crate::File::from_ascii);
            let rank = bytes.get(i + 1).copied().and_then(crate::Rank::from_ascii);
            match (file, rank) {
                (Some(f), Some(r)) => Ok(Square::new(f, r)),
                (None, _) => Err(err(UciErrorKind::ExpectedFile, i)),
                (Some(_), None) => Err(err(UciErrorKind::ExpectedRank, i + 1)),
            }
        };
        let from = square(0)?;
        let to = square(2)?;
        if from == to {
            return Err(err(UciErrorKind::SameSquare, 2));
        }
        let promotion = match bytes.get(4) {
            // `k`: antichess promotes to a king.
            Some(&byte) if byte.is_ascii_lowercase() => {
                PieceKind::from_upper_ascii(byte.to_ascii_uppercase())
                    .filter(|&kind| kind != PieceKind::Pawn)
            }
            _ => None,
        };
        let uci = Uci::Normal {
            from,
            to,
            promotion,
        };
        Ok((uci, 4 + usize::from(promotion.is_some())))
    }

    /// Writes the move, byte by byte. Inlined: the move stays in registers
    /// (passed through memory, its bytes were read back stalled).
    #[inline(always)]
    fn emit<S: AsciiSink>(&self, out: &mut S) {
        match *self {
            Uci::Null => out.put_str("0000"),
            Uci::Normal {
                from,
                to,
                promotion,
            } => {
                // Byte by byte: a name as text would be a copy of unknown
                // length (a call to `memcpy`) for each square.
                let ([a, b], [c, d]) = (from.ascii(), to.ascii());
                out.put(a);
                out.put(b);
                out.put(c);
                out.put(d);
                if let Some(p) = promotion {
                    out.put(p.upper_ascii().to_ascii_lowercase());
                }
            }
            Uci::Drop { piece, to } => {
                out.put(piece.upper_ascii());
                out.put(b'@');
                out.put_str(to.name());
            }
        }
    }
}

/// The longest UCI move: `e7e8q`.
pub const MAX_LEN: usize = 5;

ascii_text!(Uci, MAX_LEN);

impl FromStr for Uci {
    type Err = UciError;

    fn from_str(s: &str) -> Result<Uci, UciError> {
        Uci::from_ascii(s.as_bytes())
    }
}
