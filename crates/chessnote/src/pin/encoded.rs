//! The text of a PIN token, without allocation.

use core::cmp::Ordering;
use core::fmt;
use core::hash::{Hash, Hasher};
use core::ops::Deref;

use super::Identifier;

/// The text of an [`Identifier`]: one to three ASCII bytes kept inline, with
/// no heap allocation. [`Identifier::encode`] makes it.
///
/// It dereferences to [`str`], and every comparison (`Eq`, `Ord`, `Hash`,
/// and `==` against `str` and `&str` both ways round) is that of its text:
/// encodings sort as their strings do, which is not the order of the
/// identifiers (`"+A" < "-A"` but `-A < +A` as identifiers).
///
/// # Examples
///
/// ```
/// # fn main() -> Result<(), chessnote::pin::ParseError> {
/// use chessnote::pin::Identifier;
///
/// let enc = Identifier::parse("+K^")?.encode();
/// assert_eq!(enc.as_str(), "+K^");
/// assert_eq!(&*enc, "+K^"); // via Deref<Target = str>
/// assert_eq!(enc.len(), 3); // str method reached through Deref
/// assert_eq!(enc, "+K^"); // direct comparison via PartialEq<&str>
/// assert_eq!("+K^", enc); // and the reverse direction
///
/// // Two encodings compare to each other, and sort like their text.
/// assert_eq!(enc, Identifier::parse("+K^")?.encode());
/// assert!(Identifier::parse("K")?.encode() < Identifier::parse("K^")?.encode());
///
/// // Display honours the format spec, exactly as `str` does.
/// assert_eq!(format!("{enc:>5}"), "  +K^");
/// # Ok(())
/// # }
/// ```
#[derive(Clone, Copy)]
pub struct EncodedPin {
    /// The token in `bytes[..len]`; the rest is zero.
    bytes: [u8; 3],
    /// 1, 2 or 3.
    len: u8,
}

impl EncodedPin {
    /// Spells out `id`. Each arm writes the whole buffer and its length, so
    /// `len` is always 1 to 3 and the bytes before it are ASCII.
    #[inline]
    pub(super) const fn new(id: Identifier) -> Self {
        let abbr = id.letter().cased(id.side());
        let (bytes, len) = match (id.state().prefix(), id.is_terminal()) {
            (None, false) => ([abbr, 0, 0], 1),
            (None, true) => ([abbr, b'^', 0], 2),
            (Some(prefix), false) => ([prefix, abbr, 0], 2),
            (Some(prefix), true) => ([prefix, abbr, b'^'], 3),
        };
        EncodedPin { bytes, len }
    }

    /// The token text. Usable in `const` context.
    ///
    /// ```
    /// use chessnote::pin::Identifier;
    ///
    /// let enc = Identifier::parse("-p")?.encode();
    /// assert_eq!(enc.as_str(), "-p");
    /// # Ok::<(), chessnote::pin::ParseError>(())
    /// ```
    #[must_use]
    #[inline]
    pub const fn as_str(&self) -> &str {
        // Neither branch below can fail: `len` is at most 3 and the bytes are
        // ASCII (see `new`). They stand in for `unsafe` code.
        let Some((text, _)) = self.bytes.split_at_checked(self.len as usize) else {
            return "";
        };
        match core::str::from_utf8(text) {
            Ok(text) => text,
            Err(_) => "",
        }
    }

    /// The token text as bytes.
    ///
    /// ```
    /// use chessnote::pin::Identifier;
    ///
    /// assert_eq!(Identifier::parse("+K^")?.encode().as_bytes(), b"+K^");
    /// # Ok::<(), chessnote::pin::ParseError>(())
    /// ```
    #[must_use]
    #[inline]
    pub const fn as_bytes(&self) -> &[u8] {
        match self.bytes.split_at_checked(self.len as usize) {
            Some((text, _)) => text,
            None => &[],
        }
    }
}

impl Deref for EncodedPin {
    type Target = str;

    /// The token text; `str` methods work on an `EncodedPin`.
    ///
    /// ```
    /// use chessnote::pin::Identifier;
    ///
    /// let enc = Identifier::parse("K^")?.encode();
    /// assert!(enc.ends_with('^'));
    /// # Ok::<(), chessnote::pin::ParseError>(())
    /// ```
    #[inline]
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for EncodedPin {
    /// The token text.
    ///
    /// ```
    /// use chessnote::pin::Identifier;
    ///
    /// let enc = Identifier::parse("q")?.encode();
    /// assert_eq!(AsRef::<str>::as_ref(&enc), "q");
    /// # Ok::<(), chessnote::pin::ParseError>(())
    /// ```
    #[inline]
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl fmt::Display for EncodedPin {
    /// Writes the token text, honouring width, fill, alignment and precision
    /// as `str` does.
    ///
    /// ```
    /// use chessnote::pin::Identifier;
    ///
    /// let enc = Identifier::parse("-p")?.encode();
    /// assert_eq!(format!("{enc:0>5}"), "000-p");
    /// # Ok::<(), chessnote::pin::ParseError>(())
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.as_str())
    }
}

impl fmt::Debug for EncodedPin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "EncodedPin({:?})", self.as_str())
    }
}

impl PartialEq for EncodedPin {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        self.as_bytes() == other.as_bytes()
    }
}

impl Eq for EncodedPin {}

impl Hash for EncodedPin {
    /// Hashes the text, as the `str` it equals would.
    ///
    /// ```
    /// use std::collections::HashSet;
    /// use chessnote::pin::Identifier;
    ///
    /// let set: HashSet<_> = ["K", "k", "K"].iter().map(|t| Identifier::parse(t).unwrap().encode()).collect();
    /// assert_eq!(set.len(), 2);
    /// ```
    #[inline]
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_str().hash(state);
    }
}

impl PartialOrd for EncodedPin {
    #[inline]
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for EncodedPin {
    /// Orders by text, as `str` does.
    ///
    /// ```
    /// use chessnote::pin::Identifier;
    ///
    /// let enc = |t| Identifier::parse(t).unwrap().encode();
    /// assert!(enc("+A") < enc("-A"));
    /// assert!(Identifier::parse("+A")? > Identifier::parse("-A")?);
    /// # Ok::<(), chessnote::pin::ParseError>(())
    /// ```
    #[inline]
    fn cmp(&self, other: &Self) -> Ordering {
        self.as_bytes().cmp(other.as_bytes())
    }
}

impl PartialEq<str> for EncodedPin {
    #[inline]
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for EncodedPin {
    #[inline]
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<EncodedPin> for str {
    #[inline]
    fn eq(&self, other: &EncodedPin) -> bool {
        self == other.as_str()
    }
}

impl PartialEq<EncodedPin> for &str {
    #[inline]
    fn eq(&self, other: &EncodedPin) -> bool {
        *self == other.as_str()
    }
}
