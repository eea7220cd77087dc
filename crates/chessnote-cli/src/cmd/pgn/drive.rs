//! Reading the sources with a [`Job`] through the library's one stream
//! ([`chessnote_io::pipeline`]: on one thread, or cut into chunks of whole
//! games for worker threads, the output in input order either way), a
//! progress bar, the totals. No thread is started here.

use std::io::{self, Write};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

use chessnote::pgn::{Input, Reader};
use chessnote_export::{Dataset, Finished};
use chessnote_io::pipeline::{Pipeline, Work};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle, TermLike};

use super::{Settings, Source};
use crate::compress::{self, Counter};

/// The source being read, as the jobs see it.
pub struct Ctx<'a> {
    /// The source; its `name` in diagnostics.
    pub source: &'a Source,
    /// The settings.
    pub settings: &'a Settings,
}

/// What reading some games gave: text for stdout and stderr, and counts.
#[derive(Debug, Default)]
pub struct Out {
    /// For stdout.
    pub stdout: String,
    /// For stderr (diagnostics; dropped with `--quiet`).
    pub stderr: String,
    /// Games read.
    pub games: u64,
    /// Games `--where` kept (all of them without it).
    pub matched: u64,
    /// Games with at least one problem.
    pub problem_games: u64,
    /// Problems (errors).
    pub problems: u64,
    /// Warnings: moves written off the standard, read.
    pub warnings: u64,
    /// Which tags `--where` names were in a game: bit `i` for its `i`th
    /// (of the first 64).
    pub tags_seen: u64,
    /// Rows for `export`'s dataset.
    pub rows: Option<Finished>,
    /// With `--unique` or `--duplicates`: each game `--where` kept, with
    /// its key and where its output starts, for the writing thread to
    /// keep or drop in game order.
    pub pieces: Vec<Piece>,
    /// Games `--unique` or `--duplicates` dropped.
    pub dropped: u64,
}

/// A game's output in an [`Out`], for `--unique` and `--duplicates`.
#[derive(Copy, Clone, Debug)]
pub struct Piece {
    /// The game's key (`None`: a game with an error).
    pub key: Option<chessnote::pgn::GameKey>,
    /// Where its text starts in `stdout`.
    pub stdout: usize,
    /// Where its diagnostics start in `stderr`.
    pub stderr: usize,
}

impl Out {
    fn add_counts(&mut self, other: &Out) {
        self.games += other.games;
        self.matched += other.matched;
        self.problem_games += other.problem_games;
        self.problems += other.problems;
        self.warnings += other.warnings;
        self.tags_seen |= other.tags_seen;
        self.dropped += other.dropped;
    }

    /// Keeps the games `dedup` keeps (of the pieces, in order), their text
    /// and diagnostics; the others are dropped and counted.
    fn dedup(&mut self, dedup: super::Dedup, seen: &mut chessnote::pgn::Duplicates) {
        let pieces = std::mem::take(&mut self.pieces);
        let Some(first) = pieces.first() else {
            return;
        };
        // Nothing comes before the first game's text; kept if it did.
        let mut stdout = self.stdout[..first.stdout].to_owned();
        let mut stderr = self.stderr[..first.stderr].to_owned();
        let mut keep = Vec::with_capacity(pieces.len());
        for (i, piece) in pieces.iter().enumerate() {
            let next = pieces.get(i + 1);
            keep.push(dedup.keeps(piece.key, seen));
            if keep[i] {
                let end = next.map_or(self.stdout.len(), |n| n.stdout);
                stdout.push_str(&self.stdout[piece.stdout..end]);
                let end = next.map_or(self.stderr.len(), |n| n.stderr);
                stderr.push_str(&self.stderr[piece.stderr..end]);
            } else {
                self.dropped += 1;
                self.matched -= 1;
            }
        }
        self.stdout = stdout;
        self.stderr = stderr;
        // `export`: a row per piece, in the same order.
        if let Some(rows) = &mut self.rows {
            rows.retain(&keep);
        }
    }
}

/// What a subcommand does with each game.
pub trait Job: Send + Sync + 'static {
    /// The state of one thread (visitors, buffers).
    type Worker: Send;

    /// A new thread's state; `only` is `--where`, for the jobs that
    /// replay only the games whose tags it keeps ([`chessnote::pgn::Replay::only`]).
    fn worker(&self, only: Option<&chessnote::pgn::filter::Filter>) -> Self::Worker;

    /// Whether worker threads may read the games (default yes).
    fn parallel(&self, settings: &Settings) -> bool {
        let _ = settings;
        true
    }

    /// Whether the worker holds a batch of output to hand over (`export`'s
    /// rows).
    fn holds_batch(&self, worker: &Self::Worker) -> bool {
        let _ = worker;
        false
    }

    /// Moves what the worker holds for the output into `out` (`export`'s
    /// rows): at the end of each batch, and with `end` after each chunk
    /// and at the end of the input (then everything must go).
    fn flush(&self, worker: &mut Self::Worker, out: &mut Out, end: bool) {
        let _ = (worker, out, end);
    }

    /// Reads the next game of `reader` into `out`: `Ok(false)` at the end
    /// of the input.
    ///
    /// # Errors
    ///
    /// Those of the input.
    fn game<I: Input>(
        &self,
        worker: &mut Self::Worker,
        reader: &mut Reader<I>,
        ctx: &Ctx<'_>,
        out: &mut Out,
    ) -> Result<bool, I::Error>;
}

/// A job on one source: the stream's [`Work`].
struct OnSource<J> {
    job: Arc<J>,
    source: Source,
    settings: Arc<Settings>,
}

impl<J: Job> Work for OnSource<J> {
    type Worker = J::Worker;
    type Output = Out;

    fn worker(&self) -> J::Worker {
        self.job.worker(self.settings.filter.as_ref())
    }

    fn parallel(&self) -> bool {
        self.job.parallel(&self.settings)
    }

    fn game<I: Input>(
        &self,
        worker: &mut J::Worker,
        reader: &mut Reader<I>,
        out: &mut Out,
    ) -> Result<bool, I::Error> {
        let ctx = Ctx {
            source: &self.source,
            settings: &self.settings,
        };
        self.job.game(worker, reader, &ctx, out)
    }

    /// On one thread: after 64 KiB of output, a problem (said at once), or
    /// a whole batch of rows.
    fn is_full(&self, worker: &J::Worker, out: &Out) -> bool {
        // The pieces of `--unique` are let go by the writing thread.
        out.stdout.len() >= 1 << 16
            || !out.stderr.is_empty()
            || out.pieces.len() >= 1 << 12
            || self.job.holds_batch(worker)
    }

    fn finish(&self, worker: &mut J::Worker, out: &mut Out, end: bool) {
        self.job.flush(worker, out, end);
    }
}

/// What a run read, over every source.
#[derive(Debug, Default)]
pub struct Totals {
    /// Games read.
    pub games: u64,
    /// Games kept by `--where`.
    pub matched: u64,
    /// Games with a problem.
    pub problem_games: u64,
    /// Problems (errors).
    pub problems: u64,
    /// Warnings.
    pub warnings: u64,
    /// Which tags `--where` names were in a game ([`Out::tags_seen`]).
    pub tags_seen: u64,
    /// Games `--unique` or `--duplicates` dropped.
    pub dropped: u64,
    /// Whether a source could not be read.
    pub unreadable: bool,
}

impl Totals {
    /// The counts of `out`.
    pub fn of(out: &Out) -> Totals {
        Totals {
            games: out.games,
            matched: out.matched,
            problem_games: out.problem_games,
            problems: out.problems,
            warnings: out.warnings,
            tags_seen: out.tags_seen,
            dropped: out.dropped,
            unreadable: false,
        }
    }

    /// Adds the counts of `other` (another source).
    pub fn add(&mut self, other: &Totals) {
        self.games += other.games;
        self.matched += other.matched;
        self.problem_games += other.problem_games;
        self.problems += other.problems;
        self.warnings += other.warnings;
        self.tags_seen |= other.tags_seen;
        self.dropped += other.dropped;
        self.unreadable |= other.unreadable;
    }

    /// Says on stderr which tags `--where` names no game had, with the
    /// tag of that name in another case when there is one (`whiteelo`:
    /// did you mean `WhiteElo`?): tag names are case-sensitive, and a
    /// filter on a tag no game has keeps nothing, or everything.
    pub fn unseen_tags(&self, settings: &Settings) {
        let Some(filter) = &settings.filter else {
            return;
        };
        if settings.quiet || self.games == 0 {
            return;
        }
        for (i, name) in filter.tag_names().enumerate().take(64) {
            if self.tags_seen & (1 << i) != 0 {
                continue;
            }
            let known = chessnote_export::Column::ALL
                .iter()
                .filter_map(|c| c.tag())
                .find(|tag| tag.eq_ignore_ascii_case(name) && *tag != name);
            let hint = match known {
                Some(tag) => format!(" (tag names are case-sensitive: did you mean `{tag}`?)"),
                None => String::new(),
            };
            let _ = writeln!(
                io::stderr(),
                "chessnote pgn {}: --where: no game has a tag `{name}`{hint}",
                settings.command
            );
        }
    }

    /// The exit status: 2 when a source could not be read, 1 when a game
    /// had an error, else 0 (warnings are not failures).
    pub fn exit(&self) -> ExitCode {
        if self.unreadable {
            ExitCode::from(2)
        } else if self.problems > 0 {
            ExitCode::from(1)
        } else {
            ExitCode::SUCCESS
        }
    }

    /// The one-line summary on stderr: always for `check` (`always`),
    /// otherwise when there were problems or warnings; never with
    /// `--quiet`. Before it, the tags `--where` names that no game had
    /// ([`Totals::unseen_tags`]).
    pub fn summary(&self, command: &str, settings: &Settings, always: bool) {
        self.unseen_tags(settings);
        if settings.quiet || !(always || self.problems > 0 || self.warnings > 0) {
            return;
        }
        let mut line = format!(
            "{}, {} with problems, {}",
            plural(self.games, "game"),
            self.problem_games,
            plural(self.problems, "problem")
        );
        if self.warnings > 0 {
            line = format!("{line}, {}", plural(self.warnings, "warning"));
        }
        if settings.filter.is_some() {
            line = format!("{line} ({} kept by --where)", self.matched);
        }
        if settings.dedup.is_on() {
            let flag = if settings.dedup == super::Dedup::Unique {
                "--unique"
            } else {
                "--duplicates"
            };
            line = format!("{line} ({} dropped by {flag})", self.dropped);
        }
        let _ = writeln!(io::stderr(), "chessnote pgn {command}: {line}");
    }
}

/// `1 game`, `2 games`.
fn plural(n: u64, noun: &str) -> String {
    if n == 1 {
        format!("{n} {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// Writes bytes on stdout; a closed pipe ends the program quietly.
pub fn write_stdout(bytes: &[u8]) {
    let mut out = io::stdout().lock();
    if let Err(err) = out.write_all(bytes).and_then(|()| out.flush()) {
        closed(&err);
    }
}

/// Ends the program after stdout failed: quietly, status 0, for a closed
/// pipe (`| head`); status 2 otherwise.
fn closed(err: &io::Error) -> ! {
    if err.kind() == io::ErrorKind::BrokenPipe {
        std::process::exit(0);
    }
    let _ = writeln!(io::stderr(), "chessnote pgn: writing stdout: {err}");
    std::process::exit(2);
}

/// Where output goes, in order.
struct Sink<'d> {
    stdout: io::BufWriter<io::Stdout>,
    quiet: bool,
    /// `--unique`, `--duplicates`, with the keys seen.
    dedup: super::Dedup,
    seen: Arc<std::sync::Mutex<chessnote::pgn::Duplicates>>,
    totals: Out,
    dataset: Option<&'d mut Dataset>,
}

impl Sink<'_> {
    fn emit(&mut self, out: &mut Out) {
        if self.dedup.is_on() {
            let mut seen = self
                .seen
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            out.dedup(self.dedup, &mut seen);
        }
        if let Some(rows) = out.rows.take() {
            let written = match &mut self.dataset {
                Some(dataset) => dataset.write(rows),
                None => Ok(()),
            };
            if let Err(err) = written {
                if err.kind() == io::ErrorKind::BrokenPipe {
                    // `export --to ndjson | head`: quietly, as for stdout.
                    std::process::exit(0);
                }
                let _ = self.stdout.flush();
                let _ = writeln!(
                    io::stderr(),
                    "chessnote pgn export: writing the output: {err}"
                );
                std::process::exit(2);
            }
        }
        if let Err(err) = self.stdout.write_all(out.stdout.as_bytes()) {
            closed(&err);
        }
        out.stdout.clear();
        if !out.stderr.is_empty() {
            if !self.quiet {
                // The games' lines come before their problems.
                if let Err(err) = self.stdout.flush() {
                    closed(&err);
                }
                let _ = io::stderr().lock().write_all(out.stderr.as_bytes());
            }
            out.stderr.clear();
        }
        self.totals.add_counts(out);
    }
}

/// Reads every source with `job`, writing what it gives.
pub fn drive<J: Job>(job: J, settings: &Settings) -> Totals {
    drive_into(job, settings, None)
}

/// Reads every source with `job`, writing what it gives, its rows into
/// `dataset`.
pub fn drive_into<J: Job>(job: J, settings: &Settings, dataset: Option<&mut Dataset>) -> Totals {
    let mut sink = Sink {
        stdout: io::BufWriter::with_capacity(1 << 16, io::stdout()),
        quiet: settings.quiet,
        dedup: settings.dedup,
        seen: Arc::clone(&settings.seen),
        totals: Out::default(),
        dataset,
    };
    let job = Arc::new(job);
    // The workers share the settings (`--where`) for as long as they run.
    let settings = Arc::new(settings.clone());
    let pipeline = Pipeline::new(settings.options)
        .threads(settings.threads)
        .chunk_size(settings.chunk_size);
    let mut unreadable = false;
    for source in &settings.sources {
        let name = source.name.as_str();
        if source.path.is_none() && io::IsTerminal::is_terminal(&io::stdin()) && !settings.quiet {
            let _ = writeln!(
                io::stderr(),
                "chessnote pgn {}: reading PGN from stdin (end with Ctrl-D)",
                settings.command
            );
        }
        let (opened, one_frame) = match source.open_for(settings.threads) {
            Ok(opened) => opened,
            Err(err) => {
                unreadable = true;
                let _ = sink.stdout.flush();
                let _ = writeln!(
                    io::stderr(),
                    "chessnote pgn {}: {name}: {err}",
                    settings.command
                );
                continue;
            }
        };
        // A .zst of one frame cannot be decoded in parallel: the bar says so.
        let prefix = if one_frame {
            format!("{name} (one zstd frame: decoded on one thread)")
        } else {
            name.to_owned()
        };
        let progress = Progress::new(settings.progress, &prefix, opened.size, opened.read.clone());
        let work = OnSource {
            job: Arc::clone(&job),
            source: source.clone(),
            settings: Arc::clone(&settings),
        };
        // A decoder (zstd, gzip, a zip entry's inflate…) runs on a thread of
        // its own even with one worker.
        let decoded = opened.compression != compress::Compression::None || source.member.is_some();
        for result in pipeline
            .ahead(decoded)
            .stream(opened.reader, Arc::new(work))
        {
            match result {
                Ok(mut out) => {
                    sink.emit(&mut out);
                    progress.tick(sink.totals.games);
                }
                Err(err) => {
                    unreadable = true;
                    let _ = sink.stdout.flush();
                    let _ = writeln!(
                        io::stderr(),
                        "chessnote pgn {}: {name}: {err}",
                        settings.command
                    );
                }
            }
        }
        progress.finish();
    }
    if let Err(err) = sink.stdout.flush() {
        closed(&err);
    }
    Totals {
        unreadable,
        ..Totals::of(&sink.totals)
    }
}

/// The progress bar of one source (nothing when not asked for).
struct Progress {
    bar: Option<ProgressBar>,
    read: Counter,
    start: Instant,
}

impl Progress {
    fn new(show: bool, name: &str, size: Option<u64>, read: Counter) -> Progress {
        let bar = show.then(|| {
            let target = if io::IsTerminal::is_terminal(&io::stderr()) {
                ProgressDrawTarget::stderr()
            } else {
                // `--progress` into a file or a pipe: a line a second.
                ProgressDrawTarget::term_like_with_hz(Box::new(Lines), 1)
            };
            let bar = ProgressBar::with_draw_target(size, target);
            let template = if size.is_some() {
                "{prefix} [{bar:30}] {bytes}/{total_bytes} {binary_bytes_per_sec} {msg} ETA {eta}"
            } else {
                "{prefix} {spinner} {bytes} {binary_bytes_per_sec} {msg}"
            };
            if let Ok(style) = ProgressStyle::with_template(template) {
                bar.set_style(style.progress_chars("=> "));
            }
            bar.set_prefix(name.to_owned());
            bar.enable_steady_tick(Duration::from_millis(200));
            bar
        });
        Progress {
            bar,
            read,
            start: Instant::now(),
        }
    }

    /// Shows where reading is: the bytes read of the source, and the
    /// games so far.
    fn tick(&self, games: u64) {
        if let Some(bar) = &self.bar {
            bar.set_position(self.read.get());
            let secs = self.start.elapsed().as_secs_f64().max(1e-3);
            bar.set_message(format!("{games} games, {:.0} games/s", games as f64 / secs));
        }
    }

    fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

/// A progress bar's "terminal" when stderr is not one: each drawing is a
/// line of its own (no cursor moves).
#[derive(Debug)]
struct Lines;

impl TermLike for Lines {
    fn width(&self) -> u16 {
        100
    }
    fn move_cursor_up(&self, _: usize) -> io::Result<()> {
        Ok(())
    }
    fn move_cursor_down(&self, _: usize) -> io::Result<()> {
        Ok(())
    }
    fn move_cursor_right(&self, _: usize) -> io::Result<()> {
        Ok(())
    }
    fn move_cursor_left(&self, _: usize) -> io::Result<()> {
        Ok(())
    }
    fn write_line(&self, line: &str) -> io::Result<()> {
        writeln!(io::stderr(), "{line}")
    }
    fn write_str(&self, text: &str) -> io::Result<()> {
        if text.trim().is_empty() {
            return Ok(());
        }
        writeln!(io::stderr(), "{text}")
    }
    fn clear_line(&self) -> io::Result<()> {
        Ok(())
    }
    fn flush(&self) -> io::Result<()> {
        io::stderr().flush()
    }
}
