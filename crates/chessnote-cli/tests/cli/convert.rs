//! `chessnote convert`.

use super::{TempFile, chessnote, diagnostic, shows_the_contract};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn the_contract_of_tsv() {
    let lines = [
        format!("{START}\tNf3"),
        format!("{START}\tNf9"),
        String::new(),
        "8/8/8 w - - 0 1\te4".to_string(),
        format!("{START}\te4"),
    ];
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    let fen_len = START.len();
    shows_the_contract(
        &["convert", "--from", "san", "--to", "uci", "--tsv", "--file"],
        &lines,
        &[None, Some(fen_len + 4), None, Some(6), None],
        "error: ",
    );
}

#[test]
fn a_game_in_san_becomes_uci_lan_and_eran() {
    let run = chessnote(
        &["convert", "--from", "san", "--to", "uci"],
        "e4 e5 Nf3 Nc6 Bb5 a6 O-O",
    );
    assert_eq!(run.code, 0);
    assert_eq!(run.stdout, "e2e4\ne7e5\ng1f3\nb8c6\nf1b5\na7a6\ne1g1\n");
    let run = chessnote(
        &["convert", "--from", "uci", "--to", "lan"],
        "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 e1g1",
    );
    assert_eq!(
        run.stdout,
        "e2-e4\ne7-e5\nNg1-f3\nNb8-c6\nBf1-b5\na7-a6\nO-O\n"
    );
    let run = chessnote(
        &[
            "convert",
            "--from",
            "lan",
            "--to",
            "eran-short",
            "e2-e4",
            "e7-e5",
            "O-O",
        ],
        "",
    );
    assert_eq!(
        run.stdout,
        "P e2-e4\nP e7-e5\nerror: illegal move `O-O` in rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2\n"
    );
    assert!(
        run.stderr.starts_with("<args>:3:1: illegal move `O-O`"),
        "{}",
        run.stderr
    );
}

#[test]
fn the_first_failing_move_ends_the_sequence() {
    let run = chessnote(
        &[
            "convert", "--from", "san", "--to", "uci", "e4", "Ke7", "Nf3",
        ],
        "",
    );
    assert_eq!(run.code, 1);
    let lines = run.lines();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0], "e2e4");
    assert!(
        lines[1].starts_with("error: illegal move `Ke7`"),
        "{}",
        run.stdout
    );
}

#[test]
fn chess960_castling_is_king_takes_rook_in_uci() {
    let fen = "bqnbrkr1/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKR1 w GEge - 0 1";
    let run = chessnote(
        &[
            "convert",
            "--from",
            "uci",
            "--to",
            "san",
            "--chess960",
            "--fen",
            fen,
            "f1e1",
        ],
        "",
    );
    assert_eq!(
        (run.stdout.as_str(), run.code),
        (
            "error: illegal move `f1e1` in bqnbrkr1/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKR1 w KQkq - 0 1\n",
            1
        )
    );
    let fen = "bqnbrk1r/pppppppp/8/8/8/8/PPPPPPPP/BQNBRK1R w HEhe - 0 1";
    let run = chessnote(
        &[
            "convert",
            "--from",
            "uci",
            "--to",
            "san",
            "--chess960",
            "--fen",
            fen,
            "f1h1",
        ],
        "",
    );
    assert_eq!((run.stdout.as_str(), run.code), ("O-O\n", 0));
}

#[test]
fn tsv_lines_are_converted_on_their_own_and_leniency_is_reported() {
    let input = format!("{START}\tNf3\n{START}\tNd2\nnot a fen\te4\n{START}\tPe4\n");
    let run = chessnote(
        &[
            "convert",
            "--from",
            "san",
            "--to",
            "uci",
            "--tsv",
            "--lenient",
        ],
        &input,
    );
    assert_eq!(run.code, 1);
    let lines = run.lines();
    assert_eq!(lines[0], "g1f3");
    assert!(
        lines[1].starts_with("error: illegal move `Nd2`"),
        "{}",
        run.stdout
    );
    // Changed by issue 11: the FEN error is the library's, and its place
    // is on stderr.
    assert!(lines[2].starts_with("error: "), "{}", run.stdout);
    assert!(
        !lines[2].contains("invalid FEN: invalid FEN"),
        "{}",
        run.stdout
    );
    assert!(run.stderr.contains("<stdin>:3:2: "), "{}", run.stderr);
    assert_eq!(lines[3], "e2e4");
    // Changed by issue 11: the leniency's name.
    assert!(
        run.stderr.contains("`Pe4` read with leniency pawn-letter"),
        "{}",
        run.stderr
    );
}

#[test]
fn null_moves_pass_the_turn() {
    let run = chessnote(
        &[
            "convert", "--from", "uci", "--to", "san", "e2e4", "0000", "d2d4",
        ],
        "",
    );
    assert_eq!((run.stdout.as_str(), run.code), ("e4\n--\nd4\n", 0));
}

#[test]
fn eran_moves_and_en_passant_marks_keep_their_spaces() {
    let run = chessnote(
        &[
            "convert",
            "--from",
            "eran",
            "--to",
            "san",
            "Pawn e2-e4",
            "n g8-f6",
        ],
        "",
    );
    assert_eq!((run.stdout.as_str(), run.code), ("e4\nNf6\n", 0));
    let run = chessnote(
        &["convert", "--from", "eran", "--to", "uci"],
        "Pawn e2-e4\nknight g8-f6 P e4-e5\n",
    );
    assert_eq!((run.stdout.as_str(), run.code), ("e2e4\ng8f6\ne4e5\n", 0));
    let run = chessnote(
        &["convert", "--from", "san", "--to", "uci", "--lenient"],
        "e4 d5 e5 f5 exf6 e.p.\n",
    );
    assert_eq!(
        (run.stdout.as_str(), run.code),
        ("e2e4\nd7d5\ne4e5\nf7f5\ne5f6\n", 0)
    );
    assert!(run.stderr.contains("en-passant-suffix"), "{}", run.stderr);
}

#[test]
fn tsv_with_move_arguments_is_a_usage_error() {
    let run = chessnote(
        &["convert", "--from", "san", "--to", "uci", "--tsv", "e4"],
        format!("{START}\tNf3\n"),
    );
    assert_eq!((run.stdout.as_str(), run.code), ("", 2));
    assert!(run.stderr.contains("--tsv"), "{}", run.stderr);
}

#[test]
fn pasted_movetext_with_move_numbers_and_a_result() {
    let run = chessnote(
        &["convert", "--from", "san", "--to", "uci"],
        "1. e4 e5 2. Nf3 1-0\n",
    );
    assert_eq!(
        (run.stdout.as_str(), run.code),
        ("e2e4\ne7e5\ng1f3\n", 0),
        "{}",
        run.stderr
    );
}

#[test]
fn errors_in_moves_from_a_file_have_line_and_column() {
    let file = TempFile::new("moves.txt", "e4 e5\nNf3 Nc6 Bb9\n");
    let run = chessnote(
        &[
            "convert",
            "--from",
            "san",
            "--to",
            "uci",
            "--file",
            file.arg(),
        ],
        "",
    );
    assert_eq!(run.code, 1);
    assert_eq!(run.lines().len(), 5);
    let (_, line, caret) = diagnostic(&run.stderr, &format!("{}:2:11: ", file.arg()));
    assert_eq!((line, caret), ("  Nf3 Nc6 Bb9", 2 + 10));
}

#[test]
fn convert_fen_is_as_strict_as_fen_check_and_its_errors_have_a_caret() {
    let odd = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";
    let check = chessnote(&["fen", "check", odd], "");
    let convert = chessnote(
        &[
            "convert", "--from", "san", "--to", "uci", "--fen", odd, "e4",
        ],
        "",
    );
    assert_eq!((check.code, convert.code), (1, 1));
    assert_eq!(check.stdout, convert.stdout);
    assert!(
        convert.stderr.starts_with("--fen:1:53: "),
        "{}",
        convert.stderr
    );
    assert!(
        convert
            .stderr
            .lines()
            .nth(2)
            .is_some_and(|l| l.ends_with('^'))
    );
    let lenient = ["--allow", "missing-counters"];
    let check = chessnote(&["fen", "check", lenient[0], lenient[1], odd], "");
    let convert = chessnote(
        &[
            "convert", "--from", "san", "--to", "uci", lenient[0], lenient[1], "--fen", odd, "e4",
        ],
        "",
    );
    assert_eq!((check.code, convert.stdout.as_str()), (0, "e2e4\n"));
}
