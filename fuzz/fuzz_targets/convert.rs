//! Moves in a position: no text in any notation makes a conversion panic,
//! and what reads as a move is legal and writes back to text that reads as
//! the same move in every notation; pasted movetext splits into pieces of
//! itself.
#![no_main]

use chessnote::Variant;
use chessnote::fen::{Setup, VariantSetup};
use chessnote::position::{CastlingMode, Notation, Position, VariantPosition, WriteNotation};
use chessnote::san::SanOptions;

const FENS: [&str; 6] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
];

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Some((&choice, text)) = data.split_first() else {
        return;
    };
    // Pasted movetext: its words are pieces of it, none empty or spaced at
    // its ends, whatever braces, parentheses and semicolons it holds.
    if let Ok(pasted) = core::str::from_utf8(text) {
        let _ = Notation::starts_game(pasted);
        for notation in Notation::ALL {
            for word in notation.split_moves(pasted) {
                assert!(!word.is_empty() && word.trim_ascii() == word, "{word:?}");
                assert!(pasted.contains(word));
            }
        }
    }
    let index = usize::from(choice) % FENS.len();
    let mode = if index == 5 {
        CastlingMode::Chess960
    } else {
        CastlingMode::Standard
    };
    let setup: Setup = FENS[index].parse().expect("fixed FEN");
    let position = Position::from_setup(&setup, mode).expect("fixed position");
    for notation in Notation::ALL {
        for options in [SanOptions::STRICT, SanOptions::LENIENT] {
            if let Ok((mv, _)) = position.parse_move(notation, text, options) {
                assert!(position.is_legal(mv));
                for out in WriteNotation::ALL {
                    let written = position.write_move(out, mv);
                    let again =
                        position.parse_move(out.notation(), written.as_bytes(), SanOptions::STRICT);
                    assert_eq!(again.map(|(m, _)| m), Ok(mv), "{written}");
                }
            }
        }
    }
    // The same in a variant's position (a crazyhouse one with pockets):
    // every notation that writes the move reads it back.
    let variant = Variant::ALL[usize::from(choice / 8) % Variant::ALL.len()];
    let position = if variant == Variant::Crazyhouse && choice % 2 == 0 {
        let setup: VariantSetup = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R[QRBNPqrbnp] w KQkq - 0 1"
            .parse()
            .expect("fixed FEN");
        VariantPosition::from_variant_setup(&setup, variant, CastlingMode::Standard)
            .expect("fixed position")
    } else {
        VariantPosition::new(variant)
    };
    for notation in Notation::ALL {
        for options in [SanOptions::STRICT, SanOptions::LENIENT] {
            if let Ok((mv, _)) = position.parse_move(notation, text, options) {
                assert!(position.is_legal(mv));
                for out in WriteNotation::ALL {
                    // Every notation writes every legal move.
                    let written = position.write_move(out, mv).expect("a text for a legal move");
                    let again =
                        position.parse_move(out.notation(), written.as_bytes(), SanOptions::STRICT);
                    assert_eq!(again.map(|(m, _)| m), Ok(mv), "{variant} {written}");
                }
            }
        }
    }
});
