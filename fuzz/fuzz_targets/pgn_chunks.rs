#![no_main]

//! PGN cut into chunks (`pgn::Chunks`, as `chessnote pgn` does for its
//! threads) on arbitrary bytes: every chunk read alone gives, in order,
//! exactly the games of one reader of the whole input: the same moves,
//! tags, errors, game numbers and places. Cut at the reader's boundaries,
//! and cut at guesses (`Chunks::guess`), each guessed chunk checked as it
//! is read (`Chunk::check`) and the chunks cut again where a check missed,
//! with a few chunks cut ahead of the one read, as threads do.

use std::collections::VecDeque;

use chessnote::pgn::{Check, Chunk, Chunks, Game, ReadOptions, Reader};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Some((&size, data)) = data.split_first() else {
        return;
    };
    let mut options = ReadOptions::DEFAULT;
    options.limits.max_tag_len = 64;
    options.limits.max_token_len = 32;
    options.limits.max_depth = 8;
    let builder = || Game::builder().variations(true);
    let whole: Vec<_> = Reader::from_slice_with(data, options)
        .games_with(builder())
        .collect();
    let target = usize::from(size >> 2) * 8;
    let mut chunked = Vec::new();
    for chunk in Chunks::new(data, options, target) {
        let chunk = chunk.expect("reading a slice cannot fail");
        chunked.extend(chunk.reader().games_with(builder()));
    }
    assert_eq!(whole, chunked);

    let ahead = usize::from(size & 3) + 1;
    let mut chunks = Chunks::new(data, options, target).guess(true);
    let mut held: VecDeque<Chunk> = VecDeque::new();
    let mut guessed = Vec::new();
    loop {
        while held.len() < ahead {
            let Some(chunk) = chunks.next() else { break };
            held.push_back(chunk.expect("reading a slice cannot fail"));
        }
        let Some(chunk) = held.front() else { break };
        let mut reader = chunk.reader();
        let mut check = Check::Later;
        loop {
            if check == Check::Later {
                check = chunk.check(&reader);
            }
            if let Check::Missed(at) = check {
                chunks.rewind(at, &held);
                held.clear();
                break;
            }
            let Some(game) = reader.read_game(&mut builder()).expect("in memory") else {
                assert_eq!(check, Check::Held, "a guessed chunk ended unchecked");
                held.pop_front();
                break;
            };
            guessed.push(game);
        }
    }
    assert_eq!(whole, guessed);
});
