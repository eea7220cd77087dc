//! `serde` support (feature `serde`): an [`Eran`] is its verbose spelling.

use core::fmt;

use serde::de::{self, Deserialize, Deserializer, Visitor};
use serde::ser::{Serialize, Serializer};

use super::{Eran, MAX_LEN};

impl Serialize for Eran {
    /// Serialises as the canonical verbose spelling, without allocating.
    ///
    /// ```
    /// use chessnote::eran::Eran;
    /// let eran = Eran::from_ascii(b"P g7-g8 >Q").unwrap();
    /// assert_eq!(serde_json::to_string(&eran).unwrap(), r#""Pawn g7-g8 ->Queen""#);
    /// ```
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.write_ascii(&mut [0; MAX_LEN]))
    }
}

struct EranVisitor;

impl Visitor<'_> for EranVisitor {
    type Value = Eran;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an ERAN move such as `Pawn e2-e4`, `N b1-c3` or `ck`")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Eran, E> {
        Eran::from_ascii(v.as_bytes()).map_err(E::custom)
    }

    fn visit_bytes<E: de::Error>(self, v: &[u8]) -> Result<Eran, E> {
        Eran::from_ascii(v).map_err(E::custom)
    }
}

impl<'de> Deserialize<'de> for Eran {
    /// Deserialises from a string in either form and any case.
    ///
    /// ```
    /// use chessnote::eran::Eran;
    /// let eran: Eran = serde_json::from_str(r#""n b1-c3""#).unwrap();
    /// assert_eq!(eran.to_string(), "Knight b1-c3");
    /// let err = serde_json::from_str::<Eran>(r#""N b1-b3""#).unwrap_err();
    /// assert!(err.to_string().starts_with("expected a destination the knight can reach"));
    /// ```
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Eran, D::Error> {
        deserializer.deserialize_str(EranVisitor)
    }
}
