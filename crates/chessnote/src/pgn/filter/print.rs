//! Printing: a [`Filter`] written back as a canonical expression
//! (keywords in lower case, one space around operators, `==` as `=`, dates
//! with dots, only the parentheses needed), which parses back to an equal
//! filter. Like the parser, it does not recurse.

use alloc::string::String;
use alloc::vec;
use core::fmt;

use super::Filter;
use super::expr::{Check, Field, Literal, Node, OpeningPart, Sub, Test};

impl Filter {
    /// Writes one test.
    fn write_test(&self, f: &mut fmt::Formatter<'_>, test: &Test) -> fmt::Result {
        match test.field {
            Field::Plies => f.write_str("plies")?,
            Field::Opening(part) => match part {
                OpeningPart::Name => f.write_str("opening")?,
                OpeningPart::Eco => f.write_str("opening.eco")?,
                OpeningPart::Ply => f.write_str("opening.ply")?,
            },
            Field::Position(i) => {
                let Some(target) = self.targets.get(i) else {
                    return Ok(());
                };
                f.write_str(target.name())?;
                f.write_str("(")?;
                write_string(f, &target.text)?;
                return f.write_str(")");
            }
            Field::Status => f.write_str("status")?,
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
            Literal::Str(s) => write_string(f, s),
        }
    }
}

/// Writes a string literal: in quotes, `"` and `\\` escaped.
fn write_string(f: &mut fmt::Formatter<'_>, s: &str) -> fmt::Result {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pgn::filter::TagsAndPlies;
    use crate::pgn::filter::fixtures::lichess;
    use alloc::string::ToString;
    use proptest::prelude::*;

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
    }
}
