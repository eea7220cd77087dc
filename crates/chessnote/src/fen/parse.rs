//! The one-pass FEN parser: a fast placement parser backed by a careful
//! one that says where and why, then the other fields.

use core::str::FromStr;

use super::{FenError, FenErrorKind, FenField, FenLeniency, FenOptions};
use crate::{
    Board, Castling, CastlingRight, CastlingSide, Color, File, Piece, Rank, Setup, Square,
};

/// The leniencies a parse allows, and those it used so far.
#[derive(Copy, Clone)]
pub(crate) struct Leniencies {
    allowed: FenOptions,
    used: FenOptions,
}

impl Leniencies {
    #[inline(always)]
    pub(crate) const fn new(allowed: FenOptions) -> Leniencies {
        Leniencies {
            allowed,
            used: FenOptions::STRICT,
        }
    }

    /// Called where strict FEN is broken: whether `leniency` is allowed, and
    /// if so, records that it was used.
    #[inline(always)]
    pub(crate) fn allows(&mut self, leniency: FenLeniency) -> bool {
        let allowed = self.allowed.contains(leniency);
        if allowed {
            self.used = self.used.with(leniency);
        }
        allowed
    }

    /// The leniencies used so far.
    #[inline(always)]
    pub(crate) const fn used(&self) -> FenOptions {
        self.used
    }
}

/// Byte classes of the placement field: 0 = invalid, 1..=8 = digit,
/// 9 = `/`, 10 = space, 16 + piece index = a piece letter.
const CLASS: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut d = 1;
    while d <= 8 {
        table[b'0' as usize + d] = d as u8;
        d += 1;
    }
    table[b'/' as usize] = 9;
    table[b' ' as usize] = 10;
    let letters = *b"PNBRQKpnbrqk";
    let mut i = 0;
    while i < 12 {
        table[letters[i] as usize] = 16 + i as u8;
        i += 1;
    }
    table
};

const PIECES: [Option<Piece>; 12] = {
    let letters = *b"PNBRQKpnbrqk";
    let mut out = [None; 12];
    let mut i = 0;
    while i < 12 {
        out[i] = Piece::from_ascii(letters[i]);
        i += 1;
    }
    out
};

const EXPECT_SQUARE: &str = "a piece letter, a digit 1-8, `/` or a space";

#[cold]
#[inline(never)]
fn err(field: FenField, offset: usize, kind: FenErrorKind) -> FenError {
    FenError::new(field, offset, kind)
}

#[cold]
#[inline(never)]
fn unexpected(bytes: &[u8], pos: usize, field: FenField, expected: &'static str) -> FenError {
    match bytes.get(pos) {
        Some(&found) => err(field, pos, FenErrorKind::UnexpectedByte { found, expected }),
        None => err(field, pos, FenErrorKind::UnexpectedEnd { expected }),
    }
}

/// Parses the placement field from `pos`; returns the board and the offset
/// of the byte after it (a space, or the end of the input). The careful
/// version, which finds the first fault.
#[cold]
#[inline(never)]
fn parse_placement(
    bytes: &[u8],
    mut pos: usize,
    cx: &mut Leniencies,
) -> Result<(Board, usize), FenError> {
    let mut board = Board::EMPTY;
    // Index of the next square: rank 8 first, so the square of (rank, file)
    // is (7 - row) * 8 + file.
    let mut row: usize = 0;
    let mut file: usize = 0;
    let mut prev_digit = false;
    loop {
        let Some(&byte) = bytes.get(pos) else {
            return Err(if file == 0 && row > 0 {
                err(
                    FenField::Placement,
                    pos,
                    FenErrorKind::UnexpectedEnd { expected: "a rank" },
                )
            } else {
                err(
                    FenField::Placement,
                    pos,
                    FenErrorKind::UnexpectedEnd {
                        expected: EXPECT_SQUARE,
                    },
                )
            });
        };
        let class = CLASS[byte as usize];
        if class >= 16 {
            if file >= 8 {
                return Err(err(
                    FenField::Placement,
                    pos,
                    FenErrorKind::RankTooLong {
                        squares: file as u8 + 1,
                    },
                ));
            }
            board.0[(7 - row) * 8 + file] = PIECES[(class - 16) as usize];
            file += 1;
            prev_digit = false;
        } else if (1..=8).contains(&class) {
            if prev_digit && !cx.allows(FenLeniency::AdjacentDigits) {
                return Err(err(FenField::Placement, pos, FenErrorKind::AdjacentDigits));
            }
            file += class as usize;
            if file > 8 {
                return Err(err(
                    FenField::Placement,
                    pos,
                    FenErrorKind::RankTooLong {
                        squares: file as u8,
                    },
                ));
            }
            prev_digit = true;
        } else if class == 9 || class == 10 {
            if file != 8 {
                let kind = if file == 0 {
                    FenErrorKind::EmptyRank
                } else {
                    FenErrorKind::RankTooShort {
                        squares: file as u8,
                    }
                };
                return Err(err(FenField::Placement, pos, kind));
            }
            if class == 10 {
                if row != 7 {
                    return Err(err(
                        FenField::Placement,
                        pos,
                        FenErrorKind::TooFewRanks {
                            ranks: row as u8 + 1,
                        },
                    ));
                }
                return Ok((board, pos));
            }
            if row == 7 {
                return Err(err(FenField::Placement, pos, FenErrorKind::TooManyRanks));
            }
            row += 1;
            file = 0;
            prev_digit = false;
        } else {
            return Err(err(
                FenField::Placement,
                pos,
                FenErrorKind::UnexpectedByte {
                    found: byte,
                    expected: EXPECT_SQUARE,
                },
            ));
        }
        pos += 1;
    }
}

/// One entry of the fast placement table: what a byte puts on the board,
/// how many squares it covers, and what it is.
#[derive(Copy, Clone)]
struct Entry {
    piece: Option<Piece>,
    advance: u8,
    /// `DIGIT`, `SLASH` or `INVALID`.
    flags: u8,
}

const DIGIT: u8 = 1;
const SLASH: u8 = 2;
const INVALID: u8 = 4;

const ENTRIES: [Entry; 256] = {
    let mut table = [Entry {
        piece: None,
        advance: 0,
        flags: INVALID,
    }; 256];
    let mut i = 0;
    while i < 256 {
        let class = CLASS[i];
        if class >= 16 {
            table[i] = Entry {
                piece: PIECES[(class - 16) as usize],
                advance: 1,
                flags: 0,
            };
        } else if 1 <= class && class <= 8 {
            table[i] = Entry {
                piece: None,
                advance: class,
                flags: DIGIT,
            };
        } else if class == 9 {
            table[i] = Entry {
                piece: None,
                advance: 0,
                flags: SLASH,
            };
        }
        i += 1;
    }
    table
};

/// The placement field, fast: one table lookup and no unpredictable branch
/// per byte; every check is folded into one flag. Not accepted when the
/// flag is up (a fault, or anything strict FEN does not allow, such as two
/// digits in a row): the careful [`parse_placement`] then says where and
/// why, or which leniency it used.
///
/// Returns the board, the offset of the space after the field, and whether
/// the fast path accepted the field (only then are the first two
/// meaningful): a flag rather than an `Option`, so that the board is not
/// moved into one and out again on every parse.
#[inline(always)]
fn placement_scan(bytes: &[u8]) -> (Board, usize, bool) {
    let mut board = Board::EMPTY;
    // `i` counts squares in FEN order (a8 = 0, h8 = 7, a7 = 8, ...), which
    // is square index `i ^ 56`.
    let mut i: usize = 0;
    // `slash_at[k]` ends up holding `i` at the `k`-th `/` (each byte stores
    // its `i` in the slot of the next `/`), checked once after the loop.
    let mut slash_at = [0usize; 8];
    let mut slashes: usize = 0;
    let mut bad: u8 = 0;
    let mut prev: u8 = 0;
    let mut pos = bytes.len();
    for (at, &byte) in bytes.iter().enumerate() {
        if byte == b' ' {
            pos = at;
            break;
        }
        let e = ENTRIES[byte as usize];
        board.0[(i ^ 56) & 63] = e.piece;
        slash_at[slashes & 7] = i;
        slashes += (e.flags >> 1 & 1) as usize;
        // An invalid byte, or a digit after a digit.
        bad |= e.flags & (INVALID | prev);
        prev = e.flags & DIGIT;
        i += e.advance as usize;
    }
    let ranks_ok = slashes == 7
        && slash_at[..7]
            .iter()
            .enumerate()
            .all(|(k, at)| *at == 8 * (k + 1));
    let ok = bad == 0 && i == 64 && ranks_ok && pos < bytes.len();
    (board, pos, ok)
}

/// The fast placement path alone: the board and the offset of the space
/// after it, or `None` when it gives up.
#[inline(always)]
fn placement_fast(bytes: &[u8]) -> Option<(Board, usize)> {
    let (board, pos, ok) = placement_scan(bytes);
    ok.then_some((board, pos))
}

/// The placement field: the fast path, or the careful one when it gives up.
#[inline(always)]
fn parse_placement_fast(bytes: &[u8], cx: &mut Leniencies) -> Result<(Board, usize), FenError> {
    let (board, pos, ok) = placement_scan(bytes);
    if ok {
        Ok((board, pos))
    } else {
        parse_placement(bytes, 0, cx)
    }
}

/// Whether the fast paths (placement, and the `KQkq`/`-` castling
/// shortcuts) give what the careful parsers give on `bytes`, with every
/// options constant. For property tests and fuzzing.
#[doc(hidden)]
pub fn fast_path_agrees(bytes: &[u8]) -> bool {
    let Some((board, pos)) = placement_fast(bytes) else {
        return true;
    };
    [FenOptions::STRICT, FenOptions::SEED, FenOptions::LENIENT]
        .into_iter()
        .all(|options| {
            let mut cx = Leniencies::new(options);
            let placement_agrees = parse_placement(bytes, 0, &mut cx) == Ok((board, pos))
                && cx.used() == FenOptions::STRICT;
            // The castling field, where the side to move lets us find it.
            let castling_at = pos + 3;
            let castling_agrees = bytes.len() < castling_at
                || bytes[pos + 2] != b' '
                || parse_castling(bytes, castling_at, &mut Leniencies::new(options))
                    == parse_castling_slow(bytes, castling_at, &mut Leniencies::new(options));
            placement_agrees && castling_agrees
        })
}

#[inline]
fn expect_space(bytes: &[u8], pos: usize, field: FenField) -> Result<usize, FenError> {
    if bytes.get(pos) == Some(&b' ') {
        Ok(pos + 1)
    } else {
        Err(unexpected(bytes, pos, field, "a single space"))
    }
}

/// After a `KQkq` prefix: done if a space or the end follows, otherwise
/// read the field the careful way.
#[inline(always)]
fn finish_castling(
    bytes: &[u8],
    castling: Castling,
    pos: usize,
    cx: &mut Leniencies,
) -> Result<(Castling, usize), FenError> {
    match bytes.get(pos) {
        Some(b' ') | None => Ok((castling, pos)),
        Some(_) => parse_castling_slow(bytes, pos - 4, cx),
    }
}

/// Parses the castling field at `pos` up to the next space or the end.
#[inline(always)]
fn parse_castling(
    bytes: &[u8],
    pos: usize,
    cx: &mut Leniencies,
) -> Result<(Castling, usize), FenError> {
    parse_castling_fields(bytes, pos, cx, true)
}

#[inline(never)]
fn parse_castling_slow(
    bytes: &[u8],
    pos: usize,
    cx: &mut Leniencies,
) -> Result<(Castling, usize), FenError> {
    parse_castling_fields(bytes, pos, cx, false)
}

/// What a castling field may hold, for errors.
const EXPECT_CASTLING: &str = "`-` or castling letters `KQkq` (or rook files `A`-`H`, `a`-`h`)";

/// The castling field; `fast` allows the shortcuts for `KQkq` and `-`.
#[inline(always)]
fn parse_castling_fields(
    bytes: &[u8],
    mut pos: usize,
    cx: &mut Leniencies,
    fast: bool,
) -> Result<(Castling, usize), FenError> {
    // The two most common fields first.
    match bytes.get(pos..pos + 4).filter(|_| fast) {
        Some(b"KQkq") => return finish_castling(bytes, Castling::STANDARD, pos + 4, cx),
        Some([b'-', ..]) => return Ok((Castling::NONE, pos + 1)),
        _ => {}
    }
    if bytes.get(pos) == Some(&b'-') {
        return Ok((Castling::NONE, pos + 1));
    }
    let mut castling = Castling::NONE;
    let start = pos;
    // Canonical order: White's rights, then Black's, each K, files h..a, Q.
    let mut last_key: i8 = -1;
    while let Some(&byte) = bytes.get(pos) {
        if byte == b' ' {
            break;
        }
        let color = if byte.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let right = match byte.to_ascii_lowercase() {
            b'k' => CastlingRight::Outermost(CastlingSide::KingSide),
            b'q' => CastlingRight::Outermost(CastlingSide::QueenSide),
            f @ b'a'..=b'h' => CastlingRight::File(File::ALL[(f - b'a') as usize]),
            _ => {
                return Err(err(
                    FenField::Castling,
                    pos,
                    FenErrorKind::UnexpectedByte {
                        found: byte,
                        expected: EXPECT_CASTLING,
                    },
                ));
            }
        };
        let key = (color as i8) * 10
            + match right {
                CastlingRight::Outermost(CastlingSide::KingSide) => 0,
                CastlingRight::File(f) => 8 - f as i8,
                CastlingRight::Outermost(CastlingSide::QueenSide) => 9,
            };
        if !castling.insert(color, right) {
            if !cx.allows(FenLeniency::CastlingAnyOrder) {
                return Err(err(FenField::Castling, pos, FenErrorKind::CastlingRepeated));
            }
        } else if key < last_key && !cx.allows(FenLeniency::CastlingAnyOrder) {
            return Err(err(FenField::Castling, pos, FenErrorKind::CastlingOrder));
        }
        last_key = last_key.max(key);
        pos += 1;
    }
    if pos == start {
        return Err(unexpected(bytes, pos, FenField::Castling, EXPECT_CASTLING));
    }
    Ok((castling, pos))
}

/// Parses a counter at `pos`: one or more digits.
#[inline]
fn parse_counter(
    bytes: &[u8],
    mut pos: usize,
    field: FenField,
    cx: &mut Leniencies,
) -> Result<(u16, usize), FenError> {
    let start = pos;
    let mut value: u32 = 0;
    while let Some(&byte) = bytes.get(pos) {
        let digit = byte.wrapping_sub(b'0');
        if digit > 9 {
            break;
        }
        value = value * 10 + digit as u32;
        if value > u16::MAX as u32 {
            return Err(err(field, start, FenErrorKind::CounterOverflow));
        }
        pos += 1;
    }
    if pos == start {
        return Err(unexpected(bytes, pos, field, "a number"));
    }
    if bytes[start] == b'0' && pos - start > 1 && !cx.allows(FenLeniency::LeadingZeros) {
        return Err(err(field, start, FenErrorKind::LeadingZero));
    }
    Ok((value as u16, pos))
}

/// Whether the counters are required after the en-passant field.
#[derive(Copy, Clone, PartialEq, Eq)]
pub(crate) enum Counters {
    /// FEN: required unless [`FenLeniency::MissingCounters`].
    Fen,
    /// EPD: optional; present when a digit follows the en-passant field.
    Optional,
}

/// Parses the FEN fields starting at `bytes[0]`; returns the setup, whether
/// the counters were present, and the offset of the first byte not used.
#[inline(always)]
pub(crate) fn parse_fields(
    bytes: &[u8],
    cx: &mut Leniencies,
    counters: Counters,
) -> Result<(Setup, bool, usize), FenError> {
    let (board, pos) = parse_placement_fast(bytes, cx)?;
    let pos = pos + 1; // the space after the placement
    let turn = match bytes.get(pos) {
        Some(b'w') => Color::White,
        Some(b'b') => Color::Black,
        _ => return Err(unexpected(bytes, pos, FenField::SideToMove, "`w` or `b`")),
    };
    let pos = expect_space(bytes, pos + 1, FenField::SideToMove)?;
    let (castling, pos) = parse_castling(bytes, pos, cx)?;
    let pos = expect_space(bytes, pos, FenField::Castling)?;
    let (ep_square, mut pos) = match bytes.get(pos) {
        Some(b'-') => (None, pos + 1),
        Some(&f) => {
            let Some(file) = File::from_ascii(f) else {
                return Err(unexpected(
                    bytes,
                    pos,
                    FenField::EnPassant,
                    "`-` or a square",
                ));
            };
            let Some(rank) = bytes.get(pos + 1).and_then(|r| Rank::from_ascii(*r)) else {
                return Err(unexpected(
                    bytes,
                    pos + 1,
                    FenField::EnPassant,
                    "a rank digit 1-8",
                ));
            };
            let wanted = match turn {
                Color::White => Rank::Sixth,
                Color::Black => Rank::Third,
            };
            if rank != wanted && !cx.allows(FenLeniency::EnPassantAnyRank) {
                return Err(err(FenField::EnPassant, pos, FenErrorKind::EnPassantRank));
            }
            (Some(Square::new(file, rank)), pos + 2)
        }
        None => {
            return Err(unexpected(
                bytes,
                pos,
                FenField::EnPassant,
                "`-` or a square",
            ));
        }
    };
    let mut setup = Setup {
        board,
        turn,
        castling,
        ep_square,
        halfmoves: 0,
        fullmoves: 1,
    };
    let digit_at = |i: usize| bytes.get(i).is_some_and(u8::is_ascii_digit);
    if !(bytes.get(pos) == Some(&b' ') && digit_at(pos + 1)) {
        if counters == Counters::Optional || cx.allows(FenLeniency::MissingCounters) {
            return Ok((setup, false, pos));
        }
        let pos = expect_space(bytes, pos, FenField::EnPassant)?;
        return Err(unexpected(bytes, pos, FenField::HalfmoveClock, "a number"));
    }
    (setup.halfmoves, pos) = parse_counter(bytes, pos + 1, FenField::HalfmoveClock, cx)?;
    if !(bytes.get(pos) == Some(&b' ') && digit_at(pos + 1)) {
        if counters == Counters::Optional || cx.allows(FenLeniency::MissingCounters) {
            return Ok((setup, true, pos));
        }
        let pos = expect_space(bytes, pos, FenField::HalfmoveClock)?;
        return Err(unexpected(bytes, pos, FenField::FullmoveNumber, "a number"));
    }
    let start = pos + 1;
    (setup.fullmoves, pos) = parse_counter(bytes, start, FenField::FullmoveNumber, cx)?;
    if setup.fullmoves == 0 && !cx.allows(FenLeniency::FullmoveZero) {
        return Err(err(
            FenField::FullmoveNumber,
            start,
            FenErrorKind::FullmoveZero,
        ));
    }
    Ok((setup, true, pos))
}

/// How many bytes of ASCII whitespace to skip at the start of `bytes`:
/// all there are when `cx` allows it (noting that it was used), else none.
#[inline(always)]
pub(crate) fn leading_whitespace(bytes: &[u8], cx: &mut Leniencies) -> usize {
    let skip = bytes.len() - bytes.trim_ascii_start().len();
    if skip > 0 && cx.allows(FenLeniency::SurroundingWhitespace) {
        skip
    } else {
        0
    }
}

/// The part of `bytes` to parse: without the surrounding ASCII whitespace
/// when `cx` allows it (noting that it was used, if there was any), and the
/// offset of that part in `bytes`.
#[inline(always)]
pub(crate) fn body<'a>(bytes: &'a [u8], cx: &mut Leniencies) -> (&'a [u8], usize) {
    if !cx.allowed.contains(FenLeniency::SurroundingWhitespace) {
        // Strict: no need to look.
        return (bytes, 0);
    }
    let trimmed = bytes.trim_ascii();
    if trimmed.len() != bytes.len() && cx.allows(FenLeniency::SurroundingWhitespace) {
        (trimmed, bytes.len() - bytes.trim_ascii_start().len())
    } else {
        (bytes, 0)
    }
}

impl Setup {
    /// Parses strict FEN (see [`FenLeniency`]).
    ///
    /// # Errors
    ///
    /// The first fault from the left, as a [`FenError`].
    ///
    /// ```
    /// use chessnote::Setup;
    /// let setup = Setup::from_ascii(b"8/8/8/4k3/8/8/8/4K3 b - - 12 60")?;
    /// assert_eq!(setup.halfmoves, 12);
    /// assert!(Setup::from_ascii(b"8/8/8/4k3/8/8/8/4K3 b - - 12 60 ").is_err());
    /// # Ok::<(), chessnote::fen::FenError>(())
    /// ```
    #[inline]
    pub fn from_ascii(bytes: &[u8]) -> Result<Setup, FenError> {
        Setup::from_ascii_with(bytes, FenOptions::STRICT)
    }

    /// Parses FEN with the leniencies of `options`.
    ///
    /// # Errors
    ///
    /// The first fault from the left that `options` does not allow.
    ///
    /// ```
    /// use chessnote::fen::{FenLeniency, FenOptions};
    /// use chessnote::Setup;
    /// let options = FenOptions::STRICT.with(FenLeniency::MissingCounters);
    /// let setup = Setup::from_ascii_with(b"8/8/8/8/8/8/8/8 w - -", options)?;
    /// assert_eq!((setup.halfmoves, setup.fullmoves), (0, 1));
    /// # Ok::<(), chessnote::fen::FenError>(())
    /// ```
    #[inline]
    pub fn from_ascii_with(bytes: &[u8], options: FenOptions) -> Result<Setup, FenError> {
        Setup::from_ascii_reporting(bytes, options).map(|(setup, _)| setup)
    }

    /// The leniencies beyond `options` that would read `bytes` as FEN, when
    /// reading it with `options` fails and some would: the fix a
    /// [`FenError`] can name (`--allow missing-counters`). `None` when no
    /// leniency reads it or none is missing.
    ///
    /// ```
    /// use chessnote::fen::{FenLeniency, FenOptions, Setup};
    /// let fen = b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";
    /// let needed = Setup::leniencies_needed(fen, FenOptions::STRICT);
    /// assert_eq!(needed, Some(FenOptions::from(FenLeniency::MissingCounters)));
    /// ```
    pub fn leniencies_needed(bytes: &[u8], options: FenOptions) -> Option<FenOptions> {
        if Setup::from_ascii_with(bytes, options).is_ok() {
            return None;
        }
        let (_, used) = Setup::from_ascii_reporting(bytes, FenOptions::LENIENT).ok()?;
        let more = used.difference(options);
        (!more.is_empty()).then_some(more)
    }

    /// Parses FEN with the leniencies of `options`, and says which of them
    /// the input needed (none for strict FEN).
    ///
    /// # Errors
    ///
    /// The first fault from the left that `options` does not allow.
    ///
    /// ```
    /// use chessnote::fen::{FenLeniency, FenOptions};
    /// use chessnote::Setup;
    /// let (setup, used) = Setup::from_ascii_reporting(b" 8/8/8/8/8/8/8/8 w - - 0 0", FenOptions::LENIENT)?;
    /// assert_eq!(setup.fullmoves, 0);
    /// assert_eq!(used, FenOptions::STRICT.with(FenLeniency::SurroundingWhitespace).with(FenLeniency::FullmoveZero));
    /// let (_, used) = Setup::from_ascii_reporting(b"8/8/8/8/8/8/8/8 w - - 0 1", FenOptions::LENIENT)?;
    /// assert!(used.is_empty());
    /// # Ok::<(), chessnote::fen::FenError>(())
    /// ```
    #[inline]
    pub fn from_ascii_reporting(
        bytes: &[u8],
        options: FenOptions,
    ) -> Result<(Setup, FenOptions), FenError> {
        let mut cx = Leniencies::new(options);
        let (body, start) = body(bytes, &mut cx);
        let (setup, _, pos) =
            parse_fields(body, &mut cx, Counters::Fen).map_err(|e| e.shifted(start))?;
        if pos != body.len() {
            return Err(err(
                FenField::End,
                start + pos,
                FenErrorKind::UnexpectedByte {
                    found: body[pos],
                    expected: "the end of the record",
                },
            ));
        }
        Ok((setup, cx.used()))
    }
}

impl FromStr for Setup {
    type Err = FenError;

    /// Parses strict FEN, as [`Setup::from_ascii`].
    ///
    /// ```
    /// use chessnote::Setup;
    /// let setup: Setup = "8/8/8/8/8/8/8/8 w - - 0 1".parse()?;
    /// assert_eq!(setup, Setup::EMPTY);
    /// # Ok::<(), chessnote::fen::FenError>(())
    /// ```
    fn from_str(s: &str) -> Result<Setup, FenError> {
        Setup::from_ascii(s.as_bytes())
    }
}
