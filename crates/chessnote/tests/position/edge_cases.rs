//! Edge cases of positions, each once a bug or a question the review raised.

use chessnote::fen::{FenLeniency, FenOptions, Setup};
use chessnote::position::{CastlingMode, Position, Problem, Problems, Termination};
use chessnote::{Move, PieceKind, Square};

#[test]
fn ignoring_bad_castling_rights_keeps_the_good_ones() {
    let setup: Setup = "r3k2r/8/8/8/8/8/8/4K3 w KQkq - 0 1".parse().unwrap();
    let ignore = Problems::EMPTY.with(Problem::BadCastlingRights);
    let position = Position::from_setup_ignoring(&setup, CastlingMode::Standard, ignore).unwrap();
    assert_eq!(
        position.to_setup().to_string(),
        "r3k2r/8/8/8/8/8/8/4K3 w kq - 0 1"
    );
}

#[test]
fn playing_an_unchecked_move_from_an_empty_square_does_not_panic() {
    let mut position = Position::new();
    let before = position.clone();
    position.play_unchecked(Move::Normal {
        piece: PieceKind::Knight,
        from: Square::E4,
        capture: None,
        to: Square::E5,
        promotion: None,
    });
    assert_eq!(position, before);
}

#[test]
fn a_fullmove_number_of_zero_is_kept() {
    let options = FenOptions::STRICT.with(FenLeniency::FullmoveZero);
    let setup = Setup::from_ascii_with(b"4k3/8/8/8/8/8/8/4K3 w - - 3 0", options).unwrap();
    let position = Position::from_setup(&setup, CastlingMode::Standard).unwrap();
    assert_eq!(position.fullmoves(), 0);
    assert_eq!(
        position.to_setup().to_string(),
        "4k3/8/8/8/8/8/8/4K3 w - - 3 0"
    );
}

#[test]
fn insufficient_material_is_reported_before_stalemate_as_python_chess_does() {
    let setup: Setup = "7k/5B2/6K1/8/8/8/8/8 b - - 0 1".parse().unwrap();
    let position = Position::from_setup(&setup, CastlingMode::Standard).unwrap();
    assert!(position.is_stalemate());
    assert_eq!(
        position.outcome().unwrap().termination,
        Termination::InsufficientMaterial
    );
}

/// Plays `plies` legal moves (the `choices`-th of each list, as the fuzz
/// target does) and checks after each that the position's own FEN reads back
/// as the same position, with the counters the FEN says.
fn replay_round_trips(fen: &str, mode: CastlingMode, choices: &[u8]) -> usize {
    let setup = Setup::from_ascii_with(fen.as_bytes(), FenOptions::LENIENT).unwrap();
    let mut position = Position::from_setup_ignoring(&setup, mode, Problems::IGNORABLE).unwrap();
    let mut played = 0;
    for &choice in choices {
        let moves = position.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[choice as usize % moves.len()];
        position.play(mv).unwrap();
        played += 1;
        let again = position.to_setup();
        assert_eq!(again.halfmoves, position.halfmoves(), "{again}");
        assert_eq!(again.fullmoves, position.fullmoves(), "{again}");
        let reread = Position::from_setup_ignoring(&again, mode, Problems::IGNORABLE).unwrap();
        assert_eq!(reread, position, "{fen} after {played} plies: {again}");
        assert_eq!(reread.hash(), position.hash());
    }
    played
}

#[test]
fn a_fullmove_number_of_zero_stays_one_counter_after_moves() {
    // The long fuzz run's input: from fullmove 0, cozy-chess's own counter
    // (which cannot be 0) and ours disagreed after Black's first move.
    let fen = "r6k/nN6/nN6/6bn/6PN/6pP/6PN/6Kn b q - 4 0";
    for mode in [CastlingMode::Standard, CastlingMode::Chess960] {
        assert_eq!(replay_round_trips(fen, mode, &[0, 3, 7, 1, 2, 5]), 6);
    }
    let fen = "4k3/8/8/8/8/8/8/4K3 b - - 4 0";
    assert_eq!(replay_round_trips(fen, CastlingMode::Standard, &[1; 8]), 8);
    let fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 000";
    assert_eq!(replay_round_trips(fen, CastlingMode::Standard, &[2; 8]), 8);
}

#[test]
fn counters_past_cozy_chess_limits_round_trip() {
    // cozy-chess caps its clock at 100; ours counts on.
    let fen = "4k3/8/8/8/8/8/8/4K3 w - - 99 7";
    assert_eq!(replay_round_trips(fen, CastlingMode::Standard, &[0; 6]), 6);
    let fen = "4k3/8/8/8/8/8/8/4K3 w - - 250 65535";
    assert_eq!(replay_round_trips(fen, CastlingMode::Standard, &[0; 4]), 4);
}
