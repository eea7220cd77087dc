//! The façade that makes `chessnote::san` a drop-in replacement for the
//! `chess-notation-parser` crate (0.2.3): its names, fields, variants,
//! constants, traits, macros and messages, built on [`SanPlus`].
//!
//! ## The seed crate's examples
//!
//! The examples of the `chess-notation-parser` README run unchanged but for
//! the crate path. `0-0` will be translated to:
//!
//! ```
//! # use chessnote::san::{Turn, Castling, CastlingType, Flag};
//! # let turn =
//! Turn::Castling(Castling {
//!     r#type: CastlingType::Short,
//!     flags: Flag::NONE,
//! });
//! # assert_eq!(turn, Turn::try_from("0-0").unwrap());
//! # assert_eq!(turn, Turn::try_from("O-O").unwrap());
//! ```
//!
//! `d6` will be translated to:
//!
//! ```
//! # use chessnote::san::{Turn, Move, Square, Piece, Flag};
//! # let turn =
//! Turn::Move (Move {
//!     who: Piece::Pawn,
//!     dst: Square::D6,
//!     flags: Flag::NONE,
//!     src: None,
//!     promotion: None,
//! });
//! # assert_eq!(turn, Turn::try_from("d6").unwrap());
//! ```
//!
//! `d7xe8=B+?` will be translated to:
//!
//! ```
//! # use chessnote::san::{Turn, Move, Square, Piece, Flag};
//! # let turn =
//! Turn::Move (Move {
//!     who: Piece::Pawn,
//!     dst: Square::E8,
//!     flags: Flag::CHECK | Flag::CAPTURE,
//!     src: Some(vec![Square::D7]),
//!     promotion: Some(Piece::Bishop),
//! });
//! # assert_eq!(turn, Turn::try_from("d7xe8=B+?").unwrap());
//! ```
//!
//! `Nab3#` will be translated to:
//!
//! ```
//! # use chessnote::san::{Turn, Move, Square, Piece, Flag};
//! # let turn =
//! Turn::Move (Move {
//!     who: Piece::Knight,
//!     dst: Square::B3,
//!     flags: Flag::CHECKMATE,
//!     src: Some(Square::get_file('a').unwrap()),  // Vector of 'Ax' squares
//!     promotion: None,
//! });
//! # assert_eq!(turn, Turn::try_from("Nab3#").unwrap());
//! ```

use alloc::string::{String, ToString};
use alloc::vec;
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use super::{Annotation, San, SanOptions, SanPlus, Suffix};
use crate::{CastlingSide, File, PieceKind, Rank};

/// Chess pieces, as the seed crate names them: the crate's [`PieceKind`].
///
/// `Display` prints the English name and `TryFrom<&str>` reads one uppercase
/// letter, as in the seed crate.
///
/// ```
/// use chessnote::san::Piece;
///
/// assert_eq!(Piece::try_from("N"), Ok(Piece::Knight));
/// assert_eq!(Piece::Knight.to_string(), "Knight");
/// ```
pub type Piece = PieceKind;

/// Flag constants: bits of a turn's `flags` byte (check, checkmate, capture).
///
/// `CHECK` and `CHECKMATE` are meant to be exclusive; a value with both
/// prints as checkmate.
///
/// ```
/// use chessnote::san::{Flag, FlagCheck, Move, Piece, Square};
///
/// let m = Move { who: Piece::Queen, dst: Square::D2, flags: Flag::CAPTURE | Flag::CHECKMATE, src: None, promotion: None };
/// assert!(m.check_flag(Flag::CAPTURE));
/// assert_eq!(m.to_string(), "Qxd2#");
/// ```
#[allow(non_snake_case)]
pub mod Flag {
    /// No flag.
    ///
    /// ```
    /// assert_eq!(chessnote::san::Flag::NONE, 0);
    /// ```
    pub const NONE: u8 = 0;

    /// The turn gives check (`+`).
    ///
    /// ```
    /// assert_eq!(chessnote::san::Flag::CHECK, 1);
    /// ```
    pub const CHECK: u8 = 1;

    /// The turn gives checkmate (`#`).
    ///
    /// ```
    /// assert_eq!(chessnote::san::Flag::CHECKMATE, 2);
    /// ```
    pub const CHECKMATE: u8 = 1 << 1;

    /// The turn captures a piece (`x`).
    ///
    /// ```
    /// assert_eq!(chessnote::san::Flag::CAPTURE, 4);
    /// ```
    pub const CAPTURE: u8 = 1 << 2;
}

/// Reads a turn's flag bits.
///
/// ```
/// use chessnote::san::{Castling, CastlingType, Flag, FlagCheck};
///
/// let castling = Castling { r#type: CastlingType::Short, flags: Flag::CHECK };
/// assert_eq!(castling.get_flags(), Flag::CHECK);
/// assert!(castling.check_flag(Flag::CHECK));
/// assert!(!castling.check_flag(Flag::CAPTURE));
/// ```
pub trait FlagCheck {
    /// The flag bits.
    fn get_flags(&self) -> u8;

    /// Whether any bit of `flag` is set.
    fn check_flag(&self, flag: u8) -> bool {
        self.get_flags() & flag != 0
    }
}

/// A board square as the seed crate numbers it: `A8` = 0, `B8` = 1, …,
/// `H1` = 63 (rank 8 first). Converts to and from [`crate::Square`].
///
/// ```
/// use chessnote::san::Square;
///
/// assert_eq!(Square::try_from("d6"), Ok(Square::D6));
/// assert_eq!(Square::A8 as u8, 0);
/// assert_eq!(Square::from(63u8), Square::H1);
/// assert_eq!(chessnote::Square::from(Square::E4), chessnote::Square::E4);
/// ```
#[derive(Debug, Hash, PartialOrd, Ord, PartialEq, Copy, Clone, Eq)]
#[rustfmt::skip]
#[allow(missing_docs)]
pub enum Square {
    A8, B8, C8, D8, E8, F8, G8, H8,
    A7, B7, C7, D7, E7, F7, G7, H7,
    A6, B6, C6, D6, E6, F6, G6, H6,
    A5, B5, C5, D5, E5, F5, G5, H5,
    A4, B4, C4, D4, E4, F4, G4, H4,
    A3, B3, C3, D3, E3, F3, G3, H3,
    A2, B2, C2, D2, E2, F2, G2, H2,
    A1, B1, C1, D1, E1, F1, G1, H1,
}

impl Square {
    #[rustfmt::skip]
    const ALL: [Square; 64] = {
        use Square::*;
        [
            A8, B8, C8, D8, E8, F8, G8, H8,
            A7, B7, C7, D7, E7, F7, G7, H7,
            A6, B6, C6, D6, E6, F6, G6, H6,
            A5, B5, C5, D5, E5, F5, G5, H5,
            A4, B4, C4, D4, E4, F4, G4, H4,
            A3, B3, C3, D3, E3, F3, G3, H3,
            A2, B2, C2, D2, E2, F2, G2, H2,
            A1, B1, C1, D1, E1, F1, G1, H1,
        ]
    };

    /// The square with the seed's index (`A8` = 0 … `H1` = 63), if below 64.
    /// (`From<u8>` panics on 64 and above, as in the seed crate.)
    ///
    /// ```
    /// use chessnote::san::Square;
    /// assert_eq!(Square::from_index(7), Some(Square::H8));
    /// assert_eq!(Square::from_index(64), None);
    /// ```
    pub const fn from_index(index: u8) -> Option<Square> {
        if index < 64 {
            Some(Square::ALL[index as usize])
        } else {
            None
        }
    }

    /// The 8 squares of a file, rank 1 first.
    ///
    /// ```
    /// use chessnote::san::Square;
    /// let file = Square::get_file('a').unwrap();
    /// assert_eq!((file[0], file[7]), (Square::A1, Square::A8));
    /// assert_eq!(Square::get_file('A'), Err("Invalid 'file' character received"));
    /// ```
    pub fn get_file(file: char) -> Result<Vec<Square>, &'static str> {
        let file = File::from_char(file).ok_or("Invalid 'file' character received")?;
        Ok(Rank::ALL
            .iter()
            .map(|&rank| crate::Square::new(file, rank).into())
            .collect())
    }

    /// The 8 squares of a rank, file `a` first.
    ///
    /// ```
    /// use chessnote::san::Square;
    /// let rank = Square::get_rank('2').unwrap();
    /// assert_eq!((rank[0], rank[7]), (Square::A2, Square::H2));
    /// assert_eq!(Square::get_rank('9'), Err("Invalid 'rank' character received"));
    /// ```
    pub fn get_rank(rank: char) -> Result<Vec<Square>, &'static str> {
        let rank = Rank::from_char(rank).ok_or("Invalid 'rank' character received")?;
        Ok(File::ALL
            .iter()
            .map(|&file| crate::Square::new(file, rank).into())
            .collect())
    }

    /// The square `x` files to the right and `y` ranks up, if on the board.
    ///
    /// ```
    /// use chessnote::san::Square;
    /// assert_eq!(Square::D4.get_relative_neighbor(0, -2), Ok(Square::D2));
    /// assert_eq!(Square::D4.get_relative_neighbor(1, 1), Ok(Square::E5));
    /// assert_eq!(Square::A1.get_relative_neighbor(0, 100), Err("Square out of range"));
    /// ```
    pub fn get_relative_neighbor(&self, x: i8, y: i8) -> Result<Square, &'static str> {
        crate::Square::from(*self)
            .offset(x, y)
            .map(Square::from)
            .ok_or("Square out of range")
    }

    /// The file letter, `a` to `h`.
    ///
    /// ```
    /// assert_eq!(chessnote::san::Square::C7.get_file_char(), 'c');
    /// ```
    pub fn get_file_char(&self) -> char {
        crate::Square::from(*self).file().char()
    }

    /// The rank digit, `1` to `8`.
    ///
    /// ```
    /// assert_eq!(chessnote::san::Square::C7.get_rank_char(), '7');
    /// ```
    pub fn get_rank_char(&self) -> char {
        crate::Square::from(*self).rank().char()
    }
}

impl From<u8> for Square {
    /// The square with the seed's index.
    ///
    /// # Panics
    ///
    /// On an index of 64 or more, as in the seed crate (`From` cannot fail);
    /// [`Square::from_index`] returns an `Option` instead.
    ///
    /// ```
    /// use chessnote::san::Square;
    /// assert_eq!(Square::from(0u8), Square::A8);
    /// ```
    fn from(index: u8) -> Square {
        match Square::from_index(index) {
            Some(square) => square,
            None => panic!("Square index={index} is out of range"),
        }
    }
}

impl From<crate::Square> for Square {
    fn from(square: crate::Square) -> Square {
        Square::ALL[(square.index() ^ 56) as usize]
    }
}

impl From<Square> for crate::Square {
    fn from(square: Square) -> crate::Square {
        crate::Square::ALL[(square as usize) ^ 56]
    }
}

impl TryFrom<&str> for Square {
    type Error = &'static str;

    /// ```
    /// use chessnote::san::Square;
    /// assert_eq!(Square::try_from("h8"), Ok(Square::H8));
    /// assert_eq!(Square::try_from("A1"), Err("Invalid square input"));
    /// assert_eq!(Square::try_from("a10"), Err("Invalid square length"));
    /// ```
    fn try_from(square: &str) -> Result<Square, &'static str> {
        if square.len() != 2 {
            return Err("Invalid square length");
        }
        crate::Square::from_ascii(square.as_bytes())
            .map(Square::from)
            .map_err(|_| "Invalid square input")
    }
}

impl FromStr for Square {
    type Err = &'static str;

    fn from_str(s: &str) -> Result<Square, &'static str> {
        Square::try_from(s)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&crate::Square::from(*self), f)
    }
}

/// Castling type (side): `Long` is `0-0-0`, `Short` is `0-0`.
///
/// ```
/// use chessnote::san::CastlingType;
///
/// assert_eq!(CastlingType::Short.opposite(), CastlingType::Long);
/// assert_eq!(CastlingType::Long.to_string(), "0-0-0");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum CastlingType {
    /// Queen side, `0-0-0`.
    Long,
    /// King side, `0-0`.
    Short,
}

impl CastlingType {
    /// The other castling type.
    ///
    /// ```
    /// use chessnote::san::CastlingType;
    /// assert_eq!(CastlingType::Long.opposite(), CastlingType::Short);
    /// ```
    pub fn opposite(&self) -> CastlingType {
        match self {
            CastlingType::Long => CastlingType::Short,
            CastlingType::Short => CastlingType::Long,
        }
    }
}

impl From<CastlingType> for CastlingSide {
    fn from(t: CastlingType) -> CastlingSide {
        match t {
            CastlingType::Long => CastlingSide::QueenSide,
            CastlingType::Short => CastlingSide::KingSide,
        }
    }
}

impl From<CastlingSide> for CastlingType {
    fn from(side: CastlingSide) -> CastlingType {
        match side {
            CastlingSide::QueenSide => CastlingType::Long,
            CastlingSide::KingSide => CastlingType::Short,
        }
    }
}

impl fmt::Display for CastlingType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(match self {
            CastlingType::Long => "0-0-0",
            CastlingType::Short => "0-0",
        })
    }
}

/// A castling turn.
///
/// `Display` prints zeros (`0-0`), as the seed crate does. It never panics:
/// a capture bit (castling cannot capture) is not printed, and a value with
/// both check bits prints as checkmate.
///
/// ```
/// use chessnote::san::{Castling, CastlingType, Flag, Turn};
///
/// let turn = Turn::Castling(Castling { r#type: CastlingType::Short, flags: Flag::CHECK });
/// assert_eq!(turn, Turn::try_from("0-0+").unwrap());
/// assert_eq!(turn.to_string(), "0-0+");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Castling {
    /// The side.
    pub r#type: CastlingType,
    /// [`Flag`] bits.
    pub flags: u8,
}

impl FlagCheck for Castling {
    fn get_flags(&self) -> u8 {
        self.flags
    }
}

impl fmt::Display for Castling {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.r#type, check_suffix(self.flags))
    }
}

fn check_suffix(flags: u8) -> &'static str {
    if flags & Flag::CHECKMATE != 0 {
        "#"
    } else if flags & Flag::CHECK != 0 {
        "+"
    } else {
        ""
    }
}

/// Any turn but castling: a piece moving to `dst`.
///
/// `src` holds the written source: one square (`Nb1c3`), the 8 squares of a
/// file (`Nbc3`) or of a rank (`N1c3`), or `None`.
///
/// ```
/// use chessnote::san::{Flag, Move, Piece, Square, Turn};
///
/// let turn = Turn::Move(Move {
///     who: Piece::Pawn,
///     dst: Square::C3,
///     flags: Flag::NONE,
///     src: None,
///     promotion: None,
/// });
/// assert_eq!(turn, Turn::try_from("c3").unwrap());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The moving piece.
    pub who: Piece,
    /// The destination square.
    pub dst: Square,
    /// [`Flag`] bits.
    pub flags: u8,
    /// The written source: a square, a file or a rank (8 squares), or none.
    pub src: Option<Vec<Square>>,
    /// The piece a pawn promotes to.
    pub promotion: Option<Piece>,
}

impl FlagCheck for Move {
    fn get_flags(&self) -> u8 {
        self.flags
    }
}

/// How a `src` vector reads in SAN.
enum Source {
    None,
    File(File),
    Rank(Rank),
    Square(crate::Square),
    /// Squares that share no file or rank: not expressible in SAN.
    Scattered,
}

impl Move {
    fn source(&self) -> Source {
        let Some(src) = self.src.as_deref() else {
            return Source::None;
        };
        let squares = src.iter().map(|&s| crate::Square::from(s));
        let mut iter = squares.clone();
        let Some(first) = iter.next() else {
            return Source::None;
        };
        if squares.clone().all(|s| s == first) {
            Source::Square(first)
        } else if squares.clone().all(|s| s.file() == first.file()) {
            Source::File(first.file())
        } else if squares.clone().all(|s| s.rank() == first.rank()) {
            Source::Rank(first.rank())
        } else {
            Source::Scattered
        }
    }
}

impl fmt::Display for Move {
    /// `<piece><source><x><destination><=promotion><+ or #>`. A `src` of one
    /// square prints the square; of squares sharing a file or a rank, that
    /// file or rank; an empty `src` prints nothing; squares sharing neither
    /// (which no SAN can express) print one after another.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::with_capacity(16);
        if self.who != PieceKind::Pawn {
            s.push(self.who.char());
        }
        match self.source() {
            Source::None => {}
            Source::File(file) => s.push(file.char()),
            Source::Rank(rank) => s.push(rank.char()),
            Source::Square(square) => s.push_str(&square.to_string()),
            Source::Scattered => {
                for square in self.src.iter().flatten() {
                    s.push_str(&square.to_string());
                }
            }
        }
        if self.flags & Flag::CAPTURE != 0 {
            s.push('x');
        }
        s.push_str(&self.dst.to_string());
        if let Some(promotion) = self.promotion {
            s.push('=');
            s.push(promotion.char());
        }
        s.push_str(check_suffix(self.flags));
        f.pad(&s)
    }
}

/// A parsed SAN turn: castling or any other move.
///
/// ```
/// use chessnote::san::{turn_move, Flag, Move, Piece, Square, Turn};
///
/// let turn = Turn::try_from("Ke3xd5").unwrap();
/// assert_eq!(turn, turn_move!(Piece::King, Square::D5, Flag::CAPTURE, Some(vec![Square::E3])));
/// assert!(turn.is_capture());
/// assert_eq!(turn.to_string(), "Ke3xd5");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Turn {
    /// Castling.
    Castling(Castling),
    /// Any other move.
    Move(Move),
}

impl Turn {
    /// Whether the turn gives check (`+`).
    ///
    /// ```
    /// assert!(chessnote::san::Turn::try_from("O-O+").unwrap().is_check());
    /// ```
    pub fn is_check(&self) -> bool {
        self.check_flag(Flag::CHECK)
    }

    /// Whether the turn gives checkmate (`#`).
    ///
    /// ```
    /// assert!(chessnote::san::Turn::try_from("Qd3#").unwrap().is_checkmate());
    /// ```
    pub fn is_checkmate(&self) -> bool {
        self.check_flag(Flag::CHECKMATE)
    }

    /// Whether the turn captures (`x`).
    ///
    /// ```
    /// assert!(chessnote::san::Turn::try_from("Qxd3").unwrap().is_capture());
    /// ```
    pub fn is_capture(&self) -> bool {
        self.check_flag(Flag::CAPTURE)
    }

    fn check_flag(&self, flag: u8) -> bool {
        match self {
            Turn::Castling(castling) => castling.check_flag(flag),
            Turn::Move(m) => m.check_flag(flag),
        }
    }

    /// Parses like `Turn::try_from`, and also returns the annotation (`!?`
    /// and the like) that the seed crate drops.
    ///
    /// ```
    /// use chessnote::san::{Annotation, Turn};
    ///
    /// let (turn, annotation) = Turn::parse_annotated("Nf3!?").unwrap();
    /// assert_eq!(turn, Turn::try_from("Nf3").unwrap());
    /// assert_eq!(annotation, Some(Annotation::Speculative));
    /// ```
    pub fn parse_annotated(turn: &str) -> Result<(Turn, Option<Annotation>), &'static str> {
        let turn = turn.trim_end_matches('\0');
        if turn.is_empty() {
            return Err("Empty string received");
        }
        if turn.len() == 1 {
            return Err("Insufficient length");
        }
        match SanPlus::from_ascii_with(turn.as_bytes(), SanOptions::SEED) {
            Ok(san) => Ok((Turn::try_from(san)?, san.annotation)),
            Err(_) => Err(seed_message(turn)),
        }
    }
}

impl TryFrom<SanPlus> for Turn {
    type Error = &'static str;

    /// The façade view of a parsed move (the annotation is not kept). A null
    /// move has no such view: the seed crate has none.
    ///
    /// ```
    /// use chessnote::san::{San, SanPlus, Turn};
    /// let san = SanPlus::from_ascii(b"Nbd7+")?;
    /// assert_eq!(Turn::try_from(san).unwrap().to_string(), "Nbd7+");
    /// assert!(Turn::try_from(SanPlus::from(San::Null)).is_err());
    /// # Ok::<(), chessnote::san::SanError>(())
    /// ```
    fn try_from(san: SanPlus) -> Result<Turn, &'static str> {
        let mut flags = match san.suffix {
            None => Flag::NONE,
            Some(Suffix::Check) => Flag::CHECK,
            Some(Suffix::Checkmate) => Flag::CHECKMATE,
        };
        Ok(match san.san {
            San::Null => return Err("A null move is not a Turn"),
            San::Drop { .. } => return Err("A drop is not a Turn"),
            San::Castle(side) => Turn::Castling(Castling {
                r#type: side.into(),
                flags,
            }),
            San::Normal {
                piece,
                file,
                rank,
                capture,
                to,
                promotion,
            } => {
                if capture {
                    flags |= Flag::CAPTURE;
                }
                let src = match (file, rank) {
                    (None, None) => None,
                    (Some(file), Some(rank)) => Some(vec![crate::Square::new(file, rank).into()]),
                    (Some(file), None) => Some(
                        Rank::ALL
                            .iter()
                            .map(|&r| crate::Square::new(file, r).into())
                            .collect(),
                    ),
                    (None, Some(rank)) => Some(
                        File::ALL
                            .iter()
                            .map(|&f| crate::Square::new(f, rank).into())
                            .collect(),
                    ),
                };
                Turn::Move(Move {
                    who: piece,
                    dst: to.into(),
                    flags,
                    src,
                    promotion,
                })
            }
        })
    }
}

impl fmt::Display for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Turn::Castling(castling) => fmt::Display::fmt(castling, f),
            Turn::Move(m) => fmt::Display::fmt(m, f),
        }
    }
}

impl TryFrom<&str> for Turn {
    type Error = &'static str;

    /// Parses a turn with the seed crate's rules and messages (trailing NUL
    /// bytes are ignored; annotations are accepted at the end and dropped).
    ///
    /// ```
    /// use chessnote::san::{Flag, Move, Piece, Square, Turn};
    ///
    /// let turn = Turn::try_from("d7xe8=B+?").unwrap();
    /// assert_eq!(turn, Turn::Move(Move {
    ///     who: Piece::Pawn,
    ///     dst: Square::E8,
    ///     flags: Flag::CHECK | Flag::CAPTURE,
    ///     src: Some(vec![Square::D7]),
    ///     promotion: Some(Piece::Bishop),
    /// }));
    /// assert_eq!(Turn::try_from("??a1=B"), Err("Invalid comment syntax"));
    /// ```
    fn try_from(turn: &str) -> Result<Turn, &'static str> {
        Turn::parse_annotated(turn).map(|(turn, _)| turn)
    }
}

impl FromStr for Turn {
    type Err = &'static str;

    /// The same as `Turn::try_from`.
    ///
    /// ```
    /// use chessnote::san::Turn;
    /// assert!("0-0-0".parse::<Turn>().is_ok());
    /// ```
    fn from_str(s: &str) -> Result<Turn, &'static str> {
        Turn::try_from(s)
    }
}

/// The message the seed crate gives for a turn our parser rejected, found by
/// following that crate's checks in its order. `turn` is non-empty, has no
/// trailing NUL and is at least two bytes long.
fn seed_message(turn: &str) -> &'static str {
    const VERIFICATION: &str = "Turn verification failed: invalid format";
    let bytes = turn.as_bytes();
    let comment_ok = || match bytes.iter().position(|&b| b == b'?' || b == b'!') {
        Some(i) => Annotation::from_ascii(&bytes[i..]).is_some(),
        None => true,
    };
    if bytes.contains(&b'-') {
        let castling = turn.contains("0-0") || turn.contains("O-O");
        if !castling {
            return "Unknown chess notation found";
        }
        // The seed crate panics on a castling with an `x`; we do not.
        return if bytes.contains(&b'x') || comment_ok() {
            VERIFICATION
        } else {
            "Invalid comment syntax"
        };
    }
    if !bytes
        .iter()
        .all(|b| b"abcdefgh12345678#+=x?!KQRNBP".contains(b))
    {
        return "Turn contains invalid characters";
    }
    let is_coordinate = |b: &u8| matches!(b, b'a'..=b'h' | b'1'..=b'8');
    let dst = match bytes.iter().rposition(is_coordinate) {
        Some(i) if i > 0 => crate::Square::from_ascii(&bytes[i - 1..=i]).ok(),
        _ => None,
    };
    let Some(dst) = dst else {
        return "Destination square not found";
    };
    let letter = bytes
        .iter()
        .find(|b| b.is_ascii_uppercase())
        .and_then(|&b| PieceKind::from_upper_ascii(b));
    let back_rank = dst.rank().is_back_rank();
    match letter {
        Some(promotion) if bytes.contains(&b'=') => {
            if !promotion.is_promotion_target() {
                return "Invalid promotion piece";
            }
            if !back_rank {
                return "Invalid promotion square";
            }
        }
        Some(PieceKind::Pawn) | None if back_rank => {
            return "Pawn must be promoted on the final rank";
        }
        _ => {}
    }
    if comment_ok() {
        VERIFICATION
    } else {
        "Invalid comment syntax"
    }
}

/// Creates a [`Turn::Move`](crate::san::Turn::Move) from 2 to 5 arguments:
/// `who`, `dst`, then optionally `flags` (default `Flag::NONE`), `src` and
/// `promotion` (default `None`). Nothing needs to be imported to use it.
///
/// ```
/// use chessnote::san::{turn_move, Flag, Piece, Square, Turn};
///
/// assert_eq!(turn_move!(Piece::Bishop, Square::C4), Turn::try_from("Bc4").unwrap());
/// assert_eq!(
///     turn_move!(Piece::Pawn, Square::B1, Flag::CAPTURE, Some(vec![Square::A2]), Some(Piece::Bishop)),
///     Turn::try_from("a2xb1=B").unwrap()
/// );
/// ```
#[macro_export]
macro_rules! turn_move {
    ($who:expr, $dst:expr $(,)?) => {
        $crate::turn_move!($who, $dst, $crate::san::Flag::NONE)
    };
    ($who:expr, $dst:expr, $flags:expr $(,)?) => {
        $crate::turn_move!($who, $dst, $flags, ::core::option::Option::None)
    };
    ($who:expr, $dst:expr, $flags:expr, $src:expr $(,)?) => {
        $crate::turn_move!($who, $dst, $flags, $src, ::core::option::Option::None)
    };
    ($who:expr, $dst:expr, $flags:expr, $src:expr, $promotion:expr $(,)?) => {
        $crate::san::Turn::Move($crate::san::Move {
            who: $who,
            dst: $dst,
            flags: $flags,
            src: $src,
            promotion: $promotion,
        })
    };
}

/// Creates a [`Turn::Castling`](crate::san::Turn::Castling) from a
/// `CastlingType` and optional flags (default `Flag::NONE`). Nothing needs to
/// be imported to use it.
///
/// ```
/// use chessnote::san::{turn_castling, CastlingType, Flag, Turn};
///
/// assert_eq!(turn_castling!(CastlingType::Long), Turn::try_from("0-0-0").unwrap());
/// assert_eq!(turn_castling!(CastlingType::Short, Flag::CHECK), Turn::try_from("O-O+").unwrap());
/// ```
#[macro_export]
macro_rules! turn_castling {
    ($castling_type:expr $(,)?) => {
        $crate::turn_castling!($castling_type, $crate::san::Flag::NONE)
    };
    ($castling_type:expr, $flags:expr $(,)?) => {
        $crate::san::Turn::Castling($crate::san::Castling {
            r#type: $castling_type,
            flags: $flags,
        })
    };
}
