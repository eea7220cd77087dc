//! `chessnote fen check` from the outside.

mod common;

fn chessnote(args: &[&str], stdin: &str) -> (String, i32) {
    let run = common::chessnote(args, stdin);
    (run.stdout, run.code)
}

#[test]
fn one_line_per_position_and_exit_1_after_all() {
    let input = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n\
                 4k3/8/8/8/8/8/8/4K2R w K - 0 1\n\
                 4k3/8/8/8/8/8/8/4K3 b - - 0 1\n\
                 K7/8/8/8/8/8/8/k6R w - - 0 1\n";
    let (out, code) = chessnote(&["fen", "check"], input);
    assert_eq!(code, 1);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert_eq!(lines[0], "ok");
    assert_eq!(lines[1], "ok");
    assert_eq!(lines[2], "ok");
    assert!(lines[3].starts_with("invalid: "), "{out}");
    assert!(
        lines[3].contains("the side not to move is in check"),
        "{out}"
    );
}

#[test]
fn files_and_fens_as_arguments() {
    let path = std::env::temp_dir().join(format!("chessnote-fen-check-{}.txt", std::process::id()));
    std::fs::write(&path, "8/8/8/8/8/8/8/8 w - - 0 1\n").unwrap();
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let (out, code) = chessnote(&["fen", "check", start, path.to_str().unwrap()], "");
    std::fs::remove_file(&path).unwrap();
    assert_eq!(code, 1);
    assert_eq!(
        out,
        "ok\ninvalid: empty board, no white king, no black king\n"
    );
}
