//! Reading the sources with a [`Job`]: on one thread, or cut into chunks
//! of whole games for worker threads, the output written in input order
//! either way; a progress bar; the totals.

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::path::Path;
use std::process::ExitCode;
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use chessnote::pgn::{Chunk, Chunks, Input, Reader};
use chessnote_export::{Dataset, Finished};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle, TermLike};

use super::Settings;
use crate::compress::{self, Counter};

/// The source being read, as the jobs see it.
pub struct Ctx<'a> {
    /// Its name in diagnostics: the path as given, or `<stdin>`.
    pub name: &'a str,
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
    /// Rows for `export`'s dataset.
    pub rows: Option<Finished>,
}

impl Out {
    fn add_counts(&mut self, other: &Out) {
        self.games += other.games;
        self.matched += other.matched;
        self.problem_games += other.problem_games;
        self.problems += other.problems;
        self.warnings += other.warnings;
    }
}

/// What a subcommand does with each game.
pub trait Job: Sync {
    /// The state of one thread (visitors, buffers).
    type Worker: Send;

    /// A new thread's state.
    fn worker(&self) -> Self::Worker;

    /// Whether worker threads help: not when a game costs no more to read
    /// than to find where it ends, as the thread that cuts chunks does.
    fn parallel(&self, settings: &Settings) -> bool {
        let _ = settings;
        true
    }

    /// Moves what the worker holds for the output into `out` (`export`'s
    /// rows): called every so many games on one thread, and with `end` after
    /// each chunk and at the end of the input (then everything must go).
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
    /// Whether a source could not be read.
    pub unreadable: bool,
}

impl Totals {
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
    /// `--quiet`.
    pub fn summary(&self, command: &str, settings: &Settings, always: bool) {
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
    totals: Out,
    dataset: Option<&'d mut Dataset>,
}

impl Sink<'_> {
    fn emit(&mut self, out: &mut Out) {
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
        out.games = 0;
        out.matched = 0;
        out.problem_games = 0;
        out.problems = 0;
        out.warnings = 0;
    }
}

/// Reads every source with `job`, writing what it gives.
pub fn drive<J: Job>(job: &J, settings: &Settings) -> Totals {
    drive_into(job, settings, None)
}

/// Reads every source with `job`, writing what it gives, its rows into
/// `dataset`.
pub fn drive_into<J: Job>(job: &J, settings: &Settings, dataset: Option<&mut Dataset>) -> Totals {
    let mut sink = Sink {
        stdout: io::BufWriter::with_capacity(1 << 16, io::stdout()),
        quiet: settings.quiet,
        totals: Out::default(),
        dataset,
    };
    let mut unreadable = false;
    for source in &settings.sources {
        let name = source.as_deref().unwrap_or("<stdin>");
        if source.is_none() && io::IsTerminal::is_terminal(&io::stdin()) && !settings.quiet {
            let _ = writeln!(
                io::stderr(),
                "chessnote pgn: reading PGN from stdin (end with Ctrl-D)"
            );
        }
        let opened = match compress::open(source.as_deref().map(Path::new)) {
            Ok(opened) => opened,
            Err(err) => {
                unreadable = true;
                let _ = sink.stdout.flush();
                let _ = writeln!(io::stderr(), "chessnote pgn: {name}: {err}");
                continue;
            }
        };
        let progress = Progress::new(settings.progress, name, opened.size, opened.read.clone());
        let ctx = Ctx { name, settings };
        let result = if settings.threads <= 1 || !job.parallel(settings) {
            sequential(job, opened.reader, &ctx, &mut sink, &progress)
        } else {
            parallel(job, opened.reader, &ctx, &mut sink, &progress)
        };
        progress.finish();
        if let Err(err) = result {
            unreadable = true;
            let _ = sink.stdout.flush();
            let _ = writeln!(io::stderr(), "chessnote pgn: {name}: {err}");
        }
    }
    if let Err(err) = sink.stdout.flush() {
        closed(&err);
    }
    let t = sink.totals;
    Totals {
        games: t.games,
        matched: t.matched,
        problem_games: t.problem_games,
        problems: t.problems,
        warnings: t.warnings,
        unreadable,
    }
}

/// Everything on this thread, streaming.
fn sequential<J: Job>(
    job: &J,
    read: Box<dyn io::Read + Send>,
    ctx: &Ctx<'_>,
    sink: &mut Sink<'_>,
    progress: &Progress,
) -> io::Result<()> {
    let mut reader = Reader::with_options(read, ctx.settings.options);
    let mut worker = job.worker();
    let mut out = Out::default();
    let mut games = 0u64;
    let result = loop {
        match job.game(&mut worker, &mut reader, ctx, &mut out) {
            Ok(true) => {}
            Ok(false) => break Ok(()),
            // What was read before the error is written first.
            Err(err) => break Err(err),
        }
        games += 1;
        if games.is_multiple_of(1024) {
            progress.tick(sink.totals.games + out.games);
            job.flush(&mut worker, &mut out, false);
        }
        if out.stdout.len() >= 1 << 16 || !out.stderr.is_empty() || out.rows.is_some() {
            sink.emit(&mut out);
        }
    };
    job.flush(&mut worker, &mut out, true);
    sink.emit(&mut out);
    result
}

/// A chunk to read, numbered in input order.
type Work = (u64, Chunk);

/// The input cut into chunks on one thread, read on `threads` workers,
/// written here in order.
fn parallel<J: Job>(
    job: &J,
    read: Box<dyn io::Read + Send>,
    ctx: &Ctx<'_>,
    sink: &mut Sink<'_>,
    progress: &Progress,
) -> io::Result<()> {
    let threads = ctx.settings.threads;
    let (work_tx, work_rx) = sync_channel::<Work>(threads * 2);
    let work_rx = Mutex::new(work_rx);
    let (done_tx, done_rx) = sync_channel::<(u64, Out)>(threads * 2);
    let mut failure = None;
    std::thread::scope(|scope| {
        // Decompressing and cutting are the serial part: on threads of
        // their own, they overlap.
        let (blocks_tx, blocks_rx) = sync_channel::<io::Result<Vec<u8>>>(4);
        scope.spawn(move || read_ahead(read, &blocks_tx));
        let read = ReadAhead {
            blocks: blocks_rx,
            block: Vec::new(),
            at: 0,
        };
        let cutter = scope.spawn(move || -> io::Result<()> {
            let chunks = Chunks::new(read, ctx.settings.options, ctx.settings.chunk_size);
            for (seq, chunk) in (0..).zip(chunks) {
                if work_tx.send((seq, chunk?)).is_err() {
                    break;
                }
            }
            Ok(())
        });
        for _ in 0..threads {
            let done_tx = done_tx.clone();
            let work_rx = &work_rx;
            scope.spawn(move || {
                let mut worker = job.worker();
                while let Some((seq, chunk)) = next_work(work_rx) {
                    let mut out = Out::default();
                    let mut reader = chunk.reader();
                    while let Ok(true) = job.game(&mut worker, &mut reader, ctx, &mut out) {}
                    job.flush(&mut worker, &mut out, true);
                    if done_tx.send((seq, out)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(done_tx);
        // In order: a chunk waits here until those before it are written.
        let mut waiting = BTreeMap::new();
        let mut next = 0;
        for (seq, out) in done_rx {
            waiting.insert(seq, out);
            while let Some(mut out) = waiting.remove(&next) {
                sink.emit(&mut out);
                next += 1;
            }
            progress.tick(sink.totals.games);
        }
        failure = cutter.join().unwrap_or(Ok(())).err();
    });
    failure.map_or(Ok(()), Err)
}

/// Reads `read` in blocks of 1 MiB into `blocks`, until its end, an error
/// or nobody listens.
fn read_ahead(mut read: Box<dyn io::Read + Send>, blocks: &SyncSender<io::Result<Vec<u8>>>) {
    loop {
        let mut block = vec![0; 1 << 20];
        let mut len = 0;
        let result = loop {
            match read.read(&mut block[len..]) {
                Ok(0) => break Ok(()),
                Ok(n) => {
                    len += n;
                    if len == block.len() {
                        break Ok(());
                    }
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => break Err(e),
            }
        };
        block.truncate(len);
        let last = len == 0 || result.is_err();
        let sent = match result {
            Err(e) => blocks.send(Ok(block)).and_then(|()| blocks.send(Err(e))),
            Ok(()) if len > 0 => blocks.send(Ok(block)),
            Ok(()) => Ok(()),
        };
        if last || sent.is_err() {
            return;
        }
    }
}

/// The blocks of [`read_ahead`] as one `io::Read`.
struct ReadAhead {
    blocks: Receiver<io::Result<Vec<u8>>>,
    block: Vec<u8>,
    at: usize,
}

impl io::Read for ReadAhead {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        while self.at == self.block.len() {
            match self.blocks.recv() {
                Ok(block) => {
                    self.block = block?;
                    self.at = 0;
                }
                // The reading thread has ended: the end of the input.
                Err(_) => return Ok(0),
            }
        }
        let n = buf.len().min(self.block.len() - self.at);
        buf[..n].copy_from_slice(&self.block[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

fn next_work(work: &Mutex<Receiver<Work>>) -> Option<Work> {
    work.lock()
        .unwrap_or_else(PoisonError::into_inner)
        .recv()
        .ok()
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
