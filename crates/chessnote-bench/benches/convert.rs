//! Moves in a position: SAN → move, move → SAN (with check suffix) and
//! UCI → move, chessnote against shakmaty, over every move of real games
//! (the first ~1 MB of TWIC 1599 in `shared/data/pgn/medium`).

use std::hint::black_box;

use chessnote::position::Position;
use chessnote::san::{SanOptions, SanPlus};
use chessnote_bench::{Contender, compare, read_data, san_tokens_of_pgn};
use criterion::Criterion;
use shakmaty::{Chess, Position as _};

struct Ply {
    ours: Position,
    theirs: Chess,
    san: String,
    uci: String,
    our_move: chessnote::Move,
    their_move: shakmaty::Move,
}

/// Every ply of every game, with the position before it in both libraries.
fn plies() -> Vec<Ply> {
    let pgn = read_data("data/pgn/medium/twic1599_1000k.pgn");
    let text = String::from_utf8_lossy(&pgn);
    let mut plies = Vec::new();
    for game in text.split("\n[Event ").skip(1) {
        let mut ours = Position::new();
        let mut theirs = Chess::default();
        for token in san_tokens_of_pgn(game.as_bytes()) {
            let Ok((our_move, _)) = ours.parse_san(token.as_bytes(), SanOptions::STRICT) else {
                break;
            };
            let Ok(their_move) = token
                .parse::<shakmaty::san::San>()
                .ok()
                .and_then(|s| s.to_move(&theirs).ok())
                .ok_or(())
            else {
                break;
            };
            let uci =
                shakmaty::uci::UciMove::from_move(their_move, shakmaty::CastlingMode::Standard)
                    .to_string();
            plies.push(Ply {
                ours: ours.clone(),
                theirs: theirs.clone(),
                san: token.clone(),
                uci,
                our_move,
                their_move,
            });
            ours.play_unchecked(our_move);
            theirs.play_unchecked(their_move);
        }
    }
    plies
}

fn main() {
    let mut c = Criterion::default().configure_from_args();
    let plies = plies();
    let n = plies.len();
    eprintln!("{n} plies");
    // Both libraries must agree before their speed is compared.
    for p in &plies {
        assert_eq!(
            SanPlus::from_move(&p.ours, p.our_move).to_string(),
            shakmaty::san::SanPlus::from_move(p.theirs.clone(), p.their_move).to_string()
        );
    }
    // Each library's data in arrays of its own, so that a pass touches only
    // what its library needs: with the positions of both side by side, a
    // pass of one library dragged the other's through the cache too, and
    // the interleaved rounds then measured memory traffic more than moves.
    let ours: Vec<(Position, chessnote::Move)> =
        plies.iter().map(|p| (p.ours.clone(), p.our_move)).collect();
    let theirs: Vec<(Chess, shakmaty::Move)> = plies
        .iter()
        .map(|p| (p.theirs.clone(), p.their_move))
        .collect();
    let sans: Vec<&str> = plies.iter().map(|p| p.san.as_str()).collect();
    let ucis: Vec<&str> = plies.iter().map(|p| p.uci.as_str()).collect();

    compare(
        &mut c,
        "san_to_move",
        n,
        vec![
            Contender::new("chessnote Position::parse_san", || {
                for ((position, _), san) in ours.iter().zip(&sans) {
                    let _ = black_box(
                        black_box(position)
                            .parse_san(black_box(san).as_bytes(), SanOptions::STRICT),
                    );
                }
            }),
            Contender::new("shakmaty San::from_ascii + to_move", || {
                for ((position, _), san) in theirs.iter().zip(&sans) {
                    let san = shakmaty::san::San::from_ascii(black_box(san).as_bytes());
                    let _ = black_box(san.map(|s| s.to_move(black_box(position))));
                }
            }),
        ],
    );
    compare(
        &mut c,
        "move_to_san_plus",
        n,
        vec![
            Contender::new("chessnote SanPlus::from_move", || {
                for (position, mv) in &ours {
                    black_box(SanPlus::from_move(black_box(position), *black_box(mv)));
                }
            }),
            Contender::new("shakmaty SanPlus::from_move", || {
                for (position, mv) in &theirs {
                    black_box(shakmaty::san::SanPlus::from_move(
                        black_box(position).clone(),
                        *black_box(mv),
                    ));
                }
            }),
        ],
    );
    compare(
        &mut c,
        "uci_to_move",
        n,
        vec![
            Contender::new("chessnote Position::parse_uci", || {
                for ((position, _), uci) in ours.iter().zip(&ucis) {
                    let _ = black_box(black_box(position).parse_uci(black_box(uci).as_bytes()));
                }
            }),
            Contender::new("shakmaty UciMove::from_ascii + to_move", || {
                for ((position, _), uci) in theirs.iter().zip(&ucis) {
                    let uci = shakmaty::uci::UciMove::from_ascii(black_box(uci).as_bytes());
                    let _ = black_box(uci.map(|u| u.to_move(black_box(position))));
                }
            }),
        ],
    );
    c.final_summary();
}
