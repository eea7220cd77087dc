//! An input that hands out its bytes in pieces of 1 to 97 bytes, as a
//! slow pipe would: for checking that a streamed reader reads what a
//! reader of the same bytes in memory reads (the `pgn` fuzz target and
//! its regression tests).

use std::io::{self, Read};

/// `bytes` read in pieces of 1 to 97 bytes, their sizes from a fixed
/// sequence (the same pieces every time).
///
/// ```
/// use std::io::Read;
/// use chessnote_testdata::Pieces;
///
/// let mut out = Vec::new();
/// Pieces::new(b"1. e4 e5 *").read_to_end(&mut out).unwrap();
/// assert_eq!(out, b"1. e4 e5 *");
/// ```
#[derive(Debug)]
pub struct Pieces<'a> {
    bytes: &'a [u8],
    state: usize,
}

impl<'a> Pieces<'a> {
    /// The pieces of `bytes`.
    pub fn new(bytes: &'a [u8]) -> Pieces<'a> {
        Pieces { bytes, state: 0 }
    }
}

impl Read for Pieces<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.state = (self.state * 31 + 7) % 97;
        let n = (self.state + 1).min(buf.len()).min(self.bytes.len());
        buf[..n].copy_from_slice(&self.bytes[..n]);
        self.bytes = &self.bytes[n..];
        Ok(n)
    }
}
