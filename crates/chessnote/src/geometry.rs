//! Empty-board geometry: where each piece can go in one move when nothing
//! stands in the way. SAN's and ERAN's board-free checks both ask this.

use crate::{PieceKind, Rank, Square, SquareSet};

/// Whether `piece` on `from` reaches `to` in one move on an empty board, as
/// either color (a pawn's `capture` moves one square diagonally; its pushes
/// go one square, or two from its own second rank). A pawn never stands on
/// the first or last rank, so it reaches nothing from there.
const fn reaches(piece: PieceKind, from: Square, to: Square, capture: bool) -> bool {
    if from as u8 == to as u8 {
        return false;
    }
    let df = to.file() as i8 - from.file() as i8;
    let dr = to.rank() as i8 - from.rank() as i8;
    let (adf, adr) = (df.unsigned_abs(), dr.unsigned_abs());
    match piece {
        PieceKind::King => adf <= 1 && adr <= 1,
        PieceKind::Knight => adf * adr == 2,
        PieceKind::Bishop => adf == adr,
        PieceKind::Rook => adf == 0 || adr == 0,
        PieceKind::Queen => adf == adr || adf == 0 || adr == 0,
        PieceKind::Pawn => {
            let r1 = from.rank();
            if r1.is_back_rank() {
                false
            } else if capture {
                adf == 1 && adr == 1
            } else {
                adf == 0
                    && (adr == 1
                        || (dr == 2 && matches!(r1, Rank::Second))
                        || (dr == -2 && matches!(r1, Rank::Seventh)))
            }
        }
    }
}

/// The row of [`REACH`] for `piece`: its kind, or 6 for a pawn's capture.
#[inline]
const fn row(piece: PieceKind, capture: bool) -> usize {
    match piece {
        PieceKind::Pawn if capture => 6,
        _ => piece as usize,
    }
}

/// For each piece kind (and the pawn's capture) and origin, the squares
/// [`reaches`] admits, computed at compile time.
static REACH: [[u64; 64]; 7] = {
    let mut table = [[0u64; 64]; 7];
    let mut r = 0;
    while r < 7 {
        let (piece, capture) = if r == 6 {
            (PieceKind::Pawn, true)
        } else {
            (PieceKind::ALL[r], false)
        };
        let mut from = 0;
        while from < 64 {
            let mut to = 0;
            while to < 64 {
                if reaches(piece, Square::ALL[from], Square::ALL[to], capture) {
                    table[r][from] |= 1 << to;
                }
                to += 1;
            }
            from += 1;
        }
        r += 1;
    }
    table
};

impl PieceKind {
    /// The squares this piece reaches from `from` in one move on an empty
    /// board, as either color. Pawns push one square (two from their second
    /// rank) or, with `capture`, step one square diagonally; they reach
    /// nothing from the first or last rank, where no pawn stands. `capture`
    /// matters for pawns only.
    ///
    /// ```
    /// use chessnote::{PieceKind, Square, SquareSet};
    /// let reach = PieceKind::Knight.empty_board_reach(Square::B1, false);
    /// assert_eq!(reach.iter().collect::<Vec<_>>(), [Square::D2, Square::A3, Square::C3]);
    /// assert!(PieceKind::Pawn.empty_board_reach(Square::E2, false).contains(Square::E4));
    /// assert!(PieceKind::Pawn.empty_board_reach(Square::E1, false).is_empty());
    /// ```
    #[inline]
    pub const fn empty_board_reach(self, from: Square, capture: bool) -> SquareSet {
        SquareSet(REACH[row(self, capture)][from as usize])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn queens_reach_is_rooks_and_bishops() {
        for from in Square::ALL {
            let q = PieceKind::Queen.empty_board_reach(from, false);
            let r = PieceKind::Rook.empty_board_reach(from, false);
            let b = PieceKind::Bishop.empty_board_reach(from, false);
            assert_eq!(q, r | b);
            assert!(!q.contains(from));
        }
        assert_eq!(
            PieceKind::Queen.empty_board_reach(Square::D4, false).len(),
            27
        );
        assert_eq!(PieceKind::King.empty_board_reach(Square::A1, true).len(), 3);
        assert_eq!(PieceKind::Pawn.empty_board_reach(Square::E4, true).len(), 4);
    }
}
