//! Canonical FEN: the text form of [`Board`] (the placement field),
//! [`Castling`] (the castling field), [`Setup`] (a whole record) and
//! [`EpdFields`], each written once, through [`AsciiSink`].

use crate::text::{AsciiSink, ascii_text};
use crate::{Board, Castling, CastlingRight, Color, Setup};

/// The longest canonical FEN, in bytes: 64 pieces, all 20 castling rights
/// and five-digit counters.
///
/// ```
/// use chessnote::{CastlingRight, CastlingSide, Color, File, Setup};
/// let mut setup: Setup = "qqqqqqqq/qqqqqqqq/qqqqqqqq/qqqqqqqq/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ \
///     w - e6 65535 65535".parse()?;
/// for color in Color::ALL {
///     for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
///         setup.castling.insert(color, CastlingRight::Outermost(side));
///     }
///     for file in File::ALL {
///         setup.castling.insert(color, CastlingRight::File(file));
///     }
/// }
/// let mut buf = [0; chessnote::fen::MAX_LEN];
/// assert_eq!(setup.write_ascii(&mut buf).len(), chessnote::fen::MAX_LEN);
/// # Ok::<(), chessnote::fen::FenError>(())
/// ```
pub const MAX_LEN: usize = PLACEMENT_MAX_LEN + 3 + CASTLING_MAX_LEN + 3 + 2 * 6;

/// The longest piece-placement field: eight ranks of eight letters.
pub const PLACEMENT_MAX_LEN: usize = 8 * 8 + 7;

/// The longest castling field: ten rights (`K`, eight files, `Q`) a side.
pub const CASTLING_MAX_LEN: usize = 20;

/// The longest four EPD position fields ([`Setup::epd_fields`]).
pub const EPD_FIELDS_MAX_LEN: usize = MAX_LEN - 2 * 6;

impl Board {
    /// Writes the piece-placement field.
    #[inline]
    fn emit<S: AsciiSink>(&self, out: &mut S) {
        for rank in (0..8).rev() {
            let mut empty = 0u8;
            for square in &self.0[rank * 8..rank * 8 + 8] {
                match square {
                    None => empty += 1,
                    Some(piece) => {
                        if empty > 0 {
                            out.put(b'0' + empty);
                            empty = 0;
                        }
                        out.put(piece.ascii());
                    }
                }
            }
            if empty > 0 {
                out.put(b'0' + empty);
            }
            if rank > 0 {
                out.put(b'/');
            }
        }
    }
}

ascii_text!(Board, PLACEMENT_MAX_LEN);

impl Castling {
    /// Writes the castling field in canonical order (`-` for none).
    #[inline]
    fn emit<S: AsciiSink>(&self, out: &mut S) {
        if self.is_empty() {
            out.put(b'-');
            return;
        }
        for color in Color::ALL {
            let mut mask = self.mask(color);
            while mask != 0 {
                let bit = mask.trailing_zeros() as u16;
                mask &= mask - 1;
                let letter = CastlingRight::from_bit(bit).upper_ascii();
                out.put(match color {
                    Color::White => letter,
                    Color::Black => letter.to_ascii_lowercase(),
                });
            }
        }
    }
}

ascii_text!(Castling, CASTLING_MAX_LEN);

impl Setup {
    /// Writes canonical FEN, or the four EPD fields without `counters`.
    #[inline]
    fn emit_fields<S: AsciiSink>(&self, out: &mut S, counters: bool) {
        self.board.emit(out);
        out.put(b' ');
        out.put(match self.turn {
            Color::White => b'w',
            Color::Black => b'b',
        });
        out.put(b' ');
        self.castling.emit(out);
        out.put(b' ');
        match self.ep_square {
            Some(square) => {
                let [file, rank] = square.ascii();
                out.put(file);
                out.put(rank);
            }
            None => out.put(b'-'),
        }
        if counters {
            out.put(b' ');
            put_u16(out, self.halfmoves);
            out.put(b' ');
            put_u16(out, self.fullmoves);
        }
    }

    #[inline]
    fn emit<S: AsciiSink>(&self, out: &mut S) {
        self.emit_fields(out, true);
    }

    /// The four position fields of EPD (no counters), e.g. for an
    /// [`Epd`](super::Epd) record or an opening book key.
    ///
    /// ```
    /// use chessnote::Setup;
    /// assert_eq!(Setup::STARTING.epd_fields().to_string(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -");
    /// ```
    pub fn epd_fields(&self) -> EpdFields<'_> {
        EpdFields(self)
    }
}

ascii_text!(Setup, MAX_LEN);

/// The four EPD position fields of a [`Setup`]; see [`Setup::epd_fields`].
///
/// ```
/// use chessnote::Setup;
/// assert_eq!(format!("{}", Setup::EMPTY.epd_fields()), "8/8/8/8/8/8/8/8 w - -");
/// ```
#[derive(Copy, Clone, Debug)]
pub struct EpdFields<'a>(&'a Setup);

impl EpdFields<'_> {
    #[inline]
    fn emit<S: AsciiSink>(&self, out: &mut S) {
        self.0.emit_fields(out, false);
    }
}

ascii_text!(EpdFields<'_>, EPD_FIELDS_MAX_LEN);

/// Writes `value` in decimal.
#[inline]
fn put_u16<S: AsciiSink>(out: &mut S, value: u16) {
    let mut digits = [0u8; 5];
    let mut n = value;
    let mut count = 0;
    loop {
        digits[count] = b'0' + (n % 10) as u8;
        count += 1;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    while count > 0 {
        count -= 1;
        out.put(digits[count]);
    }
}
