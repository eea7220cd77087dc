//! Board coordinates: files, ranks and squares.

use core::fmt;
use core::str::FromStr;

/// A file (column) of the board, `a` to `h`.
///
/// ```
/// use chessnote::File;
///
/// assert_eq!(File::from_char('c'), Some(File::C));
/// assert_eq!(File::C.char(), 'c');
/// assert_eq!(File::C.index(), 2);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum File {
    A,
    B,
    C,
    D,
    E,
    F,
    G,
    H,
}

/// A rank (row) of the board, `1` to `8`.
///
/// ```
/// use chessnote::Rank;
///
/// assert_eq!(Rank::from_char('4'), Some(Rank::Fourth));
/// assert_eq!(Rank::Fourth.char(), '4');
/// assert_eq!(Rank::Fourth.index(), 3);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum Rank {
    First,
    Second,
    Third,
    Fourth,
    Fifth,
    Sixth,
    Seventh,
    Eighth,
}

macro_rules! coordinate_impl {
    ($ty:ident, $first:literal, $all:expr, $what:ident) => {
        impl $ty {
            /// Every value, in board order.
            ///
            /// ```
            #[doc = concat!("assert_eq!(chessnote::", stringify!($ty), "::ALL.len(), 8);")]
            /// ```
            pub const ALL: [$ty; 8] = $all;

            /// The value with this zero-based index, if it is below 8.
            ///
            /// ```
            #[doc = concat!("use chessnote::", stringify!($ty), ";")]
            #[doc = concat!("assert_eq!(", stringify!($ty), "::new(0), Some(", stringify!($ty), "::ALL[0]));")]
            #[doc = concat!("assert_eq!(", stringify!($ty), "::new(8), None);")]
            /// ```
            #[inline]
            pub const fn new(index: u8) -> Option<$ty> {
                // A match on the index compiles to arithmetic, not a table load.
                match index {
                    0 => Some(Self::ALL[0]),
                    1 => Some(Self::ALL[1]),
                    2 => Some(Self::ALL[2]),
                    3 => Some(Self::ALL[3]),
                    4 => Some(Self::ALL[4]),
                    5 => Some(Self::ALL[5]),
                    6 => Some(Self::ALL[6]),
                    7 => Some(Self::ALL[7]),
                    _ => None,
                }
            }

            /// The zero-based index (0 to 7).
            ///
            /// ```
            #[doc = concat!("assert_eq!(chessnote::", stringify!($ty), "::ALL[7].index(), 7);")]
            /// ```
            #[inline]
            pub const fn index(self) -> u8 {
                self as u8
            }

            /// Parses the ASCII byte that names this value.
            ///
            /// ```
            #[doc = concat!("use chessnote::", stringify!($ty), ";")]
            #[doc = concat!("assert_eq!(", stringify!($ty), "::from_ascii(b'", $first, "'), Some(", stringify!($ty), "::ALL[0]));")]
            #[doc = concat!("assert_eq!(", stringify!($ty), "::from_ascii(b'?'), None);")]
            /// ```
            #[inline]
            pub const fn from_ascii(byte: u8) -> Option<$ty> {
                // One load from a table indexed by the byte: no branch.
                const TABLE: [Option<$ty>; 256] = {
                    let mut table = [None; 256];
                    let mut i = 0;
                    while i < 8 {
                        table[$first as usize + i] = Some($ty::ALL[i]);
                        i += 1;
                    }
                    table
                };
                TABLE[byte as usize]
            }

            /// Parses the character that names this value.
            ///
            /// ```
            #[doc = concat!("use chessnote::", stringify!($ty), ";")]
            #[doc = concat!("assert_eq!(", stringify!($ty), "::from_char('", $first, "'), Some(", stringify!($ty), "::ALL[0]));")]
            /// ```
            #[inline]
            pub const fn from_char(c: char) -> Option<$ty> {
                if c.is_ascii() {
                    Self::from_ascii(c as u8)
                } else {
                    None
                }
            }

            /// The ASCII byte that names this value.
            ///
            /// ```
            #[doc = concat!("assert_eq!(chessnote::", stringify!($ty), "::ALL[0].ascii(), b'", $first, "');")]
            /// ```
            #[inline]
            pub const fn ascii(self) -> u8 {
                const FIRST: u8 = $first as u32 as u8;
                FIRST + self as u8
            }

            /// The character that names this value.
            ///
            /// ```
            #[doc = concat!("assert_eq!(chessnote::", stringify!($ty), "::ALL[0].char(), '", $first, "');")]
            /// ```
            #[inline]
            pub const fn char(self) -> char {
                self.ascii() as char
            }

            /// The value `delta` steps away, if it is on the board.
            ///
            /// ```
            #[doc = concat!("use chessnote::", stringify!($ty), ";")]
            #[doc = concat!("assert_eq!(", stringify!($ty), "::ALL[0].offset(2), Some(", stringify!($ty), "::ALL[2]));")]
            #[doc = concat!("assert_eq!(", stringify!($ty), "::ALL[0].offset(-1), None);")]
            /// ```
            #[inline]
            pub const fn offset(self, delta: i8) -> Option<$ty> {
                let index = self as i16 + delta as i16;
                if index >= 0 && index < 8 {
                    Self::new(index as u8)
                } else {
                    None
                }
            }

            /// The distance to `other` in steps (0 to 7).
            ///
            /// ```
            #[doc = concat!("use chessnote::", stringify!($ty), ";")]
            #[doc = concat!("assert_eq!(", stringify!($ty), "::ALL[1].distance(", stringify!($ty), "::ALL[4]), 3);")]
            /// ```
            #[inline]
            pub const fn distance(self, other: $ty) -> u8 {
                (self as u8).abs_diff(other as u8)
            }
        }

        impl fmt::Display for $ty {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Display::fmt(&self.char(), f)
            }
        }

        impl FromStr for $ty {
            type Err = ParseSquareError;

            fn from_str(s: &str) -> Result<$ty, ParseSquareError> {
                match s.as_bytes() {
                    [byte] => $ty::from_ascii(*byte).ok_or(ParseSquareError::$what),
                    _ => Err(ParseSquareError::$what),
                }
            }
        }
    };
}

coordinate_impl!(
    File,
    'a',
    [
        File::A,
        File::B,
        File::C,
        File::D,
        File::E,
        File::F,
        File::G,
        File::H
    ],
    InvalidFile
);
coordinate_impl!(
    Rank,
    '1',
    [
        Rank::First,
        Rank::Second,
        Rank::Third,
        Rank::Fourth,
        Rank::Fifth,
        Rank::Sixth,
        Rank::Seventh,
        Rank::Eighth
    ],
    InvalidRank
);

impl File {
    /// The file seen from the other side of the board (`a` ↔ `h`).
    ///
    /// ```
    /// use chessnote::File;
    /// assert_eq!(File::B.flip(), File::G);
    /// ```
    #[inline]
    pub const fn flip(self) -> File {
        File::ALL[7 - self as usize]
    }
}

impl Rank {
    /// Whether this is the first or the eighth rank, where pawns promote
    /// and never stand.
    ///
    /// ```
    /// use chessnote::Rank;
    /// assert!(Rank::Eighth.is_back_rank());
    /// assert!(!Rank::Seventh.is_back_rank());
    /// ```
    #[inline]
    pub const fn is_back_rank(self) -> bool {
        matches!(self, Rank::First | Rank::Eighth)
    }

    /// The rank seen from the other side of the board (`1` ↔ `8`).
    ///
    /// ```
    /// use chessnote::Rank;
    /// assert_eq!(Rank::Second.flip(), Rank::Seventh);
    /// ```
    #[inline]
    pub const fn flip(self) -> Rank {
        Rank::ALL[7 - self as usize]
    }
}

/// A square of the board, numbered `a1` = 0, `b1` = 1, …, `h8` = 63.
///
/// ```
/// use chessnote::{File, Rank, Square};
///
/// let e4: Square = "e4".parse()?;
/// assert_eq!(e4, Square::E4);
/// assert_eq!(e4, Square::new(File::E, Rank::Fourth));
/// assert_eq!((e4.file(), e4.rank()), (File::E, Rank::Fourth));
/// assert_eq!(e4.index(), 28);
/// assert_eq!(e4.to_string(), "e4");
/// # Ok::<(), chessnote::ParseSquareError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
#[rustfmt::skip]
#[allow(missing_docs)]
pub enum Square {
    A1, B1, C1, D1, E1, F1, G1, H1,
    A2, B2, C2, D2, E2, F2, G2, H2,
    A3, B3, C3, D3, E3, F3, G3, H3,
    A4, B4, C4, D4, E4, F4, G4, H4,
    A5, B5, C5, D5, E5, F5, G5, H5,
    A6, B6, C6, D6, E6, F6, G6, H6,
    A7, B7, C7, D7, E7, F7, G7, H7,
    A8, B8, C8, D8, E8, F8, G8, H8,
}

impl Square {
    /// All 64 squares, `a1` first, in index order.
    ///
    /// ```
    /// use chessnote::Square;
    /// assert_eq!(Square::ALL[63], Square::H8);
    /// ```
    #[rustfmt::skip]
    pub const ALL: [Square; 64] = {
        use Square::*;
        [
            A1, B1, C1, D1, E1, F1, G1, H1,
            A2, B2, C2, D2, E2, F2, G2, H2,
            A3, B3, C3, D3, E3, F3, G3, H3,
            A4, B4, C4, D4, E4, F4, G4, H4,
            A5, B5, C5, D5, E5, F5, G5, H5,
            A6, B6, C6, D6, E6, F6, G6, H6,
            A7, B7, C7, D7, E7, F7, G7, H7,
            A8, B8, C8, D8, E8, F8, G8, H8,
        ]
    };

    /// The square with index `index & 63`; a match that compiles to no
    /// table lookup.
    #[inline(always)]
    pub(crate) const fn from_index_masked(index: u8) -> Square {
        match index & 63 {
            0 => Square::A1,
            1 => Square::B1,
            2 => Square::C1,
            3 => Square::D1,
            4 => Square::E1,
            5 => Square::F1,
            6 => Square::G1,
            7 => Square::H1,
            8 => Square::A2,
            9 => Square::B2,
            10 => Square::C2,
            11 => Square::D2,
            12 => Square::E2,
            13 => Square::F2,
            14 => Square::G2,
            15 => Square::H2,
            16 => Square::A3,
            17 => Square::B3,
            18 => Square::C3,
            19 => Square::D3,
            20 => Square::E3,
            21 => Square::F3,
            22 => Square::G3,
            23 => Square::H3,
            24 => Square::A4,
            25 => Square::B4,
            26 => Square::C4,
            27 => Square::D4,
            28 => Square::E4,
            29 => Square::F4,
            30 => Square::G4,
            31 => Square::H4,
            32 => Square::A5,
            33 => Square::B5,
            34 => Square::C5,
            35 => Square::D5,
            36 => Square::E5,
            37 => Square::F5,
            38 => Square::G5,
            39 => Square::H5,
            40 => Square::A6,
            41 => Square::B6,
            42 => Square::C6,
            43 => Square::D6,
            44 => Square::E6,
            45 => Square::F6,
            46 => Square::G6,
            47 => Square::H6,
            48 => Square::A7,
            49 => Square::B7,
            50 => Square::C7,
            51 => Square::D7,
            52 => Square::E7,
            53 => Square::F7,
            54 => Square::G7,
            55 => Square::H7,
            56 => Square::A8,
            57 => Square::B8,
            58 => Square::C8,
            59 => Square::D8,
            60 => Square::E8,
            61 => Square::F8,
            62 => Square::G8,
            _ => Square::H8,
        }
    }

    /// The square on `file` and `rank`.
    ///
    /// ```
    /// use chessnote::{File, Rank, Square};
    /// assert_eq!(Square::new(File::H, Rank::First), Square::H1);
    /// ```
    #[inline]
    pub const fn new(file: File, rank: Rank) -> Square {
        Square::from_index_masked((rank as u8) << 3 | file as u8)
    }

    /// The square with this index (`a1` = 0 … `h8` = 63), if it is below 64.
    ///
    /// ```
    /// use chessnote::Square;
    /// assert_eq!(Square::from_index(63), Some(Square::H8));
    /// assert_eq!(Square::from_index(64), None);
    /// ```
    #[inline]
    pub const fn from_index(index: u8) -> Option<Square> {
        if index < 64 {
            Some(Square::from_index_masked(index))
        } else {
            None
        }
    }

    /// The index of the square (`a1` = 0 … `h8` = 63).
    ///
    /// ```
    /// use chessnote::Square;
    /// assert_eq!(Square::B1.index(), 1);
    /// ```
    #[inline]
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The file of the square.
    ///
    /// ```
    /// use chessnote::{File, Square};
    /// assert_eq!(Square::G7.file(), File::G);
    /// ```
    #[inline]
    pub const fn file(self) -> File {
        match File::new(self as u8 & 7) {
            Some(file) => file,
            None => File::A,
        }
    }

    /// The rank of the square.
    ///
    /// ```
    /// use chessnote::{Rank, Square};
    /// assert_eq!(Square::G7.rank(), Rank::Seventh);
    /// ```
    #[inline]
    pub const fn rank(self) -> Rank {
        match Rank::new(self as u8 >> 3) {
            Some(rank) => rank,
            None => Rank::First,
        }
    }

    /// The square `files` to the right and `ranks` up (from White's side),
    /// if it is on the board.
    ///
    /// ```
    /// use chessnote::Square;
    /// assert_eq!(Square::D4.offset(1, 2), Some(Square::E6));
    /// assert_eq!(Square::A1.offset(-1, 0), None);
    /// assert_eq!(Square::A1.offset(0, 100), None);
    /// ```
    #[inline]
    pub const fn offset(self, files: i8, ranks: i8) -> Option<Square> {
        match (self.file().offset(files), self.rank().offset(ranks)) {
            (Some(file), Some(rank)) => Some(Square::new(file, rank)),
            _ => None,
        }
    }

    /// The same square seen from the other side (`a1` ↔ `a8`).
    ///
    /// ```
    /// use chessnote::Square;
    /// assert_eq!(Square::C2.flip_vertical(), Square::C7);
    /// ```
    #[inline]
    pub const fn flip_vertical(self) -> Square {
        Square::from_index_masked(self as u8 ^ 56)
    }

    /// Parses a two-byte square name such as `b"e4"`; lowercase only.
    ///
    /// # Errors
    ///
    /// [`ParseSquareError`] when `bytes` is not a file letter `a`-`h` followed by a rank digit `1`-`8`.
    ///
    /// ```
    /// use chessnote::{ParseSquareError, Square};
    /// assert_eq!(Square::from_ascii(b"h8"), Ok(Square::H8));
    /// assert_eq!(Square::from_ascii(b"H8"), Err(ParseSquareError::InvalidFile));
    /// assert_eq!(Square::from_ascii(b"h9"), Err(ParseSquareError::InvalidRank));
    /// assert_eq!(Square::from_ascii(b"h"), Err(ParseSquareError::InvalidLength));
    /// ```
    #[inline]
    pub const fn from_ascii(bytes: &[u8]) -> Result<Square, ParseSquareError> {
        match bytes {
            [f, r] => match (File::from_ascii(*f), Rank::from_ascii(*r)) {
                (Some(file), Some(rank)) => Ok(Square::new(file, rank)),
                (None, _) => Err(ParseSquareError::InvalidFile),
                (_, None) => Err(ParseSquareError::InvalidRank),
            },
            _ => Err(ParseSquareError::InvalidLength),
        }
    }

    /// The two ASCII bytes that name the square.
    ///
    /// ```
    /// use chessnote::Square;
    /// assert_eq!(&Square::F3.ascii(), b"f3");
    /// ```
    #[inline]
    pub const fn ascii(self) -> [u8; 2] {
        [self.file().ascii(), self.rank().ascii()]
    }

    /// The square's name, `a1` to `h8`.
    ///
    /// ```
    /// use chessnote::Square;
    /// assert_eq!(Square::E4.name(), "e4");
    /// ```
    pub const fn name(self) -> &'static str {
        const NAMES: [&str; 64] = [
            "a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "a2", "b2", "c2", "d2", "e2", "f2",
            "g2", "h2", "a3", "b3", "c3", "d3", "e3", "f3", "g3", "h3", "a4", "b4", "c4", "d4",
            "e4", "f4", "g4", "h4", "a5", "b5", "c5", "d5", "e5", "f5", "g5", "h5", "a6", "b6",
            "c6", "d6", "e6", "f6", "g6", "h6", "a7", "b7", "c7", "d7", "e7", "f7", "g7", "h7",
            "a8", "b8", "c8", "d8", "e8", "f8", "g8", "h8",
        ];
        NAMES[self as usize]
    }

    /// Whether the square is dark (`a1` is dark).
    ///
    /// ```
    /// use chessnote::Square;
    /// assert!(Square::A1.is_dark());
    /// assert!(!Square::H1.is_dark());
    /// ```
    #[inline]
    pub const fn is_dark(self) -> bool {
        (self.file() as u8 + self.rank() as u8).is_multiple_of(2)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        Square::from_ascii(s.as_bytes())
    }
}

impl From<Square> for u8 {
    /// ```
    /// assert_eq!(u8::from(chessnote::Square::C1), 2);
    /// ```
    fn from(square: Square) -> u8 {
        square as u8
    }
}

/// Why a file, rank or square could not be parsed.
///
/// ```
/// use chessnote::{ParseSquareError, Square};
///
/// let err = "z9".parse::<Square>().unwrap_err();
/// assert_eq!(err, ParseSquareError::InvalidFile);
/// assert_eq!(err.to_string(), "invalid file: expected a letter from `a` to `h`");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ParseSquareError {
    /// The text is not exactly as long as the notation requires.
    InvalidLength,
    /// The file is not a letter from `a` to `h`.
    InvalidFile,
    /// The rank is not a digit from `1` to `8`.
    InvalidRank,
}

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ParseSquareError::InvalidLength => "invalid length: a square is a file and a rank",
            ParseSquareError::InvalidFile => "invalid file: expected a letter from `a` to `h`",
            ParseSquareError::InvalidRank => "invalid rank: expected a digit from `1` to `8`",
        })
    }
}

impl core::error::Error for ParseSquareError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_square_round_trips_through_text_and_index() {
        for (i, &sq) in Square::ALL.iter().enumerate() {
            assert_eq!(sq.index() as usize, i);
            assert_eq!(Square::from_index(i as u8), Some(sq));
            assert_eq!(Square::new(sq.file(), sq.rank()), sq);
            let text = sq.to_string();
            assert_eq!(text.parse::<Square>(), Ok(sq));
            assert_eq!(sq.flip_vertical().flip_vertical(), sq);
        }
    }

    #[test]
    fn every_two_byte_string_parses_iff_it_names_a_square() {
        for a in 0..=255u8 {
            for b in 0..=255u8 {
                let ok = (b'a'..=b'h').contains(&a) && (b'1'..=b'8').contains(&b);
                assert_eq!(Square::from_ascii(&[a, b]).is_ok(), ok, "{a} {b}");
            }
        }
    }

    #[test]
    fn offsets_stay_on_the_board() {
        for &sq in &Square::ALL {
            for df in -9..=9i8 {
                for dr in -9..=9i8 {
                    let got = sq.offset(df, dr);
                    let f = sq.file() as i8 + df;
                    let r = sq.rank() as i8 + dr;
                    let inside = (0..8).contains(&f) && (0..8).contains(&r);
                    assert_eq!(got.is_some(), inside);
                    if let Some(to) = got {
                        assert_eq!(to.file() as i8, f);
                        assert_eq!(to.rank() as i8, r);
                    }
                }
            }
        }
        assert_eq!(Square::A1.offset(i8::MIN, i8::MAX), None);
    }

    #[test]
    fn width_and_alignment_are_honoured() {
        assert_eq!(format!("{:>4}", Square::E4), "  e4");
        assert_eq!(format!("{:-<3}", File::B), "b--");
    }
}
