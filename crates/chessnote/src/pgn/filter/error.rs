//! What can be wrong with an expression ([`FilterErrorKind`]) and where
//! ([`FilterError`]): the one error of parsing, with the byte to put a
//! caret under.

use core::fmt;

use crate::Diagnostic;
use crate::text::error_kind;

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
            "expected an integer, a date `YYYY.MM.DD` or a \"quoted string\" (text is quoted: `Result = \"1-0\"`)"
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
        /// `reaches` or `material` not followed by its literal in
        /// parentheses (`reaches("FEN")`).
        ExpectedCall = (
            "expected-call",
            "expected `(\"…\")`: `reaches` and `material` take a quoted argument"
        ),
        /// The FEN of `reaches` is not a legal position (at its quote).
        BadPosition = ("bad-position", "not the FEN of a legal position"),
        /// The material of `material` is not White's pieces, `v`, Black's,
        /// each side one `K` and any of `QRBNP`, at most 16 (at the byte
        /// where it goes wrong).
        BadMaterial = (
            "bad-material",
            "not a material like `KRPvKR` (White's pieces, `v`, Black's; one `K` each, then `QRBNP`)"
        ),
        /// `status` compared otherwise than by `=` or `!=` with one of its
        /// values (at the operator or the literal).
        UnknownStatus = (
            "unknown-status",
            "`status` is compared by `=` or `!=` with \"checkmate\", \"stalemate\", \"insufficient_material\", \"seventyfive_moves\" or \"fivefold_repetition\""
        ),
        /// More than [`MAX_POSITION_TESTS`](super::MAX_POSITION_TESTS)
        /// distinct `reaches` and `material` tests (at the one too many).
        TooManyPositions = (
            "too-many-positions",
            "more than 64 distinct `reaches` and `material` tests"
        ),
        /// Parentheses nested deeper than [`MAX_DEPTH`](super::MAX_DEPTH)
        /// (at the first one too many).
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
    /// An error of that kind at that byte.
    pub(super) const fn new(kind: FilterErrorKind, offset: usize) -> FilterError {
        FilterError {
            kind,
            offset,
            after: None,
        }
    }

    /// An error of that kind at that byte, after the token `after`.
    pub(super) const fn after_token(
        kind: FilterErrorKind,
        offset: usize,
        after: &'static str,
    ) -> FilterError {
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
