//! Every game of the large corpus (`shared/data/pgn/large`, 145,716 master
//! games, 11 million moves) replays legally, move by move, through
//! SAN → move. The movetext is split by `chessnote_testdata::games` (no PGN
//! reader is needed: the corpus has no comments or variations). Ignored in
//! the test profile: `.ci/run` runs it in release.

use crate::common;

use std::collections::BTreeMap;

use chessnote::position::Position;
use chessnote::san::SanOptions;

#[test]
#[ignore = "11 million moves: .ci/run runs it in release with --ignored"]
fn every_game_replays_legally() {
    let Some(data) = common::read_data("data/pgn/large/gnuchess-book_1.02.pgn.zst") else {
        return;
    };
    // A few player names are Latin-1; the movetext is ASCII.
    let pgn = String::from_utf8_lossy(&data);
    let mut n_games = 0;
    let mut n_moves = 0u64;
    let mut strict_moves = 0u64;
    let mut leniencies: BTreeMap<String, u64> = BTreeMap::new();
    for game in common::games(&pgn) {
        let mut position = Position::new();
        for token in game {
            let (mv, used) = position
                .parse_san(token.as_bytes(), SanOptions::LENIENT)
                .unwrap_or_else(|e| panic!("game {}: {e}", n_games + 1));
            if used.is_empty() {
                strict_moves += 1;
            }
            for l in used.iter() {
                *leniencies.entry(format!("{l:?}")).or_default() += 1;
            }
            position.play_unchecked(mv);
            n_moves += 1;
        }
        n_games += 1;
    }
    eprintln!(
        "{n_games} games, {n_moves} moves, {strict_moves} strict SAN; leniencies used: {leniencies:?}"
    );
    assert_eq!(n_games, 145_716);
    assert!(n_moves > 11_000_000);
    // The corpus is written in correct SAN, suffixes included: every move
    // reads strictly.
    assert_eq!(strict_moves, n_moves, "{leniencies:?}");
}
