//! The leniencies SAN parsing can be asked for, and sets of them.

use core::fmt;

#[cfg(doc)]
use super::{SanPlus, Turn};

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
