//! `chessnote eran`: parse ERAN moves and print them in canonical form.

use std::process::ExitCode;

use chessnote::eran::{Eran, Style};
use serde_json::json;

use crate::report::{Common, Outcome, Report, Source};

/// Arguments of `chessnote eran`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// ERAN moves such as `"Pawn e2-e4"`, `"N b1-c3"` or `ck` (quote the
    /// ones with spaces); stdin lines when neither these nor `--file` are
    /// given.
    pub inputs: Vec<String>,
    /// Read one move a line from FILE (`-` for stdin); repeatable.
    #[arg(long, short, value_name = "FILE")]
    pub file: Vec<String>,
    /// Print the short form (`P e2-e4`, `>Q`, `ck`) instead of the verbose one.
    #[arg(long)]
    pub short: bool,
    #[command(flatten)]
    pub common: Common,
}

/// Runs `chessnote eran`: each move in canonical form.
pub fn run(args: Args) -> ExitCode {
    let style = if args.short {
        Style::Short
    } else {
        Style::Verbose
    };
    let mut report = Report::new(&args.common, "eran");
    let sources = Source::list(args.inputs, &args.file);
    let result = report.run(&sources, |report, input| {
        match Eran::from_ascii(input.text.as_bytes()) {
            Ok(eran) => report.print(input, &describe(eran, style)),
            Err(err) => report.print(input, &Outcome::error(&err)),
        }
    });
    report.finish(result)
}

fn describe(eran: Eran, style: Style) -> Outcome<'static> {
    let canonical = eran.display(style).to_string();
    let mut fields = json!({
        "canonical": canonical,
        "verbose": eran.verbose().to_string(),
        "short": eran.short().to_string(),
        "capture": eran.is_capture(),
    });
    let extra = match eran {
        Eran::Regular(mv) => json!({
            "kind": "regular",
            "piece": mv.piece().lower_name(),
            "from": mv.from().to_string(),
            "to": mv.to().to_string(),
            "promotion": mv.promotion().map(|p| p.lower_name()),
        }),
        Eran::Castle(side) => json!({ "kind": "castling", "side": side.name() }),
        Eran::EnPassant => json!({ "kind": "en-passant" }),
        Eran::Drop(drop) => json!({
            "kind": "drop",
            "piece": drop.piece().lower_name(),
            "to": drop.to().to_string(),
        }),
    };
    if let (Some(map), serde_json::Value::Object(extra)) = (fields.as_object_mut(), extra) {
        map.extend(extra);
    }
    Outcome::ok(canonical, fields)
}
