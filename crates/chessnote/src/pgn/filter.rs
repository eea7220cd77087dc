//! Game filters: the `--where EXPR` language of `chessnote pgn count`,
//! `convert` and `split`, compiled once and matched against each game's
//! tags (and, when asked, its number of plies).
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
//! - A tag name with a sub-field, which says how to read the value:
//!   - `.year`, `.month`, `.day`: the value read as a PGN date
//!     (`YYYY.MM.DD`, see [`Date`]), any tag (`Date.year`, `UTCDate.month`,
//!     `EventDate.day`); a `??` part has no value.
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

use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;
use core::cmp::Ordering;
use core::fmt;
use core::str::FromStr;

use super::tags::Date;
use super::{Game, Headers};
use crate::Diagnostic;
use crate::text::error_kind;

/// How deep parentheses may nest (the 65th open one is a
/// [`TooDeep`](FilterErrorKind::TooDeep) error).
pub const MAX_DEPTH: usize = 64;

error_kind! {
    /// What was wrong with a filter expression (see [`FilterError`] for
    /// where).
    ///
    /// ```
    /// use chessnote::pgn::filter::{Filter, FilterErrorKind};
    /// let err = Filter::parse("WhiteElo >= ").unwrap_err();
    /// assert_eq!(err.kind(), FilterErrorKind::ExpectedValue);
    /// assert_eq!(err.kind().name(), "expected-value");
    /// ```
    pub enum FilterErrorKind {
        /// The expression is empty, or only whitespace.
        Empty = ("empty", "empty expression"),
        /// A character that starts nothing in the language (`@`, `$`, a
        /// lone `&`, a letter outside ASCII, …).
        UnexpectedChar = ("unexpected-char", "unexpected character"),
        /// A string literal without its closing quote (at the opening one).
        UnterminatedString = ("unterminated-string", "unterminated string: no closing `\"`"),
        /// A backslash in a string that is not `\"` or `\\`.
        BadEscape = ("bad-escape", "in a string, `\\` escapes only `\"` and `\\`"),
        /// A test was expected: a field, `not` or `(`.
        ExpectedOperand = ("expected-operand", "expected a field, `not` or `(`"),
        /// After a field, something that is not a comparison, `and`, `or`
        /// or `)`.
        ExpectedOperator = (
            "expected-operator",
            "expected a comparison (`=`, `!=`, `<`, `<=`, `>`, `>=`, `~`, `!~`), `and`, `or` or `)`"
        ),
        /// A field that is never missing (`plies`) stands alone.
        ExpectedComparison = (
            "expected-comparison",
            "expected a comparison (`=`, `!=`, `<`, `<=`, `>`, `>=`): `plies` is always known"
        ),
        /// After a complete test, something that is not `and`, `or`, `)`
        /// or the end.
        ExpectedAndOr = ("expected-and-or", "expected `and`, `or`, `)` or the end"),
        /// Nothing where the literal of a comparison should be.
        ExpectedValue = ("expected-value", "expected a value"),
        /// A literal that is no integer, date or quoted string (`1-0`
        /// without its quotes).
        BadLiteral = (
            "bad-literal",
            "expected an integer, a date `YYYY.MM.DD` or a \"quoted string\""
        ),
        /// A literal that looks like a date but is not one (the byte is
        /// where it goes wrong).
        BadDate = (
            "bad-date",
            "not a date `YYYY.MM.DD` (a known year; the month and day may be `??`)"
        ),
        /// An integer literal outside `i64`.
        NumberTooLarge = ("number-too-large", "integer out of range"),
        /// `~` or `!~` with a literal that is not a string.
        ExpectedString = ("expected-string", "expected a \"quoted string\""),
        /// A number field (`plies`, a sub-field) compared with a literal
        /// that is not an integer.
        ExpectedInteger = ("expected-integer", "expected an integer (the field is a number)"),
        /// `~` or `!~` on a number field (at the operator).
        ContainsOnNumber = (
            "contains-on-number",
            "`~` and `!~` compare text, and this field is a number"
        ),
        /// A sub-field other than `year`, `month`, `day`, `base`,
        /// `increment` and `moves` (at its first byte), or one on `plies`.
        UnknownSubField = (
            "unknown-sub-field",
            "unknown sub-field (`year`, `month`, `day`, `base`, `increment`, `moves`)"
        ),
        /// A `)` with no `(`, or a `(` never closed (at that parenthesis).
        UnmatchedParenthesis = ("unmatched-parenthesis", "unmatched parenthesis"),
        /// Parentheses nested deeper than [`MAX_DEPTH`] (at the first one
        /// too many).
        TooDeep = ("too-deep", "parentheses nested deeper than 64"),
    }
}

/// What was wrong with a filter expression, and at which byte.
///
/// Its `Display` says what, after which token when that helps, and
/// where; the byte is a character boundary of the expression (its length
/// when it ended too early).
///
/// ```
/// use chessnote::Diagnostic;
/// use chessnote::pgn::filter::{Filter, FilterErrorKind};
///
/// let err = Filter::parse("WhiteElo >= and").unwrap_err();
/// assert_eq!(err.kind(), FilterErrorKind::ExpectedValue);
/// assert_eq!(err.offset(), 12);
/// assert_eq!(err.after(), Some(">="));
/// assert_eq!(err.to_string(), "expected a value after `>=` at byte 12");
/// assert_eq!(err.kind_name(), "expected-value");
/// assert_eq!(err.message(), "expected a value after `>=`");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct FilterError {
    kind: FilterErrorKind,
    offset: usize,
    after: Option<&'static str>,
}

impl FilterError {
    const fn new(kind: FilterErrorKind, offset: usize) -> FilterError {
        FilterError {
            kind,
            offset,
            after: None,
        }
    }

    const fn after_token(kind: FilterErrorKind, offset: usize, after: &'static str) -> FilterError {
        FilterError {
            kind,
            offset,
            after: Some(after),
        }
    }

    /// What was wrong.
    #[inline]
    pub const fn kind(&self) -> FilterErrorKind {
        self.kind
    }

    /// The byte offset of the problem in the expression (the expression's
    /// length when it ended too early).
    #[inline]
    pub const fn offset(&self) -> usize {
        self.offset
    }

    /// The token the problem follows, when the message names it (`>=` in
    /// "expected a value after `>=`"), as the language writes it.
    #[inline]
    pub const fn after(&self) -> Option<&'static str> {
        self.after
    }
}

impl fmt::Display for FilterError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_message(f)?;
        write!(f, " at byte {}", self.offset)
    }
}

impl core::error::Error for FilterError {}

impl Diagnostic for FilterError {
    fn kind_name(&self) -> &'static str {
        self.kind.name()
    }

    fn offset(&self) -> usize {
        self.offset
    }

    fn write_message(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        out.write_str(self.kind.message())?;
        if let Some(token) = self.after {
            write!(out, " after `{token}`")?;
        }
        Ok(())
    }
}

/// What a [`Filter`] reads of a game: its tags and, when the expression
/// uses `plies`, its number of mainline moves.
///
/// ```
/// use chessnote::pgn::filter::{Filter, FilterInput};
///
/// /// A game known by its rating alone.
/// struct Rated(u16);
/// impl FilterInput for Rated {
///     fn tag(&self, name: &str) -> Option<&str> {
///         (name == "WhiteElo").then_some(if self.0 >= 2000 { "2000" } else { "1000" })
///     }
///     fn plies(&self) -> u32 {
///         0
///     }
/// }
/// let filter = Filter::parse("WhiteElo >= 2000")?;
/// assert!(filter.matches(&Rated(2100)) && !filter.matches(&Rated(1500)));
/// # Ok::<(), chessnote::pgn::filter::FilterError>(())
/// ```
pub trait FilterInput {
    /// The value of the first tag of that name (escapes decoded), if the
    /// game has one.
    fn tag(&self, name: &str) -> Option<&str>;

    /// The number of mainline plies (only called when
    /// [`Filter::needs_moves`]).
    fn plies(&self) -> u32;
}

impl FilterInput for Game {
    #[inline]
    fn tag(&self, name: &str) -> Option<&str> {
        Game::tag(self, name)
    }

    /// The number of mainline moves, [`Game::moves`]`.len()`.
    #[inline]
    fn plies(&self) -> u32 {
        u32::try_from(self.moves.len()).unwrap_or(u32::MAX)
    }
}

impl FilterInput for super::ReplayState {
    #[inline]
    fn tag(&self, name: &str) -> Option<&str> {
        self.tags().get(name)
    }

    /// The mainline moves read so far ([`super::ReplayState::plies`]).
    #[inline]
    fn plies(&self) -> u32 {
        super::ReplayState::plies(self)
    }
}

impl FilterInput for Headers {
    #[inline]
    fn tag(&self, name: &str) -> Option<&str> {
        Headers::tag(self, name)
    }

    /// Always `0`: headers have no moves. Match headers only with filters
    /// that do not [need the moves](Filter::needs_moves).
    #[inline]
    fn plies(&self) -> u32 {
        0
    }
}

/// A ready-made [`FilterInput`]: tags as pairs (the first of a name
/// counts) and a number of plies.
///
/// ```
/// use chessnote::pgn::filter::{Filter, TagsAndPlies};
///
/// let tags = [("Result".to_owned(), "1-0".to_owned())];
/// let game = TagsAndPlies { tags: &tags, plies: 41 };
/// assert!(Filter::parse(r#"Result = "1-0" and plies > 40"#)?.matches(&game));
/// # Ok::<(), chessnote::pgn::filter::FilterError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TagsAndPlies<'a> {
    /// The tag pairs, names then values, escapes decoded.
    pub tags: &'a [(String, String)],
    /// The number of mainline plies.
    pub plies: u32,
}

impl FilterInput for TagsAndPlies<'_> {
    #[inline]
    fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    #[inline]
    fn plies(&self) -> u32 {
        self.plies
    }
}

impl<T: FilterInput + ?Sized> FilterInput for &T {
    #[inline]
    fn tag(&self, name: &str) -> Option<&str> {
        (**self).tag(name)
    }

    #[inline]
    fn plies(&self) -> u32 {
        (**self).plies()
    }
}

/// A comparison.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
enum Op {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Contains,
    NotContains,
}

impl Op {
    /// The canonical spelling.
    const fn text(self) -> &'static str {
        match self {
            Op::Eq => "=",
            Op::Ne => "!=",
            Op::Lt => "<",
            Op::Le => "<=",
            Op::Gt => ">",
            Op::Ge => ">=",
            Op::Contains => "~",
            Op::NotContains => "!~",
        }
    }

    /// Whether an ordering comparison holds (never for `~`, `!~`).
    #[inline]
    fn holds(self, ord: Ordering) -> bool {
        match self {
            Op::Eq => ord == Ordering::Equal,
            Op::Ne => ord != Ordering::Equal,
            Op::Lt => ord == Ordering::Less,
            Op::Le => ord != Ordering::Greater,
            Op::Gt => ord == Ordering::Greater,
            Op::Ge => ord != Ordering::Less,
            Op::Contains | Op::NotContains => false,
        }
    }

    /// Whether the comparison holds between a value and a string literal.
    #[inline]
    fn holds_str(self, value: &str, literal: &str) -> bool {
        match self {
            Op::Contains => value.contains(literal),
            Op::NotContains => !value.contains(literal),
            _ => self.holds(value.cmp(literal)),
        }
    }

    /// Whether this is `~` or `!~`.
    const fn is_contains(self) -> bool {
        matches!(self, Op::Contains | Op::NotContains)
    }
}

/// How a tag's value is read.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
enum Sub {
    /// As it is (typed by the literal).
    Whole,
    Year,
    Month,
    Day,
    Base,
    Increment,
    Moves,
}

/// The sub-fields, by name.
const SUB_FIELDS: [(&str, Sub); 6] = [
    ("year", Sub::Year),
    ("month", Sub::Month),
    ("day", Sub::Day),
    ("base", Sub::Base),
    ("increment", Sub::Increment),
    ("moves", Sub::Moves),
];

impl Sub {
    fn name(self) -> &'static str {
        SUB_FIELDS
            .iter()
            .find(|(_, sub)| *sub == self)
            .map_or("", |(name, _)| name)
    }
}

/// What a test reads.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
enum Field {
    /// The number of mainline plies.
    Plies,
    /// A tag (its index in `Filter::names`), read as `Sub` says.
    Tag(usize, Sub),
}

impl Field {
    /// Whether the field is a number (compared with integers only).
    const fn is_number(self) -> bool {
        !matches!(self, Field::Tag(_, Sub::Whole))
    }
}

/// A literal.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Literal {
    Int(i64),
    Date(Date),
    Str(String),
}

/// What a test checks of its field.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Check {
    /// That it has a value.
    Present,
    /// A comparison with a literal.
    Compare(Op, Literal),
}

/// One test: a field and a check.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Test {
    field: Field,
    check: Check,
}

/// Where to go after a test.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
enum Target {
    /// To the test of that index (always a later one).
    Step(usize),
    /// The game matches.
    Accept,
    /// The game does not match.
    Reject,
}

/// A test of the compiled filter, with where to go next.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Step {
    test: Test,
    on_true: Target,
    on_false: Target,
}

/// A node of the expression's tree (kept to print the expression).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
enum Node {
    /// The test of that index.
    Test(usize),
    Not(usize),
    And(usize, usize),
    Or(usize, usize),
}

impl Node {
    /// How tightly the node binds (a child that binds less tightly than
    /// its place needs is printed in parentheses).
    const fn precedence(self) -> u8 {
        match self {
            Node::Or(..) => 1,
            Node::And(..) => 2,
            Node::Not(_) => 3,
            Node::Test(_) => 4,
        }
    }
}

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
    /// Whether a test reads `plies`.
    needs_moves: bool,
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
        Parser::new(expr).run()
    }

    /// Whether matching needs the game's moves: the expression uses
    /// `plies`. When it does not, matching [`Headers`] (tags alone) gives
    /// the same answers as matching whole games.
    ///
    /// ```
    /// use chessnote::pgn::filter::Filter;
    /// assert!(Filter::parse("plies > 40 or WhiteElo")?.needs_moves());
    /// assert!(!Filter::parse("WhiteElo")?.needs_moves());
    /// # Ok::<(), chessnote::pgn::filter::FilterError>(())
    /// ```
    #[inline]
    pub fn needs_moves(&self) -> bool {
        self.needs_moves
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
        let mut at = 0;
        loop {
            let Some(step) = self.steps.get(at) else {
                return false;
            };
            let next = if self.holds(&step.test, game) {
                step.on_true
            } else {
                step.on_false
            };
            match next {
                Target::Step(i) => at = i,
                Target::Accept => return true,
                Target::Reject => return false,
            }
        }
    }

    /// Whether one test holds for the game.
    fn holds(&self, test: &Test, game: &(impl FilterInput + ?Sized)) -> bool {
        let (name, sub) = match test.field {
            Field::Plies => {
                return match &test.check {
                    Check::Compare(op, Literal::Int(n)) => op.holds(i64::from(game.plies()).cmp(n)),
                    _ => false,
                };
            }
            Field::Tag(name, sub) => (name, sub),
        };
        let Some(value) = self.names.get(name).and_then(|name| game.tag(name)) else {
            return false;
        };
        if value.is_empty() || value == "?" {
            return false;
        }
        if sub != Sub::Whole {
            let Some(number) = sub_value(value.as_bytes(), sub) else {
                return false;
            };
            return match &test.check {
                Check::Present => true,
                Check::Compare(op, Literal::Int(n)) => op.holds(number.cmp(n)),
                Check::Compare(..) => false,
            };
        }
        match &test.check {
            Check::Present => true,
            Check::Compare(op, Literal::Str(s)) => op.holds_str(value, s),
            Check::Compare(op, Literal::Int(n)) => {
                parse_integer(value.as_bytes()).is_ok_and(|v| op.holds(v.cmp(n)))
            }
            Check::Compare(op, Literal::Date(date)) => {
                let value = Date::from_ascii(value.as_bytes()).ok().and_then(date_key);
                match (value, date_key(*date)) {
                    (Some(v), Some(d)) => op.holds(v.cmp(&d)),
                    _ => false,
                }
            }
        }
    }

    /// Writes one test.
    fn write_test(&self, f: &mut fmt::Formatter<'_>, test: &Test) -> fmt::Result {
        match test.field {
            Field::Plies => f.write_str("plies")?,
            Field::Tag(name, sub) => {
                f.write_str(self.names.get(name).map_or("", String::as_str))?;
                if sub != Sub::Whole {
                    write!(f, ".{}", sub.name())?;
                }
            }
        }
        let Check::Compare(op, literal) = &test.check else {
            return Ok(());
        };
        write!(f, " {} ", op.text())?;
        match literal {
            Literal::Int(n) => write!(f, "{n}"),
            Literal::Date(date) => write!(f, "{date}"),
            Literal::Str(s) => {
                f.write_str("\"")?;
                for part in s.split_inclusive(['"', '\\']) {
                    match part.as_bytes().last() {
                        Some(&b @ (b'"' | b'\\')) => {
                            f.write_str(&part[..part.len() - 1])?;
                            f.write_str(if b == b'"' { "\\\"" } else { "\\\\" })?;
                        }
                        _ => f.write_str(part)?,
                    }
                }
                f.write_str("\"")
            }
        }
    }
}

impl FromStr for Filter {
    type Err = FilterError;

    fn from_str(s: &str) -> Result<Filter, FilterError> {
        Filter::parse(s)
    }
}

impl fmt::Display for Filter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        /// What is left to write: a node (printed in parentheses when it
        /// binds less tightly than the precedence given), or text.
        enum Work {
            Node(usize, u8),
            Text(&'static str),
        }
        let Some(root) = self.nodes.len().checked_sub(1) else {
            return Ok(());
        };
        let mut work = vec![Work::Node(root, 0)];
        while let Some(item) = work.pop() {
            let (index, min) = match item {
                Work::Text(text) => {
                    f.write_str(text)?;
                    continue;
                }
                Work::Node(index, min) => (index, min),
            };
            let Some(&node) = self.nodes.get(index) else {
                continue;
            };
            if node.precedence() < min {
                f.write_str("(")?;
                work.push(Work::Text(")"));
            }
            match node {
                Node::Test(i) => {
                    if let Some(step) = self.steps.get(i) {
                        self.write_test(f, &step.test)?;
                    }
                }
                Node::Not(x) => {
                    f.write_str("not ")?;
                    work.push(Work::Node(x, 3));
                }
                // Right children one level tighter: the tree prints back
                // as it was (`a and (b and c)` keeps its parentheses).
                Node::And(a, b) => {
                    work.push(Work::Node(b, 3));
                    work.push(Work::Text(" and "));
                    work.push(Work::Node(a, 2));
                }
                Node::Or(a, b) => {
                    work.push(Work::Node(b, 2));
                    work.push(Work::Text(" or "));
                    work.push(Work::Node(a, 1));
                }
            }
        }
        Ok(())
    }
}

/// An operator waiting on the parser's stack.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Pending {
    /// A `(` at that byte.
    Open(usize),
    Not,
    And,
    Or,
}

impl Pending {
    const fn precedence(self) -> u8 {
        match self {
            Pending::Open(_) => 0,
            Pending::Or => 1,
            Pending::And => 2,
            Pending::Not => 3,
        }
    }
}

/// A tree node under construction, with the index of its first test.
#[derive(Copy, Clone, Debug)]
struct Built {
    node: usize,
    first_test: usize,
}

/// The parser: a shunting-yard over the tokens, read as each position
/// expects them, building the tree with explicit stacks.
struct Parser<'a> {
    src: &'a str,
    bytes: &'a [u8],
    pos: usize,
    names: Vec<String>,
    tests: Vec<Test>,
    nodes: Vec<Node>,
    /// The first test of each node.
    first_tests: Vec<usize>,
    operands: Vec<Built>,
    pending: Vec<Pending>,
    depth: usize,
}

type Parsed<T> = Result<T, FilterError>;

/// Whether a byte may continue a field name (PGN symbol characters but
/// `=`).
const fn is_name_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'+' | b'#' | b':' | b'-')
}

/// Whether a byte ends a bare literal (an integer or a date).
const fn ends_literal(b: u8) -> bool {
    b.is_ascii_whitespace()
        || matches!(
            b,
            b'(' | b')' | b'"' | b'=' | b'<' | b'>' | b'!' | b'~' | b'&' | b'|'
        )
}

impl<'a> Parser<'a> {
    fn new(src: &'a str) -> Parser<'a> {
        Parser {
            src,
            bytes: src.as_bytes(),
            pos: 0,
            names: Vec::new(),
            tests: Vec::new(),
            nodes: Vec::new(),
            first_tests: Vec::new(),
            operands: Vec::new(),
            pending: Vec::new(),
            depth: 0,
        }
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    fn peek_at(&self, ahead: usize) -> Option<u8> {
        self.bytes.get(self.pos + ahead).copied()
    }

    fn skip_whitespace(&mut self) {
        while self.peek().is_some_and(|b| b.is_ascii_whitespace()) {
            self.pos += 1;
        }
    }

    /// The end of the run of bytes from `start` that satisfy `keep`.
    fn run_end(&self, start: usize, keep: impl Fn(u8) -> bool) -> usize {
        self.bytes
            .get(start..)
            .and_then(|rest| rest.iter().position(|&b| !keep(b)))
            .map_or(self.bytes.len(), |n| start + n)
    }

    /// The word (a run of name bytes) at the position, not consumed.
    fn peek_word(&self) -> &'a str {
        let end = self.run_end(self.pos, is_name_byte);
        self.src.get(self.pos..end).unwrap_or("")
    }

    /// Whether the byte at the position starts a token of the language
    /// (if not, it is an unexpected character).
    fn at_token(&self) -> bool {
        match self.peek() {
            Some(b) if b.is_ascii_alphanumeric() => true,
            Some(b'(' | b')' | b'"' | b'!' | b'=' | b'<' | b'>' | b'~' | b'-' | b'+') => true,
            Some(b'&') => self.peek_at(1) == Some(b'&'),
            Some(b'|') => self.peek_at(1) == Some(b'|'),
            _ => false,
        }
    }

    /// The error for an unexpected token at the position: `kind`, or
    /// [`UnexpectedChar`](FilterErrorKind::UnexpectedChar) when no token
    /// starts there.
    fn unexpected(&self, kind: FilterErrorKind, after: Option<&'static str>) -> FilterError {
        if self.peek().is_some() && !self.at_token() {
            return FilterError::new(FilterErrorKind::UnexpectedChar, self.pos);
        }
        match after {
            Some(token) => FilterError::after_token(kind, self.pos, token),
            None => FilterError::new(kind, self.pos),
        }
    }

    /// Whether `and`, `or`, `)` or the end is at the position (after
    /// whitespace).
    fn at_connective(&self) -> bool {
        match self.peek() {
            None | Some(b')') => true,
            Some(b'&') => self.peek_at(1) == Some(b'&'),
            Some(b'|') => self.peek_at(1) == Some(b'|'),
            _ => {
                let word = self.peek_word();
                word.eq_ignore_ascii_case("and") || word.eq_ignore_ascii_case("or")
            }
        }
    }

    fn run(mut self) -> Parsed<Filter> {
        if self.bytes.iter().all(u8::is_ascii_whitespace) {
            return Err(FilterError::new(FilterErrorKind::Empty, self.bytes.len()));
        }
        let mut after = None;
        loop {
            self.operand(after)?;
            match self.connective()? {
                Some((op, token)) => {
                    self.push_binary(op)?;
                    after = Some(token);
                }
                None => break,
            }
        }
        while let Some(op) = self.pending.pop() {
            if let Pending::Open(at) = op {
                return Err(FilterError::new(FilterErrorKind::UnmatchedParenthesis, at));
            }
            self.apply(op)?;
        }
        match *self.operands.as_slice() {
            [root] => Ok(self.compile(root)),
            _ => Err(FilterError::new(
                FilterErrorKind::ExpectedOperand,
                self.bytes.len(),
            )),
        }
    }

    /// Reads prefixes (`(`, `not`) then one test, pushed as an operand.
    fn operand(&mut self, mut after: Option<&'static str>) -> Parsed<()> {
        loop {
            self.skip_whitespace();
            let start = self.pos;
            match self.peek() {
                Some(b'(') => {
                    self.depth += 1;
                    if self.depth > MAX_DEPTH {
                        return Err(FilterError::new(FilterErrorKind::TooDeep, start));
                    }
                    self.pending.push(Pending::Open(start));
                    self.pos += 1;
                    after = Some("(");
                }
                Some(b'!') => {
                    self.pending.push(Pending::Not);
                    self.pos += 1;
                    after = Some("!");
                }
                Some(b) if b.is_ascii_alphanumeric() => {
                    let word = self.peek_word();
                    if word.eq_ignore_ascii_case("not") {
                        self.pos += word.len();
                        self.pending.push(Pending::Not);
                        after = Some("not");
                    } else if word.eq_ignore_ascii_case("and") || word.eq_ignore_ascii_case("or") {
                        return Err(self.unexpected(FilterErrorKind::ExpectedOperand, after));
                    } else {
                        self.pos += word.len();
                        let test = self.test(word)?;
                        self.push_test(test);
                        return Ok(());
                    }
                }
                _ => return Err(self.unexpected(FilterErrorKind::ExpectedOperand, after)),
            }
        }
    }

    /// Reads the rest of a test whose field name has been read.
    fn test(&mut self, name: &str) -> Parsed<Test> {
        let field = self.field(name)?;
        self.skip_whitespace();
        let op_start = self.pos;
        let Some((op, token)) = self.comparison() else {
            if field == Field::Plies {
                return Err(self.unexpected(FilterErrorKind::ExpectedComparison, None));
            }
            if self.at_connective() {
                return Ok(Test {
                    field,
                    check: Check::Present,
                });
            }
            return Err(self.unexpected(FilterErrorKind::ExpectedOperator, None));
        };
        if op.is_contains() && field.is_number() {
            return Err(FilterError::new(
                FilterErrorKind::ContainsOnNumber,
                op_start,
            ));
        }
        self.skip_whitespace();
        let literal_start = self.pos;
        let literal = self.literal(token)?;
        let wrong = |kind| FilterError::after_token(kind, literal_start, token);
        if op.is_contains() && !matches!(literal, Literal::Str(_)) {
            return Err(wrong(FilterErrorKind::ExpectedString));
        }
        if field.is_number() && !matches!(literal, Literal::Int(_)) {
            return Err(wrong(FilterErrorKind::ExpectedInteger));
        }
        Ok(Test {
            field,
            check: Check::Compare(op, literal),
        })
    }

    /// Reads the sub-field, if any, of a field whose name has been read.
    fn field(&mut self, name: &str) -> Parsed<Field> {
        let mut sub = Sub::Whole;
        if self.peek() == Some(b'.') {
            let start = self.pos + 1;
            let end = self.run_end(start, |b| b.is_ascii_alphanumeric() || b == b'_');
            let word = self.src.get(start..end).unwrap_or("");
            sub = SUB_FIELDS
                .iter()
                .find(|(n, _)| *n == word)
                .map(|&(_, sub)| sub)
                .filter(|_| name != "plies")
                .ok_or(FilterError::new(FilterErrorKind::UnknownSubField, start))?;
            self.pos = end;
        }
        if name == "plies" {
            return Ok(Field::Plies);
        }
        let index = match self.names.iter().position(|n| n == name) {
            Some(index) => index,
            None => {
                self.names.push(String::from(name));
                self.names.len() - 1
            }
        };
        Ok(Field::Tag(index, sub))
    }

    /// Reads a comparison operator, if one is at the position.
    fn comparison(&mut self) -> Option<(Op, &'static str)> {
        let (op, token) = match (self.peek()?, self.peek_at(1)) {
            (b'=', Some(b'=')) => (Op::Eq, "=="),
            (b'=', _) => (Op::Eq, "="),
            (b'!', Some(b'=')) => (Op::Ne, "!="),
            (b'!', Some(b'~')) => (Op::NotContains, "!~"),
            (b'<', Some(b'=')) => (Op::Le, "<="),
            (b'<', _) => (Op::Lt, "<"),
            (b'>', Some(b'=')) => (Op::Ge, ">="),
            (b'>', _) => (Op::Gt, ">"),
            (b'~', _) => (Op::Contains, "~"),
            _ => return None,
        };
        self.pos += token.len();
        Some((op, token))
    }

    /// Reads the literal of a comparison written `token`.
    fn literal(&mut self, token: &'static str) -> Parsed<Literal> {
        let start = self.pos;
        match self.peek() {
            Some(b'"') => self.string().map(Literal::Str),
            Some(b) if !ends_literal(b) => {
                let end = self.run_end(start, |b| !ends_literal(b));
                let word = self.src.get(start..end).unwrap_or("");
                if ["and", "or", "not"]
                    .iter()
                    .any(|k| word.eq_ignore_ascii_case(k))
                {
                    return Err(FilterError::after_token(
                        FilterErrorKind::ExpectedValue,
                        start,
                        token,
                    ));
                }
                self.pos = end;
                bare_literal(self.bytes.get(start..end).unwrap_or(b""), start)
            }
            _ => Err(self.unexpected(FilterErrorKind::ExpectedValue, Some(token))),
        }
    }

    /// Reads a string literal (at its opening quote).
    fn string(&mut self) -> Parsed<String> {
        let open = self.pos;
        let mut text = String::new();
        let mut segment = open + 1;
        let mut i = open + 1;
        loop {
            match self.bytes.get(i) {
                None => {
                    return Err(FilterError::new(FilterErrorKind::UnterminatedString, open));
                }
                Some(b'"') => {
                    text.push_str(self.src.get(segment..i).unwrap_or(""));
                    self.pos = i + 1;
                    return Ok(text);
                }
                Some(b'\\') => {
                    text.push_str(self.src.get(segment..i).unwrap_or(""));
                    match self.bytes.get(i + 1) {
                        Some(&b @ (b'"' | b'\\')) => text.push(char::from(b)),
                        None => {
                            return Err(FilterError::new(
                                FilterErrorKind::UnterminatedString,
                                open,
                            ));
                        }
                        Some(_) => return Err(FilterError::new(FilterErrorKind::BadEscape, i)),
                    }
                    i += 2;
                    segment = i;
                }
                Some(_) => i += 1,
            }
        }
    }

    /// Reads `and`, `or` (after any `)`), or the end (`None`).
    fn connective(&mut self) -> Parsed<Option<(Pending, &'static str)>> {
        loop {
            self.skip_whitespace();
            let start = self.pos;
            match self.peek() {
                None => return Ok(None),
                Some(b')') => {
                    loop {
                        match self.pending.pop() {
                            Some(Pending::Open(_)) => break,
                            Some(op) => self.apply(op)?,
                            None => {
                                return Err(FilterError::new(
                                    FilterErrorKind::UnmatchedParenthesis,
                                    start,
                                ));
                            }
                        }
                    }
                    self.depth = self.depth.saturating_sub(1);
                    self.pos += 1;
                }
                Some(b'&') if self.peek_at(1) == Some(b'&') => {
                    self.pos += 2;
                    return Ok(Some((Pending::And, "&&")));
                }
                Some(b'|') if self.peek_at(1) == Some(b'|') => {
                    self.pos += 2;
                    return Ok(Some((Pending::Or, "||")));
                }
                _ => {
                    let word = self.peek_word();
                    let op = if word.eq_ignore_ascii_case("and") {
                        (Pending::And, "and")
                    } else if word.eq_ignore_ascii_case("or") {
                        (Pending::Or, "or")
                    } else {
                        return Err(self.unexpected(FilterErrorKind::ExpectedAndOr, None));
                    };
                    self.pos += word.len();
                    return Ok(Some(op));
                }
            }
        }
    }

    /// Pushes a binary operator, first applying those before it that bind
    /// at least as tightly (both are left-associative).
    fn push_binary(&mut self, op: Pending) -> Parsed<()> {
        while let Some(&top) = self.pending.last() {
            if matches!(top, Pending::Open(_)) || top.precedence() < op.precedence() {
                break;
            }
            self.pending.pop();
            self.apply(top)?;
        }
        self.pending.push(op);
        Ok(())
    }

    fn push_test(&mut self, test: Test) {
        let index = self.tests.len();
        self.tests.push(test);
        self.push_node(Node::Test(index), index);
    }

    fn push_node(&mut self, node: Node, first_test: usize) {
        self.nodes.push(node);
        self.first_tests.push(first_test);
        self.operands.push(Built {
            node: self.nodes.len() - 1,
            first_test,
        });
    }

    /// Applies an operator to the operands on the stack.
    fn apply(&mut self, op: Pending) -> Parsed<()> {
        // The grammar puts the operands there; an empty stack would be a
        // bug, reported rather than panicking.
        let missing = FilterError::new(FilterErrorKind::ExpectedOperand, self.pos);
        let b = self.operands.pop().ok_or(missing)?;
        match op {
            Pending::Not => self.push_node(Node::Not(b.node), b.first_test),
            Pending::And | Pending::Or => {
                let a = self.operands.pop().ok_or(missing)?;
                let node = if op == Pending::And {
                    Node::And(a.node, b.node)
                } else {
                    Node::Or(a.node, b.node)
                };
                self.push_node(node, a.first_test);
            }
            Pending::Open(_) => return Err(missing),
        }
        Ok(())
    }

    /// Compiles the tree into jumps: each test goes, when it holds and
    /// when it does not, to the first test of the sibling still to be
    /// decided, or to the answer.
    fn compile(self, root: Built) -> Filter {
        let mut jumps = vec![(Target::Reject, Target::Reject); self.tests.len()];
        let first = |node: usize| Target::Step(self.first_tests.get(node).copied().unwrap_or(0));
        let mut work = vec![(root.node, Target::Accept, Target::Reject)];
        while let Some((index, on_true, on_false)) = work.pop() {
            match self.nodes.get(index) {
                Some(&Node::Test(i)) => {
                    if let Some(jump) = jumps.get_mut(i) {
                        *jump = (on_true, on_false);
                    }
                }
                Some(&Node::Not(x)) => work.push((x, on_false, on_true)),
                Some(&Node::And(a, b)) => {
                    work.push((a, first(b), on_false));
                    work.push((b, on_true, on_false));
                }
                Some(&Node::Or(a, b)) => {
                    work.push((a, on_true, first(b)));
                    work.push((b, on_true, on_false));
                }
                None => {}
            }
        }
        let needs_moves = self.tests.iter().any(|t| t.field == Field::Plies);
        let steps = self
            .tests
            .into_iter()
            .zip(jumps)
            .map(|(test, (on_true, on_false))| Step {
                test,
                on_true,
                on_false,
            })
            .collect();
        Filter {
            names: self.names,
            steps,
            nodes: self.nodes,
            needs_moves,
        }
    }
}

/// Why a text is not an integer.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum NotInteger {
    /// It is not an optional sign then digits.
    Syntax,
    /// It is, but outside `i64`.
    TooLarge,
}

/// Reads an integer: an optional `+` or `-`, then one or more digits, and
/// nothing else, within `i64`.
fn parse_integer(bytes: &[u8]) -> Result<i64, NotInteger> {
    let (negative, digits) = match bytes.split_first() {
        Some((b'-', rest)) => (true, rest),
        Some((b'+', rest)) => (false, rest),
        _ => (false, bytes),
    };
    if digits.is_empty() {
        return Err(NotInteger::Syntax);
    }
    let mut value: i64 = 0;
    for &d in digits {
        if !d.is_ascii_digit() {
            return Err(NotInteger::Syntax);
        }
        let digit = i64::from(d - b'0');
        value = value
            .checked_mul(10)
            .and_then(|v| {
                if negative {
                    v.checked_sub(digit)
                } else {
                    v.checked_add(digit)
                }
            })
            .ok_or(NotInteger::TooLarge)?;
    }
    Ok(value)
}

/// Reads a bare literal (`bytes`, at byte `start` of the expression): a
/// date when it starts as one (four digits or `?`, then `.` or `-`), else
/// an integer.
fn bare_literal(bytes: &[u8], start: usize) -> Parsed<Literal> {
    let dated = bytes.len() > 4
        && matches!(bytes[4], b'.' | b'-')
        && bytes[..4].iter().all(|&b| b.is_ascii_digit() || b == b'?');
    if dated {
        // `YYYY-MM-DD` is read as `YYYY.MM.DD` (and what is too long is
        // cut one byte past a date, which is then the error).
        let dashed = bytes[4] == b'-';
        let mut buf = [0u8; 11];
        let len = bytes.len().min(buf.len());
        for (i, (slot, &b)) in buf.iter_mut().zip(bytes).enumerate() {
            *slot = if dashed && (i == 4 || i == 7) && b == b'-' {
                b'.'
            } else {
                b
            };
        }
        let bad = |at: usize| FilterError::new(FilterErrorKind::BadDate, start + at);
        let date = Date::from_ascii(&buf[..len]).map_err(|e| bad(e.offset()))?;
        if date.year().is_none() {
            return Err(bad(0));
        }
        return Ok(Literal::Date(date));
    }
    match parse_integer(bytes) {
        Ok(n) => Ok(Literal::Int(n)),
        Err(NotInteger::TooLarge) => Err(FilterError::new(FilterErrorKind::NumberTooLarge, start)),
        Err(NotInteger::Syntax) => Err(FilterError::new(FilterErrorKind::BadLiteral, start)),
    }
}

/// A date as a number that orders dates: `YYYYMMDD`, an unknown month or
/// day as `00`; `None` when the year is unknown.
fn date_key(date: Date) -> Option<i64> {
    let year = i64::from(date.year()?);
    let month = i64::from(date.month().unwrap_or(0));
    let day = i64::from(date.day().unwrap_or(0));
    Some(year * 10_000 + month * 100 + day)
}

/// The number a sub-field reads from a tag's value, if any.
fn sub_value(value: &[u8], sub: Sub) -> Option<i64> {
    match sub {
        Sub::Whole => None,
        Sub::Year | Sub::Month | Sub::Day => {
            let date = Date::from_ascii(value).ok()?;
            match sub {
                Sub::Year => date.year().map(i64::from),
                Sub::Month => date.month().map(i64::from),
                _ => date.day().map(i64::from),
            }
        }
        Sub::Base | Sub::Increment | Sub::Moves => {
            let period = first_period(value)?;
            match sub {
                Sub::Base => i64::try_from(period.time_ms / 1000).ok(),
                Sub::Increment => i64::try_from(period.increment_ms / 1000).ok(),
                _ => period.moves.map(i64::from),
            }
        }
    }
}

/// The first period of a time control, as [`TimeControl`] reads it.
///
/// [`TimeControl`]: super::tags::TimeControl
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Period {
    moves: Option<u32>,
    time_ms: u64,
    /// `0` when the period has none (a sandclock has none).
    increment_ms: u64,
}

/// The first period of a `TimeControl` value, when the whole value is a
/// valid time control with periods (not `?` or `-`): what
/// `TimeControl::from_ascii(value)?.periods()[0]` gives, without
/// allocating.
fn first_period(value: &[u8]) -> Option<Period> {
    let mut first = None;
    for part in value.split(|&b| b == b':') {
        let period = period(part)?;
        first.get_or_insert(period);
    }
    first
}

/// Reads one period of a time control (see `TimePeriod::parse`).
fn period(part: &[u8]) -> Option<Period> {
    if let Some(rest) = part.strip_prefix(b"*") {
        let (time_ms, used) = seconds(rest, 0)?;
        return (used == rest.len()).then_some(Period {
            moves: None,
            time_ms,
            increment_ms: 0,
        });
    }
    let (mut time_ms, mut i) = seconds(part, 0)?;
    let mut moves = None;
    if part.get(i) == Some(&b'/') {
        let (count, after) = number(part, 0)?;
        if after != i {
            return None;
        }
        moves = Some(u32::try_from(count).ok()?);
        (time_ms, i) = seconds(part, i + 1)?;
    }
    let mut increment_ms = 0;
    if part.get(i) == Some(&b'+') {
        (increment_ms, i) = seconds(part, i + 1)?;
    }
    (i == part.len()).then_some(Period {
        moves,
        time_ms,
        increment_ms,
    })
}

/// Reads the digits at `start` (at least one) as a number, with the offset
/// after them.
fn number(bytes: &[u8], start: usize) -> Option<(u64, usize)> {
    let mut value: u64 = 0;
    let mut i = start;
    while let Some(&d) = bytes.get(i).filter(|d| d.is_ascii_digit()) {
        value = value.checked_mul(10)?.checked_add(u64::from(d - b'0'))?;
        i += 1;
    }
    (i > start).then_some((value, i))
}

/// Reads seconds with up to three decimals at `start`, as milliseconds,
/// with the offset after them.
fn seconds(bytes: &[u8], start: usize) -> Option<(u64, usize)> {
    let (whole, mut i) = number(bytes, start)?;
    let mut millis = whole.checked_mul(1000)?;
    if bytes.get(i) == Some(&b'.') {
        i += 1;
        let frac_start = i;
        let mut scale = 100;
        while let Some(&d) = bytes.get(i).filter(|d| d.is_ascii_digit()) {
            if i - frac_start == 3 {
                return None;
            }
            millis = millis.checked_add(u64::from(d - b'0') * scale)?;
            scale /= 10;
            i += 1;
        }
        if i == frac_start {
            return None;
        }
    }
    Some((millis, i))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pgn::Reader;
    use crate::pgn::tags::{TimeControl, TimePeriod, parse_elo};
    use FilterErrorKind as K;
    use alloc::borrow::ToOwned;
    use alloc::format;
    use alloc::string::ToString;
    use proptest::prelude::*;

    /// Tags as a Lichess game has them (with a few unknowns).
    fn lichess() -> Vec<(String, String)> {
        pairs(&[
            ("Event", "Rated Blitz game"),
            ("Site", "https://lichess.org/ENPo6ReH"),
            ("Date", "1992.??.??"),
            ("Result", "1-0"),
            ("UTCDate", "2025.05.01"),
            ("WhiteElo", "1500"),
            ("BlackElo", "?"),
            ("WhiteRatingDiff", "+5"),
            ("BlackRatingDiff", "-12"),
            ("TimeControl", "600+5"),
            ("Termination", ""),
        ])
    }

    fn pairs(tags: &[(&str, &str)]) -> Vec<(String, String)> {
        tags.iter()
            .map(|&(n, v)| (n.to_owned(), v.to_owned()))
            .collect()
    }

    /// Whether `expr` matches a game of these tags and plies.
    fn on(expr: &str, tags: &[(String, String)], plies: u32) -> bool {
        let filter = Filter::parse(expr).unwrap_or_else(|e| panic!("{expr}: {e}"));
        filter.matches(&TagsAndPlies { tags, plies })
    }

    /// Whether `expr` matches the Lichess game of 42 plies.
    fn m(expr: &str) -> bool {
        on(expr, &lichess(), 42)
    }

    fn err(expr: &str) -> (FilterErrorKind, usize) {
        let e = Filter::parse(expr).expect_err(expr);
        (e.kind(), e.offset())
    }

    #[test]
    fn integers() {
        for (expr, want) in [
            ("WhiteElo >= 1500", true),
            ("WhiteElo > 1500", false),
            ("WhiteElo = 1500", true),
            ("WhiteElo == 1500", true),
            ("WhiteElo != 1500", false),
            ("WhiteElo != 1400", true),
            ("WhiteElo < 1501", true),
            ("WhiteElo <= 1499", false),
            ("WhiteRatingDiff = 5", true),
            ("WhiteRatingDiff > +4", true),
            ("BlackRatingDiff = -12", true),
            ("BlackRatingDiff < -11", true),
            ("WhiteElo>=1500", true),
            ("WhiteElo=1500", true),
            // Read as an integer whatever the tag.
            ("Event = 1", false),
            ("Event != 1", false),
        ] {
            assert_eq!(m(expr), want, "{expr}");
        }
    }

    #[test]
    fn strings() {
        for (expr, want) in [
            (r#"Result = "1-0""#, true),
            (r#"Result != "1-0""#, false),
            (r#"Result != "0-1""#, true),
            (r#"Event ~ "Blitz""#, true),
            (r#"Event ~ "blitz""#, false),
            (r#"Event !~ "Bullet""#, true),
            (r#"Event !~ "Blitz""#, false),
            (r#"Event ~ """#, true),
            (r#"Event > "Rated""#, true),
            (r#"Event < "S""#, true),
            // Byte-wise: "1500" sorts before "9".
            (r#"WhiteElo < "9""#, true),
            (r#"WhiteElo = "1500""#, true),
        ] {
            assert_eq!(m(expr), want, "{expr}");
        }
        let tags = pairs(&[("Annotator", r#"say "hi" \o/"#)]);
        assert!(on(r#"Annotator = "say \"hi\" \\o/""#, &tags, 0));
        assert!(on(r#"Annotator ~ "\\o""#, &tags, 0));
        assert!(on(r#"Annotator ~ "\"hi\"""#, &tags, 0));
        let tags = pairs(&[("White", "Müller, Jürgen")]);
        assert!(on(r#"White ~ "Jürgen""#, &tags, 0));
    }

    #[test]
    fn dates() {
        for (expr, want) in [
            ("UTCDate >= 2020.01.01", true),
            ("UTCDate >= 2020-01-01", true),
            ("UTCDate = 2025.05.01", true),
            ("UTCDate > 2025.05.01", false),
            ("UTCDate < 2025.05.02", true),
            ("UTCDate != 2025.05.01", false),
            ("UTCDate >= 2025.??.??", true),
            ("UTCDate = 2025.05.??", false),
            // `1992.??.??` is (1992, 0, 0).
            ("Date < 1992.01.01", true),
            ("Date >= 1992.??.??", true),
            ("Date = 1992.??.??", true),
            ("Date > 1991.12.31", true),
            ("Date >= 1992.01.01", false),
            ("Date.year = 1992", true),
            ("Date.month = 1", false),
            ("Date.month != 1", false),
            ("Date.month", false),
            ("not Date.month", true),
            ("Date.year", true),
            ("UTCDate.month = 5", true),
            ("UTCDate.day = 1", true),
            ("UTCDate.year >= 2025 and UTCDate.year < 2026", true),
            // Not dates: no value.
            ("Event >= 1900.01.01", false),
            ("Event.year > 0", false),
            ("Event.year", false),
        ] {
            assert_eq!(m(expr), want, "{expr}");
        }
        let unknown = pairs(&[("Date", "????.??.??")]);
        assert!(!on("Date < 3000.01.01", &unknown, 0));
        assert!(!on("Date != 3000.01.01", &unknown, 0));
        assert!(on("Date", &unknown, 0));
        assert!(!on("Date.year", &unknown, 0));
        let known_day = pairs(&[("Date", "1992.??.15")]);
        assert!(on("Date = 1992.??.15", &known_day, 0));
        assert!(on("Date.day = 15", &known_day, 0));
    }

    #[test]
    fn time_controls() {
        for (expr, want) in [
            ("TimeControl.base >= 600", true),
            ("TimeControl.base > 600", false),
            ("TimeControl.increment = 5", true),
            ("TimeControl.moves", false),
            ("TimeControl.moves > 0", false),
            ("TimeControl.base", true),
            (r#"TimeControl = "600+5""#, true),
            // `600+5` is not an integer.
            ("TimeControl = 600", false),
        ] {
            assert_eq!(m(expr), want, "{expr}");
        }
        let tc = |value: &str, expr: &str| on(expr, &pairs(&[("TimeControl", value)]), 0);
        for value in ["-", "?", "", "300 + 3", "fast"] {
            for expr in [
                "TimeControl.base >= 0",
                "TimeControl.base < 0",
                "TimeControl.base != 1",
                "TimeControl.increment = 0",
                "TimeControl.base",
            ] {
                assert!(!tc(value, expr), "{value} {expr}");
            }
        }
        assert!(tc("-", "TimeControl"));
        assert!(tc(
            "300",
            "TimeControl.increment = 0 and TimeControl.base = 300"
        ));
        assert!(tc(
            "*180",
            "TimeControl.base = 180 and TimeControl.increment = 0"
        ));
        assert!(tc(
            "40/7200:3600",
            "TimeControl.moves = 40 and TimeControl.base = 7200"
        ));
        assert!(tc("40/7200+30:900", "TimeControl.increment = 30"));
        assert!(tc(
            "10+0.05",
            "TimeControl.base = 10 and TimeControl.increment = 0"
        ));
        assert!(tc("0.5", "TimeControl.base = 0"));
        // A bad second period makes the whole value unreadable.
        assert!(!tc("40/7200:x", "TimeControl.base = 7200"));
    }

    #[test]
    fn plies() {
        let tags = lichess();
        assert!(on("plies > 40", &tags, 41));
        assert!(!on("plies > 40", &tags, 40));
        assert!(on("plies = 0", &[], 0));
        assert!(on("plies <= 4294967295", &[], u32::MAX));
        assert!(on("plies != 3", &[], 0));
        let filter = Filter::parse("plies > 40 and WhiteElo").unwrap();
        assert!(filter.needs_moves());
        assert!(!filter.uses_tag(b"plies"));
        assert!(filter.uses_tag(b"WhiteElo"));
        assert!(!Filter::parse("Plies > 40").unwrap().needs_moves());
        assert!(Filter::parse("Plies > 40").unwrap().uses_tag(b"Plies"));
    }

    #[test]
    fn absent_values() {
        for expr in [
            "BlackElo = 1500",
            "BlackElo != 1500",
            "BlackElo < 3000",
            r#"BlackElo = "?""#,
            r#"BlackElo != "x""#,
            r#"BlackElo ~ """#,
            r#"BlackElo !~ "1""#,
            "BlackElo",
            "Missing",
            "Missing != 0",
            r#"Missing !~ "x""#,
            "Termination",
            r#"Termination = """#,
            r#"Termination !~ "x""#,
            "BlackElo.year",
        ] {
            assert!(!m(expr), "{expr}");
        }
        for expr in [
            "not BlackElo = 1500",
            "not (BlackElo != 1500)",
            "not BlackElo",
            "!Missing",
            "not Termination",
            "WhiteElo",
            "TimeControl",
        ] {
            assert!(m(expr), "{expr}");
        }
        for value in ["?", "-", ""] {
            let tags = pairs(&[("WhiteElo", value)]);
            assert!(!on("WhiteElo >= 0", &tags, 0));
            assert!(!on("WhiteElo < 0", &tags, 0));
            assert!(on("not WhiteElo >= 0", &tags, 0));
        }
        // `-` is a value (not `?` or empty), but no integer.
        assert!(on("WhiteElo", &pairs(&[("WhiteElo", "-")]), 0));
        // The first tag of a name counts.
        let twice = pairs(&[("WhiteElo", "1000"), ("WhiteElo", "2000")]);
        assert!(on("WhiteElo = 1000", &twice, 0));
        assert!(!on("WhiteElo = 2000", &twice, 0));
        // Names are case-sensitive.
        assert!(!m("whiteelo = 1500"));
    }

    #[test]
    fn logic_and_precedence() {
        let t = "WhiteElo";
        let f = "BlackElo";
        let cases = [
            (format!("{t} or {t} and {f}"), true),
            (format!("({t} or {t}) and {f}"), false),
            (format!("{f} and {f} or {t}"), true),
            (format!("{f} and ({f} or {t})"), false),
            (format!("not {f} and {t}"), true),
            (format!("not ({f} or {t})"), false),
            (format!("not {f} or {f}"), true),
            (format!("not not {t}"), true),
            (format!("! ! ! {t}"), false),
            (format!("{t} && {f} || {t}"), true),
            (format!("{t} AND NOT {f}"), true),
            (format!("{f} Or {t}"), true),
            (format!("(((({t}))))"), true),
            // Glued, it is one name (`WhiteEloandWhiteElo`) the game lacks.
            (format!("{t}and{t}"), false),
        ];
        for (expr, want) in cases {
            assert_eq!(m(&expr), want, "{expr}");
        }
        assert!(m(
            r#"WhiteElo >= 1500 and (BlackElo < 1500 or not Event ~ "Bullet")"#
        ));
        assert!(!m(
            r#"WhiteElo >= 1500 and (BlackElo < 1500 or not Event ~ "Blitz")"#
        ));
        assert!(m("(WhiteElo)and(WhiteElo)"));
        assert!(m(r#"WhiteElo>=1500&&!Event~"Bullet""#));
        assert!(m(r#"Event < "a""#));
        assert!(m("\tWhiteElo\n>=\r\n1500 "));
    }

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

    #[test]
    fn every_error_says_where() {
        let cases: &[(&str, K, usize)] = &[
            ("", K::Empty, 0),
            ("  \t", K::Empty, 3),
            ("WhiteElo @ 3", K::UnexpectedChar, 9),
            ("@", K::UnexpectedChar, 0),
            ("WhiteElo > 1 & BlackElo", K::UnexpectedChar, 13),
            ("Élo > 1", K::UnexpectedChar, 0),
            (r#"Event ~ "Blitz"#, K::UnterminatedString, 8),
            (r#"Event ~ "Blitz\"#, K::UnterminatedString, 8),
            (r#"Event ~ "a\nb""#, K::BadEscape, 10),
            ("WhiteElo > 1 and", K::ExpectedOperand, 16),
            ("and WhiteElo", K::ExpectedOperand, 0),
            ("not", K::ExpectedOperand, 3),
            ("()", K::ExpectedOperand, 1),
            ("WhiteElo > 1 or or", K::ExpectedOperand, 16),
            (r#""x" = Event"#, K::ExpectedOperand, 0),
            ("= 1", K::ExpectedOperand, 0),
            ("WhiteElo 2000", K::ExpectedOperator, 9),
            ("WhiteElo not", K::ExpectedOperator, 9),
            ("WhiteElo ! 1", K::ExpectedOperator, 9),
            ("plies", K::ExpectedComparison, 5),
            ("plies and WhiteElo", K::ExpectedComparison, 6),
            ("WhiteElo > 1 2", K::ExpectedAndOr, 13),
            ("WhiteElo > 1 BlackElo", K::ExpectedAndOr, 13),
            ("WhiteElo > 1 (", K::ExpectedAndOr, 13),
            ("(WhiteElo) WhiteElo", K::ExpectedAndOr, 11),
            ("WhiteElo >= ", K::ExpectedValue, 12),
            ("WhiteElo >= and", K::ExpectedValue, 12),
            ("WhiteElo >= NOT 5", K::ExpectedValue, 12),
            ("WhiteElo >= andy", K::BadLiteral, 12),
            ("WhiteElo >= )", K::ExpectedValue, 12),
            ("WhiteElo = = 1", K::ExpectedValue, 11),
            ("Result = 1-0", K::BadLiteral, 9),
            ("WhiteElo >= BlackElo", K::BadLiteral, 12),
            ("WhiteElo = ?", K::BadLiteral, 11),
            ("TimeControl.base >= 0.5", K::BadLiteral, 20),
            ("Date = 2020.13.01", K::BadDate, 12),
            ("Date = 2023.02.29", K::BadDate, 15),
            ("Date = 2020.1.1", K::BadDate, 13),
            ("Date = 2020-01-01x", K::BadDate, 17),
            ("Date = ????.01.01", K::BadDate, 7),
            ("WhiteElo = 9223372036854775808", K::NumberTooLarge, 11),
            ("Event ~ 1", K::ExpectedString, 8),
            ("Event !~ 2020.01.01", K::ExpectedString, 9),
            (r#"plies = "40""#, K::ExpectedInteger, 8),
            ("Date.year = 2020.01.01", K::ExpectedInteger, 12),
            (r#"plies ~ "4""#, K::ContainsOnNumber, 6),
            (r#"TimeControl.base !~ "4""#, K::ContainsOnNumber, 17),
            ("TimeControl.bass > 1", K::UnknownSubField, 12),
            ("Date. = 1", K::UnknownSubField, 5),
            ("Date.Year = 1", K::UnknownSubField, 5),
            ("plies.year = 1", K::UnknownSubField, 6),
            ("(WhiteElo", K::UnmatchedParenthesis, 0),
            ("((WhiteElo) or (BlackElo)", K::UnmatchedParenthesis, 0),
            ("WhiteElo)", K::UnmatchedParenthesis, 8),
            ("(WhiteElo))", K::UnmatchedParenthesis, 10),
        ];
        for &(expr, kind, offset) in cases {
            assert_eq!(err(expr), (kind, offset), "{expr:?}");
            // The offset is a place to put a caret.
            assert!(expr.is_char_boundary(offset), "{expr:?}");
        }
        // Every kind has an example.
        for kind in K::ALL {
            let tested = kind == K::TooDeep || cases.iter().any(|&(_, k, _)| k == kind);
            assert!(tested, "{kind:?}");
        }
    }

    #[test]
    fn messages() {
        let e = Filter::parse("WhiteElo >= 2000 and").unwrap_err();
        assert_eq!(
            e.to_string(),
            "expected a field, `not` or `(` after `and` at byte 20"
        );
        let e = Filter::parse("WhiteElo >=").unwrap_err();
        assert_eq!(e.to_string(), "expected a value after `>=` at byte 11");
        let e = Filter::parse("Event ~ 5").unwrap_err();
        assert_eq!(
            e.to_string(),
            "expected a \"quoted string\" after `~` at byte 8"
        );
        let e = Filter::parse("WhiteElo)").unwrap_err();
        assert_eq!(e.to_string(), "unmatched parenthesis at byte 8");
        assert_eq!(e.after(), None);
        assert_eq!(e.kind_name(), "unmatched-parenthesis");
        assert_eq!(Diagnostic::offset(&e), 8);
        let names: Vec<&str> = K::ALL.iter().map(|k| k.name()).collect();
        for name in &names {
            assert!(name.bytes().all(|b| b.is_ascii_lowercase() || b == b'-'));
        }
    }

    #[test]
    fn nesting() {
        let ok = format!("{}WhiteElo{}", "(".repeat(MAX_DEPTH), ")".repeat(MAX_DEPTH));
        assert!(m(&ok));
        let deep = format!("{}WhiteElo{}", "(".repeat(10_000), ")".repeat(10_000));
        assert_eq!(err(&deep), (K::TooDeep, MAX_DEPTH));
        // Depth is that of open parentheses, not their number.
        let wide = "(WhiteElo) and ".repeat(10_000) + "WhiteElo";
        assert!(m(&wide));
        // `not`s and long chains need no depth (nor recursion), even to print.
        let nots = "not ".repeat(10_001) + "WhiteElo";
        let filter = Filter::parse(&nots).unwrap();
        assert!(!filter.matches(&TagsAndPlies {
            tags: &lichess(),
            plies: 0
        }));
        assert_eq!(filter.to_string(), nots);
        let chain = "BlackElo or ".repeat(10_000) + "WhiteElo";
        let filter = Filter::parse(&chain).unwrap();
        assert!(m(&chain));
        assert_eq!(filter.to_string(), chain);
        assert_eq!(Filter::parse(&filter.to_string()).unwrap(), filter);
        let bang = "!".repeat(100_000) + "WhiteElo";
        assert!(m(&bang));
    }

    #[test]
    fn display_is_canonical() {
        for (expr, shown) in [
            ("WhiteElo>=2000", "WhiteElo >= 2000"),
            ("WhiteElo==2000", "WhiteElo = 2000"),
            ("a OR b AND NOT c", "a or b and not c"),
            ("(a or b) and c", "(a or b) and c"),
            ("a and (b and c)", "a and (b and c)"),
            ("(a and b) and c", "a and b and c"),
            ("a or (b or c)", "a or (b or c)"),
            ("not (a and b)", "not (a and b)"),
            ("!!a", "not not a"),
            ("((a))", "a"),
            ("Date>=2020-01-01", "Date >= 2020.01.01"),
            ("Date=2020.??.??", "Date = 2020.??.??"),
            (r#"X ~ "a\"b\\c""#, r#"X ~ "a\"b\\c""#),
            ("TimeControl.base>+600", "TimeControl.base > 600"),
            ("plies>-1", "plies > -1"),
        ] {
            let filter = Filter::parse(expr).unwrap();
            assert_eq!(filter.to_string(), shown, "{expr}");
            assert_eq!(Filter::parse(shown).unwrap(), filter, "{expr}");
        }
    }

    #[test]
    fn inputs() {
        let pgn = b"[Event \"A\"]\n[WhiteElo \"2100\"]\n\n1. e4 e5 2. Nf3 *\n\n[Event \"B\"]\n\n1. d4 *\n";
        let filter = Filter::parse("WhiteElo >= 2000 or plies = 1").unwrap();
        let games: Vec<Game> = Reader::from_slice(pgn).games().collect();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].plies(), 3);
        assert!(filter.matches(&games[0]) && filter.matches(&games[1]));
        let headers: Vec<Headers> = Reader::from_slice(pgn).headers().collect();
        assert_eq!(headers[1].plies(), 0);
        assert!(filter.matches(&headers[0]) && !filter.matches(&headers[1]));
        let dynamic: &dyn FilterInput = &headers[0];
        assert!(filter.matches(dynamic));
        assert!(filter.matches(&&games[1]));
    }

    /// Reads `tags.rs`'s `TimeControl`: the first period as the filter
    /// reads it.
    fn reference_period(value: &str) -> Option<Period> {
        let tc = TimeControl::from_ascii(value.as_bytes()).ok()?;
        Some(match *tc.periods().first()? {
            TimePeriod::Normal {
                moves,
                time_ms,
                increment_ms,
            } => Period {
                moves,
                time_ms,
                increment_ms: increment_ms.unwrap_or(0),
            },
            TimePeriod::Sandclock { time_ms } => Period {
                moves: None,
                time_ms,
                increment_ms: 0,
            },
        })
    }

    #[test]
    fn first_period_is_that_of_time_control() {
        for value in [
            "300+3",
            "-",
            "?",
            "",
            "*180",
            "40/9000:300",
            "40/60+0.6",
            "10+0.05",
            "1.2345",
            "40.5/300",
            "4294967296/60",
            "60+18446744073709552",
            "300:",
            ":300",
            "1.5:*30",
        ] {
            assert_eq!(
                first_period(value.as_bytes()),
                reference_period(value),
                "{value}"
            );
        }
    }

    /// A test expression and whether it holds on [`lichess`] at 42 plies.
    const LEAVES: [(&str, bool); 8] = [
        ("WhiteElo >= 1500", true),
        ("BlackElo < 3000", false),
        (r#"Event ~ "Blitz""#, true),
        ("plies > 40", true),
        ("TimeControl.base = 600", true),
        ("Date >= 1992.01.01", false),
        ("Missing", false),
        ("UTCDate.year = 2025", true),
    ];

    /// An expression tree for the property tests.
    #[derive(Clone, Debug)]
    enum Expr {
        Leaf(usize),
        Not(Box<Expr>),
        And(Box<Expr>, Box<Expr>),
        Or(Box<Expr>, Box<Expr>),
    }

    use alloc::boxed::Box;

    impl Expr {
        fn eval(&self) -> bool {
            match self {
                Expr::Leaf(i) => LEAVES[*i].1,
                Expr::Not(x) => !x.eval(),
                Expr::And(a, b) => a.eval() && b.eval(),
                Expr::Or(a, b) => a.eval() || b.eval(),
            }
        }

        /// Fully parenthesised, with keywords spelt in every way.
        fn text(&self, spelling: usize) -> String {
            let (and, or, not) = [
                ("and", "or", "not"),
                ("&&", "||", "!"),
                ("AND", "Or", "NOT"),
            ][spelling % 3];
            match self {
                Expr::Leaf(i) => LEAVES[*i].0.to_owned(),
                Expr::Not(x) => format!("{not} ({})", x.text(spelling + 1)),
                Expr::And(a, b) => {
                    format!(
                        "({}) {and} ({})",
                        a.text(spelling + 1),
                        b.text(spelling + 2)
                    )
                }
                Expr::Or(a, b) => {
                    format!("({}){or}({})", a.text(spelling + 2), b.text(spelling + 1))
                }
            }
        }
    }

    fn expr() -> impl Strategy<Value = Expr> {
        let leaf = (0..LEAVES.len()).prop_map(Expr::Leaf);
        leaf.prop_recursive(6, 48, 2, |inner| {
            prop_oneof![
                inner.clone().prop_map(|x| Expr::Not(Box::new(x))),
                (inner.clone(), inner.clone())
                    .prop_map(|(a, b)| Expr::And(Box::new(a), Box::new(b))),
                (inner.clone(), inner).prop_map(|(a, b)| Expr::Or(Box::new(a), Box::new(b))),
            ]
        })
    }

    /// Token soup: expressions that are often valid, often not.
    fn soup() -> impl Strategy<Value = String> {
        let token = prop_oneof![
            Just("WhiteElo"),
            Just("BlackElo"),
            Just("plies"),
            Just("TimeControl.base"),
            Just("Date.year"),
            Just("Date"),
            Just("Event"),
            Just(">="),
            Just("="),
            Just("!="),
            Just("<"),
            Just("~"),
            Just("!~"),
            Just("1500"),
            Just("-3"),
            Just("2020.01.01"),
            Just("1992.??.??"),
            Just(r#""Bl\"itz""#),
            Just(r#""\\""#),
            Just("and"),
            Just("OR"),
            Just("not"),
            Just("!"),
            Just("&&"),
            Just("("),
            Just(")"),
        ];
        proptest::collection::vec(token, 1..16).prop_map(|tokens| tokens.join(" "))
    }

    proptest! {
        #[test]
        fn any_string_parses_or_fails_without_panic(s in any::<String>()) {
            if let Err(e) = Filter::parse(&s) {
                prop_assert!(e.offset() <= s.len());
                prop_assert!(s.is_char_boundary(e.offset()));
                let _ = e.to_string();
            }
        }

        #[test]
        fn any_ascii_soup_parses_or_fails_without_panic(s in "[ -~]{0,40}") {
            match Filter::parse(&s) {
                Ok(filter) => {
                    let shown = filter.to_string();
                    prop_assert_eq!(Filter::parse(&shown), Ok(filter));
                }
                Err(e) => prop_assert!(e.offset() <= s.len()),
            }
        }

        #[test]
        fn display_parses_back_to_the_same_filter(s in soup()) {
            if let Ok(filter) = Filter::parse(&s) {
                let shown = filter.to_string();
                let again = Filter::parse(&shown).unwrap();
                prop_assert_eq!(again.to_string(), shown);
                let tags = lichess();
                for plies in [0, 40, 41] {
                    let game = TagsAndPlies { tags: &tags, plies };
                    prop_assert_eq!(again.matches(&game), filter.matches(&game));
                }
                prop_assert_eq!(again, filter);
            }
        }

        #[test]
        fn matches_as_the_tree_says(e in expr(), spelling in 0usize..3) {
            let text = e.text(spelling);
            let filter = Filter::parse(&text).unwrap();
            prop_assert_eq!(m(&text), e.eval(), "{}", text);
            let shown = filter.to_string();
            prop_assert_eq!(m(&shown), e.eval(), "{}", shown);
            prop_assert_eq!(Filter::parse(&shown).unwrap(), filter);
        }

        #[test]
        fn first_period_agrees_with_time_control(s in "[0-9*/+.:?-]{0,14}") {
            prop_assert_eq!(first_period(s.as_bytes()), reference_period(&s));
        }

        #[test]
        fn integers_read_as_i64_does(n in any::<i64>(), plus in any::<bool>()) {
            let text = if plus && n >= 0 { format!("+{n}") } else { n.to_string() };
            prop_assert_eq!(parse_integer(text.as_bytes()), Ok(n));
            let tags = pairs(&[("N", &text)]);
            let by_number = format!("N = {n}");
            let by_text = format!("N = {text}");
            prop_assert!(on(&by_number, &tags, 0));
            prop_assert!(on(&by_text, &tags, 0));
        }
    }

    #[test]
    fn leaves_hold_as_said() {
        for (expr, want) in LEAVES {
            assert_eq!(m(expr), want, "{expr}");
        }
    }

    /// `WhiteElo >= 2000` (and a few more) on a million bytes of Lichess
    /// games, against the same counts computed with `tags`.
    #[test]
    fn real_lichess_tags() {
        let required =
            std::env::var_os("CHESSNOTE_REQUIRE_SHARED").is_some_and(|v| !v.is_empty() && v != "0");
        let path = std::env::var_os("CHESSNOTE_SHARED")
            .map(|dir| std::path::PathBuf::from(dir).join("data/pgn/medium/lichess_db_1000k.pgn"));
        let bytes = match path.as_ref().map(std::fs::read) {
            Some(Ok(bytes)) => bytes,
            other => {
                assert!(
                    !required,
                    "CHESSNOTE_REQUIRE_SHARED is set but {path:?} cannot be read: {other:?}"
                );
                return;
            }
        };
        let headers: Vec<Headers> = Reader::from_slice(&bytes).headers().collect();
        assert!(headers.len() > 400, "{} games", headers.len());
        let count = |expr: &str| {
            let filter = Filter::parse(expr).unwrap();
            headers.iter().filter(|h| filter.matches(*h)).count()
        };
        let elo = |h: &Headers, name: &str| {
            h.tag(name)
                .and_then(|v| parse_elo(v.as_bytes()).ok().flatten())
        };
        let strong = headers
            .iter()
            .filter(|h| elo(h, "WhiteElo").is_some_and(|e| e >= 2000))
            .count();
        assert!(strong > 0);
        assert_eq!(count("WhiteElo >= 2000"), strong);
        let rated = headers
            .iter()
            .filter(|h| elo(h, "WhiteElo").is_some())
            .count();
        assert_eq!(count("WhiteElo >= 2000") + count("WhiteElo < 2000"), rated);
        assert_eq!(count("not WhiteElo >= 2000"), headers.len() - strong);
        let base = |h: &Headers| {
            let tc = TimeControl::from_ascii(h.tag("TimeControl")?.as_bytes()).ok()?;
            Some(tc.periods().first()?.time_ms() / 1000)
        };
        let slow = headers
            .iter()
            .filter(|h| base(h).is_some_and(|b| b >= 600))
            .count();
        assert!(slow > 0);
        assert_eq!(count("TimeControl.base >= 600"), slow);
        let blitz = headers
            .iter()
            .filter(|h| h.tag("Event").is_some_and(|e| e.contains("Blitz")))
            .count();
        assert!(blitz > 0);
        assert_eq!(count(r#"Event ~ "Blitz""#), blitz);
        let both = headers
            .iter()
            .filter(|h| {
                elo(h, "WhiteElo").is_some_and(|e| e >= 2000)
                    && (elo(h, "BlackElo").is_some_and(|e| e < 1500)
                        || !h.tag("Event").is_some_and(|e| e.contains("Bullet")))
            })
            .count();
        assert_eq!(
            count(r#"WhiteElo >= 2000 and (BlackElo < 1500 or not Event ~ "Bullet")"#),
            both
        );
        let dated = headers
            .iter()
            .filter(|h| {
                h.tag("UTCDate")
                    .and_then(|d| Date::from_ascii(d.as_bytes()).ok())
                    .is_some_and(|d| d >= Date::new(Some(2025), Some(5), Some(1)).unwrap())
            })
            .count();
        assert_eq!(count("UTCDate >= 2025.05.01"), dated);
    }
}
