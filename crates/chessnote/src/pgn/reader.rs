//! The reader: one pass over the bytes, a state machine with no recursion,
//! a visitor called for each part of each game.

use alloc::vec::Vec;
use core::convert::Infallible;
use core::ops::ControlFlow::{self, Break, Continue};

use super::input::{Input, SliceInput};
use super::{
    CommentKind, GameResult, GameStart, Nag, PgnError, PgnErrorKind, PgnLeniency, RawComment,
    RawTag, ReadOptions, Skip, Token, Visitor,
};
use crate::location::Location;
use crate::san::{SanOptions, SanPlus};
use crate::uci::Uci;

/// Returns from the enclosing function with the `Break`, if it is one.
macro_rules! flow {
    ($e:expr) => {
        if let Break(b) = $e {
            return Ok(Break(b));
        }
    };
}

/// Bytes that end a move token: whitespace and PGN's punctuation.
static TERMINATOR: [bool; 256] = {
    let mut table = [false; 256];
    let ends = b" \t\n\r\x0b\x0c{}();[]$\"";
    let mut i = 0;
    while i < ends.len() {
        table[ends[i] as usize] = true;
        i += 1;
    }
    table
};

#[inline(always)]
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

/// The length of the token at the start of `data`: up to the first
/// terminator (at least one byte, when there is one).
#[inline(always)]
fn token_len(data: &[u8]) -> usize {
    let mut i = 1;
    while let Some(&b) = data.get(i) {
        if TERMINATOR[usize::from(b)] {
            break;
        }
        i += 1;
    }
    i.min(data.len())
}

/// How many `.` start `data`, up to four (a longer run is counted on by
/// the caller). White's move numbers have one and Black's three, turn
/// about: counted four bytes at once, so that the count is arithmetic, not
/// a loop whose end the processor must guess.
#[inline(always)]
fn leading_dots(data: &[u8]) -> usize {
    match data.first_chunk::<4>() {
        Some(&word) => {
            // The dots become zero bytes; little-endian, the first byte is
            // the lowest.
            let x = u32::from_le_bytes(word) ^ 0x2E2E_2E2E;
            (x.trailing_zeros() / 8) as usize
        }
        None => data.iter().take_while(|&&b| b == b'.').count(),
    }
}

/// Whether a token of `len` bytes at the start of `data` is whole: a
/// terminator or the end of the input follows it.
#[inline(always)]
fn ends_at(data: &[u8], len: usize, at_end: bool) -> bool {
    match data.get(len) {
        Some(&b) => TERMINATOR[usize::from(b)],
        None => at_end,
    }
}

/// The PGN reader: games from any input, streamed, one visitor call per
/// part of a game, every problem reported with its place (see
/// [`PgnError`]).
///
/// Over bytes in memory ([`Reader::from_slice`]) it reads in place, with no
/// allocation but a small stack for the plies of open variations; over any
/// `io::Read` ([`Reader::new`], with `std`) it reads through one buffer,
/// allocated once, of [`ReadOptions::buffer_size`] bytes. Memory stays
/// constant whatever the size of a game, a comment or the input: tags and
/// comments are lent to the visitor, and a comment longer than the buffer
/// comes in pieces. Time is linear in the input, and nothing recurses:
/// variations are a depth counter.
///
/// # How games are delimited
///
/// A game is optional tag pairs and then movetext. It ends at its
/// termination marker (and the comments right after it), at a `[` that
/// starts the next tag section, or at the end of the input. A blank line
/// alone does not end a game (a blank line inside the movetext is no
/// reason to cut it in two), but it does before an `[Event` tag that
/// follows tags (games of tags only), and before a move number lower than
/// the game's last one (games of moves only).
///
/// ```
/// use chessnote::pgn::Reader;
///
/// let pgn = b"[Event \"Casual\"]\n[White \"Anderssen\"]\n\n1. e4 e5 2. f4 exf4 *\n\n1. d4 1-0";
/// let games: Vec<_> = Reader::from_slice(pgn).games().collect();
/// assert_eq!(games.len(), 2);
/// assert_eq!(games[0].tag("White"), Some("Anderssen"));
/// assert_eq!(games[0].uci().map(|m| m.to_string()).collect::<Vec<_>>(), ["e2e4", "e7e5", "f2f4", "e5f4"]);
/// assert_eq!(games[1].line, 6);
/// ```
#[derive(Debug)]
pub struct Reader<I> {
    input: I,
    options: ReadOptions,
    lookahead: usize,
    /// Where `input.data()[0]` is in the input.
    offset: u64,
    line: u64,
    line_start: u64,
    /// Games started so far.
    games: u64,
    // The game being read.
    game: GameStart,
    result_tag: Option<GameResult>,
    tags: u32,
    moves: u32,
    /// Open variations being read, each with the ply its moves count from.
    plies: Vec<u32>,
    /// Open variations being skipped, inside the ones read.
    skip: usize,
    after_result: bool,
    /// Whether the game has movetext (a token after its tags): a game of
    /// tags only has no result to miss.
    has_movetext: bool,
    /// Where the outermost open variation opened.
    open_paren: Location,
    /// The last move number of the mainline, to tell a game without tags
    /// or result from the next one (see [`Reader::number`]).
    last_number: u64,
    /// No game starts at or after this byte ([`Reader::until`]).
    stop: u64,
}

impl<'a> Reader<SliceInput<'a>> {
    /// A reader of bytes in memory, with the default options.
    ///
    /// ```
    /// use chessnote::pgn::Reader;
    /// let mut reader = Reader::from_slice(b"1. e4 e5 *");
    /// assert!(reader.skip_game()?);
    /// assert!(!reader.skip_game()?);
    /// # Ok::<(), core::convert::Infallible>(())
    /// ```
    pub fn from_slice(bytes: &'a [u8]) -> Reader<SliceInput<'a>> {
        Reader::from_slice_with(bytes, ReadOptions::DEFAULT)
    }

    /// A reader of bytes in memory, with these options.
    pub fn from_slice_with(bytes: &'a [u8], options: ReadOptions) -> Reader<SliceInput<'a>> {
        Reader::from_input(SliceInput::new(bytes), options)
    }

    /// A reader of bytes in memory that continue a larger input at a game
    /// boundary: the games are numbered from `start.index` and located
    /// (byte, line, column) from `start.location`, as if the input before
    /// it had been read. This is how a [`super::Chunk`] of a file is read
    /// on its own, on any thread, with the same results and places as
    /// reading the whole file.
    ///
    /// ```
    /// use chessnote::location::Location;
    /// use chessnote::pgn::{GameStart, Reader};
    ///
    /// let file = b"1. e4 *\n1. d4 Kd4 *\n";
    /// let start = GameStart { index: 1, location: Location { byte: 8, line: 2, column: 1 } };
    /// let game = Reader::from_slice_at(&file[8..], Default::default(), start).games().next().unwrap();
    /// assert_eq!((game.index, game.offset, game.line), (1, 8, 2));
    /// assert_eq!(game.errors[0].location(), Location { byte: 14, line: 2, column: 7 });
    /// ```
    pub fn from_slice_at(
        bytes: &'a [u8],
        options: ReadOptions,
        start: GameStart,
    ) -> Reader<SliceInput<'a>> {
        Reader::from_input(SliceInput::new(bytes), options).at(start)
    }
}

#[cfg(feature = "std")]
impl<R: std::io::Read> Reader<super::IoInput<R>> {
    /// A reader of any `io::Read` (a file, stdin, a decompressor), with the
    /// default options. It buffers: do not add a `BufReader`.
    ///
    /// ```
    /// use chessnote::pgn::Reader;
    /// let file: &[u8] = b"[Event \"x\"]\n1. e4 *\n"; // or std::fs::File::open(path)?
    /// let games = Reader::new(file).games().count();
    /// assert_eq!(games, 1);
    /// ```
    pub fn new(read: R) -> Reader<super::IoInput<R>> {
        Reader::with_options(read, ReadOptions::DEFAULT)
    }

    /// A reader of any `io::Read`, with these options.
    pub fn with_options(read: R, options: ReadOptions) -> Reader<super::IoInput<R>> {
        let input = super::IoInput::new(read, options.effective_buffer_size());
        Reader::from_input(input, options)
    }
}

impl<I: Input> Reader<I> {
    /// A reader of any [`Input`].
    pub fn from_input(input: I, options: ReadOptions) -> Reader<I> {
        let start = Location {
            byte: 0,
            line: 1,
            column: 1,
        };
        Reader {
            input,
            options,
            lookahead: options.limits.max_token_len.max(16) + 16,
            offset: 0,
            line: 1,
            line_start: 0,
            games: 0,
            game: GameStart {
                index: 0,
                location: start,
            },
            result_tag: None,
            tags: 0,
            moves: 0,
            plies: Vec::new(),
            skip: 0,
            after_result: false,
            has_movetext: false,
            last_number: 0,
            open_paren: start,
            stop: u64::MAX,
        }
    }

    /// The reader of an input that continues a larger one at a game
    /// boundary: its games numbered from `start.index` and located from
    /// `start.location`, as if the input before it had been read (see
    /// [`Reader::from_slice_at`]). Call it before reading.
    #[must_use]
    pub fn at(mut self, start: GameStart) -> Reader<I> {
        let at = start.location;
        self.offset = at.byte;
        self.line = at.line.max(1);
        // The column counts from the start of the line, which can be in
        // the input before these bytes.
        self.line_start = at.byte.saturating_sub(at.column.max(1) - 1);
        self.games = start.index;
        self.game = start;
        self.open_paren = at;
        self
    }

    /// The reader, reading no game that starts at or after byte `end` of
    /// the input: the bytes after it are there to be looked at, as a reader
    /// of the whole input would, to tell where the last game before `end`
    /// ends. [`super::Chunk::reader`] reads a chunk this way.
    ///
    /// ```
    /// use chessnote::pgn::Reader;
    ///
    /// let pgn = b"1. e4 { unclosed\n[Event \"next\"]\n1. d4 *";
    /// let mut alone = Reader::from_slice(&pgn[..17]).games();
    /// let mut until = Reader::from_slice(pgn).until(17).games();
    /// // The comment ends before the `[Event` line, as when the whole input is read.
    /// assert!(until.next().unwrap().comments(1).eq([" unclosed"]));
    /// assert!(alone.next().unwrap().comments(1).eq([" unclosed\n"]));
    /// assert!(until.next().is_none());
    /// ```
    #[must_use]
    pub fn until(mut self, end: u64) -> Reader<I> {
        self.stop = end;
        self
    }

    /// The options the reader reads with.
    pub fn options(&self) -> &ReadOptions {
        &self.options
    }

    /// Where the next byte to read is.
    pub fn location(&self) -> Location {
        self.loc(0)
    }

    /// How many games have been started so far.
    pub fn games_started(&self) -> u64 {
        self.games
    }

    /// The input, with the bytes not yet read still in it (for an
    /// [`super::IoInput`], in its buffer).
    pub fn into_input(self) -> I {
        self.input
    }

    /// Reads the next game with `visitor`: `Ok(None)` at the end of the
    /// input, otherwise what the visitor made of the game.
    ///
    /// ```
    /// use chessnote::pgn::{Game, Reader};
    /// let mut reader = Reader::from_slice(b"1. e4 *\n1. d4 *");
    /// let first = reader.read_game(&mut Game::builder())?.unwrap();
    /// assert_eq!(first.san().map(|s| s.to_string()).collect::<Vec<_>>(), ["e4"]);
    /// # Ok::<(), core::convert::Infallible>(())
    /// ```
    ///
    /// # Errors
    ///
    /// Only the input's own errors (an `io::Error`); problems in the PGN go
    /// to [`Visitor::error`].
    pub fn read_game<V: Visitor>(
        &mut self,
        visitor: &mut V,
    ) -> Result<Option<V::Output>, I::Error> {
        if !self.begin_game()? {
            return Ok(None);
        }
        let mut tags = match visitor.begin_game(self.game) {
            Continue(tags) => tags,
            Break(output) => {
                self.skip_rest(false)?;
                return Ok(Some(output));
            }
        };
        // A visitor's `Break` output waits here while the reader returns:
        // its functions pass a one-byte flow, whatever the output's size.
        let mut stash = None;
        let flow = self.tags(&mut TagPhase {
            visitor: &mut *visitor,
            tags: &mut tags,
            stash: &mut stash,
        })?;
        if let (Break(()), Some(output)) = (flow, stash.take()) {
            self.skip_rest(false)?;
            return Ok(Some(output));
        }
        let mut movetext = match visitor.begin_movetext(tags) {
            Continue(movetext) => movetext,
            Break(output) => {
                self.skip_rest(true)?;
                return Ok(Some(output));
            }
        };
        let mut phase = MovePhase {
            visitor: &mut *visitor,
            movetext: &mut movetext,
            stash: &mut stash,
        };
        let mut flow = self.movetext(&mut phase)?;
        // Whether the movetext was read to its end: a `Break` after it
        // leaves nothing of this game to skip (and the next game may
        // start right here: skipping would read into it).
        let ended = flow.is_continue();
        if ended {
            flow = self.end_movetext(&mut phase);
        }
        if let (Break(()), Some(output)) = (flow, stash.take()) {
            if !ended {
                self.skip_rest(true)?;
            }
            return Ok(Some(output));
        }
        Ok(Some(visitor.end_game(movetext)))
    }

    /// Skips the next game without parsing its moves: `Ok(false)` at the
    /// end of the input.
    ///
    /// # Errors
    ///
    /// Only the input's own errors.
    pub fn skip_game(&mut self) -> Result<bool, I::Error> {
        if !self.begin_game()? {
            return Ok(false);
        }
        self.skip_rest(false)?;
        Ok(true)
    }

    /// Calls [`Reader::read_game`] until the end of the input.
    ///
    /// # Errors
    ///
    /// Only the input's own errors.
    pub fn visit_all_games<V: Visitor>(&mut self, visitor: &mut V) -> Result<(), I::Error> {
        while self.read_game(visitor)?.is_some() {}
        Ok(())
    }

    /// Skips what is left of the game (the tags too unless `in_movetext`),
    /// quietly.
    fn skip_rest(&mut self, in_movetext: bool) -> Result<(), I::Error> {
        if !in_movetext {
            let Continue(()) = self.tags(&mut Quiet)?;
        }
        self.skip += self.plies.len().saturating_sub(1);
        self.plies.truncate(1);
        let Continue(()) = self.movetext(&mut Quiet)?;
        Ok(())
    }
}

/// What the reader does with what it reads: pass it to a visitor (in the
/// tag phase or the movetext phase) or nothing ([`Quiet`], when skipping).
trait Sink {
    type Output;
    /// Nothing is delivered and no error reported: tokens are only
    /// delimited.
    const QUIET: bool;

    fn tag(&mut self, _name: &[u8], _value: RawTag<'_>) -> ControlFlow<Self::Output> {
        Continue(())
    }
    fn san(&mut self, _san: SanPlus, _token: Token<'_>) -> ControlFlow<Self::Output> {
        Continue(())
    }
    fn uci(&mut self, _uci: Uci, _token: Token<'_>) -> ControlFlow<Self::Output> {
        Continue(())
    }
    fn nag(&mut self, _nag: Nag) -> ControlFlow<Self::Output> {
        Continue(())
    }
    fn comment(&mut self, _comment: RawComment<'_>, _partial: bool) -> ControlFlow<Self::Output> {
        Continue(())
    }
    fn begin_variation(&mut self) -> ControlFlow<Self::Output, Skip> {
        Continue(Skip(true))
    }
    fn end_variation(&mut self) -> ControlFlow<Self::Output> {
        Continue(())
    }
    fn result(&mut self, _result: GameResult) -> ControlFlow<Self::Output> {
        Continue(())
    }
    fn error(&mut self, _error: PgnError) -> ControlFlow<Self::Output> {
        Continue(())
    }
}

struct Quiet;

impl Sink for Quiet {
    type Output = Infallible;
    const QUIET: bool = true;
}

/// Keeps a visitor's `Break` output in `stash` and gives the reader a
/// plain `Break`.
#[inline(always)]
fn stash<T>(flow: ControlFlow<T>, stash: &mut Option<T>) -> ControlFlow<()> {
    match flow {
        Continue(()) => Continue(()),
        Break(output) => {
            *stash = Some(output);
            Break(())
        }
    }
}

struct TagPhase<'a, V: Visitor> {
    visitor: &'a mut V,
    tags: &'a mut V::Tags,
    stash: &'a mut Option<V::Output>,
}

impl<V: Visitor> Sink for TagPhase<'_, V> {
    type Output = ();
    const QUIET: bool = false;

    #[inline(always)]
    fn tag(&mut self, name: &[u8], value: RawTag<'_>) -> ControlFlow<()> {
        stash(self.visitor.tag(self.tags, name, value), self.stash)
    }
    fn error(&mut self, error: PgnError) -> ControlFlow<()> {
        stash(self.visitor.error(error), self.stash)
    }
}

struct MovePhase<'a, V: Visitor> {
    visitor: &'a mut V,
    movetext: &'a mut V::Movetext,
    stash: &'a mut Option<V::Output>,
}

impl<V: Visitor> Sink for MovePhase<'_, V> {
    type Output = ();
    const QUIET: bool = false;

    #[inline(always)]
    fn san(&mut self, san: SanPlus, token: Token<'_>) -> ControlFlow<()> {
        stash(self.visitor.san(self.movetext, san, token), self.stash)
    }
    fn uci(&mut self, uci: Uci, token: Token<'_>) -> ControlFlow<()> {
        stash(self.visitor.uci(self.movetext, uci, token), self.stash)
    }
    #[inline(always)]
    fn nag(&mut self, nag: Nag) -> ControlFlow<()> {
        stash(self.visitor.nag(self.movetext, nag), self.stash)
    }
    #[inline(always)]
    fn comment(&mut self, comment: RawComment<'_>, partial: bool) -> ControlFlow<()> {
        let flow = if partial {
            self.visitor.partial_comment(self.movetext, comment)
        } else {
            self.visitor.comment(self.movetext, comment)
        };
        stash(flow, self.stash)
    }
    fn begin_variation(&mut self) -> ControlFlow<(), Skip> {
        match self.visitor.begin_variation(self.movetext) {
            Continue(skip) => Continue(skip),
            Break(output) => {
                *self.stash = Some(output);
                Break(())
            }
        }
    }
    fn end_variation(&mut self) -> ControlFlow<()> {
        stash(self.visitor.end_variation(self.movetext), self.stash)
    }
    fn result(&mut self, result: GameResult) -> ControlFlow<()> {
        stash(self.visitor.result(self.movetext, result), self.stash)
    }
    fn error(&mut self, error: PgnError) -> ControlFlow<()> {
        stash(self.visitor.error(error), self.stash)
    }
}

/// How a comment's bytes in the buffer end.
enum CommentEnd {
    /// At its closing byte, at this offset.
    Closed(usize),
    /// Before the newline at this offset, which a line starting with
    /// `[Event ` follows: the comment was left open.
    EventLine(usize),
    /// Not in the buffer; the bytes up to `Scan::span` can be delivered.
    Open,
}

/// One pass over a comment's bytes in the buffer: where it ends, and the
/// newlines before that (how many, and where the last one is).
struct Scan {
    end: CommentEnd,
    span: usize,
    newlines: u64,
    last_newline: Option<usize>,
}

const EVENT_LINE: &[u8] = b"[Event ";

/// The longest comment, braces included, that [`Reader::short_comment`]
/// reads.
const SHORT_COMMENT: usize = 64;

/// Scans a `{` comment: to its `}`, counting newlines, and stopping before
/// a line that starts with `[Event `. When the input may go on, a newline
/// too near the end of `data` to tell what follows is left for later.
fn scan_brace(data: &[u8], at_end: bool) -> Scan {
    let mut newlines = 0;
    let mut last_newline = None;
    for at in memchr::memchr2_iter(b'}', b'\n', data) {
        let end = if data[at] == b'}' {
            Some(CommentEnd::Closed(at))
        } else {
            let after = &data[at + 1..];
            if after.starts_with(EVENT_LINE) {
                Some(CommentEnd::EventLine(at))
            } else if !at_end && after.len() < EVENT_LINE.len() && EVENT_LINE.starts_with(after) {
                Some(CommentEnd::Open)
            } else {
                None
            }
        };
        if let Some(end) = end {
            return Scan {
                end,
                span: at,
                newlines,
                last_newline,
            };
        }
        newlines += 1;
        last_newline = Some(at);
    }
    Scan {
        end: CommentEnd::Open,
        span: data.len(),
        newlines,
        last_newline,
    }
}

/// Scans a `;` comment: to the end of its line (the `\n` is not part of it).
fn scan_line(data: &[u8]) -> Scan {
    let (end, span) = match memchr::memchr(b'\n', data) {
        Some(at) => (CommentEnd::Closed(at), at),
        None => (CommentEnd::Open, data.len()),
    };
    Scan {
        end,
        span,
        newlines: 0,
        last_newline: None,
    }
}

/// The length of the longest prefix of `bytes` that ends on a UTF-8
/// character boundary (at most 3 bytes shorter).
fn utf8_boundary(bytes: &[u8]) -> usize {
    let n = bytes.len();
    for back in 1..=3.min(n) {
        let b = bytes[n - back];
        if b & 0xC0 == 0xC0 {
            // A lead byte: is its sequence whole?
            let need = if b >= 0xF0 {
                4
            } else if b >= 0xE0 {
                3
            } else {
                2
            };
            return if back >= need { n } else { n - back };
        }
        if b & 0x80 == 0 {
            return n;
        }
    }
    n
}

impl<I: Input> Reader<I> {
    #[inline(always)]
    fn loc(&self, ahead: usize) -> Location {
        let byte = self.offset + ahead as u64;
        Location {
            byte,
            line: self.line,
            column: byte - self.line_start + 1,
        }
    }

    #[cold]
    fn error(&self, kind: PgnErrorKind, ahead: usize) -> PgnError {
        PgnError::new(kind, self.loc(ahead), self.game.index, self.game.location)
    }

    /// The ply of the last move on the current line of play.
    fn ply(&self) -> u32 {
        self.plies.last().copied().unwrap_or(0)
    }

    #[inline(always)]
    fn bump(&mut self, n: usize) {
        self.input.consume(n);
        self.offset += n as u64;
    }

    /// Makes sure `n` bytes are available, unless the input ends first.
    #[inline(always)]
    fn ensure(&mut self, n: usize) -> Result<(), I::Error> {
        if self.input.data().len() < n && !self.input.at_end() {
            self.refill(n)?;
        }
        Ok(())
    }

    #[cold]
    fn refill(&mut self, n: usize) -> Result<(), I::Error> {
        while self.input.data().len() < n {
            if !self.input.fill()? {
                break;
            }
        }
        Ok(())
    }

    /// Skips whitespace; returns how many newlines it passed.
    #[inline(always)]
    fn skip_space(&mut self) -> u64 {
        let data = self.input.data();
        let mut i = 0;
        let mut newlines = 0;
        while let Some(&b) = data.get(i) {
            if b == b'\n' {
                newlines += 1;
                self.line_start = self.offset + i as u64 + 1;
            } else if !is_space(b) {
                break;
            }
            i += 1;
        }
        self.line += newlines;
        self.bump(i);
        newlines
    }

    /// Skips to the end of the line (the `\n` stays), whatever its length.
    fn skip_line(&mut self) -> Result<(), I::Error> {
        loop {
            let data = self.input.data();
            if let Some(nl) = memchr::memchr(b'\n', data) {
                self.bump(nl);
                return Ok(());
            }
            let n = data.len();
            self.bump(n);
            if !self.input.fill()? && self.input.data().is_empty() {
                return Ok(());
            }
        }
    }

    /// Skips what comes between games (whitespace, a byte-order mark, `%`
    /// lines) and starts the next game: `false` at the end of the input.
    fn begin_game(&mut self) -> Result<bool, I::Error> {
        if self.offset >= self.stop {
            // At the stop already: what lies after it is not looked at.
            return Ok(false);
        }
        loop {
            self.ensure(self.lookahead)?;
            self.skip_space();
            self.ensure(self.lookahead)?;
            let data = self.input.data();
            if data.starts_with(b"\xef\xbb\xbf") {
                // Invisible: the line's columns count from after it.
                let at_line_start = self.offset == self.line_start;
                self.bump(3);
                if at_line_start {
                    self.line_start = self.offset;
                }
                continue;
            }
            match data.first() {
                None => return Ok(false),
                Some(&b) if is_space(b) => {}
                Some(b'%') if self.offset == self.line_start => self.skip_line()?,
                Some(_) => break,
            }
        }
        if self.offset >= self.stop {
            // The game would start at or after the stop (the reader is
            // left where it would start: see [`super::Chunk::check`]).
            return Ok(false);
        }
        self.game = GameStart {
            index: self.games,
            location: self.loc(0),
        };
        self.games += 1;
        self.result_tag = None;
        self.tags = 0;
        self.moves = 0;
        self.plies.clear();
        self.plies.push(0);
        self.skip = 0;
        self.after_result = false;
        self.has_movetext = false;
        self.last_number = 0;
        Ok(true)
    }

    /// The tag section: tag pairs, whitespace and `%` lines, until
    /// something else (or a blank line before an `[Event` tag, which
    /// starts the next game).
    fn tags<S: Sink>(&mut self, sink: &mut S) -> Result<ControlFlow<S::Output>, I::Error> {
        // Newlines since the last tag: two make a blank line.
        let mut newlines = 0;
        loop {
            self.ensure(self.lookahead)?;
            newlines += self.skip_space();
            self.ensure(self.lookahead)?;
            let data = self.input.data();
            match data.first() {
                Some(b'[') => {
                    let event = data[1..].starts_with(b"Event")
                        && matches!(data.get(6), Some(b' ' | b'\t' | b'"'));
                    if newlines >= 2 && self.tags > 0 && event {
                        // A game of tags only; this tag starts the next.
                        self.after_result = true;
                        return Ok(Continue(()));
                    }
                    newlines = 0;
                    flow!(self.tag(sink)?);
                }
                Some(&b) if is_space(b) => {}
                Some(b'%') if self.offset == self.line_start => self.skip_line()?,
                Some(b)
                    if b.is_ascii_alphabetic()
                        && self.tags > 0
                        && self.offset == self.line_start =>
                {
                    // `Name "value"]`, a line among tags: a tag pair whose
                    // `[` is missing, read and reported (not movetext,
                    // which would cut the game in two).
                    let max = self.options.limits.max_tag_len;
                    self.ensure(max)?;
                    let data = self.input.data();
                    // The line may end at the end of the input only when
                    // all that is left is in the window (in memory or not).
                    let at_end = self.input.at_end() && data.len() <= max;
                    let window = &data[..data.len().min(max)];
                    let Some((parsed, len)) = bracketless_tag(window, at_end) else {
                        return Ok(Continue(()));
                    };
                    newlines = 0;
                    flow!(self.tag_pair(sink, len, parsed)?);
                }
                _ => return Ok(Continue(())),
            }
        }
    }

    /// One tag pair, at `[`.
    fn tag<S: Sink>(&mut self, sink: &mut S) -> Result<ControlFlow<S::Output>, I::Error> {
        let max = self.options.limits.max_tag_len;
        if let Some((parsed, end)) = clean_tag(self.input.data()).filter(|&(_, end)| end <= max) {
            return self.tag_pair(sink, end, parsed);
        }
        if tag_end(self.input.data()).is_none_or(|end| end > max) {
            self.ensure(max)?;
        }
        let data = self.input.data();
        let window = &data[..data.len().min(max)];
        let Some(end) = tag_end(window) else {
            // No end of line within the limit.
            if window.len() == max {
                if !S::QUIET {
                    let error = self.error(PgnErrorKind::TagTooLong, 0).with_token(window);
                    flow!(sink.error(error));
                }
                self.skip_line()?;
                return Ok(Continue(()));
            }
            // The input ends inside the tag: the rest is the tag.
            let parsed = parse_tag(window);
            return self.tag_pair(sink, window.len(), parsed);
        };
        let parsed = parse_tag(&window[..end]);
        self.tag_pair(sink, end, parsed)
    }

    /// The tag pair in the first `len` bytes of the data (from `[` to its
    /// `]` included, or to the end of its line), read as `parsed`.
    fn tag_pair<S: Sink>(
        &mut self,
        sink: &mut S,
        len: usize,
        parsed: ParsedTag,
    ) -> Result<ControlFlow<S::Output>, I::Error> {
        let data = self.input.data();
        let text = &data[..len];
        // Counted once consumed: a `Break` leaves it to be read again.
        let count = self.tags.saturating_add(1);
        if !S::QUIET {
            // Located at the tag's `[`, the tag as the token.
            for &kind in parsed.problems.iter().flatten() {
                let mut error = self.error(kind, 0).with_token(text);
                if kind == PgnErrorKind::UnknownEscape
                    && self.options.leniencies.contains(PgnLeniency::UnknownEscape)
                {
                    error = error.into_warning();
                }
                flow!(sink.error(error));
            }
            let max = self.options.limits.max_tags;
            if count == max.saturating_add(1) {
                let error = self.error(PgnErrorKind::TooManyTags, 0).with_token(text);
                flow!(sink.error(error));
            }
            if let Some((name, value)) = parsed.pair.filter(|_| count <= max) {
                let name = &text[name.0..name.1];
                let value = &text[value.0..value.1];
                if name == b"Result" {
                    self.result_tag = GameResult::from_ascii(value);
                }
                flow!(sink.tag(name, RawTag(value)));
            }
        }
        self.tags = count;
        self.bump(len);
        Ok(Continue(()))
    }

    /// The movetext, up to the end of the game.
    fn movetext<S: Sink>(&mut self, sink: &mut S) -> Result<ControlFlow<S::Output>, I::Error> {
        // The newlines since the last token: two make a blank line.
        let mut newlines = 0;
        loop {
            self.ensure(self.lookahead)?;
            if S::QUIET && !self.after_result {
                self.skip_quietly(&mut newlines);
                self.ensure(self.lookahead)?;
            }
            let data = self.input.data();
            let Some(&b) = data.first() else {
                return Ok(Continue(()));
            };
            if self.after_result && !matches!(b, b'{' | b';' | b'%') && !is_space(b) {
                return Ok(Continue(()));
            }
            let blank = newlines >= 2;
            match b {
                b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c => {
                    newlines += self.skip_space();
                    continue;
                }
                b'[' => return Ok(Continue(())),
                _ => self.has_movetext = true,
            }
            match b {
                b'{' => match self.short_comment(sink) {
                    Some(flow) => flow!(flow),
                    None => flow!(self.comment(sink, CommentKind::Brace)?),
                },
                b';' => flow!(self.comment(sink, CommentKind::Line)?),
                b'%' if self.offset == self.line_start => self.skip_line()?,
                b'(' => flow!(self.open_variation(sink)),
                b')' => flow!(self.close_variation(sink)),
                b'$' => flow!(self.nag(sink)?),
                b'!' | b'?' => flow!(self.glyph(sink)?),
                b'*' => flow!(self.maybe_result(sink, 1, GameResult::Unknown)?),
                b'0'..=b'9' => match self.number(sink, blank)? {
                    Some(flow) => flow!(flow),
                    None => return Ok(Continue(())),
                },
                b'.' => {
                    // Dots on their own (`1. ... Nf6`): part of a move number.
                    let n = data.iter().take_while(|&&b| b == b'.').count();
                    self.bump(n);
                }
                // `@`: a crazyhouse pawn drop (`@e4`).
                b'a'..=b'z' | b'A'..=b'Z' | b'-' | b'@' => {
                    flow!(self.san(sink)?);
                }
                0xC2 | 0xE2 => flow!(self.unicode(sink)?),
                _ => flow!(self.unexpected(sink, PgnErrorKind::UnexpectedToken)?),
            }
            newlines = 0;
        }
    }

    /// The fast way through movetext being skipped: whitespace, move
    /// numbers and the tokens that cannot end a game or change the
    /// reader's state (moves, glyphs, junk) go by in one loop; it stops
    /// before anything else (a comment, a parenthesis, a result, a `[`, a
    /// token over the limit or cut by the end of the buffer), which
    /// [`Reader::movetext`] reads as usual. It ends where the usual way
    /// would: the property tests and the fuzz target check it.
    fn skip_quietly(&mut self, newlines: &mut u64) {
        let at_end = self.input.at_end();
        let max = self.options.limits.max_token_len;
        let data = self.input.data();
        let mut i = 0;
        while let Some(&b) = data.get(i) {
            match b {
                b'\n' => {
                    *newlines += 1;
                    self.line += 1;
                    self.line_start = self.offset + i as u64 + 1;
                    i += 1;
                }
                b' ' | b'\t' | b'\r' | 0x0b | 0x0c => i += 1,
                b'0'..=b'9' => {
                    // A move number, `12.` or `12...`; anything else is
                    // left to `number`.
                    let rest = &data[i..];
                    let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
                    let dots = rest[digits..].iter().take_while(|&&b| b == b'.').count();
                    let end = digits + dots;
                    if dots == 0
                        || end > max
                        || end == rest.len() && !at_end
                        || rest.get(end) == Some(&0xE2)
                    {
                        break;
                    }
                    if self.skip == 0 {
                        let number = rest[..digits].iter().fold(0u64, |n, &d| {
                            n.saturating_mul(10).saturating_add(u64::from(d - b'0'))
                        });
                        if starts_over(number, self.last_number, *newlines >= 2, dots) {
                            break;
                        }
                        self.last_number = number;
                    }
                    *newlines = 0;
                    i += end;
                }
                b'*' | b'.' | b'%' | 0xC2 | 0xE2 => break,
                _ if TERMINATOR[usize::from(b)] => break,
                _ => {
                    let len = token_len(&data[i..]);
                    if len > max || i + len == data.len() && !at_end {
                        break;
                    }
                    *newlines = 0;
                    i += len;
                }
            }
        }
        self.bump(i);
    }

    /// After the movetext: variations left open are reported and closed,
    /// then a missing result is reported (the game's, at depth 0).
    fn end_movetext<S: Sink>(&mut self, sink: &mut S) -> ControlFlow<S::Output> {
        if self.plies.len() > 1 || self.skip > 0 {
            let error = PgnError::new(
                PgnErrorKind::UnclosedVariation,
                self.open_paren,
                self.game.index,
                self.game.location,
            )
            .with_token(b"(");
            sink.error(error)?;
        }
        while self.plies.len() > 1 {
            sink.end_variation()?;
            self.plies.pop();
        }
        // After the variations are closed: the game's, not a variation's.
        if !self.after_result && self.has_movetext && !S::QUIET {
            let why = match self.input.data().first() {
                None => "the input ends",
                Some(b'[') => "a tag starts the next game",
                Some(_) => "the next game starts (its move numbers start over)",
            };
            let mut error = self
                .error(PgnErrorKind::MissingResult, 0)
                .with_detail(format_args!("{why} here"));
            if self.options.leniencies.contains(PgnLeniency::MissingResult) {
                error = error.into_warning();
            }
            sink.error(error)?;
        }
        Continue(())
    }

    /// A token that is nothing PGN has: reported, skipped to its end.
    fn unexpected<S: Sink>(
        &mut self,
        sink: &mut S,
        kind: PgnErrorKind,
    ) -> Result<ControlFlow<S::Output>, I::Error> {
        let data = self.input.data();
        let len = token_len(data);
        if len > self.options.limits.max_token_len {
            return self.too_long(sink);
        }
        if !S::QUIET && self.skip == 0 {
            let error = self.error(kind, 0).with_token(&data[..len]);
            flow!(sink.error(error));
        }
        self.bump(len);
        Ok(Continue(()))
    }

    /// A token longer than the limit: reported, skipped in pieces.
    #[cold]
    fn too_long<S: Sink>(&mut self, sink: &mut S) -> Result<ControlFlow<S::Output>, I::Error> {
        if !S::QUIET && self.skip == 0 {
            // The first bytes past the limit, the same whatever the buffer.
            let data = self.input.data();
            let shown = &data[..data.len().min(self.options.limits.max_token_len + 1)];
            let error = self.error(PgnErrorKind::TokenTooLong, 0).with_token(shown);
            flow!(sink.error(error));
        }
        let mut first = true;
        loop {
            let data = self.input.data();
            let len = if first {
                token_len(data)
            } else {
                // The rest of the token, after a refill: it may be over.
                data.iter()
                    .position(|&b| TERMINATOR[usize::from(b)])
                    .unwrap_or(data.len())
            };
            let whole = data.len();
            first = false;
            self.bump(len);
            if len < whole || !self.input.fill()? {
                return Ok(Continue(()));
            }
        }
    }

    /// A move: SAN (castling with zeros and null moves included).
    #[inline(always)]
    fn san<S: Sink>(&mut self, sink: &mut S) -> Result<ControlFlow<S::Output>, I::Error> {
        let data = self.input.data();
        let len = token_len(data);
        if len > self.options.limits.max_token_len {
            return self.too_long(sink);
        }
        if S::QUIET || self.skip > 0 {
            self.bump(len);
            return Ok(Continue(()));
        }
        if !self.count_move() {
            return Ok(self.too_many_moves(sink, len));
        }
        // The common spellings, read by the fast path, go straight to the
        // sink: kept apart from the general reading's result, the move
        // stays in a register on its way there.
        if let Some(san) = crate::san::fast_path(&self.input.data()[..len]) {
            let text = &self.input.data()[..len];
            flow!(self.deliver_san(sink, san, text, SanOptions::STRICT));
            self.bump(len);
            return Ok(Continue(()));
        }
        let options = self.options.san | SanOptions::VARIANTS;
        match SanPlus::parse_general(&self.input.data()[..len], options) {
            Ok((san, used)) => {
                // Two squares (`g1f3`) read as a pawn move with its source
                // are UCI when UCI is read: UCI moves any piece, and a pawn
                // as the SAN reading would.
                if used.contains(crate::san::Leniency::PawnSources)
                    && let Some(flow) = self.uci_move(sink, len)
                {
                    return Ok(flow);
                }
                let text = &self.input.data()[..len];
                flow!(self.deliver_san(sink, san, text, used));
                self.bump(len);
                Ok(Continue(()))
            }
            Err(error) => self.bad_san(sink, len, error),
        }
    }

    /// The `len` bytes ahead as a UCI move, when they are one and
    /// [`PgnLeniency::UciMoves`] reads them: handed to `sink` and consumed.
    fn uci_move<S: Sink>(&mut self, sink: &mut S, len: usize) -> Option<ControlFlow<S::Output>> {
        if !self.options.leniencies.contains(PgnLeniency::UciMoves) {
            return None;
        }
        let text = &self.input.data()[..len];
        let uci = Uci::from_ascii(text).ok()?;
        let token = Token {
            text,
            location: self.loc(0),
            leniencies: Default::default(),
        };
        if let Break(output) = sink.uci(uci, token) {
            return Some(Break(output));
        }
        self.bump(len);
        Some(Continue(()))
    }

    #[inline(always)]
    fn deliver_san<S: Sink>(
        &self,
        sink: &mut S,
        mut san: SanPlus,
        text: &[u8],
        used: crate::san::SanOptions,
    ) -> ControlFlow<S::Output> {
        // Only a token that ends with `!` or `?` has an annotation: test the
        // byte, not the value just built (cheaper to read).
        let annotation = match text.last() {
            Some(b'!' | b'?') => san.annotation.take(),
            _ => None,
        };
        let token = Token {
            text,
            location: self.loc(0),
            leniencies: used,
        };
        sink.san(san, token)?;
        if let Some(annotation) = annotation {
            sink.nag(Nag::from(annotation))?;
        }
        Continue(())
    }

    /// Counts a move against the limit and the ply; `false` when over the
    /// limit (the move is then skipped).
    #[inline(always)]
    fn count_move(&mut self) -> bool {
        self.moves = self.moves.saturating_add(1);
        if let Some(ply) = self.plies.last_mut() {
            *ply = ply.saturating_add(1);
        }
        self.moves <= self.options.limits.max_moves
    }

    /// A move over [`super::Limits::max_moves`]: skipped, reported once.
    #[cold]
    fn too_many_moves<S: Sink>(&mut self, sink: &mut S, len: usize) -> ControlFlow<S::Output> {
        if self.moves == self.options.limits.max_moves + 1 {
            let data = self.input.data();
            let error = self
                .error(PgnErrorKind::TooManyMoves, 0)
                .with_token(&data[..len]);
            sink.error(error)?;
        }
        self.bump(len);
        Continue(())
    }

    /// A token that starts like a move but is not SAN: a move followed by
    /// stray punctuation (`Bxe7,`) is read, and the punctuation reported;
    /// anything else is reported and skipped.
    #[cold]
    fn bad_san<S: Sink>(
        &mut self,
        sink: &mut S,
        len: usize,
        error: crate::san::SanError,
    ) -> Result<ControlFlow<S::Output>, I::Error> {
        let data = self.input.data();
        let text = &data[..len];
        let options = self.options.san | SanOptions::VARIANTS;
        if let Ok((san, used)) = SanPlus::from_ascii_prefix(text, options) {
            let rest = &text[used..];
            if !rest.is_empty() && rest.iter().all(|b| b.is_ascii_punctuation()) {
                let reported = crate::san::SanPlus::from_ascii_reporting(&text[..used], options);
                let leniencies = reported.map(|(_, l)| l).unwrap_or_default();
                flow!(self.deliver_san(sink, san, &text[..used], leniencies));
                let stray = self
                    .error(PgnErrorKind::UnexpectedToken, used)
                    .with_token(rest);
                flow!(sink.error(stray));
                self.bump(len);
                return Ok(Continue(()));
            }
        }
        if let Some(flow) = self.uci_move(sink, len) {
            return Ok(flow);
        }
        let report = self
            .error(PgnErrorKind::InvalidSan, 0)
            .with_ply(self.ply())
            .with_token(&self.input.data()[..len])
            .with_detail(crate::Diagnostic::message(&error));
        flow!(sink.error(report));
        self.bump(len);
        Ok(Continue(()))
    }

    /// `$n`.
    fn nag<S: Sink>(&mut self, sink: &mut S) -> Result<ControlFlow<S::Output>, I::Error> {
        let data = self.input.data();
        let digits = data[1..].iter().take_while(|b| b.is_ascii_digit()).count();
        let len = 1 + digits;
        if digits == 0
            || len > self.options.limits.max_token_len
            || !ends_at(data, len, self.input.at_end())
        {
            return self.unexpected(sink, PgnErrorKind::UnexpectedToken);
        }
        if !S::QUIET && self.skip == 0 {
            match Nag::from_ascii(&data[..len]) {
                Some(nag) => flow!(sink.nag(nag)),
                None => {
                    let error = self
                        .error(PgnErrorKind::NagOutOfRange, 0)
                        .with_token(&data[..len]);
                    flow!(sink.error(error));
                }
            }
        }
        self.bump(len);
        Ok(Continue(()))
    }

    /// A glyph on its own: `!`, `?`, `!!`, `??`, `!?`, `?!`.
    fn glyph<S: Sink>(&mut self, sink: &mut S) -> Result<ControlFlow<S::Output>, I::Error> {
        let data = self.input.data();
        let len = token_len(data);
        let Some(nag) = Nag::from_ascii(&data[..len]) else {
            return self.unexpected(sink, PgnErrorKind::UnexpectedToken);
        };
        if !S::QUIET && self.skip == 0 {
            flow!(sink.nag(nag));
        }
        self.bump(len);
        Ok(Continue(()))
    }

    fn open_variation<S: Sink>(&mut self, sink: &mut S) -> ControlFlow<S::Output> {
        if self.plies.len() == 1 && self.skip == 0 {
            self.open_paren = self.loc(0);
        }
        if S::QUIET || self.skip > 0 {
            self.skip += 1;
        } else if self.plies.len() > self.options.limits.max_depth {
            sink.error(
                self.error(PgnErrorKind::VariationTooDeep, 0)
                    .with_token(b"("),
            )?;
            self.skip = 1;
        } else {
            match sink.begin_variation()? {
                Skip(true) => self.skip = 1,
                Skip(false) => {
                    // The variation replaces the last move: it counts from
                    // that move's ply.
                    let ply = self.ply().saturating_sub(1);
                    self.plies.push(ply);
                }
            }
        }
        self.bump(1);
        Continue(())
    }

    fn close_variation<S: Sink>(&mut self, sink: &mut S) -> ControlFlow<S::Output> {
        if self.skip > 0 {
            self.skip -= 1;
        } else if self.plies.len() > 1 {
            sink.end_variation()?;
            self.plies.pop();
        } else if !S::QUIET {
            sink.error(
                self.error(PgnErrorKind::UnmatchedParenthesis, 0)
                    .with_token(b")"),
            )?;
        }
        self.bump(1);
        Continue(())
    }

    /// A termination marker of `len` bytes, if a token ends there.
    fn maybe_result<S: Sink>(
        &mut self,
        sink: &mut S,
        len: usize,
        result: GameResult,
    ) -> Result<ControlFlow<S::Output>, I::Error> {
        if !ends_at(self.input.data(), len, self.input.at_end()) {
            return self.unexpected(sink, PgnErrorKind::UnexpectedToken);
        }
        Ok(self.result(sink, len, result))
    }

    fn result<S: Sink>(
        &mut self,
        sink: &mut S,
        len: usize,
        result: GameResult,
    ) -> ControlFlow<S::Output> {
        if self.skip > 0 {
            // Inside a skipped variation: not read.
        } else if self.plies.len() > 1 {
            if !S::QUIET {
                let data = self.input.data();
                let error = self
                    .error(PgnErrorKind::ResultInVariation, 0)
                    .with_token(&data[..len]);
                sink.error(error)?;
            }
        } else {
            if !S::QUIET {
                if let Some(tag) = self.result_tag.filter(|&tag| tag != result) {
                    let data = self.input.data();
                    let error = self
                        .error(PgnErrorKind::ResultMismatch, 0)
                        .with_token(&data[..len])
                        .with_detail(format_args!("the Result tag says {tag}"));
                    sink.error(error)?;
                }
                sink.result(result)?;
            }
            self.after_result = true;
        }
        self.bump(len);
        Continue(())
    }

    /// A token that starts with a digit: a move number (`12.`, `12...`,
    /// `12…`), a result, or castling with zeros. `None` when the number
    /// starts the next game: in the mainline, a move number lower than the
    /// last one after a blank line, or `1.` after a move numbered 2 or
    /// more ([`starts_over`]: games without tags or results, one after the
    /// other).
    fn number<S: Sink>(
        &mut self,
        sink: &mut S,
        blank: bool,
    ) -> Result<Option<ControlFlow<S::Output>>, I::Error> {
        let data = self.input.data();
        let digits = data.iter().take_while(|b| b.is_ascii_digit()).count();
        let rest = &data[digits..];
        let mut dots = 0;
        loop {
            let after = &rest[dots..];
            let run = leading_dots(after);
            if run > 0 {
                dots += run;
            } else if after.starts_with(&[0xE2, 0x80, 0xA6]) {
                dots += 3;
            } else {
                break;
            }
        }
        if digits + dots > self.options.limits.max_token_len {
            return self
                .unexpected(sink, PgnErrorKind::UnexpectedToken)
                .map(Some);
        }
        if digits == 4
            && dots == 0
            && data.starts_with(b"0000")
            && self.options.leniencies.contains(PgnLeniency::UciMoves)
            && ends_at(data, 4, self.input.at_end())
        {
            // The UCI null move.
            return self.san(sink).map(Some);
        }
        if dots > 0 || ends_at(data, digits, self.input.at_end()) {
            // A move number (a bare number is one too).
            if self.skip == 0 && self.plies.len() == 1 {
                let number = data[..digits].iter().fold(0u64, |n, &d| {
                    n.saturating_mul(10).saturating_add(u64::from(d - b'0'))
                });
                if starts_over(number, self.last_number, blank, dots) {
                    return Ok(None);
                }
                self.last_number = number;
            }
            self.bump(digits + dots);
            return Ok(Some(Continue(())));
        }
        for (text, result) in [
            (&b"1-0"[..], GameResult::WhiteWins),
            (b"0-1", GameResult::BlackWins),
            (b"1/2-1/2", GameResult::Draw),
        ] {
            if data.starts_with(text) && ends_at(data, text.len(), self.input.at_end()) {
                return Ok(Some(self.result(sink, text.len(), result)));
            }
        }
        if data.starts_with(b"0-0") {
            return self.san(sink).map(Some);
        }
        if let Some(len) = self.lenient_result(data) {
            return Ok(Some(self.lenient(sink, len)));
        }
        self.unexpected(sink, PgnErrorKind::UnexpectedToken)
            .map(Some)
    }

    /// A result in a form [`PgnLeniency::UnicodeResult`] allows, at the
    /// start of `data`: its length and value.
    fn lenient_result(&self, data: &[u8]) -> Option<(usize, GameResult)> {
        const FORMS: [(&[u8], GameResult); 8] = [
            ("½-½".as_bytes(), GameResult::Draw),
            ("1/2–1/2".as_bytes(), GameResult::Draw),
            ("1–0".as_bytes(), GameResult::WhiteWins),
            ("0–1".as_bytes(), GameResult::BlackWins),
            ("1—0".as_bytes(), GameResult::WhiteWins),
            ("0—1".as_bytes(), GameResult::BlackWins),
            ("½–½".as_bytes(), GameResult::Draw),
            ("1/2—1/2".as_bytes(), GameResult::Draw),
        ];
        FORMS
            .iter()
            .find(|(text, _)| {
                data.starts_with(text) && ends_at(data, text.len(), self.input.at_end())
            })
            .map(|&(text, result)| (text.len(), result))
    }

    /// A result in a lenient form: read if allowed, reported otherwise.
    fn lenient<S: Sink>(
        &mut self,
        sink: &mut S,
        (len, result): (usize, GameResult),
    ) -> ControlFlow<S::Output> {
        if self.options.leniencies.contains(PgnLeniency::UnicodeResult) {
            return self.result(sink, len, result);
        }
        if !S::QUIET && self.skip == 0 {
            let data = self.input.data();
            let error = self
                .error(PgnErrorKind::UnexpectedToken, 0)
                .with_token(&data[..len])
                .with_detail("a result in this form needs the unicode-result leniency");
            sink.error(error)?;
        }
        self.bump(len);
        Continue(())
    }

    /// A token that starts with a non-ASCII byte: a lenient result, an
    /// ellipsis after a move number, or junk.
    fn unicode<S: Sink>(&mut self, sink: &mut S) -> Result<ControlFlow<S::Output>, I::Error> {
        let data = self.input.data();
        if data.starts_with("…".as_bytes()) {
            self.bump(3);
            return Ok(Continue(()));
        }
        if let Some(found) = self.lenient_result(data) {
            return Ok(self.lenient(sink, found));
        }
        self.unexpected(sink, PgnErrorKind::UnexpectedToken)
    }

    /// The common comment, read fast: a `{` comment closed within the next
    /// [`SHORT_COMMENT`] bytes on the same line (every Lichess clock), as
    /// [`Reader::comment`] reads it; `None` for any other, which that reads.
    #[inline(always)]
    fn short_comment<S: Sink>(&mut self, sink: &mut S) -> Option<ControlFlow<S::Output>> {
        let data = self.input.data();
        let window = &data[..data.len().min(SHORT_COMMENT)];
        let close = 1 + memchr::memchr2(b'}', b'\n', window.get(1..)?)?;
        if window[close] != b'}' || close - 1 > self.options.limits.max_comment_len {
            return None;
        }
        let flow = if !S::QUIET && self.skip == 0 {
            let text = RawComment::new(&data[1..close], CommentKind::Brace).at(self.loc(0));
            sink.comment(text, false)
        } else {
            Continue(())
        };
        self.bump(close + 1);
        Some(flow)
    }

    /// A comment, `{…}` or `;…`, delivered in pieces if longer than the
    /// buffer. A `{` comment not closed before a line that starts with
    /// `[Event ` ends there, and that is reported.
    fn comment<S: Sink>(
        &mut self,
        sink: &mut S,
        kind: CommentKind,
    ) -> Result<ControlFlow<S::Output>, I::Error> {
        let open = self.loc(0);
        self.bump(1);
        let mut deliver = !S::QUIET && self.skip == 0;
        // Whether problems are reported: as `deliver`, but a comment cut
        // at the limit is still reported if it is left open.
        let mut report = deliver;
        // A `Break` from the visitor: the comment is still read to its end
        // (it has begun to be consumed), then the `Break` is returned.
        let mut stopped = None;
        // Bytes delivered so far, to cut the comment at the limit.
        let mut delivered = 0usize;
        let max = self.options.limits.max_comment_len;
        loop {
            let at_end = self.input.at_end();
            let data = self.input.data();
            let scan = match kind {
                CommentKind::Brace => scan_brace(data, at_end),
                CommentKind::Line => scan_line(data),
            };
            if matches!(scan.end, CommentEnd::Open)
                && !at_end
                && data.len() < self.input.capacity() / 2
            {
                // Read on before cutting the comment into pieces.
                self.input.fill()?;
                continue;
            }
            let (mut span, unterminated, close_len, piece) = match scan.end {
                CommentEnd::Closed(at) => {
                    (at, false, usize::from(kind == CommentKind::Brace), false)
                }
                CommentEnd::EventLine(at) => (at, true, 0, false),
                CommentEnd::Open if at_end => (data.len(), kind == CommentKind::Brace, 0, false),
                CommentEnd::Open => (scan.span, false, 0, true),
            };
            if piece && span == data.len() {
                span = utf8_boundary(&data[..span]);
            }
            let mut text = &data[..span];
            if kind == CommentKind::Line && !piece {
                text = text.strip_suffix(b"\r").unwrap_or(text);
            }
            if unterminated && report {
                let mut error = PgnError::new(
                    PgnErrorKind::UnterminatedComment,
                    open,
                    self.game.index,
                    self.game.location,
                );
                error = if span < data.len() {
                    error.with_detail(format_args!(
                        "it ends before the `[Event` tag on line {}",
                        self.line + scan.newlines + 1
                    ))
                } else {
                    error.with_detail("it ends at the end of the input")
                };
                if let Break(b) = sink.error(error) {
                    stopped = Some(b);
                    deliver = false;
                    report = false;
                }
            }
            let mut last = !piece;
            if deliver && delivered.saturating_add(text.len()) > max {
                // Over the limit: what fits ends the comment for the
                // visitor, the rest is read past, and that is reported.
                text = &text[..utf8_boundary(&text[..max - delivered])];
                last = true;
                let error = comment_too_long(open, self.game, delivered + text.len(), max);
                if let Break(b) = sink.error(error) {
                    stopped = Some(b);
                    deliver = false;
                    report = false;
                }
            }
            if deliver {
                delivered += text.len();
                if let Break(b) = sink.comment(RawComment::new(text, kind).at(open), !last) {
                    stopped = Some(b);
                    deliver = false;
                    report = false;
                }
                if last {
                    deliver = false;
                }
            }
            // The newlines are counted once the bytes are consumed.
            self.line += scan.newlines;
            if let Some(last) = scan.last_newline {
                self.line_start = self.offset + last as u64 + 1;
            }
            self.bump(span + close_len);
            if !piece {
                return Ok(match stopped {
                    Some(b) => Break(b),
                    None => Continue(()),
                });
            }
        }
    }
}

/// A tag pair, read: the name and value (as ranges of the text) and the
/// problems found (all located at the tag's `[`).
struct ParsedTag {
    pair: Option<((usize, usize), (usize, usize))>,
    problems: [Option<PgnErrorKind>; 2],
}

/// Bytes of a PGN symbol (a tag name): `[A-Za-z0-9_+#=:-]`.
static SYMBOL: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        table[b] =
            c.is_ascii_alphanumeric() || matches!(c, b'_' | b'+' | b'#' | b'=' | b':' | b'-');
        b += 1;
    }
    table
};

/// The common tag pair, read fast: `[Name "value"]` with a valid name, one
/// or more spaces, a value with no escape, and `]` right after its quote.
/// Anything else gives `None`, for [`parse_tag`] to read (with the same
/// result on what this accepts).
#[inline]
fn clean_tag(text: &[u8]) -> Option<(ParsedTag, usize)> {
    let mut i = 1;
    while text.get(i).is_some_and(|&b| SYMBOL[usize::from(b)]) {
        i += 1;
    }
    let name_end = i;
    if name_end == 1 || !text[1].is_ascii_alphanumeric() {
        return None;
    }
    while text.get(i) == Some(&b' ') {
        i += 1;
    }
    if i == name_end || text.get(i) != Some(&b'"') {
        return None;
    }
    let value_start = i + 1;
    let mut close = value_start;
    loop {
        match *text.get(close)? {
            b'"' => break,
            b'\\' | b'\n' => return None,
            _ => close += 1,
        }
    }
    if text.get(close + 1) != Some(&b']') {
        return None;
    }
    let parsed = ParsedTag {
        pair: Some(((1, name_end), (value_start, close))),
        problems: [None, None],
    };
    Some((parsed, close + 2))
}

/// A whole line `Name "value"]` (a clean tag pair with its `[` missing)
/// at the start of `text`: the pair read with a [`PgnErrorKind::MalformedTag`]
/// problem, and its length; `None` for anything else (the line is then
/// movetext).
fn bracketless_tag(text: &[u8], at_end: bool) -> Option<(ParsedTag, usize)> {
    let line = match memchr::memchr(b'\n', text) {
        Some(end) => &text[..end],
        None if at_end => text,
        None => return None,
    };
    let last = line.iter().rposition(|&b| !is_space(b))?;
    if line[last] != b']' {
        return None;
    }
    let mut probe = Vec::with_capacity(line.len() + 1);
    probe.push(b'[');
    probe.extend_from_slice(line);
    let (parsed, end) = clean_tag(&probe)?;
    if !probe[end..].iter().all(|&b| is_space(b)) {
        return None;
    }
    let ((name_start, name_end), (value_start, value_end)) = parsed.pair?;
    let parsed = ParsedTag {
        pair: Some((
            (name_start - 1, name_end - 1),
            (value_start - 1, value_end - 1),
        )),
        problems: [Some(PgnErrorKind::MalformedTag), None],
    };
    Some((parsed, end - 1))
}

/// Where the tag pair at the start of `text` (`[` first) ends: after its
/// `]`, or at the end of its line when the `]` is missing; `None` when
/// neither is in `text`.
fn tag_end(text: &[u8]) -> Option<usize> {
    let mut i = 1;
    let mut in_value = false;
    while let Some(&b) = text.get(i) {
        match b {
            b'\n' => return Some(i),
            b'"' => in_value = !in_value,
            b'\\' if in_value => i += 1,
            b']' if !in_value => return Some(i + 1),
            _ => {}
        }
        i += 1;
    }
    None
}

/// The error of a comment cut at `kept` bytes, the limit `max`.
#[cold]
fn comment_too_long(open: Location, game: GameStart, kept: usize, max: usize) -> PgnError {
    PgnError::new(
        PgnErrorKind::CommentTooLong,
        open,
        game.index,
        game.location,
    )
    .with_detail(format_args!(
        "its first {kept} bytes are kept (the limit is {max})"
    ))
}

/// Whether move number `number` (with `dots` dots) starts a new game in
/// the mainline after `last`: a lower number after a blank line, or `1.`
/// after a move numbered 2 or more (games without tags or results one
/// after the other).
fn starts_over(number: u64, last: u64, blank: bool, dots: usize) -> bool {
    blank && number < last || number == 1 && last >= 2 && dots > 0
}

fn is_symbol_byte(b: u8) -> bool {
    SYMBOL[usize::from(b)]
}

/// Reads `[Name "value"]` (the text up to its `]`, or to its line's end).
fn parse_tag(text: &[u8]) -> ParsedTag {
    let mut parsed = ParsedTag {
        pair: None,
        problems: [None, None],
    };
    let mut report = |kind| {
        if let Some(slot) = parsed.problems.iter_mut().find(|slot| slot.is_none()) {
            *slot = Some(kind);
        }
    };
    let spaces = |from: usize| {
        from + text[from..]
            .iter()
            .take_while(|&&b| b == b' ' || b == b'\t')
            .count()
    };
    let name_start = spaces(1);
    let name_end = name_start
        + text[name_start..]
            .iter()
            .take_while(|&&b| !is_space(b) && !matches!(b, b'"' | b']' | b'['))
            .count();
    let quote = spaces(name_end);
    if name_start == name_end || text.get(quote) != Some(&b'"') {
        report(PgnErrorKind::MalformedTag);
        return ParsedTag {
            pair: None,
            problems: parsed.problems,
        };
    }
    let name = &text[name_start..name_end];
    if !name[0].is_ascii_alphanumeric() || !name.iter().all(|&b| is_symbol_byte(b)) {
        report(PgnErrorKind::InvalidTagName);
    }
    let value_start = quote + 1;
    // The closing quote: the first unescaped one.
    let mut i = value_start;
    let mut close = None;
    let mut unknown_escape = None;
    while let Some(&b) = text.get(i) {
        match b {
            b'"' => {
                close = Some(i);
                break;
            }
            b'\\' => {
                if !matches!(text.get(i + 1), Some(b'"' | b'\\')) {
                    unknown_escape.get_or_insert(i);
                }
                i += 2;
            }
            b'\n' => break,
            _ => i += 1,
        }
    }
    let trimmed_end = |end: usize| {
        let mut end = end;
        while end > value_start && (text[end - 1] == b'\r' || text[end - 1] == b' ') {
            end -= 1;
        }
        end
    };
    let value_end = match close {
        Some(close) => {
            let after = spaces(close + 1);
            if text.get(after) == Some(&b']') {
                close
            } else if let Some(last) = last_closing_quote(text, close) {
                // Unescaped quotes inside the value: it runs to the last
                // quote before `]`.
                report(PgnErrorKind::UnescapedQuote);
                last
            } else {
                report(PgnErrorKind::UnterminatedTag);
                close
            }
        }
        None => {
            // No closing quote on the line: the value runs to its end (a
            // `]` there is taken as the tag's).
            report(PgnErrorKind::UnterminatedTag);
            let end = trimmed_end(i.min(text.len()));
            if end > value_start && text[end - 1] == b']' {
                trimmed_end(end - 1)
            } else {
                end
            }
        }
    };
    if unknown_escape.is_some_and(|at| at < value_end) {
        report(PgnErrorKind::UnknownEscape);
    }
    ParsedTag {
        pair: Some(((name_start, name_end), (value_start, value_end))),
        problems: parsed.problems,
    }
}

/// The last `"` after `from` that is followed by spaces and the `]` that
/// ends `text`.
fn last_closing_quote(text: &[u8], from: usize) -> Option<usize> {
    let end = text.len().checked_sub(1).filter(|&e| text[e] == b']')?;
    let mut j = end;
    while j > from && (text[j - 1] == b' ' || text[j - 1] == b'\t') {
        j -= 1;
    }
    (j > from + 1 && text[j - 1] == b'"').then_some(j - 1)
}
