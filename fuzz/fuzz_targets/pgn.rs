#![no_main]

//! The PGN reader on arbitrary bytes: no panic; the same games from memory
//! and streamed in pieces through a small buffer; stopping a game at any
//! call leaves the reader where reading the whole game does.

use std::io::Read;

use chessnote::pgn::{ReadOptions, Reader};
use chessnote_testdata::StopAt;

/// Pieces of 1 to 97 bytes.
struct Pieces<'a>(&'a [u8], usize);

impl Read for Pieces<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        self.1 = (self.1 * 31 + 7) % 97;
        let n = (self.1 + 1).min(buf.len()).min(self.0.len());
        buf[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}

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
    let streamed: Vec<_> = Reader::with_options(Pieces(data, 0), options)
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
