//! Move-legality helpers shared by the notations: the pieces that can reach a
//! square, a quick legality check, castling, the move a piece-and-squares
//! notation names, and the check suffix a move earns.

use cozy_chess as cz;

use super::super::{Position, cz_kind, cz_square, square_of};
use super::MoveErrorKind;
use crate::san::{Leniency, Suffix};
use crate::{CastlingSide, Move, PieceKind, Square};

impl Position {
    fn cz_color(&self) -> cz::Color {
        self.board.side_to_move()
    }

    /// Squares of our pieces of `kind` that could move to `to` on this
    /// board, ignoring pins (pawns: pushes and captures).
    pub(super) fn sources(&self, kind: PieceKind, to: cz::Square) -> cz::BitBoard {
        let us = self.cz_color();
        let ours = self.board.colored_pieces(us, cz_kind(kind));
        let occupied = self.board.occupied();
        ours & match kind {
            PieceKind::Knight => cz::get_knight_moves(to),
            PieceKind::Bishop => cz::get_bishop_moves(to, occupied),
            PieceKind::Rook => cz::get_rook_moves(to, occupied),
            PieceKind::Queen => {
                cz::get_bishop_moves(to, occupied) | cz::get_rook_moves(to, occupied)
            }
            PieceKind::King => cz::get_king_moves(to),
            PieceKind::Pawn => {
                let mut from = cz::get_pawn_attacks(to, !us);
                let behind =
                    |sq: cz::Square| sq.try_offset(0, if us == cz::Color::White { -1 } else { 1 });
                if let Some(one) = behind(to) {
                    from |= one.bitboard();
                    let double_rank = if us == cz::Color::White {
                        cz::Rank::Fourth
                    } else {
                        cz::Rank::Fifth
                    };
                    if to.rank() == double_rank
                        && !occupied.has(one)
                        && let Some(two) = behind(one)
                    {
                        from |= two.bitboard();
                    }
                }
                from
            }
        }
    }

    /// The legal moves of our `kind` pieces on `from` squares to `to`
    /// (never castling): how many, and one of them.
    pub(super) fn legal_to(
        &self,
        kind: PieceKind,
        from: cz::BitBoard,
        to: cz::Square,
        promotion: Option<PieceKind>,
    ) -> (u32, Option<cz::Square>) {
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
    /// cozy-chess.
    #[inline]
    pub(super) fn quick_legal(
        &self,
        kind: PieceKind,
        from: cz::Square,
        to: cz::Square,
        promotion: Option<PieceKind>,
    ) -> bool {
        let board = &self.board;
        let us = board.side_to_move();
        if board.colors(us).has(to) {
            // Castling is never what this is asked about.
            return false;
        }
        if kind == PieceKind::King || !board.checkers().is_empty() || board.pinned().has(from) {
            return board.is_legal(cz::Move {
                from,
                to,
                promotion: promotion.map(cz_kind),
            });
        }
        if kind != PieceKind::Pawn {
            // `sources` found `from` through the attack set of `to`, so the
            // path is clear.
            return promotion.is_none();
        }
        let last_rank = if us == cz::Color::White {
            cz::Rank::Eighth
        } else {
            cz::Rank::First
        };
        if (to.rank() == last_rank) != promotion.is_some() {
            return false;
        }
        if from.file() == to.file() {
            // A push: `sources` checked the square between for a double step.
            !board.occupied().has(to)
        } else if board.colors(!us).has(to) {
            true
        } else {
            // En passant (or nothing): cozy-chess knows the subtle cases.
            board.is_legal(cz::Move {
                from,
                to,
                promotion: None,
            })
        }
    }

    /// The move of our `kind` piece from `from` to `to`, known legal and
    /// not castling.
    #[inline]
    pub(super) fn make_move(
        &self,
        kind: PieceKind,
        from: cz::Square,
        to: cz::Square,
        promotion: Option<PieceKind>,
    ) -> Move {
        let them = !self.board.side_to_move();
        let capture = if self.board.colors(them).has(to) {
            self.board.piece_on(to).map(super::super::kind_of)
        } else {
            None
        };
        let (from, to) = (square_of(from), square_of(to));
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
        let us = self.cz_color();
        let rights = self.board.castle_rights(us);
        let file = match side {
            CastlingSide::KingSide => rights.short,
            CastlingSide::QueenSide => rights.long,
        }?;
        let king = self.board.king(us);
        let rook = cz::Square::new(file, king.rank());
        let mv = cz::Move {
            from: king,
            to: rook,
            promotion: None,
        };
        self.board.is_legal(mv).then(|| self.move_of(mv))
    }

    /// Our pieces and the occupancy as they would be after the legal `mv`,
    /// without playing it.
    fn after(&self, mv: Move) -> After {
        let board = &self.board;
        let us = board.side_to_move();
        let ours = |kind: cz::Piece| board.colored_pieces(us, kind);
        let mut after = After {
            occupied: board.occupied(),
            theirs: board.colors(!us),
            pawns: ours(cz::Piece::Pawn),
            knights: ours(cz::Piece::Knight),
            bishops: ours(cz::Piece::Bishop),
            rooks: ours(cz::Piece::Rook),
            queens: ours(cz::Piece::Queen),
            king: board.king(us),
            us,
        };
        let (from, to) = (cz_square(mv.from()), cz_square(mv.to()));
        match mv {
            Move::Castle { king, rook } => {
                let side = mv.castling_side().unwrap_or(CastlingSide::KingSide);
                let rook_to = cz_square(Square::new(side.rook_to_file(), mv.from().rank()));
                let (king, rook) = (cz_square(king).bitboard(), cz_square(rook).bitboard());
                after.occupied =
                    (after.occupied & !king & !rook) | to.bitboard() | rook_to.bitboard();
                // In Chess960 the rook may already stand on its square.
                after.rooks = (after.rooks & !rook) | rook_to.bitboard();
                after.king = to;
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
                        *set &= !from.bitboard();
                    }
                    if landing == kind {
                        *set |= to.bitboard();
                    }
                }
                if piece == PieceKind::King {
                    after.king = to;
                }
                after.occupied = (after.occupied & !from.bitboard()) | to.bitboard();
                after.theirs &= !to.bitboard();
                if let Move::EnPassant { from: f, to: t } = mv {
                    let taken = cz_square(Square::new(t.file(), f.rank())).bitboard();
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
        let cz_mv = cz::Move {
            from: cz_square(from),
            to: cz_square(to),
            promotion: promotion.map(cz_kind),
        };
        if !self.board.is_legal(cz_mv) {
            return Err(MoveErrorKind::Illegal);
        }
        Ok(self.move_of(cz_mv))
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

    /// `+`, `#` or nothing: what playing the legal `mv` gives.
    pub(crate) fn suffix_of(&self, mv: Move) -> Option<Suffix> {
        let after = self.after(mv);
        let king = self.board.king(!self.board.side_to_move());
        if !after.attacks(king, after.occupied) {
            return None;
        }
        // A square the king can step to proves it is no mate, without
        // playing the move; otherwise play it and look for any reply.
        let flights = cz::get_king_moves(king) & !after.theirs;
        let without_king = after.occupied & !king.bitboard();
        if flights.into_iter().any(|f| !after.attacks(f, without_king)) {
            return Some(Suffix::Check);
        }
        let cz_mv = self.cz_move(mv)?;
        let mut board = self.board.clone();
        board.play_unchecked(cz_mv);
        if board.generate_moves(|_| true) {
            Some(Suffix::Check)
        } else {
            Some(Suffix::Checkmate)
        }
    }
}

/// Our side of the board as it would be after a move (see `Position::after`).
struct After {
    occupied: cz::BitBoard,
    theirs: cz::BitBoard,
    pawns: cz::BitBoard,
    knights: cz::BitBoard,
    bishops: cz::BitBoard,
    rooks: cz::BitBoard,
    queens: cz::BitBoard,
    king: cz::Square,
    us: cz::Color,
}

impl After {
    /// Whether any of our pieces attacks `square`, with `occupied` blocking.
    fn attacks(&self, square: cz::Square, occupied: cz::BitBoard) -> bool {
        let attackers = (cz::get_pawn_attacks(square, !self.us) & self.pawns)
            | (cz::get_knight_moves(square) & self.knights)
            | (cz::get_king_moves(square) & self.king.bitboard())
            | (cz::get_bishop_moves(square, occupied) & (self.bishops | self.queens))
            | (cz::get_rook_moves(square, occupied) & (self.rooks | self.queens));
        !attackers.is_empty()
    }
}
