//! The values of a [`Record`]'s columns: what every output writes.

use std::borrow::Cow;

use chessnote::pgn::tags::{self, Date, Time, TimeControl, TimePeriod};
use chessnote::pgn::{PgnError, commands::Score};

use crate::columns::{Column, Columns};
use crate::record::Record;

/// The tag columns, in the order of [`Row`]'s slots.
const TAG_COLUMNS: [Column; 21] = [
    Column::Event,
    Column::Site,
    Column::White,
    Column::Black,
    Column::Result,
    Column::WhiteTitle,
    Column::BlackTitle,
    Column::WhiteElo,
    Column::BlackElo,
    Column::WhiteRatingDiff,
    Column::BlackRatingDiff,
    Column::UtcDate,
    Column::UtcTime,
    Column::Eco,
    Column::Opening,
    Column::Termination,
    Column::TimeControl,
    Column::Date,
    Column::Round,
    Column::Variant,
    Column::Fen,
];

fn slot(column: Column) -> Option<usize> {
    TAG_COLUMNS.iter().position(|c| *c == column)
}

/// The slot of the tag column named `name` (a `match`: no string compared
/// with every name).
fn slot_of(name: &str) -> Option<usize> {
    Some(match name {
        "Event" => 0,
        "Site" => 1,
        "White" => 2,
        "Black" => 3,
        "Result" => 4,
        "WhiteTitle" => 5,
        "BlackTitle" => 6,
        "WhiteElo" => 7,
        "BlackElo" => 8,
        "WhiteRatingDiff" => 9,
        "BlackRatingDiff" => 10,
        "UTCDate" => 11,
        "UTCTime" => 12,
        "ECO" => 13,
        "Opening" => 14,
        "Termination" => 15,
        "TimeControl" => 16,
        "Date" => 17,
        "Round" => 18,
        "Variant" => 19,
        "FEN" => 20,
        _ => return None,
    })
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

/// A [`Record`] seen as a row of [`Columns`]: the value of each column.
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
/// use chessnote_export::{Column, Columns, Recorder, Row};
///
/// let pgn = b"[WhiteElo \"1500\"]\n[BlackElo \"x\"]\n[UTCDate \"2025.05.01\"]\n\n1. e4 *\n";
/// let mut recorder = Recorder::new(Columns::LICHESS, ReadOptions::default());
/// let mut reader = Reader::from_slice(pgn);
/// let record = recorder.read(&mut reader)?.unwrap();
/// let row = Row::new(record, Columns::LICHESS);
/// assert_eq!(row.int16(Column::WhiteElo), Some(1500));
/// assert_eq!(row.int16(Column::BlackElo), None);
/// assert_eq!(row.date(), Some(20_209)); // days since 1970-01-01
/// let other: Vec<_> = row.other_tags().map(|(n, v)| (n.into_owned(), v)).collect();
/// assert_eq!(other, [("BlackElo".to_owned(), "x")]);
/// # Ok::<(), core::convert::Infallible>(())
/// ```
pub struct Row<'a> {
    record: &'a Record,
    /// For each tag column, the index of the tag it holds.
    held: [Option<usize>; TAG_COLUMNS.len()],
    /// `WhiteElo`, `BlackElo`, `WhiteRatingDiff`, `BlackRatingDiff`.
    numbers: [Option<i16>; 4],
    date: Option<i32>,
    time: Option<i32>,
    time_control: Option<(u32, u16)>,
}

impl<'a> Row<'a> {
    /// The row of `record` when `columns` are written.
    pub fn new(record: &'a Record, columns: Columns) -> Row<'a> {
        let mut row = Row {
            record,
            held: [None; TAG_COLUMNS.len()],
            numbers: [None; 4],
            date: None,
            time: None,
            time_control: None,
        };
        let mut seen = [false; TAG_COLUMNS.len()];
        for (i, (name, value)) in record.tags().iter().enumerate() {
            let Some(at) = slot_of(name) else {
                continue;
            };
            if seen[at] {
                continue;
            }
            seen[at] = true;
            let column = TAG_COLUMNS[at];
            if column == Column::TimeControl {
                row.time_control = time_control(value);
            }
            if !columns.contains(column) {
                continue;
            }
            let bytes = value.as_bytes();
            let typed = match column {
                Column::WhiteElo | Column::BlackElo => {
                    let elo = tags::parse_elo(bytes).map(|e| e.map(i16::try_from));
                    number(elo)
                }
                Column::WhiteRatingDiff | Column::BlackRatingDiff => {
                    number(tags::parse_rating_diff(bytes).map(|d| d.map(Ok::<i16, ()>)))
                }
                Column::UtcDate => match Date::from_ascii(bytes) {
                    Ok(d) if d == Date::UNKNOWN => Typed::Unknown,
                    Ok(d) => match (d.year(), d.month(), d.day()) {
                        (Some(y), Some(m), Some(d)) => Typed::Value(days_from_civil(y, m, d)),
                        _ => Typed::Invalid,
                    },
                    Err(_) => Typed::Invalid,
                },
                Column::UtcTime => match Time::from_ascii(bytes) {
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
            row.held[at] = Some(i);
            match column {
                Column::WhiteElo => row.numbers[0] = value.map(|v| v as i16),
                Column::BlackElo => row.numbers[1] = value.map(|v| v as i16),
                Column::WhiteRatingDiff => row.numbers[2] = value.map(|v| v as i16),
                Column::BlackRatingDiff => row.numbers[3] = value.map(|v| v as i16),
                Column::UtcDate => row.date = value,
                Column::UtcTime => row.time = value,
                _ => {}
            }
        }
        row
    }

    /// The record.
    pub fn record(&self) -> &'a Record {
        self.record
    }

    /// A text tag column's value (`Event`, `White`, `FEN`, …; `None` for
    /// the others).
    pub fn text(&self, column: Column) -> Option<&'a str> {
        let at = self.held[slot(column)?]?;
        Some(self.record.tags()[at].1.as_str())
    }

    /// `WhiteElo`, `BlackElo`, `WhiteRatingDiff` or `BlackRatingDiff`.
    pub fn int16(&self, column: Column) -> Option<i16> {
        match column {
            Column::WhiteElo => self.numbers[0],
            Column::BlackElo => self.numbers[1],
            Column::WhiteRatingDiff => self.numbers[2],
            Column::BlackRatingDiff => self.numbers[3],
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

    /// `GameId`: the Lichess game id of `Site`.
    pub fn game_id(&self) -> Option<&'a str> {
        let site = self.record.tag("Site")?;
        lichess_id(site)
    }

    /// `Tags`: every tag no chosen column holds, in file order. A tag that
    /// repeats one before it is named `Name#2`, `Name#3`, … so that keys
    /// are unique (engines refuse maps and JSON objects with a key twice;
    /// a tag name has no `#`).
    pub fn other_tags(&self) -> impl Iterator<Item = (Cow<'a, str>, &'a str)> + '_ {
        let tags = self.record.tags();
        tags.iter()
            .enumerate()
            .filter(|(i, _)| !self.held.contains(&Some(*i)))
            .map(move |(i, (n, v))| {
                let before = tags[..i].iter().filter(|(m, _)| m == n).count();
                let name = if before == 0 {
                    Cow::Borrowed(n.as_str())
                } else {
                    Cow::Owned(format!("{n}#{}", before + 1))
                };
                (name, v.as_str())
            })
    }

    /// `status`: `ok`, or `error` when the game has a problem.
    pub fn status(&self) -> &'static str {
        if self.record.errors.is_empty() {
            "ok"
        } else {
            "error"
        }
    }

    /// The first problem (`parse_error`, `error_kind`, …).
    pub fn first_error(&self) -> Option<&'a PgnError> {
        self.record.errors.first()
    }

    /// `eval_cp` of the move `i`.
    pub fn eval_cp(&self, i: usize) -> Option<i32> {
        match self.record.evals.get(i).copied().flatten() {
            Some(Score::Centipawns(cp)) => Some(cp),
            _ => None,
        }
    }

    /// `eval_mate` of the move `i`.
    pub fn eval_mate(&self, i: usize) -> Option<i16> {
        match self.record.evals.get(i).copied().flatten() {
            Some(Score::Mate(n)) => i16::try_from(n).ok(),
            _ => None,
        }
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
fn time_control(value: &str) -> Option<(u32, u16)> {
    let tc = TimeControl::from_ascii(value.as_bytes()).ok()?;
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

/// The year and month a partitioned export files a row under: `UTCDate`'s,
/// else `Date`'s (as far as they are known).
pub fn year_month(record: &Record) -> (Option<u16>, Option<u8>) {
    for name in ["UTCDate", "Date"] {
        if let Some(date) = record
            .tag(name)
            .and_then(|v| Date::from_ascii(v.as_bytes()).ok())
            && let Some(year) = date.year()
        {
            return (Some(year), date.month());
        }
    }
    (None, None)
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
        for (i, column) in TAG_COLUMNS.iter().enumerate() {
            assert_eq!(slot_of(column.name()), Some(i));
            assert_eq!(column.tag(), Some(column.name()));
        }
        assert_eq!(slot_of("Annotator"), None);
    }

    #[test]
    fn time_controls() {
        assert_eq!(time_control("300+3"), Some((300, 3)));
        assert_eq!(time_control("60"), Some((60, 0)));
        assert_eq!(time_control("40/7200:3600"), Some((7200, 0)));
        assert_eq!(time_control("*180"), Some((180, 0)));
        assert_eq!(time_control("-"), None);
        assert_eq!(time_control("?"), None);
        assert_eq!(time_control("blitz"), None);
    }
}
