//! The two sides.

use core::fmt;
use core::ops::Not;
use core::str::FromStr;

/// A side: White or Black.
///
/// ```
/// use chessnote::Color;
///
/// assert_eq!(!Color::White, Color::Black);
/// assert_eq!(Color::from_char('b'), Some(Color::Black));
/// assert_eq!(Color::Black.char(), 'b');
/// assert_eq!(Color::Black.to_string(), "black");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Color {
    /// The side that moves first.
    White,
    /// The side that moves second.
    Black,
}

impl Color {
    /// The rank this color's pieces start on: the first for White, the
    /// eighth for Black.
    ///
    /// ```
    /// use chessnote::{Color, Rank};
    /// assert_eq!(Color::Black.back_rank(), Rank::Eighth);
    /// ```
    #[inline]
    pub const fn back_rank(self) -> crate::Rank {
        match self {
            Color::White => crate::Rank::First,
            Color::Black => crate::Rank::Eighth,
        }
    }

    /// Both colors, White first.
    ///
    /// ```
    /// assert_eq!(chessnote::Color::ALL.len(), 2);
    /// ```
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// The other color.
    ///
    /// ```
    /// use chessnote::Color;
    /// assert_eq!(Color::Black.other(), Color::White);
    /// ```
    #[inline]
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// The FEN letter of the side to move: `w` or `b`.
    ///
    /// ```
    /// assert_eq!(chessnote::Color::White.char(), 'w');
    /// ```
    #[inline]
    pub const fn char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// Parses a FEN side-to-move letter, `w` or `b`.
    ///
    /// ```
    /// use chessnote::Color;
    /// assert_eq!(Color::from_char('w'), Some(Color::White));
    /// assert_eq!(Color::from_char('W'), None);
    /// ```
    #[inline]
    pub const fn from_char(c: char) -> Option<Color> {
        match c {
            'w' => Some(Color::White),
            'b' => Some(Color::Black),
            _ => None,
        }
    }

    /// The lowercase English name: `white` or `black`.
    ///
    /// ```
    /// assert_eq!(chessnote::Color::White.name(), "white");
    /// ```
    #[inline]
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }

    /// Returns `white` if the color is White, else `black`.
    ///
    /// ```
    /// use chessnote::Color;
    /// assert_eq!(Color::Black.fold(1, -1), -1);
    /// ```
    #[inline]
    pub fn fold<T>(self, white: T, black: T) -> T {
        match self {
            Color::White => white,
            Color::Black => black,
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        self.other()
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

impl FromStr for Color {
    type Err = ParseColorError;

    /// Accepts `w`, `b`, `white` and `black`.
    ///
    /// ```
    /// use chessnote::Color;
    /// assert_eq!("white".parse::<Color>(), Ok(Color::White));
    /// assert_eq!("b".parse::<Color>(), Ok(Color::Black));
    /// assert!("B".parse::<Color>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Color, ParseColorError> {
        match s {
            "w" | "white" => Ok(Color::White),
            "b" | "black" => Ok(Color::Black),
            _ => Err(ParseColorError),
        }
    }
}

/// The text does not name a color.
///
/// ```
/// let err = "red".parse::<chessnote::Color>().unwrap_err();
/// assert_eq!(err.to_string(), "invalid color: expected `w`, `b`, `white` or `black`");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct ParseColorError;

impl fmt::Display for ParseColorError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("invalid color: expected `w`, `b`, `white` or `black`")
    }
}

impl core::error::Error for ParseColorError {}
