//! The leniencies SAN parsing can be asked for, and sets of them.

use crate::text::{enum_set, named_enum};

#[cfg(doc)]
use super::{SanPlus, Turn};

named_enum! {
    /// One named leniency: a construct outside strict SAN that real games
    /// contain, accepted only when asked for (see [`SanOptions`]). Each has a
    /// stable lowercase name ([`Leniency::name`], `Display`, `FromStr`), the
    /// one the `chessnote` command's `--allow` takes, and a description for
    /// people ([`Leniency::description`]).
    ///
    /// ```
    /// use chessnote::san::Leniency;
    /// assert_eq!(Leniency::ZeroCastling.to_string(), "zero-castling");
    /// assert_eq!("lan-dash".parse::<Leniency>(), Ok(Leniency::LanDash));
    /// assert_eq!(Leniency::ZeroCastling.description(), "castling written with zeros (0-0)");
    /// ```
    #[non_exhaustive]
    pub enum Leniency: "leniency" {
        /// `0-0` and `0-0-0`, with the digit zero rather than the letter
        /// `O`. Mixed forms such as `O-0` are never accepted.
        ///
        /// ```
        /// use chessnote::san::{Leniency, SanOptions, SanPlus};
        /// let opts = SanOptions::STRICT.with(Leniency::ZeroCastling);
        /// assert_eq!(SanPlus::from_ascii_with(b"0-0-0", opts)?.to_string(), "O-O-O");
        /// # Ok::<(), chessnote::san::SanError>(())
        /// ```
        ZeroCastling = "zero-castling",
        /// A pawn move with a source SAN never writes: a file, rank or
        /// square on a push (`de4`, `3d4`, `e2e4`), a rank or square on a
        /// capture (`e4xd5`), and a capture without its source file (`xd5`).
        ///
        /// ```
        /// use chessnote::san::{Leniency, SanOptions, SanPlus};
        /// let opts = SanOptions::STRICT.with(Leniency::PawnSources);
        /// assert!(SanPlus::from_ascii_with(b"xd5", opts).is_ok());
        /// assert!(SanPlus::from_ascii(b"xd5").is_err());
        /// ```
        PawnSources = "pawn-sources",
        /// A written source from which the piece cannot reach the
        /// destination even on an empty board (`Ne2f3`, `Ke1g1`, `exe5`):
        /// the empty-board check is skipped.
        ///
        /// ```
        /// use chessnote::san::{Leniency, SanOptions, SanPlus};
        /// let opts = SanOptions::STRICT.with(Leniency::AnyGeometry);
        /// assert!(SanPlus::from_ascii_with(b"Ne2f3", opts).is_ok());
        /// assert!(SanPlus::from_ascii(b"Ne2f3").is_err());
        /// ```
        AnyGeometry = "any-geometry",
        /// The PGN null move `--` (and `Z0`, as some programs write it).
        ///
        /// ```
        /// use chessnote::san::{Leniency, San, SanOptions, SanPlus};
        /// let opts = SanOptions::STRICT.with(Leniency::NullMove);
        /// assert_eq!(SanPlus::from_ascii_with(b"Z0", opts)?.san, San::Null);
        /// # Ok::<(), chessnote::san::SanError>(())
        /// ```
        NullMove = "null-move",
        /// A pawn move written with the letter `P` (`Pe4`, `Pexd5`).
        ///
        /// ```
        /// use chessnote::san::{Leniency, SanOptions, SanPlus};
        /// let opts = SanOptions::STRICT.with(Leniency::PawnLetter);
        /// assert_eq!(SanPlus::from_ascii_with(b"Pe4", opts)?.to_string(), "e4");
        /// # Ok::<(), chessnote::san::SanError>(())
        /// ```
        PawnLetter = "pawn-letter",
        /// A promotion without `=`: `e8Q`, and `e8q`.
        ///
        /// ```
        /// use chessnote::san::{Leniency, SanOptions, SanPlus};
        /// let opts = SanOptions::STRICT.with(Leniency::PromotionWithoutEquals);
        /// assert_eq!(SanPlus::from_ascii_with(b"exd8q+", opts)?.to_string(), "exd8=Q+");
        /// # Ok::<(), chessnote::san::SanError>(())
        /// ```
        PromotionWithoutEquals = "promotion-without-equals",
        /// An en-passant mark after the destination: `exd6 e.p.` or
        /// `exd6e.p.` (it is not kept: SAN has no place for it).
        ///
        /// ```
        /// use chessnote::san::{Leniency, SanOptions, SanPlus};
        /// let opts = SanOptions::STRICT.with(Leniency::EnPassantSuffix);
        /// assert_eq!(SanPlus::from_ascii_with(b"exd6 e.p.", opts)?.to_string(), "exd6");
        /// # Ok::<(), chessnote::san::SanError>(())
        /// ```
        EnPassantSuffix = "en-passant-suffix",
        /// A dash between a full source square and the destination
        /// (`e2-e4`, `Ng1-f3`), as in long algebraic notation.
        ///
        /// ```
        /// use chessnote::san::{Leniency, SanOptions, SanPlus};
        /// let opts = SanOptions::STRICT.with(Leniency::LanDash);
        /// assert_eq!(SanPlus::from_ascii_with(b"Ng1-f3", opts)?.to_string(), "Ng1f3");
        /// # Ok::<(), chessnote::san::SanError>(())
        /// ```
        LanDash = "lan-dash",
        /// In a position: disambiguation other than the one SAN writes: more
        /// than needed (`Nge2` where `Ne2` suffices), or another sufficient
        /// one (`N1d2` where SAN writes `Nbd2`). Syntax alone never needs it.
        AnyDisambiguation = "any-disambiguation",
        /// In a position: a capture written without `x`, or an `x` on a move
        /// that captures nothing.
        CaptureMismatch = "capture-mismatch",
        /// In a position: a `+` or `#` that does not match what the move
        /// does (a missing suffix is always accepted).
        WrongSuffix = "wrong-suffix",
        /// A crazyhouse drop: a piece letter, `@` and the square (`N@f3`;
        /// `@e4` or `P@e4` for a pawn). The replay of a crazyhouse game
        /// reads them as its own notation, without reporting them.
        ///
        /// ```
        /// use chessnote::san::{Leniency, SanOptions, SanPlus};
        /// let opts = SanOptions::STRICT.with(Leniency::Drops);
        /// assert_eq!(SanPlus::from_ascii_with(b"P@e4+", opts)?.to_string(), "@e4+");
        /// assert!(SanPlus::from_ascii(b"N@f3").is_err());
        /// # Ok::<(), chessnote::san::SanError>(())
        /// ```
        Drops = "drops",
        /// A promotion to a king (`e8=K`), as antichess has; the replay of
        /// an antichess game reads it without reporting it.
        ///
        /// ```
        /// use chessnote::san::{Leniency, SanOptions, SanPlus};
        /// let opts = SanOptions::STRICT.with(Leniency::KingPromotion);
        /// assert!(SanPlus::from_ascii_with(b"exd8=K", opts).is_ok());
        /// assert!(SanPlus::from_ascii(b"exd8=K").is_err());
        /// ```
        KingPromotion = "king-promotion",
    }
}

impl Leniency {
    /// A short description for people.
    ///
    /// ```
    /// assert_eq!(chessnote::san::Leniency::PawnLetter.description(), "pawn move written with P (Pe4)");
    /// ```
    pub const fn description(self) -> &'static str {
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
            Leniency::Drops => "crazyhouse drop (N@f3)",
            Leniency::KingPromotion => "promotion to a king (e8=K)",
        }
    }
}

enum_set! {
    /// A set of [`Leniency`]s: the ones a parse allows, or the ones it used.
    /// [`SanOptions::STRICT`] (the default) is the empty set. Sets are small
    /// `Copy` values, passed by value, with the verbs every chessnote set
    /// has: `contains`, `with`, `without`, `iter`, `|`, and `Display` and
    /// `FromStr` of the leniencies' names.
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
    /// let lax = SanOptions::STRICT.with(Leniency::PawnSources);
    /// assert!(SanPlus::from_ascii(b"e2e4").is_err());
    /// assert_eq!(SanPlus::from_ascii_with(b"e2e4", lax)?.to_string(), "e2e4");
    /// assert!(lax.contains(Leniency::PawnSources));
    /// assert_eq!(SanOptions::SEED.to_string(), "zero-castling, pawn-sources, any-geometry");
    /// assert_eq!("null-move, lan-dash".parse(), Ok(SanOptions::STRICT | Leniency::NullMove | Leniency::LanDash));
    /// # Ok::<(), chessnote::san::SanError>(())
    /// ```
    pub struct SanOptions(u16) of Leniency;
}

impl SanOptions {
    /// No leniency: exactly what a correct SAN writer produces (plus the
    /// optional `+`/`#` suffix and annotation).
    ///
    /// ```
    /// use chessnote::san::{SanOptions, SanPlus};
    /// assert!(SanPlus::from_ascii_with(b"Nf3", SanOptions::STRICT).is_ok());
    /// assert!(SanOptions::STRICT.is_empty());
    /// ```
    pub const STRICT: SanOptions = SanOptions::EMPTY;

    /// The language of the `chess-notation-parser` crate, which the
    /// [`Turn`] façade accepts: castling with zeros, any pawn source and no
    /// geometry check (but a source square equal to the destination is still
    /// rejected, where that crate accepted it).
    ///
    /// ```
    /// use chessnote::san::{SanOptions, SanPlus};
    /// assert!(SanPlus::from_ascii_with(b"Ne2f3", SanOptions::SEED).is_ok());
    /// assert!(SanPlus::from_ascii_with(b"Nf3f3", SanOptions::SEED).is_err());
    /// assert_eq!(SanOptions::SEED.len(), 3);
    /// ```
    pub const SEED: SanOptions = SanOptions::STRICT
        .with(Leniency::ZeroCastling)
        .with(Leniency::PawnSources)
        .with(Leniency::AnyGeometry);

    /// The notation of Lichess's variants: drops ([`Leniency::Drops`]) and
    /// promotions to a king ([`Leniency::KingPromotion`]). A PGN reader
    /// reads them in every game (a standard game finds them illegal), and
    /// never reports them.
    ///
    /// ```
    /// use chessnote::san::{SanOptions, SanPlus};
    /// assert!(SanPlus::from_ascii_with(b"N@f3+", SanOptions::VARIANTS).is_ok());
    /// assert_eq!(SanOptions::VARIANTS.len(), 2);
    /// ```
    pub const VARIANTS: SanOptions = SanOptions::STRICT
        .with(Leniency::Drops)
        .with(Leniency::KingPromotion);

    /// Every leniency: what real PGN files contain.
    ///
    /// ```
    /// use chessnote::san::{SanOptions, SanPlus};
    /// assert_eq!(SanPlus::from_ascii_with(b"Pe7-e8Q", SanOptions::LENIENT)?.to_string(), "e7e8=Q");
    /// # Ok::<(), chessnote::san::SanError>(())
    /// ```
    pub const LENIENT: SanOptions = SanOptions::ALL;
}
