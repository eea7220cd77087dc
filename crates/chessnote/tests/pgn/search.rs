//! Position search against python-chess: on every shared PGN file,
//! the games `reaches("FEN")`, `material("…")` and `status = "…"` keep
//! equal the counts python-chess gives (`scripts/gen_search_vectors.py`,
//! `tests/data/search.tsv.zst`), matched the three ways a filter reads a
//! game: on the replay's state, on games built, and in the library's
//! duplicate finder's terms for `--unique` / `--duplicates`.
//!
//! The small files whose games python-chess reads otherwise
//! (`python_chess::EXPECTED`) are left out; the books and the large corpus
//! are counted by the release step (`every_shared_file_in_release`).

use std::collections::BTreeMap;

use chessnote::pgn::filter::Filter;
use chessnote::pgn::{Game, ReadOptions, Reader, Replay, ReplayOptions, Skim};

use crate::python_chess::EXPECTED;
use crate::support::{pgn_files, python_chess_options};

/// The vectors: per file, each query with python-chess's count.
fn vectors() -> BTreeMap<String, Vec<(String, u64)>> {
    let text = chessnote_testdata::vectors_text("search.tsv.zst");
    let mut out: BTreeMap<String, Vec<(String, u64)>> = BTreeMap::new();
    for line in text.lines() {
        let fields: Vec<&str> = line.split('\t').collect();
        let [file, query, count] = fields[..] else {
            panic!("bad row {line:?}");
        };
        out.entry(file.to_owned())
            .or_default()
            .push((query.to_owned(), count.parse().unwrap()));
    }
    out
}

/// The games of `data` the filter keeps, matched on the replay's state
/// (tags skimmed, the moves played only for games whose tags pass).
fn count_on_state(data: &[u8], filter: &Filter, options: ReadOptions) -> u64 {
    let routing = ReplayOptions::new(options).replay(false).tags(true);
    let mut replay = Replay::new(Skim(true), routing).only(Some(filter.clone()));
    let mut reader = Reader::from_slice_with(data, options);
    let mut kept = 0;
    while reader.read_game(&mut replay).unwrap().is_some() {
        kept += u64::from(filter.matches(replay.state()));
    }
    kept
}

/// The same, matched on games built.
fn count_on_games(data: &[u8], filter: &Filter, options: ReadOptions) -> u64 {
    let builder = Game::builder_with(options).only(Some(filter.clone()));
    let reader = Reader::from_slice_with(data, options);
    let mut kept = 0;
    for game in reader.games_with(builder) {
        kept += u64::from(filter.matches(&game));
    }
    kept
}

/// Checks every query of the files `pick` takes; returns the files
/// checked.
fn check(pick: impl Fn(&str) -> bool, both_ways: bool) -> usize {
    let vectors = vectors();
    let options = python_chess_options();
    let mut checked = 0;
    for (file, data) in pgn_files() {
        if !pick(&file) || EXPECTED.iter().any(|(name, _)| *name == file) {
            continue;
        }
        let queries = vectors
            .get(&file)
            .unwrap_or_else(|| panic!("{file}: no vectors (scripts/gen_search_vectors.py)"));
        for (query, want) in queries {
            if query.starts_with("--") {
                continue;
            }
            let filter = Filter::parse(query).unwrap();
            let got = count_on_state(&data, &filter, options);
            assert_eq!(got, *want, "{file}: {query}");
            if both_ways {
                assert_eq!(
                    count_on_games(&data, &filter, options),
                    *want,
                    "{file}: {query} (games)"
                );
            }
        }
        checked += 1;
    }
    checked
}

#[test]
fn position_search_agrees_with_python_chess() {
    let checked = check(
        |file| {
            !file.starts_with("books/bjbraams")
                && !file.starts_with("books/8moves")
                && !file.starts_with("large/")
        },
        true,
    );
    if chessnote_testdata::require_shared() {
        assert!(checked > 100, "{checked} files");
    }
}

/// The books and the large corpus (145,716 games): run by CI's release step.
#[test]
#[ignore = "slow in debug builds: CI runs it in release"]
fn every_shared_file_in_release() {
    let checked = check(|_| true, false);
    if chessnote_testdata::require_shared() {
        assert!(checked > 100, "{checked} files");
    }
}

/// Which of `pgn`'s games `expr` keeps, matched on games built and on the
/// replay's state (they must agree).
fn kept(expr: &str, pgn: &[u8]) -> Vec<u64> {
    let filter = Filter::parse(expr).unwrap();
    let options = ReadOptions::DEFAULT;
    let games: Vec<u64> = Reader::from_slice(pgn)
        .games_with(Game::builder().only(Some(filter.clone())))
        .filter(|g| filter.matches(g))
        .map(|g| g.index)
        .collect();
    let routing = ReplayOptions::new(options).replay(false).tags(true);
    let mut replay = Replay::new(Skim(true), routing).only(Some(filter.clone()));
    let mut reader = Reader::from_slice_with(pgn, options);
    let mut states = Vec::new();
    while reader.read_game(&mut replay).unwrap().is_some() {
        if filter.matches(replay.state()) {
            states.push(replay.state().game().index);
        }
    }
    assert_eq!(games, states, "{expr}");
    games
}

/// The rules of `reaches`: the start counts, the counters do not, the
/// en-passant square counts where the Polyglot key counts it, positions in
/// variations do not.
#[test]
fn reaches_compares_positions_as_polyglot_keys_do() {
    let pgn = b"1. e4 e6 2. e5 d5 (2... f5) 3. Nf3 *\n\n1. e4 *\n\n[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n\n1. Kf1 *\n";
    let after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq";
    assert_eq!(
        kept(&format!(r#"reaches("{after_e4} e3 0 1")"#), pgn),
        [0, 1]
    );
    assert_eq!(
        kept(&format!(r#"reaches("{after_e4} - 7 30")"#), pgn),
        [0, 1]
    );
    assert_eq!(kept(&format!(r#"reaches("{after_e4} -")"#), pgn), [0, 1]);
    // After 2... d5 White's e5 pawn stands beside d5: the square counts.
    let french = "rnbqkbnr/ppp2ppp/4p3/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq";
    assert_eq!(kept(&format!(r#"reaches("{french} d6")"#), pgn), [0]);
    assert!(kept(&format!(r#"reaches("{french} -")"#), pgn).is_empty());
    // 2... f5 is a variation.
    let f5 = "rnbqkbnr/pppp2pp/4p3/4Pp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6";
    assert!(kept(&format!(r#"reaches("{f5}")"#), pgn).is_empty());
    // The start counts; castling rights count.
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";
    assert_eq!(kept(&format!(r#"reaches("{start}")"#), pgn), [0, 1]);
    assert_eq!(kept(r#"reaches("4k3/8/8/8/8/8/8/4K2R w K -")"#, pgn), [2]);
    assert!(kept(r#"reaches("4k3/8/8/8/8/8/8/5K1R b - -")"#, pgn).len() == 1);
    assert!(kept(r#"reaches("4k3/8/8/8/8/8/8/5K1R b K -")"#, pgn).is_empty());
}

/// `material` counts every piece of both sides; `status` is the final
/// position's outcome, in python-chess's order and names.
#[test]
fn material_and_status() {
    let pgn = b"1. f3 e5 2. g4 Qh4# 0-1\n\n\
[FEN \"7k/8/6Q1/7K/8/8/8/8 w - - 0 1\"]\n\n1. Kh6 1/2-1/2\n\n\
[FEN \"8/8/8/4k3/8/8/3qK3/8 w - - 0 1\"]\n\n1. Kxd2 Kd4 *\n\n\
1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 1/2-1/2\n\n\
1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 1/2-1/2\n";
    assert_eq!(kept(r#"status = "checkmate""#, pgn), [0]);
    assert_eq!(kept(r#"status = "stalemate""#, pgn), [1]);
    assert_eq!(kept(r#"status = "insufficient_material""#, pgn), [2]);
    assert_eq!(kept(r#"status = "fivefold_repetition""#, pgn), [3]);
    assert_eq!(kept("status", pgn), [0, 1, 2, 3]);
    assert_eq!(kept(r#"status != "checkmate""#, pgn), [1, 2, 3]);
    assert_eq!(kept("not status", pgn), [4]);
    assert_eq!(kept(r#"material("KQvK")"#, pgn), [1]);
    assert_eq!(kept(r#"material("KvKQ") and material("KvK")"#, pgn), [2]);
    assert_eq!(kept(r#"material("KvQK")"#, pgn), [2]);
    let all = "KQRRBBNNPPPPPPPPvKQRRBBNNPPPPPPPP";
    assert_eq!(kept(&format!(r#"material("{all}")"#), pgn), [0, 3, 4]);
    // Tags that refuse a game skip its moves; it never matches.
    assert!(kept(r#"Event = "x" and status"#, pgn).is_empty());
    assert_eq!(kept(r#"Event = "x" or status = "checkmate""#, pgn), [0]);
}
