//! Game filters: the `--where EXPR` language of `chessnote pgn count`,
//! `convert`, `split` and `export`, compiled once and matched against each
//! game's tags (and, when asked, its moves: their number, its opening, the
//! positions it reaches, how it ends).
//!
//! ```
//! use chessnote::pgn::filter::{Filter, TagsAndPlies};
//!
//! let filter = Filter::parse(r#"WhiteElo >= 2000 and (BlackElo < 1500 or not Event ~ "Bullet")"#)?;
//! let tags = [
//!     ("Event".to_owned(), "Rated Blitz game".to_owned()),
//!     ("WhiteElo".to_owned(), "2105".to_owned()),
//!     ("BlackElo".to_owned(), "1980".to_owned()),
//! ];
//! assert!(filter.matches(&TagsAndPlies { tags: &tags, plies: 0 }));
//! assert!(!filter.needs_moves());
//! assert!(filter.uses_tag(b"BlackElo") && !filter.uses_tag(b"Site"));
//! # Ok::<(), chessnote::pgn::filter::FilterError>(())
//! ```
//!
//! # The language
//!
//! An expression is tests joined by `and`, `or` and `not`:
//!
//! ```text
//! WhiteElo >= 2000
//! Event ~ "Titled Arena"
//! TimeControl.base >= 600
//! Result = "1-0"
//! Date >= 2020.01.01
//! plies > 40
//! WhiteElo >= 2000 and (BlackElo < 1500 or not Event ~ "Bullet")
//! opening ~ "Sicilian" and opening.eco >= "B50"
//! reaches("rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq -")
//! material("KRPvKR") and status = "checkmate"
//! ```
//!
//! **A test** is a field, a comparison and a literal (`WhiteElo >= 2000`),
//! or a field alone, which tests that the field has a value (`WhiteElo`,
//! `not WhiteElo`, `TimeControl.moves`).
//!
//! **Fields.**
//! - A tag name, as PGN writes it: a letter or digit, then letters, digits
//!   and `_ + # : -` (the PGN symbol characters but `=`, which is the
//!   comparison: `WhiteElo=2000` reads as `WhiteElo = 2000`). Names are
//!   case-sensitive; the game's first tag of that name is the one read.
//! - `plies` (lowercase): the number of mainline moves of the game. It is
//!   a number, always known; it must be compared (`plies` alone is an
//!   error). A tag named `plies` cannot be tested, nor tags named `and`,
//!   `or` or `not` (in any case): those words are the language's.
//! - `opening` (lowercase): the game's opening as Lichess names it (see
//!   [`crate::opening`]): `opening` or `opening.name` its name (`opening ~
//!   "Sicilian"`), `opening.eco` its ECO code (`opening.eco >= "B50"`),
//!   `opening.ply` the ply that reaches it (a number). It has no value when
//!   the game reaches no position of the table (or does not start from the
//!   standard position); `opening` alone tests that it has one. A tag named
//!   `opening` cannot be tested.
//! - Positions: `reaches("FEN")` holds when a mainline position (the start
//!   or one after a mainline move) is the FEN's: the same pieces on the
//!   same squares, side to move and castling rights, and the same
//!   en-passant file as the Polyglot key counts it (where a pawn of the
//!   side to move stands next to the pawn that made the double step); the
//!   move counters do not count and may be left out.
//!   `material("KRPvKR")` holds when a mainline position has exactly that
//!   material: White's pieces, `v`, Black's, each a `K` and any of `QRBNP`
//!   in any order. Neither is compared: they are tests by themselves, and
//!   at most [`MAX_POSITION_TESTS`] distinct ones may be used.
//! - `status` (lowercase): how the final position of the mainline ends
//!   the game, as python-chess's `board.outcome()` names it:
//!   `"checkmate"`, `"stalemate"`, `"insufficient_material"`,
//!   `"seventyfive_moves"`, `"fivefold_repetition"` ([`STATUS_NAMES`]);
//!   no value when it ends nothing. It is compared by `=` or `!=` with one
//!   of those; `status` alone tests that the game ended so.
//!
//!   These read the replay's positions: [`crate::pgn::Replay::only`] plays
//!   the moves of the games whose tags pass and watches their positions
//!   ([`Watch`]), and the filter reads what it saw
//!   ([`FilterInput::watch`]). Tags named `reaches`, `material` or `status`
//!   cannot be tested.
//! - A tag name with a sub-field, which says how to read the value:
//!   - `.year`, `.month`, `.day`: the value read as a PGN date
//!     (`YYYY.MM.DD`, see [`Date`](super::tags::Date)), any tag
//!     (`Date.year`, `UTCDate.month`, `EventDate.day`); a `??` part has no
//!     value.
//!   - `.base`, `.increment`, `.moves`: the value read as a time control
//!     (see [`TimeControl`](super::tags::TimeControl)), any tag, of which
//!     the first period counts: `base` is its time in whole seconds
//!     (a sandclock's time for `*180`), `increment` its increment in whole
//!     seconds (`0` when it has none), `moves` its number of moves (no
//!     value when it has none: `300+3`). `?` and `-` have no value.
//!
//!   A sub-field is a number, compared with integers only. Any other
//!   sub-field is an error ([`unknown-sub-field`](FilterErrorKind::UnknownSubField)).
//!
//! **Literals.**
//! - Integers: digits, with an optional sign (`2000`, `-5`), within `i64`.
//! - Strings: in double quotes, where `\"` is a quote and `\\` a backslash
//!   (no other escapes). Anything else, spaces included, is itself.
//! - Dates: `YYYY.MM.DD` or `YYYY-MM-DD`, a real day of the calendar; the
//!   month and the day may be `??` (`2020.??.??`), the year may not.
//!
//! A bare word in a literal's place (`Result = 1-0`) is an error: strings
//! need their quotes.
//!
//! **Comparisons.** `=` (or `==`), `!=`, `<`, `<=`, `>`, `>=`, and `~`
//! (the value contains the string, case-sensitive) and `!~` (it does not).
//! `~` and `!~` need a string literal. The literal's type says how a tag's
//! value is read:
//! - an integer: the value as an integer (an optional `+` or `-`, digits,
//!   nothing else: `1500`, `+5`, `-12`), compared as numbers;
//! - a date: the value as a PGN date, compared by year, then month, then
//!   day, where an unknown month or day (`??`) counts as `0`: `1992.??.??`
//!   is before `1992.01.01`, and equals only `1992.??.??`. An unknown year
//!   leaves the value without one;
//! - a string: the value as it is, compared byte by byte (`"10" < "9"`).
//!
//! So `Date >= 2020` reads the date as an integer, which it is not (no
//! value, false): write `Date.year >= 2020` or `Date >= 2020.??.??`.
//!
//! **Values that are missing.** A tag has no value when the game has no
//! tag of that name, or its value is empty or `?`; it has none for a
//! comparison when it cannot be read as the literal's type (`WhiteElo =
//! 1500` on `WhiteElo "-"`, `Date >= 2020.01.01` on `Date "????.??.??"`),
//! and a sub-field has none as said above. Without a value, **every
//! comparison is false**, `!=` and `!~` included: `WhiteElo != 1500` is
//! false when `WhiteElo` is `?`, while `not WhiteElo = 1500` is true.
//!
//! **Logic.** `not` (or `!`), `and` (or `&&`), `or` (or `||`), and
//! parentheses; `not` binds tighter than `and`, which binds tighter than
//! `or`: `a or b and not c` is `a or (b and (not c))`. The words are
//! case-insensitive (`AND`, `Not`). Whitespace is allowed anywhere between
//! tokens, and needed only between words. Parentheses nest at most
//! [`MAX_DEPTH`] deep.
//!
//! # Errors and cost
//!
//! A [`FilterError`] has a stable [kind](FilterErrorKind) and the byte of
//! the expression where the problem is (its length when it ended too
//! early), to put a caret under.
//!
//! Parsing takes linear time and no recursion, whatever the input; a
//! [`Filter`] is compiled to a flat list of tests, each with where to go
//! next when it holds and when it does not, so [`Filter::matches`] reads
//! each test at most once, stops as soon as the answer is known, and does
//! not allocate.

// The code, in the order an expression goes through it:
// - `lex.rs`: the tokens and the literals' values;
// - `parse.rs`: the shunting-yard parser, building the tree of tests;
// - `expr.rs`: what the tree is made of (fields, comparisons, literals,
//   tests, nodes);
// - `compile.rs`: the tree made into a flat list of tests with jumps;
// - `eval.rs`: `matches`, and how tags' values are read (time controls by
//   `tags::TimeControl`);
// - `print.rs`: `Display`, the canonical expression;
// - `error.rs`, `input.rs`: the error, and what a filter reads of a game.

mod compile;
mod error;
mod eval;
mod expr;
#[cfg(test)]
mod fixtures;
mod input;
mod lex;
mod parse;
mod print;
mod watch;

use alloc::string::String;
use alloc::vec::Vec;
use core::str::FromStr;

use compile::Step;
pub use error::{FilterError, FilterErrorKind};
use expr::Node;
pub use input::{FilterInput, TagsAndPlies};
pub use watch::{MAX_POSITION_TESTS, STATUS_NAMES, Watch};

/// How deep parentheses may nest (the 65th open one is a
/// [`TooDeep`](FilterErrorKind::TooDeep) error).
pub const MAX_DEPTH: usize = 64;

/// A compiled game filter: see [the module](self) for the language.
///
/// `Display` writes the expression in a canonical form (keywords in lower
/// case, one space around operators, only the parentheses needed), which
/// parses back to an equal filter.
///
/// ```
/// use chessnote::pgn::filter::Filter;
///
/// let filter: Filter = "WhiteElo>=2000 AND (Date>=2020-01-01 || ! Event~\"Bullet\")".parse()?;
/// assert_eq!(
///     filter.to_string(),
///     r#"WhiteElo >= 2000 and (Date >= 2020.01.01 or not Event ~ "Bullet")"#
/// );
/// assert_eq!(filter.to_string().parse::<Filter>()?, filter);
/// # Ok::<(), chessnote::pgn::filter::FilterError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Filter {
    /// The tag names the tests read, each once.
    names: Vec<String>,
    /// The tests, in the order of the expression, with their jumps.
    steps: Vec<Step>,
    /// The tree, children before parents; the root is the last node.
    nodes: Vec<Node>,
    /// Whether a test reads the moves (`plies`, `opening`, positions,
    /// `status`).
    needs_moves: bool,
    /// Whether a test reads `opening`.
    needs_openings: bool,
    /// The tests of positions (`reaches`, `material`), each once.
    targets: Vec<watch::PositionTest>,
    /// Whether a test reads `status`.
    needs_status: bool,
}

impl Filter {
    /// Parses and compiles an expression (see [the module](self) for the
    /// language).
    ///
    /// ```
    /// use chessnote::pgn::filter::{Filter, FilterErrorKind, TagsAndPlies};
    ///
    /// let filter = Filter::parse(r#"TimeControl.base >= 600 and not Event ~ "Bullet""#)?;
    /// let tags = [("TimeControl".to_owned(), "600+5".to_owned())];
    /// assert!(filter.matches(&TagsAndPlies { tags: &tags, plies: 0 }));
    ///
    /// let err = Filter::parse("WhiteElo >= 2000 and (BlackElo < 1500").unwrap_err();
    /// assert_eq!(err.kind(), FilterErrorKind::UnmatchedParenthesis);
    /// assert_eq!(err.offset(), 21);
    /// # Ok::<(), chessnote::pgn::filter::FilterError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// A [`FilterError`] with its [kind](FilterErrorKind) and the byte of
    /// the expression where it is: [`Empty`](FilterErrorKind::Empty) for
    /// an empty expression; [`UnexpectedChar`](FilterErrorKind::UnexpectedChar),
    /// [`UnterminatedString`](FilterErrorKind::UnterminatedString) or
    /// [`BadEscape`](FilterErrorKind::BadEscape) for what cannot be a
    /// token; [`ExpectedOperand`](FilterErrorKind::ExpectedOperand),
    /// [`ExpectedOperator`](FilterErrorKind::ExpectedOperator),
    /// [`ExpectedComparison`](FilterErrorKind::ExpectedComparison),
    /// [`ExpectedAndOr`](FilterErrorKind::ExpectedAndOr) or
    /// [`ExpectedValue`](FilterErrorKind::ExpectedValue) for a token out of
    /// place (or missing at the end); [`BadLiteral`](FilterErrorKind::BadLiteral),
    /// [`BadDate`](FilterErrorKind::BadDate) or
    /// [`NumberTooLarge`](FilterErrorKind::NumberTooLarge) for a literal;
    /// [`ExpectedString`](FilterErrorKind::ExpectedString),
    /// [`ExpectedInteger`](FilterErrorKind::ExpectedInteger) or
    /// [`ContainsOnNumber`](FilterErrorKind::ContainsOnNumber) for a
    /// literal or comparison of the wrong type;
    /// [`UnknownSubField`](FilterErrorKind::UnknownSubField);
    /// [`UnmatchedParenthesis`](FilterErrorKind::UnmatchedParenthesis) or
    /// [`TooDeep`](FilterErrorKind::TooDeep) for parentheses.
    pub fn parse(expr: &str) -> Result<Filter, FilterError> {
        parse::Parser::new(expr).run()
    }

    /// Whether matching needs the game's moves: the expression uses
    /// `plies`, `opening`, `reaches`, `material` or `status`. When it does not, matching
    /// [`Headers`](super::Headers) (tags alone) gives the same answers as
    /// matching whole games.
    ///
    /// ```
    /// use chessnote::pgn::filter::Filter;
    /// assert!(Filter::parse("plies > 40 or WhiteElo")?.needs_moves());
    /// assert!(Filter::parse("opening.eco = \"B90\"")?.needs_moves());
    /// assert!(!Filter::parse("WhiteElo")?.needs_moves());
    /// # Ok::<(), chessnote::pgn::filter::FilterError>(())
    /// ```
    #[inline]
    pub fn needs_moves(&self) -> bool {
        self.needs_moves
    }

    /// Whether matching needs the game's opening named
    /// ([`crate::pgn::ReplayOptions::openings`]): the expression uses
    /// `opening`. [`crate::pgn::Replay::only`] asks for it then.
    ///
    /// ```
    /// use chessnote::pgn::filter::Filter;
    /// assert!(Filter::parse("opening ~ \"Sicilian\"")?.needs_openings());
    /// assert!(!Filter::parse("plies > 40")?.needs_openings());
    /// # Ok::<(), chessnote::pgn::filter::FilterError>(())
    /// ```
    #[inline]
    pub fn needs_openings(&self) -> bool {
        self.needs_openings
    }

    /// Whether the expression reads the tag of that name (so that a caller
    /// may keep only those tags). Names are case-sensitive; `plies` is no
    /// tag.
    ///
    /// ```
    /// use chessnote::pgn::filter::Filter;
    /// let filter = Filter::parse("TimeControl.base >= 600 and plies > 10")?;
    /// assert!(filter.uses_tag(b"TimeControl"));
    /// assert!(!filter.uses_tag(b"timecontrol"));
    /// assert!(!filter.uses_tag(b"plies"));
    /// # Ok::<(), chessnote::pgn::filter::FilterError>(())
    /// ```
    pub fn uses_tag(&self, name: &[u8]) -> bool {
        self.names.iter().any(|n| n.as_bytes() == name)
    }

    /// The names of the tags the expression reads, each once, in the order
    /// they first appear.
    ///
    /// ```
    /// use chessnote::pgn::filter::Filter;
    /// let filter = Filter::parse("WhiteElo > 2000 or BlackElo > 2000 and WhiteElo < 2500")?;
    /// assert_eq!(filter.tag_names().collect::<Vec<_>>(), ["WhiteElo", "BlackElo"]);
    /// # Ok::<(), chessnote::pgn::filter::FilterError>(())
    /// ```
    pub fn tag_names(&self) -> impl Iterator<Item = &str> + '_ {
        self.names.iter().map(String::as_str)
    }

    /// Whether a game matches. Each test is read at most once, and only
    /// while the answer is not known; nothing is allocated.
    ///
    /// ```
    /// use chessnote::pgn::Reader;
    /// use chessnote::pgn::filter::Filter;
    ///
    /// let pgn = b"[WhiteElo \"2100\"]\n\n1. e4 e5 *\n\n[WhiteElo \"?\"]\n\n1. d4 *\n";
    /// let filter = Filter::parse("WhiteElo >= 2000 or plies = 1")?;
    /// let matching: Vec<u64> = Reader::from_slice(pgn)
    ///     .games()
    ///     .filter(|game| filter.matches(game))
    ///     .map(|game| game.index)
    ///     .collect();
    /// assert_eq!(matching, [0, 1]);
    /// # Ok::<(), chessnote::pgn::filter::FilterError>(())
    /// ```
    pub fn matches(&self, game: &(impl FilterInput + ?Sized)) -> bool {
        self.walk(game)
    }
}

impl FromStr for Filter {
    type Err = FilterError;

    fn from_str(s: &str) -> Result<Filter, FilterError> {
        Filter::parse(s)
    }
}

#[cfg(test)]
mod tests {
    use super::fixtures::{on, pairs};

    #[test]
    fn the_examples() {
        let tags = pairs(&[
            ("Event", "Titled Arena May '25"),
            ("WhiteElo", "2100"),
            ("BlackElo", "1400"),
            ("TimeControl", "600+0"),
            ("Result", "1-0"),
            ("Date", "2021.03.04"),
        ]);
        for expr in [
            "WhiteElo >= 2000",
            r#"Event ~ "Titled Arena""#,
            "TimeControl.base >= 600",
            r#"Result = "1-0""#,
            "Date >= 2020.01.01",
            "plies > 40",
            r#"WhiteElo >= 2000 and (BlackElo < 1500 or not Event ~ "Bullet")"#,
        ] {
            assert!(on(expr, &tags, 41), "{expr}");
        }
    }
}
