//! Edge cases of positions, each once a bug or a question the review raised.

use chessnote::fen::{FenLeniency, FenOptions, Setup};
use chessnote::position::{CastlingMode, Position, Problem, Problems, Termination};
use chessnote::{Move, PieceKind, Square};

#[test]
fn ignoring_bad_castling_rights_keeps_the_good_ones() {
    let setup: Setup = "r3k2r/8/8/8/8/8/8/4K3 w KQkq - 0 1".parse().unwrap();
    let ignore = Problems::NONE.with(Problem::BadCastlingRights);
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
