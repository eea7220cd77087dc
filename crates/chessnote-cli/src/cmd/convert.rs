//! `chessnote convert`: moves from one notation to another, in a position.

use std::process::ExitCode;

use chessnote::fen::{FenOptions, Setup};
use chessnote::position::{CastlingMode, Converted, Notation, Position, WriteNotation};
use chessnote::san::SanOptions;
use serde_json::json;

use super::fen::Illegal;
use crate::options::{self, Allow, Notations};
use crate::report::{Common, Input, LineError, Outcome, Report, Source, Stop};

/// Arguments of `chessnote convert`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The notation of the input moves: san, lan, uci or eran.
    #[arg(long, value_parser = input_notation)]
    pub from: Notation,
    /// The notation to write: san, lan, uci, eran or eran-short.
    #[arg(long)]
    pub to: WriteNotation,
    /// The position to start from (default: the standard starting position).
    #[arg(long)]
    pub fen: Option<String>,
    /// Chess960: castling in UCI is the king taking its rook.
    #[arg(long)]
    pub chess960: bool,
    /// Read each line as `FEN<TAB>MOVE`, converted on its own.
    #[arg(long)]
    pub tsv: bool,
    /// Read the moves (or `--tsv` lines) from FILE (`-` for stdin); repeatable.
    #[arg(long, short, value_name = "FILE")]
    pub file: Vec<String>,
    /// Moves to play in order (else the lines of stdin or `--file`), split
    /// into moves as pasted movetext is: move numbers and results are
    /// skipped, and an ERAN move and `exd6 e.p.` keep their inner spaces.
    pub moves: Vec<String>,
    #[command(flatten)]
    pub allow: Allow,
    #[command(flatten)]
    pub common: Common,
}

fn input_notation(s: &str) -> Result<Notation, String> {
    match s.parse::<Notation>() {
        Ok(n) => Ok(n),
        Err(_) if s == "eran-short" => {
            Err("eran-short is only for --to; read ERAN with --from eran".into())
        }
        Err(e) => Err(e.to_string()),
    }
}

/// Runs `chessnote convert`.
///
/// # Errors
///
/// A usage error: MOVE arguments with `--tsv`, an unknown leniency name.
pub fn run(args: Args) -> Result<ExitCode, String> {
    if args.tsv && !args.moves.is_empty() {
        return Err("--tsv reads `FEN<TAB>MOVE` lines; give no MOVE arguments".into());
    }
    let options = options::options(&args.allow, Notations::Both, SanOptions::STRICT)?;
    let mode = if args.chess960 {
        CastlingMode::Chess960
    } else {
        CastlingMode::Standard
    };
    let mut report = Report::new(&args.common, "convert");
    let result = if args.tsv {
        let sources = Source::list(Vec::new(), &args.file);
        report.run(&sources, |report, input| {
            tsv(report, input, &args, options.fen, mode, options.san)
        })
    } else {
        sequence(&mut report, &args, options.fen, mode, options.san)
    };
    Ok(report.finish(result))
}

/// Reads a position, printing the error when it is not one.
fn position(
    report: &mut Report,
    input: Input<'_>,
    fen: &FenOptions,
    mode: CastlingMode,
) -> Result<Option<Position>, Stop> {
    match Setup::from_ascii_with(input.text.as_bytes(), *fen) {
        Err(err) => report.print(input, &Outcome::error(&err)).map(|()| None),
        Ok(setup) => match Position::from_setup(&setup, mode) {
            Ok(position) => Ok(Some(position)),
            Err(err) => report
                .print(input, &Outcome::error(&Illegal(err)))
                .map(|()| None),
        },
    }
}

/// Converts one move and prints it; whether it went well.
fn convert(
    report: &mut Report,
    input: Input<'_>,
    position: &mut Position,
    args: &Args,
    san: SanOptions,
) -> Result<bool, Stop> {
    match position.convert_and_play(input.text.as_bytes(), args.from, args.to, san) {
        Ok(Converted { text, used }) => {
            let used: Vec<&str> = used.iter().map(|l| l.name()).collect();
            if !used.is_empty() {
                report.note(format_args!(
                    "`{}` read with leniency {}",
                    input.text,
                    used.join(", ")
                ));
            }
            let fields = json!({ "move": text, "leniencies": used });
            report.print(input, &Outcome::ok(text, fields))?;
            Ok(true)
        }
        Err(err) => {
            report.print(input, &Outcome::error(&err))?;
            Ok(false)
        }
    }
}

/// Plays the moves in order; the first failure ends the sequence.
fn sequence(
    report: &mut Report,
    args: &Args,
    fen: FenOptions,
    mode: CastlingMode,
    san: SanOptions,
) -> Result<(), Stop> {
    let mut position = match &args.fen {
        Some(text) => {
            let sources = [Source::Argument(text.clone())];
            let mut position = None;
            report.run(&sources, |report, input| {
                position = self::position(
                    report,
                    Input {
                        source: "--fen",
                        ..input
                    },
                    &fen,
                    mode,
                )?;
                Ok(())
            })?;
            match position {
                Some(position) => position,
                None => return Ok(()),
            }
        }
        None => Position::new(),
    };
    let sources = Source::list(args.moves.clone(), &args.file);
    let mut failed = false;
    report.run(&sources, |report, input| {
        if failed {
            return Ok(());
        }
        for part in args.from.split_moves(input.text) {
            if !convert(report, input.part(part).alone(), &mut position, args, san)? {
                failed = true;
                break;
            }
        }
        Ok(())
    })
}

/// One `FEN<TAB>MOVE` line.
fn tsv(
    report: &mut Report,
    input: Input<'_>,
    args: &Args,
    fen: FenOptions,
    mode: CastlingMode,
    san: SanOptions,
) -> Result<(), Stop> {
    let Some((setup, text)) = input.text.split_once('\t') else {
        let err = LineError::new("expected-tab", "expected `FEN<TAB>MOVE`", input.text.len());
        return report.print(input, &Outcome::error(&err));
    };
    if let Some(mut position) = position(report, input.part(setup), &fen, mode)? {
        convert(report, input.part(text), &mut position, args, san)?;
    }
    Ok(())
}
