//! Move-legality helpers shared by the notations: the pieces that can reach a
//! square, a quick legality check, castling, the move a piece-and-squares
//! notation names, and the check suffix a move earns.

use super::super::{Position, attacks};
use super::MoveErrorKind;
use crate::san::{Leniency, Suffix};
use crate::{CastlingSide, Color, Move, PieceKind, Square, SquareSet};

impl Position {
    /// Squares of our pieces of `kind` that could move to `to` on this
    /// board, ignoring pins (pawns: pushes and captures).
    #[inline(always)]
    pub(super) fn sources(&self, kind: PieceKind, to: Square) -> SquareSet {
        let board = &self.board;
        let us = board.turn();
        let ours = board.of(us, kind);
        let occupied = board.occupied();
        let sq = to.index();
        SquareSet(
            ours & match kind {
                PieceKind::Knight => attacks::knight(sq),
                PieceKind::Bishop => attacks::bishop(sq, occupied),
                PieceKind::Rook => attacks::rook(sq, occupied),
                PieceKind::Queen => attacks::bishop(sq, occupied) | attacks::rook(sq, occupied),
                PieceKind::King => attacks::king(sq),
                PieceKind::Pawn => {
                    let mut from = attacks::pawn(!us as usize, sq);
                    let (behind, double_rank) = match us {
                        Color::White => (sq.wrapping_sub(8), 3),
                        Color::Black => (sq + 8, 4),
                    };
                    if behind < 64 {
                        from |= 1 << behind;
                        if sq >> 3 == double_rank && occupied & (1 << behind) == 0 {
                            let two = match us {
                                Color::White => behind - 8,
                                Color::Black => behind + 8,
                            };
                            from |= 1 << (two & 63);
                        }
                    }
                    from
                }
            },
        )
    }

    /// The legal moves of our `kind` pieces on `from` squares to `to`
    /// (never castling): how many, and one of them.
    #[inline(always)]
    pub(super) fn legal_to(
        &self,
        kind: PieceKind,
        from: SquareSet,
        to: Square,
        promotion: Option<PieceKind>,
    ) -> (u32, Option<Square>) {
        let mut count = 0;
        let mut found = None;
        for source in from {
            if self.quick_legal(kind, source, to, promotion) {
                count += 1;
                found = Some(source);
            }
        }
        (count, found)
    }

    /// Whether our `kind` piece on `from` (one of [`Position::sources`])
    /// may legally move to `to`. Not in check and not pinned, a move that
    /// `sources` allows is legal if its target fits; everything else asks
    /// the board.
    #[inline]
    pub(super) fn quick_legal(
        &self,
        kind: PieceKind,
        from: Square,
        to: Square,
        promotion: Option<PieceKind>,
    ) -> bool {
        let board = &self.board;
        let us = board.turn();
        let to_bit = 1u64 << to.index();
        if board.color(us) & to_bit != 0 {
            // Castling is never what this is asked about.
            return false;
        }
        if kind == PieceKind::King
            || board.checkers() != 0
            || board.pinned() & (1 << from.index()) != 0
        {
            return board.is_legal(self.make_move(kind, from, to, promotion));
        }
        if kind != PieceKind::Pawn {
            // `sources` found `from` through the attack set of `to`, so the
            // path is clear.
            return promotion.is_none();
        }
        let last_rank = match us {
            Color::White => 7,
            Color::Black => 0,
        };
        if (to.index() >> 3 == last_rank) != promotion.is_some() {
            return false;
        }
        if from.file() == to.file() {
            // A push: `sources` checked the square between for a double step.
            board.occupied() & to_bit == 0
        } else if board.color(!us) & to_bit != 0 {
            true
        } else {
            // En passant (or nothing): the board knows the subtle cases.
            board.is_legal(Move::EnPassant { from, to })
        }
    }

    /// The move of our `kind` piece from `from` to `to`, not castling (it
    /// may be illegal).
    #[inline]
    pub(super) fn make_move(
        &self,
        kind: PieceKind,
        from: Square,
        to: Square,
        promotion: Option<PieceKind>,
    ) -> Move {
        let capture = self.board.kind_at_theirs(to.index());
        if kind == PieceKind::Pawn && capture.is_none() && from.file() != to.file() {
            Move::EnPassant { from, to }
        } else {
            Move::Normal {
                piece: kind,
                from,
                capture,
                to,
                promotion,
            }
        }
    }

    /// The castling move of the side to move on `side`, if legal.
    pub(super) fn castle_move(&self, side: CastlingSide) -> Option<Move> {
        self.board.castling_move(side)
    }

    /// Our pieces and the occupancy as they would be after the legal `mv`,
    /// without playing it.
    fn after(&self, mv: Move) -> After {
        let board = &self.board;
        let us = board.turn();
        let ours = |kind: PieceKind| board.of(us, kind);
        let mut after = After {
            occupied: board.occupied(),
            theirs: board.color(!us),
            pawns: ours(PieceKind::Pawn),
            knights: ours(PieceKind::Knight),
            bishops: ours(PieceKind::Bishop),
            rooks: ours(PieceKind::Rook),
            queens: ours(PieceKind::Queen),
            king: board.king_index(us),
            us,
        };
        let (from, to) = (1u64 << mv.from().index(), 1u64 << mv.to().index());
        match mv {
            Move::Castle { king, rook } => {
                let side = mv.castling_side().unwrap_or(CastlingSide::KingSide);
                let rook_to = 1u64 << Square::new(side.rook_to_file(), mv.from().rank()).index();
                let (king, rook) = (1u64 << king.index(), 1u64 << rook.index());
                after.occupied = (after.occupied & !king & !rook) | to | rook_to;
                // In Chess960 the rook may already stand on its square.
                after.rooks = (after.rooks & !rook) | rook_to;
                after.king = mv.to().index();
            }
            _ => {
                let piece = mv.piece();
                let landing = mv.promotion().unwrap_or(piece);
                for (kind, set) in [
                    (PieceKind::Pawn, &mut after.pawns),
                    (PieceKind::Knight, &mut after.knights),
                    (PieceKind::Bishop, &mut after.bishops),
                    (PieceKind::Rook, &mut after.rooks),
                    (PieceKind::Queen, &mut after.queens),
                ] {
                    if piece == kind {
                        *set &= !from;
                    }
                    if landing == kind {
                        *set |= to;
                    }
                }
                if piece == PieceKind::King {
                    after.king = mv.to().index();
                }
                after.occupied = (after.occupied & !from) | to;
                after.theirs &= !to;
                if let Move::EnPassant { from: f, to: t } = mv {
                    let taken = 1u64 << Square::new(t.file(), f.rank()).index();
                    after.occupied &= !taken;
                    after.theirs &= !taken;
                }
            }
        }
        after
    }

    /// The legal move from `from` to `to` (castling: the king to its rook).
    #[inline]
    pub(super) fn legal_move(
        &self,
        from: Square,
        to: Square,
        promotion: Option<PieceKind>,
    ) -> Result<Move, MoveErrorKind> {
        let board = &self.board;
        let us = board.turn();
        let Some(piece) = board
            .kind_at(from.index())
            .filter(|_| board.color_at(from.index()) == Some(us))
        else {
            return Err(MoveErrorKind::Illegal);
        };
        let mv =
            if piece == PieceKind::King && board.of(us, PieceKind::Rook) & (1 << to.index()) != 0 {
                if promotion.is_some() {
                    return Err(MoveErrorKind::Illegal);
                }
                Move::Castle {
                    king: from,
                    rook: to,
                }
            } else {
                self.make_move(piece, from, to, promotion)
            };
        if matches!(mv, Move::EnPassant { .. }) && promotion.is_some() || !board.is_legal(mv) {
            return Err(MoveErrorKind::Illegal);
        }
        Ok(mv)
    }

    /// The legal move a notation that names piece, squares and capture
    /// (LAN, ERAN) describes; castling is written otherwise in both.
    pub(super) fn explicit_move(
        &self,
        piece: PieceKind,
        from: Square,
        to: Square,
        capture: bool,
        promotion: Option<PieceKind>,
    ) -> Result<Move, MoveErrorKind> {
        let mv = self.legal_move(from, to, promotion)?;
        if mv.piece() != piece || matches!(mv, Move::Castle { .. }) {
            return Err(MoveErrorKind::Illegal);
        }
        if mv.is_capture() != capture {
            return Err(MoveErrorKind::Misstated(Leniency::CaptureMismatch));
        }
        Ok(mv)
    }

    /// Whether the legal `mv` gives check, without playing it.
    pub(crate) fn gives_check(&self, mv: Move) -> bool {
        let after = self.after(mv);
        let king = self.board.king_index(!self.board.turn());
        after.attacks(king, after.occupied)
    }

    /// `+`, `#` or nothing: what playing the legal `mv` gives.
    pub(crate) fn suffix_of(&self, mv: Move) -> Option<Suffix> {
        let after = self.after(mv);
        let king = self.board.king_index(!self.board.turn());
        if !after.attacks(king, after.occupied) {
            return None;
        }
        // A square the king can step to proves it is no mate, without
        // playing the move; otherwise play it and look for any reply.
        let mut flights = attacks::king(king) & !after.theirs;
        let without_king = after.occupied & !(1u64 << king);
        while flights != 0 {
            let flight = flights.trailing_zeros() as u8;
            flights &= flights - 1;
            if !after.attacks(flight, without_king) {
                return Some(Suffix::Check);
            }
        }
        let mut next = self.clone();
        next.play_unchecked(mv);
        if next.has_legal_moves() {
            Some(Suffix::Check)
        } else {
            Some(Suffix::Checkmate)
        }
    }
}

/// Our side of the board as it would be after a move (see `Position::after`).
struct After {
    occupied: u64,
    theirs: u64,
    pawns: u64,
    knights: u64,
    bishops: u64,
    rooks: u64,
    queens: u64,
    king: u8,
    us: Color,
}

impl After {
    /// Whether any of our pieces attacks `square`, with `occupied` blocking.
    fn attacks(&self, square: u8, occupied: u64) -> bool {
        let attackers = (attacks::pawn(!self.us as usize, square) & self.pawns)
            | (attacks::knight(square) & self.knights)
            | (attacks::king(square) & (1u64 << self.king))
            | (attacks::bishop(square, occupied) & (self.bishops | self.queens))
            | (attacks::rook(square, occupied) & (self.rooks | self.queens));
        attackers != 0
    }
}
