//! The state a PIN token's optional prefix encodes.

use crate::text::named_enum;

named_enum! {
    /// The state of a piece, written as an optional prefix: none for
    /// [`State::Normal`], `+` for [`State::Enhanced`], `-` for
    /// [`State::Diminished`].
    ///
    /// PIN fixes only the spelling; what a state means is up to the rule system
    /// (a promoted shogi piece, a pawn that may still advance two squares, ...).
    /// chessnote's own chess mapping produces only `Normal` (see
    /// [`Identifier::from_piece`](crate::pin::Identifier::from_piece)).
    ///
    /// States order along their spectrum, `Diminished < Normal < Enhanced`, and
    /// the default is `Normal`. Their stable names, for programs, are
    /// `diminished`, `normal` and `enhanced` (`Display`, `FromStr`, and serde
    /// with the `serde` feature).
    ///
    /// ```
    /// use chessnote::pin::{Identifier, State};
    ///
    /// assert_eq!(Identifier::parse("+P")?.state(), State::Enhanced);
    /// assert_eq!(Identifier::parse("-P")?.state(), State::Diminished);
    /// assert_eq!(Identifier::parse("P")?.state(), State::default());
    /// assert!(State::Diminished < State::Normal && State::Normal < State::Enhanced);
    /// assert_eq!(State::Enhanced.to_string(), "enhanced");
    /// # Ok::<(), chessnote::pin::ParseError>(())
    /// ```
    #[derive(Default)]
    pub enum State: "PIN state" {
        /// Prefix `-`.
        ///
        /// ```
        /// assert!(chessnote::pin::Identifier::parse("-r")?.is_diminished());
        /// # Ok::<(), chessnote::pin::ParseError>(())
        /// ```
        Diminished = "diminished",
        /// No prefix: the baseline, and the default.
        ///
        /// ```
        /// assert!(chessnote::pin::Identifier::parse("r")?.is_normal());
        /// # Ok::<(), chessnote::pin::ParseError>(())
        /// ```
        #[default]
        Normal = "normal",
        /// Prefix `+`.
        ///
        /// ```
        /// assert!(chessnote::pin::Identifier::parse("+r")?.is_enhanced());
        /// # Ok::<(), chessnote::pin::ParseError>(())
        /// ```
        Enhanced = "enhanced",
    }
}

impl State {
    /// The prefix byte of this state: `None`, `Some(b'+')` or `Some(b'-')`.
    ///
    /// ```
    /// use chessnote::pin::State;
    ///
    /// assert_eq!(State::Enhanced.prefix(), Some(b'+'));
    /// assert_eq!(State::Diminished.prefix(), Some(b'-'));
    /// assert_eq!(State::Normal.prefix(), None);
    /// ```
    #[must_use]
    #[inline]
    pub const fn prefix(self) -> Option<u8> {
        match self {
            State::Diminished => Some(b'-'),
            State::Normal => None,
            State::Enhanced => Some(b'+'),
        }
    }

    /// The state a prefix byte stands for, or `None` if the byte is neither
    /// `+` nor `-`.
    ///
    /// ```
    /// use chessnote::pin::State;
    ///
    /// assert_eq!(State::from_prefix(b'+'), Some(State::Enhanced));
    /// assert_eq!(State::from_prefix(b'-'), Some(State::Diminished));
    /// assert_eq!(State::from_prefix(b'^'), None);
    /// ```
    #[must_use]
    #[inline]
    pub const fn from_prefix(byte: u8) -> Option<State> {
        match byte {
            b'+' => Some(State::Enhanced),
            b'-' => Some(State::Diminished),
            _ => None,
        }
    }
}
