//! Typed tag values: the Seven Tag Roster, dates and times, time controls,
//! ratings, variants and `SetUp`.
//!
//! Every parser here reads the value of one tag pair as a PGN reader hands
//! it: the bytes between the quotes, escapes already undone. The value is
//! taken exactly as it is: nothing is trimmed or rewritten, and an error says
//! what was wrong and at which byte of the value (trim first for leniency).
//! Whatever is read prints back with `Display` in the standard's canonical
//! form, which is the input itself when the input was canonical.
//!
//! ```
//! use chessnote::pgn::tags::{Date, TimeControl, Variant, parse_elo};
//!
//! let date: Date = "1992.??.??".parse()?;
//! assert_eq!((date.year(), date.month(), date.day()), (Some(1992), None, None));
//! assert_eq!(date.to_string(), "1992.??.??");
//!
//! let tc: TimeControl = "300+3".parse()?;
//! assert_eq!(tc.to_string(), "300+3");
//!
//! assert_eq!(parse_elo(b"2850")?, Some(2850));
//! assert_eq!(parse_elo(b"?")?, None);
//! assert!(Variant::from_ascii(b"fischerandom")?.is_chess960());
//! # Ok::<(), chessnote::pgn::tags::TagValueError>(())
//! ```
//!
//! The `FEN` tag's value is a FEN: read it with [`Setup::from_ascii`](crate::Setup::from_ascii)
//! (X-FEN and Shredder-FEN castling included, see [`crate::fen`]).

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use crate::text::{AsciiSink, ascii_text, error_kind, messages, notation_error};

/// The Seven Tag Roster (PGN standard §8.1.1), in the order the standard
/// says to write them.
///
/// ```
/// use chessnote::pgn::tags::SEVEN_TAG_ROSTER;
/// assert_eq!(SEVEN_TAG_ROSTER[0], "Event");
/// assert_eq!(SEVEN_TAG_ROSTER[6], "Result");
/// ```
pub const SEVEN_TAG_ROSTER: [&str; 7] =
    ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// The [`SEVEN_TAG_ROSTER`] with the values that stand for "unknown"
/// (`?`, `????.??.??`, `*`): what writers, and python-chess's headers, give
/// a missing tag.
///
/// ```
/// use chessnote::pgn::tags::SEVEN_TAG_ROSTER_UNKNOWN;
/// assert_eq!(SEVEN_TAG_ROSTER_UNKNOWN[2], ("Date", "????.??.??"));
/// ```
pub const SEVEN_TAG_ROSTER_UNKNOWN: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
    ("Result", "*"),
];

/// The place of a tag name in the [`SEVEN_TAG_ROSTER`], if it is one of the
/// seven. Tag names are case-sensitive.
///
/// ```
/// use chessnote::pgn::tags::roster_index;
/// assert_eq!(roster_index(b"Date"), Some(2));
/// assert_eq!(roster_index(b"Result"), Some(6));
/// assert_eq!(roster_index(b"date"), None);
/// assert_eq!(roster_index(b"WhiteElo"), None);
/// ```
pub fn roster_index(name: &[u8]) -> Option<usize> {
    SEVEN_TAG_ROSTER
        .iter()
        .position(|tag| tag.as_bytes() == name)
}

error_kind! {
    /// What was wrong with a tag value (see [`TagValueError`] for where).
    ///
    /// ```
    /// use chessnote::pgn::tags::{Date, TagValueErrorKind};
    /// let err = Date::from_ascii(b"1992.13.01").unwrap_err();
    /// assert_eq!(err.kind(), TagValueErrorKind::MonthOutOfRange);
    /// assert_eq!(err.kind().name(), "month-out-of-range");
    /// ```
    pub enum TagValueErrorKind {
        /// The value is empty where something was needed.
        Empty = ("empty", "empty tag value"),
        /// A digit was expected.
        ExpectedDigit = ("expected-digit", "expected a digit `0`-`9`"),
        /// A part of a date or time mixes digits and `?`.
        PartlyUnknown = ("partly-unknown", "a date or time part is either all digits or all `?`"),
        /// The `.` between the parts of a date is missing.
        ExpectedDot = ("expected-dot", "expected `.` between the parts of a date"),
        /// The `:` between the parts of a time is missing.
        ExpectedColon = ("expected-colon", "expected `:` between the parts of a time"),
        /// A month that is not `01`-`12`.
        MonthOutOfRange = ("month-out-of-range", "the month is not `01`-`12`"),
        /// A day that is not in its month.
        DayOutOfRange = ("day-out-of-range", "the day is not in its month"),
        /// An hour that is not `00`-`23`, or a minute or second not `00`-`59`.
        TimeOutOfRange = ("time-out-of-range", "hours are `00`-`23`, minutes and seconds `00`-`59`"),
        /// A number too large for its type.
        NumberTooLarge = ("number-too-large", "number too large"),
        /// More than three decimals of a second (milliseconds).
        TooManyDecimals = ("too-many-decimals", "at most three decimals of a second"),
        /// A `Variant` value that names no known variant.
        UnknownVariant = ("unknown-variant", "unknown variant name"),
        /// A `SetUp` value other than `0` or `1`.
        ExpectedSetUp = ("expected-setup", "expected `0` or `1`"),
        /// Something follows a complete value, or a byte that has no place.
        UnexpectedByte = ("unexpected-byte", messages::UNEXPECTED_BYTE),
    }
}

notation_error! {
    /// What was wrong with a tag value, and at which byte of the value.
    ///
    /// ```
    /// use chessnote::pgn::tags::{TimeControl, TagValueErrorKind};
    /// let err = TimeControl::from_ascii(b"40/9000:3x0").unwrap_err();
    /// assert_eq!(err.kind(), TagValueErrorKind::UnexpectedByte);
    /// assert_eq!(err.offset(), 9);
    /// assert_eq!(err.to_string(), "unexpected byte at byte 9");
    /// ```
    pub struct TagValueError { kind: TagValueErrorKind, offset: usize }
}

type Result<T> = core::result::Result<T, TagValueError>;

fn err(kind: TagValueErrorKind, offset: usize) -> TagValueError {
    TagValueError::new(kind, offset)
}

/// Reads a fixed-width date or time part at `start`: `width` digits (a
/// number) or `width` question marks (`None`).
fn fixed_part(bytes: &[u8], start: usize, width: usize) -> Result<Option<u16>> {
    let unknown = bytes.get(start) == Some(&b'?');
    let mut value: u16 = 0;
    for i in start..start + width {
        match bytes.get(i) {
            Some(b'?') if unknown => {}
            Some(b'?') => return Err(err(TagValueErrorKind::PartlyUnknown, i)),
            Some(d) if d.is_ascii_digit() && unknown => {
                return Err(err(TagValueErrorKind::PartlyUnknown, i));
            }
            Some(d) if d.is_ascii_digit() => value = value * 10 + u16::from(d - b'0'),
            _ => return Err(err(TagValueErrorKind::ExpectedDigit, i.min(bytes.len()))),
        }
    }
    Ok(if unknown { None } else { Some(value) })
}

/// Checks the separator byte at `at`.
fn separator(bytes: &[u8], at: usize, sep: u8, kind: TagValueErrorKind) -> Result<()> {
    if bytes.get(at) == Some(&sep) {
        Ok(())
    } else {
        Err(err(kind, at.min(bytes.len())))
    }
}

/// Checks that nothing follows a complete value of `len` bytes.
fn end(bytes: &[u8], len: usize) -> Result<()> {
    if bytes.len() > len {
        Err(err(TagValueErrorKind::UnexpectedByte, len))
    } else {
        Ok(())
    }
}

/// Whether `year` is a leap year of the Gregorian calendar.
const fn is_leap(year: u16) -> bool {
    (year.is_multiple_of(4) && !year.is_multiple_of(100)) || year.is_multiple_of(400)
}

/// The last day of `month` (29 for February when the year is unknown).
const fn days_in_month(year: Option<u16>, month: u8) -> u8 {
    match month {
        4 | 6 | 9 | 11 => 30,
        2 => match year {
            Some(y) if !is_leap(y) => 28,
            _ => 29,
        },
        _ => 31,
    }
}

/// A date as the `Date`, `UTCDate` and `EventDate` tags write it:
/// `YYYY.MM.DD`, any part of which may be unknown (`????`, `??`).
///
/// A known date is a real day of the Gregorian calendar (`2023.02.29` is
/// not); an unknown year allows February 29, an unknown month day 31.
///
/// ```
/// use chessnote::pgn::tags::Date;
///
/// let date = Date::from_ascii(b"2024.02.29")?;
/// assert_eq!((date.year(), date.month(), date.day()), (Some(2024), Some(2), Some(29)));
/// assert_eq!(Date::from_ascii(b"????.??.??")?, Date::UNKNOWN);
/// assert_eq!(Date::new(Some(1851), Some(6), None).unwrap().to_string(), "1851.06.??");
/// # Ok::<(), chessnote::pgn::tags::TagValueError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Date {
    year: Option<u16>,
    month: Option<u8>,
    day: Option<u8>,
}

/// The length of every date: `YYYY.MM.DD`.
pub const DATE_LEN: usize = 10;

impl Date {
    /// The entirely unknown date, `????.??.??`.
    pub const UNKNOWN: Date = Date {
        year: None,
        month: None,
        day: None,
    };

    /// The date of these parts, if they make one: a year up to 9999, a month
    /// `1`-`12`, a day in its month (see [`Date`]).
    ///
    /// ```
    /// use chessnote::pgn::tags::Date;
    /// assert!(Date::new(Some(2023), Some(2), Some(28)).is_some());
    /// assert!(Date::new(Some(2023), Some(2), Some(29)).is_none());
    /// assert!(Date::new(None, Some(2), Some(29)).is_some());
    /// assert!(Date::new(Some(10_000), None, None).is_none());
    /// ```
    pub const fn new(year: Option<u16>, month: Option<u8>, day: Option<u8>) -> Option<Date> {
        if let Some(y) = year
            && y > 9999
        {
            return None;
        }
        let last_day = match month {
            Some(m) if m < 1 || m > 12 => return None,
            Some(m) => days_in_month(year, m),
            None => 31,
        };
        if let Some(d) = day
            && (d < 1 || d > last_day)
        {
            return None;
        }
        Some(Date { year, month, day })
    }

    /// The year, if known.
    #[inline]
    pub const fn year(&self) -> Option<u16> {
        self.year
    }

    /// The month (`1`-`12`), if known.
    #[inline]
    pub const fn month(&self) -> Option<u8> {
        self.month
    }

    /// The day of the month (`1`-`31`), if known.
    #[inline]
    pub const fn day(&self) -> Option<u8> {
        self.day
    }

    /// Whether every part is known.
    ///
    /// ```
    /// use chessnote::pgn::tags::Date;
    /// assert!("2025.08.06".parse::<Date>()?.is_complete());
    /// assert!(!"2025.08.??".parse::<Date>()?.is_complete());
    /// # Ok::<(), chessnote::pgn::tags::TagValueError>(())
    /// ```
    #[inline]
    pub const fn is_complete(&self) -> bool {
        self.year.is_some() && self.month.is_some() && self.day.is_some()
    }

    /// Parses a date: exactly `YYYY.MM.DD`, each part all digits or all
    /// `?`. A known day with an unknown month is allowed (`1992.??.15`).
    ///
    /// ```
    /// use chessnote::pgn::tags::Date;
    /// assert!(Date::from_ascii(b"1992.??.??").is_ok());
    /// assert!(Date::from_ascii(b"1992.7.4").is_err());
    /// assert_eq!(Date::from_ascii(b"2023.02.29").unwrap_err().offset(), 8);
    /// ```
    ///
    /// # Errors
    ///
    /// A [`TagValueError`]: [`ExpectedDigit`](TagValueErrorKind::ExpectedDigit)
    /// or [`PartlyUnknown`](TagValueErrorKind::PartlyUnknown) in a part,
    /// [`ExpectedDot`](TagValueErrorKind::ExpectedDot) between parts,
    /// [`MonthOutOfRange`](TagValueErrorKind::MonthOutOfRange) (at byte 5),
    /// [`DayOutOfRange`](TagValueErrorKind::DayOutOfRange) (at byte 8), or
    /// [`UnexpectedByte`](TagValueErrorKind::UnexpectedByte) after the day.
    pub fn from_ascii(bytes: &[u8]) -> Result<Date> {
        use TagValueErrorKind::{DayOutOfRange, ExpectedDot, MonthOutOfRange};
        let year = fixed_part(bytes, 0, 4)?;
        separator(bytes, 4, b'.', ExpectedDot)?;
        let month = fixed_part(bytes, 5, 2)?;
        separator(bytes, 7, b'.', ExpectedDot)?;
        let day = fixed_part(bytes, 8, 2)?;
        end(bytes, DATE_LEN)?;
        // Two digits fit in a `u8`.
        let month = month.map(|m| m as u8);
        let day = day.map(|d| d as u8);
        if month.is_some_and(|m| !(1..=12).contains(&m)) {
            return Err(err(MonthOutOfRange, 5));
        }
        Date::new(year, month, day).ok_or(err(DayOutOfRange, 8))
    }

    fn emit<S: AsciiSink>(&self, out: &mut S) {
        emit_part(out, self.year, 4);
        out.put(b'.');
        emit_part(out, self.month.map(u16::from), 2);
        out.put(b'.');
        emit_part(out, self.day.map(u16::from), 2);
    }
}

/// Writes a part of `width` digits (the value is below `10^width`), or as
/// many `?`.
fn emit_part<S: AsciiSink>(out: &mut S, part: Option<u16>, width: u32) {
    for place in (0..width).rev() {
        match part {
            Some(value) => out.put(b'0' + (value / 10u16.pow(place) % 10) as u8),
            None => out.put(b'?'),
        }
    }
}

ascii_text!(Date, DATE_LEN);

impl FromStr for Date {
    type Err = TagValueError;

    fn from_str(s: &str) -> Result<Date> {
        Date::from_ascii(s.as_bytes())
    }
}

/// A time of day as the `Time` and `UTCTime` tags write it: `HH:MM:SS`,
/// where (as in dates) a part may be unknown (`??`): `20:02:??`.
///
/// ```
/// use chessnote::pgn::tags::Time;
///
/// let time = Time::from_ascii(b"18:14:32")?;
/// assert_eq!((time.hour(), time.minute(), time.second()), (Some(18), Some(14), Some(32)));
/// assert_eq!(time.to_string(), "18:14:32");
/// assert_eq!(Time::from_ascii(b"07:19:??")?.second(), None);
/// # Ok::<(), chessnote::pgn::tags::TagValueError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Time {
    hour: Option<u8>,
    minute: Option<u8>,
    second: Option<u8>,
}

/// The length of every time: `HH:MM:SS`.
pub const TIME_LEN: usize = 8;

impl Time {
    /// The time of these parts, if they make one: an hour `0`-`23`, a minute
    /// and a second `0`-`59`.
    ///
    /// ```
    /// use chessnote::pgn::tags::Time;
    /// assert_eq!(Time::new(Some(9), Some(5), None).unwrap().to_string(), "09:05:??");
    /// assert!(Time::new(Some(24), Some(0), Some(0)).is_none());
    /// ```
    pub const fn new(hour: Option<u8>, minute: Option<u8>, second: Option<u8>) -> Option<Time> {
        if above(hour, 23) || above(minute, 59) || above(second, 59) {
            None
        } else {
            Some(Time {
                hour,
                minute,
                second,
            })
        }
    }

    /// The hour (`0`-`23`), if known.
    #[inline]
    pub const fn hour(&self) -> Option<u8> {
        self.hour
    }

    /// The minute (`0`-`59`), if known.
    #[inline]
    pub const fn minute(&self) -> Option<u8> {
        self.minute
    }

    /// The second (`0`-`59`), if known.
    #[inline]
    pub const fn second(&self) -> Option<u8> {
        self.second
    }

    /// Parses a time: exactly `HH:MM:SS`, each part two digits or `??`.
    ///
    /// ```
    /// use chessnote::pgn::tags::{Time, TagValueErrorKind};
    /// assert!(Time::from_ascii(b"00:00:01").is_ok());
    /// let err = Time::from_ascii(b"12:60:00").unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (TagValueErrorKind::TimeOutOfRange, 3));
    /// ```
    ///
    /// # Errors
    ///
    /// A [`TagValueError`]: [`ExpectedDigit`](TagValueErrorKind::ExpectedDigit)
    /// or [`PartlyUnknown`](TagValueErrorKind::PartlyUnknown) in a part,
    /// [`ExpectedColon`](TagValueErrorKind::ExpectedColon) between parts,
    /// [`TimeOutOfRange`](TagValueErrorKind::TimeOutOfRange) at the part out
    /// of range, or [`UnexpectedByte`](TagValueErrorKind::UnexpectedByte)
    /// after the seconds.
    pub fn from_ascii(bytes: &[u8]) -> Result<Time> {
        use TagValueErrorKind::{ExpectedColon, TimeOutOfRange};
        let mut parts = [None; 3];
        for (i, (part, max)) in parts.iter_mut().zip([23, 59, 59]).enumerate() {
            if i > 0 {
                separator(bytes, 3 * i - 1, b':', ExpectedColon)?;
            }
            let value = fixed_part(bytes, 3 * i, 2)?;
            if value.is_some_and(|v| v > max) {
                return Err(err(TimeOutOfRange, 3 * i));
            }
            // Two digits fit in a `u8`.
            *part = value.map(|v| v as u8);
        }
        end(bytes, TIME_LEN)?;
        let [hour, minute, second] = parts;
        Ok(Time {
            hour,
            minute,
            second,
        })
    }

    fn emit<S: AsciiSink>(&self, out: &mut S) {
        emit_part(out, self.hour.map(u16::from), 2);
        out.put(b':');
        emit_part(out, self.minute.map(u16::from), 2);
        out.put(b':');
        emit_part(out, self.second.map(u16::from), 2);
    }
}

/// Whether a known `part` is above `max`.
const fn above(part: Option<u8>, max: u8) -> bool {
    matches!(part, Some(p) if p > max)
}

ascii_text!(Time, TIME_LEN);

impl FromStr for Time {
    type Err = TagValueError;

    fn from_str(s: &str) -> Result<Time> {
        Time::from_ascii(s.as_bytes())
    }
}

/// Reads the digits at `start` as a number (at least one digit), with the
/// offset after them.
fn number(bytes: &[u8], start: usize) -> Result<(u64, usize)> {
    let mut value: u64 = 0;
    let mut i = start;
    while let Some(&d) = bytes.get(i).filter(|d| d.is_ascii_digit()) {
        value = value
            .checked_mul(10)
            .and_then(|v| v.checked_add(u64::from(d - b'0')))
            .ok_or(err(TagValueErrorKind::NumberTooLarge, start))?;
        i += 1;
    }
    if i == start {
        return Err(err(TagValueErrorKind::ExpectedDigit, start));
    }
    Ok((value, i))
}

/// Reads a number of seconds at `start`, with up to three decimals, as
/// milliseconds, with the offset after it.
fn seconds(bytes: &[u8], start: usize) -> Result<(u64, usize)> {
    let (whole, mut i) = number(bytes, start)?;
    let too_large = err(TagValueErrorKind::NumberTooLarge, start);
    let mut millis = whole.checked_mul(1000).ok_or(too_large)?;
    if bytes.get(i) == Some(&b'.') {
        i += 1;
        let frac_start = i;
        let mut scale = 100;
        while let Some(&d) = bytes.get(i).filter(|d| d.is_ascii_digit()) {
            if i - frac_start == 3 {
                return Err(err(TagValueErrorKind::TooManyDecimals, i));
            }
            millis = millis
                .checked_add(u64::from(d - b'0') * scale)
                .ok_or(too_large)?;
            scale /= 10;
            i += 1;
        }
        if i == frac_start {
            return Err(err(TagValueErrorKind::ExpectedDigit, i));
        }
    }
    Ok((millis, i))
}

/// Writes milliseconds as seconds, with as few decimals as they need.
fn write_seconds(f: &mut fmt::Formatter<'_>, millis: u64) -> fmt::Result {
    write!(f, "{}", millis / 1000)?;
    let frac = millis % 1000;
    if frac != 0 {
        let (digits, width) = match frac {
            x if x.is_multiple_of(100) => (x / 100, 1),
            x if x.is_multiple_of(10) => (x / 10, 2),
            x => (x, 3),
        };
        write!(f, ".{digits:0width$}")?;
    }
    Ok(())
}

/// One period of a [`TimeControl`] (PGN standard §9.6.1).
///
/// Times are in milliseconds: the standard counts whole seconds, and
/// cutechess writes decimals (`10+0.05`), which are read to the millisecond.
///
/// ```
/// use chessnote::pgn::tags::{TimeControl, TimePeriod};
///
/// let tc: TimeControl = "40/9000:300".parse()?;
/// assert_eq!(tc.periods(), &[
///     TimePeriod::Normal { moves: Some(40), time_ms: 9_000_000, increment_ms: None },
///     TimePeriod::Normal { moves: None, time_ms: 300_000, increment_ms: None },
/// ]);
/// # Ok::<(), chessnote::pgn::tags::TagValueError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum TimePeriod {
    /// `moves/seconds` (so many moves in the time), `seconds` (the rest of
    /// the game, "sudden death"), either with `+increment` seconds per move.
    Normal {
        /// The moves to make in the period (`40` in `40/9000`), or `None`
        /// for the rest of the game.
        moves: Option<u32>,
        /// The time for the period, in milliseconds.
        time_ms: u64,
        /// The time added after each move, in milliseconds, when the period
        /// has one (`+0` is kept, as `Some(0)`).
        increment_ms: Option<u64>,
    },
    /// `*seconds`: a sandclock (hourglass) of that many seconds.
    Sandclock {
        /// The sandclock's time, in milliseconds.
        time_ms: u64,
    },
}

impl TimePeriod {
    /// The time of the period, in milliseconds.
    ///
    /// ```
    /// use chessnote::pgn::tags::TimeControl;
    /// let tc: TimeControl = "*180".parse()?;
    /// assert_eq!(tc.periods()[0].time_ms(), 180_000);
    /// # Ok::<(), chessnote::pgn::tags::TagValueError>(())
    /// ```
    #[inline]
    pub const fn time_ms(&self) -> u64 {
        match *self {
            TimePeriod::Normal { time_ms, .. } | TimePeriod::Sandclock { time_ms } => time_ms,
        }
    }

    /// Reads one period, `bytes[start..stop]`.
    fn parse(bytes: &[u8], start: usize, stop: usize) -> Result<TimePeriod> {
        let part = &bytes[..stop];
        if part.get(start) == Some(&b'*') {
            let (time_ms, i) = seconds(part, start + 1)?;
            end(part, i)?;
            return Ok(TimePeriod::Sandclock { time_ms });
        }
        let (mut time_ms, mut i) = seconds(part, start)?;
        let mut moves = None;
        if part.get(i) == Some(&b'/') {
            // What came first was a move count: digits only.
            let (count, after) = number(part, start)?;
            if after != i {
                return Err(err(TagValueErrorKind::UnexpectedByte, after));
            }
            let count =
                u32::try_from(count).map_err(|_| err(TagValueErrorKind::NumberTooLarge, start))?;
            moves = Some(count);
            (time_ms, i) = seconds(part, i + 1)?;
        }
        let mut increment_ms = None;
        if part.get(i) == Some(&b'+') {
            let (inc, after) = seconds(part, i + 1)?;
            increment_ms = Some(inc);
            i = after;
        }
        end(part, i)?;
        Ok(TimePeriod::Normal {
            moves,
            time_ms,
            increment_ms,
        })
    }
}

impl fmt::Display for TimePeriod {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TimePeriod::Sandclock { time_ms } => {
                f.write_str("*")?;
                write_seconds(f, time_ms)
            }
            TimePeriod::Normal {
                moves,
                time_ms,
                increment_ms,
            } => {
                if let Some(moves) = moves {
                    write!(f, "{moves}/")?;
                }
                write_seconds(f, time_ms)?;
                if let Some(inc) = increment_ms {
                    f.write_str("+")?;
                    write_seconds(f, inc)?;
                }
                Ok(())
            }
        }
    }
}

/// The value of the `TimeControl` tag, in every form of the PGN standard
/// (§9.6.1): `?` (unknown), `-` (no time control), or periods separated by
/// `:`, each `moves/seconds`, `seconds`, `seconds+increment` or
/// `*seconds` (sandclock). Lichess writes `300+3` (and `-` for
/// correspondence); a move count with an increment (`40/7200+30`), which
/// engines' tools write, is read too.
///
/// ```
/// use chessnote::pgn::tags::{TimeControl, TimePeriod};
///
/// assert_eq!("?".parse::<TimeControl>()?, TimeControl::Unknown);
/// assert_eq!("-".parse::<TimeControl>()?, TimeControl::Unlimited);
/// let blitz: TimeControl = "300+3".parse()?;
/// assert_eq!(blitz.periods(), &[TimePeriod::Normal { moves: None, time_ms: 300_000, increment_ms: Some(3_000) }]);
/// let classical: TimeControl = "40/7200:20/3600:900+30".parse()?;
/// assert_eq!(classical.periods().len(), 3);
/// assert_eq!(classical.to_string(), "40/7200:20/3600:900+30");
/// # Ok::<(), chessnote::pgn::tags::TagValueError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TimeControl {
    /// `?`: the time control is not known.
    Unknown,
    /// `-`: the game had no time control.
    Unlimited,
    /// The periods, in the order they are played (one or more when read).
    Periods(Vec<TimePeriod>),
}

impl TimeControl {
    /// Parses a `TimeControl` value.
    ///
    /// ```
    /// use chessnote::pgn::tags::{TimeControl, TagValueErrorKind};
    /// assert!(TimeControl::from_ascii(b"*180").is_ok());
    /// assert!(TimeControl::from_ascii(b"10+0.05").is_ok());
    /// let err = TimeControl::from_ascii(b"15 min + 10 s").unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (TagValueErrorKind::UnexpectedByte, 2));
    /// ```
    ///
    /// # Errors
    ///
    /// A [`TagValueError`]: [`Empty`](TagValueErrorKind::Empty) for an empty
    /// value, [`ExpectedDigit`](TagValueErrorKind::ExpectedDigit) where a
    /// number is missing (an empty period too),
    /// [`NumberTooLarge`](TagValueErrorKind::NumberTooLarge),
    /// [`TooManyDecimals`](TagValueErrorKind::TooManyDecimals), or
    /// [`UnexpectedByte`](TagValueErrorKind::UnexpectedByte) for anything
    /// else out of place.
    pub fn from_ascii(bytes: &[u8]) -> Result<TimeControl> {
        match bytes {
            b"?" => Ok(TimeControl::Unknown),
            b"-" => Ok(TimeControl::Unlimited),
            _ => {
                let mut periods = Vec::new();
                each_period(bytes, |period| periods.push(period))?;
                Ok(TimeControl::Periods(periods))
            }
        }
    }

    /// The first period of a value, as [`from_ascii`](Self::from_ascii)
    /// reads the whole value (every period is checked: `300:x` is an
    /// error), without allocating; `None` for `?` and `-`. The `--where`
    /// filter's `.base`, `.increment` and `.moves` read it.
    pub(crate) fn first_period(bytes: &[u8]) -> Result<Option<TimePeriod>> {
        match bytes {
            b"?" | b"-" => Ok(None),
            _ => {
                let mut first = None;
                each_period(bytes, |period| {
                    first.get_or_insert(period);
                })?;
                Ok(first)
            }
        }
    }

    /// The periods (none for `?` and `-`).
    #[inline]
    pub fn periods(&self) -> &[TimePeriod] {
        match self {
            TimeControl::Periods(periods) => periods,
            TimeControl::Unknown | TimeControl::Unlimited => &[],
        }
    }

    /// Appends the text form to `out`.
    pub fn append_to(&self, out: &mut String) {
        // Writing into a `String` cannot fail.
        let _ = fmt::Write::write_fmt(out, format_args!("{self}"));
    }
}

/// Reads the periods of a time control other than `?` and `-` (`:`
/// between them), handing each to `each` in order; the first error ends
/// the reading.
fn each_period(bytes: &[u8], mut each: impl FnMut(TimePeriod)) -> Result<()> {
    if bytes.is_empty() {
        return Err(err(TagValueErrorKind::Empty, 0));
    }
    let mut start = 0;
    loop {
        let stop = bytes[start..]
            .iter()
            .position(|&b| b == b':')
            .map_or(bytes.len(), |p| start + p);
        each(TimePeriod::parse(bytes, start, stop)?);
        if stop == bytes.len() {
            return Ok(());
        }
        start = stop + 1;
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeControl::Unknown => f.write_str("?"),
            TimeControl::Unlimited => f.write_str("-"),
            TimeControl::Periods(periods) => {
                for (i, period) in periods.iter().enumerate() {
                    if i > 0 {
                        f.write_str(":")?;
                    }
                    write!(f, "{period}")?;
                }
                Ok(())
            }
        }
    }
}

impl FromStr for TimeControl {
    type Err = TagValueError;

    fn from_str(s: &str) -> Result<TimeControl> {
        TimeControl::from_ascii(s.as_bytes())
    }
}

/// Whether a value says "not known": `?`, `-` or nothing.
fn is_unknown_number(value: &[u8]) -> bool {
    matches!(value, b"" | b"?" | b"-")
}

/// Reads a rating (`WhiteElo`, `BlackElo`, and other `…Elo` tags) as a
/// number; `?`, `-` and the empty value (all three found in real files)
/// are `None`. `0` is read as the number it is.
///
/// ```
/// use chessnote::pgn::tags::parse_elo;
/// assert_eq!(parse_elo(b"2850")?, Some(2850));
/// assert_eq!(parse_elo(b"")?, None);
/// assert_eq!(parse_elo(b"-")?, None);
/// assert!(parse_elo(b"2850?").is_err());
/// # Ok::<(), chessnote::pgn::tags::TagValueError>(())
/// ```
///
/// # Errors
///
/// A [`TagValueError`]: [`ExpectedDigit`](TagValueErrorKind::ExpectedDigit)
/// at a value that starts with no digit,
/// [`UnexpectedByte`](TagValueErrorKind::UnexpectedByte) after the digits,
/// or [`NumberTooLarge`](TagValueErrorKind::NumberTooLarge) above 65535.
pub fn parse_elo(value: &[u8]) -> Result<Option<u16>> {
    if is_unknown_number(value) {
        return Ok(None);
    }
    let (number, used) = number(value, 0)?;
    end(value, used)?;
    u16::try_from(number)
        .map(Some)
        .map_err(|_| err(TagValueErrorKind::NumberTooLarge, 0))
}

/// Reads a rating change (`WhiteRatingDiff`, `BlackRatingDiff`, as Lichess
/// writes them: `+5`, `-12`, `0`) as a number; an optional sign, then
/// digits. `?`, `-` and the empty value are `None`.
///
/// ```
/// use chessnote::pgn::tags::parse_rating_diff;
/// assert_eq!(parse_rating_diff(b"+5")?, Some(5));
/// assert_eq!(parse_rating_diff(b"-12")?, Some(-12));
/// assert_eq!(parse_rating_diff(b"0")?, Some(0));
/// assert_eq!(parse_rating_diff(b"?")?, None);
/// assert!(parse_rating_diff(b"+").is_err());
/// # Ok::<(), chessnote::pgn::tags::TagValueError>(())
/// ```
///
/// # Errors
///
/// A [`TagValueError`]: [`ExpectedDigit`](TagValueErrorKind::ExpectedDigit)
/// where the digits should start,
/// [`UnexpectedByte`](TagValueErrorKind::UnexpectedByte) after them, or
/// [`NumberTooLarge`](TagValueErrorKind::NumberTooLarge) outside `i16`.
pub fn parse_rating_diff(value: &[u8]) -> Result<Option<i16>> {
    if is_unknown_number(value) {
        return Ok(None);
    }
    let (negative, start) = match value.first() {
        Some(b'+') => (false, 1),
        Some(b'-') => (true, 1),
        _ => (false, 0),
    };
    let (magnitude, used) = number(value, start)?;
    end(value, used)?;
    let signed = i64::try_from(magnitude).map(|m| if negative { -m } else { m });
    signed
        .ok()
        .and_then(|s| i16::try_from(s).ok())
        .map(Some)
        .ok_or(err(TagValueErrorKind::NumberTooLarge, start))
}

/// Reads the `SetUp` tag: `0` (the game starts from the standard position)
/// or `1` (from the position of the `FEN` tag).
///
/// ```
/// use chessnote::pgn::tags::parse_setup;
/// assert_eq!(parse_setup(b"1")?, true);
/// assert_eq!(parse_setup(b"0")?, false);
/// assert!(parse_setup(b"yes").is_err());
/// # Ok::<(), chessnote::pgn::tags::TagValueError>(())
/// ```
///
/// # Errors
///
/// A [`TagValueError`] of kind [`ExpectedSetUp`](TagValueErrorKind::ExpectedSetUp)
/// at byte 0 for anything but `0` or `1`.
pub fn parse_setup(value: &[u8]) -> Result<bool> {
    match value {
        b"0" => Ok(false),
        b"1" => Ok(true),
        _ => Err(err(TagValueErrorKind::ExpectedSetUp, 0)),
    }
}

/// The rules a game is played by, from the `Variant` tag.
///
/// [`Variant::from_ascii`] accepts, in any case, the names python-chess and
/// chessops accept (see [`Variant::aliases`]); [`Display`](fmt::Display)
/// writes the name Lichess writes ([`Variant::pgn_name`]).
///
/// ```
/// use chessnote::pgn::tags::Variant;
///
/// let v: Variant = "Three check".parse()?;
/// assert_eq!(v, Variant::ThreeCheck);
/// assert_eq!(v.to_string(), "Three-check");
/// assert!(!v.is_standard_rules());
/// assert!("From Position".parse::<Variant>()?.is_standard_rules());
/// # Ok::<(), chessnote::pgn::tags::TagValueError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Variant {
    /// Standard chess (also what a game without a `Variant` tag plays).
    Standard,
    /// Chess960 (Fischer random): standard rules, castling as in Chess960.
    Chess960,
    /// Standard chess from the position of the `FEN` tag.
    FromPosition,
    /// Crazyhouse: captured pieces come back as drops.
    Crazyhouse,
    /// Atomic: captures explode.
    Atomic,
    /// Antichess (Lichess's rules): whoever loses every piece wins; no
    /// castling.
    Antichess,
    /// Giveaway (python-chess's rules): antichess with castling.
    Giveaway,
    /// Suicide (python-chess's rules): antichess where a stalemate is won by
    /// the side with fewer pieces.
    Suicide,
    /// King of the Hill: a king on the centre wins.
    KingOfTheHill,
    /// Three-check: the third check wins.
    ThreeCheck,
    /// Horde: White's horde of pawns against Black's army.
    Horde,
    /// Racing Kings: the first king to the eighth rank wins.
    RacingKings,
}

impl Variant {
    /// Every variant, in declaration order.
    pub const ALL: [Variant; 12] = [
        Variant::Standard,
        Variant::Chess960,
        Variant::FromPosition,
        Variant::Crazyhouse,
        Variant::Atomic,
        Variant::Antichess,
        Variant::Giveaway,
        Variant::Suicide,
        Variant::KingOfTheHill,
        Variant::ThreeCheck,
        Variant::Horde,
        Variant::RacingKings,
    ];

    /// The name Lichess writes in the `Variant` tag (python-chess's for the
    /// two variants Lichess has not).
    ///
    /// ```
    /// use chessnote::pgn::tags::Variant;
    /// assert_eq!(Variant::KingOfTheHill.pgn_name(), "King of the Hill");
    /// assert_eq!(Variant::FromPosition.pgn_name(), "From Position");
    /// ```
    pub const fn pgn_name(self) -> &'static str {
        match self {
            Variant::Chess960 => "Chess960",
            Variant::FromPosition => "From Position",
            Variant::Giveaway => "Giveaway",
            Variant::Suicide => "Suicide",
            _ => match self.rules() {
                Some(rules) => rules.name(),
                None => "Standard",
            },
        }
    }

    /// The rules its games are played by, when chessnote has them:
    /// standard chess for [`Standard`](Variant::Standard),
    /// [`Chess960`](Variant::Chess960) and [`FromPosition`](Variant::FromPosition),
    /// Lichess's seven variants as themselves; `None` for python-chess's
    /// giveaway and suicide.
    ///
    /// ```
    /// use chessnote::pgn::tags::Variant;
    /// assert_eq!(Variant::Chess960.rules(), Some(chessnote::Variant::Standard));
    /// assert_eq!(Variant::Atomic.rules(), Some(chessnote::Variant::Atomic));
    /// assert_eq!(Variant::Suicide.rules(), None);
    /// ```
    pub const fn rules(self) -> Option<crate::Variant> {
        use crate::Variant as Rules;
        Some(match self {
            Variant::Standard | Variant::Chess960 | Variant::FromPosition => Rules::Standard,
            Variant::Crazyhouse => Rules::Crazyhouse,
            Variant::Atomic => Rules::Atomic,
            Variant::Antichess => Rules::Antichess,
            Variant::KingOfTheHill => Rules::KingOfTheHill,
            Variant::ThreeCheck => Rules::ThreeCheck,
            Variant::Horde => Rules::Horde,
            Variant::RacingKings => Rules::RacingKings,
            Variant::Giveaway | Variant::Suicide => return None,
        })
    }

    /// Every name [`Variant::from_ascii`] reads as this variant (compared
    /// without regard to ASCII case): those of python-chess (its variant
    /// aliases, and its Chess960 names) and of chessops (`parseVariant`,
    /// whose FICS `wild/0`…`wild/8a` are standard rules from a `FEN`).
    ///
    /// ```
    /// use chessnote::pgn::tags::Variant;
    /// assert!(Variant::Chess960.aliases().contains(&"fischerandom"));
    /// ```
    pub const fn aliases(self) -> &'static [&'static str] {
        match self {
            Variant::Standard => &["standard", "chess", "classical", "normal"],
            Variant::Chess960 => &[
                "chess960",
                "chess 960",
                "fischerandom",
                "fischerrandom",
                "fischer random",
            ],
            Variant::FromPosition => &[
                "from position",
                "fromposition",
                "wild/0",
                "wild/1",
                "wild/2",
                "wild/3",
                "wild/4",
                "wild/5",
                "wild/6",
                "wild/7",
                "wild/8",
                "wild/8a",
            ],
            Variant::Crazyhouse => &["crazyhouse", "crazy house", "house", "zh"],
            Variant::Atomic => &["atomic", "atom", "atomic chess"],
            Variant::Antichess => &["antichess", "anti chess", "anti"],
            Variant::Giveaway => &["giveaway", "giveaway chess", "give away", "give away chess"],
            Variant::Suicide => &["suicide", "suicide chess"],
            Variant::KingOfTheHill => &["king of the hill", "koth", "kingofthehill"],
            Variant::ThreeCheck => &[
                "three-check",
                "three check",
                "threecheck",
                "three check chess",
                "3-check",
                "3 check",
                "3check",
            ],
            Variant::Horde => &["horde", "horde chess"],
            Variant::RacingKings => &["racing kings", "racingkings", "racing", "race"],
        }
    }

    /// Parses a `Variant` value: one of the [`aliases`](Variant::aliases),
    /// in any ASCII case, exactly (no spaces around it).
    ///
    /// ```
    /// use chessnote::pgn::tags::{Variant, TagValueErrorKind};
    /// assert_eq!(Variant::from_ascii(b"Chess 960")?, Variant::Chess960);
    /// assert_eq!(Variant::from_ascii(b"KOTH")?, Variant::KingOfTheHill);
    /// assert_eq!(Variant::from_ascii(b"starwars").unwrap_err().kind(), TagValueErrorKind::UnknownVariant);
    /// # Ok::<(), chessnote::pgn::tags::TagValueError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// A [`TagValueError`] of kind [`UnknownVariant`](TagValueErrorKind::UnknownVariant)
    /// at byte 0 when the value is none of the names ([`Empty`](TagValueErrorKind::Empty)
    /// when it is empty).
    pub fn from_ascii(value: &[u8]) -> Result<Variant> {
        if value.is_empty() {
            return Err(err(TagValueErrorKind::Empty, 0));
        }
        Variant::ALL
            .into_iter()
            .find(|v| {
                v.aliases()
                    .iter()
                    .any(|a| a.as_bytes().eq_ignore_ascii_case(value))
            })
            .ok_or(err(TagValueErrorKind::UnknownVariant, 0))
    }

    /// Whether the variant is Chess960.
    ///
    /// ```
    /// use chessnote::pgn::tags::Variant;
    /// assert!(Variant::Chess960.is_chess960());
    /// assert!(!Variant::Standard.is_chess960());
    /// ```
    #[inline]
    pub const fn is_chess960(self) -> bool {
        matches!(self, Variant::Chess960)
    }

    /// Whether games of this variant follow the rules of chess, so that
    /// chessnote can replay them: [`Standard`](Variant::Standard),
    /// [`Chess960`](Variant::Chess960) and [`FromPosition`](Variant::FromPosition).
    ///
    /// ```
    /// use chessnote::pgn::tags::Variant;
    /// assert!(Variant::FromPosition.is_standard_rules());
    /// assert!(!Variant::Crazyhouse.is_standard_rules());
    /// ```
    #[inline]
    pub const fn is_standard_rules(self) -> bool {
        matches!(
            self,
            Variant::Standard | Variant::Chess960 | Variant::FromPosition
        )
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.pgn_name())
    }
}

impl FromStr for Variant {
    type Err = TagValueError;

    fn from_str(s: &str) -> Result<Variant> {
        Variant::from_ascii(s.as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use TagValueErrorKind as K;
    use alloc::string::ToString;

    fn date_err(s: &str) -> (TagValueErrorKind, usize) {
        let e = Date::from_ascii(s.as_bytes()).unwrap_err();
        (e.kind(), e.offset())
    }

    fn tc_err(s: &str) -> (TagValueErrorKind, usize) {
        let e = TimeControl::from_ascii(s.as_bytes()).unwrap_err();
        (e.kind(), e.offset())
    }

    fn normal(moves: Option<u32>, time_ms: u64, increment_ms: Option<u64>) -> TimePeriod {
        TimePeriod::Normal {
            moves,
            time_ms,
            increment_ms,
        }
    }

    #[test]
    fn roster() {
        for (i, name) in SEVEN_TAG_ROSTER.iter().enumerate() {
            assert_eq!(roster_index(name.as_bytes()), Some(i));
        }
        assert_eq!(roster_index(b""), None);
        assert_eq!(roster_index(b"Event "), None);
    }

    #[test]
    fn dates_with_unknown_parts() {
        let d = Date::from_ascii(b"1992.??.??").unwrap();
        assert_eq!((d.year(), d.month(), d.day()), (Some(1992), None, None));
        let d = Date::from_ascii(b"????.07.??").unwrap();
        assert_eq!((d.year(), d.month(), d.day()), (None, Some(7), None));
        let d = Date::from_ascii(b"????.??.31").unwrap();
        assert_eq!((d.year(), d.month(), d.day()), (None, None, Some(31)));
        for s in [
            "1992.??.??",
            "????.??.??",
            "2024.02.29",
            "????.02.29",
            "0000.01.01",
            "9999.12.31",
        ] {
            assert_eq!(Date::from_ascii(s.as_bytes()).unwrap().to_string(), s);
        }
        assert_eq!(Date::default(), Date::UNKNOWN);
    }

    #[test]
    fn bad_dates_say_where() {
        assert_eq!(date_err(""), (K::ExpectedDigit, 0));
        assert_eq!(date_err("1992"), (K::ExpectedDot, 4));
        assert_eq!(date_err("1992-01-01"), (K::ExpectedDot, 4));
        assert_eq!(date_err("1992.1.01"), (K::ExpectedDigit, 6));
        assert_eq!(date_err("19?2.01.01"), (K::PartlyUnknown, 2));
        assert_eq!(date_err("?992.01.01"), (K::PartlyUnknown, 1));
        assert_eq!(date_err("1992.00.01"), (K::MonthOutOfRange, 5));
        assert_eq!(date_err("1992.13.01"), (K::MonthOutOfRange, 5));
        assert_eq!(date_err("1992.01.00"), (K::DayOutOfRange, 8));
        assert_eq!(date_err("1992.04.31"), (K::DayOutOfRange, 8));
        assert_eq!(date_err("1900.02.29"), (K::DayOutOfRange, 8));
        assert_eq!(date_err("2023.02.29"), (K::DayOutOfRange, 8));
        assert_eq!(date_err("????.??.32"), (K::DayOutOfRange, 8));
        assert_eq!(date_err("1992.01.01 "), (K::UnexpectedByte, 10));
        assert_eq!(date_err("1992.01.0"), (K::ExpectedDigit, 9));
        assert!(Date::from_ascii(b"2000.02.29").is_ok());
    }

    #[test]
    fn times() {
        let t = Time::from_ascii(b"23:59:59").unwrap();
        assert_eq!(
            (t.hour(), t.minute(), t.second()),
            (Some(23), Some(59), Some(59))
        );
        assert_eq!(Time::from_ascii(b"??:??:??").unwrap(), Time::default());
        assert_eq!(
            Time::from_ascii(b"20:02:??").unwrap().to_string(),
            "20:02:??"
        );
        let e = Time::from_ascii(b"24:00:00").unwrap_err();
        assert_eq!((e.kind(), e.offset()), (K::TimeOutOfRange, 0));
        let e = Time::from_ascii(b"23:00:60").unwrap_err();
        assert_eq!((e.kind(), e.offset()), (K::TimeOutOfRange, 6));
        let e = Time::from_ascii(b"23.00.00").unwrap_err();
        assert_eq!((e.kind(), e.offset()), (K::ExpectedColon, 2));
        let e = Time::from_ascii(b"23:00:00Z").unwrap_err();
        assert_eq!((e.kind(), e.offset()), (K::UnexpectedByte, 8));
    }

    #[test]
    fn every_time_control_form() {
        let tc = |s: &str| TimeControl::from_ascii(s.as_bytes()).unwrap();
        assert_eq!(tc("?"), TimeControl::Unknown);
        assert_eq!(tc("-"), TimeControl::Unlimited);
        assert_eq!(tc("300").periods(), &[normal(None, 300_000, None)]);
        assert_eq!(tc("300+0").periods(), &[normal(None, 300_000, Some(0))]);
        assert_eq!(tc("300+3").periods(), &[normal(None, 300_000, Some(3_000))]);
        assert_eq!(
            tc("40/9000").periods(),
            &[normal(Some(40), 9_000_000, None)]
        );
        assert_eq!(
            tc("*180").periods(),
            &[TimePeriod::Sandclock { time_ms: 180_000 }]
        );
        assert_eq!(
            tc("40/9000:300").periods(),
            &[
                normal(Some(40), 9_000_000, None),
                normal(None, 300_000, None)
            ]
        );
        assert_eq!(
            tc("40/60+0.6").periods(),
            &[normal(Some(40), 60_000, Some(600))]
        );
        assert_eq!(tc("10+0.05").periods(), &[normal(None, 10_000, Some(50))]);
        assert_eq!(tc("0.125").periods(), &[normal(None, 125, None)]);
        for s in [
            "?",
            "-",
            "0",
            "300",
            "300+0",
            "300+3",
            "40/9000",
            "*180",
            "40/9000:300",
            "40/7200:20/3600:900+30",
            "10+0.05",
            "40/60+0.6",
            "1.5:*30",
            "0.125",
        ] {
            assert_eq!(tc(s).to_string(), s);
        }
        // Non-canonical forms print canonically.
        assert_eq!(tc("0300+03").to_string(), "300+3");
        assert_eq!(tc("10.500+0.0").to_string(), "10.5+0");
        let mut out = String::from("tc=");
        tc("60+1").append_to(&mut out);
        assert_eq!(out, "tc=60+1");
    }

    /// The first period that `from_ascii` reads, or its error.
    fn first_of_all(s: &str) -> Result<Option<TimePeriod>> {
        TimeControl::from_ascii(s.as_bytes()).map(|tc| tc.periods().first().copied())
    }

    #[test]
    fn first_period_is_that_of_the_whole_value() {
        for s in [
            "300+3",
            "-",
            "?",
            "",
            "*180",
            "40/9000:300",
            "40/60+0.6",
            "10+0.05",
            "1.2345",
            "40.5/300",
            "4294967296/60",
            "60+18446744073709552",
            "300:",
            ":300",
            "1.5:*30",
            "40/9000:3x0",
        ] {
            assert_eq!(
                TimeControl::first_period(s.as_bytes()),
                first_of_all(s),
                "{s}"
            );
        }
        assert_eq!(
            TimeControl::first_period(b"40/7200+30:900"),
            Ok(Some(normal(Some(40), 7_200_000, Some(30_000))))
        );
        assert_eq!(TimeControl::first_period(b"-"), Ok(None));
    }

    proptest::proptest! {
        #[test]
        fn first_period_agrees_with_from_ascii(s in "[0-9*/+.:?-]{0,14}") {
            proptest::prop_assert_eq!(TimeControl::first_period(s.as_bytes()), first_of_all(&s));
        }
    }

    #[test]
    fn bad_time_controls_say_where() {
        assert_eq!(tc_err(""), (K::Empty, 0));
        assert_eq!(tc_err("??"), (K::ExpectedDigit, 0));
        assert_eq!(tc_err("--"), (K::ExpectedDigit, 0));
        assert_eq!(tc_err("300+"), (K::ExpectedDigit, 4));
        assert_eq!(tc_err("300:"), (K::ExpectedDigit, 4));
        assert_eq!(tc_err(":300"), (K::ExpectedDigit, 0));
        assert_eq!(tc_err("40/"), (K::ExpectedDigit, 3));
        assert_eq!(tc_err("40.5/300"), (K::UnexpectedByte, 2));
        assert_eq!(tc_err("*"), (K::ExpectedDigit, 1));
        assert_eq!(tc_err("*40/300"), (K::UnexpectedByte, 3));
        assert_eq!(tc_err("*180+2"), (K::UnexpectedByte, 4));
        assert_eq!(tc_err("300+3+3"), (K::UnexpectedByte, 5));
        assert_eq!(tc_err("1."), (K::ExpectedDigit, 2));
        assert_eq!(tc_err("1.2345"), (K::TooManyDecimals, 5));
        assert_eq!(tc_err("300 + 3"), (K::UnexpectedByte, 3));
        assert_eq!(tc_err("40/9000:3x0"), (K::UnexpectedByte, 9));
        assert_eq!(tc_err("99999999999999999999"), (K::NumberTooLarge, 0));
        assert_eq!(tc_err("18446744073709552"), (K::NumberTooLarge, 0));
        assert_eq!(tc_err("4294967296/60"), (K::NumberTooLarge, 0));
        assert_eq!(tc_err("60+18446744073709552"), (K::NumberTooLarge, 3));
    }

    #[test]
    fn ratings() {
        assert_eq!(parse_elo(b"0"), Ok(Some(0)));
        assert_eq!(parse_elo(b"65535"), Ok(Some(65535)));
        assert_eq!(parse_elo(b"?"), Ok(None));
        let e = parse_elo(b"65536").unwrap_err();
        assert_eq!((e.kind(), e.offset()), (K::NumberTooLarge, 0));
        let e = parse_elo(b"unknown").unwrap_err();
        assert_eq!((e.kind(), e.offset()), (K::ExpectedDigit, 0));
        let e = parse_elo(b"+5").unwrap_err();
        assert_eq!((e.kind(), e.offset()), (K::ExpectedDigit, 0));
        let e = parse_elo(b"2500 ").unwrap_err();
        assert_eq!((e.kind(), e.offset()), (K::UnexpectedByte, 4));
        assert_eq!(parse_rating_diff(b"-32768"), Ok(Some(-32768)));
        assert_eq!(parse_rating_diff(b"32767"), Ok(Some(32767)));
        assert_eq!(parse_rating_diff(b"-0"), Ok(Some(0)));
        let e = parse_rating_diff(b"+32768").unwrap_err();
        assert_eq!((e.kind(), e.offset()), (K::NumberTooLarge, 1));
        let e = parse_rating_diff(b"--5").unwrap_err();
        assert_eq!((e.kind(), e.offset()), (K::ExpectedDigit, 1));
    }

    #[test]
    fn variants() {
        for v in Variant::ALL {
            assert_eq!(Variant::from_ascii(v.pgn_name().as_bytes()), Ok(v), "{v}");
            for alias in v.aliases() {
                assert_eq!(Variant::from_ascii(alias.as_bytes()), Ok(v));
                assert_eq!(
                    Variant::from_ascii(alias.to_ascii_uppercase().as_bytes()),
                    Ok(v)
                );
            }
        }
        // No alias names two variants.
        let mut all: Vec<&str> = Variant::ALL
            .iter()
            .flat_map(|v| v.aliases().iter().copied())
            .collect();
        let n = all.len();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), n);
        assert_eq!("fischer random".parse(), Ok(Variant::Chess960));
        assert_eq!("3check".parse(), Ok(Variant::ThreeCheck));
        let e = Variant::from_ascii(b" Standard").unwrap_err();
        assert_eq!((e.kind(), e.offset()), (K::UnknownVariant, 0));
        assert_eq!(Variant::from_ascii(b"").unwrap_err().kind(), K::Empty);
        let replayable: Vec<Variant> = Variant::ALL
            .into_iter()
            .filter(|v| v.is_standard_rules())
            .collect();
        assert_eq!(
            replayable,
            [Variant::Standard, Variant::Chess960, Variant::FromPosition]
        );
    }

    #[test]
    fn setup() {
        assert_eq!(parse_setup(b"1"), Ok(true));
        assert_eq!(parse_setup(b"0"), Ok(false));
        for bad in [&b""[..], b"2", b"01", b"true"] {
            assert_eq!(parse_setup(bad).unwrap_err().kind(), K::ExpectedSetUp);
        }
    }
}
