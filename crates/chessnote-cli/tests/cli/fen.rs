//! `chessnote fen parse|show|check|key|book`.

use std::path::PathBuf;

use super::{TempFile, chessnote, diagnostic, shared_path, shows_the_contract};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn example() -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/example_fen.txt");
    path.to_string_lossy().into_owned()
}

const MIXED: [&str; 6] = [
    START,
    "8/8/8 w - - 0 1",
    "",
    "8/8/8/3pP3/8/8/8/8 b - e3 0 1",
    "8/8/8/8/8/8/8/8 w KQkq e5 0 1",
    "# a comment",
];
const BAD: [Option<usize>; 6] = [None, Some(6), None, None, Some(24), None];

#[test]
fn the_contract_of_parse() {
    shows_the_contract(&["fen", "parse"], &MIXED, &BAD, "error: ");
}

#[test]
fn the_contract_of_show() {
    // Text mode draws boards (several lines per record); JSON is one object
    // per input line.
    shows_the_contract(&["fen", "show", "--json"], &MIXED, &BAD, "error: ");
}

#[test]
fn the_contract_of_check() {
    let lines = [
        START,
        "8/8/8 w - - 0 1",
        "",
        "4k3/8/8/8/8/8/8/3KK3 b - - 0 1",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
    ];
    shows_the_contract(
        &["fen", "check"],
        &lines,
        &[None, Some(6), None, Some(1), None],
        "invalid: ",
    );
}

#[test]
fn parse_seed_prints_the_seed_format_and_fails_on_the_bad_line() {
    // Changed by issue 11: the seed's format is behind `--seed`; the
    // diagnostic gives line and column.
    let run = chessnote(&["fen", "parse", "--seed", &example()], "");
    assert_eq!(run.code, 1);
    assert_eq!(run.stdout.matches("CHESS GAME INFO").count(), 4);
    assert!(
        run.stdout
            .contains("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n")
    );
    assert!(
        run.stdout
            .contains("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\n")
    );
    assert!(
        run.stdout
            .contains("1 R N B Q K B N R\n  a b c d e f g h\n")
    );
    assert!(
        run.stdout
            .contains("White:\n    pawn: e5\n    castling: -\n")
    );
    assert!(run.stdout.contains("En passant: e3\n"));
    assert!(!run.stdout.contains("error"));
    let (line, _, caret) = diagnostic(&run.stderr, &format!("{}:5:54: ", example()));
    assert!(line.contains("en-passant square"), "{line}");
    assert_eq!(caret, 2 + 53);
}

#[test]
fn parse_reads_stdin_dash_and_several_files() {
    let a = TempFile::new("a.fen", format!("{START}\n"));
    let b = TempFile::new("b.fen", "8/8/8/8/8/8/8/8 w - - 0 1\n");
    let run = chessnote(
        &["fen", "parse", a.arg(), "-", b.arg()],
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1\n",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        run.lines(),
        [
            START,
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
            "8/8/8/8/8/8/8/8 w - - 0 1"
        ]
    );
    let run = chessnote(&["fen", "parse"], format!("{START}\n"));
    assert_eq!((run.stdout.trim_end(), run.code), (START, 0));
}

#[test]
fn show_takes_a_file() {
    let file = TempFile::new("show.fen", format!("{START}\n"));
    let run = chessnote(&["fen", "show", file.arg()], "");
    assert_eq!(run.code, 0);
    assert!(
        run.stdout
            .starts_with(&format!("{START}\n\n8 r n b q k b n r\n")),
        "{}",
        run.stdout
    );
}

#[test]
fn show_prints_json_and_exits_zero_when_all_are_valid() {
    let run = chessnote(
        &[
            "fen",
            "show",
            "--json",
            "8/8/8/3pP3/8/8/8/8 b - e3 0 1",
            "rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1",
        ],
        "",
    );
    assert_eq!(run.code, 0);
    let values = run.json();
    assert_eq!(values.len(), 2);
    assert_eq!(values[0]["en_passant"], "e3");
    assert_eq!(values[0]["active_color"], "black");
    assert_eq!(values[0]["pieces"]["white"]["pawn"][0], "e5");
    assert_eq!(values[0]["board"][3][3], "p");
    assert_eq!(values[1]["castling"]["field"], "HAha");
    assert_eq!(values[1]["castling"]["black_long"], "a8");
}

#[test]
fn show_reports_errors_in_json_and_exits_one() {
    let run = chessnote(
        &[
            "fen",
            "show",
            "--json",
            "8/8/8/8/8/8/8/8 w - - 0 1",
            "8/8/8 w - - 0 1",
        ],
        "",
    );
    assert_eq!(run.code, 1);
    let lines = run.json();
    assert_eq!(lines[0]["ok"], true);
    assert_eq!(lines[1]["ok"], false);
    // Changed by issue 11: the one error envelope (kind, message, offset,
    // line, column) instead of field/reason/source.
    assert_eq!(lines[1]["error"]["kind"], "too-few-ranks");
    assert_eq!(lines[1]["error"]["offset"], 5);
    assert_eq!(lines[1]["error"]["line"], 2);
}

#[test]
fn lenient_reads_epd_style_lines() {
    let line = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -  ";
    assert_eq!(chessnote(&["fen", "show", line], "").code, 1);
    let run = chessnote(&["fen", "show", "--lenient", "--unicode", line], "");
    assert_eq!(run.code, 0);
    assert!(
        run.stdout
            .starts_with("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n")
    );
    assert!(run.stdout.contains("8 ♜ ♞ ♝ ♛ ♚ ♝ ♞ ♜\n"));
    let run = chessnote(
        &[
            "fen",
            "show",
            "--allow",
            "surrounding-whitespace,missing-counters",
            line,
        ],
        "",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        chessnote(
            &["fen", "show", "--allow", "surrounding-whitespace", line],
            ""
        )
        .code,
        1
    );
}

#[test]
fn check_one_line_per_position_and_exit_1_after_all() {
    let input = format!(
        "{START}\n4k3/8/8/8/8/8/8/4K2R w K - 0 1\n4k3/8/8/8/8/8/8/4K3 b - - 0 1\nK7/8/8/8/8/8/8/k6R w - - 0 1\n"
    );
    let run = chessnote(&["fen", "check"], input);
    assert_eq!(run.code, 1);
    let lines = run.lines();
    assert_eq!(lines.len(), 4, "{}", run.stdout);
    assert_eq!(&lines[..3], ["ok", "ok", "ok"]);
    assert!(lines[3].starts_with("invalid: "), "{}", run.stdout);
    assert!(
        lines[3].contains("the side not to move is in check"),
        "{}",
        run.stdout
    );
}

#[test]
fn check_files_and_fens_as_arguments() {
    let file = TempFile::new("check.txt", "8/8/8/8/8/8/8/8 w - - 0 1\n");
    let run = chessnote(&["fen", "check", START, file.arg()], "");
    assert_eq!(run.code, 1);
    assert_eq!(
        run.stdout,
        "ok\ninvalid: empty board, no white king, no black king\n"
    );
}

#[test]
fn check_is_standard_chess_unless_chess960_is_asked_for() {
    let fen = "r3kb1r/pp2p2p/2n2n2/3p1b2/5Q1P/P1P3P1/1P1PP3/RNB1K1R1 b KQkq - 3 12";
    let run = chessnote(&["fen", "check", "--json", fen], "");
    assert_eq!(run.code, 1);
    assert_eq!(run.json()[0]["valid"], false);
    let frc = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1";
    assert_eq!(chessnote(&["fen", "check", frc], "").code, 1);
    let run = chessnote(&["fen", "check", "--chess960", "--json", frc], "");
    assert_eq!(run.code, 0);
    assert_eq!(run.json()[0]["chess960"], true);
}

#[test]
fn check_takes_the_same_leniencies_as_show() {
    let odd = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w qkQK - 0 1";
    assert_eq!(chessnote(&["fen", "check", odd], "").code, 1);
    assert_eq!(
        chessnote(&["fen", "check", "--allow", "castling-any-order", odd], "").stdout,
        "ok\n"
    );
    assert_eq!(
        chessnote(&["fen", "check", "--lenient", odd], "").stdout,
        "ok\n"
    );
}

#[test]
fn missing_files_and_directories_are_usage_errors() {
    let run = chessnote(&["fen", "check", "nonexistent.fen", START], "");
    assert_eq!((run.stdout.as_str(), run.code), ("ok\n", 2));
    assert!(run.stderr.contains("nonexistent.fen: "), "{}", run.stderr);
    let dir = std::env::temp_dir();
    let run = chessnote(&["fen", "check", dir.to_str().unwrap()], "");
    assert_eq!((run.stdout.as_str(), run.code), ("", 2));
    assert!(run.stderr.contains("directory"), "{}", run.stderr);
}

#[test]
fn epd_records_are_checked_and_shown() {
    let line = r#"1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - bm Qd1+; id "BK.01";"#;
    assert_eq!(chessnote(&["fen", "check", line], "").code, 1);
    let run = chessnote(&["fen", "check", "--epd", line], "");
    assert_eq!((run.stdout.as_str(), run.code), ("ok\n", 0));
    let run = chessnote(&["fen", "parse", "--epd", "--json", line], "");
    let value = &run.json()[0];
    assert_eq!(value["epd"], line);
    assert_eq!(value["operations"][1]["operands"][0], "BK.01");
    let file = TempFile::new("suite.epd", format!("{line}\n"));
    let run = chessnote(&["fen", "show", file.arg()], "");
    assert!(
        run.stdout.starts_with(&format!("{line}\n\n8 . k . r")),
        "{}",
        run.stdout
    );
}

/// Reads every file of `shared/data/epd` with `fen check` (the compressed
/// ones: their first 2,000 records, through stdin): no record is
/// unreadable.
#[test]
fn every_shared_epd_file_is_readable() {
    let Some(dir) = shared_path("data/epd") else {
        return;
    };
    let mut files = 0;
    for group in std::fs::read_dir(dir).unwrap() {
        for entry in std::fs::read_dir(group.unwrap().path()).unwrap() {
            let path = entry.unwrap().path();
            let name = path.to_str().unwrap().to_string();
            let mut args = vec!["fen", "check", "--epd", "--json"];
            if name.contains("FRC") {
                args.push("--chess960");
            }
            let run = if name.ends_with(".zst") {
                use std::io::Read;
                let raw = std::fs::read(&path).unwrap();
                let mut text = String::new();
                ruzstd::decoding::StreamingDecoder::new(raw.as_slice())
                    .unwrap()
                    .take(1 << 20)
                    .read_to_string(&mut text)
                    .unwrap();
                let head: String = text.lines().take(2000).map(|l| format!("{l}\n")).collect();
                chessnote(&args, head)
            } else {
                args.push(&name);
                chessnote(&args, "")
            };
            assert!(run.code < 2, "{name}: {}", run.stderr);
            let values = run.json();
            assert!(!values.is_empty(), "{name}");
            for value in values {
                let kind = &value["error"]["kind"];
                assert!(
                    value["ok"] == true || *kind == "illegal-position",
                    "{name}: {value}"
                );
            }
            files += 1;
        }
    }
    assert!(files >= 20, "{files}");
}

/// Issue 11 review: the FEN leniencies a record used are reported: a note
/// on stderr, and the JSON `leniencies` names.
#[test]
fn fen_leniencies_are_reported() {
    let odd = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w qkQK -";
    for command in ["parse", "show", "check"] {
        let run = chessnote(&["fen", command, "--lenient", "--json", odd, START], "");
        assert_eq!(run.code, 0, "{command}: {}", run.stderr);
        let values = run.json();
        assert_eq!(
            values[0]["leniencies"],
            serde_json::json!(["missing-counters", "castling-any-order"]),
            "{command}"
        );
        assert_eq!(values[1]["leniencies"], serde_json::json!([]), "{command}");
        assert!(
            run.stderr.contains(&format!(
                "`{odd}` read with leniency missing-counters, castling-any-order"
            )),
            "{command}: {}",
            run.stderr
        );
    }
    let run = chessnote(&["fen", "check", "--lenient", "--quiet", odd], "");
    assert_eq!((run.stdout.as_str(), run.stderr.as_str()), ("ok\n", ""));
}

/// Issue 11 review: `problems` in JSON are the library's stable names; the
/// text line keeps the messages.
#[test]
fn check_json_problems_are_names() {
    let empty = "8/8/8/8/8/8/8/8 w - - 0 1";
    let run = chessnote(&["fen", "check", "--json", empty], "");
    assert_eq!(run.code, 1);
    let value = &run.json()[0];
    assert_eq!(
        value["problems"],
        serde_json::json!(["empty", "no-white-king", "no-black-king"])
    );
    assert_eq!(value["error"]["kind"], "illegal-position");
    assert_eq!(
        value["error"]["message"],
        "invalid position: empty board, no white king, no black king"
    );
    let run = chessnote(&["fen", "check", empty], "");
    assert_eq!(
        run.stdout,
        "invalid: empty board, no white king, no black king\n"
    );
}

/// Issue 11 review: an argument naming an existing file (or directory) is
/// that file, even with a space in its name.
#[test]
fn an_existing_file_with_a_space_is_a_file() {
    let file = TempFile::new("my games.fen", format!("{START}\n8/8/8 w - - 0 1\n"));
    let run = chessnote(&["fen", "check", file.arg()], "");
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert_eq!(run.lines().len(), 2, "{}", run.stdout);
    assert_eq!(run.lines()[0], "ok");
    assert!(
        run.stderr.contains(&format!("{}:2:6: ", file.arg())),
        "{}",
        run.stderr
    );
    let dir = std::env::temp_dir().join(format!("chessnote-cli-{} a dir", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let run = chessnote(&["fen", "parse", dir.to_str().unwrap()], "");
    let _ = std::fs::remove_dir(&dir);
    assert_eq!((run.stdout.as_str(), run.code), ("", 2));
    assert!(run.stderr.contains("directory"), "{}", run.stderr);
}

/// Issue 11 review: `<args>:N` is the argument's position among all the
/// arguments, files included.
#[test]
fn args_lines_count_every_argument() {
    let file = TempFile::new("first.fen", format!("{START}\n"));
    let run = chessnote(&["fen", "check", file.arg(), "8/8/8 w - - 0 1"], "");
    assert_eq!(run.code, 1);
    assert!(run.stderr.starts_with("<args>:2:6: "), "{}", run.stderr);
    let run = chessnote(
        &["fen", "check", "--json", file.arg(), "8/8/8 w - - 0 1"],
        "",
    );
    assert_eq!(run.json()[1]["error"]["line"], 2);
}

/// `fen` reads compressed files (an `.epd.zst` as EPD, by its name) and
/// takes `--file` as the other commands do; a board alone is a record, not
/// a missing file (issue 30).
#[test]
fn compressed_files_file_flags_and_boards_alone() {
    let Some(path) = shared_path("data/epd/stockfish-books/endgames.epd.zst") else {
        return;
    };
    let path = path.to_str().unwrap();
    let plain = chessnote(&["fen", "parse", path], "");
    assert_eq!(plain.code, 0, "{}", plain.stderr);
    assert!(plain.stdout.lines().count() > 1000);
    assert!(!plain.stdout.contains("error"), "{}", &plain.stdout[..200]);
    let flag = chessnote(&["fen", "parse", "--file", path], "");
    assert_eq!(flag.stdout, plain.stdout);
    // The first record, read as EPD from the decompressed file.
    let first = plain.stdout.lines().next().unwrap();
    assert_eq!(first.split(' ').count(), 6, "{first}");
    let board = chessnote(&["fen", "parse", "8/8/8/8/8/8/8/K6k"], "");
    assert_eq!(board.code, 1);
    assert!(
        board.stdout.starts_with("error: piece placement"),
        "{}",
        board.stdout
    );
    assert!(!board.stderr.contains("No such file"), "{}", board.stderr);
}

/// `fen key` prints python-chess's Polyglot key of every position of the
/// library's vectors (`scripts/gen_polyglot_vectors.py`: positions of the
/// shared EPD and FEN files), one a line, in order.
#[test]
fn key_prints_polyglot_keys() {
    let text = String::from_utf8(library_vectors("polyglot.tsv.zst")).unwrap();
    let rows: Vec<Vec<&str>> = text
        .lines()
        .map(|line| line.split('\t').collect::<Vec<_>>())
        .filter(|f| f[0] == "fen")
        .collect();
    let fens: String = rows.iter().map(|f| format!("{}\n", f[1])).collect();
    let run = chessnote(&["fen", "key"], &fens);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), rows.len());
    let mut compared = 0;
    for (line, row) in lines.iter().zip(&rows) {
        if line.starts_with("invalid: ") {
            continue;
        }
        assert_eq!(*line, row[3], "{}", row[1]);
        compared += 1;
    }
    assert!(
        compared * 50 > rows.len() * 49,
        "{compared} of {}",
        rows.len()
    );
    // The Polyglot format's own example, and a position with no king.
    let run = chessnote(&["fen", "key", START, "8/8/8/8/8/8/8/8 w - - 0 1"], "");
    assert_eq!(
        run.stdout,
        "463b96181691fc9c\ninvalid: empty board, no white king, no black king\n"
    );
    assert_eq!(run.code, 1);
}

/// A vectors file of the library's tests, decompressed.
fn library_vectors(name: &str) -> Vec<u8> {
    chessnote_testdata::vectors(name)
}

/// `fen book BOOK` prints the moves python-chess's reader finds in the
/// library's test book, for every position asked of it, and refuses what is
/// not a book.
#[test]
fn book_prints_the_moves_python_chess_finds() {
    let book = TempFile::new("book.bin", library_vectors("book.bin.zst"));
    let text = String::from_utf8(library_vectors("book.tsv.zst")).unwrap();
    let rows: Vec<(&str, &str)> = text.lines().filter_map(|l| l.split_once('\t')).collect();
    let fens: String = rows.iter().map(|(fen, _)| format!("{fen}\n")).collect();
    let run = chessnote(&["fen", "book", book.arg()], &fens);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), rows.len());
    for (line, (fen, moves)) in lines.iter().zip(&rows) {
        // The vectors' `uci:weight:learn`, less the learn value.
        let expected: Vec<&str> = moves
            .split(' ')
            .map(|m| m.rsplit_once(':').map_or(m, |(uci_weight, _)| uci_weight))
            .collect();
        assert_eq!(*line, expected.join(" "), "{fen}");
    }
    let bad = TempFile::new("bad.bin", [0u8; 20]);
    let run = chessnote(&["fen", "book", bad.arg(), START], "");
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("not a whole number of 16-byte entries"),
        "{}",
        run.stderr
    );
}

/// Issue 34: `fen check --variant` checks each perft suite's positions of
/// `../shared/data/perft/variants` by its variant's rules (pockets, promoted
/// pieces and check counters read), and the horde's start is no position
/// of standard chess.
#[test]
fn check_with_a_variant_reads_its_fields_and_rules() {
    let Some(dir) = shared_path("data/perft/variants") else {
        let required =
            std::env::var_os("CHESSNOTE_REQUIRE_SHARED").is_some_and(|v| !v.is_empty() && v != "0");
        assert!(!required, "the shared data is missing");
        return;
    };
    for (file, variant) in [
        ("3check.perft", "3check"),
        ("crazyhouse.perft", "crazyhouse"),
        ("antichess.perft", "antichess"),
        ("atomic.perft", "atomic"),
        ("horde.perft", "horde"),
        ("racingkings.perft", "racingkings"),
    ] {
        let text = std::fs::read_to_string(dir.join(file)).expect("suite");
        let records: Vec<&str> = text
            .lines()
            .filter_map(|l| l.strip_prefix("epd "))
            .collect();
        assert!(!records.is_empty(), "{file}");
        let mut args = vec![
            "fen",
            "check",
            "--allow",
            "missing-counters",
            "--variant",
            variant,
        ];
        // The atomic960 records' castling holds in Chess960 only.
        if file == "atomic.perft" {
            args.push("--chess960");
        }
        args.extend(records.iter().copied());
        let run = chessnote(&args, "");
        assert_eq!(run.code, 0, "{file}: {}\n{}", run.stdout, run.stderr);
        assert_eq!(run.lines(), vec!["ok"; records.len()], "{file}");
    }
    let horde = "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1";
    let run = chessnote(&["fen", "check", horde], "");
    assert_eq!(run.code, 1);
    let run = chessnote(&["fen", "check", "--variant", "Horde", horde], "");
    assert_eq!((run.code, run.lines()), (0, vec!["ok"]), "{}", run.stderr);
    let run = chessnote(&["fen", "check", "--variant", "giveaway", horde], "");
    assert_eq!(run.code, 2, "{}", run.stderr);
}
