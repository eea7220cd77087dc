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
            SanPlus::from_move(&p.ours, &p.our_move).to_string(),
            shakmaty::san::SanPlus::from_move(p.theirs.clone(), p.their_move).to_string()
        );
    }

    compare(
        &mut c,
        "san_to_move",
        n,
        vec![
            Contender::new("chessnote Position::parse_san", || {
                for p in &plies {
                    let _ = black_box(
                        black_box(&p.ours)
                            .parse_san(black_box(&p.san).as_bytes(), SanOptions::STRICT),
                    );
                }
            }),
            Contender::new("shakmaty San::from_ascii + to_move", || {
                for p in &plies {
                    let san = shakmaty::san::San::from_ascii(black_box(&p.san).as_bytes());
                    let _ = black_box(san.map(|s| s.to_move(black_box(&p.theirs))));
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
                for p in &plies {
                    black_box(SanPlus::from_move(
                        black_box(&p.ours),
                        black_box(&p.our_move),
                    ));
                }
            }),
            Contender::new("shakmaty SanPlus::from_move", || {
                for p in &plies {
                    black_box(shakmaty::san::SanPlus::from_move(
                        black_box(&p.theirs).clone(),
                        black_box(p.their_move),
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
                for p in &plies {
                    let _ = black_box(black_box(&p.ours).parse_uci(black_box(&p.uci).as_bytes()));
                }
            }),
            Contender::new("shakmaty UciMove::from_ascii + to_move", || {
                for p in &plies {
                    let uci = shakmaty::uci::UciMove::from_ascii(black_box(&p.uci).as_bytes());
                    let _ = black_box(uci.map(|u| u.to_move(black_box(&p.theirs))));
                }
            }),
        ],
    );
    c.final_summary();
}
