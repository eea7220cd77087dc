//! Why a string is not a PIN token.

use core::fmt;

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

/// `core::error::Error` (the same trait as `std::error::Error`), implemented
/// with or without the `std` feature, as sashite-pin does.
///
/// ```
/// let err: &dyn core::error::Error = &chessnote::pin::ParseError::Empty;
/// assert_eq!(err.to_string(), "empty PIN token");
/// ```
impl core::error::Error for ParseError {}
