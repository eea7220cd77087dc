//! `chessnote san`.

use super::{chessnote, shows_the_contract};

#[test]
fn the_contract() {
    shows_the_contract(
        &["san", "--file"],
        &["e4", "Nf9", "", "O-O-O", "Qxe9+", "exd8=Q#"],
        &[None, Some(3), None, None, Some(4), None],
        "error: ",
    );
}

#[test]
fn tokens_from_arguments() {
    // Changed by issue 11: the token is no longer echoed before a tab (paste
    // the input and the output side by side instead), and piece and side
    // names are the library's lowercase names.
    let run = chessnote(&["san", "Nbxd7+", "O-O-O", "e8=Q#!?"], "");
    assert_eq!(run.code, 0);
    let lines = run.lines();
    assert_eq!(
        lines[0],
        "move piece=knight from=b capture=yes to=d7 promotion=- check=+ annotation=- canonical=Nbxd7+"
    );
    assert_eq!(
        lines[1],
        "castling side=queenside check=- annotation=- canonical=O-O-O"
    );
    assert_eq!(
        lines[2],
        "move piece=pawn from=- capture=no to=e8 promotion=queen check=# annotation=!? canonical=e8=Q#!?"
    );
}

#[test]
fn errors_point_at_the_byte_and_set_the_exit_status_after_all_tokens() {
    // Changed by issue 11: one stdout line per input; the caret is on stderr.
    let run = chessnote(&["san"], "e4\nNf9\nd5\n");
    assert_eq!(run.code, 1);
    let lines = run.lines();
    assert_eq!(lines.len(), 3, "{}", run.stdout);
    assert!(lines[0].starts_with("move"));
    assert_eq!(lines[1], "error: expected a rank digit `1`-`8` at byte 2");
    assert!(lines[2].starts_with("move"));
    assert_eq!(
        run.stderr,
        "<stdin>:2:3: expected a rank digit `1`-`8`\n  Nf9\n    ^\n"
    );
}

#[test]
fn json_lines_and_seed_rules() {
    let run = chessnote(&["san", "--json", "0-0", "--seed"], "");
    assert_eq!(run.code, 0);
    let v = &run.json()[0];
    assert_eq!(v["kind"], "castling");
    assert_eq!(v["side"], "kingside");
    assert_eq!(v["canonical"], "O-O");

    let run = chessnote(&["san", "--json", "0-0"], "");
    assert_eq!(run.code, 1);
    let v = &run.json()[0];
    assert_eq!(v["ok"], false);
    // Changed by issue 11: the error is an object.
    assert_eq!(v["error"]["offset"], 0);
    assert_eq!(v["error"]["line"], 1);
}

#[test]
fn allow_takes_the_library_leniency_names() {
    let run = chessnote(
        &[
            "san",
            "--allow",
            "zero-castling,pawn-letter",
            "0-0",
            "Pe4",
            "e8Q",
        ],
        "",
    );
    assert_eq!(run.code, 1);
    let lines = run.lines();
    assert!(
        lines[0].ends_with("canonical=O-O leniencies=zero-castling"),
        "{}",
        lines[0]
    );
    assert!(
        lines[1].ends_with("canonical=e4 leniencies=pawn-letter"),
        "{}",
        lines[1]
    );
    assert!(lines[2].starts_with("error: "), "{}", lines[2]);
    let run = chessnote(&["san", "--lenient", "--json", "e8Q"], "");
    assert_eq!(
        run.json()[0]["leniencies"],
        serde_json::json!(["promotion-without-equals"])
    );
    let run = chessnote(&["san", "--allow", "no-such-leniency", "e4"], "");
    assert_eq!((run.stdout.as_str(), run.code), ("", 2));
    assert!(run.stderr.contains("zero-castling"), "{}", run.stderr);
    // A FEN leniency is not one of SAN's.
    assert_eq!(
        chessnote(&["san", "--allow", "missing-counters", "e4"], "").code,
        2
    );
}

/// An error a leniency fixes names it, and allowing it reads the input: on
/// every input of the seed's conformance table and of the SAN fuzz seeds.
#[test]
fn errors_name_the_leniency_that_reads_the_input() {
    let mut inputs: Vec<String> = Vec::new();
    for (rel, column) in [
        ("conformance/san.tsv", "input"),
        ("data/san/fuzz-seed-san-uci.tsv", "text"),
    ] {
        let Some(path) = super::shared_path(rel) else {
            return;
        };
        let text = std::fs::read_to_string(path).unwrap();
        let mut lines = text.lines();
        let header: Vec<&str> = lines.next().unwrap().split('\t').collect();
        let at = header.iter().position(|h| *h == column).unwrap();
        inputs.extend(
            lines
                .filter_map(|l| l.split('\t').nth(at))
                .filter(|t| !t.is_empty() && !t.contains(['\\', '\n']))
                .map(str::to_owned),
        );
    }
    inputs.sort();
    inputs.dedup();
    let stdin = inputs.join("\n") + "\n";
    let strict = chessnote(&["san", "--json"], &stdin).json();
    let lenient = chessnote(&["san", "--json", "--lenient"], &stdin).json();
    assert_eq!((strict.len(), lenient.len()), (inputs.len(), inputs.len()));
    let (mut named, mut unnamed) = (0, 0);
    for ((input, strict), lenient) in inputs.iter().zip(&strict).zip(&lenient) {
        if strict["ok"] == true {
            continue;
        }
        match strict["error"]["allow"].as_array() {
            Some(names) => {
                named += 1;
                let names: Vec<&str> = names.iter().map(|n| n.as_str().unwrap()).collect();
                // On stdin: an input may start with `-`.
                let line = format!("{input}\n");
                let allowed = chessnote(&["san", "--json", "--allow", &names.join(",")], &line);
                assert_eq!(allowed.json()[0]["ok"], true, "{input}: --allow {names:?}");
                let text = chessnote(&["san"], &line);
                let hint = format!("(use --allow {})", names.join(","));
                assert!(text.stdout.trim_end().ends_with(&hint), "{}", text.stdout);
                assert!(text.stderr.contains(&hint), "{}", text.stderr);
            }
            None => {
                unnamed += 1;
                assert_eq!(
                    lenient["ok"], false,
                    "{input}: no name, yet --lenient reads it"
                );
            }
        }
    }
    assert!(named >= 5 && unnamed >= 5, "{named} named, {unnamed} not");
}
