//! `chessnote pin`, run as a user would.

mod common;

fn chessnote(args: &[&str], stdin: &str) -> (i32, String) {
    let run = common::chessnote(args, stdin);
    (run.code, run.stdout)
}

#[test]
fn valid_tokens_print_their_attributes_and_exit_0() {
    let (code, out) = chessnote(&["pin", "+K^", "k^", "-p"], "");
    assert_eq!(code, 0, "{out}");
    assert_eq!(
        out,
        "+K^\tletter=K side=First state=Enhanced terminal=true canonical=+K^ chess=-\n\
         k^\tletter=K side=Second state=Normal terminal=true canonical=k^ chess=black king\n\
         -p\tletter=P side=Second state=Diminished terminal=false canonical=-p chess=-\n"
    );
}

#[test]
fn an_invalid_token_prints_the_error_with_a_caret_and_exits_1() {
    let (code, out) = chessnote(&["pin", "Q", "K+"], "");
    assert_eq!(code, 1, "{out}");
    assert_eq!(
        out,
        "Q\tletter=Q side=First state=Normal terminal=false canonical=Q chess=white queen\n\
         K+\terror: invalid PIN terminal marker (expected '^') (InvalidTerminalMarker) at byte 1\n  \
         K+\n   ^\n"
    );
}

#[test]
fn stdin_lines_are_read_when_no_token_is_given() {
    let (code, out) = chessnote(&["pin"], "R\r\nKKKK\n");
    assert_eq!(code, 1, "{out}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert!(lines[0].starts_with("R\tletter=R side=First"), "{out}");
    assert_eq!(
        lines[1],
        "KKKK\terror: PIN token longer than three bytes (TooLong) at byte 3"
    );
}

#[test]
fn json_gives_one_object_per_token() {
    let (code, out) = chessnote(&["pin", "--json", "b", "", "+G^"], "");
    assert_eq!(code, 1, "{out}");
    let values: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(values.len(), 3);
    assert_eq!(
        values[0],
        serde_json::json!({"input": "b", "ok": true, "letter": "B", "side": "Second",
            "state": "Normal", "terminal": false, "canonical": "b", "chess": "black bishop"})
    );
    assert_eq!(
        values[1],
        serde_json::json!({"input": "", "ok": false, "error": "Empty",
            "message": "empty PIN token", "offset": 0})
    );
    assert_eq!(values[2]["canonical"], "+G^");
    assert_eq!(values[2]["chess"], serde_json::Value::Null);
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
    let (code, out) = chessnote(&["pin", "--json"], &tokens);
    assert_eq!(code, 0);
    assert_eq!(out.lines().count(), 312);
    for (line, token) in out.lines().zip(tokens.lines()) {
        let value: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(value["canonical"], token);
    }
}
