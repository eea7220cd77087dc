//! `chessnote pin`: parse PIN piece tokens and show their attributes.

use chessnote::pin::{Identifier, ParseError};
use serde_json::{Value, json};

use crate::io;

/// Arguments of `chessnote pin`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// PIN tokens such as `K^`, `+r` or `-p`; stdin lines when none are given.
    /// Tokens may start with `-` (`-p` is a token): put options first.
    #[arg(allow_hyphen_values = true)]
    pub inputs: Vec<String>,
    /// Print one JSON object per token instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Runs the subcommand; `Ok(false)` when some input failed.
///
/// For each token, text mode prints the token, its four attributes, its
/// canonical form and the chess piece it stands for (if any); a token that
/// does not parse gets the error and a caret under the byte it blames.
pub fn run(args: Args) -> std::io::Result<bool> {
    let mut out = io::Out::new();
    let mut all_ok = true;
    for input in io::inputs(args.inputs) {
        let input = input?;
        let result = Identifier::parse(&input);
        all_ok &= result.is_ok();
        if args.json {
            out.json(&to_json(&input, result))?;
        } else {
            for line in to_text(&input, result) {
                out.line(&line)?;
            }
        }
    }
    out.flush()?;
    Ok(all_ok)
}

/// The chess piece a token stands for, as `white king`.
fn piece_name(id: Identifier) -> Option<String> {
    id.to_piece().map(|piece| {
        format!(
            "{} {}",
            piece.color.name(),
            piece.kind.name().to_ascii_lowercase()
        )
    })
}

fn to_text(input: &str, result: Result<Identifier, ParseError>) -> Vec<String> {
    match result {
        Ok(id) => vec![format!(
            "{input}\tletter={} side={:?} state={:?} terminal={} canonical={} chess={}",
            id.letter().as_char(),
            id.side(),
            id.state(),
            id.is_terminal(),
            id.encode(),
            piece_name(id).unwrap_or_else(|| "-".to_string()),
        )],
        Err(err) => vec![
            format!(
                "{input}\terror: {err} ({err:?}) at byte {}",
                err.offset(input.len())
            ),
            io::caret(input, err.offset(input.len())),
        ],
    }
}

fn to_json(input: &str, result: Result<Identifier, ParseError>) -> Value {
    match result {
        Ok(id) => json!({
            "input": input,
            "ok": true,
            "letter": id.letter().as_char().to_string(),
            "side": format!("{:?}", id.side()),
            "state": format!("{:?}", id.state()),
            "terminal": id.is_terminal(),
            "canonical": id.encode().as_str(),
            "chess": piece_name(id),
        }),
        Err(err) => json!({
            "input": input,
            "ok": false,
            "error": format!("{err:?}"),
            "message": err.to_string(),
            "offset": err.offset(input.len()),
        }),
    }
}
