//! Comment commands: `[%clk]`, `[%emt]`, `[%eval]`, `[%csl]`, `[%cal]` and
//! the others that tools write inside PGN comments.
//!
//! A command is `[%name args]` anywhere in a comment's text: `name` is ASCII
//! letters, digits and `_`, followed by `]` or whitespace; `args` run to the
//! first `]` and may span lines; a `[` before that `]` means the first `[%`
//! was text. Several commands may share a comment, and text may surround
//! them. [`commands`] finds them in one pass over the comment, in linear
//! time; the typed readers ([`Centis`], [`Eval`], [`parse_squares`],
//! [`parse_arrows`]) read their arguments; [`Annotations`] does all of it
//! for one comment.
//!
//! ```
//! use chessnote::pgn::commands::{Annotations, Centis, Score};
//!
//! let notes = Annotations::parse(" [%eval -0.05] [%clk 0:05:00] A quiet move. ");
//! assert_eq!(notes.eval.unwrap().score, Score::Centipawns(-5));
//! assert_eq!(notes.clock, Some(Centis(30_000)));
//! assert_eq!(notes.text, "A quiet move.");
//! assert_eq!(notes.to_string(), "[%eval -0.05] [%clk 0:05:00] A quiet move.");
//! ```

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use core::iter::FusedIterator;
use core::ops::Range;
use core::str::FromStr;

use crate::text::{AsciiSink, ascii_text, error_kind, messages, notation_error};
use crate::{File, Rank, Square};

/// The shapes of `%csl` and `%cal`, defined with the diagrams that draw
/// them; this module reads and writes them.
pub use crate::diagram::{Arrow, MarkedSquare, ShapeColor};

/// One `[%name args]` command in a comment, borrowed from it.
///
/// ```
/// use chessnote::pgn::commands::commands;
///
/// let comment = "Good. [%clk 0:01:02] [%cal Ge2e4]";
/// let found: Vec<_> = commands(comment).collect();
/// assert_eq!(found.len(), 2);
/// assert_eq!((found[0].name, found[0].args), ("clk", "0:01:02"));
/// assert_eq!(&comment[found[0].span.clone()], "[%clk 0:01:02]");
/// assert_eq!(found[1].args_at, 27);
/// assert_eq!(found[1].to_string(), "[%cal Ge2e4]");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Command<'a> {
    /// The name, without the `%` (`clk`).
    pub name: &'a str,
    /// The arguments, without the whitespace around them (`0:05:00`); empty
    /// for `[%name]`.
    pub args: &'a str,
    /// Where the whole command, `[%` to `]`, lies in the comment.
    pub span: Range<usize>,
    /// Where [`args`](Command::args) starts in the comment, to turn an
    /// error's offset in the arguments into one in the comment.
    pub args_at: usize,
}

impl fmt::Display for Command<'_> {
    /// Writes `[%name args]` (`[%name]` without arguments).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.args.is_empty() {
            write!(f, "[%{}]", self.name)
        } else {
            write!(f, "[%{} {}]", self.name, self.args)
        }
    }
}

/// The commands of a comment, in order (see [`Command`] and the
/// [module](self) for what counts as one).
///
/// ```
/// use chessnote::pgn::commands::commands;
///
/// let names: Vec<&str> = commands("[%eval 0.17] [%clk 0:05:00]").map(|c| c.name).collect();
/// assert_eq!(names, ["eval", "clk"]);
/// // A `[%` with no `]` after it, or a `[` before its `]`, is text.
/// assert_eq!(commands("[%clk 0:05:00").count(), 0);
/// assert_eq!(commands("[% clk] [%x [%y 1]").map(|c| c.name).collect::<Vec<_>>(), ["y"]);
/// ```
pub fn commands(comment: &str) -> Commands<'_> {
    Commands { comment, pos: 0 }
}

/// The iterator [`commands`] returns.
#[derive(Clone, Debug)]
pub struct Commands<'a> {
    comment: &'a str,
    pos: usize,
}

/// Whether `byte` may be part of a command name.
fn is_name_byte(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || byte == b'_'
}

/// Where the next command of `bytes` at or after `*pos` is: the `[%`, the
/// name's end and the `]` (the scan of [`commands`], over bytes); `*pos`
/// moves past it, or to the end when there is none.
fn next_command(bytes: &[u8], pos: &mut usize) -> Option<(usize, usize, usize)> {
    // Every byte is looked at a bounded number of times: the search for
    // `[%` and the scan of the arguments never go over the same bytes, a
    // failed name is looked at twice at most, and a missing `]` ends the
    // search, as no later command could close.
    'search: while *pos < bytes.len() {
        let Some(found) = memchr::memchr(b'[', &bytes[*pos..]) else {
            break;
        };
        let open = *pos + found;
        if bytes.get(open + 1) != Some(&b'%') {
            *pos = open + 1;
            continue;
        }
        let name_start = open + 2;
        let name_end = name_start
            + bytes[name_start..]
                .iter()
                .take_while(|&&b| is_name_byte(b))
                .count();
        let follows = bytes.get(name_end).copied();
        if name_end == name_start || !follows.is_some_and(|b| b == b']' || b.is_ascii_whitespace())
        {
            *pos = name_start;
            continue;
        }
        let mut close = name_end;
        loop {
            match bytes.get(close) {
                None => break 'search,
                Some(b']') => break,
                Some(b'[') => {
                    *pos = close;
                    continue 'search;
                }
                Some(_) => close += 1,
            }
        }
        *pos = close + 1;
        return Some((open, name_end, close));
    }
    *pos = bytes.len();
    None
}

impl<'a> Iterator for Commands<'a> {
    type Item = Command<'a>;

    fn next(&mut self) -> Option<Command<'a>> {
        let (open, name_end, close) = next_command(self.comment.as_bytes(), &mut self.pos)?;
        // Every boundary is next to an ASCII byte, so on a char boundary.
        let raw = &self.comment[name_end..close];
        let args = raw.trim_ascii_start();
        let args_at = close - args.len();
        Some(Command {
            name: &self.comment[open + 2..name_end],
            args: args.trim_ascii_end(),
            span: open..close + 1,
            args_at,
        })
    }
}

impl FusedIterator for Commands<'_> {}

/// The text of a comment with its commands taken out.
///
/// The rule: each command, with the whitespace on either side of it,
/// becomes one space when there was whitespace on at least one side and
/// text on both; nothing when the command touched text on both sides
/// (`a[%x]b` is `ab`); then whitespace at both ends of the result goes.
/// Whitespace that touches no command is kept as it is. (python-chess keeps
/// a space only where there was whitespace on both sides.) A comment
/// without commands is only trimmed, and borrowed.
///
/// Commands are taken out in one pass: text that reads as a command only
/// once another is taken out (`[%[%x]a ]`) stays.
///
/// ```
/// use chessnote::pgn::commands::text_without_commands;
///
/// assert_eq!(text_without_commands(" [%eval 0.17] [%clk 0:05:00] "), "");
/// assert_eq!(text_without_commands("[%csl Gb4,Yd5,Rf6] blabla"), "blabla");
/// assert_eq!(text_without_commands("Good move [%clk 0:01:00]\nhere"), "Good move here");
/// assert_eq!(text_without_commands("a[%x]b"), "ab");
/// assert_eq!(text_without_commands("  two  spaces  "), "two  spaces");
/// ```
pub fn text_without_commands(comment: &str) -> Cow<'_, str> {
    let mut found = commands(comment).peekable();
    if found.peek().is_none() {
        return Cow::Borrowed(comment.trim_ascii());
    }
    let mut out = String::with_capacity(comment.len());
    let mut pending_space = false;
    let mut start = 0;
    let mut first = true;
    loop {
        let next = found.next();
        let stop = next.as_ref().map_or(comment.len(), |c| c.span.start);
        let mut segment = &comment[start..stop];
        if !first {
            let trimmed = segment.trim_ascii_start();
            pending_space |= trimmed.len() < segment.len();
            segment = trimmed;
        }
        let mut space_after = false;
        if next.is_some() {
            let trimmed = segment.trim_ascii_end();
            space_after = trimmed.len() < segment.len();
            segment = trimmed;
        }
        if !segment.is_empty() {
            if pending_space && !out.is_empty() {
                out.push(' ');
            }
            out.push_str(segment);
            pending_space = false;
        }
        pending_space |= space_after;
        first = false;
        match next {
            Some(command) => start = command.span.end,
            None => break,
        }
    }
    let trimmed = out.trim_ascii();
    if trimmed.len() < out.len() {
        out = String::from(trimmed);
    }
    Cow::Owned(out)
}

error_kind! {
    /// What was wrong with a command's arguments (see [`CommandError`] for
    /// where).
    ///
    /// ```
    /// use chessnote::pgn::commands::{Centis, CommandErrorKind};
    /// let err = Centis::from_ascii(b"0:61:00").unwrap_err();
    /// assert_eq!(err.kind(), CommandErrorKind::OutOfRange);
    /// assert_eq!(err.kind().name(), "out-of-range");
    /// ```
    pub enum CommandErrorKind {
        /// No arguments where some were needed.
        Empty = ("empty", "no arguments"),
        /// A digit was expected.
        ExpectedDigit = ("expected-digit", "expected a digit `0`-`9`"),
        /// The `:` between hours, minutes and seconds is missing.
        ExpectedColon = ("expected-colon", "expected `:` between hours, minutes and seconds"),
        /// Minutes or seconds that are not `00`-`59`.
        OutOfRange = ("out-of-range", "minutes and seconds are `00`-`59`"),
        /// A number too large for its type.
        NumberTooLarge = ("number-too-large", "number too large"),
        /// An evaluation with more than two decimals of a pawn.
        TooManyDecimals = ("too-many-decimals", "at most two decimals of a pawn"),
        /// A shape's colour letter was expected.
        ExpectedColor = ("expected-color", "expected a colour `R`, `G`, `Y` or `B`"),
        /// A file letter was expected.
        ExpectedFile = ("expected-file", messages::EXPECTED_FILE),
        /// A rank digit was expected.
        ExpectedRank = ("expected-rank", messages::EXPECTED_RANK),
        /// Something follows complete arguments, or a byte that has no place.
        UnexpectedByte = ("unexpected-byte", messages::UNEXPECTED_BYTE),
    }
}

notation_error! {
    /// What was wrong with a command's arguments, and at which byte of them
    /// (of the comment, from [`Annotations::parse_strict`]).
    ///
    /// ```
    /// use chessnote::pgn::commands::{Eval, CommandErrorKind};
    /// let err = Eval::from_ascii(b"0.175").unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (CommandErrorKind::TooManyDecimals, 4));
    /// assert_eq!(err.to_string(), "at most two decimals of a pawn at byte 4");
    /// ```
    pub struct CommandError { kind: CommandErrorKind, offset: usize }
}

type Result<T> = core::result::Result<T, CommandError>;

fn err(kind: CommandErrorKind, offset: usize) -> CommandError {
    CommandError::new(kind, offset)
}

/// Reads the digits at `start` (at least one) as a number no larger than
/// `max`, with the offset after them.
fn number(bytes: &[u8], start: usize, max: u64) -> Result<(u64, usize)> {
    let mut value: u64 = 0;
    let mut i = start;
    while let Some(&d) = bytes.get(i).filter(|d| d.is_ascii_digit()) {
        value = value * 10 + u64::from(d - b'0');
        if value > max {
            return Err(err(CommandErrorKind::NumberTooLarge, start));
        }
        i += 1;
    }
    if i == start {
        return Err(err(CommandErrorKind::ExpectedDigit, start));
    }
    Ok((value, i))
}

/// Checks that nothing follows complete arguments of `len` bytes.
fn end(bytes: &[u8], len: usize) -> Result<()> {
    if bytes.len() > len {
        Err(err(CommandErrorKind::UnexpectedByte, len))
    } else {
        Ok(())
    }
}

/// A duration or a clock reading in centiseconds, as `%clk` (time left),
/// `%emt` (time spent on the move), `%egt` (game time so far) and `%mct`
/// write it: `H:MM:SS`, with decimals of a second if any (`0:00:09.5`).
///
/// ```
/// use chessnote::pgn::commands::Centis;
///
/// let left: Centis = "1:14:46".parse()?;
/// assert_eq!(left, Centis((74 * 60 + 46) * 100));
/// assert_eq!(left.to_string(), "1:14:46");
/// assert_eq!(Centis(905).to_string(), "0:00:09.05");
/// # Ok::<(), chessnote::pgn::commands::CommandError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Centis(pub u32);

/// The longest text of a [`Centis`]: `11930:27:52.95`.
pub const CENTIS_MAX_LEN: usize = 14;

impl Centis {
    /// Parses `H:MM:SS` or `H:MM:SS.f…`: one or more digits of hours, two
    /// of minutes and of seconds (`00`-`59`), and optionally a `.` and
    /// decimals, of which those past the hundredths are read and dropped
    /// (the unit is the centisecond). Both `0:05:00` (Lichess) and
    /// `00:05:00` (ChessBase, DGT boards) are read.
    ///
    /// ```
    /// use chessnote::pgn::commands::{Centis, CommandErrorKind};
    /// assert_eq!(Centis::from_ascii(b"0:00:02.5")?, Centis(250));
    /// assert_eq!(Centis::from_ascii(b"00:01:00.123")?, Centis(6012));
    /// let err = Centis::from_ascii(b"0:5:00").unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (CommandErrorKind::ExpectedDigit, 3));
    /// # Ok::<(), chessnote::pgn::commands::CommandError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// A [`CommandError`]: [`ExpectedDigit`](CommandErrorKind::ExpectedDigit),
    /// [`ExpectedColon`](CommandErrorKind::ExpectedColon),
    /// [`OutOfRange`](CommandErrorKind::OutOfRange) (at the minutes or
    /// seconds), [`NumberTooLarge`](CommandErrorKind::NumberTooLarge) (more
    /// than `u32::MAX` centiseconds, at byte 0), or
    /// [`UnexpectedByte`](CommandErrorKind::UnexpectedByte) after the time.
    pub fn from_ascii(bytes: &[u8]) -> Result<Centis> {
        use CommandErrorKind::{ExpectedColon, ExpectedDigit, NumberTooLarge, OutOfRange};
        let too_large = err(NumberTooLarge, 0);
        let (hours, mut i) = number(bytes, 0, u64::from(u32::MAX))?;
        let mut total = hours;
        for _ in 0..2 {
            if bytes.get(i) != Some(&b':') {
                return Err(err(ExpectedColon, i));
            }
            let mut part = 0;
            for at in i + 1..i + 3 {
                match bytes.get(at) {
                    Some(&d) if d.is_ascii_digit() => part = part * 10 + u64::from(d - b'0'),
                    _ => return Err(err(ExpectedDigit, at.min(bytes.len()))),
                }
            }
            if part > 59 {
                return Err(err(OutOfRange, i + 1));
            }
            total = total * 60 + part;
            i += 3;
        }
        total *= 100;
        if bytes.get(i) == Some(&b'.') {
            i += 1;
            let frac_start = i;
            while let Some(&d) = bytes.get(i).filter(|d| d.is_ascii_digit()) {
                match i - frac_start {
                    0 => total += 10 * u64::from(d - b'0'),
                    1 => total += u64::from(d - b'0'),
                    _ => {}
                }
                i += 1;
            }
            if i == frac_start {
                return Err(err(ExpectedDigit, i));
            }
        }
        end(bytes, i)?;
        u32::try_from(total).map(Centis).map_err(|_| too_large)
    }

    fn emit<S: AsciiSink>(&self, out: &mut S) {
        let centis = self.0;
        let seconds = centis / 100;
        let mut digits = [0u8; 10];
        let hours = seconds / 3600;
        let mut n = hours;
        let mut len = 0;
        loop {
            digits[len] = b'0' + (n % 10) as u8;
            len += 1;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        for &d in digits[..len].iter().rev() {
            out.put(d);
        }
        for part in [seconds / 60 % 60, seconds % 60] {
            out.put(b':');
            out.put(b'0' + (part / 10) as u8);
            out.put(b'0' + (part % 10) as u8);
        }
        let frac = centis % 100;
        if frac != 0 {
            out.put(b'.');
            out.put(b'0' + (frac / 10) as u8);
            if !frac.is_multiple_of(10) {
                out.put(b'0' + (frac % 10) as u8);
            }
        }
    }
}

ascii_text!(Centis, CENTIS_MAX_LEN);

impl FromStr for Centis {
    type Err = CommandError;

    fn from_str(s: &str) -> Result<Centis> {
        Centis::from_ascii(s.as_bytes())
    }
}

/// Appends `[%clk H:MM:SS]` (the time left on the mover's clock) to `out`.
///
/// ```
/// use chessnote::pgn::commands::{Centis, write_clock};
/// let mut out = String::from("{ ");
/// write_clock(&mut out, Centis(30_000));
/// assert_eq!(out, "{ [%clk 0:05:00]");
/// ```
pub fn write_clock(out: &mut String, time: Centis) {
    out.push_str("[%clk ");
    time.append_to(out);
    out.push(']');
}

/// Appends `[%emt H:MM:SS]` (the time the move took) to `out`.
///
/// ```
/// use chessnote::pgn::commands::{Centis, write_emt};
/// let mut out = String::new();
/// write_emt(&mut out, Centis(4_250));
/// assert_eq!(out, "[%emt 0:00:42.5]");
/// ```
pub fn write_emt(out: &mut String, time: Centis) {
    out.push_str("[%emt ");
    time.append_to(out);
    out.push(']');
}

/// An engine's score, from White's point of view (as `%eval` writes it):
/// centipawns, or a mate in so many moves.
///
/// ```
/// use chessnote::pgn::commands::Score;
///
/// assert_eq!("-3.5".parse::<Score>()?, Score::Centipawns(-350));
/// assert_eq!("#-4".parse::<Score>()?, Score::Mate(-4));
/// assert_eq!(Score::Centipawns(17).to_string(), "0.17");
/// assert_eq!(Score::Mate(-4).to_string(), "#-4");
/// # Ok::<(), chessnote::pgn::commands::CommandError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Score {
    /// Hundredths of a pawn; positive is good for White.
    Centipawns(i32),
    /// Mate in so many moves: positive when White mates, negative when
    /// Black does; `0` (`#0`) when the side to move is mated already.
    Mate(i32),
}

/// The longest text of a [`Score`]: `-21474836.48`.
pub const SCORE_MAX_LEN: usize = 12;

impl Score {
    /// Parses a score: `#` and a signed move count (`#3`, `#-4`, `#+2`,
    /// `#0`), or signed pawns with at most two decimals (`0.17`, `-3.5`,
    /// `+1`, `.5`, `2.`).
    ///
    /// ```
    /// use chessnote::pgn::commands::{Score, CommandErrorKind};
    /// assert_eq!(Score::from_ascii(b"-0.05")?, Score::Centipawns(-5));
    /// assert_eq!(Score::from_ascii(b"#0")?, Score::Mate(0));
    /// assert_eq!(Score::from_ascii(b"-").unwrap_err().kind(), CommandErrorKind::ExpectedDigit);
    /// # Ok::<(), chessnote::pgn::commands::CommandError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// A [`CommandError`]: [`ExpectedDigit`](CommandErrorKind::ExpectedDigit),
    /// [`TooManyDecimals`](CommandErrorKind::TooManyDecimals),
    /// [`NumberTooLarge`](CommandErrorKind::NumberTooLarge) outside `i32`,
    /// or [`UnexpectedByte`](CommandErrorKind::UnexpectedByte) after it.
    pub fn from_ascii(bytes: &[u8]) -> Result<Score> {
        let (score, used) = Score::from_ascii_prefix(bytes)?;
        end(bytes, used)?;
        Ok(score)
    }

    /// Reads the score at the start of `bytes`, with the bytes it used.
    fn from_ascii_prefix(bytes: &[u8]) -> Result<(Score, usize)> {
        let mate = bytes.first() == Some(&b'#');
        let mut i = usize::from(mate);
        let negative = match bytes.get(i) {
            Some(b'-') => {
                i += 1;
                true
            }
            Some(b'+') => {
                i += 1;
                false
            }
            _ => false,
        };
        // Magnitudes up to 2^31, so that `i32::MIN` reads back; the signed
        // value must fit an `i32`.
        let signed = |magnitude: u64, at: usize| {
            let n = magnitude as i64;
            i32::try_from(if negative { -n } else { n })
                .map_err(|_| err(CommandErrorKind::NumberTooLarge, at))
        };
        if mate {
            let (moves, used) = number(bytes, i, 1 << 31)?;
            return Ok((Score::Mate(signed(moves, i)?), used));
        }
        let max = (1 << 31) / 100;
        let int_start = i;
        let whole = match bytes.get(i) {
            Some(d) if d.is_ascii_digit() => {
                let (whole, used) = number(bytes, i, max)?;
                i = used;
                whole
            }
            _ => 0,
        };
        let mut centis = whole * 100;
        let mut digits = i - int_start;
        if bytes.get(i) == Some(&b'.') {
            i += 1;
            let mut scale = 10;
            while let Some(&d) = bytes.get(i).filter(|d| d.is_ascii_digit()) {
                if scale == 0 {
                    return Err(err(CommandErrorKind::TooManyDecimals, i));
                }
                centis += scale * u64::from(d - b'0');
                scale /= 10;
                digits += 1;
                i += 1;
            }
        }
        if digits == 0 {
            return Err(err(CommandErrorKind::ExpectedDigit, i.min(int_start)));
        }
        Ok((Score::Centipawns(signed(centis, int_start)?), i))
    }

    /// Writes `0.17`, `-3.50` (always two decimals, as python-chess writes
    /// them) or `#-4`.
    fn emit<S: AsciiSink>(&self, out: &mut S) {
        let (mate, value) = match *self {
            Score::Mate(n) => (true, n),
            Score::Centipawns(n) => (false, n),
        };
        if mate {
            out.put(b'#');
        }
        if value < 0 {
            out.put(b'-');
        }
        let magnitude = value.unsigned_abs();
        let (whole, frac) = if mate {
            (magnitude, None)
        } else {
            (magnitude / 100, Some(magnitude % 100))
        };
        let mut digits = [0u8; 10];
        let mut n = whole;
        let mut len = 0;
        loop {
            digits[len] = b'0' + (n % 10) as u8;
            len += 1;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        for &d in digits[..len].iter().rev() {
            out.put(d);
        }
        if let Some(frac) = frac {
            out.put(b'.');
            out.put(b'0' + (frac / 10) as u8);
            out.put(b'0' + (frac % 10) as u8);
        }
    }
}

ascii_text!(Score, SCORE_MAX_LEN);

impl FromStr for Score {
    type Err = CommandError;

    fn from_str(s: &str) -> Result<Score> {
        Score::from_ascii(s.as_bytes())
    }
}

/// The arguments of `%eval`: a [`Score`] from White's point of view and
/// the engine's search depth, if given (`0.17,20`).
///
/// ```
/// use chessnote::pgn::commands::{Eval, Score};
///
/// let eval: Eval = "#-4,30".parse()?;
/// assert_eq!(eval, Eval { score: Score::Mate(-4), depth: Some(30) });
/// assert_eq!(eval.to_string(), "[%eval #-4,30]");
/// assert_eq!("0.17".parse::<Eval>()?.to_string(), "[%eval 0.17]");
/// # Ok::<(), chessnote::pgn::commands::CommandError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Eval {
    /// The score, from White's point of view.
    pub score: Score,
    /// The search depth, in plies, if given.
    pub depth: Option<u32>,
}

/// The longest text of an [`Eval`]: `[%eval -21474836.48,4294967295]`.
pub const EVAL_MAX_LEN: usize = 31;

impl Eval {
    /// Parses the arguments of `%eval`: a [`Score`] (see
    /// [`Score::from_ascii`]), then optionally `,` and a depth.
    ///
    /// ```
    /// use chessnote::pgn::commands::{Eval, Score, CommandErrorKind};
    /// assert_eq!(Eval::from_ascii(b"0.17,20")?.depth, Some(20));
    /// assert_eq!(Eval::from_ascii(b"-0.05")?.score, Score::Centipawns(-5));
    /// let err = Eval::from_ascii(b"0.17,").unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (CommandErrorKind::ExpectedDigit, 5));
    /// # Ok::<(), chessnote::pgn::commands::CommandError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// Those of [`Score::from_ascii`], and for the depth
    /// [`ExpectedDigit`](CommandErrorKind::ExpectedDigit) or
    /// [`NumberTooLarge`](CommandErrorKind::NumberTooLarge).
    pub fn from_ascii(bytes: &[u8]) -> Result<Eval> {
        let (score, mut i) = Score::from_ascii_prefix(bytes)?;
        let mut depth = None;
        if bytes.get(i) == Some(&b',') {
            let (d, used) = number(bytes, i + 1, u64::from(u32::MAX))?;
            // At most `u32::MAX`.
            depth = Some(d as u32);
            i = used;
        }
        end(bytes, i)?;
        Ok(Eval { score, depth })
    }

    /// Writes the whole command, `[%eval 0.17]` or `[%eval #-4,30]`.
    fn emit<S: AsciiSink>(&self, out: &mut S) {
        out.put_str("[%eval ");
        self.score.emit(out);
        if let Some(depth) = self.depth {
            out.put(b',');
            let mut digits = [0u8; 10];
            let mut n = depth;
            let mut len = 0;
            loop {
                digits[len] = b'0' + (n % 10) as u8;
                len += 1;
                n /= 10;
                if n == 0 {
                    break;
                }
            }
            for &d in digits[..len].iter().rev() {
                out.put(d);
            }
        }
        out.put(b']');
    }
}

ascii_text!(Eval, EVAL_MAX_LEN);

impl FromStr for Eval {
    type Err = CommandError;

    /// Parses the arguments (`0.17,20`), as [`Eval::from_ascii`].
    fn from_str(s: &str) -> Result<Eval> {
        Eval::from_ascii(s.as_bytes())
    }
}

/// Reads a colour letter at `at`.
fn color_at(bytes: &[u8], at: usize) -> Result<ShapeColor> {
    bytes
        .get(at)
        .copied()
        .and_then(ShapeColor::from_ascii)
        .ok_or(err(CommandErrorKind::ExpectedColor, at.min(bytes.len())))
}

/// Reads a square at `at`.
fn square_at(bytes: &[u8], at: usize) -> Result<Square> {
    let file = bytes.get(at).copied().and_then(File::from_ascii);
    let rank = bytes.get(at + 1).copied().and_then(Rank::from_ascii);
    match (file, rank) {
        (Some(f), Some(r)) => Ok(Square::new(f, r)),
        (None, _) => Err(err(CommandErrorKind::ExpectedFile, at.min(bytes.len()))),
        (Some(_), None) => Err(err(
            CommandErrorKind::ExpectedRank,
            (at + 1).min(bytes.len()),
        )),
    }
}

impl MarkedSquare {
    /// Parses one item: a colour letter and a square (`Ga1`).
    ///
    /// ```
    /// use chessnote::pgn::commands::{MarkedSquare, CommandErrorKind};
    /// assert!(MarkedSquare::from_ascii(b"Yd5").is_ok());
    /// assert_eq!(MarkedSquare::from_ascii(b"Xd5").unwrap_err().kind(), CommandErrorKind::ExpectedColor);
    /// ```
    ///
    /// # Errors
    ///
    /// A [`CommandError`]: [`ExpectedColor`](CommandErrorKind::ExpectedColor),
    /// [`ExpectedFile`](CommandErrorKind::ExpectedFile),
    /// [`ExpectedRank`](CommandErrorKind::ExpectedRank), or
    /// [`UnexpectedByte`](CommandErrorKind::UnexpectedByte) after the square.
    pub fn from_ascii(bytes: &[u8]) -> Result<MarkedSquare> {
        let mark = MarkedSquare::at(bytes, 0)?;
        end(bytes, 3)?;
        Ok(mark)
    }

    fn at(bytes: &[u8], at: usize) -> Result<MarkedSquare> {
        Ok(MarkedSquare {
            color: color_at(bytes, at)?,
            square: square_at(bytes, at + 1)?,
        })
    }
}

impl Arrow {
    /// Parses one item: a colour letter and two squares (`Ge2e4`).
    ///
    /// ```
    /// use chessnote::pgn::commands::{Arrow, CommandErrorKind};
    /// assert!(Arrow::from_ascii(b"Bh1a8").is_ok());
    /// let err = Arrow::from_ascii(b"Ge2").unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (CommandErrorKind::ExpectedFile, 3));
    /// ```
    ///
    /// # Errors
    ///
    /// As [`MarkedSquare::from_ascii`], for the two squares.
    pub fn from_ascii(bytes: &[u8]) -> Result<Arrow> {
        let arrow = Arrow::at(bytes, 0)?;
        end(bytes, 5)?;
        Ok(arrow)
    }

    fn at(bytes: &[u8], at: usize) -> Result<Arrow> {
        Ok(Arrow {
            color: color_at(bytes, at)?,
            from: square_at(bytes, at + 1)?,
            to: square_at(bytes, at + 3)?,
        })
    }
}

impl FromStr for MarkedSquare {
    type Err = CommandError;

    fn from_str(s: &str) -> Result<MarkedSquare> {
        MarkedSquare::from_ascii(s.as_bytes())
    }
}

impl FromStr for Arrow {
    type Err = CommandError;

    fn from_str(s: &str) -> Result<Arrow> {
        Arrow::from_ascii(s.as_bytes())
    }
}

/// Reads a list of `width`-byte items separated by commas (whitespace
/// allowed around them); an empty list is empty.
fn shape_list<T>(args: &str, width: usize, item: fn(&[u8], usize) -> Result<T>) -> Result<Vec<T>> {
    let bytes = args.as_bytes();
    let mut items = Vec::new();
    let skip_space = |mut i: usize| {
        while bytes.get(i).is_some_and(u8::is_ascii_whitespace) {
            i += 1;
        }
        i
    };
    let mut i = skip_space(0);
    if i == bytes.len() {
        return Ok(items);
    }
    loop {
        items.push(item(bytes, i)?);
        i = skip_space(i + width);
        match bytes.get(i) {
            None => return Ok(items),
            Some(b',') => i = skip_space(i + 1),
            Some(_) => return Err(err(CommandErrorKind::UnexpectedByte, i)),
        }
    }
}

/// Reads the arguments of `%csl`: marked squares separated by commas
/// (`Gb4,Yd5,Rf6`; whitespace around the commas is allowed, and no
/// arguments are no squares).
///
/// ```
/// use chessnote::pgn::commands::{parse_squares, MarkedSquare, ShapeColor, CommandErrorKind};
/// use chessnote::Square;
///
/// let marks = parse_squares("Gb4,Yd5, Rf6")?;
/// assert_eq!(marks.len(), 3);
/// assert_eq!(marks[2], MarkedSquare { color: ShapeColor::Red, square: Square::F6 });
/// let err = parse_squares("Gb4,Ga1a2").unwrap_err();
/// assert_eq!((err.kind(), err.offset()), (CommandErrorKind::UnexpectedByte, 7));
/// # Ok::<(), chessnote::pgn::commands::CommandError>(())
/// ```
///
/// # Errors
///
/// A [`CommandError`] as [`MarkedSquare::from_ascii`] gives, or
/// [`UnexpectedByte`](CommandErrorKind::UnexpectedByte) where a comma or the
/// end should be.
pub fn parse_squares(args: &str) -> Result<Vec<MarkedSquare>> {
    shape_list(args, 3, MarkedSquare::at)
}

/// Reads the arguments of `%cal`: arrows separated by commas
/// (`Ge2e4,Rd1h5`; whitespace around the commas is allowed, and no
/// arguments are no arrows).
///
/// ```
/// use chessnote::pgn::commands::{parse_arrows, Arrow, ShapeColor};
/// use chessnote::Square;
///
/// let arrows = parse_arrows("Ge2e4,Rd1h5")?;
/// assert_eq!(arrows[1], Arrow { color: ShapeColor::Red, from: Square::D1, to: Square::H5 });
/// assert!(parse_arrows("Ge2e4,").is_err());
/// # Ok::<(), chessnote::pgn::commands::CommandError>(())
/// ```
///
/// # Errors
///
/// A [`CommandError`] as [`Arrow::from_ascii`] gives, or
/// [`UnexpectedByte`](CommandErrorKind::UnexpectedByte) where a comma or the
/// end should be.
pub fn parse_arrows(args: &str) -> Result<Vec<Arrow>> {
    shape_list(args, 5, Arrow::at)
}

/// Writes `[%name a,b,c]`, or nothing for no items.
fn write_list<T: fmt::Display>(f: &mut fmt::Formatter<'_>, name: &str, items: &[T]) -> fmt::Result {
    if items.is_empty() {
        return Ok(());
    }
    write!(f, "[%{name} ")?;
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            f.write_str(",")?;
        }
        write!(f, "{item}")?;
    }
    f.write_str("]")
}

/// What one comment says, typed: the commands chessnote knows, the others,
/// and the text without them.
///
/// `%clk`, `%emt` and `%eval` fill [`clock`](Annotations::clock),
/// [`emt`](Annotations::emt) and [`eval`](Annotations::eval) (the first of
/// each; a second one goes to [`other`](Annotations::other)); every `%csl`
/// and `%cal` adds to [`squares`](Annotations::squares) and
/// [`arrows`](Annotations::arrows). Any other command, and with
/// [`Annotations::parse`] a known one whose arguments do not read, goes to
/// `other` as it is, so that nothing is lost. [`text`](Annotations::text)
/// is [`text_without_commands`].
///
/// `Display` writes the annotations back as one comment's text: `%csl`,
/// `%cal`, `%eval`, `%clk`, `%emt`, the other commands, then the text, one
/// space between each.
///
/// ```
/// use chessnote::pgn::commands::{Annotations, Arrow, ShapeColor};
/// use chessnote::Square;
///
/// let notes = Annotations::parse("[%csl Gb4,Yd5][%cal Ge2e4] blabla [%ts 17548]");
/// assert_eq!(notes.squares.len(), 2);
/// assert_eq!(notes.arrows, [Arrow { color: ShapeColor::Green, from: Square::E2, to: Square::E4 }]);
/// assert_eq!(notes.other[0].name, "ts");
/// assert_eq!(notes.text, "blabla");
/// assert_eq!(notes.to_string(), "[%csl Gb4,Yd5] [%cal Ge2e4] [%ts 17548] blabla");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Annotations<'a> {
    /// `%clk`: the time left on the mover's clock after the move.
    pub clock: Option<Centis>,
    /// `%emt`: the time the move took.
    pub emt: Option<Centis>,
    /// `%eval`: the engine's evaluation, from White's point of view.
    pub eval: Option<Eval>,
    /// `%csl`: marked squares, from every `%csl` in order.
    pub squares: Vec<MarkedSquare>,
    /// `%cal`: arrows, from every `%cal` in order.
    pub arrows: Vec<Arrow>,
    /// The commands not read into the fields above, as they are.
    pub other: Vec<Command<'a>>,
    /// The text without the commands (see [`text_without_commands`]).
    pub text: Cow<'a, str>,
}

impl<'a> Annotations<'a> {
    /// Reads a comment; never fails: a known command whose arguments do not
    /// read is kept in [`other`](Annotations::other).
    ///
    /// ```
    /// use chessnote::pgn::commands::{Annotations, Centis};
    /// let notes = Annotations::parse("[%clk 0:00:59.9] [%eval 1.234]");
    /// assert_eq!(notes.clock, Some(Centis(5990)));
    /// assert_eq!(notes.eval, None);
    /// assert_eq!(notes.other[0].args, "1.234");
    /// ```
    pub fn parse(comment: &'a str) -> Annotations<'a> {
        // The lenient reading has no error to return.
        Annotations::read(comment, false).unwrap_or_default()
    }

    /// Reads a comment, failing on the first known command whose arguments
    /// do not read.
    ///
    /// ```
    /// use chessnote::pgn::commands::{Annotations, CommandErrorKind};
    /// let err = Annotations::parse_strict("ok [%clk 0:05:00] [%eval 1.234]").unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (CommandErrorKind::TooManyDecimals, 29));
    /// ```
    ///
    /// # Errors
    ///
    /// The [`CommandError`] of that command's arguments, its offset counted
    /// from the start of the comment.
    pub fn parse_strict(comment: &'a str) -> Result<Annotations<'a>> {
        Annotations::read(comment, true)
    }

    fn read(comment: &'a str, strict: bool) -> Result<Annotations<'a>> {
        let mut notes = Annotations {
            text: text_without_commands(comment),
            ..Annotations::default()
        };
        for command in commands(comment) {
            let bytes = command.args.as_bytes();
            let read = match command.name {
                "clk" if notes.clock.is_none() => {
                    Centis::from_ascii(bytes).map(|t| notes.clock = Some(t))
                }
                "emt" if notes.emt.is_none() => {
                    Centis::from_ascii(bytes).map(|t| notes.emt = Some(t))
                }
                "eval" if notes.eval.is_none() => {
                    Eval::from_ascii(bytes).map(|e| notes.eval = Some(e))
                }
                "csl" => parse_squares(command.args).map(|s| notes.squares.extend(s)),
                "cal" => parse_arrows(command.args).map(|a| notes.arrows.extend(a)),
                _ => {
                    notes.other.push(command);
                    continue;
                }
            };
            if let Err(e) = read {
                if strict {
                    return Err(err(e.kind(), command.args_at + e.offset()));
                }
                notes.other.push(command);
            }
        }
        Ok(notes)
    }
}

impl fmt::Display for Annotations<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = 0;
        let mut sep = |f: &mut fmt::Formatter<'_>| {
            parts += 1;
            if parts > 1 { f.write_str(" ") } else { Ok(()) }
        };
        if !self.squares.is_empty() {
            sep(f)?;
            write_list(f, "csl", &self.squares)?;
        }
        if !self.arrows.is_empty() {
            sep(f)?;
            write_list(f, "cal", &self.arrows)?;
        }
        if let Some(eval) = self.eval {
            sep(f)?;
            write!(f, "{eval}")?;
        }
        if let Some(clock) = self.clock {
            sep(f)?;
            write!(f, "[%clk {clock}]")?;
        }
        if let Some(emt) = self.emt {
            sep(f)?;
            write!(f, "[%emt {emt}]")?;
        }
        for command in &self.other {
            sep(f)?;
            write!(f, "{command}")?;
        }
        if !self.text.is_empty() {
            sep(f)?;
            f.write_str(&self.text)?;
        }
        Ok(())
    }
}

/// A `[%clk]` or `[%eval]` whose arguments do not read, found by
/// [`first_clock_and_eval`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct BadCommand {
    /// The byte of the comment where its `[` is.
    pub offset: usize,
    /// `clk` or `eval`.
    pub name: &'static str,
    /// What is wrong with its arguments (its offset counts from them).
    pub error: CommandError,
}

/// Fills `clock` and `eval`, when still empty, from the first `[%clk]` and
/// `[%eval]` of `comment` that read, as [`Annotations::parse`] finds them:
/// what a move's clock and evaluation are when it has several comments.
/// It reads the comment's bytes (any encoding: commands are ASCII), fast.
///
/// The first of them met that does not read is returned, so that it can
/// be reported (a clock or an evaluation is not lost unseen).
///
/// ```
/// use chessnote::pgn::commands::{first_clock_and_eval, Centis, CommandErrorKind};
/// let (mut clock, mut eval) = (None, None);
/// let bad = first_clock_and_eval(b"[%clk 0:x] [%eval 0.25] [%clk 0:00:10]", &mut clock, &mut eval);
/// assert_eq!(clock, Some(Centis(1000)));
/// let bad = bad.unwrap();
/// assert_eq!((bad.offset, bad.name, bad.error.kind()), (0, "clk", CommandErrorKind::ExpectedDigit));
/// assert_eq!(first_clock_and_eval(b"[%clk 0:00:05]", &mut clock, &mut eval), None);
/// assert_eq!((clock, eval.map(|e| e.to_string())), (Some(Centis(1000)), Some("[%eval 0.25]".into())));
/// ```
pub fn first_clock_and_eval(
    comment: &[u8],
    clock: &mut Option<Centis>,
    eval: &mut Option<Eval>,
) -> Option<BadCommand> {
    // One pass over the `[` of the comment (short: plain scans, not
    // memchr's set-up). A `[%clk` or `[%eval` followed by whitespace or `]`
    // is a command when a `]` closes it before any `[`: as no command holds
    // a `[`, none before it covers it, and skipping the other commands
    // changes nothing.
    let mut at = 0;
    let mut bad = None;
    while clock.is_none() || eval.is_none() {
        let Some(found) = comment
            .get(at..)
            .and_then(|rest| rest.iter().position(|&b| b == b'['))
        else {
            return bad;
        };
        let open = at + found;
        at = open + 1;
        let rest = &comment[at..];
        let name_len = if rest.starts_with(b"%clk") && clock.is_none() {
            3
        } else if rest.starts_with(b"%eval") && eval.is_none() {
            4
        } else {
            continue;
        };
        let args_at = at + 1 + name_len;
        if !comment
            .get(args_at)
            .is_some_and(|&b| b == b']' || b.is_ascii_whitespace())
        {
            continue;
        }
        let Some(len) = comment[args_at..]
            .iter()
            .position(|&b| b == b']' || b == b'[')
        else {
            // No `]` or `[` after it: no command can follow.
            return bad;
        };
        let close = args_at + len;
        if comment[close] == b'[' {
            at = close;
            continue;
        }
        let args = comment[args_at..close].trim_ascii();
        let error = if name_len == 3 {
            Centis::from_ascii(args)
                .map(|read| *clock = Some(read))
                .err()
        } else {
            Eval::from_ascii(args).map(|read| *eval = Some(read)).err()
        };
        if let Some(error) = error {
            bad.get_or_insert(BadCommand {
                offset: open,
                name: if name_len == 3 { "clk" } else { "eval" },
                error,
            });
        }
        at = close + 1;
    }
    bad
}

#[cfg(test)]
mod tests {
    use super::*;
    use CommandErrorKind as K;
    use alloc::string::ToString;

    fn names(comment: &str) -> Vec<(&str, &str)> {
        commands(comment).map(|c| (c.name, c.args)).collect()
    }

    fn clock_err(s: &str) -> (CommandErrorKind, usize) {
        let e = Centis::from_ascii(s.as_bytes()).unwrap_err();
        (e.kind(), e.offset())
    }

    fn eval_err(s: &str) -> (CommandErrorKind, usize) {
        let e = Eval::from_ascii(s.as_bytes()).unwrap_err();
        (e.kind(), e.offset())
    }

    #[test]
    fn lexer() {
        assert_eq!(
            names(" [%eval 0.17] [%clk 0:05:00] "),
            [("eval", "0.17"), ("clk", "0:05:00")]
        );
        assert_eq!(names("[%clk\n00:00:14]"), [("clk", "00:00:14")]);
        assert_eq!(names("[%x]"), [("x", "")]);
        assert_eq!(names("[%x   ]"), [("x", "")]);
        assert_eq!(
            names("[%ts 1754850615931][%clk 01:14:46]"),
            [("ts", "1754850615931"), ("clk", "01:14:46")]
        );
        assert!(names("[%").is_empty());
        assert!(names("[%]").is_empty());
        assert!(names("[% clk 1]").is_empty());
        assert!(names("[%clk:1]").is_empty());
        assert!(names("[%clk 1").is_empty());
        assert_eq!(names("[%[%x 1]"), [("x", "1")]);
        assert_eq!(names("[%a [%b 2]"), [("b", "2")]);
        assert_eq!(names("[[%a 1]]"), [("a", "1")]);
        assert!(names("é[%é 1] [%ü_2 3]").is_empty());
        assert_eq!(names("é [%a_2 x y ] é"), [("a_2", "x y")]);
        let c = commands("ab [%clk  0:05:00 ]").next().unwrap();
        assert_eq!((c.span, c.args_at), (3..19, 10));
        // After the end, still the end.
        let mut it = commands("[%a 1] [%b");
        assert!(it.next().is_some());
        assert!(it.next().is_none());
        assert!(it.next().is_none());
    }

    #[test]
    fn text_rule() {
        let t = |s: &str| text_without_commands(s).into_owned();
        assert_eq!(t(""), "");
        assert_eq!(t("[%a 1]"), "");
        assert_eq!(t(" [%a 1] [%b 2] "), "");
        assert_eq!(t("x [%a 1] [%b 2] y"), "x y");
        assert_eq!(t("x[%a 1][%b 2]y"), "xy");
        assert_eq!(t("x [%a 1]y"), "x y");
        assert_eq!(t("x[%a 1]\ty"), "x y");
        assert_eq!(t("x\n\n[%a 1]\n\ny"), "x y");
        assert_eq!(t("  keep  inner  space [%a 1]"), "keep  inner  space");
        assert_eq!(t("[%a 1] keep\n lines "), "keep\n lines");
        assert_eq!(t("[%[%x]a ]"), "[%a ]");
        assert!(matches!(
            text_without_commands(" plain "),
            Cow::Borrowed("plain")
        ));
    }

    #[test]
    fn clocks() {
        let c = |s: &str| Centis::from_ascii(s.as_bytes()).unwrap().0;
        assert_eq!(c("0:05:00"), 30_000);
        assert_eq!(c("01:14:46"), 448_600);
        assert_eq!(c("0:00:00"), 0);
        assert_eq!(c("0:00:09.5"), 950);
        assert_eq!(c("0:00:09.05"), 905);
        assert_eq!(c("0:00:09.059"), 905);
        assert_eq!(c("123:00:00"), 44_280_000);
        assert_eq!(c("11930:27:52.95"), u32::MAX);
        for s in [
            "0:05:00",
            "1:14:46",
            "0:00:09.5",
            "0:00:09.05",
            "11930:27:52.95",
            "0:00:00.01",
        ] {
            assert_eq!(Centis::from_ascii(s.as_bytes()).unwrap().to_string(), s);
        }
        assert_eq!(Centis(448_600).to_string(), "1:14:46");
        assert_eq!(Centis(950).to_string(), "0:00:09.5");
    }

    #[test]
    fn bad_clocks_say_where() {
        assert_eq!(clock_err(""), (K::ExpectedDigit, 0));
        assert_eq!(clock_err(":05:00"), (K::ExpectedDigit, 0));
        assert_eq!(clock_err("0"), (K::ExpectedColon, 1));
        assert_eq!(clock_err("0:05"), (K::ExpectedColon, 4));
        assert_eq!(clock_err("0:5:00"), (K::ExpectedDigit, 3));
        assert_eq!(clock_err("0:05:0"), (K::ExpectedDigit, 6));
        assert_eq!(clock_err("0:60:00"), (K::OutOfRange, 2));
        assert_eq!(clock_err("0:00:60"), (K::OutOfRange, 5));
        assert_eq!(clock_err("0:00:00."), (K::ExpectedDigit, 8));
        assert_eq!(clock_err("0:00:00 "), (K::UnexpectedByte, 7));
        assert_eq!(clock_err("0:00:00s"), (K::UnexpectedByte, 7));
        assert_eq!(clock_err("-0:00:01"), (K::ExpectedDigit, 0));
        assert_eq!(clock_err("11930:27:52.96"), (K::NumberTooLarge, 0));
        assert_eq!(clock_err("99999999999:00:00"), (K::NumberTooLarge, 0));
    }

    #[test]
    fn evals() {
        let s = |text: &str| Score::from_ascii(text.as_bytes()).unwrap();
        assert_eq!(s("0.17"), Score::Centipawns(17));
        assert_eq!(s("-3.5"), Score::Centipawns(-350));
        assert_eq!(s("-0.05"), Score::Centipawns(-5));
        assert_eq!(s("+1.2"), Score::Centipawns(120));
        assert_eq!(s("12"), Score::Centipawns(1200));
        assert_eq!(s(".5"), Score::Centipawns(50));
        assert_eq!(s("-.5"), Score::Centipawns(-50));
        assert_eq!(s("2."), Score::Centipawns(200));
        assert_eq!(s("0.0"), Score::Centipawns(0));
        assert_eq!(s("-0.00"), Score::Centipawns(0));
        assert_eq!(s("#0"), Score::Mate(0));
        assert_eq!(s("#-0"), Score::Mate(0));
        assert_eq!(s("#+3"), Score::Mate(3));
        assert_eq!(s("#-4"), Score::Mate(-4));
        assert_eq!(s("21474836.47"), Score::Centipawns(i32::MAX));
        assert_eq!(s("-21474836.47"), Score::Centipawns(-i32::MAX));
        assert_eq!(s("-21474836.48"), Score::Centipawns(i32::MIN));
        assert_eq!(s("#-2147483648"), Score::Mate(i32::MIN));
        assert_eq!(s("#2147483647"), Score::Mate(i32::MAX));
        assert_eq!(s("#-2147483647"), Score::Mate(-i32::MAX));
        let e = Eval::from_ascii(b"0.17,20").unwrap();
        assert_eq!(
            e,
            Eval {
                score: Score::Centipawns(17),
                depth: Some(20)
            }
        );
        assert_eq!(Eval::from_ascii(b"#-4").unwrap().depth, None);
        for (text, shown) in [
            ("0.17", "0.17"),
            ("-0.05", "-0.05"),
            ("-3.5", "-3.50"),
            ("0.0", "0.00"),
            ("12", "12.00"),
            ("#0", "#0"),
            ("#-4", "#-4"),
            ("#+3", "#3"),
            ("-21474836.47", "-21474836.47"),
        ] {
            assert_eq!(s(text).to_string(), shown);
        }
        assert_eq!(Score::Centipawns(i32::MIN).to_string(), "-21474836.48");
        assert_eq!(Score::Mate(i32::MIN).to_string(), "#-2147483648");
        let e = Eval {
            score: Score::Centipawns(i32::MIN),
            depth: Some(u32::MAX),
        };
        assert_eq!(e.to_string(), "[%eval -21474836.48,4294967295]");
        assert_eq!(e.to_string().len(), EVAL_MAX_LEN);
        assert_eq!(
            Eval::from_ascii(b"0.17,20").unwrap().to_string(),
            "[%eval 0.17,20]"
        );
    }

    #[test]
    fn bad_evals_say_where() {
        assert_eq!(eval_err(""), (K::ExpectedDigit, 0));
        assert_eq!(eval_err("-"), (K::ExpectedDigit, 1));
        assert_eq!(eval_err("."), (K::ExpectedDigit, 0));
        assert_eq!(eval_err("#"), (K::ExpectedDigit, 1));
        assert_eq!(eval_err("#-"), (K::ExpectedDigit, 2));
        assert_eq!(eval_err("-#3"), (K::ExpectedDigit, 1));
        assert_eq!(eval_err("#3.5"), (K::UnexpectedByte, 2));
        assert_eq!(eval_err("0.175"), (K::TooManyDecimals, 4));
        assert_eq!(eval_err("0.17,"), (K::ExpectedDigit, 5));
        assert_eq!(eval_err("0.17,-1"), (K::ExpectedDigit, 5));
        assert_eq!(eval_err("0.17,20,1"), (K::UnexpectedByte, 7));
        assert_eq!(eval_err("0.17 "), (K::UnexpectedByte, 4));
        assert_eq!(eval_err("21474837"), (K::NumberTooLarge, 0));
        assert_eq!(eval_err("-21474837"), (K::NumberTooLarge, 1));
        assert_eq!(eval_err("#2147483648"), (K::NumberTooLarge, 1));
        assert_eq!(eval_err("#-2147483649"), (K::NumberTooLarge, 2));
        assert_eq!(eval_err("21474836.48"), (K::NumberTooLarge, 0));
        assert_eq!(eval_err("-21474836.49"), (K::NumberTooLarge, 1));
        assert_eq!(eval_err("0.17,4294967296"), (K::NumberTooLarge, 5));
        assert_eq!(eval_err("mate"), (K::ExpectedDigit, 0));
    }

    #[test]
    fn shapes() {
        let marks = parse_squares("Gb4,Yd5,Rf6").unwrap();
        assert_eq!(
            marks,
            [
                MarkedSquare {
                    color: ShapeColor::Green,
                    square: Square::B4
                },
                MarkedSquare {
                    color: ShapeColor::Yellow,
                    square: Square::D5
                },
                MarkedSquare {
                    color: ShapeColor::Red,
                    square: Square::F6
                },
            ]
        );
        assert!(parse_squares("").unwrap().is_empty());
        assert_eq!(parse_squares(" Ba1 , Bh8 ").unwrap().len(), 2);
        assert_eq!(parse_arrows("Ge2e4,Ye2d4,Re2g4").unwrap()[1].to, Square::D4);
        let e = |r: Result<Vec<MarkedSquare>>| {
            let e = r.unwrap_err();
            (e.kind(), e.offset())
        };
        assert_eq!(e(parse_squares("Gb4,")), (K::ExpectedColor, 4));
        assert_eq!(e(parse_squares("gb4")), (K::ExpectedColor, 0));
        assert_eq!(e(parse_squares("Gi4")), (K::ExpectedFile, 1));
        assert_eq!(e(parse_squares("Gb9")), (K::ExpectedRank, 2));
        assert_eq!(e(parse_squares("Gb")), (K::ExpectedRank, 2));
        assert_eq!(e(parse_squares("Gb4;Gb5")), (K::UnexpectedByte, 3));
        assert_eq!(e(parse_squares("Gb4 Gb5")), (K::UnexpectedByte, 4));
        let a = parse_arrows("Ge2").unwrap_err();
        assert_eq!((a.kind(), a.offset()), (K::ExpectedFile, 3));
        let a = parse_arrows("Ge2e4,Ga1").unwrap_err();
        assert_eq!((a.kind(), a.offset()), (K::ExpectedFile, 9));
    }

    #[test]
    fn annotations() {
        let n = Annotations::parse_strict(
            "Nice [%csl Gb4][%cal Ge2e4,Rd1h5] [%eval #-4,12]\n[%clk 0:03:00] [%emt 0:00:07] [%csl Ra1] [%egt 0:00:17] end",
        )
        .unwrap();
        assert_eq!(n.clock, Some(Centis(18_000)));
        assert_eq!(n.emt, Some(Centis(700)));
        assert_eq!(
            n.eval,
            Some(Eval {
                score: Score::Mate(-4),
                depth: Some(12)
            })
        );
        assert_eq!(n.squares.len(), 2);
        assert_eq!(n.arrows.len(), 2);
        assert_eq!(n.other.len(), 1);
        assert_eq!(n.text, "Nice end");
        let shown = n.to_string();
        assert_eq!(
            shown,
            "[%csl Gb4,Ra1] [%cal Ge2e4,Rd1h5] [%eval #-4,12] [%clk 0:03:00] [%emt 0:00:07] [%egt 0:00:17] Nice end"
        );
        let again = Annotations::parse_strict(&shown).unwrap();
        assert_eq!(
            (again.clock, again.emt, again.eval),
            (n.clock, n.emt, n.eval)
        );
        assert_eq!(
            (&again.squares, &again.arrows, &again.text),
            (&n.squares, &n.arrows, &n.text)
        );
        // The second clock is another command; a bad one is kept.
        let n = Annotations::parse("[%clk 0:01:00] [%clk 0:02:00] [%emt x]");
        assert_eq!(n.clock, Some(Centis(6_000)));
        assert_eq!(
            n.other.iter().map(|c| c.args).collect::<Vec<_>>(),
            ["0:02:00", "x"]
        );
        let e = Annotations::parse_strict("[%clk 0:01:00] [%emt x]").unwrap_err();
        assert_eq!((e.kind(), e.offset()), (K::ExpectedDigit, 21));
        assert_eq!(Annotations::parse("").to_string(), "");
        assert_eq!(Annotations::parse(" just text ").to_string(), "just text");
    }

    #[test]
    fn writers() {
        let mut out = String::new();
        write_clock(&mut out, Centis(30_000));
        out.push(' ');
        write_emt(&mut out, Centis(1));
        assert_eq!(out, "[%clk 0:05:00] [%emt 0:00:00.01]");
        let mut buf = [0u8; CENTIS_MAX_LEN];
        assert_eq!(Centis(u32::MAX).write_ascii(&mut buf), "11930:27:52.95");
        let mut buf = [0u8; SCORE_MAX_LEN];
        assert_eq!(
            Score::Centipawns(i32::MIN).write_ascii(&mut buf),
            "-21474836.48"
        );
    }
}
