//! Where games come from: a path, bytes, or a Python binary file object,
//! decompressed by content (zstd, gzip, bzip2, xz; zip archives) by
//! `chessnote-io`.

use std::io::{self, Cursor, Read};
use std::path::PathBuf;

use chessnote::pgn::ReadOptions;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

/// A readable source and the name its rows carry (`source_file`).
pub struct Source {
    /// The decompressed bytes.
    pub read: Box<dyn Read + Send>,
    /// The path, or `<bytes>` / `<file>`.
    pub name: String,
    /// Whether it is compressed: then decoded on a thread of its own
    /// ([`chessnote_io::pipeline::Pipeline::ahead`]).
    pub decoded: bool,
}

/// Opens `source` for `threads` workers (0: one per core): a `str` or
/// `os.PathLike` path (a zip archive is read as its `.pgn` entries; a
/// `.zst` of several frames is decoded by a thread for every 4 workers, as
/// the command does), `bytes`, or an object with a `read(n)` method
/// returning bytes. `range` (`"START:END"`, from [`plan`]) reads one range
/// of frames of a `.zst` path, as `--range` does.
pub fn open(source: &Bound<'_, PyAny>, threads: usize, range: Option<&str>) -> PyResult<Source> {
    if let Some(range) = range {
        let range: chessnote_io::frames::Range = range
            .parse()
            .map_err(|e: String| PyValueError::new_err(e))?;
        if !(source.is_instance_of::<PyString>() || source.hasattr("__fspath__")?) {
            return Err(PyTypeError::new_err(
                "range= reads a path: a .zst file of several frames",
            ));
        }
        let path: PathBuf = source.extract()?;
        let opened = chessnote_io::frames::open_range(&path, range)?;
        return Ok(Source {
            decoded: opened.compression != chessnote_io::Compression::None,
            read: opened.reader,
            name: format!("{}[{}:{}]", path.display(), range.start, range.end),
        });
    }
    let raw: Box<dyn Read + Send>;
    let name;
    let mut size = None;
    if let Ok(bytes) = source.cast::<PyBytes>() {
        let data = bytes.as_bytes().to_vec();
        size = Some(data.len() as u64);
        raw = Box::new(Cursor::new(data));
        name = "<bytes>".to_owned();
    } else if source.is_instance_of::<PyString>() || source.hasattr("__fspath__")? {
        let path: PathBuf = source.extract()?;
        let opened = match chessnote_io::frames::open_parallel(
            &path,
            chessnote_io::frames::decoders_for(threads),
        )? {
            Some(opened) => opened,
            None => chessnote_io::open(Some(&path))?,
        };
        return Ok(Source {
            decoded: opened.compression != chessnote_io::Compression::None,
            read: opened.reader,
            name: path.display().to_string(),
        });
    } else if source.hasattr("read")? {
        raw = Box::new(PyReader {
            file: source.clone().unbind(),
            extra: Vec::new(),
            at: 0,
        });
        name = source
            .getattr("name")
            .ok()
            .and_then(|n| n.extract::<String>().ok())
            .unwrap_or_else(|| "<file>".to_owned());
    } else {
        return Err(PyTypeError::new_err(
            "a source is a path, bytes, or a binary file object with read()",
        ));
    };
    let opened = chessnote_io::open_reader(raw, size)?;
    Ok(Source {
        decoded: opened.compression != chessnote_io::Compression::None,
        read: opened.reader,
        name,
    })
}

/// A Python file object as `io::Read`: each read attaches to the
/// interpreter for the call to `read(n)`. A `read(n)` that returns more
/// than `n` bytes (some wrappers do) loses nothing: the rest is kept for
/// the next reads.
struct PyReader {
    file: Py<PyAny>,
    /// Bytes returned beyond what was asked, from `at` on.
    extra: Vec<u8>,
    at: usize,
}

impl Read for PyReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.at < self.extra.len() {
            let n = buf.len().min(self.extra.len() - self.at);
            buf[..n].copy_from_slice(&self.extra[self.at..self.at + n]);
            self.at += n;
            return Ok(n);
        }
        Python::attach(|py| {
            let chunk = self
                .file
                .call_method1(py, "read", (buf.len(),))
                .map_err(io::Error::other)?;
            let chunk = chunk.bind(py);
            let bytes = chunk.cast::<PyBytes>().map_err(|_| {
                io::Error::new(
                    io::ErrorKind::InvalidData,
                    "the file object's read() returned no bytes (open it in binary mode)",
                )
            })?;
            let bytes = bytes.as_bytes();
            let n = bytes.len().min(buf.len());
            buf[..n].copy_from_slice(&bytes[..n]);
            self.extra.clear();
            self.extra.extend_from_slice(&bytes[n..]);
            self.at = 0;
            Ok(n)
        })
    }
}

/// The reading options of `allow` (leniency names of SAN, FEN and PGN),
/// `lenient` (all of them) and `strict` (none of those the default reads),
/// as the command's `--allow`, `--lenient` and `--strict`: `base` when
/// neither is given.
pub fn read_options(
    base: ReadOptions,
    allow: Vec<String>,
    lenient: bool,
    strict: bool,
) -> PyResult<ReadOptions> {
    let mut options = match (lenient, strict) {
        (true, true) => {
            return Err(PyValueError::new_err(
                "lenient=True and strict=True ask for opposite things",
            ));
        }
        (true, false) => ReadOptions::LENIENT,
        (false, true) => ReadOptions::STRICT,
        (false, false) => base,
    };
    for name in &allow {
        options = options
            .allow(name)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
    }
    Ok(options)
}

/// Every leniency name, SAN's, FEN's then PGN's.
pub fn leniency_names() -> Vec<&'static str> {
    ReadOptions::leniencies().map(|(name, _)| name).collect()
}

/// Cuts a `.zst` file of several frames (pzstd's, as the Lichess dumps are
/// written) into at most `parts` ranges of whole frames of about the same
/// size, each a `(start, end)` pair of byte offsets: `read_pgn(path,
/// range=f"{start}:{end}")` (or `read_table`) on each reads, together, the
/// whole file's games, once each, in order: as `chessnote pgn plan`.
///
/// Raises OSError when the file cannot be read or is not zstd.
#[pyfunction]
pub fn plan(path: PathBuf, parts: usize) -> PyResult<Vec<(u64, u64)>> {
    let ranges = chessnote_io::frames::plan(&path, parts)?;
    Ok(ranges.iter().map(|r| (r.start, r.end)).collect())
}
