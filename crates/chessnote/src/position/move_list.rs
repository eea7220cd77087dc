//! A list of moves on the stack.

use core::ops::Deref;

use super::board::{Chessboard, MoveSink};
use crate::{Move, PieceKind, Square};

/// Up to 256 moves, without allocation (no position has more than 218
/// legal moves).
///
/// ```
/// use chessnote::position::Position;
/// let moves = Position::new().legal_moves();
/// assert_eq!(moves.len(), 20);
/// assert!(moves.iter().all(|m| !m.is_capture()));
/// ```
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; 256],
    len: usize,
}

impl MoveList {
    /// An empty list.
    ///
    /// ```
    /// assert!(chessnote::position::MoveList::new().is_empty());
    /// ```
    pub fn new() -> MoveList {
        MoveList {
            moves: [Move::EnPassant {
                from: Square::A1,
                to: Square::A1,
            }; 256],
            len: 0,
        }
    }

    /// Adds a move (ignored when the list is full, which legal move
    /// generation never makes it).
    ///
    /// ```
    /// use chessnote::{position::MoveList, Move, Square};
    /// let mut list = MoveList::new();
    /// list.push(Move::Castle { king: Square::E1, rook: Square::H1 });
    /// assert_eq!(list.len(), 1);
    /// ```
    pub fn push(&mut self, mv: Move) {
        if let Some(slot) = self.moves.get_mut(self.len) {
            *slot = mv;
            self.len += 1;
        }
    }
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl Deref for MoveList {
    type Target = [Move];

    fn deref(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl core::fmt::Debug for MoveList {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl FromIterator<Move> for MoveList {
    /// ```
    /// use chessnote::position::{MoveList, Position};
    /// let list: MoveList = Position::new().legal_moves().iter().copied().filter(|m| m.is_double_step()).collect();
    /// assert_eq!(list.len(), 8);
    /// ```
    fn from_iter<I: IntoIterator<Item = Move>>(iter: I) -> MoveList {
        let mut list = MoveList::new();
        for mv in iter {
            list.push(mv);
        }
        list
    }
}

/// A list the move generator fills: a [`MoveList`], or a growing one (the
/// variants', whose moves may be more than a `MoveList` holds: crazyhouse's
/// drops).
pub(crate) trait PushMove {
    fn push_move(&mut self, mv: Move);
}

impl PushMove for MoveList {
    #[inline(always)]
    fn push_move(&mut self, mv: Move) {
        self.push(mv);
    }
}

impl PushMove for alloc::vec::Vec<Move> {
    #[inline(always)]
    fn push_move(&mut self, mv: Move) {
        self.push(mv);
    }
}

impl<L: PushMove> MoveSink for L {
    #[inline(always)]
    fn moves(&mut self, board: &Chessboard, kind: PieceKind, from: u8, to: u64) -> bool {
        push_moves(board, kind, from, to, |mv| self.push_move(mv));
        false
    }

    #[inline(always)]
    fn special(&mut self, mv: Move) -> bool {
        self.push_move(mv);
        false
    }
}

/// The moves of our `kind` piece on `from` to each square of `to`, each
/// promotion of a pawn reaching the last rank one move.
#[inline(always)]
fn push_moves(
    board: &Chessboard,
    kind: PieceKind,
    from: u8,
    mut to: u64,
    mut push: impl FnMut(Move),
) {
    let promotes = kind == PieceKind::Pawn && board.promotes_from(from);
    let from = Square::from_index_masked(from);
    while to != 0 {
        let sq = to.trailing_zeros() as u8;
        to &= to - 1;
        let capture = board.kind_at_theirs(sq);
        let to = Square::from_index_masked(sq);
        if promotes {
            for promotion in PROMOTIONS {
                push(Move::Normal {
                    piece: kind,
                    from,
                    capture,
                    to,
                    promotion: Some(promotion),
                });
            }
        } else {
            push(Move::Normal {
                piece: kind,
                from,
                capture,
                to,
                promotion: None,
            });
        }
    }
}

/// The promotions, in the order moves are listed.
const PROMOTIONS: [PieceKind; 4] = [
    PieceKind::Knight,
    PieceKind::Bishop,
    PieceKind::Rook,
    PieceKind::Queen,
];
