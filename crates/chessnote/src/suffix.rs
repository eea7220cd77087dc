//! The check and checkmate marks that SAN and LAN write after a move.

use core::str::FromStr;

use crate::ParseNameError;
use crate::text::{AsciiSink, ascii_text};

/// A check or checkmate suffix: `+` or `#`, as SAN and LAN write it.
///
/// Its text form is the mark (`Display`, `FromStr`, [`Suffix::append_to`]);
/// its stable lowercase name ([`Suffix::name`]), for machine-readable
/// output, is `check` or `checkmate`.
///
/// ```
/// use chessnote::Suffix;
///
/// assert_eq!(Suffix::Checkmate.to_string(), "#");
/// assert_eq!("+".parse::<Suffix>(), Ok(Suffix::Check));
/// assert_eq!(Suffix::Checkmate.name(), "checkmate");
/// assert!("x".parse::<Suffix>().is_err());
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Suffix {
    /// `+`
    Check,
    /// `#`
    Checkmate,
}

impl Suffix {
    /// Both suffixes.
    pub const ALL: [Suffix; 2] = [Suffix::Check, Suffix::Checkmate];

    /// The length of a suffix's text (one byte), for [`Suffix::write_ascii`].
    pub const MAX_LEN: usize = 1;

    /// The suffix character, `+` or `#`.
    ///
    /// ```
    /// assert_eq!(chessnote::Suffix::Check.char(), '+');
    /// ```
    #[inline]
    pub const fn char(self) -> char {
        self.ascii() as char
    }

    /// The suffix as an ASCII byte, `b'+'` or `b'#'`.
    #[inline]
    pub const fn ascii(self) -> u8 {
        match self {
            Suffix::Check => b'+',
            Suffix::Checkmate => b'#',
        }
    }

    /// The suffix a byte writes, if any.
    ///
    /// ```
    /// use chessnote::Suffix;
    /// assert_eq!(Suffix::from_ascii(b'#'), Some(Suffix::Checkmate));
    /// assert_eq!(Suffix::from_ascii(b'!'), None);
    /// ```
    #[inline]
    pub const fn from_ascii(byte: u8) -> Option<Suffix> {
        match byte {
            b'+' => Some(Suffix::Check),
            b'#' => Some(Suffix::Checkmate),
            _ => None,
        }
    }

    /// The stable lowercase name: `check` or `checkmate`.
    ///
    /// ```
    /// assert_eq!(chessnote::Suffix::Check.name(), "check");
    /// ```
    #[inline]
    pub const fn name(self) -> &'static str {
        match self {
            Suffix::Check => "check",
            Suffix::Checkmate => "checkmate",
        }
    }

    /// The suffix of that name (`check`, `checkmate`), if any.
    ///
    /// ```
    /// use chessnote::Suffix;
    /// assert_eq!(Suffix::from_name("checkmate"), Some(Suffix::Checkmate));
    /// ```
    pub fn from_name(name: &str) -> Option<Suffix> {
        Suffix::ALL.into_iter().find(|suffix| suffix.name() == name)
    }

    #[inline(always)]
    fn emit<S: AsciiSink>(&self, out: &mut S) {
        out.put(self.ascii());
    }
}

ascii_text!(Suffix, Suffix::MAX_LEN);

impl FromStr for Suffix {
    type Err = ParseNameError;

    /// Reads the mark, `+` or `#`.
    fn from_str(s: &str) -> Result<Suffix, ParseNameError> {
        match s.as_bytes() {
            &[byte] => Suffix::from_ascii(byte),
            _ => None,
        }
        .ok_or(ParseNameError::new("check suffix"))
    }
}
