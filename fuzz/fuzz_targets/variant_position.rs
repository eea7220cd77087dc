#![no_main]

//! Any bytes read leniently as a variant FEN, in the variant the first
//! byte picks: the move generator gives the moves the slow reference finds
//! by playing every candidate (atomic's explosions as masks, racing kings'
//! checks sorted out as generated), every move plays, and its UCI, SAN,
//! LAN and ERAN (king promotions too) read back as itself; a few plies chosen by the remaining
//! input keep that true.

use chessnote::Variant;
use chessnote::fen::{FenOptions, VariantSetup};
use chessnote::position::{CastlingMode, VariantPosition, WriteNotation};
use chessnote::san::SanOptions;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let (fen, choices) = match rest.iter().position(|&b| b == 0) {
        Some(i) => (&rest[..i], &rest[i + 1..]),
        None => (rest, &[][..]),
    };
    let Ok(setup) = VariantSetup::from_ascii_with(fen, FenOptions::LENIENT) else {
        return;
    };
    let variant = Variant::ALL[usize::from(pick) % Variant::ALL.len()];
    let mode = if pick & 0x80 != 0 {
        CastlingMode::Chess960
    } else {
        CastlingMode::Standard
    };
    let Ok(mut position) = VariantPosition::from_variant_setup(&setup, variant, mode) else {
        return;
    };
    for &choice in choices.iter().take(12).chain([&0]) {
        let mut fast = position.legal_moves();
        let mut slow = position.legal_moves_by_playing();
        fast.sort_by_key(|m| format!("{m:?}"));
        slow.sort_by_key(|m| format!("{m:?}"));
        assert_eq!(fast, slow, "{variant} {}", position.to_variant_setup());
        let _ = (position.outcome(), position.is_check(), position.diagram());
        for &mv in &fast {
            for out in WriteNotation::ALL {
                let written = position.write_move(out, mv).expect("a text for a legal move");
                let again =
                    position.parse_move(out.notation(), written.as_bytes(), SanOptions::STRICT);
                assert_eq!(again.map(|(m, _)| m), Ok(mv), "{variant} {written}");
            }
        }
        let Some(&mv) = fast.get(usize::from(choice) % fast.len().max(1)) else {
            break;
        };
        position.play(mv).expect("a legal move plays");
    }
});
