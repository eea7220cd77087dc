//! Files the commands write (issue 30): no run destroys a file or loses
//! games without saying so. An output is written under a temporary name
//! and renamed when whole; an output that is an input, an input that
//! cannot be opened, a folder that is not empty and two inputs whose parts
//! would share names are refused before anything is written.

use std::fs;
use std::path::Path;

use super::{TempDir, chessnote};

/// The names in `dir`, sorted (hidden temporaries included).
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .expect("a folder")
        .map(|e| {
            e.expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    names.sort();
    names
}

/// Three short games.
const GAMES: &str =
    "[White \"a\"]\n\n1. e4 e5 *\n\n[White \"b\"]\n\n1. d4 *\n\n[White \"c\"]\n\n1. c4 *\n";

#[test]
fn export_refuses_to_write_over_its_input() {
    let dir = TempDir::new("out-is-input");
    let input = dir.file("a.pgn", GAMES.as_bytes());
    // The same file, spelled another way.
    let other = format!("{}/./a.pgn", dir.arg());
    for out in [input.as_str(), other.as_str()] {
        let run = chessnote(
            &["pgn", "export", "--to", "ndjson", "--out", out, &input],
            b"",
        );
        assert_eq!(run.code, 2, "{}", run.stderr);
        assert!(run.stderr.contains("it is also an input"), "{}", run.stderr);
        assert_eq!(
            fs::read_to_string(&input).unwrap(),
            GAMES,
            "the input is kept"
        );
    }
    assert_eq!(names(&dir.0), ["a.pgn"]);
}

#[test]
fn a_missing_input_leaves_the_output_as_it_was() {
    let dir = TempDir::new("missing-input");
    let out = dir.file("games.csv", b"what was there\n");
    let good = dir.file("good.pgn", GAMES.as_bytes());
    let missing = format!("{}/missing.pgn", dir.arg());
    for inputs in [
        vec![missing.as_str()],
        vec![good.as_str(), missing.as_str()],
    ] {
        let mut args = vec!["pgn", "export", "--to", "csv", "--out", &out];
        args.extend(&inputs);
        let run = chessnote(&args, b"");
        assert_eq!(run.code, 2, "{inputs:?}");
        assert!(
            run.stderr.contains("missing.pgn") && run.stderr.contains("nothing was written"),
            "{}",
            run.stderr
        );
        assert_eq!(fs::read_to_string(&out).unwrap(), "what was there\n");
    }
    assert_eq!(
        names(&dir.0),
        ["games.csv", "good.pgn"],
        "no temporary left"
    );
    // With every input there, the file is replaced, and only it is left.
    let run = chessnote(&["pgn", "export", "--to", "csv", "--out", &out, &good], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(fs::read_to_string(&out).unwrap().lines().count(), 4);
    assert_eq!(names(&dir.0), ["games.csv", "good.pgn"]);
}

#[test]
fn split_refuses_inputs_whose_parts_share_names() {
    let dir = TempDir::new("split-same-names");
    fs::create_dir_all(dir.0.join("a")).unwrap();
    fs::create_dir_all(dir.0.join("b")).unwrap();
    let first = dir.file("a/g.pgn", GAMES.as_bytes());
    let second = dir.file("b/g.pgn", b"1. f4 *\n");
    let out = format!("{}/parts", dir.arg());
    let run = chessnote(
        &[
            "pgn", "split", "--games", "1", "--out", &out, &first, &second,
        ],
        b"",
    );
    assert_eq!(run.code, 2, "{}", run.stdout);
    assert!(
        run.stderr.contains("a/g.pgn and ") && run.stderr.contains("b/g.pgn would both be written"),
        "{}",
        run.stderr
    );
    assert!(!Path::new(&out).exists(), "nothing written");
    // `show --out` names its files by the same stems.
    let run = chessnote(&["pgn", "show", "--out", &out, &first, &second], b"");
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("would both be written"),
        "{}",
        run.stderr
    );
}

#[test]
fn split_and_show_refuse_a_folder_that_is_not_empty() {
    let dir = TempDir::new("split-not-empty");
    let input = dir.file("g.pgn", GAMES.as_bytes());
    let out = dir.0.join("parts");
    fs::create_dir_all(&out).unwrap();
    fs::write(out.join("g-00001.pgn"), "an earlier run's part").unwrap();
    let out = out.to_str().unwrap();
    for args in [
        vec!["pgn", "split", "--games", "1", "--out", out, &input],
        vec!["pgn", "show", "--out", out, &input],
    ] {
        let run = chessnote(&args, b"");
        assert_eq!(run.code, 2, "{args:?}");
        assert!(run.stderr.contains("not an empty folder"), "{}", run.stderr);
        assert_eq!(names(Path::new(out)), ["g-00001.pgn"]);
        assert_eq!(
            fs::read_to_string(Path::new(out).join("g-00001.pgn")).unwrap(),
            "an earlier run's part"
        );
    }
}

#[test]
fn split_numbers_its_parts_without_gaps() {
    let dir = TempDir::new("split-numbers");
    let input = dir.file("g.pgn", GAMES.as_bytes());
    let out = format!("{}/parts", dir.arg());
    // More parts asked for than there are games: one game a part, 1 to 3.
    let run = chessnote(
        &["pgn", "split", "--parts", "7", "--out", &out, &input],
        b"",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        names(Path::new(&out)),
        ["g-00001.pgn", "g-00002.pgn", "g-00003.pgn"]
    );
    let printed: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(printed.len(), 3);
    for (i, line) in printed.iter().enumerate() {
        assert_eq!(*line, format!("{out}/g-{:05}.pgn\t1", i + 1));
    }
}

/// `--partition-by` with more partitions than a process may open files:
/// at most `Dataset::MAX_OPEN` are open at once, so 300 years under a
/// limit of 128 open files are written whole (each year's rows once, in
/// order, in its folder), where every file open at once failed with
/// "Too many open files" and left them all unreadable.
#[cfg(unix)]
#[test]
fn thousands_of_partitions_need_few_open_files() {
    use std::process::Command;
    let dir = TempDir::new("partitions-open");
    // Two rounds over 300 years: each partition's rows come twice, apart.
    let mut pgn = String::new();
    for round in 0..2 {
        for year in 1700..2000 {
            pgn.push_str(&format!(
                "[Date \"{year}.01.01\"]\n[Round \"{round}\"]\n\n1. e4 *\n\n"
            ));
        }
    }
    let input = dir.file("years.pgn", pgn.as_bytes());
    let out = format!("{}/by-year", dir.arg());
    let run = Command::new("sh")
        .arg("-c")
        .arg("ulimit -n 128 && exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_chessnote"))
        .args(["pgn", "export", "--to", "ndjson", "--columns", "Date,Round"])
        .args(["--partition-by", "year", "--out", &out, &input])
        .output()
        .expect("run chessnote under sh");
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let mut rows = 0;
    for year in 1700..2000 {
        let folder = Path::new(&out).join(format!("year={year}"));
        let mut rounds = Vec::new();
        for part in names(&folder) {
            assert!(
                part.starts_with("part-") && part.ends_with(".ndjson"),
                "{part}"
            );
            let text = fs::read_to_string(folder.join(&part)).unwrap();
            for line in text.lines() {
                let row: serde_json::Value = serde_json::from_str(line).unwrap();
                assert_eq!(row["Date"], format!("{year}.01.01"));
                rounds.push(row["Round"].as_str().unwrap().to_owned());
            }
        }
        assert_eq!(rounds, ["0", "1"], "year {year}");
        rows += rounds.len();
    }
    assert_eq!(rows, 600);
}
