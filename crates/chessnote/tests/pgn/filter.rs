//! The `--where` filter reads time controls (`TimeControl.base`,
//! `.increment`, `.moves`) with `tags::TimeControl`, the library's one
//! time-control parser. It had a parser of its own before, kept here,
//! unchanged, as the oracle: every value must read as it did.
//!
//! The values: every tag value of every PGN file under `shared/data/pgn`
//! (`.pgn` and `.pgn.zst`) as the reader hands it to the filter, every
//! `[TimeControl "…"]` found by a plain byte scan of the same files (games
//! the reader refuses included), hand-written values at every edge of the
//! grammar, and random ones. A sub-field reads any tag, so the values of
//! every tag count, not only `TimeControl`'s. The filter is asked through
//! its public API only.

use std::collections::{BTreeMap, BTreeSet};

use chessnote::pgn::Reader;
use chessnote::pgn::filter::{Filter, TagsAndPlies};
use chessnote::pgn::tags::{TimeControl, TimePeriod};
use proptest::prelude::*;

use crate::common;
use crate::support::pgn_files;

/// The filter's own time-control parser before it read them with
/// `tags::TimeControl` (`crates/chessnote/src/pgn/filter.rs` at commit
/// 26b141e), copied as it was.
mod old {
    /// The first period of a time control, as `TimeControl` reads it.
    #[derive(Copy, Clone, Debug, PartialEq, Eq)]
    pub struct Period {
        pub moves: Option<u32>,
        pub time_ms: u64,
        /// `0` when the period has none (a sandclock has none).
        pub increment_ms: u64,
    }

    /// The first period of a `TimeControl` value, when the whole value is a
    /// valid time control with periods (not `?` or `-`): what
    /// `TimeControl::from_ascii(value)?.periods()[0]` gives, without
    /// allocating.
    pub fn first_period(value: &[u8]) -> Option<Period> {
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

    /// What `.base`, `.increment` and `.moves` gave for a tag's value:
    /// the filter refused an empty value and `?`, then read the first
    /// period in whole seconds (an increment of `0` when it had none).
    pub fn sub_fields(value: &str) -> [Option<i64>; 3] {
        if value.is_empty() || value == "?" {
            return [None; 3];
        }
        match first_period(value.as_bytes()) {
            Some(period) => [
                i64::try_from(period.time_ms / 1000).ok(),
                i64::try_from(period.increment_ms / 1000).ok(),
                period.moves.map(i64::from),
            ],
            None => [None; 3],
        }
    }
}

/// The sub-fields, in the order of [`old::sub_fields`].
const SUB_FIELDS: [&str; 3] = ["base", "increment", "moves"];

/// What the filter reads of `value` as a `TimeControl` tag, asked through
/// its public API: whether `TimeControl.base` (and so on) has a value, and
/// which: `guess` when `= guess` holds, else the largest `n` for which
/// `>= n` holds.
fn filter_reads(value: &str, guess: [Option<i64>; 3]) -> [Option<i64>; 3] {
    let tags = [("TimeControl".to_owned(), value.to_owned())];
    let game = TagsAndPlies {
        tags: &tags,
        plies: 0,
    };
    let holds = |expr: &str| Filter::parse(expr).unwrap().matches(&game);
    let mut read = [None; 3];
    for ((name, guess), read) in SUB_FIELDS.iter().zip(guess).zip(&mut read) {
        let field = format!("TimeControl.{name}");
        if !holds(&field) {
            continue;
        }
        if let Some(n) = guess
            && holds(&format!("{field} = {n}"))
        {
            *read = Some(n);
            continue;
        }
        // `>= low` holds, `>= high + 1` does not.
        let (mut low, mut high) = (i128::from(i64::MIN), i128::from(i64::MAX));
        while low < high {
            let middle = low + (high - low + 1) / 2;
            if holds(&format!("{field} >= {middle}")) {
                low = middle;
            } else {
                high = middle - 1;
            }
        }
        *read = i64::try_from(low).ok();
    }
    read
}

/// The first period as `TimeControl::from_ascii` reads the whole value,
/// in the old parser's shape (an increment of `0` when it has none, no
/// moves for a sandclock).
fn library_period(value: &str) -> Option<old::Period> {
    let tc = TimeControl::from_ascii(value.as_bytes()).ok()?;
    Some(match *tc.periods().first()? {
        TimePeriod::Normal {
            moves,
            time_ms,
            increment_ms,
        } => old::Period {
            moves,
            time_ms,
            increment_ms: increment_ms.unwrap_or(0),
        },
        TimePeriod::Sandclock { time_ms } => old::Period {
            moves: None,
            time_ms,
            increment_ms: 0,
        },
    })
}

/// How `value` reads differently now, if it does: through the filter (in
/// whole seconds), and as `TimeControl` reads its first period (in
/// milliseconds) against the old parser.
fn difference(value: &str) -> Option<String> {
    let before = old::sub_fields(value);
    let now = filter_reads(value, before);
    if now != before {
        return Some(format!(
            "{value:?}: the filter reads (base, increment, moves) {now:?}, it read {before:?}"
        ));
    }
    // The filter gives `?` no value before parsing; the periods of
    // everything else must be those of the old parser, to the millisecond.
    let old_period = old::first_period(value.as_bytes());
    let period = library_period(value);
    (value != "?" && period != old_period).then(|| {
        format!(
            "{value:?}: TimeControl's first period is {period:?}, the old parser's {old_period:?}"
        )
    })
}

/// Each `[TimeControl "…"]` in the bytes, wherever it is, its value with
/// `\"` and `\\` undone (a value without its closing `"]` is left out).
fn scanned_time_controls(data: &[u8]) -> Vec<String> {
    const START: &[u8] = b"[TimeControl \"";
    let mut values = Vec::new();
    let mut rest = data;
    while let Some(at) = rest.windows(START.len()).position(|w| w == START) {
        rest = &rest[at + START.len()..];
        let mut value = Vec::new();
        let mut bytes = rest.iter();
        let closed = loop {
            match bytes.next() {
                Some(b'\\') => match bytes.next() {
                    Some(&b) => value.push(b),
                    None => break false,
                },
                Some(b'"') => break bytes.next() == Some(&b']'),
                Some(b'\n') | None => break false,
                Some(&b) => value.push(b),
            }
        };
        if closed {
            values.push(String::from_utf8_lossy(&value).into_owned());
        }
    }
    values
}

#[test]
fn every_value_of_the_shared_files_reads_as_before() {
    let files = pgn_files();
    if files.is_empty() {
        return;
    }
    if common::require_shared() {
        assert!(files.len() > 200, "{} PGN files", files.len());
    }
    // Each `TimeControl` value with how many times it was found; every
    // other tag value once.
    let mut time_controls: BTreeMap<String, usize> = BTreeMap::new();
    let mut values: BTreeSet<String> = BTreeSet::new();
    for (_, data) in &files {
        for headers in Reader::from_slice(data).headers() {
            for (name, value) in headers.tags.iter() {
                if name == "TimeControl" {
                    *time_controls.entry(value.to_owned()).or_default() += 1;
                } else {
                    values.insert(value.to_owned());
                }
            }
        }
        for value in scanned_time_controls(data) {
            time_controls.entry(value).or_insert(1);
        }
    }
    let mut differences = Vec::new();
    let mut with_base = 0;
    for value in time_controls.keys().chain(&values) {
        if let Some(difference) = difference(value) {
            differences.push(difference);
        }
        with_base += usize::from(old::sub_fields(value)[0].is_some());
    }
    eprintln!(
        "{} TimeControl values ({} tags), {} other tag values; {with_base} read as time controls",
        time_controls.len(),
        time_controls.values().sum::<usize>(),
        values.len(),
    );
    assert!(differences.is_empty(), "{}", differences.join("\n"));
    // What the data holds, so that the test cannot pass on nothing.
    for value in ["600+5", "60+0", "10+0.05", "40/7200:20/3600:900+30", "-"] {
        assert!(time_controls.contains_key(value), "{value}");
    }
    let unread = time_controls
        .keys()
        .filter(|v| old::sub_fields(v)[0].is_none())
        .count();
    assert!(unread >= 3, "{unread}: `-` and two descriptions in words");
    assert!(with_base > 1_000, "{with_base}");
}

/// Values at every edge of the grammar: each form of the standard, `?`,
/// `-`, decimals, sandclocks, several periods, numbers at the limits of
/// `u32` and `u64`, and what is no time control.
const TRICKY: &[&str] = &[
    "",
    "?",
    "-",
    "??",
    "--",
    "? ",
    "-:300",
    "0",
    "300",
    "300+0",
    "300+3",
    "600+5",
    "0+1",
    "0300+03",
    "*180",
    "*0",
    "*",
    "*180+2",
    "*40/300",
    "**180",
    "*30:1.5",
    "1.5:*30",
    "40/9000",
    "40/7200:3600",
    "40/7200+30:900",
    "40/7200:20/3600:900+30",
    "0/60",
    "40/",
    "/300",
    "40//300",
    "1/2/3",
    "40/60+0.6",
    "10+0.05",
    "10.500+0.0",
    "0.5",
    "0.999",
    "59.999+0.999",
    "1.2345",
    "1.",
    ".5",
    "1..5",
    "40.5/300",
    "300:",
    ":300",
    "300::60",
    ":",
    "40/9000:3x0",
    "40/9000:?",
    "40/9000:-",
    "300+",
    "300+3+3",
    "300++3",
    "300+-3",
    "+300",
    "-300",
    " 300",
    "300 ",
    "300 + 3",
    "300+3\n",
    "4294967295/60",
    "4294967296/60",
    "18446744073709551",
    "18446744073709551.615",
    "18446744073709551.616",
    "18446744073709552",
    "60+18446744073709551.615",
    "60+18446744073709552",
    "9223372036854775807",
    "99999999999999999999",
    "00000000000000000000000000300",
    "G/90",
    "90m+30s",
    "40/120m",
    "15 min + 10 s",
    "15 min. + 10 s. per move",
    "15 minutes + 10 seconds increment per move, starting from move 1",
    "３００",
];

#[test]
fn tricky_values_read_as_before() {
    let differences: Vec<String> = TRICKY.iter().filter_map(|v| difference(v)).collect();
    assert!(differences.is_empty(), "{}", differences.join("\n"));
    // The oracle is what the documentation says.
    let read = |value| old::sub_fields(value);
    assert_eq!(read("600+5"), [Some(600), Some(5), None]);
    assert_eq!(read("*180"), [Some(180), Some(0), None]);
    assert_eq!(read("40/7200:3600"), [Some(7200), Some(0), Some(40)]);
    assert_eq!(read("10+0.05"), [Some(10), Some(0), None]);
    assert_eq!(
        read("18446744073709551.615"),
        [Some(18_446_744_073_709_551), Some(0), None]
    );
    for value in ["-", "?", "", "40/9000:3x0", "15 min + 10 s"] {
        assert_eq!(read(value), [None; 3], "{value}");
    }
}

proptest! {
    #[test]
    fn random_values_read_as_before(value in "[0-9*/+.:?x -]{0,16}") {
        prop_assert_eq!(difference(&value), None);
    }
}
