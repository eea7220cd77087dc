//! Where a byte is in a text file: line and column, for readers of files.
//!
//! The parsers report byte offsets within what they were given. A program
//! that reads a file turns them into lines and columns with a
//! [`LineCounter`] that it advances over the bytes it has consumed, so
//! positions cost nothing until one is asked for, and streams of any size
//! are fine.
//!
//! ```
//! use chessnote::location::{LineCounter, Location};
//!
//! let text = b"e4\nNf3\nNf9\n";
//! let mut counter = LineCounter::new();
//! counter.advance(&text[..7]); // two lines consumed
//! let at = counter.locate(&text[7..], 2); // byte 2 of the third line
//! assert_eq!(at, Location { byte: 9, line: 3, column: 3 });
//! assert_eq!(at.to_string(), "3:3");
//! ```

use core::fmt;

/// A place in a text: the byte offset from its start (0-based), the line
/// (1-based) and the column (1-based, counted in bytes, as compilers and
/// `grep -b` do).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Location {
    /// The byte offset from the start of the text.
    pub byte: u64,
    /// The line, from 1. Lines end at `\n` (a `\r` before it belongs to the
    /// line it ends).
    pub line: u64,
    /// The column, from 1, in bytes.
    pub column: u64,
}

impl Location {
    /// The start of a text: byte 0, line 1, column 1.
    pub const START: Location = Location {
        byte: 0,
        line: 1,
        column: 1,
    };
}

impl Default for Location {
    /// [`Location::START`].
    fn default() -> Location {
        Location::START
    }
}

impl fmt::Display for Location {
    /// `line:column`, the form editors jump to.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.column)
    }
}

/// Counts lines over the bytes a reader has consumed, in any number of
/// pieces.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct LineCounter {
    byte: u64,
    line: u64,
    line_start: u64,
}

impl Default for LineCounter {
    fn default() -> LineCounter {
        LineCounter::new()
    }
}

impl LineCounter {
    /// A counter at the start of a text: byte 0, line 1, column 1.
    pub const fn new() -> LineCounter {
        LineCounter {
            byte: 0,
            line: 1,
            line_start: 0,
        }
    }

    /// Moves past `consumed`, the next bytes of the text.
    pub fn advance(&mut self, consumed: &[u8]) {
        let mut line_start_in_chunk = None;
        for (i, &byte) in consumed.iter().enumerate() {
            if byte == b'\n' {
                self.line += 1;
                line_start_in_chunk = Some(i + 1);
            }
        }
        if let Some(start) = line_start_in_chunk {
            self.line_start = self.byte + start as u64;
        }
        self.byte += consumed.len() as u64;
    }

    /// Moves past one whole line of `len` bytes, its `\n` included (for
    /// readers that already split lines).
    pub fn advance_line(&mut self, len: usize) {
        self.byte += len as u64;
        self.line += 1;
        self.line_start = self.byte;
    }

    /// Where the next byte is.
    pub const fn here(&self) -> Location {
        Location {
            byte: self.byte,
            line: self.line,
            column: self.byte - self.line_start + 1,
        }
    }

    /// Where byte `offset` of `ahead` is, `ahead` being the bytes that
    /// follow those consumed so far (an offset past its end counts as if
    /// the text went on without a newline).
    pub fn locate(&self, ahead: &[u8], offset: usize) -> Location {
        let mut counter = *self;
        counter.advance(ahead.get(..offset).unwrap_or(ahead));
        let mut at = counter.here();
        let beyond = offset.saturating_sub(ahead.len()) as u64;
        at.byte += beyond;
        at.column += beyond;
        at
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_columns_across_pieces() {
        let text = b"[Event \"x\"]\r\n\r\n1. e4 {a\nb} e5\n";
        let mut whole = LineCounter::new();
        whole.advance(text);
        let mut pieces = LineCounter::new();
        for chunk in text.chunks(3) {
            pieces.advance(chunk);
        }
        assert_eq!(whole, pieces);
        assert_eq!(whole.here().line, 5);
        let start = LineCounter::new();
        // `b` of the comment: line 4, column 1.
        assert_eq!(
            start.locate(text, 24),
            Location {
                byte: 24,
                line: 4,
                column: 1
            }
        );
        assert_eq!(
            start.locate(b"ab", 5),
            Location {
                byte: 5,
                line: 1,
                column: 6
            }
        );
        let mut lines = LineCounter::new();
        lines.advance_line(14);
        assert_eq!(
            lines.here(),
            Location {
                byte: 14,
                line: 2,
                column: 1
            }
        );
    }
}
