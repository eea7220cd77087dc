//! How the reader reads: its leniencies, the SAN it accepts, its safety
//! limits and its buffer.

use alloc::string::String;
use core::fmt;

use crate::fen::{FenLeniency, FenOptions};
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
        /// A backslash in a tag value before a character other than `"`
        /// or `\` (`\'`, `\n`), kept as written: the standard names only
        /// those two escapes.
        UnknownEscape = "unknown-escape",
        /// A game that ends with no termination marker (cut off by the end
        /// of the input, the next game's tags, or move numbers that start
        /// over): its moves are read, the game reported.
        MissingResult = "missing-result",
        /// A `[%clk]` or `[%eval]` command whose arguments do not read
        /// (`[%clk 0:x]`, `[%eval 1.234]`), or an evaluation of mate in
        /// more moves than a game can have (over 32767): the move has no
        /// clock or evaluation from it, and it is reported.
        BadCommand = "bad-command",
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
            PgnLeniency::MissingResult => {
                "a game with no result marker at its end (cut off, or the next game starts)"
            }
            PgnLeniency::UnknownEscape => {
                "a backslash in a tag value before a character other than \" or \\, kept as written"
            }
            PgnLeniency::BadCommand => {
                "a [%clk] or [%eval] comment command that does not read, left out"
            }
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
    /// The longest token (a move, a number, a NAG), in bytes (default
    /// 256).
    pub max_token_len: usize,
    /// The longest comment kept, in bytes (default 1 MiB): a longer one
    /// is cut there (at a character's boundary), read to its end, and that
    /// is reported at its `{`.
    pub max_comment_len: usize,
    /// The most problems kept for one game, errors and warnings each
    /// (default 1,000): the others are counted, and one more error says
    /// how many there were.
    pub max_problems: u32,
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
        max_comment_len: 1 << 20,
        max_problems: 1_000,
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
    /// The `Variant` tag a game without one is read as (default `None`:
    /// standard chess): the rules its moves are replayed by, for files of
    /// one variant whose games do not say it. A game's own `Variant` tag
    /// still decides (`--variant` of `chessnote pgn`).
    pub default_variant: Option<super::tags::Variant>,
}

impl ReadOptions {
    /// The SAN strict reading accepts: strict SAN, plus castling written
    /// with zeros (`0-0`) and the null move (`--`, `Z0`), which real files
    /// contain, which mean one thing only, and which are never reported.
    pub const STRICT_SAN: SanOptions = SanOptions::STRICT
        .with(Leniency::ZeroCastling)
        .with(Leniency::NullMove);

    /// The SAN a PGN reader accepts by default: [`ReadOptions::STRICT_SAN`],
    /// and a move written off the standard that still names exactly one
    /// legal move: a wrong `+` or `#`
    /// ([`Leniency::WrongSuffix`]), a disambiguation SAN does not write
    /// ([`Leniency::AnyDisambiguation`]), a capture mark where nothing is
    /// captured or none on a capture ([`Leniency::CaptureMismatch`]). Each
    /// such move is played and reported as a warning named after its
    /// leniency ([`super::PgnErrorKind::is_warning`]).
    pub const DEFAULT_SAN: SanOptions = ReadOptions::STRICT_SAN
        .with(Leniency::WrongSuffix)
        .with(Leniency::AnyDisambiguation)
        .with(Leniency::CaptureMismatch);

    /// The defaults: nothing that can be read unambiguously is lost.
    /// [`ReadOptions::DEFAULT_SAN`], moves written in UCI
    /// ([`PgnLeniency::UciMoves`]), unknown escapes in tag values kept
    /// as written ([`PgnLeniency::UnknownEscape`]), games with no result
    /// marker ([`PgnLeniency::MissingResult`]) and clocks and evaluations
    /// that do not read ([`PgnLeniency::BadCommand`]), each reported as a
    /// warning; strict FEN tags, [`Limits::DEFAULT`], a 64 KiB buffer.
    pub const DEFAULT: ReadOptions = ReadOptions {
        leniencies: PgnLeniencies::EMPTY
            .with(PgnLeniency::UciMoves)
            .with(PgnLeniency::UnknownEscape)
            .with(PgnLeniency::MissingResult)
            .with(PgnLeniency::BadCommand),
        san: ReadOptions::DEFAULT_SAN,
        fen: FenOptions::STRICT,
        limits: Limits::DEFAULT,
        buffer_size: 64 * 1024,
        default_variant: None,
    };

    /// Strict reading: [`ReadOptions::DEFAULT`] without the moves written
    /// off the standard, which are then errors that stop their line (SAN
    /// as the standard writes it, but castling with zeros and null moves;
    /// no UCI moves). What `--strict` and `strict=True` read.
    ///
    /// ```
    /// use chessnote::pgn::{PgnErrorKind, ReadOptions, Reader};
    /// let pgn = b"1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7+ *";
    /// let game = Reader::from_slice(pgn).games().next().unwrap();
    /// assert_eq!((game.uci().count(), game.errors.len()), (7, 0));
    /// assert_eq!(game.warnings[0].kind(), PgnErrorKind::WrongSuffix);
    /// let strict = Reader::from_slice_with(pgn, ReadOptions::STRICT).games().next().unwrap();
    /// assert_eq!((strict.uci().count(), strict.errors[0].kind()), (6, PgnErrorKind::IllegalMove));
    /// ```
    pub const STRICT: ReadOptions = ReadOptions {
        leniencies: PgnLeniencies::EMPTY,
        san: ReadOptions::STRICT_SAN,
        ..ReadOptions::DEFAULT
    };

    /// Every leniency: SAN's, FEN's (in `FEN` tags) and PGN's.
    pub const LENIENT: ReadOptions = ReadOptions {
        leniencies: PgnLeniencies::ALL,
        san: SanOptions::LENIENT,
        fen: FenOptions::LENIENT,
        ..ReadOptions::DEFAULT
    };

    /// How python-chess reads, to compare with it or stand in for it:
    /// [`ReadOptions::DEFAULT`] with the SAN it takes without naming a
    /// leniency (long algebraic moves, a wrong `+`, more disambiguation
    /// than needed …: every SAN leniency), results written `½-½`
    /// ([`PgnLeniency::UnicodeResult`]), and FEN tags as leniently as it
    /// reads them. What `chessnote.pgn` (python-chess's `chess.pgn` in
    /// Python) reads with.
    ///
    /// ```
    /// use chessnote::pgn::{ReadOptions, Reader};
    /// let pgn = "1. e4 e5 2. Ng1f3 Nb8-c6 3. Bb5+ ½-½".as_bytes();
    /// let game = Reader::from_slice_with(pgn, ReadOptions::PYTHON_CHESS).games().next().unwrap();
    /// assert_eq!((game.uci().count(), game.errors.len()), (5, 0));
    /// ```
    pub const PYTHON_CHESS: ReadOptions = ReadOptions {
        leniencies: ReadOptions::DEFAULT
            .leniencies
            .with(PgnLeniency::UnicodeResult),
        san: SanOptions::LENIENT,
        fen: FenOptions::LENIENT,
        ..ReadOptions::DEFAULT
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

    /// With the leniency named `name`: one of SAN's
    /// ([`Leniency::name`]), FEN's ([`FenLeniency::name`], for `FEN`
    /// tags) or PGN's ([`PgnLeniency::name`]), as `--allow` and the
    /// Python package's `allow=` take them. Surrounding spaces are ignored.
    ///
    /// ```
    /// use chessnote::pgn::ReadOptions;
    /// use chessnote::san::Leniency;
    /// let options = ReadOptions::STRICT.allow("pawn-letter")?.allow(" fullmove-zero")?;
    /// assert!(options.san.contains(Leniency::PawnLetter));
    /// let err = ReadOptions::STRICT.allow("pawn").unwrap_err();
    /// assert!(err.to_string().starts_with("unknown leniency `pawn`; expected one of: zero-castling, "));
    /// # Ok::<(), chessnote::pgn::UnknownLeniency>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`UnknownLeniency`] for a name that is none of them.
    pub fn allow(mut self, name: &str) -> Result<ReadOptions, UnknownLeniency> {
        let name = name.trim();
        if let Some(leniency) = Leniency::from_name(name) {
            self.san = self.san.with(leniency);
        } else if let Some(leniency) = FenLeniency::from_name(name) {
            self.fen = self.fen.with(leniency);
        } else if let Some(leniency) = PgnLeniency::from_name(name) {
            self.leniencies = self.leniencies.with(leniency);
        } else {
            return Err(UnknownLeniency {
                name: String::from(name),
            });
        }
        Ok(self)
    }

    /// Every leniency name [`ReadOptions::allow`] takes, with what it
    /// allows: SAN's, then FEN's, then PGN's.
    ///
    /// ```
    /// use chessnote::pgn::ReadOptions;
    /// assert!(ReadOptions::leniencies().any(|(name, _)| name == "uci-moves"));
    /// ```
    pub fn leniencies() -> impl Iterator<Item = (&'static str, &'static str)> {
        let san = Leniency::ALL
            .into_iter()
            .map(|l| (l.name(), l.description()));
        let fen = FenLeniency::ALL
            .into_iter()
            .map(|l| (l.name(), l.description()));
        let pgn = PgnLeniency::ALL
            .into_iter()
            .map(|l| (l.name(), l.description()));
        san.chain(fen).chain(pgn)
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

/// A leniency name [`ReadOptions::allow`] does not know.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct UnknownLeniency {
    name: String,
}

impl UnknownLeniency {
    /// The name.
    pub fn name(&self) -> &str {
        &self.name
    }
}

impl fmt::Display for UnknownLeniency {
    /// The name, and every name known.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown leniency `{}`; expected one of: ", self.name)?;
        for (i, (name, _)) in ReadOptions::leniencies().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(name)?;
        }
        Ok(())
    }
}

impl core::error::Error for UnknownLeniency {}
