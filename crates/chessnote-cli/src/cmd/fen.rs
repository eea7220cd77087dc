//! `chessnote fen ...`: parse FEN positions and show them expanded, with a
//! board picture, or as JSON.

use std::path::PathBuf;

use chessnote::fen::{DiagramStyle, Fen, FenOptions, RecordError, Setup, parse_fen_with};
use chessnote::{CastlingSide, Color, PieceKind};
use serde_json::{Value, json};

use crate::io::{self, Out};

/// Options shared by the `fen` subcommands.
#[derive(clap::Args, Debug)]
pub struct Common {
    /// One JSON object a line instead of text.
    #[arg(long)]
    pub json: bool,
    /// Accept what real data needs: surrounding whitespace, missing
    /// counters, castling letters in any order, any en-passant rank,
    /// leading zeros, adjacent digits, fullmove 0.
    #[arg(long)]
    pub lenient: bool,
    /// Draw the board with chess symbols instead of letters.
    #[arg(long)]
    pub unicode: bool,
}

/// The `fen` subcommands.
#[derive(clap::Subcommand, Debug)]
pub enum Command {
    /// Parse a file of FENs, one a line (blank lines are skipped), and show
    /// each; exit status 1 if any line failed.
    Parse {
        /// The file.
        file: PathBuf,
        #[command(flatten)]
        common: Common,
    },
    /// Show FENs given as arguments (or stdin lines when none are given).
    Show {
        /// The FENs, each one argument (quote them).
        fens: Vec<String>,
        #[command(flatten)]
        common: Common,
    },
    /// Check that positions are legal: one line per position, `ok` or
    /// `invalid: ` and its problems; exit status 1 if any was invalid.
    Check {
        /// FENs, or files holding one FEN a line (stdin lines when none are given).
        inputs: Vec<String>,
        /// Print one JSON object per position.
        #[arg(long)]
        json: bool,
    },
}

/// Runs the subcommand; `Ok(false)` when some input failed.
pub fn run(command: Command) -> std::io::Result<bool> {
    let mut out = Out::new();
    let mut ok = true;
    match command {
        Command::Parse { file, common } => {
            let data = std::fs::read(&file)
                .map_err(|e| std::io::Error::new(e.kind(), format!("{}: {e}", file.display())))?;
            let text = String::from_utf8_lossy(&data);
            for (n, line) in text.lines().enumerate() {
                let line = line.strip_suffix('\r').unwrap_or(line);
                if line.trim().is_empty() {
                    continue;
                }
                let label = format!("{}:{}", file.display(), n + 1);
                ok &= show(&mut out, &label, line, &common)?;
            }
        }
        Command::Check { inputs, json } => return super::fen_check::run(inputs, json),
        Command::Show { fens, common } => {
            for (n, input) in io::inputs(fens).enumerate() {
                let input = input?;
                ok &= show(&mut out, &format!("input {}", n + 1), &input, &common)?;
            }
        }
    }
    out.flush()?;
    Ok(ok)
}

fn options(common: &Common) -> FenOptions {
    if common.lenient {
        FenOptions::LENIENT
    } else {
        FenOptions::STRICT
    }
}

/// Parses and shows one input; `Ok(false)` if it is not valid.
fn show(out: &mut Out, label: &str, input: &str, common: &Common) -> std::io::Result<bool> {
    let options = options(common);
    let parsed = Setup::from_ascii_with(input.as_bytes(), options)
        .map_err(RecordError::from)
        .and_then(|setup| parse_fen_with(input, options).map(|fen| (setup, fen)));
    match parsed {
        Ok((setup, fen)) => {
            if common.json {
                let mut value = to_json(input, &setup);
                value["source"] = Value::String(label.to_string());
                out.json(&value)?;
            } else {
                out.line(&setup.to_string())?;
                out.line("")?;
                let style = if common.unicode {
                    DiagramStyle::Unicode
                } else {
                    DiagramStyle::Ascii
                };
                out.line(setup.board.diagram(style).to_string().trim_end())?;
                out.line(expanded(&fen).trim_end())?;
                out.line("")?;
            }
            Ok(true)
        }
        Err(err) => {
            if common.json {
                let mut value = error_json(input, &err);
                value["source"] = Value::String(label.to_string());
                out.json(&value)?;
            } else {
                out.flush()?;
                // The seed CLI's format (docs/compat.md).
                eprintln!(
                    "{label}: invalid FEN: {} at byte {}: {}\n{}",
                    err.field(),
                    err.offset(),
                    err.kind(),
                    io::caret(input, err.offset())
                );
            }
            Ok(false)
        }
    }
}

fn expanded(fen: &Fen) -> String {
    fen.expanded().to_string()
}

fn to_json(input: &str, setup: &Setup) -> Value {
    let board: Vec<Vec<Value>> = (0..8)
        .rev()
        .map(|rank| {
            (0..8)
                .map(|file| match setup.board.0[rank * 8 + file] {
                    Some(p) => Value::String(p.char().to_string()),
                    None => Value::Null,
                })
                .collect()
        })
        .collect();
    let mut pieces = serde_json::Map::new();
    for color in Color::ALL {
        let mut kinds = serde_json::Map::new();
        for kind in PieceKind::ALL {
            let squares: Vec<String> = setup
                .board
                .squares_of(kind.of(color))
                .iter()
                .map(|sq| sq.to_string())
                .collect();
            if !squares.is_empty() {
                kinds.insert(kind.name().to_lowercase(), json!(squares));
            }
        }
        pieces.insert(color.name().to_string(), Value::Object(kinds));
    }
    let rook = |color, side| {
        setup
            .castling_rook_square(color, side)
            .map(|sq| sq.to_string())
    };
    json!({
        "input": input,
        "ok": true,
        "fen": setup.to_string(),
        "board": board,
        "active_color": setup.turn.name(),
        "castling": {
            "field": setup.castling.to_string(),
            "white_short": rook(Color::White, CastlingSide::KingSide),
            "white_long": rook(Color::White, CastlingSide::QueenSide),
            "black_short": rook(Color::Black, CastlingSide::KingSide),
            "black_long": rook(Color::Black, CastlingSide::QueenSide),
        },
        "en_passant": setup.ep_square.map(|sq| sq.to_string()),
        "halfmove_clock": setup.halfmoves,
        "fullmove_number": setup.fullmoves,
        "pieces": pieces,
    })
}

fn error_json(input: &str, err: &RecordError) -> Value {
    json!({
        "input": input,
        "ok": false,
        "error": {
            "field": err.field().to_string(),
            "offset": err.offset(),
            "reason": err.kind().to_string(),
            "message": err.to_string(),
        },
    })
}
