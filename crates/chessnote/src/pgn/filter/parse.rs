//! The parser: a shunting-yard over the tokens, which the lexer reads as
//! each place of the grammar expects them. Operators wait on a stack
//! (`(`, `not`, `and`, `or`, by precedence); tests and the nodes built over
//! them go on another, so nothing recurses, however deep or long the
//! expression. The tree it builds is handed to the compiler.

use alloc::string::String;
use alloc::vec::Vec;

use super::compile::compile;
use super::error::{FilterError, FilterErrorKind};
use super::expr::{
    Check, Field, Literal, Node, OPENING_PARTS, Op, OpeningPart, SUB_FIELDS, Sub, Test,
};
use super::lex::{Connective, Lexer, Parsed};
use super::watch::{PositionTest, STATUS_NAMES};
use super::{Filter, MAX_DEPTH, MAX_POSITION_TESTS};

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

/// The parser's state: the tests and the tree read so far, and its two
/// stacks.
pub(super) struct Parser<'a> {
    lex: Lexer<'a>,
    /// The tag names the tests read, each once.
    names: Vec<String>,
    tests: Vec<Test>,
    /// The tests of positions, each once.
    targets: Vec<PositionTest>,
    nodes: Vec<Node>,
    /// The first test of each node.
    first_tests: Vec<usize>,
    operands: Vec<Built>,
    pending: Vec<Pending>,
    depth: usize,
}

impl<'a> Parser<'a> {
    /// A parser at the start of `src`.
    pub(super) fn new(src: &'a str) -> Parser<'a> {
        Parser {
            lex: Lexer::new(src),
            names: Vec::new(),
            tests: Vec::new(),
            targets: Vec::new(),
            nodes: Vec::new(),
            first_tests: Vec::new(),
            operands: Vec::new(),
            pending: Vec::new(),
            depth: 0,
        }
    }

    /// Parses the whole expression and compiles it.
    pub(super) fn run(mut self) -> Parsed<Filter> {
        if self.lex.is_blank() {
            return Err(FilterError::new(FilterErrorKind::Empty, self.lex.end()));
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
            [root] => Ok(compile(
                self.names,
                self.tests,
                self.targets,
                self.nodes,
                &self.first_tests,
                root.node,
            )),
            _ => Err(FilterError::new(
                FilterErrorKind::ExpectedOperand,
                self.lex.end(),
            )),
        }
    }

    /// Reads prefixes (`(`, `not`) then one test, pushed as an operand.
    fn operand(&mut self, mut after: Option<&'static str>) -> Parsed<()> {
        loop {
            self.lex.skip_whitespace();
            let start = self.lex.pos();
            match self.lex.peek() {
                Some(b'(') => {
                    self.depth += 1;
                    if self.depth > MAX_DEPTH {
                        return Err(FilterError::new(FilterErrorKind::TooDeep, start));
                    }
                    self.pending.push(Pending::Open(start));
                    self.lex.advance(1);
                    after = Some("(");
                }
                Some(b'!') => {
                    self.pending.push(Pending::Not);
                    self.lex.advance(1);
                    after = Some("!");
                }
                Some(b) if b.is_ascii_alphanumeric() => {
                    let word = self.lex.peek_word();
                    if word.eq_ignore_ascii_case("not") {
                        self.lex.advance(word.len());
                        self.pending.push(Pending::Not);
                        after = Some("not");
                    } else if word.eq_ignore_ascii_case("and") || word.eq_ignore_ascii_case("or") {
                        return Err(self.lex.unexpected(FilterErrorKind::ExpectedOperand, after));
                    } else {
                        self.lex.advance(word.len());
                        let test = if word == "reaches" || word == "material" {
                            self.call(word, start)?
                        } else {
                            self.test(word)?
                        };
                        self.push_test(test);
                        return Ok(());
                    }
                }
                _ => return Err(self.lex.unexpected(FilterErrorKind::ExpectedOperand, after)),
            }
        }
    }

    /// Reads the rest of a test whose field name has been read.
    fn test(&mut self, name: &str) -> Parsed<Test> {
        let field = self.field(name)?;
        self.lex.skip_whitespace();
        let op_start = self.lex.pos();
        let Some((op, token)) = self.lex.comparison() else {
            if field == Field::Plies {
                return Err(self
                    .lex
                    .unexpected(FilterErrorKind::ExpectedComparison, None));
            }
            if self.lex.at_connective() {
                return Ok(Test {
                    field,
                    check: Check::Present,
                });
            }
            return Err(self.lex.unexpected(FilterErrorKind::ExpectedOperator, None));
        };
        if field == Field::Status && !matches!(op, Op::Eq | Op::Ne) {
            return Err(FilterError::new(FilterErrorKind::UnknownStatus, op_start));
        }
        if op.is_contains() && field.is_number() {
            return Err(FilterError::new(
                FilterErrorKind::ContainsOnNumber,
                op_start,
            ));
        }
        self.lex.skip_whitespace();
        let literal_start = self.lex.pos();
        let literal = self.lex.literal(token)?;
        let wrong = |kind| FilterError::after_token(kind, literal_start, token);
        if op.is_contains() && !matches!(literal, Literal::Str(_)) {
            return Err(wrong(FilterErrorKind::ExpectedString));
        }
        if field.is_number() && !matches!(literal, Literal::Int(_)) {
            return Err(wrong(FilterErrorKind::ExpectedInteger));
        }
        // An opening's name and ECO code are text, compared as text.
        if matches!(field, Field::Opening(OpeningPart::Name | OpeningPart::Eco))
            && !matches!(literal, Literal::Str(_))
        {
            return Err(wrong(FilterErrorKind::ExpectedString));
        }
        // `status` has a few values: any other is a mistake.
        if field == Field::Status
            && !matches!(&literal, Literal::Str(s) if STATUS_NAMES.iter().any(|(n, _)| n == s))
        {
            return Err(FilterError::new(
                FilterErrorKind::UnknownStatus,
                literal_start,
            ));
        }
        Ok(Test {
            field,
            check: Check::Compare(op, literal),
        })
    }

    /// Reads the sub-field, if any, of a field whose name has been read.
    fn field(&mut self, name: &str) -> Parsed<Field> {
        let mut sub = Sub::Whole;
        if let Some((word, start)) = self.lex.dotted_word() {
            let unknown = FilterError::new(FilterErrorKind::UnknownSubField, start);
            if name == "opening" {
                let part = OPENING_PARTS.iter().find(|(n, _)| *n == word);
                return part.map(|&(_, part)| Field::Opening(part)).ok_or(unknown);
            }
            sub = SUB_FIELDS
                .iter()
                .find(|(n, _)| *n == word)
                .map(|&(_, sub)| sub)
                .filter(|_| name != "plies" && name != "status")
                .ok_or(unknown)?;
        }
        if name == "plies" {
            return Ok(Field::Plies);
        }
        if name == "status" {
            return Ok(Field::Status);
        }
        if name == "opening" {
            return Ok(Field::Opening(OpeningPart::Name));
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

    /// Reads the rest of `reaches("FEN")` or `material("KRPvKR")`, whose
    /// name (at byte `start`) has been read: a test that holds when a
    /// mainline position matches.
    fn call(&mut self, name: &str, start: usize) -> Parsed<Test> {
        let expected = |at| FilterError::new(FilterErrorKind::ExpectedCall, at);
        self.lex.skip_whitespace();
        if self.lex.peek() != Some(b'(') {
            return Err(expected(self.lex.pos()));
        }
        self.lex.advance(1);
        self.lex.skip_whitespace();
        let at = self.lex.pos();
        if self.lex.peek() != Some(b'"') {
            return Err(expected(at));
        }
        let Literal::Str(text) = self.lex.literal("(")? else {
            return Err(expected(at));
        };
        self.lex.skip_whitespace();
        if self.lex.peek() != Some(b')') {
            return Err(expected(self.lex.pos()));
        }
        self.lex.advance(1);
        let target = if name == "reaches" {
            PositionTest::reaches(text, at)?
        } else {
            PositionTest::material(text, at)?
        };
        let index = match self.targets.iter().position(|t| *t == target) {
            Some(index) => index,
            None if self.targets.len() >= MAX_POSITION_TESTS => {
                return Err(FilterError::new(FilterErrorKind::TooManyPositions, start));
            }
            None => {
                self.targets.push(target);
                self.targets.len() - 1
            }
        };
        Ok(Test {
            field: Field::Position(index),
            check: Check::Present,
        })
    }

    /// Reads `and`, `or` (after any `)`), or the end (`None`).
    fn connective(&mut self) -> Parsed<Option<(Pending, &'static str)>> {
        loop {
            self.lex.skip_whitespace();
            let start = self.lex.pos();
            match self.lex.peek() {
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
                    self.lex.advance(1);
                }
                _ => {
                    return match self.lex.connective() {
                        Some((Connective::And, token)) => Ok(Some((Pending::And, token))),
                        Some((Connective::Or, token)) => Ok(Some((Pending::Or, token))),
                        None => Err(self.lex.unexpected(FilterErrorKind::ExpectedAndOr, None)),
                    };
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
        let missing = FilterError::new(FilterErrorKind::ExpectedOperand, self.lex.pos());
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Diagnostic;
    use crate::pgn::filter::TagsAndPlies;
    use crate::pgn::filter::fixtures::{err, lichess, m};
    use FilterErrorKind as K;
    use alloc::format;
    use alloc::string::ToString;
    use proptest::prelude::*;

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
            ("opening.year = 1", K::UnknownSubField, 8),
            (r#"opening.ply ~ "4""#, K::ContainsOnNumber, 12),
            ("opening.eco = 5", K::ExpectedString, 14),
            ("reaches", K::ExpectedCall, 7),
            ("material(KQvK)", K::ExpectedCall, 9),
            (r#"material("KQvK""#, K::ExpectedCall, 15),
            (r#"reaches("8/8/8/8/8/8/8/8 w - -")"#, K::BadPosition, 8),
            (r#"reaches("not a fen")"#, K::BadPosition, 8),
            (r#"material("KQvk")"#, K::BadMaterial, 13),
            (r#"material("KQ")"#, K::BadMaterial, 12),
            (r#"material("KKvK")"#, K::BadMaterial, 11),
            (r#"material("QvK")"#, K::BadMaterial, 13),
            (r#"status = "mate""#, K::UnknownStatus, 9),
            (r#"status ~ "mate""#, K::UnknownStatus, 7),
            ("status.year = 1", K::UnknownSubField, 7),
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
            let tested = matches!(kind, K::TooDeep | K::TooManyPositions)
                || cases.iter().any(|&(_, k, _)| k == kind);
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
    fn position_tests_are_counted_once_each() {
        let material = |n: usize| format!("material(\"K{}vK\")", "P".repeat(n % 9));
        // The same test twice counts once: 9 distinct materials.
        let many: Vec<String> = (0..200).map(material).collect();
        assert!(Filter::parse(&many.join(" or ")).is_ok());
        let reaches = |n: usize| format!("reaches(\"8/8/8/8/8/8/8/K1k5 w - - 0 {}\")", n + 1);
        // Counters do not make a position another, but the text is the
        // test: 64 are allowed, the 65th is one too many.
        let ok: Vec<String> = (0..64).map(reaches).collect();
        assert!(Filter::parse(&ok.join(" or ")).is_ok());
        let over: Vec<String> = (0..65).map(reaches).collect();
        let text = over.join(" or ");
        let at = text.rfind("reaches").unwrap();
        assert_eq!(err(&text), (K::TooManyPositions, at));
    }

    #[test]
    fn position_tests_print_back() {
        for expr in [
            r#"reaches("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")"#,
            r#"material("KRPvKR") and not status"#,
            r#"status = "checkmate" or status != "stalemate""#,
            r#"plies > 40 and (material("KQvK") or reaches("8/8/8/8/8/8/8/K1k5 w - -"))"#,
        ] {
            let filter = Filter::parse(expr).unwrap();
            assert_eq!(filter.to_string(), expr);
            assert!(filter.needs_moves() && filter.watch().is_some());
        }
        let spaced = Filter::parse(r#"material ( "KvK" )"#).unwrap();
        assert_eq!(spaced.to_string(), r#"material("KvK")"#);
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
    }
}
