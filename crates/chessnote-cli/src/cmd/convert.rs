//! `chessnote convert`: moves from one notation to another, in a position.
//!
//! A sequence (MOVE arguments, or lines of stdin or `--file`) is played in
//! order from `--fen`: each argument or line is one input, printed as one
//! line, its moves converted and joined by single spaces (an empty line
//! when it has none, as `1-0`). Pasted movetext is read as PGN's is: move
//! numbers, results, `{comments}`, `( variations )` and `$1` are skipped,
//! and an input that starts at move 1 (`1. e4`) starts again from `--fen`,
//! so one game a line converts line by line. A failing move makes its
//! input's line `error: …`, and every later input `error: not played: …`
//! (until one starts at move 1), since the position after it is unknown.
//! With `--tsv`, each line is `FEN<TAB>MOVE`, converted on its own.

use std::process::ExitCode;

use chessnote::Variant;
use chessnote::fen::{FenOptions, Setup, VariantSetup};
use chessnote::position::{
    CastlingMode, Converted, MoveError, Notation, Position, VariantPosition, WriteNotation,
};
use chessnote::san::SanOptions;
use serde_json::json;

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
    /// Play the moves by a Lichess variant's rules (`crazyhouse`, `atomic`,
    /// `antichess`, `3check`, `kingofthehill`, `horde`, `racingkings`, or
    /// any name the `Variant` tag takes): drops (`N@f3`, ERAN `N @f3`), the
    /// variant's start position, and `--fen` with pockets and check
    /// counters.
    #[arg(long, value_name = "NAME", value_parser = options::variant_rules)]
    pub variant: Option<Variant>,
    /// Read each line as `FEN<TAB>MOVE`, converted on its own.
    #[arg(long)]
    pub tsv: bool,
    /// Read the moves (or `--tsv` lines) from FILE (`-` for stdin); repeatable.
    #[arg(long, short, value_name = "FILE")]
    pub file: Vec<String>,
    /// Moves to play in order (else the lines of stdin or `--file`); each
    /// argument is one input, split into moves as pasted movetext is: move
    /// numbers, results, {comments}, (variations) and $NAGs are skipped,
    /// and an ERAN move and `exd6 e.p.` keep their inner spaces. An input
    /// that starts at move 1 (`1. e4`) starts again from --fen.
    pub moves: Vec<String>,
    #[command(flatten)]
    pub allow: Allow,
    #[command(flatten)]
    pub common: Common,
}

/// What the moves are played on: standard chess's position (with
/// `--chess960` too), or a variant's (`--variant`).
#[derive(Clone)]
enum Board {
    Chess(Position),
    Variant(Box<VariantPosition>),
}

impl Board {
    fn convert_and_play(
        &mut self,
        text: &str,
        args: &Args,
        san: SanOptions,
    ) -> Result<Converted, MoveError> {
        let text = text.as_bytes();
        match self {
            Board::Chess(p) => p.convert_and_play(text, args.from, args.to, san),
            Board::Variant(p) => p.convert_and_play(text, args.from, args.to, san),
        }
    }

    fn leniencies_needed(&self, args: &Args, text: &str, san: SanOptions) -> Option<SanOptions> {
        let text = text.as_bytes();
        match self {
            Board::Chess(p) => p.leniencies_needed(args.from, text, san),
            Board::Variant(p) => p.leniencies_needed(args.from, text, san),
        }
    }
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
/// A usage error: MOVE arguments or `--fen` with `--tsv`, an unknown
/// leniency name.
pub fn run(args: Args) -> Result<ExitCode, String> {
    if args.tsv && !args.moves.is_empty() {
        return Err("--tsv reads `FEN<TAB>MOVE` lines; give no MOVE arguments".into());
    }
    if args.tsv && args.fen.is_some() {
        return Err("--tsv reads the position of each `FEN<TAB>MOVE` line; give no --fen".into());
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

/// Reads a position (a variant's with `--variant`: pockets and check
/// counters too), printing the error when it is not one; with the names
/// of the FEN leniencies it used (noted on stderr).
fn position(
    report: &mut Report,
    input: Input<'_>,
    fen: &FenOptions,
    mode: CastlingMode,
    variant: Option<Variant>,
) -> Result<Option<(Board, Vec<&'static str>)>, Stop> {
    let text = input.text.as_bytes();
    let read = match variant {
        None => Setup::from_ascii_reporting(text, *fen)
            .map(|(setup, used)| (Position::from_setup(&setup, mode).map(Board::Chess), used)),
        Some(variant) => VariantSetup::from_ascii_reporting(text, *fen).map(|(setup, used)| {
            let board = VariantPosition::from_variant_setup(&setup, variant, mode);
            (board.map(|p| Board::Variant(Box::new(p))), used)
        }),
    };
    match read {
        Err(err) => {
            let fix = Setup::leniencies_needed(text, *fen);
            let names = fix.into_iter().flat_map(|set| set.iter().map(|l| l.name()));
            let outcome = Outcome::error(&err).allowing(names);
            report.print(input, &outcome).map(|()| None)
        }
        Ok((Ok(board), used)) => {
            let used: Vec<&str> = used.iter().map(|l| l.name()).collect();
            report.leniencies(input.text, &used);
            Ok(Some((board, used)))
        }
        Ok((Err(err), _)) => report.print(input, &Outcome::error(&err)).map(|()| None),
    }
}

/// Converts and plays one move: its text, with the names of the SAN
/// leniencies it used (noted on stderr).
fn convert(
    report: &mut Report,
    text: &str,
    position: &mut Board,
    args: &Args,
    san: SanOptions,
) -> Result<(String, Vec<&'static str>), MoveError> {
    let Converted {
        text: converted,
        used,
    } = position.convert_and_play(text, args, san)?;
    let used: Vec<&str> = used.iter().map(|l| l.name()).collect();
    report.leniencies(text, &used);
    Ok((converted, used))
}

/// Plays the inputs in order, one output line each; after a failing move,
/// every later input is not played, until one starts at move 1.
fn sequence(
    report: &mut Report,
    args: &Args,
    fen: FenOptions,
    mode: CastlingMode,
    san: SanOptions,
) -> Result<(), Stop> {
    let start = match &args.fen {
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
                    args.variant,
                )?
                .map(|(position, _)| position);
                Ok(())
            })?;
            match position {
                Some(position) => position,
                None => return Ok(()),
            }
        }
        None => match args.variant {
            None => Board::Chess(Position::new()),
            Some(variant) => Board::Variant(Box::new(VariantPosition::new(variant))),
        },
    };
    let mut position = start.clone();
    let sources = Source::list(args.moves.clone(), &args.file);
    let mut failed = false;
    let mut first = true;
    report.run(&sources, |report, input| {
        // A game a line: one that starts at move 1 starts again.
        if !std::mem::take(&mut first) && Notation::starts_game(input.text) {
            position = start.clone();
            failed = false;
        }
        if failed {
            let err = LineError::whole("not-played", "not played: an earlier move failed");
            return report.print(input, &Outcome::error(&err));
        }
        let mut moves = Vec::new();
        let mut leniencies: Vec<&str> = Vec::new();
        for part in args.from.split_moves(input.text) {
            match convert(report, part, &mut position, args, san) {
                Ok((text, used)) => {
                    moves.push(text);
                    for name in used {
                        if !leniencies.contains(&name) {
                            leniencies.push(name);
                        }
                    }
                }
                Err(err) => {
                    failed = true;
                    let fields = json!({ "moves": moves, "leniencies": leniencies });
                    let outcome = Outcome::error(&err)
                        .with(fields)
                        .allowing(fix(&position, args, part, san));
                    return report.print(input.part(part), &outcome);
                }
            }
        }
        let fields = json!({ "moves": moves, "leniencies": leniencies });
        report.print(input, &Outcome::ok(moves.join(" "), fields))
    })
}

/// One `FEN<TAB>MOVE` line: the leniencies of both are reported.
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
    let Some((mut position, mut leniencies)) =
        position(report, input.part(setup), &fen, mode, args.variant)?
    else {
        return Ok(());
    };
    let input = input.part(text);
    match convert(report, text, &mut position, args, san) {
        Ok((converted, used)) => {
            leniencies.extend(used);
            let fields = json!({ "move": converted, "leniencies": leniencies });
            report.print(input, &Outcome::ok(converted, fields))
        }
        Err(err) => {
            let outcome = Outcome::error(&err).allowing(fix(&position, args, text, san));
            report.print(input, &outcome)
        }
    }
}

/// The names of the leniencies that would read the move that failed.
fn fix(position: &Board, args: &Args, text: &str, san: SanOptions) -> Vec<&'static str> {
    position
        .leniencies_needed(args, text, san)
        .into_iter()
        .flat_map(|set| set.iter().map(|l| l.name()))
        .collect()
}
