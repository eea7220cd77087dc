#![no_main]

//! Legal replay on arbitrary PGN: no panic; every move the replay plays
//! is legal where it is played, in order, from the game's start position,
//! whichever the SAN leniencies; once a move is not played, no later one is;
//! the game's diagrams follow the same replay. A variant's game (its
//! `Variant` tag) is checked by its rules.

use chessnote::diagram::{Diagram, SvgOptions};
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
                let mode = if game.chess960 {
                    CastlingMode::Chess960
                } else {
                    CastlingMode::Standard
                };
                // A variant's game: its moves legal by its rules, in order.
                if let Some(start) = game.variant_start() {
                    let mut position = start.clone();
                    for m in game.moves.iter().take_while(|m| m.played) {
                        match m.mv {
                            Some(mv) => {
                                assert!(position.is_legal(mv), "{mv:?} in {}", position.to_variant_setup());
                                position.play_unchecked(mv);
                            }
                            None => assert!(position.play_null(), "a null move in check"),
                        }
                    }
                    assert!(game.moves.iter().skip_while(|m| m.played).all(|m| !m.played));
                    // Its diagrams follow the same replay, by the same rules,
                    // with the pockets and counters; the last FEN is the end's.
                    let played = game.moves.iter().take_while(|m| m.played).count();
                    let mut diagrams = game.diagrams();
                    let (mut count, mut last) = (0, None);
                    while let Some(diagram) = diagrams.next() {
                        count += 1;
                        last = Some(diagram);
                    }
                    assert_eq!(count, played + 1);
                    let (last, want) = (last.expect("the start at least"), position.diagram());
                    assert_eq!(
                        (last.board, last.pockets, last.checks_left, last.check),
                        (want.board, want.pockets, want.checks_left, want.check)
                    );
                    let fen = position.to_variant_setup().to_string();
                    assert_eq!(diagrams.fen(), fen);
                    assert_eq!(game.final_fen(), Some(fen));
                    let _ = last.svg(&SvgOptions::default()).to_string();
                    continue;
                }
                let Ok(mut position) = Position::from_setup(&game.start, mode) else {
                    continue;
                };
                // Played moves come first, each legal where it stands;
                // after the first move not played (illegal, or after a
                // token that is not a move), none is.
                let mut stopped = false;
                for m in &game.moves {
                    if stopped || !m.played {
                        assert!(!m.played, "a move played after the line stopped");
                        stopped = true;
                        continue;
                    }
                    match m.mv {
                        Some(mv) => {
                            assert!(position.is_legal(mv), "{mv:?} in {}", position.to_setup());
                            position.play_unchecked(mv);
                        }
                        None => {
                            assert_eq!(m.san.san, chessnote::san::San::Null);
                            assert!(position.play_null(), "a null move in check");
                        }
                    }
                }
                // The diagrams follow the same replay: one per position
                // reached, the last one this position, drawn with its pieces.
                let played = game.moves.iter().take_while(|m| m.played).count();
                let diagrams: Vec<Diagram> = game.diagrams().collect();
                assert_eq!(diagrams.len(), played + 1);
                let board = position.to_setup().board;
                let last = diagrams.last().expect("the start at least");
                assert_eq!(last.board, board);
                assert_eq!(last.check.is_some(), position.is_check());
                let svg = last.svg(&SvgOptions::default()).to_string();
                assert_eq!(
                    svg.matches("<use ").count(),
                    board.occupied().len() as usize
                );
            }
        }
    }
});
