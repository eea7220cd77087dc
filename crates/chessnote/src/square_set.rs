//! A set of squares in one 64-bit word.

use core::fmt;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

use crate::{File, Rank, Square};

/// A set of squares, one bit per square (bit 0 is `a1`, bit 63 is `h8`).
///
/// ```
/// use chessnote::{File, Square, SquareSet};
///
/// let mut set = SquareSet::EMPTY;
/// set.insert(Square::E4);
/// set.insert(Square::E5);
/// assert_eq!(set.len(), 2);
/// assert!(set.contains(Square::E4));
/// assert_eq!(set & SquareSet::file(File::E), set);
/// assert_eq!(set.iter().collect::<Vec<_>>(), [Square::E4, Square::E5]);
/// ```
#[derive(Copy, Clone, Default, PartialEq, Eq, Hash)]
pub struct SquareSet(pub u64);

impl SquareSet {
    /// The empty set.
    ///
    /// ```
    /// assert!(chessnote::SquareSet::EMPTY.is_empty());
    /// ```
    pub const EMPTY: SquareSet = SquareSet(0);

    /// Every square of the board.
    ///
    /// ```
    /// assert_eq!(chessnote::SquareSet::FULL.len(), 64);
    /// ```
    pub const FULL: SquareSet = SquareSet(!0);

    /// The set holding only `square`.
    ///
    /// ```
    /// use chessnote::{Square, SquareSet};
    /// assert_eq!(SquareSet::from_square(Square::B1), SquareSet(2));
    /// ```
    #[inline]
    pub const fn from_square(square: Square) -> SquareSet {
        SquareSet(1 << square as u8)
    }

    /// The eight squares of `file`.
    ///
    /// ```
    /// use chessnote::{File, Square, SquareSet};
    /// assert!(SquareSet::file(File::A).contains(Square::A8));
    /// ```
    #[inline]
    pub const fn file(file: File) -> SquareSet {
        SquareSet(0x0101_0101_0101_0101 << file as u8)
    }

    /// The eight squares of `rank`.
    ///
    /// ```
    /// use chessnote::{Rank, Square, SquareSet};
    /// assert!(SquareSet::rank(Rank::Second).contains(Square::H2));
    /// ```
    #[inline]
    pub const fn rank(rank: Rank) -> SquareSet {
        SquareSet(0xff << (8 * rank as u8))
    }

    /// Whether `square` is in the set.
    ///
    /// ```
    /// use chessnote::{Square, SquareSet};
    /// assert!(SquareSet::FULL.contains(Square::C3));
    /// ```
    #[inline]
    pub const fn contains(self, square: Square) -> bool {
        self.0 & (1 << square as u8) != 0
    }

    /// Adds `square`; returns whether it was absent.
    ///
    /// ```
    /// use chessnote::{Square, SquareSet};
    /// let mut set = SquareSet::EMPTY;
    /// assert!(set.insert(Square::C3));
    /// assert!(!set.insert(Square::C3));
    /// ```
    #[inline]
    pub fn insert(&mut self, square: Square) -> bool {
        let absent = !self.contains(square);
        self.0 |= 1 << square as u8;
        absent
    }

    /// Removes `square`; returns whether it was present.
    ///
    /// ```
    /// use chessnote::{Square, SquareSet};
    /// let mut set = SquareSet::FULL;
    /// assert!(set.remove(Square::C3));
    /// assert_eq!(set.len(), 63);
    /// ```
    #[inline]
    pub fn remove(&mut self, square: Square) -> bool {
        let present = self.contains(square);
        self.0 &= !(1 << square as u8);
        present
    }

    /// The number of squares in the set.
    ///
    /// ```
    /// assert_eq!(chessnote::SquareSet(0b1011).len(), 3);
    /// ```
    #[inline]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    ///
    /// ```
    /// assert!(!chessnote::SquareSet::FULL.is_empty());
    /// ```
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The lowest-numbered square of the set, if any.
    ///
    /// ```
    /// use chessnote::{Square, SquareSet};
    /// assert_eq!(SquareSet(0b1100).first(), Some(Square::C1));
    /// assert_eq!(SquareSet::EMPTY.first(), None);
    /// ```
    #[inline]
    pub const fn first(self) -> Option<Square> {
        Square::from_index(self.0.trailing_zeros() as u8)
    }

    /// The squares of the set, lowest index first.
    ///
    /// ```
    /// use chessnote::{Rank, SquareSet};
    /// assert_eq!(SquareSet::rank(Rank::Third).iter().count(), 8);
    /// ```
    #[inline]
    pub fn iter(self) -> SquareSetIter {
        SquareSetIter(self.0)
    }
}

/// The iterator returned by [`SquareSet::iter`].
///
/// ```
/// use chessnote::{Square, SquareSet};
/// let mut it = SquareSet::from_square(Square::D4).iter();
/// assert_eq!(it.next(), Some(Square::D4));
/// assert_eq!(it.next(), None);
/// ```
#[derive(Clone, Debug)]
pub struct SquareSetIter(u64);

impl Iterator for SquareSetIter {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        let square = Square::from_index(self.0.trailing_zeros() as u8)?;
        self.0 &= self.0 - 1;
        Some(square)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for SquareSetIter {}

/// From the highest square down (`a1` last).
///
/// ```
/// use chessnote::{Square, SquareSet};
/// let set: SquareSet = [Square::A1, Square::H8].into_iter().collect();
/// assert_eq!(set.iter().next_back(), Some(Square::H8));
/// ```
impl DoubleEndedIterator for SquareSetIter {
    #[inline]
    fn next_back(&mut self) -> Option<Square> {
        let index = 63u32.checked_sub(self.0.leading_zeros())?;
        self.0 ^= 1 << index;
        Square::from_index(index as u8)
    }
}

impl IntoIterator for SquareSet {
    type Item = Square;
    type IntoIter = SquareSetIter;

    fn into_iter(self) -> SquareSetIter {
        self.iter()
    }
}

impl FromIterator<Square> for SquareSet {
    /// ```
    /// use chessnote::{Square, SquareSet};
    /// let set: SquareSet = [Square::A1, Square::H8].into_iter().collect();
    /// assert_eq!(set.len(), 2);
    /// ```
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> SquareSet {
        let mut set = SquareSet::EMPTY;
        for square in iter {
            set.insert(square);
        }
        set
    }
}

impl From<Square> for SquareSet {
    fn from(square: Square) -> SquareSet {
        SquareSet::from_square(square)
    }
}

macro_rules! bit_op {
    ($tr:ident, $method:ident, $tra:ident, $method_assign:ident, $op:tt) => {
        impl $tr for SquareSet {
            type Output = SquareSet;
            #[inline]
            fn $method(self, rhs: SquareSet) -> SquareSet {
                SquareSet(self.0 $op rhs.0)
            }
        }
        impl $tra for SquareSet {
            #[inline]
            fn $method_assign(&mut self, rhs: SquareSet) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}

bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for SquareSet {
    type Output = SquareSet;
    #[inline]
    fn not(self) -> SquareSet {
        SquareSet(!self.0)
    }
}

impl fmt::Debug for SquareSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl fmt::Display for SquareSet {
    /// Eight lines, rank 8 first: `1` for a member, `.` for any other square.
    ///
    /// ```
    /// use chessnote::{Rank, SquareSet};
    /// let text = SquareSet::rank(Rank::Eighth).to_string();
    /// assert_eq!(text.lines().next(), Some("1 1 1 1 1 1 1 1"));
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in Rank::ALL.iter().rev() {
            for file in File::ALL {
                if file != File::A {
                    f.write_str(" ")?;
                }
                let member = self.contains(Square::new(file, *rank));
                f.write_str(if member { "1" } else { "." })?;
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}
