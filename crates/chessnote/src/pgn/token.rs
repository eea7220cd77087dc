//! The values the reader hands to a visitor: NAGs, results, raw tag values
//! and comments (borrowed, with their decoders), and where a token was.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use crate::location::Location;
use crate::san::{Annotation, SanOptions};

/// A Numeric Annotation Glyph: `$0` … `$255`. The glyphs `!`, `?`, `!!`,
/// `??`, `!?` and `?!` are NAGs 1 to 6.
///
/// ```
/// use chessnote::pgn::Nag;
/// assert_eq!(Nag::from_ascii(b"$14"), Some(Nag(14)));
/// assert_eq!(Nag::from_ascii(b"!?"), Some(Nag::SPECULATIVE_MOVE));
/// assert_eq!(Nag::from_ascii(b"$256"), None);
/// assert_eq!(Nag(3).to_string(), "$3");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Nag(pub u8);

impl Nag {
    /// `!` (`$1`).
    pub const GOOD_MOVE: Nag = Nag(1);
    /// `?` (`$2`).
    pub const MISTAKE: Nag = Nag(2);
    /// `!!` (`$3`).
    pub const BRILLIANT_MOVE: Nag = Nag(3);
    /// `??` (`$4`).
    pub const BLUNDER: Nag = Nag(4);
    /// `!?` (`$5`).
    pub const SPECULATIVE_MOVE: Nag = Nag(5);
    /// `?!` (`$6`).
    pub const DUBIOUS_MOVE: Nag = Nag(6);

    /// Reads `$n` (`n` from 0 to 255, decimal) or one of the six glyphs;
    /// the whole of `bytes` must be one.
    ///
    /// ```
    /// use chessnote::pgn::Nag;
    /// assert_eq!(Nag::from_ascii(b"??"), Some(Nag::BLUNDER));
    /// assert_eq!(Nag::from_ascii(b"$"), None);
    /// ```
    pub fn from_ascii(bytes: &[u8]) -> Option<Nag> {
        match bytes {
            [b'$', digits @ ..] if !digits.is_empty() && digits.len() <= 3 => {
                let mut n: u32 = 0;
                for &d in digits {
                    if !d.is_ascii_digit() {
                        return None;
                    }
                    n = n * 10 + u32::from(d - b'0');
                }
                u8::try_from(n).ok().map(Nag)
            }
            _ => Annotation::from_ascii(bytes).map(Nag::from),
        }
    }

    /// The glyph this NAG is written as in SAN, for NAGs 1 to 6.
    ///
    /// ```
    /// use chessnote::pgn::Nag;
    /// assert_eq!(Nag(6).glyph(), Some("?!"));
    /// assert_eq!(Nag(7).glyph(), None);
    /// ```
    pub fn glyph(self) -> Option<&'static str> {
        let annotation = match self.0 {
            1 => Annotation::Good,
            2 => Annotation::Mistake,
            3 => Annotation::Brilliant,
            4 => Annotation::Blunder,
            5 => Annotation::Speculative,
            6 => Annotation::Dubious,
            _ => return None,
        };
        Some(annotation.as_str())
    }
}

impl From<Annotation> for Nag {
    /// ```
    /// use chessnote::pgn::Nag;
    /// use chessnote::san::Annotation;
    /// assert_eq!(Nag::from(Annotation::Blunder), Nag(4));
    /// ```
    fn from(annotation: Annotation) -> Nag {
        Nag(annotation.nag())
    }
}

impl fmt::Display for Nag {
    /// `$n`, as the export format writes every NAG.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "${}", self.0)
    }
}

/// A game termination marker: `1-0`, `0-1`, `1/2-1/2` or `*`.
///
/// ```
/// use chessnote::pgn::GameResult;
/// assert_eq!(GameResult::from_ascii(b"1/2-1/2"), Some(GameResult::Draw));
/// assert_eq!(GameResult::WhiteWins.to_string(), "1-0");
/// assert_eq!("*".parse::<GameResult>(), Ok(GameResult::Unknown));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// `1-0`.
    WhiteWins,
    /// `0-1`.
    BlackWins,
    /// `1/2-1/2`.
    Draw,
    /// `*`: unknown, in progress or abandoned.
    Unknown,
}

impl GameResult {
    /// The marker as the standard writes it.
    ///
    /// ```
    /// assert_eq!(chessnote::pgn::GameResult::Draw.as_str(), "1/2-1/2");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unknown => "*",
        }
    }

    /// Reads a marker in the standard's form; the whole of `bytes` must be
    /// one (surrounding spaces are not trimmed).
    ///
    /// ```
    /// use chessnote::pgn::GameResult;
    /// assert_eq!(GameResult::from_ascii(b"0-1"), Some(GameResult::BlackWins));
    /// assert_eq!(GameResult::from_ascii(b"1-0 "), None);
    /// ```
    pub fn from_ascii(bytes: &[u8]) -> Option<GameResult> {
        match bytes {
            b"1-0" => Some(GameResult::WhiteWins),
            b"0-1" => Some(GameResult::BlackWins),
            b"1/2-1/2" => Some(GameResult::Draw),
            b"*" => Some(GameResult::Unknown),
            _ => None,
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.as_str())
    }
}

impl core::str::FromStr for GameResult {
    type Err = crate::ParseNameError;

    fn from_str(s: &str) -> Result<GameResult, crate::ParseNameError> {
        GameResult::from_ascii(s.as_bytes()).ok_or(crate::ParseNameError::new("game result"))
    }
}

/// How text was decoded: PGN files are UTF-8 today, ISO 8859-1 (Latin-1,
/// the standard's own encoding) in older databases.
///
/// ```
/// use chessnote::pgn::{Encoding, decode_text};
/// assert_eq!(decode_text(b"Caf\xc3\xa9"), ("Café".into(), Encoding::Utf8));
/// assert_eq!(decode_text(b"Caf\xe9"), ("Café".into(), Encoding::Latin1));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Encoding {
    /// Valid UTF-8 (ASCII included).
    Utf8,
    /// Not valid UTF-8, so read as Latin-1: every byte is the character of
    /// that number.
    Latin1,
}

/// Decodes bytes from a PGN file as text: UTF-8 when they are valid UTF-8
/// (borrowed, no copy), otherwise Latin-1. Never fails, loses nothing:
/// Latin-1 maps every byte to a character.
///
/// ```
/// use chessnote::pgn::{Encoding, decode_text};
/// let (text, encoding) = decode_text(b"Nimzowitsch");
/// assert!(matches!(text, std::borrow::Cow::Borrowed("Nimzowitsch")));
/// assert_eq!(encoding, Encoding::Utf8);
/// ```
pub fn decode_text(bytes: &[u8]) -> (Cow<'_, str>, Encoding) {
    match core::str::from_utf8(bytes) {
        Ok(text) => (Cow::Borrowed(text), Encoding::Utf8),
        Err(_) => (
            Cow::Owned(bytes.iter().map(|&b| char::from(b)).collect::<String>()),
            Encoding::Latin1,
        ),
    }
}

/// A tag value as written between the quotes, escapes not yet decoded.
///
/// ```
/// use chessnote::pgn::RawTag;
/// let raw = RawTag(br#"The \"Immortal\" game"#);
/// assert_eq!(&*raw.decode(), br#"The "Immortal" game"#);
/// assert_eq!(raw.decode_text().0, r#"The "Immortal" game"#);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct RawTag<'a>(pub &'a [u8]);

impl<'a> RawTag<'a> {
    /// The bytes as written.
    pub fn as_bytes(&self) -> &'a [u8] {
        self.0
    }

    /// The value with `\"` and `\\` decoded (borrowed when there is no
    /// escape). Any other backslash is kept as written (the reader reports
    /// it).
    ///
    /// ```
    /// use chessnote::pgn::RawTag;
    /// assert_eq!(&*RawTag(br"a\\b\c").decode(), br"a\b\c");
    /// ```
    pub fn decode(&self) -> Cow<'a, [u8]> {
        let bytes = self.0;
        if memchr::memchr(b'\\', bytes).is_none() {
            return Cow::Borrowed(bytes);
        }
        let mut out = Vec::with_capacity(bytes.len());
        let mut i = 0;
        while i < bytes.len() {
            match (bytes[i], bytes.get(i + 1)) {
                (b'\\', Some(&next @ (b'"' | b'\\'))) => {
                    out.push(next);
                    i += 2;
                }
                (b, _) => {
                    out.push(b);
                    i += 1;
                }
            }
        }
        Cow::Owned(out)
    }

    /// The decoded value as text (see [`decode_text`]) and how it was
    /// decoded.
    ///
    /// ```
    /// use chessnote::pgn::{Encoding, RawTag};
    /// assert_eq!(RawTag(b"Nunn, J\xf6hn").decode_text(), ("Nunn, Jöhn".into(), Encoding::Latin1));
    /// ```
    pub fn decode_text(&self) -> (Cow<'a, str>, Encoding) {
        match self.decode() {
            Cow::Borrowed(bytes) => decode_text(bytes),
            Cow::Owned(bytes) => {
                let (text, encoding) = decode_text(&bytes);
                (Cow::Owned(text.into_owned()), encoding)
            }
        }
    }
}

/// Which kind of comment: `{braces}` or `; to the end of the line`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum CommentKind {
    /// `{ ... }`, the text between the braces.
    Brace,
    /// `; ...`, the text after the semicolon up to the end of the line.
    Line,
}

/// A comment as written (the braces or the `;` not included, nothing
/// trimmed), or one piece of a comment longer than the reader's buffer.
///
/// ```
/// use chessnote::pgn::{CommentKind, RawComment};
/// let comment = RawComment::new(b" [%clk 0:05:00] ", CommentKind::Brace);
/// assert_eq!(comment.as_bytes(), b" [%clk 0:05:00] ");
/// assert_eq!(comment.decode_text().0, " [%clk 0:05:00] ");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct RawComment<'a> {
    bytes: &'a [u8],
    kind: CommentKind,
    location: Location,
}

impl<'a> RawComment<'a> {
    /// A comment of these bytes (at [`Location::START`] until
    /// [`RawComment::at`] says where).
    pub const fn new(bytes: &'a [u8], kind: CommentKind) -> RawComment<'a> {
        RawComment {
            bytes,
            kind,
            location: Location::START,
        }
    }

    /// The same comment, whose `{` or `;` is at `location` (the reader
    /// gives every piece of a long comment the place where it opens).
    #[must_use]
    pub const fn at(mut self, location: Location) -> RawComment<'a> {
        self.location = location;
        self
    }

    /// Where its `{` or `;` is.
    pub const fn location(&self) -> Location {
        self.location
    }

    /// The bytes as written.
    pub const fn as_bytes(&self) -> &'a [u8] {
        self.bytes
    }

    /// Braces or a line comment.
    pub const fn kind(&self) -> CommentKind {
        self.kind
    }

    /// The text (see [`decode_text`]) and how it was decoded.
    pub fn decode_text(&self) -> (Cow<'a, str>, Encoding) {
        decode_text(self.bytes)
    }
}

/// Where a move was read, and how: the token's text, its location and the
/// SAN leniencies it needed (empty for strict SAN).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Token<'a> {
    /// The bytes of the move as written (annotation glyphs included).
    pub text: &'a [u8],
    /// Where its first byte is.
    pub location: Location,
    /// The leniencies of [`crate::san::Leniency`] its spelling needed.
    pub leniencies: SanOptions,
}

/// Whether to skip a variation: returned by
/// [`Visitor::begin_variation`](super::Visitor::begin_variation).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[must_use]
pub struct Skip(pub bool);
