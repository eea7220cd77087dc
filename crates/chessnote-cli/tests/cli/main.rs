//! `chessnote` run as a user runs it: one test binary, a module per
//! subcommand, each showing the output contract (one stdout line per input,
//! the JSON envelope, the diagnostic on stderr, exit status 0/1/2), plus the
//! problems a new user ran into (issue 11).

mod contract;
mod convert;
mod eran;
mod export;
mod fen;
mod outputs;
mod pgn;
mod pin;
mod san;
mod show;

use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::thread::JoinHandle;

/// What a run printed and how it ended.
pub struct Run {
    pub stdout: String,
    pub stderr: String,
    pub code: i32,
}

impl Run {
    /// The stdout lines.
    pub fn lines(&self) -> Vec<&str> {
        self.stdout.lines().collect()
    }

    /// The stdout lines as JSON values.
    pub fn json(&self) -> Vec<serde_json::Value> {
        self.stdout
            .lines()
            .map(|l| serde_json::from_str(l).expect("one JSON value a line"))
            .collect()
    }
}

/// Starts `chessnote ARGS`, writing `stdin` to it from a thread (so that a
/// large input cannot block on a full stdout pipe; a subcommand that reads
/// no stdin may close it early).
fn spawn(args: &[&str], stdin: Vec<u8>) -> (Child, JoinHandle<()>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_chessnote"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run chessnote");
    let mut input = child.stdin.take().expect("stdin is piped");
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&stdin);
    });
    (child, writer)
}

/// Runs `chessnote ARGS` with `stdin` as its standard input.
pub fn chessnote(args: &[&str], stdin: impl AsRef<[u8]>) -> Run {
    let (child, writer) = spawn(args, stdin.as_ref().to_vec());
    let output = child.wait_with_output().expect("wait for chessnote");
    writer.join().expect("stdin writer");
    Run {
        stdout: String::from_utf8(output.stdout).expect("UTF-8 stdout"),
        stderr: String::from_utf8(output.stderr).expect("UTF-8 stderr"),
        code: output.status.code().unwrap_or(-1),
    }
}

/// Runs `chessnote ARGS`, reads the first stdout line, then closes stdout
/// while the command still has input to read.
pub fn first_line_then_close(args: &[&str], stdin: Vec<u8>) -> (String, String, i32) {
    let (mut child, writer) = spawn(args, stdin);
    let mut stdout = child.stdout.take().expect("stdout is piped");
    let mut first = Vec::new();
    let mut byte = [0];
    while stdout.read(&mut byte).expect("read stdout") == 1 && byte[0] != b'\n' {
        first.push(byte[0]);
    }
    drop(stdout);
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .expect("stderr is piped")
        .read_to_string(&mut stderr)
        .expect("read stderr");
    let status = child.wait().expect("wait for chessnote");
    writer.join().expect("stdin writer");
    (
        String::from_utf8(first).expect("UTF-8"),
        stderr,
        status.code().unwrap_or(-1),
    )
}

/// Runs `chessnote ARGS` with its stdout closed before it writes: its
/// stderr and exit status.
pub fn closed_stdout(args: &[&str]) -> (String, i32) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_chessnote"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run chessnote");
    drop(child.stdout.take());
    let output = child.wait_with_output().expect("wait for chessnote");
    (
        String::from_utf8(output.stderr).expect("UTF-8 stderr"),
        output.status.code().unwrap_or(-1),
    )
}

/// A temporary file holding `data`, removed when dropped.
pub struct TempFile(pub PathBuf);

impl TempFile {
    /// Writes `data` to a file named after `name` (its extension kept).
    pub fn new(name: &str, data: impl AsRef<[u8]>) -> TempFile {
        let path =
            std::env::temp_dir().join(format!("chessnote-cli-{}-{}", std::process::id(), name));
        std::fs::write(&path, data).expect("write a temporary file");
        TempFile(path)
    }

    /// The path as an argument.
    pub fn arg(&self) -> &str {
        self.0.to_str().expect("UTF-8 temporary path")
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// A temporary folder (`chessnote-cli-PID-NAME`), removed when dropped.
pub struct TempDir(pub PathBuf);

impl TempDir {
    pub fn new(name: &str) -> TempDir {
        let path =
            std::env::temp_dir().join(format!("chessnote-cli-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).expect("make a temporary folder");
        TempDir(path)
    }

    pub fn arg(&self) -> &str {
        self.0.to_str().expect("UTF-8 temporary path")
    }

    /// Writes `data` to `name` in the folder; its path.
    pub fn file(&self, name: &str, data: &[u8]) -> String {
        let path = self.0.join(name);
        std::fs::write(&path, data).expect("write a temporary file");
        path.to_str().expect("UTF-8 temporary path").to_owned()
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The `shared` folder beside the repository (or `$CHESSNOTE_SHARED`), if
/// present; otherwise says why the test is skipped.
pub fn shared_path(rel: &str) -> Option<PathBuf> {
    let dir = match std::env::var("CHESSNOTE_SHARED") {
        Ok(dir) => PathBuf::from(dir),
        Err(_) => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared"),
    };
    let path = dir.join(rel);
    if path.exists() {
        Some(path)
    } else {
        eprintln!("skipped: ../shared/{rel} is not available (set CHESSNOTE_SHARED)");
        None
    }
}

/// The diagnostic line `SOURCE:LINE:COLUMN: ` a run printed for an input,
/// the line shown under it, and the caret's column in that line.
pub fn diagnostic<'a>(stderr: &'a str, location: &str) -> (&'a str, &'a str, usize) {
    let lines: Vec<&str> = stderr.lines().collect();
    let i = lines
        .iter()
        .position(|l| l.starts_with(location))
        .unwrap_or_else(|| panic!("no diagnostic at {location} in:\n{stderr}"));
    let caret = lines[i + 2].find('^').expect("a caret line");
    (lines[i], lines[i + 1], caret)
}

/// The output contract, shown for one subcommand on a file of `lines`
/// (`bad[i]`: the column of the error on line `i + 1`, or `None` for a
/// good line; an empty line is skipped): `args` followed by the file's
/// path prints one stdout line per input line, `error: …` (or
/// `failed_prefix`) exactly on the bad ones; stderr has
/// `PATH:LINE:COLUMN: ` for each; `--json` gives the envelope; exit 1, 0 on
/// the good lines alone, 2 for an unknown flag or a missing file.
pub fn shows_the_contract(
    args: &[&str],
    lines: &[&str],
    bad: &[Option<usize>],
    failed_prefix: &str,
) {
    assert_eq!(lines.len(), bad.len());
    let file = TempFile::new(&format!("{}.txt", args.join("-")), lines.join("\n") + "\n");
    // Flags go before a trailing `--file`; one already given is not repeated.
    let with = |extra: &[&str]| -> Vec<String> {
        let mut all: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        let at = all.len() - usize::from(args.last() == Some(&"--file"));
        for flag in extra.iter().filter(|f| !args.contains(f)) {
            all.insert(at, flag.to_string());
        }
        all.push(file.arg().to_string());
        all
    };
    let run_with = |extra: &[&str]| {
        let all = with(extra);
        let all: Vec<&str> = all.iter().map(String::as_str).collect();
        chessnote(&all, "")
    };

    let run = run_with(&[]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    let out = run.lines();
    assert_eq!(
        out.len(),
        lines.len(),
        "one output line per input line:\n{}",
        run.stdout
    );
    // A subcommand whose text is not one line per input is shown with
    // `--json` in `args`: then only stderr is checked here.
    let text = !args.contains(&"--json");
    for (i, (line, bad)) in lines.iter().zip(bad).enumerate() {
        let shown = if text { out[i] } else { "" };
        match bad {
            _ if line.is_empty() => assert_eq!(shown, "", "line {}", i + 1),
            Some(column) => {
                assert!(
                    !text || shown.starts_with("error: ") || shown.starts_with(failed_prefix),
                    "line {}: {shown}",
                    i + 1
                );
                let location = format!("{}:{}:{column}: ", file.arg(), i + 1);
                let (_, echoed, caret) = diagnostic(&run.stderr, &location);
                assert_eq!(echoed.trim_start(), line.replace('\t', "\\t"));
                let before = line[..column - 1].replace('\t', "\\t").chars().count();
                assert_eq!(caret, 2 + before, "{}", run.stderr);
            }
            None => assert!(
                !shown.starts_with("error: ") && !shown.starts_with(failed_prefix),
                "line {}: {shown}",
                i + 1
            ),
        }
    }

    let quiet = run_with(&["--quiet"]);
    assert_eq!(
        (quiet.stdout.as_str(), quiet.stderr.as_str(), quiet.code),
        (run.stdout.as_str(), "", 1)
    );

    let json = run_with(&["--json"]);
    assert_eq!(json.code, 1);
    let values = json.json();
    assert_eq!(values.len(), lines.len());
    for (i, ((value, line), bad)) in values.iter().zip(lines).zip(bad).enumerate() {
        assert_eq!(value["input"], *line, "line {}", i + 1);
        if line.is_empty() {
            assert_eq!(
                (&value["ok"], &value["skipped"]),
                (&true.into(), &true.into())
            );
            continue;
        }
        assert_eq!(value["ok"], bad.is_none(), "line {}: {value}", i + 1);
        if let Some(column) = bad {
            let error = &value["error"];
            let kind = error["kind"].as_str().expect("a kind");
            assert!(
                !kind.is_empty()
                    && kind
                        .bytes()
                        .all(|b| b.is_ascii_lowercase() || b == b'-' || b.is_ascii_digit()),
                "{kind}"
            );
            assert!(error["message"].as_str().is_some_and(|m| !m.is_empty()));
            assert_eq!(error["offset"], *column - 1, "{value}");
            assert_eq!(error["line"], i + 1);
            assert_eq!(error["column"], *column);
        } else {
            assert!(value.get("error").is_none(), "{value}");
        }
    }

    let good: String = lines
        .iter()
        .zip(bad)
        .filter(|(_, b)| b.is_none())
        .map(|(l, _)| format!("{l}\n"))
        .collect();
    let good_file = TempFile::new(&format!("{}-good.txt", args.join("-")), &good);
    let mut all: Vec<&str> = args.to_vec();
    all.push(good_file.arg());
    let run = chessnote(&all, "");
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    assert_eq!(run.stdout.lines().count(), good.lines().count());

    let mut all: Vec<&str> = args.to_vec();
    all.push("--no-such-flag");
    assert_eq!(chessnote(&all, "").code, 2);
    let mut all: Vec<&str> = args.to_vec();
    all.push("/nonexistent/chessnote-input.txt");
    let run = chessnote(&all, "");
    assert_eq!(run.code, 2, "{}", run.stdout);
    assert!(
        run.stderr.contains("/nonexistent/chessnote-input.txt: "),
        "{}",
        run.stderr
    );
}
