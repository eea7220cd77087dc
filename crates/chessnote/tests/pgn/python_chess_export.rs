//! chessnote's PGN writer against python-chess 1.11.2's exporter on every
//! game of every PGN file in `../shared/data/pgn`, through the vectors of
//! `scripts/pgn_export_vectors.py` (`tests/data/pgn-export-vectors.jsonl.zst`).
//!
//! Each file is read as `python_chess.rs` reads it (`python_chess_options`),
//! into game trees, and every game python-chess reads without an error is
//! written with both presets and compared byte for byte:
//! `WriteOptions::PYTHON_CHESS` with `StringExporter(columns=80)`, and
//! `WriteOptions::PYTHON_CHESS.columns(None)` with `str(game)` (python-chess
//! ends neither with a line end; chessnote ends both with one). Books and
//! the large corpus are compared by SHA-1, 100 games at a time (set
//! `CHESSNOTE_EXPORT_VECTORS` to the vectors of the script's `--full` to see
//! which game differs). A file where python-chess and chessnote read a
//! different number of games (`Games` in `python_chess.rs`) is skipped. A
//! game whose text differs must be listed below, each for a difference in
//! reading explained in `docs/pgn.md`: a new difference, or an expected one
//! that is gone, fails the test.

use std::collections::{BTreeMap, BTreeSet};

use chessnote::pgn::{GameTree, PgnErrorKind, Reader, WriteOptions};
use serde_json::Value;

use crate::common;
use crate::support::{for_each_vector_file, pgn_files, python_chess_options, sha1_hex};

/// The games (by index) whose text differs, per file, and no others. Why:
/// `docs/pgn.md`, "Differences from python-chess".
const EXPECTED: &[(&str, &[u64])] = &[
    // python-chess reads one tag per line (several on a line become one garbage value),
    // does not decode `\"`, and drops a tag whose quote is not closed; chessnote reads each
    // tag and reports the bad ones.
    ("small/chessops/pathological-headers.pgn", &[0]),
    ("small/scalachess-fixtures/inlineTags.pgn", &[0]),
    ("small/scalachess-fixtures/unclosedQuote.pgn", &[0]),
    ("small/scalachess-fixtures/whiteResignsInMoves.pgn", &[0]),
    ("small/scalachess-fixtures/whiteResignsInTags.pgn", &[0]),
    (
        "small/scalachess-fixtures/whiteResignsInTagsAndMoves.pgn",
        &[0],
    ),
    // Tag values with unescaped quotes (`[White ""Mirage""]`): python-chess keeps the
    // raw text; chessnote reads the value (reporting the quotes) and writes it escaped.
    ("small/pychess-puzzles/mate_in_3.pgn", &[204, 210]),
    ("small/pychess-puzzles/mate_in_4.pgn", &[183, 200, 201]),
    // python-chess drops a `[` line that is not one tag, moves included.
    ("small/scalachess-fixtures/stackOverflow.pgn", &[0]),
    ("small/scid/res_gameLatin1.pgn", &[0]),
    // `23. g1xd1` (a rook's move, written with both squares, a capture mark and no piece
    // letter, in a variation): python-chess reads it; it is no UCI, and chessnote reads a
    // move without a piece letter as a pawn's (`invalid-san`), and drops the rest of that
    // variation.
    ("small/python-chess/immortal-games-latin1-crlf.pgn", &[31]),
    // python-chess cuts moves out of words (`--nestedcomment`, `+--` read as null moves);
    // chessnote reports the words.
    ("small/pgn-extract/infiles/nested-comment.pgn", &[0]),
    ("small/scalachess-fixtures/blackAbsentResult.pgn", &[0]),
    // `e.p.` as a token of its own, and `exf6ep`: python-chess skips them; chessnote
    // reports them, and the rest of the game is not replayed.
    ("small/scalachess-fixtures/enpassantEP.pgn", &[0]),
    ("small/scalachess-fixtures/enpassantEP3.pgn", &[0]),
    // A FEN with castling rights its pieces do not allow: python-chess drops the rights;
    // chessnote reports `invalid-fen` (no moves in the tree).
    ("small/scalachess-fixtures/caissa.pgn", &[0]),
    // A result written `1–0`: python-chess ignores it (`Result "*"`); chessnote reads it
    // with its `unicode-result` leniency and writes `1-0`.
    (
        "small/scalachess-fixtures/fromChessProgrammingWiki.pgn",
        &[0],
    ),
    // `;` comments: python-chess drops them; chessnote keeps them and writes them as
    // `{ }` comments.
    ("small/scalachess-fixtures/commentsAndVariations.pgn", &[0]),
    (
        "small/scalachess-fixtures/fromTcecWithEngineOutput.pgn",
        &[0],
    ),
    ("small/scalachess-fixtures/inlineComments.pgn", &[0]),
    (
        "small/scalachess-fixtures/multipleRootCommentsInVariation.pgn",
        &[0],
    ),
    ("small/scalachess-fixtures/rootCommentInVariation.pgn", &[0]),
];

/// The two presets, with their names in the vectors.
fn presets() -> [(&'static str, WriteOptions); 2] {
    [
        ("columns80", WriteOptions::PYTHON_CHESS),
        ("str", WriteOptions::PYTHON_CHESS.columns(None)),
    ]
}

/// Where `ours` first differs from `expected` (python-chess's text and its
/// line end): the line and column, and both lines around that column.
fn first_difference(expected: &str, ours: &str) -> String {
    let (mut e, mut o) = (expected.split('\n'), ours.split('\n'));
    for number in 1.. {
        let (a, b) = (e.next(), o.next());
        if a == b {
            if a.is_none() {
                break;
            }
            continue;
        }
        let (a, b) = (a.unwrap_or("(no line)"), b.unwrap_or("(no line)"));
        let column = a.bytes().zip(b.bytes()).take_while(|(x, y)| x == y).count();
        let around = |line: &str| {
            let start = line.floor_char_boundary(column.saturating_sub(30));
            let end = line.ceil_char_boundary((column + 50).min(line.len()));
            format!("{:?}", &line[start..end])
        };
        return format!(
            "line {number}, column {}: python-chess {} / chessnote {}",
            column + 1,
            around(a),
            around(b)
        );
    }
    "the same lines".to_owned()
}

/// What one run found.
#[derive(Default)]
struct Found {
    /// Files read (in the vectors, of the corpus asked for).
    files: usize,
    /// Files skipped: not the same number of games.
    skipped: Vec<String>,
    /// Games compared, per preset.
    compared: [usize; 2],
    /// The games that differ, per file, each with a description.
    differ: BTreeMap<String, BTreeMap<u64, String>>,
}

impl Found {
    fn indices(&self) -> BTreeMap<String, BTreeSet<u64>> {
        self.differ
            .iter()
            .map(|(file, games)| (file.clone(), games.keys().copied().collect()))
            .collect()
    }

    /// The games that differ and pass `only`, described (the first few).
    fn report(&self, only: impl Fn(&str, u64) -> bool) -> String {
        let games: Vec<String> = self
            .differ
            .iter()
            .flat_map(|(file, games)| games.iter().map(move |(index, what)| (file, index, what)))
            .filter(|(file, index, _)| only(file, **index))
            .map(|(file, index, what)| format!("{file} game {index}: {what}\n"))
            .collect();
        const SHOWN: usize = 30;
        let mut out = games.iter().take(SHOWN).cloned().collect::<String>();
        if games.len() > SHOWN {
            out.push_str(&format!("… and {} more\n", games.len() - SHOWN));
        }
        out
    }
}

/// One record against our trees: an `export` (one game, its text) or a
/// `chunk` (its games that python-chess exports, by SHA-1).
fn compare(py: &Value, trees: &[&GameTree], found: &mut Found) -> Option<String> {
    let mut names = Vec::new();
    let mut first = None;
    for (k, (name, options)) in presets().into_iter().enumerate() {
        let ours: String = trees.iter().map(|tree| tree.to_pgn(&options)).collect();
        found.compared[k] += trees.len();
        let difference = match py[name].as_str() {
            Some(expected) => {
                let expected = format!("{expected}\n");
                (ours != expected).then(|| first_difference(&expected, &ours))
            }
            None => {
                let expected = py[format!("{name}_sha1")].as_str().expect("text or SHA-1");
                (sha1_hex(ours.as_bytes()) != expected).then(|| {
                    let last = trees.last().map_or(0, |tree| tree.index);
                    format!(
                        "SHA-1 of games {}-{last} differs (to find the game: \
                         scripts/pgn_export_vectors.py --full, then {VECTORS})",
                        trees[0].index
                    )
                })
            }
        };
        if let Some(difference) = difference {
            names.push(name);
            first.get_or_insert(difference);
        }
    }
    first.map(|difference| format!("{}: {difference}", names.join(", ")))
}

/// The variable that names other vectors (a `.jsonl.zst` path) to check,
/// such as those `scripts/pgn_export_vectors.py --full` writes.
const VECTORS: &str = "CHESSNOTE_EXPORT_VECTORS";

fn check(large: bool) -> Found {
    let files: BTreeMap<String, Vec<u8>> = pgn_files().into_iter().collect();
    let mut found = Found::default();
    if files.is_empty() {
        return found;
    }
    let options = python_chess_options();
    let vectors = std::env::var(VECTORS).unwrap_or("pgn-export-vectors.jsonl.zst".into());
    let kinds = ["export", "exception", "chunk"];
    for_each_vector_file(&vectors, &kinds, |name, py| {
        if large != name.starts_with("large/") {
            return;
        }
        found.files += 1;
        let data = files
            .get(name)
            .unwrap_or_else(|| panic!("{name}: in the vectors, not in the data"));
        let ours: Vec<GameTree> = Reader::from_slice_with(data, options)
            .game_trees()
            .collect();
        // (first index, games, the games python-chess does not export)
        let ranges: Vec<(u64, u64, Vec<u64>)> = py
            .iter()
            .map(|p| {
                let index = p["index"].as_u64();
                match p["kind"].as_str() {
                    Some("chunk") => (
                        p["first"].as_u64().unwrap(),
                        p["games"].as_u64().unwrap(),
                        p["skipped"]
                            .as_array()
                            .unwrap()
                            .iter()
                            .map(|i| i.as_u64().unwrap())
                            .collect(),
                    ),
                    Some("export") if p["errors"] == 0 => (index.unwrap(), 1, vec![]),
                    _ => (index.unwrap(), 1, vec![index.unwrap()]),
                }
            })
            .collect();
        if ours.len() as u64 != ranges.iter().map(|r| r.1).sum::<u64>() {
            found.skipped.push(name.to_owned());
            return;
        }
        for (p, (first, games, skipped)) in py.iter().zip(ranges) {
            let range = &ours[first as usize..(first + games) as usize];
            for (i, tree) in (first..).zip(range) {
                assert_eq!(i, tree.index, "{name}: games out of step");
            }
            let trees: Vec<&GameTree> = range
                .iter()
                .filter(|tree| !skipped.contains(&tree.index))
                .collect();
            if trees.is_empty() {
                continue;
            }
            if let Some(what) = compare(p, &trees, &mut found) {
                found
                    .differ
                    .entry(name.to_owned())
                    .or_default()
                    .insert(first, what);
            }
        }
    });
    assert!(found.files > 0);
    eprintln!(
        "{} files, {} skipped (game counts differ); games compared: {} (columns80), {} (str); \
         {} records differ",
        found.files,
        found.skipped.len(),
        found.compared[0],
        found.compared[1],
        found.differ.values().map(BTreeMap::len).sum::<usize>(),
    );
    found
}

#[test]
fn the_writer_agrees_with_python_chess_or_differs_as_documented() {
    let found = check(false);
    if found.files == 0 && !common::require_shared() {
        return;
    }
    for file in &found.skipped {
        assert!(
            file.starts_with("small/"),
            "{file}: a real-game file has another number of games"
        );
    }
    let expected: BTreeMap<String, BTreeSet<u64>> = EXPECTED
        .iter()
        .map(|(file, games)| (file.to_string(), games.iter().copied().collect()))
        .collect();
    let indices = found.indices();
    if indices != expected {
        let new =
            found.report(|file, index| !expected.get(file).is_some_and(|g| g.contains(&index)));
        let mut gone = String::new();
        for (file, games) in &expected {
            for index in games {
                if !indices.get(file).is_some_and(|g| g.contains(index)) {
                    gone.push_str(&format!("{file} game {index}\n"));
                }
            }
        }
        let mut table = String::new();
        for (file, games) in &indices {
            let games: Vec<u64> = games.iter().copied().collect();
            table.push_str(&format!("    (\"{file}\", &{games:?}),\n"));
        }
        panic!(
            "differences from python-chess's exporter changed\nnew:\n{new}\ngone:\n{gone}\nnow:\n{table}"
        );
    }
}

/// The large corpus, by hash: in release, from `.ci/run`.
#[test]
#[ignore = "145,716 games: .ci/run runs it in release with --ignored"]
fn the_large_corpus_is_written_as_python_chess_writes_it() {
    let found = check(true);
    assert!(found.skipped.is_empty(), "{:?}", found.skipped);
    // The vectors hash the large corpus by chunks of 100 games. A chunk may
    // differ only where it holds a malformed tag value (a `\` that is not
    // an escape, an unescaped `"`): python-chess keeps the raw text, as for
    // the puzzle files of EXPECTED; chessnote reads the value (reporting it)
    // and writes it escaped.
    let files: BTreeMap<String, Vec<u8>> = pgn_files().into_iter().collect();
    for (file, chunks) in found.indices() {
        let malformed: BTreeSet<u64> =
            Reader::from_slice_with(&files[&file], python_chess_options())
                .headers()
                .filter(|h| {
                    h.errors.iter().chain(&h.warnings).any(|e| {
                        matches!(
                            e.kind(),
                            PgnErrorKind::UnknownEscape | PgnErrorKind::MalformedTag
                        )
                    })
                })
                .map(|h| h.index / 100 * 100)
                .collect();
        let unexplained: Vec<u64> = chunks.difference(&malformed).copied().collect();
        assert!(
            unexplained.is_empty(),
            "{file}: chunks with no malformed tag differ: {unexplained:?}\n{}",
            found.report(|f, i| f == file && unexplained.contains(&i))
        );
    }
}
