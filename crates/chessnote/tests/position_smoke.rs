//! A first check of the position layer: perft from the start position.

use chessnote::position::Position;

fn perft(position: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = position.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|&m| {
            let mut next = position.clone();
            next.play_unchecked(m);
            perft(&next, depth - 1)
        })
        .sum()
}

#[test]
fn perft_of_the_start_position() {
    let position = Position::new();
    assert_eq!(perft(&position, 1), 20);
    assert_eq!(perft(&position, 2), 400);
    assert_eq!(perft(&position, 3), 8902);
}

#[test]
fn every_legal_move_is_legal_and_round_trips_through_play() {
    let position = Position::new();
    for m in position.legal_moves().iter() {
        assert!(position.is_legal(m), "{m}");
        let mut next = position.clone();
        next.play(*m).unwrap();
    }
}
