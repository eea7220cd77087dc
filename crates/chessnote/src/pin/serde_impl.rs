//! `serde` support (feature `serde`): an [`Identifier`] is its token string,
//! a [`Side`] and a [`State`] their names.
//!
//! ```
//! use chessnote::pin::{Side, State};
//!
//! assert_eq!(serde_json::to_string(&Side::First).unwrap(), r#""first""#);
//! assert_eq!(serde_json::from_str::<State>(r#""diminished""#).unwrap(), State::Diminished);
//! assert!(serde_json::from_str::<State>(r#""Normal""#).is_err());
//! ```
//!
//! Written by hand (no derive) so that the crate stays `no_std`: serialising
//! writes from the inline [`EncodedPin`](super::EncodedPin) buffer and
//! deserialising parses the borrowed or transient string it is given.

use core::fmt;

use serde::de::{self, Deserialize, Deserializer, Visitor};
use serde::ser::{Serialize, Serializer};

use super::{Identifier, Side, State};
use crate::text::serde_text;

serde_text!(Side, "a PIN side name, `first` or `second`", |side| side
    .name());
serde_text!(
    State,
    "a PIN state name, `diminished`, `normal` or `enhanced`",
    |state| state.name()
);

impl Serialize for Identifier {
    /// Serialises as the token string.
    ///
    /// ```
    /// use chessnote::pin::Identifier;
    ///
    /// let id = Identifier::parse("+G^")?;
    /// assert_eq!(serde_json::to_string(&id).unwrap(), r#""+G^""#);
    /// # Ok::<(), chessnote::pin::ParseError>(())
    /// ```
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.encode().as_str())
    }
}

/// Accepts a string and parses it as a token.
struct TokenVisitor;

impl Visitor<'_> for TokenVisitor {
    type Value = Identifier;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a PIN token string")
    }

    fn visit_str<E: de::Error>(self, token: &str) -> Result<Identifier, E> {
        Identifier::parse(token).map_err(E::custom)
    }
}

impl<'de> Deserialize<'de> for Identifier {
    /// Deserialises a token string; a bad token fails with the
    /// [`ParseError`](super::ParseError) message.
    ///
    /// ```
    /// use chessnote::pin::Identifier;
    ///
    /// let id: Identifier = serde_json::from_str(r#""-k^""#).unwrap();
    /// assert_eq!(id, Identifier::parse("-k^")?);
    /// let err = serde_json::from_str::<Identifier>(r#""K+""#).unwrap_err();
    /// assert!(err.to_string().starts_with("invalid PIN terminal marker (expected '^')"));
    /// # Ok::<(), chessnote::pin::ParseError>(())
    /// ```
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_str(TokenVisitor)
    }
}
