//! SAN parsing and printing: chessnote's fast type and its seed façade
//! against shakmaty and chess-notation-parser, on the same real tokens
//! (every move of the first ~1 MB of TWIC 1599 and of the Lichess database
//! sample in `shared/data/pgn/medium`).

use std::hint::black_box;

use chessnote_bench::{Contender, compare, read_data, san_tokens_of_pgn};
use criterion::Criterion;

fn tokens() -> Vec<String> {
    let mut tokens = Vec::new();
    for file in [
        "data/pgn/medium/twic1599_1000k.pgn",
        "data/pgn/medium/lichess_db_1000k.pgn",
    ] {
        tokens.extend(san_tokens_of_pgn(&read_data(file)));
    }
    // Keep what every contender reads as a move, so all do the same work.
    tokens.retain(|t| {
        shakmaty::san::SanPlus::from_ascii(t.as_bytes()).is_ok()
            && chessnote::san::SanPlus::from_ascii(t.as_bytes()).is_ok()
            && chess_notation_parser::Turn::try_from(t.as_str()).is_ok()
    });
    tokens
}

fn main() {
    let mut c = Criterion::default().configure_from_args();
    let owned = tokens();
    let n = owned.len();
    eprintln!("{n} SAN tokens");
    // The tokens side by side in one buffer, as a reader holding a PGN file
    // sees them (rather than each in an allocation of its own).
    let text: String = owned.concat();
    let mut tokens: Vec<&str> = Vec::with_capacity(n);
    let mut at = 0;
    for t in &owned {
        tokens.push(&text[at..at + t.len()]);
        at += t.len();
    }

    // Each contender sees each token through `black_box(&token)`: opaque to
    // the optimiser, and passed on in registers as a caller's slice would
    // be. `black_box(token)` by value makes every call store the 16-byte
    // slice on the stack and load it back; on the AMD EPYC we measure on,
    // that round trip added 2-3 ns per token to every contender, and its
    // cost moved by up to 20% between builds of the same parser.
    compare(
        &mut c,
        "san_parse",
        n,
        vec![
            Contender::new("chessnote SanPlus::from_ascii", || {
                for t in &tokens {
                    let _ = black_box(chessnote::san::SanPlus::from_ascii(black_box(t).as_bytes()));
                }
            }),
            Contender::new("chessnote san::Turn::try_from", || {
                for t in &tokens {
                    let _ = black_box(chessnote::san::Turn::try_from(*black_box(t)));
                }
            }),
            Contender::new("shakmaty SanPlus::from_ascii", || {
                for t in &tokens {
                    let _ = black_box(shakmaty::san::SanPlus::from_ascii(black_box(t).as_bytes()));
                }
            }),
            Contender::new("chess-notation-parser Turn", || {
                for t in &tokens {
                    let _ = black_box(chess_notation_parser::Turn::try_from(*black_box(t)));
                }
            }),
        ],
    );

    let ours: Vec<_> = tokens
        .iter()
        .map(|t| chessnote::san::SanPlus::from_ascii(t.as_bytes()).unwrap())
        .collect();
    let theirs: Vec<_> = tokens
        .iter()
        .map(|t| shakmaty::san::SanPlus::from_ascii(t.as_bytes()).unwrap())
        .collect();
    let mut out = String::with_capacity(16 * n);
    let mut out2 = String::with_capacity(16 * n);
    compare(
        &mut c,
        "san_print",
        n,
        vec![
            Contender::new("chessnote SanPlus::append_to", || {
                out.clear();
                for san in &ours {
                    black_box(san).append_to(&mut out);
                }
                black_box(&out);
            }),
            Contender::new("shakmaty SanPlus::append_to_string", || {
                out2.clear();
                for san in &theirs {
                    black_box(*san).append_to_string(&mut out2);
                }
                black_box(&out2);
            }),
        ],
    );
    c.final_summary();
}
