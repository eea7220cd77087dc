//! `chessnote convert`: moves from one notation to another, in a position.

use std::io::{self, BufRead, Read};

use chessnote::fen::{FenOptions, Setup};
use chessnote::position::{CastlingMode, Notation, Position, WriteNotation};
use chessnote::san::SanOptions;

use crate::io::Out;

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
    /// Read each stdin line as `FEN<TAB>MOVE`, converted on its own.
    #[arg(long)]
    pub tsv: bool,
    /// Read SAN as real PGN files write it (`0-0`, `e8Q`, `Nge2` for `Ne2`,
    /// `exd6 e.p.`, missing or extra `x`, `Pe4`, `e2-e4`); each leniency
    /// used is reported on stderr.
    #[arg(long)]
    pub lenient: bool,
    /// Moves to play in order, one an argument; stdin when none are given
    /// (moves separated by whitespace; an ERAN move and `exd6 e.p.` keep
    /// their inner spaces).
    pub moves: Vec<String>,
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

/// Runs `chessnote convert`; `Ok(false)` when some move failed.
pub fn run(args: Args) -> io::Result<bool> {
    let mode = if args.chess960 {
        CastlingMode::Chess960
    } else {
        CastlingMode::Standard
    };
    let options = if args.lenient {
        SanOptions::LENIENT
    } else {
        SanOptions::STRICT
    };
    let mut out = Out::new();
    let ok = if args.tsv {
        run_tsv(&args, mode, options, &mut out)?
    } else {
        run_sequence(&args, mode, options, &mut out)?
    };
    out.flush()?;
    Ok(ok)
}

fn position(fen: &str, mode: CastlingMode) -> Result<Position, String> {
    let setup = Setup::from_ascii_with(
        fen.as_bytes(),
        &FenOptions::new().surrounding_whitespace(true),
    )
    .map_err(|e| format!("invalid FEN: {e}"))?;
    Position::from_setup(&setup, mode).map_err(|e| e.to_string())
}

fn report_leniency(text: &str, used: SanOptions) {
    if !used.is_empty() {
        eprintln!("note: `{text}` read with leniency: {used}");
    }
}

/// Plays the moves in order; the first failure ends the sequence.
fn run_sequence(
    args: &Args,
    mode: CastlingMode,
    options: SanOptions,
    out: &mut Out,
) -> io::Result<bool> {
    let mut position = match &args.fen {
        Some(fen) => match position(fen, mode) {
            Ok(p) => p,
            Err(e) => {
                out.line(&format!("error: {e}"))?;
                return Ok(false);
            }
        },
        None => Position::new(),
    };
    let mut stdin_text = String::new();
    // Each argument is one move; stdin is split into moves by the notation.
    let moves: Vec<&str> = if args.moves.is_empty() {
        io::stdin().read_to_string(&mut stdin_text)?;
        args.from.split_moves(&stdin_text).collect()
    } else {
        args.moves.iter().map(String::as_str).collect()
    };
    for text in moves {
        match position.convert_and_play(text.as_bytes(), args.from, args.to, options) {
            Ok(converted) => {
                report_leniency(text, converted.used);
                out.line(&converted.text)?;
            }
            Err(e) => {
                out.line(&format!("error: {e}"))?;
                return Ok(false);
            }
        }
    }
    Ok(true)
}

/// Each stdin line is `FEN<TAB>MOVE`; every line is converted.
fn run_tsv(
    args: &Args,
    mode: CastlingMode,
    options: SanOptions,
    out: &mut Out,
) -> io::Result<bool> {
    let mut all_ok = true;
    for line in io::stdin().lock().lines() {
        let line = line?;
        let line = line.trim_end_matches('\r');
        let result = match line.split_once('\t') {
            None => Err("expected `FEN<TAB>MOVE`".to_string()),
            Some((fen, text)) => position(fen, mode).and_then(|mut p| {
                p.convert_and_play(text.as_bytes(), args.from, args.to, options)
                    .map(|c| {
                        report_leniency(text, c.used);
                        c.text
                    })
                    .map_err(|e| e.to_string())
            }),
        };
        match result {
            Ok(text) => out.line(&text)?,
            Err(e) => {
                all_ok = false;
                out.line(&format!("error: {e}"))?;
            }
        }
    }
    Ok(all_ok)
}
