//! Cutting a PGN input into chunks of whole games, so that the chunks can
//! be read on many threads with exactly the results, game numbers and
//! places of one reader over the whole input.
//!
//! [`cut_point`] finds where bytes can be cut at a game boundary; with
//! `std`, [`Chunks`] cuts any `io::Read` into [`Chunk`]s of about a given
//! size, reading it once, in memory bounded by the chunk size (and the
//! largest game). Each chunk is read with [`Chunk::reader`], which numbers
//! its games and places its errors as the whole input would.
//!
//! ```
//! use chessnote::pgn::{Chunks, ReadOptions, Reader};
//!
//! let file: &[u8] = b"[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. d4 Ke3 *\n\n[Event \"c\"]\n\n1. c4 *\n";
//! let mut indexes = Vec::new();
//! for chunk in Chunks::new(file, ReadOptions::DEFAULT, 1) {
//!     for game in chunk?.reader().games() {
//!         indexes.push((game.index, game.line, game.errors.len()));
//!     }
//! }
//! // The same as reading the file in one go.
//! let whole: Vec<_> = Reader::from_slice(file).games().map(|g| (g.index, g.line, g.errors.len())).collect();
//! assert_eq!(indexes, whole);
//! assert_eq!(whole, [(0, 1, 0), (1, 5, 1), (2, 9, 0)]);
//! # Ok::<(), std::io::Error>(())
//! ```

use core::ops::ControlFlow::{self, Break, Continue};

use super::{GameStart, PgnError, ReadOptions, Reader, Visitor};

/// A visitor that stops at the start of each game and keeps where it is.
struct StartOnly;

impl Visitor for StartOnly {
    type Tags = ();
    type Movetext = ();
    type Output = Option<GameStart>;

    fn begin_game(&mut self, game: GameStart) -> ControlFlow<Option<GameStart>> {
        Break(Some(game))
    }

    fn begin_movetext(&mut self, (): ()) -> ControlFlow<Option<GameStart>> {
        Continue(())
    }

    fn error(&mut self, _: PgnError) -> ControlFlow<Option<GameStart>> {
        Continue(())
    }

    fn end_game(&mut self, (): ()) -> Option<GameStart> {
        None
    }
}

/// How many bytes after the start of a game the reader may look at to
/// decide where the game before it ends: a cut is trusted only when that
/// many bytes follow the next game's start.
fn margin(options: &ReadOptions) -> usize {
    2 * options.limits.max_token_len.max(16) + 64
}

/// Where a PGN input can be cut at a game boundary, found by
/// [`cut_point`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cut {
    /// Where the part after the cut starts (right after the last byte of
    /// the last whole game before it), with the index of its first game.
    pub next: GameStart,
    /// How many bytes of the input, from the start of the part before the
    /// cut, its reader looks at: past the cut, a little of the next game,
    /// which tells where the game before it ends (see [`Reader::until`]).
    pub visible: usize,
}

/// Where `bytes` can be cut so that the part before the cut holds only
/// whole games. `bytes` must start at a game boundary, at `start` of the
/// input (see [`Reader::from_slice_at`]), and are taken to be followed by
/// more input: the cut is the last boundary that what follows `bytes`
/// cannot move. `None` when there is none (one game, or a game that may go
/// on).
///
/// Reading the part before the cut with [`Reader::from_slice_at`] over
/// `bytes[..cut.visible]` and [`Reader::until`] the cut, and the rest from
/// `cut.next`, gives what one reader of the whole input gives.
///
/// ```
/// use chessnote::pgn::{GameStart, ReadOptions, cut_point};
///
/// let mut bytes = b"1. e4 e5 *\n1. d4 d5 *\n".to_vec();
/// bytes.extend(std::iter::repeat_n(b' ', 1000)); // the next game may start there
/// let cut = cut_point(&bytes, GameStart::default(), &ReadOptions::DEFAULT).unwrap();
/// assert_eq!((cut.next.index, cut.next.location.byte), (1, 11)); // after the `\n`
/// assert_eq!(cut_point(b"1. e4 e5 *\n1. d4", GameStart::default(), &ReadOptions::DEFAULT), None);
/// ```
pub fn cut_point(bytes: &[u8], start: GameStart, options: &ReadOptions) -> Option<Cut> {
    let margin = margin(options);
    let trusted = start.location.byte + bytes.len().checked_sub(margin)? as u64;
    let mut reader = Reader::from_slice_at(bytes, *options, start);
    let mut cut = None;
    let mut end = reader.location();
    let mut first = true;
    loop {
        let game = match reader.read_game(&mut StartOnly) {
            Ok(Some(Some(game))) => game,
            Ok(_) => break,
            Err(never) => match never {},
        };
        if game.location.byte > trusted {
            break;
        }
        if !first {
            let seen = (game.location.byte - start.location.byte) as usize + margin;
            cut = Some(Cut {
                next: GameStart {
                    index: game.index,
                    location: end,
                },
                visible: seen.min(bytes.len()),
            });
        }
        first = false;
        end = reader.location();
    }
    cut
}

#[cfg(feature = "std")]
pub use self::io::{Check, Chunk, Chunks};

#[cfg(feature = "std")]
mod io {
    use alloc::string::{String, ToString};
    use alloc::vec::Vec;
    use std::io::{self, Read};

    use super::{Cut, GameStart, ReadOptions, Reader, cut_point, margin};
    use crate::location::Location;
    use crate::pgn::SliceInput;

    /// Whole games of an input, with where they start in it: read them with
    /// [`Chunk::reader`].
    #[derive(Clone, Debug)]
    pub struct Chunk {
        /// The games, and after them what the reader looks at (see
        /// [`super::Cut::visible`]).
        bytes: Vec<u8>,
        /// How many bytes of `bytes` are the chunk's.
        len: usize,
        start: GameStart,
        /// Whether the input ends with the chunk.
        last: bool,
        options: ReadOptions,
        /// What the chunk was guessed to hold, when it was cut at a guess.
        guess: Option<Guess>,
    }

    /// What a chunk cut at a guess ([`Chunks::guess`]) was guessed to
    /// hold.
    #[derive(Copy, Clone, Debug)]
    struct Guess {
        /// Its games.
        games: u64,
        /// Where the reader is past the last guessed game start whose
        /// `[Event` line is short enough to be read as a tag: from there,
        /// [`Chunk::check`] reads the rest ahead.
        check_from: u64,
    }

    /// What [`Chunk::check`] found.
    #[derive(Copy, Clone, Debug, PartialEq, Eq)]
    pub enum Check {
        /// Too many games are left to check them now: ask again before the
        /// next game.
        Later,
        /// The games left end where the chunk does, and their number is the
        /// one guessed (or the chunk was cut at the reader's own
        /// boundaries): read them all, and do not ask again.
        Held,
        /// The guess was wrong: read no more of the chunk; its games from
        /// here on, and the chunks after it, must be read again from this
        /// game start ([`Chunks::rewind`]).
        Missed(GameStart),
    }

    impl Chunk {
        /// The bytes: whole games (and what is between them).
        pub fn bytes(&self) -> &[u8] {
            &self.bytes[..self.len]
        }

        /// Where the chunk starts in the input, and the index of its first
        /// game.
        pub fn start(&self) -> GameStart {
            self.start
        }

        /// A reader of the chunk's games, numbered and placed as in the
        /// whole input, with the options the chunks were cut with.
        pub fn reader(&self) -> Reader<SliceInput<'_>> {
            let reader = Reader::from_slice_at(&self.bytes, self.options, self.start);
            if self.last {
                reader
            } else {
                reader.until(self.start.location.byte + self.len as u64)
            }
        }

        /// Whether the input ends with this chunk.
        pub fn is_last(&self) -> bool {
            self.last
        }

        /// The number of games the chunk was guessed to hold, when it was
        /// cut at a guess ([`Chunks::guess`]).
        pub fn guessed(&self) -> Option<u64> {
            self.guess.map(|guess| guess.games)
        }

        /// Checks the guess a chunk was cut at, as `reader` (its
        /// [`Chunk::reader`]) reads it: call it before each game until it
        /// says [`Check::Held`] or [`Check::Missed`]. Once the reader is
        /// past the last guessed game start whose `[Event` line is short
        /// enough to be a tag, it skips the rest of the chunk ahead (none of
        /// it, most of the time: that start is the last game's), and tells
        /// whether the games end where the chunk does and number what was
        /// guessed.
        ///
        /// Why no game read before then can reach past the chunk: a game
        /// ends before a line `[Event ` after a blank line (at a `[` of its
        /// movetext, before the `[Event` line of a comment left open, or at
        /// the blank line after a tag it has read), unless all it has read
        /// before that line are tag lines too long to read (which are no
        /// tags, so the `[Event` line is its first): such a game starts
        /// after the last game that holds a short `[Event` line.
        pub fn check(&self, reader: &Reader<SliceInput<'_>>) -> Check {
            let Some(guess) = self.guess else {
                return Check::Held;
            };
            let at = GameStart {
                index: reader.games_started(),
                location: reader.location(),
            };
            if at.location.byte < guess.check_from {
                return Check::Later;
            }
            let end = self.start.location.byte + self.len as u64;
            let from = (at.location.byte - self.start.location.byte) as usize;
            let mut ahead = Reader::from_slice_at(&self.bytes[from..], self.options, at).until(end);
            loop {
                match ahead.skip_game() {
                    Ok(true) => {}
                    Ok(false) => break,
                    Err(never) => match never {},
                }
                if ahead.location().byte > end {
                    // A game goes on past the cut.
                    return Check::Missed(at);
                }
            }
            if ahead.location().byte == end
                && ahead.games_started() == self.start.index + guess.games
            {
                Check::Held
            } else {
                Check::Missed(at)
            }
        }

        /// The bytes, to give back to [`Chunks::recycle`].
        pub fn into_bytes(self) -> Vec<u8> {
            self.bytes
        }
    }

    /// How the input failed: said once the whole games before it are out,
    /// and again if they are cut again ([`Chunks::rewind`]).
    #[derive(Debug)]
    struct Failure {
        kind: io::ErrorKind,
        message: String,
        said: bool,
    }

    /// An input cut into [`Chunk`]s of whole games, each of at least about
    /// `target` bytes (the last one may be smaller, and a game larger than
    /// `target` makes a larger chunk). The input is read once, in order;
    /// memory is a chunk and the bytes read ahead of it.
    ///
    /// The game boundaries are the reader's own (see [`Reader`], "How games
    /// are delimited"), found by skipping the games, which costs a fraction
    /// of reading them: one thread can cut for a few readers. With
    /// [`Chunks::guess`], chunks are cut at a scan for `[Event` lines
    /// instead, which costs next to nothing, and their readers check the
    /// guess ([`Chunk::check`]).
    #[derive(Debug)]
    pub struct Chunks<R> {
        read: R,
        options: ReadOptions,
        target: usize,
        /// Bytes read and not yet handed out, starting at `start`.
        pending: Vec<u8>,
        start: GameStart,
        ended: bool,
        /// How the input failed, after the bytes in `pending`.
        failure: Option<Failure>,
        spare: Vec<Vec<u8>>,
        /// The most bytes held without a cut ([`Chunks::limit`]).
        limit: Option<usize>,
        /// Whether the chunks stopped at a game over the limit.
        stopped: bool,
        /// Whether cuts are guessed ([`Chunks::guess`]).
        guess: bool,
        /// Whether `start` is a guessed game start.
        at_guess: bool,
    }

    impl<R: Read> Chunks<R> {
        /// The chunks of `read`, of at least about `target` bytes, cut at
        /// the boundaries of a reader with `options`.
        pub fn new(read: R, options: ReadOptions, target: usize) -> Chunks<R> {
            Chunks {
                read,
                options,
                target: target.max(1),
                pending: Vec::new(),
                start: GameStart::default(),
                ended: false,
                failure: None,
                spare: Vec::new(),
                limit: None,
                stopped: false,
                guess: false,
                at_guess: false,
            }
        }

        /// The chunks stop (the iterator ends) at a game that holds more
        /// than `bytes` bytes, rather than holding it whole: read the rest
        /// of the input, from that game on, with [`Chunks::into_reader`],
        /// in the memory of a reader's buffer. Without a limit, a chunk
        /// holds the largest game whole.
        #[must_use]
        pub fn limit(mut self, bytes: usize) -> Chunks<R> {
            self.limit = Some(bytes);
            self
        }

        /// Whether to cut at a guess (default no): at a line that starts
        /// with `[Event ` after a blank line, taken to start a game, each
        /// chunk guessed to hold as many games as such lines (found by a
        /// byte search, and counted with the newlines before the cut, at
        /// many times the speed of skipping the games). Chunks are still
        /// cut at the reader's boundaries where no such line is found.
        ///
        /// Each guessed chunk must be checked as it is read
        /// ([`Chunk::check`]); when a check misses, the chunks after it were
        /// numbered or placed wrong: read them again with
        /// [`Chunks::rewind`], which cuts at the reader's boundaries from
        /// there on.
        ///
        /// ```
        /// use chessnote::pgn::{Check, Chunks, Game, ReadOptions, Reader};
        ///
        /// let mut pgn = String::new();
        /// for i in 0..200 {
        ///     pgn += &format!("[Event \"{i}\"]\n\n1. e4 e5 *\n\n");
        /// }
        /// let whole: Vec<_> = Reader::from_slice(pgn.as_bytes()).games().collect();
        /// let mut games = Vec::new();
        /// for chunk in Chunks::new(pgn.as_bytes(), ReadOptions::DEFAULT, 1000).guess(true) {
        ///     let chunk = chunk?;
        ///     let mut reader = chunk.reader();
        ///     let mut check = Check::Later;
        ///     loop {
        ///         if check == Check::Later {
        ///             check = chunk.check(&reader);
        ///         }
        ///         assert!(!matches!(check, Check::Missed(_)));
        ///         let Some(game) = reader.read_game(&mut Game::builder())? else { break };
        ///         games.push(game);
        ///     }
        ///     assert_eq!(check, Check::Held);
        /// }
        /// assert_eq!(games, whole);
        /// # Ok::<(), Box<dyn std::error::Error>>(())
        /// ```
        #[must_use]
        pub fn guess(mut self, yes: bool) -> Chunks<R> {
            self.guess = yes;
            self
        }

        /// Whether the chunks stopped at a game over the [`Chunks::limit`]
        /// (not at the end of the input, nor at an error).
        pub fn is_stopped(&self) -> bool {
            self.stopped
        }

        /// Cuts again from `at`, where reading a guessed chunk found the
        /// guess wrong ([`Check::Missed`]), at the reader's boundaries from
        /// there on: `held` are the chunks handed out from the one that
        /// holds `at` to the last, in order (what they hold is read again).
        pub fn rewind<'c>(&mut self, at: GameStart, held: impl IntoIterator<Item = &'c Chunk>) {
            let mut bytes = Vec::new();
            for chunk in held {
                let from = at.location.byte.saturating_sub(chunk.start.location.byte);
                let from = usize::try_from(from).unwrap_or(usize::MAX).min(chunk.len);
                bytes.extend_from_slice(&chunk.bytes()[from..]);
            }
            bytes.extend_from_slice(&self.pending);
            self.pending = bytes;
            self.start = at;
            self.guess = false;
            self.at_guess = false;
            self.stopped = false;
            if let Some(failure) = &mut self.failure {
                failure.said = false;
            }
        }

        /// A reader of what the chunks have not handed out: the bytes held
        /// and the rest of the input, its games numbered and placed as in
        /// the whole input.
        #[allow(clippy::type_complexity)] // The type says where the bytes come from.
        pub fn into_reader(self) -> Reader<crate::pgn::IoInput<io::Chain<io::Cursor<Vec<u8>>, R>>> {
            let rest = io::Cursor::new(self.pending).chain(self.read);
            Reader::with_options(rest, self.options).at(self.start)
        }

        /// Gives back the bytes of a chunk that has been read, so that
        /// their memory holds a later chunk.
        pub fn recycle(&mut self, mut bytes: Vec<u8>) {
            if self.spare.len() < 4 {
                bytes.clear();
                self.spare.push(bytes);
            }
        }

        /// Reads until `pending` holds `want` bytes or the input ends.
        fn fill(&mut self, want: usize) -> io::Result<()> {
            while !self.ended && self.pending.len() < want {
                let len = self.pending.len();
                let room = (want - len).max(64 * 1024);
                self.pending.resize(len + room, 0);
                let got = loop {
                    match self.read.read(&mut self.pending[len..]) {
                        Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                        other => break other,
                    }
                };
                match got {
                    Ok(n) => {
                        self.pending.truncate(len + n);
                        self.ended = n == 0;
                    }
                    Err(e) => {
                        self.pending.truncate(len);
                        return Err(e);
                    }
                }
            }
            Ok(())
        }

        /// Hands out the bytes before `cut`, keeping the rest.
        fn cut(&mut self, cut: Cut, guess: Option<Guess>) -> Chunk {
            let len = (cut.next.location.byte - self.start.location.byte) as usize;
            let mut rest = self.spare.pop().unwrap_or_default();
            rest.extend_from_slice(&self.pending[len..]);
            self.pending.truncate(cut.visible.max(len));
            let bytes = core::mem::replace(&mut self.pending, rest);
            let mut chunk = self.chunk(bytes, len, false);
            chunk.guess = guess;
            self.start = cut.next;
            self.at_guess = guess.is_some();
            chunk
        }

        fn chunk(&self, bytes: Vec<u8>, len: usize, last: bool) -> Chunk {
            Chunk {
                bytes,
                len,
                start: self.start,
                last,
                options: self.options,
                guess: None,
            }
        }

        /// Whether `at` in `pending` starts a line `[Event ` after a blank
        /// line (before the start of the input, there is one).
        fn is_guess(&self, at: usize) -> bool {
            let bytes = &self.pending;
            if !bytes[at..].starts_with(EVENT) {
                return false;
            }
            let input_start = self.start.location.byte == 0;
            match &bytes[..at] {
                [] => input_start,
                [.., b'\n', b'\n'] | [.., b'\n', b'\r', b'\n'] => true,
                [b'\n'] | [b'\r', b'\n'] => input_start,
                _ => false,
            }
        }

        /// A chunk of the first `view` bytes of `pending`, cut at the first
        /// guessed game start after seven eighths of `target` bytes that
        /// has the margin after it, if any (so that a chunk is cut out of
        /// the bytes read for it, most of the time).
        fn guess_cut(&mut self, view: usize) -> Option<Chunk> {
            let margin = margin(&self.options);
            let last = view.checked_sub(margin)?;
            let first = self.target - self.target / 8;
            if last < first {
                return None;
            }
            // The guessed game starts before the cut, and the last of them
            // whose `[Event` line is short enough to be read as a tag.
            let max_tag = self.options.limits.max_tag_len;
            let mut games = 0u64;
            let mut last_short = None;
            let pending = &self.pending[..view];
            let mut count = |at: usize| {
                games += 1;
                let line = &pending[at..pending.len().min(at.saturating_add(max_tag))];
                if memchr::memchr(b'\n', line).is_some() {
                    last_short = Some(at);
                }
            };
            if self.at_guess || self.is_guess(0) {
                count(0);
            }
            let mut cut = None;
            for newline in memchr::memmem::find_iter(pending, b"\n[Event ") {
                let at = newline + 1;
                if !self.is_guess(at) {
                    continue;
                }
                if at >= first {
                    cut = (at <= last).then_some(at);
                    break;
                }
                count(at);
            }
            let cut = cut?;
            let check_from = last_short.map_or(0, |at| at + 1);
            let origin = self.start.location;
            let lines = newlines(&self.pending[..cut]);
            let next = GameStart {
                index: self.start.index + games,
                location: Location {
                    byte: origin.byte + cut as u64,
                    line: origin.line + lines as u64,
                    column: 1,
                },
            };
            let guess = Guess {
                games,
                check_from: origin.byte + check_from as u64,
            };
            let visible = cut + margin;
            Some(self.cut(Cut { next, visible }, Some(guess)))
        }
    }

    /// What a guessed game start begins with.
    const EVENT: &[u8] = b"[Event ";

    /// The `\n` bytes in `bytes`, eight at a time (a byte-wise compare in
    /// a `u64`, the counts kept in its bytes): several GB/s on any target.
    pub(super) fn newlines(bytes: &[u8]) -> usize {
        const ONES: u64 = u64::from_ne_bytes([0x01; 8]);
        const LOW7: u64 = u64::from_ne_bytes([0x7f; 8]);
        const NEWLINES: u64 = u64::from_ne_bytes([b'\n'; 8]);
        let mut total = 0;
        // A byte of `counts` counts at most 255 before it is added up.
        for block in bytes.chunks(255 * 8) {
            let mut words = block.chunks_exact(8);
            let mut counts = 0u64;
            for word in &mut words {
                let word = u64::from_ne_bytes(word.try_into().unwrap_or([0; 8])) ^ NEWLINES;
                // The top bit of each byte: whether it is not `\n`.
                let other = ((((word & LOW7) + LOW7) | word) >> 7) & ONES;
                counts += ONES - other;
            }
            let mut sum = 0;
            for byte in counts.to_ne_bytes() {
                sum += usize::from(byte);
            }
            total += sum + words.remainder().iter().filter(|&&b| b == b'\n').count();
        }
        total
    }

    impl<R: Read> Iterator for Chunks<R> {
        type Item = io::Result<Chunk>;

        /// The next chunk. An error of the input ends the chunks: the whole
        /// games read before it come first (as a reader of the input would
        /// have given them), then the error.
        fn next(&mut self) -> Option<io::Result<Chunk>> {
            if self.stopped {
                return None;
            }
            let margin = margin(&self.options);
            let mut want = self.target + margin;
            loop {
                if self.failure.is_none()
                    && let Err(error) = self.fill(want)
                {
                    self.ended = true;
                    self.failure = Some(Failure {
                        kind: error.kind(),
                        message: error.to_string(),
                        said: false,
                    });
                }
                if self.ended && self.pending.len() <= want {
                    // All that is left is in view.
                    let Some(failure) = &self.failure else {
                        if self.pending.is_empty() {
                            return None;
                        }
                        let bytes = core::mem::take(&mut self.pending);
                        let len = bytes.len();
                        return Some(Ok(self.chunk(bytes, len, true)));
                    };
                    // The whole games before the damage, then the error.
                    if let Some(cut) = cut_point(&self.pending, self.start, &self.options) {
                        return Some(Ok(self.cut(cut, None)));
                    }
                    if failure.said {
                        return None;
                    }
                    let error = io::Error::new(failure.kind, failure.message.clone());
                    if let Some(failure) = &mut self.failure {
                        failure.said = true;
                    }
                    return Some(Err(error));
                }
                let view = want.min(self.pending.len());
                if self.guess
                    && let Some(chunk) = self.guess_cut(view)
                {
                    return Some(Ok(chunk));
                }
                if !self.guess || view >= 2 * self.target + margin {
                    let bytes = &self.pending[..view];
                    if let Some(cut) = cut_point(bytes, self.start, &self.options) {
                        return Some(Ok(self.cut(cut, None)));
                    }
                }
                if self.limit.is_some_and(|limit| view >= limit) {
                    // One game over the limit: the chunks stop here.
                    self.stopped = true;
                    return None;
                }
                // One game so far: read on, doubling, so that a large game
                // costs linear time.
                want = view.max(1) * 2;
            }
        }
    }
}

#[cfg(all(test, feature = "std"))]
mod tests {
    use alloc::vec::Vec;
    use std::io::{self, Read};

    use super::Chunks;
    use crate::pgn::{ReadOptions, Reader};

    /// The bytes, then an error.
    struct Failing<'a>(&'a [u8]);

    impl Read for Failing<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.0.is_empty() {
                return Err(io::Error::other("the disk is gone"));
            }
            let n = buf.len().min(self.0.len());
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    #[test]
    fn newlines_are_counted_as_one_byte_at_a_time_counts_them() {
        // Bytes of every kind, newlines dense and sparse, over the sizes
        // where the counts of a block and the words left over meet.
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        let mut bytes = Vec::new();
        for i in 0..20_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let dense = (i / 3000) % 2 == 0;
            bytes.push(match state % 8 {
                0 | 1 if dense => b'\n',
                0 => b'\n' ^ 0x80,
                _ => state.to_le_bytes()[3],
            });
        }
        bytes.extend([b'\n'; 4096]);
        for len in [0, 1, 7, 8, 9, 2039, 2040, 2041, 4095, 9000, bytes.len()] {
            for start in [0, 1, 5] {
                let part = &bytes[start.min(len)..len];
                let naive = part.iter().filter(|&&b| b == b'\n').count();
                assert_eq!(super::io::newlines(part), naive, "{start}..{len}");
            }
        }
    }

    #[test]
    fn an_input_error_comes_after_the_whole_games_before_it() {
        let mut pgn = Vec::new();
        for i in 0..40 {
            pgn.extend_from_slice(
                alloc::format!("[Event \"{i}\"]\n\n1. e4 e5 2. Nf3 *\n\n").as_bytes(),
            );
        }
        // Cut in the middle of a game.
        let data = &pgn[..pgn.len() - 20];
        let whole: Vec<_> = Reader::from_slice(&pgn).games().collect();
        let mut games = Vec::new();
        let mut errors = 0;
        for chunk in Chunks::new(Failing(data), ReadOptions::DEFAULT, 1 << 20) {
            match chunk {
                Ok(chunk) => games.extend(chunk.reader().games()),
                Err(error) => {
                    assert_eq!(error.to_string(), "the disk is gone");
                    errors += 1;
                }
            }
        }
        assert_eq!(errors, 1);
        // Those whose end was seen: the games before the last one that
        // starts at least the margin the reader may look ahead (576 bytes)
        // before the damage.
        let trusted = data.len() - super::margin(&ReadOptions::DEFAULT);
        let before = whole
            .iter()
            .filter(|g| g.offset as usize <= trusted)
            .count()
            - 1;
        assert!(before > 10);
        assert_eq!(games.len(), before);
        assert_eq!(games[..], whole[..games.len()]);
    }
}
