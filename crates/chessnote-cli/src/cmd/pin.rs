//! `chessnote pin`: parse PIN piece tokens and show their attributes.

use std::process::ExitCode;

use chessnote::pin::Identifier;
use serde_json::json;

use crate::report::{Common, Outcome, Report, Source};

/// Arguments of `chessnote pin`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// PIN tokens such as `K^`, `+r` or `-p`; stdin lines when neither these
    /// nor `--file` are given. Tokens may start with `-` (`-p` is a token):
    /// long options (`--json`) may come anywhere, short ones before the
    /// tokens.
    #[arg(allow_hyphen_values = true)]
    pub inputs: Vec<String>,
    /// Read one token a line from FILE (`-` for stdin); repeatable.
    #[arg(long, short, value_name = "FILE")]
    pub file: Vec<String>,
    #[command(flatten)]
    pub common: Common,
}

/// Runs `chessnote pin`: for each token, its four attributes, its canonical
/// form and the chess piece it stands for (if any).
pub fn run(args: Args) -> ExitCode {
    let mut report = Report::new(&args.common, "pin");
    let sources = Source::list(args.inputs, &args.file);
    let result = report.run(&sources, |report, input| {
        match Identifier::from_ascii(input.text.as_bytes()) {
            Ok(id) => report.print(input, &describe(id)),
            Err(err) => report.print(input, &Outcome::error(&err)),
        }
    });
    report.finish(result)
}

fn describe(id: Identifier) -> Outcome<'static> {
    let chess = id
        .to_piece()
        .map(|piece| format!("{} {}", piece.color.name(), piece.kind.lower_name()));
    let side = id.side().name();
    let state = id.state().name();
    Outcome::ok(
        format!(
            "letter={} side={side} state={state} terminal={} canonical={} chess={}",
            id.letter().as_char(),
            id.is_terminal(),
            id.as_str(),
            chess.as_deref().unwrap_or("-"),
        ),
        json!({
            "letter": id.letter().as_char().to_string(),
            "side": side,
            "state": state,
            "terminal": id.is_terminal(),
            "canonical": id.as_str(),
            "chess": chess,
        }),
    )
}
