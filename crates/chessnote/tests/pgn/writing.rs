//! The writer on every PGN file of the shared data: read → write → read
//! keeps every game (tags, moves, comments, NAGs, variations), writing is
//! idempotent, the streaming writer writes what the tree writer writes,
//! and scalachess's render snapshots read as their inputs do.

use chessnote::pgn::{GameTree, PgnLeniency, PgnWriter, ReadOptions, Reader, WriteOptions};
use chessnote::position::Notation;

use crate::common;
use crate::support::pgn_files;

/// The reader's options for these tests: the lenient SAN the files need.
fn options() -> ReadOptions {
    ReadOptions::DEFAULT
}

fn trees(data: &[u8], options: ReadOptions) -> Vec<GameTree> {
    Reader::from_slice_with(data, options)
        .game_trees()
        .collect()
}

/// A comment as the standard writer keeps it: words separated by one
/// space, no `}`.
fn words(text: &str) -> String {
    text.replace('}', "")
        .split_ascii_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// The tags the standard writer writes for `tree`, sorted (order is the
/// writer's business; the set is the game's).
fn written_tags(tree: &GameTree) -> Vec<(String, String)> {
    let roster = [
        ("Event", "?"),
        ("Site", "?"),
        ("Date", "????.??.??"),
        ("Round", "?"),
        ("White", "?"),
        ("Black", "?"),
    ];
    let mut tags: Vec<(String, String)> = Vec::new();
    for (name, unknown) in roster {
        let value = tree.tag(name).unwrap_or(unknown);
        tags.push((name.into(), value.into()));
    }
    let result = match tree.tag("Result") {
        Some(tag) if tag != "*" && ["1-0", "0-1", "1/2-1/2"].contains(&tag) => tag,
        _ => tree.marker.map_or("*", |m| m.as_str()),
    };
    tags.push(("Result".into(), result.into()));
    for (name, value) in &tree.tags {
        if !roster.iter().any(|(n, _)| n == name) && name != "Result" {
            tags.push((name.clone(), value.clone()));
        }
    }
    // A tab in a value is written as a space (4.2: no tabs in export
    // format).
    for (_, value) in &mut tags {
        *value = value.replace('\t', " ");
    }
    tags.sort();
    tags
}

/// What a node holds, in pre-order, comments as the standard writer keeps
/// them (empty ones gone: `{ }` reads back as a space).
fn content(tree: &GameTree) -> Vec<String> {
    tree.descendants(GameTree::ROOT)
        .map(|id| {
            let node = &tree[id];
            let norm = |c: &Vec<String>| -> Vec<String> { c.iter().map(|t| words(t)).collect() };
            format!(
                "{:?} {:?} {:?} {:?} {} {}",
                node.mv(),
                node.nags,
                norm(&node.starting_comments),
                norm(&node.comments),
                tree.variations(id).count(),
                tree.is_main_variation(id),
            )
        })
        .collect()
}

/// Checks one game: written, read back, the same game; written again, the
/// same text. Returns the text.
fn round_trip(rel: &str, tree: &GameTree, write: &WriteOptions, read: ReadOptions) -> String {
    let text = tree.to_pgn(write);
    let again: Vec<GameTree> = trees(text.as_bytes(), read);
    assert_eq!(
        again.len(),
        1,
        "{rel}: game {}: one game in, {} out:\n{text}",
        tree.index + 1,
        again.len()
    );
    let again = &again[0];
    for error in &again.errors {
        assert!(
            tree.errors.iter().any(|e| e.kind() == error.kind()),
            "{rel}: game {}: the written game has an error the read one had not: {error}\n{text}",
            tree.index + 1
        );
    }
    assert_eq!(
        content(tree),
        content(again),
        "{rel}: game {}: moves, comments, NAGs or variations changed:\n{text}",
        tree.index + 1
    );
    assert_eq!(
        again.to_pgn(write),
        text,
        "{rel}: game {}: not idempotent",
        tree.index + 1
    );
    text
}

fn check_file(rel: &str, data: &[u8]) -> usize {
    let read = options();
    let mut games = 0;
    let mut standard = String::new();
    for tree in trees(data, read) {
        let text = round_trip(rel, &tree, &WriteOptions::STANDARD, read);
        let again = &trees(text.as_bytes(), read)[0];
        assert_eq!(
            written_tags(&tree),
            written_tags(again),
            "{rel}: game {}: tags",
            tree.index + 1
        );
        if !standard.is_empty() {
            standard.push('\n');
        }
        standard.push_str(&text);
        games += 1;
    }
    // The streaming writer, on text in export format, writes it unchanged
    // (with replay or without: its SAN is already the canonical one).
    for replay in [false, true] {
        let mut writer = PgnWriter::new(WriteOptions::STANDARD).replay(replay);
        let mut reader = Reader::from_slice_with(standard.as_bytes(), read);
        while reader.read_game(&mut writer).unwrap().is_some() {}
        assert!(
            writer.output() == standard,
            "{rel}: the streaming writer (replay {replay}) differs from the tree writer"
        );
    }
    games
}

#[test]
fn every_game_round_trips_through_the_standard_writer() {
    let mut games = 0;
    for (rel, data) in pgn_files() {
        if rel.starts_with("large/") {
            continue; // the ignored test below, in release
        }
        games += check_file(&rel, &data);
    }
    if common::require_shared() {
        assert!(games > 10_000, "{games} games");
    }
}

#[test]
#[ignore = "the large corpus: run in release (.ci/run does)"]
fn the_large_corpus_round_trips() {
    let files = pgn_files();
    let mut seen = 0;
    for (rel, data) in files.iter().filter(|(rel, _)| rel.starts_with("large/")) {
        seen += check_file(rel, data);
    }
    assert!(seen > 100_000 || !common::require_shared(), "{seen} games");
}

/// Every preset and option reads back as the same game, and is idempotent.
#[test]
fn every_preset_round_trips() {
    let uci = options().with_leniency(PgnLeniency::UciMoves);
    let presets = [
        ("python-chess", WriteOptions::PYTHON_CHESS, options()),
        ("one line", WriteOptions::STANDARD.columns(None), options()),
        (
            "narrow",
            WriteOptions::STANDARD.columns(Some(20)),
            options(),
        ),
        (
            "crlf",
            WriteOptions {
                line_ending: chessnote::pgn::LineEnding::CrLf,
                ..WriteOptions::STANDARD
            },
            options(),
        ),
        (
            "uci",
            WriteOptions::STANDARD.notation(Notation::Uci.into()),
            uci,
        ),
        (
            "input order",
            WriteOptions {
                tag_order: chessnote::pgn::TagOrder::Input,
                ..WriteOptions::STANDARD
            },
            options(),
        ),
    ];
    let mut checked = 0;
    for (rel, data) in pgn_files() {
        if !rel.starts_with("small/") {
            continue;
        }
        for tree in trees(&data, options()) {
            for (name, write, read) in presets {
                let rel = format!("{rel} ({name})");
                if name == "python-chess" {
                    // python-chess joins a move's comments into one, and
                    // writes a comment of line breaks as `{  }`, which reads
                    // back empty: its text settles after two passes.
                    let once = tree.to_pgn(&write);
                    let twice = trees(once.as_bytes(), read)[0].to_pgn(&write);
                    let thrice = trees(twice.as_bytes(), read)[0].to_pgn(&write);
                    assert_eq!(
                        thrice,
                        twice,
                        "{rel}: game {}: not idempotent",
                        tree.index + 1
                    );
                } else {
                    round_trip(&rel, &tree, &write, read);
                }
                checked += 1;
            }
        }
    }
    if common::require_shared() {
        assert!(checked > 1000, "{checked}");
    }
}

/// The reduced export format keeps the mainline and drops the rest.
#[test]
fn the_reduced_format_is_the_mainline() {
    for (rel, data) in pgn_files() {
        if !rel.starts_with("small/") {
            continue;
        }
        for tree in trees(&data, options()) {
            let text = tree.to_pgn(&WriteOptions::REDUCED);
            let movetext = text.split("\n\n").nth(1).unwrap();
            assert!(!movetext.contains(['{', '(', '$']), "{rel}: {text}");
            let again = &trees(text.as_bytes(), options())[0];
            assert!(
                again.mainline_moves().eq(tree.mainline_moves()),
                "{rel}: game {}",
                tree.index + 1
            );
            let extra = tree
                .tags
                .iter()
                .filter(|(n, _)| ["FEN", "SetUp", "Variant"].contains(&n.as_str()));
            assert_eq!(again.tags.len(), 7 + extra.count(), "{rel}");
        }
    }
}

/// scalachess's render snapshots: each printed game, read by chessnote, is
/// the game its input fixture is (so both write the same text), but where
/// scalachess's printer changed it (`docs/pgn.md`, "scalachess's render
/// snapshots").
#[test]
fn scalachess_render_snapshots_read_as_their_inputs() {
    let files: std::collections::BTreeMap<String, Vec<u8>> = pgn_files().into_iter().collect();
    let Some(snapshot) = files.get("small/scalachess/pgn-render-snapshot.pgn") else {
        assert!(!common::require_shared());
        return;
    };
    let inputs = [
        "pgnRenderTest-pgn2",
        "recentChessCom",
        "chessComCrazyhouse",
        "fromChessProgrammingWiki",
        "fromPosProdCloseChess",
        "noTagButResult",
        "inlineTags",
        "whiteResignsInMoves",
        "whiteResignsInTags",
        "stLouisFischerandom",
        "inlineComments",
        "fromChessgames",
        "chessgamesWeirdComments",
        "fromCrafty",
        "fromTcecWithEngineOutput",
    ];
    // scalachess reads `1–0` (an en dash) as a result.
    let read = options().with_leniency(PgnLeniency::UnicodeResult);
    let printed = trees(snapshot, read);
    assert_eq!(printed.len(), inputs.len());
    let mut different = Vec::new();
    for (name, printed) in inputs.iter().zip(&printed) {
        let data = &files[&format!("small/scalachess-fixtures/{name}.pgn")];
        let input = &trees(data, read)[0];
        if input.to_pgn(&WriteOptions::STANDARD) != printed.to_pgn(&WriteOptions::STANDARD) {
            different.push(*name);
        }
    }
    assert_eq!(
        different, SNAPSHOTS_CHANGED,
        "the snapshots that are not their input's game"
    );
    let wcc = &files["small/scalachess/wcc2023-render-snapshot.pgn"];
    let wcc_input = &files["small/scalachess-fixtures/wcc2023.pgn"];
    let write = |data: &[u8]| -> Vec<String> {
        trees(data, options())
            .iter()
            .map(|t| t.to_pgn(&WriteOptions::STANDARD))
            .collect()
    };
    assert_eq!(write(wcc), write(wcc_input));
}

/// The snapshots whose game is not the input's: scalachess drops the
/// comments after the termination marker, chessnote keeps them (with the
/// last move). `docs/pgn.md` says more.
const SNAPSHOTS_CHANGED: &[&str] = &["fromTcecWithEngineOutput"];

/// scalachess's byte-exact round trips: chessnote reads each, writes it in
/// export format, and reads that back as the same game.
#[test]
fn scalachess_round_trip_strings_read_back() {
    for (rel, data) in pgn_files() {
        if !rel.contains("roundtrip-exact-") {
            continue;
        }
        for tree in trees(&data, options()) {
            round_trip(&rel, &tree, &WriteOptions::STANDARD, options());
        }
    }
}

/// Variations that open where the reader's line is not the tree's last
/// node (right after another `(`, after an illegal move) hang where the
/// replay plays their moves, so the tree writes them legally (found by the
/// `pgn_write` fuzz target: a panic in the writer).
#[test]
fn variations_hang_where_their_moves_are_played() {
    for (pgn, movetext) in [
        ("1. e4 e5 ( ( 1... d5 ) ) *", "1. e4 e5 ( 1... d5 ) *"),
        ("1. e4 e5 2. Qxf7 ( 2. Nf3 ) *", "1. e4 e5 *"),
        (
            "1. e4 e5 2. Nf3 Qxf7 ( 2... Nc6 ) 3. Bc4 *",
            "1. e4 e5 2. Nf3 *",
        ),
        ("1. e4 ( ( ( 1. d4 ) ) ) e5 *", "1. e4 ( 1. d4 ) 1... e5 *"),
    ] {
        let tree = &trees(pgn.as_bytes(), options())[0];
        let text = round_trip(pgn, tree, &WriteOptions::STANDARD, options());
        assert_eq!(
            text.split("\n\n").nth(1),
            Some(&*format!("{movetext}\n")),
            "{pgn}"
        );
    }
}

/// The games of `data` (their 0-based indices) whose text the streaming
/// writer, in the python-chess style, writes otherwise than the tree
/// writer over the same game's tree, with lines of 80 columns, one line,
/// or without variations, each with its number of errors; and the number
/// of games.
fn python_chess_streaming_differs(data: &[u8], read: ReadOptions) -> (usize, Vec<(u64, usize)>) {
    let styles = [
        WriteOptions::PYTHON_CHESS,
        WriteOptions::PYTHON_CHESS.columns(None),
        WriteOptions {
            variations: false,
            ..WriteOptions::PYTHON_CHESS
        },
    ];
    let trees: Vec<GameTree> = trees(data, read);
    let mut differ = Vec::new();
    for options in styles {
        let mut writer = PgnWriter::with_read_options(options, read).replay(true);
        let mut reader = Reader::from_slice_with(data, read);
        for (i, tree) in trees.iter().enumerate() {
            assert!(reader.read_game(&mut writer).unwrap().is_some());
            let streamed = writer.take_output();
            // The writer puts a blank line before every game but the first.
            let streamed = if i == 0 {
                &streamed[..]
            } else {
                streamed.strip_prefix('\n').expect("a blank line")
            };
            let game = (tree.index, tree.errors.len());
            if streamed != tree.to_pgn(&options) && !differ.contains(&game) {
                differ.push(game);
            }
        }
        assert!(reader.read_game(&mut writer).unwrap().is_none());
    }
    differ.sort_unstable();
    (trees.len(), differ)
}

/// The python-chess style's two writers over every game of `files`, read
/// twice: the games where they differ, as `FILE (READING reading): game N
/// (E errors)` lines, and the number of games.
fn python_chess_writers_disagree<'a>(
    files: impl Iterator<Item = &'a (String, Vec<u8>)>,
) -> (String, usize) {
    let mut report = String::new();
    let mut games = 0;
    for (rel, data) in files {
        // As the CLI reads by default, and as python-chess reads.
        for (name, read) in [
            ("default", options()),
            ("python-chess", crate::support::python_chess_options()),
        ] {
            let (n, differ) = python_chess_streaming_differs(data, read);
            if name == "default" {
                games += n;
            }
            for (index, errors) in differ {
                report.push_str(&format!(
                    "{rel} ({name} reading): game {} ({errors} errors)\n",
                    index + 1
                ));
            }
        }
    }
    (report, games)
}

/// In the python-chess style the streaming writer writes what the tree
/// writer (and so python-chess) writes, whatever the game: comments and
/// NAGs after a variation's `)` or before its first move, empty
/// variations, variations of comments alone, variations of a variation's
/// first move, moves that do not replay.
#[test]
fn the_streaming_writer_writes_every_game_as_the_tree_writer_in_the_python_chess_style() {
    let files = pgn_files();
    let (report, games) =
        python_chess_writers_disagree(files.iter().filter(|(rel, _)| !rel.starts_with("large/")));
    assert!(
        report.is_empty(),
        "the streaming writer differs from the tree writer on {} games:\n{report}",
        report.lines().count()
    );
    if common::require_shared() {
        assert!(games > 200_000, "{games} games");
    }
}

/// A `Result` tag that is no termination marker keeps its quotes and
/// backslashes escaped when the streaming writer sets it once the game is
/// read, as the tree writer writes it, in every style. It was written raw
/// over the escaped text (found by the `pgn_write` fuzz target).
#[test]
fn a_result_tag_to_escape_is_written_as_the_tree_writer_writes_it() {
    for data in [
        &b"[Result \"a\\\"b\"]\n\n1. e4 *\n"[..],
        b"[Result \"\\\\ \\\" x\"]\n\n1. e4 1-0\n",
        b"[Result \"1-0\"]\n\n1. e4 0-1\n",
    ] {
        let read = options();
        let tree = &trees(data, read)[0];
        for style in [WriteOptions::PYTHON_CHESS, WriteOptions::STANDARD] {
            let mut writer = PgnWriter::with_read_options(style, read).replay(true);
            let mut reader = Reader::from_slice_with(data, read);
            while reader.read_game(&mut writer).unwrap().is_some() {}
            assert_eq!(
                writer.output(),
                tree.to_pgn(&style),
                "{:?}",
                String::from_utf8_lossy(data)
            );
        }
    }
}

/// The same on the large corpus (in release: `.ci/run` runs it).
#[test]
#[ignore = "the large corpus: run in release (.ci/run does)"]
fn the_streaming_writer_writes_the_large_corpus_as_the_tree_writer_in_the_python_chess_style() {
    let files = pgn_files();
    let (report, games) =
        python_chess_writers_disagree(files.iter().filter(|(rel, _)| rel.starts_with("large/")));
    assert!(
        report.is_empty(),
        "the streaming writer differs from the tree writer:\n{report}"
    );
    assert!(
        games > 100_000 || !common::require_shared(),
        "{games} games"
    );
}
