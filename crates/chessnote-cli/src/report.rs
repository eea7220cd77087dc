//! The one output contract of every subcommand: where inputs come from, how
//! they are read, and what each one prints.
//!
//! - **Inputs** are bytes, read line by line from arguments, files, `-` or
//!   stdin, with a reused buffer and at most [`MAX_LINE`] bytes kept of a
//!   line. A line that is not UTF-8, or too long, is one bad input.
//! - **Blank and comment lines** (empty once `\n` or `\r\n` is removed, or
//!   starting with `#`) of files and stdin are not inputs: each prints an
//!   empty line (`{"input": …, "ok": true, "skipped": true}` in JSON) and
//!   leaves the exit status alone, so output line N is input line N.
//!   Arguments are always inputs, an empty one included.
//! - **stdout** gets exactly one line per input, in order: the result, or
//!   `error: MESSAGE`. With `--json`, one object per input:
//!   `{input, ok, …fields}` or `{input, ok: false, error: {kind, message,
//!   offset, line, column}}`.
//! - **stderr** gets the diagnostic for people: `SOURCE:LINE:COLUMN: message`,
//!   the line (control bytes escaped, cut around the offset) and a caret
//!   under the byte; `--quiet` silences it.
//! - **Exit status**: 0 when every input was fine, 1 when one failed, 2 when
//!   a source could not be read; always after every input. A closed stdout
//!   (`| head -1`) ends the run quietly.

use std::fmt::{self, Write as _};
use std::io::{self, BufRead, BufReader, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use chessnote::Diagnostic;
use chessnote::location::{LineCounter, Location};
use serde_json::{Map, Value, json};

/// The longest line kept, in bytes; the rest of a longer line is skipped
/// and the line is one bad input.
pub const MAX_LINE: usize = 1 << 20;

/// The most bytes of an input copied into a JSON `input` field.
const MAX_ECHO: usize = 4096;

/// The bytes shown on each side of the offending byte in a diagnostic.
const CONTEXT: usize = 72;

/// Flags every subcommand has.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct Common {
    /// One JSON object per input instead of text.
    #[arg(long)]
    pub json: bool,
    /// No diagnostics on stderr (stdout and the exit status are unchanged).
    #[arg(long, short)]
    pub quiet: bool,
}

/// Where inputs come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// One input given on the command line.
    Argument(String),
    /// Standard input, one input a line.
    Stdin,
    /// A file, one input a line.
    File(PathBuf),
}

impl Source {
    /// A file, or stdin for `-`.
    pub fn path(path: &str) -> Source {
        if path == "-" {
            Source::Stdin
        } else {
            Source::File(path.into())
        }
    }

    /// The arguments as inputs, the files after them, and stdin when there
    /// is neither.
    pub fn list(arguments: Vec<String>, files: &[String]) -> Vec<Source> {
        let mut sources: Vec<Source> = arguments.into_iter().map(Source::Argument).collect();
        sources.extend(files.iter().map(|f| Source::path(f)));
        if sources.is_empty() {
            sources.push(Source::Stdin);
        }
        sources
    }
}

/// One input: a piece of a line of a source.
#[derive(Clone, Copy)]
pub struct Input<'a> {
    /// The name of the source in diagnostics: a path, `<stdin>` or `<args>`.
    pub source: &'a str,
    /// The whole line the input is in (without its line ending).
    pub line: &'a [u8],
    /// Where the line starts.
    pub start: LineCounter,
    /// The byte of `line` where the input starts.
    pub at: usize,
    /// The input.
    pub text: &'a str,
    /// What the JSON `input` field shows: the text as read, even when only
    /// a part of it is parsed.
    pub echo: &'a str,
}

impl<'a> Input<'a> {
    /// The line `line` of `source`, starting at `start`, before it is known
    /// to be text.
    fn new(source: &'a str, line: &'a [u8], start: LineCounter) -> Input<'a> {
        // Empty, at the start of the line (offsets count from there).
        let empty = std::str::from_utf8(&line[..0]).unwrap_or_default();
        Input {
            source,
            line,
            start,
            at: 0,
            text: empty,
            echo: empty,
        }
    }

    /// A part of `text` to parse, reported where it is in the line (and
    /// shown in JSON as the whole input).
    pub fn part(&self, part: &'a str) -> Input<'a> {
        let at = part.as_ptr() as usize - self.text.as_ptr() as usize;
        Input {
            at: self.at + at,
            text: part,
            ..*self
        }
    }

    /// Byte `offset` of the input as an offset in [`Input::echo`].
    pub fn offset_in_echo(&self, offset: usize) -> usize {
        let echo_at = (self.echo.as_ptr() as usize)
            .checked_sub(self.line.as_ptr() as usize)
            .filter(|&at| at <= self.line.len())
            .unwrap_or(0);
        (self.at + offset).saturating_sub(echo_at)
    }

    /// Where byte `offset` of the input is in its source.
    pub fn locate(&self, offset: usize) -> Location {
        self.start.locate(self.line, self.at + offset)
    }
}

/// An error of the CLI's own about an input (not UTF-8, too long, not the
/// shape a subcommand reads, not played), in the shape of the library's.
#[derive(Debug)]
pub struct LineError {
    kind: &'static str,
    message: String,
    offset: usize,
    /// Whether `Display` says where (a byte) or is about the whole input.
    placed: bool,
}

impl LineError {
    /// An error of kind `kind` at byte `offset`.
    pub fn new(kind: &'static str, message: impl Into<String>, offset: usize) -> LineError {
        LineError {
            kind,
            message: message.into(),
            offset,
            placed: true,
        }
    }

    /// An error of kind `kind` about the whole input (offset 0, no byte in
    /// its `Display`).
    pub fn whole(kind: &'static str, message: impl Into<String>) -> LineError {
        LineError {
            placed: false,
            ..LineError::new(kind, message, 0)
        }
    }
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.placed {
            write!(f, "{} at byte {}", self.message, self.offset)
        } else {
            f.write_str(&self.message)
        }
    }
}

impl Diagnostic for LineError {
    fn kind_name(&self) -> &'static str {
        self.kind
    }
    fn offset(&self) -> usize {
        self.offset
    }
    fn write_message(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        out.write_str(&self.message)
    }
}

/// Writing to stdout failed (a closed pipe, a full disk): the run stops.
#[derive(Debug)]
pub struct Stop(io::Error);

impl From<io::Error> for Stop {
    fn from(err: io::Error) -> Stop {
        Stop(err)
    }
}

/// The result of one input, to be printed.
pub struct Outcome<'e> {
    /// The text line of a success (or of a failed check, with `failed`).
    pub text: String,
    /// The JSON fields of the result (after `input` and `ok`).
    pub fields: Map<String, Value>,
    /// The error, if the input failed.
    pub error: Option<&'e dyn Diagnostic>,
    /// The leniency names that would read the input: the error's fix.
    pub allow: Vec<&'static str>,
}

/// The stdout and stderr of a run, and how it went.
pub struct Report {
    out: io::BufWriter<io::StdoutLock<'static>>,
    common: Common,
    command: &'static str,
    failed: bool,
    unreadable: bool,
}

impl Report {
    /// A report for the subcommand `command` (named in notes on stderr).
    pub fn new(common: &Common, command: &'static str) -> Report {
        Report {
            out: io::BufWriter::new(io::stdout().lock()),
            common: common.clone(),
            command,
            failed: false,
            unreadable: false,
        }
    }

    /// Whether JSON is asked for.
    pub fn json(&self) -> bool {
        self.common.json
    }

    /// A note for people on stderr (not with `--quiet`).
    pub fn note(&mut self, text: fmt::Arguments<'_>) {
        if !self.common.quiet {
            // Diagnostics come after the stdout lines before them.
            let _ = self.out.flush();
            let _ = writeln!(io::stderr(), "chessnote {}: {text}", self.command);
        }
    }

    /// The note for an input read with leniencies (the library's names), if
    /// it used any.
    pub fn leniencies(&mut self, input: &str, used: &[&str]) {
        if !used.is_empty() {
            self.note(format_args!(
                "`{input}` read with leniency {}",
                used.join(", ")
            ));
        }
    }

    /// A source that cannot be read: said on stderr (even with `--quiet`),
    /// and the exit status becomes 2.
    fn unreadable(&mut self, name: &str, err: &io::Error) {
        self.unreadable = true;
        let _ = self.out.flush();
        let _ = writeln!(io::stderr(), "chessnote {}: {name}: {err}", self.command);
    }

    /// Reads every source, calling `each` for every input, in order.
    ///
    /// # Errors
    ///
    /// [`Stop`] when stdout cannot be written.
    pub fn run(
        &mut self,
        sources: &[Source],
        mut each: impl FnMut(&mut Report, Input<'_>) -> Result<(), Stop>,
    ) -> Result<(), Stop> {
        let mut buf = Vec::new();
        // Sources are in argument order (files named by `--file` after the
        // positional arguments), so an argument's line is its position.
        for (index, source) in sources.iter().enumerate() {
            match source {
                Source::Argument(text) => {
                    let mut start = LineCounter::new();
                    for _ in 0..index {
                        start.advance_line(0);
                    }
                    self.line("<args>", text.as_bytes(), start, false, &mut each)?;
                }
                Source::Stdin => {
                    if io::stdin().is_terminal() {
                        self.note(format_args!(
                            "reading stdin, one input a line (end with Ctrl-D)"
                        ));
                    }
                    let stdin = io::stdin();
                    self.lines("<stdin>", &mut stdin.lock(), &mut buf, &mut each)?;
                }
                Source::File(path) => {
                    let name = path.display().to_string();
                    match open(path) {
                        Ok(mut file) => self.lines(&name, &mut file, &mut buf, &mut each)?,
                        Err(err) => self.unreadable(&name, &err),
                    }
                }
            }
        }
        Ok(())
    }

    /// Reads the lines of one source.
    fn lines(
        &mut self,
        name: &str,
        reader: &mut dyn BufRead,
        buf: &mut Vec<u8>,
        each: &mut impl FnMut(&mut Report, Input<'_>) -> Result<(), Stop>,
    ) -> Result<(), Stop> {
        let mut start = LineCounter::new();
        loop {
            let (consumed, overlong) = match read_line(reader, buf) {
                Ok(Some(read)) => read,
                Ok(None) => return Ok(()),
                Err(err) => {
                    self.unreadable(name, &err);
                    return Ok(());
                }
            };
            let mut line = &buf[..];
            if let Some(rest) = line.strip_suffix(b"\n") {
                line = rest.strip_suffix(b"\r").unwrap_or(rest);
            }
            if overlong {
                let message = format!("line longer than {MAX_LINE} bytes");
                let err = LineError::new("line-too-long", message, MAX_LINE);
                self.print(Input::new(name, line, start), &Outcome::error(&err))?;
            } else {
                self.line(name, line, start, true, each)?;
            }
            start.advance_line(consumed);
        }
    }

    /// Handles one line: skipped, not UTF-8, or an input for `each`.
    fn line(
        &mut self,
        name: &str,
        line: &[u8],
        start: LineCounter,
        from_text: bool,
        each: &mut impl FnMut(&mut Report, Input<'_>) -> Result<(), Stop>,
    ) -> Result<(), Stop> {
        let mut input = Input::new(name, line, start);
        match std::str::from_utf8(line) {
            Ok(text) if from_text && (text.is_empty() || text.starts_with('#')) => {
                input.text = text;
                input.echo = text;
                self.skipped(input)
            }
            Ok(text) => {
                input.text = text;
                input.echo = text;
                each(self, input)
            }
            Err(err) => {
                let err = LineError::new("invalid-utf8", "invalid UTF-8", err.valid_up_to());
                self.print(input, &Outcome::error(&err))
            }
        }
    }

    /// A blank or comment line: an empty output line.
    fn skipped(&mut self, input: Input<'_>) -> Result<(), Stop> {
        if self.common.json {
            self.json_line(&json!({ "input": input.text, "ok": true, "skipped": true }))
        } else {
            self.out.write_all(b"\n").map_err(Stop)
        }
    }

    /// Prints the outcome of one input: its stdout line and, for an error,
    /// the diagnostic on stderr.
    ///
    /// # Errors
    ///
    /// [`Stop`] when stdout cannot be written.
    pub fn print(&mut self, input: Input<'_>, outcome: &Outcome<'_>) -> Result<(), Stop> {
        let Some(err) = outcome.error else {
            return self.success(input, outcome);
        };
        self.failed = true;
        let at = input.locate(err.offset());
        if self.common.json {
            let mut value = Map::new();
            value.insert("input".into(), echo(input.echo.as_bytes(), input.line));
            value.insert("ok".into(), json!(false));
            value.extend(outcome.fields.clone());
            let mut error = json!({
                "kind": err.kind_name(),
                "message": err.message(),
                "offset": input.offset_in_echo(err.offset()),
                "line": at.line,
                "column": at.column,
            });
            if !outcome.allow.is_empty() {
                error["allow"] = json!(outcome.allow);
            }
            value.insert("error".into(), error);
            self.json_line(&Value::Object(value))?;
        } else if outcome.text.is_empty() {
            writeln!(
                self.out,
                "error: {}{}",
                error_text(input, err),
                outcome.hint()
            )?;
        } else {
            writeln!(self.out, "{}", outcome.text)?;
        }
        self.diagnose_with(input, err, &outcome.hint())
    }

    /// Counts `err` as a failed input and prints its diagnostic on stderr
    /// only.
    ///
    /// # Errors
    ///
    /// [`Stop`] when stdout cannot be written.
    pub fn diagnose(&mut self, input: Input<'_>, err: &dyn Diagnostic) -> Result<(), Stop> {
        self.diagnose_with(input, err, "")
    }

    /// [`Report::diagnose`] with `hint` after the message.
    fn diagnose_with(
        &mut self,
        input: Input<'_>,
        err: &dyn Diagnostic,
        hint: &str,
    ) -> Result<(), Stop> {
        self.failed = true;
        if !self.common.quiet {
            self.out.flush()?;
            let at = input.locate(err.offset());
            let text = diagnostic(
                input.source,
                at,
                &format!("{}{hint}", err.message()),
                input.line,
                input.at + err.offset(),
            );
            let _ = io::stderr().write_all(text.as_bytes());
        }
        Ok(())
    }

    fn success(&mut self, input: Input<'_>, outcome: &Outcome<'_>) -> Result<(), Stop> {
        if self.common.json {
            let mut value = Map::new();
            value.insert("input".into(), echo(input.echo.as_bytes(), input.line));
            value.insert("ok".into(), json!(true));
            value.extend(outcome.fields.clone());
            self.json_line(&Value::Object(value))
        } else {
            writeln!(self.out, "{}", outcome.text).map_err(Stop)
        }
    }

    /// Writes a line of raw text on stdout (for the multi-line formats of
    /// `fen show` and `fen parse --seed`).
    ///
    /// # Errors
    ///
    /// [`Stop`] when stdout cannot be written.
    pub fn raw(&mut self, text: &str) -> Result<(), Stop> {
        writeln!(self.out, "{text}").map_err(Stop)
    }

    fn json_line(&mut self, value: &Value) -> Result<(), Stop> {
        serde_json::to_writer(&mut self.out, value).map_err(io::Error::from)?;
        self.out.write_all(b"\n").map_err(Stop)
    }

    /// Flushes stdout and gives the exit status.
    pub fn finish(mut self, result: Result<(), Stop>) -> ExitCode {
        let result = result.and_then(|()| self.out.flush().map_err(Stop));
        if let Err(Stop(err)) = result
            && err.kind() != io::ErrorKind::BrokenPipe
        {
            let _ = writeln!(io::stderr(), "chessnote {}: stdout: {err}", self.command);
            return ExitCode::from(2);
        }
        if self.unreadable {
            ExitCode::from(2)
        } else if self.failed {
            ExitCode::from(1)
        } else {
            ExitCode::SUCCESS
        }
    }
}

impl<'e> Outcome<'e> {
    /// A success: its text line and JSON fields.
    pub fn ok(text: impl Into<String>, fields: Value) -> Outcome<'e> {
        Outcome {
            text: text.into(),
            fields: Map::new(),
            error: None,
            allow: Vec::new(),
        }
        .with(fields)
    }

    /// The outcome with these JSON fields (an object's) added.
    pub fn with(mut self, fields: Value) -> Outcome<'e> {
        if let Value::Object(map) = fields {
            self.fields.extend(map);
        }
        self
    }

    /// A failure: `error: MESSAGE` on stdout.
    pub fn error(error: &'e dyn Diagnostic) -> Outcome<'e> {
        Outcome {
            text: String::new(),
            fields: Map::new(),
            error: Some(error),
            allow: Vec::new(),
        }
    }

    /// The failure with the leniencies that would read the input (their
    /// library names): `(use --allow NAME,...)` after the message, and
    /// `allow` in its JSON error.
    pub fn allowing(mut self, names: impl IntoIterator<Item = &'static str>) -> Outcome<'e> {
        self.allow.extend(names);
        self
    }

    /// The hint after the message, when a leniency fixes the error.
    fn hint(&self) -> String {
        if self.allow.is_empty() {
            String::new()
        } else {
            format!(" (use --allow {})", self.allow.join(","))
        }
    }
}

/// The text of `error: …`: the error's `Display`, with a byte offset it
/// gives counted from where the JSON `offset` counts (the start of
/// [`Input::echo`]), not from the start of the part that was parsed.
fn error_text(input: Input<'_>, err: &dyn Diagnostic) -> String {
    let message = err.message();
    let shown = err.to_string();
    if shown == format!("{message} at byte {}", err.offset()) {
        format!("{message} at byte {}", input.offset_in_echo(err.offset()))
    } else {
        shown
    }
}

/// Opens a file for reading, refusing directories, through
/// `chessnote_io` as `pgn` does: compressed files are read decompressed,
/// a zip archive as its `.pgn` entries, binary data is refused.
fn open(path: &Path) -> io::Result<BufReader<Box<dyn io::Read + Send>>> {
    Ok(BufReader::new(chessnote_io::open(Some(path))?.reader))
}

/// Reads one line into `buf` (its `\n` included), keeping at most
/// [`MAX_LINE`] bytes and skipping the rest: the bytes consumed and whether
/// some were skipped, or `None` at the end.
fn read_line(reader: &mut dyn BufRead, buf: &mut Vec<u8>) -> io::Result<Option<(usize, bool)>> {
    buf.clear();
    let mut consumed = 0;
    let mut overlong = false;
    loop {
        let chunk = match reader.fill_buf() {
            Ok(chunk) => chunk,
            Err(err) if err.kind() == io::ErrorKind::Interrupted => continue,
            Err(err) => return Err(err),
        };
        if chunk.is_empty() {
            // A last line without `\n` is cut and flagged as any other.
            if buf.len() > MAX_LINE {
                overlong = true;
                buf.truncate(MAX_LINE);
            }
            return Ok((consumed > 0).then_some((consumed, overlong)));
        }
        let (take, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (chunk.len(), false),
        };
        let room = (MAX_LINE + 1).saturating_sub(buf.len());
        if take > room {
            overlong = true;
        }
        buf.extend_from_slice(&chunk[..take.min(room)]);
        reader.consume(take);
        consumed += take;
        if done {
            if overlong {
                buf.truncate(MAX_LINE);
            }
            return Ok(Some((consumed, overlong)));
        }
    }
}

/// The `input` of a JSON object: the input, cut after [`MAX_ECHO`] bytes
/// (the whole line when the input is not text).
fn echo(text: &[u8], line: &[u8]) -> Value {
    let bytes = if text.is_empty() { line } else { text };
    let cut = &bytes[..bytes.len().min(MAX_ECHO)];
    Value::String(String::from_utf8_lossy(cut).into_owned())
}

/// The diagnostic for people: `SOURCE:LINE:COLUMN: message`, the line
/// around byte `offset` and a caret under it.
pub fn diagnostic(source: &str, at: Location, message: &str, line: &[u8], offset: usize) -> String {
    let (shown, caret) = excerpt(line, offset);
    format!(
        "{source}:{at}: {message}\n  {shown}\n  {}^\n",
        " ".repeat(caret)
    )
}

/// Appends `text` with its control characters escaped (`\u{1b}`, `\0`,
/// `\t`), as input is shown in every diagnostic: what a file holds never
/// moves the terminal's cursor or changes its colours.
pub fn push_printable(out: &mut String, text: &str) {
    for c in text.chars() {
        push_char(out, c);
    }
}

fn push_char(out: &mut String, c: char) {
    if c.is_control() {
        out.extend(c.escape_default());
    } else {
        out.push(c);
    }
}

/// The line as it is shown (control and non-UTF-8 bytes escaped, cut to
/// [`CONTEXT`] bytes on either side of `offset`) and the column of the
/// caret in it.
pub fn excerpt(line: &[u8], offset: usize) -> (String, usize) {
    let offset = offset.min(line.len());
    let from = offset.saturating_sub(CONTEXT);
    let to = line.len().min(offset + CONTEXT);
    let mut shown = String::new();
    let mut caret = None;
    if from > 0 {
        shown.push('…');
    }
    let mut at = from;
    for chunk in line[from..to].utf8_chunks() {
        for c in chunk.valid().chars() {
            if at >= offset && caret.is_none() {
                caret = Some(shown.chars().count());
            }
            push_char(&mut shown, c);
            at += c.len_utf8();
        }
        for &byte in chunk.invalid() {
            if at >= offset && caret.is_none() {
                caret = Some(shown.chars().count());
            }
            let _ = write!(shown, "\\x{byte:02X}");
            at += 1;
        }
    }
    let caret = caret.unwrap_or_else(|| shown.chars().count());
    if to < line.len() {
        shown.push('…');
    }
    (shown, caret)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn excerpts_escape_and_cut() {
        assert_eq!(excerpt(b"Nf9", 2), ("Nf9".to_string(), 2));
        assert_eq!(excerpt(b"e4", 9), ("e4".to_string(), 2));
        assert_eq!(excerpt("é4x".as_bytes(), 3), ("é4x".to_string(), 2));
        assert_eq!(
            excerpt(b"a\x1bb\xffc", 3),
            ("a\\u{1b}b\\xFFc".to_string(), 8)
        );
        let long = vec![b'x'; 1000];
        let (shown, caret) = excerpt(&long, 500);
        assert_eq!(shown.chars().count(), 2 * CONTEXT + 2);
        assert_eq!(caret, CONTEXT + 1);
    }

    #[test]
    fn long_lines_are_cut_at_max_line() {
        let mut text = vec![b'a'; MAX_LINE + 10];
        text.extend_from_slice(b"\nb\n");
        let mut reader = &text[..];
        let mut buf = Vec::new();
        assert_eq!(
            read_line(&mut reader, &mut buf).unwrap(),
            Some((MAX_LINE + 11, true))
        );
        assert_eq!(buf.len(), MAX_LINE);
        assert_eq!(read_line(&mut reader, &mut buf).unwrap(), Some((2, false)));
        assert_eq!(buf, b"b\n");
        assert_eq!(read_line(&mut reader, &mut buf).unwrap(), None);
        // The same line without its `\n`: cut and flagged alike.
        for extra in [1, 10] {
            let text = vec![b'a'; MAX_LINE + extra];
            let mut reader = &text[..];
            assert_eq!(
                read_line(&mut reader, &mut buf).unwrap(),
                Some((MAX_LINE + extra, true))
            );
            assert_eq!(buf.len(), MAX_LINE);
        }
    }
}
