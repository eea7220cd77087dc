//! The entry points and the general parser: every form, every leniency,
//! and the precise error.

use core::str::FromStr;

use super::fast::fast_path;
use super::{Annotation, Leniency, San, SanError, SanErrorKind, SanOptions, SanPlus, Suffix};
use crate::{CastlingSide, File, PieceKind, Rank, Square as CoreSquare, SquareSet};

/// A cursor over the input bytes.
struct Cursor<'a> {
    bytes: &'a [u8],
    pos: usize,
    options: SanOptions,
    used: SanOptions,
}

impl Cursor<'_> {
    /// Whether `leniency` is allowed; if so, records that it was used.
    #[inline]
    fn lenient(&mut self, leniency: Leniency) -> bool {
        let allowed = self.options.contains(leniency);
        if allowed {
            self.used = self.used.with(leniency);
        }
        allowed
    }

    #[inline(always)]
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    #[inline(always)]
    fn eat(&mut self, byte: u8) -> bool {
        if self.peek() == Some(byte) {
            self.pos += 1;
            true
        } else {
            false
        }
    }
}

impl SanPlus {
    /// Parses strict SAN from bytes (see [`SanOptions::STRICT`]).
    ///
    /// ```
    /// use chessnote::san::SanPlus;
    /// assert_eq!(SanPlus::from_ascii(b"R1a3+")?.to_string(), "R1a3+");
    /// # Ok::<(), chessnote::san::SanError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// A [`SanError`] naming what was wrong and at which byte, when `bytes`
    /// is not strict SAN.
    #[inline]
    pub fn from_ascii(bytes: &[u8]) -> Result<SanPlus, SanError> {
        SanPlus::from_ascii_with(bytes, SanOptions::STRICT)
    }

    /// Parses SAN from bytes with the leniencies of `options`.
    ///
    /// ```
    /// use chessnote::san::{SanOptions, SanPlus};
    /// let san = SanPlus::from_ascii_with(b"0-0+", SanOptions::SEED)?;
    /// assert_eq!(san.to_string(), "O-O+");
    /// # Ok::<(), chessnote::san::SanError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// A [`SanError`] naming what was wrong and at which byte, when `bytes`
    /// is not SAN with those leniencies.
    #[inline]
    pub fn from_ascii_with(bytes: &[u8], options: SanOptions) -> Result<SanPlus, SanError> {
        if let Some(san) = fast_path(bytes) {
            return Ok(san);
        }
        SanPlus::parse_general_value(bytes, options)
    }

    /// Parses SAN with the leniencies of `options`, and tells which of them
    /// the input needed (the empty set when it is strict SAN).
    ///
    /// ```
    /// use chessnote::san::{Leniency, SanOptions, SanPlus};
    ///
    /// let (san, used) = SanPlus::from_ascii_reporting(b"Pe7-e8Q", SanOptions::LENIENT)?;
    /// assert_eq!(san.to_string(), "e7e8=Q");
    /// assert_eq!(
    ///     used.iter().collect::<Vec<_>>(),
    ///     [Leniency::PawnSources, Leniency::PawnLetter, Leniency::PromotionWithoutEquals, Leniency::LanDash]
    /// );
    /// # Ok::<(), chessnote::san::SanError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// A [`SanError`] naming what was wrong and at which byte, when `bytes`
    /// is not SAN with those leniencies.
    #[inline]
    pub fn from_ascii_reporting(
        bytes: &[u8],
        options: SanOptions,
    ) -> Result<(SanPlus, SanOptions), SanError> {
        match fast_path(bytes) {
            Some(san) => Ok((san, SanOptions::STRICT)),
            None => SanPlus::parse_general(bytes, options),
        }
    }

    /// The leniencies beyond `options` that would read `bytes` as SAN, when
    /// reading it with `options` fails and some would: the fix a
    /// [`SanError`] can name (`--allow pawn-letter`). `None` when no
    /// leniency reads it or none is missing.
    ///
    /// ```
    /// use chessnote::san::{Leniency, SanOptions, SanPlus};
    /// let needed = SanPlus::leniencies_needed(b"Pe4", SanOptions::STRICT);
    /// assert_eq!(needed, Some(SanOptions::from(Leniency::PawnLetter)));
    /// assert_eq!(SanPlus::leniencies_needed(b"Zz9", SanOptions::STRICT), None);
    /// ```
    pub fn leniencies_needed(bytes: &[u8], options: SanOptions) -> Option<SanOptions> {
        if SanPlus::from_ascii_with(bytes, options).is_ok() {
            return None;
        }
        let (_, used) = SanPlus::from_ascii_reporting(bytes, SanOptions::LENIENT).ok()?;
        let more = used.difference(options);
        (!more.is_empty()).then_some(more)
    }

    /// Parses the SAN move at the start of `bytes`, with the leniencies of
    /// `options`, and says how many bytes it used. It stops where SAN's
    /// grammar ends: after the move, its `+` or `#` and its annotation (the
    /// longest of `!!`, `??`, `!?`, `?!`, `!`, `?`), and leaves it to the
    /// caller to decide whether the byte that follows may end a move (a
    /// space, `)`, `{`, …), as a PGN reader does. [`SanPlus::from_ascii_with`]
    /// accepts exactly the inputs this reads in full, with the same value.
    ///
    /// ```
    /// use chessnote::san::{Annotation, Leniency, SanOptions, SanPlus};
    ///
    /// let (san, used) = SanPlus::from_ascii_prefix(b"Nf3!? {a good move}", SanOptions::STRICT)?;
    /// assert_eq!((san.to_string().as_str(), used), ("Nf3!?", 5));
    /// assert_eq!(san.annotation, Some(Annotation::Speculative));
    /// assert_eq!(SanPlus::from_ascii_prefix(b"e4)", SanOptions::STRICT)?.1, 2);
    /// assert_eq!(SanPlus::from_ascii_prefix(b"O-O-O+ 1-0", SanOptions::STRICT)?.1, 6);
    /// let lax = SanOptions::STRICT.with(Leniency::EnPassantSuffix);
    /// assert_eq!(SanPlus::from_ascii_prefix(b"exd6e.p. Nf6", lax)?.1, 8);
    /// # Ok::<(), chessnote::san::SanError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// A [`SanError`] naming what was wrong and at which byte, when `bytes`
    /// does not start with a SAN move (or starts with one that needs a
    /// leniency `options` does not allow).
    pub fn from_ascii_prefix(
        bytes: &[u8],
        options: SanOptions,
    ) -> Result<(SanPlus, usize), SanError> {
        SanPlus::parse_prefix(bytes, options).map(|(san, _, end)| (san, end))
    }

    /// [`SanPlus::parse_general`] without the report, out of the fast path's
    /// way.
    #[inline(never)]
    fn parse_general_value(bytes: &[u8], options: SanOptions) -> Result<SanPlus, SanError> {
        SanPlus::parse_general(bytes, options).map(|(san, _)| san)
    }

    /// The general parser on a whole token: the prefix parser, then nothing
    /// may follow.
    pub(crate) fn parse_general(
        bytes: &[u8],
        options: SanOptions,
    ) -> Result<(SanPlus, SanOptions), SanError> {
        let (san, used, end) = SanPlus::parse_prefix(bytes, options)?;
        if end < bytes.len() {
            // Blame the byte after what could still begin an annotation.
            let after_suffix = end - san.annotation.map_or(0, |a| a.as_str().len());
            return Err(SanError::new(
                SanErrorKind::UnexpectedByte,
                trailing_offset(after_suffix, &bytes[after_suffix..]),
            ));
        }
        Ok((san, used))
    }

    /// The general parser: every form, every option, and the precise error;
    /// the value, the leniencies it used and where it ended.
    fn parse_prefix(
        bytes: &[u8],
        options: SanOptions,
    ) -> Result<(SanPlus, SanOptions, usize), SanError> {
        let mut cur = Cursor {
            bytes,
            pos: 0,
            options,
            used: SanOptions::STRICT,
        };
        let san = match cur.peek() {
            None => return Err(SanError::new(SanErrorKind::Empty, 0)),
            Some(b'O' | b'0') => parse_castling(&mut cur)?,
            Some(b'-' | b'Z') => parse_null(&mut cur)?,
            Some(b'@') => parse_drop(&mut cur, PieceKind::Pawn, 0)?,
            Some(letter) if at(bytes, 1) == b'@' => match PieceKind::from_upper_ascii(letter) {
                Some(kind) if kind != PieceKind::King => parse_drop(&mut cur, kind, 1)?,
                _ => return Err(SanError::new(SanErrorKind::UnexpectedByte, 0)),
            },
            Some(_) => parse_normal(&mut cur)?,
        };
        let suffix_at = cur.pos;
        let suffix = cur.peek().and_then(Suffix::from_ascii);
        cur.pos += usize::from(suffix.is_some());
        if san == San::Null && suffix.is_some() {
            // Passing cannot give check.
            return Err(SanError::new(SanErrorKind::UnexpectedByte, suffix_at));
        }
        let rest = &bytes[cur.pos..];
        let annotation = [2, 1]
            .into_iter()
            .find_map(|len| rest.get(..len).and_then(Annotation::from_ascii));
        cur.pos += annotation.map_or(0, |a| a.as_str().len());
        Ok((
            SanPlus {
                san,
                suffix,
                annotation,
            },
            cur.used,
            cur.pos,
        ))
    }
}

/// The offset to blame for trailing bytes that are not an annotation: the
/// first byte after the longest prefix that could still begin one.
fn trailing_offset(start: usize, rest: &[u8]) -> usize {
    start
        + rest
            .iter()
            .take(2)
            .take_while(|b| matches!(b, b'!' | b'?'))
            .count()
}

fn parse_castling(cur: &mut Cursor<'_>) -> Result<San, SanError> {
    let letter = cur.bytes[0];
    if letter == b'0' && !cur.lenient(Leniency::ZeroCastling) {
        return Err(SanError::new(SanErrorKind::ZeroCastling, 0));
    }
    cur.pos = 1;
    if !(cur.eat(b'-') && cur.eat(letter)) {
        return Err(SanError::new(SanErrorKind::ExpectedCastling, cur.pos));
    }
    if cur.peek() == Some(b'-') && cur.bytes.get(cur.pos + 1) == Some(&letter) {
        cur.pos += 2;
        Ok(San::Castle(CastlingSide::QueenSide))
    } else {
        Ok(San::Castle(CastlingSide::KingSide))
    }
}

fn parse_null(cur: &mut Cursor<'_>) -> Result<San, SanError> {
    let two = cur.bytes.get(..2);
    if two != Some(b"--") && two != Some(b"Z0") {
        return Err(SanError::new(
            if cur.bytes[0] == b'-' {
                SanErrorKind::UnexpectedByte
            } else {
                SanErrorKind::ExpectedSquare
            },
            0,
        ));
    }
    if !cur.lenient(Leniency::NullMove) {
        return Err(SanError::new(SanErrorKind::NullMove, 0));
    }
    cur.pos = 2;
    Ok(San::Null)
}

/// A drop whose `@` is at `at` (after the piece letter, or first for a
/// pawn).
fn parse_drop(cur: &mut Cursor<'_>, piece: PieceKind, at: usize) -> Result<San, SanError> {
    if !cur.lenient(Leniency::Drops) {
        return Err(SanError::new(SanErrorKind::Drop, 0));
    }
    let (file, rank) = square_at(cur.bytes, at + 1)?;
    let to = CoreSquare::new(file, rank);
    if piece == PieceKind::Pawn && rank.is_back_rank() {
        return Err(SanError::new(SanErrorKind::PawnDropOnBackRank, at + 1));
    }
    cur.pos = at + 3;
    Ok(San::Drop { piece, to })
}

/// A piece letter other than `P`.
#[inline(always)]
fn piece_letter(byte: u8) -> Option<PieceKind> {
    // One load from a table indexed by the byte.
    const TABLE: [Option<PieceKind>; 256] = {
        let mut table = [None; 256];
        table[b'N' as usize] = Some(PieceKind::Knight);
        table[b'B' as usize] = Some(PieceKind::Bishop);
        table[b'R' as usize] = Some(PieceKind::Rook);
        table[b'Q' as usize] = Some(PieceKind::Queen);
        table[b'K' as usize] = Some(PieceKind::King);
        table
    };
    TABLE[byte as usize]
}

/// The byte at `i`, or 0 (which no rule accepts) past the end.
#[inline(always)]
fn at(bytes: &[u8], i: usize) -> u8 {
    match bytes.get(i) {
        Some(&byte) => byte,
        None => 0,
    }
}

#[inline(always)]
fn file_at(bytes: &[u8], i: usize) -> Option<File> {
    File::from_ascii(at(bytes, i))
}

#[inline(always)]
fn rank_at(bytes: &[u8], i: usize) -> Option<Rank> {
    Rank::from_ascii(at(bytes, i))
}

/// Reads a destination square at `i`.
#[inline(always)]
fn square_at(bytes: &[u8], i: usize) -> Result<(File, Rank), SanError> {
    match (file_at(bytes, i), rank_at(bytes, i + 1)) {
        (Some(file), Some(rank)) => Ok((file, rank)),
        (Some(_), None) => Err(SanError::new(SanErrorKind::ExpectedRank, i + 1)),
        (None, _) => Err(SanError::new(SanErrorKind::ExpectedSquare, i)),
    }
}

#[inline]
fn parse_normal(cur: &mut Cursor<'_>) -> Result<San, SanError> {
    let bytes = cur.bytes;
    let (piece, source_at) = match piece_letter(bytes[0]) {
        Some(piece) => (piece, 1),
        None if bytes[0] == b'P' && cur.lenient(Leniency::PawnLetter) => (PieceKind::Pawn, 1),
        None => (PieceKind::Pawn, 0),
    };
    let i = source_at;
    let mut file = None;
    let mut rank = None;
    let mut capture = false;
    // The coordinates: `d7`, `bd7`, `1a3`, `b1d7`, each with an optional `x`
    // before the destination. Decide by the first two bytes.
    let (to_at, (to_file, to_rank)) = match (file_at(bytes, i), rank_at(bytes, i + 1)) {
        (Some(f), Some(r)) => {
            let next = at(bytes, i + 2);
            let dash =
                next == b'-' && file_at(bytes, i + 3).is_some() && cur.lenient(Leniency::LanDash);
            if next == b'x' || dash || File::from_ascii(next).is_some() {
                // A full source square.
                file = Some(f);
                rank = Some(r);
                capture = next == b'x';
                let to_at = i + 2 + usize::from(capture || dash);
                (to_at, square_at(bytes, to_at)?)
            } else {
                (i, (f, r))
            }
        }
        (Some(f), None) => {
            file = Some(f);
            capture = at(bytes, i + 1) == b'x';
            let to_at = i + 1 + usize::from(capture);
            if !capture && File::from_ascii(at(bytes, i + 1)).is_none() {
                return Err(SanError::new(SanErrorKind::ExpectedRank, i + 1));
            }
            (to_at, square_at(bytes, to_at)?)
        }
        (None, _) => {
            let mut j = i;
            if let Some(r) = rank_at(bytes, j) {
                rank = Some(r);
                j += 1;
            }
            capture = at(bytes, j) == b'x';
            if !capture && rank.is_none() {
                return Err(SanError::new(SanErrorKind::ExpectedSquare, j));
            }
            let to_at = j + usize::from(capture);
            (to_at, square_at(bytes, to_at)?)
        }
    };
    let to = CoreSquare::new(to_file, to_rank);
    let mut end = to_at + 2;
    let promotion_at = end;
    // Where the promotion letter is (after `=`, or right after the square).
    let mut letter_at = end + 1;
    let promotion = if at(bytes, end) == b'=' {
        match PieceKind::from_upper_ascii(at(bytes, end + 1)) {
            Some(kind) => {
                end += 2;
                Some(kind)
            }
            None => return Err(SanError::new(SanErrorKind::ExpectedPromotionPiece, end + 1)),
        }
    } else {
        match PieceKind::from_upper_ascii(at(bytes, end).to_ascii_uppercase()) {
            Some(kind) if cur.lenient(Leniency::PromotionWithoutEquals) => {
                letter_at = end;
                end += 1;
                Some(kind)
            }
            _ => None,
        }
    };
    for mark in [&b" e.p."[..], b"e.p."] {
        if bytes.get(end..end + mark.len()) == Some(mark) && cur.lenient(Leniency::EnPassantSuffix)
        {
            end += mark.len();
            break;
        }
    }
    cur.pos = end;

    // Checks that need no board.
    if piece == PieceKind::Pawn {
        let back_rank = to_rank.is_back_rank();
        match promotion {
            Some(PieceKind::King) if cur.lenient(Leniency::KingPromotion) => {}
            Some(kind) if !kind.is_promotion_target() => {
                return Err(SanError::new(
                    SanErrorKind::InvalidPromotionPiece,
                    letter_at,
                ));
            }
            Some(_) if !back_rank => {
                return Err(SanError::new(
                    SanErrorKind::PromotionNotOnLastRank,
                    promotion_at,
                ));
            }
            None if back_rank => return Err(SanError::new(SanErrorKind::MissingPromotion, to_at)),
            _ => {}
        }
        let unusual = (capture && file.is_none()) || rank.is_some() || (!capture && file.is_some());
        if unusual && !cur.lenient(Leniency::PawnSources) {
            if capture && file.is_none() {
                return Err(SanError::new(SanErrorKind::MissingCaptureFile, to_at - 1));
            }
            return Err(SanError::new(SanErrorKind::PawnSource, source_at));
        }
    } else if promotion.is_some() {
        return Err(SanError::new(
            SanErrorKind::PieceWithPromotion,
            promotion_at,
        ));
    }
    if file.is_some() || rank.is_some() {
        if let (Some(f), Some(r)) = (file, rank)
            && CoreSquare::new(f, r) == to
        {
            return Err(SanError::new(SanErrorKind::SameSquare, source_at));
        }
        if !reachable(piece, file, rank, to, capture) && !cur.lenient(Leniency::AnyGeometry) {
            return Err(SanError::new(SanErrorKind::Unreachable, source_at));
        }
    }
    Ok(San::Normal {
        piece,
        file,
        rank,
        capture,
        to,
        promotion,
    })
}

/// Whether a piece on a square matching the written source (file, rank or
/// both) could reach `to` on an empty board, as either color.
fn reachable(
    piece: PieceKind,
    file: Option<File>,
    rank: Option<Rank>,
    to: CoreSquare,
    capture: bool,
) -> bool {
    let files = file.map_or(SquareSet::FULL, SquareSet::file);
    let ranks = rank.map_or(SquareSet::FULL, SquareSet::rank);
    (files & ranks)
        .iter()
        .any(|from| piece.empty_board_reach(from, capture).contains(to))
}

impl San {
    /// Parses strict SAN without suffix or annotation.
    ///
    /// ```
    /// use chessnote::san::San;
    /// assert!(San::from_ascii(b"Nf3").is_ok());
    /// assert!(San::from_ascii(b"Nf3+").is_err());
    /// ```
    ///
    /// # Errors
    ///
    /// A [`SanError`] naming what was wrong and at which byte, when `bytes`
    /// is not strict SAN without suffix or annotation.
    pub fn from_ascii(bytes: &[u8]) -> Result<San, SanError> {
        San::from_ascii_with(bytes, SanOptions::STRICT)
    }

    /// Parses SAN without suffix or annotation, with the leniencies of `options`.
    ///
    /// ```
    /// use chessnote::san::{San, SanOptions};
    /// assert!(San::from_ascii_with(b"0-0", SanOptions::SEED).is_ok());
    /// ```
    ///
    /// # Errors
    ///
    /// A [`SanError`] naming what was wrong and at which byte, when `bytes`
    /// is not SAN without suffix or annotation with those leniencies.
    pub fn from_ascii_with(bytes: &[u8], options: SanOptions) -> Result<San, SanError> {
        let plus = SanPlus::from_ascii_with(bytes, options)?;
        if plus.suffix.is_some() || plus.annotation.is_some() {
            let end = bytes
                .iter()
                .position(|b| matches!(b, b'+' | b'#' | b'!' | b'?'));
            return Err(SanError::new(
                SanErrorKind::UnexpectedByte,
                end.unwrap_or(bytes.len()),
            ));
        }
        Ok(plus.san)
    }

    /// Whether the move is written as a capture.
    ///
    /// ```
    /// use chessnote::san::San;
    /// assert!("Bxe5".parse::<San>()?.is_capture());
    /// # Ok::<(), chessnote::san::SanError>(())
    /// ```
    pub const fn is_capture(&self) -> bool {
        matches!(self, San::Normal { capture: true, .. })
    }
}

impl FromStr for San {
    type Err = SanError;

    fn from_str(s: &str) -> Result<San, SanError> {
        San::from_ascii(s.as_bytes())
    }
}

impl FromStr for SanPlus {
    type Err = SanError;

    fn from_str(s: &str) -> Result<SanPlus, SanError> {
        SanPlus::from_ascii(s.as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    fn strict(s: &str) -> Result<SanPlus, SanError> {
        SanPlus::from_ascii(s.as_bytes())
    }

    #[test]
    fn strict_san_round_trips() {
        for s in [
            "e4",
            "exd5",
            "Nf3",
            "Nbd7",
            "R1a3",
            "Qh4e1",
            "exd8=Q#",
            "O-O",
            "O-O-O+",
            "Kxe2",
            "bxa1=N",
            "e1=R",
            "Nf3!?",
            "e4??",
            "Bb5+!",
            "gxh8=B#?!",
        ] {
            assert_eq!(strict(s).map(|v| v.to_string()), Ok(s.to_string()), "{s}");
        }
    }

    #[test]
    fn strict_rejections_name_kind_and_byte() {
        use SanErrorKind::*;
        for (s, kind, at) in [
            ("", Empty, 0),
            ("N", ExpectedSquare, 1),
            ("Nf", ExpectedRank, 2),
            ("Nfx", ExpectedSquare, 3),
            ("e9", ExpectedRank, 1),
            ("e8", MissingPromotion, 0),
            ("e7=Q", PromotionNotOnLastRank, 2),
            ("e8=K", InvalidPromotionPiece, 3),
            ("e8=", ExpectedPromotionPiece, 3),
            ("Ne8=Q", PieceWithPromotion, 3),
            ("0-0", ZeroCastling, 0),
            ("O-0", ExpectedCastling, 2),
            ("O-", ExpectedCastling, 2),
            ("O-O-", UnexpectedByte, 3),
            ("e4 ", UnexpectedByte, 2),
            ("e4!!!", UnexpectedByte, 4),
            ("e4+#", UnexpectedByte, 3),
            ("Nf3f3", SameSquare, 1),
            ("de4", PawnSource, 0),
            ("e2e4", PawnSource, 0),
            ("xe4", MissingCaptureFile, 0),
            ("exe5", Unreachable, 0),
            ("Ne2f3", Unreachable, 1),
            ("Ke1g1", Unreachable, 1),
            ("Pe4", ExpectedSquare, 0),
            ("--", NullMove, 0),
        ] {
            let err = strict(s).unwrap_err();
            assert_eq!((err.kind(), err.offset()), (kind, at), "{s}");
        }
    }

    #[test]
    fn geometry_check_on_an_empty_board() {
        assert!(strict("Nbc3").is_ok());
        assert!(strict("Nb1c3").is_ok());
        assert!(strict("Nb2c3").is_err());
        assert!(strict("Bb2c4").is_err());
        assert!(strict("Bb2a3").is_ok());
        assert!(strict("R1a3").is_ok());
        assert!(strict("Rb1a3").is_err());
        assert!(strict("Qb2a3").is_ok());
        assert!(strict("Qb1a3").is_err());
        assert!(strict("Kd1e2").is_ok());
        assert!(strict("exf6").is_ok());
        assert!(strict("axh3").is_err());
    }
}
