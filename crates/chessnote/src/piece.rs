//! Piece kinds, colored pieces and castling sides.

use core::fmt;
use core::str::FromStr;

use crate::Color;

/// The kind of a piece, without its color.
///
/// `Display` prints the English name; [`PieceKind::char`] gives the
/// uppercase letter used by SAN and FEN.
///
/// ```
/// use chessnote::PieceKind;
///
/// assert_eq!(PieceKind::from_char('N'), Some(PieceKind::Knight));
/// assert_eq!(PieceKind::Knight.char(), 'N');
/// assert_eq!(PieceKind::Knight.to_string(), "Knight");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum PieceKind {
    /// A pawn (`P`).
    Pawn,
    /// A knight (`N`).
    Knight,
    /// A bishop (`B`).
    Bishop,
    /// A rook (`R`).
    Rook,
    /// A queen (`Q`).
    Queen,
    /// A king (`K`).
    King,
}

impl PieceKind {
    /// Every kind, pawn first.
    ///
    /// ```
    /// assert_eq!(chessnote::PieceKind::ALL.len(), 6);
    /// ```
    pub const ALL: [PieceKind; 6] = [
        PieceKind::Pawn,
        PieceKind::Knight,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::Queen,
        PieceKind::King,
    ];

    /// The uppercase letter: `P`, `N`, `B`, `R`, `Q` or `K`.
    ///
    /// ```
    /// assert_eq!(chessnote::PieceKind::Queen.char(), 'Q');
    /// ```
    #[inline]
    pub const fn char(self) -> char {
        self.upper_ascii() as char
    }

    /// The uppercase letter as an ASCII byte.
    ///
    /// ```
    /// assert_eq!(chessnote::PieceKind::Rook.upper_ascii(), b'R');
    /// ```
    #[inline]
    pub const fn upper_ascii(self) -> u8 {
        match self {
            PieceKind::Pawn => b'P',
            PieceKind::Knight => b'N',
            PieceKind::Bishop => b'B',
            PieceKind::Rook => b'R',
            PieceKind::Queen => b'Q',
            PieceKind::King => b'K',
        }
    }

    /// Parses an uppercase piece letter given as a byte.
    ///
    /// ```
    /// use chessnote::PieceKind;
    /// assert_eq!(PieceKind::from_upper_ascii(b'B'), Some(PieceKind::Bishop));
    /// assert_eq!(PieceKind::from_upper_ascii(b'b'), None);
    /// ```
    #[inline]
    pub const fn from_upper_ascii(byte: u8) -> Option<PieceKind> {
        // One load from a table indexed by the byte: no branch.
        const TABLE: [Option<PieceKind>; 256] = {
            let mut table = [None; 256];
            let mut i = 0;
            while i < 6 {
                let kind = PieceKind::ALL[i];
                table[kind.upper_ascii() as usize] = Some(kind);
                i += 1;
            }
            table
        };
        TABLE[byte as usize]
    }

    /// Parses an uppercase piece letter.
    ///
    /// ```
    /// use chessnote::PieceKind;
    /// assert_eq!(PieceKind::from_char('K'), Some(PieceKind::King));
    /// assert_eq!(PieceKind::from_char('k'), None);
    /// ```
    #[inline]
    pub const fn from_char(c: char) -> Option<PieceKind> {
        if c.is_ascii() {
            PieceKind::from_upper_ascii(c as u8)
        } else {
            None
        }
    }

    /// The English name, capitalised: `Pawn`, `Knight`, …
    ///
    /// ```
    /// assert_eq!(chessnote::PieceKind::Bishop.name(), "Bishop");
    /// ```
    #[inline]
    pub const fn name(self) -> &'static str {
        match self {
            PieceKind::Pawn => "Pawn",
            PieceKind::Knight => "Knight",
            PieceKind::Bishop => "Bishop",
            PieceKind::Rook => "Rook",
            PieceKind::Queen => "Queen",
            PieceKind::King => "King",
        }
    }

    /// The English name in lowercase: `pawn`, `knight`, …, as messages and
    /// machine-readable output write it.
    ///
    /// ```
    /// assert_eq!(chessnote::PieceKind::Bishop.lower_name(), "bishop");
    /// ```
    #[inline]
    pub const fn lower_name(self) -> &'static str {
        match self {
            PieceKind::Pawn => "pawn",
            PieceKind::Knight => "knight",
            PieceKind::Bishop => "bishop",
            PieceKind::Rook => "rook",
            PieceKind::Queen => "queen",
            PieceKind::King => "king",
        }
    }

    /// Whether a pawn may promote to this kind: queen, rook, bishop or knight.
    ///
    /// ```
    /// use chessnote::PieceKind;
    /// assert!(PieceKind::Knight.is_promotion_target());
    /// assert!(!PieceKind::King.is_promotion_target());
    /// ```
    #[inline]
    pub const fn is_promotion_target(self) -> bool {
        !matches!(self, PieceKind::Pawn | PieceKind::King)
    }

    /// The piece of this kind and `color`.
    ///
    /// ```
    /// use chessnote::{Color, Piece, PieceKind};
    /// assert_eq!(PieceKind::Rook.of(Color::Black), Piece { kind: PieceKind::Rook, color: Color::Black });
    /// ```
    #[inline]
    pub const fn of(self, color: Color) -> Piece {
        Piece { kind: self, color }
    }
}

impl fmt::Display for PieceKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

impl FromStr for PieceKind {
    type Err = ParsePieceError;

    /// Parses one uppercase letter.
    ///
    /// ```
    /// use chessnote::PieceKind;
    /// assert_eq!("Q".parse::<PieceKind>(), Ok(PieceKind::Queen));
    /// assert!("Queen".parse::<PieceKind>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<PieceKind, ParsePieceError> {
        match s.as_bytes() {
            [byte] => PieceKind::from_upper_ascii(*byte).ok_or(ParsePieceError),
            _ => Err(ParsePieceError),
        }
    }
}

impl TryFrom<&str> for PieceKind {
    /// The error is a fixed message, as in the `chess-notation-parser` crate
    /// whose `Piece` is this type (see [`crate::san`]); [`FromStr`] gives a
    /// typed error instead.
    type Error = &'static str;

    /// ```
    /// use chessnote::PieceKind;
    /// assert_eq!(PieceKind::try_from("N"), Ok(PieceKind::Knight));
    /// assert_eq!(PieceKind::try_from("X"), Err("Invalid piece character"));
    /// ```
    fn try_from(s: &str) -> Result<PieceKind, &'static str> {
        s.parse().map_err(|_| "Invalid piece character")
    }
}

/// A piece: a kind and a color.
///
/// `Display` and [`Piece::char`] give the FEN letter: uppercase for White,
/// lowercase for Black.
///
/// ```
/// use chessnote::{Color, Piece, PieceKind};
///
/// let piece: Piece = "n".parse()?;
/// assert_eq!(piece, Piece { kind: PieceKind::Knight, color: Color::Black });
/// assert_eq!(piece.to_string(), "n");
/// # Ok::<(), chessnote::ParsePieceError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Piece {
    /// What kind of piece it is.
    pub kind: PieceKind,
    /// Whose piece it is.
    pub color: Color,
}

impl Piece {
    /// The chess symbol (U+2654 to U+265F): `♔` for a white king, `♚` for
    /// a black one.
    ///
    /// ```
    /// use chessnote::{Color, PieceKind};
    /// assert_eq!(PieceKind::Knight.of(Color::Black).symbol(), '♞');
    /// ```
    pub const fn symbol(self) -> char {
        let base = match self.color {
            Color::White => 0x2654,
            Color::Black => 0x265A,
        };
        let offset = match self.kind {
            PieceKind::King => 0,
            PieceKind::Queen => 1,
            PieceKind::Rook => 2,
            PieceKind::Bishop => 3,
            PieceKind::Knight => 4,
            PieceKind::Pawn => 5,
        };
        match char::from_u32(base + offset) {
            Some(c) => c,
            None => '?',
        }
    }

    /// The FEN letter: `K` for a white king, `k` for a black one.
    ///
    /// ```
    /// use chessnote::{Color, PieceKind};
    /// assert_eq!(PieceKind::King.of(Color::Black).char(), 'k');
    /// ```
    #[inline]
    pub const fn char(self) -> char {
        self.ascii() as char
    }

    /// The FEN letter as an ASCII byte.
    ///
    /// ```
    /// use chessnote::{Color, PieceKind};
    /// assert_eq!(PieceKind::Pawn.of(Color::White).ascii(), b'P');
    /// ```
    #[inline]
    pub const fn ascii(self) -> u8 {
        let upper = self.kind.upper_ascii();
        match self.color {
            Color::White => upper,
            Color::Black => upper.to_ascii_lowercase(),
        }
    }

    /// Parses a FEN letter given as a byte.
    ///
    /// ```
    /// use chessnote::{Color, Piece, PieceKind};
    /// assert_eq!(Piece::from_ascii(b'q'), Some(PieceKind::Queen.of(Color::Black)));
    /// assert_eq!(Piece::from_ascii(b'x'), None);
    /// ```
    #[inline]
    pub const fn from_ascii(byte: u8) -> Option<Piece> {
        match PieceKind::from_upper_ascii(byte) {
            Some(kind) => Some(Piece {
                kind,
                color: Color::White,
            }),
            None => match PieceKind::from_upper_ascii(byte.to_ascii_uppercase()) {
                Some(kind) if byte.is_ascii_lowercase() => Some(Piece {
                    kind,
                    color: Color::Black,
                }),
                _ => None,
            },
        }
    }

    /// Parses a FEN letter.
    ///
    /// ```
    /// use chessnote::{Color, Piece, PieceKind};
    /// assert_eq!(Piece::from_char('R'), Some(PieceKind::Rook.of(Color::White)));
    /// ```
    #[inline]
    pub const fn from_char(c: char) -> Option<Piece> {
        if c.is_ascii() {
            Piece::from_ascii(c as u8)
        } else {
            None
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = [self.ascii()];
        f.pad(core::str::from_utf8(&text).unwrap_or("?"))
    }
}

impl FromStr for Piece {
    type Err = ParsePieceError;

    fn from_str(s: &str) -> Result<Piece, ParsePieceError> {
        match s.as_bytes() {
            [byte] => Piece::from_ascii(*byte).ok_or(ParsePieceError),
            _ => Err(ParsePieceError),
        }
    }
}

/// The text is not a piece letter.
///
/// ```
/// let err = "X".parse::<chessnote::Piece>().unwrap_err();
/// assert_eq!(err.to_string(), "invalid piece: expected one of `PNBRQK` or `pnbrqk`");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct ParsePieceError;

impl fmt::Display for ParsePieceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("invalid piece: expected one of `PNBRQK` or `pnbrqk`")
    }
}

impl core::error::Error for ParsePieceError {}

/// The side of the board a king castles to.
///
/// ```
/// use chessnote::{CastlingSide, File};
///
/// assert_eq!(CastlingSide::KingSide.king_to_file(), File::G);
/// assert_eq!(CastlingSide::QueenSide.rook_to_file(), File::D);
/// assert_eq!(CastlingSide::KingSide.other(), CastlingSide::QueenSide);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum CastlingSide {
    /// Towards the `h` file: `O-O`.
    KingSide,
    /// Towards the `a` file: `O-O-O`.
    QueenSide,
}

impl CastlingSide {
    /// The other side.
    ///
    /// ```
    /// use chessnote::CastlingSide;
    /// assert_eq!(CastlingSide::QueenSide.other(), CastlingSide::KingSide);
    /// ```
    #[inline]
    pub const fn other(self) -> CastlingSide {
        match self {
            CastlingSide::KingSide => CastlingSide::QueenSide,
            CastlingSide::QueenSide => CastlingSide::KingSide,
        }
    }

    /// The file the king ends on (`g` or `c`), in standard chess and Chess960.
    ///
    /// ```
    /// use chessnote::{CastlingSide, File};
    /// assert_eq!(CastlingSide::QueenSide.king_to_file(), File::C);
    /// ```
    #[inline]
    pub const fn king_to_file(self) -> crate::File {
        match self {
            CastlingSide::KingSide => crate::File::G,
            CastlingSide::QueenSide => crate::File::C,
        }
    }

    /// The file the rook ends on (`f` or `d`), in standard chess and Chess960.
    ///
    /// ```
    /// use chessnote::{CastlingSide, File};
    /// assert_eq!(CastlingSide::KingSide.rook_to_file(), File::F);
    /// ```
    #[inline]
    pub const fn rook_to_file(self) -> crate::File {
        match self {
            CastlingSide::KingSide => crate::File::F,
            CastlingSide::QueenSide => crate::File::D,
        }
    }

    /// The name machine-readable output uses: `kingside` or `queenside`.
    ///
    /// ```
    /// use chessnote::CastlingSide;
    /// assert_eq!(CastlingSide::KingSide.name(), "kingside");
    /// assert_eq!("queenside".parse::<CastlingSide>(), Ok(CastlingSide::QueenSide));
    /// assert_eq!(CastlingSide::QueenSide.to_string(), "queenside");
    /// ```
    #[inline]
    pub const fn name(self) -> &'static str {
        match self {
            CastlingSide::KingSide => "kingside",
            CastlingSide::QueenSide => "queenside",
        }
    }

    /// The SAN of the castling move: `O-O` or `O-O-O`.
    ///
    /// ```
    /// assert_eq!(chessnote::CastlingSide::QueenSide.san(), "O-O-O");
    /// ```
    #[inline]
    pub const fn san(self) -> &'static str {
        match self {
            CastlingSide::KingSide => "O-O",
            CastlingSide::QueenSide => "O-O-O",
        }
    }
}

impl fmt::Display for CastlingSide {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

impl FromStr for CastlingSide {
    type Err = crate::ParseNameError;

    /// Reads `kingside` or `queenside` (see [`CastlingSide::name`]).
    fn from_str(s: &str) -> Result<CastlingSide, crate::ParseNameError> {
        match s {
            "kingside" => Ok(CastlingSide::KingSide),
            "queenside" => Ok(CastlingSide::QueenSide),
            _ => Err(crate::ParseNameError::new("castling side")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piece_letters_round_trip_and_nothing_else_parses() {
        let mut accepted = 0;
        for byte in 0..=255u8 {
            if let Some(piece) = Piece::from_ascii(byte) {
                accepted += 1;
                assert_eq!(piece.ascii(), byte);
            }
        }
        assert_eq!(accepted, 12);
        for kind in PieceKind::ALL {
            assert_eq!(PieceKind::from_char(kind.char()), Some(kind));
        }
    }
}
