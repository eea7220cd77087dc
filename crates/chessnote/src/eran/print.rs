//! Printing ERAN moves in their canonical verbose and short spellings.
//!
//! One function writes every spelling, [`Eran::emit_styled`], into any
//! [`AsciiSink`]; `ascii_text!` turns it into the same printing surface on
//! each type with a text form: `append_to(&mut String)`, `write_ascii` into
//! a `[u8; MAX_LEN]` and a `Display` that does not allocate. [`Eran`] and
//! [`RegularMove`] print the verbose spelling; [`Styled`] (from
//! [`Eran::display`], [`Eran::short`], [`Eran::verbose`]) the chosen one.

use super::{Eran, RegularMove, Style};
use crate::text::{AsciiSink, ascii_text};
use crate::{CastlingSide, PieceKind};

/// The length of the longest ERAN move printed by chessnote, in either
/// style: `Pawn g7-g8 ->Knight` (19 bytes). The buffer of every
/// `write_ascii` in this module.
///
/// ```
/// use chessnote::eran::{Eran, MAX_LEN};
/// let mut buf = [0; MAX_LEN];
/// let text = Eran::from_ascii(b"p a2-a1 >n")?.write_ascii(&mut buf);
/// assert_eq!(text, "Pawn a2-a1 ->Knight");
/// assert_eq!(text.len(), MAX_LEN);
/// # Ok::<(), chessnote::eran::EranError>(())
/// ```
pub const MAX_LEN: usize = 19;

impl Eran {
    /// Writes the move in `style`: the one place an ERAN move is spelled.
    #[inline]
    fn emit_styled<S: AsciiSink>(self, style: Style, out: &mut S) {
        let verbose = matches!(style, Style::Verbose);
        match self {
            Eran::Castle(side) => out.put_str(match (side, verbose) {
                (CastlingSide::KingSide, true) => "castling-kingside",
                (CastlingSide::QueenSide, true) => "castling-queenside",
                (CastlingSide::KingSide, false) => "ck",
                (CastlingSide::QueenSide, false) => "cq",
            }),
            Eran::EnPassant => out.put_str(if verbose { "en-passant" } else { "ep" }),
            Eran::Drop(drop) => {
                name(out, drop.piece, verbose);
                let [file, rank] = drop.to.ascii();
                out.put_bytes(&[b' ', b'@', file, rank]);
            }
            Eran::Regular(mv) => {
                name(out, mv.piece, verbose);
                let [from_file, from_rank] = mv.from.ascii();
                let [to_file, to_rank] = mv.to.ascii();
                let action = if mv.capture { b'x' } else { b'-' };
                out.put_bytes(&[b' ', from_file, from_rank, action, to_file, to_rank]);
                if let Some(promotion) = mv.promotion {
                    out.put_str(if verbose { " ->" } else { " >" });
                    name(out, promotion, verbose);
                }
            }
        }
    }

    /// The verbose spelling, which `Display` writes.
    #[inline]
    fn emit<S: AsciiSink>(&self, out: &mut S) {
        self.emit_styled(Style::Verbose, out);
    }

    /// The move printed in `style`: its `Display`, `append_to` and
    /// `write_ascii` give that spelling.
    ///
    /// ```
    /// use chessnote::eran::{Eran, MAX_LEN, Style};
    /// let eran = Eran::from_ascii(b"ep")?;
    /// assert_eq!(eran.display(Style::Verbose).to_string(), "en-passant");
    /// assert_eq!(format!("[{:>4}]", eran.display(Style::Short)), "[  ep]");
    ///
    /// let mut buf = [0; MAX_LEN];
    /// let castle = Eran::from_ascii(b"castling-queenside")?;
    /// assert_eq!(castle.display(Style::Short).write_ascii(&mut buf), "cq");
    /// # Ok::<(), chessnote::eran::EranError>(())
    /// ```
    #[inline]
    pub const fn display(self, style: Style) -> Styled {
        Styled { eran: self, style }
    }

    /// The move printed in the short style: `P g7-g8 >Q`, `ck`.
    ///
    /// ```
    /// use chessnote::eran::Eran;
    /// assert_eq!(Eran::from_ascii(b"Pawn g7-g8 ->Queen")?.short().to_string(), "P g7-g8 >Q");
    ///
    /// let mut line = String::from("1. ");
    /// Eran::from_ascii(b"PAWN E2-E4")?.short().append_to(&mut line);
    /// assert_eq!(line, "1. P e2-e4");
    /// # Ok::<(), chessnote::eran::EranError>(())
    /// ```
    #[inline]
    pub const fn short(self) -> Styled {
        self.display(Style::Short)
    }

    /// The move printed in the verbose style, the same as the move's own
    /// printing: `Pawn g7-g8 ->Queen`, `castling-kingside`.
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

ascii_text!(Eran, MAX_LEN);

/// A piece's name in the style: `Knight` or `N`.
#[inline]
fn name<S: AsciiSink>(out: &mut S, piece: PieceKind, verbose: bool) {
    if verbose {
        out.put_str(piece.name());
    } else {
        out.put(piece.upper_ascii());
    }
}

impl RegularMove {
    /// The move printed in the short style (`N b1-c3`); the move's own
    /// printing is verbose (`Knight b1-c3`).
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

    /// The verbose spelling, which `Display` writes.
    #[inline]
    fn emit<S: AsciiSink>(&self, out: &mut S) {
        Eran::Regular(*self).emit(out);
    }
}

ascii_text!(RegularMove, MAX_LEN);

/// An ERAN move printed in a chosen [`Style`]; made by [`Eran::display`],
/// [`Eran::short`] and [`Eran::verbose`]. It prints as every chessnote
/// value does: `Display` (width, fill and alignment honoured, no
/// allocation), `append_to` and `write_ascii`.
///
/// ```
/// use chessnote::eran::{Eran, MAX_LEN, Style};
/// let shown = Eran::from_ascii(b"R a1xa8")?.display(Style::Short);
/// assert_eq!(shown.to_string(), "R a1xa8");
/// assert_eq!(shown.write_ascii(&mut [0; MAX_LEN]), "R a1xa8");
/// # Ok::<(), chessnote::eran::EranError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Styled {
    eran: Eran,
    style: Style,
}

impl Styled {
    /// The spelling in the chosen style.
    #[inline]
    fn emit<S: AsciiSink>(&self, out: &mut S) {
        self.eran.emit_styled(self.style, out);
    }
}

ascii_text!(Styled, MAX_LEN);
