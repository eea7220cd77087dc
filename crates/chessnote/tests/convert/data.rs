//! The SAN/UCI vectors of `shared/data/san` (STS, notnil/chess, chess.js)
//! agree with our conversions, and no text makes a conversion panic.

use crate::common;

use std::collections::BTreeSet;

use chessnote::fen::{FenLeniency, FenOptions, Setup};
use chessnote::lan::LanPlus;
use chessnote::position::{CastlingMode, Notation, Position, WriteNotation};
use chessnote::san::{SanOptions, SanPlus};
use proptest::prelude::*;

fn position(fen: &str) -> Position {
    let options = FenOptions::STRICT.with(FenLeniency::MissingCounters);
    let setup =
        Setup::from_ascii_with(fen.as_bytes(), options).unwrap_or_else(|e| panic!("{fen}: {e}"));
    Position::from_setup(&setup, CastlingMode::Standard).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn tsv(rel: &str) -> Option<Vec<Vec<String>>> {
    let data = common::read_data(rel)?;
    let text = String::from_utf8(data).unwrap();
    Some(
        text.lines()
            .skip(1)
            .map(|l| l.split('\t').map(str::to_string).collect())
            .collect(),
    )
}

#[test]
fn sts_san_and_uci_pairs_name_the_same_moves() {
    let Some(rows) = tsv("data/san/sts-v6-san-uci-pairs.tsv") else {
        return;
    };
    let mut pairs = 0;
    for row in rows {
        let pos = position(&row[1]);
        for (san, uci) in row[2].split(' ').zip(row[3].split(' ')) {
            let from_uci = pos
                .parse_uci(uci.as_bytes())
                .unwrap_or_else(|e| panic!("{e}"));
            let (from_san, used) = pos
                .parse_san(san.as_bytes(), SanOptions::STRICT)
                .unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(
                (from_san, used),
                (from_uci, SanOptions::STRICT),
                "{} {san} {uci}",
                row[1]
            );
            assert_eq!(SanPlus::from_move(&pos, from_uci).to_string(), san);
            assert_eq!(pos.write_move(Notation::Uci, from_san), uci);
            pairs += 1;
        }
    }
    assert_eq!(pairs, 11_874);
}

#[test]
fn notnil_vectors_with_the_position_after() {
    let Some(rows) = tsv("data/san/notnil-valid-notation.tsv") else {
        return;
    };
    assert_eq!(rows.len(), 23);
    for row in rows {
        let (before, after, san, long, uci) = (&row[0], &row[1], &row[2], &row[3], &row[4]);
        let mut pos = position(before);
        let mv = pos.parse_uci(uci.as_bytes()).unwrap();
        assert_eq!(
            pos.parse_san(san.as_bytes(), SanOptions::STRICT)
                .map(|(m, _)| m),
            Ok(mv),
            "{before} {san}"
        );
        // Their SAN may carry an annotation (`Rd1??`), which no writer adds,
        // and leaves out some check marks (`Qxd1` for `Qxd1+`).
        let bare = |s: &str| s.trim_end_matches(['!', '?', '+', '#']).to_string();
        assert_eq!(bare(&SanPlus::from_move(&pos, mv).to_string()), bare(san));
        // Their long algebraic has no dash (`Nb8d7`): SAN with a full source.
        let (from_long, _) = pos.parse_san(long.as_bytes(), SanOptions::LENIENT).unwrap();
        assert_eq!(from_long, mv, "{long}");
        pos.play(mv).unwrap();
        // The FEN after, but for the en-passant field (written only when a
        // capture there is legal, by notnil/chess).
        let ours = pos.to_setup().to_string();
        let fields = |s: &str| {
            s.split(' ')
                .enumerate()
                .filter(|(i, _)| *i != 3)
                .map(|(_, f)| f.to_string())
                .collect::<Vec<_>>()
        };
        assert_eq!(fields(&ours), fields(after), "{before} {san}");
    }
}

#[test]
fn chessjs_complete_sets_of_legal_moves_in_san() {
    let Some(rows) = tsv("data/san/chessjs-legal-san.tsv") else {
        return;
    };
    for row in rows {
        let pos = position(&row[0]);
        let ours: BTreeSet<String> = pos
            .legal_moves()
            .iter()
            .map(|&m| SanPlus::from_move(&pos, m).to_string())
            .collect();
        let theirs: BTreeSet<String> = row[1].split(' ').map(str::to_string).collect();
        assert_eq!(ours, theirs, "{}", row[0]);
        for san in &theirs {
            let (mv, _) = pos.parse_san(san.as_bytes(), SanOptions::STRICT).unwrap();
            assert_eq!(SanPlus::from_move(&pos, mv).to_string(), *san);
            assert_eq!(
                pos.parse_lan(LanPlus::from_move(&pos, mv).to_string().as_bytes()),
                Ok(mv)
            );
        }
    }
}

fn positions() -> Vec<Position> {
    [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
        "7k/3R4/3p2Q1/6Q1/2N1N3/8/8/3R3K w - - 0 1",
    ]
    .iter()
    .map(|fen| position(fen))
    .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    /// Random text in every notation, strict and lenient, never panics; what
    /// reads as a move is a legal move that writes back and reads again.
    #[test]
    fn no_text_makes_a_conversion_panic(
        text in prop_oneof![
            "[a-hKQRBNPx1-8O0=+#!?e. -]{0,10}",
            "(pawn|knight|king|P|N|K) [a-h][1-8][-x][a-h][1-8]( >Q| ->queen)?",
            "[a-h][1-8][a-h][1-8][qrbnk]?",
            any::<Vec<u8>>().prop_map(|b| String::from_utf8_lossy(&b).into_owned()),
        ],
        which in 0usize..6,
    ) {
        let pos = &positions()[which];
        for notation in [Notation::San, Notation::Lan, Notation::Uci, Notation::Eran] {
            for options in [SanOptions::STRICT, SanOptions::LENIENT] {
                if let Ok((mv, _)) = pos.parse_move(notation, text.as_bytes(), options) {
                    prop_assert!(pos.is_legal(mv));
                    for out in WriteNotation::ALL {
                        let written = pos.write_move(out, mv);
                        let again = pos.parse_move(out.notation(), written.as_bytes(), SanOptions::STRICT).map(|(m, _)| m);
                        prop_assert_eq!(again, Ok(mv), "{} -> {}", text, written);
                    }
                }
            }
        }
    }
}
