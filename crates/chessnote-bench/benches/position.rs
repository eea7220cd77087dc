//! Positions: FEN → validated position on cozy-chess's 10,000 valid
//! positions (Shredder-FEN, Chess960 castling), and perft from the start
//! position, through chessnote's `Position`, cozy-chess directly and
//! shakmaty: the wrapper should cost nothing over the generator it wraps.

use std::hint::black_box;

use chessnote::fen::Setup;
use chessnote::position::{CastlingMode, Position};
use chessnote_bench::{Contender, compare, perft, perft_bulk, read_data};
use criterion::Criterion;

fn perft_cozy(board: &cozy_chess::Board, depth: u32) -> u64 {
    let mut nodes = 0;
    if depth == 1 {
        board.generate_moves(|moves| {
            nodes += moves.len() as u64;
            false
        });
        return nodes;
    }
    board.generate_moves(|moves| {
        for m in moves {
            let mut next = board.clone();
            next.play_unchecked(m);
            nodes += perft_cozy(&next, depth - 1);
        }
        false
    });
    nodes
}

fn main() {
    let mut c = Criterion::default().configure_from_args();
    let text = String::from_utf8(read_data("data/fen/cozy-chess/valid.sfens")).expect("utf-8");
    let fens: Vec<&str> = text.lines().filter(|l| !l.is_empty()).collect();
    let n = fens.len();
    eprintln!("{n} positions");

    compare(
        &mut c,
        "fen_to_position",
        n,
        vec![
            Contender::new("chessnote Setup::from_ascii + Position::from_setup", || {
                for fen in &fens {
                    let setup = Setup::from_ascii(black_box(fen).as_bytes()).unwrap();
                    let _ =
                        black_box(Position::from_setup(&setup, CastlingMode::Chess960).unwrap());
                }
            }),
            Contender::new("shakmaty Fen::from_ascii + into_position::<Chess>", || {
                for fen in &fens {
                    let fen = shakmaty::fen::Fen::from_ascii(black_box(fen).as_bytes()).unwrap();
                    let _ = black_box(
                        fen.into_position::<shakmaty::Chess>(shakmaty::CastlingMode::Chess960)
                            .unwrap(),
                    );
                }
            }),
            Contender::new("cozy-chess Board::from_fen", || {
                for fen in &fens {
                    let _ = black_box(cozy_chess::Board::from_fen(black_box(fen), true).unwrap());
                }
            }),
        ],
    );

    const DEPTH: u32 = 4;
    const NODES: u64 = 197_281;
    let ours = Position::new();
    let cozy = cozy_chess::Board::default();
    let shak = shakmaty::Chess::default();
    assert_eq!(perft_bulk(&ours, DEPTH), NODES);
    assert_eq!(perft(&ours, DEPTH), NODES);
    assert_eq!(perft_cozy(&cozy, DEPTH), NODES);
    assert_eq!(shakmaty::perft(&shak, DEPTH), NODES);
    compare(
        &mut c,
        "perft_start_4",
        NODES as usize,
        vec![
            Contender::new("chessnote Position", || {
                black_box(perft_bulk(black_box(&ours), DEPTH));
            }),
            Contender::new("chessnote Position, listing every ply", || {
                black_box(perft(black_box(&ours), DEPTH));
            }),
            Contender::new("cozy-chess Board", || {
                black_box(perft_cozy(black_box(&cozy), DEPTH));
            }),
            Contender::new("shakmaty Chess (perft)", || {
                black_box(shakmaty::perft(black_box(&shak), DEPTH));
            }),
        ],
    );
}
