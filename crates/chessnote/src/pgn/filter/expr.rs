//! What an expression is made of: tests (a [`Field`], a [`Check`]: a
//! comparison [`Op`] with a [`Literal`], or presence) and the tree of
//! `and`, `or`, `not` over them ([`Node`]). The parser builds them, the
//! compiler links the tests, the evaluator reads them, and `Display`
//! prints them back.

use alloc::string::String;
use core::cmp::Ordering;

use crate::pgn::tags::Date;

/// A comparison.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub(super) enum Op {
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
    pub(super) const fn text(self) -> &'static str {
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
    pub(super) fn holds(self, ord: Ordering) -> bool {
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
    pub(super) fn holds_str(self, value: &str, literal: &str) -> bool {
        match self {
            Op::Contains => value.contains(literal),
            Op::NotContains => !value.contains(literal),
            _ => self.holds(value.cmp(literal)),
        }
    }

    /// Whether this is `~` or `!~`.
    pub(super) const fn is_contains(self) -> bool {
        matches!(self, Op::Contains | Op::NotContains)
    }
}

/// How a tag's value is read.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub(super) enum Sub {
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
pub(super) const SUB_FIELDS: [(&str, Sub); 6] = [
    ("year", Sub::Year),
    ("month", Sub::Month),
    ("day", Sub::Day),
    ("base", Sub::Base),
    ("increment", Sub::Increment),
    ("moves", Sub::Moves),
];

impl Sub {
    pub(super) fn name(self) -> &'static str {
        SUB_FIELDS
            .iter()
            .find(|(_, sub)| *sub == self)
            .map_or("", |(name, _)| name)
    }
}

/// What a test reads.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub(super) enum Field {
    /// The number of mainline plies.
    Plies,
    /// The opening as Lichess names it: a part of it.
    Opening(OpeningPart),
    /// A test of positions (`reaches`, `material`): its index in
    /// `Filter::targets`.
    Position(usize),
    /// `status`: how the final position ends the game.
    Status,
    /// A tag (its index in `Filter::names`), read as `Sub` says.
    Tag(usize, Sub),
}

/// What `opening` is read as.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub(super) enum OpeningPart {
    /// `opening`, `opening.name`: the name.
    Name,
    /// `opening.eco`: the ECO code.
    Eco,
    /// `opening.ply`: the ply that reaches it.
    Ply,
}

/// The sub-fields of `opening`, by name.
pub(super) const OPENING_PARTS: [(&str, OpeningPart); 3] = [
    ("name", OpeningPart::Name),
    ("eco", OpeningPart::Eco),
    ("ply", OpeningPart::Ply),
];

impl Field {
    /// Whether the field is a number (compared with integers only).
    pub(super) const fn is_number(self) -> bool {
        !matches!(
            self,
            Field::Tag(_, Sub::Whole)
                | Field::Opening(OpeningPart::Name | OpeningPart::Eco)
                | Field::Position(_)
                | Field::Status
        )
    }

    /// Whether the field is read from the moves (`plies`, `opening`, the
    /// tests of positions, `status`).
    pub(super) const fn is_of_moves(self) -> bool {
        !matches!(self, Field::Tag(..))
    }
}

/// A literal.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) enum Literal {
    Int(i64),
    Date(Date),
    Str(String),
}

/// What a test checks of its field.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) enum Check {
    /// That it has a value.
    Present,
    /// A comparison with a literal.
    Compare(Op, Literal),
}

/// One test: a field and a check.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) struct Test {
    pub(super) field: Field,
    pub(super) check: Check,
}

/// A node of the expression's tree (kept to print the expression).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub(super) enum Node {
    /// The test of that index.
    Test(usize),
    Not(usize),
    And(usize, usize),
    Or(usize, usize),
}

impl Node {
    /// How tightly the node binds (a child that binds less tightly than
    /// its place needs is printed in parentheses).
    pub(super) const fn precedence(self) -> u8 {
        match self {
            Node::Or(..) => 1,
            Node::And(..) => 2,
            Node::Not(_) => 3,
            Node::Test(_) => 4,
        }
    }
}
