//! Attack sets, computed at compile time into small tables: knights, kings
//! and pawns by lookup, sliders by hyperbola quintessence (files and
//! diagonals, with a byte swap) and a first-rank table (ranks). No table is
//! bigger than 32 KiB, and nothing is built at run time.
//!
//! Squares are indices, `a1` = 0 … `h8` = 63; sets are `u64` with bit `i`
//! for square `i`.

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
const fn ray(sq: usize, files: i8, ranks: i8) -> u64 {
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
            ray(sq, 0, 1) | ray(sq, 0, -1),
            ray(sq, 1, 1) | ray(sq, -1, -1),
            ray(sq, -1, 1) | ray(sq, 1, -1),
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
            let beyond = ray(a, files, ranks);
            let behind = ray(a, -files, -ranks);
            let (mut f, mut r) = ((a % 8) as i8 + files, (a / 8) as i8 + ranks);
            while f >= 0 && f < 8 && r >= 0 && r < 8 {
                let b = (r * 8 + f) as usize;
                table[a][b] = if whole_line {
                    beyond | behind | 1 << a
                } else {
                    beyond & ray(b, -files, -ranks)
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
pub(crate) fn between(a: u8, b: u8) -> u64 {
    BETWEEN[a as usize & 63][b as usize & 63]
}

/// The whole line through `a` and `b` (both included) if they share one,
/// else none.
#[inline(always)]
pub(crate) fn line(a: u8, b: u8) -> u64 {
    LINE[a as usize & 63][b as usize & 63]
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
        assert_eq!(between(0, 63).count_ones(), 6);
        assert_eq!(line(0, 63), 0x8040_2010_0804_0201);
        // b1 and c3: not on one line.
        assert_eq!(between(1, 18), 0);
        assert_eq!(line(1, 18), 0);
        // Neighbours: nothing between, the rank as the line.
        assert_eq!(between(0, 1), 0);
        assert_eq!(line(0, 1), 0xFF);
        assert_eq!(knight(0), 1 << 10 | 1 << 17);
        assert_eq!(pawn(0, 12), 1 << 19 | 1 << 21);
        assert_eq!(pawn(1, 12), 1 << 3 | 1 << 5);
        assert_eq!(king(0).count_ones(), 3);
    }
}
