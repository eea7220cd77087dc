//! What can be wrong with a setup as a chess position.

use core::fmt;

use super::CastlingMode;
use crate::fen::Setup;
use crate::{CastlingSide, Color, File, PieceKind, Rank, Square, SquareSet};

macro_rules! problems {
    ($($(#[$doc:meta])* $name:ident = $bit:expr, $text:literal;)*) => {
        /// One thing that makes a setup an illegal position.
        ///
        /// ```
        /// use chessnote::position::Problem;
        /// assert_eq!(Problem::NoWhiteKing.to_string(), "no white king");
        /// ```
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        pub enum Problem {
            $($(#[$doc])* $name,)*
        }

        impl Problem {
            /// Every problem, in the order they are reported.
            ///
            /// ```
            /// assert!(chessnote::position::Problem::ALL.len() > 10);
            /// ```
            pub const ALL: &'static [Problem] = &[$(Problem::$name,)*];

            const fn bit(self) -> u32 {
                match self {
                    $(Problem::$name => 1 << $bit,)*
                }
            }

            /// A short description.
            ///
            /// ```
            /// use chessnote::position::Problem;
            /// assert_eq!(Problem::OppositeCheck.as_str(), "the side not to move is in check");
            /// ```
            pub const fn as_str(self) -> &'static str {
                match self {
                    $(Problem::$name => $text,)*
                }
            }
        }
    };
}

problems! {
    /// The board is empty.
    Empty = 0, "empty board";
    /// White has no king.
    NoWhiteKing = 1, "no white king";
    /// Black has no king.
    NoBlackKing = 2, "no black king";
    /// A side has more than one king.
    TooManyKings = 3, "too many kings";
    /// White has more than 8 pawns.
    TooManyWhitePawns = 4, "too many white pawns";
    /// Black has more than 8 pawns.
    TooManyBlackPawns = 5, "too many black pawns";
    /// A pawn stands on the first or last rank.
    PawnsOnBackRank = 6, "pawns on the first or last rank";
    /// White has more than 16 pieces, or more promoted pieces than missing pawns.
    TooManyWhitePieces = 7, "too many white pieces";
    /// Black has more than 16 pieces, or more promoted pieces than missing pawns.
    TooManyBlackPieces = 8, "too many black pieces";
    /// A castling right without its king and rook on their squares.
    BadCastlingRights = 9, "castling rights without king and rook on their squares";
    /// An en-passant square no pawn can just have passed.
    InvalidEpSquare = 10, "invalid en-passant square";
    /// The side not to move is in check.
    OppositeCheck = 11, "the side not to move is in check";
    /// More than two pieces give check.
    TooManyCheckers = 12, "too many checkers";
    /// A check that no last move could have given.
    ImpossibleCheck = 13, "impossible check";
    /// Chess960 castling rights in a standard game, or the like.
    BadCastlingMode = 14, "castling rights impossible in this castling mode";
    /// The position passed every check above but the move generator still
    /// refused it (reported rather than guessed; it should not happen).
    Unplayable = 15, "unplayable position";
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.as_str())
    }
}

/// A set of [`Problem`]s.
///
/// ```
/// use chessnote::position::{Problem, Problems};
///
/// let set = Problems::NONE.with(Problem::TooManyKings).with(Problem::OppositeCheck);
/// assert!(set.contains(Problem::TooManyKings));
/// assert_eq!(set.iter().count(), 2);
/// assert_eq!(set.to_string(), "too many kings, the side not to move is in check");
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Problems(u32);

impl Problems {
    /// No problem.
    ///
    /// ```
    /// assert!(chessnote::position::Problems::NONE.is_empty());
    /// ```
    pub const NONE: Problems = Problems(0);

    /// The problems a position can be built despite (see
    /// [`Position::from_setup_ignoring`](super::Position::from_setup_ignoring)).
    ///
    /// ```
    /// use chessnote::position::{Problem, Problems};
    /// assert!(Problems::IGNORABLE.contains(Problem::InvalidEpSquare));
    /// assert!(!Problems::IGNORABLE.contains(Problem::NoWhiteKing));
    /// ```
    pub const IGNORABLE: Problems = Problems(
        Problem::BadCastlingRights.bit()
            | Problem::InvalidEpSquare.bit()
            | Problem::ImpossibleCheck.bit()
            | Problem::BadCastlingMode.bit(),
    );

    /// Whether the set holds `problem`.
    ///
    /// ```
    /// use chessnote::position::{Problem, Problems};
    /// assert!(!Problems::NONE.contains(Problem::Empty));
    /// ```
    pub const fn contains(self, problem: Problem) -> bool {
        self.0 & problem.bit() != 0
    }

    /// The set with `problem` added.
    ///
    /// ```
    /// use chessnote::position::{Problem, Problems};
    /// assert!(Problems::NONE.with(Problem::Empty).contains(Problem::Empty));
    /// ```
    #[must_use]
    pub const fn with(self, problem: Problem) -> Problems {
        Problems(self.0 | problem.bit())
    }

    /// The set without the problems of `other`.
    ///
    /// ```
    /// use chessnote::position::{Problem, Problems};
    /// let set = Problems::NONE.with(Problem::Empty);
    /// assert!(set.without(set).is_empty());
    /// ```
    #[must_use]
    pub const fn without(self, other: Problems) -> Problems {
        Problems(self.0 & !other.0)
    }

    /// Whether the set is empty.
    ///
    /// ```
    /// assert!(chessnote::position::Problems::default().is_empty());
    /// ```
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The problems, in [`Problem::ALL`] order.
    ///
    /// ```
    /// use chessnote::position::{Problem, Problems};
    /// assert_eq!(Problems::NONE.with(Problem::Empty).iter().next(), Some(Problem::Empty));
    /// ```
    pub fn iter(self) -> impl Iterator<Item = Problem> {
        Problem::ALL
            .iter()
            .copied()
            .filter(move |p| self.contains(*p))
    }
}

impl core::ops::BitOr for Problems {
    type Output = Problems;
    fn bitor(self, rhs: Problems) -> Problems {
        Problems(self.0 | rhs.0)
    }
}

impl fmt::Display for Problems {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, problem) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(problem.as_str())?;
        }
        Ok(())
    }
}

/// Every problem of `setup` as a position.
pub(crate) fn problems(setup: &Setup, mode: CastlingMode) -> Problems {
    let mut found = Problems::NONE;
    let board = &setup.board;
    if board.occupied().is_empty() {
        found = found.with(Problem::Empty);
    }
    for color in Color::ALL {
        let kings = board.squares_of(PieceKind::King.of(color)).len();
        if kings == 0 {
            found = found.with(color.fold(Problem::NoWhiteKing, Problem::NoBlackKing));
        } else if kings > 1 {
            found = found.with(Problem::TooManyKings);
        }
        if board.squares_of(PieceKind::Pawn.of(color)).len() > 8 {
            found = found.with(color.fold(Problem::TooManyWhitePawns, Problem::TooManyBlackPawns));
        }
        let pieces: u32 = PieceKind::ALL
            .iter()
            .map(|k| board.squares_of(k.of(color)).len())
            .sum();
        if pieces > 16 {
            found =
                found.with(color.fold(Problem::TooManyWhitePieces, Problem::TooManyBlackPieces));
        }
    }
    let pawns = board.squares_of(PieceKind::Pawn.of(Color::White))
        | board.squares_of(PieceKind::Pawn.of(Color::Black));
    if !(pawns & (SquareSet::rank(Rank::First) | SquareSet::rank(Rank::Eighth))).is_empty() {
        found = found.with(Problem::PawnsOnBackRank);
    }
    found | castling_problems(setup, mode)
}

/// Castling rights without their king and rook, more than one right on a
/// side, or rights that standard chess cannot have.
fn castling_problems(setup: &Setup, mode: CastlingMode) -> Problems {
    let mut found = Problems::NONE;
    for color in Color::ALL {
        let back_rank = color.fold(Rank::First, Rank::Eighth);
        let kings = setup.board.squares_of(PieceKind::King.of(color)) & SquareSet::rank(back_rank);
        let rooks = setup.board.squares_of(PieceKind::Rook.of(color)) & SquareSet::rank(back_rank);
        let rights = setup.castling.iter(color).count();
        let mut sides = 0;
        for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
            let Some(file) = setup.castling_rook_file(color, side) else {
                continue;
            };
            sides += 1;
            let rook = Square::new(file, back_rank);
            let king_ok = kings.len() == 1
                && kings.first().is_some_and(|k| match side {
                    CastlingSide::KingSide => k.file() < file,
                    CastlingSide::QueenSide => k.file() > file,
                });
            if !king_ok || !rooks.contains(rook) {
                found = found.with(Problem::BadCastlingRights);
            } else if mode == CastlingMode::Standard {
                let corner = match side {
                    CastlingSide::KingSide => File::H,
                    CastlingSide::QueenSide => File::A,
                };
                let king_home = kings.first().is_some_and(|k| k.file() == File::E);
                if file != corner || !king_home {
                    found = found.with(Problem::BadCastlingMode);
                }
            }
        }
        if rights > sides {
            // A right that names no rook on either side, or two on one side.
            found = found.with(Problem::BadCastlingRights);
        }
    }
    found
}
