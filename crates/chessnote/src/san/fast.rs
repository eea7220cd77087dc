//! The table-driven fast path: the common shapes of real moves, read with
//! one table lookup and no branch on the shape.

use super::{San, SanOptions, SanPlus, Suffix};
use crate::{CastlingSide, File, PieceKind, Square as CoreSquare};

/// The common shapes of real moves, accepted by every option set: `e4`,
/// `Nf3`, `exd5`, `Nxe5`, `Nbd7`, `O-O`, `O-O-O`, each with an optional `+`
/// or `#`. `None` sends the input to the general parser, which accepts the
/// same values (a property test checks it) and also everything else.
///
/// Which of those shapes a token has is the least predictable thing about
/// it, so the fast path does not branch on it: one table lookup, keyed by
/// the length and the classes of the first two bytes, gives the shape's
/// fields and the checks still to make, and the checks are combined with
/// bit operations. Only the rare cases branch: a suffix, a long token
/// (castling, promotions, ranks written), a rejection.
#[inline(always)]
pub(crate) fn fast_path(bytes: &[u8]) -> Option<SanPlus> {
    let &last = bytes.last()?;
    // `#` is `+` with bit 3 clear: one comparison finds either.
    let (body, suffix) = if last | 8 == b'+' {
        let suffix = if last == b'+' {
            Suffix::Check
        } else {
            Suffix::Checkmate
        };
        (&bytes[..bytes.len() - 1], Some(suffix))
    } else {
        (bytes, None)
    };
    let n = body.len();
    // The bytes before the destination square: none, a piece, or two.
    let head = n.wrapping_sub(2);
    if head > 2 {
        return fast_castle(body, suffix);
    }
    let (first, second) = (body[0], body[1]);
    let (to_file, to_rank) = (body[n - 2], body[n - 1]);
    let shape = SHAPES[usize::from(
        (head as u8) << 6 | BYTE_CLASS[usize::from(first)] << 3 | BYTE_CLASS[usize::from(second)],
    )];
    let file = to_file.wrapping_sub(b'a');
    let rank = to_rank.wrapping_sub(b'1');
    // The written source file, if any: the first byte or the second.
    let source = first ^ ((first ^ second) & shape.source_is_second);
    let distance = source.wrapping_sub(to_file).wrapping_add(2);
    let ok = ((file | rank) < 8)
        & (shape.distances >> (distance & 63) & 1 != 0)
        & (shape.ranks >> (rank & 7) & 1 != 0);
    if !ok {
        return fast_castle(body, suffix);
    }
    Some(SanPlus {
        san: San::Normal {
            piece: shape.piece,
            file: if shape.has_file {
                File::new(source.wrapping_sub(b'a') & 7)
            } else {
                None
            },
            rank: None,
            capture: shape.capture,
            to: CoreSquare::from_index_masked(rank << 3 | file),
            promotion: None,
        },
        suffix,
        annotation: None,
    })
}

/// The fast path's castling, out of the way of the moves.
#[inline(never)]
fn fast_castle(body: &[u8], suffix: Option<Suffix>) -> Option<SanPlus> {
    match body {
        b"O-O" => Some(castle(CastlingSide::KingSide, suffix)),
        b"O-O-O" => Some(castle(CastlingSide::QueenSide, suffix)),
        _ => None,
    }
}

/// A byte's class for the fast path: `0..=4` the piece letters `N B R Q K`
/// (in [`PieceKind`] order), 5 a file letter, 6 `x`, 7 anything else.
const BYTE_CLASS: [u8; 256] = {
    let mut table = [7; 256];
    let mut i = 0;
    while i < 5 {
        table[PieceKind::ALL[i + 1].char() as usize] = i as u8;
        i += 1;
    }
    let mut file = b'a';
    while file <= b'h' {
        table[file as usize] = 5;
        file += 1;
    }
    table[b'x' as usize] = 6;
    table
};

/// What a fast-path shape means and what it still requires.
#[derive(Copy, Clone)]
struct Shape {
    piece: PieceKind,
    capture: bool,
    /// Whether a source file is written.
    has_file: bool,
    /// Where the source file is: `0x00` the first byte, `0xff` the second
    /// (a mask, so that choosing costs no branch).
    source_is_second: u8,
    /// Bit `r` set: the destination may be on rank index `r`; 0 rejects
    /// the shape.
    ranks: u8,
    /// Bit `source - destination + 2` (wrapping, as files) set: that file
    /// distance is allowed.
    distances: u64,
}

/// The fast-path shapes, keyed by `head << 6 | class(first) << 3 |
/// class(second)` where `head` is the number of bytes before the
/// destination square (see [`BYTE_CLASS`]).
///
/// ```text
///  bit   7   6   5   4   3   2   1   0
///      +-------+-----------+-----------+
///      | head  |  class of |  class of |    class: 0-4 N B R Q K
///      | 0..=2 |  byte 0   |  byte 1   |           5 file a-h
///      +-------+-----------+-----------+           6 `x`, 7 other
///
///  head 0  `e4`    ->  pawn push (bytes 0 and 1 are the square)
///  head 1  `Nf3`   ->  piece letter, then the square
///  head 2  `Nxe5`  ->  letter + `x`     `exd5` -> file + `x`
///          `Nbd7`  ->  letter + file (knight, rook, queen)
/// ```
///
/// Keys with head 3 (never produced: longer bodies go to castling) and
/// every key no rule names hold a shape that rejects.
const SHAPES: [Shape; 256] = {
    const REJECT: Shape = Shape {
        piece: PieceKind::Pawn,
        capture: false,
        has_file: false,
        source_is_second: 0,
        ranks: 0,
        distances: u64::MAX,
    };
    const FILE: u8 = 5;
    const TAKES: u8 = 6;
    // A pawn needs a promotion on the first and last ranks.
    const PAWN_RANKS: u8 = 0b0111_1110;
    // Files one apart, either way: distance + 2 is 1 or 3.
    const ADJACENT: u64 = 0b01010;
    // Files one or two apart (a knight's source file): 0, 1, 3 or 4.
    const KNIGHT: u64 = 0b11011;
    let mut table = [REJECT; 256];
    let mut key = 0;
    while key < 256 {
        let (head, first, second) = (key >> 6, (key >> 3 & 7) as u8, (key & 7) as u8);
        // The piece a letter names (a pawn for the other classes, unused).
        let letter = first < 5;
        let piece = PieceKind::ALL[if letter { first as usize + 1 } else { 0 }];
        let mut shape = REJECT;
        match (head, second) {
            // `e4`
            (0, _) => shape.ranks = PAWN_RANKS,
            // `Nf3`
            (1, _) if letter => {
                shape.piece = piece;
                shape.ranks = u8::MAX;
            }
            // `Nxe5`
            (2, TAKES) if letter => {
                shape.piece = piece;
                shape.capture = true;
                shape.ranks = u8::MAX;
            }
            // `exd5`
            (2, TAKES) if first == FILE => {
                shape.capture = true;
                shape.has_file = true;
                shape.ranks = PAWN_RANKS;
                shape.distances = ADJACENT;
            }
            // `Nbd7`, `Rad1`, `Qhe5`: a knight, rook or queen with its
            // source file (a bishop's or a king's is rare enough to leave
            // to the general parser).
            (2, FILE)
                if letter
                    && matches!(
                        piece,
                        PieceKind::Knight | PieceKind::Rook | PieceKind::Queen
                    ) =>
            {
                shape.piece = piece;
                shape.has_file = true;
                shape.source_is_second = u8::MAX;
                shape.ranks = u8::MAX;
                if matches!(piece, PieceKind::Knight) {
                    shape.distances = KNIGHT;
                }
            }
            _ => {}
        }
        table[key] = shape;
        key += 1;
    }
    table
};

#[inline(always)]
fn castle(side: CastlingSide, suffix: Option<Suffix>) -> SanPlus {
    SanPlus {
        san: San::Castle(side),
        suffix,
        annotation: None,
    }
}

/// Whether the fast path and the general parser agree on `bytes` (for the
/// property tests; not part of the stable API).
#[doc(hidden)]
pub fn fast_path_agrees(bytes: &[u8]) -> bool {
    match fast_path(bytes) {
        None => true,
        Some(fast) => [SanOptions::STRICT, SanOptions::SEED]
            .iter()
            .all(|&options| {
                SanPlus::parse_general(bytes, options) == Ok((fast, SanOptions::STRICT))
            }),
    }
}
