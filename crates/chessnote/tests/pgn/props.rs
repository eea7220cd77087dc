//! Properties over arbitrary input: the reader never panics, reads the
//! same from memory and streamed in any pieces, and stopping a game at any
//! point leaves it where reading the whole game does.

use chessnote::location::Location;
use chessnote::pgn::{ReadOptions, Reader};
use proptest::prelude::*;

use crate::common::StopAt;
use crate::support::{games_chunked, games_guessed, games_in_memory, games_streamed, small_buffer};

/// Bytes that look like PGN more often than random bytes do: pieces of
/// real syntax, glued in any order, with random bytes among them.
fn pgnish() -> impl Strategy<Value = Vec<u8>> {
    pgnish_of(60)
}

/// Up to `pieces` pieces of PGN and of what is not.
fn pgnish_of(pieces: usize) -> impl Strategy<Value = Vec<u8>> {
    let piece = prop_oneof![
        Just(b"[Event \"x\"]\n".to_vec()),
        Just(b"[Result \"1-0\"]".to_vec()),
        Just(b"[FEN \"8/8/8/8/8/8/8/K6k w - - 0 1\"]".to_vec()),
        Just(b"\n\n".to_vec()),
        Just(b"1. ".to_vec()),
        Just(b"12... ".to_vec()),
        Just(b"e4 ".to_vec()),
        Just(b"Nf3 ".to_vec()),
        Just(b"O-O ".to_vec()),
        Just(b"0-0-0 ".to_vec()),
        Just(b"exd5 ".to_vec()),
        Just(b"-- ".to_vec()),
        Just(b"$12 ".to_vec()),
        Just(b"$300 ".to_vec()),
        Just(b"!? ".to_vec()),
        Just(b"{ a [%clk 0:01:00] }".to_vec()),
        Just(b"{".to_vec()),
        Just(b"}".to_vec()),
        Just(b"; line\n".to_vec()),
        Just(b"\n%escape\n".to_vec()),
        Just(b"(".to_vec()),
        Just(b")".to_vec()),
        Just(b" 1-0 ".to_vec()),
        Just(b" * ".to_vec()),
        Just("½-½ ".as_bytes().to_vec()),
        Just(b"\xef\xbb\xbf".to_vec()),
        Just(b"\r\n".to_vec()),
        proptest::collection::vec(any::<u8>(), 1..8),
        // Tokens longer than the limit (256), which a stream sees in part.
        Just(vec![0xFC; 300]),
        Just(b"1".repeat(300)),
        Just(b"$".repeat(300)),
        Just(b"N".repeat(300)),
    ];
    proptest::collection::vec(piece, 0..pieces).prop_map(|pieces| pieces.concat())
}

/// Where each game ends, reading every game whole.
fn game_ends(data: &[u8], options: ReadOptions) -> Vec<(Location, usize)> {
    let mut reader = Reader::from_slice_with(data, options);
    let mut ends = Vec::new();
    loop {
        let mut whole = StopAt::new(usize::MAX);
        if reader.read_game(&mut whole).unwrap().is_none() {
            return ends;
        }
        ends.push((reader.location(), whole.calls));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, .. ProptestConfig::default() })]

    #[test]
    fn chunks_read_on_their_own_agree_with_one_reader(data in pgnish(), target in 1usize..2000, seed in any::<u64>()) {
        let options = ReadOptions::DEFAULT;
        prop_assert_eq!(games_in_memory(&data, options), games_chunked(&data, options, target, seed));
    }

    #[test]
    fn chunks_cut_at_guesses_agree_with_one_reader(data in pgnish_of(1000), target in 1usize..2000, seed in any::<u64>(), ahead in 1usize..4) {
        let options = ReadOptions::DEFAULT;
        prop_assert_eq!(games_in_memory(&data, options), games_guessed(&data, options, target, seed, ahead).0);
    }

    #[test]
    fn memory_and_streamed_agree(data in pgnish(), seed in any::<u64>()) {
        let options = small_buffer();
        prop_assert_eq!(games_in_memory(&data, options), games_streamed(&data, options, seed));
    }

    #[test]
    fn stopping_a_game_anywhere_ends_where_reading_it_does(data in pgnish(), pick in any::<usize>()) {
        let options = ReadOptions::DEFAULT;
        let ends = game_ends(&data, options);
        for (index, &(end, calls)) in ends.iter().enumerate() {
            let stop = 1 + pick % calls.max(1);
            let mut reader = Reader::from_slice_with(&data, options);
            for _ in 0..index {
                reader.skip_game().unwrap();
            }
            let mut stopping = StopAt::new(stop);
            prop_assert!(reader.read_game(&mut stopping).unwrap().is_some());
            prop_assert_eq!(reader.location(), end, "game {} stopped at call {}", index, stop);
        }
    }

    #[test]
    fn arbitrary_bytes_never_panic(data in proptest::collection::vec(any::<u8>(), 0..2000)) {
        let games = games_in_memory(&data, ReadOptions::DEFAULT);
        prop_assert_eq!(Reader::from_slice(&data).headers().count(), games.len());
    }
}

/// A game that ends where the next one starts with no result between (a
/// move number that starts over, a tag): stopping it at its last call,
/// the `missing-result` report, leaves the reader at the next game, as
/// reading it whole does (found by the `pgn` fuzz target on `3\n\n0\n`).
#[test]
fn stopping_at_a_missing_result_leaves_the_next_game_whole() {
    for data in [
        &b"3\n\n0\n"[..],
        b"1. e4 e5 2. Nf3\n1. d4 *",
        b"1. e4 e5 2. Nf3 (2. Nc3\n\n1. d4 *",
        b"1. e4\n[Event \"b\"]\n1. d4 *",
    ] {
        let options = ReadOptions::DEFAULT;
        let ends = game_ends(data, options);
        assert!(!ends.is_empty(), "{data:?}");
        for (index, &(end, calls)) in ends.iter().enumerate() {
            for stop in 1..=calls {
                let mut reader = Reader::from_slice_with(data, options);
                for _ in 0..index {
                    reader.skip_game().unwrap();
                }
                assert!(reader.read_game(&mut StopAt::new(stop)).unwrap().is_some());
                assert_eq!(
                    reader.location(),
                    end,
                    "{data:?}: game {index} stopped at call {stop}"
                );
            }
        }
    }
}

/// A line among tags that reads as a tag pair missing its `[` within the
/// longest tag but goes on past it: read the same from memory and streamed
/// (found by the `pgn` fuzz target, whose options and pieces this repeats:
/// in memory, the window was taken for the whole rest of the input).
#[test]
fn a_long_line_among_tags_reads_the_same_from_memory_and_streamed() {
    let data = include_bytes!("../data/fuzz-pgn-long-line-among-tags.bin");
    let mut options = ReadOptions::DEFAULT;
    options.limits.max_tag_len = 64;
    options.limits.max_token_len = 32;
    options.limits.max_depth = 8;
    options.buffer_size = 128;
    let builder = || chessnote::pgn::Game::builder().variations(true);
    let memory: Vec<_> = Reader::from_slice_with(data, options)
        .games_with(builder())
        .collect();
    let streamed: Vec<_> = Reader::with_options(chessnote_testdata::Pieces::new(data), options)
        .into_games_with(builder())
        .map(Result::unwrap)
        .collect();
    assert_eq!(memory.len(), streamed.len());
    for (a, b) in memory.iter().zip(&streamed) {
        assert!(a == b, "game {} differs", a.index);
    }
}

/// Tag lines too long to read, each before a blank line and another
/// `[Event` line too long to read: one game takes them all, past guessed
/// cuts, so the check must start before it (found by the `pgn_chunks` fuzz
/// target, whose options and driver this repeats).
#[test]
fn a_game_of_long_tag_lines_past_guessed_cuts_is_checked() {
    let input = include_bytes!("../data/fuzz-chunks-guess-chain.bin");
    let (&size, data) = input.split_first().unwrap();
    let mut options = ReadOptions::DEFAULT;
    options.limits.max_tag_len = 64;
    options.limits.max_token_len = 32;
    options.limits.max_depth = 8;
    let whole = games_in_memory(data, options);
    let target = usize::from(size >> 2) * 8;
    for ahead in 1..=4 {
        let (guessed, _) = games_guessed(data, options, target, 0, ahead);
        assert_eq!(guessed, whole, "{ahead} chunks ahead");
    }
    // And on every chunk size.
    for target in (1..400).step_by(7) {
        assert_eq!(
            games_guessed(data, options, target, 3, 2).0,
            whole,
            "chunks of {target}"
        );
    }
}
