//! What every subcommand shares: bytes in, one line out per input line,
//! and what a new user ran into (issue 11).

use super::{TempFile, chessnote, closed_stdout, first_line_then_close};

#[test]
fn an_invalid_utf8_byte_is_one_bad_input() {
    let run = chessnote(&["san"], b"e4\nNf3\n\xff\nd4\n");
    assert_eq!(run.code, 1);
    let lines = run.lines();
    assert_eq!(lines.len(), 4, "{}", run.stdout);
    assert_eq!(lines[2], "error: invalid UTF-8 at byte 0");
    assert!(lines[3].ends_with("canonical=d4"));
    assert_eq!(run.stderr, "<stdin>:3:1: invalid UTF-8\n  \\xFF\n  ^\n");
}

#[test]
fn errors_in_non_utf8_files_name_the_real_byte() {
    let file = TempFile::new("latin1.txt", b"e4\nN\xe9f3\n");
    let run = chessnote(&["san", "--json", "--file", file.arg()], "");
    let values = run.json();
    assert_eq!(values[1]["error"]["kind"], "invalid-utf8");
    assert_eq!(values[1]["error"]["offset"], 1);
    assert_eq!(values[1]["error"]["column"], 2);
    let run = chessnote(&["fen", "check", file.arg()], "");
    assert!(run.stderr.contains("  N\\xE9f3\n   ^\n"), "{}", run.stderr);
    assert!(!run.stderr.contains("EF"), "{}", run.stderr);
}

#[test]
fn a_closed_pipe_stops_quietly() {
    let input = "e4\n".repeat(200_000).into_bytes();
    let (first, stderr, code) = first_line_then_close(&["san"], input);
    assert!(first.ends_with("canonical=e4"), "{first}");
    assert_eq!((stderr.as_str(), code), ("", 0));
}

#[test]
fn a_file_gives_the_same_lines_from_its_path_and_from_stdin() {
    let data = "e4\n\nNf9\r\n\n# a comment\nO-O\n";
    let file = TempFile::new("blank.txt", data);
    let from_path = chessnote(&["san", "--file", file.arg()], "");
    let from_stdin = chessnote(&["san"], data);
    let from_dash = chessnote(&["san", "--file", "-"], data);
    assert_eq!(from_path.stdout, from_stdin.stdout);
    assert_eq!(from_dash.stdout, from_stdin.stdout);
    let lines = from_stdin.lines();
    assert_eq!(lines.len(), data.lines().count());
    assert_eq!((lines[1], lines[3], lines[4]), ("", "", ""));
    assert!(lines[2].starts_with("error: "));
    assert!(
        from_stdin.stderr.starts_with("<stdin>:3:3: "),
        "{}",
        from_stdin.stderr
    );
    for command in [
        &["pin"][..],
        &["eran"],
        &["fen", "check"],
        &["fen", "parse"],
        &["fen", "key"],
    ] {
        let run = chessnote(command, "\n\n");
        assert_eq!((run.stdout.as_str(), run.code), ("\n\n", 0), "{command:?}");
    }
}

#[test]
fn a_huge_bad_line_is_not_echoed_and_control_bytes_are_escaped() {
    let mut line = b"Nf9".to_vec();
    line.extend(std::iter::repeat_n(b'x', 10 << 20));
    line.push(b'\n');
    let run = chessnote(&["san", "--json"], &line);
    assert_eq!(run.code, 1);
    assert!(run.stdout.len() < 10_000, "{} bytes", run.stdout.len());
    assert!(run.stderr.len() < 1_000, "{} bytes", run.stderr.len());
    let run = chessnote(&["san"], b"N\x1b[31mf3\n");
    assert!(!run.stderr.contains('\x1b'), "{:?}", run.stderr);
    assert!(run.stderr.contains("N\\u{1b}[31mf3"), "{}", run.stderr);
}

#[test]
fn version_completions_and_manual() {
    let run = chessnote(&["--version"], "");
    assert_eq!(run.code, 0);
    assert!(run.stdout.starts_with("chessnote "), "{}", run.stdout);
    for shell in ["bash", "zsh", "fish"] {
        let run = chessnote(&["completions", shell], "");
        assert_eq!(run.code, 0, "{shell}");
        assert!(
            run.stdout.contains("convert") && run.stdout.contains("allow"),
            "{shell}"
        );
    }
    let run = chessnote(&["man"], "");
    assert_eq!(run.code, 0);
    assert!(
        run.stdout.starts_with(".ie") || run.stdout.contains(".TH chessnote"),
        "{}",
        &run.stdout[..200]
    );
    assert_eq!(chessnote(&["completions", "tcsh-9"], "").code, 2);
}

/// Issue 11 review: a generated text written to a closed stdout
/// (`chessnote completions bash | head -1`) is a success, not a panic.
#[test]
fn completions_and_manual_to_a_closed_pipe_succeed() {
    for args in [
        &["completions", "bash"][..],
        &["completions", "zsh"],
        &["man"],
    ] {
        let (stderr, code) = closed_stdout(args);
        assert_eq!((stderr.as_str(), code), ("", 0), "{args:?}");
    }
}

/// Issue 11 review: a last line without `\n` longer than the line limit is
/// cut and flagged as one with `\n` is.
#[test]
fn an_overlong_last_line_without_newline_is_flagged() {
    const MAX_LINE: usize = 1 << 20; // report::MAX_LINE
    for extra in [1, 100] {
        let line = "N".to_string() + &"f".repeat(MAX_LINE + extra - 1);
        let with = chessnote(&["san", "--json"], format!("e4\n{line}\n"));
        let without = chessnote(&["san", "--json"], format!("e4\n{line}"));
        assert_eq!(with.code, 1);
        assert_eq!(
            (with.stdout.as_str(), with.stderr.as_str(), with.code),
            (
                without.stdout.as_str(),
                without.stderr.as_str(),
                without.code
            ),
            "{extra}"
        );
        assert_eq!(without.json()[1]["error"]["kind"], "line-too-long");
    }
}

/// `chessnote man --out DIR` writes a page per command and subcommand, the
/// ones the main page lists, and the `pgn` pages carry the `--where`
/// language (issue 30).
#[test]
fn man_writes_a_page_per_subcommand() {
    let dir = std::env::temp_dir().join(format!("chessnote-man-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let run = chessnote(&["man", "--out", dir.to_str().unwrap()], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let main = std::fs::read_to_string(dir.join("chessnote.1")).unwrap();
    for name in ["san", "pin", "fen", "eran", "convert", "pgn"] {
        let page = format!("chessnote-{name}.1");
        assert!(main.contains(&format!("chessnote\\-{name}(1)")), "{name}");
        assert!(dir.join(&page).is_file(), "{page}");
    }
    for name in ["check", "convert", "count", "split", "export", "show"] {
        let page = std::fs::read_to_string(dir.join(format!("chessnote-pgn-{name}.1"))).unwrap();
        if name != "check" {
            assert!(page.contains("A test is a field"), "chessnote-pgn-{name}.1");
        }
    }
    assert_eq!(
        run.stdout.lines().count(),
        std::fs::read_dir(&dir).unwrap().count()
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
