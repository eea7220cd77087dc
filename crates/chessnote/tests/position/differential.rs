//! Our move generator against cozy-chess (the one we used before, kept as a
//! dev-dependency for this): random games from every 7th position of
//! cozy-chess's `valid.sfens`, every 8th Chess960 start and the standard
//! start, compared ply by ply. At each ply: the legal moves (and their order, which we keep as
//! cozy-chess's), the count and emptiness without listing, checkers, the
//! legality of every from-to pair of our pieces as UCI, the position after
//! the move chosen (and after a null move), and our incrementally updated
//! hash against the hash of the same position built from scratch; the pins
//! and attackers `position::attacks` finds on the board, and the
//! pseudo-legal moves (the legal ones among them). The attack sets
//! themselves against cozy-chess's on random occupancies.

use chessnote::fen::Setup;
use chessnote::position::{CastlingMode, CastlingStyle, Position, attacks};
use chessnote::uci::Uci;
use chessnote::{Color, Square, SquareSet};

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

fn cz(square: Square) -> cozy_chess::Square {
    cozy_chess::Square::index(square.index().into())
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
    // The pins and checkers `attacks` finds on the bare board.
    let mailbox = position.to_setup().board;
    let king = position.king(us);
    let line = |a: Square, b: Square| cozy_chess::get_line_rays(cz(a), cz(b)).0;
    for sq in mine.iter() {
        let pinned = attacks::pin(&mailbox, king, sq);
        let expected = board.pinned().0 >> sq.index() & 1 == 1;
        assert_eq!(pinned.is_some(), expected, "{fen}: pin of {sq}");
        if let Some(set) = pinned {
            assert_eq!(set.0, line(king, sq), "{fen}: pin line of {sq}");
        }
    }
    let checkers = attacks::attackers(&mailbox, !us, king, mailbox.occupied());
    assert_eq!(
        checkers,
        position.checkers(),
        "{fen}: attackers of the king"
    );
    // The legal moves are the pseudo-legal ones that are legal.
    let pseudo = position.pseudo_legal_moves();
    let legal: Vec<String> = pseudo
        .iter()
        .filter(|&&m| position.is_legal(m))
        .map(|&m| Uci::from_move(m, CastlingMode::Chess960).to_string())
        .collect();
    let mut sorted = ours.clone();
    sorted.sort();
    let mut legal_sorted = legal.clone();
    legal_sorted.sort();
    assert_eq!(legal_sorted, sorted, "{fen}: legal among pseudo-legal");
    assert_eq!(legal.len(), ours.len(), "{fen}: no pseudo-legal move twice");
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

#[test]
fn attack_sets_agree_with_cozy_chess() {
    let mut rng = Rng(0xA77A_C45E_75E7_0001);
    for _ in 0..2000 {
        let occupied = SquareSet(rng.next_u64() & rng.next_u64());
        let blockers = cozy_chess::BitBoard(occupied.0);
        for sq in Square::ALL {
            let c = cz(sq);
            assert_eq!(
                attacks::knight_attacks(sq).0,
                cozy_chess::get_knight_moves(c).0
            );
            assert_eq!(attacks::king_attacks(sq).0, cozy_chess::get_king_moves(c).0);
            for (ours, theirs) in [
                (Color::White, cozy_chess::Color::White),
                (Color::Black, cozy_chess::Color::Black),
            ] {
                let pawn = cozy_chess::get_pawn_attacks(c, theirs).0;
                assert_eq!(attacks::pawn_attacks(ours, sq).0, pawn);
            }
            let bishop = cozy_chess::get_bishop_moves(c, blockers).0;
            let rook = cozy_chess::get_rook_moves(c, blockers).0;
            assert_eq!(attacks::bishop_attacks(sq, occupied).0, bishop);
            assert_eq!(attacks::rook_attacks(sq, occupied).0, rook);
            assert_eq!(attacks::queen_attacks(sq, occupied).0, bishop | rook);
            let other = Square::ALL[rng.below(64) as usize];
            let line = cozy_chess::get_line_rays(c, cz(other)).0;
            // cozy-chess has no line through a square and itself; neither do we.
            assert_eq!(
                attacks::ray(sq, other).0,
                if sq == other { 0 } else { line }
            );
            let between = cozy_chess::get_between_rays(c, cz(other)).0;
            assert_eq!(attacks::between(sq, other).0, between, "{sq} {other}");
        }
    }
}
