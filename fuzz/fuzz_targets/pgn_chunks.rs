#![no_main]

//! PGN cut into chunks (`pgn::Chunks`, as `chessnote pgn` does for its
//! threads) on arbitrary bytes: every chunk read alone gives, in order,
//! exactly the games of one reader of the whole input: the same moves,
//! tags, errors, game numbers and places. Cut at the reader's boundaries,
//! and cut at guesses (`Chunks::guess`), each guessed chunk checked as it
//! is read (`Chunk::check`) and the chunks cut again where a check missed,
//! with a few chunks cut ahead of the one read, as threads do.

use chessnote::pgn::{Chunks, Game, ReadOptions, Reader};

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
    let (guessed, _) = chessnote_testdata::games_guessed(data, options, target, ahead, builder);
    assert_eq!(whole, guessed);
});
