//! Reading with worker threads, in order: one thread cuts the input into
//! chunks of whole games ([`Chunks`]), workers turn each chunk into a
//! result, and [`Ordered::next`] hands the results back in input order.
//! Memory is bounded: at most a few chunks per worker are in flight.

use std::collections::BTreeMap;
use std::io::{self, Read};
use std::sync::mpsc::{Receiver, sync_channel};
use std::sync::{Arc, Mutex};
use std::thread;

use chessnote::pgn::{Chunk, Chunks, ReadOptions};

/// The bytes of one chunk (as the command's default `--chunk-size`).
const CHUNK_BYTES: usize = 1 << 20;

/// The results of `work` on each chunk of a stream, in order.
pub struct Ordered<T> {
    results: Receiver<(u64, io::Result<T>)>,
    early: BTreeMap<u64, io::Result<T>>,
    next: u64,
}

impl<T: Send + 'static> Ordered<T> {
    /// Starts the cutter and `threads` workers on `read`.
    pub fn start<F>(
        read: Box<dyn Read + Send>,
        options: ReadOptions,
        threads: usize,
        work: F,
    ) -> Self
    where
        F: Fn(&Chunk) -> T + Send + Sync + 'static,
    {
        let threads = threads.max(1);
        let (chunks_in, chunks_out) = sync_channel::<(u64, Chunk)>(threads * 2);
        let (results_in, results) = sync_channel(threads * 2);
        let cutter_results = results_in.clone();
        thread::spawn(move || {
            for (seq, chunk) in (0u64..).zip(Chunks::new(read, options, CHUNK_BYTES)) {
                match chunk {
                    Ok(chunk) => {
                        if chunks_in.send((seq, chunk)).is_err() {
                            return;
                        }
                    }
                    Err(error) => {
                        // After the chunks before it: the reader stops here.
                        let _ = cutter_results.send((seq, Err(error)));
                        return;
                    }
                }
            }
        });
        let chunks_out = Arc::new(Mutex::new(chunks_out));
        let work = Arc::new(work);
        for _ in 0..threads {
            let chunks_out = Arc::clone(&chunks_out);
            let results_in = results_in.clone();
            let work = Arc::clone(&work);
            thread::spawn(move || {
                loop {
                    // A poisoned lock means another worker panicked: stop too.
                    let next = match chunks_out.lock() {
                        Ok(queue) => queue.recv(),
                        Err(_) => return,
                    };
                    let Ok((seq, chunk)) = next else { return };
                    if results_in.send((seq, Ok(work(&chunk)))).is_err() {
                        return;
                    }
                }
            });
        }
        Ordered {
            results,
            early: BTreeMap::new(),
            next: 0,
        }
    }

    /// The next chunk's result; `None` when the stream has ended. An error
    /// reading the input is the last item.
    pub fn next(&mut self) -> Option<io::Result<T>> {
        loop {
            if let Some(result) = self.early.remove(&self.next) {
                self.next += 1;
                return Some(result);
            }
            match self.results.recv() {
                Ok((seq, result)) => {
                    self.early.insert(seq, result);
                }
                // Every thread has ended: all was handed back.
                Err(_) => return self.early.pop_first().map(|(_, r)| r),
            }
        }
    }
}
