//! The piece-name abbreviation of a PIN token.

use core::fmt;

use super::{ParseError, Side};
use crate::PieceKind;

/// The abbreviation of a piece name: one ASCII letter, kept in uppercase.
///
/// PIN abbreviations are case-insensitive (`K` and `k` name the same piece);
/// the case of a token says which [`Side`] the piece is on, and is kept there.
/// A `Letter` therefore always holds a byte in `b'A'..=b'Z'`: no constructor
/// can make any other.
///
/// Letters order alphabetically. `Debug` prints `Letter('K')`.
///
/// ```
/// use chessnote::pin::Letter;
///
/// let q = Letter::try_from_char('q')?;
/// assert_eq!(q, Letter::try_from_char('Q')?);
/// assert_eq!(q.as_char(), 'Q');
/// assert_eq!(format!("{q:?}"), "Letter('Q')");
/// # Ok::<(), chessnote::pin::ParseError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Letter(u8);

/// The bit that tells an ASCII lowercase letter from its uppercase form.
const CASE_BIT: u8 = 0x20;

/// Whether `byte` is an ASCII letter, in either case.
#[inline(always)]
pub(super) const fn is_ascii_letter(byte: u8) -> bool {
    (byte | CASE_BIT).wrapping_sub(b'a') < 26
}

impl Letter {
    /// The 26 letters, `A` to `Z`.
    ///
    /// ```
    /// use chessnote::pin::Letter;
    ///
    /// let spelled: String = Letter::ALL.iter().map(|l| l.as_char()).collect();
    /// assert_eq!(spelled, "ABCDEFGHIJKLMNOPQRSTUVWXYZ");
    /// ```
    pub const ALL: [Self; 26] = {
        let mut all = [Letter(b'A'); 26];
        let mut i = 0;
        while i < 26 {
            all[i] = Letter(b'A' + i as u8);
            i += 1;
        }
        all
    };

    /// Reads a token letter byte: the letter, and the side its case stands
    /// for. `None` for any byte that is not an ASCII letter.
    ///
    /// # Examples
    ///
    /// ```
    /// use chessnote::pin::{Letter, Side};
    ///
    /// let (letter, side) = Letter::from_ascii(b'k').unwrap();
    /// assert_eq!(letter.as_char(), 'K');
    /// assert_eq!(side, Side::Second);
    ///
    /// assert!(Letter::from_ascii(b'1').is_none());
    /// ```
    #[must_use]
    #[inline]
    pub const fn from_ascii(byte: u8) -> Option<(Self, Side)> {
        if is_ascii_letter(byte) {
            Some(Self::split_cased(byte))
        } else {
            None
        }
    }

    /// Splits a byte already known to be an ASCII letter into its uppercase
    /// letter and the side its case stands for.
    #[inline(always)]
    pub(super) const fn split_cased(byte: u8) -> (Self, Side) {
        let side = if byte & CASE_BIT == 0 {
            Side::First
        } else {
            Side::Second
        };
        (Letter(byte & !CASE_BIT), side)
    }

    /// The letter of a `char`, in either case; the case is not kept.
    ///
    /// # Errors
    ///
    /// [`ParseError::InvalidLetter`] if `c` is not an ASCII letter. Non-ASCII
    /// letters are rejected too, including those that fold to ASCII ones,
    /// such as `'\u{212A}'` (KELVIN SIGN).
    ///
    /// # Examples
    ///
    /// ```
    /// use chessnote::pin::Letter;
    ///
    /// assert_eq!(Letter::try_from_char('q').unwrap().as_char(), 'Q');
    /// assert!(Letter::try_from_char('+').is_err());
    /// ```
    #[inline]
    pub const fn try_from_char(c: char) -> Result<Self, ParseError> {
        if c.is_ascii() && is_ascii_letter(c as u8) {
            Ok(Letter(c as u8 & !CASE_BIT))
        } else {
            Err(ParseError::InvalidLetter)
        }
    }

    /// The letter as an uppercase `char`.
    ///
    /// ```
    /// use chessnote::pin::Identifier;
    ///
    /// assert_eq!(Identifier::parse("-b^")?.letter().as_char(), 'B');
    /// # Ok::<(), chessnote::pin::ParseError>(())
    /// ```
    #[must_use]
    #[inline]
    pub const fn as_char(self) -> char {
        self.0 as char
    }

    /// The letter as its uppercase ASCII byte.
    ///
    /// ```
    /// use chessnote::pin::Letter;
    ///
    /// assert_eq!(Letter::try_from_char('z')?.as_ascii(), b'Z');
    /// # Ok::<(), chessnote::pin::ParseError>(())
    /// ```
    #[must_use]
    #[inline]
    pub const fn as_ascii(self) -> u8 {
        self.0
    }

    /// The byte this letter is written as for `side`: uppercase for
    /// [`Side::First`], lowercase for [`Side::Second`].
    ///
    /// ```
    /// use chessnote::pin::{Letter, Side};
    ///
    /// let n = Letter::try_from_char('N')?;
    /// assert_eq!(n.cased(Side::First), b'N');
    /// assert_eq!(n.cased(Side::Second), b'n');
    /// # Ok::<(), chessnote::pin::ParseError>(())
    /// ```
    #[must_use]
    #[inline]
    pub const fn cased(self, side: Side) -> u8 {
        self.0 | ((side as u8) << 5)
    }

    /// The letter of a chess piece kind: its SAN/FEN letter (`P`, `N`, `B`,
    /// `R`, `Q`, `K`).
    ///
    /// ```
    /// use chessnote::PieceKind;
    /// use chessnote::pin::Letter;
    ///
    /// assert_eq!(Letter::from_piece_kind(PieceKind::Knight).as_char(), 'N');
    /// ```
    #[must_use]
    #[inline]
    pub const fn from_piece_kind(kind: PieceKind) -> Self {
        Letter(kind.upper_ascii())
    }

    /// The chess piece kind this letter abbreviates, if any: `Some` for the
    /// six letters `P`, `N`, `B`, `R`, `Q`, `K`, `None` for the other twenty.
    ///
    /// ```
    /// use chessnote::PieceKind;
    /// use chessnote::pin::Letter;
    ///
    /// assert_eq!(Letter::try_from_char('q')?.piece_kind(), Some(PieceKind::Queen));
    /// assert_eq!(Letter::try_from_char('G')?.piece_kind(), None);
    /// # Ok::<(), chessnote::pin::ParseError>(())
    /// ```
    #[must_use]
    #[inline]
    pub const fn piece_kind(self) -> Option<PieceKind> {
        PieceKind::from_upper_ascii(self.0)
    }
}

impl TryFrom<char> for Letter {
    type Error = ParseError;

    /// Same as [`Letter::try_from_char`].
    ///
    /// ```
    /// use chessnote::pin::Letter;
    ///
    /// assert_eq!(Letter::try_from('Z').unwrap().as_char(), 'Z');
    /// assert!(Letter::try_from('!').is_err());
    /// ```
    #[inline]
    fn try_from(c: char) -> Result<Self, Self::Error> {
        Self::try_from_char(c)
    }
}

impl From<PieceKind> for Letter {
    /// Same as [`Letter::from_piece_kind`].
    ///
    /// ```
    /// use chessnote::PieceKind;
    /// use chessnote::pin::Letter;
    ///
    /// assert_eq!(Letter::from(PieceKind::Bishop).as_char(), 'B');
    /// ```
    #[inline]
    fn from(kind: PieceKind) -> Self {
        Letter::from_piece_kind(kind)
    }
}

impl fmt::Debug for Letter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Written out rather than through `debug_tuple`, so that `{:#?}` keeps
        // it on one line, as sashite-pin does.
        write!(f, "Letter({:?})", self.as_char())
    }
}
