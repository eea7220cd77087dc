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
//! - **The seed façade**: [`Turn`], [`Move`], [`Castling`], [`CastlingType`],
//!   [`Flag`], [`FlagCheck`], [`Piece`], [`Square`], [`turn_move!`] and
//!   [`turn_castling!`], a drop-in replacement for the `chess-notation-parser`
//!   crate (0.2.3). Code written for that crate compiles against this module
//!   with only its `use` path changed; `docs/compat.md` lists where we differ
//!   (we never panic, and we reject a source square equal to the destination).
//!
//! Note that this module's [`Square`] is the seed's (numbered `a8` = 0, as that
//! crate numbers it); the crate's own [`crate::Square`] numbers `a1` = 0.
//! Both convert into each other with `From`.
//!
//! ```
//! use chessnote::san::{San, SanOptions, SanPlus, Suffix};
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
//! assert!(SanPlus::from_ascii_with(b"0-0", SanOptions::STRICT.zero_castling(true)).is_ok());
//! # Ok::<(), chessnote::san::SanError>(())
//! ```
//!
//! ## The seed crate's examples
//!
//! The examples of the `chess-notation-parser` README run unchanged but for
//! the crate path. `0-0` will be translated to:
//!
//! ```
//! # use chessnote::san::{Turn, Castling, CastlingType, Flag};
//! # let turn =
//! Turn::Castling(Castling {
//!     r#type: CastlingType::Short,
//!     flags: Flag::NONE,
//! });
//! # assert_eq!(turn, Turn::try_from("0-0").unwrap());
//! # assert_eq!(turn, Turn::try_from("O-O").unwrap());
//! ```
//!
//! `d6` will be translated to:
//!
//! ```
//! # use chessnote::san::{Turn, Move, Square, Piece, Flag};
//! # let turn =
//! Turn::Move (Move {
//!     who: Piece::Pawn,
//!     dst: Square::D6,
//!     flags: Flag::NONE,
//!     src: None,
//!     promotion: None,
//! });
//! # assert_eq!(turn, Turn::try_from("d6").unwrap());
//! ```
//!
//! `d7xe8=B+?` will be translated to:
//!
//! ```
//! # use chessnote::san::{Turn, Move, Square, Piece, Flag};
//! # let turn =
//! Turn::Move (Move {
//!     who: Piece::Pawn,
//!     dst: Square::E8,
//!     flags: Flag::CHECK | Flag::CAPTURE,
//!     src: Some(vec![Square::D7]),
//!     promotion: Some(Piece::Bishop),
//! });
//! # assert_eq!(turn, Turn::try_from("d7xe8=B+?").unwrap());
//! ```
//!
//! `Nab3#` will be translated to:
//!
//! ```
//! # use chessnote::san::{Turn, Move, Square, Piece, Flag};
//! # let turn =
//! Turn::Move (Move {
//!     who: Piece::Knight,
//!     dst: Square::B3,
//!     flags: Flag::CHECKMATE,
//!     src: Some(Square::get_file('a').unwrap()),  // Vector of 'Ax' squares
//!     promotion: None,
//! });
//! # assert_eq!(turn, Turn::try_from("Nab3#").unwrap());
//! ```

use alloc::string::String;
use core::fmt;
use core::str::FromStr;

use crate::text::{error_kind, notation_error};
use crate::{CastlingSide, File, PieceKind, Rank, Square as CoreSquare, SquareSet};

mod seed;

pub use crate::{turn_castling, turn_move};
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
    /// A null move, `--` (only with [`SanOptions::null_move`]).
    Null,
}

/// A check or checkmate suffix: `+` or `#`.
///
/// ```
/// use chessnote::san::Suffix;
/// assert_eq!(Suffix::Checkmate.char(), '#');
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Suffix {
    /// `+`
    Check,
    /// `#`
    Checkmate,
}

impl Suffix {
    /// The suffix character, `+` or `#`.
    ///
    /// ```
    /// assert_eq!(chessnote::san::Suffix::Check.char(), '+');
    /// ```
    pub const fn char(self) -> char {
        match self {
            Suffix::Check => '+',
            Suffix::Checkmate => '#',
        }
    }
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

/// One named leniency: a construct outside strict SAN that real games
/// contain, accepted only when asked for (see [`SanOptions`]).
///
/// ```
/// use chessnote::san::Leniency;
/// assert_eq!(Leniency::ZeroCastling.to_string(), "castling written with zeros (0-0)");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Leniency {
    /// `0-0` and `0-0-0`, with the digit zero.
    ZeroCastling,
    /// A pawn move with a source SAN never writes: `de4`, `e2e4`, `e4xd5`, `xd5`.
    PawnSources,
    /// A written source from which the piece cannot reach the destination
    /// even on an empty board (`Ne2f3`).
    AnyGeometry,
    /// The null move `--` (or `Z0`).
    NullMove,
    /// A pawn move starting with the letter `P` (`Pe4`).
    PawnLetter,
    /// A promotion without `=` (`e8Q`, also `e8q`).
    PromotionWithoutEquals,
    /// An en-passant mark after the destination (`exd6 e.p.`, `exd6e.p.`).
    EnPassantSuffix,
    /// A dash between a full source square and the destination, as in long
    /// algebraic notation (`e2-e4`, `Ng1-f3`).
    LanDash,
    /// In a position: disambiguation other than the one SAN writes: more
    /// than needed (`Nge2` where `Ne2` suffices), or another sufficient one
    /// (`N1d2` where SAN writes `Nbd2`).
    AnyDisambiguation,
    /// In a position: a capture written without `x`, or an `x` on a move
    /// that captures nothing.
    CaptureMismatch,
    /// In a position: a `+` or `#` that does not match what the move does.
    WrongSuffix,
}

impl Leniency {
    /// Every leniency.
    ///
    /// ```
    /// assert_eq!(chessnote::san::Leniency::ALL.len(), 11);
    /// ```
    pub const ALL: [Leniency; 11] = [
        Leniency::ZeroCastling,
        Leniency::PawnSources,
        Leniency::AnyGeometry,
        Leniency::NullMove,
        Leniency::PawnLetter,
        Leniency::PromotionWithoutEquals,
        Leniency::EnPassantSuffix,
        Leniency::LanDash,
        Leniency::AnyDisambiguation,
        Leniency::CaptureMismatch,
        Leniency::WrongSuffix,
    ];

    const fn bit(self) -> u16 {
        1 << self as u16
    }

    /// A short description.
    ///
    /// ```
    /// assert_eq!(chessnote::san::Leniency::PawnLetter.as_str(), "pawn move written with P (Pe4)");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            Leniency::ZeroCastling => "castling written with zeros (0-0)",
            Leniency::PawnSources => "pawn source SAN never writes (e2e4, de4, xd5)",
            Leniency::AnyGeometry => "source that cannot reach the destination",
            Leniency::NullMove => "null move (--)",
            Leniency::PawnLetter => "pawn move written with P (Pe4)",
            Leniency::PromotionWithoutEquals => "promotion without = (e8Q)",
            Leniency::EnPassantSuffix => "en-passant mark (e.p.)",
            Leniency::LanDash => "dash between source and destination (e2-e4)",
            Leniency::AnyDisambiguation => "non-canonical disambiguation (Nge2 for Ne2)",
            Leniency::CaptureMismatch => "missing or superfluous x",
            Leniency::WrongSuffix => "wrong check or checkmate suffix",
        }
    }
}

impl fmt::Display for Leniency {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.as_str())
    }
}

/// A set of [`Leniency`]s: the ones a parse allows, or the ones it used.
/// [`SanOptions::STRICT`] (the default) is the empty set.
///
/// Each leniency widens the language by one documented construct, and
/// nothing is accepted silently: a value parsed leniently prints back in
/// canonical SAN, and the reporting entry points
/// ([`SanPlus::from_ascii_reporting`], `Position::parse_san`) say which
/// leniencies were needed.
///
/// ```
/// use chessnote::san::{Leniency, SanOptions, SanPlus};
///
/// let lax = SanOptions::STRICT.pawn_sources(true);
/// assert!(SanPlus::from_ascii(b"e2e4").is_err());
/// assert_eq!(SanPlus::from_ascii_with(b"e2e4", lax)?.to_string(), "e2e4");
/// assert!(lax.allows(Leniency::PawnSources));
/// # Ok::<(), chessnote::san::SanError>(())
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct SanOptions(u16);

macro_rules! leniency_switch {
    ($(#[$doc:meta])* $name:ident, $leniency:ident) => {
        $(#[$doc])*
        pub const fn $name(self, allow: bool) -> SanOptions {
            self.with(Leniency::$leniency, allow)
        }
    };
}

impl SanOptions {
    /// No leniency: exactly what a correct SAN writer produces (plus the
    /// optional `+`/`#` suffix and annotation).
    ///
    /// ```
    /// use chessnote::san::{SanOptions, SanPlus};
    /// assert!(SanPlus::from_ascii_with(b"Nf3", SanOptions::STRICT).is_ok());
    /// ```
    pub const STRICT: SanOptions = SanOptions(0);

    /// The language of the `chess-notation-parser` crate, which the
    /// [`Turn`] façade accepts: castling with zeros, any pawn source and no
    /// geometry check (but a source square equal to the destination is still
    /// rejected, where that crate accepted it).
    ///
    /// ```
    /// use chessnote::san::{SanOptions, SanPlus};
    /// assert!(SanPlus::from_ascii_with(b"Ne2f3", SanOptions::SEED).is_ok());
    /// assert!(SanPlus::from_ascii_with(b"Nf3f3", SanOptions::SEED).is_err());
    /// ```
    pub const SEED: SanOptions = SanOptions(
        Leniency::ZeroCastling.bit() | Leniency::PawnSources.bit() | Leniency::AnyGeometry.bit(),
    );

    /// Every leniency: what real PGN files contain.
    ///
    /// ```
    /// use chessnote::san::{SanOptions, SanPlus};
    /// assert_eq!(SanPlus::from_ascii_with(b"Pe7-e8Q", SanOptions::LENIENT)?.to_string(), "e7e8=Q");
    /// # Ok::<(), chessnote::san::SanError>(())
    /// ```
    pub const LENIENT: SanOptions = SanOptions((1 << Leniency::ALL.len()) - 1);

    /// The set with `leniency` allowed (or not).
    ///
    /// ```
    /// use chessnote::san::{Leniency, SanOptions};
    /// assert!(SanOptions::STRICT.with(Leniency::LanDash, true).allows(Leniency::LanDash));
    /// ```
    pub const fn with(self, leniency: Leniency, allow: bool) -> SanOptions {
        if allow {
            SanOptions(self.0 | leniency.bit())
        } else {
            SanOptions(self.0 & !leniency.bit())
        }
    }

    /// Whether `leniency` is in the set.
    ///
    /// ```
    /// use chessnote::san::{Leniency, SanOptions};
    /// assert!(SanOptions::SEED.allows(Leniency::ZeroCastling));
    /// assert!(!SanOptions::STRICT.allows(Leniency::ZeroCastling));
    /// ```
    #[inline]
    pub const fn allows(self, leniency: Leniency) -> bool {
        self.0 & leniency.bit() != 0
    }

    /// Whether the set is empty (strict).
    ///
    /// ```
    /// assert!(chessnote::san::SanOptions::STRICT.is_empty());
    /// ```
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The leniencies in the set.
    ///
    /// ```
    /// assert_eq!(chessnote::san::SanOptions::SEED.iter().count(), 3);
    /// ```
    pub fn iter(self) -> impl Iterator<Item = Leniency> {
        Leniency::ALL.into_iter().filter(move |l| self.allows(*l))
    }

    leniency_switch!(
        /// Accept castling written with zeros, `0-0` and `0-0-0` (the digit,
        /// not the letter `O`). Mixed forms such as `O-0` are never accepted.
        ///
        /// ```
        /// use chessnote::san::{SanOptions, SanPlus};
        /// let opts = SanOptions::STRICT.zero_castling(true);
        /// assert_eq!(SanPlus::from_ascii_with(b"0-0-0", opts)?.to_string(), "O-O-O");
        /// # Ok::<(), chessnote::san::SanError>(())
        /// ```
        zero_castling, ZeroCastling
    );

    leniency_switch!(
        /// Accept pawn moves with a source SAN never writes: a file, rank or
        /// square on a push (`de4`, `3d4`, `e2e4`), a rank or square on a
        /// capture (`e4xd5`), and a capture without its source file (`xd5`).
        ///
        /// ```
        /// use chessnote::san::{SanOptions, SanPlus};
        /// let opts = SanOptions::STRICT.pawn_sources(true);
        /// assert!(SanPlus::from_ascii_with(b"xd5", opts).is_ok());
        /// assert!(SanPlus::from_ascii(b"xd5").is_err());
        /// ```
        pawn_sources, PawnSources
    );

    leniency_switch!(
        /// Skip the empty-board check that a written source can reach the
        /// destination (`Ne2f3`, `Ke1g1` and `exe5` are rejected without it).
        ///
        /// ```
        /// use chessnote::san::{SanOptions, SanPlus};
        /// let opts = SanOptions::STRICT.any_geometry(true);
        /// assert!(SanPlus::from_ascii_with(b"Ne2f3", opts).is_ok());
        /// assert!(SanPlus::from_ascii(b"Ne2f3").is_err());
        /// ```
        any_geometry, AnyGeometry
    );

    leniency_switch!(
        /// Accept the PGN null move `--` (and `Z0`, as some programs write it).
        ///
        /// ```
        /// use chessnote::san::{San, SanOptions, SanPlus};
        /// let opts = SanOptions::STRICT.null_move(true);
        /// assert_eq!(SanPlus::from_ascii_with(b"Z0", opts)?.san, San::Null);
        /// # Ok::<(), chessnote::san::SanError>(())
        /// ```
        null_move, NullMove
    );

    leniency_switch!(
        /// Accept a pawn move written with the letter `P` (`Pe4`, `Pexd5`).
        ///
        /// ```
        /// use chessnote::san::{SanOptions, SanPlus};
        /// let opts = SanOptions::STRICT.pawn_letter(true);
        /// assert_eq!(SanPlus::from_ascii_with(b"Pe4", opts)?.to_string(), "e4");
        /// # Ok::<(), chessnote::san::SanError>(())
        /// ```
        pawn_letter, PawnLetter
    );

    leniency_switch!(
        /// Accept a promotion without `=`: `e8Q`, and `e8q`.
        ///
        /// ```
        /// use chessnote::san::{SanOptions, SanPlus};
        /// let opts = SanOptions::STRICT.promotion_without_equals(true);
        /// assert_eq!(SanPlus::from_ascii_with(b"exd8q+", opts)?.to_string(), "exd8=Q+");
        /// # Ok::<(), chessnote::san::SanError>(())
        /// ```
        promotion_without_equals, PromotionWithoutEquals
    );

    leniency_switch!(
        /// Accept an en-passant mark after the destination: `exd6 e.p.` or
        /// `exd6e.p.` (it is not kept: SAN has no place for it).
        ///
        /// ```
        /// use chessnote::san::{SanOptions, SanPlus};
        /// let opts = SanOptions::STRICT.en_passant_suffix(true);
        /// assert_eq!(SanPlus::from_ascii_with(b"exd6 e.p.", opts)?.to_string(), "exd6");
        /// # Ok::<(), chessnote::san::SanError>(())
        /// ```
        en_passant_suffix, EnPassantSuffix
    );

    leniency_switch!(
        /// Accept a dash between a full source square and the destination
        /// (`e2-e4`, `Ng1-f3`), as in long algebraic notation.
        ///
        /// ```
        /// use chessnote::san::{SanOptions, SanPlus};
        /// let opts = SanOptions::STRICT.lan_dash(true);
        /// assert_eq!(SanPlus::from_ascii_with(b"Ng1-f3", opts)?.to_string(), "Ng1f3");
        /// # Ok::<(), chessnote::san::SanError>(())
        /// ```
        lan_dash, LanDash
    );

    leniency_switch!(
        /// In a position: accept disambiguation other than SAN's (`Nge2`
        /// where `Ne2` suffices, `N1d2` where SAN writes `Nbd2`). Syntax
        /// alone never needs it.
        ///
        /// ```
        /// use chessnote::san::{Leniency, SanOptions};
        /// assert!(SanOptions::STRICT.any_disambiguation(true).allows(Leniency::AnyDisambiguation));
        /// ```
        any_disambiguation, AnyDisambiguation
    );

    leniency_switch!(
        /// In a position: accept a capture written without `x`, or an `x`
        /// on a move that captures nothing.
        ///
        /// ```
        /// use chessnote::san::{Leniency, SanOptions};
        /// assert!(SanOptions::STRICT.capture_mismatch(true).allows(Leniency::CaptureMismatch));
        /// ```
        capture_mismatch, CaptureMismatch
    );

    leniency_switch!(
        /// In a position: accept a `+` or `#` that does not match what the
        /// move does (a missing suffix is always accepted).
        ///
        /// ```
        /// use chessnote::san::{Leniency, SanOptions};
        /// assert!(SanOptions::STRICT.wrong_suffix(true).allows(Leniency::WrongSuffix));
        /// ```
        wrong_suffix, WrongSuffix
    );
}

impl core::ops::BitOr for SanOptions {
    type Output = SanOptions;

    /// The union of two sets.
    ///
    /// ```
    /// use chessnote::san::{Leniency, SanOptions};
    /// let both = SanOptions::STRICT.pawn_letter(true) | SanOptions::STRICT.lan_dash(true);
    /// assert!(both.allows(Leniency::PawnLetter) && both.allows(Leniency::LanDash));
    /// ```
    fn bitor(self, other: SanOptions) -> SanOptions {
        SanOptions(self.0 | other.0)
    }
}

impl fmt::Display for SanOptions {
    /// The leniencies, comma-separated; `strict` for none.
    ///
    /// ```
    /// use chessnote::san::SanOptions;
    /// assert_eq!(SanOptions::STRICT.to_string(), "strict");
    /// assert_eq!(SanOptions::STRICT.pawn_letter(true).to_string(), "pawn move written with P (Pe4)");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("strict");
        }
        for (i, leniency) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(leniency.as_str())?;
        }
        Ok(())
    }
}

error_kind! {
    /// What was wrong with a SAN string (see [`SanError`] for where).
    ///
    /// ```
    /// use chessnote::san::{SanErrorKind, SanPlus};
    /// let err = SanPlus::from_ascii(b"e8").unwrap_err();
    /// assert_eq!(err.kind(), SanErrorKind::MissingPromotion);
    /// assert_eq!(err.kind().name(), "missing-promotion");
    /// assert_eq!(SanErrorKind::ExpectedRank.message(), "expected a rank digit `1`-`8`");
    /// ```
    pub enum SanErrorKind {
        /// The input is empty.
        Empty = ("empty", "empty move"),
        /// A square was expected (a file letter `a`–`h` then a rank digit).
        ExpectedSquare = ("expected-square", "expected a square such as `e4`"),
        /// A rank digit `1`–`8` was expected.
        ExpectedRank = ("expected-rank", "expected a rank digit `1`-`8`"),
        /// A promotion piece letter (`Q`, `R`, `B` or `N`) was expected after `=`.
        ExpectedPromotionPiece = ("expected-promotion-piece", "expected a promotion piece `Q`, `R`, `B` or `N` after `=`"),
        /// Castling is malformed: `O-O` or `O-O-O` was expected.
        ExpectedCastling = ("expected-castling", "malformed castling: expected `O-O` or `O-O-O`"),
        /// A byte that has no place there, such as trailing input.
        UnexpectedByte = ("unexpected-byte", "unexpected byte"),
        /// Castling written with zeros while [`SanOptions::zero_castling`] is off.
        ZeroCastling = ("zero-castling", "castling written with zeros (`0-0`); SAN uses the letter `O`"),
        /// A null move while [`SanOptions::null_move`] is off.
        NullMove = ("null-move", "null move (`--`) not enabled"),
        /// A piece other than a pawn is given a promotion.
        PieceWithPromotion = ("piece-with-promotion", "only a pawn can promote"),
        /// The promotion piece is a king or a pawn.
        InvalidPromotionPiece = ("invalid-promotion-piece", "a pawn cannot promote to a king or a pawn"),
        /// A pawn moves to the first or last rank without promoting.
        MissingPromotion = ("missing-promotion", "a pawn moving to the first or last rank must promote"),
        /// A promotion on a rank other than the first or last.
        PromotionNotOnLastRank = ("promotion-not-on-last-rank", "promotion is only possible on the first or last rank"),
        /// The source square equals the destination.
        SameSquare = ("same-square", "the source square is the destination"),
        /// A pawn source SAN never writes (see [`SanOptions::pawn_sources`]).
        PawnSource = ("pawn-source", "a pawn move written with a source SAN never uses"),
        /// A pawn capture without the file it captures from.
        MissingCaptureFile = ("missing-capture-file", "a pawn capture must name the file it captures from"),
        /// No square matching the written source can reach the destination, even
        /// on an empty board (see [`SanOptions::any_geometry`]).
        Unreachable = ("unreachable", "the piece cannot reach the destination from the written source"),
    }
}

notation_error! {
    /// A SAN string that could not be parsed: what was wrong, and the byte
    /// offset where it was found. The parser never looks further than a few
    /// bytes past the longest SAN, so the offset is kept in 16 bits (a small
    /// error keeps results small).
    ///
    /// ```
    /// use chessnote::san::{SanErrorKind, SanPlus};
    ///
    /// let err = SanPlus::from_ascii(b"Nb").unwrap_err();
    /// assert_eq!(err.kind(), SanErrorKind::ExpectedRank);
    /// assert_eq!(err.offset(), 2);
    /// assert_eq!(err.to_string(), "expected a rank digit `1`-`8` at byte 2");
    /// ```
    pub struct SanError { kind: SanErrorKind, offset: u16 }
}

/// A cursor over the input bytes.
struct Cursor<'a> {
    bytes: &'a [u8],
    pos: usize,
    options: SanOptions,
    used: SanOptions,
}

impl Cursor<'_> {
    /// Whether `leniency` is allowed; if so, records that it was used.
    #[inline]
    fn lenient(&mut self, leniency: Leniency) -> bool {
        let allowed = self.options.allows(leniency);
        if allowed {
            self.used = self.used.with(leniency, true);
        }
        allowed
    }

    #[inline(always)]
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    #[inline(always)]
    fn eat(&mut self, byte: u8) -> bool {
        if self.peek() == Some(byte) {
            self.pos += 1;
            true
        } else {
            false
        }
    }
}

impl SanPlus {
    /// Parses strict SAN from bytes (see [`SanOptions::STRICT`]).
    ///
    /// ```
    /// use chessnote::san::SanPlus;
    /// assert_eq!(SanPlus::from_ascii(b"R1a3+")?.to_string(), "R1a3+");
    /// # Ok::<(), chessnote::san::SanError>(())
    /// ```
    #[inline]
    pub fn from_ascii(bytes: &[u8]) -> Result<SanPlus, SanError> {
        SanPlus::from_ascii_with(bytes, SanOptions::STRICT)
    }

    /// Parses SAN from bytes with the leniencies of `options`.
    ///
    /// ```
    /// use chessnote::san::{SanOptions, SanPlus};
    /// let san = SanPlus::from_ascii_with(b"0-0+", SanOptions::SEED)?;
    /// assert_eq!(san.to_string(), "O-O+");
    /// # Ok::<(), chessnote::san::SanError>(())
    /// ```
    #[inline]
    pub fn from_ascii_with(bytes: &[u8], options: SanOptions) -> Result<SanPlus, SanError> {
        if let Some(san) = fast_path(bytes) {
            return Ok(san);
        }
        SanPlus::parse_general_value(bytes, options)
    }

    /// Parses SAN with the leniencies of `options`, and tells which of them
    /// the input needed (the empty set when it is strict SAN).
    ///
    /// ```
    /// use chessnote::san::{Leniency, SanOptions, SanPlus};
    ///
    /// let (san, used) = SanPlus::from_ascii_reporting(b"Pe7-e8Q", SanOptions::LENIENT)?;
    /// assert_eq!(san.to_string(), "e7e8=Q");
    /// assert_eq!(
    ///     used.iter().collect::<Vec<_>>(),
    ///     [Leniency::PawnSources, Leniency::PawnLetter, Leniency::PromotionWithoutEquals, Leniency::LanDash]
    /// );
    /// # Ok::<(), chessnote::san::SanError>(())
    /// ```
    pub fn from_ascii_reporting(
        bytes: &[u8],
        options: SanOptions,
    ) -> Result<(SanPlus, SanOptions), SanError> {
        match fast_path(bytes) {
            Some(san) => Ok((san, SanOptions::STRICT)),
            None => SanPlus::parse_general(bytes, options),
        }
    }

    /// [`SanPlus::parse_general`] without the report, out of the fast path's
    /// way.
    #[inline(never)]
    fn parse_general_value(bytes: &[u8], options: SanOptions) -> Result<SanPlus, SanError> {
        SanPlus::parse_general(bytes, options).map(|(san, _)| san)
    }

    /// The general parser: every form, every option, and the precise error.
    fn parse_general(bytes: &[u8], options: SanOptions) -> Result<(SanPlus, SanOptions), SanError> {
        let mut cur = Cursor {
            bytes,
            pos: 0,
            options,
            used: SanOptions::STRICT,
        };
        let san = match cur.peek() {
            None => return Err(SanError::new(SanErrorKind::Empty, 0)),
            Some(b'O' | b'0') => parse_castling(&mut cur)?,
            Some(b'-' | b'Z') => parse_null(&mut cur)?,
            Some(_) => parse_normal(&mut cur)?,
        };
        let suffix_at = cur.pos;
        let suffix = if cur.eat(b'+') {
            Some(Suffix::Check)
        } else if cur.eat(b'#') {
            Some(Suffix::Checkmate)
        } else {
            None
        };
        if san == San::Null && suffix.is_some() {
            // Passing cannot give check.
            return Err(SanError::new(SanErrorKind::UnexpectedByte, suffix_at));
        }
        let annotation = match &bytes[cur.pos..] {
            [] => None,
            rest => match Annotation::from_ascii(rest) {
                Some(annotation) => Some(annotation),
                None => {
                    return Err(SanError::new(
                        SanErrorKind::UnexpectedByte,
                        trailing_offset(cur.pos, rest),
                    ));
                }
            },
        };
        Ok((
            SanPlus {
                san,
                suffix,
                annotation,
            },
            cur.used,
        ))
    }

    /// Appends the canonical SAN (with suffix and annotation) to `out`.
    ///
    /// ```
    /// use chessnote::san::SanPlus;
    /// let mut out = String::from("1. ");
    /// SanPlus::from_ascii(b"e4!")?.append_to(&mut out);
    /// assert_eq!(out, "1. e4!");
    /// # Ok::<(), chessnote::san::SanError>(())
    /// ```
    pub fn append_to(&self, out: &mut String) {
        self.emit(|byte| out.push(char::from(byte)));
    }

    /// Writes the canonical SAN into `buf` and returns it as a string slice;
    /// no allocation.
    ///
    /// ```
    /// use chessnote::san::{SanPlus, MAX_LEN};
    /// let mut buf = [0; MAX_LEN];
    /// assert_eq!(SanPlus::from_ascii(b"exd8=N+")?.write_ascii(&mut buf), "exd8=N+");
    /// # Ok::<(), chessnote::san::SanError>(())
    /// ```
    pub fn write_ascii<'b>(&self, buf: &'b mut [u8; MAX_LEN]) -> &'b str {
        let len = self.write_bytes(buf);
        // Everything written is ASCII.
        core::str::from_utf8(&buf[..len]).unwrap_or("")
    }

    fn write_bytes(&self, buf: &mut [u8; MAX_LEN]) -> usize {
        let mut len = 0;
        self.emit(|byte| {
            buf[len] = byte;
            len += 1;
        });
        len
    }

    /// Passes the canonical SAN to `put`, byte by byte.
    #[inline(always)]
    fn emit(&self, mut put: impl FnMut(u8)) {
        self.san.emit(&mut put);
        if let Some(suffix) = self.suffix {
            put(suffix.char() as u8);
        }
        if let Some(annotation) = self.annotation {
            annotation.as_str().bytes().for_each(put);
        }
    }
}

/// Whether the fast path and the general parser agree on `bytes` (for the
/// property tests; not part of the stable API).
#[doc(hidden)]
pub fn fast_path_agrees(bytes: &[u8]) -> bool {
    match fast_path(bytes) {
        None => true,
        Some(fast) => [SanOptions::STRICT, SanOptions::SEED]
            .iter()
            .all(|&options| {
                SanPlus::parse_general(bytes, options) == Ok((fast, SanOptions::STRICT))
            }),
    }
}

/// The longest canonical SAN with suffix and annotation, in bytes
/// (`Qa1xh8=Q#??` would be 11; the buffer leaves room).
///
/// ```
/// assert!(chessnote::san::MAX_LEN >= "Qa1xh8=Q#??".len());
/// ```
pub const MAX_LEN: usize = 16;

/// The offset to blame for trailing bytes that are not an annotation: the
/// first byte after the longest prefix that could still begin one.
fn trailing_offset(start: usize, rest: &[u8]) -> usize {
    start
        + rest
            .iter()
            .take(2)
            .take_while(|b| matches!(b, b'!' | b'?'))
            .count()
}

fn parse_castling(cur: &mut Cursor<'_>) -> Result<San, SanError> {
    let letter = cur.bytes[0];
    if letter == b'0' && !cur.lenient(Leniency::ZeroCastling) {
        return Err(SanError::new(SanErrorKind::ZeroCastling, 0));
    }
    cur.pos = 1;
    if !(cur.eat(b'-') && cur.eat(letter)) {
        return Err(SanError::new(SanErrorKind::ExpectedCastling, cur.pos));
    }
    if cur.peek() == Some(b'-') && cur.bytes.get(cur.pos + 1) == Some(&letter) {
        cur.pos += 2;
        Ok(San::Castle(CastlingSide::QueenSide))
    } else {
        Ok(San::Castle(CastlingSide::KingSide))
    }
}

fn parse_null(cur: &mut Cursor<'_>) -> Result<San, SanError> {
    let two = cur.bytes.get(..2);
    if two != Some(b"--") && two != Some(b"Z0") {
        return Err(SanError::new(
            if cur.bytes[0] == b'-' {
                SanErrorKind::UnexpectedByte
            } else {
                SanErrorKind::ExpectedSquare
            },
            0,
        ));
    }
    if !cur.lenient(Leniency::NullMove) {
        return Err(SanError::new(SanErrorKind::NullMove, 0));
    }
    cur.pos = 2;
    Ok(San::Null)
}

/// The common shapes of real moves, accepted by every option set: `e4`,
/// `Nf3`, `exd5`, `Nxe5`, `Nbd7`, `O-O`, `O-O-O`, each with an optional `+`
/// or `#`. `None` sends the input to the general parser, which accepts the
/// same values (a property test checks it) and also everything else.
///
/// Which of those shapes a token has is the least predictable thing about
/// it, so the fast path does not branch on it: one table lookup, keyed by
/// the length and the classes of the first two bytes, gives the shape's
/// fields and the checks still to make, and the checks are combined with
/// bit operations. Only the rare cases branch: a suffix, a long token
/// (castling, promotions, ranks written), a rejection.
#[inline(always)]
fn fast_path(bytes: &[u8]) -> Option<SanPlus> {
    let &last = bytes.last()?;
    // `#` is `+` with bit 3 clear: one comparison finds either.
    let (body, suffix) = if last | 8 == b'+' {
        let suffix = if last == b'+' {
            Suffix::Check
        } else {
            Suffix::Checkmate
        };
        (&bytes[..bytes.len() - 1], Some(suffix))
    } else {
        (bytes, None)
    };
    let n = body.len();
    // The bytes before the destination square: none, a piece, or two.
    let head = n.wrapping_sub(2);
    if head > 2 {
        return fast_castle(body, suffix);
    }
    let (first, second) = (body[0], body[1]);
    let (to_file, to_rank) = (body[n - 2], body[n - 1]);
    let shape = SHAPES[usize::from(
        (head as u8) << 6 | BYTE_CLASS[usize::from(first)] << 3 | BYTE_CLASS[usize::from(second)],
    )];
    let file = to_file.wrapping_sub(b'a');
    let rank = to_rank.wrapping_sub(b'1');
    // The written source file, if any: the first byte or the second.
    let source = first ^ ((first ^ second) & shape.source_is_second);
    let distance = source.wrapping_sub(to_file).wrapping_add(2);
    let ok = ((file | rank) < 8)
        & (shape.distances >> (distance & 63) & 1 != 0)
        & (shape.ranks >> (rank & 7) & 1 != 0);
    if !ok {
        return fast_castle(body, suffix);
    }
    Some(SanPlus {
        san: San::Normal {
            piece: shape.piece,
            file: if shape.has_file {
                File::new(source.wrapping_sub(b'a') & 7)
            } else {
                None
            },
            rank: None,
            capture: shape.capture,
            to: CoreSquare::from_index_masked(rank << 3 | file),
            promotion: None,
        },
        suffix,
        annotation: None,
    })
}

/// The fast path's castling, out of the way of the moves.
#[inline(never)]
fn fast_castle(body: &[u8], suffix: Option<Suffix>) -> Option<SanPlus> {
    match body {
        b"O-O" => Some(castle(CastlingSide::KingSide, suffix)),
        b"O-O-O" => Some(castle(CastlingSide::QueenSide, suffix)),
        _ => None,
    }
}

/// A byte's class for the fast path: `0..=4` the piece letters `N B R Q K`
/// (in [`PieceKind`] order), 5 a file letter, 6 `x`, 7 anything else.
const BYTE_CLASS: [u8; 256] = {
    let mut table = [7; 256];
    let mut i = 0;
    while i < 5 {
        table[PieceKind::ALL[i + 1].char() as usize] = i as u8;
        i += 1;
    }
    let mut file = b'a';
    while file <= b'h' {
        table[file as usize] = 5;
        file += 1;
    }
    table[b'x' as usize] = 6;
    table
};

/// What a fast-path shape means and what it still requires.
#[derive(Copy, Clone)]
struct Shape {
    piece: PieceKind,
    capture: bool,
    /// Whether a source file is written.
    has_file: bool,
    /// Where the source file is: `0x00` the first byte, `0xff` the second
    /// (a mask, so that choosing costs no branch).
    source_is_second: u8,
    /// Bit `r` set: the destination may be on rank index `r`; 0 rejects
    /// the shape.
    ranks: u8,
    /// Bit `source - destination + 2` (wrapping, as files) set: that file
    /// distance is allowed.
    distances: u64,
}

/// The fast-path shapes, keyed by `head << 6 | class(first) << 3 |
/// class(second)` where `head` is the number of bytes before the
/// destination square (see [`BYTE_CLASS`]).
const SHAPES: [Shape; 256] = {
    const REJECT: Shape = Shape {
        piece: PieceKind::Pawn,
        capture: false,
        has_file: false,
        source_is_second: 0,
        ranks: 0,
        distances: u64::MAX,
    };
    const FILE: u8 = 5;
    const TAKES: u8 = 6;
    // A pawn needs a promotion on the first and last ranks.
    const PAWN_RANKS: u8 = 0b0111_1110;
    // Files one apart, either way: distance + 2 is 1 or 3.
    const ADJACENT: u64 = 0b01010;
    // Files one or two apart (a knight's source file): 0, 1, 3 or 4.
    const KNIGHT: u64 = 0b11011;
    let mut table = [REJECT; 256];
    let mut key = 0;
    while key < 256 {
        let (head, first, second) = (key >> 6, (key >> 3 & 7) as u8, (key & 7) as u8);
        // The piece a letter names (a pawn for the other classes, unused).
        let letter = first < 5;
        let piece = PieceKind::ALL[if letter { first as usize + 1 } else { 0 }];
        let mut shape = REJECT;
        match (head, second) {
            // `e4`
            (0, _) => shape.ranks = PAWN_RANKS,
            // `Nf3`
            (1, _) if letter => {
                shape.piece = piece;
                shape.ranks = u8::MAX;
            }
            // `Nxe5`
            (2, TAKES) if letter => {
                shape.piece = piece;
                shape.capture = true;
                shape.ranks = u8::MAX;
            }
            // `exd5`
            (2, TAKES) if first == FILE => {
                shape.capture = true;
                shape.has_file = true;
                shape.ranks = PAWN_RANKS;
                shape.distances = ADJACENT;
            }
            // `Nbd7`, `Rad1`, `Qhe5`: a knight, rook or queen with its
            // source file (a bishop's or a king's is rare enough to leave
            // to the general parser).
            (2, FILE)
                if letter
                    && matches!(
                        piece,
                        PieceKind::Knight | PieceKind::Rook | PieceKind::Queen
                    ) =>
            {
                shape.piece = piece;
                shape.has_file = true;
                shape.source_is_second = u8::MAX;
                shape.ranks = u8::MAX;
                if matches!(piece, PieceKind::Knight) {
                    shape.distances = KNIGHT;
                }
            }
            _ => {}
        }
        table[key] = shape;
        key += 1;
    }
    table
};

#[inline(always)]
fn castle(side: CastlingSide, suffix: Option<Suffix>) -> SanPlus {
    SanPlus {
        san: San::Castle(side),
        suffix,
        annotation: None,
    }
}

/// A piece letter other than `P`.
#[inline(always)]
fn piece_letter(byte: u8) -> Option<PieceKind> {
    // One load from a table indexed by the byte.
    const TABLE: [Option<PieceKind>; 256] = {
        let mut table = [None; 256];
        table[b'N' as usize] = Some(PieceKind::Knight);
        table[b'B' as usize] = Some(PieceKind::Bishop);
        table[b'R' as usize] = Some(PieceKind::Rook);
        table[b'Q' as usize] = Some(PieceKind::Queen);
        table[b'K' as usize] = Some(PieceKind::King);
        table
    };
    TABLE[byte as usize]
}

/// The byte at `i`, or 0 (which no rule accepts) past the end.
#[inline(always)]
fn at(bytes: &[u8], i: usize) -> u8 {
    match bytes.get(i) {
        Some(&byte) => byte,
        None => 0,
    }
}

#[inline(always)]
fn file_at(bytes: &[u8], i: usize) -> Option<File> {
    File::from_ascii(at(bytes, i))
}

#[inline(always)]
fn rank_at(bytes: &[u8], i: usize) -> Option<Rank> {
    Rank::from_ascii(at(bytes, i))
}

/// Reads a destination square at `i`.
#[inline(always)]
fn square_at(bytes: &[u8], i: usize) -> Result<(File, Rank), SanError> {
    match (file_at(bytes, i), rank_at(bytes, i + 1)) {
        (Some(file), Some(rank)) => Ok((file, rank)),
        (Some(_), None) => Err(SanError::new(SanErrorKind::ExpectedRank, i + 1)),
        (None, _) => Err(SanError::new(SanErrorKind::ExpectedSquare, i)),
    }
}

#[inline]
fn parse_normal(cur: &mut Cursor<'_>) -> Result<San, SanError> {
    let bytes = cur.bytes;
    let (piece, source_at) = match piece_letter(bytes[0]) {
        Some(piece) => (piece, 1),
        None if bytes[0] == b'P' && cur.lenient(Leniency::PawnLetter) => (PieceKind::Pawn, 1),
        None => (PieceKind::Pawn, 0),
    };
    let i = source_at;
    let mut file = None;
    let mut rank = None;
    let mut capture = false;
    // The coordinates: `d7`, `bd7`, `1a3`, `b1d7`, each with an optional `x`
    // before the destination. Decide by the first two bytes.
    let (to_at, (to_file, to_rank)) = match (file_at(bytes, i), rank_at(bytes, i + 1)) {
        (Some(f), Some(r)) => {
            let next = at(bytes, i + 2);
            let dash =
                next == b'-' && file_at(bytes, i + 3).is_some() && cur.lenient(Leniency::LanDash);
            if next == b'x' || dash || File::from_ascii(next).is_some() {
                // A full source square.
                file = Some(f);
                rank = Some(r);
                capture = next == b'x';
                let to_at = i + 2 + usize::from(capture || dash);
                (to_at, square_at(bytes, to_at)?)
            } else {
                (i, (f, r))
            }
        }
        (Some(f), None) => {
            file = Some(f);
            capture = at(bytes, i + 1) == b'x';
            let to_at = i + 1 + usize::from(capture);
            if !capture && File::from_ascii(at(bytes, i + 1)).is_none() {
                return Err(SanError::new(SanErrorKind::ExpectedRank, i + 1));
            }
            (to_at, square_at(bytes, to_at)?)
        }
        (None, _) => {
            let mut j = i;
            if let Some(r) = rank_at(bytes, j) {
                rank = Some(r);
                j += 1;
            }
            capture = at(bytes, j) == b'x';
            if !capture && rank.is_none() {
                return Err(SanError::new(SanErrorKind::ExpectedSquare, j));
            }
            let to_at = j + usize::from(capture);
            (to_at, square_at(bytes, to_at)?)
        }
    };
    let to = CoreSquare::new(to_file, to_rank);
    let mut end = to_at + 2;
    let promotion_at = end;
    // Where the promotion letter is (after `=`, or right after the square).
    let mut letter_at = end + 1;
    let promotion = if at(bytes, end) == b'=' {
        match PieceKind::from_upper_ascii(at(bytes, end + 1)) {
            Some(kind) => {
                end += 2;
                Some(kind)
            }
            None => return Err(SanError::new(SanErrorKind::ExpectedPromotionPiece, end + 1)),
        }
    } else {
        match PieceKind::from_upper_ascii(at(bytes, end).to_ascii_uppercase()) {
            Some(kind) if cur.lenient(Leniency::PromotionWithoutEquals) => {
                letter_at = end;
                end += 1;
                Some(kind)
            }
            _ => None,
        }
    };
    for mark in [&b" e.p."[..], b"e.p."] {
        if bytes.get(end..end + mark.len()) == Some(mark) && cur.lenient(Leniency::EnPassantSuffix)
        {
            end += mark.len();
            break;
        }
    }
    cur.pos = end;

    // Checks that need no board.
    if piece == PieceKind::Pawn {
        let back_rank = matches!(to_rank, Rank::First | Rank::Eighth);
        match promotion {
            Some(PieceKind::King | PieceKind::Pawn) => {
                return Err(SanError::new(
                    SanErrorKind::InvalidPromotionPiece,
                    letter_at,
                ));
            }
            Some(_) if !back_rank => {
                return Err(SanError::new(
                    SanErrorKind::PromotionNotOnLastRank,
                    promotion_at,
                ));
            }
            None if back_rank => return Err(SanError::new(SanErrorKind::MissingPromotion, to_at)),
            _ => {}
        }
        let unusual = (capture && file.is_none()) || rank.is_some() || (!capture && file.is_some());
        if unusual && !cur.lenient(Leniency::PawnSources) {
            if capture && file.is_none() {
                return Err(SanError::new(SanErrorKind::MissingCaptureFile, to_at - 1));
            }
            return Err(SanError::new(SanErrorKind::PawnSource, source_at));
        }
    } else if promotion.is_some() {
        return Err(SanError::new(
            SanErrorKind::PieceWithPromotion,
            promotion_at,
        ));
    }
    if file.is_some() || rank.is_some() {
        if let (Some(f), Some(r)) = (file, rank)
            && CoreSquare::new(f, r) == to
        {
            return Err(SanError::new(SanErrorKind::SameSquare, source_at));
        }
        if !reachable(piece, file, rank, to, capture) && !cur.lenient(Leniency::AnyGeometry) {
            return Err(SanError::new(SanErrorKind::Unreachable, source_at));
        }
    }
    Ok(San::Normal {
        piece,
        file,
        rank,
        capture,
        to,
        promotion,
    })
}

/// Whether a piece on a square matching the written source (file, rank or
/// both) could reach `to` on an empty board, as either color.
fn reachable(
    piece: PieceKind,
    file: Option<File>,
    rank: Option<Rank>,
    to: CoreSquare,
    capture: bool,
) -> bool {
    let files = file.map_or(SquareSet::FULL, SquareSet::file);
    let ranks = rank.map_or(SquareSet::FULL, SquareSet::rank);
    (files & ranks)
        .iter()
        .any(|from| piece.empty_board_reach(from, capture).contains(to))
}

impl San {
    /// Parses strict SAN without suffix or annotation.
    ///
    /// ```
    /// use chessnote::san::San;
    /// assert!(San::from_ascii(b"Nf3").is_ok());
    /// assert!(San::from_ascii(b"Nf3+").is_err());
    /// ```
    pub fn from_ascii(bytes: &[u8]) -> Result<San, SanError> {
        San::from_ascii_with(bytes, SanOptions::STRICT)
    }

    /// Parses SAN without suffix or annotation, with the leniencies of `options`.
    ///
    /// ```
    /// use chessnote::san::{San, SanOptions};
    /// assert!(San::from_ascii_with(b"0-0", SanOptions::SEED).is_ok());
    /// ```
    pub fn from_ascii_with(bytes: &[u8], options: SanOptions) -> Result<San, SanError> {
        let plus = SanPlus::from_ascii_with(bytes, options)?;
        if plus.suffix.is_some() || plus.annotation.is_some() {
            let end = bytes
                .iter()
                .position(|b| matches!(b, b'+' | b'#' | b'!' | b'?'));
            return Err(SanError::new(
                SanErrorKind::UnexpectedByte,
                end.unwrap_or(bytes.len()),
            ));
        }
        Ok(plus.san)
    }

    /// Whether the move is written as a capture.
    ///
    /// ```
    /// use chessnote::san::San;
    /// assert!("Bxe5".parse::<San>()?.is_capture());
    /// # Ok::<(), chessnote::san::SanError>(())
    /// ```
    pub const fn is_capture(&self) -> bool {
        matches!(self, San::Normal { capture: true, .. })
    }

    fn write_bytes(&self, buf: &mut [u8; MAX_LEN]) -> usize {
        let mut len = 0;
        self.emit(&mut |byte| {
            buf[len] = byte;
            len += 1;
        });
        len
    }

    /// Passes the canonical SAN to `put`, byte by byte.
    #[inline(always)]
    fn emit(&self, put: &mut impl FnMut(u8)) {
        match *self {
            San::Normal {
                piece,
                file,
                rank,
                capture,
                to,
                promotion,
            } => {
                if piece != PieceKind::Pawn {
                    put(piece.upper_ascii());
                }
                if let Some(file) = file {
                    put(file.ascii());
                }
                if let Some(rank) = rank {
                    put(rank.ascii());
                }
                if capture {
                    put(b'x');
                }
                put(to.file().ascii());
                put(to.rank().ascii());
                if let Some(promotion) = promotion {
                    put(b'=');
                    put(promotion.upper_ascii());
                }
            }
            San::Castle(side) => side.san().bytes().for_each(put),
            San::Null => b"--".iter().for_each(|&b| put(b)),
        }
    }

    /// Appends the canonical SAN to `out`.
    ///
    /// ```
    /// use chessnote::san::San;
    /// let mut out = String::new();
    /// "Rdf8".parse::<San>()?.append_to(&mut out);
    /// assert_eq!(out, "Rdf8");
    /// # Ok::<(), chessnote::san::SanError>(())
    /// ```
    pub fn append_to(&self, out: &mut String) {
        self.emit(&mut |byte| out.push(char::from(byte)));
    }
}

impl fmt::Display for San {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut buf = [0; MAX_LEN];
        let len = self.write_bytes(&mut buf);
        f.pad(core::str::from_utf8(&buf[..len]).unwrap_or(""))
    }
}

impl fmt::Display for SanPlus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut buf = [0; MAX_LEN];
        f.pad(self.write_ascii(&mut buf))
    }
}

impl FromStr for San {
    type Err = SanError;

    fn from_str(s: &str) -> Result<San, SanError> {
        San::from_ascii(s.as_bytes())
    }
}

impl FromStr for SanPlus {
    type Err = SanError;

    fn from_str(s: &str) -> Result<SanPlus, SanError> {
        SanPlus::from_ascii(s.as_bytes())
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    fn strict(s: &str) -> Result<SanPlus, SanError> {
        SanPlus::from_ascii(s.as_bytes())
    }

    #[test]
    fn strict_san_round_trips() {
        for s in [
            "e4",
            "exd5",
            "Nf3",
            "Nbd7",
            "R1a3",
            "Qh4e1",
            "exd8=Q#",
            "O-O",
            "O-O-O+",
            "Kxe2",
            "bxa1=N",
            "e1=R",
            "Nf3!?",
            "e4??",
            "Bb5+!",
            "gxh8=B#?!",
        ] {
            assert_eq!(strict(s).map(|v| v.to_string()), Ok(s.to_string()), "{s}");
        }
    }

    #[test]
    fn strict_rejections_name_kind_and_byte() {
        use SanErrorKind::*;
        for (s, kind, at) in [
            ("", Empty, 0),
            ("N", ExpectedSquare, 1),
            ("Nf", ExpectedRank, 2),
            ("Nfx", ExpectedSquare, 3),
            ("e9", ExpectedRank, 1),
            ("e8", MissingPromotion, 0),
            ("e7=Q", PromotionNotOnLastRank, 2),
            ("e8=K", InvalidPromotionPiece, 3),
            ("e8=", ExpectedPromotionPiece, 3),
            ("Ne8=Q", PieceWithPromotion, 3),
            ("0-0", ZeroCastling, 0),
            ("O-0", ExpectedCastling, 2),
            ("O-", ExpectedCastling, 2),
            ("O-O-", UnexpectedByte, 3),
            ("e4 ", UnexpectedByte, 2),
            ("e4!!!", UnexpectedByte, 4),
            ("e4+#", UnexpectedByte, 3),
            ("Nf3f3", SameSquare, 1),
            ("de4", PawnSource, 0),
            ("e2e4", PawnSource, 0),
            ("xe4", MissingCaptureFile, 0),
            ("exe5", Unreachable, 0),
            ("Ne2f3", Unreachable, 1),
            ("Ke1g1", Unreachable, 1),
            ("Pe4", ExpectedSquare, 0),
            ("--", NullMove, 0),
        ] {
            let err = strict(s).unwrap_err();
            assert_eq!((err.kind(), err.offset()), (kind, at), "{s}");
        }
    }

    #[test]
    fn geometry_check_on_an_empty_board() {
        assert!(strict("Nbc3").is_ok());
        assert!(strict("Nb1c3").is_ok());
        assert!(strict("Nb2c3").is_err());
        assert!(strict("Bb2c4").is_err());
        assert!(strict("Bb2a3").is_ok());
        assert!(strict("R1a3").is_ok());
        assert!(strict("Rb1a3").is_err());
        assert!(strict("Qb2a3").is_ok());
        assert!(strict("Qb1a3").is_err());
        assert!(strict("Kd1e2").is_ok());
        assert!(strict("exf6").is_ok());
        assert!(strict("axh3").is_err());
    }
}
