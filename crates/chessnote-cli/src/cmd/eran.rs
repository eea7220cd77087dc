//! `chessnote eran`: parse ERAN moves and print them in canonical form.

use chessnote::CastlingSide;
use chessnote::eran::{Eran, EranError, Style};
use serde_json::{Value, json};

use crate::io;

/// Arguments of `chessnote eran`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// ERAN moves such as `"Pawn e2-e4"`, `"N b1-c3"` or `ck` (quote the
    /// ones with spaces); stdin lines when none are given.
    pub inputs: Vec<String>,
    /// Print the short form (`P e2-e4`, `>Q`, `ck`) instead of the verbose one.
    #[arg(long)]
    pub short: bool,
    /// Print one JSON object per move instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Runs the subcommand; `Ok(false)` when some input failed.
///
/// Text mode prints each move in canonical form, one a line; a move that
/// does not parse gets `error: ...` and a caret under the byte it blames.
/// Every input is read before the exit status is decided.
pub fn run(args: Args) -> std::io::Result<bool> {
    let style = if args.short {
        Style::Short
    } else {
        Style::Verbose
    };
    let mut out = io::Out::new();
    let mut all_ok = true;
    for input in io::inputs(args.inputs) {
        let input = input?;
        let result = Eran::from_ascii(input.as_bytes());
        all_ok &= result.is_ok();
        if args.json {
            out.json(&to_json(&input, result, style))?;
        } else {
            match result {
                Ok(eran) => out.line(&eran.display(style).to_string())?,
                Err(err) => {
                    out.line(&format!("error: {err}"))?;
                    out.line(&io::caret(&input, err.offset()))?;
                }
            }
        }
    }
    out.flush()?;
    Ok(all_ok)
}

fn to_json(input: &str, result: Result<Eran, EranError>, style: Style) -> Value {
    let eran = match result {
        Ok(eran) => eran,
        Err(err) => {
            return json!({
                "input": input,
                "ok": false,
                "error": format!("{:?}", err.kind()),
                "message": err.to_string(),
                "offset": err.offset(),
            });
        }
    };
    let mut value = json!({
        "input": input,
        "ok": true,
        "canonical": eran.display(style).to_string(),
        "verbose": eran.verbose().to_string(),
        "short": eran.short().to_string(),
        "capture": eran.is_capture(),
    });
    let fields = match eran {
        Eran::Regular(mv) => json!({
            "type": "regular",
            "piece": mv.piece().name(),
            "from": mv.from().to_string(),
            "to": mv.to().to_string(),
            "promotion": mv.promotion().map(|p| p.name()),
        }),
        Eran::Castle(side) => json!({
            "type": "castling",
            "side": match side {
                CastlingSide::KingSide => "kingside",
                CastlingSide::QueenSide => "queenside",
            },
        }),
        Eran::EnPassant => json!({ "type": "en-passant" }),
    };
    if let (Value::Object(map), Value::Object(extra)) = (&mut value, fields) {
        map.extend(extra);
    }
    value
}
