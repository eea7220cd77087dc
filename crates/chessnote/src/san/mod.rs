//! SAN, Standard Algebraic Notation: `e4`, `Nbxd7+`, `exd8=Q#`, `O-O-O`.
//!
//! Two layers live here:
//!
//! - **The fast core**: [`SanPlus`], a `Copy` value holding a [`San`] move, its
//!   check [`Suffix`] and its [`Annotation`] (`!?` and friends). It parses in
//!   one pass over the bytes with no allocation ([`SanPlus::from_ascii`]) and
//!   returns a [`SanError`] that names what was wrong and at which byte.
//!   Parsing is strict by default: it accepts what a correct SAN writer
//!   produces. Each leniency is a named switch of [`SanOptions`].
//! - **The seed façade**, [`seed`]: [`Turn`], [`Move`], [`Castling`],
//!   [`CastlingType`], [`Flag`], [`FlagCheck`], [`Piece`], [`Square`],
//!   [`turn_move!`] and [`turn_castling!`], a drop-in replacement for the
//!   `chess-notation-parser` crate (0.2.3). Its names are also re-exported
//!   here, so code written for that crate compiles against this module with
//!   only its `use` path changed; `docs/compat.md` lists where we differ (we
//!   never panic, and we reject a source square equal to the destination).
//!
//! The core is laid out as ERAN's is: [`SanOptions`] and [`Leniency`] in
//! `options.rs`, [`SanError`] in `error.rs`, the table-driven fast path in
//! `fast.rs`, the general parser in `parse.rs` and printing in `print.rs`.
//!
//! Note that this module's [`Square`] is the seed's (numbered `a8` = 0, as that
//! crate numbers it); the crate's own [`crate::Square`] numbers `a1` = 0.
//! Both convert into each other with `From`.
//!
//! ```
//! use chessnote::san::{Leniency, San, SanOptions, SanPlus, Suffix};
//! use chessnote::{PieceKind, Square};
//!
//! let san = SanPlus::from_ascii(b"exd8=Q#")?;
//! assert_eq!(san.suffix, Some(Suffix::Checkmate));
//! match san.san {
//!     San::Normal { piece, to, promotion, capture, .. } => {
//!         assert_eq!((piece, to, promotion, capture), (PieceKind::Pawn, Square::D8, Some(PieceKind::Queen), true));
//!     }
//!     _ => unreachable!(),
//! }
//!
//! // Strict by default; leniency is asked for by name.
//! assert!(SanPlus::from_ascii(b"0-0").is_err());
//! assert!(SanPlus::from_ascii_with(b"0-0", SanOptions::STRICT.with(Leniency::ZeroCastling)).is_ok());
//! # Ok::<(), chessnote::san::SanError>(())
//! ```

mod error;
mod fast;
mod options;
mod parse;
mod print;
pub mod seed;

use core::fmt;

use crate::{CastlingSide, File, PieceKind, Rank, Square as CoreSquare};

/// The check suffix, from the crate root (LAN writes it too).
#[doc(no_inline)]
pub use crate::Suffix;
pub use error::{SanError, SanErrorKind};
pub(crate) use fast::fast_path;
#[doc(hidden)]
pub use fast::fast_path_agrees;
pub use options::{Leniency, SanOptions};
pub use print::MAX_LEN;

#[doc(no_inline)]
pub use crate::{turn_castling, turn_move};
#[doc(no_inline)]
pub use seed::{Castling, CastlingType, Flag, FlagCheck, Move, Piece, Square, Turn};

/// A SAN move, without its check suffix or annotation.
///
/// ```
/// use chessnote::san::San;
/// use chessnote::CastlingSide;
///
/// let san: San = "O-O-O".parse()?;
/// assert_eq!(san, San::Castle(CastlingSide::QueenSide));
/// # Ok::<(), chessnote::san::SanError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum San {
    /// Any move but castling: a piece (or pawn) moving to a square.
    Normal {
        /// The moving piece; [`PieceKind::Pawn`] when no letter is written.
        piece: PieceKind,
        /// The file of the origin square, when written (`Nbd7`, `exd5`).
        file: Option<File>,
        /// The rank of the origin square, when written (`R1a3`).
        rank: Option<Rank>,
        /// Whether the move is written as a capture (`x`).
        capture: bool,
        /// The destination square.
        to: CoreSquare,
        /// The piece a pawn promotes to (`=Q`).
        promotion: Option<PieceKind>,
    },
    /// Castling: `O-O` (king side) or `O-O-O` (queen side).
    Castle(CastlingSide),
    /// A null move, `--` (only with [`Leniency::NullMove`]).
    Null,
    /// A crazyhouse drop: `N@f3`, `@e4` for a pawn (only with
    /// [`Leniency::Drops`]).
    Drop {
        /// The piece dropped (never a king).
        piece: PieceKind,
        /// The square it is put on.
        to: CoreSquare,
    },
}

/// A move annotation written after the move: `!`, `?`, `!!`, `??`, `!?`, `?!`.
///
/// ```
/// use chessnote::san::Annotation;
/// assert_eq!(Annotation::Dubious.as_str(), "?!");
/// assert_eq!(Annotation::Dubious.nag(), 6);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Annotation {
    /// `!`, a good move (NAG 1).
    Good,
    /// `?`, a mistake (NAG 2).
    Mistake,
    /// `!!`, a brilliant move (NAG 3).
    Brilliant,
    /// `??`, a blunder (NAG 4).
    Blunder,
    /// `!?`, a speculative or interesting move (NAG 5).
    Speculative,
    /// `?!`, a dubious move (NAG 6).
    Dubious,
}

impl Annotation {
    /// The annotation as written.
    ///
    /// ```
    /// assert_eq!(chessnote::san::Annotation::Blunder.as_str(), "??");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            Annotation::Good => "!",
            Annotation::Mistake => "?",
            Annotation::Brilliant => "!!",
            Annotation::Blunder => "??",
            Annotation::Speculative => "!?",
            Annotation::Dubious => "?!",
        }
    }

    /// The PGN Numeric Annotation Glyph (`$1` … `$6`) of the annotation.
    ///
    /// ```
    /// assert_eq!(chessnote::san::Annotation::Good.nag(), 1);
    /// ```
    pub const fn nag(self) -> u8 {
        match self {
            Annotation::Good => 1,
            Annotation::Mistake => 2,
            Annotation::Brilliant => 3,
            Annotation::Blunder => 4,
            Annotation::Speculative => 5,
            Annotation::Dubious => 6,
        }
    }

    /// Parses an annotation; the whole of `bytes` must be one.
    ///
    /// ```
    /// use chessnote::san::Annotation;
    /// assert_eq!(Annotation::from_ascii(b"!?"), Some(Annotation::Speculative));
    /// assert_eq!(Annotation::from_ascii(b"!!!"), None);
    /// ```
    pub const fn from_ascii(bytes: &[u8]) -> Option<Annotation> {
        match bytes {
            b"!" => Some(Annotation::Good),
            b"?" => Some(Annotation::Mistake),
            b"!!" => Some(Annotation::Brilliant),
            b"??" => Some(Annotation::Blunder),
            b"!?" => Some(Annotation::Speculative),
            b"?!" => Some(Annotation::Dubious),
            _ => None,
        }
    }
}

impl fmt::Display for Annotation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.as_str())
    }
}

/// A SAN move with its check suffix and annotation, as written in a game.
///
/// ```
/// use chessnote::san::{Annotation, SanPlus, Suffix};
///
/// let san: SanPlus = "Qxf7#!!".parse()?;
/// assert_eq!(san.suffix, Some(Suffix::Checkmate));
/// assert_eq!(san.annotation, Some(Annotation::Brilliant));
/// assert_eq!(san.to_string(), "Qxf7#!!");
/// # Ok::<(), chessnote::san::SanError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct SanPlus {
    /// The move.
    pub san: San,
    /// `+` or `#`, if written.
    pub suffix: Option<Suffix>,
    /// `!`, `?`, `!!`, `??`, `!?` or `?!`, if written.
    pub annotation: Option<Annotation>,
}

impl From<San> for SanPlus {
    /// ```
    /// use chessnote::san::{San, SanPlus};
    /// let plus = SanPlus::from(San::Null);
    /// assert_eq!((plus.suffix, plus.annotation), (None, None));
    /// ```
    fn from(san: San) -> SanPlus {
        SanPlus {
            san,
            suffix: None,
            annotation: None,
        }
    }
}
