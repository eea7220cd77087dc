//! How the reader reads: its leniencies, the SAN it accepts, its safety
//! limits and its buffer.

use crate::fen::FenOptions;
use crate::san::{Leniency, SanOptions};
use crate::text::{enum_set, named_enum};

named_enum! {
    /// One named PGN leniency: a construct outside the standard that real
    /// files contain, accepted only when asked for (see [`ReadOptions`]).
    /// SAN's own leniencies are [`crate::san::Leniency`].
    ///
    /// ```
    /// use chessnote::pgn::PgnLeniency;
    /// assert_eq!(PgnLeniency::UnicodeResult.to_string(), "unicode-result");
    /// ```
    #[non_exhaustive]
    pub enum PgnLeniency: "PGN leniency" {
        /// Results written with `½` (`½-½`) or with an en or em dash
        /// (`1–0`, `0—1`), as some sites export them.
        UnicodeResult = "unicode-result",
        /// Moves written in UCI (`e2e4`, `e7e8q`, `0000`) where SAN is
        /// expected, as pgn-extract's `-Wuci` and chessnote's own UCI
        /// export write them; visitors get them through
        /// [`super::Visitor::uci`].
        UciMoves = "uci-moves",
    }
}

impl PgnLeniency {
    /// A short description for people.
    ///
    /// ```
    /// use chessnote::pgn::PgnLeniency;
    /// assert_eq!(PgnLeniency::UnicodeResult.description(), "result written with ½ or a long dash (½-½, 1–0)");
    /// ```
    pub const fn description(self) -> &'static str {
        match self {
            PgnLeniency::UnicodeResult => "result written with ½ or a long dash (½-½, 1–0)",
            PgnLeniency::UciMoves => "a move written in UCI (e2e4) instead of SAN",
        }
    }
}

enum_set! {
    /// A set of [`PgnLeniency`] values.
    ///
    /// ```
    /// use chessnote::pgn::{PgnLeniencies, PgnLeniency};
    /// let set = PgnLeniencies::EMPTY.with(PgnLeniency::UnicodeResult);
    /// assert!(set.contains(PgnLeniency::UnicodeResult));
    /// assert_eq!(set.to_string(), "unicode-result");
    /// ```
    pub struct PgnLeniencies(u8) of PgnLeniency;
}

/// The reader's safety limits. Exceeding one is an error for that game,
/// reported, and the reader goes on: never a crash, never unbounded memory.
///
/// ```
/// use chessnote::pgn::Limits;
/// let limits = Limits { max_depth: 16, ..Limits::DEFAULT };
/// assert_eq!(limits.max_tags, Limits::DEFAULT.max_tags);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Limits {
    /// The longest tag pair, `[` to `]`, in bytes (default 16 KiB). The
    /// reader's buffer holds at least twice this.
    pub max_tag_len: usize,
    /// The longest token (a move, a number, a NAG), in bytes (default 256;
    /// comments have no limit: they come in pieces).
    pub max_token_len: usize,
    /// The deepest nesting of variations (default 256); deeper ones are
    /// skipped, and that is reported.
    pub max_depth: usize,
    /// The most moves in one game, variations included (default 1,000,000);
    /// the rest of the game is skipped, and that is reported.
    pub max_moves: u32,
    /// The most tag pairs in one game (default 10,000); the others are
    /// skipped, and that is reported.
    pub max_tags: u32,
}

impl Limits {
    /// The defaults.
    pub const DEFAULT: Limits = Limits {
        max_tag_len: 16 * 1024,
        max_token_len: 256,
        max_depth: 256,
        max_moves: 1_000_000,
        max_tags: 10_000,
    };
}

impl Default for Limits {
    fn default() -> Limits {
        Limits::DEFAULT
    }
}

/// Everything a [`super::Reader`] can be asked: leniencies, SAN options,
/// limits, the buffer size.
///
/// ```
/// use chessnote::pgn::{PgnLeniency, ReadOptions, Reader};
/// use chessnote::san::Leniency;
///
/// let options = ReadOptions::DEFAULT
///     .with_leniency(PgnLeniency::UnicodeResult)
///     .with_san_leniency(Leniency::PawnLetter);
/// let reader = Reader::from_slice_with(b"1. Pe4 e5 \xc2\xbd-\xc2\xbd", options);
/// let game = reader.games().next().unwrap();
/// assert!(game.errors.is_empty());
/// assert_eq!(game.result, Some(chessnote::pgn::GameResult::Draw));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct ReadOptions {
    /// The PGN leniencies allowed (default: none).
    pub leniencies: PgnLeniencies,
    /// The SAN leniencies allowed (default: castling with zeros and null
    /// moves, [`ReadOptions::DEFAULT_SAN`]); each use is reported per move
    /// ([`super::Token::leniencies`]).
    pub san: SanOptions,
    /// The FEN leniencies allowed in `FEN` tags (default: none): puzzle
    /// collections write fullmove number 0, for instance
    /// ([`crate::fen::FenLeniency::FullmoveZero`]).
    pub fen: FenOptions,
    /// The safety limits.
    pub limits: Limits,
    /// The size of the buffer of a reader over `io::Read`, in bytes
    /// (default 64 KiB; raised to twice the longest tag if smaller).
    pub buffer_size: usize,
}

impl ReadOptions {
    /// The SAN a PGN reader accepts by default: strict SAN, plus castling
    /// written with zeros (`0-0`) and the null move (`--`, `Z0`), which
    /// real files contain and which mean one thing only.
    pub const DEFAULT_SAN: SanOptions = SanOptions::STRICT
        .with(Leniency::ZeroCastling)
        .with(Leniency::NullMove);

    /// The defaults: no PGN leniency, [`ReadOptions::DEFAULT_SAN`],
    /// [`Limits::DEFAULT`], a 64 KiB buffer.
    pub const DEFAULT: ReadOptions = ReadOptions {
        leniencies: PgnLeniencies::EMPTY,
        san: ReadOptions::DEFAULT_SAN,
        fen: FenOptions::STRICT,
        limits: Limits::DEFAULT,
        buffer_size: 64 * 1024,
    };

    /// With one more PGN leniency.
    #[must_use]
    pub const fn with_leniency(mut self, leniency: PgnLeniency) -> ReadOptions {
        self.leniencies = self.leniencies.with(leniency);
        self
    }

    /// With one more SAN leniency.
    #[must_use]
    pub const fn with_san_leniency(mut self, leniency: Leniency) -> ReadOptions {
        self.san = self.san.with(leniency);
        self
    }

    /// The buffer size the reader uses: `buffer_size`, at least twice the
    /// longest tag and token, at least 4 KiB.
    #[cfg(feature = "std")]
    pub(crate) fn effective_buffer_size(&self) -> usize {
        self.buffer_size
            .max(2 * self.limits.max_tag_len.max(self.limits.max_token_len))
            .max(4096)
    }
}

impl Default for ReadOptions {
    fn default() -> ReadOptions {
        ReadOptions::DEFAULT
    }
}
