//! The protocol of chunks cut at guesses (`Chunks::guess`), driven on one
//! thread as the parallel stream drives it on many: what the tests and the
//! `pgn_chunks` fuzz target compare with one reader of the whole input.

use std::collections::VecDeque;
use std::io::Read;

use chessnote::pgn::{Check, Chunk, Chunks, Game, GameBuilder, ReadOptions};

/// The games of `read` cut into chunks at guesses of about `target`
/// bytes, `ahead` chunks cut before the first of them is read (as worker
/// threads have them), each chunk read on its own with `builder` and
/// checked ([`Chunk::check`]), and cut again from where a check missed
/// ([`Chunks::rewind`]); with the number of misses.
///
/// # Panics
///
/// When `read` fails, or a guessed chunk ends unchecked (a bug).
///
/// ```
/// use chessnote::pgn::{Game, ReadOptions, Reader};
/// let pgn = "[Event \"a\"]\n\n1. e4 *\n\n".repeat(100);
/// let (games, misses) = chessnote_testdata::games_guessed(pgn.as_bytes(), ReadOptions::DEFAULT, 100, 2, Game::builder);
/// assert_eq!(games, Reader::from_slice(pgn.as_bytes()).games().collect::<Vec<_>>());
/// assert_eq!(misses, 0);
/// ```
pub fn games_guessed<R: Read>(
    read: R,
    options: ReadOptions,
    target: usize,
    ahead: usize,
    builder: impl Fn() -> GameBuilder,
) -> (Vec<Game>, usize) {
    let mut chunks = Chunks::new(read, options, target).guess(true);
    let mut held: VecDeque<Chunk> = VecDeque::new();
    let mut games = Vec::new();
    let mut misses = 0;
    loop {
        while held.len() < ahead.max(1) {
            let Some(chunk) = chunks.next() else { break };
            held.push_back(chunk.expect("the input reads"));
        }
        let Some(chunk) = held.front() else {
            return (games, misses);
        };
        let mut reader = chunk.reader();
        let mut check = Check::Later;
        loop {
            if check == Check::Later {
                check = chunk.check(&reader);
            }
            if let Check::Missed(at) = check {
                misses += 1;
                chunks.rewind(at, &held);
                held.clear();
                break;
            }
            let Ok(read) = reader.read_game(&mut builder());
            let Some(game) = read else {
                assert_eq!(check, Check::Held, "a guessed chunk ended unchecked");
                held.pop_front();
                break;
            };
            games.push(game);
        }
    }
}
