//! A [`Record`] as a row of chosen columns: the typed values of its tags,
//! read once, and what the column table ([`crate::Column::value`]) asks.

use std::borrow::Cow;
use std::collections::{HashMap, HashSet};

use chessnote::pgn::PgnError;
use chessnote::pgn::commands::{Eval, Score};
use chessnote::pgn::tags::{self, Date, Time, TimeControl, TimePeriod};

use crate::columns::{Column, Columns};
use crate::record::Record;

macro_rules! slots {
    ($($slot:ident = $column:ident $name:literal,)*) => {
        /// The tag columns, each a slot of [`Row`].
        #[derive(Copy, Clone, Debug, PartialEq, Eq)]
        pub(crate) enum Slot {
            $($slot,)*
        }

        impl Slot {
            const COUNT: usize = [$(Slot::$slot,)*].len();

            /// The slot of the tag named `name` (a `match`: no string
            /// compared with every name).
            fn of_tag(name: &str) -> Option<Slot> {
                match name {
                    $($name => Some(Slot::$slot),)*
                    _ => None,
                }
            }

            /// The slot of a tag column.
            pub(crate) fn of_column(column: Column) -> Option<Slot> {
                match column {
                    $(Column::$column => Some(Slot::$slot),)*
                    _ => None,
                }
            }

            const fn column(self) -> Column {
                match self {
                    $(Slot::$slot => Column::$column,)*
                }
            }
        }
    };
}

slots! {
    Event = Event "Event",
    Site = Site "Site",
    White = White "White",
    Black = Black "Black",
    Result = Result "Result",
    WhiteTitle = WhiteTitle "WhiteTitle",
    BlackTitle = BlackTitle "BlackTitle",
    WhiteElo = WhiteElo "WhiteElo",
    BlackElo = BlackElo "BlackElo",
    WhiteRatingDiff = WhiteRatingDiff "WhiteRatingDiff",
    BlackRatingDiff = BlackRatingDiff "BlackRatingDiff",
    UtcDate = UtcDate "UTCDate",
    UtcTime = UtcTime "UTCTime",
    Eco = Eco "ECO",
    Opening = Opening "Opening",
    Termination = Termination "Termination",
    TimeControl = TimeControl "TimeControl",
    Date = Date "Date",
    Round = Round "Round",
    Variant = Variant "Variant",
    Fen = Fen "FEN",
}

/// A typed tag value: the value, or why there is none.
enum Typed<T> {
    /// Read.
    Value(T),
    /// Unknown (`?`, `-`, `????.??.??`): null, and the tag is held.
    Unknown,
    /// Not a value of the column's type: null, and the tag goes to `Tags`.
    Invalid,
}

/// A [`Record`] seen as a row of [`Columns`], from a source: what each
/// column's value is read from.
///
/// Each tag column holds the first tag of its name; typed columns
/// (`WhiteElo`, `UTCDate`, …) hold it read as their type. `Tags` holds
/// every tag no chosen column holds, so nothing is lost: a repeated tag,
/// a tag whose column is not chosen, a value that is not of its column's
/// type (`WhiteElo "abc"`, `UTCDate "2025.??.??"`). A repeated tag's key is
/// numbered (`Annotator#2`).
///
/// ```
/// use chessnote::pgn::{ReadOptions, Reader};
/// use chessnote_export::{Column, Columns, Recorder, Row, Value};
///
/// let pgn = b"[WhiteElo \"1500\"]\n[BlackElo \"x\"]\n[UTCDate \"2025.05.01\"]\n\n1. e4 *\n";
/// let mut recorder = Recorder::new(Columns::LICHESS, ReadOptions::default());
/// let mut reader = Reader::from_slice(pgn);
/// let record = recorder.read(&mut reader)?.unwrap();
/// let row = Row::new(record, Columns::LICHESS, "a.pgn");
/// assert!(matches!(Column::WhiteElo.value(&row), Value::Int16(Some(1500))));
/// assert!(matches!(Column::BlackElo.value(&row), Value::Int16(None)));
/// assert_eq!(row.date(), Some(20_209)); // days since 1970-01-01
/// let other: Vec<_> = row.other_tags().iter().map(|(n, v)| (n.into_owned(), v)).collect();
/// assert_eq!(other, [("BlackElo".to_owned(), "x")]);
/// # Ok::<(), core::convert::Infallible>(())
/// ```
#[derive(Debug)]
pub struct Row<'a> {
    record: &'a Record,
    columns: Columns,
    source: &'a str,
    /// For each tag column, the index of the tag it holds.
    held: [Option<usize>; Slot::COUNT],
    /// `WhiteElo`, `BlackElo`, `WhiteRatingDiff`, `BlackRatingDiff`.
    numbers: [Option<i16>; 4],
    date: Option<i32>,
    time: Option<i32>,
    time_control: Option<(u32, u16)>,
    /// The year and month of `UTCDate`, else `Date` (for partitions).
    year_month: (Option<u16>, Option<u8>),
    /// In the plies table, the row's move.
    ply: Option<PlyAt>,
}

/// The move of a row of the plies table: which, in UCI, and the position
/// before it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlyAt {
    /// Its index among the mainline moves played, from 0.
    pub index: usize,
    /// The move in UCI.
    pub uci: chessnote::uci::Uci,
    /// The Polyglot key of the position before it.
    pub key: u64,
    /// That position as FEN, when the `fen` column is written.
    pub fen: Option<String>,
}

impl PlyAt {
    /// Its ply, from 1.
    pub fn number(&self) -> u32 {
        u32::try_from(self.index + 1).unwrap_or(u32::MAX)
    }
}

impl<'a> Row<'a> {
    /// The row of `record` from `source` (its `source_file`) when
    /// `columns` are written.
    pub fn new(record: &'a Record, columns: Columns, source: &'a str) -> Row<'a> {
        let mut row = Row {
            record,
            columns,
            source,
            held: [None; Slot::COUNT],
            numbers: [None; 4],
            date: None,
            time: None,
            time_control: None,
            year_month: (None, None),
            ply: None,
        };
        let mut seen = [false; Slot::COUNT];
        let mut utc_date = None;
        let mut date = None;
        for (i, (name, value)) in record.tags().iter().enumerate() {
            let Some(slot) = Slot::of_tag(name) else {
                continue;
            };
            if seen[slot as usize] {
                continue;
            }
            seen[slot as usize] = true;
            let bytes = value.as_bytes();
            match slot {
                Slot::TimeControl => row.time_control = time_control(bytes),
                Slot::UtcDate => utc_date = Date::from_ascii(bytes).ok(),
                Slot::Date => date = Date::from_ascii(bytes).ok(),
                _ => {}
            }
            if !columns.contains(slot.column()) {
                continue;
            }
            let typed = match slot {
                Slot::WhiteElo | Slot::BlackElo => {
                    let elo = tags::parse_elo(bytes).map(|e| e.map(i16::try_from));
                    number(elo)
                }
                Slot::WhiteRatingDiff | Slot::BlackRatingDiff => {
                    number(tags::parse_rating_diff(bytes).map(|d| d.map(Ok::<i16, ()>)))
                }
                Slot::UtcDate => match utc_date {
                    Some(d) if d == Date::UNKNOWN => Typed::Unknown,
                    Some(d) => match (d.year(), d.month(), d.day()) {
                        (Some(y), Some(m), Some(d)) => Typed::Value(days_from_civil(y, m, d)),
                        _ => Typed::Invalid,
                    },
                    None => Typed::Invalid,
                },
                Slot::UtcTime => match Time::from_ascii(bytes) {
                    Ok(t) => match (t.hour(), t.minute(), t.second()) {
                        (Some(h), Some(m), Some(s)) => {
                            Typed::Value(i32::from(h) * 3600 + i32::from(m) * 60 + i32::from(s))
                        }
                        (None, None, None) => Typed::Unknown,
                        _ => Typed::Invalid,
                    },
                    Err(_) => Typed::Invalid,
                },
                _ => Typed::Value(0),
            };
            let value = match typed {
                Typed::Value(v) => Some(v),
                Typed::Unknown => None,
                Typed::Invalid => continue,
            };
            row.held[slot as usize] = Some(i);
            // The typed values are of their type's range (read above).
            match slot {
                Slot::WhiteElo => row.numbers[0] = value.map(|v| v as i16),
                Slot::BlackElo => row.numbers[1] = value.map(|v| v as i16),
                Slot::WhiteRatingDiff => row.numbers[2] = value.map(|v| v as i16),
                Slot::BlackRatingDiff => row.numbers[3] = value.map(|v| v as i16),
                Slot::UtcDate => row.date = value,
                Slot::UtcTime => row.time = value,
                _ => {}
            }
        }
        for date in [utc_date, date].into_iter().flatten() {
            if let Some(year) = date.year() {
                row.year_month = (Some(year), date.month());
                break;
            }
        }
        row
    }

    /// The same row, of the plies table: the row of `ply`'s move.
    #[must_use]
    pub fn at_ply(mut self, ply: PlyAt) -> Row<'a> {
        self.ply = Some(ply);
        self
    }

    /// The row's move, in the plies table.
    pub fn ply(&self) -> Option<&PlyAt> {
        self.ply.as_ref()
    }

    /// The record.
    pub fn record(&self) -> &'a Record {
        self.record
    }

    /// The columns written.
    pub fn columns(&self) -> Columns {
        self.columns
    }

    /// The source's name (`source_file`).
    pub fn source(&self) -> &'a str {
        self.source
    }

    /// A tag column's text: the first tag of its name, when its column
    /// holds it.
    pub(crate) fn tag(&self, slot: Slot) -> Option<&'a str> {
        let at = self.held[slot as usize]?;
        self.record.tags().pair(at).map(|(_, v)| v)
    }

    /// `WhiteElo`, `BlackElo`, `WhiteRatingDiff` or `BlackRatingDiff`.
    pub(crate) fn number(&self, slot: Slot) -> Option<i16> {
        match slot {
            Slot::WhiteElo => self.numbers[0],
            Slot::BlackElo => self.numbers[1],
            Slot::WhiteRatingDiff => self.numbers[2],
            Slot::BlackRatingDiff => self.numbers[3],
            _ => None,
        }
    }

    /// `UTCDate`, in days since 1970-01-01.
    pub fn date(&self) -> Option<i32> {
        self.date
    }

    /// `UTCTime`, in seconds since midnight.
    pub fn time(&self) -> Option<i32> {
        self.time
    }

    /// `TimeBase` and `TimeIncrement`: the first period of the
    /// `TimeControl` tag, in whole seconds.
    pub fn time_control(&self) -> Option<(u32, u16)> {
        self.time_control
    }

    /// The year and month a partitioned export files the row under:
    /// `UTCDate`'s, else `Date`'s (as far as they are known).
    pub fn year_month(&self) -> (Option<u16>, Option<u8>) {
        self.year_month
    }

    /// `GameId`: the Lichess game id of `Site`.
    pub fn game_id(&self) -> Option<&'a str> {
        lichess_id(self.record.tag("Site")?)
    }

    /// `Tags`: every tag no chosen column holds, in file order.
    pub fn other_tags(&'a self) -> OtherTags<'a> {
        OtherTags { row: self }
    }

    /// `status`: `ok`, or `error` when the game has an error (a game with
    /// warnings only is `ok`: they are in `warnings`).
    pub fn status(&self) -> &'static str {
        if self.record.game.errors.is_empty() {
            "ok"
        } else {
            "error"
        }
    }

    /// The first error (`parse_error`, `error_kind`, …).
    pub fn first_error(&self) -> Option<&'a PgnError> {
        self.record.game.errors.first()
    }
}

/// The `Tags` column's value: every tag no chosen column holds, in file
/// order. A tag that repeats one before it is named `Name#2`, `Name#3`, …
/// (the first such name that is no tag's and no key given before), so that
/// keys are unique whatever the tags are called: engines refuse maps and
/// JSON objects with a key twice.
#[derive(Copy, Clone, Debug)]
pub struct OtherTags<'a> {
    row: &'a Row<'a>,
}

impl<'a> OtherTags<'a> {
    /// The pairs.
    pub fn iter(&self) -> impl Iterator<Item = (Cow<'a, str>, &'a str)> + 'a {
        let row = self.row;
        let tags = row.record.tags();
        // Per name: the times seen so far, and the number its next key may
        // start from (keys of a name are made in increasing numbers, so
        // the search is linear in the tags however they are named).
        let mut seen: HashMap<&'a str, (usize, usize)> = HashMap::new();
        let mut taken: HashSet<Cow<'a, str>> = HashSet::new();
        let mut names = None;
        // The common case, a few tags and no name twice (checked pair by
        // pair): every key is the name, and nothing is allocated.
        let plain = tags.len() <= 32 && {
            let mut names: [&str; 32] = [""; 32];
            let mut twice = false;
            for (i, (n, _)) in tags.iter().enumerate() {
                twice |= names[..i].contains(&n);
                names[i] = n;
            }
            !twice
        };
        tags.iter().enumerate().filter_map(move |(i, (n, v))| {
            let held = row.held.contains(&Some(i));
            if plain {
                return (!held).then_some((Cow::Borrowed(n), v));
            }
            let (count, next) = seen.entry(n).or_insert((0, 0));
            *count += 1;
            let key = if *count == 1 {
                Cow::Borrowed(n)
            } else {
                // Only games with a repeated tag build the set of names.
                let names = names
                    .get_or_insert_with(|| tags.iter().map(|(m, _)| m).collect::<HashSet<&str>>());
                let mut k = (*count).max(*next);
                loop {
                    let candidate = format!("{n}#{k}");
                    k += 1;
                    if !names.contains(candidate.as_str()) && !taken.contains(candidate.as_str()) {
                        *next = k;
                        break Cow::Owned(candidate);
                    }
                }
            };
            if held {
                return None;
            }
            if matches!(key, Cow::Owned(_)) {
                taken.insert(key.clone());
            }
            Some((key, v))
        })
    }
}

/// `eval_cp` of a move's evaluation.
pub(crate) fn eval_cp(eval: Option<Eval>) -> Option<i32> {
    match eval?.score {
        Score::Centipawns(cp) => Some(cp),
        Score::Mate(_) => None,
    }
}

/// `eval_mate` of a move's evaluation.
pub(crate) fn eval_mate(eval: Option<Eval>) -> Option<i16> {
    match eval?.score {
        Score::Mate(n) => i16::try_from(n).ok(),
        Score::Centipawns(_) => None,
    }
}

/// A number tag read: `Err` (not a number, or too large) is invalid.
fn number<E, F>(read: Result<Option<Result<i16, F>>, E>) -> Typed<i32> {
    match read {
        Ok(None) => Typed::Unknown,
        Ok(Some(Ok(n))) => Typed::Value(i32::from(n)),
        _ => Typed::Invalid,
    }
}

/// The first period of a time control, in whole seconds.
fn time_control(value: &[u8]) -> Option<(u32, u16)> {
    let tc = TimeControl::from_ascii(value).ok()?;
    let (time_ms, increment_ms) = match *tc.periods().first()? {
        TimePeriod::Normal {
            time_ms,
            increment_ms,
            ..
        } => (time_ms, increment_ms.unwrap_or(0)),
        TimePeriod::Sandclock { time_ms } => (time_ms, 0),
    };
    Some((
        u32::try_from(time_ms / 1000).ok()?,
        u16::try_from(increment_ms / 1000).ok()?,
    ))
}

/// The 8-character game id of a Lichess game's `Site`
/// (`https://lichess.org/abcdefgh`).
///
/// ```
/// use chessnote_export::lichess_id;
/// assert_eq!(lichess_id("https://lichess.org/j1dkb5dw"), Some("j1dkb5dw"));
/// assert_eq!(lichess_id("https://lichess.org/j1dkb5dw/black#12"), Some("j1dkb5dw"));
/// assert_eq!(lichess_id("https://lichess.org/study/abcdefgh"), None);
/// assert_eq!(lichess_id("Wijk aan Zee NED"), None);
/// ```
pub fn lichess_id(site: &str) -> Option<&str> {
    let rest = site
        .strip_prefix("https://lichess.org/")
        .or_else(|| site.strip_prefix("http://lichess.org/"))?;
    let id = rest.get(..8)?;
    let after = rest.as_bytes().get(8);
    (id.bytes().all(|b| b.is_ascii_alphanumeric())
        && after.is_none_or(|b| !b.is_ascii_alphanumeric()))
    .then_some(id)
}

/// Days from 1970-01-01 to a date of the proleptic Gregorian calendar.
fn days_from_civil(year: u16, month: u8, day: u8) -> i32 {
    let (y, m, d) = (i32::from(year), i32::from(month), i32::from(day));
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// Writes days since 1970-01-01 as `YYYY-MM-DD`.
pub(crate) fn write_date(out: &mut String, days: i32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i32::from(m <= 2);
    use std::fmt::Write;
    let _ = write!(out, "{y:04}-{m:02}-{d:02}");
}

/// Writes seconds since midnight as `HH:MM:SS`.
pub(crate) fn write_time(out: &mut String, seconds: i32) {
    use std::fmt::Write;
    let _ = write!(
        out,
        "{:02}:{:02}:{:02}",
        seconds / 3600,
        seconds / 60 % 60,
        seconds % 60
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        assert_eq!(days_from_civil(1970, 1, 1), 0);
        assert_eq!(days_from_civil(2000, 3, 1), 11_017);
        assert_eq!(days_from_civil(1969, 12, 31), -1);
        for days in [-719_000, -1, 0, 1, 11_016, 11_017, 20_209, 2_900_000] {
            let mut text = String::new();
            write_date(&mut text, days);
            let date = Date::from_ascii(text.replace('-', ".").as_bytes()).unwrap();
            let (y, m, d) = (
                date.year().unwrap(),
                date.month().unwrap(),
                date.day().unwrap(),
            );
            assert_eq!(days_from_civil(y, m, d), days, "{text}");
        }
        let mut text = String::new();
        write_time(&mut text, 13 * 3600 + 5 * 60 + 9);
        assert_eq!(text, "13:05:09");
    }

    #[test]
    fn slots() {
        for column in Column::ALL {
            if let Some(slot) = Slot::of_column(*column) {
                assert_eq!(Slot::of_tag(column.name()), Some(slot));
                assert_eq!(slot.column(), *column);
                assert_eq!(column.tag(), Some(column.name()));
            }
        }
        assert_eq!(Slot::of_tag("Annotator"), None);
    }

    /// The keys of `Tags` for the tags of `pgn`, lichess columns.
    fn other_keys(pgn: &str) -> Vec<String> {
        use chessnote::pgn::{ReadOptions, Reader};
        let mut recorder = crate::Recorder::new(Columns::LICHESS, ReadOptions::default());
        let mut reader = Reader::from_slice(pgn.as_bytes());
        let Ok(Some(record)) = recorder.read(&mut reader) else {
            panic!("one game")
        };
        let row = Row::new(record, Columns::LICHESS, "t.pgn");
        row.other_tags()
            .iter()
            .map(|(k, _)| k.into_owned())
            .collect()
    }

    #[test]
    fn repeated_tags_get_unique_keys_whatever_the_names() {
        let tags = |names: &[&str]| {
            let mut pgn: String = names.iter().map(|n| format!("[{n} \"v\"]\n")).collect();
            pgn.push_str("\n1. e4 *\n");
            pgn
        };
        assert_eq!(
            other_keys(&tags(&["Foo", "Foo", "Foo"])),
            ["Foo", "Foo#2", "Foo#3"]
        );
        // A tag named like a repeat's key: the repeat takes the next number.
        assert_eq!(
            other_keys(&tags(&["Foo", "Foo", "Foo#2"])),
            ["Foo", "Foo#3", "Foo#2"]
        );
        assert_eq!(
            other_keys(&tags(&["Foo#2", "Foo", "Foo", "Foo", "Foo#3"])),
            ["Foo#2", "Foo", "Foo#4", "Foo#5", "Foo#3"]
        );
        // Held by a column: the first `White`; its repeats are kept.
        assert_eq!(
            other_keys(&tags(&["White", "White", "White#2", "White"])),
            ["White#3", "White#2", "White#4"]
        );
        // Many repeats, many look-alikes: every key once, in linear time.
        let mut names = vec!["A"; 3000];
        let lookalikes: Vec<String> = (2..3000).map(|k| format!("A#{k}")).collect();
        names.extend(lookalikes.iter().map(String::as_str));
        let keys = other_keys(&tags(&names));
        assert_eq!(keys.len(), names.len());
        let unique: HashSet<&String> = keys.iter().collect();
        assert_eq!(unique.len(), keys.len());
    }

    #[test]
    fn time_controls() {
        assert_eq!(time_control(b"300+3"), Some((300, 3)));
        assert_eq!(time_control(b"60"), Some((60, 0)));
        assert_eq!(time_control(b"40/7200:3600"), Some((7200, 0)));
        assert_eq!(time_control(b"*180"), Some((180, 0)));
        assert_eq!(time_control(b"-"), None);
        assert_eq!(time_control(b"?"), None);
        assert_eq!(time_control(b"blitz"), None);
    }
}
