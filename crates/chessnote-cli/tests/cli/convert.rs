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
    // Changed by issue 11: one output line per input line.
    assert_eq!(run.stdout, "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 e1g1\n");
    let run = chessnote(
        &["convert", "--from", "uci", "--to", "lan"],
        "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 e1g1",
    );
    // Changed by issue 11: one output line per input line.
    assert_eq!(run.stdout, "e2-e4 e7-e5 Ng1-f3 Nb8-c6 Bf1-b5 a7-a6 O-O\n");
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
    // Changed by issue 11: the inputs after the failure are not played, and
    // each still has its line.
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0], "e2e4");
    assert!(
        lines[1].starts_with("error: illegal move `Ke7`"),
        "{}",
        run.stdout
    );
    assert_eq!(lines[2], "error: not played: an earlier move failed");
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
    // Changed by issue 11: one output line per input line.
    assert_eq!((run.stdout.as_str(), run.code), ("e2e4\ng8f6 e4e5\n", 0));
    let run = chessnote(
        &["convert", "--from", "san", "--to", "uci", "--lenient"],
        "e4 d5 e5 f5 exf6 e.p.\n",
    );
    // Changed by issue 11: one output line per input line.
    assert_eq!(
        (run.stdout.as_str(), run.code),
        ("e2e4 d7d5 e4e5 f7f5 e5f6\n", 0)
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
    // Changed by issue 11: one output line per input line.
    assert_eq!(
        (run.stdout.as_str(), run.code),
        ("e2e4 e7e5 g1f3\n", 0),
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
    // Changed by issue 11: one output line per input line.
    assert_eq!(run.lines().len(), 2);
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

/// Issue 11 review: one output line per input, the moves of a line joined
/// by spaces; a failing move fails its line, and every later input is not
/// played.
#[test]
fn one_output_line_per_input_and_later_inputs_are_not_played() {
    let file = TempFile::new(
        "lines.txt",
        "1. e4 e5 2. Nf3\n1-0\n\nNc6 Bb9\nd4\n# a comment\nNf6\n",
    );
    let args = ["convert", "--from", "san", "--to", "uci", "--file"];
    let mut all = args.to_vec();
    all.push(file.arg());
    let run = chessnote(&all, "");
    assert_eq!(run.code, 1);
    let lines = run.lines();
    assert_eq!(lines.len(), 7, "{}", run.stdout);
    assert_eq!(&lines[..3], ["e2e4 e7e5 g1f3", "", ""]);
    assert!(
        lines[3].starts_with("error: invalid move `Bb9`") && lines[3].ends_with(" at byte 6"),
        "{}",
        lines[3]
    );
    let not_played = "error: not played: an earlier move failed";
    assert_eq!(&lines[4..], [not_played, "", not_played]);
    let (_, line, caret) = diagnostic(&run.stderr, &format!("{}:4:7: ", file.arg()));
    assert_eq!((line, caret), ("  Nc6 Bb9", 2 + 6));

    let mut all = vec![
        "convert", "--from", "san", "--to", "uci", "--json", "--file",
    ];
    all.push(file.arg());
    let values = chessnote(&all, "").json();
    assert_eq!(values.len(), 7);
    assert_eq!(
        values[0]["moves"],
        serde_json::json!(["e2e4", "e7e5", "g1f3"])
    );
    assert_eq!(
        (&values[1]["ok"], &values[1]["moves"]),
        (&true.into(), &serde_json::json!([]))
    );
    assert_eq!(values[3]["ok"], false);
    assert_eq!(values[3]["input"], "Nc6 Bb9");
    assert_eq!(values[3]["moves"], serde_json::json!(["b8c6"]));
    assert_eq!(values[3]["error"]["offset"], 6);
    assert_eq!(values[3]["error"]["column"], 7);
    assert_eq!(values[4]["error"]["kind"], "not-played");
    assert_eq!(values[6]["error"]["kind"], "not-played");
}

/// Issue 11 review: each argument is one input too.
#[test]
fn each_argument_is_one_input() {
    let run = chessnote(
        &[
            "convert",
            "--from",
            "san",
            "--to",
            "uci",
            "1. e4 e5",
            "2. Nf3 1-0",
            "1/2-1/2",
        ],
        "",
    );
    assert_eq!((run.stdout.as_str(), run.code), ("e2e4 e7e5\ng1f3\n\n", 0));
}

/// Issue 11 review: README's first command prints one line for its one
/// line of moves.
#[test]
fn the_readme_example_is_one_line() {
    let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples/heyermans-blackburne-1880.san");
    let moves = std::fs::read_to_string(path).expect("the example");
    let run = chessnote(&["convert", "--from", "san", "--to", "lan"], &moves);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.lines().len(), 1, "{}", run.stdout);
    assert!(
        run.stdout.starts_with("e2-e4 e7-e5 f2-f4 d7-d5 "),
        "{}",
        run.stdout
    );
    assert!(run.stdout.ends_with(" e2xd1=Q#\n"), "{}", run.stdout);
}

/// Issue 11 review: `--fen` with `--tsv` is a usage error, as MOVE
/// arguments are.
#[test]
fn tsv_with_fen_is_a_usage_error() {
    let run = chessnote(
        &[
            "convert", "--from", "san", "--to", "uci", "--tsv", "--fen", START,
        ],
        format!("{START}\tNf3\n"),
    );
    assert_eq!((run.stdout.as_str(), run.code), ("", 2));
    assert!(run.stderr.contains("--fen"), "{}", run.stderr);
}

/// Issue 11 review: the FEN leniencies a position used are reported, as
/// the SAN ones are.
#[test]
fn fen_leniencies_are_reported() {
    let odd = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";
    let run = chessnote(
        &[
            "convert",
            "--from",
            "san",
            "--to",
            "uci",
            "--lenient",
            "--fen",
            odd,
            "e4",
        ],
        "",
    );
    assert_eq!((run.stdout.as_str(), run.code), ("e2e4\n", 0));
    assert!(
        run.stderr
            .contains(&format!("`{odd}` read with leniency missing-counters")),
        "{}",
        run.stderr
    );
    let run = chessnote(
        &[
            "convert",
            "--from",
            "san",
            "--to",
            "uci",
            "--tsv",
            "--lenient",
            "--json",
        ],
        format!("{odd}\tPe4\n{START}\te4\n"),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let values = run.json();
    assert_eq!(
        values[0]["leniencies"],
        serde_json::json!(["missing-counters", "pawn-letter"])
    );
    assert_eq!(values[1]["leniencies"], serde_json::json!([]));
    assert!(
        run.stderr.contains("read with leniency missing-counters"),
        "{}",
        run.stderr
    );
}

/// Issue 11 review: in `--tsv`, `at byte N` on stdout and the JSON
/// `offset` count from the start of the line.
#[test]
fn tsv_error_offsets_count_from_the_start_of_the_line() {
    let input = format!("{START}\tNf9\n");
    let args = ["convert", "--from", "san", "--to", "uci", "--tsv"];
    let run = chessnote(&args, &input);
    let at = START.len() + 3;
    assert!(
        run.stdout.ends_with(&format!(" at byte {at}\n")),
        "{}",
        run.stdout
    );
    let mut json = args.to_vec();
    json.push("--json");
    let run = chessnote(&json, &input);
    assert_eq!(run.json()[0]["error"]["offset"], at);
}

/// The same problem has the same kind in every command: an illegal move is
/// `illegal-move` in `convert --json` as in `pgn check --json` (issue 30).
#[test]
fn an_illegal_move_has_the_kind_the_pgn_reader_gives_it() {
    let run = chessnote(
        &[
            "convert", "--from", "san", "--to", "uci", "--json", "e4", "Ke3",
        ],
        "",
    );
    assert_eq!(run.code, 1);
    let values = run.json();
    assert_eq!(values[1]["ok"], false, "{}", run.stdout);
    assert_eq!(values[1]["error"]["kind"], "illegal-move", "{}", run.stdout);
    let check = chessnote(&["pgn", "check", "--json", "-"], "1. e4 Ke3 *\n");
    let problem: serde_json::Value =
        serde_json::from_str(check.stdout.lines().next().expect("a problem")).unwrap();
    assert_eq!(
        problem["kind"], values[1]["error"]["kind"],
        "{}",
        check.stdout
    );
}

/// The pasted movetext of each game of a PGN file, one game a line, its
/// line breaks made spaces: comments, variations and NAGs kept.
fn one_game_a_line(pgn: &str) -> String {
    let mut out = String::new();
    let mut movetext = Vec::new();
    for line in pgn.lines().chain(["[End]"]) {
        if line.starts_with('[') {
            if !movetext.is_empty() {
                out.push_str(&movetext.join(" "));
                out.push('\n');
                movetext.clear();
            }
        } else if !line.trim().is_empty() {
            movetext.push(line.trim());
        }
    }
    out
}

/// Issue 30: a pasted line that starts at move 1 starts from the initial
/// position (line 2 failed, and every later line printed `not played`),
/// and `{comments}`, `( variations )` and `$1` are read as PGN movetext
/// is: the games of a file pasted one a line convert as `pgn convert
/// --to uci` converts the file.
#[test]
fn one_game_a_line_with_comments_and_variations_converts_as_pgn_does() {
    let mut marks = String::new();
    for rel in [
        "data/pgn/small/chess.js/benchmark.pgn",
        "data/pgn/small/notnil-chess/0002.pgn",
        "data/pgn/small/notnil-chess/0013.pgn",
        "data/pgn/small/python-chess/variations-nags-and-comments.pgn",
        "data/pgn/small/python-chess/stockfish-learning.pgn",
    ] {
        let Some(path) = super::shared_path(rel) else {
            return;
        };
        let pgn = std::fs::read_to_string(&path).unwrap();
        let pasted = one_game_a_line(&pgn);
        marks.extend(pasted.chars().filter(|c| "({$".contains(*c)));
        let expected = chessnote(
            &["pgn", "convert", "--to", "uci", path.to_str().unwrap()],
            "",
        );
        assert_eq!(expected.code, 0, "{}", expected.stderr);
        let run = chessnote(&["convert", "--from", "san", "--to", "uci"], &pasted);
        assert_eq!(run.code, 0, "{rel}: {}", run.stderr);
        assert_eq!(run.lines().len(), pasted.lines().count());
        assert!(run.stdout == expected.stdout, "{rel}");
    }
    for mark in ['(', '{', '$'] {
        assert!(marks.contains(mark), "no {mark} in the games");
    }
}

/// The Lichess openings table (CC0): each opening's movetext, one a line,
/// gives its UCI column; a failing line leaves the next opening alone.
#[test]
fn each_opening_a_line_converts_to_its_uci() {
    let Some(path) = super::shared_path("data/openings/lichess-chess-openings-dist.tsv") else {
        return;
    };
    let table = std::fs::read_to_string(path).unwrap();
    let rows: Vec<(&str, &str)> = table
        .lines()
        .skip(1)
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            (fields[2], fields[3])
        })
        .collect();
    assert!(rows.len() > 3000);
    let mut input: String = rows.iter().map(|(pgn, _)| format!("{pgn}\n")).collect();
    input.push_str("1. e4 e5 2. Ke3\n2. d4\n1. d4 d5\n");
    let run = chessnote(&["convert", "--from", "san", "--to", "uci"], &input);
    assert_eq!(run.code, 1);
    let lines = run.lines();
    let n = rows.len();
    assert_eq!(lines.len(), n + 3);
    for (line, (pgn, uci)) in lines.iter().zip(&rows) {
        assert_eq!(line, uci, "{pgn}");
    }
    assert!(
        lines[n].starts_with("error: illegal move `Ke3`"),
        "{}",
        lines[n]
    );
    assert_eq!(lines[n + 1], "error: not played: an earlier move failed");
    assert_eq!(lines[n + 2], "d2d4 d7d5");
}

/// What opens and is not closed is not skipped unseen: it fails as a move.
#[test]
fn an_unclosed_comment_or_variation_is_an_error() {
    for (text, word) in [
        ("1. e4 {good e5", "{good e5"),
        ("1. e4 (1. d4 d5", "(1. d4 d5"),
        ("1. e4 ) e5", ")"),
    ] {
        let run = chessnote(&["convert", "--from", "san", "--to", "uci", text], "");
        assert_eq!(run.code, 1, "{text}");
        assert!(
            run.stdout
                .starts_with(&format!("error: invalid move `{word}`")),
            "{text}: {}",
            run.stdout
        );
    }
}

/// Issue 34: `--variant` plays the moves by the variant's rules. On the
/// 210 random games python-chess's `chess.variant` played
/// (`scripts/gen_variant_vectors.py`), a game a line from each variant's
/// start: UCI to SAN gives python-chess's SAN (drops, king promotions, `#`
/// after a variant's win); SAN to LAN and LAN back to UCI give the moves
/// played, and so do UCI to ERAN (drops `Knight @f3`, king promotions
/// `Pawn e7-e8 ->King`) and back. A name chessnote does not play is a
/// usage error.
#[test]
fn variant_moves_convert_as_python_chess_writes_them() {
    let text = chessnote_testdata::vectors_text("variant-games.jsonl.zst");
    let mut games: std::collections::BTreeMap<String, (Vec<String>, Vec<String>)> =
        std::collections::BTreeMap::new();
    for line in text.lines() {
        let game: serde_json::Value = serde_json::from_str(line).expect("JSON");
        let plies = game["plies"].as_array().expect("plies");
        let moves = |key: &str| -> String {
            let played: Vec<&str> = plies.iter().filter_map(|p| p[key].as_str()).collect();
            format!("1. {}", played.join(" "))
        };
        let (uci, san) = games
            .entry(game["variant"].as_str().expect("a variant").to_owned())
            .or_default();
        uci.push(moves("move"));
        san.push(moves("san"));
    }
    assert_eq!(games.len(), 7);
    let convert = |variant: &str, from: &str, to: &str, lines: &[String]| {
        let name = format!("variant-{variant}-{from}-{to}.txt");
        let file = TempFile::new(&name, lines.join("\n"));
        let run = chessnote(
            &[
                "convert",
                "--from",
                from,
                "--to",
                to,
                "--variant",
                variant,
                "--file",
                file.arg(),
            ],
            "",
        );
        assert_eq!(run.code, 0, "{variant} {from} to {to}: {}", run.stderr);
        run.stdout
            .lines()
            .map(|line| format!("1. {line}"))
            .collect::<Vec<_>>()
    };
    for (variant, (uci, san)) in &games {
        assert_eq!(&convert(variant, "uci", "san", uci), san, "{variant}: SAN");
        let lan = convert(variant, "san", "lan", san);
        assert_eq!(&convert(variant, "lan", "uci", &lan), uci, "{variant}: LAN");
        for style in ["eran", "eran-short"] {
            let eran = convert(variant, "uci", style, uci);
            assert_eq!(
                &convert(variant, "eran", "uci", &eran),
                uci,
                "{variant}: {style}"
            );
        }
    }
    let drops = convert("crazyhouse", "uci", "eran-short", &games["crazyhouse"].0);
    assert!(
        drops.iter().any(|line| line.contains(" @")),
        "no drop written"
    );
    let kings = convert("antichess", "uci", "eran", &games["antichess"].0);
    assert!(
        kings.iter().any(|line| line.contains(" ->King")),
        "no king promotion written"
    );
    let mut all = vec!["convert"];
    all.extend(["--from", "san", "--to", "uci", "--variant", "giveaway"]);
    assert_eq!(chessnote(&all, "e4").code, 2);
}
