//! FEN with what Lichess's variants add to it: crazyhouse pockets (`[Qb]`
//! after the placement, or `/Qb` as a ninth rank), promoted pieces (`Q~`)
//! and three-check counters (`3+3` after the en-passant square, the
//! checks still to give, or `+0+0` at the end, the checks given). Both
//! spellings are read; Lichess's (`/Qb`, `+0+0`) is written.

use alloc::vec::Vec;
use core::fmt;

use super::{FenError, FenErrorKind, FenField, FenOptions};
use crate::{Color, Piece, PieceKind, Setup, Square, SquareSet};

/// The pieces in hand of each side in crazyhouse: captured pieces, which
/// their new owner may drop on the board. Kings are never in hand.
///
/// ```
/// use chessnote::fen::Pockets;
/// use chessnote::{Color, Piece, PieceKind};
///
/// let pockets: Pockets = "QNNp".parse()?;
/// assert_eq!(pockets.count(PieceKind::Knight.of(Color::White)), 2);
/// assert_eq!(pockets.count(PieceKind::Pawn.of(Color::Black)), 1);
/// assert_eq!(pockets.to_string(), "QNNp");
/// # Ok::<(), chessnote::fen::FenError>(())
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Pockets {
    /// By color, then by kind (pawn to queen).
    counts: [[u8; 5]; 2],
}

/// The order pockets are written in: queen first.
const WRITE_ORDER: [PieceKind; 5] = [
    PieceKind::Queen,
    PieceKind::Rook,
    PieceKind::Bishop,
    PieceKind::Knight,
    PieceKind::Pawn,
];

/// The most pieces of one kind a pocket holds (more than a side can ever
/// capture, so no game reaches it).
pub const POCKET_MAX: u8 = 64;

impl Pockets {
    /// No piece in hand.
    pub const EMPTY: Pockets = Pockets {
        counts: [[0; 5]; 2],
    };

    /// How many of `piece` are in hand (0 for a king).
    pub fn count(&self, piece: Piece) -> u8 {
        match piece.kind {
            PieceKind::King => 0,
            kind => self.counts[piece.color as usize][kind as usize],
        }
    }

    /// Puts one `piece` in hand; `false` (nothing changes) for a king or a
    /// full pocket.
    pub fn add(&mut self, piece: Piece) -> bool {
        if piece.kind == PieceKind::King {
            return false;
        }
        let count = &mut self.counts[piece.color as usize][piece.kind as usize];
        if *count >= POCKET_MAX {
            return false;
        }
        *count += 1;
        true
    }

    /// Takes one `piece` out of hand; `false` when there is none.
    pub fn remove(&mut self, piece: Piece) -> bool {
        if piece.kind == PieceKind::King {
            return false;
        }
        let count = &mut self.counts[piece.color as usize][piece.kind as usize];
        if *count == 0 {
            return false;
        }
        *count -= 1;
        true
    }

    /// The pieces `color` has in hand.
    pub fn len(&self, color: Color) -> usize {
        self.counts[color as usize]
            .iter()
            .map(|&n| usize::from(n))
            .sum()
    }

    /// Whether neither side has a piece in hand.
    pub fn is_empty(&self) -> bool {
        self.counts == [[0; 5]; 2]
    }

    /// Reads pocket letters (`QNNp`; none for empty pockets); `at` is the
    /// offset of `text` in the record, for errors.
    fn from_letters(text: &[u8], at: usize) -> Result<Pockets, FenError> {
        let mut pockets = Pockets::EMPTY;
        for (i, &b) in text.iter().enumerate() {
            let piece = Piece::from_ascii(b).filter(|p| p.kind != PieceKind::King);
            let added = piece.is_some_and(|piece| pockets.add(piece));
            if !added {
                return Err(FenError::new(
                    FenField::Pocket,
                    at + i,
                    FenErrorKind::UnexpectedByte {
                        found: b,
                        expected: "a piece letter in the pocket (no king)",
                    },
                ));
            }
        }
        Ok(pockets)
    }
}

impl fmt::Display for Pockets {
    /// The letters, White's first, each side's queens first (`QNNp`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for color in Color::ALL {
            for kind in WRITE_ORDER {
                let piece = kind.of(color);
                for _ in 0..self.count(piece) {
                    fmt::Write::write_char(f, piece.char())?;
                }
            }
        }
        Ok(())
    }
}

impl core::str::FromStr for Pockets {
    type Err = FenError;

    /// Pocket letters, as between the brackets of `[QNNp]`.
    fn from_str(s: &str) -> Result<Pockets, FenError> {
        Pockets::from_letters(s.as_bytes(), 0)
    }
}

/// A FEN of a variant: the [`Setup`] and what the variants add to it.
///
/// ```
/// use chessnote::fen::VariantSetup;
///
/// // Crazyhouse, python-chess's brackets and a promoted queen.
/// let zh: VariantSetup = "4k3/1Q~6/8/8/8/8/8/4K3[Nq] w - - 0 1".parse()?;
/// assert_eq!(zh.pockets.unwrap().to_string(), "Nq");
/// assert_eq!(zh.promoted.len(), 1);
/// // Written as Lichess writes it.
/// assert_eq!(zh.to_string(), "4k3/1Q~6/8/8/8/8/8/4K3/Nq w - - 0 1");
///
/// // Three-check: the checks still to give, or (Lichess) those given.
/// let a: VariantSetup = "4k3/8/8/8/8/8/8/4K3 w - - 2+3 0 1".parse()?;
/// let b: VariantSetup = "4k3/8/8/8/8/8/8/4K3 w - - 0 1 +1+0".parse()?;
/// assert_eq!(a.checks_left, Some([2, 3]));
/// assert_eq!(a, b);
/// assert_eq!(a.to_string(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1 +1+0");
/// # Ok::<(), chessnote::fen::FenError>(())
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct VariantSetup {
    /// The position's standard fields.
    pub setup: Setup,
    /// Crazyhouse's pieces in hand (`None`: the FEN has no pocket).
    pub pockets: Option<Pockets>,
    /// The pieces that were pawns (crazyhouse: they go back to a pocket
    /// as pawns when captured).
    pub promoted: SquareSet,
    /// Three-check: the checks each side has still to give, White's first
    /// (`None`: the FEN has no counters).
    pub checks_left: Option<[u8; 2]>,
}

impl VariantSetup {
    /// Reads a variant FEN with the default options of [`Setup::from_ascii`].
    ///
    /// # Errors
    ///
    /// A [`FenError`] at its byte: the standard fields' errors, or a bad
    /// pocket letter ([`FenField::Pocket`]) or check counter
    /// ([`FenField::Checks`]).
    pub fn from_ascii(bytes: &[u8]) -> Result<VariantSetup, FenError> {
        VariantSetup::from_ascii_with(bytes, FenOptions::default())
    }

    /// Reads a variant FEN with the leniencies of `options` for its
    /// standard fields.
    ///
    /// # Errors
    ///
    /// As [`VariantSetup::from_ascii`].
    pub fn from_ascii_with(bytes: &[u8], options: FenOptions) -> Result<VariantSetup, FenError> {
        VariantSetup::from_ascii_reporting(bytes, options).map(|(setup, _)| setup)
    }

    /// Reads a variant FEN with the leniencies of `options`, and says
    /// which of them its standard fields used.
    ///
    /// # Errors
    ///
    /// As [`VariantSetup::from_ascii`].
    ///
    /// ```
    /// use chessnote::fen::{FenLeniency, FenOptions, VariantSetup};
    /// let options = FenOptions::STRICT.with(FenLeniency::MissingCounters);
    /// let (setup, used) = VariantSetup::from_ascii_reporting(b"4k3/8/8/8/8/8/8/4K3[Q] w - -", options)?;
    /// assert_eq!(setup.pockets.unwrap().to_string(), "Q");
    /// assert!(used.contains(FenLeniency::MissingCounters));
    /// # Ok::<(), chessnote::fen::FenError>(())
    /// ```
    pub fn from_ascii_reporting(
        bytes: &[u8],
        options: FenOptions,
    ) -> Result<(VariantSetup, FenOptions), FenError> {
        let mut text = Stripped::default();
        let start = bytes.iter().take_while(|b| b.is_ascii_whitespace()).count();
        text.keep(&bytes[..start], 0);
        let placement_len = bytes[start..]
            .iter()
            .position(|b| b.is_ascii_whitespace())
            .unwrap_or(bytes.len() - start);
        let placement = &bytes[start..start + placement_len];
        // The pocket: `[...]` at the end, or what follows an eighth `/`.
        let (board, pocket) = if let Some(open) = placement.iter().position(|&b| b == b'[') {
            let inner = &placement[open + 1..];
            if inner.last() != Some(&b']') {
                return Err(FenError::new(
                    FenField::Pocket,
                    start + placement.len(),
                    FenErrorKind::UnexpectedEnd { expected: "']'" },
                ));
            }
            (
                &placement[..open],
                Some((&inner[..inner.len() - 1], start + open + 1)),
            )
        } else {
            match placement
                .iter()
                .enumerate()
                .filter(|&(_, &b)| b == b'/')
                .nth(7)
            {
                Some((slash, _)) => (
                    &placement[..slash],
                    Some((&placement[slash + 1..], start + slash + 1)),
                ),
                None => (placement, None),
            }
        };
        let pockets = match pocket {
            Some((letters, at)) => Some(Pockets::from_letters(letters, at)?),
            None => None,
        };
        let promoted = text.keep_placement(board, start);
        // The other fields; three-check's counters taken out.
        let rest_at = start + placement_len;
        let fields: Vec<(usize, &[u8])> = split_fields(&bytes[rest_at..], rest_at);
        let mut checks_left = None;
        for (n, &(at, field)) in fields.iter().enumerate() {
            // Field 0 is the side to move: `3+3` comes after the fourth
            // field (en passant), `+0+0` last.
            let counters = if n == 3 && field.first() != Some(&b'+') && field.contains(&b'+') {
                Some((parse_checks(field, at, false)?, false))
            } else if n == fields.len() - 1 && n >= 3 && field.first() == Some(&b'+') {
                Some((parse_checks(field, at, true)?, true))
            } else {
                None
            };
            match counters {
                Some((checks, _)) if checks_left.is_none() => checks_left = Some(checks),
                Some(_) => {
                    return Err(FenError::new(
                        FenField::Checks,
                        at,
                        FenErrorKind::UnexpectedByte {
                            found: field[0],
                            expected: "one check counter",
                        },
                    ));
                }
                None => {
                    text.keep(b" ", at.saturating_sub(1));
                    text.keep(field, at);
                }
            }
        }
        let (setup, used) = Setup::from_ascii_reporting(&text.bytes, options).map_err(|e| {
            FenError::new(e.field(), text.original(e.offset(), bytes.len()), e.kind())
        })?;
        let setup = VariantSetup {
            setup,
            pockets,
            promoted,
            checks_left,
        };
        Ok((setup, used))
    }
}

impl core::str::FromStr for VariantSetup {
    type Err = FenError;

    fn from_str(s: &str) -> Result<VariantSetup, FenError> {
        VariantSetup::from_ascii(s.as_bytes())
    }
}

impl From<Setup> for VariantSetup {
    fn from(setup: Setup) -> VariantSetup {
        VariantSetup {
            setup,
            ..VariantSetup::default()
        }
    }
}

impl VariantSetup {
    /// The FEN in the other common spelling, python-chess's (and
    /// Stockfish's): `[pocket]` after the placement, and `W+B` (the checks
    /// still to give) after the en-passant square. `Display` writes
    /// Lichess's; both read back as the same setup.
    ///
    /// ```
    /// use chessnote::fen::VariantSetup;
    /// let setup: VariantSetup = "2k5/8/8/8/8/8/8/4K3/Qn w - - 0 1 +1+0".parse()?;
    /// assert_eq!(setup.bracketed().to_string(), "2k5/8/8/8/8/8/8/4K3[Qn] w - - 2+3 0 1");
    /// assert_eq!(setup.to_string(), "2k5/8/8/8/8/8/8/4K3/Qn w - - 0 1 +1+0");
    /// # Ok::<(), chessnote::fen::FenError>(())
    /// ```
    pub fn bracketed(&self) -> impl fmt::Display + '_ {
        Spelled {
            setup: self,
            bracketed: true,
        }
    }

    /// Writes the FEN in one of the two spellings.
    fn write(&self, f: &mut fmt::Formatter<'_>, bracketed: bool) -> fmt::Result {
        let fen = alloc::string::ToString::to_string(&self.setup);
        let (placement, rest) = fen.split_once(' ').unwrap_or((&fen, ""));
        let mut square = Walk::default();
        for c in placement.chars() {
            f.write_str(c.encode_utf8(&mut [0; 4]))?;
            if let Some(sq) = square.step(c as u8)
                && self.promoted.contains(sq)
            {
                f.write_str("~")?;
            }
        }
        match self.pockets {
            Some(pockets) if bracketed => write!(f, "[{pockets}]")?,
            Some(pockets) => write!(f, "/{pockets}")?,
            None => {}
        }
        match self.checks_left {
            Some([white, black]) if bracketed => {
                // Turn, castling and en passant, the counters, the clocks.
                let mut fields = rest.splitn(4, ' ');
                for field in fields.by_ref().take(3) {
                    write!(f, " {field}")?;
                }
                write!(f, " {}+{}", white.min(3), black.min(3))?;
                fields.try_for_each(|clocks| write!(f, " {clocks}"))
            }
            Some([white, black]) => {
                write!(f, " {rest} +{}+{}", 3 - white.min(3), 3 - black.min(3))
            }
            None => write!(f, " {rest}"),
        }
    }
}

/// A [`VariantSetup`] written in a chosen spelling.
struct Spelled<'a> {
    setup: &'a VariantSetup,
    bracketed: bool,
}

impl fmt::Display for Spelled<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.setup.write(f, self.bracketed)
    }
}

impl fmt::Display for VariantSetup {
    /// Lichess's spelling: `/pocket` after the placement, promoted pieces
    /// marked `~`, `+W+B` (checks given) at the end.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, false)
    }
}

/// The squares of a placement, byte by byte: where each piece letter
/// stands (rank 8 first).
#[derive(Default)]
struct Walk {
    rank: u8,
    file: u8,
}

impl Walk {
    /// The square of `b` when it is a piece letter.
    fn step(&mut self, b: u8) -> Option<Square> {
        match b {
            // Saturating: a lenient FEN's rank may be longer than eight
            // squares, and its placement have more than eight ranks.
            b'/' => {
                self.rank = self.rank.saturating_add(1);
                self.file = 0;
                None
            }
            b'1'..=b'8' => {
                self.file = self.file.saturating_add(b - b'0');
                None
            }
            _ if Piece::from_ascii(b).is_some() => {
                let square = (self.rank < 8 && self.file < 8)
                    .then(|| Square::from_index_masked((7 - self.rank) * 8 + self.file));
                self.file = self.file.saturating_add(1);
                square
            }
            _ => None,
        }
    }
}

/// The record as the standard parser reads it, and where each of its
/// bytes was in the original.
#[derive(Default)]
struct Stripped {
    bytes: Vec<u8>,
    at: Vec<usize>,
}

impl Stripped {
    fn keep(&mut self, bytes: &[u8], at: usize) {
        self.bytes.extend_from_slice(bytes);
        self.at.extend(at..at + bytes.len());
    }

    /// Keeps a placement but its `~` marks; gives the promoted squares.
    fn keep_placement(&mut self, board: &[u8], at: usize) -> SquareSet {
        let mut walk = Walk::default();
        let mut last = None;
        let mut promoted = SquareSet::EMPTY;
        for (i, &b) in board.iter().enumerate() {
            if b == b'~' {
                if let Some(square) = last.take() {
                    promoted.insert(square);
                    continue;
                }
            } else {
                last = walk.step(b);
            }
            self.keep(&[b], at + i);
        }
        promoted
    }

    /// The original offset of the stripped `offset` (`len` past the end).
    fn original(&self, offset: usize, len: usize) -> usize {
        self.at.get(offset).copied().unwrap_or(len)
    }
}

/// The whitespace-separated fields of `bytes`, with their offsets (from
/// `at`).
fn split_fields(bytes: &[u8], at: usize) -> Vec<(usize, &[u8])> {
    let mut fields = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i].is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let len = bytes[i..]
            .iter()
            .position(|b| b.is_ascii_whitespace())
            .unwrap_or(bytes.len() - i);
        fields.push((at + i, &bytes[i..i + len]));
        i += len;
    }
    fields
}

/// Three-check counters: `3+3` (checks left) or `+0+0` (checks given);
/// gives the checks left.
fn parse_checks(field: &[u8], at: usize, given: bool) -> Result<[u8; 2], FenError> {
    let body = if given { &field[1..] } else { field };
    let bad = |i: usize| {
        FenError::new(
            FenField::Checks,
            at + i,
            FenErrorKind::UnexpectedByte {
                found: field.get(i).copied().unwrap_or(b' '),
                expected: "a check count from 0 to 3",
            },
        )
    };
    let skip = usize::from(given);
    match body {
        [w @ b'0'..=b'3', b'+', b @ b'0'..=b'3'] => {
            let (w, b) = (w - b'0', b - b'0');
            Ok(if given { [3 - w, 3 - b] } else { [w, b] })
        }
        [b'0'..=b'3', b'+', ..] => Err(bad(skip + 2)),
        [b'0'..=b'3', ..] => Err(bad(skip + 1)),
        _ => Err(bad(skip)),
    }
}
