//! `chessnote fen ...` end to end: output and exit status.

use std::path::PathBuf;
use std::process::{Command, Output};

fn chessnote(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_chessnote"))
        .args(args)
        .output()
        .expect("run chessnote")
}

fn example() -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/example_fen.txt");
    path.to_string_lossy().into_owned()
}

#[test]
fn parse_the_example_file_shows_every_line_and_fails_on_the_bad_one() {
    let out = chessnote(&["fen", "parse", &example()]);
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    // The four good lines, each printed back, drawn and expanded.
    assert_eq!(stdout.matches("CHESS GAME INFO").count(), 4);
    assert!(stdout.contains("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"));
    assert!(stdout.contains("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\n"));
    assert!(stdout.contains("1 R N B Q K B N R\n  a b c d e f g h\n"));
    assert!(stdout.contains("White:\n    pawn: e5\n    castling: -\n"));
    assert!(stdout.contains("En passant: e3\n"));
    // The bad line: where and why, with a caret under the byte.
    assert!(stderr.contains("example_fen.txt:5: invalid FEN: en-passant square at byte 53"));
    let caret_line = stderr.lines().last().unwrap();
    assert_eq!(caret_line.find('^'), Some(2 + 53));
}

#[test]
fn show_prints_json_and_exits_zero_when_all_are_valid() {
    let out = chessnote(&[
        "fen",
        "show",
        "--json",
        "8/8/8/3pP3/8/8/8/8 b - e3 0 1",
        "rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let stdout = String::from_utf8(out.stdout).unwrap();
    let values: Vec<serde_json::Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
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
    let out = chessnote(&[
        "fen",
        "show",
        "--json",
        "8/8/8/8/8/8/8/8 w - - 0 1",
        "8/8/8 w - - 0 1",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<serde_json::Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[0]["ok"], true);
    assert_eq!(lines[1]["ok"], false);
    assert_eq!(lines[1]["error"]["field"], "piece placement");
    assert_eq!(lines[1]["error"]["offset"], 5);
    assert_eq!(lines[1]["source"], "input 2");
}

#[test]
fn lenient_reads_epd_style_lines() {
    let line = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -  ";
    assert_eq!(chessnote(&["fen", "show", line]).status.code(), Some(1));
    let out = chessnote(&["fen", "show", "--lenient", "--unicode", line]);
    assert_eq!(out.status.code(), Some(0));
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(stdout.starts_with("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"));
    assert!(stdout.contains("8 ♜ ♞ ♝ ♛ ♚ ♝ ♞ ♜\n"));
}
