//! The machinery every notation shares, written once: printing into any
//! sink, named enums, sets of named values, and the error shape.
//!
//! Everything here is crate-private except [`Diagnostic`] and
//! [`ParseNameError`], which the crate root re-exports. The macros are used
//! by the notation modules:
//!
//! - [`ascii_text!`] gives a type with an `emit` method `append_to`,
//!   `write_ascii` into a fixed buffer and a non-allocating `Display`;
//! - [`named_enum!`] declares a fieldless enum whose values have stable
//!   lowercase names (`ALL`, `name`, `from_name`, `Display`, `FromStr`);
//! - [`enum_set!`] declares a set of such values in one integer, with the
//!   same verbs for every set (`contains`, `with`, `without`, `iter`, `|`,
//!   `Display`, `FromStr` of comma-separated names);
//! - [`error_kind!`] declares an error-kind enum whose variants carry a name
//!   and a message, and [`notation_error!`] the error type around it:
//!   `XError { kind, offset }`, `Display` as `"{message} at byte {offset}"`;
//! - `serde_text!` (feature `serde`) (de)serialises a type with a text form
//!   as that text.

use alloc::string::String;
use core::fmt;

/// What every chessnote error can say about itself, so that a program (the
/// `chessnote` command, a PGN reader) can report any of them the same way.
///
/// ```
/// use chessnote::Diagnostic;
/// use chessnote::san::SanPlus;
///
/// let err = SanPlus::from_ascii(b"Nf9").unwrap_err();
/// assert_eq!(err.kind_name(), "expected-rank");
/// assert_eq!(Diagnostic::offset(&err), 2);
/// assert_eq!(err.message(), "expected a rank digit `1`-`8`");
/// assert_eq!(err.to_string(), "expected a rank digit `1`-`8` at byte 2");
/// ```
pub trait Diagnostic: fmt::Display + fmt::Debug {
    /// A stable, lowercase, hyphenated name for what went wrong
    /// (`expected-rank`), for programs to match on.
    fn kind_name(&self) -> &'static str;

    /// The byte offset of the problem in the input that was parsed (the
    /// input's length when it ended too early).
    fn offset(&self) -> usize;

    /// Writes the message for people, without the position.
    ///
    /// # Errors
    ///
    /// Only those of `out`.
    fn write_message(&self, out: &mut dyn fmt::Write) -> fmt::Result;

    /// The message for people, without the position.
    fn message(&self) -> String {
        let mut text = String::new();
        // Writing into a `String` cannot fail.
        let _ = self.write_message(&mut text);
        text
    }
}

/// A name that is not one of the names a type's values go by (a leniency,
/// a castling side, …).
///
/// ```
/// use chessnote::CastlingSide;
/// let err = "left".parse::<CastlingSide>().unwrap_err();
/// assert_eq!(err.to_string(), "unknown castling side name");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct ParseNameError {
    what: &'static str,
}

impl ParseNameError {
    pub(crate) const fn new(what: &'static str) -> ParseNameError {
        ParseNameError { what }
    }

    /// What kind of name was expected (`castling side`).
    pub const fn expected(&self) -> &'static str {
        self.what
    }
}

impl fmt::Display for ParseNameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown {} name", self.what)
    }
}

impl core::error::Error for ParseNameError {}

/// Where text is written, byte by byte: a `String`, or a fixed buffer.
pub(crate) trait AsciiSink {
    /// Appends one ASCII byte.
    fn put(&mut self, byte: u8);

    /// Appends ASCII text.
    #[inline]
    fn put_str(&mut self, text: &str) {
        self.put_bytes(text.as_bytes());
    }

    /// Appends ASCII bytes (a run of [`put`](AsciiSink::put)s, which a sink
    /// may write at once).
    #[inline]
    fn put_bytes(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.put(byte);
        }
    }
}

impl AsciiSink for String {
    #[inline]
    fn put(&mut self, byte: u8) {
        // The byte is ASCII: masked, the compiler knows it too, and pushes
        // one byte with no UTF-8 encoding.
        debug_assert!(byte.is_ascii());
        self.push(char::from(byte & 0x7F));
    }

    #[inline]
    fn put_str(&mut self, text: &str) {
        self.push_str(text);
    }

    #[inline]
    fn put_bytes(&mut self, bytes: &[u8]) {
        debug_assert!(bytes.is_ascii());
        self.extend(bytes.iter().map(|&byte| char::from(byte & 0x7F)));
    }
}

/// A sink over a fixed buffer. Bytes past its end are dropped, which never
/// happens when the buffer is the type's `MAX_LEN`.
pub(crate) struct FixedBuf<'b> {
    buf: &'b mut [u8],
    len: usize,
}

impl<'b> FixedBuf<'b> {
    #[inline]
    pub(crate) fn new(buf: &'b mut [u8]) -> FixedBuf<'b> {
        FixedBuf { buf, len: 0 }
    }

    /// The text written so far.
    #[inline]
    pub(crate) fn into_str(self) -> &'b str {
        let len = self.len.min(self.buf.len());
        // Every emitter writes ASCII; a non-ASCII byte would be a bug, shown
        // as an empty text rather than a panic.
        core::str::from_utf8(&self.buf[..len]).unwrap_or("")
    }
}

impl AsciiSink for FixedBuf<'_> {
    #[inline]
    fn put(&mut self, byte: u8) {
        if let Some(slot) = self.buf.get_mut(self.len) {
            *slot = byte;
            self.len += 1;
        }
    }

    #[inline]
    fn put_str(&mut self, text: &str) {
        self.put_bytes(text.as_bytes());
    }

    /// One bounds check and one copy; what does not fit is dropped, as
    /// with [`put`](AsciiSink::put).
    #[inline]
    fn put_bytes(&mut self, bytes: &[u8]) {
        if let Some(dst) = self.buf.get_mut(self.len..self.len + bytes.len()) {
            dst.copy_from_slice(bytes);
            self.len += bytes.len();
        } else {
            for &byte in bytes {
                self.put(byte);
            }
        }
    }
}

/// Gives a type that has `fn emit<S: AsciiSink>(&self, sink: &mut S)` its
/// public printing surface: `append_to`, `write_ascii` into a
/// `[u8; MAX_LEN]`, and a `Display` that does not allocate (and honours
/// width and fill, through `Formatter::pad`).
macro_rules! ascii_text {
    ($ty:ty, $max_len:expr) => {
        impl $ty {
            /// Appends the text form to `out`.
            #[inline]
            pub fn append_to(&self, out: &mut alloc::string::String) {
                self.emit(out);
            }

            /// Writes the text form into `buf`, which is always long enough,
            /// and returns it.
            #[inline]
            pub fn write_ascii<'b>(&self, buf: &'b mut [u8; $max_len]) -> &'b str {
                let mut sink = $crate::text::FixedBuf::new(buf);
                self.emit(&mut sink);
                sink.into_str()
            }
        }

        impl core::fmt::Display for $ty {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                let mut buf = [0u8; $max_len];
                f.pad(self.write_ascii(&mut buf))
            }
        }
    };
}
pub(crate) use ascii_text;

/// Declares a fieldless enum whose values have stable lowercase names:
/// `ALL`, `name`, `from_name`, `Display` (the name) and `FromStr`.
///
/// ```ignore
/// named_enum! {
///     /// What it is.
///     pub enum Leniency: "leniency" {
///         /// What it allows.
///         ZeroCastling = "zero-castling",
///     }
/// }
/// ```
macro_rules! named_enum {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident : $what:literal {
            $( $(#[$vmeta:meta])* $variant:ident = $text:literal, )+
        }
    ) => {
        $(#[$meta])*
        #[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[repr(u8)]
        $vis enum $name {
            $( $(#[$vmeta])* $variant, )+
        }

        impl $name {
            /// Every value, in declaration order.
            pub const ALL: [$name; [$($text),+].len()] = [$($name::$variant),+];

            /// The stable lowercase name of this value.
            #[inline]
            pub const fn name(self) -> &'static str {
                match self {
                    $( $name::$variant => $text, )+
                }
            }

            /// The value of that name, if any.
            pub fn from_name(name: &str) -> Option<$name> {
                match name {
                    $( $text => Some($name::$variant), )+
                    _ => None,
                }
            }
        }

        impl core::fmt::Display for $name {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.pad(self.name())
            }
        }

        impl core::str::FromStr for $name {
            type Err = $crate::ParseNameError;

            fn from_str(s: &str) -> Result<$name, $crate::ParseNameError> {
                $name::from_name(s).ok_or($crate::ParseNameError::new($what))
            }
        }
    };
}
pub(crate) use named_enum;

/// Declares a set of the values of a fieldless enum that has `ALL` and
/// `name()` (as [`named_enum!`] gives), stored as bits of one integer. Every
/// set gets the same verbs: `EMPTY`, `ALL`, `contains`, `with`, `without`,
/// `union`, `intersection`, `difference`, `is_empty`, `len`, `iter`, `|`,
/// `&`, `Display` (names joined by `", "`) and `FromStr` (names separated by
/// commas, spaces allowed; `all` and the empty string too).
macro_rules! enum_set {
    (
        $(#[$meta:meta])*
        $vis:vis struct $set:ident($bits:ty) of $elem:ident;
    ) => {
        $(#[$meta])*
        #[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
        $vis struct $set($bits);

        impl $set {
            /// The empty set.
            pub const EMPTY: $set = $set(0);

            /// Every value.
            pub const ALL: $set = {
                let mut bits: $bits = 0;
                let mut i = 0;
                while i < $elem::ALL.len() {
                    bits |= 1 << ($elem::ALL[i] as u8);
                    i += 1;
                }
                $set(bits)
            };

            /// Whether `value` is in the set.
            #[inline]
            pub const fn contains(self, value: $elem) -> bool {
                self.0 & (1 << (value as u8)) != 0
            }

            /// The set with `value` added.
            #[inline]
            #[must_use]
            pub const fn with(self, value: $elem) -> $set {
                $set(self.0 | (1 << (value as u8)))
            }

            /// The set with `value` removed.
            #[inline]
            #[must_use]
            pub const fn without(self, value: $elem) -> $set {
                $set(self.0 & !(1 << (value as u8)))
            }

            /// The values in either set.
            #[inline]
            #[must_use]
            pub const fn union(self, other: $set) -> $set {
                $set(self.0 | other.0)
            }

            /// The values in both sets.
            #[inline]
            #[must_use]
            pub const fn intersection(self, other: $set) -> $set {
                $set(self.0 & other.0)
            }

            /// The values in `self` and not in `other`.
            #[inline]
            #[must_use]
            pub const fn difference(self, other: $set) -> $set {
                $set(self.0 & !other.0)
            }

            /// Whether every value of `self` is in `other`.
            #[inline]
            pub const fn is_subset(self, other: $set) -> bool {
                self.0 & !other.0 == 0
            }

            /// Whether the set is empty.
            #[inline]
            pub const fn is_empty(self) -> bool {
                self.0 == 0
            }

            /// How many values the set holds.
            #[inline]
            pub const fn len(self) -> usize {
                self.0.count_ones() as usize
            }

            /// The values, in declaration order.
            pub fn iter(self) -> impl Iterator<Item = $elem> + Clone {
                $elem::ALL.into_iter().filter(move |&value| self.contains(value))
            }
        }

        impl From<$elem> for $set {
            #[inline]
            fn from(value: $elem) -> $set {
                $set::EMPTY.with(value)
            }
        }

        impl core::ops::BitOr for $set {
            type Output = $set;
            #[inline]
            fn bitor(self, other: $set) -> $set {
                self.union(other)
            }
        }

        impl core::ops::BitOr<$elem> for $set {
            type Output = $set;
            #[inline]
            fn bitor(self, value: $elem) -> $set {
                self.with(value)
            }
        }

        impl core::ops::BitOrAssign for $set {
            #[inline]
            fn bitor_assign(&mut self, other: $set) {
                *self = self.union(other);
            }
        }

        impl core::ops::BitOrAssign<$elem> for $set {
            #[inline]
            fn bitor_assign(&mut self, value: $elem) {
                *self = self.with(value);
            }
        }

        impl core::ops::BitAnd for $set {
            type Output = $set;
            #[inline]
            fn bitand(self, other: $set) -> $set {
                self.intersection(other)
            }
        }

        impl FromIterator<$elem> for $set {
            fn from_iter<I: IntoIterator<Item = $elem>>(iter: I) -> $set {
                iter.into_iter().fold($set::EMPTY, $set::with)
            }
        }

        impl Extend<$elem> for $set {
            fn extend<I: IntoIterator<Item = $elem>>(&mut self, iter: I) {
                *self = iter.into_iter().fold(*self, $set::with);
            }
        }

        impl core::fmt::Debug for $set {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.debug_set().entries(self.iter()).finish()
            }
        }

        impl core::fmt::Display for $set {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                for (i, value) in self.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    f.write_str(value.name())?;
                }
                Ok(())
            }
        }

        impl core::str::FromStr for $set {
            type Err = $crate::ParseNameError;

            fn from_str(s: &str) -> Result<$set, $crate::ParseNameError> {
                if s.trim() == "all" {
                    return Ok($set::ALL);
                }
                s.split(',')
                    .map(str::trim)
                    .filter(|name| !name.is_empty())
                    .map(|name| name.parse::<$elem>())
                    .collect()
            }
        }
    };
}
pub(crate) use enum_set;

/// Declares an error-kind enum (`#[non_exhaustive]`) whose variants each
/// have a stable name and a message: `name()`, `message()`, `Display` (the
/// message) and `ALL`.
macro_rules! error_kind {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $( $(#[$vmeta:meta])* $variant:ident = ($text:literal, $message:expr), )+
        }
    ) => {
        $(#[$meta])*
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        $vis enum $name {
            $( $(#[$vmeta])* $variant, )+
        }

        impl $name {
            /// Every kind, in declaration order.
            pub const ALL: [$name; [$($text),+].len()] = [$($name::$variant),+];

            /// A stable, lowercase, hyphenated name for the kind.
            #[inline]
            pub const fn name(self) -> &'static str {
                match self {
                    $( $name::$variant => $text, )+
                }
            }

            /// What went wrong, for people.
            #[inline]
            pub const fn message(self) -> &'static str {
                match self {
                    $( $name::$variant => $message, )+
                }
            }
        }

        impl core::fmt::Display for $name {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str(self.message())
            }
        }
    };
}
pub(crate) use error_kind;

/// Declares a notation's syntax error around its kind: `XError { kind,
/// offset }` with a crate-private `new`, `kind()`, `offset()`, `Display` as
/// `"{kind} at byte {offset}"`, `core::error::Error` and [`Diagnostic`].
/// The kind needs `Copy`, `Display` (the message) and `const fn
/// name(self)`. The offset is stored as `$off` (saturating), so that small
/// errors keep small results.
macro_rules! notation_error {
    (
        $(#[$meta:meta])*
        $vis:vis struct $err:ident { kind: $kind:ty, offset: $off:ty }
    ) => {
        $(#[$meta])*
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
        $vis struct $err {
            kind: $kind,
            offset: $off,
        }

        impl $err {
            /// The error `kind` at byte `offset`.
            #[inline]
            #[allow(clippy::absurd_extreme_comparisons, clippy::unnecessary_cast, unused_comparisons)]
            pub(crate) const fn new(kind: $kind, offset: usize) -> $err {
                let offset = if offset > (<$off>::MAX as usize) {
                    <$off>::MAX
                } else {
                    offset as $off
                };
                $err { kind, offset }
            }

            /// What was wrong.
            #[inline]
            pub const fn kind(&self) -> $kind {
                self.kind
            }

            /// The byte offset of the problem in the input (the input's
            /// length when the input ended too early).
            #[inline]
            #[allow(clippy::unnecessary_cast)]
            pub const fn offset(&self) -> usize {
                self.offset as usize
            }
        }

        impl core::fmt::Display for $err {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                write!(f, "{} at byte {}", self.kind, self.offset)
            }
        }

        impl core::error::Error for $err {}

        impl $crate::Diagnostic for $err {
            fn kind_name(&self) -> &'static str {
                self.kind.name()
            }

            fn offset(&self) -> usize {
                $err::offset(self)
            }

            fn write_message(&self, out: &mut dyn core::fmt::Write) -> core::fmt::Result {
                write!(out, "{}", self.kind)
            }
        }
    };
}
pub(crate) use notation_error;

/// (De)serialises a type with a text form as that text (feature `serde`,
/// no allocation): `Serialize` writes the string `$text` computes from
/// `$this` (a `&Self`), `Deserialize` reads a string (or UTF-8 bytes)
/// through the type's `FromStr`, whose error message becomes serde's.
#[cfg(feature = "serde")]
macro_rules! serde_text {
    ($ty:ty, $expecting:literal, |$this:ident| $text:expr) => {
        impl serde::Serialize for $ty {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                let $this = self;
                serializer.serialize_str($text)
            }
        }

        impl<'de> serde::Deserialize<'de> for $ty {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<$ty, D::Error> {
                struct TextVisitor;

                impl serde::de::Visitor<'_> for TextVisitor {
                    type Value = $ty;

                    fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                        f.write_str($expecting)
                    }

                    fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<$ty, E> {
                        text.parse::<$ty>().map_err(E::custom)
                    }

                    fn visit_bytes<E: serde::de::Error>(self, bytes: &[u8]) -> Result<$ty, E> {
                        match core::str::from_utf8(bytes) {
                            Ok(text) => self.visit_str(text),
                            Err(_) => {
                                Err(E::invalid_value(serde::de::Unexpected::Bytes(bytes), &self))
                            }
                        }
                    }
                }

                deserializer.deserialize_str(TextVisitor)
            }
        }
    };
}
#[cfg(feature = "serde")]
pub(crate) use serde_text;

/// Messages that several notations give in the same words, written once.
pub(crate) mod messages {
    /// Nothing to parse.
    pub(crate) const EMPTY_MOVE: &str = "empty move";
    /// A file letter was expected.
    pub(crate) const EXPECTED_FILE: &str = "expected a file letter `a`-`h`";
    /// A rank digit was expected.
    pub(crate) const EXPECTED_RANK: &str = "expected a rank digit `1`-`8`";
    /// Both squares of a move are the same.
    pub(crate) const SAME_SQUARE: &str = "the origin square is the destination";
    /// A pawn reaches a back rank without promoting.
    pub(crate) const MISSING_PROMOTION: &str =
        "a pawn moving to the first or last rank must promote";
    /// A promotion away from the back ranks.
    pub(crate) const PROMOTION_NOT_ON_LAST_RANK: &str =
        "promotion is only possible on the first or last rank";
    /// A promotion on a piece's move.
    pub(crate) const PIECE_WITH_PROMOTION: &str = "only a pawn can promote";
    /// Trailing or misplaced input.
    pub(crate) const UNEXPECTED_BYTE: &str = "unexpected byte";
}
