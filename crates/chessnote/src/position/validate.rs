//! What can be wrong with a setup as a chess position.

use super::{CastlingMode, attacks, board};
use crate::Setup;
use crate::text::{enum_set, named_enum};
use crate::{CastlingSide, Color, File, PieceKind, Rank, Square, SquareSet};

/// Declares [`Problem`] (through `named_enum!`: stable names, `ALL`,
/// `Display` and `FromStr` of the names) and its messages, from one list.
macro_rules! problems {
    ($($(#[$doc:meta])* $name:ident = $text:literal, $message:literal;)*) => {
        named_enum! {
            /// One thing that makes a setup an illegal position. Its name
            /// (`Display`, `FromStr`) is stable and lowercase; its message,
            /// [`Problem::as_str`], is for people.
            ///
            /// ```
            /// use chessnote::position::Problem;
            /// assert_eq!(Problem::NoWhiteKing.as_str(), "no white king");
            /// assert_eq!(Problem::NoWhiteKing.to_string(), "no-white-king");
            /// assert_eq!("no-white-king".parse(), Ok(Problem::NoWhiteKing));
            /// assert!(Problem::ALL.len() > 10);
            /// ```
            #[non_exhaustive]
            pub enum Problem: "position problem" {
                $($(#[$doc])* $name = $text,)*
            }
        }

        impl Problem {
            /// What is wrong, for people.
            ///
            /// ```
            /// use chessnote::position::Problem;
            /// assert_eq!(Problem::OppositeCheck.as_str(), "the side not to move is in check");
            /// ```
            pub const fn as_str(self) -> &'static str {
                match self {
                    $(Problem::$name => $message,)*
                }
            }
        }
    };
}

problems! {
    /// The board is empty.
    Empty = "empty", "empty board";
    /// White has no king.
    NoWhiteKing = "no-white-king", "no white king";
    /// Black has no king.
    NoBlackKing = "no-black-king", "no black king";
    /// A side has more than one king.
    TooManyKings = "too-many-kings", "too many kings";
    /// White has more than 8 pawns.
    TooManyWhitePawns = "too-many-white-pawns", "too many white pawns";
    /// Black has more than 8 pawns.
    TooManyBlackPawns = "too-many-black-pawns", "too many black pawns";
    /// A pawn stands on the first or last rank.
    PawnsOnBackRank = "pawns-on-back-rank", "pawns on the first or last rank";
    /// White has more than 16 pieces, or more promoted pieces than missing pawns.
    TooManyWhitePieces = "too-many-white-pieces", "too many white pieces";
    /// Black has more than 16 pieces, or more promoted pieces than missing pawns.
    TooManyBlackPieces = "too-many-black-pieces", "too many black pieces";
    /// A castling right without its king and rook on their squares.
    BadCastlingRights = "bad-castling-rights",
        "castling rights without king and rook on their squares";
    /// An en-passant square no pawn can just have passed.
    InvalidEpSquare = "invalid-ep-square", "invalid en-passant square";
    /// The side not to move is in check.
    OppositeCheck = "opposite-check", "the side not to move is in check";
    /// More than two pieces give check.
    TooManyCheckers = "too-many-checkers", "too many checkers";
    /// A check that no last move could have given.
    ImpossibleCheck = "impossible-check", "impossible check";
    /// Chess960 castling rights in a standard game, or the like.
    BadCastlingMode = "bad-castling-mode", "castling rights impossible in this castling mode";
    /// The position passed every check above but the move generator still
    /// refused it (reported rather than guessed; it should not happen).
    Unplayable = "unplayable", "unplayable position";
}

enum_set! {
    /// A set of [`Problem`]s, with the verbs of every set of names
    /// (`contains`, `with`, `without`, `difference`, `iter`, `|`, `Display`
    /// and `FromStr` of the names).
    ///
    /// ```
    /// use chessnote::position::{Problem, Problems};
    ///
    /// let set = Problems::EMPTY.with(Problem::TooManyKings).with(Problem::OppositeCheck);
    /// assert!(set.contains(Problem::TooManyKings));
    /// assert_eq!(set.iter().count(), 2);
    /// assert_eq!(set.to_string(), "too-many-kings, opposite-check");
    /// assert_eq!(set.to_string().parse(), Ok(set));
    /// assert!(set.difference(set).is_empty());
    /// assert_eq!(set.without(Problem::OppositeCheck), Problem::TooManyKings.into());
    /// assert_eq!(Problems::messages(set).collect::<Vec<_>>(), ["too many kings", "the side not to move is in check"]);
    /// ```
    pub struct Problems(u32) of Problem;
}

impl Problems {
    /// The problems a position can be built despite (see
    /// [`Position::from_setup_ignoring`](super::Position::from_setup_ignoring)):
    /// bad castling rights, an invalid en-passant square, an impossible check
    /// and Chess960 castling in standard mode. The others leave a board the
    /// move generator cannot hold (a missing or extra king, the side not to
    /// move in check) or was not written for (more than 16 pieces or 8 pawns
    /// of a side, pawns on a back rank, three checkers).
    ///
    /// ```
    /// use chessnote::position::{Problem, Problems};
    /// assert!(Problems::IGNORABLE.contains(Problem::InvalidEpSquare));
    /// assert!(!Problems::IGNORABLE.contains(Problem::NoWhiteKing));
    /// ```
    pub const IGNORABLE: Problems = Problems::EMPTY
        .with(Problem::BadCastlingRights)
        .with(Problem::InvalidEpSquare)
        .with(Problem::ImpossibleCheck)
        .with(Problem::BadCastlingMode);

    /// Every problem of `setup` as a position in `mode` (what
    /// [`Position::from_setup`](super::Position::from_setup) refuses, all at once).
    ///
    /// ```
    /// use chessnote::fen::Setup;
    /// use chessnote::position::{CastlingMode, Problem, Problems};
    /// let setup: Setup = "4k3/4R3/8/8/8/8/8/P3K3 w - - 0 1".parse()?;
    /// let found = Problems::of(&setup, CastlingMode::Standard);
    /// assert_eq!(found, Problems::EMPTY.with(Problem::PawnsOnBackRank).with(Problem::OppositeCheck));
    /// assert!(Problems::of(&Setup::STARTING, CastlingMode::Standard).is_empty());
    /// # Ok::<(), chessnote::fen::FenError>(())
    /// ```
    pub fn of(setup: &Setup, mode: CastlingMode) -> Problems {
        problems_of(setup, &Bits::new(setup), mode, &mut [[None; 2]; 2])
    }

    /// The messages of the problems ([`Problem::as_str`]), in
    /// [`Problem::ALL`] order.
    ///
    /// ```
    /// use chessnote::position::{Problem, Problems};
    /// let set = Problems::from(Problem::Empty);
    /// assert_eq!(set.messages().next(), Some("empty board"));
    /// ```
    pub fn messages(self) -> impl Iterator<Item = &'static str> + Clone {
        self.iter().map(Problem::as_str)
    }
}

/// The files of the castling rooks by color and side (king side first).
pub(crate) type RookFiles = [[Option<File>; 2]; 2];

/// Every problem of `setup` (whose pieces are `bits`) as a position; the
/// castling rights that hold (in any mode) go to `rooks`, so that building
/// the position does not work them out again.
pub(crate) fn problems_of(
    setup: &Setup,
    bits: &Bits,
    mode: CastlingMode,
    rooks: &mut RookFiles,
) -> Problems {
    let mut found = Problems::EMPTY;
    if bits.occupied == 0 {
        found = found.with(Problem::Empty);
    }
    for color in Color::ALL {
        let kings = bits.of(color, PieceKind::King).len();
        if kings == 0 {
            found = found.with(color.fold(Problem::NoWhiteKing, Problem::NoBlackKing));
        } else if kings > 1 {
            found = found.with(Problem::TooManyKings);
        }
        let pawns = bits.of(color, PieceKind::Pawn).len();
        if pawns > 8 {
            found = found.with(color.fold(Problem::TooManyWhitePawns, Problem::TooManyBlackPawns));
        }
        if too_many_pieces(bits, color, pawns) {
            found =
                found.with(color.fold(Problem::TooManyWhitePieces, Problem::TooManyBlackPieces));
        }
    }
    if bits.kinds[PieceKind::Pawn as usize]
        & (SquareSet::rank(Rank::First).0 | SquareSet::rank(Rank::Eighth).0)
        != 0
    {
        found = found.with(Problem::PawnsOnBackRank);
    }
    let ep = valid_ep_square(setup);
    if setup.ep_square.is_some() && ep.is_none() {
        found = found.with(Problem::InvalidEpSquare);
    }
    found |= check_problems(setup, bits, ep);
    if setup.castling.is_empty() {
        found
    } else {
        found | castling_problems(setup, bits, mode, rooks)
    }
}

/// More than 16 pieces, or more promoted pieces than missing pawns can
/// account for (a second queen, a third rook, knight or a second bishop on
/// squares of one color each need a promotion).
fn too_many_pieces(bits: &Bits, color: Color, pawns: u32) -> bool {
    let count = |kind: PieceKind| bits.of(color, kind).len();
    let total = bits.colors[color as usize].count_ones();
    if total > 16 {
        return true;
    }
    let bishops = bits.of(color, PieceKind::Bishop).0;
    let dark = (bishops & DARK_SQUARES).count_ones();
    let light = (bishops & !DARK_SQUARES).count_ones();
    let promoted = count(PieceKind::Queen).saturating_sub(1)
        + count(PieceKind::Rook).saturating_sub(2)
        + count(PieceKind::Knight).saturating_sub(2)
        + dark.saturating_sub(1)
        + light.saturating_sub(1);
    promoted > 8u32.saturating_sub(pawns)
}

const DARK_SQUARES: u64 = 0xAA55_AA55_AA55_AA55;

/// The board as bitboards: every piece, the pieces of each color and of
/// each kind.
pub(crate) struct Bits {
    pub(crate) occupied: u64,
    pub(crate) colors: [u64; 2],
    pub(crate) kinds: [u64; 6],
}

impl Bits {
    pub(crate) fn new(setup: &Setup) -> Bits {
        // First the occupied squares (a branch-free pass the compiler keeps
        // in registers), then each piece into the set of its color and kind.
        let mut occupied = 0u64;
        for (i, piece) in setup.board.0.iter().enumerate() {
            occupied |= (piece.is_some() as u64) << i;
        }
        let mut sets = [0u64; 12];
        let mut rest = occupied;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if let Some(p) = setup.board.0[i & 63] {
                sets[p.color as usize * 6 + p.kind as usize] |= 1 << i;
            }
        }
        let mut kinds = [0; 6];
        let mut colors = [0; 2];
        for color in 0..2 {
            for kind in 0..6 {
                let bb = sets[color * 6 + kind];
                kinds[kind] |= bb;
                colors[color] |= bb;
            }
        }
        Bits {
            occupied,
            colors,
            kinds,
        }
    }

    pub(crate) fn of(&self, color: Color, kind: PieceKind) -> SquareSet {
        SquareSet(self.colors[color as usize] & self.kinds[kind as usize])
    }

    /// The pieces of `by` that attack `target`, with `occupied` blocking
    /// (and only pieces on `occupied`).
    fn attackers(&self, target: Square, by: Color, occupied: u64) -> SquareSet {
        let all = board::attackers(&self.kinds, &self.colors, target.index(), by, occupied);
        SquareSet(all & occupied)
    }

    fn sliders(&self, color: Color) -> SquareSet {
        self.of(color, PieceKind::Bishop)
            | self.of(color, PieceKind::Rook)
            | self.of(color, PieceKind::Queen)
    }
}

/// The en-passant square if a pawn can just have made the double step past
/// it (python-chess rules): on the sixth rank for White to move (third for
/// Black), empty, with the square behind it empty and an enemy pawn in
/// front of it.
pub(crate) fn valid_ep_square(setup: &Setup) -> Option<Square> {
    let ep = setup.ep_square?;
    let us = setup.turn;
    let (rank, forward) = us.fold((Rank::Sixth, 1), (Rank::Third, -1));
    if ep.rank() != rank {
        return None;
    }
    let pawn = ep.offset(0, -forward)?;
    let origin = ep.offset(0, forward)?;
    let board = &setup.board;
    if board.get(pawn) != Some(PieceKind::Pawn.of(us.other()))
        || board.get(ep).is_some()
        || board.get(origin).is_some()
    {
        return None;
    }
    Some(ep)
}

/// Opposite check, too many checkers and impossible checks, each where the
/// king concerned is alone of its color.
fn check_problems(setup: &Setup, bits: &Bits, ep: Option<Square>) -> Problems {
    let mut found = Problems::EMPTY;
    let us = setup.turn;
    let them = us.other();
    let single = |set: SquareSet| if set.len() == 1 { set.first() } else { None };
    if let Some(their_king) = single(bits.of(them, PieceKind::King))
        && !bits.attackers(their_king, us, bits.occupied).is_empty()
    {
        found = found.with(Problem::OppositeCheck);
    }
    let Some(our_king) = single(bits.of(us, PieceKind::King)) else {
        return found;
    };
    let checkers = bits.attackers(our_king, them, bits.occupied);
    if checkers.is_empty() {
        return found;
    }
    if checkers.len() > 2 {
        return found
            .with(Problem::TooManyCheckers)
            .with(Problem::ImpossibleCheck);
    }
    if let Some(ep) = ep {
        // The last move was the double step: the pushed pawn gives check, or
        // it uncovered the check of a single slider.
        let forward: i8 = us.fold(1, -1);
        let (Some(pushed_to), Some(pushed_from)) = (ep.offset(0, -forward), ep.offset(0, forward))
        else {
            return found;
        };
        let before = (bits.occupied & !SquareSet::from_square(pushed_to).0)
            | SquareSet::from_square(pushed_from).0;
        let checker = checkers.first();
        if checkers.len() > 1
            || (checker != Some(pushed_to) && !bits.attackers(our_king, them, before).is_empty())
        {
            found = found.with(Problem::ImpossibleCheck);
        }
        return found;
    }
    if checkers.len() == 2 {
        let mut iter = checkers.iter();
        let (Some(a), Some(b)) = (iter.next(), iter.next()) else {
            return found;
        };
        let sliders = bits.sliders(them);
        let impossible =
            if attacks::line_bits(a.index(), b.index()) & SquareSet::from_square(our_king).0 != 0 {
                // One line: the second check cannot have been uncovered.
                true
            } else {
                match (sliders.contains(a), sliders.contains(b)) {
                    // A double check uncovers at least one slider's check.
                    (false, false) => true,
                    (true, true) => false,
                    (true, false) => !uncovers(bits, them, b, a, our_king),
                    (false, true) => !uncovers(bits, them, a, b, our_king),
                }
            };
        if impossible {
            found = found.with(Problem::ImpossibleCheck);
        }
    }
    found
}

/// Whether the knight or pawn of `color` on `piece` can have arrived there
/// by leaving a square between `slider` and `king` (uncovering its check).
fn uncovers(bits: &Bits, color: Color, sq: Square, slider: Square, king: Square) -> bool {
    let between = SquareSet(attacks::between_bits(slider.index(), king.index()));
    let forward: i8 = color.fold(1, -1);
    // Squares a pawn of `color` can have come from to reach `sq`: a push
    // (or the square of a pawn taken en passant), a capture, a double step.
    let mut pawn_origins = SquareSet::EMPTY;
    for files in [-1, 0, 1] {
        if let Some(o) = sq.offset(files, -forward) {
            pawn_origins.insert(o);
        }
    }
    if sq.rank() == color.fold(Rank::Fourth, Rank::Fifth)
        && let Some(o) = sq.offset(0, -2 * forward)
    {
        pawn_origins.insert(o);
    }
    let origins = if bits.of(color, PieceKind::Knight).contains(sq) {
        let mut origins = SquareSet(attacks::knight(sq.index()));
        if sq.rank() == color.fold(Rank::Eighth, Rank::First) {
            // A promotion to a knight.
            origins |= pawn_origins;
        }
        origins
    } else {
        pawn_origins
    };
    !(origins & between).is_empty()
}
/// Whether `color`'s castling right with the rook on `file` has its one
/// king on the back rank and that rook on the right side of it.
fn castling_right_holds(bits: &Bits, color: Color, side: CastlingSide, file: File) -> bool {
    let rank = color.fold(Rank::First, Rank::Eighth);
    let kings = bits.of(color, PieceKind::King).0 & SquareSet::rank(rank).0;
    if kings.count_ones() != 1 {
        return false;
    }
    let king_file = (kings.trailing_zeros() % 8) as u8;
    let rook = bits
        .of(color, PieceKind::Rook)
        .contains(Square::new(file, rank));
    rook && match side {
        CastlingSide::KingSide => file as u8 > king_file,
        CastlingSide::QueenSide => (file as u8) < king_file,
    }
}

/// Whether a castling right of `setup` holds only in Chess960 (a rook off
/// its corner, or the king off the `e` file).
pub(crate) fn has_chess960_castling(setup: &Setup) -> bool {
    castling_problems(
        setup,
        &Bits::new(setup),
        CastlingMode::Standard,
        &mut [[None; 2]; 2],
    )
    .contains(Problem::BadCastlingMode)
}

/// Castling rights without their king and rook, more than one right on a
/// side, or rights that standard chess cannot have; the rights that hold go
/// to `rooks`.
fn castling_problems(
    setup: &Setup,
    bits: &Bits,
    mode: CastlingMode,
    rooks: &mut RookFiles,
) -> Problems {
    let mut found = Problems::EMPTY;
    for color in Color::ALL {
        let back_rank = color.fold(Rank::First, Rank::Eighth);
        let kings = bits.of(color, PieceKind::King) & SquareSet::rank(back_rank);
        let rights = setup.castling.iter(color).count();
        let mut sides = 0;
        for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
            let Some(file) = setup.castling_rook_file(color, side) else {
                continue;
            };
            sides += 1;
            if !castling_right_holds(bits, color, side, file) {
                found = found.with(Problem::BadCastlingRights);
                continue;
            }
            rooks[color as usize][side as usize] = Some(file);
            if mode == CastlingMode::Standard {
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
