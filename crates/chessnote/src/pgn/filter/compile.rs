//! The compiler: the tree of `and`, `or`, `not` over the tests becomes a
//! flat list of [`Step`]s, each a test with where to go when it holds and
//! when it does not. `not` swaps the two; `a and b` goes from `a`, when it
//! holds, to the first test of `b`; `a or b` goes there when it does not.
//! [`Filter::matches`] walks the list forward: each test is read at most
//! once, and the walk stops as soon as the answer is known.

use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

use super::Filter;
use super::expr::{Field, Node, Test};
use super::watch::PositionTest;

/// Where to go after a test.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub(super) enum Target {
    /// To the test of that index (always a later one).
    Step(usize),
    /// The game matches.
    Accept,
    /// The game does not match.
    Reject,
}

/// A test of the compiled filter, with where to go next.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) struct Step {
    pub(super) test: Test,
    pub(super) on_true: Target,
    pub(super) on_false: Target,
}

/// Compiles the tree (`nodes`, children before parents, `root` the last
/// one; `first_tests[n]` the index of node `n`'s first test) into jumps:
/// each test goes, when it holds and when it does not, to the first test of
/// the sibling still to be decided, or to the answer.
pub(super) fn compile(
    names: Vec<String>,
    tests: Vec<Test>,
    targets: Vec<PositionTest>,
    nodes: Vec<Node>,
    first_tests: &[usize],
    root: usize,
) -> Filter {
    let mut jumps = vec![(Target::Reject, Target::Reject); tests.len()];
    let first = |node: usize| Target::Step(first_tests.get(node).copied().unwrap_or(0));
    let mut work = vec![(root, Target::Accept, Target::Reject)];
    while let Some((index, on_true, on_false)) = work.pop() {
        match nodes.get(index) {
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
    let needs_moves = tests.iter().any(|t| t.field.is_of_moves());
    let needs_openings = tests.iter().any(|t| matches!(t.field, Field::Opening(_)));
    let needs_status = tests.iter().any(|t| t.field == Field::Status);
    let steps = tests
        .into_iter()
        .zip(jumps)
        .map(|(test, (on_true, on_false))| Step {
            test,
            on_true,
            on_false,
        })
        .collect();
    Filter {
        names,
        steps,
        nodes,
        needs_moves,
        needs_openings,
        targets,
        needs_status,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pgn::filter::fixtures::m;
    use alloc::borrow::ToOwned;
    use alloc::boxed::Box;
    use alloc::format;
    use alloc::string::ToString;
    use proptest::prelude::*;

    /// The jumps of a filter, test by test.
    fn jumps(expr: &str) -> Vec<(Target, Target)> {
        let filter = Filter::parse(expr).unwrap();
        filter
            .steps
            .iter()
            .map(|s| (s.on_true, s.on_false))
            .collect()
    }

    #[test]
    fn jumps_go_to_the_sibling_still_to_decide() {
        use Target::{Accept, Reject, Step};
        assert_eq!(jumps("a"), [(Accept, Reject)]);
        assert_eq!(jumps("not a"), [(Reject, Accept)]);
        assert_eq!(jumps("a and b"), [(Step(1), Reject), (Accept, Reject)]);
        assert_eq!(jumps("a or b"), [(Accept, Step(1)), (Accept, Reject)]);
        assert_eq!(
            jumps("a or b and not c"),
            [(Accept, Step(1)), (Step(2), Reject), (Reject, Accept)]
        );
        assert_eq!(
            jumps("(a or b) and c"),
            [(Step(2), Step(1)), (Step(2), Reject), (Accept, Reject)]
        );
        assert!(!Filter::parse("a").unwrap().needs_moves);
        assert!(Filter::parse("a or plies > 1").unwrap().needs_moves);
    }

    /// A test expression and whether it holds on `fixtures::lichess` at 42
    /// plies.
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

    proptest! {
        #[test]
        fn matches_as_the_tree_says(e in expr(), spelling in 0usize..3) {
            let text = e.text(spelling);
            let filter = Filter::parse(&text).unwrap();
            prop_assert_eq!(m(&text), e.eval(), "{}", text);
            let shown = filter.to_string();
            prop_assert_eq!(m(&shown), e.eval(), "{}", shown);
            prop_assert_eq!(Filter::parse(&shown).unwrap(), filter);
        }
    }

    #[test]
    fn leaves_hold_as_said() {
        for (expr, want) in LEAVES {
            assert_eq!(m(expr), want, "{expr}");
        }
    }
}
