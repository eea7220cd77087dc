//! The chess variants Lichess plays (and publishes a game dump of each
//! month): the rules a position is played by. PGN's `Variant` tag, with
//! every name python-chess and chessops read, is
//! [`pgn::tags::Variant`](crate::pgn::tags::Variant), whose
//! [`rules`](crate::pgn::tags::Variant::rules) are one of these.

use core::fmt;

/// A set of rules: standard chess or one of Lichess's variants. Chess960
/// is not one: it is a way to castle ([`CastlingMode`]), and any variant
/// may start from a Chess960 position.
///
/// [`CastlingMode`]: crate::position::CastlingMode
///
/// ```
/// use chessnote::Variant;
///
/// assert_eq!(Variant::ThreeCheck.name(), "Three-check");
/// assert_eq!(Variant::ThreeCheck.uci_name(), "3check");
/// assert_eq!(Variant::ALL.len(), 8);
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Variant {
    /// Standard chess.
    #[default]
    Standard,
    /// Captured pieces change sides and may be dropped back on the board.
    Crazyhouse,
    /// A capture explodes: the capturing piece and every piece but pawns
    /// around the square go; exploding the enemy king wins.
    Atomic,
    /// Captures are compulsory, the king is an ordinary piece, and losing
    /// every piece (or being stalemated) wins.
    Antichess,
    /// The third check wins.
    ThreeCheck,
    /// Bringing the king to one of the four centre squares wins.
    KingOfTheHill,
    /// White's 36 pawns (and no king) against Black's army.
    Horde,
    /// No check is allowed; the first king to reach the eighth rank wins.
    RacingKings,
}

impl Variant {
    /// Every variant, standard chess first.
    pub const ALL: [Variant; 8] = [
        Variant::Standard,
        Variant::Crazyhouse,
        Variant::Atomic,
        Variant::Antichess,
        Variant::ThreeCheck,
        Variant::KingOfTheHill,
        Variant::Horde,
        Variant::RacingKings,
    ];

    /// The name Lichess writes in the `Variant` tag (`Racing Kings`).
    ///
    /// ```
    /// assert_eq!(chessnote::Variant::RacingKings.name(), "Racing Kings");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Standard => "Standard",
            Variant::Crazyhouse => "Crazyhouse",
            Variant::Atomic => "Atomic",
            Variant::Antichess => "Antichess",
            Variant::ThreeCheck => "Three-check",
            Variant::KingOfTheHill => "King of the Hill",
            Variant::Horde => "Horde",
            Variant::RacingKings => "Racing Kings",
        }
    }

    /// The name UCI engines and python-chess's `uci_variant` use
    /// (`racingkings`; `chess` for standard chess).
    ///
    /// ```
    /// assert_eq!(chessnote::Variant::KingOfTheHill.uci_name(), "kingofthehill");
    /// ```
    pub const fn uci_name(self) -> &'static str {
        match self {
            Variant::Standard => "chess",
            Variant::Crazyhouse => "crazyhouse",
            Variant::Atomic => "atomic",
            Variant::Antichess => "antichess",
            Variant::ThreeCheck => "3check",
            Variant::KingOfTheHill => "kingofthehill",
            Variant::Horde => "horde",
            Variant::RacingKings => "racingkings",
        }
    }

    /// Whether this is standard chess.
    pub const fn is_standard(self) -> bool {
        matches!(self, Variant::Standard)
    }
}

impl fmt::Display for Variant {
    /// The Lichess name ([`Variant::name`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}
