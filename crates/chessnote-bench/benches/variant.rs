//! Perft in Lichess's variants (issue 34): chessnote's `VariantPosition`
//! in each variant against its own standard perft (the target: each
//! variant within 1.5× of the standard nodes per second) and against
//! shakmaty's variants (GPL, a dev-dependency of this crate only), each
//! listing the moves at every ply, from the variant's start position.
//!
//! `cargo bench -p chessnote-bench --bench variant`; the table at the end
//! gives nodes per second and each contender's time against the first.

use std::hint::black_box;

use chessnote::Variant;
use chessnote::position::VariantPosition;
use chessnote_bench::{Contender, compare, perft, variant_perft};
use criterion::Criterion;
use shakmaty::variant::{Variant as ShakVariant, VariantPosition as ShakPosition};

fn shakmaty_of(variant: Variant) -> ShakVariant {
    match variant {
        Variant::Standard => ShakVariant::Chess,
        Variant::Crazyhouse => ShakVariant::Crazyhouse,
        Variant::Atomic => ShakVariant::Atomic,
        Variant::Antichess => ShakVariant::Antichess,
        Variant::ThreeCheck => ShakVariant::ThreeCheck,
        Variant::KingOfTheHill => ShakVariant::KingOfTheHill,
        Variant::Horde => ShakVariant::Horde,
        Variant::RacingKings => ShakVariant::RacingKings,
    }
}

fn main() {
    let mut c = Criterion::default().configure_from_args();
    const DEPTH: u32 = 4;
    let standard = chessnote::position::Position::new();
    for variant in Variant::ALL {
        let ours = VariantPosition::new(variant);
        let theirs = ShakPosition::new(shakmaty_of(variant));
        let nodes = variant_perft(&ours, DEPTH);
        assert_eq!(shakmaty::perft(&theirs, DEPTH), nodes, "{variant}");
        let standard_nodes = perft(&standard, DEPTH);
        let name = format!("variant_perft_{}_{DEPTH}", variant.uci_name());
        let rows = compare(
            &mut c,
            &name,
            nodes as usize,
            vec![
                Contender::new("chessnote VariantPosition", || {
                    black_box(variant_perft(black_box(&ours), DEPTH));
                }),
                Contender::new("shakmaty VariantPosition", || {
                    black_box(shakmaty::perft(black_box(&theirs), DEPTH));
                }),
            ],
        );
        // Standard perft's nodes per second, measured beside it.
        let start = std::time::Instant::now();
        let mut rounds = 0;
        while start.elapsed().as_secs_f64() < 1.0 {
            black_box(perft(black_box(&standard), DEPTH));
            rounds += 1;
        }
        let standard_rate = (standard_nodes * rounds) as f64 / start.elapsed().as_secs_f64();
        // Not when criterion's filter left this variant out.
        if let Some(ours) = rows.first().filter(|r| r.median_ns.is_finite()) {
            let rate = 1e9 / ours.median_ns;
            eprintln!(
                "{variant}: {nodes} nodes, {:.1} M nodes/s; standard perft {:.1} M nodes/s; \
                 standard/variant {:.2}",
                rate / 1e6,
                standard_rate / 1e6,
                standard_rate / rate
            );
        }
    }
}
