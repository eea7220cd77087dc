//! Validation against data no one here wrote: cozy-chess's valid and
//! invalid positions, and chess.js's FEN validity table.

use crate::common;

use std::collections::BTreeMap;

use chessnote::fen::Setup;
use chessnote::position::{CastlingMode, CastlingStyle, Position, Problem, Problems};

pub(crate) fn lines(rel: &str) -> Option<Vec<String>> {
    let data = common::read_data(rel)?;
    Some(
        String::from_utf8(data)
            .expect("utf-8")
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .map(String::from)
            .collect(),
    )
}

#[test]
fn every_cozy_chess_valid_position_is_valid_and_round_trips() {
    let Some(fens) = lines("data/fen/cozy-chess/valid.sfens") else {
        return;
    };
    assert_eq!(fens.len(), 10_000);
    let mut failures = Vec::new();
    for fen in &fens {
        let setup = Setup::from_ascii(fen.as_bytes()).unwrap_or_else(|e| panic!("{fen}: {e}"));
        match Position::from_setup(&setup, CastlingMode::Chess960) {
            Ok(position) => {
                assert_eq!(
                    position.to_setup_with(CastlingStyle::Shredder).to_string(),
                    *fen
                );
                // And it agrees with cozy-chess itself on the legal moves.
                let board = cozy_chess::Board::from_fen(fen, true).unwrap();
                let mut n = 0;
                board.generate_moves(|m| {
                    n += m.len();
                    false
                });
                assert_eq!(position.legal_moves().len(), n, "{fen}");
            }
            Err(e) => failures.push(format!("{fen}: {e}")),
        }
    }
    assert!(
        failures.is_empty(),
        "{} valid positions refused:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn every_cozy_chess_invalid_position_is_invalid() {
    let Some(fens) = lines("data/fen/cozy-chess/invalid.sfens") else {
        return;
    };
    assert_eq!(fens.len(), 9_992);
    let mut histogram: BTreeMap<&'static str, usize> = BTreeMap::new();
    let mut accepted = Vec::new();
    for fen in &fens {
        let setup = Setup::from_ascii(fen.as_bytes()).unwrap_or_else(|e| panic!("{fen}: {e}"));
        match Position::from_setup(&setup, CastlingMode::Chess960) {
            Ok(_) => accepted.push(fen.clone()),
            Err(e) => {
                let problems = e.problems();
                assert!(!problems.contains(Problem::Unplayable), "{fen}: {problems}");
                for p in problems.iter() {
                    *histogram.entry(p.as_str()).or_default() += 1;
                }
                // Whatever is not ignorable must stay refused when the
                // ignorable problems are ignored; the rest must build.
                let r = Position::from_setup_ignoring(
                    &setup,
                    CastlingMode::Chess960,
                    Problems::IGNORABLE,
                );
                let fatal = problems.difference(Problems::IGNORABLE);
                assert_eq!(r.is_ok(), fatal.is_empty(), "{fen}: {problems}");
            }
        }
    }
    eprintln!("problems found in invalid.sfens:");
    for (name, n) in &histogram {
        eprintln!("{n:6}  {name}");
    }
    assert!(
        accepted.is_empty(),
        "{} invalid positions accepted:\n{}",
        accepted.len(),
        accepted.join("\n")
    );
    // python-chess's classes each show up.
    for p in [
        Problem::TooManyKings,
        Problem::OppositeCheck,
        Problem::PawnsOnBackRank,
        Problem::NoWhiteKing,
        Problem::NoBlackKing,
        Problem::ImpossibleCheck,
        Problem::InvalidEpSquare,
        Problem::TooManyCheckers,
    ] {
        assert!(histogram.contains_key(p.as_str()), "{p} never found");
    }
    assert!(
        histogram
            .keys()
            .any(|k| k.starts_with("too many white p") || k.starts_with("too many black p"))
    );
}

#[test]
fn chess_js_validity_rows_agree_where_they_are_about_legality() {
    let Some(rows) = lines("data/fen/chessjs-validate-fen.tsv") else {
        return;
    };
    let mut checked = 0;
    for row in rows.iter().skip(1) {
        let mut fields = row.split('\t');
        let (Some(fen), Some(valid), comment) = (fields.next(), fields.next(), fields.next())
        else {
            continue;
        };
        let comment = comment.unwrap_or("");
        // Syntax is the FEN parser's business.
        let Ok(setup) = Setup::from_ascii(fen.as_bytes()) else {
            continue;
        };
        let result = Position::from_setup(&setup, CastlingMode::Standard);
        if valid == "true" {
            // chess.js does not check everything we check (impossible
            // castling rights, en-passant squares, checks): where it says
            // valid, we may only disagree with a reason it does not know.
            if let Err(e) = &result {
                let p = e.problems();
                assert!(
                    p.difference(Problems::IGNORABLE.with(Problem::OppositeCheck))
                        .is_empty(),
                    "{fen} ({comment}): {p}"
                );
                eprintln!("stricter than chess.js: {fen}: {p}");
            }
        } else {
            assert!(result.is_err(), "{fen} ({comment}) accepted");
        }
        checked += 1;
    }
    eprintln!("{checked} chess.js rows checked");
    assert!(checked > 100);
}

#[test]
fn problem_examples() {
    let cases: &[(&str, &[Problem])] = &[
        (
            "8/8/8/8/8/8/8/8 w - - 0 1",
            &[Problem::Empty, Problem::NoWhiteKing, Problem::NoBlackKing],
        ),
        ("4k3/8/8/8/8/8/8/3KK3 w - - 0 1", &[Problem::TooManyKings]),
        (
            "4k3/8/8/8/8/8/8/P3K3 w - - 0 1",
            &[Problem::PawnsOnBackRank],
        ),
        (
            "4k3/8/8/8/8/8/PPPPPPPP/P3K3 w - - 0 1",
            &[Problem::TooManyWhitePawns, Problem::PawnsOnBackRank],
        ),
        (
            "4k3/8/8/8/8/8/PPPPPPPP/QQ2K3 w - - 0 1",
            &[Problem::TooManyWhitePieces],
        ),
        ("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", &[Problem::OppositeCheck]),
        // Three checkers.
        (
            "4k3/8/8/8/8/3n1n2/4r3/4K3 w - - 0 1",
            &[Problem::TooManyCheckers, Problem::ImpossibleCheck],
        ),
        // Two rooks on one line with the king.
        (
            "4k3/8/8/8/8/8/8/r2K2r1 w - - 0 1",
            &[Problem::ImpossibleCheck],
        ),
        // Two knights.
        (
            "4k3/8/8/8/8/2n1n3/8/3K4 w - - 0 1",
            &[Problem::ImpossibleCheck],
        ),
        // A knight that cannot have uncovered the rook.
        (
            "4k3/8/8/8/8/5n2/8/r3K3 w - - 0 1",
            &[Problem::ImpossibleCheck],
        ),
        // Two pawns.
        (
            "4k3/8/8/8/8/8/2p1p3/3K4 w - - 0 1",
            &[Problem::ImpossibleCheck],
        ),
        // An en-passant square with no pawn that made the double step.
        (
            "4k3/8/8/8/8/8/8/4K3 b - e3 0 1",
            &[Problem::InvalidEpSquare],
        ),
        // A double step cannot give check from a knight.
        (
            "4k3/2N5/8/8/3P4/8/8/4K3 b - d3 0 1",
            &[Problem::ImpossibleCheck],
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w K - 0 1",
            &[Problem::BadCastlingRights],
        ),
    ];
    for (fen, expected) in cases {
        let setup = Setup::from_ascii(fen.as_bytes()).unwrap();
        let got = Position::from_setup(&setup, CastlingMode::Standard)
            .unwrap_err()
            .problems();
        let want = expected.iter().fold(Problems::EMPTY, |s, p| s.with(*p));
        assert_eq!(got, want, "{fen}: {got}");
    }
    // Possible double checks: a knight uncovering a rook; a pawn uncovering a bishop.
    for fen in [
        "4k3/8/8/8/8/3n4/8/r3K3 w - - 0 1",
        "4k3/8/8/8/b7/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
    ] {
        let setup = Setup::from_ascii(fen.as_bytes()).unwrap();
        assert!(
            Position::from_setup(&setup, CastlingMode::Standard).is_ok(),
            "{fen}"
        );
    }
}

#[test]
fn standard_mode_flags_chess960_castling() {
    let setup =
        Setup::from_ascii(b"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1").unwrap();
    let err = Position::from_setup(&setup, CastlingMode::Standard).unwrap_err();
    assert_eq!(
        err.problems(),
        Problems::EMPTY.with(Problem::BadCastlingMode)
    );
    let position = Position::from_setup(&setup, CastlingMode::Chess960).unwrap();
    assert_eq!(
        position.to_setup().to_string(),
        "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1"
    );
    assert_eq!(
        position.to_setup_with(CastlingStyle::Shredder).to_string(),
        "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"
    );
}

/// Real positions from opening books and games are all valid, and print back
/// as they were read (X-FEN for `KQkq` Chess960 files, Shredder for `HFhf`).
#[test]
fn real_positions_are_valid_and_print_back() {
    use chessnote::fen::{FenLeniency, FenOptions};
    let options = FenOptions::STRICT.with(FenLeniency::SurroundingWhitespace);
    for (rel, mode, style, limit) in [
        (
            "data/epd/stockfish-books/FRC_openings.epd",
            CastlingMode::Chess960,
            CastlingStyle::XFen,
            960,
        ),
        (
            "data/epd/stockfish-books/3moves_FRC.epd.zst",
            CastlingMode::Chess960,
            CastlingStyle::XFen,
            3000,
        ),
        (
            "data/epd/stockfish-books/DFRC_openings.epd.zst",
            CastlingMode::Chess960,
            CastlingStyle::Shredder,
            3000,
        ),
        (
            "data/epd/stockfish-books/UHO_4060_v4.epd.zst",
            CastlingMode::Standard,
            CastlingStyle::XFen,
            3000,
        ),
        (
            "data/epd/stockfish-books/endgames.epd.zst",
            CastlingMode::Standard,
            CastlingStyle::XFen,
            3000,
        ),
        (
            "data/epd/stockfish-books/stalemates_200d30_v1.epd",
            CastlingMode::Standard,
            CastlingStyle::XFen,
            3000,
        ),
    ] {
        let Some(lines) = lines(rel) else {
            continue;
        };
        let mut checked = 0;
        // Spread the sample over the whole file.
        let step = (lines.len() / limit).max(1);
        for fen in lines.iter().step_by(step) {
            let setup = Setup::from_ascii_with(fen.as_bytes(), options)
                .unwrap_or_else(|e| panic!("{rel}: {fen}: {e}"));
            let position =
                Position::from_setup(&setup, mode).unwrap_or_else(|e| panic!("{rel}: {fen}: {e}"));
            assert_eq!(
                position.to_setup_with(style).to_string(),
                fen.trim(),
                "{rel}"
            );
            checked += 1;
        }
        eprintln!("{rel}: {checked} positions valid");
    }
}

/// Detection agrees with validation: a setup is detected as Chess960
/// exactly when its castling rights are valid there and not in standard
/// chess. Ethereal's standard suite is all standard; its Fischer-random
/// suite nearly all Chess960 (a few start positions castle like standard
/// chess).
#[test]
fn castling_mode_detection_matches_ethereals_suites() {
    for (rel, expect_960) in [
        ("data/perft/ethereal-standard.epd", false),
        ("data/perft/ethereal-fischer.epd", true),
    ] {
        let Some(lines) = lines(rel) else {
            return;
        };
        let mut chess960 = 0;
        for line in &lines {
            let fen = line.split(';').next().unwrap().trim();
            let setup: Setup = fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"));
            let detected = CastlingMode::detect(&setup);
            let standard = Problems::of(&setup, CastlingMode::Standard);
            assert_eq!(
                detected == CastlingMode::Chess960,
                standard.contains(Problem::BadCastlingMode),
                "{fen}"
            );
            let in_detected = Problems::of(&setup, detected);
            assert!(!in_detected.contains(Problem::BadCastlingMode), "{fen}");
            chess960 += usize::from(detected == CastlingMode::Chess960);
        }
        if expect_960 {
            assert!(
                chess960 * 10 > lines.len() * 9,
                "{rel}: {chess960} of {}",
                lines.len()
            );
        } else {
            assert_eq!(chess960, 0, "{rel}");
        }
    }
}

/// Scharnagl's numbering against cozy-chess's list of the 960 start
/// positions (in that order): each number makes its line's board, and the
/// board gives its number back.
#[test]
fn chess960_numbers_are_cozy_chess_lines() {
    let starts = lines("data/fen/cozy-chess/chess960_start_positions.sfens").expect("shared data");
    assert_eq!(starts.len(), 960);
    for (number, line) in (0u16..).zip(&starts) {
        let expected: Setup = line.parse().unwrap();
        let setup = Setup::chess960(number).unwrap();
        assert_eq!(setup.board, expected.board, "{number}: {line}");
        assert_eq!(expected.chess960_number(), Some(number), "{line}");
        // Every right: the same rooks as cozy-chess's Shredder letters.
        assert_eq!(setup.castling_rooks(), expected.castling_rooks(), "{line}");
    }
    assert_eq!(Setup::chess960(960), None);
    let mut moved = Setup::STARTING;
    moved.board.set(chessnote::Square::E2, None);
    assert_eq!(moved.chess960_number(), None);
}
