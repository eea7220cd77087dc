//! Canonical SAN text.

use alloc::string::String;
use core::fmt;

use super::{PieceKind, San, SanPlus};

/// The longest canonical SAN with suffix and annotation, in bytes
/// (`Qa1xh8=Q#??` would be 11; the buffer leaves room).
///
/// ```
/// assert!(chessnote::san::MAX_LEN >= "Qa1xh8=Q#??".len());
/// ```
pub const MAX_LEN: usize = 16;

impl SanPlus {
    /// Appends the canonical SAN (with suffix and annotation) to `out`.
    ///
    /// ```
    /// use chessnote::san::SanPlus;
    /// let mut out = String::from("1. ");
    /// SanPlus::from_ascii(b"e4!")?.append_to(&mut out);
    /// assert_eq!(out, "1. e4!");
    /// # Ok::<(), chessnote::san::SanError>(())
    /// ```
    pub fn append_to(&self, out: &mut String) {
        self.emit(|byte| out.push(char::from(byte)));
    }

    /// Writes the canonical SAN into `buf` and returns it as a string slice;
    /// no allocation.
    ///
    /// ```
    /// use chessnote::san::{SanPlus, MAX_LEN};
    /// let mut buf = [0; MAX_LEN];
    /// assert_eq!(SanPlus::from_ascii(b"exd8=N+")?.write_ascii(&mut buf), "exd8=N+");
    /// # Ok::<(), chessnote::san::SanError>(())
    /// ```
    pub fn write_ascii<'b>(&self, buf: &'b mut [u8; MAX_LEN]) -> &'b str {
        let len = self.write_bytes(buf);
        // Everything written is ASCII.
        core::str::from_utf8(&buf[..len]).unwrap_or("")
    }

    fn write_bytes(&self, buf: &mut [u8; MAX_LEN]) -> usize {
        let mut len = 0;
        self.emit(|byte| {
            buf[len] = byte;
            len += 1;
        });
        len
    }

    /// Passes the canonical SAN to `put`, byte by byte.
    #[inline(always)]
    fn emit(&self, mut put: impl FnMut(u8)) {
        self.san.emit(&mut put);
        if let Some(suffix) = self.suffix {
            put(suffix.char() as u8);
        }
        if let Some(annotation) = self.annotation {
            annotation.as_str().bytes().for_each(put);
        }
    }
}

impl San {
    fn write_bytes(&self, buf: &mut [u8; MAX_LEN]) -> usize {
        let mut len = 0;
        self.emit(&mut |byte| {
            buf[len] = byte;
            len += 1;
        });
        len
    }

    /// Passes the canonical SAN to `put`, byte by byte.
    #[inline(always)]
    fn emit(&self, put: &mut impl FnMut(u8)) {
        match *self {
            San::Normal {
                piece,
                file,
                rank,
                capture,
                to,
                promotion,
            } => {
                if piece != PieceKind::Pawn {
                    put(piece.upper_ascii());
                }
                if let Some(file) = file {
                    put(file.ascii());
                }
                if let Some(rank) = rank {
                    put(rank.ascii());
                }
                if capture {
                    put(b'x');
                }
                put(to.file().ascii());
                put(to.rank().ascii());
                if let Some(promotion) = promotion {
                    put(b'=');
                    put(promotion.upper_ascii());
                }
            }
            San::Castle(side) => side.san().bytes().for_each(put),
            San::Null => b"--".iter().for_each(|&b| put(b)),
        }
    }

    /// Appends the canonical SAN to `out`.
    ///
    /// ```
    /// use chessnote::san::San;
    /// let mut out = String::new();
    /// "Rdf8".parse::<San>()?.append_to(&mut out);
    /// assert_eq!(out, "Rdf8");
    /// # Ok::<(), chessnote::san::SanError>(())
    /// ```
    pub fn append_to(&self, out: &mut String) {
        self.emit(&mut |byte| out.push(char::from(byte)));
    }
}

impl fmt::Display for San {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut buf = [0; MAX_LEN];
        let len = self.write_bytes(&mut buf);
        f.pad(core::str::from_utf8(&buf[..len]).unwrap_or(""))
    }
}

impl fmt::Display for SanPlus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut buf = [0; MAX_LEN];
        f.pad(self.write_ascii(&mut buf))
    }
}
