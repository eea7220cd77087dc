//! FEN parsing and printing: chessnote against shakmaty, cozy-chess and
//! chess_fen_parser, on the same real positions in the same run.
//!
//! Positions: the first 2,000 of the Lichess popular positions
//! (`epd/stockfish-books/popularpos_lichess.epd.zst`) and the first 2,000 of
//! the endgame book (`endgames.epd.zst`), all written as full six-field FEN
//! so that every contender reads the same text.
//!
//! Run: `cargo bench -p chessnote-bench --bench fen -- --warm-up-time 1 --measurement-time 3`

use std::fmt::Write as _;
use std::hint::black_box;

use chessnote::fen::{FenLeniency, FenOptions, Setup, parse_fen};
use chessnote_bench::{Contender, compare, read_data};
use criterion::Criterion;

const PER_FILE: usize = 2_000;

fn positions() -> Vec<String> {
    let options = FenOptions::STRICT
        .with(FenLeniency::SurroundingWhitespace)
        .with(FenLeniency::MissingCounters);
    let mut out = Vec::new();
    for rel in [
        "data/epd/stockfish-books/popularpos_lichess.epd.zst",
        "data/epd/stockfish-books/endgames.epd.zst",
    ] {
        let data = read_data(rel);
        let text = String::from_utf8(data).expect("UTF-8");
        out.extend(
            text.lines()
                .filter_map(|l| Setup::from_ascii_with(l.as_bytes(), options).ok())
                .take(PER_FILE)
                .map(|s| s.to_string()),
        );
    }
    out
}

fn main() {
    let mut c = Criterion::default().configure_from_args();
    let fens = positions();
    let n = fens.len();

    // Everyone must read every position.
    for fen in &fens {
        Setup::from_ascii(fen.as_bytes()).expect("chessnote");
        shakmaty::fen::Fen::from_ascii(fen.as_bytes()).expect("shakmaty");
        chess_fen_parser::parse_fen(fen).expect("chess_fen_parser");
    }

    compare(
        &mut c,
        "fen_parse",
        n,
        vec![
            Contender::new("chessnote::fen (fast)", || {
                for fen in &fens {
                    black_box(Setup::from_ascii(black_box(fen).as_bytes()).ok());
                }
            }),
            Contender::new("chessnote::fen::parse_fen (seed API)", || {
                for fen in &fens {
                    black_box(parse_fen(black_box(fen)).ok());
                }
            }),
            Contender::new("shakmaty Fen::from_ascii", || {
                for fen in &fens {
                    black_box(shakmaty::fen::Fen::from_ascii(black_box(fen).as_bytes()).ok());
                }
            }),
            Contender::new("cozy-chess Board::from_fen", || {
                for fen in &fens {
                    black_box(cozy_chess::Board::from_fen(black_box(fen), false).ok());
                }
            }),
            Contender::new("chess_fen_parser", || {
                for fen in &fens {
                    black_box(chess_fen_parser::parse_fen(black_box(fen)).ok());
                }
            }),
        ],
    );

    let ours: Vec<Setup> = fens
        .iter()
        .map(|f| Setup::from_ascii(f.as_bytes()).unwrap())
        .collect();
    let seed: Vec<_> = fens.iter().map(|f| parse_fen(f).unwrap()).collect();
    let shak: Vec<shakmaty::fen::Fen> = fens
        .iter()
        .map(|f| shakmaty::fen::Fen::from_ascii(f.as_bytes()).unwrap())
        .collect();
    let cozy: Vec<cozy_chess::Board> = fens
        .iter()
        .filter_map(|f| cozy_chess::Board::from_fen(f, false).ok())
        .collect();
    // The printers agree on the text.
    for (i, fen) in fens.iter().enumerate() {
        assert_eq!(&ours[i].to_string(), fen);
        assert_eq!(&shak[i].to_string(), fen);
    }
    let mut buf1 = String::with_capacity(128);
    let mut buf2 = String::with_capacity(128);
    let mut buf3 = String::with_capacity(128);
    let mut buf4 = String::with_capacity(128);
    let cozy_n = cozy.len();
    compare(
        &mut c,
        "fen_print",
        n,
        vec![
            Contender::new("chessnote::fen (fast)", || {
                for s in &ours {
                    buf1.clear();
                    write!(buf1, "{}", black_box(s)).unwrap();
                    black_box(buf1.len());
                }
            }),
            Contender::new("chessnote::fen::Fen (seed API)", || {
                for s in &seed {
                    buf2.clear();
                    write!(buf2, "{}", black_box(s)).unwrap();
                    black_box(buf2.len());
                }
            }),
            Contender::new("shakmaty Fen Display", || {
                for s in &shak {
                    buf3.clear();
                    write!(buf3, "{}", black_box(s)).unwrap();
                    black_box(buf3.len());
                }
            }),
            Contender::new("cozy-chess Board Display", || {
                // cozy-chess rejects illegal positions, so it may print fewer.
                for s in &cozy {
                    buf4.clear();
                    write!(buf4, "{}", black_box(s)).unwrap();
                    black_box(buf4.len());
                }
                black_box(cozy_n);
            }),
        ],
    );
    c.final_summary();
}
