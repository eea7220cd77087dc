//! Our move generator against cozy-chess (the one we used before, kept as a
//! dev-dependency for this): random games from every 7th position of
//! cozy-chess's `valid.sfens`, every 8th Chess960 start and the standard
//! start, compared ply by ply. At each ply: the legal moves (and their order, which we keep as
//! cozy-chess's), the count and emptiness without listing, checkers, the
//! legality of every from-to pair of our pieces as UCI, the position after
//! the move chosen (and after a null move), and our incrementally updated
//! hash against the hash of the same position built from scratch.

use chessnote::fen::Setup;
use chessnote::position::{CastlingMode, CastlingStyle, Position};
use chessnote::uci::Uci;
use chessnote::{Square, SquareSet};

use crate::common::Rng;

fn lines(rel: &str) -> Vec<String> {
    super::validate::lines(rel).unwrap_or_else(|| panic!("{rel} is missing"))
}

/// A move (or anything) chosen at random among `n`.
fn pick(rng: &mut Rng, n: usize) -> usize {
    rng.below(n as u64) as usize
}

/// The first four FEN fields (cozy-chess caps its counters; ours do not).
fn placement(fen: &str) -> String {
    fen.split(' ').take(4).collect::<Vec<_>>().join(" ")
}

fn cozy_moves(board: &cozy_chess::Board) -> Vec<String> {
    let mut moves = Vec::new();
    board.generate_moves(|piece_moves| {
        moves.extend(piece_moves.into_iter().map(|m| m.to_string()));
        false
    });
    moves
}

/// Compares one position with cozy-chess's board of it; panics with the
/// FEN on the first difference. `sweep`: also every from-to pair as UCI.
fn compare(position: &Position, board: &cozy_chess::Board, sweep: bool) {
    let fen = position.to_setup_with(CastlingStyle::Shredder).to_string();
    assert_eq!(placement(&fen), placement(&format!("{board:#}")), "{fen}");
    let ours: Vec<String> = position
        .legal_moves()
        .iter()
        .map(|&m| Uci::from_move(m, CastlingMode::Chess960).to_string())
        .collect();
    assert_eq!(ours, cozy_moves(board), "{fen}: legal moves (in order)");
    assert_eq!(position.count_legal_moves(), ours.len(), "{fen}");
    assert_eq!(position.has_legal_moves(), !ours.is_empty(), "{fen}");
    assert_eq!(position.checkers().0, board.checkers().0, "{fen}");
    // Every move of every one of our pieces, legal or not, as UCI.
    let us = position.turn();
    let mine: SquareSet = Square::ALL
        .into_iter()
        .filter(|&s| position.piece_at(s).is_some_and(|p| p.color == us))
        .collect();
    for from in mine.iter().filter(|_| sweep) {
        for to in Square::ALL {
            for promotion in ["", "n"] {
                let text = format!("{from}{to}{promotion}");
                let legal = position.parse_uci(text.as_bytes()).is_ok();
                assert_eq!(legal, ours.contains(&text), "{fen}: {text}");
                if let Ok(mv) = position.parse_uci(text.as_bytes()) {
                    assert!(position.is_legal(mv), "{fen}: {text}");
                }
            }
        }
    }
    // The incremental hash is the hash of the same position from scratch.
    let setup: Setup = fen.parse().unwrap();
    let fresh = Position::from_setup(&setup, CastlingMode::Chess960).unwrap();
    assert_eq!(position.hash(), fresh.hash(), "{fen}: hash");
}

/// Plays a random game of up to `plies` from `fen` in both, comparing at
/// every ply.
fn walk(fen: &str, plies: usize, rng: &mut Rng) {
    let setup: Setup = fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"));
    let mut position = Position::from_setup(&setup, CastlingMode::Chess960)
        .unwrap_or_else(|e| panic!("{fen}: {e}"));
    let mut board = cozy_chess::Board::from_fen(fen, true).unwrap();
    for _ in 0..plies {
        compare(&position, &board, pick(rng, 4) == 0);
        if pick(rng, 16) == 0 {
            let null = board.null_move();
            assert_eq!(position.clone().play_null(), null.is_some(), "{board}");
            if let Some(next) = null {
                position.play_null();
                board = next;
                continue;
            }
        }
        let moves = position.legal_moves();
        if moves.is_empty() {
            return;
        }
        let mv = moves[pick(rng, moves.len())];
        let text = Uci::from_move(mv, CastlingMode::Chess960).to_string();
        let cz: cozy_chess::Move = text.parse().unwrap();
        position.play(mv).unwrap();
        board.play(cz);
    }
    compare(&position, &board, true);
}

#[test]
fn random_games_agree_with_cozy_chess() {
    let mut rng = Rng(0x5EED_CAFE_F00D_1234);
    let valid = lines("data/fen/cozy-chess/valid.sfens");
    assert_eq!(valid.len(), 10_000);
    // Every 7th valid position (1,429), 12 plies each.
    for fen in valid.iter().step_by(7) {
        walk(fen, 12, &mut rng);
    }
    let starts = lines("data/fen/cozy-chess/chess960_start_positions.sfens");
    assert_eq!(starts.len(), 960);
    // Every 8th Chess960 start, a long game each (castling comes late).
    for fen in starts.iter().step_by(8) {
        walk(fen, 80, &mut rng);
    }
    // And the standard start, many times.
    let start = Position::new()
        .to_setup_with(CastlingStyle::Shredder)
        .to_string();
    for _ in 0..40 {
        walk(&start, 100, &mut rng);
    }
}
