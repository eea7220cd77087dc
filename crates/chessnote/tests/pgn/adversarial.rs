//! Hostile inputs read in bounded memory and without a crash: a million
//! nested `(`, a 100 MB comment, a 10 MB tag value, a line of megabytes,
//! NUL bytes, random bytes, a hundred thousand games of tags only. Memory
//! is measured by a counting allocator (per thread, so that tests running
//! side by side do not mix); time is not measured here (see the benches),
//! but a reader slower than linear would not finish.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::io::Read;
use std::ops::ControlFlow::{self, Continue};

use chessnote::pgn::{
    Game, GameStart, PgnError, PgnErrorKind, RawComment, ReadOptions, Reader, Skip, Token, Visitor,
};
use chessnote::san::SanPlus;

use crate::support::{games_in_memory, games_streamed};

/// Counts the bytes allocated and not freed by the current thread, and
/// their peak.
struct Counting;

thread_local! {
    static LIVE: Cell<isize> = const { Cell::new(0) };
    static PEAK: Cell<isize> = const { Cell::new(0) };
}

fn track(delta: isize) {
    // `try_with`: the thread's slots may be gone while it exits.
    let _ = LIVE.try_with(|live| {
        let now = live.get() + delta;
        live.set(now);
        let _ = PEAK.try_with(|peak| peak.set(peak.get().max(now)));
    });
}

// SAFETY: every call is passed to the system allocator unchanged; the
// counters only observe.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        track(layout.size() as isize);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        track(-(layout.size() as isize));
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        track(new_size as isize - layout.size() as isize);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The peak of the bytes `f` allocates beyond those already live.
fn peak_of<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let base = LIVE.with(Cell::get);
    PEAK.with(|peak| peak.set(base));
    let value = f();
    let peak = PEAK.with(Cell::get) - base;
    (value, peak.max(0) as usize)
}

/// `head`, then `len` bytes of `pattern` repeated, then `tail`, as a
/// stream: never in memory at once.
struct Generated {
    head: Vec<u8>,
    pattern: Vec<u8>,
    len: u64,
    tail: Vec<u8>,
    at: u64,
}

impl Generated {
    fn new(head: &[u8], pattern: &[u8], len: u64, tail: &[u8]) -> Generated {
        Generated {
            head: head.to_vec(),
            pattern: pattern.to_vec(),
            len,
            tail: tail.to_vec(),
            at: 0,
        }
    }

    fn total(&self) -> u64 {
        self.head.len() as u64 + self.len + self.tail.len() as u64
    }

    fn byte(&self, i: u64) -> u8 {
        let head = self.head.len() as u64;
        if i < head {
            self.head[i as usize]
        } else if i < head + self.len {
            self.pattern[((i - head) % self.pattern.len() as u64) as usize]
        } else {
            self.tail[(i - head - self.len) as usize]
        }
    }
}

impl Read for Generated {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = (self.total() - self.at).min(buf.len() as u64) as usize;
        for (i, slot) in buf[..n].iter_mut().enumerate() {
            *slot = self.byte(self.at + i as u64);
        }
        self.at += n as u64;
        Ok(n)
    }
}

/// Counts what the reader hands over, keeps nothing but the errors.
#[derive(Default)]
struct Tally {
    games: u64,
    moves: u64,
    comment_bytes: u64,
    comment_pieces: u64,
    variations: u64,
    errors: Vec<PgnErrorKind>,
}

impl Visitor for Tally {
    type Tags = ();
    type Movetext = ();
    type Output = ();

    fn begin_game(&mut self, _: GameStart) -> ControlFlow<(), ()> {
        self.games += 1;
        Continue(())
    }
    fn begin_movetext(&mut self, _: ()) -> ControlFlow<(), ()> {
        Continue(())
    }
    fn san(&mut self, _: &mut (), _: SanPlus, _: Token<'_>) -> ControlFlow<()> {
        self.moves += 1;
        Continue(())
    }
    fn partial_comment(&mut self, _: &mut (), comment: RawComment<'_>) -> ControlFlow<()> {
        self.comment_pieces += 1;
        self.comment_bytes += comment.as_bytes().len() as u64;
        Continue(())
    }
    fn comment(&mut self, movetext: &mut (), comment: RawComment<'_>) -> ControlFlow<()> {
        self.partial_comment(movetext, comment)
    }
    fn begin_variation(&mut self, _: &mut ()) -> ControlFlow<(), Skip> {
        self.variations += 1;
        Continue(Skip(false))
    }
    fn error(&mut self, error: PgnError) -> ControlFlow<()> {
        // Keep the kind only: a flood of errors must not be what grows.
        if self.errors.len() < 16 {
            self.errors.push(error.kind());
        }
        Continue(())
    }
    fn end_game(&mut self, _: ()) {}
}

/// Streams `input` through a reader with the default 64 KiB buffer and a
/// [`Tally`]; returns it and the peak of the bytes allocated meanwhile.
fn stream(input: impl Read) -> (Tally, usize) {
    stream_with(input, ReadOptions::DEFAULT)
}

/// [`stream`] with `options`.
fn stream_with(input: impl Read, options: ReadOptions) -> (Tally, usize) {
    peak_of(|| {
        let mut tally = Tally::default();
        Reader::with_options(input, options)
            .visit_all_games(&mut tally)
            .unwrap();
        tally
    })
}

const MIB: usize = 1 << 20;

#[test]
fn a_million_nested_parentheses() {
    let mut pgn = b"1. e4 ".to_vec();
    pgn.extend(std::iter::repeat_n(b'(', 1_000_000));
    pgn.extend_from_slice(b" e5 *");
    // Read: the variations deeper than the limit are skipped, and said so.
    let (tally, peak) = stream(&pgn[..]);
    assert_eq!((tally.games, tally.moves), (1, 1));
    assert_eq!(tally.variations, 256);
    // The result is in the variations skipped: the game has none.
    assert_eq!(
        tally.errors,
        [
            PgnErrorKind::VariationTooDeep,
            PgnErrorKind::UnclosedVariation,
            PgnErrorKind::MissingResult
        ]
    );
    assert!(peak < MIB, "{peak} bytes");
    // Built into games, variations replayed: the same, in bounded memory.
    let (games, peak) = peak_of(|| games_in_memory(&pgn, Default::default()));
    assert_eq!(games.len(), 1);
    assert!(peak < 4 * MIB, "{peak} bytes");
    // Skipped (the default): one error, the variation left open.
    let game = Reader::from_slice(&pgn).games().next().unwrap();
    assert_eq!(
        game.errors.iter().map(|e| e.kind()).collect::<Vec<_>>(),
        [PgnErrorKind::UnclosedVariation]
    );
}

#[test]
fn a_100_mb_comment_comes_in_pieces() {
    let len = 100 * MIB as u64;
    let input = || {
        Generated::new(
            b"[Event \"x\"]\n\n1. e4 {",
            b"a long comment\n ",
            len,
            b"} e5 1-0\n",
        )
    };
    // By default, a comment is cut at 1 MiB (`Limits::max_comment_len`),
    // read past and reported (issue 30).
    let (tally, peak) = stream(input());
    assert_eq!((tally.games, tally.moves), (1, 2));
    assert_eq!(tally.comment_bytes, MIB as u64);
    assert_eq!(tally.errors, [PgnErrorKind::CommentTooLong]);
    assert!(peak < MIB, "{peak} bytes");
    // With no limit, it comes whole, in pieces.
    let mut options = ReadOptions::DEFAULT;
    options.limits.max_comment_len = usize::MAX;
    let (tally, peak) = stream_with(input(), options);
    assert_eq!((tally.games, tally.moves), (1, 2));
    assert_eq!(tally.comment_bytes, len);
    assert!(
        tally.comment_pieces > 100,
        "{} pieces",
        tally.comment_pieces
    );
    assert!(tally.errors.is_empty(), "{:?}", tally.errors);
    assert!(peak < MIB, "{peak} bytes");
}

#[test]
fn a_100_mb_comment_left_open() {
    let len = 100 * MIB as u64;
    let input = Generated::new(
        b"1. e4 {",
        b"never closed ",
        len,
        b"\n[Event \"next\"]\n1. d4 *",
    );
    let (tally, peak) = stream(input);
    assert_eq!((tally.games, tally.moves), (2, 2));
    // The comment is cut at its limit, and left open; the first game ends
    // at the next one's tags, with no result.
    assert_eq!(
        tally.errors,
        [
            PgnErrorKind::CommentTooLong,
            PgnErrorKind::UnterminatedComment,
            PgnErrorKind::MissingResult
        ]
    );
    assert!(peak < MIB, "{peak} bytes");
}

#[test]
fn a_10_mb_tag_value() {
    let input = Generated::new(
        b"[Event \"",
        b"x",
        10 * MIB as u64,
        b"\"]\n[Site \"y\"]\n\n1. e4 e5 *\n",
    );
    let (tally, peak) = stream(input);
    assert_eq!((tally.games, tally.moves), (1, 2));
    assert_eq!(tally.errors, [PgnErrorKind::TagTooLong]);
    assert!(peak < MIB, "{peak} bytes");
}

#[test]
fn megabytes_on_one_line() {
    // 400,000 plies of knights going back and forth, no newline.
    let input = Generated::new(b"", b"Nf3 Nf6 Ng1 Ng8 ", 400_000 * 4, b"*");
    let (tally, peak) = stream(input);
    assert_eq!((tally.games, tally.moves), (1, 400_000));
    assert!(tally.errors.is_empty(), "{:?}", tally.errors);
    assert!(peak < MIB, "{peak} bytes");
}

#[test]
fn nul_bytes_and_random_bytes() {
    let input = Generated::new(b"1. e4 ", b"\0", MIB as u64, b" e5 *");
    let (tally, peak) = stream(input);
    assert_eq!((tally.games, tally.moves), (1, 2));
    assert_eq!(tally.errors, [PgnErrorKind::TokenTooLong]);
    assert!(peak < MIB, "{peak} bytes");

    let mut state = 0x9E37_79B9_7F4A_7C15_u64;
    let random: Vec<u8> = (0..4 * MIB)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state >> 32) as u8
        })
        .collect();
    let (_, peak) = stream(&random[..]);
    assert!(peak < 2 * MIB, "{peak} bytes");
    assert_eq!(
        games_in_memory(&random, Default::default()),
        games_streamed(&random, Default::default(), 5)
    );
}

#[test]
fn a_hundred_thousand_games_of_tags_only() {
    let one: &[u8] = b"[Event \"Blitz\"]\n[Site \"?\"]\n[Result \"*\"]\n\n";
    let input = Generated::new(b"", one, 100_000 * one.len() as u64, b"");
    let (tally, peak) = stream(input);
    assert_eq!((tally.games, tally.moves), (100_000, 0));
    assert!(tally.errors.is_empty(), "{:?}", tally.errors);
    assert!(peak < MIB, "{peak} bytes");
    let pgn: Vec<u8> = one.repeat(100_000);
    assert_eq!(Reader::from_slice(&pgn).headers().count(), 100_000);
    let game: Game = Reader::from_slice(&pgn).games().nth(99_999).unwrap();
    assert_eq!(game.line, 4 * 99_999 + 1);
}
