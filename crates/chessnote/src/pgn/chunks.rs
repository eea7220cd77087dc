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
pub use self::io::{Chunk, Chunks};

#[cfg(feature = "std")]
mod io {
    use alloc::vec::Vec;
    use std::io::{self, Read};

    use super::{GameStart, ReadOptions, Reader, cut_point, margin};
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

        /// The bytes, to give back to [`Chunks::recycle`].
        pub fn into_bytes(self) -> Vec<u8> {
            self.bytes
        }
    }

    /// An input cut into [`Chunk`]s of whole games, each of at least about
    /// `target` bytes (the last one may be smaller, and a game larger than
    /// `target` makes a larger chunk). The input is read once, in order;
    /// memory is a chunk and the bytes read ahead of it.
    ///
    /// The game boundaries are the reader's own (see [`Reader`], "How games
    /// are delimited"), found by skipping the games, which costs a fraction
    /// of reading them: one thread can cut for many readers.
    #[derive(Debug)]
    pub struct Chunks<R> {
        read: R,
        options: ReadOptions,
        target: usize,
        /// Bytes read and not yet handed out, starting at `start`.
        pending: Vec<u8>,
        start: GameStart,
        ended: bool,
        /// An error of the input, given after the whole games before it.
        error: Option<io::Error>,
        spare: Vec<Vec<u8>>,
        /// The most bytes held without a cut ([`Chunks::limit`]).
        limit: Option<usize>,
        /// Whether the chunks stopped at a game over the limit.
        stopped: bool,
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
                error: None,
                spare: Vec::new(),
                limit: None,
                stopped: false,
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

        /// Whether the chunks stopped at a game over the [`Chunks::limit`]
        /// (not at the end of the input, nor at an error).
        pub fn is_stopped(&self) -> bool {
            self.stopped
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
        fn cut(&mut self, cut: super::Cut) -> Chunk {
            let len = (cut.next.location.byte - self.start.location.byte) as usize;
            let mut rest = self.spare.pop().unwrap_or_default();
            rest.extend_from_slice(&self.pending[len..]);
            self.pending.truncate(cut.visible.max(len));
            let bytes = core::mem::replace(&mut self.pending, rest);
            let chunk = self.chunk(bytes, len, false);
            self.start = cut.next;
            chunk
        }

        fn chunk(&self, bytes: Vec<u8>, len: usize, last: bool) -> Chunk {
            Chunk {
                bytes,
                len,
                start: self.start,
                last,
                options: self.options,
            }
        }
    }

    impl<R: Read> Iterator for Chunks<R> {
        type Item = io::Result<Chunk>;

        /// The next chunk. An error of the input ends the chunks: the whole
        /// games read before it come first (as a reader of the input would
        /// have given them), then the error.
        fn next(&mut self) -> Option<io::Result<Chunk>> {
            if let Some(error) = self.error.take() {
                return Some(Err(error));
            }
            if self.stopped {
                return None;
            }
            let mut want = self.target + margin(&self.options);
            loop {
                if let Err(error) = self.fill(want) {
                    self.ended = true;
                    let before = cut_point(&self.pending, self.start, &self.options)
                        .map(|cut| self.cut(cut));
                    self.pending.clear();
                    return Some(match before {
                        Some(chunk) => {
                            self.error = Some(error);
                            Ok(chunk)
                        }
                        None => Err(error),
                    });
                }
                if self.ended {
                    if self.pending.is_empty() {
                        return None;
                    }
                    let bytes = core::mem::take(&mut self.pending);
                    let len = bytes.len();
                    return Some(Ok(self.chunk(bytes, len, true)));
                }
                if let Some(cut) = cut_point(&self.pending, self.start, &self.options) {
                    return Some(Ok(self.cut(cut)));
                }
                if self.limit.is_some_and(|limit| self.pending.len() >= limit) {
                    // One game over the limit: the chunks stop here.
                    self.stopped = true;
                    return None;
                }
                // One game so far: read on, doubling, so that a large game
                // costs linear time.
                want = self.pending.len().max(1) * 2;
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
