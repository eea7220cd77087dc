//! Perft: the number of leaf nodes of the legal-move tree.

use chessnote::position::{Position, VariantPosition};

/// The number of leaf nodes of the legal-move tree of `position`, `depth`
/// plies deep, listing the moves at every ply (1 at depth 0).
///
/// ```
/// use chessnote::position::{Position, VariantPosition};
///
/// assert_eq!(chessnote_testdata::perft(&Position::new(), 2), 400);
/// ```
pub fn perft(position: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = position.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|&m| {
            let mut next = position.clone();
            next.play_unchecked(m);
            perft(&next, depth - 1)
        })
        .sum()
}

/// [`perft`] with bulk counting at the last ply (the moves are counted, not
/// listed), as cozy-chess's and shakmaty's perft do.
///
/// ```
/// use chessnote::position::{Position, VariantPosition};
///
/// assert_eq!(chessnote_testdata::perft_bulk(&Position::new(), 3), 8902);
/// ```
pub fn perft_bulk(position: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => position.count_legal_moves() as u64,
        _ => position
            .legal_moves()
            .iter()
            .map(|&m| {
                let mut next = position.clone();
                next.play_unchecked(m);
                perft_bulk(&next, depth - 1)
            })
            .sum(),
    }
}

/// [`perft`] in a variant: the leaf nodes of `position`'s legal-move tree
/// by its variant's rules, listing the moves at every ply.
///
/// ```
/// use chessnote::Variant;
/// use chessnote::position::VariantPosition;
///
/// assert_eq!(chessnote_testdata::variant_perft(&VariantPosition::new(Variant::Horde), 2), 128);
/// ```
pub fn variant_perft(position: &VariantPosition, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = position.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|&m| {
            let mut next = position.clone();
            next.play_unchecked(m);
            variant_perft(&next, depth - 1)
        })
        .sum()
}
