#![no_main]

//! The PGN reader on arbitrary bytes: no panic; the same games from memory
//! and streamed in pieces through a small buffer; stopping a game at any
//! call leaves the reader where reading the whole game does.

use chessnote::pgn::{ReadOptions, Reader};
use chessnote_testdata::{Pieces, StopAt};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let mut options = ReadOptions::DEFAULT;
    options.limits.max_tag_len = 64;
    options.limits.max_token_len = 32;
    options.limits.max_depth = 8;
    options.buffer_size = 128;
    let builder = || chessnote::pgn::Game::builder().variations(true);
    let in_memory: Vec<_> = Reader::from_slice_with(data, options)
        .games_with(builder())
        .collect();
    let streamed: Vec<_> = Reader::with_options(Pieces::new(data), options)
        .into_games_with(builder())
        .map(Result::unwrap)
        .collect();
    assert_eq!(in_memory, streamed);

    let mut whole = Reader::from_slice_with(data, options);
    let mut stopped = Reader::from_slice_with(data, options);
    loop {
        let mut all = StopAt::new(usize::MAX);
        if whole.read_game(&mut all).unwrap().is_none() {
            assert!(stopped.read_game(&mut all).unwrap().is_none());
            break;
        }
        let stop = 1 + (data.len() + all.calls) % all.calls.max(1);
        assert!(all.last_error_byte as usize <= data.len());
        assert!(stopped.read_game(&mut StopAt::new(stop)).unwrap().is_some());
        assert_eq!(whole.location(), stopped.location());
    }
});
