//! `chessnote eran`.

use super::{chessnote, shows_the_contract};

#[test]
fn the_contract() {
    shows_the_contract(
        &["eran", "--file"],
        &["Pawn e2-e4", "Pawn e2 e4", "", "ck", "R a1-a1", "N b1-c3"],
        &[None, Some(8), None, None, Some(6), None],
        "error: ",
    );
}

#[test]
fn valid_moves_print_in_canonical_verbose_form_and_exit_0() {
    let run = chessnote(
        &["eran", "p e2-e4", "N B1-C3", "pawn g7-g8 >q", "CK", "ep"],
        "",
    );
    assert_eq!(run.code, 0, "{}", run.stdout);
    assert_eq!(
        run.stdout,
        "Pawn e2-e4\nKnight b1-c3\nPawn g7-g8 ->Queen\ncastling-kingside\nen-passant\n"
    );
}

#[test]
fn short_prints_the_short_form() {
    let run = chessnote(
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
    assert_eq!(run.code, 0, "{}", run.stdout);
    assert_eq!(run.stdout, "P e2-e4\nR a1xa8\nP g7-g8 >Q\ncq\n");
}

#[test]
fn an_invalid_move_prints_the_error_with_a_caret_and_exits_1_after_all_inputs() {
    // Changed by issue 11: the caret goes to stderr, with the place.
    let run = chessnote(&["eran", "Pawn e2 e4", "ck"], "");
    assert_eq!(run.code, 1, "{}", run.stdout);
    assert_eq!(
        run.stdout,
        "error: expected `-` or `x` after the origin square at byte 7\ncastling-kingside\n"
    );
    assert_eq!(
        run.stderr,
        "<args>:1:8: expected `-` or `x` after the origin square\n  Pawn e2 e4\n         ^\n"
    );
}

#[test]
fn stdin_lines_are_read_when_no_move_is_given() {
    let run = chessnote(
        &["eran", "--short"],
        "Knight b1-c3\r\nPawn e7-e8\nen-passant\n",
    );
    assert_eq!(run.code, 1, "{}", run.stdout);
    assert_eq!(
        run.lines(),
        [
            "N b1-c3",
            "error: expected a promotion (` ->Queen`, ` >Q`, ...) after a pawn move to the last rank at byte 10",
            "ep",
        ]
    );
    assert!(run.stderr.starts_with("<stdin>:2:11: "), "{}", run.stderr);
}

#[test]
fn json_describes_each_move_or_its_error() {
    let run = chessnote(&["eran", "--json", "P g7xh8 >N", "cq", "R a1-a1"], "");
    assert_eq!(run.code, 1, "{}", run.stdout);
    let values = run.json();
    // Changed by issue 11: lowercase piece names from the library, and
    // the move's type is `kind`, as in `san`.
    assert_eq!(
        values[0],
        serde_json::json!({
            "input": "P g7xh8 >N", "ok": true, "canonical": "Pawn g7xh8 ->Knight",
            "verbose": "Pawn g7xh8 ->Knight", "short": "P g7xh8 >N", "capture": true,
            "kind": "regular", "piece": "pawn", "from": "g7", "to": "h8",
            "promotion": "knight",
        })
    );
    // Changed by issue 11: `kind`, as in `san`.
    assert_eq!(values[1]["kind"], "castling");
    assert_eq!(values[1]["side"], "queenside");
    assert_eq!(values[1]["short"], "cq");
    assert_eq!(values[2]["ok"], false);
    // Changed by issue 11: the kind's stable name, not its Debug text.
    assert_eq!(values[2]["error"]["kind"], "same-square");
    assert_eq!(values[2]["error"]["offset"], 5);
    assert_eq!(values.len(), 3);
}

#[test]
fn all_valid_stdin_exits_0() {
    let run = chessnote(&["eran"], "Q d1-h5\nB f1-c4\n");
    assert_eq!(run.code, 0, "{}", run.stdout);
    assert_eq!(run.stdout, "Queen d1-h5\nBishop f1-c4\n");
}
