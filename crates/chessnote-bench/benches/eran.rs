//! ERAN parsing and printing, on moves from real games.
//!
//! There is no other ERAN crate, so the contenders are our own: the verbose
//! form against the short one, and the ways to print. The moves come from
//! two data sets: the UCI lines of the Lichess openings (replayed from the
//! start position on a plain array board, only to learn which piece moves
//! and whether it captures) and the STS v6 SAN/UCI pairs (each move read
//! against the FEN of its position). No move generator is involved.

use std::hint::black_box;

use chessnote::eran::{Eran, MAX_LEN, Style};
use chessnote_bench::{Contender, ToyBoard as Board, compare, read_data};
use criterion::Criterion;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn moves_from_real_games() -> Vec<Eran> {
    let mut moves = Vec::new();
    let openings = read_data("data/openings/lichess-chess-openings-dist.tsv");
    for line in String::from_utf8_lossy(&openings).lines().skip(1) {
        let Some(uci) = line.split('\t').nth(3) else {
            continue;
        };
        let mut board = Board::from_fen(START);
        moves.extend(uci.split_whitespace().map(|m| board.play(m)));
    }
    let sts = read_data("data/san/sts-v6-san-uci-pairs.tsv");
    for line in String::from_utf8_lossy(&sts).lines().skip(1) {
        let fields: Vec<&str> = line.split('\t').collect();
        if fields.len() < 4 {
            continue;
        }
        for uci in fields[3].split_whitespace() {
            moves.push(Board::from_fen(fields[1]).play(uci));
        }
    }
    moves
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    let moves = moves_from_real_games();
    let n = moves.len();
    // The texts of each workload lie in one buffer, one move a line, as in
    // a file; the line boundaries are found beforehand.
    let lines = |style: Style, upper: bool| {
        let mut text = String::new();
        let mut spans = Vec::with_capacity(n);
        for m in &moves {
            let start = text.len();
            m.display(style).append_to(&mut text);
            spans.push(start..text.len());
            text.push('\n');
        }
        if upper {
            text.make_ascii_uppercase();
        }
        (text.into_bytes(), spans)
    };
    let verbose = lines(Style::Verbose, false);
    let short = lines(Style::Short, false);
    let upper = lines(Style::Verbose, true);
    for (span, value) in verbose.1.iter().zip(&moves) {
        assert_eq!(
            Eran::from_ascii(&verbose.0[span.clone()]).as_ref(),
            Ok(value)
        );
    }
    println!(
        "{n} ERAN moves from real games: {} bytes verbose, {} bytes short",
        verbose.0.len() - n,
        short.0.len() - n
    );
    // Each move reaches `black_box` by reference, as in every bench.
    fn slices((buf, spans): &(Vec<u8>, Vec<std::ops::Range<usize>>)) -> Vec<&[u8]> {
        spans.iter().map(|span| &buf[span.clone()]).collect()
    }
    let (verbose, short, upper) = (slices(&verbose), slices(&short), slices(&upper));
    let parse_all = |moves: &[&[u8]]| {
        for text in moves {
            let _ = black_box(Eran::from_ascii(black_box(text)));
        }
    };

    compare(
        &mut criterion,
        "eran_parse",
        n,
        vec![
            Contender::new("chessnote::eran parse (verbose)", || parse_all(&verbose)),
            Contender::new("chessnote::eran parse (short)", || parse_all(&short)),
            Contender::new("chessnote::eran parse (UPPERCASE)", || parse_all(&upper)),
        ],
    );

    let mut line = String::with_capacity(64);
    compare(
        &mut criterion,
        "eran_print",
        n,
        vec![
            Contender::new("chessnote::eran write_ascii (verbose)", || {
                let mut buf = [0; MAX_LEN];
                for &eran in &moves {
                    black_box(black_box(eran).write_ascii(&mut buf).len());
                }
            }),
            Contender::new("chessnote::eran write_ascii (short)", || {
                let mut buf = [0; MAX_LEN];
                for &eran in &moves {
                    black_box(black_box(eran).short().write_ascii(&mut buf).len());
                }
            }),
            Contender::new("chessnote::eran append_to (verbose)", || {
                for &eran in &moves {
                    line.clear();
                    black_box(eran).append_to(&mut line);
                    black_box(&line);
                }
            }),
            Contender::new("chessnote::eran to_string (verbose)", || {
                for &eran in &moves {
                    black_box(black_box(eran).to_string());
                }
            }),
        ],
    );

    criterion.final_summary();
}
