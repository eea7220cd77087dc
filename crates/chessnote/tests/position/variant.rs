//! Perft in Lichess's variants ([`VariantPosition`]), against every suite
//! in `../shared/data/perft/variants`. CI checks the counts up to 200,000 nodes; `cargo test
//! --release -p chessnote --test position -- --ignored variant_perft_deep`
//! checks every count up to `PERFT_MAX_NODES` (default 50 million).

use crate::common;

use chessnote::fen::{FenLeniency, FenOptions, VariantSetup};
use chessnote::position::{CastlingMode, Termination, VariantPosition};
use chessnote::san::SanOptions;
use chessnote::uci::Uci;
use chessnote::{Color, Move, PieceKind, Rank, Variant};

/// A suite's position: a variant FEN (pockets, promoted pieces and check
/// counters read by [`VariantSetup`]), in Chess960 mode when the castling
/// rights need it.
fn position(epd: &str, variant: Variant) -> VariantPosition {
    let options = FenOptions::STRICT.with(FenLeniency::MissingCounters);
    let setup = VariantSetup::from_ascii_with(epd.as_bytes(), options)
        .unwrap_or_else(|e| panic!("{epd}: {e}"));
    VariantPosition::from_variant_setup(&setup, variant, CastlingMode::Standard)
        .or_else(|_| VariantPosition::from_variant_setup(&setup, variant, CastlingMode::Chess960))
        .unwrap_or_else(|e| panic!("{variant} {epd}: {e}"))
}

/// Checks every count of the suite up to `max_nodes`; returns how many.
fn run(file: &str, variant: Variant, max_nodes: u64) -> usize {
    let rel = format!("data/perft/variants/{file}");
    let data = common::read_data(&rel).unwrap_or_else(|| panic!("{rel} is missing"));
    let text = String::from_utf8(data).expect("utf-8");
    let (mut name, mut current, mut checked) = (String::new(), None, 0);
    for line in text.lines().map(str::trim) {
        if let Some(id) = line.strip_prefix("id ") {
            name = id.to_string();
        } else if let Some(epd) = line.strip_prefix("epd ") {
            current = Some((epd.to_string(), position(epd, variant)));
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let (depth, nodes) = rest.split_once(' ').expect("perft line");
            let (depth, nodes): (u32, u64) =
                (depth.parse().unwrap(), nodes.trim().parse().unwrap());
            if nodes > max_nodes {
                continue;
            }
            let (epd, position) = current.as_ref().expect("perft before epd");
            assert_eq!(
                common::variant_perft(position, depth),
                nodes,
                "{rel} {name} ({epd}): perft {depth}"
            );
            checked += 1;
        }
    }
    assert!(checked > 0, "{rel}: no count checked");
    checked
}

const SUITES: [(&str, Variant); 6] = [
    ("3check.perft", Variant::ThreeCheck),
    ("crazyhouse.perft", Variant::Crazyhouse),
    ("antichess.perft", Variant::Antichess),
    ("atomic.perft", Variant::Atomic),
    ("horde.perft", Variant::Horde),
    ("racingkings.perft", Variant::RacingKings),
];

#[test]
fn variant_perft() {
    for (file, variant) in SUITES {
        run(file, variant, 200_000);
    }
}

#[test]
#[ignore = "deep perft: run in release with --ignored"]
fn variant_perft_deep() {
    let max = std::env::var("PERFT_MAX_NODES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(50_000_000);
    for (file, variant) in SUITES {
        let checked = run(file, variant, max);
        eprintln!("{file}: {checked} counts");
    }
}

#[test]
fn starting_positions_have_the_variants_moves() {
    let counts = Variant::ALL
        .into_iter()
        .map(|v| (v, VariantPosition::new(v).legal_moves().len()))
        .collect::<Vec<_>>();
    assert_eq!(
        counts,
        [
            (Variant::Standard, 20),
            (Variant::Crazyhouse, 20),
            (Variant::Atomic, 20),
            (Variant::Antichess, 20),
            (Variant::ThreeCheck, 20),
            (Variant::KingOfTheHill, 20),
            (Variant::Horde, 8),
            (Variant::RacingKings, 21),
        ]
    );
}

/// The variant of python-chess's `uci_variant`.
fn variant_of(uci_variant: &str) -> Variant {
    Variant::ALL
        .into_iter()
        .find(|v| v.uci_name() == uci_variant)
        .unwrap_or_else(|| panic!("unknown variant {uci_variant}"))
}

/// How a position stands, as `scripts/gen_variant_vectors.py` writes it.
fn end_of(position: &VariantPosition) -> serde_json::Value {
    let Some(outcome) = position.outcome() else {
        return serde_json::Value::Null;
    };
    let termination = match outcome.termination {
        Termination::VariantWin => "variant_win",
        Termination::VariantLoss => "variant_loss",
        Termination::VariantDraw => "variant_draw",
        Termination::Checkmate => "checkmate",
        Termination::Stalemate => "stalemate",
        Termination::InsufficientMaterial => "insufficient_material",
        other => panic!("unexpected termination {other}"),
    };
    let winner = outcome.winner.map(|c| match c {
        Color::White => "white",
        Color::Black => "black",
    });
    serde_json::json!([termination, winner])
}

/// Random games of every variant, played by python-chess's `chess.variant`
/// (`scripts/gen_variant_vectors.py`): at every ply the same legal moves
/// (as UCI), the same check, the same end of game, the same SAN of the
/// move played (written, and read back strictly), and after each move the
/// same FEN (pockets, promoted pieces, check counters compared as
/// read back from python-chess's spelling).
#[test]
fn random_games_play_as_python_chess_plays_them() {
    let text = chessnote_testdata::vectors_text("variant-games.jsonl.zst");
    let (mut games, mut plies) = (0, 0);
    let mut seen = std::collections::BTreeSet::new();
    let mut eran_seen = EranSeen::default();
    for line in text.lines() {
        let game: serde_json::Value = serde_json::from_str(line).expect("json");
        let variant = variant_of(game["variant"].as_str().expect("variant"));
        let start: VariantSetup = game["start"]
            .as_str()
            .expect("start")
            .parse()
            .expect("start FEN");
        let mut position =
            VariantPosition::from_variant_setup(&start, variant, CastlingMode::Standard)
                .unwrap_or_else(|e| panic!("{variant}: {e}"));
        for (ply, expected) in game["plies"].as_array().expect("plies").iter().enumerate() {
            let here = format!(
                "{variant} game {games} ply {ply} ({})",
                position.to_variant_setup()
            );
            let mut legal: Vec<String> = position
                .legal_moves()
                .iter()
                .map(|&mv| Uci::from_move(mv, CastlingMode::Standard).to_string())
                .collect();
            legal.sort();
            let want: Vec<&str> = expected["legal"]
                .as_array()
                .expect("legal")
                .iter()
                .map(|m| m.as_str().expect("uci"))
                .collect();
            assert_eq!(legal, want, "{here}: legal moves");
            eran_reads_back(&position, &here, &mut eran_seen);
            assert_eq!(
                position.is_check(),
                expected["check"].as_bool().expect("check"),
                "{here}: check"
            );
            let end = end_of(&position);
            assert_eq!(end, expected["end"], "{here}: end");
            if let Some(t) = end.get(0).and_then(|t| t.as_str()) {
                seen.insert((variant, t.to_string()));
            }
            let Some(uci) = expected["move"].as_str() else {
                break;
            };
            let uci: Uci = uci.parse().expect("uci");
            let mv = *position
                .legal_moves()
                .iter()
                .find(|&&m| Uci::from_move(m, CastlingMode::Standard) == uci)
                .expect("the move is legal");
            let san = expected["san"].as_str().expect("san");
            assert_eq!(position.san(mv).to_string(), san, "{here}: SAN of {uci}");
            let (read, used) = position
                .parse_san(san.as_bytes(), SanOptions::STRICT)
                .unwrap_or_else(|e| panic!("{here}: {san}: {e}"));
            assert_eq!(
                (read, used),
                (mv, SanOptions::STRICT),
                "{here}: {san} read back"
            );
            position.play(mv).expect("legal");
            let fen = expected["fen"].as_str().expect("fen");
            let want: VariantSetup = fen.parse().unwrap_or_else(|e| panic!("{here}: {fen}: {e}"));
            // Pockets and promoted marks in crazyhouse only, counters in
            // three-check only: as python-chess writes them.
            let got = position.to_variant_setup();
            assert_eq!(got, want, "{here}: FEN after {uci}: {got} against {fen}");
            plies += 1;
        }
        games += 1;
    }
    assert_eq!(games, 210, "games read");
    assert!(plies > 15_000, "{plies} plies");
    // ERAN met every kind of variant move at least once.
    let EranSeen {
        drops,
        pawn_drops,
        horde_first_rank,
        king_promotions,
    } = eran_seen;
    assert!(
        drops > 100 && pawn_drops > 10 && horde_first_rank > 10 && king_promotions > 0,
        "{eran_seen:?}"
    );
    // Every way a game ends that the random games reach.
    for (variant, end) in [
        (Variant::Atomic, "variant_loss"),
        (Variant::Antichess, "variant_win"),
        (Variant::ThreeCheck, "variant_loss"),
        (Variant::KingOfTheHill, "variant_loss"),
        (Variant::RacingKings, "variant_loss"),
        (Variant::Crazyhouse, "checkmate"),
        (Variant::Horde, "stalemate"),
        (Variant::Atomic, "insufficient_material"),
    ] {
        assert!(
            seen.contains(&(variant, end.to_string())),
            "{variant} never ends by {end}"
        );
    }
}

/// What [`eran_reads_back`] met.
#[derive(Debug, Default, Clone, Copy)]
struct EranSeen {
    drops: usize,
    pawn_drops: usize,
    horde_first_rank: usize,
    king_promotions: usize,
}

/// Every legal move of `position` is written in ERAN (both styles) and read
/// back as itself, drops (`Knight @f3`), horde's first-rank pawn moves and
/// antichess's king promotions (`Pawn e7-e8 ->King`) included.
fn eran_reads_back(position: &VariantPosition, here: &str, seen: &mut EranSeen) {
    for mv in position.legal_moves() {
        let eran = position
            .eran(mv)
            .unwrap_or_else(|| panic!("{here}: no ERAN for {mv}"));
        seen.king_promotions += usize::from(mv.promotion() == Some(PieceKind::King));
        for text in [eran.verbose().to_string(), eran.short().to_string()] {
            assert_eq!(
                position.parse_eran(text.as_bytes()),
                Ok(mv),
                "{here}: ERAN {text}"
            );
        }
        match mv {
            Move::Drop { piece, .. } => {
                seen.drops += 1;
                seen.pawn_drops += usize::from(piece == PieceKind::Pawn);
            }
            _ if mv.piece() == PieceKind::Pawn && mv.from().rank() == Rank::First => {
                seen.horde_first_rank += 1;
            }
            _ => {}
        }
    }
}

/// Insufficient material by each variant's rules, as python-chess's
/// `has_insufficient_material` judges it, for both colors, on 10,500
/// random sparse positions (`scripts/gen_variant_vectors.py`: kings and a
/// few pieces, crazyhouse pockets and promoted pieces, horde's White with
/// no king). Each variant's positions include both answers where the
/// variant has both.
#[test]
fn insufficient_material_is_python_chess_s() {
    let text = chessnote_testdata::vectors_text("variant-material.tsv.zst");
    let mut seen = std::collections::BTreeMap::new();
    for line in text.lines() {
        let fields: Vec<&str> = line.split('\t').collect();
        let [name, fen, white, black] = fields[..] else {
            panic!("a bad line: {line}");
        };
        let variant = Variant::ALL
            .into_iter()
            .find(|v| v.uci_name() == name)
            .unwrap_or_else(|| panic!("no variant {name}"));
        let position = position(fen, variant);
        let got = [Color::White, Color::Black].map(|c| position.has_insufficient_material(c));
        let want = [white, black].map(|flag| flag == "1");
        assert_eq!(
            got, want,
            "{name} {fen}: insufficient material (White, Black)"
        );
        assert_eq!(position.is_insufficient_material(), want[0] && want[1]);
        *seen.entry((variant, want)).or_insert(0) += 1;
    }
    assert_eq!(seen.values().sum::<usize>(), 10_500, "positions read");
    for variant in [
        Variant::Crazyhouse,
        Variant::Atomic,
        Variant::Antichess,
        Variant::ThreeCheck,
        Variant::Horde,
    ] {
        for white in [false, true] {
            let count: usize = seen
                .iter()
                .filter(|((v, want), _)| *v == variant && want[0] == white)
                .map(|(_, n)| n)
                .sum();
            assert!(count > 0, "{variant}: no position with White's {white}");
        }
    }
}

/// Found by the fuzz target `variant_position`: a lenient FEN whose rank
/// runs past 255 squares overflowed the counter that places the promoted
/// marks (`~`), a panic in debug builds. It reads, or is refused, without
/// one.
#[test]
fn lenient_variant_fens_with_overlong_ranks_do_not_panic() {
    let long = "8".repeat(40);
    for fen in [
        long.clone(),
        format!("{long}Q~/8/8/8/8/8/8/8 w - - 0 1"),
        format!("{}k~/8 w - - 0 1", "8/".repeat(300)),
    ] {
        let read = VariantSetup::from_ascii_with(fen.as_bytes(), FenOptions::LENIENT);
        if let Ok(setup) = read {
            let _ = setup.to_string();
        }
    }
}

/// ERAN's promotion to a king (`Pawn e7-e8 ->King`, `P e7-e8 >K`) is
/// antichess's: a position of chess refuses it as an illegal move, as it
/// refuses LAN's `=K` and UCI's `k`.
#[test]
fn eran_king_promotions_are_antichess_s_only() {
    use chessnote::position::{MoveErrorKind, Position};
    let fen = "8/4P3/8/8/8/8/8/k6K w - - 0 1";
    let setup: VariantSetup = fen.parse().unwrap();
    let chess = Position::from_setup(&setup.setup, CastlingMode::Standard).unwrap();
    let antichess =
        VariantPosition::from_variant_setup(&setup, Variant::Antichess, CastlingMode::Standard)
            .unwrap();
    for text in ["Pawn e7-e8 ->King", "P e7-e8 >K"] {
        let refused = chess.parse_eran(text.as_bytes()).unwrap_err();
        assert_eq!(refused.kind(), MoveErrorKind::Illegal, "{text}");
        assert_eq!(
            chess.parse_lan(b"e7-e8=K").unwrap_err().kind(),
            MoveErrorKind::Illegal
        );
        let mv = antichess.parse_eran(text.as_bytes()).unwrap();
        assert_eq!(mv, antichess.parse_uci(b"e7e8k").unwrap(), "{text}");
    }
}
