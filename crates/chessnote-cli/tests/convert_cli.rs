//! `chessnote convert` from the outside.

mod common;

fn chessnote(args: &[&str], stdin: &str) -> (String, String, i32) {
    let run = common::chessnote(args, stdin);
    (run.stdout, run.stderr, run.code)
}

#[test]
fn a_game_in_san_becomes_uci_lan_and_eran() {
    let game = "e4 e5 Nf3 Nc6 Bb5 a6 O-O";
    let (out, _, code) = chessnote(&["convert", "--from", "san", "--to", "uci"], game);
    assert_eq!(code, 0);
    assert_eq!(out, "e2e4\ne7e5\ng1f3\nb8c6\nf1b5\na7a6\ne1g1\n");
    let (out, _, _) = chessnote(
        &["convert", "--from", "uci", "--to", "lan"],
        "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 e1g1",
    );
    assert_eq!(out, "e2-e4\ne7-e5\nNg1-f3\nNb8-c6\nBf1-b5\na7-a6\nO-O\n");
    let (out, _, _) = chessnote(
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
        out,
        "P e2-e4\nP e7-e5\nerror: illegal move `O-O` in rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2\n"
    );
}

#[test]
fn the_first_failing_move_ends_the_sequence() {
    let (out, _, code) = chessnote(
        &[
            "convert", "--from", "san", "--to", "uci", "e4", "Ke7", "Nf3",
        ],
        "",
    );
    assert_eq!(code, 1);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0], "e2e4");
    assert!(lines[1].starts_with("error: illegal move `Ke7`"), "{out}");
}

#[test]
fn chess960_castling_is_king_takes_rook_in_uci() {
    let fen = "bqnbrkr1/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKR1 w GEge - 0 1";
    let (out, _, code) = chessnote(
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
        (out.as_str(), code),
        (
            "error: illegal move `f1e1` in bqnbrkr1/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKR1 w KQkq - 0 1\n",
            1
        )
    );
    let fen = "bqnbrk1r/pppppppp/8/8/8/8/PPPPPPPP/BQNBRK1R w HEhe - 0 1";
    let (out, _, code) = chessnote(
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
    assert_eq!((out.as_str(), code), ("O-O\n", 0));
}

#[test]
fn tsv_lines_are_converted_on_their_own_and_leniency_is_reported() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let input = format!("{start}\tNf3\n{start}\tNd2\nnot a fen\te4\n{start}\tPe4\n");
    let (out, err, code) = chessnote(
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
    assert_eq!(code, 1);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "g1f3");
    assert!(lines[1].starts_with("error: illegal move `Nd2`"), "{out}");
    assert!(lines[2].starts_with("error: invalid FEN"), "{out}");
    assert_eq!(lines[3], "e2e4");
    assert!(
        err.contains("`Pe4` read with leniency: pawn move written with P"),
        "{err}"
    );
}

#[test]
fn null_moves_pass_the_turn() {
    let (out, _, code) = chessnote(
        &[
            "convert", "--from", "uci", "--to", "san", "e2e4", "0000", "d2d4",
        ],
        "",
    );
    assert_eq!((out.as_str(), code), ("e4\n--\nd4\n", 0));
}

#[test]
fn eran_moves_and_en_passant_marks_keep_their_spaces() {
    let (out, _, code) = chessnote(
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
    assert_eq!((out.as_str(), code), ("e4\nNf6\n", 0));
    let (out, _, code) = chessnote(
        &["convert", "--from", "eran", "--to", "uci"],
        "Pawn e2-e4\nknight g8-f6 P e4-e5\n",
    );
    assert_eq!((out.as_str(), code), ("e2e4\ng8f6\ne4e5\n", 0));
    let (out, err, code) = chessnote(
        &["convert", "--from", "san", "--to", "uci", "--lenient"],
        "e4 d5 e5 f5 exf6 e.p.\n",
    );
    assert_eq!((out.as_str(), code), ("e2e4\nd7d5\ne4e5\nf7f5\ne5f6\n", 0));
    assert!(err.contains("en-passant mark"), "{err}");
}
