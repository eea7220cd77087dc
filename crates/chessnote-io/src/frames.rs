//! A zstd file as frames, for splitting one dump between many tasks
//! (Spark, Ray, `xargs -P`) without splitting the file first.
//!
//! [`zstd_frames`] lists where each frame of a `.zst` file starts and ends
//! (a pzstd frame with the skippable frame before it that gives its size,
//! as the Lichess dumps are written; or frames found by walking their
//! block headers), [`plan`] groups them into byte ranges of about equal
//! size, [`open_range`] reads the games of one range, and
//! [`open_parallel`] decodes the frames of a file on many threads, its
//! text in order (the decoder is then no serial stage).
//!
//! The games of a range are those that start in the text of its frames:
//! the text before the first line that starts with `[Event ` belongs to
//! the game the range before ends with, and the last game of the range is
//! read on into the frames after it, to the first line that starts with
//! `[Event ` past the range's text. A range whose text has no such line
//! (it lies inside one long game) has no games. The ranges of a plan, read
//! one by one, give every game of the file once, in order (for files whose
//! games each start with an `Event` tag, as every Lichess game does).
//!
//! ```no_run
//! # fn main() -> std::io::Result<()> {
//! use std::path::Path;
//! let path = Path::new("lichess_db_standard_rated_2025-05.pgn.zst");
//! for range in chessnote_io::frames::plan(path, 16)? {
//!     println!("{}:{}", range.start, range.end);
//! }
//! # Ok(())
//! # }
//! ```

use std::fs::File;
use std::io::{self, BufReader, Read, Seek, SeekFrom};
use std::path::Path;
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::thread;

use crate::Opened;

/// A frame of a zstd file: its bytes, from the skippable frame before it
/// when there is one (pzstd's size header) to its end.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    /// The offset of its first byte.
    pub start: u64,
    /// The offset after its last byte.
    pub end: u64,
}

/// A byte range of a file, `start..end`, that begins and ends at frames.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Range {
    /// The offset of its first byte.
    pub start: u64,
    /// The offset after its last byte.
    pub end: u64,
    /// How many frames it holds.
    pub frames: usize,
}

impl std::str::FromStr for Range {
    type Err = String;

    /// `START:END`, two byte offsets with `START < END`.
    fn from_str(text: &str) -> Result<Range, String> {
        let (start, end) = text
            .split_once(':')
            .ok_or_else(|| format!("`{text}`: expected START:END (byte offsets)"))?;
        let number = |s: &str| {
            s.parse::<u64>()
                .map_err(|_| format!("`{s}`: expected a byte offset"))
        };
        let (start, end) = (number(start)?, number(end)?);
        if start >= end {
            return Err(format!("{start}:{end}: START must be before END"));
        }
        Ok(Range {
            start,
            end,
            frames: 0,
        })
    }
}

const ZSTD: u32 = 0xFD2F_B528;

fn is_skippable(magic: u32) -> bool {
    magic & 0xFFFF_FFF0 == 0x184D_2A50
}

fn bad(what: impl std::fmt::Display) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidData,
        format!("corrupt zstd data: {what}"),
    )
}

/// The error of `frame`, which does not decode, with its place: `plan`'s
/// ranges that leave it out still read.
fn frame_failed(error: &io::Error, frame: Frame) -> io::Error {
    io::Error::new(
        error.kind(),
        format!(
            "corrupt zstd data: {error}, in the frame at bytes {}:{}",
            frame.start, frame.end
        ),
    )
}

/// A file read at offsets that mostly go forward, through a small buffer:
/// the headers of a frame's blocks, read one after another, cost a system
/// call per buffer, not two per block (a frame of many tiny blocks took
/// seconds to walk for every 40 MB).
struct Headers<R> {
    file: BufReader<R>,
    /// Where the source stands: `u64::MAX` when unknown (at first, and
    /// after a failed read), and the next read then seeks to its offset
    /// from the start.
    pos: u64,
}

impl<R: Read + Seek> Headers<R> {
    /// A buffer of 4 KiB: a page, which the kernel reads anyway, so a
    /// jump over a large block reads no more than before.
    const BUFFER: usize = 4 << 10;

    fn new(file: R) -> Headers<R> {
        Headers {
            file: BufReader::with_capacity(Self::BUFFER, file),
            pos: u64::MAX,
        }
    }

    /// Reads exactly `buf.len()` bytes at `at`.
    fn read_at(&mut self, at: u64, buf: &mut [u8]) -> io::Result<()> {
        // Within the buffer (ahead, or back to the header just read), a
        // relative seek keeps it.
        let offset = i128::from(at) - i128::from(self.pos);
        match i64::try_from(offset) {
            Ok(offset) if self.pos != u64::MAX => self.file.seek_relative(offset)?,
            _ => drop(self.file.seek(SeekFrom::Start(at))?),
        }
        self.pos = u64::MAX;
        self.file.read_exact(buf).map_err(|e| match e.kind() {
            io::ErrorKind::UnexpectedEof => {
                bad(format_args!("the file ends inside a frame at {at}"))
            }
            _ => e,
        })?;
        self.pos = at + buf.len() as u64;
        Ok(())
    }
}

/// The frames of the zstd file at `path`, in order; `None` when it does
/// not start as zstd. A frame after a 4-byte skippable frame (pzstd's) is
/// taken to have the size that frame gives; any other is walked block by
/// block (a read of 3 bytes for each block).
///
/// # Errors
///
/// The file's read errors; [`io::ErrorKind::InvalidData`] for bytes that
/// are not a frame where one should start, or a file cut inside a frame.
pub fn zstd_frames(path: &Path) -> io::Result<Option<Vec<Frame>>> {
    let file = File::open(path)?;
    let metadata = file.metadata()?;
    if !metadata.is_file() {
        return Ok(None);
    }
    zstd_frames_in(file, metadata.len())
}

/// The frames of the first `len` bytes of `source` (a file, or bytes in a
/// [`std::io::Cursor`]), as [`zstd_frames`] finds them: reads of a few
/// bytes at the frames' and the blocks' headers, through a buffer of a
/// page.
///
/// ```
/// use std::io::Cursor;
/// // An empty frame (one empty raw block), after pzstd's size header.
/// let frame = [0x28, 0xB5, 0x2F, 0xFD, 0x00, 0x50, 0x01, 0x00, 0x00];
/// let mut file = vec![0x50, 0x2A, 0x4D, 0x18, 4, 0, 0, 0, 9, 0, 0, 0];
/// file.extend_from_slice(&frame);
/// file.extend_from_slice(&frame);
/// let frames = chessnote_io::frames::zstd_frames_in(Cursor::new(&file), 30)?.unwrap();
/// let found: Vec<_> = frames.iter().map(|f| (f.start, f.end)).collect();
/// assert_eq!(found, [(0, 21), (21, 30)]);
/// # Ok::<(), std::io::Error>(())
/// ```
///
/// # Errors
///
/// As [`zstd_frames`]'s.
pub fn zstd_frames_in(source: impl Read + Seek, len: u64) -> io::Result<Option<Vec<Frame>>> {
    let mut file = Headers::new(source);
    let mut frames = Vec::new();
    let mut at = 0u64;
    // Where the skippable frame before the next frame starts, and the
    // next frame's size it gives.
    let mut header: Option<(u64, Option<u64>)> = None;
    while at < len {
        let mut magic = [0u8; 4];
        if len - at < 4 {
            return Err(bad(format_args!("{} stray bytes at the end", len - at)));
        }
        file.read_at(at, &mut magic)?;
        let magic = u32::from_le_bytes(magic);
        if is_skippable(magic) {
            let mut fixed = [0u8; 8];
            file.read_at(at, &mut fixed)?;
            let size = u64::from(u32::from_le_bytes([fixed[4], fixed[5], fixed[6], fixed[7]]));
            let mut next = None;
            if size == 4 {
                let mut payload = [0u8; 4];
                file.read_at(at + 8, &mut payload)?;
                next = Some(u64::from(u32::from_le_bytes(payload)));
            }
            if header.is_none() {
                header = Some((at, next));
            } else if let Some((_, given)) = &mut header {
                *given = next;
            }
            at = at
                .checked_add(8 + size)
                .filter(|&end| end <= len)
                .ok_or_else(|| bad("a skippable frame runs past the end of the file"))?;
            continue;
        }
        if magic != ZSTD {
            if at == 0 {
                return Ok(None);
            }
            return Err(bad(format_args!(
                "no frame where one should start (at byte {at})"
            )));
        }
        let (start, given) = header.take().unwrap_or((at, None));
        let end = match given {
            Some(size) if at.checked_add(size).is_some_and(|end| end <= len) => at + size,
            _ => walk_frame(&mut file, at, len)?,
        };
        frames.push(Frame { start, end });
        at = end;
    }
    if frames.is_empty() {
        // Empty, or skippable frames only: no text to plan.
        return Ok(None);
    }
    Ok(Some(frames))
}

/// The end of the zstd frame at `at`: its header, then each block header
/// read and the block skipped, then its checksum.
fn walk_frame(file: &mut Headers<impl Read + Seek>, at: u64, len: u64) -> io::Result<u64> {
    let mut descriptor = [0u8; 1];
    file.read_at(at + 4, &mut descriptor)?;
    let d = descriptor[0];
    let single_segment = d & 0x20 != 0;
    let checksum = d & 0x04 != 0;
    let dictionary = [0u64, 1, 2, 4][usize::from(d & 3)];
    let content_size = match d >> 6 {
        0 => u64::from(single_segment),
        1 => 2,
        2 => 4,
        _ => 8,
    };
    let mut pos = at + 5 + u64::from(!single_segment) + dictionary + content_size;
    loop {
        let mut block = [0u8; 3];
        file.read_at(pos, &mut block)?;
        let header = u32::from(block[0]) | u32::from(block[1]) << 8 | u32::from(block[2]) << 16;
        let last = header & 1 != 0;
        let size = u64::from(header >> 3);
        let content = match (header >> 1) & 3 {
            0 | 2 => size,
            1 => 1,
            _ => return Err(bad(format_args!("a reserved block type at byte {pos}"))),
        };
        pos = pos + 3 + content;
        if pos > len {
            return Err(bad(format_args!("the file ends inside a frame at {at}")));
        }
        if last {
            break;
        }
    }
    pos += if checksum { 4 } else { 0 };
    if pos > len {
        return Err(bad(format_args!("the file ends inside a frame at {at}")));
    }
    Ok(pos)
}

/// The frames of the zstd file at `path` in `parts` byte ranges of about
/// equal size, each starting and ending at a frame (fewer ranges when the
/// file has fewer frames), covering the file.
///
/// # Errors
///
/// As [`zstd_frames`]'s, and [`io::ErrorKind::InvalidData`] for a file
/// that is not zstd.
pub fn plan(path: &Path, parts: usize) -> io::Result<Vec<Range>> {
    let frames = zstd_frames(path)?.ok_or_else(|| {
        io::Error::new(
            io::ErrorKind::InvalidData,
            "not a zstd file: only a .zst file of several frames can be planned (pzstd writes them, as the Lichess dumps are)",
        )
    })?;
    let Some(last) = frames.last() else {
        return Ok(Vec::new());
    };
    let total = last.end;
    let parts = parts.clamp(1, frames.len());
    let mut ranges: Vec<Range> = Vec::with_capacity(parts);
    let mut first = 0;
    for k in 1..=parts {
        // Up to the last frame that ends by k/parts of the bytes, with at
        // least one frame in this range and in each one after it.
        let target = (total as u128 * k as u128 / parts as u128) as u64;
        let most = frames.len() - (parts - k);
        let mut end = first + 1;
        while end < most && frames[end].end <= target {
            end += 1;
        }
        if k == parts {
            end = frames.len();
        }
        ranges.push(Range {
            start: frames[first].start,
            end: frames[end - 1].end,
            frames: end - first,
        });
        first = end;
    }
    Ok(ranges)
}

/// The games of `range` of the zstd file at `path` (see the module's
/// text: those that start in its frames' text), decompressed. `range` must
/// start and end at frames, as [`plan`]'s ranges do. Its
/// [`Opened::compression`] is zstd, and [`Opened::read`] counts the range's
/// compressed bytes (not those of the frame after it, read for the last
/// game's end), against an [`Opened::size`] of the range's length.
///
/// # Errors
///
/// As [`zstd_frames`]'s, and [`io::ErrorKind::InvalidInput`] for a range
/// that does not start and end at frames of the file.
pub fn open_range(path: &Path, range: Range) -> io::Result<Opened> {
    let frames = zstd_frames(path)?.ok_or_else(|| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            "--range reads a .zst file of frames; this is not zstd",
        )
    })?;
    let first = frames.iter().position(|f| f.start == range.start);
    let last = frames.iter().position(|f| f.end == range.end);
    let (Some(first), Some(last)) = (first, last) else {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "{}:{} does not start and end at frames of the file (`chessnote pgn plan` gives ranges that do)",
                range.start, range.end
            ),
        ));
    };
    if last < first {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{}:{}: START must be before END", range.start, range.end),
        ));
    }
    let reader = RangeText {
        path: path.to_owned(),
        frames,
        next: first,
        ends: last + 1,
        read: crate::Counter::default(),
        current: None,
        scratch: Vec::new(),
        head: first > 0,
        produced: 0,
        range_text: None,
        pending: Vec::new(),
        at: 0,
        done: false,
    };
    let size = range.end - range.start;
    let read = reader.read.clone();
    let mut opened = crate::open_reader(Box::new(reader), Some(size))?;
    // Zstd, decoded here: on one thread it is read ahead, as a .zst is,
    // and its progress counts the range's compressed bytes.
    opened.compression = crate::Compression::Zstd;
    opened.read = read;
    Ok(opened)
}

/// The decoders for [`open_parallel`] that `threads` workers (as
/// [`crate::pipeline::workers`] counts them) keep busy: one for every 4
/// (libzstd decodes about 2 GB/s of PGN a core, 4 workers read about 1.3).
///
/// ```
/// use chessnote_io::frames::decoders_for;
/// assert_eq!((decoders_for(1), decoders_for(4), decoders_for(8), decoders_for(16)), (1, 1, 2, 4));
/// ```
pub fn decoders_for(threads: usize) -> usize {
    crate::pipeline::workers(threads).div_ceil(4)
}

/// The zstd file at `path` decoded by `decoders` threads, a frame each at a
/// time, its text in order: `None` when it is not zstd, or has one frame
/// (it can only be decoded on one thread), or `decoders` is below 2.
///
/// What is in flight is bounded: a decoder decodes no frame `decoders` or
/// more ahead of the one being read, and holds at most (D − 1) / D of 32
/// MiB, plus 1 MiB, of text it has decoded and not handed out (17 MiB at 2
/// decoders, 25 at 4; never above 33), and its frame's window (8 MiB for
/// `zstd -19`). The blocks of 1 MiB the reader is done with are decoded
/// into again, never more of them than were in flight at once.
///
/// A file whose frames cannot all be found (cut short, or damaged between
/// frames) is `None` too: decoded on one thread, it gives what comes
/// before the damage.
///
/// # Errors
///
/// As [`crate::open_reader`]'s; a frame that does not decode is an error
/// of the reader, after the text of the frames before it.
pub fn open_parallel(path: &Path, decoders: usize) -> io::Result<Option<Opened>> {
    open_frames(path, decoders, ahead_blocks)
}

/// [`open_parallel`] with decoders holding at most `ahead(decoders)`
/// blocks ahead.
fn open_frames(
    path: &Path,
    decoders: usize,
    ahead: fn(usize) -> usize,
) -> io::Result<Option<Opened>> {
    if decoders < 2 {
        return Ok(None);
    }
    // A file whose frames cannot all be found (cut short, damaged) is
    // decoded on one thread: it then gives every game before the damage.
    let Ok(Some(frames)) = zstd_frames(path) else {
        return Ok(None);
    };
    if frames.len() < 2 {
        return Ok(None);
    }
    let size = frames.last().map_or(0, |f| f.end);
    let read = crate::Counter::default();
    let decoders = decoders.min(frames.len());
    let ahead = ahead(decoders);
    // Each frame's channel, in frame order: taken by the reader in turn.
    let (outputs_in, outputs) = sync_channel::<Receiver<io::Result<Vec<u8>>>>(decoders + 1);
    let next = Arc::new(Mutex::new((0usize, outputs_in)));
    let frames = Arc::new(frames);
    let reading = Arc::new(Reading::default());
    let threads = (0..decoders)
        .map(|_| {
            let (next, frames, path, read, reading) = (
                Arc::clone(&next),
                Arc::clone(&frames),
                path.to_owned(),
                read.clone(),
                Arc::clone(&reading),
            );
            thread::spawn(move || {
                let within = Within {
                    reading: &reading,
                    reach: decoders,
                    ahead,
                };
                decode_frames(&path, &frames, &next, &read, &within);
            })
        })
        .collect();
    let text = InOrder {
        outputs,
        decoders: threads,
        current: None,
        block: Vec::new(),
        at: 0,
        reading,
    };
    let mut opened = crate::open_reader(Box::new(text), Some(size))?;
    opened.compression = crate::Compression::Zstd;
    opened.read = read;
    Ok(Some(opened))
}

/// The text of a frame of `pzstd -19` (as Lichess writes its dumps), in
/// MiB: 32, four times zstd's window at that level.
const FRAME_MIB: usize = 32;

/// How many blocks of text (1 MiB each) a decoder may have ready before
/// the reader takes them, with `decoders` decoders: as much as one must get
/// ahead for the frames to be decoded side by side. The reader takes a
/// frame's text only once the frames before it are read, so with frames of
/// `F` bytes of text and `D` decoders keeping up with the reader, the next
/// frame's decoder must be `(D - 1) / D · F` ahead: 16 MiB of
/// [`FRAME_MIB`] at 2 decoders (`--threads 8`), 24 at 4 (`--threads 16`).
/// With 2 blocks (as at first), decoders waited for the reader, and 16
/// cores decoded as one.
fn ahead_blocks(decoders: usize) -> usize {
    (FRAME_MIB * decoders.saturating_sub(1))
        .div_ceil(decoders.max(1))
        .max(2)
}

/// The next frame to decode and where its text goes.
type NextFrame = Arc<Mutex<(usize, SyncSender<Receiver<io::Result<Vec<u8>>>>)>>;

/// The frame the reader is on (`usize::MAX` once it is gone), and a signal
/// when it moves on; and the blocks the reader is done with.
#[derive(Default)]
struct Reading {
    frame: Mutex<usize>,
    moved: Condvar,
    /// Blocks read, for the decoders to decode into again: a fresh block
    /// is faulted in page by page, and with a fresh block for every MiB
    /// the decoders took 1.3 times the CPU. A block is made only when none
    /// is spare, that is when every block made is in flight: there are
    /// never more than the most in flight at once.
    spare: Mutex<Vec<Vec<u8>>>,
}

impl Reading {
    /// A block to decode into: one the reader is done with, or a new one
    /// (empty).
    fn block(&self) -> Vec<u8> {
        self.spares().pop().unwrap_or_default()
    }

    fn spares(&self) -> std::sync::MutexGuard<'_, Vec<Vec<u8>>> {
        self.spare.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The reader is done with `block`.
    fn done_with(&self, block: Vec<u8>) {
        let mut spare = self.spares();
        if block.capacity() == crate::pipeline::BLOCK {
            spare.push(block);
        }
    }

    fn set(&self, frame: impl FnOnce(usize) -> usize) {
        let mut at = self.frame.lock().unwrap_or_else(PoisonError::into_inner);
        *at = frame(*at);
        self.moved.notify_all();
    }
}

/// How far ahead of the reader a decoder may start a frame: less than
/// `reach` frames, so that at most `reach` frames hold text at once.
struct Within<'a> {
    reading: &'a Reading,
    reach: usize,
    /// The blocks of text a decoder may hold ahead of the reader.
    ahead: usize,
}

impl Within<'_> {
    /// Waits for the reader to come within reach of `frame`; `false` if it
    /// is gone.
    fn wait_for(&self, frame: usize) -> bool {
        let mut at = self
            .reading
            .frame
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        while *at != usize::MAX && frame >= *at + self.reach {
            at = self
                .reading
                .moved
                .wait(at)
                .unwrap_or_else(PoisonError::into_inner);
        }
        *at != usize::MAX
    }
}

/// A decoder thread: takes the next frame, queues its channel in frame
/// order, waits for the reader to come within reach, and sends the frame's
/// text through the channel in blocks of 1 MiB.
fn decode_frames(
    path: &Path,
    frames: &[Frame],
    next: &NextFrame,
    read: &crate::Counter,
    within: &Within<'_>,
) {
    loop {
        let (index, frame, blocks) = {
            let mut next = next.lock().unwrap_or_else(|e| e.into_inner());
            let index = next.0;
            let Some(&frame) = frames.get(index) else {
                return;
            };
            next.0 += 1;
            let (blocks, rx) = sync_channel::<io::Result<Vec<u8>>>(within.ahead);
            if next.1.send(rx).is_err() {
                return;
            }
            (index, frame, blocks)
        };
        if !within.wait_for(index) {
            return;
        }
        let decoded = File::open(path).and_then(|mut file| {
            file.seek(SeekFrom::Start(frame.start))?;
            crate::zstd_decoder(BufReader::new(file.take(frame.end - frame.start)))
        });
        let mut decoder = match decoded {
            Ok(decoder) => decoder,
            Err(e) => {
                let _ = blocks.send(Err(e));
                return;
            }
        };
        loop {
            let block = within.reading.block();
            let (block, result) = crate::pipeline::read_into_block(&mut *decoder, block);
            let len = block.len();
            let end = len == 0 || result.is_err();
            if len > 0 && blocks.send(Ok(block)).is_err() {
                return;
            }
            if let Err(e) = result {
                let _ = blocks.send(Err(frame_failed(&e, frame)));
                return;
            }
            if end {
                break;
            }
        }
        read.0.fetch_add(
            frame.end - frame.start,
            std::sync::atomic::Ordering::Relaxed,
        );
    }
}

/// The frames' text, in order.
struct InOrder {
    outputs: Receiver<Receiver<io::Result<Vec<u8>>>>,
    /// The decoders' threads, waited for when this is dropped.
    decoders: Vec<thread::JoinHandle<()>>,
    current: Option<Receiver<io::Result<Vec<u8>>>>,
    block: Vec<u8>,
    at: usize,
    /// Told each time a frame's text is over, and when this is dropped.
    reading: Arc<Reading>,
}

impl Drop for InOrder {
    /// Stops the decoders and waits for them, so that none outlives the
    /// reader: each stops at its next block, which nobody takes.
    fn drop(&mut self) {
        self.reading.set(|_| usize::MAX);
        self.current = None;
        drop(core::mem::replace(&mut self.outputs, sync_channel(0).1));
        for decoder in self.decoders.drain(..) {
            let _ = decoder.join();
        }
    }
}

impl Read for InOrder {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        while self.at == self.block.len() {
            if self.current.is_none() {
                match self.outputs.recv() {
                    Ok(frame) => self.current = Some(frame),
                    // Every frame was handed out.
                    Err(_) => return Ok(0),
                }
            }
            match self.current.as_ref().map(Receiver::recv) {
                Some(Ok(block)) => {
                    let read = core::mem::replace(&mut self.block, block?);
                    self.reading.done_with(read);
                    self.at = 0;
                }
                // The frame's text is over.
                _ => {
                    self.current = None;
                    self.reading.set(|frame| frame + 1);
                }
            }
        }
        let n = buf.len().min(self.block.len() - self.at);
        buf[..n].copy_from_slice(&self.block[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

/// The text of a range's games: its frames decoded one by one, the head
/// before the first game cut off, the tail read on to the next game.
struct RangeText {
    path: std::path::PathBuf,
    frames: Vec<Frame>,
    /// The next frame to decode.
    next: usize,
    /// The first frame after the range.
    ends: usize,
    /// The range's compressed bytes read so far (the frame after it, read
    /// for the last game's end, not counted): a progress bar's.
    read: crate::Counter,
    /// The frame being decoded, and its decoder.
    current: Option<(Frame, Box<dyn Read + Send>)>,
    /// Where a frame's decoder writes (1 MiB, allocated once).
    scratch: Vec<u8>,
    /// Whether the text before the first game is still to be cut off.
    head: bool,
    /// Bytes of text decoded so far.
    produced: u64,
    /// The length of the range's own text, once its frames are decoded.
    range_text: Option<u64>,
    /// Decoded text not yet handed out, from `at`.
    pending: Vec<u8>,
    at: usize,
    done: bool,
}

/// A game's first line, after the newline before it.
const GAME: &[u8] = b"\n[Event ";

impl RangeText {
    /// Decodes more text into `pending`: false at the end of the file.
    fn decode_more(&mut self) -> io::Result<bool> {
        loop {
            if self.current.is_none() {
                if self.next == self.ends {
                    self.range_text.get_or_insert(self.produced);
                }
                let Some(frame) = self.frames.get(self.next).copied() else {
                    return Ok(false);
                };
                // The frame after the range is counted apart.
                let read = if self.next < self.ends {
                    self.read.clone()
                } else {
                    crate::Counter::default()
                };
                self.next += 1;
                let mut file = File::open(&self.path)?;
                file.seek(SeekFrom::Start(frame.start))?;
                let raw = BufReader::new(crate::Counting {
                    inner: Box::new(file.take(frame.end - frame.start)),
                    read,
                    failed: crate::Failed::default(),
                });
                self.current = Some((frame, crate::zstd_decoder(raw)?));
            }
            if self.scratch.is_empty() {
                self.scratch = vec![0; crate::pipeline::BLOCK];
            }
            let n = read_frame(&mut self.current, &mut self.scratch)?;
            if n == 0 {
                continue;
            }
            self.pending.drain(..self.at);
            self.at = 0;
            self.pending.extend_from_slice(&self.scratch[..n]);
            self.produced += n as u64;
            return Ok(true);
        }
    }
}

/// Reads the text of the frame being decoded into `buf`: 0, and no frame
/// left current, at its end; an error names the frame.
fn read_frame(
    current: &mut Option<(Frame, Box<dyn Read + Send>)>,
    buf: &mut [u8],
) -> io::Result<usize> {
    let Some((frame, decoder)) = current else {
        return Ok(0);
    };
    let n = decoder.read(buf).map_err(|e| frame_failed(&e, *frame))?;
    if n == 0 {
        *current = None;
    }
    Ok(n)
}

impl Read for RangeText {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        loop {
            if self.done || buf.is_empty() {
                return Ok(0);
            }
            // Inside the range, with nothing pending, the decoder writes
            // straight into `buf` (no copy through `pending`).
            if !self.head
                && self.range_text.is_none()
                && self.at == self.pending.len()
                && self.current.is_some()
            {
                let n = read_frame(&mut self.current, buf)?;
                if n > 0 {
                    self.pending.clear();
                    self.at = 0;
                    self.produced += n as u64;
                    return Ok(n);
                }
            }
            // The global offset of pending[0].
            let base = self.produced - self.pending.len() as u64;
            let text = &self.pending[self.at..];
            if self.head {
                // Cut off what comes before the first game's line. A range
                // whose own text has no `\n` before a game line (a game
                // longer than its frames) has no game: the range before it
                // reads that game on to its end.
                let own = self.range_text.unwrap_or(u64::MAX);
                match memchr::memmem::find(text, GAME) {
                    Some(i) if base + (self.at + i) as u64 >= own => self.done = true,
                    Some(i) => {
                        self.at += i + 1;
                        self.head = false;
                    }
                    None => {
                        // Keep what could be the start of the pattern.
                        let keep = text.len().min(GAME.len() - 1);
                        self.at = self.pending.len() - keep;
                        if base + self.at as u64 >= own || !self.decode_more()? {
                            self.done = true;
                        }
                    }
                }
                continue;
            }
            // The text this range may hand out: up to the `\n` of the
            // first game line at or after the end of its own text.
            let from = base + self.at as u64;
            let limit = match self.range_text {
                Some(own) => {
                    let search_from = own.saturating_sub(from) as usize;
                    text.get(search_from.min(text.len())..)
                        .and_then(|t| memchr::memmem::find(t, GAME))
                        .map(|i| search_from + i + 1)
                }
                None => None,
            };
            let available = match limit {
                Some(stop) => stop,
                // Hold back what could be the start of the pattern.
                None if self.range_text.is_some() => text.len().saturating_sub(GAME.len() - 1),
                None => text.len(),
            };
            if available > 0 {
                let n = available.min(buf.len());
                buf[..n].copy_from_slice(&text[..n]);
                self.at += n;
                if limit.is_some_and(|stop| stop == n) {
                    self.done = true;
                }
                return Ok(n);
            }
            if limit.is_some() {
                self.done = true;
                continue;
            }
            if !self.decode_more()? {
                // The end of the file: the rest is the last game's.
                let rest = self.pending.len() - self.at;
                let n = rest.min(buf.len());
                buf[..n].copy_from_slice(&self.pending[self.at..self.at + n]);
                self.at += n;
                if n == 0 {
                    self.done = true;
                }
                return Ok(n);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Games whose text is cut into frames at bytes that are no game
    /// boundary; every other frame after a pzstd size header.
    fn file(games: usize, cuts: &[usize]) -> (Vec<u8>, Vec<u8>) {
        let text = games_text(games);
        let data = framed(&text, cuts);
        (text, data)
    }

    /// `games` short games, each with a comment that looks like a tag.
    fn games_text(games: usize) -> Vec<u8> {
        let mut text = Vec::new();
        for i in 0..games {
            text.extend_from_slice(
                format!("[Event \"g{i}\"]\n[Result \"*\"]\n\n1. e4 {{ [Event \"no\"] }} e5 *\n\n")
                    .as_bytes(),
            );
        }
        text
    }

    /// `text` cut into frames at `cuts`; every other frame after a pzstd
    /// size header.
    fn framed(text: &[u8], cuts: &[usize]) -> Vec<u8> {
        let mut bounds = vec![0];
        bounds.extend(cuts.iter().map(|&c| c.min(text.len())));
        bounds.push(text.len());
        let mut out = Vec::new();
        for (i, pair) in bounds.windows(2).enumerate() {
            let frame = ruzstd::encoding::compress_to_vec(
                &text[pair[0]..pair[1]],
                ruzstd::encoding::CompressionLevel::Fastest,
            );
            if i % 2 == 1 {
                out.extend_from_slice(&[0x50, 0x2A, 0x4D, 0x18, 4, 0, 0, 0]);
                out.extend_from_slice(&(frame.len() as u32).to_le_bytes());
            }
            out.extend_from_slice(&frame);
        }
        out
    }

    fn temp(name: &str, data: &[u8]) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("chessnote-frames-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(name);
        std::fs::write(&path, data).unwrap();
        path
    }

    #[test]
    fn the_ranges_of_a_plan_read_one_by_one_are_the_whole_text() {
        let (text, data) = file(3000, &[10_001, 40_000, 40_050, 99_999, 150_000]);
        let path = temp("plan.pgn.zst", &data);
        let frames = zstd_frames(&path).unwrap().unwrap();
        assert_eq!(frames.len(), 6);
        assert_eq!((frames[0].start, frames[5].end), (0, data.len() as u64));
        for parts in 1..=8 {
            let ranges = plan(&path, parts).unwrap();
            assert_eq!(ranges.len(), parts.min(6));
            let mut read = Vec::new();
            for range in ranges {
                let mut opened = open_range(&path, range).unwrap();
                opened.reader.read_to_end(&mut read).unwrap();
                assert_eq!(opened.compression, crate::Compression::Zstd);
                let size = range.end - range.start;
                assert_eq!((opened.read.get(), opened.size), (size, Some(size)));
            }
            assert!(read == text, "{parts} parts");
        }
        // Not at frames.
        let err = open_range(&path, "1:10".parse().unwrap()).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::InvalidInput);
        // Not zstd, or empty.
        assert_eq!(zstd_frames(&temp("empty.zst", b"")).unwrap(), None);
        let plain = temp("plain.pgn", &text);
        assert_eq!(zstd_frames(&plain).unwrap(), None);
        assert!(plan(&plain, 2).is_err());
        // Cut inside a frame.
        let cut = temp("cut.pgn.zst", &data[..data.len() - 10]);
        assert_eq!(
            zstd_frames(&cut).unwrap_err().kind(),
            io::ErrorKind::InvalidData
        );
    }

    /// Appends what `reader` reads, `chunk` bytes at a time at most.
    fn read_by(reader: &mut dyn Read, chunk: usize, read: &mut Vec<u8>) {
        let mut buf = vec![0; chunk];
        loop {
            let n = reader.read(&mut buf).unwrap();
            if n == 0 {
                return;
            }
            read.extend_from_slice(&buf[..n]);
        }
    }

    #[test]
    fn ranges_of_frames_larger_than_a_block_are_the_whole_text() {
        // Frames of more than the 1 MiB a range decodes at a time: the
        // middle of each is read straight from its decoder. A game of 2.5
        // MB across the second cut: the range before it reads on, and the
        // range after it skips, more than 1 MiB to the next game.
        let mut text = games_text(25_000);
        let giant = text.len();
        text.extend_from_slice(b"[Event \"giant\"]\n[Result \"*\"]\n\n1. e4 {");
        for _ in 0..25_000 {
            text.extend_from_slice(&[b'x'; 99]);
            text.push(b'\n');
        }
        text.extend_from_slice(b"} e5 *\n\n");
        text.extend_from_slice(&games_text(25_000));
        let cuts = [
            10_001,
            giant + 1_000,
            giant + 1_200_000,
            text.len() - 500_000,
        ];
        let data = framed(&text, &cuts);
        let path = temp("big-frames.pgn.zst", &data);
        for parts in 1..=5 {
            for chunk in [4096, 1 << 20] {
                let mut read = Vec::new();
                for range in plan(&path, parts).unwrap() {
                    read_by(
                        &mut *open_range(&path, range).unwrap().reader,
                        chunk,
                        &mut read,
                    );
                }
                assert!(read == text, "{parts} parts, reads of {chunk}");
            }
        }
    }

    #[test]
    fn frames_decoded_on_many_threads_are_the_text_in_order() {
        let (text, data) = file(3000, &[10_001, 40_000, 40_050, 99_999, 150_000]);
        let path = temp("parallel.pgn.zst", &data);
        for decoders in [2, 3, 16] {
            let mut opened = open_parallel(&path, decoders).unwrap().unwrap();
            assert_eq!(opened.compression, crate::Compression::Zstd);
            let mut read = Vec::new();
            opened.reader.read_to_end(&mut read).unwrap();
            assert!(read == text, "{decoders} decoders");
            assert_eq!(opened.read.get(), data.len() as u64);
        }
        assert!(open_parallel(&path, 1).unwrap().is_none());
        // One frame: one thread.
        let one = ruzstd::encoding::compress_to_vec(
            &text[..],
            ruzstd::encoding::CompressionLevel::Fastest,
        );
        assert!(
            open_parallel(&temp("one.pgn.zst", &one), 4)
                .unwrap()
                .is_none()
        );
        // A damaged frame: the text of the frames before it, then an error.
        let frames = zstd_frames(&path).unwrap().unwrap();
        let mut bad = data.clone();
        let middle = (frames[3].start + frames[3].end) / 2;
        for byte in &mut bad[middle as usize..middle as usize + 64] {
            *byte ^= 0x5A;
        }
        let path = temp("damaged.pgn.zst", &bad);
        let mut opened = open_parallel(&path, 3).unwrap().unwrap();
        let mut read = Vec::new();
        let err = opened.reader.read_to_end(&mut read).unwrap_err();
        assert!(err.to_string().starts_with("corrupt zstd data"), "{err}");
        let place = format!(
            ", in the frame at bytes {}:{}",
            frames[3].start, frames[3].end
        );
        assert!(err.to_string().ends_with(&place), "{err}");
        assert!(
            text.starts_with(&read) && read.len() >= 40_050,
            "{}",
            read.len()
        );
        // Read as ranges: the one with the damaged frame fails, naming it
        // in the same words; the others read.
        let whole = |from: usize, to: usize| Range {
            start: frames[from].start,
            end: frames[to].end,
            frames: to + 1 - from,
        };
        let mut range = open_range(&path, whole(2, 3)).unwrap();
        let err = range.reader.read_to_end(&mut Vec::new()).unwrap_err();
        assert!(err.to_string().starts_with("corrupt zstd data"), "{err}");
        assert!(err.to_string().ends_with(&place), "{err}");
        let mut after = Vec::new();
        open_range(&path, whole(4, 5))
            .unwrap()
            .reader
            .read_to_end(&mut after)
            .unwrap();
        assert!(
            !after.is_empty() && text.ends_with(&after),
            "{}",
            after.len()
        );
    }

    #[test]
    fn frames_larger_than_a_block_decoded_on_many_threads_are_the_text_in_order() {
        // Frames of several 1 MiB blocks and a last partial one: the
        // decoders decode into the blocks the reader is done with, full
        // and partial, and none of their old bytes may show.
        let text = games_text(80_000);
        let mib = 1 << 20;
        let cuts = [mib + mib / 2, 2 * mib, 3 * mib + 300_000];
        assert!(text.len() > cuts[2] + mib, "{}", text.len());
        let data = framed(&text, &cuts);
        let path = temp("parallel-big.pgn.zst", &data);
        // Decoders holding 1 or 2 blocks ahead wait for the reader in
        // every frame, as those of 32 MiB frames do.
        let ahead: [fn(usize) -> usize; 3] = [ahead_blocks, |_| 1, |_| 2];
        for (decoders, ahead) in [2, 3].into_iter().flat_map(|d| ahead.map(|a| (d, a))) {
            for _ in 0..3 {
                let mut read = Vec::new();
                let mut reader = open_frames(&path, decoders, ahead).unwrap().unwrap().reader;
                read_by(&mut *reader, 100_000, &mut read);
                assert!(read == text, "{decoders} decoders");
            }
            // Dropped early, with frames decoded ahead and queued: the
            // decoders stop, and dropping waits for them.
            for bytes in [0, 10, 2 * mib] {
                let (done_in, done) = std::sync::mpsc::channel();
                let path = path.clone();
                thread::spawn(move || {
                    let mut reader = open_frames(&path, decoders, ahead).unwrap().unwrap().reader;
                    let mut buf = vec![0; bytes];
                    reader.read_exact(&mut buf).unwrap();
                    drop(reader);
                    done_in.send(buf).unwrap();
                });
                let buf = done
                    .recv_timeout(std::time::Duration::from_secs(60))
                    .expect("the reader dropped");
                assert!(text.starts_with(&buf), "{decoders} decoders, {bytes} bytes");
            }
        }
    }

    /// A frame of raw (stored) blocks, each the next `size` bytes of
    /// `text` (empty blocks too), with no size header before it: found by
    /// walking its blocks.
    fn raw_frame(text: &[u8], sizes: impl IntoIterator<Item = usize>) -> Vec<u8> {
        // Magic; no checksum, no dictionary, no content size; a 1 MiB window.
        let mut out = vec![0x28, 0xB5, 0x2F, 0xFD, 0x00, 0x50];
        let mut at = 0;
        for size in sizes {
            let size = size.min(text.len() - at);
            let last = at + size == text.len();
            let header = u32::from(last) | (size as u32) << 3;
            out.extend_from_slice(&header.to_le_bytes()[..3]);
            out.extend_from_slice(&text[at..at + size]);
            at += size;
            if last {
                break;
            }
        }
        assert_eq!(at, text.len(), "sizes too few for the text");
        out
    }

    #[test]
    fn frames_of_many_small_blocks_are_walked_through_a_buffer() {
        let (text, _) = file(600, &[]);
        let (a, b) = (text.len() / 5, text.len() / 2);
        let mut data = vec![0x50, 0x2A, 0x4D, 0x18, 4, 0, 0, 0];
        let first = ruzstd::encoding::compress_to_vec(
            &text[..a],
            ruzstd::encoding::CompressionLevel::Fastest,
        );
        data.extend_from_slice(&(first.len() as u32).to_le_bytes());
        data.extend_from_slice(&first);
        let mut ends = vec![data.len() as u64];
        // Blocks of 0 to 9 bytes: thousands of headers, across many of
        // the walk's buffers; then blocks larger than a buffer.
        data.extend(raw_frame(&text[a..b], (0..).map(|i| i % 10)));
        ends.push(data.len() as u64);
        data.extend(raw_frame(&text[b..], std::iter::repeat(9_000)));
        ends.push(data.len() as u64);
        let path = temp("small-blocks.pgn.zst", &data);
        let frames = zstd_frames(&path).unwrap().unwrap();
        let starts = [0, ends[0], ends[1]];
        let found: Vec<_> = frames.iter().map(|f| (f.start, f.end)).collect();
        assert_eq!(
            found,
            starts.into_iter().zip(ends.clone()).collect::<Vec<_>>()
        );
        // A source that does not stand at its start is read from there.
        let mut source = io::Cursor::new(&data);
        source.set_position(7);
        assert_eq!(
            zstd_frames_in(source, data.len() as u64).unwrap().unwrap(),
            frames
        );
        let mut read = Vec::new();
        let mut opened = open_parallel(&path, 3).unwrap().unwrap();
        opened.reader.read_to_end(&mut read).unwrap();
        assert!(read == text);
        let mut read = Vec::new();
        for range in plan(&path, 3).unwrap() {
            let mut opened = open_range(&path, range).unwrap();
            opened.reader.read_to_end(&mut read).unwrap();
        }
        assert!(read == text);
        // Cut inside the frame of small blocks.
        let cut = temp(
            "small-blocks-cut.pgn.zst",
            &data[..(ends[0] as usize + 5_000)],
        );
        assert_eq!(
            zstd_frames(&cut).unwrap_err().kind(),
            io::ErrorKind::InvalidData
        );
    }

    #[test]
    fn a_range_is_start_colon_end() {
        let range: Range = "12:345".parse().unwrap();
        assert_eq!((range.start, range.end), (12, 345));
        for bad in ["", "12", "12:", ":3", "5:5", "9:3", "a:b", "-1:4"] {
            assert!(bad.parse::<Range>().is_err(), "{bad}");
        }
    }
}
