//! The leniencies of the FEN parser, and the set of them a parse allows or
//! used.

use crate::text::{enum_set, named_enum};

named_enum! {
    /// One leniency of the FEN parser: a departure from strict FEN that
    /// real data needs, allowed only when asked for.
    ///
    /// Strict FEN is exactly: eight ranks of eight squares separated by `/`
    /// (piece letters `PNBRQKpnbrqk`, digits `1`–`8`, never two digits in a
    /// row), `w` or `b`, castling `-` or letters in canonical order without
    /// repeats (White before Black; for each, `K`, rook files from `h` to
    /// `a`, `Q`) — `KQkq`, or the Chess960 forms: Shredder-FEN file letters
    /// such as `HAha` and X-FEN mixtures such as `Bkq` — an en-passant square
    /// `-` or on rank 6 with White to move and rank 3 with Black to move, a
    /// halfmove clock `0`–`65535` and a fullmove number `1`–`65535` without
    /// leading zeros, fields separated by single spaces and nothing before
    /// or after.
    ///
    /// ```
    /// use chessnote::fen::FenLeniency;
    /// assert_eq!(FenLeniency::LeadingZeros.name(), "leading-zeros");
    /// assert_eq!("missing-counters".parse(), Ok(FenLeniency::MissingCounters));
    /// ```
    #[non_exhaustive]
    pub enum FenLeniency: "FEN leniency" {
        /// ASCII whitespace (spaces, tabs, CR, LF, form feed) before and
        /// after the record.
        SurroundingWhitespace = "surrounding-whitespace",
        /// A record that ends after the en-passant field (as EPD and many
        /// web tools write it; the counters become `0 1`) or after the
        /// halfmove clock (the fullmove number becomes 1).
        MissingCounters = "missing-counters",
        /// Fullmove number `0` (kept as 0).
        FullmoveZero = "fullmove-zero",
        /// Leading zeros in the counters (`007`).
        LeadingZeros = "leading-zeros",
        /// Two or more digits in a row in a rank (`44`, `11111111`).
        AdjacentDigits = "adjacent-digits",
        /// Castling letters in any order and repeated (`qkQK`, `KQkqKQ`).
        CastlingAnyOrder = "castling-any-order",
        /// An en-passant square on any rank, whoever is to move.
        EnPassantAnyRank = "en-passant-any-rank",
    }
}

impl FenLeniency {
    /// A short description for people.
    ///
    /// ```
    /// use chessnote::fen::FenLeniency;
    /// assert_eq!(FenLeniency::LeadingZeros.description(), "leading zeros in the counters (007)");
    /// ```
    pub const fn description(self) -> &'static str {
        match self {
            FenLeniency::SurroundingWhitespace => "whitespace before or after the record",
            FenLeniency::MissingCounters => "record without its counters (as EPD writes it)",
            FenLeniency::FullmoveZero => "fullmove number 0",
            FenLeniency::LeadingZeros => "leading zeros in the counters (007)",
            FenLeniency::AdjacentDigits => "two digits in a row in a rank (44)",
            FenLeniency::CastlingAnyOrder => "castling letters in any order or repeated (qkQK)",
            FenLeniency::EnPassantAnyRank => "en-passant square on any rank",
        }
    }
}

enum_set! {
    /// A set of [`FenLeniency`]s: the ones a parse allows, or the ones it
    /// used. Passed by value; the default is [`FenOptions::STRICT`].
    ///
    /// [`Setup::from_ascii_reporting`](crate::Setup::from_ascii_reporting)
    /// says which leniencies a parse used.
    ///
    /// ```
    /// use chessnote::fen::{FenLeniency, FenOptions};
    /// use chessnote::Setup;
    ///
    /// let epd_like = b"  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -  ";
    /// assert!(Setup::from_ascii(epd_like).is_err());
    /// let options = FenOptions::STRICT
    ///     .with(FenLeniency::SurroundingWhitespace)
    ///     .with(FenLeniency::MissingCounters);
    /// assert_eq!(options.to_string(), "surrounding-whitespace, missing-counters");
    /// let setup = Setup::from_ascii_with(epd_like, options)?;
    /// assert_eq!(setup, Setup::STARTING);
    /// # Ok::<(), chessnote::fen::FenError>(())
    /// ```
    pub struct FenOptions(u8) of FenLeniency;
}

impl FenOptions {
    /// Strict FEN: no leniency (see [`FenLeniency`]).
    pub const STRICT: FenOptions = FenOptions::EMPTY;

    /// What the seed crate `chess_fen_parser` 0.1.1 accepts in the six FEN
    /// fields (its grammar, `fen.pest`, plus its checks: 8 squares a rank,
    /// counters that fit in `u16`): adjacent digits, castling letters in any
    /// order and repeated, an en-passant square on any rank, leading zeros
    /// and fullmove 0. The seed reads only the castling letters `KQkq`;
    /// [`parse_fen_with`](super::parse_fen_with) given exactly these options
    /// checks that too.
    ///
    /// ```
    /// use chessnote::fen::FenOptions;
    /// use chessnote::Setup;
    /// let odd = b"rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w qkQK e4 007 0";
    /// assert!(Setup::from_ascii(odd).is_err());
    /// assert!(Setup::from_ascii_with(odd, FenOptions::SEED).is_ok());
    /// ```
    pub const SEED: FenOptions = FenOptions::EMPTY
        .with(FenLeniency::FullmoveZero)
        .with(FenLeniency::LeadingZeros)
        .with(FenLeniency::AdjacentDigits)
        .with(FenLeniency::CastlingAnyOrder)
        .with(FenLeniency::EnPassantAnyRank);

    /// Every leniency.
    ///
    /// ```
    /// use chessnote::fen::FenOptions;
    /// use chessnote::Setup;
    /// let text = b"\t8/8/8/8/8/8/8/8 w HAkq a1 01\r\n";
    /// assert!(Setup::from_ascii_with(text, FenOptions::LENIENT).is_ok());
    /// ```
    pub const LENIENT: FenOptions = FenOptions::ALL;
}
