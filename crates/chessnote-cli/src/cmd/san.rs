//! `chessnote san [TOKEN ...]`: parse SAN moves and show their structure.

use std::process::ExitCode;

use chessnote::san::{San, SanOptions, SanPlus};
use serde_json::json;

use crate::options::{self, Allow, Notations};
use crate::report::{Common, Outcome, Report, Source};

/// Arguments of `chessnote san`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// SAN moves such as `Nbxd7+`; stdin lines when neither these nor
    /// `--file` are given.
    pub tokens: Vec<String>,
    /// Read one move a line from FILE (`-` for stdin); repeatable.
    #[arg(long, short, value_name = "FILE")]
    pub file: Vec<String>,
    /// Start from what chess-notation-parser accepts (zero castling, any
    /// pawn source, no geometry check).
    #[arg(long)]
    pub seed: bool,
    #[command(flatten)]
    pub allow: Allow,
    #[command(flatten)]
    pub common: Common,
}

/// Runs `chessnote san`.
///
/// # Errors
///
/// A usage error: an unknown leniency name.
pub fn run(args: Args) -> Result<ExitCode, String> {
    let base = if args.seed {
        SanOptions::SEED
    } else {
        SanOptions::STRICT
    };
    let options = options::options(&args.allow, Notations::San, base)?.san;
    let mut report = Report::new(&args.common, "san");
    let sources = Source::list(args.tokens, &args.file);
    let result = report.run(
        &sources,
        |report, input| match SanPlus::from_ascii_reporting(input.text.as_bytes(), options) {
            Ok((san, used)) => report.print(input, &describe(&san, used)),
            Err(err) => {
                let fix = SanPlus::leniencies_needed(input.text.as_bytes(), options);
                let names = fix.into_iter().flat_map(|set| set.iter().map(|l| l.name()));
                report.print(input, &Outcome::error(&err).allowing(names))
            }
        },
    );
    Ok(report.finish(result))
}

fn or_dash(value: Option<String>) -> String {
    value.unwrap_or_else(|| "-".to_string())
}

/// `key=value` fields of a parsed move (`-` for absent ones), and the
/// same as JSON.
fn describe(san: &SanPlus, used: SanOptions) -> Outcome<'static> {
    let used: Vec<&str> = used.iter().map(|l| l.name()).collect();
    let suffix = san.suffix.map(|s| s.char().to_string());
    let annotation = san.annotation.map(|a| a.as_str());
    let mut text = match san.san {
        San::Normal {
            piece,
            file,
            rank,
            capture,
            to,
            promotion,
        } => {
            let from = format!(
                "{}{}",
                file.map_or(String::new(), |f| f.to_string()),
                rank.map_or(String::new(), |r| r.to_string())
            );
            format!(
                "move piece={} from={} capture={} to={to} promotion={}",
                piece.lower_name(),
                if from.is_empty() { "-" } else { &from },
                if capture { "yes" } else { "no" },
                promotion.map_or("-", |p| p.lower_name()),
            )
        }
        San::Castle(side) => format!("castling side={}", side.name()),
        San::Null => "null".to_string(),
        San::Drop { piece, to } => format!("drop piece={} to={to}", piece.lower_name()),
    };
    text.push_str(&format!(
        " check={} annotation={} canonical={san}",
        or_dash(suffix.clone()),
        annotation.unwrap_or("-"),
    ));
    if !used.is_empty() {
        text.push_str(&format!(" leniencies={}", used.join(",")));
    }
    let mut fields = match san.san {
        San::Normal {
            piece,
            file,
            rank,
            capture,
            to,
            promotion,
        } => json!({
            "kind": "move",
            "piece": piece.lower_name(),
            "from_file": file.map(|f| f.to_string()),
            "from_rank": rank.map(|r| r.to_string()),
            "capture": capture,
            "to": to.to_string(),
            "promotion": promotion.map(|p| p.lower_name()),
        }),
        San::Castle(side) => json!({ "kind": "castling", "side": side.name() }),
        San::Null => json!({ "kind": "null" }),
        San::Drop { piece, to } => json!({
            "kind": "drop",
            "piece": piece.lower_name(),
            "to": to.to_string(),
        }),
    };
    fields["suffix"] = json!(suffix);
    fields["annotation"] = json!(annotation);
    fields["canonical"] = json!(san.to_string());
    fields["leniencies"] = json!(used);
    Outcome::ok(text, fields)
}
