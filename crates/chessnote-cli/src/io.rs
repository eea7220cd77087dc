//! Input and output helpers shared by the subcommands: where the inputs come
//! from, the caret under an offending byte, and JSON lines.

use std::io::{self, BufRead, Write};

/// The inputs of a subcommand: its arguments, or else the lines of stdin.
///
/// Each item is `Ok(text)` or the I/O error that ended the input. Line
/// terminators (`\n`, `\r\n`) are removed; nothing else is.
pub fn inputs(args: Vec<String>) -> Box<dyn Iterator<Item = io::Result<String>>> {
    if args.is_empty() {
        let stdin = io::stdin();
        Box::new(stdin.lock().lines().map(|line| {
            line.map(|mut l| {
                if l.ends_with('\r') {
                    l.pop();
                }
                l
            })
        }))
    } else {
        Box::new(args.into_iter().map(Ok))
    }
}

/// Two lines that point at byte `offset` of `input`: the input itself and a
/// caret under the offending byte (past the end for "unexpected end").
pub fn caret(input: &str, offset: usize) -> String {
    let offset = offset.min(input.len());
    // Count characters, not bytes, so the caret lines up on a terminal.
    let column = input
        .char_indices()
        .take_while(|(i, _)| *i < offset)
        .count();
    format!("  {input}\n  {}^", " ".repeat(column))
}

/// A buffered stdout that gives up quietly on a closed pipe.
pub struct Out {
    inner: io::BufWriter<io::StdoutLock<'static>>,
}

impl Out {
    /// Locks stdout.
    pub fn new() -> Out {
        Out {
            inner: io::BufWriter::new(io::stdout().lock()),
        }
    }

    /// Writes one line.
    pub fn line(&mut self, text: &str) -> io::Result<()> {
        self.inner.write_all(text.as_bytes())?;
        self.inner.write_all(b"\n")
    }

    /// Writes one JSON value on a line of its own.
    pub fn json(&mut self, value: &serde_json::Value) -> io::Result<()> {
        serde_json::to_writer(&mut self.inner, value)?;
        self.inner.write_all(b"\n")
    }

    /// Flushes what is buffered.
    pub fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn caret_points_at_the_byte() {
        assert_eq!(caret("Nf9", 2), "  Nf9\n    ^");
        assert_eq!(caret("e4", 9), "  e4\n    ^");
        assert_eq!(caret("é4x", 3), "  é4x\n    ^");
    }
}
