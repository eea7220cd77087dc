//! Printing ERAN moves in their canonical verbose and short spellings.

use alloc::string::String;
use core::fmt;

use super::{Eran, RegularMove, Style};
use crate::{CastlingSide, PieceKind};

/// The length of the longest ERAN move printed by chessnote:
/// `Pawn g7-g8 ->Knight` (19 bytes).
///
/// ```
/// use chessnote::eran::{Eran, MAX_LEN, Style};
/// let mut buf = [0; MAX_LEN];
/// let text = Eran::from_ascii(b"p a2-a1 >n")?.encode(Style::Verbose, &mut buf);
/// assert_eq!(text, "Pawn a2-a1 ->Knight");
/// assert_eq!(text.len(), MAX_LEN);
/// # Ok::<(), chessnote::eran::EranError>(())
/// ```
pub const MAX_LEN: usize = 19;

const fn short_name(piece: PieceKind) -> &'static [u8] {
    match piece {
        PieceKind::Pawn => b"P",
        PieceKind::Knight => b"N",
        PieceKind::Bishop => b"B",
        PieceKind::Rook => b"R",
        PieceKind::Queen => b"Q",
        PieceKind::King => b"K",
    }
}

struct Cursor<'a> {
    buf: &'a mut [u8; MAX_LEN],
    len: usize,
}

impl Cursor<'_> {
    #[inline]
    fn put(&mut self, bytes: &[u8]) {
        // Every spelling fits in MAX_LEN bytes; `get_mut` keeps this panic-free.
        if let Some(dst) = self.buf.get_mut(self.len..self.len + bytes.len()) {
            dst.copy_from_slice(bytes);
            self.len += bytes.len();
        }
    }
}

impl Eran {
    /// Writes the move into `buf` in `style` and returns the text, without
    /// allocating.
    ///
    /// ```
    /// use chessnote::eran::{Eran, MAX_LEN, Style};
    /// let mut buf = [0; MAX_LEN];
    /// let eran = Eran::from_ascii(b"castling-queenside")?;
    /// assert_eq!(eran.encode(Style::Short, &mut buf), "cq");
    /// # Ok::<(), chessnote::eran::EranError>(())
    /// ```
    pub fn encode(self, style: Style, buf: &mut [u8; MAX_LEN]) -> &str {
        let verbose = matches!(style, Style::Verbose);
        let mut out = Cursor { buf, len: 0 };
        match self {
            Eran::Castle(CastlingSide::KingSide) => {
                out.put(if verbose { b"castling-kingside" } else { b"ck" })
            }
            Eran::Castle(CastlingSide::QueenSide) => out.put(if verbose {
                b"castling-queenside"
            } else {
                b"cq"
            }),
            Eran::EnPassant => out.put(if verbose { b"en-passant" } else { b"ep" }),
            Eran::Regular(mv) => {
                let name = |piece: PieceKind| {
                    if verbose {
                        piece.name().as_bytes()
                    } else {
                        short_name(piece)
                    }
                };
                out.put(name(mv.piece));
                let from = mv.from.ascii();
                let to = mv.to.ascii();
                let action = if mv.capture { b'x' } else { b'-' };
                out.put(&[b' ', from[0], from[1], action, to[0], to[1]]);
                if let Some(promotion) = mv.promotion {
                    out.put(if verbose { b" ->" } else { b" >" });
                    out.put(name(promotion));
                }
            }
        }
        let len = out.len;
        core::str::from_utf8(&buf[..len]).unwrap_or("")
    }

    /// Appends the move to `out` in `style`.
    ///
    /// ```
    /// use chessnote::eran::{Eran, Style};
    /// let mut line = String::from("1. ");
    /// Eran::from_ascii(b"PAWN E2-E4")?.append_to(&mut line, Style::Short);
    /// assert_eq!(line, "1. P e2-e4");
    /// # Ok::<(), chessnote::eran::EranError>(())
    /// ```
    pub fn append_to(self, out: &mut String, style: Style) {
        let mut buf = [0; MAX_LEN];
        out.push_str(self.encode(style, &mut buf));
    }

    /// A `Display` of the move in `style`.
    ///
    /// ```
    /// use chessnote::eran::{Eran, Style};
    /// let eran = Eran::from_ascii(b"ep")?;
    /// assert_eq!(eran.display(Style::Verbose).to_string(), "en-passant");
    /// assert_eq!(format!("[{:>4}]", eran.display(Style::Short)), "[  ep]");
    /// # Ok::<(), chessnote::eran::EranError>(())
    /// ```
    #[inline]
    pub const fn display(self, style: Style) -> Styled {
        Styled { eran: self, style }
    }

    /// A `Display` of the move in the short style: `P g7-g8 >Q`, `ck`.
    ///
    /// ```
    /// use chessnote::eran::Eran;
    /// assert_eq!(Eran::from_ascii(b"Pawn g7-g8 ->Queen")?.short().to_string(), "P g7-g8 >Q");
    /// # Ok::<(), chessnote::eran::EranError>(())
    /// ```
    #[inline]
    pub const fn short(self) -> Styled {
        self.display(Style::Short)
    }

    /// A `Display` of the move in the verbose style, the same as the move's
    /// own `Display`: `Pawn g7-g8 ->Queen`, `castling-kingside`.
    ///
    /// ```
    /// use chessnote::eran::Eran;
    /// assert_eq!(Eran::from_ascii(b"P g7-g8 >Q")?.verbose().to_string(), "Pawn g7-g8 ->Queen");
    /// # Ok::<(), chessnote::eran::EranError>(())
    /// ```
    #[inline]
    pub const fn verbose(self) -> Styled {
        self.display(Style::Verbose)
    }
}

impl RegularMove {
    /// A `Display` of the move in the short style (`N b1-c3`); the move's
    /// own `Display` is verbose (`Knight b1-c3`).
    ///
    /// ```
    /// use chessnote::eran::RegularMove;
    /// let mv: RegularMove = "knight b1-c3".parse()?;
    /// assert_eq!(mv.short().to_string(), "N b1-c3");
    /// assert_eq!(mv.to_string(), "Knight b1-c3");
    /// # Ok::<(), chessnote::eran::EranError>(())
    /// ```
    #[inline]
    pub const fn short(self) -> Styled {
        Eran::Regular(self).short()
    }
}

/// An ERAN move printed in a chosen [`Style`]; made by [`Eran::display`],
/// [`Eran::short`] and [`Eran::verbose`]. Width, fill and alignment are
/// honoured.
///
/// ```
/// use chessnote::eran::{Eran, Style};
/// let shown = Eran::from_ascii(b"R a1xa8")?.display(Style::Verbose);
/// assert_eq!(shown.to_string(), "Rook a1xa8");
/// # Ok::<(), chessnote::eran::EranError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Styled {
    eran: Eran,
    style: Style,
}

impl fmt::Display for Styled {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut buf = [0; MAX_LEN];
        f.pad(self.eran.encode(self.style, &mut buf))
    }
}

impl fmt::Display for Eran {
    /// The verbose spelling: `Pawn e2-e4`, `castling-kingside`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.verbose(), f)
    }
}

impl fmt::Display for RegularMove {
    /// The verbose spelling: `Knight b1-c3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&Eran::Regular(*self).verbose(), f)
    }
}
