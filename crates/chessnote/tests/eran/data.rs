//! ERAN on moves from real games: every move of the Lichess openings and of
//! the STS v6 test positions is an ERAN move (the board-free checks reject
//! none of them), prints in both styles and parses back, and agrees with
//! the SAN written for it on captures, castling and promotions; the moves
//! of each opening, written one after the other, are read back one at a
//! time by the prefix parser.

use crate::common;
use crate::common::ToyBoard as Board;

use chessnote::eran::{Eran, Style};
use chessnote::{CastlingSide, PieceKind};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Checks one move against its SAN and the round trip; returns whether it
/// was a capture.
fn check(eran: Eran, san: &str) -> bool {
    let san = san.trim_end_matches(['+', '#']);
    match eran {
        Eran::Castle(CastlingSide::KingSide) => assert_eq!(san, "O-O"),
        Eran::Castle(CastlingSide::QueenSide) => assert_eq!(san, "O-O-O"),
        Eran::EnPassant => unreachable!("written as a regular capture"),
        Eran::Drop(_) => unreachable!("standard chess has no drops"),
        Eran::Regular(mv) => {
            assert_eq!(mv.is_capture(), san.contains('x'), "{san} {eran}");
            let letter = san.chars().next().unwrap();
            let piece = PieceKind::from_char(letter).unwrap_or(PieceKind::Pawn);
            assert_eq!(mv.piece(), piece, "{san} {eran}");
            let promotion = san
                .split_once('=')
                .map(|(_, p)| PieceKind::from_char(p.chars().next().unwrap()).unwrap());
            assert_eq!(mv.promotion(), promotion, "{san} {eran}");
        }
    }
    for text in [eran.to_string(), eran.short().to_string()] {
        assert_eq!(Eran::from_ascii(text.as_bytes()), Ok(eran), "{text}");
        assert_eq!(
            Eran::from_ascii(text.to_ascii_uppercase().as_bytes()),
            Ok(eran),
            "{text}"
        );
    }
    eran.is_capture()
}

/// The moves of a line, written one after the other in each style (and in
/// uppercase) with one space between them, read back one at a time by
/// `Eran::from_ascii_prefix`: the same moves, each using exactly its text.
fn check_split(moves: &[Eran]) {
    for style in [Style::Verbose, Style::Short] {
        let texts: Vec<String> = moves.iter().map(|m| m.display(style).to_string()).collect();
        for text in [texts.join(" "), texts.join(" ").to_ascii_uppercase()] {
            let bytes = text.as_bytes();
            let mut at = 0;
            for (eran, expected) in moves.iter().zip(&texts) {
                let (got, used) = Eran::from_ascii_prefix(&bytes[at..])
                    .unwrap_or_else(|e| panic!("{text:?} at {at}: {e}"));
                assert_eq!((got, used), (*eran, expected.len()), "{text:?} at {at}");
                at += used;
                if at < bytes.len() {
                    assert_eq!(bytes[at], b' ', "{text:?} at {at}");
                    at += 1;
                }
            }
            assert_eq!(at, bytes.len(), "{text:?}");
        }
    }
}

#[test]
fn every_move_of_the_lichess_openings_is_an_eran_move() {
    let Some(data) = common::read_data("data/openings/lichess-chess-openings-dist.tsv") else {
        return;
    };
    let text = String::from_utf8(data).unwrap();
    let (mut moves, mut captures) = (0, 0);
    for line in text.lines().skip(1) {
        let fields: Vec<&str> = line.split('\t').collect();
        let sans = fields[2]
            .split_whitespace()
            .filter(|t| !t.ends_with('.'))
            .collect::<Vec<_>>();
        let ucis: Vec<&str> = fields[3].split_whitespace().collect();
        assert_eq!(sans.len(), ucis.len(), "{line}");
        let mut board = Board::from_fen(START);
        let mut line_moves = Vec::with_capacity(ucis.len());
        for (san, uci) in sans.iter().zip(&ucis) {
            let eran = board.play(uci);
            captures += check(eran, san) as usize;
            moves += 1;
            line_moves.push(eran);
        }
        check_split(&line_moves);
    }
    assert_eq!(moves, 36_895);
    assert!(captures > 1_000, "{captures}");
}

#[test]
fn every_move_of_the_sts_positions_is_an_eran_move() {
    let Some(data) = common::read_data("data/san/sts-v6-san-uci-pairs.tsv") else {
        return;
    };
    let text = String::from_utf8(data).unwrap();
    let mut moves = 0;
    for line in text.lines().skip(1) {
        let fields: Vec<&str> = line.split('\t').collect();
        let sans: Vec<&str> = fields[2].split_whitespace().collect();
        let ucis: Vec<&str> = fields[3].split_whitespace().collect();
        assert_eq!(sans.len(), ucis.len(), "{line}");
        for (san, uci) in sans.iter().zip(&ucis) {
            check(Board::from_fen(fields[1]).play(uci), san);
            moves += 1;
        }
    }
    assert_eq!(moves, 11_874);
}
