//! Why a string is not a PIN token: [`PinError`], in the one shape every
//! chessnote notation shares, and the seed's [`ParseError`].

use core::fmt;

use crate::text::{error_kind, notation_error};

error_kind! {
    /// What was wrong with a PIN token (see [`PinError`] for where).
    ///
    /// The token is read left to right, `[+-]?[A-Za-z]\^?`, and the kind
    /// says what was expected at the first byte that does not fit.
    ///
    /// ```
    /// use chessnote::pin::{Identifier, PinErrorKind};
    ///
    /// let err = Identifier::from_ascii(b"K^x").unwrap_err();
    /// assert_eq!(err.kind(), PinErrorKind::ExpectedEnd);
    /// assert_eq!(err.kind().name(), "expected-end");
    /// assert_eq!(err.kind().message(), "expected the end of the PIN token after the terminal marker `^`");
    /// ```
    pub enum PinErrorKind {
        /// The input is empty.
        Empty = ("empty", "expected a PIN token, found an empty input"),
        /// The first byte is neither a state modifier (`+`, `-`) nor a
        /// letter.
        ExpectedModifierOrLetter = (
            "expected-modifier-or-letter",
            "expected a state modifier `+` or `-`, or a letter, to start the PIN token"
        ),
        /// The state modifier is not followed by a letter.
        ExpectedLetter = ("expected-letter", "expected a letter after the state modifier"),
        /// The letter is followed by something other than `^`.
        ExpectedMarkerOrEnd = (
            "expected-marker-or-end",
            "expected the terminal marker `^` or the end of the PIN token after the letter"
        ),
        /// Something follows the terminal marker `^`.
        ExpectedEnd = (
            "expected-end",
            "expected the end of the PIN token after the terminal marker `^`"
        ),
    }
}

notation_error! {
    /// What was wrong with a PIN token, and at which byte: the error of
    /// [`Identifier::from_ascii`](super::Identifier::from_ascii), in the
    /// shape every chessnote notation shares.
    ///
    /// The offset is that of the first byte that does not fit (the input's
    /// length when it ended too early), known when the input is parsed. The
    /// seed's [`ParseError`] names the same inputs by their length instead
    /// and is what the seed's entry points (`parse`, `FromStr`, `TryFrom`)
    /// keep returning.
    ///
    /// ```
    /// use chessnote::Diagnostic;
    /// use chessnote::pin::{Identifier, PinErrorKind};
    ///
    /// let err = Identifier::from_ascii(b"+K+").unwrap_err();
    /// assert_eq!(err.kind(), PinErrorKind::ExpectedMarkerOrEnd);
    /// assert_eq!(err.offset(), 2);
    /// assert_eq!(
    ///     err.to_string(),
    ///     "expected the terminal marker `^` or the end of the PIN token after the letter at byte 2"
    /// );
    /// assert_eq!(err.kind_name(), "expected-marker-or-end");
    /// ```
    pub struct PinError { kind: PinErrorKind, offset: u8 }
}

/// The reason a string could not be parsed as a PIN token.
///
/// Every parsing entry point ([`Identifier::parse`](super::Identifier::parse),
/// `FromStr`, `TryFrom<&str>`, `TryFrom<&[u8]>`) and
/// [`Letter::try_from_char`](super::Letter::try_from_char) return it. The enum
/// is `#[non_exhaustive]`: match it with a wildcard arm.
///
/// # Which variant
///
/// The input's length in **bytes** decides which shape it must have, and the
/// variant names the first position of that shape that does not fit:
///
/// | length | shape | variant, by failing position |
/// |---|---|---|
/// | 0 | — | [`Empty`](Self::Empty) |
/// | 1 | `<abbr>` | byte 0: [`InvalidLetter`](Self::InvalidLetter) |
/// | 2 | `<abbr>^` if byte 0 is a letter | byte 1: [`InvalidTerminalMarker`](Self::InvalidTerminalMarker) |
/// | 2 | `<modifier><abbr>` if byte 0 is `+`/`-` | byte 1: [`InvalidLetter`](Self::InvalidLetter) |
/// | 2 | otherwise | byte 0: [`InvalidStateModifier`](Self::InvalidStateModifier) |
/// | 3 | `<modifier><abbr>^` | byte 0: [`InvalidStateModifier`](Self::InvalidStateModifier), byte 1: [`InvalidLetter`](Self::InvalidLetter), byte 2: [`InvalidTerminalMarker`](Self::InvalidTerminalMarker) |
/// | 4 or more | — | [`TooLong`](Self::TooLong), before any byte is read |
///
/// So `"K^^"` is `InvalidStateModifier` (three bytes must start with `+` or
/// `-`), `"é"` (two bytes) is `InvalidStateModifier`, and `"🨀"` (one
/// character, four bytes) is `TooLong`. [`ParseError::offset`] turns the
/// variant back into the byte it blames.
///
/// # Examples
///
/// ```
/// use chessnote::pin::{Identifier, ParseError};
///
/// assert_eq!("".parse::<Identifier>(), Err(ParseError::Empty));
/// assert_eq!("++K".parse::<Identifier>(), Err(ParseError::InvalidLetter));
/// // Byte length, not character length: one character, four bytes.
/// assert_eq!("🨀".parse::<Identifier>(), Err(ParseError::TooLong));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ParseError {
    /// The input is empty.
    ///
    /// ```
    /// use chessnote::pin::{Identifier, ParseError};
    /// assert_eq!(Identifier::parse(""), Err(ParseError::Empty));
    /// ```
    Empty,
    /// The input is longer than three bytes (one non-ASCII character can be).
    ///
    /// ```
    /// use chessnote::pin::{Identifier, ParseError};
    /// assert_eq!(Identifier::parse("+K^^"), Err(ParseError::TooLong));
    /// ```
    TooLong,
    /// The abbreviation position holds a byte that is not an ASCII letter.
    ///
    /// ```
    /// use chessnote::pin::{Identifier, ParseError};
    /// assert_eq!(Identifier::parse("+1"), Err(ParseError::InvalidLetter));
    /// ```
    InvalidLetter,
    /// The first byte can start no token of the input's length: not `+` or
    /// `-`, nor (in a two-byte input) a letter.
    ///
    /// ```
    /// use chessnote::pin::{Identifier, ParseError};
    /// assert_eq!(Identifier::parse("^K"), Err(ParseError::InvalidStateModifier));
    /// ```
    InvalidStateModifier,
    /// The byte after the letter is not `^`.
    ///
    /// ```
    /// use chessnote::pin::{Identifier, ParseError};
    /// assert_eq!(Identifier::parse("K+"), Err(ParseError::InvalidTerminalMarker));
    /// ```
    InvalidTerminalMarker,
}

impl ParseError {
    /// The message `Display` prints: short and lowercase, to be chained into
    /// a larger one.
    ///
    /// ```
    /// use chessnote::pin::ParseError;
    ///
    /// assert_eq!(ParseError::TooLong.message(), "PIN token longer than three bytes");
    /// ```
    #[must_use]
    pub const fn message(self) -> &'static str {
        match self {
            ParseError::Empty => "empty PIN token",
            ParseError::TooLong => "PIN token longer than three bytes",
            ParseError::InvalidLetter => "PIN abbreviation is not an ASCII letter",
            ParseError::InvalidStateModifier => {
                "PIN token starts with neither a state modifier nor a letter"
            }
            ParseError::InvalidTerminalMarker => "invalid PIN terminal marker (expected '^')",
        }
    }

    /// The byte offset this error blames, in a rejected input of `input_len`
    /// bytes: the position the variant names (see the table above).
    ///
    /// [`Empty`](Self::Empty) blames offset 0 (the end of the input) and
    /// [`TooLong`](Self::TooLong) blames offset 3, the first byte past the
    /// longest token. The result is never greater than `input_len`.
    ///
    /// ```
    /// use chessnote::pin::Identifier;
    ///
    /// for (input, offset) in [("K+", 1), ("^K", 0), ("+1", 1), ("+K+", 2), ("KKKK", 3), ("", 0)] {
    ///     let err = Identifier::parse(input).unwrap_err();
    ///     assert_eq!(err.offset(input.len()), offset, "{input:?}");
    /// }
    /// ```
    #[must_use]
    pub const fn offset(self, input_len: usize) -> usize {
        let offset = match self {
            ParseError::Empty | ParseError::InvalidStateModifier => 0,
            ParseError::TooLong => 3,
            ParseError::InvalidLetter => (input_len > 1) as usize,
            ParseError::InvalidTerminalMarker => input_len.saturating_sub(1),
        };
        if offset < input_len {
            offset
        } else {
            input_len
        }
    }
}

impl fmt::Display for ParseError {
    /// Writes [`ParseError::message`], honouring width, fill, alignment and
    /// precision as `str` does.
    ///
    /// ```
    /// use chessnote::pin::ParseError;
    ///
    /// assert_eq!(ParseError::Empty.to_string(), "empty PIN token");
    /// assert_eq!(format!("{:>20}", ParseError::Empty), "     empty PIN token");
    /// assert_eq!(format!("{:.5}", ParseError::Empty), "empty");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.message())
    }
}

impl ParseError {
    /// The seed's error for an input of `input_len` bytes that the careful
    /// parser rejected with `err`: the length picks the shape (see the table
    /// above), and the kind and offset of `err` the first position of that
    /// shape that does not fit. The seed's entry points pick their error
    /// directly (`parse::reject`, which is faster); this is the statement
    /// of how the two errors relate, which the unit tests check `reject`
    /// against on every input of up to three bytes.
    #[cfg(test)]
    pub(super) const fn from_pin(err: PinError, input_len: usize) -> ParseError {
        match (input_len, err.kind()) {
            (0, _) => ParseError::Empty,
            (1, _) => ParseError::InvalidLetter,
            (4.., _) => ParseError::TooLong,
            (_, PinErrorKind::ExpectedLetter) => ParseError::InvalidLetter,
            // Two bytes, or three with a modifier first: the byte after the
            // letter is the marker's place.
            (2, PinErrorKind::ExpectedMarkerOrEnd) => ParseError::InvalidTerminalMarker,
            (_, PinErrorKind::ExpectedMarkerOrEnd) if err.offset() == 2 => {
                ParseError::InvalidTerminalMarker
            }
            // Three bytes that do not start with a modifier (`K^x`, `KKK`,
            // `^KK`), and two that start with neither a modifier nor a letter.
            _ => ParseError::InvalidStateModifier,
        }
    }
}

/// `core::error::Error` (the same trait as `std::error::Error`), implemented
/// with or without the `std` feature, as sashite-pin does.
///
/// ```
/// let err: &dyn core::error::Error = &chessnote::pin::ParseError::Empty;
/// assert_eq!(err.to_string(), "empty PIN token");
/// ```
impl core::error::Error for ParseError {}
