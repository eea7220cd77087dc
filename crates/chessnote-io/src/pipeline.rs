//! The one stream of games every shell reads through: a source's games
//! handed to a [`Work`] on this thread, or cut into chunks of whole games
//! that worker threads read, the results coming back in input order either
//! way, in bounded memory.
//!
//! With more than one thread, four stages overlap: a thread reads the
//! source ahead in 1 MiB blocks (decompressing it), a thread cuts the
//! blocks into chunks of whole games ([`Chunks`], numbered and placed as
//! one reader would number and place them) into a queue the workers share,
//! each chunk with a bounded channel of its own for its output, which its
//! worker hands back in batches ([`Work::is_full`]), and [`Stream::next`]
//! reads those channels in input order. The cuts are guessed, at `[Event`
//! lines found by a byte search ([`Pipeline::guess`]), so that cutting
//! costs next to nothing; each worker checks its chunk's guess before the
//! last games ([`Chunk::check`]), and where one missed, the chunks are cut
//! again from there at the reader's own boundaries. What is in flight is
//! bounded by the threads (a chunk queued per worker, four batches
//! written ahead per chunk, a chunk held until it and those before it were
//! read through), whatever a chunk's output weighs. A game
//! over 8 MiB is not held in a chunk: from it on, the rest of the source is
//! read by one worker, in the memory of a reader's buffer
//! ([`Chunks::limit`]). With one thread, nothing is started:
//! [`Stream::next`] reads the next batch of games itself.
//!
//! The `chessnote` command and the Python package start no thread of their
//! own: each describes what it does with a game as a [`Work`] and consumes
//! a [`Stream`].

use std::collections::VecDeque;
use std::io::{self, Read};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, SyncSender, channel, sync_channel};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread;
use std::time::Duration;

use chessnote::pgn::{Check, Chunk, Chunks, GameStart, Input, IoInput, ReadOptions, Reader};

/// What a stream does with its games: each worker's state, and what a
/// batch of games gives.
///
/// ```
/// use std::sync::Arc;
/// use chessnote::pgn::{Game, GameBuilder, Input, ReadOptions, Reader};
/// use chessnote_io::pipeline::{Pipeline, Work};
///
/// /// The number of moves of each game.
/// struct Lengths;
///
/// impl Work for Lengths {
///     type Worker = GameBuilder;
///     type Output = Vec<usize>;
///
///     fn worker(&self) -> GameBuilder {
///         Game::builder()
///     }
///     fn game<I: Input>(&self, builder: &mut GameBuilder, reader: &mut Reader<I>, out: &mut Vec<usize>)
///         -> Result<bool, I::Error> {
///         let Some(game) = reader.read_game(builder)? else { return Ok(false) };
///         out.push(game.moves.len());
///         Ok(true)
///     }
///     fn is_full(&self, _: &GameBuilder, out: &Vec<usize>) -> bool {
///         out.len() >= 100
///     }
/// }
///
/// let pgn = "1. e4 e5 *\n\n".repeat(250) + "1. d4 *\n";
/// for threads in [1, 2] {
///     let pipeline = Pipeline::new(ReadOptions::DEFAULT).threads(threads).chunk_size(512);
///     let stream = pipeline.stream(Box::new(std::io::Cursor::new(pgn.clone())), Arc::new(Lengths));
///     let lengths: Vec<usize> = stream.map(Result::unwrap).flatten().collect();
///     assert_eq!(lengths.len(), 251);
///     assert_eq!(lengths.last(), Some(&1));
/// }
/// ```
pub trait Work: Send + Sync + 'static {
    /// The state of one worker (visitors, buffers), made once per thread.
    type Worker: Send;
    /// What a batch of games gives: made by `Default` for each batch.
    type Output: Default + Send + 'static;

    /// A new worker's state.
    fn worker(&self) -> Self::Worker;

    /// Whether worker threads may read the games (default yes): a work
    /// whose output must come from one reader says no.
    fn parallel(&self) -> bool {
        true
    }

    /// Reads the next game of `reader` into `out`: `Ok(false)` at the end.
    ///
    /// # Errors
    ///
    /// Those of the input.
    fn game<I: Input>(
        &self,
        worker: &mut Self::Worker,
        reader: &mut Reader<I>,
        out: &mut Self::Output,
    ) -> Result<bool, I::Error>;

    /// Whether the games read into `out` make a batch to hand over now
    /// (on one thread, or a worker within its chunk; the end of a chunk
    /// ends a batch too). Default: after every game.
    fn is_full(&self, worker: &Self::Worker, out: &Self::Output) -> bool {
        let _ = (worker, out);
        true
    }

    /// The batch is over: what the worker holds for the output goes into
    /// `out` (the export's rows, kept in whole record batches until `end`:
    /// the end of a chunk, or of the input, when everything must go).
    fn finish(&self, worker: &mut Self::Worker, out: &mut Self::Output, end: bool) {
        let _ = (worker, out, end);
    }
}

/// How a stream reads: the reader's options, the threads, the chunk size.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Pipeline {
    options: ReadOptions,
    threads: usize,
    chunk_size: usize,
    ahead: bool,
    guess: bool,
}

impl Pipeline {
    /// The bytes of games in a chunk by default: 512 KiB, as fast as
    /// larger ones (hundreds of games), and what is in flight (about three
    /// chunks a worker) stays small.
    pub const CHUNK_SIZE: usize = 512 << 10;

    /// Reading with `options`, one thread, chunks of [`Pipeline::CHUNK_SIZE`].
    pub fn new(options: ReadOptions) -> Pipeline {
        Pipeline {
            options,
            threads: 1,
            chunk_size: Pipeline::CHUNK_SIZE,
            ahead: false,
            guess: true,
        }
    }

    /// Whether, on one thread, the input is read on a thread of its own,
    /// a few MiB ahead (default no). Give it for compressed inputs: their
    /// decoding then overlaps the reading of games, as it does with worker
    /// threads: on two cores, `convert --to uci --threads 1` of a
    /// pzstd-compressed 115 MB Lichess-like file took 1.22 times as long as
    /// on the decompressed file without it, 1.02 times with it.
    #[must_use]
    pub fn ahead(mut self, ahead: bool) -> Pipeline {
        self.ahead = ahead;
        self
    }

    /// Whether, with worker threads, chunks are cut at a guess (default
    /// yes): at `[Event` lines, found by a byte search, each worker
    /// checking its chunk's guess, the chunks cut again from where one
    /// missed ([`Chunks::guess`]); or at the reader's own boundaries, found
    /// by skipping the games on the thread that cuts, which then bounds
    /// the speed (about 1.2 GB/s a core). The output is the same.
    #[must_use]
    pub fn guess(mut self, guess: bool) -> Pipeline {
        self.guess = guess;
        self
    }

    /// The most workers: more would only add memory (each worker has its
    /// own queues) and time to start them.
    pub const MAX_THREADS: usize = 256;

    /// With `threads` workers (0: one per core; 1: everything on the
    /// calling thread; at most [`Pipeline::MAX_THREADS`]).
    #[must_use]
    pub fn threads(mut self, threads: usize) -> Pipeline {
        self.threads = workers(threads);
        self
    }

    /// With chunks of about `bytes` bytes of games (at least 1).
    #[must_use]
    pub fn chunk_size(mut self, bytes: usize) -> Pipeline {
        self.chunk_size = bytes.max(1);
        self
    }

    /// The reading options.
    pub fn options(&self) -> &ReadOptions {
        &self.options
    }

    /// The number of worker threads.
    pub fn thread_count(&self) -> usize {
        self.threads
    }

    /// The results of `work` on the games of `read` (decompressed bytes:
    /// see [`crate::open`]), in input order.
    pub fn stream<W: Work>(&self, read: Box<dyn Read + Send>, work: Arc<W>) -> Stream<W> {
        let state = if self.threads <= 1 || !work.parallel() {
            let read: Box<dyn Read + Send> = if self.ahead {
                let (blocks_in, blocks_out) = sync_channel::<io::Result<Vec<u8>>>(4);
                thread::spawn(move || read_ahead(read, &blocks_in));
                Box::new(ReadAhead {
                    blocks: blocks_out,
                    block: Vec::new(),
                    at: 0,
                })
            } else {
                read
            };
            State::Here {
                reader: Box::new(Reader::with_options(read, self.options)),
                worker: work.worker(),
                failed: None,
            }
        } else {
            State::Workers(Ordered::start(read, *self, Arc::clone(&work)))
        };
        Stream { work, state }
    }
}

/// The results of a [`Work`] on a source, in input order: one item per
/// batch of games; a failure to read the source (I/O, corrupt compressed
/// data) is the last item, after the results of the games before it.
pub struct Stream<W: Work> {
    work: Arc<W>,
    state: State<W>,
}

enum State<W: Work> {
    /// On the calling thread.
    Here {
        reader: Box<Reader<IoInput<Box<dyn Read + Send>>>>,
        worker: W::Worker,
        failed: Option<io::Error>,
    },
    /// With worker threads.
    Workers(Ordered<W::Output>),
    /// Over.
    Ended,
}

impl<W: Work> Iterator for Stream<W> {
    type Item = io::Result<W::Output>;

    fn next(&mut self) -> Option<io::Result<W::Output>> {
        match &mut self.state {
            State::Here {
                reader,
                worker,
                failed,
            } => {
                if let Some(error) = failed.take() {
                    self.state = State::Ended;
                    return Some(Err(error));
                }
                let mut out = W::Output::default();
                let more = loop {
                    match self.work.game(worker, reader, &mut out) {
                        Ok(true) => {}
                        Ok(false) => break false,
                        Err(error) => {
                            *failed = Some(error);
                            break true;
                        }
                    }
                    if self.work.is_full(worker, &out) {
                        break true;
                    }
                };
                self.work
                    .finish(worker, &mut out, !more || failed.is_some());
                if !more {
                    // The last batch (what the worker held goes with it).
                    self.state = State::Ended;
                }
                Some(Ok(out))
            }
            State::Workers(ordered) => {
                let next = ordered.next();
                if next.is_none() {
                    self.state = State::Ended;
                }
                next
            }
            State::Ended => None,
        }
    }
}

/// What the thread that cuts chunks hands the workers: a chunk (cut while
/// its `epoch` was the stream's), or the rest of the source from a game too
/// large for a chunk on, with where its output goes.
enum Job<T> {
    Chunk {
        chunk: Arc<Chunk>,
        seq: u64,
        epoch: u64,
        output: SyncSender<Piece<T>>,
    },
    Rest(Box<Reader<RestInput>>, SyncSender<Piece<T>>),
}

/// The rest of a source after the chunks stopped: the bytes they held,
/// then what is read ahead ([`Chunks::into_reader`]).
type RestInput = IoInput<io::Chain<io::Cursor<Vec<u8>>, ReadAhead>>;

/// The most bytes a chunk may hold: a game larger than this is not held
/// whole; the rest of the source, from it on, is read by one worker, in
/// the memory of a reader's buffer.
const LARGE_GAME: usize = 8 << 20;

/// Part of a chunk's output (`last`: the chunk's last), or the source's
/// failure. The last part of a chunk whose guess missed says where to read
/// on from.
struct Piece<T> {
    result: io::Result<T>,
    last: bool,
    missed: Option<GameStart>,
}

/// Chunks cut and not yet taken by a worker, per worker; and batches of a
/// chunk's output written ahead of the reader: with the size of a chunk
/// and of a batch, they bound what a stream holds.
const CHUNKS_AHEAD: usize = 1;
const PIECES_AHEAD: usize = 4;

/// What the reader of a stream takes from the cutter, in input order:
/// each chunk's output, then the end. Those of an epoch before the
/// reader's are stale (cut before a miss) and dropped.
enum Next<T> {
    Chunk {
        epoch: u64,
        seq: u64,
        output: Receiver<Piece<T>>,
    },
    End {
        epoch: u64,
    },
}

/// What the cutter is told: a worker read a chunk through, its guess held
/// (or skipped it: [`Held::read`]); the reader of the stream found that a
/// chunk's guess missed (read again from `at`: the reader says it, in input
/// order, so that the first miss is the one cut again from).
enum Feedback {
    Read,
    Missed { seq: u64, at: GameStart },
}

/// The chunks handed out (while chunks are cut at guesses) and not yet read
/// through with their guess held, in order, with their numbers and whether
/// they were: a chunk is let go once every chunk before it is, by the
/// worker that reads the last of them (its memory then goes to `spare`, for
/// a later chunk: fresh memory costs page faults).
#[derive(Default)]
struct Held {
    chunks: VecDeque<(u64, Arc<Chunk>, bool)>,
    spare: Vec<Vec<u8>>,
}

impl Held {
    /// Chunk `seq` was read through, its guess held.
    fn read(&mut self, seq: u64) {
        if let Some(entry) = self.chunks.iter_mut().find(|(held, ..)| *held == seq) {
            entry.2 = true;
        }
        while self.chunks.front().is_some_and(|&(.., read)| read) {
            let Some((_, chunk, _)) = self.chunks.pop_front() else {
                break;
            };
            if let Ok(chunk) = Arc::try_unwrap(chunk)
                && self.spare.len() < 4
            {
                self.spare.push(chunk.into_bytes());
            }
        }
    }
}

/// [`Held`], shared by the cutter and the workers.
type Holding = Arc<Mutex<Held>>;

/// Locks `held`, whatever a thread that panicked left.
fn lock(held: &Holding) -> std::sync::MutexGuard<'_, Held> {
    held.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The results of work on each chunk of a stream, in order: a thread reads
/// ahead, one cuts chunks into a queue the workers share, each chunk with a
/// bounded channel of its own that its worker hands its output back
/// through in batches ([`Work::is_full`]), and the reader takes those
/// channels in input order. What is in flight is bounded by the threads,
/// whatever a chunk's output weighs (a drawing a game, a row a game), and a
/// worker free takes the next chunk whichever it is.
///
/// Chunks are cut at a guess ([`Chunks::guess`]: a byte search, not a read
/// of the games, so that cutting is no serial stage), and each worker
/// checks its chunk's guess as it reads ([`Chunk::check`]): a chunk whose
/// guess missed ends where it went wrong and says so; the reader then drops
/// the output of the chunks cut after it (a new epoch) and the cutter cuts
/// again from there, at the reader's boundaries, out of the chunks it holds
/// until they and those before them were read through with their guess
/// held.
///
/// No wait can close a loop: the chunks are taken from the queue in order,
/// so while the reader waits for a chunk, every chunk a worker is held on
/// (its channel full) comes after one that a worker is reading, or has
/// read; stale chunks are skipped by the workers and dropped by the
/// reader.
struct Ordered<T> {
    /// Each chunk's output, in input order.
    outputs: Receiver<Next<T>>,
    /// The chunk being handed back, and its number.
    current: Option<(u64, Receiver<Piece<T>>)>,
    feedback: Sender<Feedback>,
    /// The reader's epoch; the workers skip the jobs of earlier ones.
    epoch: u64,
    shared_epoch: Arc<AtomicU64>,
}

impl<T: Default + Send + 'static> Ordered<T> {
    fn start<W: Work<Output = T>>(
        read: Box<dyn Read + Send>,
        pipeline: Pipeline,
        work: Arc<W>,
    ) -> Ordered<T> {
        let threads = pipeline.threads.max(1);
        // Decompressing and cutting are the serial part: on threads of
        // their own, they overlap.
        let (blocks_in, blocks_out) = sync_channel::<io::Result<Vec<u8>>>(4);
        thread::spawn(move || read_ahead(read, &blocks_in));
        let (jobs_in, jobs_out) = sync_channel::<Job<T>>(CHUNKS_AHEAD * threads);
        // A chunk's channel is queued for the reader before its job is
        // queued for the workers: one more chunk than the workers and the
        // job queue can hold.
        let (outputs_in, outputs) = sync_channel(CHUNKS_AHEAD * threads + threads + 1);
        let (feedback_in, feedback) = channel();
        let shared_epoch = Arc::new(AtomicU64::new(0));
        let jobs_out = Arc::new(Mutex::new(jobs_out));
        let held = Holding::default();
        for _ in 0..threads {
            let jobs_out = Arc::clone(&jobs_out);
            let work = Arc::clone(&work);
            let epoch = Arc::clone(&shared_epoch);
            let said = feedback_in.clone();
            let held = Arc::clone(&held);
            thread::spawn(move || serve(&*work, &jobs_out, &epoch, &held, &said));
        }
        let ahead = ReadAhead {
            blocks: blocks_out,
            block: Vec::new(),
            at: 0,
        };
        let limit = LARGE_GAME.max(4 * pipeline.chunk_size);
        let chunks = Chunks::new(ahead, pipeline.options, pipeline.chunk_size)
            .limit(limit)
            .guess(pipeline.guess);
        let cutter = Cutter {
            chunks: Some(chunks),
            jobs: jobs_in,
            outputs: outputs_in,
            feedback,
            held,
            holding: pipeline.guess,
            seq: 0,
            epoch: 0,
            gone: Arc::clone(&shared_epoch),
        };
        thread::spawn(move || cutter.run());
        Ordered {
            outputs,
            current: None,
            feedback: feedback_in,
            epoch: 0,
            shared_epoch,
        }
    }

    /// The next result; `None` when the stream has ended.
    fn next(&mut self) -> Option<io::Result<T>> {
        loop {
            if self.current.is_none() {
                match self.outputs.recv().ok()? {
                    Next::Chunk { epoch, seq, output } if epoch == self.epoch => {
                        self.current = Some((seq, output));
                    }
                    Next::End { epoch } if epoch == self.epoch => return None,
                    // Cut before a miss: read again since.
                    Next::Chunk { .. } | Next::End { .. } => continue,
                }
            }
            let (seq, output) = self.current.as_ref()?;
            // An error: its worker ended without a last piece (it
            // panicked); the stream ends.
            let piece = output.recv().ok()?;
            if piece.last {
                let seq = *seq;
                self.current = None;
                if let Some(at) = piece.missed {
                    self.epoch += 1;
                    self.shared_epoch.store(self.epoch, Ordering::Relaxed);
                    // The cutter may have ended: nothing is left to cut again.
                    let _ = self.feedback.send(Feedback::Missed { seq, at });
                }
            }
            return Some(piece.result);
        }
    }
}

impl<T> Drop for Ordered<T> {
    /// The workers skip every job left.
    fn drop(&mut self) {
        self.shared_epoch.store(u64::MAX, Ordering::Relaxed);
    }
}

/// The thread that cuts chunks: it hands each to the workers, and keeps
/// them (while it guesses) until they were read through with their guess
/// held, to cut them again when one missed.
struct Cutter<T> {
    /// `None` once the rest of the source went to a worker.
    chunks: Option<Chunks<ReadAhead>>,
    jobs: SyncSender<Job<T>>,
    outputs: SyncSender<Next<T>>,
    feedback: Receiver<Feedback>,
    /// The chunks handed out and not yet read through.
    held: Holding,
    /// Whether chunks are held (not once a miss ended guessing).
    holding: bool,
    seq: u64,
    epoch: u64,
    /// The stream's epoch: `u64::MAX` once its reader is dropped.
    gone: Arc<AtomicU64>,
}

/// Whether the chunks handed out were all read ([`Cutter::settle`]).
enum Settled {
    Yes,
    /// One missed: the chunks are cut again.
    Rewound,
    /// Nobody listens.
    Gone,
}

impl<T> Cutter<T> {
    fn run(mut self) {
        loop {
            while let Ok(said) = self.feedback.try_recv() {
                self.hear(said);
            }
            let Some(chunks) = self.chunks.as_mut() else {
                return;
            };
            for bytes in lock(&self.held).spare.drain(..) {
                chunks.recycle(bytes);
            }
            match chunks.next() {
                Some(Ok(chunk)) => {
                    if !self.hand_out(chunk) {
                        return;
                    }
                }
                Some(Err(error)) => {
                    // After the chunks before it, which must hold first.
                    match self.settle() {
                        Settled::Yes => {}
                        Settled::Rewound => continue,
                        Settled::Gone => return,
                    }
                    let Some(output) = self.output() else { return };
                    let _ = output.send(Piece {
                        result: Err(error),
                        last: true,
                        missed: None,
                    });
                }
                None => {
                    match self.settle() {
                        Settled::Yes => {}
                        Settled::Rewound => continue,
                        Settled::Gone => return,
                    }
                    if self.chunks.as_ref().is_some_and(Chunks::is_stopped)
                        && let Some(chunks) = self.chunks.take()
                    {
                        // A game too large for a chunk: one worker reads
                        // the rest of the source.
                        let Some(output) = self.output() else { return };
                        let reader = Box::new(chunks.into_reader());
                        if self.jobs.send(Job::Rest(reader, output)).is_err() {
                            return;
                        }
                    }
                    let _ = self.outputs.send(Next::End { epoch: self.epoch });
                    return;
                }
            }
        }
    }

    /// Queues the channel of the next part of the output for the reader.
    fn output(&mut self) -> Option<SyncSender<Piece<T>>> {
        let (output, rx) = sync_channel(PIECES_AHEAD);
        let next = Next::Chunk {
            epoch: self.epoch,
            seq: self.seq,
            output: rx,
        };
        self.seq += 1;
        self.outputs.send(next).ok().map(|()| output)
    }

    /// Hands a chunk to the workers: `false` when nobody listens.
    fn hand_out(&mut self, chunk: Chunk) -> bool {
        let seq = self.seq;
        let Some(output) = self.output() else {
            return false;
        };
        let chunk = Arc::new(chunk);
        if self.holding {
            lock(&self.held)
                .chunks
                .push_back((seq, Arc::clone(&chunk), false));
        }
        let job = Job::Chunk {
            chunk,
            seq,
            epoch: self.epoch,
            output,
        };
        self.jobs.send(job).is_ok()
    }

    /// What the cutter was told: `true` when a chunk missed and the chunks
    /// are cut again.
    fn hear(&mut self, said: Feedback) -> bool {
        let Feedback::Missed { seq, at } = said else {
            return false;
        };
        let mut held = lock(&self.held);
        while held.chunks.front().is_some_and(|&(held, ..)| held < seq) {
            held.chunks.pop_front();
        }
        if let Some(chunks) = self.chunks.as_mut() {
            chunks.rewind(at, held.chunks.iter().map(|(_, chunk, _)| &**chunk));
        }
        held.chunks.clear();
        self.holding = false;
        self.epoch += 1;
        true
    }

    /// Waits until every chunk handed out was read through with its guess
    /// held (before what may not be cut again: the source's end, its
    /// failure, the rest of it read as one).
    fn settle(&mut self) -> Settled {
        while !lock(&self.held).chunks.is_empty() {
            match self.feedback.recv_timeout(Duration::from_millis(50)) {
                Ok(said) => {
                    if self.hear(said) {
                        return Settled::Rewound;
                    }
                }
                // A chunk that missed is said by the stream's reader, if
                // it is still there.
                Err(RecvTimeoutError::Timeout) if self.gone.load(Ordering::Relaxed) != u64::MAX => {
                }
                Err(_) => return Settled::Gone,
            }
        }
        Settled::Yes
    }
}

/// A worker: the next chunk cut, whichever it is, read with `work`, its
/// output handed back in batches, until no chunk is left; the chunks of
/// an epoch before `epoch` (cut before a miss, or nobody listens) are
/// skipped.
fn serve<W: Work>(
    work: &W,
    jobs: &Mutex<Receiver<Job<W::Output>>>,
    epoch: &AtomicU64,
    held: &Holding,
    said: &Sender<Feedback>,
) {
    let mut worker = work.worker();
    loop {
        let next = jobs.lock().unwrap_or_else(PoisonError::into_inner).recv();
        let Ok(job) = next else { return };
        let (read, output) = match job {
            Job::Chunk {
                chunk,
                seq,
                epoch: cut,
                output,
            } => {
                let read = if cut < epoch.load(Ordering::Relaxed) {
                    Ok(false)
                } else {
                    // A chunk is in memory: reading it cannot fail.
                    read_all(
                        work,
                        &mut worker,
                        &mut chunk.reader(),
                        |reader| chunk.check(reader),
                        &output,
                        |n| match n {},
                    )
                };
                drop(chunk);
                if !matches!(read, Ok(true)) {
                    lock(held).read(seq);
                    // The cutter may have ended.
                    let _ = said.send(Feedback::Read);
                }
                (read, output)
            }
            Job::Rest(mut reader, output) => {
                let read = read_all(
                    work,
                    &mut worker,
                    &mut *reader,
                    |_| Check::Held,
                    &output,
                    |e| e,
                );
                (read, output)
            }
        };
        match read {
            Ok(_) => {}
            // Nobody listens for this chunk: it was cut before a miss, or
            // the stream was dropped (then no job is left to read).
            Err(None) => {}
            Err(Some(error)) => {
                let _ = output.send(Piece {
                    result: Err(error),
                    last: true,
                    missed: None,
                });
            }
        }
    }
}

/// Reads every game of `reader` with `work`, handing the output back in
/// batches, the last one marked, after asking `check` before each game
/// until it says [`Check::Held`] (a guessed chunk's games are checked
/// before they are read: [`Chunk::check`]); on [`Check::Missed`], the
/// reading stops there and the last batch says so: `Ok(true)`.
/// `Err(Some(_))` when the input failed (after the batches of the games
/// before it), `Err(None)` when nobody listens.
fn read_all<W: Work, I: Input>(
    work: &W,
    worker: &mut W::Worker,
    reader: &mut Reader<I>,
    mut check: impl FnMut(&Reader<I>) -> Check,
    results: &SyncSender<Piece<W::Output>>,
    io_error: impl Fn(I::Error) -> io::Error,
) -> Result<bool, Option<io::Error>> {
    let mut out = W::Output::default();
    let mut checking = true;
    let mut missed = None;
    loop {
        if checking {
            match check(reader) {
                Check::Later => {}
                Check::Held => checking = false,
                Check::Missed(at) => {
                    missed = Some(at);
                    break;
                }
            }
        }
        match work.game(worker, reader, &mut out) {
            Ok(true) => {}
            Ok(false) => break,
            Err(error) => {
                work.finish(worker, &mut out, true);
                let piece = Piece {
                    result: Ok(out),
                    last: false,
                    missed: None,
                };
                results.send(piece).map_err(|_| None)?;
                return Err(Some(io_error(error)));
            }
        }
        if work.is_full(worker, &out) {
            work.finish(worker, &mut out, false);
            let piece = Piece {
                result: Ok(core::mem::take(&mut out)),
                last: false,
                missed: None,
            };
            results.send(piece).map_err(|_| None)?;
        }
    }
    work.finish(worker, &mut out, true);
    // Before the last game, at most two are left: the check was made.
    let unchecked = checking && missed.is_none();
    let piece = Piece {
        result: Ok(out),
        last: !unchecked,
        missed,
    };
    results.send(piece).map_err(|_| None)?;
    if unchecked {
        return Err(Some(io::Error::other(
            "a chunk cut at a guess ended unchecked (a bug in chessnote: please report it)",
        )));
    }
    Ok(missed.is_some())
}

/// The bytes of a block of text read ahead: 1 MiB.
pub(crate) const BLOCK: usize = 1 << 20;

/// The next 1 MiB of `read` (less at its end, or before an error), and
/// the error that ended it early.
pub(crate) fn read_block(read: &mut (impl Read + ?Sized)) -> (Vec<u8>, io::Result<()>) {
    read_into_block(read, Vec::new())
}

/// As [`read_block`], into `block` when it has room (a block handed back
/// to be used again: its bytes are overwritten), else into a new one.
pub(crate) fn read_into_block(
    read: &mut (impl Read + ?Sized),
    mut block: Vec<u8>,
) -> (Vec<u8>, io::Result<()>) {
    if block.capacity() == 0 {
        block = vec![0; BLOCK];
    } else {
        block.resize(BLOCK, 0);
    }
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
    (block, result)
}

/// Reads `read` in blocks of 1 MiB into `blocks`, until its end, an error
/// or nobody listens.
fn read_ahead(mut read: Box<dyn Read + Send>, blocks: &SyncSender<io::Result<Vec<u8>>>) {
    loop {
        let (block, result) = read_block(&mut *read);
        let len = block.len();
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

impl Read for ReadAhead {
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

/// The workers that `threads` asks for: 0 is one per core, and never more
/// than [`Pipeline::MAX_THREADS`].
///
/// ```
/// use chessnote_io::pipeline::{Pipeline, workers};
/// assert_eq!(workers(3), 3);
/// assert!(workers(0) >= 1);
/// assert_eq!(workers(100_000), Pipeline::MAX_THREADS);
/// ```
pub fn workers(threads: usize) -> usize {
    match threads {
        0 => thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    }
    .min(Pipeline::MAX_THREADS)
}
