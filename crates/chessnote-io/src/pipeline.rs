//! The one stream of games every shell reads through: a source's games
//! handed to a [`Work`] on this thread, or cut into chunks of whole games
//! that worker threads read, the results coming back in input order either
//! way, in bounded memory.
//!
//! With more than one thread, four stages overlap: a thread reads the
//! source ahead in 1 MiB blocks (decompressing it), a thread cuts the
//! blocks into chunks of whole games ([`Chunks`], at the reader's own game
//! boundaries, numbered as one reader would number them) into a queue
//! the workers share, each chunk with a bounded channel of its own for its
//! output, which its worker hands back in batches ([`Work::is_full`]), and
//! [`Stream::next`] reads those channels in input order. What is in
//! flight is bounded by the threads (two chunks queued per worker, four
//! batches written ahead per chunk), whatever a chunk's output weighs. A game
//! over 8 MiB is not held in a chunk: from it on, the rest of the source is
//! read by one worker, in the memory of a reader's buffer
//! ([`Chunks::limit`]). With one thread, nothing is started:
//! [`Stream::next`] reads the next batch of games itself.
//!
//! The `chessnote` command and the Python package start no thread of their
//! own: each describes what it does with a game as a [`Work`] and consumes
//! a [`Stream`].

use std::io::{self, Read};
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread;

use chessnote::pgn::{Chunk, Chunks, Input, IoInput, ReadOptions, Reader};

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

    /// Whether worker threads help (default yes): not when a game costs no
    /// more to read than to find where it ends, which the thread that cuts
    /// chunks does anyway.
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
}

impl Pipeline {
    /// The bytes of games in a chunk by default.
    pub const CHUNK_SIZE: usize = 1 << 20;

    /// Reading with `options`, one thread, 1 MiB chunks.
    pub fn new(options: ReadOptions) -> Pipeline {
        Pipeline {
            options,
            threads: 1,
            chunk_size: Pipeline::CHUNK_SIZE,
            ahead: false,
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

    /// The most workers: more would only add memory (each worker has its
    /// own queues) and time to start them.
    pub const MAX_THREADS: usize = 256;

    /// With `threads` workers (0: one per core; 1: everything on the
    /// calling thread; at most [`Pipeline::MAX_THREADS`]).
    #[must_use]
    pub fn threads(mut self, threads: usize) -> Pipeline {
        self.threads = match threads {
            0 => thread::available_parallelism().map_or(1, |n| n.get()),
            n => n,
        }
        .min(Pipeline::MAX_THREADS);
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

/// What the thread that cuts chunks hands the workers: a chunk, or the
/// rest of the source from a game too large for a chunk on, with where
/// its output goes.
enum Job<T> {
    Chunk(Chunk, SyncSender<Piece<T>>),
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
/// failure.
struct Piece<T> {
    result: io::Result<T>,
    last: bool,
}

/// Chunks cut and not yet taken by a worker, per worker; and batches of a
/// chunk's output written ahead of the reader: with the size of a chunk
/// and of a batch, they bound what a stream holds.
const CHUNKS_AHEAD: usize = 2;
const PIECES_AHEAD: usize = 4;

/// The results of work on each chunk of a stream, in order: a thread reads
/// ahead, one cuts chunks into a queue the workers share, each chunk with a
/// bounded channel of its own that its worker hands its output back
/// through in batches ([`Work::is_full`]), and the reader takes those
/// channels in input order. What is in flight is bounded by the threads,
/// whatever a chunk's output weighs (a drawing a game, a row a game), and a
/// worker free takes the next chunk whichever it is.
///
/// No wait can close a loop: the chunks are taken from the queue in order,
/// so while the reader waits for a chunk, every chunk a worker is held on
/// (its channel full) comes after one that a worker is reading, or has
/// read.
struct Ordered<T> {
    /// Each chunk's output, in input order.
    outputs: Receiver<Receiver<Piece<T>>>,
    /// The chunk being handed back.
    current: Option<Receiver<Piece<T>>>,
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
        let jobs_out = Arc::new(Mutex::new(jobs_out));
        for _ in 0..threads {
            let jobs_out = Arc::clone(&jobs_out);
            let work = Arc::clone(&work);
            thread::spawn(move || serve(&*work, &jobs_out));
        }
        thread::spawn(move || {
            let ahead = ReadAhead {
                blocks: blocks_out,
                block: Vec::new(),
                at: 0,
            };
            let limit = LARGE_GAME.max(4 * pipeline.chunk_size);
            let mut chunks = Chunks::new(ahead, pipeline.options, pipeline.chunk_size).limit(limit);
            for chunk in &mut chunks {
                let (output, rx) = sync_channel(PIECES_AHEAD);
                if outputs_in.send(rx).is_err() {
                    return;
                }
                let chunk = match chunk {
                    Ok(chunk) => chunk,
                    Err(error) => {
                        // After the chunks before it: the stream ends here.
                        let _ = output.send(Piece {
                            result: Err(error),
                            last: true,
                        });
                        return;
                    }
                };
                if jobs_in.send(Job::Chunk(chunk, output)).is_err() {
                    return;
                }
            }
            if chunks.is_stopped() {
                let (output, rx) = sync_channel(PIECES_AHEAD);
                if outputs_in.send(rx).is_ok() {
                    let _ = jobs_in.send(Job::Rest(Box::new(chunks.into_reader()), output));
                }
            }
        });
        Ordered {
            outputs,
            current: None,
        }
    }

    /// The next result; `None` when the stream has ended.
    fn next(&mut self) -> Option<io::Result<T>> {
        if self.current.is_none() {
            // Every chunk cut was handed back: the stream has ended.
            self.current = Some(self.outputs.recv().ok()?);
        }
        // An error: its worker ended without a last piece (it panicked);
        // the stream ends.
        let piece = self.current.as_ref()?.recv().ok()?;
        if piece.last {
            self.current = None;
        }
        Some(piece.result)
    }
}

/// A worker: the next chunk cut, whichever it is, read with `work`, its
/// output handed back in batches, until no chunk is left or nobody
/// listens.
fn serve<W: Work>(work: &W, jobs: &Mutex<Receiver<Job<W::Output>>>) {
    let mut worker = work.worker();
    loop {
        let next = jobs.lock().unwrap_or_else(PoisonError::into_inner).recv();
        let Ok(job) = next else { return };
        let (read, output) = match job {
            // A chunk is in memory: reading it cannot fail.
            Job::Chunk(chunk, output) => {
                let read = read_all(
                    work,
                    &mut worker,
                    &mut chunk.reader(),
                    &output,
                    |n| match n {},
                );
                (read, output)
            }
            Job::Rest(mut reader, output) => {
                let read = read_all(work, &mut worker, &mut *reader, &output, |e| e);
                (read, output)
            }
        };
        match read {
            Ok(()) => {}
            // Nobody listens: the stream was dropped.
            Err(None) => return,
            Err(Some(error)) => {
                let _ = output.send(Piece {
                    result: Err(error),
                    last: true,
                });
            }
        }
    }
}

/// Reads every game of `reader` with `work`, handing the output back in
/// batches, the last one marked: `Err(Some(_))` when the input failed
/// (after the batches of the games before it), `Err(None)` when nobody
/// listens.
fn read_all<W: Work, I: Input>(
    work: &W,
    worker: &mut W::Worker,
    reader: &mut Reader<I>,
    results: &SyncSender<Piece<W::Output>>,
    io_error: impl Fn(I::Error) -> io::Error,
) -> Result<(), Option<io::Error>> {
    let mut out = W::Output::default();
    loop {
        match work.game(worker, reader, &mut out) {
            Ok(true) => {}
            Ok(false) => break,
            Err(error) => {
                work.finish(worker, &mut out, true);
                let piece = Piece {
                    result: Ok(out),
                    last: false,
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
            };
            results.send(piece).map_err(|_| None)?;
        }
    }
    work.finish(worker, &mut out, true);
    let piece = Piece {
        result: Ok(out),
        last: true,
    };
    results.send(piece).map_err(|_| None)
}

/// The next 1 MiB of `read` (less at its end, or before an error), and
/// the error that ended it early.
pub(crate) fn read_block(read: &mut (impl Read + ?Sized)) -> (Vec<u8>, io::Result<()>) {
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
