//! The ERAN parser: bytes in, one pass, no allocation, no panics.
//!
//! Both parsers read one move at the start of the input and say where it
//! ends; [`parse`] then requires the input to end there. A straight-line
//! fast path takes the common case, a regular move without promotion;
//! everything else goes through [`parse_rule_by_rule`], which follows
//! `docs/eran.ebnf` rule by rule and names the first byte that does not
//! fit. Its first byte decides between castling (`c`), en passant (`e`)
//! and a regular move or a drop (a piece letter), since no piece name
//! starts with `c` or `e`; after the piece and its space, `@` starts a
//! drop's square and a file an origin.

use super::{DropMove, Eran, EranError, EranErrorKind, RegularMove, check_geometry};
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
    // The second byte of each long name tells it from the letter alone.
    let long = match (kind, lower_at(s, pos + 1)) {
        (PieceKind::Pawn, Some(b'a')) => Some(PieceKind::Pawn),
        (PieceKind::King, Some(b'n')) => Some(PieceKind::Knight),
        (PieceKind::King, Some(b'i')) => Some(PieceKind::King),
        (PieceKind::Bishop, Some(b'i')) => Some(PieceKind::Bishop),
        (PieceKind::Rook, Some(b'o')) => Some(PieceKind::Rook),
        (PieceKind::Queen, Some(b'u')) => Some(PieceKind::Queen),
        _ => None,
    };
    match long {
        Some(kind) => match_word(s, pos, kind.lower_name().as_bytes()).map(|end| (kind, end)),
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

/// Parses a whole move: the move at the start of `s`, which must then end.
pub(super) fn parse(s: &[u8]) -> Result<Eran> {
    if let Some((eran, end)) = fast_prefix(s)
        && end == s.len()
    {
        return Ok(eran);
    }
    let (eran, end) = parse_rule_by_rule(s)?;
    if end == s.len() {
        Ok(eran)
    } else {
        Err(trailing(s, eran, end))
    }
}

/// Parses the move at the start of `s`: the move and the offset after it.
pub(super) fn parse_prefix(s: &[u8]) -> Result<(Eran, usize)> {
    match fast_prefix(s) {
        Some(found) => Ok(found),
        None => parse_rule_by_rule(s),
    }
}

/// Whether the fast path and the rule-by-rule parser agree on `s`, as a
/// prefix and as a whole move.
pub(super) fn fast_path_agrees(s: &[u8]) -> bool {
    let careful = parse_rule_by_rule(s);
    let prefix_agrees = fast_prefix(s).is_none_or(|fast| careful == Ok(fast));
    let whole = careful.and_then(|(eran, end)| {
        if end == s.len() {
            Ok(eran)
        } else {
            Err(trailing(s, eran, end))
        }
    });
    prefix_agrees && parse(s) == whole
}

/// The error for the bytes at `end` after a complete move `eran` at the
/// start of `s`: a promotion where there can be none is named as such,
/// anything else is [`EranErrorKind::End`].
fn trailing(s: &[u8], eran: Eran, end: usize) -> EranError {
    let marker_at = end + 1;
    let looks_like_promotion =
        s.get(end) == Some(&b' ') && matches!(s.get(marker_at), Some(b'-' | b'>'));
    match eran {
        Eran::Regular(mv) if looks_like_promotion && mv.promotion.is_none() => {
            let kind = if matches!(mv.piece, PieceKind::Pawn) {
                EranErrorKind::PromotionNotOnLastRank
            } else {
                EranErrorKind::NonPawnPromotion
            };
            EranError::new(kind, marker_at)
        }
        _ => EranError::new(EranErrorKind::End, end),
    }
}

/// The lowercase long name of each piece, packed little-endian into a
/// `u64` (every name has at most 8 bytes), by `PieceKind as usize`.
const LONG_NAMES: [u64; 6] = {
    let mut names = [0; 6];
    let mut i = 0;
    while i < PieceKind::ALL.len() {
        let kind = PieceKind::ALL[i];
        let name = kind.lower_name().as_bytes();
        let mut bytes = [0u8; 8];
        let mut j = 0;
        while j < name.len() {
            bytes[j] = name[j];
            j += 1;
        }
        names[kind as usize] = u64::from_le_bytes(bytes);
        i += 1;
    }
    names
};

/// The common case, a regular move without promotion, in straight-line
/// code, at the start of `s`: the move and the offset after it. `None`
/// sends everything else (and every error) to [`parse_rule_by_rule`],
/// which also says what went wrong where.
#[inline]
fn fast_prefix(s: &[u8]) -> Option<(Eran, usize)> {
    let b0 = *s.first()? | 0x20;
    let b1 = s.get(1).map_or(0, |&b| b | 0x20);
    // The piece, and whether its long name is written.
    let (piece, long) = match (b0, b1) {
        (b'p', b'a') => (PieceKind::Pawn, true),
        (b'k', b'n') => (PieceKind::Knight, true),
        (b'b', b'i') => (PieceKind::Bishop, true),
        (b'r', b'o') => (PieceKind::Rook, true),
        (b'q', b'u') => (PieceKind::Queen, true),
        (b'k', b'i') => (PieceKind::King, true),
        (b'p', _) => (PieceKind::Pawn, false),
        (b'n', _) => (PieceKind::Knight, false),
        (b'b', _) => (PieceKind::Bishop, false),
        (b'r', _) => (PieceKind::Rook, false),
        (b'q', _) => (PieceKind::Queen, false),
        (b'k', _) => (PieceKind::King, false),
        _ => return None,
    };
    let (name, len) = if long {
        (LONG_NAMES[piece as usize], piece.lower_name().len())
    } else {
        (0, 1)
    };
    // The name, then a space, two squares and `-` or `x`.
    let [b' ', f1, r1, action, f2, r2] = *s.get(len..)?.first_chunk::<6>()? else {
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
    // A pawn reaching the last rank needs its promotion: not a fast case.
    match RegularMove::new(piece, from, to, capture, None) {
        Ok(mv) => Some((Eran::Regular(mv), len + 6)),
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
/// for the first byte that does not fit. It reads one move at the start of
/// `s` and gives it with the offset after it; what follows is the caller's.
fn parse_rule_by_rule(s: &[u8]) -> Result<(Eran, usize)> {
    match lower_at(s, 0) {
        None => err(EranErrorKind::Move, 0),
        Some(b'c') => castling(s),
        Some(b'e') => en_passant(s),
        Some(_) => regular(s),
    }
}

fn castling(s: &[u8]) -> Result<(Eran, usize)> {
    let short = match lower_at(s, 1) {
        Some(b'k') => Some(CastlingSide::KingSide),
        Some(b'q') => Some(CastlingSide::QueenSide),
        _ => None,
    };
    if let Some(side) = short {
        return Ok((Eran::Castle(side), 2));
    }
    let expected = |at| EranError::new(EranErrorKind::Castling, at);
    let p = match_word(s, 0, b"castling-").map_err(expected)?;
    let side = match lower_at(s, p) {
        Some(b'k') => CastlingSide::KingSide,
        Some(b'q') => CastlingSide::QueenSide,
        _ => return err(EranErrorKind::Castling, p),
    };
    let end = match_word(s, p, side.name().as_bytes()).map_err(expected)?;
    Ok((Eran::Castle(side), end))
}

fn en_passant(s: &[u8]) -> Result<(Eran, usize)> {
    let end = if lower_at(s, 1) == Some(b'p') {
        2
    } else {
        match_word(s, 0, b"en-passant")
            .map_err(|at| EranError::new(EranErrorKind::EnPassant, at))?
    };
    Ok((Eran::EnPassant, end))
}

fn regular(s: &[u8]) -> Result<(Eran, usize)> {
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
    if s.get(p) == Some(&b'@') {
        return drop_move(s, piece, p + 1);
    }
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

    // A pawn reaching the last rank must promote: ` ->Queen`, ` >Q`, …
    // Any other move ends here.
    let promotion = if matches!(piece, PieceKind::Pawn) && to.rank().is_back_rank() {
        if s.get(p) != Some(&b' ') {
            return err(EranErrorKind::MissingPromotion, p);
        }
        let marker_at = p + 1;
        p = match (s.get(marker_at), s.get(marker_at + 1)) {
            (Some(b'>'), _) => marker_at + 1,
            (Some(b'-'), Some(b'>')) => marker_at + 2,
            (Some(b'-'), _) => return err(EranErrorKind::PromotionMarker, marker_at + 1),
            _ => return err(EranErrorKind::PromotionMarker, marker_at),
        };
        let piece_at = p;
        let (kind, end) =
            piece_name(s, p).map_err(|at| EranError::new(EranErrorKind::PromotionPiece, at))?;
        if matches!(kind, PieceKind::Pawn) {
            return err(EranErrorKind::PromotionPiece, piece_at);
        }
        p = end;
        Some(kind)
    } else {
        None
    };
    Ok((
        Eran::Regular(RegularMove {
            piece,
            from,
            to,
            capture,
            promotion,
        }),
        p,
    ))
}

/// A drop's square at `at`, after the piece and `@`: `Knight @f3`.
fn drop_move(s: &[u8], piece: PieceKind, at: usize) -> Result<(Eran, usize)> {
    let to = square(s, at).map_err(|at| EranError::new(EranErrorKind::Destination, at))?;
    // The piece is named at byte 0; a pawn's error is its square's.
    let drop = DropMove::new(piece, to).map_err(|kind| {
        let offset = if kind == EranErrorKind::DropPiece {
            0
        } else {
            at
        };
        EranError::new(kind, offset)
    })?;
    Ok((Eran::Drop(drop), at + 2))
}
