//! `chessnote pin`.

use super::{chessnote, shows_the_contract};

#[test]
fn the_contract() {
    shows_the_contract(
        &["pin", "--file"],
        &["K^", "K+", "", "-p", "KKKK", "+r"],
        &[None, Some(2), None, None, Some(2), None],
        "error: ",
    );
}

#[test]
fn valid_tokens_print_their_attributes_and_exit_0() {
    // Changed by issue 11: no echo of the token, lowercase side and state
    // names instead of Rust variant names.
    let run = chessnote(&["pin", "+K^", "k^", "-p"], "");
    assert_eq!(run.code, 0, "{}", run.stdout);
    assert_eq!(
        run.stdout,
        "letter=K side=first state=enhanced terminal=true canonical=+K^ chess=-\n\
         letter=K side=second state=normal terminal=true canonical=k^ chess=black king\n\
         letter=P side=second state=diminished terminal=false canonical=-p chess=-\n"
    );
}

#[test]
fn an_invalid_token_prints_the_error_with_a_caret_and_exits_1() {
    // Changed by issue 11: no Rust variant name in the message, the caret
    // on stderr.
    let run = chessnote(&["pin", "Q", "K+"], "");
    assert_eq!(run.code, 1, "{}", run.stdout);
    assert_eq!(
        run.stdout,
        "letter=Q side=first state=normal terminal=false canonical=Q chess=white queen\n\
         error: expected the terminal marker `^` or the end of the PIN token after the letter at byte 1\n"
    );
    assert_eq!(
        run.stderr,
        "<args>:2:2: expected the terminal marker `^` or the end of the PIN token after the letter\n  K+\n   ^\n"
    );
}

#[test]
fn stdin_lines_are_read_when_no_token_is_given() {
    let run = chessnote(&["pin"], "R\r\nKKKK\n");
    assert_eq!(run.code, 1, "{}", run.stdout);
    let lines = run.lines();
    assert_eq!(lines.len(), 2, "{}", run.stdout);
    assert!(
        lines[0].starts_with("letter=R side=first"),
        "{}",
        run.stdout
    );
    assert_eq!(
        lines[1],
        "error: expected the terminal marker `^` or the end of the PIN token after the letter at byte 1"
    );
}

#[test]
fn json_gives_one_object_per_token() {
    let run = chessnote(&["pin", "--json", "b", "", "+G^"], "");
    assert_eq!(run.code, 1, "{}", run.stdout);
    let values = run.json();
    assert_eq!(values.len(), 3);
    assert_eq!(
        values[0],
        serde_json::json!({"input": "b", "ok": true, "letter": "B", "side": "second",
            "state": "normal", "terminal": false, "canonical": "b", "chess": "black bishop"})
    );
    // Changed by issue 11: the one error envelope, with a lowercase kind.
    assert_eq!(
        values[1],
        serde_json::json!({"input": "", "ok": false, "error": {"kind": "empty",
            "message": "expected a PIN token, found an empty input", "offset": 0, "line": 2, "column": 1}})
    );
    assert_eq!(values[2]["canonical"], "+G^");
    assert_eq!(values[2]["chess"], serde_json::Value::Null);
}

#[test]
fn no_rust_names_in_messages() {
    let run = chessnote(&["pin", "^K", "K^x", "+1", "K+"], "");
    for text in [&run.stdout, &run.stderr] {
        assert!(
            !text.contains("Invalid") && !text.contains("TooLong"),
            "{text}"
        );
    }
}

#[test]
fn all_312_tokens_pass_through_stdin() {
    let mut tokens = String::new();
    for letter in b'A'..=b'Z' {
        for cased in [letter, letter.to_ascii_lowercase()] {
            for prefix in ["", "+", "-"] {
                for suffix in ["", "^"] {
                    tokens.push_str(&format!("{prefix}{}{suffix}\n", cased as char));
                }
            }
        }
    }
    let run = chessnote(&["pin", "--json"], &tokens);
    assert_eq!(run.code, 0);
    assert_eq!(run.stdout.lines().count(), 312);
    for (value, token) in run.json().iter().zip(tokens.lines()) {
        assert_eq!(value["canonical"], token);
    }
}

/// `pin K^ --json`: a long option after the tokens is the option, not a
/// token (no PIN token starts with `--`); `-p` stays a token, and `--`
/// ends the options (issue 30).
#[test]
fn long_options_after_the_tokens_are_options() {
    let run = chessnote(&["pin", "K^", "-p", "--json"], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let values = run.json();
    assert_eq!(values.len(), 2);
    assert_eq!(values[0]["canonical"], "K^");
    assert_eq!(values[1]["canonical"], "-p");
    let run = chessnote(&["pin", "K^", "--json", "--quiet", "+r"], "");
    assert_eq!(run.json().len(), 2);
    // After `--`, everything is a token.
    let run = chessnote(&["pin", "--", "--json"], "");
    assert_eq!(run.code, 1);
    assert!(run.stdout.starts_with("error: "), "{}", run.stdout);
}
