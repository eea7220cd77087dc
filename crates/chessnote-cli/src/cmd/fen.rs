//! `chessnote fen parse|show|check|key|book`: read FEN (and EPD) records,
//! print them canonically, draw them, check that they are legal positions,
//! print their Polyglot keys, or their moves in a Polyglot book.
//!
//! Every `fen` subcommand takes `[FEN|FILE ...]`: an argument that names
//! an existing file or directory is that file (a directory: an I/O error);
//! any other is a record when it has a space in it (every FEN has one), else
//! a file of one record a line (`-` for stdin); with no argument, stdin is
//! read. Records are FEN, or EPD with `--epd` or in files whose name ends in
//! `.epd`. The FEN leniencies a record used are reported as `san` reports
//! SAN ones: a note on stderr and the JSON `leniencies` names.

use std::fmt;
use std::path::Path;
use std::process::ExitCode;

use chessnote::fen::{DiagramStyle, Epd, Fen, FenError, FenOptions, Setup, VariantSetup};
use chessnote::position::polyglot::Book;
use chessnote::position::{CastlingMode, Position, PositionError, VariantPosition};
use chessnote::san::SanPlus;
use chessnote::uci::Uci;
use chessnote::{CastlingSide, Color, Diagram, File, PieceKind, Rank, Square, Variant};
use serde_json::{Map, Value, json};

use super::diagram::{DiagramArgs, Drawing, Format};
use crate::options::{self, Allow, Notations};
use crate::report::{Common, Input, Outcome, Report, Source, Stop};

/// Flags of every `fen` subcommand.
#[derive(clap::Args, Debug)]
pub struct Records {
    /// FEN records (quoted, with their spaces; a board alone, such as
    /// `8/8/8/8/8/8/8/K6k`, too) or files of one record a line (`-` for
    /// stdin; compressed with zstd, gzip or bzip2 or not); stdin when none
    /// are given.
    pub inputs: Vec<String>,
    /// Read one record a line from FILE (`-` for stdin); repeatable.
    #[arg(long, short, value_name = "FILE")]
    pub file: Vec<String>,
    /// Read every record as EPD (the four position fields, optional
    /// counters, operations); files named `*.epd` (`.epd.zst`, …) always
    /// are.
    #[arg(long)]
    pub epd: bool,
    #[command(flatten)]
    pub allow: Allow,
    #[command(flatten)]
    pub common: Common,
}

/// The `fen` subcommands.
#[derive(clap::Subcommand, Debug)]
pub enum Command {
    /// Print each record in canonical form, one a line (`--json`: every
    /// field).
    Parse {
        #[command(flatten)]
        records: Records,
        /// Print what the seed `chess_fen_parser` CLI prints for each record
        /// (the record, a diagram and the expanded fields), errors on
        /// stderr only.
        #[arg(long)]
        seed: bool,
    },
    /// Draw each record: as text, the canonical record, the board and a
    /// blank line; as SVG, the picture alone (the king in check marked when
    /// the position is legal).
    Show {
        #[command(flatten)]
        records: Records,
        #[command(flatten)]
        diagram: DiagramArgs,
        /// The same as `--format unicode`.
        #[arg(long, conflicts_with = "format")]
        unicode: bool,
        /// SVG: the last move's squares to mark, in UCI (`e2e4`).
        #[arg(long, value_name = "UCI")]
        last_move: Option<String>,
    },
    /// Check that each record is a legal position of standard chess (of
    /// Chess960 with `--chess960`, of a variant with `--variant`): `ok`, or
    /// `invalid: ` and its problems.
    Check {
        #[command(flatten)]
        records: Records,
        /// Check Chess960 positions (castling with rooks anywhere).
        #[arg(long)]
        chess960: bool,
        /// Check positions of a Lichess variant (`crazyhouse`, `atomic`,
        /// `antichess`, `3check`, `kingofthehill`, `horde`, `racingkings`,
        /// or any name PGN's `Variant` tag takes): its rules, and the FEN
        /// fields it adds (pockets `[Qb]` or `/Qb`, promoted pieces `Q~`,
        /// check counters `3+3` or `+0+0`).
        #[arg(long, value_name = "NAME")]
        variant: Option<String>,
    },
    /// Print each record's Polyglot key, 16 hex digits a line: the key of
    /// Polyglot opening books, of pgn-extract's `-H` and of python-chess's
    /// `chess.polyglot.zobrist_hash` (counters do not count). A record that
    /// is not a legal position is an error.
    Key {
        #[command(flatten)]
        records: Records,
        /// Read the positions as Chess960 ones (castling with rooks
        /// anywhere: a right counts by its side, as python-chess counts
        /// it). Without it, a record whose castling rights hold only in
        /// Chess960 is read as one.
        #[arg(long)]
        chess960: bool,
    },
    /// Print each position's moves in a Polyglot opening book (`.bin`),
    /// `UCI:WEIGHT` joined by spaces, in the book's order, or `-` when it
    /// has none (`--json`: `uci`, `san`, `weight`, `learn`): those of
    /// weight 1 or more that are legal there, as python-chess's reader
    /// finds them.
    Book {
        /// The book.
        book: std::path::PathBuf,
        #[command(flatten)]
        records: Records,
        /// Read the positions as Chess960 ones (see `fen key`).
        #[arg(long)]
        chess960: bool,
    },
}

/// What a subcommand does with each record.
enum Action {
    Parse,
    Seed,
    Show(Drawing, Option<(Square, Square)>),
    Check(CastlingMode, Variant),
    Key(bool),
    Book(Box<Book>, bool),
}

/// Runs a `fen` subcommand.
///
/// # Errors
///
/// A usage error: an unknown leniency name.
pub fn run(command: Command) -> Result<ExitCode, String> {
    let (records, action, name) = match command {
        Command::Parse { records, seed } => {
            let action = if seed { Action::Seed } else { Action::Parse };
            (records, action, "fen parse")
        }
        Command::Show {
            records,
            diagram,
            unicode,
            last_move,
        } => {
            let mut drawing = diagram.drawing()?;
            if unicode {
                drawing.format = Format::Unicode;
            }
            let last_move = match last_move {
                None => None,
                Some(text) => match Uci::from_ascii(text.as_bytes()) {
                    Ok(Uci::Normal { from, to, .. }) => Some((from, to)),
                    Ok(Uci::Drop { to, .. }) => Some((to, to)),
                    Ok(Uci::Null) => None,
                    Err(err) => return Err(format!("--last-move {text}: {err}")),
                },
            };
            (records, Action::Show(drawing, last_move), "fen show")
        }
        Command::Check {
            records,
            chess960,
            variant,
        } => {
            let mode = if chess960 {
                CastlingMode::Chess960
            } else {
                CastlingMode::Standard
            };
            let variant = match variant {
                None => Variant::Standard,
                Some(name) => {
                    crate::options::variant_rules(&name).map_err(|e| format!("--variant {e}"))?
                }
            };
            (records, Action::Check(mode, variant), "fen check")
        }
        Command::Key { records, chess960 } => (records, Action::Key(chess960), "fen key"),
        Command::Book {
            book,
            records,
            chess960,
        } => {
            let opened = Book::open(&book).map_err(|e| format!("{}: {e}", book.display()))?;
            (
                records,
                Action::Book(Box::new(opened), chess960),
                "fen book",
            )
        }
    };
    let options = options::options(&records.allow, Notations::Fen, Default::default())?.fen;
    let mut sources: Vec<Source> = records.inputs.into_iter().map(source).collect();
    sources.extend(records.file.iter().map(|f| Source::path(f)));
    let sources = if sources.is_empty() {
        vec![Source::Stdin]
    } else {
        sources
    };
    let mut report = Report::new(&records.common, name);
    let epd = records.epd;
    let result = report.run(&sources, |report, input| {
        let epd = epd || is_epd_file(input.source);
        let variant = match action {
            Action::Check(_, variant) if variant != Variant::Standard => Some(variant),
            _ => None,
        };
        match read(input.text, epd, &options, variant.is_some()) {
            Ok(record) => {
                report.leniencies(input.text, &record.leniencies());
                act(report, input, &record, &action)
            }
            // The seed's format has its errors on stderr only.
            Err(err) if matches!(action, Action::Seed) && !report.json() => {
                report.diagnose(input, &err)
            }
            Err(err) => {
                // A FEN record a leniency reads names it (EPD too: its
                // fields are FEN's).
                let fix = Setup::leniencies_needed(input.text.as_bytes(), options).filter(|_| !epd);
                let names = fix.into_iter().flat_map(|set| set.iter().map(|l| l.name()));
                report.print(input, &Outcome::error(&err).allowing(names))?;
                if matches!(action, Action::Show(..)) && !report.json() {
                    report.raw("")?;
                }
                Ok(())
            }
        }
    });
    Ok(report.finish(result))
}

/// An argument: the file it names if there is one, else a record when it
/// has a space or is a board alone (eight ranks of pieces and digits
/// between `/`), else a file.
fn source(argument: String) -> Source {
    let board = argument.bytes().filter(|&b| b == b'/').count() == 7
        && argument
            .bytes()
            .all(|b| b == b'/' || b.is_ascii_digit() || b"pnbrqkPNBRQK".contains(&b));
    if (argument.contains(' ') || board) && !Path::new(&argument).exists() {
        Source::Argument(argument)
    } else {
        Source::path(&argument)
    }
}

/// Whether a file holds EPD by its name: `*.epd`, compressed or not.
fn is_epd_file(name: &str) -> bool {
    let name = [".zst", ".gz", ".bz2", ".xz"]
        .iter()
        .find_map(|ext| name.strip_suffix(ext))
        .unwrap_or(name);
    name.ends_with(".epd")
}

/// A record read: the position, the EPD operations if read as EPD, and the
/// leniencies the record used.
struct Record {
    setup: Setup,
    epd: Option<Epd>,
    /// Read with a variant's fields (`fen check --variant`).
    variant: Option<VariantSetup>,
    used: FenOptions,
}

impl Record {
    /// The names of the leniencies the record used.
    fn leniencies(&self) -> Vec<&'static str> {
        self.used.iter().map(|l| l.name()).collect()
    }
}

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.epd, &self.variant) {
            (Some(epd), _) => epd.fmt(f),
            (None, Some(variant)) => variant.fmt(f),
            (None, None) => self.setup.fmt(f),
        }
    }
}

/// Reads a record: EPD, a variant's FEN (`variant`: pockets and check
/// counters read), or FEN.
fn read(text: &str, epd: bool, options: &FenOptions, variant: bool) -> Result<Record, FenError> {
    if epd {
        let (epd, used) = Epd::from_ascii_reporting(text.as_bytes(), *options)?;
        Ok(Record {
            setup: epd.setup,
            epd: Some(epd),
            variant: None,
            used,
        })
    } else if variant {
        let (setup, used) = VariantSetup::from_ascii_reporting(text.as_bytes(), *options)?;
        Ok(Record {
            setup: setup.setup,
            epd: None,
            variant: Some(setup),
            used,
        })
    } else {
        let (setup, used) = Setup::from_ascii_reporting(text.as_bytes(), *options)?;
        Ok(Record {
            setup,
            epd: None,
            variant: None,
            used,
        })
    }
}

fn act(
    report: &mut Report,
    input: Input<'_>,
    record: &Record,
    action: &Action,
) -> Result<(), Stop> {
    match *action {
        Action::Parse => report.print(input, &Outcome::ok(record.to_string(), to_json(record))),
        Action::Seed if !report.json() => {
            let setup = &record.setup;
            report.raw(&format!("{setup}\n"))?;
            report.raw(
                setup
                    .board
                    .diagram(DiagramStyle::Ascii)
                    .to_string()
                    .trim_end(),
            )?;
            report.raw(Fen::from(setup).expanded().to_string().trim_end())?;
            report.raw("")
        }
        Action::Seed => report.print(input, &Outcome::ok("", to_json(record))),
        Action::Show(ref drawing, last_move) => {
            // Only SVG draws the check: text needs no legal position.
            let position = (drawing.format == Format::Svg)
                .then(|| Position::from_setup(&record.setup, CastlingMode::detect(&record.setup)));
            let mut diagram = match position {
                Some(Ok(position)) => position.diagram(),
                _ => Diagram::new(record.setup.board),
            };
            diagram.last_move = last_move;
            let picture = drawing.draw(diagram);
            if report.json() {
                let mut json = to_json(record);
                json["diagram"] = Value::String(picture);
                report.print(input, &Outcome::ok("", json))
            } else if drawing.format == Format::Svg {
                report.raw(picture.trim_end())
            } else {
                report.raw(&format!("{record}\n"))?;
                report.raw(picture.trim_end())?;
                report.raw("")
            }
        }
        Action::Key(chess960) => {
            let mode = mode_of(chess960, record);
            match Position::from_setup(&record.setup, mode) {
                Ok(position) => {
                    let key = format!("{:016x}", position.polyglot_key());
                    let json = json!({ "key": key, "chess960": mode == CastlingMode::Chess960 });
                    report.print(input, &Outcome::ok(key, json))
                }
                Err(err) => invalid(report, input, &err, mode, record),
            }
        }
        Action::Book(ref book, chess960) => {
            let mode = mode_of(chess960, record);
            match Position::from_setup(&record.setup, mode) {
                Ok(position) => {
                    let moves = book.moves(&position);
                    let text: Vec<String> = moves
                        .iter()
                        .map(|m| format!("{}:{}", Uci::from_move(m.mv, mode), m.weight))
                        .collect();
                    let json: Vec<Value> = moves
                        .iter()
                        .map(|m| {
                            json!({
                                "uci": Uci::from_move(m.mv, mode).to_string(),
                                "san": SanPlus::from_move(&position, m.mv).to_string(),
                                "weight": m.weight,
                                "learn": m.learn,
                            })
                        })
                        .collect();
                    let text = if text.is_empty() {
                        "-".to_owned()
                    } else {
                        text.join(" ")
                    };
                    report.print(input, &Outcome::ok(text, json!({ "moves": json })))
                }
                Err(err) => invalid(report, input, &err, mode, record),
            }
        }
        Action::Check(mode, variant) => {
            let chess960 = mode == CastlingMode::Chess960;
            let leniencies = record.leniencies();
            let checked = match variant {
                Variant::Standard => Position::from_setup(&record.setup, mode).map(|_| ()),
                _ => {
                    let setup = record.variant.unwrap_or_else(|| record.setup.into());
                    VariantPosition::from_variant_setup(&setup, variant, mode).map(|_| ())
                }
            };
            match checked {
                Ok(()) => {
                    let mut json =
                        json!({ "valid": true, "chess960": chess960, "leniencies": leniencies });
                    if variant != Variant::Standard {
                        json["variant"] = json!(variant.name());
                    }
                    report.print(input, &Outcome::ok("ok", json))
                }
                Err(err) => invalid(report, input, &err, mode, record),
            }
        }
    }
}

/// The castling mode of a record: Chess960 when asked for, or when its
/// castling rights hold only there.
fn mode_of(chess960: bool, record: &Record) -> CastlingMode {
    if chess960 {
        CastlingMode::Chess960
    } else {
        CastlingMode::detect(&record.setup)
    }
}

/// Says that a record is no legal position: `invalid: ` and its problems
/// (messages for people on the text line, stable names in JSON).
fn invalid(
    report: &mut Report,
    input: Input<'_>,
    err: &PositionError,
    mode: CastlingMode,
    record: &Record,
) -> Result<(), Stop> {
    let messages: Vec<&str> = err.problems().iter().map(|p| p.as_str()).collect();
    let names: Vec<&str> = err.problems().iter().map(|p| p.name()).collect();
    let mut outcome = Outcome::error(err).with(json!({
        "valid": false,
        "chess960": mode == CastlingMode::Chess960,
        "problems": names,
        "leniencies": record.leniencies(),
    }));
    outcome.text = format!("invalid: {}", messages.join(", "));
    report.print(input, &outcome)
}

fn to_json(record: &Record) -> Value {
    let setup = &record.setup;
    let board: Vec<Vec<Value>> = Rank::ALL
        .iter()
        .rev()
        .map(|&rank| {
            File::ALL
                .iter()
                .map(|&file| match setup.piece_at(Square::new(file, rank)) {
                    Some(p) => Value::String(p.char().to_string()),
                    None => Value::Null,
                })
                .collect()
        })
        .collect();
    let mut pieces = Map::new();
    for color in Color::ALL {
        let mut kinds = Map::new();
        for kind in PieceKind::ALL {
            let squares: Vec<String> = setup
                .board
                .squares_of(kind.of(color))
                .iter()
                .map(|sq| sq.to_string())
                .collect();
            if !squares.is_empty() {
                kinds.insert(kind.lower_name().into(), json!(squares));
            }
        }
        pieces.insert(color.name().to_string(), Value::Object(kinds));
    }
    let rook = |color, side| {
        setup
            .castling_rook_square(color, side)
            .map(|sq| sq.to_string())
    };
    let mut value = json!({
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
        "leniencies": record.leniencies(),
    });
    if let Some(epd) = &record.epd {
        value["epd"] = json!(epd.to_string());
        value["operations"] = epd
            .operations
            .iter()
            .map(|op| {
                json!({
                    "opcode": op.opcode,
                    "operands": op.operands.iter().map(|o| o.as_str()).collect::<Vec<_>>(),
                })
            })
            .collect();
    }
    value
}
