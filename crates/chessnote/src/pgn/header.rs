//! A game's tag pairs, decoded once into one reused buffer: what every
//! reader of games ([`super::Game`], [`super::Headers`], the export's rows,
//! the `--where` filter, problem reports) reads them from.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use super::{Encoding, RawTag};

/// A game's tag pairs, in input order, escapes decoded, as text (UTF-8, or
/// Latin-1 when a pair was not valid UTF-8: [`Tags::encoding`]).
///
/// The pairs live in one `String`, so a game's tags cost two allocations
/// however many there are, and none at all when a `Tags` is cleared and
/// filled again (as the readers of [`super::Replay`] do from game to
/// game). A name may repeat; [`Tags::get`] gives the first value.
///
/// ```
/// use chessnote::pgn::Tags;
///
/// let mut tags = Tags::new();
/// tags.push("White", "Morphy");
/// tags.push("Black", "Duke Karl / Count Isouard");
/// assert_eq!(tags.get("White"), Some("Morphy"));
/// assert_eq!(tags.get("Result"), None);
/// assert_eq!(tags.iter().map(|(name, _)| name).collect::<Vec<_>>(), ["White", "Black"]);
/// ```
#[derive(Clone, Default, PartialEq, Eq, Hash)]
pub struct Tags {
    /// Every name and value, one after the other.
    text: String,
    /// For each pair, where its name ends and where its value ends in
    /// `text` (its name starts where the pair before it ends).
    ends: Vec<(usize, usize)>,
    encoding: Encoding,
}

impl Default for Encoding {
    /// [`Encoding::Utf8`].
    fn default() -> Encoding {
        Encoding::Utf8
    }
}

impl Tags {
    /// No tag.
    pub const fn new() -> Tags {
        Tags {
            text: String::new(),
            ends: Vec::new(),
            encoding: Encoding::Utf8,
        }
    }

    /// Adds a pair after the others.
    pub fn push(&mut self, name: &str, value: &str) {
        self.text.push_str(name);
        let name_end = self.text.len();
        self.text.push_str(value);
        self.ends.push((name_end, self.text.len()));
    }

    /// Adds a pair as the reader hands it: the name's bytes and the raw
    /// value, decoded (escapes, then UTF-8 or Latin-1).
    ///
    /// ```
    /// use chessnote::pgn::{Encoding, RawTag, Tags};
    /// let mut tags = Tags::new();
    /// tags.push_raw(b"Event", RawTag(br#"The \"Immortal\""#));
    /// tags.push_raw(b"Site", RawTag(b"K\xf6ln"));
    /// assert_eq!(tags.get("Event"), Some(r#"The "Immortal""#));
    /// assert_eq!(tags.get("Site"), Some("Köln"));
    /// assert_eq!(tags.encoding(), Encoding::Latin1);
    /// ```
    pub fn push_raw(&mut self, name: &[u8], value: RawTag<'_>) {
        let (name, name_encoding) = super::decode_text(name);
        let (value, value_encoding) = value.decode_text();
        if name_encoding == Encoding::Latin1 || value_encoding == Encoding::Latin1 {
            self.encoding = Encoding::Latin1;
        }
        self.push(&name, &value);
    }

    /// Tags of text decoded elsewhere: `text` holds every name and value
    /// one after the other, `ends` where each name and value ends.
    pub(super) fn from_parts(text: String, ends: Vec<(usize, usize)>, encoding: Encoding) -> Tags {
        Tags {
            text,
            ends,
            encoding,
        }
    }

    /// The buffers, emptied, to fill again.
    pub(super) fn into_buffers(self) -> (Vec<u8>, Vec<(usize, usize)>) {
        let mut text = self.text.into_bytes();
        let mut ends = self.ends;
        text.clear();
        ends.clear();
        (text, ends)
    }

    /// Removes every pair, keeping the memory.
    pub fn clear(&mut self) {
        self.text.clear();
        self.ends.clear();
        self.encoding = Encoding::Utf8;
    }

    /// The number of pairs.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// [`Encoding::Latin1`] when a pair was not valid UTF-8 and was read as
    /// Latin-1.
    pub fn encoding(&self) -> Encoding {
        self.encoding
    }

    /// The pair at `index` (in input order).
    pub fn pair(&self, index: usize) -> Option<(&str, &str)> {
        let (name_end, value_end) = *self.ends.get(index)?;
        let start = match index {
            0 => 0,
            _ => self.ends[index - 1].1,
        };
        Some((&self.text[start..name_end], &self.text[name_end..value_end]))
    }

    /// The value of the first pair named `name`.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.iter().find(|(n, _)| *n == name).map(|(_, v)| v)
    }

    /// The pairs, in input order.
    pub fn iter(&self) -> TagsIter<'_> {
        TagsIter {
            tags: self,
            next: 0,
        }
    }

    /// The pairs as owned strings.
    pub fn to_vec(&self) -> Vec<(String, String)> {
        self.iter()
            .map(|(n, v)| (String::from(n), String::from(v)))
            .collect()
    }
}

impl fmt::Debug for Tags {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<'a> FromIterator<(&'a str, &'a str)> for Tags {
    fn from_iter<T: IntoIterator<Item = (&'a str, &'a str)>>(pairs: T) -> Tags {
        let mut tags = Tags::new();
        for (name, value) in pairs {
            tags.push(name, value);
        }
        tags
    }
}

impl<'a> IntoIterator for &'a Tags {
    type Item = (&'a str, &'a str);
    type IntoIter = TagsIter<'a>;

    fn into_iter(self) -> TagsIter<'a> {
        self.iter()
    }
}

/// The pairs of a [`Tags`], in input order.
#[derive(Clone, Debug)]
pub struct TagsIter<'a> {
    tags: &'a Tags,
    next: usize,
}

impl<'a> Iterator for TagsIter<'a> {
    type Item = (&'a str, &'a str);

    fn next(&mut self) -> Option<(&'a str, &'a str)> {
        let pair = self.tags.pair(self.next)?;
        self.next += 1;
        Some(pair)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.tags.len() - self.next;
        (left, Some(left))
    }
}

impl ExactSizeIterator for TagsIter<'_> {}

impl<'b> PartialEq<[(&'b str, &'b str)]> for Tags {
    fn eq(&self, other: &[(&'b str, &'b str)]) -> bool {
        self.len() == other.len() && self.iter().zip(other).all(|(a, b)| a == *b)
    }
}

impl<'b, const N: usize> PartialEq<[(&'b str, &'b str); N]> for Tags {
    fn eq(&self, other: &[(&'b str, &'b str); N]) -> bool {
        *self == other[..]
    }
}
