//! Castling rights as FEN writes them, with no board: letters and rook files.

use crate::{CastlingSide, Color, File};

/// One castling right as FEN writes it, and so which rook it names.
///
/// ```
/// use chessnote::{CastlingRight, Setup};
/// use chessnote::{CastlingSide, Color, File};
///
/// let setup = Setup::from_ascii(b"4k3/8/8/8/8/8/8/R3K1R1 w Q - 0 1")?;
/// assert!(setup.castling.contains(Color::White, CastlingRight::Outermost(CastlingSide::QueenSide)));
/// assert_eq!(setup.castling_rook_file(Color::White, CastlingSide::QueenSide), Some(File::A));
/// # Ok::<(), chessnote::fen::FenError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum CastlingRight {
    /// Written `K`/`k` (king side) or `Q`/`q` (queen side): the outermost
    /// rook of that color on its back rank on that side of its king
    /// (standard chess and X-FEN).
    Outermost(CastlingSide),
    /// Written with the rook's file letter (Shredder-FEN, X-FEN), uppercase
    /// for White: `HAha`. Which side it is on depends on where the king is.
    File(File),
}

impl CastlingRight {
    /// The bit of the right in a color's mask: `K` = 0, files `h`..`a` =
    /// 1..8, `Q` = 9, which is also the canonical order.
    #[inline]
    const fn bit(self) -> u16 {
        match self {
            CastlingRight::Outermost(CastlingSide::KingSide) => 0,
            CastlingRight::File(file) => 8 - file as u16,
            CastlingRight::Outermost(CastlingSide::QueenSide) => 9,
        }
    }

    #[inline]
    pub(crate) const fn from_bit(bit: u16) -> CastlingRight {
        match bit {
            0 => CastlingRight::Outermost(CastlingSide::KingSide),
            9 => CastlingRight::Outermost(CastlingSide::QueenSide),
            _ => CastlingRight::File(File::ALL[(8 - bit) as usize & 7]),
        }
    }

    /// The uppercase letter of the right (`K`, `Q`, `A`..`H`).
    #[inline]
    pub(crate) const fn upper_ascii(self) -> u8 {
        match self {
            CastlingRight::Outermost(CastlingSide::KingSide) => b'K',
            CastlingRight::Outermost(CastlingSide::QueenSide) => b'Q',
            CastlingRight::File(file) => file.ascii().to_ascii_uppercase(),
        }
    }
}

/// The castling rights of both sides, as FEN writes them: for each color, a
/// set of [`CastlingRight`]s (letters `K`/`Q` and rook file letters).
///
/// It needs no board: which side a file letter is on, and which rook a `K`
/// or `Q` names, are questions for [`Setup::castling_rook_file`](crate::Setup::castling_rook_file). `Display`
/// prints the FEN castling field (`-` when there is none) in canonical
/// order: White before Black, and for each color `K`, then file letters from
/// `h` to `a`, then `Q` (so `KQkq`, `HAha`, `Kb`).
///
/// ```
/// use chessnote::{Castling, CastlingRight};
/// use chessnote::{CastlingSide, Color, File};
///
/// let mut rights = Castling::NONE;
/// assert_eq!(rights.to_string(), "-");
/// rights.insert(Color::White, CastlingRight::Outermost(CastlingSide::KingSide));
/// rights.insert(Color::Black, CastlingRight::File(File::B));
/// assert_eq!(rights.to_string(), "Kb");
/// assert_eq!(Castling::STANDARD.to_string(), "KQkq");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Castling {
    /// One 10-bit mask per color (White, Black); see [`CastlingRight::bit`].
    rights: [u16; 2],
}

const fn color_index(color: Color) -> usize {
    match color {
        Color::White => 0,
        Color::Black => 1,
    }
}

impl Castling {
    /// No castling rights (`-`).
    ///
    /// ```
    /// assert!(chessnote::Castling::NONE.is_empty());
    /// ```
    pub const NONE: Castling = Castling { rights: [0; 2] };

    /// All four rights, written `KQkq`.
    ///
    /// ```
    /// assert!(!chessnote::Castling::STANDARD.is_empty());
    /// ```
    pub const STANDARD: Castling = Castling {
        rights: [1 | 1 << 9; 2],
    };

    /// Whether `color` has `right`.
    ///
    /// ```
    /// use chessnote::{Castling, CastlingRight};
    /// use chessnote::{CastlingSide, Color};
    /// assert!(Castling::STANDARD.contains(Color::Black, CastlingRight::Outermost(CastlingSide::KingSide)));
    /// ```
    #[inline]
    pub const fn contains(&self, color: Color, right: CastlingRight) -> bool {
        self.rights[color_index(color)] & (1 << right.bit()) != 0
    }

    /// Gives `color` the right; returns whether it was new.
    ///
    /// ```
    /// use chessnote::{Castling, CastlingRight};
    /// use chessnote::{Color, File};
    /// let mut rights = Castling::NONE;
    /// assert!(rights.insert(Color::White, CastlingRight::File(File::H)));
    /// assert!(!rights.insert(Color::White, CastlingRight::File(File::H)));
    /// assert_eq!(rights.to_string(), "H");
    /// ```
    #[inline]
    pub fn insert(&mut self, color: Color, right: CastlingRight) -> bool {
        let had = self.contains(color, right);
        self.rights[color_index(color)] |= 1 << right.bit();
        !had
    }

    /// Takes the right away from `color`; returns whether it was there.
    ///
    /// ```
    /// use chessnote::{Castling, CastlingRight};
    /// use chessnote::{CastlingSide, Color};
    /// let mut rights = Castling::STANDARD;
    /// assert!(rights.remove(Color::White, CastlingRight::Outermost(CastlingSide::QueenSide)));
    /// assert_eq!(rights.to_string(), "Kkq");
    /// ```
    #[inline]
    pub fn remove(&mut self, color: Color, right: CastlingRight) -> bool {
        let had = self.contains(color, right);
        self.rights[color_index(color)] &= !(1 << right.bit());
        had
    }

    /// The rights of `color`, in canonical order.
    ///
    /// ```
    /// use chessnote::{Castling, CastlingRight};
    /// use chessnote::{CastlingSide, Color};
    /// let rights: Vec<_> = Castling::STANDARD.iter(Color::White).collect();
    /// assert_eq!(rights, [
    ///     CastlingRight::Outermost(CastlingSide::KingSide),
    ///     CastlingRight::Outermost(CastlingSide::QueenSide),
    /// ]);
    /// ```
    pub fn iter(&self, color: Color) -> impl Iterator<Item = CastlingRight> + use<> {
        let mask = self.rights[color_index(color)];
        (0..10u16)
            .filter(move |bit| mask & (1 << bit) != 0)
            .map(CastlingRight::from_bit)
    }

    /// Whether there is no right at all.
    ///
    /// ```
    /// assert!(chessnote::Castling::default().is_empty());
    /// ```
    #[inline]
    pub const fn is_empty(&self) -> bool {
        self.rights[0] == 0 && self.rights[1] == 0
    }

    /// White's rights as Black's and Black's as White's (for a board
    /// mirrored top to bottom, colors swapped).
    ///
    /// ```
    /// use chessnote::{Castling, CastlingRight, CastlingSide, Color};
    /// let mut rights = Castling::NONE;
    /// rights.insert(Color::White, CastlingRight::Outermost(CastlingSide::KingSide));
    /// let swapped = rights.swap_colors();
    /// assert!(swapped.contains(Color::Black, CastlingRight::Outermost(CastlingSide::KingSide)));
    /// assert!(!swapped.contains(Color::White, CastlingRight::Outermost(CastlingSide::KingSide)));
    /// ```
    #[must_use]
    pub const fn swap_colors(self) -> Castling {
        Castling {
            rights: [self.rights[1], self.rights[0]],
        }
    }

    /// Whether some right is written with a file letter (Shredder-FEN or X-FEN).
    ///
    /// ```
    /// use chessnote::Setup;
    /// let setup = Setup::from_ascii(b"rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1")?;
    /// assert!(setup.castling.uses_files());
    /// # Ok::<(), chessnote::fen::FenError>(())
    /// ```
    #[inline]
    pub const fn uses_files(&self) -> bool {
        (self.rights[0] | self.rights[1]) & 0x1FE != 0
    }

    /// The raw mask of `color` (bit order of the canonical order).
    #[inline]
    pub(crate) const fn mask(&self, color: Color) -> u16 {
        self.rights[color_index(color)]
    }
}
