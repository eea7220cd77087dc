//! Running the `chessnote` binary the way a user does, for the CLI tests.
#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Stdio};

/// What a run printed and how it ended.
pub struct Run {
    pub stdout: String,
    pub stderr: String,
    pub code: i32,
}

/// Runs `chessnote ARGS` with `stdin` as its standard input.
pub fn chessnote(args: &[&str], stdin: &str) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_chessnote"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run chessnote");
    child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(stdin.as_bytes())
        .expect("write stdin");
    let output = child.wait_with_output().expect("wait for chessnote");
    Run {
        stdout: String::from_utf8(output.stdout).expect("UTF-8 stdout"),
        stderr: String::from_utf8(output.stderr).expect("UTF-8 stderr"),
        code: output.status.code().unwrap_or(-1),
    }
}
