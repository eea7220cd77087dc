//! A game larger than a chunk is not held whole by the parallel stream:
//! the rest of the source, from that game on, is read by one worker in the
//! memory of a reader's buffer, with the same results as one thread
//! (issue 30). Memory is measured by a counting allocator (this test
//! binary's only test, so nothing else allocates meanwhile).

use std::alloc::{GlobalAlloc, Layout, System};
use std::io::{self, Read};
use std::sync::Arc;
use std::sync::atomic::{AtomicIsize, Ordering};

use chessnote::pgn::{Game, GameBuilder, Input, ReadOptions, Reader};
use chessnote_io::pipeline::{Pipeline, Work};

/// Counts the bytes allocated and not freed, by every thread, and their
/// peak.
struct Counting;

static LIVE: AtomicIsize = AtomicIsize::new(0);
static PEAK: AtomicIsize = AtomicIsize::new(0);

fn track(delta: isize) {
    let now = LIVE.fetch_add(delta, Ordering::Relaxed) + delta;
    PEAK.fetch_max(now, Ordering::Relaxed);
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

const MIB: usize = 1 << 20;

/// Games around one of 64 MiB (its movetext mostly spaces), as a stream
/// that is never in memory at once.
struct Source {
    parts: Vec<(Vec<u8>, usize)>,
    part: usize,
    at: usize,
}

impl Source {
    fn new() -> Source {
        let small = b"[Event \"small\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n".to_vec();
        Source {
            parts: vec![
                (small.clone(), 300),
                (b"[Event \"large\"]\n\n1. d4 ".to_vec(), 1),
                (b" ".to_vec(), 64 * MIB),
                (b"d5 2. c4 *\n\n".to_vec(), 1),
                (small, 300),
            ],
            part: 0,
            at: 0,
        }
    }
}

impl Read for Source {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let mut n = 0;
        while n < buf.len() && self.part < self.parts.len() {
            let (unit, times) = &self.parts[self.part];
            let total = unit.len() * times;
            let take = (total - self.at).min(buf.len() - n);
            for (i, slot) in buf[n..n + take].iter_mut().enumerate() {
                *slot = unit[(self.at + i) % unit.len()];
            }
            n += take;
            self.at += take;
            if self.at == total {
                self.part += 1;
                self.at = 0;
            }
        }
        Ok(n)
    }
}

/// Each game's number, first byte and UCI moves.
struct Moves;

impl Work for Moves {
    type Worker = GameBuilder;
    type Output = Vec<(u64, u64, Vec<String>)>;

    fn worker(&self) -> GameBuilder {
        Game::builder()
    }

    fn game<I: Input>(
        &self,
        builder: &mut GameBuilder,
        reader: &mut Reader<I>,
        out: &mut Self::Output,
    ) -> Result<bool, I::Error> {
        let Some(game) = reader.read_game(builder)? else {
            return Ok(false);
        };
        out.push((
            game.index,
            game.offset,
            game.uci().map(|m| m.to_string()).collect(),
        ));
        Ok(true)
    }

    fn is_full(&self, _: &GameBuilder, out: &Self::Output) -> bool {
        out.len() >= 50
    }
}

fn run(threads: usize) -> (Vec<(u64, u64, Vec<String>)>, usize) {
    let base = LIVE.load(Ordering::Relaxed);
    PEAK.store(base, Ordering::Relaxed);
    let pipeline = Pipeline::new(ReadOptions::DEFAULT)
        .threads(threads)
        .chunk_size(64 * 1024);
    let mut games = Vec::new();
    for batch in pipeline.stream(Box::new(Source::new()), Arc::new(Moves)) {
        games.extend(batch.expect("no input error"));
    }
    let peak = (PEAK.load(Ordering::Relaxed) - base).max(0) as usize;
    (games, peak)
}

#[test]
fn a_game_larger_than_a_chunk_is_not_held_whole() {
    let (alone, peak_alone) = run(1);
    assert_eq!(alone.len(), 601);
    assert_eq!(alone[300].2, ["d2d4", "d7d5", "c2c4"]);
    assert!(peak_alone < 8 * MIB, "one thread: {peak_alone} bytes");
    for threads in [2, 4] {
        let (games, peak) = run(threads);
        assert!(
            games == alone,
            "--threads {threads}: not the games of one thread"
        );
        // The limit (8 MiB held before the stream reads on alone), the
        // chunks and blocks in flight: far below the game's 64 MiB.
        assert!(peak < 32 * MIB, "--threads {threads}: {peak} bytes");
    }
}
