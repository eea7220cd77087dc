//! `chessnote san` from the outside: output, errors with a caret, exit status.

mod common;

fn chessnote(args: &[&str], stdin: &str) -> (String, i32) {
    let run = common::chessnote(args, stdin);
    (run.stdout, run.code)
}

#[test]
fn tokens_from_arguments() {
    let (out, code) = chessnote(&["san", "Nbxd7+", "O-O-O", "e8=Q#!?"], "");
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        "Nbxd7+\tmove piece=Knight from=b capture=yes to=d7 promotion=- check=+ annotation=- canonical=Nbxd7+"
    );
    assert_eq!(
        lines[1],
        "O-O-O\tcastling side=queen check=- annotation=- canonical=O-O-O"
    );
    assert_eq!(
        lines[2],
        "e8=Q#!?\tmove piece=Pawn from=- capture=no to=e8 promotion=Queen check=# annotation=!? canonical=e8=Q#!?"
    );
}

#[test]
fn errors_point_at_the_byte_and_set_the_exit_status_after_all_tokens() {
    let (out, code) = chessnote(&["san"], "e4\nNf9\nd5\n");
    assert_eq!(code, 1);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5, "{out}");
    assert!(lines[0].starts_with("e4\tmove"));
    assert_eq!(
        lines[1],
        "Nf9\terror: expected a rank digit `1`-`8` at byte 2"
    );
    assert_eq!(lines[2], "  Nf9");
    assert_eq!(lines[3], "    ^");
    assert!(lines[4].starts_with("d5\tmove"));
}

#[test]
fn json_lines_and_seed_rules() {
    let (out, code) = chessnote(&["san", "--json", "0-0", "--seed"], "");
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["kind"], "castling");
    assert_eq!(v["canonical"], "O-O");

    let (out, code) = chessnote(&["san", "--json", "0-0"], "");
    assert_eq!(code, 1);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["ok"], false);
    assert_eq!(v["offset"], 0);
}
