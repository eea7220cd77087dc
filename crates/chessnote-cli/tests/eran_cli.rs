//! `chessnote eran`, run as a user would.

mod common;

fn chessnote(args: &[&str], stdin: &str) -> (i32, String) {
    let run = common::chessnote(args, stdin);
    (run.code, run.stdout)
}

#[test]
fn valid_moves_print_in_canonical_verbose_form_and_exit_0() {
    let (code, out) = chessnote(
        &["eran", "p e2-e4", "N B1-C3", "pawn g7-g8 >q", "CK", "ep"],
        "",
    );
    assert_eq!(code, 0, "{out}");
    assert_eq!(
        out,
        "Pawn e2-e4\nKnight b1-c3\nPawn g7-g8 ->Queen\ncastling-kingside\nen-passant\n"
    );
}

#[test]
fn short_prints_the_short_form() {
    let (code, out) = chessnote(
        &[
            "eran",
            "--short",
            "Pawn e2-e4",
            "Rook a1xa8",
            "Pawn g7-g8 ->Queen",
            "castling-queenside",
        ],
        "",
    );
    assert_eq!(code, 0, "{out}");
    assert_eq!(out, "P e2-e4\nR a1xa8\nP g7-g8 >Q\ncq\n");
}

#[test]
fn an_invalid_move_prints_the_error_with_a_caret_and_exits_1_after_all_inputs() {
    let (code, out) = chessnote(&["eran", "Pawn e2 e4", "ck"], "");
    assert_eq!(code, 1, "{out}");
    assert_eq!(
        out,
        "error: expected `-` or `x` after the origin square at byte 7\n  \
         Pawn e2 e4\n         ^\n\
         castling-kingside\n"
    );
}

#[test]
fn stdin_lines_are_read_when_no_move_is_given() {
    let (code, out) = chessnote(
        &["eran", "--short"],
        "Knight b1-c3\r\nPawn e7-e8\nen-passant\n",
    );
    assert_eq!(code, 1, "{out}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines,
        [
            "N b1-c3",
            "error: expected a promotion (` ->Queen`, ` >Q`, ...) after a pawn move to the last rank at byte 10",
            "  Pawn e7-e8",
            "            ^",
            "ep",
        ]
    );
}

#[test]
fn json_describes_each_move_or_its_error() {
    let (code, out) = chessnote(&["eran", "--json", "P g7xh8 >N", "cq", "R a1-a1"], "");
    assert_eq!(code, 1, "{out}");
    let values: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON value a line"))
        .collect();
    assert_eq!(
        values[0],
        serde_json::json!({
            "input": "P g7xh8 >N", "ok": true, "canonical": "Pawn g7xh8 ->Knight",
            "verbose": "Pawn g7xh8 ->Knight", "short": "P g7xh8 >N", "capture": true,
            "type": "regular", "piece": "Pawn", "from": "g7", "to": "h8",
            "promotion": "Knight",
        })
    );
    assert_eq!(values[1]["type"], "castling");
    assert_eq!(values[1]["side"], "queenside");
    assert_eq!(values[1]["short"], "cq");
    assert_eq!(values[2]["ok"], false);
    assert_eq!(values[2]["error"], "SameSquare");
    assert_eq!(values[2]["offset"], 5);
    assert_eq!(values.len(), 3);
}

#[test]
fn all_valid_stdin_exits_0() {
    let (code, out) = chessnote(&["eran"], "Q d1-h5\nB f1-c4\n");
    assert_eq!(code, 0, "{out}");
    assert_eq!(out, "Queen d1-h5\nBishop f1-c4\n");
}
