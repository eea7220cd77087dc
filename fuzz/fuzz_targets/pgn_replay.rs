#![no_main]

//! Legal replay on arbitrary PGN: no panic; every move the replay accepts
//! is legal where it is played, in order, from the game's start position,
//! whichever the SAN leniencies; an error ends the line it is in.

use chessnote::pgn::{Game, ReadOptions, Reader};
use chessnote::position::{CastlingMode, Position};
use chessnote::san::SanOptions;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    for san in [ReadOptions::DEFAULT_SAN, SanOptions::LENIENT] {
        let mut options = ReadOptions::DEFAULT;
        options.san = san;
        for variations in [false, true] {
            let builder = Game::builder_with(options).variations(variations);
            for game in Reader::from_slice_with(data, options).games_with(builder) {
                let mode = if game.chess960 { CastlingMode::Chess960 } else { CastlingMode::Standard };
                let Ok(mut position) = Position::from_setup(&game.start, mode) else {
                    continue;
                };
                let mut stopped = false;
                for m in &game.moves {
                    assert_eq!(m.played, !stopped && (m.mv.is_some() || m.san.san == chessnote::san::San::Null && !position.is_check()));
                    match m.mv {
                        Some(mv) => {
                            assert!(!stopped, "a move after the line stopped");
                            assert!(position.is_legal(mv), "{mv:?} in {}", position.to_setup());
                            position.play_unchecked(mv);
                        }
                        None => {
                            if m.san.san == chessnote::san::San::Null {
                                if !stopped && !position.play_null() {
                                    stopped = true;
                                }
                            } else {
                                stopped = true;
                            }
                        }
                    }
                }
            }
        }
    }
});
