//! `serde` support (feature `serde`): an [`Eran`] and a [`RegularMove`] are
//! their verbose spelling when written, either spelling in any case when
//! read; a [`Style`] is its name.
//!
//! ```
//! use chessnote::eran::{Eran, RegularMove, Style};
//!
//! let eran = Eran::from_ascii(b"P g7-g8 >Q").unwrap();
//! assert_eq!(serde_json::to_string(&eran).unwrap(), r#""Pawn g7-g8 ->Queen""#);
//! let eran: Eran = serde_json::from_str(r#""n b1-c3""#).unwrap();
//! assert_eq!(eran.to_string(), "Knight b1-c3");
//! let err = serde_json::from_str::<Eran>(r#""N b1-b3""#).unwrap_err();
//! assert!(err.to_string().starts_with("expected a destination the knight can reach"));
//!
//! let mv: RegularMove = serde_json::from_str(r#""R a1xa8""#).unwrap();
//! assert_eq!(serde_json::to_string(&mv).unwrap(), r#""Rook a1xa8""#);
//! assert!(serde_json::from_str::<RegularMove>(r#""ck""#).is_err());
//!
//! assert_eq!(serde_json::to_string(&Style::Short).unwrap(), r#""short""#);
//! assert_eq!(serde_json::from_str::<Style>(r#""verbose""#).unwrap(), Style::Verbose);
//! ```

use super::{Eran, MAX_LEN, RegularMove, Style};
use crate::text::serde_text;

serde_text!(
    Eran,
    "an ERAN move such as `Pawn e2-e4`, `N b1-c3` or `ck`",
    |eran| eran.write_ascii(&mut [0; MAX_LEN])
);

serde_text!(
    RegularMove,
    "a regular ERAN move such as `Pawn e2-e4` or `N b1-c3`",
    |mv| mv.write_ascii(&mut [0; MAX_LEN])
);

serde_text!(Style, "an ERAN style name, `verbose` or `short`", |style| {
    style.name()
});
