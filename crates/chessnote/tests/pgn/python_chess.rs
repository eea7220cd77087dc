//! chessnote against python-chess 1.11.2 (the reference oracle) on every
//! game of every PGN file in `../shared/data/pgn`, through the vectors of
//! `scripts/pgn_vectors.py` (`tests/data/pgn-vectors.jsonl.zst`).
//!
//! The real-game files (books, medium, TCEC, the large corpus) must agree
//! exactly: tags, every mainline move, the result, comments, NAGs,
//! variations. On the small files of edge cases every difference is of a
//! kind listed below and explained in `docs/pgn.md` (a python-chess bug,
//! or a leniency python-chess has without a name): a new difference, or an
//! expected one that is gone, fails the test.

use std::collections::{BTreeMap, BTreeSet};

use chessnote::pgn::{Game, Reader};
use chessnote::position::Notation;
use serde_json::Value;

use crate::common;
use chessnote_testdata::python_headers;

use crate::support::{for_each_vector_file, pgn_files, python_chess_options, sha1_hex};

/// A kind of difference between a file as python-chess reads it and as
/// chessnote does.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) enum Diff {
    /// Not the same number of games (python-chess ends a game at a blank
    /// line, chessnote at its termination marker or the next tags).
    Games,
    /// Not the same tag pairs.
    Tags,
    /// Not the same legal mainline.
    Moves,
    /// The same moves, written in SAN differently (chessnote writes SAN with
    /// `Game::moves_in`, python-chess with `Board::san`).
    San,
    /// Not the same termination marker.
    Result,
    /// Not the same comments.
    Comments,
    /// Not the same NAGs.
    Nags,
    /// Not the same number of variations.
    Variations,
    /// python-chess reports an error where chessnote reports none.
    Quiet,
}
use Diff::*;

/// The differences each small file has, and no other file. Why: `docs/pgn.md`,
/// "Differences from python-chess".
pub(crate) const EXPECTED: &[(&str, &[Diff])] = &[
    // python-chess ends a game at a blank line; chessnote at its result, the next tag
    // section, or a move number that starts over (game counts differ; chessnote's are the
    // files' own). `[pgn]`…`[/pgn]` wrappers and HTML junk also give chessnote a game of
    // one malformed tag.
    ("small/chess.js/0.pgn", &[Games]),
    (
        "small/chessops/headers-and-moves-on-the-same-line.pgn",
        &[Games],
    ),
    ("small/chessops/leading-whitespace.pgn", &[Games]),
    ("small/pgn-extract/infiles/barnes-horton.pgn", &[Games]),
    ("small/pgn-extract/infiles/test-C.pgn", &[Games]),
    ("small/pgn-extract/infiles/test-F-text.pgn", &[Games]),
    ("small/pgn-extract/infiles/test-F.pgn", &[Games]),
    ("small/pgn-extract/infiles/test-L2.pgn", &[Games]),
    ("small/pgn-extract/infiles/test-N.pgn", &[Games]),
    ("small/pgn-extract/infiles/test-R.pgn", &[Games]),
    ("small/pgn-extract/infiles/test-Ta.pgn", &[Games]),
    ("small/pgn-extract/infiles/test-V.pgn", &[Games]),
    ("small/pgn-extract/infiles/test-addhashcode.pgn", &[Games]),
    ("small/pgn-extract/infiles/test-checkmate.pgn", &[Games]),
    ("small/pgn-extract/infiles/test-f1.pgn", &[Games]),
    ("small/pgn-extract/infiles/test-fencomments.pgn", &[Games]),
    ("small/pgn-extract/infiles/test-fuzzydepth.pgn", &[Games]),
    ("small/pgn-extract/infiles/test-nobadresults.pgn", &[Games]),
    ("small/pgn-extract/infiles/test-nochecks.pgn", &[Games]),
    ("small/pgn-extract/infiles/test-nomovenumbers.pgn", &[Games]),
    ("small/pgn-extract/infiles/test-noresults.pgn", &[Games]),
    ("small/pgn-extract/infiles/test-notags.pgn", &[Games]),
    ("small/pgn-extract/infiles/test-plycount.pgn", &[Games]),
    ("small/pgn-extract/infiles/test-plylimit.pgn", &[Games]),
    ("small/pgn-extract/infiles/test-stalemate.pgn", &[Games]),
    ("small/pgn-extract/infiles/test-ucW.pgn", &[Games]),
    ("small/pgn-extract/infiles/test-w.pgn", &[Games]),
    (
        "small/pgn-extract/notation-variants/test-WWdeutsch-out.pgn",
        &[Games],
    ),
    (
        "small/pgn-extract/notation-variants/test-WWelalg-out.pgn",
        &[Games],
    ),
    (
        "small/pgn-extract/notation-variants/test-WWhalg-out.pgn",
        &[Games],
    ),
    (
        "small/pgn-extract/notation-variants/test-WWlalg-out.pgn",
        &[Games],
    ),
    (
        "small/pgn-extract/notation-variants/test-WWxlalg-out.pgn",
        &[Games],
    ),
    (
        "small/pgn-extract/notation-variants/test-w-input-san.pgn",
        &[Games],
    ),
    ("small/scalachess-fixtures/fromCrafty.pgn", &[Games]),
    ("small/scalachess-fixtures/gameWithComments.pgn", &[Games]),
    ("small/scalachess-fixtures/overflow.pgn", &[Games]),
    ("small/scalachess-fixtures/withDelimiters.pgn", &[Games]),
    (
        "small/scalachess-fixtures/withDelimitersOnNewLines.pgn",
        &[Games],
    ),
    ("small/scalachess/FWWRC.pgn", &[Games]),
    // python-chess reads one tag per line (several on a line become one garbage value),
    // does not decode `\"`, and drops a tag whose quote is not closed; chessnote reads each
    // tag and reports the bad ones.
    ("small/chessops/pathological-headers.pgn", &[Tags]),
    ("small/scalachess-fixtures/inlineTags.pgn", &[Tags]),
    ("small/scalachess-fixtures/unclosedQuote.pgn", &[Tags]),
    ("small/scalachess-fixtures/whiteResignsInMoves.pgn", &[Tags]),
    ("small/scalachess-fixtures/whiteResignsInTags.pgn", &[Tags]),
    (
        "small/scalachess-fixtures/whiteResignsInTagsAndMoves.pgn",
        &[Tags],
    ),
    // python-chess drops a `[` line that is not one tag, moves included (a game on one line
    // comes out empty).
    (
        "small/scalachess-fixtures/stackOverflow.pgn",
        &[Tags, Moves, Result, Variations],
    ),
    (
        "small/scid/res_gameLatin1.pgn",
        &[Tags, Moves, Result, Variations],
    ),
    // python-chess cuts moves out of words (`--nestedcomment`, `+--` read as null moves);
    // chessnote reports the words.
    ("small/pgn-extract/infiles/nested-comment.pgn", &[Moves]),
    ("small/scalachess-fixtures/blackAbsentResult.pgn", &[Moves]),
    // `e.p.` as a token of its own, and `exf6ep`: python-chess skips them; chessnote
    // reports them (its `en-passant-suffix` leniency reads `exd6 e.p.` only as one move).
    ("small/scalachess-fixtures/enpassantEP.pgn", &[Moves]),
    ("small/scalachess-fixtures/enpassantEP3.pgn", &[Moves]),
    // A FEN with castling rights its pieces do not allow: python-chess drops the rights;
    // chessnote reports `invalid-fen`.
    ("small/scalachess-fixtures/caissa.pgn", &[Moves]),
    // python-chess bug (vectors note §2.9): after an illegal move inside a variation it
    // replays the main line on the variation's board (moves cut short, an `IndexError`).
    (
        "small/pychess-lichess-studies/lichess_study_lichess-practice-greek-gift_by_arex_2017.02.11.pgn",
        &[Moves, Result, Variations],
    ),
    (
        "small/pychess-lichess-studies/lichess_study_lichess-practice-the-fork_by_arex_2017.01.29.pgn",
        &[Moves, Result, Variations, Quiet],
    ),
    (
        "small/scalachess-fixtures/fromPositionEmptyFen.pgn",
        &[Moves, Result, Variations],
    ),
    // An unknown `Variant` (`starwars`, `" Standard    "`): python-chess reports it and
    // plays standard chess; chessnote trims the spaces, and does not replay an unknown
    // variant.
    (
        "small/scalachess-fixtures/completeTagsWithSpaces.pgn",
        &[Quiet],
    ),
    ("small/scalachess-fixtures/invalidVariant.pgn", &[Moves]),
    // After an illegal or ambiguous mainline move python-chess drops the rest of the game,
    // result and variations included; chessnote keeps reading (the moves after it are not
    // replayed).
    (
        "small/python-chess/immortal-games-latin1-crlf.pgn",
        &[Result, Variations],
    ),
    (
        "small/scalachess-fixtures/crazyhouseNoVariantTag.pgn",
        &[Result],
    ),
    ("small/scalachess-fixtures/festivalFigueira.pgn", &[Result]),
    // Results written `½-½`, `1–0`, `O‑O` with a Unicode hyphen: python-chess ignores them;
    // chessnote reads the results with its `unicode-result` leniency (on for this
    // comparison) and reports the rest.
    (
        "small/scalachess-fixtures/fromChessProgrammingWiki.pgn",
        &[Result],
    ),
    ("small/scalachess-fixtures/unicodeResultDraw.pgn", &[Result]),
    (
        "small/scalachess-fixtures/unicodeResultWeirdDashDraw.pgn",
        &[Result],
    ),
    (
        "small/scalachess-fixtures/unicodeResultWeirdDashWin.pgn",
        &[Result],
    ),
    ("small/scalachess-fixtures/weirdDashes.pgn", &[Result]),
    // `;` comments: python-chess drops them; chessnote keeps them (`CommentKind::Line`).
    (
        "small/pgn-extract/notation-variants/test-WWepd-out.pgn",
        &[Comments],
    ),
    (
        "small/scalachess-fixtures/commentsAndVariations.pgn",
        &[Comments],
    ),
    (
        "small/scalachess-fixtures/fromTcecWithEngineOutput.pgn",
        &[Comments],
    ),
    ("small/scalachess-fixtures/inlineComments.pgn", &[Comments]),
];

fn pairs(value: &Value) -> Vec<(String, String)> {
    // python-chess leaves the standard's escapes (`\"`, `\\`) as written.
    let unescape = chessnote_testdata::python_tag_value;
    value
        .as_array()
        .map(|a| {
            a.iter()
                .map(|p| {
                    (
                        p[0].as_str().unwrap().to_owned(),
                        unescape(p[1].as_str().unwrap()),
                    )
                })
                .collect()
        })
        .unwrap_or_default()
}

/// Comment text compared word by word: python-chess 1.11.2 trims each
/// comment and joins a move's comments with a space, reading lines with
/// universal newlines; chessnote keeps each comment as written.
fn words(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn joined<'a>(comments: impl Iterator<Item = &'a str>) -> String {
    words(&comments.collect::<Vec<_>>().join(" "))
}

/// The differences between python-chess's games (`py`) and ours.
fn compare(py: &[Value], ours: &[Game], diffs: &mut BTreeSet<Diff>) {
    if py.len() != ours.len() {
        diffs.insert(Games);
        return;
    }
    for (p, g) in py.iter().zip(ours) {
        if p["kind"] == "exception" {
            diffs.insert(Quiet);
            continue;
        }
        let tags_equal = match p.get("raw_headers") {
            Some(raw) => pairs(raw) == g.tags.to_vec(),
            None => pairs(&p["headers"]) == python_headers(&g.tags.to_vec()),
        };
        if !tags_equal {
            diffs.insert(Tags);
        }
        let uci: Vec<String> = g.uci().map(|m| m.to_string()).collect();
        let moves_equal = match p["detail"].as_str() {
            Some("full") => p["uci"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m.as_str().unwrap())
                .eq(uci.iter().map(String::as_str)),
            Some("uci") => p["uci"].as_str().unwrap() == uci.join(" "),
            _ => p["uci_sha1"].as_str().unwrap() == sha1_hex(uci.join(" ").as_bytes()),
        };
        if !moves_equal {
            diffs.insert(Moves);
        } else if let Some(py_san) = p.get("san").and_then(Value::as_array) {
            let san = g.moves_in(Notation::San);
            if !py_san
                .iter()
                .map(|m| m.as_str().unwrap_or("?"))
                .eq(san.iter().map(String::as_str))
            {
                diffs.insert(San);
            }
        }
        if p["result"].as_str() != g.result.map(|r| r.as_str()) {
            diffs.insert(Result);
        }
        if !p["errors"].as_array().unwrap().is_empty() && g.errors.is_empty() {
            diffs.insert(Quiet);
        }
        if p["detail"] != "full" {
            continue;
        }
        if p["ravs"].as_u64() != Some(u64::from(g.variations)) {
            diffs.insert(Variations);
        }
        let py_moves = p["moves"].as_array().unwrap();
        let py_text = |v: &Value| words(v.as_str().unwrap_or_default());
        let mut comments_equal = py_text(&p["starting_comment"]) == joined(g.comments(0));
        let mut nags_equal = true;
        if py_moves.len() == g.moves.len() {
            for (i, pm) in py_moves.iter().enumerate() {
                comments_equal &= py_text(&pm["comment"]) == joined(g.comments(i + 1));
                let mut nags: Vec<u64> = g.nags(i + 1).iter().map(|n| u64::from(n.0)).collect();
                nags.sort_unstable();
                nags.dedup();
                let py_nags: Vec<u64> = pm["nags"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|n| n.as_u64().unwrap())
                    .collect();
                nags_equal &= nags == py_nags;
            }
        }
        if !comments_equal {
            diffs.insert(Comments);
        }
        if !nags_equal {
            diffs.insert(Nags);
        }
    }
}

/// The vectors, file by file (the lines are grouped by file, in order).
fn for_each_file(f: impl FnMut(&str, Vec<Value>)) {
    for_each_vector_file("pgn-vectors.jsonl.zst", &["game", "exception"], f);
}

fn check(skip_large: bool) -> BTreeMap<String, BTreeSet<Diff>> {
    let files: BTreeMap<String, Vec<u8>> = pgn_files().into_iter().collect();
    let mut found = BTreeMap::new();
    if files.is_empty() {
        return found;
    }
    let options = python_chess_options();
    let mut seen = 0;
    for_each_file(|name, py| {
        if skip_large == name.starts_with("large/") {
            return;
        }
        seen += 1;
        let data = files
            .get(name)
            .unwrap_or_else(|| panic!("{name}: in the vectors, not in the data"));
        let ours: Vec<Game> = Reader::from_slice_with(data, options)
            .games_with(Game::builder_with(options).variations(true))
            .collect();
        let mut diffs = BTreeSet::new();
        compare(&py, &ours, &mut diffs);
        if !diffs.is_empty() {
            found.insert(name.to_owned(), diffs);
        }
    });
    assert!(seen > 0);
    found
}

#[test]
fn every_file_agrees_with_python_chess_or_differs_as_documented() {
    let found = check(true);
    if found.is_empty() && !common::require_shared() {
        return;
    }
    let expected: BTreeMap<String, BTreeSet<Diff>> = EXPECTED
        .iter()
        .map(|(file, diffs)| (file.to_string(), diffs.iter().copied().collect()))
        .collect();
    for file in found.keys() {
        assert!(
            file.starts_with("small/"),
            "{file}: a real-game file differs: {:?}",
            found[file]
        );
    }
    if found != expected {
        let mut table = String::new();
        for (file, diffs) in &found {
            table.push_str(&format!("    (\"{file}\", &{diffs:?}),\n"));
        }
        panic!("differences from python-chess changed; now:\n{table}");
    }
}

/// The large corpus, move for move (by hash): in release, from `.ci/run`.
#[test]
#[ignore = "145,716 games: .ci/run runs it in release with --ignored"]
fn the_large_corpus_agrees_with_python_chess() {
    let found = check(false);
    assert!(found.is_empty(), "{found:?}");
}
