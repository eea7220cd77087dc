//! The lexer: the tokens of the language, each read where the parser
//! expects it (a field name, a comparison, a literal, `and` or `or`), and
//! the values of literals: integers (also read from tags' values), dates
//! and strings. It stops at the first byte it cannot read, with an error
//! that says where.

use alloc::string::String;

use super::error::{FilterError, FilterErrorKind};
use super::expr::{Literal, Op};
use crate::pgn::tags::Date;

/// What reading gives: a value, or the error with its byte.
pub(super) type Parsed<T> = Result<T, FilterError>;

/// `and` or `or`: what joins two tests.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Connective {
    And,
    Or,
}

/// The expression and the position in it.
pub(super) struct Lexer<'a> {
    src: &'a str,
    bytes: &'a [u8],
    pos: usize,
}

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

impl<'a> Lexer<'a> {
    /// A lexer at the start of `src`.
    pub(super) fn new(src: &'a str) -> Lexer<'a> {
        Lexer {
            src,
            bytes: src.as_bytes(),
            pos: 0,
        }
    }

    /// The position: the byte where the next token starts (after
    /// whitespace, once skipped).
    pub(super) fn pos(&self) -> usize {
        self.pos
    }

    /// The length of the expression (where errors at its end are).
    pub(super) fn end(&self) -> usize {
        self.bytes.len()
    }

    /// Whether the expression is empty or only whitespace.
    pub(super) fn is_blank(&self) -> bool {
        self.bytes.iter().all(u8::is_ascii_whitespace)
    }

    /// Moves past `n` bytes the caller has looked at.
    pub(super) fn advance(&mut self, n: usize) {
        self.pos += n;
    }

    /// The byte at the position, if any.
    pub(super) fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    /// The byte `ahead` bytes past the position, if any.
    fn peek_at(&self, ahead: usize) -> Option<u8> {
        self.bytes.get(self.pos + ahead).copied()
    }

    /// Moves past whitespace.
    pub(super) fn skip_whitespace(&mut self) {
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
    pub(super) fn peek_word(&self) -> &'a str {
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
    pub(super) fn unexpected(
        &self,
        kind: FilterErrorKind,
        after: Option<&'static str>,
    ) -> FilterError {
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
    pub(super) fn at_connective(&self) -> bool {
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

    /// Reads a `.` and the word after it (letters, digits and `_`; it may
    /// be empty), if a `.` is at the position: the word and where it
    /// starts.
    pub(super) fn dotted_word(&mut self) -> Option<(&'a str, usize)> {
        if self.peek() != Some(b'.') {
            return None;
        }
        let start = self.pos + 1;
        let end = self.run_end(start, |b| b.is_ascii_alphanumeric() || b == b'_');
        self.pos = end;
        Some((self.src.get(start..end).unwrap_or(""), start))
    }

    /// Reads a comparison operator, if one is at the position.
    pub(super) fn comparison(&mut self) -> Option<(Op, &'static str)> {
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
    pub(super) fn literal(&mut self, token: &'static str) -> Parsed<Literal> {
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

    /// Reads `and` or `or` (`&&`, `||`, either word in any case), if one
    /// is at the position.
    pub(super) fn connective(&mut self) -> Option<(Connective, &'static str)> {
        let (connective, token, len) = match (self.peek()?, self.peek_at(1)) {
            (b'&', Some(b'&')) => (Connective::And, "&&", 2),
            (b'|', Some(b'|')) => (Connective::Or, "||", 2),
            _ => {
                let word = self.peek_word();
                if word.eq_ignore_ascii_case("and") {
                    (Connective::And, "and", word.len())
                } else if word.eq_ignore_ascii_case("or") {
                    (Connective::Or, "or", word.len())
                } else {
                    return None;
                }
            }
        };
        self.pos += len;
        Some((connective, token))
    }
}

/// Why a text is not an integer.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum NotInteger {
    /// It is not an optional sign then digits.
    Syntax,
    /// It is, but outside `i64`.
    TooLarge,
}

/// Reads an integer: an optional `+` or `-`, then one or more digits, and
/// nothing else, within `i64`.
pub(super) fn parse_integer(bytes: &[u8]) -> Result<i64, NotInteger> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pgn::filter::fixtures::{on, pairs};
    use alloc::format;
    use alloc::string::ToString;
    use proptest::prelude::*;

    /// The literal at the start of `text`, as after `=`.
    fn literal(text: &str) -> Parsed<Literal> {
        Lexer::new(text).literal("=")
    }

    fn date(year: u16, month: Option<u8>, day: Option<u8>) -> Literal {
        Literal::Date(Date::new(Some(year), month, day).unwrap())
    }

    #[test]
    fn tokens_are_read_where_the_parser_asks() {
        let mut lexer = Lexer::new("  TimeControl.base>=600 && x");
        lexer.skip_whitespace();
        assert_eq!(lexer.pos(), 2);
        let word = lexer.peek_word();
        assert_eq!(word, "TimeControl");
        lexer.advance(word.len());
        assert_eq!(lexer.dotted_word(), Some(("base", 14)));
        assert_eq!(lexer.dotted_word(), None);
        assert_eq!(lexer.comparison(), Some((Op::Ge, ">=")));
        assert_eq!(lexer.literal(">="), Ok(Literal::Int(600)));
        assert!(!lexer.at_connective());
        lexer.skip_whitespace();
        assert!(lexer.at_connective());
        assert_eq!(lexer.connective(), Some((Connective::And, "&&")));
        lexer.skip_whitespace();
        assert_eq!(lexer.connective(), None);
        assert_eq!((lexer.pos(), lexer.end()), (27, 28));
        let mut lexer = Lexer::new("OR(");
        assert_eq!(lexer.connective(), Some((Connective::Or, "or")));
        assert_eq!(lexer.pos(), 2);
        assert!(Lexer::new(" \t\n").is_blank());
    }

    #[test]
    fn literals() {
        assert_eq!(literal("2000"), Ok(Literal::Int(2000)));
        assert_eq!(literal("+5)"), Ok(Literal::Int(5)));
        assert_eq!(literal("-5"), Ok(Literal::Int(-5)));
        assert_eq!(literal("2020.01.02"), Ok(date(2020, Some(1), Some(2))));
        assert_eq!(literal("2020-01-02"), Ok(date(2020, Some(1), Some(2))));
        assert_eq!(literal("2020.??.??"), Ok(date(2020, None, None)));
        assert_eq!(
            literal(r#""a \"b\\ c" and"#),
            Ok(Literal::Str("a \"b\\ c".to_string()))
        );
        let kind = |text: &str| literal(text).map_err(|e| (e.kind(), e.offset()));
        assert_eq!(kind("1-0"), Err((FilterErrorKind::BadLiteral, 0)));
        assert_eq!(kind("2020.02.30"), Err((FilterErrorKind::BadDate, 8)));
        assert_eq!(
            kind("99999999999999999999"),
            Err((FilterErrorKind::NumberTooLarge, 0))
        );
        assert_eq!(kind("or"), Err((FilterErrorKind::ExpectedValue, 0)));
        assert_eq!(
            kind(r#""open"#),
            Err((FilterErrorKind::UnterminatedString, 0))
        );
        assert_eq!(kind(r#""\x""#), Err((FilterErrorKind::BadEscape, 1)));
    }

    proptest! {
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
}
