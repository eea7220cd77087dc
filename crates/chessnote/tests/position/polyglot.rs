//! Polyglot keys against python-chess's `chess.polyglot.zobrist_hash`: the
//! examples of the format's description, positions of the shared EPD and
//! FEN files, and every position of the shared games' mainlines (the
//! vectors of `scripts/gen_polyglot_vectors.py`).

use chessnote::fen::Setup;
use chessnote::position::{CastlingMode, Position};
use serde_json::Value;
use std::collections::BTreeMap;

fn read_vectors(name: &str) -> String {
    chessnote_testdata::vectors_text(name)
}

fn position(fen: &str, chess960: bool) -> Option<Position> {
    let setup: Setup = fen.parse().ok()?;
    let mode = if chess960 {
        CastlingMode::Chess960
    } else {
        CastlingMode::Standard
    };
    Position::from_setup(&setup, mode).ok()
}

#[test]
fn the_format_descriptions_examples() {
    // The moves and keys the Polyglot book format's description lists.
    let cases: [(&str, u64); 9] = [
        ("", 0x463b96181691fc9c),
        ("e2e4", 0x823c9b50fd114196),
        ("e2e4 d7d5", 0x0756b94461c50fb0),
        ("e2e4 d7d5 e4e5", 0x662fafb965db29d4),
        ("e2e4 d7d5 e4e5 f7f5", 0x22a48b5a8e47ff78),
        ("e2e4 d7d5 e4e5 f7f5 e1e2", 0x652a607ca3f242c1),
        ("e2e4 d7d5 e4e5 f7f5 e1e2 e8f7", 0x00fdd303c946bdd9),
        ("a2a4 b7b5 h2h4 b5b4 c2c4", 0x3c8123ea7b067637),
        ("a2a4 b7b5 h2h4 b5b4 c2c4 b4c3 a1a3", 0x5c3f9b829b279560),
    ];
    for (moves, key) in cases {
        let mut position = Position::new();
        for uci in moves.split_whitespace() {
            let mv = position.parse_uci(uci.as_bytes()).unwrap();
            position.play(mv).unwrap();
        }
        assert_eq!(position.polyglot_key(), key, "after {moves:?}");
    }
}

#[test]
fn keys_equal_python_chess_on_every_shared_position() {
    let vectors = read_vectors("polyglot.tsv.zst");
    // The mainlines of the shared games as python-chess read them.
    let mut games: BTreeMap<String, Vec<Value>> = BTreeMap::new();
    for line in read_vectors("pgn-vectors.jsonl.zst").lines() {
        let game: Value = serde_json::from_str(line).unwrap();
        if game["kind"] == "game" && !game["uci"].is_null() {
            let file = game["file"].as_str().unwrap().to_owned();
            games.entry(file).or_default().push(game);
        }
    }
    let (mut fens, mut refused, mut files, mut plies) = (0, 0, 0, 0);
    for line in vectors.lines() {
        let f: Vec<&str> = line.split('\t').collect();
        match f[0] {
            "fen" => {
                let Some(position) = position(f[1], f[2] == "1") else {
                    refused += 1;
                    continue;
                };
                let key = u64::from_str_radix(f[3], 16).unwrap();
                assert_eq!(position.polyglot_key(), key, "{}", f[1]);
                fens += 1;
            }
            "games" => {
                let (text, count, moves) = game_keys(&games[f[1]]);
                assert_eq!(count.to_string(), f[2], "{}: games", f[1]);
                assert_eq!(moves.to_string(), f[3], "{}: plies", f[1]);
                let sha1 = chessnote_testdata::sha1_hex(text.as_bytes());
                assert_eq!(
                    sha1, f[4],
                    "{}: keys differ (scripts/gen_polyglot_vectors.py --games {} prints python-chess's)",
                    f[1], f[1]
                );
                files += 1;
                plies += moves;
            }
            kind => panic!("unknown row kind {kind}"),
        }
    }
    // python-chess accepts a few positions the validation refuses (a pawn
    // on the back rank, an impossible check): at most one in fifty.
    assert!(
        fens > 20_000 && refused * 50 < fens,
        "{fens} compared, {refused} refused"
    );
    assert!(
        files > 100 && plies > 1_000_000,
        "{files} files, {plies} plies"
    );
}

/// The keys of `games`' mainlines, as the vectors write them: each game's
/// keys (start, then after each move) in 16 hex digits joined by spaces, the
/// games joined by newlines; with the games and moves counted.
fn game_keys(games: &[Value]) -> (String, usize, usize) {
    let mut text = String::new();
    let (mut count, mut moves) = (0, 0);
    for game in games {
        let variant = game["variant"].as_str().unwrap_or("chess");
        if variant != "chess" {
            continue;
        }
        let Some(mut position) = start(game) else {
            continue;
        };
        let ucis: Vec<&str> = match &game["uci"] {
            Value::String(s) => s.split_whitespace().collect(),
            Value::Array(a) => a.iter().map(|m| m.as_str().unwrap()).collect(),
            _ => continue,
        };
        if count > 0 {
            text.push('\n');
        }
        text += &format!("{:016x}", position.polyglot_key());
        for uci in &ucis {
            if *uci == "0000" {
                assert!(position.play_null(), "a null move in check");
            } else {
                let mv = position.parse_uci(uci.as_bytes()).unwrap();
                position.play(mv).unwrap();
            }
            text += &format!(" {:016x}", position.polyglot_key());
        }
        count += 1;
        moves += ucis.len();
    }
    (text, count, moves)
}

/// A game's start as the vectors' script sets it up.
fn start(game: &Value) -> Option<Position> {
    if let Some(fen) = game.get("fen") {
        return position(fen.as_str()?, game["chess960"].as_bool().unwrap_or(false));
    }
    let headers: BTreeMap<&str, &str> = game["headers"]
        .as_array()?
        .iter()
        .map(|pair| (pair[0].as_str().unwrap(), pair[1].as_str().unwrap()))
        .collect();
    match headers.get("FEN") {
        Some(fen) => {
            let variant = headers.get("Variant").copied().unwrap_or("").to_lowercase();
            position(fen, variant.contains("960") || variant.contains("fischer"))
        }
        None => Some(Position::new()),
    }
}

/// The book of `scripts/gen_polyglot_vectors.py` gives, for every position
/// asked, the moves python-chess's reader finds, in its order, with their
/// weights and learn values.
#[test]
fn book_moves_equal_python_chess() {
    use chessnote::position::polyglot::{Book, BookError};
    use chessnote::uci::Uci;

    let bytes = chessnote_testdata::vectors("book.bin.zst");
    let book = Book::from_bytes(&bytes).unwrap();
    assert_eq!(book.entries().len() * 16, bytes.len());
    let (mut asked, mut found) = (0, 0);
    for line in read_vectors("book.tsv.zst").lines() {
        let (fen, expected) = line.split_once('\t').unwrap();
        let position = position(fen, false).unwrap();
        let moves: Vec<String> = book
            .moves(&position)
            .iter()
            .map(|m| {
                let uci = Uci::from_move(m.mv, position.castling_mode());
                format!("{uci}:{}:{}", m.weight, m.learn)
            })
            .collect();
        let moves = if moves.is_empty() {
            "-".to_owned()
        } else {
            moves.join(" ")
        };
        assert_eq!(moves, expected, "{fen}");
        asked += 1;
        found += usize::from(expected != "-");
    }
    assert!(
        asked > 10_000 && found > 5_000,
        "{asked} asked, {found} with moves"
    );
    // Bytes that are not a book.
    assert_eq!(Book::from_bytes(&bytes[..20]), Err(BookError::Length(20)));
    // The last entry (the greatest key) before the first.
    let mut unsorted = bytes[bytes.len() - 16..].to_vec();
    unsorted.extend_from_slice(&bytes[..16]);
    assert_eq!(Book::from_bytes(&unsorted), Err(BookError::Unsorted(1)));
}
