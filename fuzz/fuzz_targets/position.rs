#![no_main]

//! Any bytes read leniently as FEN: validation never panics, a setup builds
//! exactly when it has no (unignored) problem, the position's FEN reads back
//! to the same position, and a few plies chosen by the remaining input
//! keep that true.

use chessnote::fen::{FenLeniency, FenOptions, Setup};
use chessnote::position::{CastlingMode, CastlingStyle, Position, Problems};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let (fen, choices) = match data.iter().position(|&b| b == 0) {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (data, &[][..]),
    };
    let Ok(setup) = Setup::from_ascii_with(fen, FenOptions::LENIENT) else {
        return;
    };
    let fullmove_zero = FenOptions::STRICT.with(FenLeniency::FullmoveZero);
    for mode in [CastlingMode::Standard, CastlingMode::Chess960] {
        let problems = Problems::of(&setup, mode);
        let strict = Position::from_setup(&setup, mode);
        assert_eq!(strict.is_ok(), problems.is_empty());
        let Ok(mut position) = Position::from_setup_ignoring(&setup, mode, Problems::IGNORABLE)
        else {
            assert!(!problems.difference(Problems::IGNORABLE).is_empty());
            continue;
        };
        for &choice in choices.iter().take(16) {
            let _ = (
                position.outcome(),
                position.is_insufficient_material(),
                position.hash(),
            );
            let moves = position.legal_moves();
            assert_eq!(moves.len(), position.count_legal_moves());
            if moves.is_empty() {
                break;
            }
            let m = moves[choice as usize % moves.len()];
            position.play(m).expect("a listed move is legal");
        }
        if problems.is_empty() {
            for style in [CastlingStyle::XFen, CastlingStyle::Shredder] {
                let text = position.to_setup_with(style).to_string();
                // Strict but for a fullmove number of 0, which a position
                // keeps from a lenient read (and writes back).
                let again =
                    Setup::from_ascii_with(text.as_bytes(), fullmove_zero).expect("our FEN parses");
                assert_eq!(
                    (again.halfmoves, again.fullmoves),
                    (position.halfmoves(), position.fullmoves())
                );
                assert!(Problems::of(&again, mode).is_empty(), "{text}");
                assert_eq!(Position::from_setup(&again, mode).as_ref(), Ok(&position));
            }
        }
    }
});
