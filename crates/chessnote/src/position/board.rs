//! The board under [`Position`](super::Position): bitboards by kind and by
//! color, the side to move, the castling rooks, the en-passant square, and
//! the checkers, pins and Zobrist hash, kept up to date move by move; legal
//! move generation (pins and checks computed once per position, no
//! make-and-test).
//!
//! It holds whatever validation lets through ([`super::validate`]): one king
//! a side, at most two checkers, castling rooks on the kings' back ranks.
//! On anything else (an illegal move played unchecked, say) it stays memory
//! safe and never panics: every index is masked, and moves whose piece is
//! not where they say change nothing.

use super::attacks;
use crate::{CastlingSide, Color, File, Move, PieceKind, Square};

const KINDS: [PieceKind; 6] = PieceKind::ALL;

/// The squares of the first and last ranks.
const BACK_RANKS: u64 = 0xFF00_0000_0000_00FF;

/// A board, its side to move, castling rooks and en-passant square, with
/// what legal move generation needs computed once: checkers, pinned pieces
/// and the Zobrist hash.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Chessboard {
    kinds: [u64; 6],
    colors: [u64; 2],
    turn: Color,
    /// The files of the castling rooks, by color and side (king side first).
    castling: [[Option<File>; 2]; 2],
    /// The en-passant square, after every double step (whether or not a
    /// capture there is legal).
    ep: Option<Square>,
    /// The pieces giving check to the side to move.
    checkers: u64,
    /// The side to move's pieces pinned to its king.
    pinned: u64,
    hash: u64,
}

/// What move generation hands its moves to, one piece at a time. Each
/// method returns `true` to stop generation.
pub(crate) trait MoveSink {
    /// The moves of our `kind` piece on `from` to every square of `to`
    /// (pawns: pushes and captures, each a promotion to every kind when
    /// `to` is on the last rank; never en passant or castling).
    fn moves(&mut self, board: &Chessboard, kind: PieceKind, from: u8, to: u64) -> bool;
    /// One legal en-passant capture, or one legal castling move.
    fn special(&mut self, mv: Move) -> bool;
    /// Whether the sink only counts: then the pawns not pinned are handed
    /// over all at once, as a number of moves, to [`MoveSink::count`].
    const COUNTS: bool = false;
    /// `n` more moves (only called when [`MoveSink::COUNTS`]).
    fn count(&mut self, n: usize) {
        let _ = n;
    }
}

/// Zobrist keys: a fixed pseudo-random sequence (SplitMix64), computed at
/// compile time. Pieces by color, kind and square; castling rooks by color
/// and file; the en-passant file; Black to move.
const KEYS: [u64; 12 * 64 + 16 + 8 + 1] = {
    let mut keys = [0u64; 12 * 64 + 16 + 8 + 1];
    let mut state = 0x6368_6573_736E_6F74u64; // "chessnot"
    let mut i = 0;
    while i < keys.len() {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        keys[i] = z ^ (z >> 31);
        i += 1;
    }
    keys
};

#[inline(always)]
fn piece_key(color: Color, kind: PieceKind, sq: u8) -> u64 {
    KEYS[(color as usize * 6 + kind as usize) * 64 + (sq as usize & 63)]
}

#[inline(always)]
fn castling_key(color: Color, file: File) -> u64 {
    KEYS[12 * 64 + color as usize * 8 + file as usize]
}

#[inline(always)]
fn ep_key(square: Square) -> u64 {
    KEYS[12 * 64 + 16 + square.file() as usize]
}

const TURN_KEY: u64 = KEYS[12 * 64 + 16 + 8];

#[inline(always)]
fn bit(sq: u8) -> u64 {
    1 << (sq & 63)
}

#[inline(always)]
fn square(sq: u8) -> Square {
    Square::from_index_masked(sq)
}

#[inline(always)]
fn file_of(sq: u8) -> File {
    square(sq).file()
}

/// The back rank of `color` as a shift (0 or 56).
#[inline(always)]
fn back_rank_shift(color: Color) -> u8 {
    match color {
        Color::White => 0,
        Color::Black => 56,
    }
}

impl Chessboard {
    /// A board from its parts, which validation has found sound; checkers,
    /// pins and hash are computed here.
    pub(crate) fn new(
        kinds: [u64; 6],
        colors: [u64; 2],
        turn: Color,
        castling: [[Option<File>; 2]; 2],
        ep: Option<Square>,
    ) -> Chessboard {
        let mut board = Chessboard {
            kinds,
            colors,
            turn,
            castling,
            ep,
            checkers: 0,
            pinned: 0,
            hash: 0,
        };
        board.hash = board.compute_hash();
        board.update_checks();
        board
    }

    /// The standard starting position.
    pub(crate) fn startpos() -> Chessboard {
        const PAWNS: u64 = 0x00FF_0000_0000_FF00;
        const KNIGHTS: u64 = 0x4200_0000_0000_0042;
        const BISHOPS: u64 = 0x2400_0000_0000_0024;
        const ROOKS: u64 = 0x8100_0000_0000_0081;
        const QUEENS: u64 = 0x0800_0000_0000_0008;
        const KINGS: u64 = 0x1000_0000_0000_0010;
        let rights = [Some(File::H), Some(File::A)];
        Chessboard::new(
            [PAWNS, KNIGHTS, BISHOPS, ROOKS, QUEENS, KINGS],
            [0xFFFF, 0xFFFF << 48],
            Color::White,
            [rights, rights],
            None,
        )
    }

    fn compute_hash(&self) -> u64 {
        let mut hash = 0;
        for color in Color::ALL {
            for kind in KINDS {
                let mut set = self.of(color, kind);
                while set != 0 {
                    hash ^= piece_key(color, kind, set.trailing_zeros() as u8);
                    set &= set - 1;
                }
            }
            for file in self.castling[color as usize].into_iter().flatten() {
                hash ^= castling_key(color, file);
            }
        }
        if let Some(ep) = self.ep {
            hash ^= ep_key(ep);
        }
        if self.turn == Color::Black {
            hash ^= TURN_KEY;
        }
        hash
    }

    /// Checkers and pins of the side to move.
    fn update_checks(&mut self) {
        let us = self.turn;
        let them = !us;
        let king = self.king_index(us);
        let occupied = self.occupied();
        let theirs = self.colors[them as usize];
        let diagonal =
            self.kinds[PieceKind::Bishop as usize] | self.kinds[PieceKind::Queen as usize];
        let straight = self.kinds[PieceKind::Rook as usize] | self.kinds[PieceKind::Queen as usize];
        let mut checkers = theirs
            & ((attacks::knight(king) & self.kinds[PieceKind::Knight as usize])
                | (attacks::pawn(us as usize, king) & self.kinds[PieceKind::Pawn as usize]));
        let mut pinned = 0;
        let mut snipers = theirs
            & ((attacks::bishop_rays(king) & diagonal) | (attacks::rook_rays(king) & straight));
        while snipers != 0 {
            let sniper = snipers.trailing_zeros() as u8;
            snipers &= snipers - 1;
            let between = attacks::between_bits(sniper, king) & occupied;
            if between == 0 {
                checkers |= bit(sniper);
            } else if between & (between - 1) == 0 {
                pinned |= between;
            }
        }
        self.checkers = checkers;
        self.pinned = pinned & self.colors[us as usize];
    }

    // Reading.

    #[inline(always)]
    pub(crate) fn turn(&self) -> Color {
        self.turn
    }

    #[inline(always)]
    pub(crate) fn occupied(&self) -> u64 {
        self.colors[0] | self.colors[1]
    }

    #[inline(always)]
    pub(crate) fn color(&self, color: Color) -> u64 {
        self.colors[color as usize]
    }

    #[inline(always)]
    pub(crate) fn kind(&self, kind: PieceKind) -> u64 {
        self.kinds[kind as usize]
    }

    #[inline(always)]
    pub(crate) fn of(&self, color: Color, kind: PieceKind) -> u64 {
        self.colors[color as usize] & self.kinds[kind as usize]
    }

    #[inline(always)]
    pub(crate) fn checkers(&self) -> u64 {
        self.checkers
    }

    #[inline(always)]
    pub(crate) fn pinned(&self) -> u64 {
        self.pinned
    }

    #[inline(always)]
    pub(crate) fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash as if there were no en-passant square.
    /// Whether `other` has the same pieces on the same squares, the same
    /// side to move and the same castling rooks.
    pub(crate) fn same_but_ep(&self, other: &Chessboard) -> bool {
        self.kinds == other.kinds
            && self.colors == other.colors
            && self.turn == other.turn
            && self.castling == other.castling
    }

    pub(crate) fn hash_without_ep(&self) -> u64 {
        match self.ep {
            Some(ep) => self.hash ^ ep_key(ep),
            None => self.hash,
        }
    }

    #[inline(always)]
    pub(crate) fn ep_square(&self) -> Option<Square> {
        self.ep
    }

    /// The file of `color`'s castling rook on `side`, if it may castle there.
    #[inline(always)]
    pub(crate) fn castling_rook(&self, color: Color, side: CastlingSide) -> Option<File> {
        self.castling[color as usize][side as usize]
    }

    /// The index of `color`'s king (one is always there after validation).
    #[inline(always)]
    pub(crate) fn king_index(&self, color: Color) -> u8 {
        (self.of(color, PieceKind::King).trailing_zeros() & 63) as u8
    }

    /// The kind of the piece on `sq`, if any.
    #[inline]
    pub(crate) fn kind_at(&self, sq: u8) -> Option<PieceKind> {
        let b = bit(sq);
        if self.occupied() & b == 0 {
            return None;
        }
        KINDS
            .into_iter()
            .find(|&kind| self.kinds[kind as usize] & b != 0)
    }

    /// The color of the piece on `sq`, if any.
    #[inline]
    pub(crate) fn color_at(&self, sq: u8) -> Option<Color> {
        let b = bit(sq);
        if self.colors[0] & b != 0 {
            Some(Color::White)
        } else if self.colors[1] & b != 0 {
            Some(Color::Black)
        } else {
            None
        }
    }

    /// The pieces of `by` that attack `sq`, with `occupied` blocking.
    #[inline]
    pub(crate) fn attackers(&self, sq: u8, by: Color, occupied: u64) -> u64 {
        attackers(&self.kinds, &self.colors, sq, by, occupied)
    }

    // Move generation.

    /// The squares a non-king move may end on: anywhere but our own pieces
    /// out of check, the checker or a square between it and the king in
    /// single check, nowhere in double check.
    #[inline(always)]
    fn target_mask(&self, king: u8) -> u64 {
        let checkers = self.checkers;
        if checkers == 0 {
            !self.colors[self.turn as usize]
        } else if checkers & (checkers - 1) == 0 {
            checkers | attacks::between_bits(king, checkers.trailing_zeros() as u8)
        } else {
            0
        }
    }

    /// The legal destinations of our `kind` piece on `from`, not the king,
    /// not en passant, given the target mask.
    #[inline(always)]
    fn piece_targets(&self, kind: PieceKind, from: u8, king: u8, mask: u64) -> u64 {
        let occupied = self.occupied();
        let us = self.turn;
        let moves = match kind {
            PieceKind::Pawn => self.pawn_targets(from, occupied),
            PieceKind::Knight => attacks::knight(from),
            PieceKind::Bishop => attacks::bishop(from, occupied),
            PieceKind::Rook => attacks::rook(from, occupied),
            PieceKind::Queen => attacks::bishop(from, occupied) | attacks::rook(from, occupied),
            PieceKind::King => 0,
        };
        let mut moves = moves & mask & !self.colors[us as usize];
        if self.pinned & bit(from) != 0 {
            moves &= attacks::line_bits(king, from);
        }
        moves
    }

    /// A pawn's pushes and captures (without en passant), on this board.
    #[inline(always)]
    fn pawn_targets(&self, from: u8, occupied: u64) -> u64 {
        let us = self.turn;
        let captures = attacks::pawn(us as usize, from) & self.colors[!us as usize];
        let b = bit(from);
        let (one, two) = match us {
            Color::White => {
                let one = (b << 8) & !occupied;
                (one, ((one & 0xFF_0000) << 8) & !occupied)
            }
            Color::Black => {
                let one = (b >> 8) & !occupied;
                (one, ((one & 0x0000_FF00_0000_0000) >> 8) & !occupied)
            }
        };
        captures | one | two
    }

    /// The squares our king can go to (not castling).
    #[inline(always)]
    fn king_targets(&self, king: u8) -> u64 {
        let us = self.turn;
        let mut moves = attacks::king(king) & !self.colors[us as usize];
        let occupied = self.occupied() ^ bit(king);
        let mut candidates = moves;
        while candidates != 0 {
            let to = candidates.trailing_zeros() as u8;
            candidates &= candidates - 1;
            if self.attackers(to, !us, occupied) != 0 {
                moves &= !bit(to);
            }
        }
        moves
    }

    /// Whether the en-passant capture from `from` leaves our king safe (the
    /// square and the pawn are known to be right).
    fn en_passant_is_safe(&self, from: u8, to: u8) -> bool {
        let us = self.turn;
        let them = !us;
        let king = self.king_index(us);
        let captured = (from & 56) | (to & 7);
        let occupied = (self.occupied() ^ bit(from) ^ bit(captured)) | bit(to);
        let theirs = self.colors[them as usize] & !bit(captured);
        let diagonal =
            self.kinds[PieceKind::Bishop as usize] | self.kinds[PieceKind::Queen as usize];
        let straight = self.kinds[PieceKind::Rook as usize] | self.kinds[PieceKind::Queen as usize];
        let sliders = theirs
            & ((attacks::bishop(king, occupied) & diagonal)
                | (attacks::rook(king, occupied) & straight));
        // Other checkers (knights, pawns) stay unless the one taken gives it.
        let others = self.checkers & !bit(captured) & !(diagonal | straight);
        sliders == 0 && others == 0
    }

    /// Our pawns that can take en passant, each legally.
    fn en_passant_moves(&self) -> impl Iterator<Item = Move> + '_ {
        let us = self.turn;
        let candidates = match self.ep {
            Some(ep) => attacks::pawn(!us as usize, ep.index()) & self.of(us, PieceKind::Pawn),
            None => 0,
        };
        let to = self.ep.map_or(0, Square::index);
        SetIter(candidates)
            .filter(move |&from| self.en_passant_is_safe(from, to))
            .map(move |from| Move::EnPassant {
                from: square(from),
                to: square(to),
            })
    }

    /// Whether an en-passant capture is legal here.
    pub(crate) fn has_legal_en_passant(&self) -> bool {
        self.en_passant_moves().next().is_some()
    }

    /// The castling move of our king with the rook on `side`, if legal.
    pub(crate) fn castling_move(&self, side: CastlingSide) -> Option<Move> {
        if self.checkers != 0 {
            return None;
        }
        self.castling_move_where(side, |sq, occupied| {
            self.attackers(sq, !self.turn, occupied) != 0
        })
    }

    /// The castling move of our king with the rook on `side`, if the
    /// squares are free and `attacked` (a square, the board without king
    /// and rook) says none the king stands on, crosses or reaches is
    /// attacked: the rules of every variant in one place.
    #[inline(always)]
    pub(crate) fn castling_move_where(
        &self,
        side: CastlingSide,
        attacked: impl Fn(u8, u64) -> bool,
    ) -> Option<Move> {
        let us = self.turn;
        let file = self.castling[us as usize][side as usize]?;
        let rank = back_rank_shift(us);
        let king = self.king_index(us);
        let rook = rank | file as u8;
        let occupied = self.occupied();
        if attacks::between_bits(king, rook) & occupied != 0 {
            // A piece between king and rook: the usual reason, found first.
            return None;
        }
        if king & 56 != rank || self.of(us, PieceKind::Rook) & bit(rook) == 0 {
            return None;
        }
        let (king_to, rook_to) = match side {
            CastlingSide::KingSide => (rank | 6, rank | 5),
            CastlingSide::QueenSide => (rank | 2, rank | 3),
        };
        let movers = bit(king) | bit(rook);
        let path = attacks::between_bits(king, king_to);
        let must_be_empty =
            (path | bit(king_to) | attacks::between_bits(rook, rook_to) | bit(rook_to)) & !movers;
        if occupied & must_be_empty != 0 {
            return None;
        }
        // The squares the king leaves and crosses, the rook where it stood;
        // then the one it reaches, the rook where it goes (python-chess's
        // order: the same answers, but for the squares a variant exempts).
        let without_king = occupied ^ bit(king);
        let mut walk = path | bit(king);
        while walk != 0 {
            let sq = walk.trailing_zeros() as u8;
            walk &= walk - 1;
            if attacked(sq, without_king) {
                return None;
            }
        }
        if attacked(king_to, (occupied ^ movers) | bit(rook_to)) {
            return None;
        }
        Some(Move::Castle {
            king: square(king),
            rook: square(rook),
        })
    }

    /// Hands the legal moves of our pieces on `from` to `sink`; `true` if
    /// the sink stopped it. The order is cozy-chess's (which this crate's
    /// move lists had before): pawns, en passant, knights, bishops, rooks,
    /// queens (of each kind, those not pinned first), then the king's moves
    /// and castling by destination square (castling as the rook's square).
    pub(crate) fn generate<S: MoveSink>(&self, from: u64, sink: &mut S) -> bool {
        let us = self.turn;
        let king = self.king_index(us);
        let ours = self.colors[us as usize] & from;
        let mask = self.target_mask(king);
        if mask != 0 {
            let pawns = ours & self.kinds[PieceKind::Pawn as usize];
            if S::COUNTS {
                // Counting: the pawns not pinned all at once, a set per
                // direction, as a bulk-counting perft wants.
                sink.count(self.count_pawn_moves(pawns & !self.pinned, mask));
                let pinned = pawns & self.pinned;
                if self.generate_kind(PieceKind::Pawn, pinned, king, mask, sink) {
                    return true;
                }
            } else {
                for pawns in [pawns & !self.pinned, pawns & self.pinned] {
                    if self.generate_kind(PieceKind::Pawn, pawns, king, mask, sink) {
                        return true;
                    }
                }
            }
        }
        if self.ep.is_some() {
            for mv in self.en_passant_moves() {
                if from & bit(mv.from().index()) != 0 && sink.special(mv) {
                    return true;
                }
            }
        }
        if mask != 0 {
            let knights = ours & self.kinds[PieceKind::Knight as usize] & !self.pinned;
            if self.generate_kind(PieceKind::Knight, knights, king, mask, sink) {
                return true;
            }
            for kind in [PieceKind::Bishop, PieceKind::Rook, PieceKind::Queen] {
                let pieces = ours & self.kinds[kind as usize];
                for pieces in [pieces & !self.pinned, pieces & self.pinned] {
                    if self.generate_kind(kind, pieces, king, mask, sink) {
                        return true;
                    }
                }
            }
        }
        if ours & bit(king) == 0 {
            return false;
        }
        let to = self.king_targets(king);
        let castles = if self.castling[us as usize] == [None, None] || self.checkers != 0 {
            [None, None]
        } else {
            [CastlingSide::KingSide, CastlingSide::QueenSide].map(|side| self.castling_move(side))
        };
        if castles == [None, None] {
            return to != 0 && sink.moves(self, PieceKind::King, king, to);
        }
        // Castling among the king's moves, in square order.
        let rooks = castles
            .iter()
            .flatten()
            .fold(0, |set, mv| set | bit(castle_rook(*mv)));
        let mut all = to | rooks;
        while all != 0 {
            let sq = all.trailing_zeros() as u8;
            all &= all - 1;
            let stop = if rooks & bit(sq) != 0 {
                castles
                    .into_iter()
                    .flatten()
                    .filter(|mv| castle_rook(*mv) == sq)
                    .any(|mv| sink.special(mv))
            } else {
                sink.moves(self, PieceKind::King, king, bit(sq))
            };
            if stop {
                return true;
            }
        }
        false
    }

    /// Hands every pseudo-legal move to `sink` (python-chess's sense): each
    /// of our pieces' moves by how it moves, whether or not it leaves our
    /// king in check, then en passant by each pawn attacking the square,
    /// then the legal castling moves.
    pub(crate) fn generate_pseudo_legal<S: MoveSink>(&self, sink: &mut S) {
        let us = self.turn;
        let ours = self.colors[us as usize];
        let occupied = self.occupied();
        for kind in KINDS {
            for from in SetIter(ours & self.kinds[kind as usize]) {
                let to = match kind {
                    PieceKind::Pawn => self.pawn_targets(from, occupied),
                    PieceKind::Knight => attacks::knight(from),
                    PieceKind::Bishop => attacks::bishop(from, occupied),
                    PieceKind::Rook => attacks::rook(from, occupied),
                    PieceKind::Queen => {
                        attacks::bishop(from, occupied) | attacks::rook(from, occupied)
                    }
                    PieceKind::King => attacks::king(from),
                } & !ours;
                if to != 0 {
                    sink.moves(self, kind, from, to);
                }
            }
        }
        if let Some(ep) = self.ep
            && occupied & bit(ep.index()) == 0
        {
            let pawns = attacks::pawn(!us as usize, ep.index()) & self.of(us, PieceKind::Pawn);
            for from in SetIter(pawns) {
                sink.special(Move::EnPassant {
                    from: square(from),
                    to: ep,
                });
            }
        }
        for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
            if let Some(mv) = self.castling_move(side) {
                sink.special(mv);
            }
        }
    }

    /// The number of legal pushes and captures (not en passant) of our
    /// `pawns`, none of them pinned, given the target mask; a promotion
    /// counts once for every piece it can make.
    #[inline(always)]
    fn count_pawn_moves(&self, pawns: u64, mask: u64) -> usize {
        const NOT_A: u64 = !0x0101_0101_0101_0101;
        const NOT_H: u64 = !0x8080_8080_8080_8080;
        let empty = !self.occupied();
        let theirs = self.colors[!self.turn as usize];
        let (one, two, left, right) = match self.turn {
            Color::White => {
                let one = (pawns << 8) & empty;
                let two = ((one & 0x0000_0000_00FF_0000) << 8) & empty;
                (
                    one,
                    two,
                    ((pawns & NOT_A) << 7) & theirs,
                    ((pawns & NOT_H) << 9) & theirs,
                )
            }
            Color::Black => {
                let one = (pawns >> 8) & empty;
                let two = ((one & 0x0000_FF00_0000_0000) >> 8) & empty;
                (
                    one,
                    two,
                    ((pawns & NOT_A) >> 9) & theirs,
                    ((pawns & NOT_H) >> 7) & theirs,
                )
            }
        };
        let count = |set: u64| {
            let set = set & mask;
            (set & !BACK_RANKS).count_ones() as usize + 4 * (set & BACK_RANKS).count_ones() as usize
        };
        count(one) + count(two) + count(left) + count(right)
    }

    /// The moves of our `kind` pieces on `pieces`, one piece at a time.
    #[inline(always)]
    fn generate_kind<S: MoveSink>(
        &self,
        kind: PieceKind,
        mut pieces: u64,
        king: u8,
        mask: u64,
        sink: &mut S,
    ) -> bool {
        while pieces != 0 {
            let sq = pieces.trailing_zeros() as u8;
            pieces &= pieces - 1;
            let to = self.piece_targets(kind, sq, king, mask);
            if to != 0 && sink.moves(self, kind, sq, to) {
                return true;
            }
        }
        false
    }

    /// Whether a pawn of the side to move on `from` promotes when it moves.
    #[inline(always)]
    pub(crate) fn promotes_from(&self, from: u8) -> bool {
        from & 56
            == match self.turn {
                Color::White => 48,
                Color::Black => 8,
            }
    }

    /// Whether the en-passant square (if any) fits the checks: each checker
    /// is the pawn that just made the double step, or a slider whose line
    /// to the king runs through the square it left.
    pub(crate) fn ep_explains_checks(&self) -> bool {
        let Some(ep) = self.ep else {
            return true;
        };
        let us = self.turn;
        let (pawn, origin) = match us {
            Color::White => (ep.index().wrapping_sub(8), ep.index() + 8),
            Color::Black => (ep.index() + 8, ep.index().wrapping_sub(8)),
        };
        let king = self.king_index(us);
        SetIter(self.checkers).all(|checker| {
            checker == pawn || attacks::between_bits(checker, king) & bit(origin) != 0
        })
    }

    /// Whether `mv` is legal here, with every field right (the piece, the
    /// captured piece).
    pub(crate) fn is_legal(&self, mv: Move) -> bool {
        let us = self.turn;
        match mv {
            Move::Normal {
                piece,
                from,
                capture,
                to,
                promotion,
            } => {
                let (from, to) = (from.index(), to.index());
                if self.of(us, piece) & bit(from) == 0 || self.kind_at_theirs(to) != capture {
                    return false;
                }
                let last_rank = piece == PieceKind::Pawn && bit(to) & BACK_RANKS != 0;
                let promotes_well = match promotion {
                    None => !last_rank,
                    Some(PieceKind::Pawn | PieceKind::King) => false,
                    Some(_) => last_rank,
                };
                if !promotes_well {
                    return false;
                }
                if piece == PieceKind::King {
                    let occupied = self.occupied() ^ bit(from);
                    return attacks::king(from) & bit(to) & !self.colors[us as usize] != 0
                        && self.attackers(to, !us, occupied) == 0;
                }
                let king = self.king_index(us);
                let targets = self.piece_targets(piece, from, king, self.target_mask(king));
                targets & bit(to) != 0
            }
            Move::EnPassant { from, to } => {
                Some(to) == self.ep && self.en_passant_moves().any(|m| m.from() == from)
            }
            Move::Castle { king, rook } => {
                let side = if rook.index() > king.index() {
                    CastlingSide::KingSide
                } else {
                    CastlingSide::QueenSide
                };
                self.castling_move(side) == Some(mv)
            }
            // No drop is a move of standard chess.
            Move::Drop { .. } => false,
        }
    }

    /// The kind of their piece on `sq`, if any.
    #[inline(always)]
    pub(crate) fn kind_at_theirs(&self, sq: u8) -> Option<PieceKind> {
        if self.colors[!self.turn as usize] & bit(sq) == 0 {
            None
        } else {
            self.kind_at(sq)
        }
    }

    // Playing.

    #[inline(always)]
    fn toggle(&mut self, color: Color, kind: PieceKind, sq: u8) {
        let b = bit(sq);
        self.kinds[kind as usize] ^= b;
        self.colors[color as usize] ^= b;
        self.hash ^= piece_key(color, kind, sq);
    }

    #[inline(always)]
    fn clear_castling(&mut self, color: Color, side: usize) {
        if let Some(file) = self.castling[color as usize][side & 1].take() {
            self.hash ^= castling_key(color, file);
        }
    }

    /// Drops the castling right whose rook stands on `sq`, if any.
    #[inline(always)]
    fn clear_castling_at(&mut self, color: Color, sq: u8) {
        if sq & 56 == back_rank_shift(color) {
            let file = Some(file_of(sq));
            for side in 0..2 {
                if self.castling[color as usize][side] == file {
                    self.clear_castling(color, side);
                }
            }
        }
    }

    /// Plays `mv`, which should be legal. A move whose piece is not on its
    /// square, or that lands on one of ours, changes nothing; other illegal
    /// moves leave a board that is memory safe but may not be sound.
    /// Returns whether the move was played.
    pub(crate) fn play(&mut self, mv: Move) -> bool {
        let us = self.turn;
        let them = !us;
        let ours = self.colors[us as usize];
        let new_ep = match mv {
            Move::Normal {
                piece,
                from,
                capture,
                to,
                promotion,
            } => {
                let (from, to) = (from.index(), to.index());
                if self.of(us, piece) & bit(from) == 0 || ours & bit(to) != 0 {
                    return false;
                }
                if self.colors[them as usize] & bit(to) != 0 {
                    let victim = match capture {
                        Some(kind) if self.kinds[kind as usize] & bit(to) != 0 => kind,
                        _ => self.kind_at(to).unwrap_or(PieceKind::Pawn),
                    };
                    self.toggle(them, victim, to);
                    self.clear_castling_at(them, to);
                }
                let landing = match promotion {
                    Some(kind) if piece == PieceKind::Pawn => kind,
                    _ => piece,
                };
                // The piece leaves `from` and lands on `to`: each set and
                // the hash written once (not a toggle per square).
                let (from_bit, to_bit) = (bit(from), bit(to));
                if landing == piece {
                    self.kinds[piece as usize] ^= from_bit | to_bit;
                } else {
                    self.kinds[piece as usize] ^= from_bit;
                    self.kinds[landing as usize] ^= to_bit;
                }
                self.colors[us as usize] ^= from_bit | to_bit;
                self.hash ^= piece_key(us, piece, from) ^ piece_key(us, landing, to);
                match piece {
                    PieceKind::King => {
                        self.clear_castling(us, 0);
                        self.clear_castling(us, 1);
                    }
                    PieceKind::Rook => self.clear_castling_at(us, from),
                    _ => {}
                }
                if piece == PieceKind::Pawn && from.abs_diff(to) == 16 {
                    Some(square((from + to) / 2))
                } else {
                    None
                }
            }
            Move::EnPassant { from, to } => {
                let (from, to) = (from.index(), to.index());
                let captured = (from & 56) | (to & 7);
                if self.of(us, PieceKind::Pawn) & bit(from) == 0
                    || self.of(them, PieceKind::Pawn) & bit(captured) == 0
                    || self.occupied() & bit(to) != 0
                {
                    return false;
                }
                self.toggle(them, PieceKind::Pawn, captured);
                self.toggle(us, PieceKind::Pawn, from);
                self.toggle(us, PieceKind::Pawn, to);
                None
            }
            Move::Castle { king, rook } => {
                let (king, rook) = (king.index(), rook.index());
                let rank = king & 56;
                if self.of(us, PieceKind::King) & bit(king) == 0
                    || self.of(us, PieceKind::Rook) & bit(rook) == 0
                    || rook & 56 != rank
                {
                    return false;
                }
                let (king_to, rook_to) = if rook > king {
                    (rank | 6, rank | 5)
                } else {
                    (rank | 2, rank | 3)
                };
                self.toggle(us, PieceKind::King, king);
                self.toggle(us, PieceKind::Rook, rook);
                let occupied = self.occupied();
                if occupied & (bit(king_to) | bit(rook_to)) != 0 {
                    // Not a castling this board can hold: put them back.
                    self.toggle(us, PieceKind::King, king);
                    self.toggle(us, PieceKind::Rook, rook);
                    return false;
                }
                self.toggle(us, PieceKind::King, king_to);
                self.toggle(us, PieceKind::Rook, rook_to);
                self.clear_castling(us, 0);
                self.clear_castling(us, 1);
                None
            }
            Move::Drop { piece, to } => {
                let to = to.index();
                if self.occupied() & bit(to) != 0 || piece == PieceKind::King {
                    return false;
                }
                self.toggle(us, piece, to);
                None
            }
        };
        let mut hash = self.hash ^ TURN_KEY;
        if let Some(ep) = self.ep {
            hash ^= ep_key(ep);
        }
        if let Some(ep) = new_ep {
            hash ^= ep_key(ep);
        }
        self.hash = hash;
        self.ep = new_ep;
        self.turn = them;
        self.update_checks();
        true
    }

    /// Takes whatever piece stands on `sq` off the board (an explosion), with
    /// the castling rights it held: a rook's own, a king's both. Checkers
    /// and pins are not brought up to date: [`Chessboard::refresh`] does.
    pub(crate) fn remove_at(&mut self, sq: u8) {
        let Some(color) = self.color_at(sq) else {
            return;
        };
        let kind = self.kind_at(sq).unwrap_or(PieceKind::Pawn);
        self.toggle(color, kind, sq);
        match kind {
            PieceKind::King => {
                self.clear_castling(color, 0);
                self.clear_castling(color, 1);
            }
            PieceKind::Rook => self.clear_castling_at(color, sq),
            _ => {}
        }
    }

    /// Forgets the en-passant square (a horde pawn's step from the first
    /// rank leaves none).
    pub(crate) fn clear_ep(&mut self) {
        if let Some(ep) = self.ep.take() {
            self.hash ^= ep_key(ep);
        }
    }

    /// Computes checkers and pins again, after [`Chessboard::remove_at`].
    pub(crate) fn refresh(&mut self) {
        self.update_checks();
    }

    /// Passes, when not in check; `false` (and nothing changes) in check.
    pub(crate) fn play_null(&mut self) -> bool {
        if self.checkers != 0 {
            return false;
        }
        self.pass();
        true
    }

    /// Passes, check or not (a variant judges whether it may).
    pub(crate) fn pass(&mut self) {
        if let Some(ep) = self.ep.take() {
            self.hash ^= ep_key(ep);
        }
        self.turn = !self.turn;
        self.hash ^= TURN_KEY;
        self.update_checks();
    }
}

/// The pieces of `by` (among those of `kinds` and `colors`) that attack
/// `sq`, with `occupied` blocking: for the board and for validation.
#[inline(always)]
pub(crate) fn attackers(
    kinds: &[u64; 6],
    colors: &[u64; 2],
    sq: u8,
    by: Color,
    occupied: u64,
) -> u64 {
    let diagonal = kinds[PieceKind::Bishop as usize] | kinds[PieceKind::Queen as usize];
    let straight = kinds[PieceKind::Rook as usize] | kinds[PieceKind::Queen as usize];
    colors[by as usize]
        & ((attacks::knight(sq) & kinds[PieceKind::Knight as usize])
            | (attacks::king(sq) & kinds[PieceKind::King as usize])
            | (attacks::pawn(!by as usize, sq) & kinds[PieceKind::Pawn as usize])
            | (attacks::bishop(sq, occupied) & diagonal)
            | (attacks::rook(sq, occupied) & straight))
}

/// The rook's square of a castling move (a1 for any other move).
#[inline(always)]
fn castle_rook(mv: Move) -> u8 {
    match mv {
        Move::Castle { rook, .. } => rook.index(),
        _ => 0,
    }
}

/// The squares of a set, as indices.
struct SetIter(u64);

impl Iterator for SetIter {
    type Item = u8;

    #[inline(always)]
    fn next(&mut self) -> Option<u8> {
        if self.0 == 0 {
            return None;
        }
        let sq = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(sq)
    }
}
