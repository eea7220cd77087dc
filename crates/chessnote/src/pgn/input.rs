//! Where the reader's bytes come from: a slice in memory (no copy, no
//! allocation, `no_std`) or, with `std`, any `io::Read` through one buffer
//! allocated once.

/// A source of bytes for the [`super::Reader`]: a window of bytes not yet
/// consumed, which can be refilled.
pub trait Input {
    /// The error reading can give ([`core::convert::Infallible`] for a
    /// slice).
    type Error;

    /// The bytes available and not yet consumed.
    fn data(&self) -> &[u8];

    /// Marks the first `n` bytes of [`data`](Input::data) as consumed.
    fn consume(&mut self, n: usize);

    /// Makes more bytes available if it can, keeping those not consumed;
    /// `Ok(false)` when there are none (the end of the input, or a full
    /// buffer).
    ///
    /// # Errors
    ///
    /// Those of the underlying reader.
    fn fill(&mut self) -> Result<bool, Self::Error>;

    /// Whether the input has ended (no byte will come beyond `data`).
    fn at_end(&self) -> bool;

    /// How many bytes [`data`](Input::data) can hold at most.
    fn capacity(&self) -> usize;
}

/// Bytes in memory: read in place.
#[derive(Clone, Debug)]
pub struct SliceInput<'a> {
    bytes: &'a [u8],
}

impl<'a> SliceInput<'a> {
    /// The input of these bytes.
    pub const fn new(bytes: &'a [u8]) -> SliceInput<'a> {
        SliceInput { bytes }
    }
}

impl Input for SliceInput<'_> {
    type Error = core::convert::Infallible;

    #[inline(always)]
    fn data(&self) -> &[u8] {
        self.bytes
    }

    #[inline(always)]
    fn consume(&mut self, n: usize) {
        self.bytes = &self.bytes[n..];
    }

    #[inline(always)]
    fn fill(&mut self) -> Result<bool, core::convert::Infallible> {
        Ok(false)
    }

    #[inline(always)]
    fn at_end(&self) -> bool {
        true
    }

    #[inline(always)]
    fn capacity(&self) -> usize {
        usize::MAX
    }
}

/// Any `io::Read` (a file, stdin, a decompressor) through one buffer,
/// allocated once. Do not wrap the reader in a `BufReader`: this is one.
#[cfg(feature = "std")]
#[derive(Debug)]
pub struct IoInput<R> {
    read: R,
    buf: alloc::boxed::Box<[u8]>,
    start: usize,
    end: usize,
    ended: bool,
}

#[cfg(feature = "std")]
impl<R: std::io::Read> IoInput<R> {
    /// The input of `read`, through a buffer of `capacity` bytes.
    pub fn new(read: R, capacity: usize) -> IoInput<R> {
        IoInput {
            read,
            buf: alloc::vec![0; capacity.max(1)].into_boxed_slice(),
            start: 0,
            end: 0,
            ended: false,
        }
    }

    /// The underlying reader (the bytes still buffered are lost to it).
    pub fn into_inner(self) -> R {
        self.read
    }
}

#[cfg(feature = "std")]
impl<R: std::io::Read> Input for IoInput<R> {
    type Error = std::io::Error;

    #[inline(always)]
    fn data(&self) -> &[u8] {
        &self.buf[self.start..self.end]
    }

    #[inline(always)]
    fn consume(&mut self, n: usize) {
        self.start += n;
        debug_assert!(self.start <= self.end);
    }

    fn fill(&mut self) -> Result<bool, std::io::Error> {
        if self.ended {
            return Ok(false);
        }
        if self.start > 0 {
            self.buf.copy_within(self.start..self.end, 0);
            self.end -= self.start;
            self.start = 0;
        }
        if self.end == self.buf.len() {
            return Ok(false);
        }
        loop {
            match self.read.read(&mut self.buf[self.end..]) {
                Ok(0) => {
                    self.ended = true;
                    return Ok(false);
                }
                Ok(n) => {
                    self.end += n;
                    return Ok(true);
                }
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
    }

    #[inline(always)]
    fn at_end(&self) -> bool {
        self.ended
    }

    fn capacity(&self) -> usize {
        self.buf.len()
    }
}
