//! `chessnote pgn`: check, convert, count, split, export and show PGN
//! files, on every core.
//!
//! Every subcommand reads FILE arguments (`-` for stdin; stdin when there
//! are none), plain or compressed (zstd, gzip, bzip2, told by their first
//! bytes), as one stream of games each. With more than one thread, the
//! stream is cut into chunks of whole games ([`chessnote::pgn::Chunks`])
//! that worker threads read, and the output is written in input order: it
//! is the same, byte for byte, for every `--threads`.
//!
//! A problem in a game is printed as
//! `FILE:LINE:COLUMN: game N (White - Black), ply P: MESSAGE` (on stdout
//! for `check`, on stderr otherwise) and the other games are read on; the
//! exit status is then 1. A file that cannot be read (missing, corrupt
//! compressed data) is said on stderr, the other files are read, and the
//! exit status is 2, as for a usage error.

mod drive;
mod export;
mod jobs;
mod show;
mod split;

use std::path::Path;
use std::process::ExitCode;
use std::sync::{Arc, Mutex};

use chessnote::pgn::filter::Filter;
use chessnote::pgn::{
    AddOpening, ClockEval, Duplicates, GameKey, LineEnding, ReadOptions, TagSelection, WriteOptions,
};
use chessnote::position::{Notation, WriteNotation};

use crate::options::Allow;
use crate::report;

/// The subcommands of `chessnote pgn`.
#[derive(clap::Subcommand, Debug)]
pub enum Command {
    /// Read and replay every game (variations too) and print every problem
    /// as `FILE:LINE:COLUMN: game N (White - Black), ply P: MESSAGE`, then
    /// a summary on stderr. Exit 1 if any game has a problem.
    Check(CheckArgs),
    /// Write the games as PGN (export format), as one line of moves each
    /// (uci, san, lan, eran, eran-short), or as one JSON object each.
    Convert(ConvertArgs),
    /// Count the games (those `--where` keeps); the movetext is skipped
    /// when the expression does not need it.
    Count(CountArgs),
    /// Cut files into parts at game boundaries, compressed as the input
    /// was; prints each part written and its number of games.
    Split(SplitArgs),
    /// Write every game as a row of a table (Parquet, Arrow IPC, NDJSON,
    /// CSV) for DuckDB, Polars, pandas, Spark: the Hugging Face Lichess
    /// columns and more (docs/export.md). A bad game is a row with its
    /// problem.
    Export(export::ExportArgs),
    /// Draw positions of each game (the last, `--ply N` or `--all`) as
    /// text or SVG, with the last move, the king in check and the
    /// comments' `[%csl]` squares and `[%cal]` arrows.
    Show(show::ShowArgs),
    /// Split a .zst file of several frames (pzstd's, as the Lichess dumps)
    /// into byte ranges of about equal size, one `START:END` a line, for
    /// tasks that each read one with `--range` (Spark, Ray, `xargs -P`).
    Plan(PlanArgs),
}

/// `chessnote pgn plan`.
#[derive(clap::Args, Debug)]
pub struct PlanArgs {
    /// How many ranges (fewer when the file has fewer frames).
    #[arg(long, value_name = "N")]
    pub parts: usize,
    /// One JSON object a line: `{"file", "start", "end", "frames"}`.
    #[arg(long)]
    pub json: bool,
    /// The .zst file.
    #[arg(value_name = "FILE")]
    pub file: std::path::PathBuf,
}

/// What every subcommand reads, and how.
#[derive(clap::Args, Debug, Clone)]
pub struct Inputs {
    /// PGN files: plain, zstd, gzip, bzip2 or xz (told by content), or zip
    /// archives of them; `-` or none for stdin.
    #[arg(value_name = "FILE", value_parser = clap::value_parser!(std::path::PathBuf))]
    pub files: Vec<std::path::PathBuf>,
    /// Read only the games of this byte range of the one .zst FILE, as
    /// `chessnote pgn plan` gives them: the games that start in its
    /// frames (the last one read on past its end). Game numbers and
    /// places count from the range's first game.
    #[arg(long, value_name = "START:END")]
    pub range: Option<chessnote_io::frames::Range>,
    /// Worker threads (default: one per core; at most 256); with 1,
    /// everything is read on one thread.
    #[arg(long, short = 'j', value_name = "N")]
    pub threads: Option<usize>,
    /// Show a progress bar on stderr (default: only when stderr is a
    /// terminal).
    #[arg(long, overrides_with = "no_progress")]
    pub progress: bool,
    /// Never show a progress bar.
    #[arg(long, overrides_with = "progress")]
    pub no_progress: bool,
    /// The bytes of games handed to a worker at a time.
    #[arg(long, hide = true, default_value_t = chessnote_io::pipeline::Pipeline::CHUNK_SIZE)]
    pub chunk_size: usize,
    #[command(flatten)]
    pub allow: Allow,
    /// Refuse the moves written off the standard that are read by default
    /// (a wrong `+` or `#`, a needless disambiguation, a wrong capture
    /// mark, UCI moves): each is then an error that ends its game's
    /// replay, as it is for python-chess's strict readers. `--allow` adds
    /// leniencies back.
    #[arg(long, conflicts_with = "lenient")]
    pub strict: bool,
    /// Read a game that has no `Variant` tag as one of NAME, by its rules
    /// (`crazyhouse`, `atomic`, `antichess`, `kingofthehill`, `3check`,
    /// `horde`, `racingkings`, `chess960`, or any name the tag takes): for
    /// files of one variant whose games do not say so. A game's own
    /// `Variant` tag still decides.
    #[arg(long, value_name = "NAME", value_parser = crate::options::variant_tag)]
    pub variant: Option<chessnote::pgn::tags::Variant>,
    /// No diagnostics on stderr (stdout and the exit status are
    /// unchanged).
    #[arg(long, short)]
    pub quiet: bool,
}

/// `--where`.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct Where {
    /// Keep only the games for which EXPR holds: comparisons of tags with
    /// typed values (`WhiteElo >= 2000`, `Event ~ "Titled Arena"`,
    /// `TimeControl.base >= 600`, `Date >= 2020.01.01`, `plies > 40`),
    /// joined by `and`, `or`, `not` and parentheses (docs/pgn-filter.md).
    #[arg(long = "where", value_name = "EXPR", long_help = WHERE_HELP)]
    pub expr: Option<String>,
    /// Keep the first game of each start position and mainline (tags,
    /// comments and variations ignored, as pgn-extract -D): drop the
    /// later copies. A game with an error or without moves is kept (it is
    /// no one's copy).
    #[arg(long, conflicts_with = "duplicates")]
    pub unique: bool,
    /// Keep only the later copies of a game: those `--unique` drops.
    #[arg(long)]
    pub duplicates: bool,
}

/// `--where` in `--help` and the manual pages: the language, in brief
/// (docs/pgn-filter.md has it whole).
const WHERE_HELP: &str = "Keep only the games for which EXPR holds.

A test is a field, a comparison and a literal (`WhiteElo >= 2000`), or a field alone, true \
when it has a value (`not ECO`). Tests are joined by `and`, `or`, `not` and parentheses \
(`not` binds tightest, then `and`, then `or`).

Fields: any tag name, case-sensitive (`WhiteElo`, `Event`); `plies`, the number of mainline \
half-moves (the moves are read only when it is used); and on a tag, `.year`, `.month`, \
`.day` (a PGN date) or `.base`, `.increment`, `.moves` (a time control, in seconds): \
`TimeControl.base >= 600`, `UTCDate.year = 2024`.

Of the moves (played only for the games whose tags can still pass): `opening`, \
`opening.eco`, `opening.ply` (the opening as Lichess names it: `opening ~ \"Sicilian\"`); \
`reaches(\"FEN\")`, true when a mainline position is the FEN's (counters ignored); \
`material(\"KRPvKR\")`, true when a mainline position has exactly that material; \
`status`, how the final position ends the game (`status = \"checkmate\"`, \"stalemate\", \
\"insufficient_material\", \"seventyfive_moves\", \"fivefold_repetition\").

Comparisons: `=`, `!=`, `<`, `<=`, `>`, `>=`, and `~`, `!~` (contains, case-sensitive, for \
text).

Literals: integers (`2000`), dates (`2020.01.01`, `2020.??.??`) and quoted text \
(`Result = \"1-0\"`: text is always quoted). The literal says how the tag is read: as an \
integer, a date, or text compared byte by byte. A tag with no value (missing, empty, `?`, \
or not of the literal's type) makes every comparison false, `!=` included: test it alone \
to keep such games (`not WhiteElo or WhiteElo < 1200`).

A tag that no game has is said on stderr at the end (with the name in another case, when \
a known tag has it).";

/// Arguments of `chessnote pgn check`.
#[derive(clap::Args, Debug)]
pub struct CheckArgs {
    #[command(flatten)]
    pub inputs: Inputs,
    /// One JSON object per problem instead of text.
    #[arg(long)]
    pub json: bool,
}

/// What `convert` writes.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// PGN export format (see the writer's flags).
    Pgn,
    /// One line per game: the mainline in UCI.
    Uci,
    /// One line per game: the mainline in SAN, as chessnote writes it.
    San,
    /// One line per game: the mainline in LAN.
    Lan,
    /// One line per game: the mainline in ERAN.
    Eran,
    /// One line per game: the mainline in short ERAN.
    EranShort,
    /// One JSON object per line per game.
    Json,
}

/// How `--to pgn` writes moves.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum MoveNotation {
    /// SAN (the standard).
    San,
    /// LAN.
    Lan,
    /// UCI.
    Uci,
    /// ERAN.
    Eran,
    /// Short ERAN.
    EranShort,
}

/// The PGN writer's styles.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum StyleArg {
    /// The PGN standard's export format.
    Standard,
    /// Exactly what python-chess 1.11.2 writes.
    PythonChess,
}

/// Which tags `--to pgn` writes.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum TagsArg {
    /// Every tag.
    All,
    /// The Seven Tag Roster (and FEN, SetUp, Variant).
    Roster,
    /// None.
    None,
}

/// Arguments of `chessnote pgn convert`.
#[derive(clap::Args, Debug)]
pub struct ConvertArgs {
    /// What to write.
    #[arg(long, value_enum)]
    pub to: Format,
    #[command(flatten)]
    pub inputs: Inputs,
    #[command(flatten)]
    pub filter: Where,
    /// PGN: the longest line, in characters (0: no limit).
    #[arg(long, value_name = "N")]
    pub columns: Option<u16>,
    /// PGN: leave the comments out.
    #[arg(long)]
    pub no_comments: bool,
    /// PGN: leave the variations out.
    #[arg(long)]
    pub no_variations: bool,
    /// PGN: leave the NAGs out.
    #[arg(long)]
    pub no_nags: bool,
    /// PGN: leave `[%clk]` and `[%eval]` out of comments.
    #[arg(long)]
    pub no_clocks: bool,
    /// PGN: the notation of the moves.
    #[arg(long, value_enum, default_value = "san")]
    pub moves: MoveNotation,
    /// PGN: the layout.
    #[arg(long, value_enum, default_value = "standard")]
    pub style: StyleArg,
    /// PGN: which tags.
    #[arg(long, value_enum, default_value = "all")]
    pub tags: TagsArg,
    /// PGN: end lines with CR LF.
    #[arg(long)]
    pub crlf: bool,
    /// PGN: write each game's opening, as Lichess names it, in its `ECO`
    /// and `Opening` tags: where it has neither (`missing`, the default
    /// when no value is given), or over those it has (`replace`).
    #[arg(long, value_enum, value_name = "WHERE", num_args = 0..=1, require_equals = true, default_missing_value = "missing")]
    pub add_opening: Option<AddOpeningArg>,
}

/// Where `--add-opening` writes the opening.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum AddOpeningArg {
    /// In games that have neither an `ECO` nor an `Opening` tag.
    Missing,
    /// In every game that has an opening, over the tags it has.
    Replace,
}

/// Arguments of `chessnote pgn count`.
#[derive(clap::Args, Debug)]
pub struct CountArgs {
    #[command(flatten)]
    pub inputs: Inputs,
    #[command(flatten)]
    pub filter: Where,
    /// Print `{"games": N, "read": M}` instead of the number (`games`:
    /// kept by `--where`, `read`: all), with several files a `files` list
    /// of the same per file.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `chessnote pgn split`.
#[derive(clap::Args, Debug)]
#[command(group(clap::ArgGroup::new("size").required(true).args(["games", "parts"])))]
pub struct SplitArgs {
    /// Games per part.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub games: Option<u64>,
    /// Parts per file, of as many games each as can be (the file is
    /// counted first, so not stdin).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub parts: Option<u64>,
    /// The folder to write the parts into (made if missing); a part is
    /// `STEM-00001.pgn` (`.zst`, `.gz`, `.bz2` as the input).
    #[arg(long, value_name = "DIR")]
    pub out: std::path::PathBuf,
    #[command(flatten)]
    pub inputs: Inputs,
    #[command(flatten)]
    pub filter: Where,
}

/// Runs `chessnote pgn`.
///
/// # Errors
///
/// A usage error: a bad `--where` expression, an unknown leniency name,
/// `--parts` on stdin.
pub fn run(command: Command) -> Result<ExitCode, String> {
    match command {
        Command::Check(args) => {
            let settings = Settings::new("check", &args.inputs, &Where::default())?;
            let job = jobs::Check {
                json: args.json,
                options: settings.options,
            };
            let totals = drive::drive(job, &settings);
            totals.summary("check", &settings, true);
            Ok(totals.exit())
        }
        Command::Convert(args) => {
            let settings = Settings::new("convert", &args.inputs, &args.filter)?;
            let totals = match args.to {
                Format::Json => {
                    let job = jobs::Json {
                        options: settings.options,
                    };
                    drive::drive(job, &settings)
                }
                Format::Pgn => {
                    let job = jobs::Pgn {
                        write: write_options(&args),
                        options: settings.options,
                        add_opening: match args.add_opening {
                            None => AddOpening::No,
                            Some(AddOpeningArg::Missing) => AddOpening::Missing,
                            Some(AddOpeningArg::Replace) => AddOpening::Replace,
                        },
                        keys: settings.dedup.is_on(),
                    };
                    drive::drive(job, &settings)
                }
                moves => {
                    let notation = match moves {
                        Format::Uci => WriteNotation::new(Notation::Uci),
                        Format::San => WriteNotation::new(Notation::San),
                        Format::Lan => WriteNotation::new(Notation::Lan),
                        Format::Eran => WriteNotation::new(Notation::Eran),
                        _ => WriteNotation::eran(chessnote::eran::Style::Short),
                    };
                    let job = jobs::Moves {
                        notation,
                        options: settings.options,
                        keys: settings.dedup.is_on(),
                    };
                    drive::drive(job, &settings)
                }
            };
            totals.summary("convert", &settings, false);
            Ok(totals.exit())
        }
        Command::Count(args) => {
            let settings = Settings::new("count", &args.inputs, &args.filter)?;
            // With several files, each is counted apart (as `wc` does):
            // a line per file, then the total.
            let mut each = Vec::new();
            let mut total = drive::Totals::default();
            for source in &settings.sources {
                let one = Settings {
                    sources: vec![source.clone()],
                    ..settings.clone()
                };
                let job = jobs::Count {
                    options: one.options,
                    filter: one.filter.is_some(),
                    moves: one.filter.as_ref().is_some_and(|f| f.needs_moves()),
                    keys: one.dedup.is_on(),
                };
                let totals = drive::drive(job, &one);
                total.add(&totals);
                let name = if source.path.is_some() {
                    &source.name
                } else {
                    "-"
                };
                each.push((name, totals));
            }
            let several = each.len() > 1;
            let mut text = String::new();
            if args.json {
                text.push('{');
                if several {
                    text.push_str("\"files\": [");
                    for (i, (name, t)) in each.iter().enumerate() {
                        let sep = if i == 0 { "" } else { ", " };
                        let mut name_json = String::new();
                        jobs::json_str(&mut name_json, name);
                        text.push_str(&format!(
                            "{sep}{{\"file\": {name_json}, \"games\": {}, \"read\": {}}}",
                            t.matched, t.games
                        ));
                    }
                    text.push_str("], ");
                }
                text.push_str(&format!(
                    "\"games\": {}, \"read\": {}}}\n",
                    total.matched, total.games
                ));
            } else if several {
                for (name, t) in &each {
                    text.push_str(&format!("{}\t{name}\n", t.matched));
                }
                text.push_str(&format!("{}\ttotal\n", total.matched));
            } else {
                text.push_str(&format!("{}\n", total.matched));
            }
            drive::write_stdout(text.as_bytes());
            total.unseen_tags(&settings);
            Ok(total.exit())
        }
        Command::Split(args) => {
            let settings = Settings::new("split", &args.inputs, &args.filter)?;
            split::run(&args, &settings)
        }
        Command::Export(args) => export::run(&args),
        Command::Show(args) => {
            let settings = Settings::new("show", &args.inputs, &args.filter)?;
            if settings.dedup.is_on() {
                return Err(
                    "--unique and --duplicates are for count, convert, split and export".into(),
                );
            }
            if let Some(dir) = &args.out {
                split::distinct_stems(&settings.sources, dir)?;
            }
            let job = args.job(settings.options)?;
            let totals = drive::drive(job, &settings);
            totals.summary("show", &settings, false);
            Ok(totals.exit())
        }
        Command::Plan(args) => plan(&args),
    }
}

/// `chessnote pgn plan`: the ranges, one a line.
fn plan(args: &PlanArgs) -> Result<ExitCode, String> {
    use std::io::Write as _;
    if args.parts == 0 {
        return Err("--parts: at least 1".into());
    }
    let file = args.file.display().to_string();
    let ranges = match chessnote_io::frames::plan(&args.file, args.parts) {
        Ok(ranges) => ranges,
        Err(err) => {
            eprintln!("chessnote pgn plan: {file}: {err}");
            return Ok(ExitCode::from(2));
        }
    };
    if ranges.len() < args.parts {
        eprintln!(
            "chessnote pgn plan: {file}: {} frame{}, so {} range{}",
            ranges.iter().map(|r| r.frames).sum::<usize>(),
            if ranges.len() == 1 { "" } else { "s" },
            ranges.len(),
            if ranges.len() == 1 { "" } else { "s" },
        );
    }
    let mut out = std::io::stdout().lock();
    for range in &ranges {
        let line = if args.json {
            serde_json::json!({
                "file": file,
                "start": range.start,
                "end": range.end,
                "frames": range.frames,
            })
            .to_string()
        } else {
            format!("{}:{}", range.start, range.end)
        };
        if let Err(err) = writeln!(out, "{line}") {
            if err.kind() == std::io::ErrorKind::BrokenPipe {
                return Ok(ExitCode::SUCCESS);
            }
            return Err(format!("writing stdout: {err}"));
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// An input: a file, a `.pgn` entry of a zip archive, or stdin.
#[derive(Clone, Debug)]
pub struct Source {
    /// The file (the archive for an entry); `None` for stdin.
    pub path: Option<std::path::PathBuf>,
    /// Its name in diagnostics: the path as given (lossily, when it is not
    /// UTF-8: the file is still opened by its own name), `ARCHIVE:ENTRY`
    /// for an entry of a zip archive, or `<stdin>`.
    pub name: String,
    /// The entry of the zip archive at `path`.
    pub member: Option<chessnote_io::zip::Member>,
    /// `--range`: the games of these bytes of the `.zst` at `path`.
    pub range: Option<chessnote_io::frames::Range>,
}

impl Source {
    /// Stdin.
    pub fn stdin() -> Source {
        Source {
            path: None,
            name: "<stdin>".to_owned(),
            member: None,
            range: None,
        }
    }

    /// A file given by its path, or one source per `.pgn` entry when it is
    /// a zip archive that has some (TWIC and pgnmentor publish zips), each
    /// named `ARCHIVE:ENTRY`. An archive that cannot be listed, or has no
    /// `.pgn` entry, stays one source: opening it says why.
    fn file(path: &Path) -> Vec<Source> {
        let name = path.display().to_string();
        let members = chessnote_io::zip::members(path)
            .ok()
            .flatten()
            .map(|all| all.into_iter().filter(|m| m.is_pgn()).collect::<Vec<_>>())
            .unwrap_or_default();
        if members.is_empty() {
            return vec![Source {
                name,
                path: Some(path.to_owned()),
                member: None,
                range: None,
            }];
        }
        members
            .into_iter()
            .map(|member| Source {
                name: format!("{name}:{}", member.name),
                path: Some(path.to_owned()),
                member: Some(member),
                range: None,
            })
            .collect()
    }

    /// Opens it for `threads` workers (0: one per core): a `.zst` file of
    /// several frames (pzstd's, as the Lichess dumps) is decoded a frame
    /// each on the threads [`chessnote_io::frames::decoders_for`] gives
    /// it, in order; anything else as [`Source::open`]. With whether a
    /// `.zst` that the workers would have decoded in parallel is one frame,
    /// decoded on one thread.
    ///
    /// # Errors
    ///
    /// As [`Source::open`]'s.
    pub fn open_for(&self, threads: usize) -> std::io::Result<(chessnote_io::Opened, bool)> {
        let decoders = chessnote_io::frames::decoders_for(threads);
        if let (Some(path), None, None) = (&self.path, &self.member, self.range)
            && let Some(opened) = chessnote_io::frames::open_parallel(path, decoders)?
        {
            return Ok((opened, false));
        }
        let opened = self.open()?;
        let serial = decoders > 1
            && self.range.is_none()
            && opened.compression == chessnote_io::Compression::Zstd;
        Ok((opened, serial))
    }

    /// Opens it, decompressed.
    ///
    /// # Errors
    ///
    /// As [`chessnote_io::open`] and [`chessnote_io::zip::Member::open`].
    pub fn open(&self) -> std::io::Result<chessnote_io::Opened> {
        match (&self.path, &self.member, self.range) {
            (Some(path), _, Some(range)) => chessnote_io::frames::open_range(path, range),
            (Some(path), Some(member), None) => member.open(path),
            (path, _, _) => chessnote_io::open(path.as_deref()),
        }
    }
}

/// Which copies of a game to keep.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Dedup {
    /// Every game.
    All,
    /// The first copy (`--unique`).
    Unique,
    /// The later copies (`--duplicates`).
    Duplicates,
}

impl Dedup {
    /// Whether games need keys.
    pub fn is_on(self) -> bool {
        self != Dedup::All
    }

    /// Whether to keep a game of that key, given the keys seen (which it
    /// joins): a game without a key (an error) is a first copy.
    pub fn keeps(self, key: Option<GameKey>, seen: &mut Duplicates) -> bool {
        let first = key.is_none_or(|key| seen.first(key));
        match self {
            Dedup::All => true,
            Dedup::Unique => first,
            Dedup::Duplicates => !first,
        }
    }
}

/// What the subcommands share once the flags are read.
#[derive(Clone)]
pub struct Settings {
    /// The subcommand (`count`, `check`, …), for messages: `chessnote pgn
    /// count: FILE: …`.
    pub command: &'static str,
    /// The sources, in order.
    pub sources: Vec<Source>,
    /// How to read.
    pub options: ReadOptions,
    /// `--where`.
    pub filter: Option<Filter>,
    /// `--unique`, `--duplicates`.
    pub dedup: Dedup,
    /// The games seen, by key, with `--unique` or `--duplicates` (shared
    /// by the sources of one run; used in game order, by the thread that
    /// writes).
    pub seen: Arc<Mutex<Duplicates>>,
    /// Worker threads (0: one per core).
    pub threads: usize,
    /// Whether to draw a progress bar.
    pub progress: bool,
    /// The chunk size for workers.
    pub chunk_size: usize,
    /// `--quiet`.
    pub quiet: bool,
}

impl Settings {
    fn new(command: &'static str, inputs: &Inputs, filter: &Where) -> Result<Settings, String> {
        let filter_args = filter;
        let mut options = if inputs.strict {
            ReadOptions::STRICT
        } else if inputs.allow.lenient {
            ReadOptions::LENIENT
        } else {
            ReadOptions::DEFAULT
        };
        for name in &inputs.allow.allow {
            options = options.allow(name).map_err(|e| format!("--allow: {e}"))?;
        }
        options.default_variant = inputs.variant;
        // Decompressors work best on large reads.
        options.buffer_size = 1 << 20;
        let filter = match &filter.expr {
            None => None,
            Some(expr) => Some(Filter::parse(expr).map_err(|err| {
                let (shown, caret) = report::excerpt(expr.as_bytes(), err.offset());
                format!("--where: {err}\n  {shown}\n  {}^", " ".repeat(caret))
            })?),
        };
        // 0: one per core, as the pipeline counts them.
        let threads = inputs.threads.unwrap_or(0);
        let mut sources: Vec<Source> = inputs
            .files
            .iter()
            .flat_map(|f| {
                if f.as_os_str() == "-" {
                    vec![Source::stdin()]
                } else {
                    Source::file(f)
                }
            })
            .collect();
        if sources.is_empty() {
            sources.push(Source::stdin());
        }
        if let Some(range) = inputs.range {
            if inputs.files.len() != 1 || sources[0].path.is_none() {
                return Err("--range reads one .zst FILE (not stdin)".into());
            }
            let name = inputs.files[0].display().to_string();
            sources = vec![Source {
                name: format!("{name}[{}:{}]", range.start, range.end),
                path: Some(inputs.files[0].clone()),
                member: None,
                range: Some(range),
            }];
        }
        let progress = if inputs.no_progress {
            false
        } else {
            inputs.progress || std::io::IsTerminal::is_terminal(&std::io::stderr())
        };
        let dedup = match (filter_args.unique, filter_args.duplicates) {
            (true, _) => Dedup::Unique,
            (_, true) => Dedup::Duplicates,
            _ => Dedup::All,
        };
        Ok(Settings {
            command,
            sources,
            options,
            filter,
            dedup,
            seen: Arc::default(),
            threads,
            progress,
            chunk_size: inputs.chunk_size.max(1),
            quiet: inputs.quiet,
        })
    }
}

impl Settings {
    /// Before `--out PATH` is made: each file input can be opened and none
    /// is the output, so that a run that could not read its input leaves
    /// the file at `out` as it was, and `export --out a.pgn a.pgn` does not
    /// empty its input.
    ///
    /// # Errors
    ///
    /// `PATH: why`, for the first input that cannot be used.
    pub fn check_inputs_for(&self, out: &Path) -> Result<(), String> {
        for path in self.sources.iter().filter_map(|s| s.path.as_deref()) {
            if let Err(err) = std::fs::File::open(path) {
                return Err(format!("{}: {err} (nothing was written)", path.display()));
            }
            if chessnote_io::output::same_file(path, out) {
                return Err(format!(
                    "--out {}: it is also an input: write somewhere else",
                    out.display()
                ));
            }
        }
        Ok(())
    }
}

/// The writer's options from `convert`'s flags.
fn write_options(args: &ConvertArgs) -> WriteOptions {
    let mut options = match args.style {
        StyleArg::Standard => WriteOptions::STANDARD,
        StyleArg::PythonChess => WriteOptions::PYTHON_CHESS,
    };
    if let Some(columns) = args.columns {
        options = options.columns((columns > 0).then_some(columns));
    }
    options.comments = !args.no_comments;
    options.variations = !args.no_variations;
    options.nags = !args.no_nags;
    if args.no_clocks {
        options.clock_eval = ClockEval::Strip;
    }
    options.tags = match args.tags {
        TagsArg::All => TagSelection::All,
        TagsArg::Roster => TagSelection::Roster,
        TagsArg::None => TagSelection::None,
    };
    options = options.notation(match args.moves {
        MoveNotation::San => WriteNotation::new(Notation::San),
        MoveNotation::Lan => WriteNotation::new(Notation::Lan),
        MoveNotation::Uci => WriteNotation::new(Notation::Uci),
        MoveNotation::Eran => WriteNotation::new(Notation::Eran),
        MoveNotation::EranShort => WriteNotation::eran(chessnote::eran::Style::Short),
    });
    if args.crlf {
        options.line_ending = LineEnding::CrLf;
    }
    options
}
