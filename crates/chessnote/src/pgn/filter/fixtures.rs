//! What the unit tests of the filter share: a game's tags as Lichess
//! writes them, and short ways to parse and match.

use alloc::borrow::ToOwned;
use alloc::string::String;
use alloc::vec::Vec;

use super::{Filter, FilterErrorKind, TagsAndPlies};

/// Tags as a Lichess game has them (with a few unknowns).
pub(super) fn lichess() -> Vec<(String, String)> {
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

/// Tag pairs from `(name, value)`s.
pub(super) fn pairs(tags: &[(&str, &str)]) -> Vec<(String, String)> {
    tags.iter()
        .map(|&(n, v)| (n.to_owned(), v.to_owned()))
        .collect()
}

/// Whether `expr` matches a game of these tags and plies.
pub(super) fn on(expr: &str, tags: &[(String, String)], plies: u32) -> bool {
    let filter = Filter::parse(expr).unwrap_or_else(|e| panic!("{expr}: {e}"));
    filter.matches(&TagsAndPlies { tags, plies })
}

/// Whether `expr` matches the Lichess game of 42 plies.
pub(super) fn m(expr: &str) -> bool {
    on(expr, &lichess(), 42)
}

/// The kind and byte of the error of an expression that does not parse.
pub(super) fn err(expr: &str) -> (FilterErrorKind, usize) {
    let e = Filter::parse(expr).expect_err(expr);
    (e.kind(), e.offset())
}
