//! Attack sets: the squares each piece attacks, the lines through two
//! squares, and the attackers of a square and the pins on a board.
//!
//! The sets are computed at compile time into small tables: knights, kings
//! and pawns by lookup, sliders by hyperbola quintessence (files and
//! diagonals, with a byte swap) and a first-rank table (ranks). No table is
//! bigger than 32 KiB, and nothing is built at run time. The move generator
//! works on the raw tables (squares as indices, sets as `u64`); the public
//! functions take [`Square`]s and [`SquareSet`]s, and the questions about a
//! [`Board`] work on any board, a valid position or not.
//!
//! ```
//! use chessnote::position::attacks;
//! use chessnote::{Square, SquareSet};
//!
//! assert_eq!(attacks::knight_attacks(Square::A1).len(), 2);
//! let blocked = SquareSet::from_square(Square::A4);
//! assert_eq!(attacks::rook_attacks(Square::A1, blocked).len(), 3 + 7);
//! assert_eq!(attacks::between(Square::A1, Square::D4).len(), 2);
//! ```

use crate::{Board, Color, Piece, PieceKind, Square, SquareSet};

/// The squares a step of (`files`, `ranks`) from every square reaches, for
/// each of `steps`.
const fn step_table(steps: &[(i8, i8)]) -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let (file, rank) = ((sq % 8) as i8, (sq / 8) as i8);
        let mut i = 0;
        while i < steps.len() {
            let (f, r) = (file + steps[i].0, rank + steps[i].1);
            if f >= 0 && f < 8 && r >= 0 && r < 8 {
                table[sq] |= 1 << (r * 8 + f);
            }
            i += 1;
        }
        sq += 1;
    }
    table
}

static KNIGHT: [u64; 64] = step_table(&[
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
]);

/// The eight directions (files, ranks) a king steps and a queen slides in.
const DIRECTIONS: [(i8, i8); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

static KING: [u64; 64] = step_table(&DIRECTIONS);

/// The squares a pawn of each color on each square attacks.
static PAWN: [[u64; 64]; 2] = [
    step_table(&[(-1, 1), (1, 1)]),
    step_table(&[(-1, -1), (1, -1)]),
];

/// The squares from `sq` in direction (`files`, `ranks`) to the edge, `sq`
/// excluded.
const fn ray_to_edge(sq: usize, files: i8, ranks: i8) -> u64 {
    let (mut f, mut r) = ((sq % 8) as i8 + files, (sq / 8) as i8 + ranks);
    let mut set = 0;
    while f >= 0 && f < 8 && r >= 0 && r < 8 {
        set |= 1 << (r * 8 + f);
        f += files;
        r += ranks;
    }
    set
}

/// The lines through each square without it: [file, diagonal, anti-diagonal].
static LINES: [[u64; 3]; 64] = {
    let mut table = [[0u64; 3]; 64];
    let mut sq = 0;
    while sq < 64 {
        table[sq] = [
            ray_to_edge(sq, 0, 1) | ray_to_edge(sq, 0, -1),
            ray_to_edge(sq, 1, 1) | ray_to_edge(sq, -1, -1),
            ray_to_edge(sq, -1, 1) | ray_to_edge(sq, 1, -1),
        ];
        sq += 1;
    }
    table
};

/// The attacks along the first rank of a rook on each file, for each
/// occupancy of the six inner files (bits 1–6 shifted down by one).
static FIRST_RANK: [[u8; 8]; 64] = {
    let mut table = [[0u8; 8]; 64];
    let mut inner = 0;
    while inner < 64 {
        let occupied = (inner << 1) as u8;
        let mut file = 0;
        while file < 8 {
            let mut attacks = 0u8;
            let mut f = file + 1;
            while f < 8 {
                attacks |= 1 << f;
                if occupied & (1 << f) != 0 {
                    break;
                }
                f += 1;
            }
            let mut f = file as i8 - 1;
            while f >= 0 {
                attacks |= 1 << f;
                if occupied & (1 << f) != 0 {
                    break;
                }
                f -= 1;
            }
            table[inner][file] = attacks;
            file += 1;
        }
        inner += 1;
    }
    table
};

/// For every pair of squares on one line: the squares strictly between
/// them (`BETWEEN`) and the whole line through both (`LINE`); else empty.
const fn pair_tables(whole_line: bool) -> [[u64; 64]; 64] {
    let mut table = [[0u64; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut d = 0;
        while d < 8 {
            let (files, ranks) = DIRECTIONS[d];
            let beyond = ray_to_edge(a, files, ranks);
            let behind = ray_to_edge(a, -files, -ranks);
            let (mut f, mut r) = ((a % 8) as i8 + files, (a / 8) as i8 + ranks);
            while f >= 0 && f < 8 && r >= 0 && r < 8 {
                let b = (r * 8 + f) as usize;
                table[a][b] = if whole_line {
                    beyond | behind | 1 << a
                } else {
                    beyond & ray_to_edge(b, -files, -ranks)
                };
                f += files;
                r += ranks;
            }
            d += 1;
        }
        a += 1;
    }
    table
}

static BETWEEN: [[u64; 64]; 64] = pair_tables(false);
static LINE: [[u64; 64]; 64] = pair_tables(true);

/// The squares a knight on `sq` attacks.
#[inline(always)]
pub(crate) fn knight(sq: u8) -> u64 {
    KNIGHT[sq as usize & 63]
}

/// The squares a king on `sq` attacks.
#[inline(always)]
pub(crate) fn king(sq: u8) -> u64 {
    KING[sq as usize & 63]
}

/// The squares a pawn of `color` (0 white, 1 black) on `sq` attacks.
#[inline(always)]
pub(crate) fn pawn(color: usize, sq: u8) -> u64 {
    PAWN[color & 1][sq as usize & 63]
}

/// The squares of `line` (through `sq`, without it, one square a rank)
/// that a slider on `sq` reaches with `occupied` blocking: hyperbola
/// quintessence, with the byte swap reversing the line.
#[inline(always)]
fn line_attacks(sq: u8, line: u64, occupied: u64) -> u64 {
    let bit = 1u64 << (sq & 63);
    let forward = occupied & line;
    let reverse = forward.swap_bytes();
    let forward = forward.wrapping_sub(bit);
    let reverse = reverse.wrapping_sub(bit.swap_bytes());
    (forward ^ reverse.swap_bytes()) & line
}

/// The squares of its rank a rook on `sq` reaches.
#[inline(always)]
fn rank_attacks(sq: u8, occupied: u64) -> u64 {
    let shift = sq & 56;
    let inner = (occupied >> (shift + 1)) & 63;
    (FIRST_RANK[inner as usize][(sq & 7) as usize] as u64) << shift
}

/// The squares a bishop on `sq` reaches, with `occupied` blocking.
#[inline(always)]
pub(crate) fn bishop(sq: u8, occupied: u64) -> u64 {
    let lines = &LINES[sq as usize & 63];
    line_attacks(sq, lines[1], occupied) | line_attacks(sq, lines[2], occupied)
}

/// The squares a rook on `sq` reaches, with `occupied` blocking.
#[inline(always)]
pub(crate) fn rook(sq: u8, occupied: u64) -> u64 {
    line_attacks(sq, LINES[sq as usize & 63][0], occupied) | rank_attacks(sq, occupied)
}

/// The squares a bishop on an empty board reaches from `sq`.
#[inline(always)]
pub(crate) fn bishop_rays(sq: u8) -> u64 {
    let lines = &LINES[sq as usize & 63];
    lines[1] | lines[2]
}

/// The squares a rook on an empty board reaches from `sq`.
#[inline(always)]
pub(crate) fn rook_rays(sq: u8) -> u64 {
    LINES[sq as usize & 63][0] | (0xFF << (sq & 56)) & !(1 << (sq & 63))
}

/// The squares strictly between `a` and `b` if they share a line, else none.
#[inline(always)]
pub(crate) fn between_bits(a: u8, b: u8) -> u64 {
    BETWEEN[a as usize & 63][b as usize & 63]
}

/// The whole line through `a` and `b` (both included) if they share one,
/// else none.
#[inline(always)]
pub(crate) fn line_bits(a: u8, b: u8) -> u64 {
    LINE[a as usize & 63][b as usize & 63]
}

/// The squares a knight on `square` attacks.
pub fn knight_attacks(square: Square) -> SquareSet {
    SquareSet(knight(square.index()))
}

/// The squares a king on `square` attacks.
pub fn king_attacks(square: Square) -> SquareSet {
    SquareSet(king(square.index()))
}

/// The squares a pawn of `color` on `square` attacks (its captures).
pub fn pawn_attacks(color: Color, square: Square) -> SquareSet {
    SquareSet(pawn(color as usize, square.index()))
}

/// The squares a bishop on `square` attacks, the pieces on `occupied`
/// blocking (the first one met on each diagonal is attacked).
pub fn bishop_attacks(square: Square, occupied: SquareSet) -> SquareSet {
    SquareSet(bishop(square.index(), occupied.0))
}

/// The squares a rook on `square` attacks, the pieces on `occupied`
/// blocking.
pub fn rook_attacks(square: Square, occupied: SquareSet) -> SquareSet {
    SquareSet(rook(square.index(), occupied.0))
}

/// The squares a queen on `square` attacks, the pieces on `occupied`
/// blocking.
pub fn queen_attacks(square: Square, occupied: SquareSet) -> SquareSet {
    bishop_attacks(square, occupied) | rook_attacks(square, occupied)
}

/// The squares `piece` on `square` attacks, the pieces on `occupied`
/// blocking (a pawn's captures, not its pushes).
///
/// ```
/// use chessnote::position::attacks::piece_attacks;
/// use chessnote::{Color, PieceKind, Square, SquareSet};
///
/// let pawn = PieceKind::Pawn.of(Color::Black);
/// assert_eq!(piece_attacks(pawn, Square::E5, SquareSet::EMPTY).len(), 2);
/// ```
pub fn piece_attacks(piece: Piece, square: Square, occupied: SquareSet) -> SquareSet {
    match piece.kind {
        PieceKind::Pawn => pawn_attacks(piece.color, square),
        PieceKind::Knight => knight_attacks(square),
        PieceKind::Bishop => bishop_attacks(square, occupied),
        PieceKind::Rook => rook_attacks(square, occupied),
        PieceKind::Queen => queen_attacks(square, occupied),
        PieceKind::King => king_attacks(square),
    }
}

/// The whole rank, file or diagonal through `a` and `b`, edge to edge,
/// both included, when they share one; else (and when `a == b`) no square.
///
/// ```
/// use chessnote::position::attacks::ray;
/// use chessnote::Square;
///
/// assert_eq!(ray(Square::E2, Square::B5).len(), 6);
/// assert!(ray(Square::A1, Square::B3).is_empty());
/// ```
pub fn ray(a: Square, b: Square) -> SquareSet {
    SquareSet(line_bits(a.index(), b.index()))
}

/// The squares strictly between `a` and `b` when they share a rank, file
/// or diagonal; else no square.
pub fn between(a: Square, b: Square) -> SquareSet {
    SquareSet(between_bits(a.index(), b.index()))
}

/// The squares of a board's pieces by kind and by color.
struct Sets {
    kinds: [u64; 6],
    colors: [u64; 2],
}

impl Sets {
    fn of(board: &Board) -> Sets {
        let mut sets = Sets {
            kinds: [0; 6],
            colors: [0; 2],
        };
        for (square, piece) in board.pieces() {
            sets.kinds[piece.kind as usize] |= 1 << square.index();
            sets.colors[piece.color as usize] |= 1 << square.index();
        }
        sets
    }
}

/// The pieces of `color` on `board` that attack `square`, the pieces on
/// `occupied` blocking the sliders (pass `board.occupied()` for the board
/// as it stands; a piece off `occupied` still attacks from its square).
/// Any board will do, valid or not.
///
/// ```
/// use chessnote::position::attacks::attackers;
/// use chessnote::{Board, Color, Square};
///
/// let board = Board::STARTING;
/// let on_f3 = attackers(&board, Color::White, Square::F3, board.occupied());
/// assert_eq!(on_f3.len(), 3); // the pawns on e2 and g2, the knight on g1
/// ```
pub fn attackers(board: &Board, color: Color, square: Square, occupied: SquareSet) -> SquareSet {
    let sets = Sets::of(board);
    SquareSet(super::board::attackers(
        &sets.kinds,
        &sets.colors,
        square.index(),
        color,
        occupied.0,
    ))
}

/// The line `square` is pinned along to the king on `king`: the whole
/// rank, file or diagonal through both (as [`ray`]) when an enemy rook,
/// bishop or queen on it has nothing but `square` between it and the king;
/// else `None`. The king's color is the piece's on `king`; `square` is
/// looked at as if it were occupied (by anything), and `None` when no king
/// stands on `king`.
///
/// ```
/// use chessnote::position::attacks::pin;
/// use chessnote::{Board, Color, PieceKind, Square};
///
/// let mut board = Board::EMPTY;
/// board.set(Square::E1, Some(PieceKind::King.of(Color::White)));
/// board.set(Square::E2, Some(PieceKind::Knight.of(Color::White)));
/// board.set(Square::E8, Some(PieceKind::Rook.of(Color::Black)));
/// assert_eq!(pin(&board, Square::E1, Square::E2).map(|line| line.len()), Some(8));
/// assert_eq!(pin(&board, Square::E1, Square::D2), None);
/// ```
pub fn pin(board: &Board, king: Square, square: Square) -> Option<SquareSet> {
    let color = board
        .get(king)
        .filter(|piece| piece.kind == PieceKind::King)?
        .color;
    let line = line_bits(king.index(), square.index());
    if line == 0 {
        return None;
    }
    let sets = Sets::of(board);
    let straight = king.file() == square.file() || king.rank() == square.rank();
    let (a, b) = if straight {
        (PieceKind::Rook, PieceKind::Queen)
    } else {
        (PieceKind::Bishop, PieceKind::Queen)
    };
    let snipers =
        (sets.kinds[a as usize] | sets.kinds[b as usize]) & sets.colors[!color as usize] & line;
    let blockers = (sets.colors[0] | sets.colors[1]) | 1 << square.index();
    let pinned = SquareSet(snipers)
        .iter()
        .any(|sniper| between_bits(king.index(), sniper.index()) & blockers == 1 << square.index());
    pinned.then_some(SquareSet(line))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Slider attacks by walking the board one step at a time.
    fn walk(sq: u8, occupied: u64, directions: &[(i8, i8)]) -> u64 {
        let mut set = 0;
        for &(df, dr) in directions {
            let (mut f, mut r) = ((sq % 8) as i8 + df, (sq / 8) as i8 + dr);
            while (0..8).contains(&f) && (0..8).contains(&r) {
                let bit = 1u64 << (r * 8 + f);
                set |= bit;
                if occupied & bit != 0 {
                    break;
                }
                f += df;
                r += dr;
            }
        }
        set
    }

    #[test]
    fn sliders_match_a_walk_on_many_boards() {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..4000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let occupied = state & (state >> 3);
            for sq in 0..64 {
                let diagonal = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
                let straight = [(1, 0), (-1, 0), (0, 1), (0, -1)];
                assert_eq!(bishop(sq, occupied), walk(sq, occupied, &diagonal));
                assert_eq!(rook(sq, occupied), walk(sq, occupied, &straight));
            }
        }
        for sq in 0..64 {
            assert_eq!(bishop_rays(sq), bishop(sq, 0));
            assert_eq!(rook_rays(sq), rook(sq, 0));
        }
    }

    #[test]
    fn between_and_line() {
        // a1 and h8: the long diagonal.
        assert_eq!(between_bits(0, 63).count_ones(), 6);
        assert_eq!(line_bits(0, 63), 0x8040_2010_0804_0201);
        // b1 and c3: not on one line.
        assert_eq!(between_bits(1, 18), 0);
        assert_eq!(line_bits(1, 18), 0);
        // Neighbours: nothing between, the rank as the line.
        assert_eq!(between_bits(0, 1), 0);
        assert_eq!(line_bits(0, 1), 0xFF);
        assert_eq!(knight(0), 1 << 10 | 1 << 17);
        assert_eq!(pawn(0, 12), 1 << 19 | 1 << 21);
        assert_eq!(pawn(1, 12), 1 << 3 | 1 << 5);
        assert_eq!(king(0).count_ones(), 3);
    }
}
