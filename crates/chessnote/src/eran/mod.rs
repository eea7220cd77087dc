//! ERAN, Explicit Readable Algebraic Notation.
//!
//! ERAN writes one chess move explicitly: the piece (even a pawn), the
//! origin, `-` or `x`, the destination and, for a pawn reaching the last
//! rank, the promotion; castling and en passant have identifiers of their
//! own. Every construct has a verbose and a short form, and everything is
//! case-insensitive.
//!
//! | move | verbose | short |
//! |---|---|---|
//! | quiet pawn move | `Pawn e2-e4` | `P e2-e4` |
//! | capture | `Rook a1xa8` | `R a1xa8` |
//! | promotion | `Pawn g7-g8 ->Queen` | `P g7-g8 >Q` |
//! | castling | `castling-kingside`, `castling-queenside` | `ck`, `cq` |
//! | en passant | `en-passant` (or `Pawn e5xd6`) | `ep` (or `P e5xd6`) |
//! | drop (crazyhouse) | `Knight @f3` | `N @f3` |
//!
//! The formal grammar is `docs/eran.ebnf`; `docs/eran.md` explains the
//! choices the specification leaves open. An [`Eran`] value holds no
//! position: it is checked only for what needs no board (a pawn promotes on
//! the last rank and only there, a promotion piece is never a king or a
//! pawn, origin and destination differ, the piece can make the move on an
//! empty board). Turning it into a legal move needs a position.
//!
//! Printing is the same on every value with a text form: `Display` (which
//! does not allocate), `append_to(&mut String)` and `write_ascii` into a
//! `[u8; MAX_LEN]`. [`Eran`] and [`RegularMove`] print the verbose spelling;
//! for the short one, or a style chosen at run time, print the [`Styled`]
//! value that [`Eran::short`] or [`Eran::display`] gives.
//!
//! With the `serde` feature, an [`Eran`] and a [`RegularMove`]
//! (de)serialise as their spelling (verbose when written; either form, any
//! case, when read).
//!
//! ```
//! use chessnote::eran::{Eran, MAX_LEN};
//! use chessnote::{PieceKind, Square};
//!
//! let eran: Eran = "p G7-G8 ->queen".parse()?;
//! let regular = eran.regular().unwrap();
//! assert_eq!(regular.piece(), PieceKind::Pawn);
//! assert_eq!((regular.from(), regular.to()), (Square::G7, Square::G8));
//! assert_eq!(regular.promotion(), Some(PieceKind::Queen));
//! assert_eq!(eran.to_string(), "Pawn g7-g8 ->Queen");
//! assert_eq!(eran.short().to_string(), "P g7-g8 >Q");
//!
//! let mut buf = [0; MAX_LEN];
//! assert_eq!(eran.short().write_ascii(&mut buf), "P g7-g8 >Q");
//! let mut line = String::from("1. ");
//! eran.append_to(&mut line);
//! assert_eq!(line, "1. Pawn g7-g8 ->Queen");
//!
//! let err = "Knight b1?c3".parse::<Eran>().unwrap_err();
//! assert_eq!(err.to_string(), "expected `-` or `x` after the origin square at byte 9");
//! # Ok::<(), chessnote::eran::EranError>(())
//! ```

mod error;
mod parse;
mod print;
#[cfg(feature = "serde")]
mod serde_impl;

use crate::text::named_enum;
use crate::{CastlingSide, PieceKind, Square};

pub use error::{EranError, EranErrorKind};
pub use print::{MAX_LEN, Styled};

/// One ERAN move: a regular move, castling, the en passant identifier or a
/// drop (crazyhouse).
///
/// The type is `Copy`, five bytes, and holds no position. Parsing
/// ([`Eran::from_ascii`], [`FromStr`](core::str::FromStr)) is
/// case-insensitive and accepts both forms; printing gives the canonical
/// spelling, verbose by default (`Display`) or short ([`Eran::short`]).
/// Parsing what was printed gives back the same value.
///
/// ```
/// use chessnote::eran::Eran;
/// use chessnote::CastlingSide;
///
/// assert_eq!("CK".parse::<Eran>()?, Eran::Castle(CastlingSide::KingSide));
/// assert_eq!("en-passant".parse::<Eran>()?, Eran::EnPassant);
/// assert_eq!(Eran::Castle(CastlingSide::QueenSide).to_string(), "castling-queenside");
/// assert_eq!(Eran::EnPassant.short().to_string(), "ep");
/// # Ok::<(), chessnote::eran::EranError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Eran {
    /// A move written with its piece, origin and destination (`Knight
    /// b1-c3`), including an en passant capture written out (`Pawn e5xd6`).
    Regular(RegularMove),
    /// Castling: `castling-kingside` / `ck` or `castling-queenside` / `cq`.
    Castle(CastlingSide),
    /// The en passant identifier `en-passant` / `ep`: the en passant capture
    /// of the position it is played in (see `docs/eran.md` for positions
    /// with two such captures).
    EnPassant,
    /// A piece put on the board from the pocket (crazyhouse): `Knight @f3`
    /// / `N @f3`.
    Drop(DropMove),
}

/// An ERAN drop: a piece from the pocket and the empty square it is put on,
/// `Knight @f3` / `N @f3` (crazyhouse).
///
/// Checked for what needs no board: a king is never dropped, and a pawn
/// never on rank 1 or 8. [`DropMove::new`] checks both.
///
/// ```
/// use chessnote::eran::{DropMove, Eran};
/// use chessnote::{PieceKind, Square};
///
/// let eran: Eran = "n @F3".parse()?;
/// let drop = DropMove::new(PieceKind::Knight, Square::F3).unwrap();
/// assert_eq!(eran, Eran::Drop(drop));
/// assert_eq!(eran.to_string(), "Knight @f3");
/// assert_eq!(eran.short().to_string(), "N @f3");
/// # Ok::<(), chessnote::eran::EranError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct DropMove {
    piece: PieceKind,
    to: Square,
}

impl DropMove {
    /// The drop of `piece` on `to`, or what makes it impossible without a
    /// board.
    ///
    /// # Errors
    ///
    /// [`EranErrorKind::DropPiece`] for a king,
    /// [`EranErrorKind::PawnDropOnLastRank`] for a pawn on rank 1 or 8.
    ///
    /// ```
    /// use chessnote::eran::{DropMove, EranErrorKind};
    /// use chessnote::{PieceKind, Square};
    ///
    /// assert!(DropMove::new(PieceKind::Pawn, Square::E4).is_ok());
    /// assert_eq!(DropMove::new(PieceKind::Pawn, Square::E8), Err(EranErrorKind::PawnDropOnLastRank));
    /// assert_eq!(DropMove::new(PieceKind::King, Square::E4), Err(EranErrorKind::DropPiece));
    /// ```
    pub const fn new(piece: PieceKind, to: Square) -> Result<DropMove, EranErrorKind> {
        match piece {
            PieceKind::King => Err(EranErrorKind::DropPiece),
            PieceKind::Pawn if to.rank().is_back_rank() => Err(EranErrorKind::PawnDropOnLastRank),
            _ => Ok(DropMove { piece, to }),
        }
    }

    /// The piece dropped.
    ///
    /// ```
    /// use chessnote::{eran::Eran, PieceKind};
    /// let eran = Eran::from_ascii(b"Q @d5")?;
    /// assert_eq!(eran.drop_move().map(|d| d.piece()), Some(PieceKind::Queen));
    /// # Ok::<(), chessnote::eran::EranError>(())
    /// ```
    #[inline]
    pub const fn piece(self) -> PieceKind {
        self.piece
    }

    /// The square the piece is put on.
    ///
    /// ```
    /// use chessnote::{eran::Eran, Square};
    /// let eran = Eran::from_ascii(b"Pawn @e4")?;
    /// assert_eq!(eran.drop_move().map(|d| d.to()), Some(Square::E4));
    /// # Ok::<(), chessnote::eran::EranError>(())
    /// ```
    #[inline]
    pub const fn to(self) -> Square {
        self.to
    }
}

named_enum! {
    /// The spelling to print: verbose (`Pawn g7-g8 ->Queen`) or short
    /// (`P g7-g8 >Q`). Its names are `verbose` and `short`.
    ///
    /// ```
    /// use chessnote::eran::{Eran, Style};
    ///
    /// let eran = Eran::from_ascii(b"N b1-c3")?;
    /// assert_eq!(eran.display(Style::Verbose).to_string(), "Knight b1-c3");
    /// assert_eq!(eran.display(Style::Short).to_string(), "N b1-c3");
    /// assert_eq!("short".parse::<Style>(), Ok(Style::Short));
    /// assert_eq!(Style::default().name(), "verbose");
    /// # Ok::<(), chessnote::eran::EranError>(())
    /// ```
    #[derive(Default)]
    pub enum Style: "ERAN style" {
        /// Full names: `Pawn`, `->Queen`, `castling-kingside`, `en-passant`.
        #[default]
        Verbose = "verbose",
        /// Letters and abbreviations: `P`, `>Q`, `ck`, `ep`.
        Short = "short",
    }
}

/// A regular ERAN move: piece, origin, capture flag, destination and
/// promotion, checked for everything that needs no board.
///
/// The fields are private so that every value is a valid move:
/// [`RegularMove::new`] checks them.
///
/// ```
/// use chessnote::eran::RegularMove;
/// use chessnote::{PieceKind, Square};
///
/// let mv = RegularMove::new(PieceKind::Rook, Square::A1, Square::A8, true, None)?;
/// assert_eq!(mv.to_string(), "Rook a1xa8");
/// assert!(mv.is_capture());
/// # Ok::<(), chessnote::eran::EranErrorKind>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct RegularMove {
    piece: PieceKind,
    from: Square,
    to: Square,
    capture: bool,
    promotion: Option<PieceKind>,
}

impl RegularMove {
    /// The move of `piece` from `from` to `to`, a capture if `capture`,
    /// promoting to `promotion`; or what makes it impossible without a board.
    ///
    /// The checks, in this order: the squares differ
    /// ([`EranErrorKind::SameSquare`]); the piece can go from `from` to `to`
    /// on an empty board, a pawn straight with `-` and diagonally with `x`
    /// ([`EranErrorKind::Unreachable`]); only a pawn promotes
    /// ([`EranErrorKind::NonPawnPromotion`]), never to a king or pawn
    /// ([`EranErrorKind::PromotionPiece`]), on the last rank
    /// ([`EranErrorKind::PromotionNotOnLastRank`]) and always there
    /// ([`EranErrorKind::MissingPromotion`]).
    ///
    /// # Errors
    ///
    /// The [`EranErrorKind`] of the first side condition of `docs/eran.ebnf` the move breaks (same squares, a destination the piece cannot reach, a missing or misplaced promotion).
    ///
    /// ```
    /// use chessnote::eran::{EranErrorKind, RegularMove};
    /// use chessnote::{PieceKind, Square};
    ///
    /// assert!(RegularMove::new(PieceKind::Knight, Square::B1, Square::C3, false, None).is_ok());
    /// assert!(matches!(
    ///     RegularMove::new(PieceKind::Knight, Square::B1, Square::B3, false, None),
    ///     Err(EranErrorKind::Unreachable { .. })
    /// ));
    /// assert_eq!(
    ///     RegularMove::new(PieceKind::Pawn, Square::G7, Square::G8, false, None),
    ///     Err(EranErrorKind::MissingPromotion)
    /// );
    /// ```
    pub const fn new(
        piece: PieceKind,
        from: Square,
        to: Square,
        capture: bool,
        promotion: Option<PieceKind>,
    ) -> Result<RegularMove, EranErrorKind> {
        if let Err(kind) = check_geometry(piece, from, to, capture) {
            return Err(kind);
        }
        match promotion {
            Some(_) if !matches!(piece, PieceKind::Pawn) => {
                return Err(EranErrorKind::NonPawnPromotion);
            }
            Some(PieceKind::Pawn) => return Err(EranErrorKind::PromotionPiece),
            Some(_) if !to.rank().is_back_rank() => {
                return Err(EranErrorKind::PromotionNotOnLastRank);
            }
            None if matches!(piece, PieceKind::Pawn) && to.rank().is_back_rank() => {
                return Err(EranErrorKind::MissingPromotion);
            }
            _ => {}
        }
        Ok(RegularMove {
            piece,
            from,
            to,
            capture,
            promotion,
        })
    }

    /// The piece that moves.
    ///
    /// ```
    /// use chessnote::{eran::Eran, PieceKind};
    /// let eran = Eran::from_ascii(b"Queen d1xh5")?;
    /// assert_eq!(eran.regular().map(|m| m.piece()), Some(PieceKind::Queen));
    /// # Ok::<(), chessnote::eran::EranError>(())
    /// ```
    #[inline]
    pub const fn piece(self) -> PieceKind {
        self.piece
    }

    /// The origin square.
    ///
    /// ```
    /// use chessnote::{eran::Eran, Square};
    /// let eran = Eran::from_ascii(b"Queen d1xh5")?;
    /// assert_eq!(eran.regular().map(|m| m.from()), Some(Square::D1));
    /// # Ok::<(), chessnote::eran::EranError>(())
    /// ```
    #[inline]
    pub const fn from(self) -> Square {
        self.from
    }

    /// The destination square.
    ///
    /// ```
    /// use chessnote::{eran::Eran, Square};
    /// let eran = Eran::from_ascii(b"Queen d1xh5")?;
    /// assert_eq!(eran.regular().map(|m| m.to()), Some(Square::H5));
    /// # Ok::<(), chessnote::eran::EranError>(())
    /// ```
    #[inline]
    pub const fn to(self) -> Square {
        self.to
    }

    /// Whether the move is written as a capture (`x`).
    ///
    /// ```
    /// use chessnote::eran::Eran;
    /// assert_eq!(Eran::from_ascii(b"Q d1xh5")?.regular().map(|m| m.is_capture()), Some(true));
    /// assert_eq!(Eran::from_ascii(b"Q d1-h5")?.regular().map(|m| m.is_capture()), Some(false));
    /// # Ok::<(), chessnote::eran::EranError>(())
    /// ```
    #[inline]
    pub const fn is_capture(self) -> bool {
        self.capture
    }

    /// The piece a pawn promotes to.
    ///
    /// ```
    /// use chessnote::{eran::Eran, PieceKind};
    /// let eran = Eran::from_ascii(b"P b2xa1 >N")?;
    /// assert_eq!(eran.regular().and_then(|m| m.promotion()), Some(PieceKind::Knight));
    /// # Ok::<(), chessnote::eran::EranError>(())
    /// ```
    #[inline]
    pub const fn promotion(self) -> Option<PieceKind> {
        self.promotion
    }
}

impl Eran {
    /// Parses one ERAN move from bytes, in one pass and without allocating.
    ///
    /// The whole input must be the move: no surrounding whitespace, no
    /// check or annotation marks. The error tells what was expected at
    /// which byte.
    ///
    /// # Errors
    ///
    /// [`EranError`] with what was expected and at which byte, when `bytes` is not exactly one ERAN move.
    ///
    /// ```
    /// use chessnote::eran::{Eran, EranErrorKind};
    ///
    /// assert_eq!(Eran::from_ascii(b"N b1-c3")?, Eran::from_ascii(b"knight B1-C3")?);
    /// let err = Eran::from_ascii(b"Pawn e7-e8").unwrap_err();
    /// assert_eq!(err.kind(), EranErrorKind::MissingPromotion);
    /// assert_eq!(err.offset(), 10);
    /// # Ok::<(), chessnote::eran::EranError>(())
    /// ```
    pub fn from_ascii(bytes: &[u8]) -> Result<Eran, EranError> {
        parse::parse(bytes)
    }

    /// Parses one ERAN move at the start of `bytes` and says how many bytes
    /// it used; what follows is left to the caller (a space and the next
    /// move, a newline, a check mark, …). This is how a reader of move
    /// lists or PGN movetext splits ERAN, whose verbose moves contain spaces
    /// (`Knight g1-f3`).
    ///
    /// The move read is the one [`Eran::from_ascii`] would read: a whole
    /// input parses exactly when its prefix is all of it, and then to the
    /// same move. A pawn move to the last rank takes its promotion with it
    /// (`Pawn e7-e8 ->Queen`); any other move ends after its destination,
    /// so `Pawn e2-e4 ->Queen` is the move `Pawn e2-e4` followed by 8
    /// bytes that are not part of it.
    ///
    /// # Errors
    ///
    /// An [`EranError`] when `bytes` does not start with a move: what was
    /// expected, at which byte (the same error [`Eran::from_ascii`] gives
    /// for the same bytes).
    ///
    /// # Examples
    ///
    /// ```
    /// use chessnote::eran::{Eran, EranErrorKind};
    ///
    /// let text = b"Knight g1-f3 ck P e7-e8 >Q";
    /// let mut moves = Vec::new();
    /// let mut at = 0;
    /// while at < text.len() {
    ///     let (eran, used) = Eran::from_ascii_prefix(&text[at..])?;
    ///     moves.push(eran.short().to_string());
    ///     at += used;
    ///     // Moves are separated by one space here.
    ///     at += usize::from(text.get(at) == Some(&b' '));
    /// }
    /// assert_eq!(moves, ["N g1-f3", "ck", "P e7-e8 >Q"]);
    ///
    /// assert_eq!(Eran::from_ascii_prefix(b"ep+")?, (Eran::EnPassant, 2));
    /// let err = Eran::from_ascii_prefix(b"Knight g1?f3").unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (EranErrorKind::Action, 9));
    /// # Ok::<(), chessnote::eran::EranError>(())
    /// ```
    pub fn from_ascii_prefix(bytes: &[u8]) -> Result<(Eran, usize), EranError> {
        parse::parse_prefix(bytes)
    }

    /// The drop, if this is one.
    ///
    /// ```
    /// use chessnote::eran::Eran;
    /// assert!(Eran::from_ascii(b"B @c4")?.drop_move().is_some());
    /// assert!(Eran::from_ascii(b"B f1-c4")?.drop_move().is_none());
    /// # Ok::<(), chessnote::eran::EranError>(())
    /// ```
    #[inline]
    pub const fn drop_move(self) -> Option<DropMove> {
        match self {
            Eran::Drop(drop) => Some(drop),
            _ => None,
        }
    }

    /// The regular move, unless this is castling, the en passant
    /// identifier or a drop.
    ///
    /// ```
    /// use chessnote::eran::Eran;
    /// assert!(Eran::from_ascii(b"K e1-f1")?.regular().is_some());
    /// assert!(Eran::from_ascii(b"ck")?.regular().is_none());
    /// # Ok::<(), chessnote::eran::EranError>(())
    /// ```
    #[inline]
    pub const fn regular(self) -> Option<RegularMove> {
        match self {
            Eran::Regular(mv) => Some(mv),
            _ => None,
        }
    }

    /// Whether the move captures: a regular move written with `x`, or en
    /// passant.
    ///
    /// ```
    /// use chessnote::eran::Eran;
    /// assert!(Eran::from_ascii(b"ep")?.is_capture());
    /// assert!(Eran::from_ascii(b"P e5xd6")?.is_capture());
    /// assert!(!Eran::from_ascii(b"cq")?.is_capture());
    /// # Ok::<(), chessnote::eran::EranError>(())
    /// ```
    #[inline]
    pub const fn is_capture(self) -> bool {
        match self {
            Eran::Regular(mv) => mv.capture,
            Eran::Castle(_) | Eran::Drop(_) => false,
            Eran::EnPassant => true,
        }
    }
}

impl From<RegularMove> for Eran {
    /// ```
    /// use chessnote::eran::{Eran, RegularMove};
    /// use chessnote::{PieceKind, Square};
    /// let mv = RegularMove::new(PieceKind::King, Square::E1, Square::F2, false, None)?;
    /// assert_eq!(Eran::from(mv).to_string(), "King e1-f2");
    /// # Ok::<(), chessnote::eran::EranErrorKind>(())
    /// ```
    fn from(mv: RegularMove) -> Eran {
        Eran::Regular(mv)
    }
}

impl From<CastlingSide> for Eran {
    /// ```
    /// use chessnote::{eran::Eran, CastlingSide};
    /// assert_eq!(Eran::from(CastlingSide::KingSide).short().to_string(), "ck");
    /// ```
    fn from(side: CastlingSide) -> Eran {
        Eran::Castle(side)
    }
}

impl core::str::FromStr for Eran {
    type Err = EranError;

    /// Same as [`Eran::from_ascii`].
    ///
    /// ```
    /// use chessnote::eran::Eran;
    /// assert_eq!("ROOK A1XA8".parse::<Eran>()?.to_string(), "Rook a1xa8");
    /// # Ok::<(), chessnote::eran::EranError>(())
    /// ```
    fn from_str(s: &str) -> Result<Eran, EranError> {
        Eran::from_ascii(s.as_bytes())
    }
}

impl core::str::FromStr for RegularMove {
    type Err = EranError;

    /// Parses a regular move; castling, `en-passant` and drops are errors
    /// ([`EranErrorKind::NotRegular`] at byte 0).
    ///
    /// ```
    /// use chessnote::eran::{EranErrorKind, RegularMove};
    /// assert_eq!("B f1-c4".parse::<RegularMove>()?.to_string(), "Bishop f1-c4");
    /// assert_eq!("ep".parse::<RegularMove>().unwrap_err().kind(), EranErrorKind::NotRegular);
    /// # Ok::<(), chessnote::eran::EranError>(())
    /// ```
    fn from_str(s: &str) -> Result<RegularMove, EranError> {
        match Eran::from_ascii(s.as_bytes())? {
            Eran::Regular(mv) => Ok(mv),
            _ => Err(EranError::new(EranErrorKind::NotRegular, 0)),
        }
    }
}

/// Whether the fast path for common moves agrees with the rule-by-rule
/// parser on `bytes`, as a prefix and as a whole move (for the property
/// tests and the fuzz target; not part of the stable API).
#[doc(hidden)]
pub fn fast_path_agrees(bytes: &[u8]) -> bool {
    parse::fast_path_agrees(bytes)
}

/// Side conditions S1 and S2 of `docs/eran.ebnf`: distinct squares and the
/// piece's geometry on an empty board, with horde's first-rank pawns.
#[inline]
const fn check_geometry(
    piece: PieceKind,
    from: Square,
    to: Square,
    capture: bool,
) -> Result<(), EranErrorKind> {
    if from as u8 == to as u8 {
        return Err(EranErrorKind::SameSquare);
    }
    if piece.empty_board_reach(from, capture).contains(to)
        || matches!(piece, PieceKind::Pawn) && horde_first_rank_reach(from, to, capture)
    {
        Ok(())
    } else {
        Err(EranErrorKind::Unreachable {
            piece,
            from,
            to,
            capture,
        })
    }
}

/// Whether a pawn on rank 1 reaches `to`, as horde's White pawns do: one or
/// two squares up with `-`, one square diagonally up with `x`.
#[inline]
const fn horde_first_rank_reach(from: Square, to: Square, capture: bool) -> bool {
    let (from, to) = (from.index(), to.index());
    if from >= 8 {
        return false;
    }
    let (file, to_file) = (from % 8, to % 8);
    if capture {
        to / 8 == 1 && file.abs_diff(to_file) == 1
    } else {
        file == to_file && (to / 8 == 1 || to / 8 == 2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_knight_from_b1_reaches_three_squares() {
        let mut reached = [false; 64];
        for to in Square::ALL {
            reached[to as usize] = check_geometry(PieceKind::Knight, Square::B1, to, false).is_ok();
        }
        let got: alloc::vec::Vec<Square> = Square::ALL
            .into_iter()
            .filter(|&s| reached[s as usize])
            .collect();
        assert_eq!(got, [Square::D2, Square::A3, Square::C3]);
    }

    #[test]
    fn move_counts_on_an_empty_board() {
        // From every square, count the destinations (queen: 1456 in all).
        let count = |piece: PieceKind, capture: bool| {
            let mut n = 0;
            for from in Square::ALL {
                for to in Square::ALL {
                    n += check_geometry(piece, from, to, capture).is_ok() as usize;
                }
            }
            n
        };
        assert_eq!(count(PieceKind::Queen, false), 1456);
        assert_eq!(count(PieceKind::Rook, false), 64 * 14);
        assert_eq!(count(PieceKind::Bishop, false), 560);
        assert_eq!(count(PieceKind::Knight, false), 336);
        assert_eq!(count(PieceKind::King, false), 420);
        // Pawns on ranks 2..7: 48 squares × 2 directions + 16 double steps;
        // horde's on rank 1: 8 single and 8 double steps up.
        assert_eq!(count(PieceKind::Pawn, false), 48 * 2 + 16 + 16);
        // Diagonal captures: 4 for inner files, 2 on the a and h files;
        // from rank 1, up only: 2 and 1.
        assert_eq!(
            count(PieceKind::Pawn, true),
            6 * (6 * 4 + 2 * 2) + (6 * 2 + 2)
        );
    }

    #[test]
    fn drops_are_checked_without_a_board() {
        let mut valid = 0;
        for piece in PieceKind::ALL {
            for to in Square::ALL {
                valid += usize::from(DropMove::new(piece, to).is_ok());
            }
        }
        // Four pieces anywhere, pawns on ranks 2 to 7.
        assert_eq!(valid, 4 * 64 + 48);
    }

    #[test]
    fn the_value_is_small() {
        assert_eq!(core::mem::size_of::<Eran>(), 5);
    }
}
