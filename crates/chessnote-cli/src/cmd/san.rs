//! `chessnote san [TOKEN ...]`: parse SAN moves and show their structure.

use chessnote::san::{Leniency, San, SanOptions, SanPlus};
use serde_json::{Value, json};

use crate::io;

/// Arguments of `chessnote san`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// SAN moves such as `Nbxd7+`; stdin lines when none are given.
    pub tokens: Vec<String>,
    /// Print one JSON object per token instead of text.
    #[arg(long)]
    pub json: bool,
    /// Accept what chess-notation-parser accepts (zero castling, any pawn
    /// source, no geometry check).
    #[arg(long)]
    pub seed: bool,
    /// Accept castling written with zeros (`0-0`).
    #[arg(long)]
    pub zero_castling: bool,
    /// Accept pawn sources SAN never writes (`e2e4`, `de4`, `xd5`).
    #[arg(long)]
    pub pawn_sources: bool,
    /// Skip the empty-board reachability check of a written source.
    #[arg(long)]
    pub any_geometry: bool,
    /// Accept the null move `--`.
    #[arg(long)]
    pub null_move: bool,
    /// Accept every leniency (`0-0`, `e2e4`, `Pe4`, `e8Q`, `exd6 e.p.`,
    /// `e2-e4`, `--`); the ones a token needed are listed.
    #[arg(long)]
    pub lenient: bool,
}

impl Args {
    fn options(&self) -> SanOptions {
        let base = if self.lenient {
            SanOptions::LENIENT
        } else if self.seed {
            SanOptions::SEED
        } else {
            SanOptions::STRICT
        };
        let mut options = base;
        if self.zero_castling {
            options = options.with(Leniency::ZeroCastling);
        }
        if self.pawn_sources {
            options = options.with(Leniency::PawnSources);
        }
        if self.any_geometry {
            options = options.with(Leniency::AnyGeometry);
        }
        if self.null_move {
            options = options.with(Leniency::NullMove);
        }
        options
    }
}

/// Runs `chessnote san`; `Ok(false)` when some token failed.
pub fn run(args: Args) -> std::io::Result<bool> {
    let options = args.options();
    let mut out = io::Out::new();
    let mut all_ok = true;
    for token in io::inputs(args.tokens) {
        let token = token?;
        match SanPlus::from_ascii_reporting(token.as_bytes(), options) {
            Ok((san, used)) if args.json => {
                let mut value = json_of(&token, &san);
                let used: Vec<String> = used.iter().map(|l| l.to_string()).collect();
                value["leniencies"] = json!(used);
                out.json(&value)?;
            }
            Ok((san, used)) if used.is_empty() => {
                out.line(&format!("{token}\t{}", describe(&san)))?
            }
            Ok((san, used)) => {
                out.line(&format!("{token}\t{} leniencies={used}", describe(&san)))?
            }
            Err(err) => {
                all_ok = false;
                if args.json {
                    out.json(&json!({
                        "input": token,
                        "ok": false,
                        "error": err.kind().message(),
                        "offset": err.offset(),
                    }))?;
                } else {
                    out.line(&format!(
                        "{token}\terror: {err}\n{}",
                        io::caret(&token, err.offset())
                    ))?;
                }
            }
        }
    }
    out.flush()?;
    Ok(all_ok)
}

fn or_dash(value: Option<String>) -> String {
    value.unwrap_or_else(|| "-".to_string())
}

/// `key=value` fields of a parsed move, `-` for absent ones.
fn describe(san: &SanPlus) -> String {
    let tail = format!(
        "check={} annotation={} canonical={san}",
        or_dash(san.suffix.map(|s| s.char().to_string())),
        or_dash(san.annotation.map(|a| a.to_string())),
    );
    match san.san {
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
                "move piece={piece} from={} capture={} to={to} promotion={} {tail}",
                if from.is_empty() {
                    "-".to_string()
                } else {
                    from
                },
                if capture { "yes" } else { "no" },
                or_dash(promotion.map(|p| p.to_string())),
            )
        }
        San::Castle(side) => format!("castling side={} {tail}", side_name(side)),
        San::Null => format!("null {tail}"),
    }
}

fn side_name(side: chessnote::CastlingSide) -> &'static str {
    match side {
        chessnote::CastlingSide::KingSide => "king",
        chessnote::CastlingSide::QueenSide => "queen",
    }
}

fn json_of(input: &str, san: &SanPlus) -> Value {
    let mut value = match san.san {
        San::Normal {
            piece,
            file,
            rank,
            capture,
            to,
            promotion,
        } => json!({
            "kind": "move",
            "piece": piece.name(),
            "from_file": file.map(|f| f.to_string()),
            "from_rank": rank.map(|r| r.to_string()),
            "capture": capture,
            "to": to.to_string(),
            "promotion": promotion.map(|p| p.name()),
        }),
        San::Castle(side) => json!({ "kind": "castling", "side": side_name(side) }),
        San::Null => json!({ "kind": "null" }),
    };
    let object = value.as_object_mut().expect("an object");
    object.insert("input".into(), json!(input));
    object.insert("ok".into(), json!(true));
    object.insert(
        "suffix".into(),
        json!(san.suffix.map(|s| match s {
            chessnote::san::Suffix::Check => "check",
            chessnote::san::Suffix::Checkmate => "checkmate",
        })),
    );
    object.insert(
        "annotation".into(),
        json!(san.annotation.map(|a| a.as_str())),
    );
    object.insert("canonical".into(), json!(san.to_string()));
    value
}
