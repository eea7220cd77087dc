//! The ERAN parser: bytes in, one pass, no allocation, no panics.
//!
//! A straight-line fast path takes the common case, a regular move without
//! promotion; everything else goes through [`parse_rule_by_rule`], which
//! follows `docs/eran.ebnf` rule by rule and names the first byte that does
//! not fit. Its first byte decides between castling (`c`), en passant (`e`)
//! and a regular move (a piece letter), since no piece name starts with `c`
//! or `e`.

use super::{Eran, EranError, EranErrorKind, RegularMove, check_geometry};
use crate::{CastlingSide, File, PieceKind, Rank, Square};

type Result<T> = core::result::Result<T, EranError>;

#[inline]
const fn err<T>(kind: EranErrorKind, offset: usize) -> Result<T> {
    Err(EranError::new(kind, offset))
}

#[inline]
fn lower_at(s: &[u8], i: usize) -> Option<u8> {
    s.get(i).map(u8::to_ascii_lowercase)
}

/// Matches the lowercase `word` at `pos`, ignoring ASCII case: the offset
/// after it, or the offset of the first byte that differs (or is missing).
#[inline]
fn match_word(s: &[u8], pos: usize, word: &[u8]) -> core::result::Result<usize, usize> {
    for (i, &w) in word.iter().enumerate() {
        if lower_at(s, pos + i) != Some(w) {
            return Err(pos + i);
        }
    }
    Ok(pos + word.len())
}

/// A piece name, long or short, at `pos`: the kind and the offset after it,
/// or the offset of the first byte that does not fit.
///
/// The first two bytes decide: `pa`, `kn`, `bi`, `ro`, `qu`, `ki` start a
/// long name that must then be complete; otherwise a piece letter alone is
/// the short form (`N`, or `K` not followed by `n` or `i`).
#[inline]
fn piece_name(s: &[u8], pos: usize) -> core::result::Result<(PieceKind, usize), usize> {
    let kind = match lower_at(s, pos) {
        Some(b'p') => PieceKind::Pawn,
        Some(b'n') => PieceKind::Knight,
        Some(b'b') => PieceKind::Bishop,
        Some(b'r') => PieceKind::Rook,
        Some(b'q') => PieceKind::Queen,
        Some(b'k') => PieceKind::King,
        _ => return Err(pos),
    };
    let long: Option<(&[u8], PieceKind)> = match (kind, lower_at(s, pos + 1)) {
        (PieceKind::Pawn, Some(b'a')) => Some((b"pawn", PieceKind::Pawn)),
        (PieceKind::King, Some(b'n')) => Some((b"knight", PieceKind::Knight)),
        (PieceKind::King, Some(b'i')) => Some((b"king", PieceKind::King)),
        (PieceKind::Bishop, Some(b'i')) => Some((b"bishop", PieceKind::Bishop)),
        (PieceKind::Rook, Some(b'o')) => Some((b"rook", PieceKind::Rook)),
        (PieceKind::Queen, Some(b'u')) => Some((b"queen", PieceKind::Queen)),
        _ => None,
    };
    match long {
        Some((word, kind)) => match_word(s, pos, word).map(|end| (kind, end)),
        None => Ok((kind, pos + 1)),
    }
}

/// A square at `pos`, or the offset of the byte that is not a file or rank.
#[inline]
fn square(s: &[u8], pos: usize) -> core::result::Result<Square, usize> {
    let file = match lower_at(s, pos) {
        Some(b) => match File::from_ascii(b) {
            Some(file) => file,
            None => return Err(pos),
        },
        None => return Err(pos),
    };
    match s.get(pos + 1).and_then(|&b| Rank::from_ascii(b)) {
        Some(rank) => Ok(Square::new(file, rank)),
        None => Err(pos + 1),
    }
}

#[inline]
fn at_end(s: &[u8], end: usize) -> Result<()> {
    if end == s.len() {
        Ok(())
    } else {
        err(EranErrorKind::End, end)
    }
}

pub(super) fn parse(s: &[u8]) -> Result<Eran> {
    match fast_regular(s) {
        Some(eran) => Ok(eran),
        None => parse_rule_by_rule(s),
    }
}

/// The common case, a regular move without promotion, in straight-line
/// code: `None` sends everything else (and every error) to
/// [`parse_rule_by_rule`], which also says what went wrong where.
#[inline]
fn fast_regular(s: &[u8]) -> Option<Eran> {
    let b0 = *s.first()? | 0x20;
    let b1 = s.get(1).map_or(0, |&b| b | 0x20);
    // The piece name's lowercase bytes, packed little-endian, and length.
    let (piece, name, len) = match (b0, b1) {
        (b'p', b'a') => (PieceKind::Pawn, u64::from_le_bytes(*b"pawn\0\0\0\0"), 4),
        (b'k', b'n') => (PieceKind::Knight, u64::from_le_bytes(*b"knight\0\0"), 6),
        (b'b', b'i') => (PieceKind::Bishop, u64::from_le_bytes(*b"bishop\0\0"), 6),
        (b'r', b'o') => (PieceKind::Rook, u64::from_le_bytes(*b"rook\0\0\0\0"), 4),
        (b'q', b'u') => (PieceKind::Queen, u64::from_le_bytes(*b"queen\0\0\0"), 5),
        (b'k', b'i') => (PieceKind::King, u64::from_le_bytes(*b"king\0\0\0\0"), 4),
        (b'p', _) => (PieceKind::Pawn, 0, 1),
        (b'n', _) => (PieceKind::Knight, 0, 1),
        (b'b', _) => (PieceKind::Bishop, 0, 1),
        (b'r', _) => (PieceKind::Rook, 0, 1),
        (b'q', _) => (PieceKind::Queen, 0, 1),
        (b'k', _) => (PieceKind::King, 0, 1),
        _ => return None,
    };
    // The name, a space, two squares and `-` or `x`: nothing more.
    let [b' ', f1, r1, action, f2, r2] = *s.get(len..)? else {
        return None;
    };
    if len > 1 {
        // A long name: the input has at least 10 bytes. `| 0x20` maps a
        // byte onto a lowercase letter exactly when it is that letter in
        // either case.
        let head = u64::from_le_bytes(*s.first_chunk::<8>()?) | 0x2020_2020_2020_2020;
        let mask = (1u64 << (8 * len)) - 1;
        if head & mask != name {
            return None;
        }
    }
    let from = fast_square(f1, r1)?;
    let capture = match action | 0x20 {
        b'x' => true,
        _ if action == b'-' => false,
        _ => return None,
    };
    let to = fast_square(f2, r2)?;
    match RegularMove::new(piece, from, to, capture, None) {
        Ok(mv) => Some(Eran::Regular(mv)),
        Err(_) => None,
    }
}

/// A square from a file letter in either case and a rank digit.
#[inline]
fn fast_square(file: u8, rank: u8) -> Option<Square> {
    // `| 0x20` maps exactly `A`-`H` and `a`-`h` onto `a`-`h`.
    let file = (file | 0x20).wrapping_sub(b'a');
    let rank = rank.wrapping_sub(b'1');
    if file < 8 && rank < 8 {
        Square::from_index(rank * 8 + file)
    } else {
        None
    }
}

/// The parser proper: rule by rule along `docs/eran.ebnf`, with an error
/// for the first byte that does not fit.
fn parse_rule_by_rule(s: &[u8]) -> Result<Eran> {
    match lower_at(s, 0) {
        None => err(EranErrorKind::Move, 0),
        Some(b'c') => castling(s),
        Some(b'e') => en_passant(s),
        Some(_) => regular(s),
    }
}

fn castling(s: &[u8]) -> Result<Eran> {
    let short = match lower_at(s, 1) {
        Some(b'k') => Some(CastlingSide::KingSide),
        Some(b'q') => Some(CastlingSide::QueenSide),
        _ => None,
    };
    if let Some(side) = short {
        at_end(s, 2)?;
        return Ok(Eran::Castle(side));
    }
    let expected = |at| EranError::new(EranErrorKind::Castling, at);
    let p = match_word(s, 0, b"castling-").map_err(expected)?;
    let (word, side): (&[u8], _) = match lower_at(s, p) {
        Some(b'k') => (b"kingside", CastlingSide::KingSide),
        Some(b'q') => (b"queenside", CastlingSide::QueenSide),
        _ => return err(EranErrorKind::Castling, p),
    };
    let end = match_word(s, p, word).map_err(expected)?;
    at_end(s, end)?;
    Ok(Eran::Castle(side))
}

fn en_passant(s: &[u8]) -> Result<Eran> {
    let end = if lower_at(s, 1) == Some(b'p') {
        2
    } else {
        match_word(s, 0, b"en-passant")
            .map_err(|at| EranError::new(EranErrorKind::EnPassant, at))?
    };
    at_end(s, end)?;
    Ok(Eran::EnPassant)
}

fn regular(s: &[u8]) -> Result<Eran> {
    let (piece, mut p) = piece_name(s, 0).map_err(|at| {
        let kind = if at == 0 {
            EranErrorKind::Move
        } else {
            EranErrorKind::PieceName
        };
        EranError::new(kind, at)
    })?;
    if s.get(p) != Some(&b' ') {
        return err(EranErrorKind::SpaceAfterPiece, p);
    }
    p += 1;
    let from = square(s, p).map_err(|at| EranError::new(EranErrorKind::Origin, at))?;
    p += 2;
    let capture = match s.get(p) {
        Some(b'-') => false,
        Some(b'x' | b'X') => true,
        _ => return err(EranErrorKind::Action, p),
    };
    p += 1;
    let to_at = p;
    let to = square(s, p).map_err(|at| EranError::new(EranErrorKind::Destination, at))?;
    p += 2;
    check_geometry(piece, from, to, capture).map_err(|kind| EranError::new(kind, to_at))?;

    let is_pawn = matches!(piece, PieceKind::Pawn);
    let last = to.rank().is_back_rank();
    let promotion = if p == s.len() {
        if is_pawn && last {
            return err(EranErrorKind::MissingPromotion, p);
        }
        None
    } else {
        let marker_at = p + 1;
        if s[p] != b' ' {
            let kind = if is_pawn && last {
                EranErrorKind::MissingPromotion
            } else {
                EranErrorKind::End
            };
            return err(kind, p);
        }
        if !(is_pawn && last) {
            let looks_like_promotion = matches!(s.get(marker_at), Some(b'-' | b'>'));
            let kind = match (looks_like_promotion, is_pawn) {
                (false, _) => EranErrorKind::End,
                (true, false) => EranErrorKind::NonPawnPromotion,
                (true, true) => EranErrorKind::PromotionNotOnLastRank,
            };
            let at = if looks_like_promotion { marker_at } else { p };
            return err(kind, at);
        }
        p = match (s.get(marker_at), s.get(marker_at + 1)) {
            (Some(b'>'), _) => marker_at + 1,
            (Some(b'-'), Some(b'>')) => marker_at + 2,
            (Some(b'-'), _) => return err(EranErrorKind::PromotionMarker, marker_at + 1),
            _ => return err(EranErrorKind::PromotionMarker, marker_at),
        };
        let piece_at = p;
        let (kind, end) =
            piece_name(s, p).map_err(|at| EranError::new(EranErrorKind::PromotionPiece, at))?;
        if matches!(kind, PieceKind::King | PieceKind::Pawn) {
            return err(EranErrorKind::PromotionPiece, piece_at);
        }
        at_end(s, end)?;
        Some(kind)
    };
    Ok(Eran::Regular(RegularMove {
        piece,
        from,
        to,
        capture,
        promotion,
    }))
}
