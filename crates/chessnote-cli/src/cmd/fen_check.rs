//! `chessnote fen check [FEN|FILE ...]`: is each position legal? One line a
//! position: `ok`, or `invalid: ` and every problem found (or the FEN
//! syntax error). An argument that names an existing file is read as one
//! FEN a line (blank lines skipped); with no arguments, stdin lines are
//! checked. Positions valid only as Chess960 (castling rights with rooks
//! off the corners, or the king off the `e` file) are `ok`.

use std::path::Path;

use chessnote::fen::Setup;
use chessnote::position::{CastlingMode, Position, Problem};
use serde_json::json;

use crate::io::{self, Out};

/// The verdict on one input line.
#[derive(Debug, PartialEq, Eq)]
enum Verdict {
    /// A legal position; `true` when only legal as Chess960.
    Ok { chess960: bool },
    /// Legal FEN, illegal position: its problems.
    Invalid { problems: Vec<Problem> },
    /// Not FEN at all.
    Syntax { error: String },
}

fn check(fen: &str) -> Verdict {
    let setup = match Setup::from_ascii(fen.as_bytes()) {
        Ok(setup) => setup,
        Err(e) => {
            return Verdict::Syntax {
                error: e.to_string(),
            };
        }
    };
    let err = match Position::from_setup(&setup, CastlingMode::Standard) {
        Ok(_) => return Verdict::Ok { chess960: false },
        Err(e) => e,
    };
    let problems = err.problems();
    if problems.contains(Problem::BadCastlingMode) {
        match Position::from_setup(&setup, CastlingMode::Chess960) {
            Ok(_) => return Verdict::Ok { chess960: true },
            Err(e) => {
                return Verdict::Invalid {
                    problems: e.problems().iter().collect(),
                };
            }
        }
    }
    Verdict::Invalid {
        problems: problems.iter().collect(),
    }
}

fn text(verdict: &Verdict) -> String {
    match verdict {
        Verdict::Ok { .. } => "ok".to_string(),
        Verdict::Invalid { problems } => {
            let names: Vec<&str> = problems.iter().map(|p| p.as_str()).collect();
            format!("invalid: {}", names.join(", "))
        }
        Verdict::Syntax { error } => format!("invalid: {error}"),
    }
}

fn to_json(input: &str, verdict: &Verdict) -> serde_json::Value {
    match verdict {
        Verdict::Ok { chess960 } => json!({ "fen": input, "valid": true, "chess960": chess960 }),
        Verdict::Invalid { problems } => json!({
            "fen": input,
            "valid": false,
            "problems": problems.iter().map(|p| p.as_str()).collect::<Vec<_>>(),
        }),
        Verdict::Syntax { error } => json!({ "fen": input, "valid": false, "error": error }),
    }
}

/// The FEN lines of the inputs: each argument is a file (one FEN a line) if
/// it names one, else a FEN; stdin lines when there is no argument.
fn lines(inputs: Vec<String>) -> Box<dyn Iterator<Item = std::io::Result<String>>> {
    if inputs.is_empty() {
        return io::inputs(inputs);
    }
    Box::new(inputs.into_iter().flat_map(
        |arg| -> Box<dyn Iterator<Item = std::io::Result<String>>> {
            if !Path::new(&arg).is_file() {
                return Box::new(std::iter::once(Ok(arg)));
            }
            match std::fs::read(&arg) {
                Ok(data) => {
                    let text = String::from_utf8_lossy(&data).into_owned();
                    let lines: Vec<String> = text
                        .lines()
                        .map(|l| l.strip_suffix('\r').unwrap_or(l))
                        .filter(|l| !l.trim().is_empty())
                        .map(String::from)
                        .collect();
                    Box::new(lines.into_iter().map(Ok))
                }
                Err(e) => Box::new(std::iter::once(Err(std::io::Error::new(
                    e.kind(),
                    format!("{arg}: {e}"),
                )))),
            }
        },
    ))
}

/// Checks every position of `inputs` (FENs or files of FENs; stdin when
/// empty), printing one line (or JSON object) each; `Ok(false)` if any was
/// invalid, after checking all.
pub fn run(inputs: Vec<String>, json: bool) -> std::io::Result<bool> {
    let mut out = Out::new();
    let mut all_ok = true;
    for line in lines(inputs) {
        let line = line?;
        let verdict = check(&line);
        all_ok &= matches!(verdict, Verdict::Ok { .. });
        if json {
            out.json(&to_json(&line, &verdict))?;
        } else {
            out.line(&text(&verdict))?;
        }
    }
    out.flush()?;
    Ok(all_ok)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verdicts() {
        assert_eq!(
            text(&check(
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
            )),
            "ok"
        );
        assert_eq!(
            check("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"),
            Verdict::Ok { chess960: true }
        );
        assert_eq!(
            text(&check("4k3/8/8/8/8/8/8/3KK3 b - - 0 1")),
            "invalid: too many kings"
        );
        assert_eq!(
            text(&check("4k3/4R3/8/8/8/8/8/P3K3 w K - 0 1")),
            "invalid: pawns on the first or last rank, castling rights without king and rook on their squares, the side not to move is in check"
        );
        assert!(text(&check("not a fen")).starts_with("invalid: "));
        let v = to_json("x", &check("x"));
        assert_eq!(v["valid"], false);
    }

    #[test]
    fn files_and_arguments() {
        let dir = std::env::temp_dir().join(format!("chessnote-fen-check-{}", std::process::id()));
        std::fs::write(
            &dir,
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1\r\n\n8/8/8/8/8/8/8/8 w - - 0 1\n",
        )
        .unwrap();
        let got: Vec<String> = lines(vec![
            dir.display().to_string(),
            "4k3/8/8/8/8/8/8/4K3 b - - 0 1".to_string(),
        ])
        .map(Result::unwrap)
        .collect();
        std::fs::remove_file(&dir).unwrap();
        assert_eq!(got.len(), 3);
        assert_eq!(got[1], "8/8/8/8/8/8/8/8 w - - 0 1");
        assert_eq!(
            text(&check(&got[1])),
            "invalid: empty board, no white king, no black king"
        );
    }
}
