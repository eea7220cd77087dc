//! `chessnote pgn check|convert|count|split` on the real files of
//! `../shared/data/pgn` (issue 14).
//!
//! Every expected value is derived in the test from the input: the
//! position of a move corrupted on purpose, the clocks and evals read out
//! of the comments, the tag values that a `--where` expression compares,
//! the same input read another way (compressed, on one thread, by the
//! library, by python-chess 1.11.2 through the committed vectors).
//! `compressed` covers zstd, gzip and bzip2 inputs (`chessnote-io`),
//! `where_filter` the `--where` language (`chessnote::pgn::filter`).

use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use chessnote::fen::FenLeniency;
use chessnote::pgn::{Game, PgnLeniency, ReadOptions, Reader};
use chessnote::san::{Leniency, SanOptions};
use serde_json::Value;

use super::{Run, TempDir, TempFile, chessnote, shared_path};

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

/// Whether `CHESSNOTE_REQUIRE_SHARED` is set: then missing data fails.
fn require_shared() -> bool {
    std::env::var_os("CHESSNOTE_REQUIRE_SHARED").is_some_and(|v| !v.is_empty() && v != "0")
}

/// `shared/data/pgn/<rel>`: `None` (a skip) when missing, a failure when
/// the data is required.
fn pgn_path(rel: &str) -> Option<PathBuf> {
    let path = shared_path(&format!("data/pgn/{rel}"));
    assert!(
        path.is_some() || !require_shared(),
        "CHESSNOTE_REQUIRE_SHARED is set but shared/data/pgn/{rel} is missing"
    );
    path
}

/// The bytes of `shared/data/pgn/<rel>`, zstd files decompressed.
fn pgn_data(rel: &str) -> Option<Vec<u8>> {
    let raw = std::fs::read(pgn_path(rel)?).expect("read a shared file");
    Some(if rel.ends_with(".zst") {
        chessnote_testdata::decode(&raw)
    } else {
        raw
    })
}

fn zstd(data: &[u8]) -> Vec<u8> {
    ruzstd::encoding::compress_to_vec(data, ruzstd::encoding::CompressionLevel::Fastest)
}

fn gzip(data: &[u8]) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    encoder.write_all(data).expect("gzip");
    encoder.finish().expect("gzip")
}

fn bzip2(data: &[u8]) -> Vec<u8> {
    let mut encoder = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::fast());
    encoder.write_all(data).expect("bzip2");
    encoder.finish().expect("bzip2")
}

fn gunzip(data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    flate2::read::MultiGzDecoder::new(data)
        .read_to_end(&mut out)
        .expect("gzip data");
    out
}

fn bunzip2(data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    bzip2::read::MultiBzDecoder::new(data)
        .read_to_end(&mut out)
        .expect("bzip2 data");
    out
}

/// Decompresses a part.
type Decode = fn(&[u8]) -> Vec<u8>;

/// A compressed input: its name, bytes, the parts' extension and magic,
/// and how to decompress them.
type Packed = (&'static str, Vec<u8>, &'static str, &'static [u8], Decode);

const ZSTD_MAGIC: &[u8] = &[0x28, 0xb5, 0x2f, 0xfd];
const GZIP_MAGIC: &[u8] = &[0x1f, 0x8b];
const BZIP2_MAGIC: &[u8] = b"BZh";

/// Runs `chessnote pgn ARGS` with no stdin.
fn pgn(args: &[&str]) -> Run {
    pgn_in(args, b"")
}

/// Runs `chessnote pgn ARGS` with `stdin`.
fn pgn_in(args: &[&str], stdin: &[u8]) -> Run {
    let mut all = vec!["pgn"];
    all.extend_from_slice(args);
    chessnote(&all, stdin)
}

/// Runs `chessnote pgn` with `args` then `files`.
fn pgn_files(args: &[&str], files: &[&str]) -> Run {
    let mut all: Vec<&str> = args.to_vec();
    all.extend_from_slice(files);
    pgn(&all)
}

/// The byte offsets where the games of `data` start, by the library.
fn game_offsets(data: &[u8]) -> Vec<usize> {
    Reader::from_slice(data)
        .games()
        .map(|g| g.offset as usize)
        .collect()
}

/// The `[Name "Value"]` lines of a game's text, in order (plain values:
/// no escapes in the files these are used on).
fn tag_lines(game: &str) -> Vec<(String, String)> {
    game.lines()
        .map(str::trim)
        .take_while(|l| l.is_empty() || l.starts_with('['))
        .filter(|l| l.starts_with('['))
        .map(|l| {
            let name = l[1..].split(' ').next().unwrap().to_owned();
            let value = &l[l.find('"').unwrap() + 1..l.rfind('"').unwrap()];
            (name, value.to_owned())
        })
        .collect()
}

/// The games of a file's text, split where the library says they start.
fn game_texts(text: &str) -> Vec<&str> {
    let offsets = game_offsets(text.as_bytes());
    offsets
        .iter()
        .enumerate()
        .map(|(i, &at)| &text[at..offsets.get(i + 1).copied().unwrap_or(text.len())])
        .collect()
}

/// A move of a movetext with its byte position in the game's text and the
/// comments that follow it.
#[derive(Debug)]
struct Token<'a> {
    at: usize,
    san: &'a str,
    comments: Vec<&'a str>,
}

/// The mainline moves of a game's text (no variations in the files this is
/// used on): move numbers, results and NAG glyphs skipped, `{}` comments
/// kept with the move before them.
fn mainline(game: &str) -> Vec<Token<'_>> {
    let body = {
        let mut at = 0;
        for line in game.split_inclusive('\n') {
            if line.trim_start().starts_with('[') || line.trim().is_empty() {
                at += line.len();
            } else {
                break;
            }
        }
        at
    };
    let bytes = game.as_bytes();
    let mut tokens: Vec<Token<'_>> = Vec::new();
    let mut i = body;
    while i < bytes.len() {
        match bytes[i] {
            b'{' => {
                let end = i + game[i..].find('}').expect("a closed comment");
                if let Some(last) = tokens.last_mut() {
                    last.comments.push(&game[i + 1..end]);
                }
                i = end + 1;
            }
            c if c.is_ascii_whitespace() => i += 1,
            _ => {
                let end = game[i..]
                    .find(|c: char| c.is_ascii_whitespace() || c == '{')
                    .map_or(game.len(), |n| i + n);
                let mut word = &game[i..end];
                let mut at = i;
                // `12.` or `12...`, possibly glued to the move.
                let digits = word.bytes().take_while(u8::is_ascii_digit).count();
                let dots = word[digits..].bytes().take_while(|&b| b == b'.').count();
                if digits > 0 && dots > 0 {
                    word = &word[digits + dots..];
                    at += digits + dots;
                }
                let word = word.trim_end_matches(['!', '?']);
                let result = matches!(word, "1-0" | "0-1" | "1/2-1/2" | "*");
                if !word.is_empty() && !result && !word.starts_with('$') {
                    tokens.push(Token {
                        at,
                        san: word,
                        comments: Vec::new(),
                    });
                }
                i = end;
            }
        }
    }
    tokens
}

/// The 1-based line and column of byte `at` of `text`.
fn line_column(text: &str, at: usize) -> (usize, usize) {
    let before = &text[..at];
    let line = before.matches('\n').count() + 1;
    let column = at - before.rfind('\n').map_or(0, |n| n + 1) + 1;
    (line, column)
}

/// The value of a `[%NAME value]` command in a comment.
fn command<'a>(comment: &'a str, name: &str) -> Option<&'a str> {
    let start = comment.find(&format!("[%{name} "))? + name.len() + 3;
    let end = start + comment[start..].find(']')?;
    Some(comment[start..end].trim())
}

/// `h:mm:ss[.f]` in centiseconds.
fn centiseconds(clock: &str) -> u64 {
    let parts: Vec<&str> = clock.split(':').collect();
    assert_eq!(parts.len(), 3, "{clock}");
    let (seconds, fraction) = parts[2].split_once('.').unwrap_or((parts[2], ""));
    let hundredths: u64 = format!("{fraction:0<2}")[..2].parse().unwrap();
    (parts[0].parse::<u64>().unwrap() * 3600
        + parts[1].parse::<u64>().unwrap() * 60
        + seconds.parse::<u64>().unwrap())
        * 100
        + hundredths
}

/// `[%eval]` text as JSON: `{"cp":N}` (pawns to centipawns) or
/// `{"mate":N}`.
fn eval_json(eval: &str) -> Value {
    let eval = eval.split(',').next().unwrap();
    if let Some(mate) = eval.strip_prefix('#') {
        serde_json::json!({ "mate": mate.parse::<i64>().unwrap() })
    } else {
        let pawns: f64 = eval.parse().unwrap();
        serde_json::json!({ "cp": (pawns * 100.0).round() as i64 })
    }
}

/// The end of the JSON string that starts at `text[start]` (a `"`): the
/// index of its closing quote.
fn string_end(text: &str, start: usize) -> usize {
    let bytes = text.as_bytes();
    let mut i = start + 1;
    while bytes[i] != b'"' {
        i += if bytes[i] == b'\\' { 2 } else { 1 };
    }
    i
}

/// The `"headers"` object of a `convert --to json` line as name-value
/// pairs in the order written (a parsed `Value` sorts its keys and keeps
/// one of a repeated name).
fn header_pairs(line: &str) -> Vec<(String, String)> {
    let key = "\"headers\":{";
    let mut i = line.find(key).expect("a headers object") + key.len();
    let mut pairs = Vec::new();
    let bytes = line.as_bytes();
    while bytes[i] != b'}' {
        if bytes[i] == b',' {
            i += 1;
        }
        let name_end = string_end(line, i);
        let name: String = serde_json::from_str(&line[i..=name_end]).unwrap();
        assert_eq!(bytes[name_end + 1], b':');
        let value_end = string_end(line, name_end + 2);
        let value: String = serde_json::from_str(&line[name_end + 2..=value_end]).unwrap();
        pairs.push((name, value));
        i = value_end + 1;
    }
    pairs
}

/// What follows `key` in a line of JSON (the first `key`: the keys before
/// it hold no such text in `convert --to json`).
fn json_after<'a>(line: &'a str, key: &str) -> &'a str {
    &line[line.find(key).unwrap_or_else(|| panic!("{key} in {line}")) + key.len()..]
}

/// The leniency names that make the CLI read as `python_chess()` does.
fn python_chess_allow() -> String {
    let mut names: Vec<&str> = Leniency::ALL.iter().map(|l| l.name()).collect();
    names.extend(FenLeniency::ALL.iter().map(|l| l.name()));
    names.push(PgnLeniency::UnicodeResult.name());
    names.push(PgnLeniency::UciMoves.name());
    names.join(",")
}

/// How the library test reads to compare with python-chess
/// (`crates/chessnote/tests/pgn/support.rs`): the SAN and FEN leniencies
/// python-chess has, results written `½-½`, UCI moves.
fn python_chess() -> ReadOptions {
    let mut options = ReadOptions::DEFAULT
        .with_leniency(PgnLeniency::UnicodeResult)
        .with_leniency(PgnLeniency::UciMoves);
    options.san = SanOptions::LENIENT;
    options.fen = chessnote::fen::FenOptions::LENIENT;
    options
}

// ---------------------------------------------------------------------------
// 1. A bad game in the middle
// ---------------------------------------------------------------------------

/// Three real games, the middle one's ply `PLY` replaced by a king move
/// that cannot be legal so early; the text, the text unchanged, and where
/// the bad move is.
struct BadMiddle {
    text: String,
    good: String,
    at: usize,
    bad: &'static str,
    white: String,
    black: String,
}

const PLY: usize = 9;

fn bad_middle() -> Option<BadMiddle> {
    let data = pgn_data("medium/twic0920.pgn")?;
    let text = String::from_utf8(data).expect("UTF-8");
    let offsets = game_offsets(text.as_bytes());
    let good = text[offsets[0]..offsets[3]].to_owned();
    let second = offsets[1] - offsets[0];
    let games = game_texts(&good);
    assert_eq!(games.len(), 3);
    let moves = mainline(games[1]);
    assert!(moves.len() > PLY + 2, "the middle game is long enough");
    assert!(!games[1].contains("[FEN "), "from the start position");
    let token = &moves[PLY - 1];
    // Ply 9 is White's fifth move: the king cannot be on h8 yet.
    let bad = "Kxh8";
    let at = second + token.at;
    let text = format!("{}{bad}{}", &good[..at], &good[at + token.san.len()..]);
    let tags: BTreeMap<String, String> = tag_lines(games[1]).into_iter().collect();
    Some(BadMiddle {
        text,
        good,
        at,
        bad,
        white: tags["White"].clone(),
        black: tags["Black"].clone(),
    })
}

#[test]
fn check_reports_the_bad_move_of_the_middle_game_where_it_is() {
    let Some(case) = bad_middle() else { return };
    let file = TempFile::new("pgn-bad-middle.pgn", &case.text);
    let (line, column) = line_column(&case.text, case.at);
    for threads in ["1", "2"] {
        let run = pgn(&["check", "--threads", threads, "--no-progress", file.arg()]);
        assert_eq!(run.code, 1, "{}{}", run.stdout, run.stderr);
        let lines = run.lines();
        assert_eq!(lines.len(), 1, "exactly one problem:\n{}", run.stdout);
        let prefix = format!(
            "{}:{line}:{column}: game 2 ({} - {}), ply {PLY}: ",
            file.arg(),
            case.white,
            case.black
        );
        assert!(
            lines[0].starts_with(&prefix),
            "{}\nexpected {prefix}",
            lines[0]
        );
        assert!(lines[0].contains(case.bad), "{}", lines[0]);
        assert_eq!(
            run.stderr,
            "chessnote pgn check: 3 games, 1 with problems, 1 problem\n"
        );

        let json = pgn(&["check", "--json", "--threads", threads, file.arg()]);
        assert_eq!(json.code, 1);
        let values = json.json();
        assert_eq!(values.len(), 1, "{}", json.stdout);
        let v = &values[0];
        assert_eq!(v["file"], file.arg());
        assert_eq!(v["line"], line);
        assert_eq!(v["column"], column);
        assert_eq!(v["offset"], case.at);
        assert_eq!(v["game"], 2);
        assert_eq!(v["white"], case.white.as_str());
        assert_eq!(v["black"], case.black.as_str());
        assert_eq!(v["ply"], PLY);
        assert!(v["kind"].as_str().is_some_and(|k| !k.is_empty()));
        assert!(lines[0].ends_with(v["message"].as_str().unwrap()));
    }
    // The same games unchanged: no problem at all.
    let good = TempFile::new("pgn-good-three.pgn", &case.good);
    let run = pgn(&["check", good.arg()]);
    assert_eq!((run.stdout.as_str(), run.code), ("", 0), "{}", run.stderr);
    assert_eq!(
        run.stderr,
        "chessnote pgn check: 3 games, 0 with problems, 0 problems\n"
    );
}

#[test]
fn convert_prints_the_moves_before_the_bad_one_and_reports_it() {
    let Some(case) = bad_middle() else { return };
    let file = TempFile::new("pgn-bad-middle-convert.pgn", &case.text);
    let good = TempFile::new("pgn-good-three-convert.pgn", &case.good);
    let expected = pgn(&["convert", "--to", "uci", good.arg()]);
    assert_eq!(expected.code, 0, "{}", expected.stderr);
    let want = expected.lines();
    assert_eq!(want.len(), 3);
    let check = pgn(&["check", file.arg()]);
    for threads in ["1", "2"] {
        let run = pgn(&["convert", "--to", "uci", "--threads", threads, file.arg()]);
        assert_eq!(run.code, 1, "{}", run.stderr);
        let lines = run.lines();
        assert_eq!(lines.len(), 3, "{}", run.stdout);
        assert_eq!(lines[0], want[0]);
        assert_eq!(lines[2], want[2]);
        let before: Vec<&str> = want[1].split(' ').take(PLY - 1).collect();
        assert_eq!(lines[1], before.join(" "));
        // The problem as `check` prints it, then the summary.
        assert_eq!(
            run.stderr,
            format!(
                "{}chessnote pgn convert: 3 games, 1 with problems, 1 problem\n",
                check.stdout
            )
        );
        let quiet = pgn(&[
            "convert",
            "--to",
            "uci",
            "--quiet",
            "--threads",
            threads,
            file.arg(),
        ]);
        assert_eq!(
            (quiet.stdout.as_str(), quiet.stderr.as_str(), quiet.code),
            (run.stdout.as_str(), "", 1)
        );
    }
    let quiet = pgn(&["check", "--quiet", file.arg()]);
    assert_eq!(
        (quiet.stdout.as_str(), quiet.stderr.as_str(), quiet.code),
        (check.stdout.as_str(), "", 1)
    );
    // The count is the same, problems or not.
    let count = pgn(&["count", file.arg()]);
    assert_eq!((count.stdout.as_str(), count.code), ("3\n", 0));
}

// ---------------------------------------------------------------------------
// 3. The same bytes on every number of threads
// ---------------------------------------------------------------------------

/// Real files and edge cases, written (decompressed) into `dir`: variations,
/// comments, CRLF, Latin-1, a BOM, bad games, tag-only games.
fn mixed_files(dir: &TempDir) -> Option<Vec<String>> {
    const FILES: &[&str] = &[
        "medium/lichess_db_1000k.pgn",
        "medium/twic1599_1000k.pgn",
        "medium/pgnmentor-Carlsen-crlf.pgn",
        "tcec/TCEC_Season_21_-_Infrafinal.pgn.zst",
        "small/python-chess/immortal-games-latin1-crlf.pgn",
        "small/python-chess/variations-nags-and-comments.pgn",
        "small/python-chess/utf8-bom.pgn",
        "small/scalachess-fixtures/commentsAndVariations.pgn",
        "small/scid/res_gameLatin1.pgn",
        "small/scalachess/FWWRC.pgn",
        "small/pgn-extract/infiles/nested-comment.pgn",
        "small/chessops/pathological-headers.pgn",
        "small/long-games.pgn",
    ];
    let mut paths = Vec::new();
    for (i, rel) in FILES.iter().enumerate() {
        let data = pgn_data(rel)?;
        let name = Path::new(rel).file_name().unwrap().to_str().unwrap();
        paths.push(dir.file(&format!("{i:02}-{}", name.trim_end_matches(".zst")), &data));
    }
    Some(paths)
}

#[test]
fn every_subcommand_writes_the_same_bytes_on_any_number_of_threads() {
    let dir = TempDir::new("pgn-threads");
    let Some(files) = mixed_files(&dir) else {
        return;
    };
    let files: Vec<&str> = files.iter().map(String::as_str).collect();
    let commands: &[&[&str]] = &[
        &["check"],
        &["check", "--json"],
        &["convert", "--to", "uci"],
        &["convert", "--to", "san"],
        &["convert", "--to", "lan"],
        &["convert", "--to", "eran"],
        &["convert", "--to", "eran-short"],
        &["convert", "--to", "json"],
        &["convert", "--to", "pgn"],
        &[
            "convert",
            "--to",
            "pgn",
            "--columns",
            "0",
            "--no-comments",
            "--moves",
            "uci",
            "--tags",
            "roster",
            "--crlf",
        ],
        &[
            "convert",
            "--to",
            "pgn",
            "--style",
            "python-chess",
            "--no-variations",
            "--no-nags",
            "--no-clocks",
            "--moves",
            "eran-short",
        ],
        &["convert", "--to", "uci", "--lenient"],
        &["count"],
        &["count", "--json"],
    ];
    let mut problems_seen = false;
    for command in commands {
        let mut one: Vec<&str> = command.to_vec();
        one.extend(["--threads", "1", "--no-progress"]);
        let reference = pgn_files(&one, &files);
        assert!(
            reference.code <= 1 && !reference.stdout.is_empty(),
            "{command:?}: {}",
            reference.stderr
        );
        problems_seen |= reference.code == 1;
        for (threads, chunk) in [("8", "2000"), ("3", "1"), ("2", "100000")] {
            let mut many: Vec<&str> = command.to_vec();
            many.extend(["--threads", threads, "--chunk-size", chunk, "--no-progress"]);
            let run = pgn_files(&many, &files);
            assert!(
                run.stdout == reference.stdout,
                "{command:?} --threads {threads} --chunk-size {chunk}: stdout differs"
            );
            assert!(
                run.stderr == reference.stderr,
                "{command:?} --threads {threads} --chunk-size {chunk}: stderr differs:\n{}\n---\n{}",
                run.stderr,
                reference.stderr
            );
            assert_eq!(run.code, reference.code, "{command:?}");
        }
    }
    assert!(problems_seen, "the files have bad games");
}

// ---------------------------------------------------------------------------
// 4. split
// ---------------------------------------------------------------------------

/// The parts a `split` printed: (path, games).
fn parts(run: &Run) -> Vec<(String, u64)> {
    run.lines()
        .iter()
        .map(|l| {
            let (path, games) = l.split_once('\t').expect("PATH<TAB>GAMES");
            (path.to_owned(), games.parse().expect("a number of games"))
        })
        .collect()
}

/// Splits `input` (named `name`) in `dir` with `how` and checks the parts:
/// named `STEM-00001.pgn` + `ext` in order, starting with `magic`, their
/// decompressed bytes (`decode`) put together are `plain`, and their games
/// add up to `count`.
fn split_and_join(
    how: &[&str],
    input: &str,
    stem: &str,
    ext: &str,
    magic: &[u8],
    plain: &[u8],
    decode: Decode,
) -> Vec<(String, u64)> {
    let out = TempDir::new(&format!("pgn-split-{stem}{ext}-{}", how.join("")));
    let mut args = vec!["split", "--out", out.arg(), "--chunk-size", "2000"];
    args.extend_from_slice(how);
    args.push(input);
    let run = pgn(&args);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let parts = parts(&run);
    assert!(parts.len() > 1, "{how:?}: {}", run.stdout);
    let mut joined = Vec::new();
    for (i, (path, games)) in parts.iter().enumerate() {
        let want = out.0.join(format!("{stem}-{:05}.pgn{ext}", i + 1));
        assert_eq!(Path::new(path), want, "{how:?}");
        let bytes = std::fs::read(path).expect("a part");
        assert!(
            bytes.starts_with(magic),
            "{path}: not compressed as the input"
        );
        let part = decode(&bytes);
        // Each part is whole games: counted alone, as many as printed.
        let counted = pgn_in(&["count"], &part);
        assert_eq!(counted.stdout, format!("{games}\n"), "{path}");
        joined.extend_from_slice(&part);
    }
    assert!(
        joined == plain,
        "{how:?}: the parts put together are not the input"
    );
    let files: Vec<_> = std::fs::read_dir(&out.0).unwrap().collect();
    assert_eq!(
        files.len(),
        parts.len(),
        "only the parts printed are written"
    );
    parts
}

#[test]
fn split_parts_put_together_are_the_input() {
    let Some(data) = pgn_data("medium/twic1599_1000k.pgn") else {
        return;
    };
    let dir = TempDir::new("pgn-split-in");
    let input = dir.file("twic1599.pgn", &data);
    let count: u64 = pgn(&["count", &input]).stdout.trim().parse().unwrap();
    assert_eq!(count as usize, game_offsets(&data).len());
    let plain = |d: &[u8]| d.to_vec();
    let by_games = split_and_join(
        &["--games", "100"],
        &input,
        "twic1599",
        "",
        b"[",
        &data,
        plain,
    );
    assert_eq!(by_games.iter().map(|p| p.1).sum::<u64>(), count);
    let full = by_games.len() - 1;
    assert!(by_games[..full].iter().all(|p| p.1 == 100), "{by_games:?}");
    assert_eq!(by_games.len() as u64, count.div_ceil(100));
    let by_parts = split_and_join(
        &["--parts", "7"],
        &input,
        "twic1599",
        "",
        b"[",
        &data,
        plain,
    );
    assert_eq!(by_parts.len(), 7);
    assert_eq!(by_parts.iter().map(|p| p.1).sum::<u64>(), count);
    let (least, most) = (
        by_parts.iter().map(|p| p.1).min().unwrap(),
        by_parts.iter().map(|p| p.1).max().unwrap(),
    );
    assert!(
        most - least <= 1,
        "as many games each as can be: {by_parts:?}"
    );

    // From stdin: `stdin-00001.pgn`, …; `--parts` needs a file.
    let out = TempDir::new("pgn-split-stdin");
    let run = pgn_in(&["split", "--games", "500", "--out", out.arg()], &data);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let parts = parts(&run);
    assert_eq!(parts.len() as u64, count.div_ceil(500));
    let mut joined = Vec::new();
    for (i, (path, _)) in parts.iter().enumerate() {
        assert_eq!(
            Path::new(path),
            out.0.join(format!("stdin-{:05}.pgn", i + 1))
        );
        joined.extend(std::fs::read(path).unwrap());
    }
    assert!(joined == data);
    let run = pgn_in(&["split", "--parts", "3", "--out", out.arg()], &data);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("--parts"), "{}", run.stderr);
    let run = pgn_in(&["split", "--parts", "3", "--out", out.arg(), "-"], &data);
    assert_eq!(run.code, 2, "{}", run.stderr);
}

// ---------------------------------------------------------------------------
// 5. convert --to json
// ---------------------------------------------------------------------------

#[test]
fn json_has_every_key_with_its_type_on_the_lichess_sample() {
    let Some(path) = pgn_path("medium/lichess_db_1000k.pgn") else {
        return;
    };
    let text = String::from_utf8(std::fs::read(&path).unwrap()).unwrap();
    let games = game_texts(&text);
    let run = pgn(&[
        "convert",
        "--to",
        "json",
        "--threads",
        "2",
        path.to_str().unwrap(),
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let values = run.json();
    assert_eq!(values.len(), games.len());
    let offsets = game_offsets(text.as_bytes());
    for (i, ((value, line), game)) in values.iter().zip(run.lines()).zip(&games).enumerate() {
        let keys: Vec<&str> = value
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        let mut want = [
            "index",
            "offset",
            "line",
            "headers",
            "fen",
            "chess960",
            "uci",
            "san",
            "result",
            "clocks",
            "evals",
            "plies",
            "errors",
            "warnings",
            "final_fen",
            "opening",
        ];
        want.sort_unstable();
        assert_eq!(keys, want, "game {i}");
        assert_eq!(value["index"], i);
        assert_eq!(value["offset"], offsets[i]);
        assert_eq!(value["line"], line_column(&text, offsets[i]).0);
        assert_eq!(
            header_pairs(line),
            tag_lines(game),
            "game {i}: headers in input order"
        );
        let fen = value["fen"].as_str().unwrap();
        assert_eq!(
            fen,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        );
        assert_eq!(value["chess960"], false);
        let moves = mainline(game);
        let uci = value["uci"].as_array().unwrap();
        let san = value["san"].as_array().unwrap();
        assert_eq!(uci.len(), moves.len(), "game {i}");
        assert_eq!(san.len(), moves.len());
        assert_eq!(value["plies"], moves.len());
        for (j, m) in moves.iter().enumerate() {
            let u = uci[j].as_str().unwrap();
            assert!((4..=5).contains(&u.len()), "{u}");
            // Lichess writes SAN as chessnote does, but for `!`/`?`.
            assert_eq!(san[j].as_str().unwrap(), m.san, "game {i} ply {}", j + 1);
        }
        let result = value["result"].as_str().unwrap();
        assert!(["1-0", "0-1", "1/2-1/2", "*"].contains(&result));
        assert!(game.trim_end().ends_with(result), "game {i}");
        let clocks = value["clocks"].as_array().unwrap();
        assert_eq!(clocks.len(), uci.len());
        for (j, (clock, m)) in clocks.iter().zip(&moves).enumerate() {
            match m.comments.iter().find_map(|c| command(c, "clk")) {
                Some(clk) => assert_eq!(clock.as_u64(), Some(centiseconds(clk)), "{i}/{j}"),
                None => assert!(clock.is_null()),
            }
        }
        let evals = value["evals"].as_array().unwrap();
        assert_eq!(evals.len(), uci.len());
        assert!(evals.iter().all(|e| e.is_null() || e.is_object()));
        assert_eq!(value["errors"], serde_json::json!([]));
    }
    // The first game's clocks, all of them.
    let first: Vec<Value> = mainline(games[0])
        .iter()
        .map(|m| centiseconds(command(m.comments[0], "clk").unwrap()).into())
        .collect();
    assert!(!first.is_empty());
    assert_eq!(values[0]["clocks"], Value::Array(first));
}

#[test]
fn json_evals_are_the_eval_commands() {
    let Some(path) = pgn_path("small/notnil-chess/0004.pgn") else {
        return;
    };
    let text = String::from_utf8(std::fs::read(&path).unwrap()).unwrap();
    let run = pgn(&["convert", "--to", "json", path.to_str().unwrap()]);
    let values = run.json();
    let games = game_texts(&text);
    assert_eq!(values.len(), games.len());
    let mut evals_seen = 0;
    for (value, game) in values.iter().zip(&games) {
        let moves = mainline(game);
        let want: Vec<Value> = moves
            .iter()
            .map(|m| {
                m.comments
                    .iter()
                    .find_map(|c| command(c, "eval"))
                    .map_or(Value::Null, eval_json)
            })
            .collect();
        evals_seen += want.iter().filter(|e| !e.is_null()).count();
        assert_eq!(value["evals"], Value::Array(want));
    }
    assert!(evals_seen > 10, "{evals_seen}");
}

#[test]
fn json_errors_say_what_check_says() {
    let Some(path) = pgn_path("small/python-chess/immortal-games-latin1-crlf.pgn") else {
        return;
    };
    let path = path.to_str().unwrap();
    let json = pgn(&["convert", "--to", "json", path]);
    let check = pgn(&["check", "--json", path]);
    assert_eq!((json.code, check.code), (1, 1));
    let mut from_games = Vec::new();
    for game in json.json() {
        for e in game["errors"].as_array().unwrap() {
            let keys: Vec<&str> = e.as_object().unwrap().keys().map(String::as_str).collect();
            assert_eq!(
                keys,
                [
                    "column", "kind", "line", "message", "offset", "ply", "severity"
                ]
            );
            from_games.push((e["line"].clone(), e["column"].clone(), e["kind"].clone()));
        }
    }
    let from_check: Vec<_> = check
        .json()
        .iter()
        .map(|e| (e["line"].clone(), e["column"].clone(), e["kind"].clone()))
        .collect();
    // `check` reads variations too: it reports at least the mainline's.
    assert!(!from_games.is_empty());
    assert!(
        from_games.iter().all(|e| from_check.contains(e)),
        "{from_games:?}"
    );
}

// ---------------------------------------------------------------------------
// 6. convert --to pgn reads back
// ---------------------------------------------------------------------------

#[test]
fn pgn_output_reads_back_to_the_same_moves() {
    for rel in [
        "medium/lichess_db_1000k.pgn",
        "medium/pgnmentor-Carlsen-crlf.pgn",
        "medium/twic1599_1000k.pgn",
    ] {
        let Some(path) = pgn_path(rel) else { return };
        let path = path.to_str().unwrap();
        // The Carlsen file writes `+` after a few moves that give no check.
        let allow = ["--allow", "wrong-suffix"];
        let mut args = vec!["convert", "--to", "uci", "--threads", "2"];
        args.extend(allow);
        args.push(path);
        let uci = pgn(&args);
        assert_eq!(uci.code, 0, "{rel}: {}", uci.stderr);
        for flags in [
            &[][..],
            &["--style", "python-chess"],
            &["--columns", "0", "--no-comments", "--no-variations"],
            &["--crlf", "--columns", "40"],
        ] {
            let mut args = vec!["convert", "--to", "pgn", "--threads", "2"];
            args.extend(allow);
            args.extend_from_slice(flags);
            args.push(path);
            let written = pgn(&args);
            assert_eq!(written.code, 0, "{rel} {flags:?}: {}", written.stderr);
            // The writer replays: SAN comes from the position, so the
            // output reads back strictly (no leniency needed).
            let args = vec!["convert", "--to", "uci", "--threads", "2"];
            let again = pgn_in(&args, written.stdout.as_bytes());
            assert!(
                again.stdout == uci.stdout,
                "{rel} {flags:?}: other moves read back"
            );
            assert_eq!(again.code, 0, "{rel} {flags:?}");
            let games = uci.lines().len();
            let blank = if flags.contains(&"--crlf") {
                "\r\n\r\n["
            } else {
                "\n\n["
            };
            assert_eq!(
                written.stdout.matches(blank).count() + 1,
                games,
                "{rel} {flags:?}"
            );
            assert!(written.stdout.ends_with(if flags.contains(&"--crlf") {
                "\r\n\r\n"
            } else {
                "\n\n"
            }));
        }
    }
    let Some(path) = pgn_path("medium/lichess_db_1000k.pgn") else {
        return;
    };
    let path = path.to_str().unwrap();
    let plain = pgn(&["convert", "--to", "pgn", path]).stdout;
    assert!(
        plain.contains('{') && !plain.contains('\r'),
        "comments by default, LF"
    );
    let crlf = pgn(&["convert", "--to", "pgn", "--crlf", path]).stdout;
    assert!(crlf.contains("\r\n"));
    assert_eq!(
        crlf.matches('\n').count(),
        crlf.matches("\r\n").count(),
        "only CRLF"
    );
    assert_eq!(crlf.matches('\r').count(), crlf.matches("\r\n").count());
    assert_eq!(crlf.replace("\r\n", "\n"), plain);
    let bare = pgn(&["convert", "--to", "pgn", "--no-comments", path]).stdout;
    assert!(!bare.contains('{') && !bare.contains('}'));
    let no_clocks = pgn(&["convert", "--to", "pgn", "--no-clocks", path]).stdout;
    assert!(plain.contains("[%clk ") && !no_clocks.contains("[%clk "));
    let roster = pgn(&["convert", "--to", "pgn", "--tags", "roster", path]).stdout;
    assert!(
        plain.contains("[UTCDate ") && !roster.contains("[UTCDate ") && roster.contains("[White ")
    );
    let none = pgn(&["convert", "--to", "pgn", "--tags", "none", path]).stdout;
    assert!(!none.contains("[White "));
    let wide = pgn(&[
        "convert",
        "--to",
        "pgn",
        "--columns",
        "0",
        "--no-comments",
        path,
    ])
    .stdout;
    let narrow = pgn(&[
        "convert",
        "--to",
        "pgn",
        "--columns",
        "40",
        "--no-comments",
        path,
    ])
    .stdout;
    assert!(narrow.lines().all(|l| l.len() <= 40 || l.starts_with('[')));
    assert!(wide.lines().any(|l| l.len() > 40 && !l.starts_with('[')));
    // The source files read again as written (CRLF files too).
    let crlf_source = pgn_path("medium/pgnmentor-Carlsen-crlf.pgn").unwrap();
    let from_crlf = pgn(&["convert", "--to", "pgn", crlf_source.to_str().unwrap()]).stdout;
    assert!(!from_crlf.contains('\r'));
}

// ---------------------------------------------------------------------------
// 8. Usage errors
// ---------------------------------------------------------------------------

#[test]
fn usage_errors_exit_2() {
    let game = "[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 2. Nf3 *\n";
    let a = TempFile::new("pgn-usage-a.pgn", game);
    let b = TempFile::new("pgn-usage-b.pgn", game.replace("Nf3", "Nc3"));
    let run = pgn(&["convert", "--to", "xml", a.arg()]);
    assert_eq!((run.code, run.stdout.as_str()), (2, ""));
    let run = pgn(&["convert", a.arg()]);
    assert_eq!(run.code, 2, "--to is required");
    let out = TempDir::new("pgn-usage-split");
    let run = pgn(&["split", "--out", out.arg(), a.arg()]);
    assert_eq!(run.code, 2, "split needs --games or --parts");
    let run = pgn(&[
        "split",
        "--games",
        "1",
        "--parts",
        "2",
        "--out",
        out.arg(),
        a.arg(),
    ]);
    assert_eq!(run.code, 2, "not both");
    let run = pgn(&["split", "--games", "0", "--out", out.arg(), a.arg()]);
    assert_eq!(run.code, 2, "at least one game a part");
    let run = pgn(&["check", "--allow", "no-such-leniency", a.arg()]);
    assert_eq!((run.code, run.stdout.as_str()), (2, ""));
    assert!(run.stderr.contains("no-such-leniency"), "{}", run.stderr);
    // Each name the library knows is accepted.
    let run = pgn(&["check", "--allow", &python_chess_allow(), a.arg()]);
    assert_eq!(run.code, 0, "{}", run.stderr);

    // A missing file: said, the others still read, exit 2.
    let missing = "/nonexistent/chessnote-pgn-input.pgn";
    let run = pgn(&["convert", "--to", "uci", a.arg(), missing, b.arg()]);
    assert_eq!(run.code, 2);
    assert_eq!(run.stdout, "e2e4 e7e5 g1f3\ne2e4 e7e5 b1c3\n");
    assert!(run.stderr.contains(missing), "{}", run.stderr);
    for threads in ["1", "2"] {
        let run = pgn(&["count", "--threads", threads, a.arg(), missing, b.arg()]);
        let each = format!("1\t{}\n0\t{missing}\n1\t{}\n2\ttotal\n", a.arg(), b.arg());
        assert_eq!((run.stdout.as_str(), run.code), (each.as_str(), 2));
        let run = pgn(&["check", "--threads", threads, missing, a.arg(), b.arg()]);
        assert_eq!((run.stdout.as_str(), run.code), ("", 2));
        assert!(run.stderr.contains(missing), "{}", run.stderr);
        assert!(
            run.stderr.contains("2 games, 0 with problems"),
            "{}",
            run.stderr
        );
    }
    let run = pgn(&[
        "split",
        "--games",
        "1",
        "--out",
        out.arg(),
        missing,
        a.arg(),
    ]);
    assert_eq!(run.code, 2);
    assert_eq!(parts(&run).len(), 1, "{}", run.stdout);
}

// ---------------------------------------------------------------------------
// 7. Agreement with python-chess
// ---------------------------------------------------------------------------

/// What a game is compared on: its tags in order, its mainline in UCI, its
/// termination marker.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Read3 {
    tags: Vec<(String, String)>,
    uci: Vec<String>,
    result: Option<String>,
}

/// The aspects in which two readings of a file differ, as the library
/// test names them.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Diff {
    Games,
    Tags,
    Moves,
    Result,
}

/// python-chess's tag pairs, with the standard's `\"` and `\\` (which it
/// leaves as written) decoded.
fn py_pairs(value: &Value) -> Vec<(String, String)> {
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

/// How a reading of a file differs from python-chess's (`py`: the vector
/// lines of the file).
fn differences(py: &[Value], ours: &[Read3]) -> Vec<Diff> {
    let mut diffs = Vec::new();
    if py.len() != ours.len() {
        return vec![Diff::Games];
    }
    for (p, g) in py.iter().zip(ours) {
        if p["kind"] == "exception" {
            continue;
        }
        let tags_equal = match p.get("raw_headers") {
            Some(raw) => py_pairs(raw) == g.tags,
            None => py_pairs(&p["headers"]) == chessnote_testdata::python_headers(&g.tags),
        };
        let uci = g.uci.join(" ");
        let moves_equal = match p["detail"].as_str() {
            Some("full") => p["uci"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m.as_str().unwrap())
                .eq(g.uci.iter().map(String::as_str)),
            Some("uci") => p["uci"].as_str().unwrap() == uci,
            _ => p["uci_sha1"].as_str().unwrap() == chessnote_testdata::sha1_hex(uci.as_bytes()),
        };
        for (equal, diff) in [
            (tags_equal, Diff::Tags),
            (moves_equal, Diff::Moves),
            (p["result"].as_str() == g.result.as_deref(), Diff::Result),
        ] {
            if !equal && !diffs.contains(&diff) {
                diffs.push(diff);
            }
        }
    }
    diffs.sort();
    diffs
}

/// python-chess's games of every file (`game` and `exception` lines of
/// `crates/chessnote/tests/data/pgn-vectors.jsonl.zst`), by file.
fn python_chess_vectors(select: fn(&str) -> bool) -> BTreeMap<String, Vec<Value>> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../chessnote/tests/data/pgn-vectors.jsonl.zst"
    );
    let text = chessnote_testdata::decode(&std::fs::read(path).expect("the committed vectors"));
    let mut files: BTreeMap<String, Vec<Value>> = BTreeMap::new();
    // `str::lines` and `strip_prefix` (std's, optimised) rather than a
    // byte loop: the file is 183 MB.
    let text = String::from_utf8(text).expect("UTF-8 vectors");
    for line in text.lines() {
        // Only the games of the files selected are parsed (`kind` and
        // `file` are the first keys).
        let Some(rest) = line
            .strip_prefix("{\"kind\":\"game\",\"file\":\"")
            .or_else(|| line.strip_prefix("{\"kind\":\"exception\",\"file\":\""))
        else {
            continue;
        };
        if !select(&rest[..rest.find('"').unwrap()]) {
            continue;
        }
        let value: Value = serde_json::from_str(line).expect("a JSON line");
        if matches!(value["kind"].as_str(), Some("game" | "exception")) {
            let file = value["file"].as_str().unwrap().to_owned();
            files.entry(file).or_default().push(value);
        }
    }
    files
}

/// Every `.pgn` and `.pgn.zst` under `data/pgn`, relative to it, sorted.
fn all_pgn_files(root: &Path) -> Vec<String> {
    let mut paths = Vec::new();
    let mut dirs = vec![root.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("read data/pgn") {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.to_str().unwrap().ends_with(".pgn")
                || path.to_str().unwrap().ends_with(".pgn.zst")
            {
                paths.push(
                    path.strip_prefix(root)
                        .unwrap()
                        .to_str()
                        .unwrap()
                        .to_owned(),
                );
            }
        }
    }
    paths.sort();
    paths
}

/// The CLI against the library and python-chess on the files `select`
/// picks: the CLI's `convert --to uci` lines and `convert --to json`
/// (`uci`, `headers`, `result`, `index`) equal, file by file, what
/// `chessnote::pgn::Reader` reads with the same options; and each differs
/// from python-chess's reading exactly as the library's own reading does.
/// The library test (`crates/chessnote/tests/pgn/python_chess.rs`) pins
/// those differences to its `EXPECTED` table; here, every file outside
/// `small/` must have none. Returns the files compared and those that
/// differ from python-chess.
fn agree_with_python_chess(
    select: fn(&str) -> bool,
) -> Option<(usize, BTreeMap<String, Vec<Diff>>)> {
    let root = pgn_path("")?;
    let vectors = python_chess_vectors(select);
    let names: Vec<String> = all_pgn_files(&root)
        .into_iter()
        .filter(|n| select(n))
        .collect();
    for name in vectors.keys().filter(|n| select(n)) {
        assert!(
            names.contains(name),
            "{name}: in the vectors, not in the data"
        );
    }
    let dir = TempDir::new(&format!("pgn-python-chess-{}", names.len()));
    let options = python_chess();
    let mut paths = Vec::new();
    let mut ours: Vec<Vec<Read3>> = Vec::new();
    for (i, name) in names.iter().enumerate() {
        assert!(
            vectors.contains_key(name),
            "{name}: in the data, not in the vectors"
        );
        let source = root.join(name);
        let data = if name.ends_with(".zst") {
            let data = chessnote_testdata::decode(&std::fs::read(&source).unwrap());
            paths.push(dir.file(&format!("{i:03}.pgn"), &data));
            data
        } else {
            paths.push(source.to_str().unwrap().to_owned());
            std::fs::read(&source).unwrap()
        };
        let games: Vec<Read3> = Reader::from_slice_with(&data, options)
            .games_with(Game::builder_with(options))
            .map(|g: Game| Read3 {
                tags: g.tags.to_vec(),
                uci: g.uci().map(|m| m.to_string()).collect(),
                result: g.result.map(|r| r.as_str().to_owned()),
            })
            .collect();
        ours.push(games);
    }
    let paths: Vec<&str> = paths.iter().map(String::as_str).collect();
    let allow = python_chess_allow();
    let common = [
        "--allow",
        allow.as_str(),
        "--threads",
        "2",
        "--no-progress",
        "--quiet",
    ];
    let mut args = vec!["convert", "--to", "uci"];
    args.extend(common);
    let uci = pgn_files(&args, &paths);
    assert!(uci.code <= 1, "{}", uci.stderr);
    let mut args = vec!["convert", "--to", "json"];
    args.extend(common);
    let json = pgn_files(&args, &paths);
    assert!(json.code <= 1, "{}", json.stderr);
    let total: usize = ours.iter().map(Vec::len).sum();
    let uci_lines = uci.lines();
    let json_lines = json.lines();
    assert_eq!(uci_lines.len(), total);
    assert_eq!(json_lines.len(), total);

    let mut differ = BTreeMap::new();
    let mut at = 0;
    for (name, lib) in names.iter().zip(&ours) {
        let n = lib.len();
        let cli_uci: Vec<Read3> = uci_lines[at..at + n]
            .iter()
            .zip(lib)
            .map(|(line, g)| Read3 {
                uci: line
                    .split(' ')
                    .filter(|m| !m.is_empty())
                    .map(str::to_owned)
                    .collect(),
                ..g.clone()
            })
            .collect();
        let cli_json: Vec<Read3> = json_lines[at..at + n]
            .iter()
            .enumerate()
            .map(|(i, line)| {
                // Read without a `Value` (the books give 130 MB of JSON).
                assert!(
                    line.starts_with(&format!("{{\"index\":{i},")),
                    "{name}: {line}"
                );
                let uci = json_after(line, "\"uci\":[");
                let uci = &uci[..uci.find(']').unwrap()];
                let result = json_after(line, "\"result\":");
                let result = (!result.starts_with("null")).then(|| {
                    let end = string_end(result, 0);
                    serde_json::from_str::<String>(&result[..=end]).unwrap()
                });
                Read3 {
                    tags: header_pairs(line),
                    uci: uci
                        .split(',')
                        .filter(|m| !m.is_empty())
                        .map(|m| m.trim_matches('"').to_owned())
                        .collect(),
                    result,
                }
            })
            .collect();
        at += n;
        for (i, g) in lib.iter().enumerate() {
            assert_eq!(cli_uci[i].uci, g.uci, "{name} game {i}: convert --to uci");
            assert_eq!(cli_json[i], *g, "{name} game {i}: convert --to json");
        }
        let py = &vectors[name];
        let by_library = differences(py, lib);
        assert_eq!(differences(py, &cli_uci), by_library, "{name}: --to uci");
        assert_eq!(differences(py, &cli_json), by_library, "{name}: --to json");
        if !by_library.is_empty() {
            assert!(
                name.starts_with("small/"),
                "{name}: a real-game file differs from python-chess: {by_library:?}"
            );
            differ.insert(name.clone(), by_library);
        }
    }
    Some((names.len(), differ))
}

#[test]
fn convert_agrees_with_python_chess_on_every_file_but_the_large_one() {
    let Some((files, differ)) = agree_with_python_chess(|name| !name.starts_with("large/")) else {
        return;
    };
    // Most small files are read alike; those that are not are the library
    // test's (a file differing here in another way failed above).
    assert!(files > 200, "{files}");
    assert!(differ.len() < files / 2, "{differ:?}");
}

/// The large corpus (145,716 games): `.ci/run` runs it in release, with
/// `--ignored`.
#[test]
#[ignore = "85 MB of PGN: run in release with --ignored"]
fn convert_agrees_with_python_chess_on_the_large_corpus() {
    let Some((files, differ)) = agree_with_python_chess(|name| name.starts_with("large/")) else {
        return;
    };
    assert_eq!(files, 1);
    assert!(differ.is_empty(), "{differ:?}");
}

// ---------------------------------------------------------------------------
// 2. Compressed inputs
// ---------------------------------------------------------------------------

/// zstd, gzip and bzip2, told by content; stdin too.
mod compressed {
    use super::*;

    /// Runs a Python 3 program (the standard library's `zipfile` and
    /// `lzma`: archives and `.xz` files written by other hands than ours).
    fn python(program: &str, args: &[&str]) {
        let status = std::process::Command::new("python3")
            .arg("-c")
            .arg(program)
            .args(args)
            .status()
            .expect("python3 runs");
        assert!(status.success(), "python3 failed");
    }

    /// Issue 31: a .zst of several frames is decoded on many threads with
    /// the same output; `plan --parts N` cuts it into byte ranges at
    /// frames, and the games of each range (`--range`), read one by one or
    /// by `xargs -P` as docs/export.md shows, are the file's, once each, in
    /// order. The file: shared games cut at arbitrary bytes into
    /// frames compressed by ruzstd, half of them after a pzstd size header,
    /// half found by walking their blocks.
    #[test]
    fn frames_decode_in_parallel_and_plan_ranges_read_one_by_one_give_the_whole_file() {
        let (Some(lichess), Some(twic)) = (
            pgn_data("medium/lichess_db_1000k.pgn"),
            pgn_data("medium/twic1599_1000k.pgn"),
        ) else {
            return;
        };
        let text = [lichess.as_slice(), b"\n", twic.as_slice()].concat();
        let mut file = Vec::new();
        let cuts = [
            0,
            150_001,
            400_000,
            777_777,
            1_000_003,
            1_400_000,
            1_650_000,
            text.len(),
        ];
        for (i, pair) in cuts.windows(2).enumerate() {
            let frame = zstd(&text[pair[0]..pair[1]]);
            if i % 2 == 0 {
                // pzstd's header: a skippable frame holding the frame's size.
                file.extend_from_slice(&[0x50, 0x2A, 0x4D, 0x18, 4, 0, 0, 0]);
                file.extend_from_slice(&(frame.len() as u32).to_le_bytes());
            }
            file.extend_from_slice(&frame);
        }
        let dir = TempDir::new("pgn-plan");
        let zst = dir.file("games.pgn.zst", &file);
        let whole = pgn(&["convert", "--to", "uci", &zst]);
        assert_eq!(whole.code, 0, "{}", whole.stderr);
        let total: u64 = pgn(&["count", &zst]).stdout.trim().parse().unwrap();
        // Its frames decoded on as many threads as the workers: the same
        // output as the decompressed text's, for any number of threads.
        let plain = dir.file("games.pgn", &text);
        let expected = pgn(&["convert", "--to", "uci", "--threads", "1", &plain]);
        for threads in ["1", "2", "3", "8"] {
            let run = pgn(&["convert", "--to", "uci", "--threads", threads, &zst]);
            assert!(run.stdout == expected.stdout, "--threads {threads}");
        }
        // One frame is decoded on one thread, and the progress bar says so.
        let one = dir.file("one.pgn.zst", &zstd(&text));
        let note = "(one zstd frame: decoded on one thread)";
        for (file, said) in [(&one, true), (&zst, false)] {
            let run = pgn(&[
                "convert",
                "--to",
                "uci",
                "--threads",
                "8",
                "--progress",
                file,
            ]);
            assert!(run.stdout == expected.stdout);
            assert_eq!(run.stderr.contains(note), said, "{file}: {}", run.stderr);
        }
        // Cut short, on many threads too: the games before the cut, then
        // the error (issue 30's rule).
        let cut = dir.file("cut.pgn.zst", &file[..file.len() - 5000]);
        for threads in ["1", "8"] {
            let run = pgn(&["convert", "--to", "uci", "--threads", threads, &cut]);
            assert_eq!(run.code, 2, "--threads {threads}: {}", run.stderr);
            assert!(
                run.stdout.len() > expected.stdout.len() / 2,
                "--threads {threads}"
            );
            assert!(expected.stdout.starts_with(&run.stdout));
        }
        for parts in ["1", "2", "3", "7", "50"] {
            let plan = pgn(&["plan", "--parts", parts, &zst]);
            assert_eq!(plan.code, 0, "{}", plan.stderr);
            let ranges = plan.lines();
            assert_eq!(ranges.len(), parts.parse::<usize>().unwrap().min(7));
            let (mut uci, mut counted) = (String::new(), 0u64);
            for range in &ranges {
                let run = pgn(&["convert", "--to", "uci", "--range", range, &zst]);
                assert_eq!(run.code, 0, "{range}: {}", run.stderr);
                uci.push_str(&run.stdout);
                let count = pgn(&["count", "--range", range, &zst]);
                counted += count.stdout.trim().parse::<u64>().unwrap();
            }
            assert!(uci == whole.stdout, "--parts {parts}");
            assert_eq!(counted, total, "--parts {parts}");
        }
        // docs/export.md's recipe: xargs runs a task per range.
        let recipe = std::process::Command::new("bash")
            .arg("-c")
            .arg(
                r#"set -e; cn="$0"; f="$1"; out="$2"
                "$cn" pgn plan --parts 4 "$f" | nl -nrz -w3 |
                  xargs -P 2 -L 1 sh -c "\"$cn\" pgn convert --to uci --range \"\$1\" \"$f\" > \"$out/part-\$0.uci\""
                cat "$out"/part-*.uci"#,
            )
            .args([env!("CARGO_BIN_EXE_chessnote"), &zst, dir.arg()])
            .output()
            .expect("bash runs");
        assert!(
            recipe.status.success(),
            "{}",
            String::from_utf8_lossy(&recipe.stderr)
        );
        assert!(recipe.stdout == whole.stdout.as_bytes());
        // A range that is not at frames, and a plain file, are refused.
        let run = pgn(&["count", "--range", "1:100", &zst]);
        assert_eq!(run.code, 2);
        assert!(
            run.stderr.contains("does not start and end at frames"),
            "{}",
            run.stderr
        );
        let run = pgn(&["plan", "--parts", "2", &plain]);
        assert_eq!(run.code, 2);
        assert!(run.stderr.contains("not a zstd file"), "{}", run.stderr);
    }

    /// A pipe given as a file (`<(zcat …)`, /dev/stdin) loses no byte to
    /// the look for a zip archive: only regular files are looked into
    /// before they are read (a review of issue 30's zip reading).
    #[test]
    fn a_pipe_given_as_a_file_is_read_whole() {
        let Some(path) = pgn_path("medium/twic1599_1000k.pgn") else {
            return;
        };
        let file = path.to_str().unwrap();
        let plain = pgn(&["convert", "--to", "uci", file]);
        assert_eq!(plain.code, 0, "{}", plain.stderr);
        let piped = std::process::Command::new("bash")
            .arg("-c")
            .arg(format!(
                "exec \"$0\" pgn convert --to uci <(cat '{file}') /dev/stdin < '{file}'"
            ))
            .arg(env!("CARGO_BIN_EXE_chessnote"))
            .output()
            .expect("bash runs");
        assert!(
            piped.status.success(),
            "{}",
            String::from_utf8_lossy(&piped.stderr)
        );
        assert!(piped.stdout == [plain.stdout.as_bytes(), plain.stdout.as_bytes()].concat());
    }

    /// Zip archives, as TWIC and pgnmentor publish them, and `.xz` files
    /// are read (issue 30: `pgn count twic.zip` printed 586 and
    /// `twic.pgn.xz` 429 for 2,245 games, exit 0): every `.pgn` entry in
    /// order, each named `ARCHIVE:ENTRY` in diagnostics, as if its files
    /// were given one by one; a zip on stdin is refused.
    #[test]
    fn zip_archives_and_xz_files_are_read() {
        let (Some(lichess), Some(kasparov)) = (
            pgn_data("medium/lichess_db_1000k.pgn"),
            pgn_data("small/python-chess/kasparov-deep-blue-1997.pgn"),
        ) else {
            return;
        };
        let dir = TempDir::new("pgn-zip");
        let plain = dir.file("lichess.pgn", &lichess);
        let bad = dir.file("bad.pgn", b"[Event \"x\"]\n\n1. e4 e5 2. Ke3 *\n");
        let stored = dir.file("kasparov.pgn", &kasparov);
        let zip = format!("{}/twic.zip", dir.arg());
        let xz = format!("{}/lichess.pgn.xz", dir.arg());
        python(
            "import lzma, sys, zipfile\n\
             zip, xz, plain, bad, stored = sys.argv[1:]\n\
             with zipfile.ZipFile(zip, 'w', zipfile.ZIP_DEFLATED) as z:\n\
             \x20   z.write(plain, 'lichess.pgn')\n\
             \x20   z.writestr('notes.txt', 'not a game')\n\
             \x20   z.mkdir('sub')\n\
             \x20   z.write(bad, 'sub/bad.PGN')\n\
             \x20   z.write(stored, 'kasparov.pgn', zipfile.ZIP_STORED)\n\
             data = open(plain, 'rb').read()\n\
             half = len(data) // 2\n\
             open(xz, 'wb').write(lzma.compress(data[:half]) + lzma.compress(data[half:]))\n",
            &[&zip, &xz, &plain, &bad, &stored],
        );
        // The archive reads as its entries given one by one.
        let one_by_one = pgn(&["convert", "--to", "uci", &plain, &bad, &stored]);
        assert_eq!(one_by_one.code, 1, "{}", one_by_one.stderr);
        for threads in ["1", "3"] {
            let run = pgn(&["convert", "--to", "uci", "--threads", threads, &zip]);
            assert_eq!(run.code, 1);
            assert!(run.stdout == one_by_one.stdout, "--threads {threads}");
            assert_eq!(
                run.stderr,
                one_by_one
                    .stderr
                    .replace(&bad, &format!("{zip}:sub/bad.PGN"))
            );
            assert!(run.stderr.contains(&format!("{zip}:sub/bad.PGN:3:")));
        }
        let count = pgn(&["count", &zip, &xz]);
        assert_eq!(count.code, 0, "{}", count.stderr);
        let total = pgn(&["count", &plain]).lines()[0].to_owned();
        assert_eq!(
            count.lines(),
            [
                format!("{total}\t{zip}:lichess.pgn"),
                format!("1\t{zip}:sub/bad.PGN"),
                format!("6\t{zip}:kasparov.pgn"),
                format!("{total}\t{xz}"),
                format!("{}\ttotal", 2 * total.parse::<u64>().unwrap() + 7),
            ]
        );
        // The xz file, of two streams, converts as the plain file does.
        let plain_uci = pgn(&["convert", "--to", "uci", &plain]);
        for threads in ["1", "3"] {
            let run = pgn(&["convert", "--to", "uci", "--threads", threads, &xz]);
            assert_eq!(run.code, 0, "{}", run.stderr);
            assert!(run.stdout == plain_uci.stdout, "--threads {threads}");
        }
        // Split names its parts after the entries.
        let out = format!("{}/parts", dir.arg());
        let split = pgn(&["split", "--games", "1000000", "--out", &out, &zip]);
        assert_eq!(split.code, 0, "{}", split.stderr);
        let mut names: Vec<_> = std::fs::read_dir(&out)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        names.sort();
        assert_eq!(
            names,
            ["bad-00001.pgn", "kasparov-00001.pgn", "lichess-00001.pgn"]
        );
        assert!(std::fs::read(format!("{out}/lichess-00001.pgn")).unwrap() == lichess);
        // On stdin, a zip cannot be read (its directory is at its end).
        let raw = std::fs::read(&zip).unwrap();
        let run = pgn_in(&["count"], &raw);
        assert_eq!(run.code, 2);
        assert_eq!(
            run.stderr,
            "chessnote pgn count: <stdin>: this looks like a zip archive, which chessnote reads \
             from its file, not from standard input or a pipe: give its path (or unzip -p it)\n"
        );
    }

    #[test]
    fn compressed_plain_and_stdin_give_the_same_bytes() {
        let Some(data) = pgn_data("medium/lichess_db_1000k.pgn") else {
            return;
        };
        let dir = TempDir::new("pgn-compressed");
        let plain = dir.file("lichess.pgn", &data);
        let zst = zstd(&data);
        let gz = gzip(&data);
        let bz = bzip2(&data);
        assert!(
            zst.starts_with(ZSTD_MAGIC)
                && gz.starts_with(GZIP_MAGIC)
                && bz.starts_with(BZIP2_MAGIC)
        );
        let files = [
            dir.file("lichess.pgn.zst", &zst),
            dir.file("lichess.pgn.gz", &gz),
            dir.file("lichess.pgn.bz2", &bz),
            // The content tells, not the name.
            dir.file("lichess-zst.txt", &zst),
            dir.file("lichess-gz.pgn", &gz),
            dir.file("lichess-bz2.pgn.zst", &bz),
        ];
        for command in [
            &["convert", "--to", "uci"][..],
            &["convert", "--to", "json"],
            &["count"],
            &["check", "--json"],
        ] {
            let mut args = command.to_vec();
            args.extend(["--threads", "2"]);
            let reference = pgn_files(&args, &[&plain]);
            assert_eq!(reference.code, 0, "{command:?}: {}", reference.stderr);
            assert!(!reference.stdout.is_empty() || command[0] == "check");
            for file in &files {
                let run = pgn_files(&args, &[file]);
                assert!(
                    run.stdout == reference.stdout,
                    "{command:?} {file}: stdout differs"
                );
                // The same summary (check's), and nothing else.
                assert_eq!(
                    (run.code, run.stderr.as_str()),
                    (0, reference.stderr.as_str()),
                    "{command:?} {file}"
                );
            }
            for (what, stdin) in [
                ("plain", &data),
                ("zstd", &zst),
                ("gzip", &gz),
                ("bzip2", &bz),
            ] {
                let run = pgn_in(&args, stdin);
                assert!(
                    run.stdout == reference.stdout,
                    "{command:?} stdin {what}: stdout differs"
                );
                assert_eq!(run.code, 0, "{command:?} stdin {what}: {}", run.stderr);
            }
        }
        // A problem in a compressed file is at the same place as in plain.
        let Some(case) = bad_middle() else { return };
        let plain = dir.file("bad.pgn", case.text.as_bytes());
        let packed = dir.file("bad.pgn.gz", &gzip(case.text.as_bytes()));
        let reference = pgn(&["check", &plain]);
        let run = pgn(&["check", &packed]);
        assert_eq!(run.code, 1);
        assert_eq!(run.stdout.replace(&packed, &plain), reference.stdout);
    }

    #[test]
    fn the_threads_agree_on_a_compressed_input() {
        let Some(data) = pgn_data("tcec/TCEC_Season_21_-_Infrafinal.pgn.zst") else {
            return;
        };
        let Some(zst) = pgn_path("tcec/TCEC_Season_21_-_Infrafinal.pgn.zst") else {
            return;
        };
        let dir = TempDir::new("pgn-compressed-threads");
        let plain = dir.file("infrafinal.pgn", &data);
        let zst = zst.to_str().unwrap();
        let reference = pgn(&["convert", "--to", "san", "--threads", "1", &plain]);
        assert_eq!(reference.code, 0, "{}", reference.stderr);
        for threads in ["1", "4"] {
            let run = pgn(&[
                "convert",
                "--to",
                "san",
                "--threads",
                threads,
                "--chunk-size",
                "5000",
                zst,
            ]);
            assert!(run.stdout == reference.stdout, "--threads {threads}");
            assert_eq!(run.code, 0, "{}", run.stderr);
        }
    }

    #[test]
    fn split_writes_parts_compressed_as_the_input() {
        let Some(data) = pgn_data("medium/twic1599_1000k.pgn") else {
            return;
        };
        let dir = TempDir::new("pgn-split-compressed");
        let count = game_offsets(&data).len() as u64;
        let cases: [Packed; 3] = [
            (
                "twic.pgn.zst",
                zstd(&data),
                ".zst",
                ZSTD_MAGIC,
                chessnote_testdata::decode,
            ),
            ("twic.pgn.gz", gzip(&data), ".gz", GZIP_MAGIC, gunzip),
            ("twic.pgn.bz2", bzip2(&data), ".bz2", BZIP2_MAGIC, bunzip2),
        ];
        for (name, packed, ext, magic, decode) in cases {
            let input = dir.file(name, &packed);
            for how in [&["--games", "300"][..], &["--parts", "3"]] {
                let parts = split_and_join(how, &input, "twic", ext, magic, &data, decode);
                assert_eq!(
                    parts.iter().map(|p| p.1).sum::<u64>(),
                    count,
                    "{name} {how:?}"
                );
            }
        }
        // The shared `.zst` files too: the stem drops `.pgn.zst`.
        let Some(tcec) = pgn_path("tcec/TCEC_Season_21_-_Infrafinal.pgn.zst") else {
            return;
        };
        let tcec_data = pgn_data("tcec/TCEC_Season_21_-_Infrafinal.pgn.zst").unwrap();
        split_and_join(
            &["--games", "7"],
            tcec.to_str().unwrap(),
            "TCEC_Season_21_-_Infrafinal",
            ".zst",
            ZSTD_MAGIC,
            &tcec_data,
            chessnote_testdata::decode,
        );
    }

    /// A zip archive holding `name` with `data`, stored (not compressed),
    /// as `zip -0` writes it.
    fn stored_zip(name: &str, data: &[u8]) -> Vec<u8> {
        let mut crc = flate2::Crc::new();
        crc.update(data);
        let size = (data.len() as u32).to_le_bytes();
        // Version 2.0, no flags, stored, no date: then the CRC and sizes.
        let mut common = vec![20, 0, 0, 0, 0, 0, 0, 0, 0, 0];
        common.extend_from_slice(&crc.sum().to_le_bytes());
        common.extend_from_slice(&size);
        common.extend_from_slice(&size);
        common.extend_from_slice(&(name.len() as u16).to_le_bytes());
        common.extend_from_slice(&[0, 0]); // no extra field
        let mut out = b"PK\x03\x04".to_vec();
        out.extend_from_slice(&common);
        out.extend_from_slice(name.as_bytes());
        out.extend_from_slice(data);
        let directory = out.len() as u32;
        out.extend_from_slice(b"PK\x01\x02\x14\x03");
        out.extend_from_slice(&common);
        // No comment, disk 0, no attributes, the entry at offset 0.
        out.extend_from_slice(&[0; 14]);
        out.extend_from_slice(name.as_bytes());
        let directory_size = out.len() as u32 - directory;
        out.extend_from_slice(b"PK\x05\x06\0\0\0\0\x01\0\x01\0");
        out.extend_from_slice(&directory_size.to_le_bytes());
        out.extend_from_slice(&directory.to_le_bytes());
        out.extend_from_slice(&[0, 0]);
        out
    }

    /// Archives without games, corrupt xz data and binary data are refused,
    /// not read as text (issue 30: `pgn count twic.zip` printed 586): exit
    /// 2, the usual `FILE: MESSAGE` line, no games written.
    #[test]
    fn archives_and_binary_files_are_refused() {
        let text = b"[Event \"x\"]\n[Result \"*\"]\n\n1. e4 e5 *\n";
        let dir = TempDir::new("pgn-binary");
        // An xz header (the stream's magic and flags, a wrong checksum),
        // then text.
        let xz = [&b"\xFD7zXZ\x00\x00\x04\xE6\xD6\xB4\x46"[..], text].concat();
        let mut binary = text.to_vec();
        binary[5] = 0;
        let files = [
            (
                dir.file("twic.zip", &stored_zip("games.txt", text)),
                "a zip archive with no .pgn entry (it holds games.txt)",
            ),
            (
                dir.file("twic.pgn.xz", &xz),
                "corrupt xz data: the file ends inside a stream",
            ),
            (
                dir.file("twic.pgn", &binary),
                "binary data (a NUL byte at offset 5), not text",
            ),
            (
                dir.file("twic.pgn.gz", &gzip(&binary)),
                "gzip-compressed binary data (a NUL byte at offset 5 once decompressed), not text",
            ),
        ];
        for (file, message) in &files {
            for (args, shell, stdout) in [
                (&["pgn", "count", file][..], "chessnote pgn count", "0\n"),
                (
                    &["pgn", "convert", "--to", "uci", file],
                    "chessnote pgn convert",
                    "",
                ),
                (&["fen", "parse", file], "chessnote fen parse", ""),
            ] {
                let run = chessnote(args, b"");
                assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
                assert_eq!(
                    run.stderr,
                    format!("{shell}: {file}: {message}\n"),
                    "{args:?}"
                );
                // `count` writes its total, of no game.
                assert_eq!(run.stdout, stdout, "{args:?}");
            }
        }
        // A missing file: the same line, with the system's words.
        let missing = format!("{}/missing.pgn", dir.arg());
        let run = pgn(&["count", &missing]);
        assert_eq!(run.code, 2);
        assert!(
            run.stderr
                .starts_with(&format!("chessnote pgn count: {missing}: ")),
            "{}",
            run.stderr
        );
    }

    #[test]
    fn a_corrupt_compressed_file_is_unreadable_and_the_others_are_read() {
        let Some(data) = pgn_data("small/python-chess/kasparov-deep-blue-1997.pgn") else {
            return;
        };
        let dir = TempDir::new("pgn-corrupt");
        let good = dir.file("good.pgn", &data);
        let mut packed = gzip(&data);
        let middle = packed.len() / 2;
        packed.truncate(middle);
        let bad = dir.file("bad.pgn.gz", &packed);
        let alone = pgn(&["convert", "--to", "uci", &good]);
        assert_eq!(alone.code, 0);
        // On one thread, and through the read-ahead and cutting threads.
        for threads in ["1", "3"] {
            let run = pgn(&[
                "convert",
                "--to",
                "uci",
                "--threads",
                threads,
                &good,
                &bad,
                &good,
            ]);
            assert_eq!(run.code, 2, "{}", run.stderr);
            assert!(run.stderr.contains(&bad), "{}", run.stderr);
            assert!(run.stderr.contains("corrupt gzip data"), "{}", run.stderr);
            assert!(run.stdout.starts_with(&alone.stdout) && run.stdout.ends_with(&alone.stdout));
            // The games read before the damage are written, in order.
            let cut = pgn(&["convert", "--to", "uci", "--threads", threads, &bad]);
            assert_eq!(cut.code, 2, "{}", cut.stderr);
            let lines = cut.lines();
            assert!(
                !lines.is_empty(),
                "threads {threads}: nothing before the damage"
            );
            assert!(
                alone.lines().starts_with(&lines),
                "threads {threads}: {lines:?}"
            );
        }
    }
}

// ---------------------------------------------------------------------------
// --where
// ---------------------------------------------------------------------------

/// `--where`, against counts computed in the test.
mod where_filter {
    use super::*;

    /// A tag `--where` names that no game has is said on stderr, with the
    /// tag of that name in another case (`whiteelo`: `WhiteElo`); a text
    /// value without quotes is refused with how to quote it (issue 30).
    #[test]
    fn a_tag_no_game_has_is_said_and_text_needs_quotes() {
        let games = "[WhiteElo \"2100\"]\n\n1. e4 *\n\n[WhiteElo \"1900\"]\n\n1. d4 *\n";
        let dir = TempDir::new("pgn-unseen-tags");
        let parts = format!("{}/parts", dir.arg());
        for command in [
            &["count"][..],
            &["convert", "--to", "uci"],
            &["export", "--to", "csv"],
            &["split", "--games", "10", "--out", &parts],
        ] {
            let mut args = command.to_vec();
            args.extend([
                "--where",
                "whiteelo > 2000 or Foo = \"x\" or WhiteElo > 2000",
                "-",
            ]);
            let run = pgn_in(&args, games.as_bytes());
            assert_eq!(run.code, 0, "{command:?}: {}", run.stderr);
            assert!(
                run.stderr.contains(
                    "--where: no game has a tag `whiteelo` (tag names are case-sensitive: did you mean `WhiteElo`?)"
                ),
                "{command:?}: {}",
                run.stderr
            );
            assert!(
                run.stderr.contains("no game has a tag `Foo`\n"),
                "{}",
                run.stderr
            );
            assert!(!run.stderr.contains("`WhiteElo`\n"), "{}", run.stderr);
            assert!(
                run.stderr
                    .starts_with(&format!("chessnote pgn {}: ", command[0]))
            );
        }
        let run = pgn_in(
            &["count", "--where", "WhiteElo > 2000", "-"],
            games.as_bytes(),
        );
        assert_eq!((run.stdout.as_str(), run.stderr.as_str()), ("1\n", ""));
        // The games a filter refuses are not replayed; a negation keeps the
        // others whole (their tags are still read).
        for filter in ["not WhiteElo > 2000", "not WhiteElo < 2000"] {
            for command in [
                &["convert", "--to", "json"][..],
                &["export", "--to", "ndjson"],
                &["convert", "--to", "uci"],
            ] {
                let mut args = command.to_vec();
                args.extend(["--where", filter, "-"]);
                let run = pgn_in(&args, games.as_bytes());
                assert_eq!(run.lines().len(), 1, "{command:?} {filter}: {}", run.stdout);
                let want = if filter.contains('>') { "d" } else { "e" };
                assert!(
                    run.stdout.contains(&format!("{want}2{want}4")),
                    "{command:?} {filter}: {}",
                    run.stdout
                );
            }
        }
        let run = pgn_in(&["count", "--where", "Result = 1-0", "-"], games.as_bytes());
        assert_eq!(run.code, 2);
        assert!(
            run.stderr.contains("text is quoted: `Result = \"1-0\"`"),
            "{}",
            run.stderr
        );
    }

    /// `opening`, `opening.eco` and `opening.ply` select, in every
    /// subcommand and on any number of threads, the games whose
    /// `convert --to json` opening says so.
    #[test]
    fn opening_selects_as_the_json_opening_says() {
        let Some(path) = pgn_path("medium/lichess_db_1000k.pgn") else {
            return;
        };
        let path = path.to_str().unwrap().to_owned();
        let json = pgn(&["convert", "--to", "json", &path]);
        let openings: Vec<Value> = json
            .lines()
            .iter()
            .map(|l| serde_json::from_str::<Value>(l).unwrap()["opening"].clone())
            .collect();
        assert!(openings.len() > 400);
        type Test = fn(&Value) -> bool;
        let cases: [(&str, Test); 5] = [
            (r#"opening ~ "Sicilian""#, |o| {
                o["name"].as_str().is_some_and(|n| n.contains("Sicilian"))
            }),
            (r#"opening.eco >= "C00" and opening.eco < "C20""#, |o| {
                o["eco"]
                    .as_str()
                    .is_some_and(|e| ("C00".."C20").contains(&e))
            }),
            ("opening.ply >= 8", |o| {
                o["ply"].as_u64().is_some_and(|p| p >= 8)
            }),
            ("not opening", Value::is_null),
            (r#"opening.name = "Scandinavian Defense""#, |o| {
                o["name"] == "Scandinavian Defense"
            }),
        ];
        for (filter, test) in cases {
            let want = openings.iter().filter(|o| test(o)).count();
            assert!(
                want > 0 || filter == "not opening",
                "{filter}: no game to find"
            );
            for threads in ["1", "3"] {
                let count = pgn(&["count", "--threads", threads, "--where", filter, &path]);
                assert_eq!(
                    count.stdout.trim(),
                    want.to_string(),
                    "count --where {filter}"
                );
                let rows = pgn(&[
                    "export",
                    "--to",
                    "ndjson",
                    "--columns",
                    "White",
                    "--threads",
                    threads,
                    "--where",
                    filter,
                    &path,
                ]);
                assert_eq!(rows.lines().len(), want, "export --where {filter}");
                let uci = pgn(&[
                    "convert",
                    "--to",
                    "uci",
                    "--threads",
                    threads,
                    "--where",
                    filter,
                    &path,
                ]);
                assert_eq!(uci.lines().len(), want, "convert --where {filter}");
            }
        }
    }

    /// The tags of every game of a shared file, read in the test.
    fn games_tags(rel: &str) -> Option<(String, Vec<BTreeMap<String, String>>)> {
        let path = pgn_path(rel)?;
        let text = String::from_utf8(std::fs::read(&path).unwrap()).unwrap();
        let tags = game_texts(&text)
            .iter()
            .map(|g| tag_lines(g).into_iter().collect())
            .collect();
        Some((path.to_str().unwrap().to_owned(), tags))
    }

    fn int(tags: &BTreeMap<String, String>, name: &str) -> Option<i64> {
        tags.get(name)?.parse().ok()
    }

    fn count(path: &str, expr: &str) -> u64 {
        let run = pgn(&["count", "--where", expr, path]);
        assert_eq!(run.code, 0, "{expr}: {}", run.stderr);
        run.stdout.trim().parse().expect("a number")
    }

    #[test]
    fn count_keeps_the_games_the_expression_holds_for() {
        let Some((path, games)) = games_tags("medium/lichess_db_1000k.pgn") else {
            return;
        };
        let n = |f: &dyn Fn(&BTreeMap<String, String>) -> bool| {
            games.iter().filter(|t| f(t)).count() as u64
        };
        let elo = n(&|t| int(t, "WhiteElo").is_some_and(|e| e >= 2000));
        assert!(elo > 0 && elo < games.len() as u64);
        assert_eq!(count(&path, "WhiteElo >= 2000"), elo);
        let base = |t: &BTreeMap<String, String>| -> Option<i64> {
            t.get("TimeControl")?.split('+').next()?.parse().ok()
        };
        assert_eq!(
            count(&path, "TimeControl.base >= 600"),
            n(&|t| base(t).is_some_and(|b| b >= 600))
        );
        let tournament = n(&|t| t["Event"].contains("tournament"));
        assert!(tournament > 0);
        assert_eq!(count(&path, "Event ~ \"tournament\""), tournament);
        assert_eq!(
            count(&path, "Result = \"1-0\""),
            n(&|t| t["Result"] == "1-0")
        );
        assert_eq!(
            count(
                &path,
                "WhiteElo >= 2000 and not (Result = \"1-0\" or BlackElo < 1500)"
            ),
            n(&|t| int(t, "WhiteElo").is_some_and(|e| e >= 2000)
                && !(t["Result"] == "1-0" || int(t, "BlackElo").is_some_and(|e| e < 1500)))
        );
        // `count --json`: the games kept and the games read.
        let run = pgn(&["count", "--json", "--where", "WhiteElo >= 2000", &path]);
        let value: Value = serde_json::from_str(run.stdout.trim()).unwrap();
        assert_eq!(
            value,
            serde_json::json!({"games": elo, "read": games.len()})
        );
    }

    #[test]
    fn dates_compare_as_dates() {
        let Some((path, games)) = games_tags("medium/twic1599_1000k.pgn") else {
            return;
        };
        let after = games
            .iter()
            .filter(|t| t["Date"].as_str() >= "2025.06.27")
            .count() as u64;
        assert!(after > 0 && after < games.len() as u64);
        assert_eq!(count(&path, "Date >= 2025.06.27"), after);
    }

    #[test]
    fn plies_counts_the_mainline() {
        let Some(path) = pgn_path("medium/twic1599_1000k.pgn") else {
            return;
        };
        let path = path.to_str().unwrap();
        // The Carlsen file writes `+` after a few moves that give no check.
        let allow = ["--allow", "wrong-suffix"];
        let mut args = vec!["convert", "--to", "uci", "--threads", "2"];
        args.extend(allow);
        args.push(path);
        let uci = pgn(&args);
        let lines = uci.lines();
        let long: Vec<&str> = lines
            .iter()
            .copied()
            .filter(|l| l.split_whitespace().count() > 40)
            .collect();
        assert!(!long.is_empty() && long.len() < lines.len());
        assert_eq!(count(path, "plies > 40"), long.len() as u64);
        // convert keeps the same games, in order, on any number of threads.
        for threads in ["1", "3"] {
            let run = pgn(&[
                "convert",
                "--to",
                "uci",
                "--where",
                "plies > 40",
                "--threads",
                threads,
                "--chunk-size",
                "2000",
                path,
            ]);
            assert_eq!(run.lines(), long, "--threads {threads}");
        }
    }

    #[test]
    fn convert_and_split_keep_the_same_games() {
        let Some((path, games)) = games_tags("medium/lichess_db_1000k.pgn") else {
            return;
        };
        let expr = "WhiteElo >= 2000";
        let run = pgn(&[
            "convert",
            "--to",
            "json",
            "--where",
            expr,
            "--threads",
            "2",
            &path,
        ]);
        assert_eq!(run.code, 0);
        let kept: Vec<u64> = run
            .json()
            .iter()
            .map(|v| v["index"].as_u64().unwrap())
            .collect();
        let want: Vec<u64> = (0..games.len() as u64)
            .filter(|&i| int(&games[i as usize], "WhiteElo").is_some_and(|e| e >= 2000))
            .collect();
        assert_eq!(kept, want);
        let out = TempDir::new("pgn-where-split");
        let run = pgn(&[
            "split",
            "--games",
            "50",
            "--where",
            expr,
            "--out",
            out.arg(),
            &path,
        ]);
        assert_eq!(run.code, 0, "{}", run.stderr);
        let parts = parts(&run);
        assert_eq!(parts.iter().map(|p| p.1).sum::<u64>(), want.len() as u64);
        for (part, games) in &parts {
            let counted = pgn(&["count", "--where", expr, part]);
            assert_eq!(
                counted.stdout,
                format!("{games}\n"),
                "{part}: only kept games"
            );
        }
    }

    #[test]
    fn a_bad_expression_is_a_usage_error_with_a_caret() {
        let game = TempFile::new("pgn-where-bad.pgn", "1. e4 *\n");
        for (expr, at) in [
            ("WhiteElo >= 2000 @ 3", 17),
            ("WhiteElo >= 2000 and and", 21),
        ] {
            let run = pgn(&["count", "--where", expr, game.arg()]);
            assert_eq!((run.code, run.stdout.as_str()), (2, ""), "{expr}");
            let lines: Vec<&str> = run.stderr.lines().collect();
            let shown = lines
                .iter()
                .position(|l| l.trim() == expr)
                .unwrap_or_else(|| panic!("{expr}: the expression shown:\n{}", run.stderr));
            let caret = lines[shown + 1];
            assert_eq!(caret.trim(), "^", "{}", run.stderr);
            let indent = lines[shown].len() - lines[shown].trim_start().len();
            assert_eq!(
                caret.find('^').unwrap() - indent,
                at,
                "{expr}:\n{}",
                run.stderr
            );
            assert!(
                run.stderr.contains(&at.to_string()),
                "names the byte:\n{}",
                run.stderr
            );
        }
    }
}

/// Issue 29: a move written off the standard that names one legal move is
/// read by default, each deviation a warning at its line and column named
/// after its leniency, the exit status 0; `--strict` refuses it as before.
/// On the pgnmentor Carlsen file (29 games write `+` for a mate).
#[test]
fn moves_written_off_the_standard_are_read_and_named() {
    let Some(path) = pgn_path("medium/pgnmentor-Carlsen-crlf.pgn") else {
        return;
    };
    let data = std::fs::read(&path).unwrap();
    let path = path.to_str().unwrap();
    let default = pgn(&["convert", "--to", "uci", "--threads", "1", path]);
    let lenient = pgn(&["convert", "--to", "uci", "--lenient", path]);
    let strict = pgn(&["convert", "--to", "uci", "--strict", "--threads", "2", path]);
    assert_eq!((default.code, lenient.code, strict.code), (0, 0, 1));
    assert_eq!(default.stdout, lenient.stdout);
    assert_ne!(default.stdout, strict.stdout);
    let lines: Vec<&str> = data
        .split(|&b| b == b'\n')
        .map(|l| std::str::from_utf8(l).unwrap())
        .collect();
    let warnings: Vec<&str> = default
        .stderr
        .lines()
        .filter(|l| l.contains(": warning["))
        .collect();
    let errors: Vec<&str> = strict
        .stderr
        .lines()
        .filter(|l| l.contains("illegal move"))
        .collect();
    assert_eq!(warnings.len(), 29, "{}", default.stderr);
    assert_eq!(errors.len(), warnings.len(), "{}", strict.stderr);
    for (warning, error) in warnings.iter().zip(&errors) {
        // The same place: `FILE:LINE:COLUMN: game N (...), ply P:`.
        let place = |l: &str| {
            l.split(": warning[")
                .next()
                .unwrap()
                .split(": illegal")
                .next()
                .unwrap()
                .to_owned()
        };
        assert_eq!(place(warning), place(error));
        let rest = warning.strip_prefix(path).unwrap();
        let mut at = rest[1..].split(':');
        let line: usize = at.next().unwrap().parse().unwrap();
        let column: usize = at.next().unwrap().parse().unwrap();
        assert!(
            warning.contains("warning[wrong-suffix]: wrong check or checkmate suffix `"),
            "{warning}"
        );
        let token = warning.split('`').nth(1).unwrap();
        assert_eq!(
            &lines[line - 1][column - 1..column - 1 + token.len()],
            token,
            "{warning}"
        );
        // Read as the mate it is.
        let read_as = warning.rsplit("read as ").next().unwrap();
        assert_eq!(read_as, format!("{}#", token.trim_end_matches('+')));
    }
    assert!(
        default
            .stderr
            .ends_with("0 with problems, 0 problems, 29 warnings\n"),
        "{}",
        default.stderr
    );
}

/// Movetext in UCI (pgn-extract's `-Wuci` output) is read by default and
/// under `--lenient` alike: every token is the move it names, whichever
/// piece stands on its first square. `--lenient` also reads a pawn move
/// with its source (`e2e4` as SAN), which once took `c1b2` for a pawn and
/// stopped the game; UCI wins where both read a token.
#[test]
fn uci_movetext_is_read_whole_by_default_and_leniently() {
    let Some(path) = pgn_path("small/pgn-extract/notation-variants/test-WWuci-out.pgn") else {
        return;
    };
    let data = std::fs::read_to_string(&path).unwrap();
    let path = path.to_str().unwrap();
    // The file's own tokens: the movetext line, less its result.
    let movetext = data.lines().find(|l| l.starts_with("b2b3 ")).unwrap();
    let tokens: Vec<&str> = movetext.split(' ').filter(|t| !t.contains('-')).collect();
    assert!(tokens.len() > 70 && tokens.contains(&"c1b2"));
    for flags in [&[][..], &["--lenient"][..]] {
        let mut args = vec!["convert", "--to", "uci"];
        args.extend_from_slice(flags);
        args.push(path);
        let run = pgn(&args);
        assert_eq!(run.code, 0, "{flags:?}: {}", run.stderr);
        assert_eq!(
            run.stdout.split_whitespace().collect::<Vec<_>>(),
            tokens,
            "{flags:?}"
        );
        let warnings = run.stderr.matches(": warning[uci-moves]: ").count();
        assert_eq!(warnings, tokens.len(), "{flags:?}: {}", run.stderr);
    }
    let strict = pgn(&["convert", "--to", "uci", "--strict", path]);
    assert_eq!(strict.code, 1, "{}", strict.stderr);
}

/// `\'` in a tag value (366 games of the gnuchess book): an escape PGN
/// does not have, kept as written and a warning by default, so no command
/// fails on it; `--strict` makes it an error (issue 30).
#[test]
fn an_unknown_escape_in_a_tag_is_kept_and_a_warning() {
    let game = "[Site \"It \\'Lloyds Bank\\' London\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n";
    let run = pgn_in(&["check", "-"], game.as_bytes());
    assert_eq!(run.code, 0, "{}", run.stderr);
    let line = run.stdout.lines().next().unwrap_or_default();
    assert!(
        line.starts_with("<stdin>:1:1: game 1") && line.contains("warning[unknown-escape]"),
        "{}",
        run.stdout
    );
    let json = pgn_in(&["convert", "--to", "json", "-"], game.as_bytes());
    assert_eq!(json.code, 0, "{}", json.stderr);
    let value = &json.json()[0];
    assert_eq!(value["headers"]["Site"], "It \\'Lloyds Bank\\' London");
    assert_eq!(value["warnings"][0]["kind"], "unknown-escape");
    assert!(value["errors"].as_array().unwrap().is_empty());
    let strict = pgn_in(&["check", "--strict", "-"], game.as_bytes());
    assert_eq!(strict.code, 1);
    assert!(
        strict.stdout.contains("unknown escape"),
        "{}",
        strict.stdout
    );
    assert!(!strict.stdout.contains("warning["), "{}", strict.stdout);
}

/// `count` with several files: a count per file and the total, as `wc`
/// prints them; `--json` the same as objects (issue 30). One file: the
/// number alone, as before.
#[test]
fn count_counts_each_file_and_the_total() {
    let dir = TempDir::new("count-each");
    let a = dir.file("a.pgn", b"1. e4 *\n\n1. d4 *\n");
    let b = dir.file("b.pgn", b"1. c4 *\n");
    let run = pgn(&["count", &a, &b]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout, format!("2\t{a}\n1\t{b}\n3\ttotal\n"));
    assert_eq!(pgn(&["count", &a]).stdout, "2\n");
    let json = pgn(&["count", "--json", "--where", "plies > 0", &a, &b]);
    let value: Value = serde_json::from_str(json.stdout.trim()).unwrap();
    assert_eq!(value["games"], 3);
    assert_eq!(value["read"], 3);
    assert_eq!(value["files"][0]["file"], a.as_str());
    assert_eq!(value["files"][0]["games"], 2);
    assert_eq!(value["files"][1]["read"], 1);
    let one: Value = serde_json::from_str(pgn(&["count", "--json", &a]).stdout.trim()).unwrap();
    assert_eq!(one, serde_json::json!({"games": 2, "read": 2}));
}

/// Control bytes of the input (an ANSI escape, a bell) are escaped in the
/// diagnostics, as the token commands show them: a file cannot clear the
/// terminal or colour it (issue 30).
#[test]
fn diagnostics_escape_control_bytes() {
    let game = "[White \"a\u{1b}[31mred\"]\n\n1. e4 \u{1b}c\u{7} e5 *\n";
    let run = pgn_in(&["check", "-"], game.as_bytes());
    assert_eq!(run.code, 1, "{}", run.stdout);
    assert!(
        !run.stdout.contains('\u{1b}') && !run.stdout.contains('\u{7}'),
        "{:?}",
        run.stdout
    );
    assert!(run.stdout.contains("a\\u{1b}[31mred - ?"), "{}", run.stdout);
    assert!(run.stdout.contains("\\u{1b}c\\u{7}"), "{}", run.stdout);
    assert_eq!(run.stdout.lines().count(), run.stdout.matches('\n').count());
}

/// A file name that is not UTF-8 is read (and named with a replacement
/// character), not a usage error that stops the run (issue 30).
#[cfg(unix)]
#[test]
fn a_file_name_that_is_not_utf8_is_read() {
    use std::os::unix::ffi::OsStrExt;
    let dir = TempDir::new("non-utf8-name");
    let path = dir.0.join(std::ffi::OsStr::from_bytes(b"caf\xe9.pgn"));
    std::fs::write(&path, "1. e4 *\n\n1. d4 *\n").unwrap();
    let other = dir.file("other.pgn", b"1. c4 *\n");
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_chessnote"))
        .args(["pgn", "count"])
        .arg(&path)
        .arg(&other)
        .output()
        .unwrap();
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let stdout = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{stdout}");
    assert!(
        lines[0].starts_with("2\t") && lines[0].ends_with("caf\u{fffd}.pgn"),
        "{stdout}"
    );
    assert_eq!(lines[2], "3\ttotal");
}

/// `convert --to pgn --add-opening` writes each game's `convert --to json`
/// opening in its `ECO` and `Opening` tags: in games that have neither
/// (`missing`), or over them (`=replace`); a game with no opening keeps
/// its tags.
#[test]
fn add_opening_writes_the_json_opening_in_the_tags() {
    let Some(path) = pgn_path("medium/lichess_db_1000k.pgn") else {
        return;
    };
    let path = path.to_str().unwrap().to_owned();
    let openings: Vec<Value> = pgn(&["convert", "--to", "json", &path])
        .lines()
        .iter()
        .map(|l| serde_json::from_str::<Value>(l).unwrap()["opening"].clone())
        .collect();
    assert!(openings.iter().filter(|o| !o.is_null()).count() > 400);
    // The tags of each game of PGN text, as `convert --to json` reads them.
    let tags_of = |pgn_text: &str| -> Vec<(Option<String>, Option<String>)> {
        pgn_in(&["convert", "--to", "json", "-"], pgn_text.as_bytes())
            .json()
            .iter()
            .map(|g| {
                let tag = |name: &str| g["headers"][name].as_str().map(str::to_owned);
                (tag("ECO"), tag("Opening"))
            })
            .collect()
    };
    // Lichess's games have both tags: `missing` leaves the file as it is.
    let plain = pgn(&["convert", "--to", "pgn", &path]);
    let missing = pgn(&["convert", "--to", "pgn", "--add-opening", &path]);
    assert_eq!(missing.stdout, plain.stdout);
    let replaced = pgn(&[
        "convert",
        "--to",
        "pgn",
        "--add-opening=replace",
        "--threads",
        "3",
        &path,
    ]);
    let without = pgn_in(
        &["convert", "--to", "pgn", "--tags", "roster", "-"],
        plain.stdout.as_bytes(),
    );
    let added = pgn_in(
        &["convert", "--to", "pgn", "--add-opening", "-"],
        without.stdout.as_bytes(),
    );
    let originals = tags_of(&plain.stdout);
    for (text, kind) in [(&replaced.stdout, "replace"), (&added.stdout, "missing")] {
        let tags = tags_of(text);
        assert_eq!(tags.len(), openings.len(), "{kind}");
        for (i, (opening, got)) in openings.iter().zip(&tags).enumerate() {
            let want = match opening {
                Value::Null if kind == "replace" => originals[i].clone(),
                Value::Null => (None, None),
                o => (
                    o["eco"].as_str().map(str::to_owned),
                    o["name"].as_str().map(str::to_owned),
                ),
            };
            assert_eq!(*got, want, "{kind}: game {i}");
        }
    }
}

/// Position search (`reaches`, `material`, `status`) and duplicates
/// (`--unique`, `--duplicates`) in every subcommand, on one thread and
/// three: the counts python-chess gives (`scripts/gen_search_vectors.py`),
/// and the same games kept whatever reads them.
mod search {
    use std::collections::{BTreeMap, BTreeSet};

    use super::{TempDir, pgn, pgn_path};

    /// The python-chess counts of `rel`'s games, by query.
    fn vectors(rel: &str) -> BTreeMap<String, usize> {
        chessnote_testdata::vectors_text("search.tsv.zst")
            .lines()
            .filter_map(|line| {
                let mut fields = line.split('\t');
                let (file, query, count) = (fields.next()?, fields.next()?, fields.next()?);
                (file == rel).then(|| (query.to_owned(), count.parse().unwrap()))
            })
            .collect()
    }

    /// The game numbers an export keeps.
    fn indices(args: &[&str], path: &str) -> Vec<u64> {
        let mut all = vec!["export", "--to", "ndjson", "--columns", "game_index"];
        all.extend_from_slice(args);
        all.push(path);
        let run = pgn(&all);
        assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
        run.json()
            .iter()
            .map(|row| row["game_index"].as_u64().unwrap())
            .collect()
    }

    #[test]
    fn counts_agree_with_python_chess_in_every_subcommand() {
        for rel in ["medium/twic0920.pgn", "medium/lichess_db_1000k.pgn"] {
            let Some(path) = pgn_path(rel) else {
                return;
            };
            let path = path.to_str().unwrap().to_owned();
            let want = vectors(rel);
            assert!(want.len() > 20, "{rel}: no vectors");
            for (query, &count) in &want {
                let flag: Vec<&str> = if query.starts_with("--") {
                    vec![query.as_str()]
                } else {
                    vec!["--where", query.as_str()]
                };
                for threads in ["1", "3"] {
                    let mut args = vec!["count", "--threads", threads];
                    args.extend(&flag);
                    args.push(&path);
                    let run = pgn(&args);
                    assert_eq!(run.stdout.trim(), count.to_string(), "{rel}: count {query}");
                    let mut args = vec!["convert", "--to", "uci", "--threads", threads];
                    args.extend(&flag);
                    args.push(&path);
                    assert_eq!(pgn(&args).lines().len(), count, "{rel}: convert {query}");
                    let mut args = vec!["--threads", threads];
                    args.extend(&flag);
                    assert_eq!(indices(&args, &path).len(), count, "{rel}: export {query}");
                }
                let out = TempDir::new("split-search");
                let mut args = vec!["split", "--games", "100", "--out", out.arg()];
                args.extend(&flag);
                args.push(&path);
                let run = pgn(&args);
                let parts: usize = run
                    .lines()
                    .iter()
                    .map(|line| line.rsplit('\t').next().unwrap().parse::<usize>().unwrap())
                    .sum();
                assert_eq!(parts, count, "{rel}: split {query}");
            }
        }
    }

    /// `--unique` keeps each game's first copy, `--duplicates` the later
    /// ones: apart, they are all the games; a copy dropped has the moves of
    /// a game kept before it; the same games on any number of threads and
    /// chunk size, in `convert`, `export` and `split`.
    #[test]
    fn unique_keeps_first_copies_and_duplicates_the_rest() {
        // Two of its games are copies of games before them.
        let Some(path) = pgn_path("medium/lichess_db_1000k.pgn") else {
            return;
        };
        let path = path.to_str().unwrap().to_owned();
        let lines = pgn(&["convert", "--to", "uci", &path]);
        let uci = lines.lines();
        let unique = indices(&["--unique"], &path);
        let duplicates = indices(&["--duplicates"], &path);
        assert!(!duplicates.is_empty(), "the file has copies");
        let all: BTreeSet<u64> = unique.iter().chain(&duplicates).copied().collect();
        assert_eq!(all.len(), uci.len());
        assert_eq!(unique.len() + duplicates.len(), uci.len());
        for &copy in &duplicates {
            let moves = uci[copy as usize];
            assert!(!moves.is_empty());
            assert!(
                unique
                    .iter()
                    .any(|&first| first < copy && uci[first as usize] == moves),
                "game {copy} is a copy of no game kept before it"
            );
        }
        for threads in ["1", "3"] {
            for chunk in ["4096", "1048576"] {
                let args = ["--threads", threads, "--chunk-size", chunk];
                let mut unique_args = args.to_vec();
                unique_args.push("--unique");
                assert_eq!(indices(&unique_args, &path), unique, "{args:?}");
                let mut pgn_args = vec!["convert", "--to", "pgn", "--duplicates"];
                pgn_args.extend(args);
                pgn_args.push(&path);
                let written = pgn(&pgn_args);
                assert_eq!(written.stdout.matches("[Event ").count(), duplicates.len());
            }
        }
        let out = TempDir::new("split-unique");
        let run = pgn(&[
            "split",
            "--games",
            "1000",
            "--unique",
            "--out",
            out.arg(),
            &path,
        ]);
        assert_eq!(run.code, 0, "{}", run.stderr);
        let parts: usize = run
            .lines()
            .iter()
            .map(|line| line.rsplit('\t').next().unwrap().parse::<usize>().unwrap())
            .sum();
        assert_eq!(parts, unique.len());
        let run = pgn(&["count", "--unique", "--duplicates", &path]);
        assert_eq!(run.code, 2, "the two flags exclude each other");
        // Games with an error, or without moves, are no one's copies, in
        // every subcommand (a reader's error and a replay's).
        let bad = b"1. e4 e5 --- *\n\n1. e4 e5 --- *\n\n1. e4 Ke7 2. Kxx *\n\n1. e4 Ke7 2. Kxx *\n\n[White \"a\"]\n\n*\n\n*\n";
        for args in [
            &["count"][..],
            &["convert", "--to", "uci"],
            &["convert", "--to", "json"],
            &["convert", "--to", "pgn"],
            &["export", "--to", "ndjson"],
            &["export", "--to", "ndjson", "--table", "plies"],
        ] {
            let mut all = args.to_vec();
            all.extend(["--duplicates", "-"]);
            let run = super::pgn_in(&all, bad);
            let kept = if args[0] == "count" {
                run.stdout.trim().parse::<usize>().unwrap()
            } else {
                run.stdout.trim().len()
            };
            assert_eq!(kept, 0, "{args:?}: {}", run.stdout);
        }
    }

    /// `export --table plies`: a row per mainline move played, the same
    /// bytes on any number of threads; with `--unique`, the rows of the
    /// games kept; the columns of moves refused in the games table.
    #[test]
    fn the_plies_table_has_a_row_per_move_played() {
        let Some(path) = pgn_path("medium/lichess_db_1000k.pgn") else {
            return;
        };
        let path = path.to_str().unwrap().to_owned();
        let lines = pgn(&["convert", "--to", "uci", &path]);
        let moves: Vec<Vec<&str>> = lines
            .lines()
            .iter()
            .map(|l| l.split_whitespace().collect())
            .collect();
        let plies = |args: &[&str]| {
            let mut all = vec!["export", "--to", "ndjson", "--table", "plies"];
            all.extend_from_slice(args);
            all.push(&path);
            let run = pgn(&all);
            assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
            run
        };
        let one = plies(&["--threads", "1"]);
        let rows = one.json();
        let want: Vec<(u64, u64, &str)> = moves
            .iter()
            .enumerate()
            .flat_map(|(g, m)| {
                m.iter()
                    .enumerate()
                    .map(move |(i, u)| (g as u64, i as u64 + 1, *u))
            })
            .collect();
        let got: Vec<(u64, u64, &str)> = rows
            .iter()
            .map(|r| {
                (
                    r["game_index"].as_u64().unwrap(),
                    r["ply"].as_u64().unwrap(),
                    r["uci"].as_str().unwrap(),
                )
            })
            .collect();
        assert_eq!(got, want);
        for threads in ["2", "3"] {
            let many = plies(&["--threads", threads, "--chunk-size", "8192"]);
            assert!(many.stdout == one.stdout, "--threads {threads}");
        }
        let unique = indices(&["--unique"], &path);
        let kept: Vec<u64> = plies(&["--unique", "--threads", "3", "--chunk-size", "8192"])
            .json()
            .iter()
            .map(|r| r["game_index"].as_u64().unwrap())
            .collect();
        let want: Vec<u64> = want
            .iter()
            .map(|w| w.0)
            .filter(|g| unique.contains(g))
            .collect();
        assert_eq!(kept, want);
        let run = pgn(&["export", "--to", "ndjson", "--columns", "key", &path]);
        assert_eq!(run.code, 2);
        assert!(run.stderr.contains("--table plies"), "{}", run.stderr);
    }
}

/// Issue 34: `--variant NAME` reads the games that have no `Variant` tag
/// by NAME's rules and gives them the tag (so that `--to pgn` writes a file
/// that reads back alone); a game's own tag still decides; `--where` sees
/// the tag; a name whose rules are not played, or no name, is a usage
/// error.
#[test]
fn variant_reads_untagged_games_by_its_rules() {
    let text = "1. e4 d5 2. exd5 Qxd5 3. P@e4 Qxe4+ *\n\n\
                [Variant \"Standard\"]\n\n1. e4 e5 *\n";
    let run = |args: &[&str], input: &[u8]| {
        let mut all = args.to_vec();
        all.extend(["--threads", "1", "--no-progress", "-"]);
        pgn_in(&all, input)
    };
    let plain = run(&["convert", "--to", "uci"], text.as_bytes());
    assert_ne!(plain.code, 0, "a drop is illegal in standard chess");
    let uci = run(
        &["convert", "--to", "uci", "--variant", "crazyhouse"],
        text.as_bytes(),
    );
    assert_eq!(uci.code, 0, "{}", uci.stderr);
    assert_eq!(uci.lines(), ["e2e4 d7d5 e4d5 d8d5 P@e4 d5e4", "e2e4 e7e5"]);
    let written = run(
        &["convert", "--to", "pgn", "--variant", "zh"],
        text.as_bytes(),
    );
    assert_eq!(written.code, 0, "{}", written.stderr);
    assert_eq!(
        written.stdout.matches("[Variant \"Crazyhouse\"]").count(),
        1
    );
    assert_eq!(written.stdout.matches("[Variant \"Standard\"]").count(), 1);
    let again = run(&["convert", "--to", "uci"], written.stdout.as_bytes());
    assert_eq!(
        (again.code, again.lines()),
        (0, uci.lines()),
        "{}",
        again.stderr
    );
    let count = run(
        &[
            "count",
            "--variant",
            "crazyhouse",
            "--where",
            "Variant = \"Crazyhouse\"",
        ],
        text.as_bytes(),
    );
    assert_eq!(
        (count.code, count.lines()),
        (0, vec!["1"]),
        "{}",
        count.stderr
    );
    for bad in ["giveaway", "nonsense"] {
        let refused = run(
            &["convert", "--to", "uci", "--variant", bad],
            text.as_bytes(),
        );
        assert_eq!(refused.code, 2, "--variant {bad}: {}", refused.stderr);
    }
    // scalachess's crazyhouse game of 2001 from freechess.org, untagged.
    let Some(path) =
        super::shared_path("data/pgn/small/scalachess-fixtures/crazyhouseNoVariantTag.pgn")
    else {
        return;
    };
    let path = path.to_str().expect("UTF-8 path");
    let check = |extra: &[&str]| {
        let mut all = vec!["check", "--no-progress"];
        all.extend_from_slice(extra);
        all.push(path);
        pgn_in(&all, b"")
    };
    assert_eq!(check(&[]).code, 1, "a drop in standard chess");
    let zh = check(&["--variant", "crazyhouse"]);
    assert_eq!(zh.code, 0, "{}", zh.stderr);
    assert!(zh.stderr.contains("0 problems"), "{}", zh.stderr);
}

/// Issue 34: games of Lichess's variants convert by their rules: a
/// crazyhouse game's drops in UCI and SAN, an atomic and a crazyhouse game
/// selected by their `Variant` tag, exit 0 and no problem.
#[test]
fn variant_games_convert_by_their_rules() {
    let text = "[Variant \"Crazyhouse\"]\n\n1. e4 d5 2. exd5 Qxd5 3. P@e4 Qxe4+ *\n\n\
                [Variant \"Atomic\"]\n\n1. e4 d5 2. exd5 *\n\n\
                1. e4 d5 2. exd5 Qxd5 *\n";
    let uci = pgn_in(
        &["convert", "--to", "uci", "--threads", "1", "-"],
        text.as_bytes(),
    );
    assert_eq!(uci.code, 0, "{}", uci.stderr);
    assert_eq!(
        uci.lines(),
        [
            "e2e4 d7d5 e4d5 d8d5 P@e4 d5e4",
            "e2e4 d7d5 e4d5",
            "e2e4 d7d5 e4d5 d8d5"
        ]
    );
    let san = pgn_in(
        &["convert", "--to", "san", "--threads", "1", "-"],
        text.as_bytes(),
    );
    assert_eq!(san.lines()[0], "e4 d5 exd5 Qxd5 @e4 Qxe4+");
    let only = pgn_in(
        &[
            "convert",
            "--to",
            "uci",
            "--threads",
            "1",
            "--where",
            "Variant = \"Atomic\"",
            "-",
        ],
        text.as_bytes(),
    );
    assert_eq!(
        (only.code, only.lines()),
        (0, vec!["e2e4 d7d5 e4d5"]),
        "{}",
        only.stderr
    );
    // A drop in a standard game is an illegal move, not a guess.
    let standard = pgn_in(
        &["convert", "--to", "uci", "--threads", "1", "-"],
        b"1. e4 d5 2. N@f3 *\n",
    );
    assert_ne!(standard.code, 0);
    assert!(
        standard.stderr.contains("illegal move `N@f3`"),
        "{}",
        standard.stderr
    );
    // Nor is a king promotion (antichess's): it was played, exit 0, until
    // the `pgn_replay` fuzz target found it.
    let king = pgn_in(
        &["convert", "--to", "uci", "--threads", "1", "-"],
        b"[FEN \"4r3/5P1k/8/8/8/8/5K2/8 w - - 0 1\"]\n\n1. fxe8=K *\n",
    );
    assert_ne!(king.code, 0, "{}", king.stdout);
    assert!(
        king.stderr.contains("illegal move `fxe8=K`"),
        "{}",
        king.stderr
    );
}

/// Issue 34: `pgn show --all` draws a variant game's plies by its rules,
/// with its FEN (pockets, check counters) under each: on python-chess's
/// random games of crazyhouse, atomic and three-check
/// (`scripts/gen_variant_vectors.py`), every ply's FEN is python-chess's.
/// (It drew them by the rules of chess: after atomic's `exd5` the pawn
/// stood on d5, and crazyhouse's FEN had no pockets.)
#[test]
fn show_draws_variant_games_by_their_rules() {
    use chessnote::fen::VariantSetup;
    let text = chessnote_testdata::vectors_text("variant-games.jsonl.zst");
    let mut checked = BTreeMap::new();
    for line in text.lines() {
        let game: Value = serde_json::from_str(line).expect("JSON");
        let variant = game["variant"].as_str().expect("a variant").to_owned();
        let variant = variant.as_str();
        if !["crazyhouse", "atomic", "3check"].contains(&variant) || checked.contains_key(variant) {
            continue;
        }
        let plies = game["plies"].as_array().expect("plies");
        let sans: Vec<&str> = plies.iter().filter_map(|p| p["san"].as_str()).collect();
        let pgn = format!(
            "[Variant \"{variant}\"]\n[SetUp \"1\"]\n[FEN \"{}\"]\n\n{} *\n",
            game["start"].as_str().expect("start"),
            sans.join(" ")
        );
        let run = pgn_in(&["show", "--all", "-"], pgn.as_bytes());
        assert_eq!(run.code, 0, "{}", run.stderr);
        // Each drawing: a header, 8 ranks, the files, the FEN, a blank line.
        let fens: Vec<&str> = run.stdout.lines().skip(10).step_by(12).collect();
        assert_eq!(fens.len(), sans.len() + 1, "{variant}");
        for (ply, fen) in fens.iter().enumerate() {
            let want = match ply {
                0 => game["start"].as_str().unwrap(),
                _ => plies[ply - 1]["fen"].as_str().unwrap(),
            };
            let got: VariantSetup = fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"));
            assert_eq!(
                got,
                want.parse().unwrap(),
                "{variant} ply {ply}: {fen} against {want}"
            );
        }
        checked.insert(variant.to_owned(), fens.len());
    }
    assert_eq!(checked.len(), 3, "{checked:?}");
}
