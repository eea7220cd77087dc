//! The parsed PIN token.

use core::str::FromStr;

use super::{EncodedPin, Letter, MAX_LEN, ParseError, PinError, Side, State};
use crate::text::{AsciiSink, ascii_text};

/// A PIN token: the identity of a piece at the level of notation.
///
/// Four attributes, one byte each, so an `Identifier` is a 4-byte `Copy`
/// value: a [`Letter`], a [`Side`], a [`State`] and whether the piece is
/// terminal (`^`). Every combination is a valid token, so building one with
/// [`Identifier::new`] cannot fail, and the 26 × 2 × 3 × 2 = 312 identifiers
/// are exactly the 312 tokens of `^[+-]?[A-Za-z]\^?$`.
///
/// Identifiers order by letter, then side, then state, then terminal flag;
/// that is not the order of their text (see [`EncodedPin`]).
///
/// # Examples
///
/// ```
/// # fn main() -> Result<(), chessnote::pin::ParseError> {
/// use chessnote::pin::{Identifier, Side, State};
///
/// let rook: Identifier = "+r".parse()?;
/// assert_eq!(rook.letter().as_char(), 'R');
/// assert_eq!(rook.side(), Side::Second);
/// assert_eq!(rook.state(), State::Enhanced);
/// assert!(!rook.is_terminal());
///
/// // Transformations are cheap and infallible; the value is `Copy`.
/// assert_eq!(rook.flipped().normalized().encode().as_str(), "R");
/// # Ok(())
/// # }
/// ```
///
/// `Display` writes the token text, honouring width, fill, alignment and
/// precision as `str` does, without allocating; [`Identifier::append_to`]
/// and [`Identifier::write_ascii`] write the same text into a `String` or a
/// [`MAX_LEN`]-byte buffer.
///
/// ```
/// use chessnote::pin::{Identifier, MAX_LEN};
///
/// let id = Identifier::parse("+K^")?;
/// assert_eq!(id.to_string(), "+K^");
/// assert_eq!(format!("{id:*>6}"), "***+K^");
/// assert_eq!(format!("{id:.2}"), "+K");
///
/// let mut line = String::from("piece ");
/// id.append_to(&mut line);
/// assert_eq!(line, "piece +K^");
/// assert_eq!(id.write_ascii(&mut [0; MAX_LEN]), "+K^");
/// # Ok::<(), chessnote::pin::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Identifier {
    letter: Letter,
    side: Side,
    state: State,
    terminal: bool,
}

impl Identifier {
    /// The identifier with these four attributes. Infallible: every
    /// combination is a token.
    ///
    /// # Examples
    ///
    /// ```
    /// use chessnote::pin::{Identifier, Letter, Side, State};
    ///
    /// let p = Identifier::new(
    ///     Letter::try_from_char('R').unwrap(),
    ///     Side::Second,
    ///     State::Enhanced,
    ///     false,
    /// );
    /// assert_eq!(p.encode().as_str(), "+r");
    /// ```
    #[must_use]
    #[inline]
    pub const fn new(letter: Letter, side: Side, state: State, terminal: bool) -> Self {
        Identifier {
            letter,
            side,
            state,
            terminal,
        }
    }

    /// Parses a PIN token. Usable in `const` context.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] naming what is wrong if `input` is not one of the 312
    /// tokens; inputs longer than three bytes are rejected unread.
    ///
    /// # Examples
    ///
    /// ```
    /// # fn main() -> Result<(), chessnote::pin::ParseError> {
    /// use chessnote::pin::Identifier;
    ///
    /// let king = Identifier::parse("K^")?;
    /// assert!(king.is_first());
    /// assert!(king.is_terminal());
    /// # Ok(())
    /// # }
    /// ```
    #[inline]
    pub const fn parse(input: &str) -> Result<Self, ParseError> {
        super::parse::parse_bytes(input.as_bytes())
    }

    /// Parses a PIN token given as bytes, which need not be UTF-8 (a token is
    /// ASCII), and says at which byte it went wrong if it is not one: the
    /// entry point in the shape every chessnote notation shares. Usable in
    /// `const` context.
    ///
    /// The whole input must be the token. It is read left to right, at most
    /// four bytes of it: a token is over by the fourth.
    ///
    /// # Errors
    ///
    /// A [`PinError`] with what was expected and the offset of the first byte
    /// that does not fit (the input's length when it ended too early).
    ///
    /// # Examples
    ///
    /// ```
    /// use chessnote::pin::{Identifier, PinErrorKind};
    ///
    /// assert_eq!(Identifier::from_ascii(b"+r^")?, Identifier::parse("+r^")?);
    ///
    /// let err = Identifier::from_ascii(b"K^x").unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (PinErrorKind::ExpectedEnd, 2));
    /// let err = Identifier::from_ascii(b"+9").unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (PinErrorKind::ExpectedLetter, 1));
    /// assert_eq!(err.to_string(), "expected a letter after the state modifier at byte 1");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub const fn from_ascii(bytes: &[u8]) -> Result<Self, PinError> {
        super::parse::from_ascii(bytes)
    }

    /// Parses a PIN token given as bytes, which need not be UTF-8 (a token
    /// is ASCII, so anything else is rejected). Same as `TryFrom<&[u8]>`,
    /// usable in `const` context.
    ///
    /// # Errors
    ///
    /// As [`Identifier::parse`].
    ///
    /// ```
    /// use chessnote::pin::{Identifier, ParseError};
    ///
    /// assert_eq!(Identifier::parse_ascii(b"-p")?, Identifier::parse("-p")?);
    /// assert_eq!(Identifier::parse_ascii(&[0xFF, 0xFE]), Err(ParseError::InvalidStateModifier));
    /// # Ok::<(), ParseError>(())
    /// ```
    #[inline]
    pub const fn parse_ascii(input: &[u8]) -> Result<Self, ParseError> {
        super::parse::parse_bytes(input)
    }

    /// Whether `input` is a PIN token.
    ///
    /// ```
    /// use chessnote::pin::Identifier;
    ///
    /// assert!(Identifier::is_valid("+r"));
    /// assert!(!Identifier::is_valid("K+"));
    /// ```
    #[must_use]
    #[inline]
    pub const fn is_valid(input: &str) -> bool {
        Self::parse(input).is_ok()
    }

    /// The token text, in an inline buffer (no allocation). PIN has one
    /// spelling per identifier, so this is also the text it was parsed from.
    ///
    /// ```
    /// use chessnote::pin::Identifier;
    ///
    /// // The whole path from token to text runs at compile time.
    /// const KING: Identifier = match Identifier::parse("-k^") {
    ///     Ok(id) => id.flipped(),
    ///     Err(_) => panic!("not a PIN token"),
    /// };
    /// const TEXT: &str = KING.encode().as_str();
    /// assert_eq!(TEXT, "-K^");
    ///
    /// // At run time, keep the `EncodedPin` alive while you use its text.
    /// let encoded = KING.normalized().encode();
    /// assert_eq!(encoded.as_str(), "K^");
    /// ```
    #[must_use]
    #[inline]
    pub const fn encode(self) -> EncodedPin {
        EncodedPin::new(self)
    }

    /// The token text, borrowed from a table of all 312 tokens built at
    /// compile time: like `encode().as_str()`, but `'static` and faster (no
    /// UTF-8 check at run time). `Display` writes this text.
    ///
    /// ```
    /// use chessnote::pin::Identifier;
    ///
    /// let text: &'static str = Identifier::parse("+r^")?.flipped().as_str();
    /// assert_eq!(text, "+R^");
    /// # Ok::<(), chessnote::pin::ParseError>(())
    /// ```
    #[must_use]
    #[inline]
    pub const fn as_str(self) -> &'static str {
        super::text::token_text(self)
    }

    /// The abbreviation, always uppercase (the case is in [`side`](Self::side)).
    ///
    /// ```
    /// use chessnote::pin::Identifier;
    ///
    /// assert_eq!(Identifier::parse("+n")?.letter().as_char(), 'N');
    /// # Ok::<(), chessnote::pin::ParseError>(())
    /// ```
    #[must_use]
    #[inline]
    pub const fn letter(self) -> Letter {
        self.letter
    }

    /// The side: [`Side::First`] for an uppercase letter.
    ///
    /// ```
    /// use chessnote::pin::{Identifier, Side};
    ///
    /// assert_eq!(Identifier::parse("+n")?.side(), Side::Second);
    /// # Ok::<(), chessnote::pin::ParseError>(())
    /// ```
    #[must_use]
    #[inline]
    pub const fn side(self) -> Side {
        self.side
    }

    /// The state, from the `+`/`-` prefix.
    ///
    /// ```
    /// use chessnote::pin::{Identifier, State};
    ///
    /// assert_eq!(Identifier::parse("+n")?.state(), State::Enhanced);
    /// # Ok::<(), chessnote::pin::ParseError>(())
    /// ```
    #[must_use]
    #[inline]
    pub const fn state(self) -> State {
        self.state
    }

    /// Whether the piece is terminal (the `^` suffix).
    ///
    /// ```
    /// use chessnote::pin::Identifier;
    ///
    /// assert!(Identifier::parse("k^")?.is_terminal());
    /// assert!(!Identifier::parse("k")?.is_terminal());
    /// # Ok::<(), chessnote::pin::ParseError>(())
    /// ```
    #[must_use]
    #[inline]
    pub const fn is_terminal(self) -> bool {
        self.terminal
    }

    /// Whether the state is [`State::Normal`] (no prefix).
    ///
    /// ```
    /// use chessnote::pin::Identifier;
    ///
    /// assert!(Identifier::parse("B^")?.is_normal());
    /// # Ok::<(), chessnote::pin::ParseError>(())
    /// ```
    #[must_use]
    #[inline]
    pub const fn is_normal(self) -> bool {
        matches!(self.state, State::Normal)
    }

    /// Whether the state is [`State::Enhanced`] (`+`).
    ///
    /// ```
    /// use chessnote::pin::Identifier;
    ///
    /// assert!(Identifier::parse("+B")?.is_enhanced());
    /// # Ok::<(), chessnote::pin::ParseError>(())
    /// ```
    #[must_use]
    #[inline]
    pub const fn is_enhanced(self) -> bool {
        matches!(self.state, State::Enhanced)
    }

    /// Whether the state is [`State::Diminished`] (`-`).
    ///
    /// ```
    /// use chessnote::pin::Identifier;
    ///
    /// assert!(Identifier::parse("-B")?.is_diminished());
    /// # Ok::<(), chessnote::pin::ParseError>(())
    /// ```
    #[must_use]
    #[inline]
    pub const fn is_diminished(self) -> bool {
        matches!(self.state, State::Diminished)
    }

    /// Whether the side is [`Side::First`] (uppercase).
    ///
    /// ```
    /// use chessnote::pin::Identifier;
    ///
    /// assert!(Identifier::parse("Z")?.is_first());
    /// # Ok::<(), chessnote::pin::ParseError>(())
    /// ```
    #[must_use]
    #[inline]
    pub const fn is_first(self) -> bool {
        matches!(self.side, Side::First)
    }

    /// Whether the side is [`Side::Second`] (lowercase).
    ///
    /// ```
    /// use chessnote::pin::Identifier;
    ///
    /// assert!(Identifier::parse("z")?.is_second());
    /// # Ok::<(), chessnote::pin::ParseError>(())
    /// ```
    #[must_use]
    #[inline]
    pub const fn is_second(self) -> bool {
        matches!(self.side, Side::Second)
    }

    /// A copy with another letter.
    ///
    /// ```
    /// use chessnote::pin::{Identifier, Letter};
    ///
    /// let q = Letter::try_from_char('Q')?;
    /// assert_eq!(Identifier::parse("-p^")?.with_letter(q).to_string(), "-q^");
    /// # Ok::<(), chessnote::pin::ParseError>(())
    /// ```
    #[must_use]
    #[inline]
    pub const fn with_letter(self, letter: Letter) -> Self {
        Identifier { letter, ..self }
    }

    /// A copy on another side.
    ///
    /// ```
    /// use chessnote::pin::{Identifier, Side};
    ///
    /// assert_eq!(Identifier::parse("+P")?.with_side(Side::Second).to_string(), "+p");
    /// # Ok::<(), chessnote::pin::ParseError>(())
    /// ```
    #[must_use]
    #[inline]
    pub const fn with_side(self, side: Side) -> Self {
        Identifier { side, ..self }
    }

    /// A copy in another state.
    ///
    /// ```
    /// use chessnote::pin::{Identifier, State};
    ///
    /// assert_eq!(Identifier::parse("+P")?.with_state(State::Diminished).to_string(), "-P");
    /// # Ok::<(), chessnote::pin::ParseError>(())
    /// ```
    #[must_use]
    #[inline]
    pub const fn with_state(self, state: State) -> Self {
        Identifier { state, ..self }
    }

    /// A copy with the terminal flag set to `terminal`.
    ///
    /// ```
    /// use chessnote::pin::Identifier;
    ///
    /// assert_eq!(Identifier::parse("+P")?.with_terminal(true).to_string(), "+P^");
    /// # Ok::<(), chessnote::pin::ParseError>(())
    /// ```
    #[must_use]
    #[inline]
    pub const fn with_terminal(self, terminal: bool) -> Self {
        Identifier { terminal, ..self }
    }

    /// A copy in [`State::Enhanced`].
    ///
    /// ```
    /// use chessnote::pin::Identifier;
    ///
    /// assert_eq!(Identifier::parse("-s")?.enhanced().to_string(), "+s");
    /// # Ok::<(), chessnote::pin::ParseError>(())
    /// ```
    #[must_use]
    #[inline]
    pub const fn enhanced(self) -> Self {
        self.with_state(State::Enhanced)
    }

    /// A copy in [`State::Diminished`].
    ///
    /// ```
    /// use chessnote::pin::Identifier;
    ///
    /// assert_eq!(Identifier::parse("s")?.diminished().to_string(), "-s");
    /// # Ok::<(), chessnote::pin::ParseError>(())
    /// ```
    #[must_use]
    #[inline]
    pub const fn diminished(self) -> Self {
        self.with_state(State::Diminished)
    }

    /// A copy in [`State::Normal`].
    ///
    /// ```
    /// use chessnote::pin::Identifier;
    ///
    /// assert_eq!(Identifier::parse("+s^")?.normalized().to_string(), "s^");
    /// # Ok::<(), chessnote::pin::ParseError>(())
    /// ```
    #[must_use]
    #[inline]
    pub const fn normalized(self) -> Self {
        self.with_state(State::Normal)
    }

    /// A copy on the other side.
    ///
    /// ```
    /// use chessnote::pin::Identifier;
    ///
    /// assert_eq!(Identifier::parse("+K^")?.flipped().to_string(), "+k^");
    /// # Ok::<(), chessnote::pin::ParseError>(())
    /// ```
    #[must_use]
    #[inline]
    pub const fn flipped(self) -> Self {
        self.with_side(self.side.flip())
    }
}

impl Identifier {
    /// Writes the token text: the one place an identifier is printed.
    #[inline]
    fn emit<S: AsciiSink>(&self, out: &mut S) {
        out.put_str(self.as_str());
    }
}

ascii_text!(Identifier, MAX_LEN);

impl FromStr for Identifier {
    type Err = ParseError;

    /// Same as [`Identifier::parse`].
    ///
    /// ```
    /// use chessnote::pin::Identifier;
    ///
    /// let id: Identifier = "-g^".parse()?;
    /// assert!(id.is_diminished());
    /// # Ok::<(), chessnote::pin::ParseError>(())
    /// ```
    #[inline]
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Identifier::parse(s)
    }
}

impl TryFrom<&str> for Identifier {
    type Error = ParseError;

    /// Same as [`Identifier::parse`].
    ///
    /// ```
    /// use chessnote::pin::Identifier;
    ///
    /// assert!(Identifier::try_from("G^").is_ok());
    /// ```
    #[inline]
    fn try_from(s: &str) -> Result<Self, Self::Error> {
        Identifier::parse(s)
    }
}

impl TryFrom<&[u8]> for Identifier {
    type Error = ParseError;

    /// Same as [`Identifier::parse_ascii`]: bytes need not be UTF-8.
    ///
    /// ```
    /// use chessnote::pin::Identifier;
    ///
    /// assert!(Identifier::try_from(&b"+K^"[..]).is_ok());
    /// assert!(Identifier::try_from(&[0xC3_u8, 0x28][..]).is_err());
    /// ```
    #[inline]
    fn try_from(bytes: &[u8]) -> Result<Self, Self::Error> {
        Identifier::parse_ascii(bytes)
    }
}
