//! Where games come from: compressed inputs and outputs (zstd, gzip,
//! bzip2 and xz, detected by content), zip archives ([`zip`]), and
//! [`pipeline`], the one stream of games every shell reads through (on one
//! thread, or on every core with the results in input order).
//!
//! [`open`] peeks at the first bytes of a file (or stdin) and returns a
//! reader of the decompressed bytes, streaming in constant memory, with the
//! number of raw bytes read so far (a [`Counter`], for a progress bar) and
//! the file's size. [`encoder`] writes in the same formats (`pgn split`
//! writes its parts compressed like its input).
//!
//! zstd is libzstd's (the `zstd-c` feature, on by default), which decodes
//! 2.5 to 3.7 times as fast as ruzstd (`scripts/decode_bench.sh`): the
//! decoder is the serial stage of a dump read on many cores. Without it
//! (`default-features = false`, for targets without a C compiler), zstd is
//! ruzstd's, pure Rust. The other codecs are pure Rust: flate2 (zlib-rs),
//! bzip2 (libbz2-rs-sys) and lzma-rust2.
//!
//! Every format reads concatenations: zstd frames and skippable frames (the
//! Lichess dumps start with a pzstd skippable frame and have many frames),
//! gzip members, bzip2 streams and xz streams. Corrupt or truncated data
//! is an [`io::Error`] whose message names the format (`corrupt zstd data:
//! …`), in plain words; a truncated file first gives all it can decode
//! before the cut (up to the format's block: 128 KiB for zstd, 100 to 900
//! kB for bzip2).
//!
//! A zip archive is read from its file (TWIC and pgnmentor publish zips):
//! [`open`] reads its `.pgn` entries one after the other, and
//! [`zip::members`] lists them for a caller that names each on its own.
//!
//! Inputs that are not text (PGN, FEN, …) are refused when opened, with an
//! [`io::ErrorKind::InvalidData`] error that says what the input looks
//! like: 7z, lz4, rar and lzip files (by their magic numbers), a zip
//! archive on stdin or a pipe, UTF-16 text (by its byte order mark), and
//! binary data (a NUL byte in the first [`PEEK`] bytes, decompressed for
//! the compressed formats). A UTF-8 byte order mark is text.
//!
//! The `chessnote` command and the Python package read their files here.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod frames;
pub mod output;
pub mod pipeline;
pub mod zip;

use std::fs::File;
use std::io::{self, BufReader, Cursor, Read, Write};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// The size of the buffer between the raw input and a decoder.
const BUFFER: usize = 128 * 1024;

/// How an input is compressed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Compression {
    /// Not compressed.
    None,
    /// Zstandard (`.zst`), one or more frames.
    Zstd,
    /// gzip (`.gz`), one or more members.
    Gzip,
    /// bzip2 (`.bz2`), one or more streams.
    Bzip2,
    /// xz (`.xz`), one or more streams.
    Xz,
}

impl Compression {
    /// By the first bytes (zstd frame 28 B5 2F FD or a skippable frame 5? 2A 4D 18; gzip 1F 8B; bzip2 "BZh" + digit; xz FD "7zXZ" 00).
    ///
    /// Six bytes are enough; fewer (a short file) can only be plain.
    pub fn detect(head: &[u8]) -> Compression {
        match head {
            [0x28, 0xB5, 0x2F, 0xFD, ..] => Compression::Zstd,
            [m, 0x2A, 0x4D, 0x18, ..] if m & 0xF0 == 0x50 => Compression::Zstd,
            [0x1F, 0x8B, ..] => Compression::Gzip,
            [b'B', b'Z', b'h', b'1'..=b'9', ..] => Compression::Bzip2,
            [0xFD, b'7', b'z', b'X', b'Z', 0, ..] => Compression::Xz,
            _ => Compression::None,
        }
    }

    /// The file name extension, with its dot: `""`, `".zst"`, `".gz"`, `".bz2"`, `".xz"`.
    pub fn extension(self) -> &'static str {
        match self {
            Compression::None => "",
            Compression::Zstd => ".zst",
            Compression::Gzip => ".gz",
            Compression::Bzip2 => ".bz2",
            Compression::Xz => ".xz",
        }
    }

    /// The format's name for messages: `plain`, `zstd`, `gzip`, `bzip2`, `xz`.
    pub fn name(self) -> &'static str {
        match self {
            Compression::None => "plain",
            Compression::Zstd => "zstd",
            Compression::Gzip => "gzip",
            Compression::Bzip2 => "bzip2",
            Compression::Xz => "xz",
        }
    }
}

/// Raw (compressed) bytes read so far, shared with a progress bar thread.
#[derive(Clone, Debug, Default)]
pub struct Counter(Arc<AtomicU64>);

impl Counter {
    /// The number of raw bytes read from the input so far.
    pub fn get(&self) -> u64 {
        self.0.load(Ordering::Relaxed)
    }
}

/// An input opened by [`open`] or [`open_reader`].
pub struct Opened {
    /// The decompressed bytes.
    pub reader: Box<dyn Read + Send>,
    /// How the input is compressed (detected by content).
    pub compression: Compression,
    /// The on-disk size of a regular file; `None` for stdin and pipes.
    pub size: Option<u64>,
    /// Raw bytes consumed from the input so far (compare with `size`).
    pub read: Counter,
}

impl std::fmt::Debug for Opened {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Opened")
            .field("compression", &self.compression)
            .field("size", &self.size)
            .field("read", &self.read)
            .finish_non_exhaustive()
    }
}

/// Opens a file, or stdin (`None`), for reading its text: detects the
/// compression by peeking the first bytes (this works on stdin and pipes:
/// the peeked bytes are kept).
///
/// A zip archive (a file only) is read as the text of its `.pgn` entries,
/// one after the other, each followed by a blank line; [`zip::members`]
/// lists them for a caller that reads them one by one.
///
/// `size` is the file's length when it is a regular file (not stdin, a
/// pipe or a device); for a zip archive, the sum of its `.pgn` entries'
/// sizes.
///
/// # Errors
///
/// As [`open_reader`]'s, and the file's own (it cannot be opened); for a
/// zip archive, [`io::ErrorKind::InvalidData`] when it has no `.pgn` entry
/// or its central directory cannot be read.
pub fn open(path: Option<&Path>) -> io::Result<Opened> {
    match path {
        None => open_reader(Box::new(io::stdin()), None),
        Some(path) => {
            let file = File::open(path)?;
            let meta = file.metadata()?;
            if meta.is_dir() {
                return Err(io::Error::new(
                    io::ErrorKind::IsADirectory,
                    "is a directory",
                ));
            }
            if meta.is_file()
                && let Some(members) = zip::members(path)?
            {
                return open_entries(path, members);
            }
            let size = meta.is_file().then_some(meta.len());
            open_reader(Box::new(file), size)
        }
    }
}

/// The `.pgn` entries of the zip archive at `path`, one after the other.
fn open_entries(path: &Path, members: Vec<zip::Member>) -> io::Result<Opened> {
    let (pgn, other): (Vec<_>, Vec<_>) = members.into_iter().partition(zip::Member::is_pgn);
    if pgn.is_empty() {
        let names: Vec<&str> = other.iter().map(|m| m.name.as_str()).take(5).collect();
        let held = match other.len() {
            0 => "it is empty".to_owned(),
            n if n > names.len() => format!("it holds {}, …", names.join(", ")),
            _ => format!("it holds {}", names.join(", ")),
        };
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("a zip archive with no .pgn entry ({held})"),
        ));
    }
    let size = pgn.iter().map(|m| m.size + 2).sum();
    let entries = zip::Entries {
        path: path.to_owned(),
        members: pgn.into(),
        current: None,
    };
    open_reader(Box::new(entries), Some(size))
}

/// The same over any reader (tests, stdin).
///
/// Reads the first bytes (at least eight, unless the input is shorter; at
/// most [`PEEK`], as many as the first reads give) to detect the format;
/// they are given back to the decoder, so this works on pipes.
///
/// # Errors
///
/// The input's read error, or [`io::ErrorKind::InvalidData`] for an input
/// that is not text: one that starts as a zip (read it with [`open`]), 7z,
/// lz4, rar or lzip file does, UTF-16 text (by its byte order mark), or
/// binary data (a NUL byte in the first bytes, decompressed for the
/// compressed formats).
pub fn open_reader(raw: Box<dyn Read + Send>, size: Option<u64>) -> io::Result<Opened> {
    let read = Counter::default();
    let failed = Failed::default();
    let mut counting = Counting {
        inner: raw,
        read: read.clone(),
        failed: failed.clone(),
    };
    let mut head = vec![0u8; PEEK];
    let mut len = 0;
    while len < MAGIC {
        match counting.read(&mut head[len..]) {
            Ok(0) => break,
            Ok(n) => len += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    head.truncate(len);
    if let Some(what) = not_pgn(&head) {
        return Err(io::Error::new(io::ErrorKind::InvalidData, what));
    }
    let compression = Compression::detect(&head);
    if compression == Compression::None {
        binary(&head, compression)?;
    }
    let source: Source = Cursor::new(head).chain(BufReader::with_capacity(BUFFER, counting));
    let reader: Box<dyn Read + Send> = match compression {
        Compression::None => Box::new(source),
        Compression::Zstd => labelled(compression, failed, zstd_decoder(source)?),
        Compression::Gzip => labelled(
            compression,
            failed,
            flate2::bufread::MultiGzDecoder::new(source),
        ),
        Compression::Bzip2 => labelled(
            compression,
            failed,
            bzip2::bufread::MultiBzDecoder::new(source),
        ),
        Compression::Xz => labelled(
            compression,
            failed,
            XzDecoder(lzma_rust2::XzReader::new_mem_limit(
                source,
                true,
                XZ_MEMORY_KIB,
            )),
        ),
    };
    let reader = match compression {
        Compression::None => reader,
        _ => text_inside(reader, compression)?,
    };
    Ok(Opened {
        reader,
        compression,
        size,
        read,
    })
}

/// The most memory an xz block's decoder may take, in KiB: 65 MiB,
/// enough for `xz -9` (a 64 MiB dictionary); a file that asks for more is
/// refused rather than allowed to take what its header says.
const XZ_MEMORY_KIB: u32 = 65 * 1024;

/// lzma-rust2's xz decoder, asked for at most 64 KiB a read: it fills the
/// whole buffer it is given and drops what it decoded into it when the
/// input ends short, so a truncated `.xz` loses at most this much (and
/// the LZMA2 chunk being decoded, up to 2 MiB) before its error. The end
/// of the input inside a stream is said in words.
struct XzDecoder<R: Read>(lzma_rust2::XzReader<R>);

impl<R: Read> Read for XzDecoder<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = buf.len().min(64 << 10);
        self.0.read(&mut buf[..n]).map_err(|e| match e.kind() {
            io::ErrorKind::UnexpectedEof => io::Error::new(
                io::ErrorKind::UnexpectedEof,
                "the file ends inside a stream",
            ),
            _ => e,
        })
    }
}

/// The most bytes [`open_reader`] peeks at: the first bytes checked for
/// a NUL byte (binary data), before and after decompression.
pub const PEEK: usize = 4096;

/// The bytes [`open_reader`] waits for, unless the input ends first: the
/// longest magic number it knows.
const MAGIC: usize = 8;

/// What an input that is not text looks like, by its first bytes, and what
/// to do: `None` for anything else (PGN, or a format [`Compression`]
/// reads).
fn not_pgn(head: &[u8]) -> Option<&'static str> {
    Some(match head {
        [b'P', b'K', 3, 4, ..] | [b'P', b'K', 5, 6, ..] | [b'P', b'K', 7, 8, ..] => {
            "this looks like a zip archive, which chessnote reads from its file, not from standard input or a pipe: give its path (or unzip -p it)"
        }
        [b'7', b'z', 0xBC, 0xAF, 0x27, 0x1C, ..] => {
            "this looks like a 7z archive, which chessnote does not read: extract it first (7z x)"
        }
        [0x04, 0x22, 0x4D, 0x18, ..] | [0x02, 0x21, 0x4C, 0x18, ..] => {
            "this looks like lz4-compressed data, which chessnote does not read: decompress it first (lz4 -d)"
        }
        [b'R', b'a', b'r', b'!', 0x1A, 0x07, ..] => {
            "this looks like a rar archive, which chessnote does not read: extract it first (unrar x)"
        }
        [b'L', b'Z', b'I', b'P', ..] => {
            "this looks like lzip-compressed data, which chessnote does not read: decompress it first (lzip -d)"
        }
        [0xFF, 0xFE, ..] | [0xFE, 0xFF, ..] => {
            "this looks like UTF-16 text: convert it to UTF-8 first (iconv -f UTF-16 -t UTF-8)"
        }
        _ => return None,
    })
}

/// An error when `text`, the first bytes of an input (decompressed from
/// `compression`), has a NUL byte: text never does.
fn binary(text: &[u8], compression: Compression) -> io::Result<()> {
    let Some(at) = text.iter().position(|&b| b == 0) else {
        return Ok(());
    };
    let message = match compression {
        Compression::None => format!("binary data (a NUL byte at offset {at}), not text"),
        _ => format!(
            "{}-compressed binary data (a NUL byte at offset {at} once decompressed), not text",
            compression.name()
        ),
    };
    Err(io::Error::new(io::ErrorKind::InvalidData, message))
}

/// `reader`, a decoder, after checking its first [`PEEK`] bytes (fewer
/// when the data is shorter) with [`binary`]; they are given back, and an
/// error met while reading them (corrupt or truncated data) comes after
/// them, as it would have.
fn text_inside(
    mut reader: Box<dyn Read + Send>,
    compression: Compression,
) -> io::Result<Box<dyn Read + Send>> {
    let mut first = vec![0u8; PEEK];
    let mut len = 0;
    let mut error = None;
    while len < PEEK {
        match reader.read(&mut first[len..]) {
            Ok(0) => break,
            Ok(n) => len += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => {
                error = Some(e);
                break;
            }
        }
    }
    first.truncate(len);
    binary(&first, compression)?;
    Ok(Box::new(Peeked {
        first: Cursor::new(first),
        error,
        rest: reader,
    }))
}

/// The bytes [`text_inside`] peeked at, then the error that ended the
/// peek if one did, then the rest.
struct Peeked {
    first: Cursor<Vec<u8>>,
    error: Option<io::Error>,
    rest: Box<dyn Read + Send>,
}

impl Read for Peeked {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.first.read(buf)?;
        if n > 0 || buf.is_empty() {
            return Ok(n);
        }
        match self.error.take() {
            Some(e) => Err(e),
            None => self.rest.read(buf),
        }
    }
}

/// The raw input after detection: the peeked bytes, then the rest, buffered.
type Source = io::Chain<Cursor<Vec<u8>>, BufReader<Counting>>;

/// The raw input's last error, kept to tell it from corrupt data (the
/// decoders wrap it in their own errors).
type Failed = Arc<Mutex<Option<io::Error>>>;

/// The raw reader, counting its bytes and keeping a copy of its errors.
struct Counting {
    inner: Box<dyn Read + Send>,
    read: Counter,
    failed: Failed,
}

impl Read for Counting {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match self.inner.read(buf) {
            Ok(n) => {
                self.read.0.fetch_add(n as u64, Ordering::Relaxed);
                Ok(n)
            }
            Err(e) => {
                if e.kind() != io::ErrorKind::Interrupted {
                    let copy = io::Error::new(e.kind(), e.to_string());
                    *self.failed.lock().unwrap_or_else(|e| e.into_inner()) = Some(copy);
                }
                Err(e)
            }
        }
    }
}

/// A decoder whose errors say the format: `corrupt gzip data: …`, unless
/// the raw input itself failed (its error is passed on).
fn labelled(
    compression: Compression,
    failed: Failed,
    inner: impl Read + Send + 'static,
) -> Box<dyn Read + Send> {
    Box::new(Labelled {
        inner,
        compression,
        failed,
    })
}

struct Labelled<R> {
    inner: R,
    compression: Compression,
    failed: Failed,
}

impl<R: Read> Read for Labelled<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.inner.read(buf).map_err(|e| {
            if e.kind() == io::ErrorKind::Interrupted {
                return e;
            }
            match &*self.failed.lock().unwrap_or_else(|e| e.into_inner()) {
                Some(source) => io::Error::new(source.kind(), source.to_string()),
                None => corrupt(self.compression, e),
            }
        })
    }
}

/// `corrupt FORMAT data: DETAIL`, as [`io::ErrorKind::InvalidData`].
fn corrupt(compression: Compression, detail: impl std::fmt::Display) -> io::Error {
    let mut detail = detail.to_string();
    if detail.is_empty() {
        detail = "unexpected end of file".to_owned();
    }
    let name = compression.name();
    io::Error::new(
        io::ErrorKind::InvalidData,
        format!("corrupt {name} data: {detail}"),
    )
}

/// A writer that compresses into `out` as `compression` says; `finish` writes the trailer and flushes.
///
/// Dropping it without `finish` may lose the end of the data.
pub trait Finish: Write + Send {
    /// Writes what is buffered and the format's trailer, then flushes `out`.
    fn finish(self: Box<Self>) -> io::Result<()>;
}

/// A writer of `compression` into `out` (see [`Finish`]).
///
/// Levels: zstd's fastest (ruzstd) or 3 (`zstd-c`), in frames of 4 MiB
/// (ruzstd); gzip 6; bzip2 6; xz 6. The output reads back through [`open`]
/// and the usual tools (`zstd -d`, `gzip -d`, `bzip2 -d`, `xz -d`).
pub fn encoder(
    compression: Compression,
    out: Box<dyn Write + Send>,
) -> io::Result<Box<dyn Finish>> {
    Ok(match compression {
        Compression::None => Box::new(Plain(out)),
        Compression::Zstd => zstd_encoder(out)?,
        Compression::Gzip => Box::new(Gzip(flate2::write::GzEncoder::new(
            out,
            flate2::Compression::new(6),
        ))),
        Compression::Bzip2 => Box::new(Bzip2(bzip2::write::BzEncoder::new(
            out,
            bzip2::Compression::new(6),
        ))),
        Compression::Xz => Box::new(Xz(lzma_rust2::XzWriter::new(
            out,
            lzma_rust2::XzOptions::with_preset(6),
        )?)),
    })
}

/// No compression: `finish` flushes.
struct Plain(Box<dyn Write + Send>);

impl Write for Plain {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.write(buf)
    }
    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.0.write_all(buf)
    }
    fn flush(&mut self) -> io::Result<()> {
        self.0.flush()
    }
}

impl Finish for Plain {
    fn finish(mut self: Box<Self>) -> io::Result<()> {
        self.0.flush()
    }
}

struct Gzip(flate2::write::GzEncoder<Box<dyn Write + Send>>);

impl Write for Gzip {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.write(buf)
    }
    fn flush(&mut self) -> io::Result<()> {
        self.0.flush()
    }
}

impl Finish for Gzip {
    fn finish(self: Box<Self>) -> io::Result<()> {
        self.0.finish()?.flush()
    }
}

struct Bzip2(bzip2::write::BzEncoder<Box<dyn Write + Send>>);

impl Write for Bzip2 {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.write(buf)
    }
    fn flush(&mut self) -> io::Result<()> {
        self.0.flush()
    }
}

impl Finish for Bzip2 {
    fn finish(self: Box<Self>) -> io::Result<()> {
        self.0.finish()?.flush()
    }
}

struct Xz(lzma_rust2::XzWriter<Box<dyn Write + Send>>);

impl Write for Xz {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.write(buf)
    }
    fn flush(&mut self) -> io::Result<()> {
        self.0.flush()
    }
}

impl Finish for Xz {
    fn finish(self: Box<Self>) -> io::Result<()> {
        self.0.finish()?.flush()
    }
}

#[cfg(not(feature = "zstd-c"))]
use ruzstd_codec::{zstd_decoder, zstd_encoder};
#[cfg(feature = "zstd-c")]
use zstd_c_codec::{zstd_decoder, zstd_encoder};

/// zstd with ruzstd (pure Rust, the default).
#[cfg(not(feature = "zstd-c"))]
mod ruzstd_codec {
    use std::io::{self, BufRead, Read, Write};

    use ruzstd::decoding::errors::{
        BlockHeaderReadError, DecodeBlockContentError, DecompressBlockError, FrameDecoderError,
        ReadFrameHeaderError,
    };
    use ruzstd::decoding::{BlockDecodingStrategy, FrameDecoder};
    use ruzstd::encoding::CompressionLevel;

    use super::Finish;

    /// Decodes every frame of `source`, skipping skippable frames
    /// (ruzstd's `StreamingDecoder` reads a single frame).
    pub(super) fn zstd_decoder(
        source: impl BufRead + Send + 'static,
    ) -> io::Result<Box<dyn Read + Send>> {
        Ok(Box::new(Frames {
            source,
            decoder: FrameDecoder::new(),
            in_frame: false,
            cut: None,
        }))
    }

    struct Frames<R> {
        source: R,
        decoder: FrameDecoder,
        /// Between a frame's header and its last byte drained.
        in_frame: bool,
        /// The input ended inside a frame: its decoded blocks are drained
        /// (the frame was closed by [`END`]), then this error is returned.
        cut: Option<io::Error>,
    }

    /// An empty last block (a raw block of size 0, its "last" bit set) and
    /// 4 bytes for a checksum (read only when the frame has one: ruzstd's
    /// `decode_blocks` reads 4 bytes after a last block exactly when the
    /// frame header's checksum flag is set).
    ///
    /// ruzstd keeps a frame's last window (up to megabytes) until the frame
    /// ends, and has no call to drain an unfinished frame: a file cut inside
    /// a frame would lose every byte of that window. Closing the frame with
    /// this block drains what the complete blocks decoded: a block that
    /// fails to read leaves the decoded data untouched (its compressed
    /// bytes are read whole before decoding; a raw block's length is
    /// counted only once all of it is read).
    const END: [u8; 7] = [0x01, 0x00, 0x00, 0, 0, 0, 0];

    /// Named `corrupt zstd data: …` by the `Labelled` around.
    fn bad(e: impl std::fmt::Display) -> io::Error {
        io::Error::new(io::ErrorKind::InvalidData, e.to_string())
    }

    /// The read error inside `e`, if it is one.
    fn read_error(e: &FrameDecoderError) -> Option<&io::Error> {
        use FrameDecoderError as F;
        match e {
            F::FailedToReadBlockHeader(BlockHeaderReadError::ReadError(e))
            | F::FailedToReadBlockBody(
                DecodeBlockContentError::ReadError { source: e, .. }
                | DecodeBlockContentError::DecompressBlockError(
                    DecompressBlockError::BlockContentReadError(e),
                ),
            )
            | F::FailedToReadChecksum(e)
            | F::FailedToDrainDecodebuffer(e)
            | F::ReadFrameHeaderError(
                ReadFrameHeaderError::MagicNumberReadError(e)
                | ReadFrameHeaderError::FrameDescriptorReadError(e)
                | ReadFrameHeaderError::WindowDescriptorReadError(e)
                | ReadFrameHeaderError::DictionaryIdReadError(e)
                | ReadFrameHeaderError::FrameContentSizeReadError(e),
            ) => Some(e),
            _ => None,
        }
    }

    /// Whether `e` is the input ending inside a frame's blocks.
    fn ends_in_blocks(e: &FrameDecoderError) -> bool {
        !matches!(e, FrameDecoderError::ReadFrameHeaderError(_))
            && read_error(e).is_some_and(|e| e.kind() == io::ErrorKind::UnexpectedEof)
    }

    /// ruzstd's errors in plain words (its own messages show Rust's debug
    /// form of nested errors).
    fn describe(e: &FrameDecoderError) -> String {
        use FrameDecoderError as F;
        if let Some(io) = read_error(e) {
            return match (io.kind(), e) {
                (io::ErrorKind::UnexpectedEof, F::ReadFrameHeaderError(_)) => {
                    "the file ends inside a frame header".to_owned()
                }
                (io::ErrorKind::UnexpectedEof, _) => "the file ends inside a frame".to_owned(),
                _ => io.to_string(),
            };
        }
        match e {
            F::ReadFrameHeaderError(ReadFrameHeaderError::BadMagicNumber(magic)) => {
                format!("no frame where one should start (magic number 0x{magic:08X})")
            }
            F::ReadFrameHeaderError(_) | F::FrameHeaderError(_) | F::FailedToInitialize(_) => {
                "a frame header is damaged".to_owned()
            }
            F::WindowSizeTooBig { requested, max } => {
                format!("a frame needs a window of {requested} bytes, more than the {max} allowed")
            }
            F::DictNotProvided { dict_id } => {
                format!("a frame needs dictionary {dict_id}, which is not available")
            }
            F::DictionaryDecodeError(_) => "a dictionary is damaged".to_owned(),
            F::FailedToReadBlockHeader(_) => "a block header is damaged".to_owned(),
            F::FailedToReadBlockBody(_) => "a compressed block is damaged".to_owned(),
            _ => "the data is damaged".to_owned(),
        }
    }

    impl<R: BufRead> Read for Frames<R> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if buf.is_empty() {
                return Ok(0);
            }
            loop {
                if self.in_frame {
                    if self.decoder.can_collect() > 0 {
                        let n = self.decoder.read(buf)?;
                        if n > 0 {
                            return Ok(n);
                        }
                    }
                    if self.decoder.is_finished() {
                        self.in_frame = false;
                        if let Some(cut) = self.cut.take() {
                            // Every complete block drained; the frame's
                            // checksum was never read.
                            return Err(cut);
                        }
                        // Every byte drained: the checksum covers them all.
                        if let (Some(stored), Some(computed)) = (
                            self.decoder.get_checksum_from_data(),
                            self.decoder.get_calculated_checksum(),
                        ) && stored != computed
                        {
                            return Err(bad("checksum mismatch"));
                        }
                        continue;
                    }
                    if let Err(e) = self
                        .decoder
                        .decode_blocks(&mut self.source, BlockDecodingStrategy::UptoBlocks(1))
                    {
                        // The file cut (not a read that failed, nor a
                        // damaged block): close the frame to drain it.
                        if ends_in_blocks(&e) && self.source.fill_buf()?.is_empty() {
                            self.decoder
                                .decode_blocks(&END[..], BlockDecodingStrategy::UptoBlocks(1))
                                .map_err(|e| bad(describe(&e)))?;
                            self.cut = Some(bad(describe(&e)));
                            continue;
                        }
                        return Err(bad(describe(&e)));
                    }
                    continue;
                }
                if self.source.fill_buf()?.is_empty() {
                    return Ok(0);
                }
                match self.decoder.reset(&mut self.source) {
                    Ok(()) => self.in_frame = true,
                    Err(FrameDecoderError::ReadFrameHeaderError(
                        ReadFrameHeaderError::SkipFrame { length, .. },
                    )) => {
                        let length = u64::from(length);
                        let skipped =
                            io::copy(&mut (&mut self.source).take(length), &mut io::sink())?;
                        if skipped < length {
                            return Err(bad("the file ends inside a skippable frame"));
                        }
                    }
                    Err(e) => return Err(bad(describe(&e))),
                }
            }
        }
    }

    /// The data is cut into frames of this size, each compressed whole.
    const FRAME: usize = 4 << 20;

    pub(super) fn zstd_encoder(out: Box<dyn Write + Send>) -> io::Result<Box<dyn Finish>> {
        Ok(Box::new(Encoder {
            out,
            pending: Vec::with_capacity(FRAME),
            compressed: Vec::new(),
            frames: 0,
        }))
    }

    /// ruzstd's `FrameCompressor` pulls from a reader and panics on I/O
    /// errors: frames are compressed in memory, then written here.
    struct Encoder {
        out: Box<dyn Write + Send>,
        pending: Vec<u8>,
        compressed: Vec<u8>,
        frames: u64,
    }

    impl Encoder {
        fn frame(&mut self) -> io::Result<()> {
            self.compressed.clear();
            ruzstd::encoding::compress(
                self.pending.as_slice(),
                &mut self.compressed,
                CompressionLevel::Fastest,
            );
            self.pending.clear();
            self.frames += 1;
            self.out.write_all(&self.compressed)
        }
    }

    impl Write for Encoder {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            let n = buf.len().min(FRAME - self.pending.len());
            self.pending.extend_from_slice(&buf[..n]);
            if self.pending.len() == FRAME {
                self.frame()?;
            }
            Ok(n)
        }
        /// Writes what is written so far (ends a frame).
        fn flush(&mut self) -> io::Result<()> {
            if !self.pending.is_empty() {
                self.frame()?;
            }
            self.out.flush()
        }
    }

    impl Finish for Encoder {
        fn finish(mut self: Box<Self>) -> io::Result<()> {
            if !self.pending.is_empty() || self.frames == 0 {
                self.frame()?;
            }
            self.out.flush()
        }
    }
}

/// zstd with libzstd (the `zstd-c` feature).
#[cfg(feature = "zstd-c")]
mod zstd_c_codec {
    use std::io::{self, BufRead, Read, Write};

    use super::Finish;

    /// libzstd's streaming decoder reads every frame and skips skippable
    /// frames.
    pub(super) fn zstd_decoder(
        source: impl BufRead + Send + 'static,
    ) -> io::Result<Box<dyn Read + Send>> {
        Ok(Box::new(zstd::stream::read::Decoder::with_buffer(source)?))
    }

    /// The library's default level (3).
    pub(super) fn zstd_encoder(out: Box<dyn Write + Send>) -> io::Result<Box<dyn Finish>> {
        Ok(Box::new(Encoder(zstd::stream::write::Encoder::new(
            out, 0,
        )?)))
    }

    struct Encoder(zstd::stream::write::Encoder<'static, Box<dyn Write + Send>>);

    impl Write for Encoder {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            self.0.write(buf)
        }
        fn flush(&mut self) -> io::Result<()> {
            self.0.flush()
        }
    }

    impl Finish for Encoder {
        fn finish(self: Box<Self>) -> io::Result<()> {
            self.0.finish()?.flush()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Some PGN, repetitive enough to compress, large enough for several
    /// zstd blocks.
    fn sample(games: usize) -> Vec<u8> {
        let mut out = Vec::new();
        for i in 0..games {
            writeln!(
                out,
                "[Event \"test {i}\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 {{game {i}}} *\n"
            )
            .unwrap();
        }
        out
    }

    fn compress(compression: Compression, data: &[u8]) -> Vec<u8> {
        let out = Arc::new(std::sync::Mutex::new(Vec::new()));
        let mut writer = encoder(compression, Box::new(Shared(out.clone()))).unwrap();
        // Odd-sized writes, to cross the encoders' internal chunks.
        for chunk in data.chunks(77_777) {
            writer.write_all(chunk).unwrap();
        }
        writer.finish().unwrap();
        Arc::try_unwrap(out).unwrap().into_inner().unwrap()
    }

    /// A `Write + Send + 'static` over a shared vector.
    struct Shared(Arc<std::sync::Mutex<Vec<u8>>>);

    impl Write for Shared {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    fn decode(raw: Vec<u8>) -> io::Result<(Compression, Vec<u8>)> {
        let size = raw.len() as u64;
        let mut opened = open_reader(Box::new(Cursor::new(raw)), Some(size))?;
        let mut out = Vec::new();
        opened.reader.read_to_end(&mut out)?;
        assert_eq!(opened.read.get(), size, "every raw byte counted");
        Ok((opened.compression, out))
    }

    const ALL: [Compression; 5] = [
        Compression::None,
        Compression::Zstd,
        Compression::Gzip,
        Compression::Bzip2,
        Compression::Xz,
    ];

    #[test]
    fn round_trips() {
        let data = sample(100_000); // about 8 MB: two ruzstd frames
        for compression in ALL {
            let raw = compress(compression, &data);
            if compression != Compression::None {
                assert!(raw.len() < data.len() / 4, "{compression:?} compresses");
            }
            assert_eq!(Compression::detect(&raw), compression);
            let (detected, out) = decode(raw).unwrap();
            assert_eq!(detected, compression);
            assert!(out == data, "{compression:?} round trip");
        }
    }

    #[test]
    fn round_trips_empty_and_tiny() {
        for compression in ALL {
            for data in [&b""[..], b"x", b"[Ev", b"[Event \"x\"]\n"] {
                let (detected, out) = decode(compress(compression, data)).unwrap();
                // An empty plain file is plain; everything else keeps its format.
                assert_eq!(detected, compression, "{data:?}");
                assert_eq!(out, data);
            }
        }
    }

    #[test]
    fn empty_input_is_plain() {
        let (compression, out) = decode(Vec::new()).unwrap();
        assert_eq!(compression, Compression::None);
        assert!(out.is_empty());
    }

    #[test]
    fn detects_by_content_not_name() {
        let dir = std::env::temp_dir().join(format!("chessnote-compress-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let data = sample(100);
        // Each format under the name of another.
        for (compression, name) in [
            (Compression::None, "plain.pgn.zst"),
            (Compression::Zstd, "zstd.pgn.gz"),
            (Compression::Gzip, "gzip.pgn.bz2"),
            (Compression::Bzip2, "bzip2.pgn"),
        ] {
            let path = dir.join(name);
            std::fs::write(&path, compress(compression, &data)).unwrap();
            let mut opened = open(Some(&path)).unwrap();
            assert_eq!(opened.compression, compression, "{name}");
            assert_eq!(opened.size, Some(std::fs::metadata(&path).unwrap().len()));
            let mut out = Vec::new();
            opened.reader.read_to_end(&mut out).unwrap();
            assert!(out == data, "{name}");
            assert_eq!(opened.read.get(), opened.size.unwrap());
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn detect() {
        assert_eq!(Compression::detect(b""), Compression::None);
        assert_eq!(Compression::detect(b"[Event"), Compression::None);
        assert_eq!(
            Compression::detect(&[0x28, 0xB5, 0x2F, 0xFD]),
            Compression::Zstd
        );
        assert_eq!(Compression::detect(&[0x28, 0xB5, 0x2F]), Compression::None);
        for m in 0x50..=0x5F {
            assert_eq!(
                Compression::detect(&[m, 0x2A, 0x4D, 0x18, 0]),
                Compression::Zstd
            );
        }
        assert_eq!(
            Compression::detect(&[0x60, 0x2A, 0x4D, 0x18]),
            Compression::None
        );
        assert_eq!(Compression::detect(&[0x1F, 0x8B, 8, 0]), Compression::Gzip);
        assert_eq!(Compression::detect(b"BZh9"), Compression::Bzip2);
        assert_eq!(Compression::detect(b"BZh0"), Compression::None);
        assert_eq!(Compression::detect(b"BZhx"), Compression::None);
        assert_eq!(Compression::detect(b"\xFD7zXZ\0"), Compression::Xz);
        assert_eq!(Compression::detect(b"\xFD7zXZ"), Compression::None);
        let names: Vec<_> = ALL.iter().map(|c| (c.name(), c.extension())).collect();
        assert_eq!(
            names,
            [
                ("plain", ""),
                ("zstd", ".zst"),
                ("gzip", ".gz"),
                ("bzip2", ".bz2"),
                ("xz", ".xz")
            ]
        );
    }

    /// A skippable frame: magic `5X 2A 4D 18`, a little-endian length, the
    /// payload.
    fn skippable(nibble: u8, payload: &[u8]) -> Vec<u8> {
        let mut out = vec![0x50 | nibble, 0x2A, 0x4D, 0x18];
        out.extend_from_slice(&(payload.len() as u32).to_le_bytes());
        out.extend_from_slice(payload);
        out
    }

    #[test]
    fn zstd_frames_and_skippable_frames() {
        let parts = [sample(10), sample(3000), b"[Event \"last\"]\n".to_vec()];
        // As pzstd writes: a skippable frame before each frame (here also
        // one that is empty, and one at the end).
        let mut raw = Vec::new();
        let mut expected = Vec::new();
        for (i, part) in parts.iter().enumerate() {
            raw.extend(skippable(i as u8, &(part.len() as u32).to_le_bytes()));
            raw.extend(compress(Compression::Zstd, part));
            expected.extend_from_slice(part);
        }
        raw.extend(skippable(0xF, b""));
        raw.extend(compress(Compression::Zstd, b""));
        raw.extend(skippable(0x7, b"trailing metadata"));
        let (compression, out) = decode(raw).unwrap();
        assert_eq!(compression, Compression::Zstd);
        assert!(out == expected);
    }

    /// Frames written by the `zstd` tool (checksummed), when installed.
    #[test]
    fn zstd_tool_frames() {
        let data = sample(5000);
        let Some(one) = tool("zstd", &["-q", "-c", "-3"], &data) else {
            eprintln!("no zstd tool: skipped");
            return;
        };
        let mut raw = skippable(0, b"pzstd-like");
        raw.extend_from_slice(&one);
        raw.extend_from_slice(&one);
        let (_, out) = decode(raw.clone()).unwrap();
        assert!(out == [data.as_slice(), data.as_slice()].concat());
        // A damaged checksum (the last 4 bytes of a checksummed frame).
        let last = raw.len() - 1;
        raw[last] ^= 0x55;
        let error = decode(raw).unwrap_err();
        assert!(
            error.to_string().starts_with("corrupt zstd data: "),
            "{error}"
        );
        // And what we write, the tool reads.
        let ours = compress(Compression::Zstd, &data);
        assert!(tool("zstd", &["-q", "-d", "-c"], &ours).unwrap() == data);
    }

    /// Runs `program args` with `input` on stdin; `None` when not installed.
    fn tool(program: &str, args: &[&str], input: &[u8]) -> Option<Vec<u8>> {
        use std::process::{Command, Stdio};
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .ok()?;
        let mut stdin = child.stdin.take().unwrap();
        let input = input.to_vec();
        let writer = std::thread::spawn(move || stdin.write_all(&input));
        let output = child.wait_with_output().unwrap();
        writer.join().unwrap().unwrap();
        assert!(output.status.success(), "{program} {args:?}");
        Some(output.stdout)
    }

    #[test]
    fn gzip_members_and_bzip2_streams() {
        for compression in [Compression::Gzip, Compression::Bzip2, Compression::Zstd] {
            let parts = [sample(10), sample(2000), sample(1)];
            let raw: Vec<u8> = parts
                .iter()
                .flat_map(|p| compress(compression, p))
                .collect();
            let (detected, out) = decode(raw).unwrap();
            assert_eq!(detected, compression);
            assert!(out == parts.concat(), "{compression:?}");
        }
    }

    #[test]
    fn truncated_or_corrupt_is_an_error_naming_the_format() {
        let data = sample(3000);
        for compression in [
            Compression::Zstd,
            Compression::Gzip,
            Compression::Bzip2,
            Compression::Xz,
        ] {
            let raw = compress(compression, &data);
            let prefix = format!("corrupt {} data: ", compression.name());
            // Cut inside the magic number, it is not that format.
            let magic = if compression == Compression::Xz { 6 } else { 5 };
            for cut in [magic, 12, raw.len() / 2, raw.len() - 5, raw.len() - 1] {
                let error = decode(raw[..cut].to_vec()).unwrap_err();
                assert!(
                    error.to_string().starts_with(&prefix),
                    "{compression:?} cut at {cut}: {error}"
                );
            }
            // Garbage after the magic bytes.
            let mut garbage = raw[..magic].to_vec();
            garbage.extend(std::iter::repeat_n(0xA5, 5000));
            let error = decode(garbage).unwrap_err();
            assert!(
                error.to_string().starts_with(&prefix),
                "{compression:?}: {error}"
            );
            assert_eq!(error.kind(), io::ErrorKind::InvalidData);
        }
        // A skippable frame longer than the file.
        let mut raw = skippable(0, b"");
        raw[4] = 100;
        let error = decode(raw).unwrap_err();
        assert!(
            error.to_string().starts_with("corrupt zstd data: "),
            "{error}"
        );
    }

    /// One zstd frame of `data` with an 8 MiB window, as `zstd -19` and
    /// the Lichess dumps write them: ruzstd's own frame (a 128 KiB window,
    /// compressed blocks, a checksum) under a header that declares the
    /// larger window.
    fn zstd_big_window(data: &[u8]) -> Vec<u8> {
        let frame =
            ruzstd::encoding::compress_to_vec(data, ruzstd::encoding::CompressionLevel::Fastest);
        assert_eq!(frame[..4], [0x28, 0xB5, 0x2F, 0xFD]);
        let descriptor = frame[4];
        let single_segment = descriptor & 0x20 != 0;
        let dictionary = [0, 1, 2, 4][usize::from(descriptor & 3)];
        let content_size = match descriptor >> 6 {
            0 => usize::from(single_segment),
            1 => 2,
            2 => 4,
            _ => 8,
        };
        let blocks = 5 + usize::from(!single_segment) + dictionary + content_size;
        // Keep the checksum flag; no content size, no dictionary; window
        // log 23 (exponent 13, mantissa 0).
        let mut out = vec![0x28, 0xB5, 0x2F, 0xFD, descriptor & 0x04, 13 << 3];
        out.extend_from_slice(&frame[blocks..]);
        out
    }

    /// A file cut in the middle gives what was before the cut (up to the
    /// format's block) and then an error naming the format, in plain words.
    #[test]
    fn truncated_keeps_what_comes_before_the_cut() {
        let data = sample(60_000); // about 5 MB
        for compression in [
            Compression::Zstd,
            Compression::Gzip,
            Compression::Bzip2,
            Compression::Xz,
        ] {
            let (raw, block) = match compression {
                Compression::Zstd => (zstd_big_window(&data), 128 << 10),
                // Level 6: blocks of 600 kB of input.
                Compression::Bzip2 => (compress(compression, &data), 600_000),
                // LZMA2 chunks of up to 2 MiB of output, each read whole
                // by lzma-rust2 before it is decoded.
                Compression::Xz => (compress(compression, &data), 2 << 20),
                _ => (compress(compression, &data), 0),
            };
            // The first LZMA2 chunk, which builds the dictionary, takes
            // more than half of this file: cut after it.
            let cut = match compression {
                Compression::Xz => raw.len() * 3 / 4,
                _ => raw.len() / 2,
            };
            // The data decoded at the cut, about.
            let at_cut = data.len() * cut / raw.len();
            let mut opened = open_reader(Box::new(Cursor::new(raw[..cut].to_vec())), None).unwrap();
            let mut out = Vec::new();
            let error = opened.reader.read_to_end(&mut out).unwrap_err();
            assert!(data.starts_with(&out), "{compression:?}: a prefix");
            assert!(
                out.len() + block + (64 << 10) >= at_cut,
                "{compression:?}: {} bytes of about {at_cut} before the cut",
                out.len()
            );
            let message = error.to_string();
            let prefix = format!("corrupt {} data: ", compression.name());
            assert!(message.starts_with(&prefix), "{message}");
            assert!(!message.contains('{'), "{message}");
            assert_eq!(error.kind(), io::ErrorKind::InvalidData);
        }
        // The whole frame still reads (the new header is right).
        let (_, out) = decode(zstd_big_window(&data)).unwrap();
        assert!(out == data);
    }

    /// Every zstd error is a sentence, without Rust's debug text.
    #[test]
    fn zstd_errors_are_sentences() {
        let data = sample(3000);
        let raw = zstd_big_window(&data);
        let mut damaged = Vec::new();
        for cut in [5, 6, 7, 9, 100, raw.len() - 3] {
            damaged.push(raw[..cut].to_vec());
        }
        for at in [4, 5, 6, 7, 8, 50, raw.len() / 2] {
            for flip in [0x01, 0x0F, 0xF0, 0xFF] {
                let mut bytes = raw.clone();
                bytes[at] ^= flip;
                damaged.push(bytes);
            }
        }
        // A second frame that is not one.
        damaged.push([raw.as_slice(), b"[Event"].concat());
        for bytes in damaged {
            let Err(error) = decode(bytes) else { continue };
            let message = error.to_string();
            assert!(message.starts_with("corrupt zstd data: "), "{message}");
            assert!(
                !message.contains('{') && !message.contains("Error"),
                "{message}"
            );
        }
    }

    /// A read error of the input is passed on, not called corrupt data.
    #[test]
    fn input_errors_are_not_corrupt_data() {
        struct Failing(Cursor<Vec<u8>>);
        impl Read for Failing {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                match self.0.read(buf)? {
                    0 => Err(io::Error::other("disk on fire")),
                    n => Ok(n),
                }
            }
        }
        for compression in [
            Compression::Zstd,
            Compression::Gzip,
            Compression::Bzip2,
            Compression::Xz,
        ] {
            let mut raw = compress(compression, &sample(3000));
            raw.truncate(raw.len() / 2);
            // At the first read of the decoded text (by `open_reader`) or later.
            let error = open_reader(Box::new(Failing(Cursor::new(raw))), None)
                .and_then(|mut opened| opened.reader.read_to_end(&mut Vec::new()))
                .unwrap_err();
            assert_eq!(error.to_string(), "disk on fire", "{compression:?}");
        }
    }

    /// A reader that hands out one byte at a time (a slow pipe).
    struct Trickle(Cursor<Vec<u8>>);

    impl Read for Trickle {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = buf.len().min(1);
            self.0.read(&mut buf[..n])
        }
    }

    #[test]
    fn short_reads_keep_the_peeked_bytes() {
        let data = sample(200);
        for compression in ALL {
            let raw = compress(compression, &data);
            let mut opened = open_reader(Box::new(Trickle(Cursor::new(raw))), None).unwrap();
            assert_eq!(opened.compression, compression);
            assert_eq!(opened.size, None);
            let mut out = Vec::new();
            opened.reader.read_to_end(&mut out).unwrap();
            assert!(out == data, "{compression:?}");
        }
    }

    /// The error of opening `raw`, one byte at a time or all at once.
    fn refused(raw: &[u8]) -> Vec<io::Error> {
        let whole = open_reader(Box::new(Cursor::new(raw.to_vec())), None);
        let trickle = open_reader(Box::new(Trickle(Cursor::new(raw.to_vec()))), None);
        [whole, trickle]
            .into_iter()
            .map(|opened| opened.expect_err("refused"))
            .collect()
    }

    #[test]
    fn other_formats_are_refused_by_their_magic_numbers() {
        let pgn = sample(10);
        for (magic, words) in [
            (
                &b"PK\x03\x04"[..],
                "a zip archive, which chessnote reads from its file, not from standard input or a pipe: give its path (or unzip -p it)",
            ),
            (b"PK\x05\x06", "a zip archive"),
            (b"PK\x07\x08", "a zip archive"),
            (b"7z\xBC\xAF\x27\x1C", "a 7z archive"),
            (b"\x04\x22\x4D\x18", "lz4-compressed data"),
            (b"\x02\x21\x4C\x18", "lz4-compressed data"),
            (b"Rar!\x1A\x07\x00", "a rar archive"),
            (b"Rar!\x1A\x07\x01\x00", "a rar archive"),
            (b"LZIP\x01", "lzip-compressed data"),
            (
                b"\xFF\xFE[\x00E\x00",
                "UTF-16 text: convert it to UTF-8 first",
            ),
            (b"\xFE\xFF\x00[\x00E", "UTF-16 text"),
        ] {
            // The magic number alone, or before text (PGN, even).
            for raw in [magic.to_vec(), [magic, pgn.as_slice()].concat()] {
                for error in refused(&raw) {
                    assert_eq!(error.kind(), io::ErrorKind::InvalidData);
                    let message = error.to_string();
                    assert!(message.starts_with("this looks like "), "{message}");
                    assert!(message.contains(words), "{magic:?}: {message}");
                }
            }
            // Cut short, it is not that format: a short plain input (the
            // two bytes of a UTF-16 byte order mark are all it has).
            let short = &magic[..3];
            if !short.contains(&0) && !words.starts_with("UTF-16") {
                let (compression, out) = decode(short.to_vec()).unwrap();
                assert_eq!(compression, Compression::None);
                assert_eq!(out, short);
            }
        }
        // A UTF-8 byte order mark is text.
        let bom = [&b"\xEF\xBB\xBF"[..], &pgn].concat();
        assert_eq!(decode(bom.clone()).unwrap().1, bom);
    }

    /// A NUL byte in the first bytes is binary data, plain or decompressed;
    /// after them it is left to the PGN reader.
    #[test]
    fn a_nul_byte_in_the_first_bytes_is_binary_data() {
        let data = sample(1000);
        for at in [0, 7, 100, PEEK - 1] {
            let mut raw = data.clone();
            raw[at] = 0;
            let error = decode(raw.clone()).unwrap_err();
            assert_eq!(error.kind(), io::ErrorKind::InvalidData);
            assert_eq!(
                error.to_string(),
                format!("binary data (a NUL byte at offset {at}), not text")
            );
            for compression in [
                Compression::Zstd,
                Compression::Gzip,
                Compression::Bzip2,
                Compression::Xz,
            ] {
                let error = decode(compress(compression, &raw)).unwrap_err();
                assert_eq!(error.kind(), io::ErrorKind::InvalidData);
                let name = compression.name();
                assert_eq!(
                    error.to_string(),
                    format!(
                        "{name}-compressed binary data (a NUL byte at offset {at} once decompressed), not text"
                    )
                );
            }
        }
        // Later, or past what a trickle's first reads give, it is read.
        let mut raw = data.clone();
        raw[PEEK + 10] = 0;
        for compression in ALL {
            assert!(decode(compress(compression, &raw)).unwrap().1 == raw);
        }
        raw[20] = 0;
        let mut opened = open_reader(Box::new(Trickle(Cursor::new(raw.clone()))), None).unwrap();
        let mut out = Vec::new();
        opened.reader.read_to_end(&mut out).unwrap();
        assert!(out == raw);
        // On a trickle, the first bytes are checked all the same.
        raw[3] = 0;
        let error = refused(&raw).pop().unwrap();
        assert_eq!(
            error.to_string(),
            "binary data (a NUL byte at offset 3), not text"
        );
    }

    /// An endless compressed stream: the same compressed block of
    /// `sample` over and over (zstd frames, gzip members, bzip2 streams).
    struct Endless {
        unit: Vec<u8>,
        at: usize,
        read: Counter,
    }

    impl Read for Endless {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = buf.len().min(self.unit.len() - self.at);
            buf[..n].copy_from_slice(&self.unit[self.at..self.at + n]);
            self.at = (self.at + n) % self.unit.len();
            self.read.0.fetch_add(n as u64, Ordering::Relaxed);
            Ok(n)
        }
    }

    #[test]
    fn streams_in_constant_memory() {
        for compression in [
            Compression::None,
            Compression::Zstd,
            Compression::Gzip,
            Compression::Bzip2,
        ] {
            let unit = compress(compression, &sample(20_000));
            let read = Counter::default();
            let endless = Endless {
                unit,
                at: 0,
                read: read.clone(),
            };
            let mut opened = open_reader(Box::new(endless), None).unwrap();
            let mut head = vec![0; 4096];
            opened.reader.read_exact(&mut head).unwrap();
            assert!(head.starts_with(b"[Event \"test 0\"]"));
            assert!(
                read.get() < 4 << 20,
                "{compression:?}: {} raw bytes read for 4 KB",
                read.get()
            );
            assert_eq!(opened.read.get(), read.get());
            // And on: 10 MB decoded from an endless input.
            let mut total = 0u64;
            let mut buf = vec![0; 1 << 16];
            while total < 10 << 20 {
                total += opened.reader.read(&mut buf).unwrap() as u64;
            }
        }
    }
}
