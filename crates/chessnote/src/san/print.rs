//! Canonical SAN text: one `emit` per type writes it into any
//! [`AsciiSink`]; `ascii_text!` turns that into `append_to`, `write_ascii`
//! and a `Display` that does not allocate.

use super::{PieceKind, San, SanPlus};
use crate::text::{AsciiSink, ascii_text};

/// The longest canonical SAN with suffix and annotation, in bytes
/// (`Qa1xh8=Q#??` would be 11; the buffer leaves room): the size of the
/// buffer [`SanPlus::write_ascii`] and [`San::write_ascii`] write into.
///
/// ```
/// use chessnote::san::{San, SanPlus, MAX_LEN};
///
/// assert!(MAX_LEN >= "Qa1xh8=Q#??".len());
///
/// // Into a fixed buffer, without allocating.
/// let mut buf = [0; MAX_LEN];
/// assert_eq!(SanPlus::from_ascii(b"exd8=N+")?.write_ascii(&mut buf), "exd8=N+");
///
/// // Appended to a `String`.
/// let mut out = String::from("1. ");
/// SanPlus::from_ascii(b"e4!")?.append_to(&mut out);
/// assert_eq!(out, "1. e4!");
/// let mut out = String::new();
/// "Rdf8".parse::<San>()?.append_to(&mut out);
/// assert_eq!(out, "Rdf8");
/// # Ok::<(), chessnote::san::SanError>(())
/// ```
pub const MAX_LEN: usize = 16;

ascii_text!(San, MAX_LEN);
ascii_text!(SanPlus, MAX_LEN);

impl SanPlus {
    /// Writes the canonical SAN, with suffix and annotation.
    #[inline(always)]
    fn emit<S: AsciiSink>(&self, out: &mut S) {
        self.san.emit(out);
        if let Some(suffix) = self.suffix {
            out.put(suffix.ascii());
        }
        if let Some(annotation) = self.annotation {
            out.put_str(annotation.as_str());
        }
    }
}

impl San {
    /// Writes the canonical SAN.
    #[inline(always)]
    fn emit<S: AsciiSink>(&self, out: &mut S) {
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
                    out.put(piece.upper_ascii());
                }
                if let Some(file) = file {
                    out.put(file.ascii());
                }
                if let Some(rank) = rank {
                    out.put(rank.ascii());
                }
                if capture {
                    out.put(b'x');
                }
                out.put(to.file().ascii());
                out.put(to.rank().ascii());
                if let Some(promotion) = promotion {
                    out.put(b'=');
                    out.put(promotion.upper_ascii());
                }
            }
            San::Castle(side) => out.put_str(side.san()),
            San::Null => out.put_str("--"),
            San::Drop { piece, to } => {
                // python-chess's and Lichess's form: no letter for a pawn.
                if piece != PieceKind::Pawn {
                    out.put(piece.upper_ascii());
                }
                out.put(b'@');
                out.put(to.file().ascii());
                out.put(to.rank().ascii());
            }
        }
    }
}
