//! Conversions against python-chess, the reference for SAN, LAN and UCI:
//! every legal move of 4,650 positions (real games, random play, Chess960;
//! `tests/data/*.tsv.zst`, written by `scripts/gen_move_vectors.py`) in
//! every direction.

use std::collections::{BTreeSet, HashMap};

use chessnote::Move;
use chessnote::eran::Eran;
use chessnote::fen::{FenOptions, Setup};
use chessnote::lan::LanPlus;
use chessnote::position::{CastlingMode, EnPassantStyle, Position};
use chessnote::san::{SanOptions, SanPlus};
use chessnote::uci::Uci;

fn read_vectors(name: &str) -> String {
    chessnote_testdata::vectors_text(name)
}

struct Vector {
    fen: String,
    mode: CastlingMode,
    status: String,
    played: String,
    after: String,
    moves: Vec<(String, String, String)>,
}

fn vectors() -> Vec<Vector> {
    let mut by_id: HashMap<usize, Vec<(String, String, String)>> = HashMap::new();
    for line in read_vectors("moves.tsv.zst").lines() {
        let f: Vec<&str> = line.split('\t').collect();
        by_id.entry(f[0].parse().unwrap()).or_default().push((
            f[1].into(),
            f[2].into(),
            f[3].into(),
        ));
    }
    read_vectors("positions.tsv.zst")
        .lines()
        .map(|line| {
            let f: Vec<&str> = line.split('\t').collect();
            let id: usize = f[0].parse().unwrap();
            Vector {
                fen: f[1].into(),
                mode: if f[2] == "1" {
                    CastlingMode::Chess960
                } else {
                    CastlingMode::Standard
                },
                status: f[3].into(),
                played: f[6].into(),
                after: f[7].into(),
                moves: by_id.remove(&id).unwrap_or_default(),
            }
        })
        .collect()
}

fn position(fen: &str, mode: CastlingMode) -> Position {
    let setup = Setup::from_ascii_with(fen.as_bytes(), FenOptions::STRICT)
        .unwrap_or_else(|e| panic!("{fen}: {e}"));
    Position::from_setup(&setup, mode).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

#[test]
fn every_legal_move_in_every_notation_agrees_with_python_chess() {
    let vectors = vectors();
    assert!(vectors.len() > 4000);
    let mut moves_checked = 0;
    for v in &vectors {
        let pos = position(&v.fen, v.mode);
        let legal = pos.legal_moves();
        // The same set of moves, named in UCI.
        let ours: BTreeSet<String> = legal
            .iter()
            .map(|&m| Uci::from_move(m, v.mode).to_string())
            .collect();
        let theirs: BTreeSet<String> = v.moves.iter().map(|(uci, _, _)| uci.clone()).collect();
        assert_eq!(ours, theirs, "{}", v.fen);
        for (uci, san, lan) in &v.moves {
            let mv = pos
                .parse_uci(uci.as_bytes())
                .unwrap_or_else(|e| panic!("{}: {e}", v.fen));
            assert_eq!(
                SanPlus::from_move(&pos, mv).to_string(),
                *san,
                "{} {uci}",
                v.fen
            );
            assert_eq!(
                LanPlus::from_move(&pos, mv).to_string(),
                *lan,
                "{} {uci}",
                v.fen
            );
            let (from_san, used) = pos
                .parse_san(san.as_bytes(), SanOptions::STRICT)
                .unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(
                (from_san, used),
                (mv, SanOptions::STRICT),
                "{} {san}",
                v.fen
            );
            assert_eq!(pos.parse_lan(lan.as_bytes()), Ok(mv), "{} {lan}", v.fen);
            // ERAN has no python-chess writer: both forms and both
            // en-passant styles read back as the move, and name the same
            // piece, capture and castling as python-chess's SAN.
            for style in [EnPassantStyle::Regular, EnPassantStyle::Explicit] {
                let eran =
                    Eran::from_move_with(&pos, mv, style).expect("every legal move has an ERAN");
                for form in [eran.verbose().to_string(), eran.short().to_string()] {
                    assert_eq!(pos.parse_eran(form.as_bytes()), Ok(mv), "{} {form}", v.fen);
                }
                match eran {
                    Eran::Castle(_) => assert!(san.starts_with("O-O"), "{san}"),
                    Eran::EnPassant => assert!(matches!(mv, Move::EnPassant { .. })),
                    Eran::Drop(_) => panic!("a drop in standard chess: {san}"),
                    Eran::Regular(r) => {
                        assert_eq!(r.is_capture(), san.contains('x'), "{san}");
                        let letter = san
                            .chars()
                            .next()
                            .filter(char::is_ascii_uppercase)
                            .unwrap_or('P');
                        assert_eq!(r.piece().char(), letter, "{san}");
                    }
                }
            }
            moves_checked += 1;
        }
        let status = match (pos.is_check(), pos.has_legal_moves()) {
            (true, false) => "checkmate",
            (false, false) => "stalemate",
            (true, true) => "check",
            (false, true) => "-",
        };
        assert_eq!(status, v.status, "{}", v.fen);
    }
    assert!(moves_checked > 100_000, "{moves_checked}");
}

#[test]
fn playing_a_move_gives_python_chess_fen() {
    let mut ep_differences = 0;
    for v in vectors().iter().filter(|v| v.played != "-") {
        let mut pos = position(&v.fen, v.mode);
        let mv = pos.parse_uci(v.played.as_bytes()).unwrap();
        pos.play(mv).unwrap();
        let ours = pos.to_setup().to_string();
        if ours != v.after {
            // python-chess writes the en-passant square only when a capture
            // there is legal; the other fields must agree.
            let strip = |fen: &str| {
                let mut f: Vec<String> = fen.split(' ').map(str::to_string).collect();
                f[3] = "-".into();
                f.join(" ")
            };
            assert_eq!(strip(&ours), strip(&v.after), "{} {}", v.fen, v.played);
            ep_differences += 1;
        }
    }
    eprintln!("{ep_differences} FENs differ only in the en-passant field");
}
