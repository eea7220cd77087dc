//! The side a PIN token's letter case encodes.

use crate::Color;
use crate::text::named_enum;

named_enum! {
    /// The camp a piece belongs to, written as the case of the token's letter.
    ///
    /// An uppercase letter (`A`–`Z`) is [`Side::First`], a lowercase one (`a`–`z`)
    /// is [`Side::Second`]. PIN gives the two sides no further meaning; for chess,
    /// chessnote maps `First` to [`Color::White`] and `Second` to [`Color::Black`]
    /// (see [`Side::color`]).
    ///
    /// Sides order `First < Second`. Their stable names, for programs, are
    /// `first` and `second` (`Display`, `FromStr`, and serde with the
    /// `serde` feature).
    ///
    /// ```
    /// use chessnote::pin::{Identifier, Side};
    ///
    /// assert_eq!(Identifier::parse("Q")?.side(), Side::First);
    /// assert_eq!(Identifier::parse("q")?.side(), Side::Second);
    /// assert!(Side::First < Side::Second);
    /// assert_eq!(Side::Second.name(), "second");
    /// assert_eq!("first".parse::<Side>(), Ok(Side::First));
    /// # Ok::<(), chessnote::pin::ParseError>(())
    /// ```
    pub enum Side: "PIN side" {
        /// The first side: an uppercase letter.
        ///
        /// ```
        /// assert!(chessnote::pin::Identifier::parse("K")?.is_first());
        /// # Ok::<(), chessnote::pin::ParseError>(())
        /// ```
        First = "first",
        /// The second side: a lowercase letter.
        ///
        /// ```
        /// assert!(chessnote::pin::Identifier::parse("k")?.is_second());
        /// # Ok::<(), chessnote::pin::ParseError>(())
        /// ```
        Second = "second",
    }
}

impl Side {
    /// The other side.
    ///
    /// # Examples
    ///
    /// ```
    /// use chessnote::pin::Side;
    ///
    /// assert_eq!(Side::First.flip(), Side::Second);
    /// assert_eq!(Side::Second.flip(), Side::First);
    /// ```
    #[must_use]
    #[inline]
    pub const fn flip(self) -> Self {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }

    /// The chess color of this side: `First` is White, `Second` is Black.
    ///
    /// ```
    /// use chessnote::Color;
    /// use chessnote::pin::Side;
    ///
    /// assert_eq!(Side::First.color(), Color::White);
    /// assert_eq!(Side::Second.color(), Color::Black);
    /// ```
    #[must_use]
    #[inline]
    pub const fn color(self) -> Color {
        match self {
            Side::First => Color::White,
            Side::Second => Color::Black,
        }
    }

    /// The side of a chess color: White is `First`, Black is `Second`.
    ///
    /// ```
    /// use chessnote::Color;
    /// use chessnote::pin::Side;
    ///
    /// for color in Color::ALL {
    ///     assert_eq!(Side::from_color(color).color(), color);
    /// }
    /// assert_eq!(Side::from_color(Color::Black), Side::Second);
    /// ```
    #[must_use]
    #[inline]
    pub const fn from_color(color: Color) -> Self {
        match color {
            Color::White => Side::First,
            Color::Black => Side::Second,
        }
    }
}

impl From<Color> for Side {
    /// Same as [`Side::from_color`].
    ///
    /// ```
    /// use chessnote::Color;
    /// use chessnote::pin::Side;
    ///
    /// assert_eq!(Side::from(Color::White), Side::First);
    /// ```
    #[inline]
    fn from(color: Color) -> Self {
        Side::from_color(color)
    }
}

impl From<Side> for Color {
    /// Same as [`Side::color`].
    ///
    /// ```
    /// use chessnote::Color;
    /// use chessnote::pin::Side;
    ///
    /// assert_eq!(Color::from(Side::Second), Color::Black);
    /// ```
    #[inline]
    fn from(side: Side) -> Self {
        side.color()
    }
}
