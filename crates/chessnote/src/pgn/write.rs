//! Writing PGN: the export format of the standard (section 8), its
//! options, and a preset that writes exactly what python-chess writes.
//!
//! One layout engine serves both writers: [`GameTree::write`] for a game
//! tree and [`PgnWriter`] for the reader's events (no tree: `read → write`
//! at the reader's speed). `docs/pgn.md` ("Writing") gives every rule and
//! where the python-chess preset departs from the standard.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::Write as _;

use super::commands::{Centis, Eval, commands, write_clock, write_emt};
use super::{GameResult, Nag};
use crate::position::{Notation, Position, WriteNotation};
use crate::text::named_enum;
use crate::{Color, Move};

#[cfg(doc)]
use super::{GameTree, PgnWriter};

named_enum! {
    /// Whose rules the writer follows where writers disagree.
    ///
    /// ```
    /// use chessnote::pgn::Style;
    /// assert_eq!("python-chess".parse::<Style>(), Ok(Style::PythonChess));
    /// ```
    pub enum Style: "PGN style" {
        /// The PGN standard's export format (section 8): tags escaped, the
        /// other tags in ASCII order, `N...` after a NAG too, each comment
        /// in its own braces, long comments wrapped at spaces.
        Standard = "standard",
        /// What python-chess 1.11.2 writes (`StringExporter`, `str(game)`),
        /// byte for byte: tags in input order, NAGs sorted, a move's
        /// comments joined into one, no `N...` after a NAG.
        PythonChess = "python-chess",
    }
}

named_enum! {
    /// Which tags are written.
    ///
    /// ```
    /// use chessnote::pgn::TagSelection;
    /// assert_eq!(TagSelection::Roster.name(), "roster");
    /// ```
    pub enum TagSelection: "tag selection" {
        /// Every tag: the Seven Tag Roster (missing ones with the
        /// standard's "unknown" values: `?`, `????.??.??`, `*`) then the
        /// others.
        All = "all",
        /// The Seven Tag Roster (the standard's reduced export format),
        /// and the tags without which the moves would not read: `FEN`,
        /// `SetUp` and `Variant`, when the game has them.
        Roster = "roster",
        /// No tag section: movetext only.
        None = "none",
    }
}

named_enum! {
    /// The order of the tags after the Seven Tag Roster.
    ///
    /// ```
    /// use chessnote::pgn::TagOrder;
    /// assert_eq!(TagOrder::Input.to_string(), "input");
    /// ```
    pub enum TagOrder: "tag order" {
        /// ASCII order by name, as the standard asks (8.1.1).
        Standard = "standard",
        /// The order of the input (or of insertion).
        Input = "input",
    }
}

named_enum! {
    /// The line ending written.
    ///
    /// ```
    /// use chessnote::pgn::LineEnding;
    /// assert_eq!(LineEnding::CrLf.as_str(), "\r\n");
    /// ```
    pub enum LineEnding: "line ending" {
        /// `\n`, the standard's archival choice (3.2.2).
        Lf = "lf",
        /// `\r\n`.
        CrLf = "crlf",
    }
}

impl LineEnding {
    /// The bytes of the line ending.
    pub const fn as_str(self) -> &'static str {
        match self {
            LineEnding::Lf => "\n",
            LineEnding::CrLf => "\r\n",
        }
    }
}

named_enum! {
    /// What becomes of the clock and evaluation commands of comments
    /// (`[%clk]`, `[%emt]`, `[%eval]`); other commands are always kept.
    ///
    /// ```
    /// use chessnote::pgn::{ClockEval, Reader, WriteOptions};
    /// let pgn = b"1. e4 { [%eval +1] [%clk 00:05:00] good } *";
    /// let write = |clock_eval| {
    ///     let options = WriteOptions { clock_eval, ..WriteOptions::STANDARD };
    ///     Reader::from_slice(pgn).game_trees().next().unwrap().to_pgn(&options)
    /// };
    /// assert!(write(ClockEval::Keep).contains("{ [%eval +1] [%clk 00:05:00] good }"));
    /// assert!(write(ClockEval::Rewrite).contains("{ [%eval 1.00] [%clk 0:05:00] good }"));
    /// assert!(write(ClockEval::Strip).contains("1. e4 { good } *"));
    /// ```
    pub enum ClockEval: "clock/eval mode" {
        /// As read.
        Keep = "keep",
        /// Rewritten in Lichess's form (`[%clk 0:05:00]`, `[%eval 0.10]`,
        /// `[%eval #-3]`); one that does not read is kept as it is.
        Rewrite = "rewrite",
        /// Removed (a comment left empty is dropped).
        Strip = "strip",
    }
}

/// How games are written. Start from a preset ([`STANDARD`], [`REDUCED`],
/// [`PYTHON_CHESS`]) and change fields.
///
/// [`STANDARD`]: WriteOptions::STANDARD
/// [`REDUCED`]: WriteOptions::REDUCED
/// [`PYTHON_CHESS`]: WriteOptions::PYTHON_CHESS
///
/// ```
/// use chessnote::pgn::{Reader, WriteOptions};
/// use chessnote::position::Notation;
///
/// let pgn = b"[White \"A\"]\n1. e4 {good} e5 (1... c5) 2. Nf3 $1 *";
/// let tree = Reader::from_slice(pgn).game_trees().next().unwrap();
/// let uci = WriteOptions { notation: Notation::Uci.into(), ..WriteOptions::REDUCED }.columns(None);
/// assert_eq!(
///     tree.to_pgn(&uci),
///     "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
///      [White \"A\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. e2e4 e7e5 2. g1f3 *\n"
/// );
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct WriteOptions {
    /// Whose rules where writers disagree.
    pub style: Style,
    /// Lines have fewer printing characters than this (80: at most 79);
    /// `None` writes each game's movetext on one line. A token longer than
    /// a line gets a line of its own.
    pub columns: Option<u16>,
    /// Which tags are written.
    pub tags: TagSelection,
    /// The order of the tags after the Seven Tag Roster.
    pub tag_order: TagOrder,
    /// Whether comments are written.
    pub comments: bool,
    /// Whether variations are written.
    pub variations: bool,
    /// Whether NAGs are written.
    pub nags: bool,
    /// What becomes of clock and evaluation commands in comments.
    pub clock_eval: ClockEval,
    /// The notation of the moves: SAN (the standard), LAN, UCI or ERAN
    /// (as pgn-extract's `-W` options). A file written in UCI reads back
    /// with [`super::PgnLeniency::UciMoves`].
    pub notation: WriteNotation,
    /// `\n` or `\r\n`.
    pub line_ending: LineEnding,
}

impl WriteOptions {
    /// The standard's export format (section 8): every tag (the Seven Tag
    /// Roster first, then the others in ASCII order), lines under 80
    /// characters, comments, variations and NAGs, SAN, LF.
    pub const STANDARD: WriteOptions = WriteOptions {
        style: Style::Standard,
        columns: Some(80),
        tags: TagSelection::All,
        tag_order: TagOrder::Standard,
        comments: true,
        variations: true,
        nags: true,
        clock_eval: ClockEval::Keep,
        notation: WriteNotation::new(Notation::San),
        line_ending: LineEnding::Lf,
    };

    /// The standard's reduced export format (3.2.4): the Seven Tag Roster
    /// (and a set-up game's `FEN`, `SetUp` and `Variant`), the mainline's
    /// moves and the result; no comments, variations or NAGs.
    pub const REDUCED: WriteOptions = WriteOptions {
        tags: TagSelection::Roster,
        comments: false,
        variations: false,
        nags: false,
        ..WriteOptions::STANDARD
    };

    /// python-chess 1.11.2's `StringExporter(columns=80)`, byte for byte
    /// (plus a final newline, which `StringExporter` leaves out).
    /// `.columns(None)` is `str(game)`.
    pub const PYTHON_CHESS: WriteOptions = WriteOptions {
        style: Style::PythonChess,
        tag_order: TagOrder::Input,
        ..WriteOptions::STANDARD
    };

    /// With lines shorter than `columns` printing characters, or (`None`)
    /// one line of movetext per game.
    #[must_use]
    pub const fn columns(mut self, columns: Option<u16>) -> WriteOptions {
        self.columns = columns;
        self
    }

    /// With moves written in `notation`.
    #[must_use]
    pub const fn notation(mut self, notation: WriteNotation) -> WriteOptions {
        self.notation = notation;
        self
    }

    pub(super) fn python(&self) -> bool {
        self.style == Style::PythonChess
    }
}

impl Default for WriteOptions {
    fn default() -> WriteOptions {
        WriteOptions::STANDARD
    }
}

/// The Seven Tag Roster, in the standard's order, with the values that
/// stand for "unknown".
pub(super) const ROSTER: [(&str, &str); 7] = super::tags::SEVEN_TAG_ROSTER_UNKNOWN;

/// The result a game is written with: the `Result` tag unless it is
/// missing or `*` (then the termination marker, else `*`), as python-chess
/// decides; in the standard style a tag that is not a result gives way to
/// the marker too.
pub(super) fn result_text<'a>(
    options: &WriteOptions,
    tag: Option<&'a str>,
    marker: Option<GameResult>,
) -> &'a str {
    let marker = marker.map(GameResult::as_str);
    match tag {
        Some(tag) if tag != "*" => {
            if options.python() || GameResult::from_ascii(tag.as_bytes()).is_some() {
                tag
            } else {
                marker.unwrap_or("*")
            }
        }
        _ => marker.unwrap_or("*"),
    }
}

/// Writes the tag section (and the blank line after it): `tags` in input
/// order, the result already decided. Gives where the `Result` tag's value
/// is in `out`.
pub(super) fn write_tags<'t>(
    out: &mut String,
    options: &WriteOptions,
    tags: impl Iterator<Item = (&'t str, &'t str)>,
    result: &str,
    order: &mut Vec<usize>,
) -> Option<core::ops::Range<usize>> {
    let eol = options.line_ending.as_str();
    if options.tags == TagSelection::None {
        return None;
    }
    let mut result_at = None;
    // A value holds no line break or tab (4.2, 7), and a name no space,
    // quote or bracket: the reader never gives others, but `GameTree::tags`
    // is open to anything, and the text must read back as one tag. Such
    // characters become a space in a value and `_` in a name. (A name that
    // is not a symbol, as the reader reports it, is written as it is.)
    let tag = |out: &mut String, name: &str, value: &str| {
        out.push('[');
        if plain_name(name) {
            out.push_str(name);
        } else {
            out.extend(written_name(name));
        }
        out.push_str(" \"");
        push_tag_value(out, value, options);
        out.push_str("\"]");
        out.push_str(eol);
    };
    // One pass over the tags: the roster's values (python-chess, a
    // dictionary: the last of a repeated tag; else the first), and the
    // other tags in input order.
    let roster_only = options.tags == TagSelection::Roster;
    let mut values: [Option<&str>; ROSTER.len()] = [None; ROSTER.len()];
    let mut all: Vec<(&str, &str)> = Vec::new();
    for (name, value) in tags {
        // The roster's names have 4 to 6 letters: most others are told
        // apart by their length alone.
        let roster = (4..=6).contains(&name.len());
        match ROSTER.iter().position(|(n, _)| roster && *n == name) {
            Some(i) => {
                if options.python() || values[i].is_none() {
                    values[i] = Some(value);
                }
            }
            None => {
                if !roster_only || matches!(name, "FEN" | "SetUp" | "Variant") {
                    all.push((name, value));
                }
            }
        }
    }
    for ((name, unknown), value) in ROSTER.into_iter().zip(values) {
        if name == "Result" {
            // `[Result "` is 9 bytes; the value follows, as written (a
            // result that is no termination marker may have a quote to
            // escape), then `"]` and the line's end.
            let at = out.len() + 9;
            tag(out, name, result);
            result_at = Some(at..out.len() - 2 - eol.len());
        } else {
            tag(out, name, value.unwrap_or(unknown));
        }
    }
    order.clear();
    if options.python() {
        // Insertion order of a dictionary: a repeated tag keeps its
        // first place and its last value. Sorted by name (stably), each
        // run of one name gives its first and last index: n log n, not
        // n² on a game of 10,000 tags.
        order.extend(0..all.len());
        order.sort_by(|&a, &b| all[a].0.cmp(all[b].0));
        let mut kept: Vec<(usize, usize)> = Vec::new();
        for run in order.chunk_by(|&a, &b| all[a].0 == all[b].0) {
            kept.push((run[0], run[run.len() - 1]));
        }
        kept.sort_unstable();
        for (first, last) in kept {
            tag(out, all[first].0, all[last].1);
        }
    } else {
        order.extend(0..all.len());
        if options.tag_order == TagOrder::Standard {
            // Stable: repeated names keep their input order. Names
            // written as they are compare as strings (UTF-8's order is
            // its characters').
            if all.iter().all(|(name, _)| plain_name(name)) {
                order.sort_by(|&a, &b| all[a].0.cmp(all[b].0));
            } else {
                order.sort_by(|&a, &b| written_name(all[a].0).cmp(written_name(all[b].0)));
            }
        }
        for &i in order.iter() {
            tag(out, all[i].0, all[i].1);
        }
    }
    out.push_str(eol);
    result_at
}

/// A tag's value as written between its quotes: a line break (and, but
/// in python-chess's style, a tab) as a space, `"` and `\` escaped.
pub(super) fn push_tag_value(out: &mut String, value: &str, options: &WriteOptions) {
    // One pass with no early exit (values are short: one loop end to
    // predict, not one per byte).
    let special = value.bytes().fold(false, |special, b| {
        special | matches!(b, b'\n' | b'\r' | b'\t' | b'"' | b'\\')
    });
    if !special {
        // Nothing to replace or escape (the common value).
        out.push_str(value);
        return;
    }
    for c in value.chars() {
        // python-chess writes a tab as it is (and has no line breaks).
        if c == '\n' || c == '\r' || (c == '\t' && !options.python()) {
            out.push(' ');
            continue;
        }
        // python-chess neither decodes escapes when it reads nor writes
        // them: escaping what chessnote decoded gives its bytes back.
        if c == '"' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
}

/// Whether a tag name is written as it is ([`written_name`] changes
/// nothing): printable ASCII, no quote or bracket, not empty.
fn plain_name(name: &str) -> bool {
    !name.is_empty()
        && name.bytes().fold(true, |plain, b| {
            plain & b.is_ascii_graphic() & !matches!(b, b'"' | b'[' | b']')
        })
}

/// A tag name as written: a character that would end the name (a space, a
/// quote, a bracket) as `_`, and `_` for an empty name.
fn written_name(name: &str) -> impl Iterator<Item = char> + '_ {
    let empty = name.is_empty().then_some('_');
    empty.into_iter().chain(name.chars().map(|c| {
        if c.is_whitespace() || matches!(c, '"' | '[' | ']') {
            '_'
        } else {
            c
        }
    }))
}

/// Writes the null move in `notation`: `--`, or `0000` in UCI.
pub(super) fn write_null(out: &mut String, notation: WriteNotation) {
    out.push_str(if notation.notation() == Notation::Uci {
        "0000"
    } else {
        "--"
    });
}

/// Writes a move in `notation` from `position` (a null move is `--`, or
/// `0000` in UCI).
pub(super) fn write_move(
    out: &mut String,
    position: &Position,
    mv: Option<Move>,
    notation: WriteNotation,
) {
    match mv {
        Some(mv) => position.append_move(out, notation, mv),
        None => write_null(out, notation),
    }
}

/// A comment's text with its clock and evaluation commands kept,
/// rewritten or stripped.
pub(super) fn clock_eval(text: &str, mode: ClockEval) -> Cow<'_, str> {
    if mode == ClockEval::Keep || !text.contains("[%") {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut last = 0;
    let mut changed = false;
    for command in commands(text) {
        if !matches!(command.name, "clk" | "emt" | "eval") {
            continue;
        }
        let replacement = match mode {
            ClockEval::Strip => Some(String::new()),
            _ => {
                let mut canonical = String::new();
                let args = command.args.as_bytes();
                match command.name {
                    "clk" => Centis::from_ascii(args)
                        .ok()
                        .map(|t| write_clock(&mut canonical, t)),
                    "emt" => Centis::from_ascii(args)
                        .ok()
                        .map(|t| write_emt(&mut canonical, t)),
                    _ => Eval::from_ascii(args).ok().map(|e| {
                        let _ = write!(canonical, "{e}");
                    }),
                }
                .map(|()| canonical)
            }
        };
        if let Some(replacement) = replacement {
            out.push_str(&text[last..command.span.start]);
            out.push_str(&replacement);
            last = command.span.end;
            changed = true;
        }
    }
    if !changed {
        return Cow::Borrowed(text);
    }
    out.push_str(&text[last..]);
    if mode == ClockEval::Strip {
        // Where a command was, the spaces around it become one.
        let words: Vec<&str> = out.split_ascii_whitespace().collect();
        out = words.join(" ");
    }
    Cow::Owned(out)
}

/// Whether `c` is whitespace to Python's `str.strip`.
fn py_space(c: char) -> bool {
    c.is_whitespace() || ('\x1c'..='\x1f').contains(&c)
}

/// A comment as python-chess's reader keeps it: one space after `{` and
/// one before `}` removed, line breaks as `\n`.
pub(super) fn python_comment(raw: &str) -> Cow<'_, str> {
    let mut text = raw.strip_prefix(' ').unwrap_or(raw);
    text = text.strip_suffix(' ').unwrap_or(text);
    if text.contains('\r') {
        Cow::Owned(text.replace("\r\n", "\n").replace('\r', "\n"))
    } else {
        Cow::Borrowed(text)
    }
}

/// The layout engine: tokens filled into lines, move numbers where the
/// style wants them.
#[derive(Clone, Debug)]
pub(super) struct Layout {
    pub out: String,
    pub options: WriteOptions,
    /// Characters on the current line (0: nothing written on it yet).
    line: usize,
    /// The next Black move needs its `N...`.
    force_number: bool,
    /// How deep in variations the writer is.
    pub depth: u32,
    /// A scratch buffer for move text.
    pub scratch: String,
    /// The comments of the current node, python-chess style (joined).
    joined: String,
}

impl Layout {
    pub fn new(out: String, options: WriteOptions) -> Layout {
        Layout {
            out,
            options,
            line: 0,
            force_number: true,
            depth: 0,
            scratch: String::new(),
            joined: String::new(),
        }
    }

    /// Starts a game's movetext.
    pub fn begin(&mut self) {
        self.line = 0;
        self.force_number = true;
        self.depth = 0;
    }

    fn newline(&mut self) {
        self.out.push_str(self.options.line_ending.as_str());
        self.line = 0;
    }

    /// A token of `len` characters, already known; `glued` keeps it on the
    /// line of the token before it.
    fn push_token(&mut self, text: &str, len: usize, glued: bool) {
        if self.line > 0 {
            let wraps = !glued
                && self
                    .options
                    .columns
                    .is_some_and(|c| self.line + 1 + len >= usize::from(c));
            if wraps {
                self.newline();
            } else {
                self.out.push(' ');
                self.line += 1;
            }
        }
        self.out.push_str(text);
        self.line += len;
    }

    /// A token of `head`, ASCII digits and `tail` (a move number, a NAG),
    /// written as it is made.
    fn push_ascii_token(&mut self, head: &str, digits: &[u8], tail: &str) {
        self.push_token(head, head.len() + digits.len() + tail.len(), false);
        self.out.extend(digits.iter().map(|&d| char::from(d)));
        self.out.push_str(tail);
    }

    fn token(&mut self, text: &str) {
        let len = if text.is_ascii() {
            text.len()
        } else {
            text.chars().count()
        };
        self.push_token(text, len, false);
    }

    /// Whether a sideline is being skipped (variations not written).
    pub fn hidden(&self) -> bool {
        self.depth > 0 && !self.options.variations
    }

    /// A move: its number when needed, then the text in `scratch`.
    pub fn mv(&mut self, fullmoves: u16, turn: Color) {
        let scratch = core::mem::take(&mut self.scratch);
        self.mv_with(fullmoves, turn, |out| out.push_str(&scratch));
        self.scratch = scratch;
    }

    /// [`Layout::mv`] of the ASCII text `write` appends (every notation's
    /// moves are ASCII), printed straight into the output: no buffer
    /// between.
    #[inline(always)]
    pub fn mv_with(&mut self, fullmoves: u16, turn: Color, write: impl FnOnce(&mut String)) {
        if self.hidden() {
            return;
        }
        self.number(fullmoves, turn);
        let at = self.open_token();
        write(&mut self.out);
        self.close_token(at);
        self.force_number = false;
    }

    /// The move number before a move, when it needs one: `12.` before
    /// White's, `12...` before Black's after something else.
    #[inline(always)]
    fn number(&mut self, fullmoves: u16, turn: Color) {
        if turn == Color::White || self.force_number {
            let mut number = [0u8; 8];
            let digits = fmt_u16(fullmoves, &mut number);
            let at = self.open_token();
            for &digit in digits {
                self.out.push(char::from(digit & 0x7F));
            }
            self.out.push('.');
            if turn == Color::Black {
                self.out.push_str("..");
            }
            self.close_token(at);
        }
    }

    /// Starts an ASCII token written straight into the output: its
    /// separator (a space, when the line has text), which
    /// [`Layout::close_token`] turns into a line break if the token does
    /// not fit. Gives where the token begins, separator included.
    #[inline(always)]
    fn open_token(&mut self) -> usize {
        let at = self.out.len();
        if self.line > 0 {
            self.out.push(' ');
        }
        at
    }

    /// Ends the ASCII token begun at `at` (see [`Layout::open_token`]): the
    /// line wrapped before it when it goes past the columns, as
    /// [`Layout::push_token`] would.
    #[inline(always)]
    fn close_token(&mut self, at: usize) {
        let separator = usize::from(self.line > 0);
        // ASCII: one character per byte.
        let len = self.out.len() - at - separator;
        debug_assert!(self.out[at + separator..].is_ascii());
        if separator == 0 {
            self.line = len;
            return;
        }
        let wraps = self
            .options
            .columns
            .is_some_and(|c| self.line + 1 + len >= usize::from(c));
        if wraps {
            let eol = self.options.line_ending.as_str();
            self.out.replace_range(at..at + 1, eol);
            self.line = len;
        } else {
            self.line += 1 + len;
        }
    }

    /// The NAGs and comments after a move (or before the first one).
    pub fn annotations<'c>(&mut self, nags: &[Nag], comments: impl IntoIterator<Item = &'c str>) {
        if self.hidden() {
            return;
        }
        let options = self.options;
        // python-chess writes NAGs only with comments.
        if options.nags && (options.comments || !options.python()) && !nags.is_empty() {
            if options.python() {
                let mut sorted: Vec<u8> = nags.iter().map(|n| n.0).collect();
                sorted.sort_unstable();
                sorted.dedup();
                for n in sorted {
                    self.nag(Nag(n));
                }
            } else {
                for &n in nags {
                    self.nag(n);
                }
                self.force_number = true;
            }
        }
        self.comments(comments);
    }

    fn nag(&mut self, nag: Nag) {
        let mut digits = [0u8; 8];
        let digits = fmt_u16(u16::from(nag.0), &mut digits);
        self.push_ascii_token("$", digits, "");
    }

    /// Comments, each in its braces (python-chess: joined into one).
    pub fn comments<'c>(&mut self, comments: impl IntoIterator<Item = &'c str>) {
        if !self.options.comments || self.hidden() {
            return;
        }
        let mode = self.options.clock_eval;
        if self.options.python() {
            let mut joined = core::mem::take(&mut self.joined);
            joined.clear();
            for c in comments {
                let text = clock_eval(c, mode);
                if mode == ClockEval::Strip && text.trim().is_empty() {
                    continue;
                }
                let text = python_comment(&text);
                if !text.is_empty() {
                    if !joined.is_empty() {
                        joined.push(' ');
                    }
                    joined.push_str(&text);
                }
            }
            if !joined.is_empty() {
                // python-chess: `"{ " + comment.replace("}", "").strip() + " }"`.
                let mut token = core::mem::take(&mut self.scratch);
                token.clear();
                token.push_str("{ ");
                let body = joined.trim_matches(|c| py_space(c) || c == '}');
                token.extend(body.chars().filter(|&c| c != '}'));
                token.push_str(" }");
                self.token(&token);
                self.scratch = token;
                self.force_number = true;
            }
            self.joined = joined;
            return;
        }
        for c in comments {
            let text = clock_eval(c, mode);
            if mode == ClockEval::Strip && text.trim().is_empty() {
                continue;
            }
            self.comment(&text);
        }
    }

    /// One comment, standard style: `{`, its words (a command such as
    /// `[%clk 0:05:00]` is one word), `}`; `}` in the text is dropped. The
    /// braces stay on the line of the word beside them.
    fn comment(&mut self, text: &str) {
        // Most comments are plain words: written from the text as it is,
        // with no word-by-word pass.
        self.force_number = true;
        if let Some(body) = plain_body(text) {
            if self.plain_comment(body, false) {
                return;
            }
        } else {
            // Words between other whitespace, or with `}` in them: made
            // plain first, when no word can be a command.
            let mut words = core::mem::take(&mut self.joined);
            let written = unmarked_words(text, &mut words)
                && !words.is_empty()
                && self.plain_comment(&words, true);
            self.joined = words;
            if written {
                return;
            }
        }
        if !self.short_comment(text) {
            self.comment_by_words(text);
        }
    }

    /// A comment of plain words ([`plain_body`]; `unmarked`: known to hold
    /// no `[` or `%`) written as [`Layout::comment_by_words`] writes it;
    /// `false`, having written nothing, when that takes the word by word
    /// pass (words that go with the one before them, on lines too narrow
    /// to hold them together).
    fn plain_comment(&mut self, body: &str, unmarked: bool) -> bool {
        let len = body.len() + 4;
        if self.fits(len) {
            self.separate();
            self.braced(body);
            self.line += len;
            return true;
        }
        match self.options.columns {
            Some(columns) if unmarked || memchr::memchr2(b'[', b'%', body.as_bytes()).is_none() => {
                self.comment_lines(body, usize::from(columns));
                true
            }
            // Commands (`[%clk 0:03:00]`, `[%eval 0.2] [%clk 0:03:00]`)
            // that are one token, as `comment_by_words` makes them: every
            // word after the first goes with the one before.
            _ if all_glued(body) => {
                let at = self.open_token();
                self.braced(body);
                self.close_token(at);
                true
            }
            _ => false,
        }
    }

    /// `{ body }`.
    fn braced(&mut self, body: &str) {
        // Three copies: a byte at a time, the output's length would go
        // through memory between every two bytes (`convert --to pgn` took
        // 7% longer on Lichess games).
        self.out.push_str("{ ");
        self.out.push_str(body);
        self.out.push_str(" }");
    }

    /// The last line of [`Layout::comment_lines`]: `head`, `words`, ` }`,
    /// `len` characters in all, on the line.
    fn comment_end(&mut self, head: &str, words: &str, len: usize) {
        self.separate();
        self.out.push_str(head);
        self.out.push_str(words);
        self.out.push_str(" }");
        self.line += len;
    }

    /// Whether a token of `len` characters fits on the line, after a space
    /// when the line has text.
    fn fits(&self, len: usize) -> bool {
        let end = self.line + usize::from(self.line > 0) + len;
        self.options.columns.is_none_or(|c| end < usize::from(c))
    }

    /// The space before a token that stays on the line (when the line has
    /// text).
    fn separate(&mut self) {
        if self.line > 0 {
            self.out.push(' ');
            self.line += 1;
        }
    }

    /// A comment of plain words ([`plain_body`], with no `[` or `%`: no
    /// word is a command or goes with the one before) laid out as
    /// [`Layout::comment_by_words`] lays it out: each line takes the words
    /// that fit, found with one search back from the line's end, and is
    /// copied at once.
    fn comment_lines(&mut self, body: &str, columns: usize) {
        let bytes = body.as_bytes();
        // Where the next word starts, and what goes before it.
        let mut at = 0;
        let mut head = "{ ";
        loop {
            // The characters the line has room for: after a space when it
            // has text (a token fits when the line stays under `columns`).
            let room = if self.line > 0 {
                columns.saturating_sub(self.line + 2)
            } else {
                columns.saturating_sub(1)
            };
            let rest = head.len() + (bytes.len() - at) + 2;
            if rest <= room {
                self.comment_end(head, &body[at..], rest);
                return;
            }
            // The last space such that the words before it fit: the line
            // ends there (the next word cannot fit, or it would be found).
            let last = (at + room)
                .checked_sub(head.len())
                .map(|end| end.min(bytes.len() - 1))
                .filter(|&end| end > at)
                .and_then(|end| last_space(&bytes[at + 1..=end]))
                .map(|i| at + 1 + i);
            let end = match last {
                Some(end) => end,
                // Not even the first word fits after the text on the line:
                // it starts the next one.
                None if self.line > 0 => {
                    self.newline();
                    continue;
                }
                // A word longer than the line, alone on one.
                None => match memchr::memchr(b' ', &bytes[at..]) {
                    Some(i) => at + i,
                    None => {
                        self.comment_end(head, &body[at..], rest);
                        return;
                    }
                },
            };
            self.separate();
            self.out.push_str(head);
            self.out.push_str(&body[at..end]);
            self.newline();
            at = end + 1;
            head = "";
        }
    }

    /// [`Layout::comment`], word by word: where a word goes past the
    /// line's columns, the line wraps before it.
    fn comment_by_words(&mut self, text: &str) {
        let mut words = Words { text, at: 0 }.peekable();
        let mut token = core::mem::take(&mut self.joined);
        if words.peek().is_none() {
            self.push_token("{ }", 3, false);
        }
        let mut first = true;
        while let Some(word) = words.next() {
            token.clear();
            if first {
                token.push_str("{ ");
            }
            push_word(&mut token, word);
            // A line that starts with `[` or `%` could be read as a tag
            // (the reader ends an open comment at a `[Event ` line) or an
            // escape: such a word stays with the word before it.
            while let Some(next) =
                words.next_if(|w| w.trim_start_matches('}').starts_with(['[', '%']))
            {
                token.push(' ');
                push_word(&mut token, next);
            }
            if words.peek().is_none() {
                token.push_str(" }");
            }
            self.token(&token);
            first = false;
        }
        self.joined = token;
        self.force_number = true;
    }

    /// The comment as one token, when it fits on the line (then no word of
    /// it wraps) or when [`Layout::comment`] would write it as one token
    /// (a command, or commands): the same text (its words, `}` dropped,
    /// each run of whitespace one space, between `{ ` and ` }`). `false`,
    /// having written nothing, otherwise.
    fn short_comment(&mut self, text: &str) -> bool {
        let bytes = text.as_bytes();
        let mut token = core::mem::take(&mut self.joined);
        token.clear();
        if written_plain(bytes) {
            // ` word word `: the text is the token's inside already.
            token.push('{');
            token.push_str(text);
            token.push('}');
            return self.one_token(text, token);
        }
        token.push('{');
        // One pass: runs of bytes that are neither whitespace nor `}`
        // copied at once, a space before a run after whitespace.
        let mut space = true;
        let mut i = 0;
        loop {
            while let Some(&b) = bytes.get(i).filter(|&&b| BREAKS[usize::from(b)]) {
                space |= b != b'}';
                i += 1;
            }
            if i == bytes.len() {
                break;
            }
            let start = i;
            while bytes.get(i).is_some_and(|&b| !BREAKS[usize::from(b)]) {
                i += 1;
            }
            if space {
                token.push(' ');
                space = false;
            }
            // The run starts and ends at ASCII bytes (or the end).
            token.push_str(&text[start..i]);
        }
        token.push_str(" }");
        self.one_token(text, token)
    }

    /// The end of [`Layout::short_comment`]: `token` written if it may be
    /// written as one token, and kept as the buffer for the next.
    fn one_token(&mut self, text: &str, token: String) -> bool {
        let len = if token.is_ascii() {
            token.len()
        } else {
            token.chars().count()
        };
        let end = self.line + usize::from(self.line > 0) + len;
        // One token, where it fits, or where `comment` would make one
        // token of it (every word after the first goes with the one before).
        let fits = self.options.columns.is_none_or(|c| end < usize::from(c)) || all_glued(text);
        if fits {
            self.push_token(&token, len, false);
            self.force_number = true;
        }
        self.joined = token;
        fits
    }

    pub fn begin_variation(&mut self) {
        self.depth += 1;
        if !self.hidden() {
            self.push_token("(", 1, false);
            self.force_number = true;
        }
    }

    pub fn end_variation(&mut self) {
        if !self.hidden() {
            self.push_token(")", 1, false);
            self.force_number = true;
        }
        self.depth = self.depth.saturating_sub(1);
    }

    /// The end of a text with no termination marker: its last line ended.
    pub fn end_line(&mut self) {
        if self.line > 0 {
            self.newline();
        }
    }

    /// The termination marker, and the end of the game's text.
    pub fn result(&mut self, result: &str) {
        self.token(result);
        self.newline();
    }
}

/// Appends a comment's word: `}` dropped, runs of whitespace (inside a
/// command) as one space.
fn push_word(token: &mut String, word: &str) {
    // Most words are neither commands with spaces nor hold a `}`: copied
    // whole.
    if !word.bytes().any(|b| BREAKS[usize::from(b)]) {
        token.push_str(word);
        return;
    }
    let mut space = false;
    for c in word.chars() {
        if c.is_ascii_whitespace() {
            space = true;
            continue;
        }
        if c == '}' {
            continue;
        }
        if space {
            token.push(' ');
            space = false;
        }
        token.push(c);
    }
}

/// The words of a comment for the standard style: runs of text between
/// ASCII whitespace, a command (`[%` to the next `]`, with no `[` between)
/// as one word whatever its spaces; a word of `}` alone is no word.
struct Words<'a> {
    text: &'a str,
    at: usize,
}

impl<'a> Iterator for Words<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let bytes = self.text.as_bytes();
        loop {
            while self.at < bytes.len() && bytes[self.at].is_ascii_whitespace() {
                self.at += 1;
            }
            if self.at >= bytes.len() {
                return None;
            }
            let start = self.at;
            let mut end = start;
            while end < bytes.len() && !bytes[end].is_ascii_whitespace() {
                if bytes[end] == b'[' && bytes.get(end + 1) == Some(&b'%') {
                    let close = bytes[end + 1..]
                        .iter()
                        .position(|&b| b == b']' || b == b'[')
                        .map(|i| end + 1 + i);
                    if let Some(close) = close.filter(|&c| bytes[c] == b']') {
                        end = close;
                    }
                }
                end += 1;
            }
            self.at = end;
            let word = &self.text[start..end];
            if word.bytes().any(|b| b != b'}') {
                return Some(word);
            }
        }
    }
}

/// Whether [`Layout::comment_by_words`] writes the comment as one token:
/// every word after the first goes with the one before (it starts with `[`
/// or `%`).
fn all_glued(text: &str) -> bool {
    let mut words = Words { text, at: 0 };
    words.next();
    words.all(|w| w.trim_start_matches('}').starts_with(['[', '%']))
}

/// The words of a comment of plain words, as written between `{ ` and
/// ` }`: printable ASCII but `}`, one space between words, at most one
/// space at each end (which is dropped). `None` for any other text (and
/// for no words), which is written word by word.
fn plain_body(text: &str) -> Option<&str> {
    let bytes = text.as_bytes();
    let start = usize::from(bytes.first() == Some(&b' '));
    let end = bytes.len() - usize::from(bytes.len() > start && bytes.last() == Some(&b' '));
    let body = &bytes[start..end];
    let (&first, &last) = (body.first()?, body.last()?);
    if first == b' ' || last == b' ' {
        return None;
    }
    let printable = |b: u8| (b' '..=b'~').contains(&b) & (b != b'}');
    // No early exit and no branch: the loop is vectorized (comments are
    // short, and a long one is read whole anyway).
    let bad = body.iter().zip(&body[1..]).fold(false, |bad, (&b, &next)| {
        bad | !printable(b) | ((b == b' ') & (next == b' '))
    });
    (!bad && printable(last)).then(|| &text[start..end])
}

/// The words of a comment in ASCII with no `[` or `%` (so no word is a
/// command or goes with the one before it), into `out` as written: `}`
/// dropped, one space between words. `false` for any other text.
fn unmarked_words(text: &str, out: &mut String) -> bool {
    out.clear();
    let bytes = text.as_bytes();
    // A space is owed before the next word.
    let mut space = false;
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        match WORD_CLASS[usize::from(b)] {
            Class::Word => {
                let start = i;
                while bytes
                    .get(i)
                    .is_some_and(|&b| WORD_CLASS[usize::from(b)] == Class::Word)
                {
                    i += 1;
                }
                if space && !out.is_empty() {
                    out.push(' ');
                }
                space = false;
                // The run starts and ends at ASCII bytes (or the end).
                out.push_str(&text[start..i]);
                continue;
            }
            Class::Space => space = true,
            Class::Brace => {}
            Class::Other => return false,
        }
        i += 1;
    }
    true
}

/// What a byte of a comment is to [`unmarked_words`].
#[derive(Copy, Clone, PartialEq, Eq)]
enum Class {
    /// Part of a word.
    Word,
    /// ASCII whitespace: between words.
    Space,
    /// `}`: dropped.
    Brace,
    /// `[`, `%` or a byte of a non-ASCII character.
    Other,
}

/// [`Class`] of every byte.
static WORD_CLASS: [Class; 256] = {
    let mut table = [Class::Word; 256];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        table[b] = if byte.is_ascii_whitespace() {
            Class::Space
        } else if byte == b'}' {
            Class::Brace
        } else if byte == b'[' || byte == b'%' || !byte.is_ascii() {
            Class::Other
        } else {
            Class::Word
        };
        b += 1;
    }
    table
};

/// Whether a comment's text is written as it is between `{` and `}`: a
/// space at each end, words of no `}` between single spaces (no other
/// whitespace).
fn written_plain(bytes: &[u8]) -> bool {
    let [b' ', inside @ .., b' '] = bytes else {
        return false;
    };
    let mut space = true;
    for &b in inside {
        if BREAKS[usize::from(b)] && (b != b' ' || space) {
            return false;
        }
        space = b == b' ';
    }
    !space
}

/// The bytes that end a run of a comment's text: ASCII whitespace and `}`.
static BREAKS: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = (b as u8).is_ascii_whitespace() || b == b'}' as usize;
        b += 1;
    }
    table
};

/// Where the last space of `bytes` is. A word's length back, as a rule:
/// eight bytes at a time, so that the search is one step for most words
/// (byte by byte, the loop's end is mispredicted; `memrchr`'s set-up costs
/// more than the search on a line's worth of text).
fn last_space(bytes: &[u8]) -> Option<usize> {
    const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    let mut end = bytes.len();
    while let Some(chunk) = end
        .checked_sub(8)
        .and_then(|start| bytes[start..end].first_chunk())
    {
        // The spaces become zero bytes; a byte's high bit stays clear only
        // where it is zero (no carry crosses bytes: 0x7F + 0x7F < 0x100).
        let x = u64::from_le_bytes(*chunk) ^ 0x2020_2020_2020_2020;
        let spaces = !(((x & LOW7).wrapping_add(LOW7)) | x | LOW7);
        if spaces != 0 {
            // Little-endian: the highest set bit is the last space.
            return Some(end - 8 + (63 - spaces.leading_zeros() as usize) / 8);
        }
        end -= 8;
    }
    bytes[..end].iter().rposition(|&b| b == b' ')
}

/// `n` in decimal, in `buf`.
fn fmt_u16(mut n: u16, buf: &mut [u8; 8]) -> &[u8] {
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    &buf[i..]
}

#[cfg(test)]
mod tests {
    use alloc::string::String;

    use super::{Layout, WriteOptions};
    use crate::Color::{Black, White};

    /// A comment made of pieces that matter to its layout: words, runs of
    /// whitespace, `}`, commands with spaces, a `[` inside one, non-ASCII.
    fn comment(mut state: u64, pieces: usize) -> String {
        const PIECES: [&str; 16] = [
            "a",
            "word",
            " ",
            "  ",
            "\t",
            "\n",
            "}",
            "}}",
            "[%clk 0:03:00]",
            "[%eval  0.17 ]",
            "[%cal Ge2e4,Rd1d8]",
            "%x",
            "[a",
            "[%clk [x]",
            "é",
            "ü}ber",
        ];
        let mut text = String::new();
        for _ in 0..pieces {
            text.push_str(PIECES[(xorshift(&mut state) % 16) as usize]);
        }
        text
    }

    /// The next number of a xorshift generator.
    fn xorshift(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    /// A comment of plain words (as engines write them), words of 1 to 40
    /// characters, with a space at either end or not.
    fn plain_comment(mut state: u64, words: usize) -> String {
        const WORDS: [&str; 8] = [
            "d=35,",
            "pv=Nf3",
            "e4",
            "x",
            "mb=+0+0+0+0+0,",
            "0123456789012345678901234567890123456789",
            "a|b",
            "tb=0",
        ];
        let mut text = String::new();
        let mut next = || xorshift(&mut state);
        if next() % 2 == 0 {
            text.push(' ');
        }
        for i in 0..words {
            if i > 0 {
                text.push(' ');
            }
            text.push_str(WORDS[(next() % 8) as usize]);
        }
        if next() % 2 == 0 {
            text.push(' ');
        }
        text
    }

    /// `last_space` finds what a byte by byte search back finds, for a
    /// space at any place of a chunk or none, among bytes that differ from
    /// a space in one bit (`0xA0`, `!`, `0`) or are zero, `0x7F`, `0xFF`.
    #[test]
    fn the_last_space_is_found_eight_bytes_at_a_time() {
        const BYTES: [u8; 8] = [b' ', b'a', 0xA0, b'!', b'0', 0, 0x7F, 0xFF];
        let mut state = 0x9e37_79b9_7f4a_7c15;
        for len in 0..40 {
            for _ in 0..200 {
                // One byte in four a space, on average.
                let text: alloc::vec::Vec<u8> = (0..len)
                    .map(|_| {
                        let r = xorshift(&mut state);
                        if r.is_multiple_of(4) {
                            b' '
                        } else {
                            BYTES[(r >> 8) as usize % 8]
                        }
                    })
                    .collect();
                let expected = text.iter().rposition(|&b| b == b' ');
                assert_eq!(super::last_space(&text), expected, "{text:?}");
            }
        }
    }

    /// Move numbers: `N.` before White's moves, `N...` before Black's
    /// after something else, with any number of digits.
    #[test]
    fn move_numbers_have_their_dots() {
        let mut layout = Layout::new(String::new(), WriteOptions::STANDARD);
        for (n, turn) in [(1, White), (1, Black), (99, White), (1000, Black)] {
            layout.mv_with(n, turn, |out| out.push_str("e4"));
        }
        layout.force_number = true;
        layout.mv_with(65535, Black, |out| out.push_str("e5"));
        assert_eq!(layout.out, "1. e4 e4 99. e4 e4 65535... e5");
    }

    /// The one-token way of writing a comment writes what the word by
    /// word way writes, wherever the line stands and whatever its width.
    #[test]
    fn a_comment_in_one_token_is_written_as_word_by_word() {
        let mut checked = 0;
        // As Lichess writes them, and near that form.
        let written = [
            " [%clk 0:03:00] ",
            " [%eval 0.17] [%clk 0:03:00] ",
            " a b ",
            " a  b ",
            " a}b ",
            "  ",
            " ",
            " é ",
            "a b",
            " a\tb ",
        ];
        let generated = (1..3000u64).map(|seed| {
            comment(
                seed.wrapping_mul(0x9e37_79b9_7f4a_7c15),
                (seed % 9) as usize,
            )
        });
        let plain = (1..1500u64).map(|seed| {
            plain_comment(
                seed.wrapping_mul(0x9e37_79b9_7f4a_7c15),
                (seed % 40) as usize,
            )
        });
        // And those words between other whitespace, or with braces.
        let plain = plain.flat_map(|text| {
            let wrapped = text.replace(' ', "\n ");
            let braces = text.replace(' ', " }\t").replace('x', "x}");
            [text, wrapped, braces]
        });
        let texts = written.iter().map(|&t| String::from(t));
        for text in texts.chain(generated).chain(plain) {
            for columns in [
                None,
                Some(0),
                Some(1),
                Some(4),
                Some(10),
                Some(30),
                Some(80),
            ] {
                for before in ["", "e4", "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4"] {
                    let options = WriteOptions::STANDARD.columns(columns);
                    let mut one = Layout::new(String::new(), options);
                    let mut other = Layout::new(String::new(), options);
                    for layout in [&mut one, &mut other] {
                        for word in before.split(' ').filter(|w| !w.is_empty()) {
                            layout.token(word);
                        }
                    }
                    one.comment(&text);
                    other.comment_by_words(&text);
                    one.token("Nf3");
                    other.token("Nf3");
                    assert_eq!(one.out, other.out, "{text:?} at {before:?}, {columns:?}");
                    checked += 1;
                }
            }
        }
        assert!(checked > 150_000);
    }
}
