//! The tests of positions: `reaches("FEN")` and `material("KRPvKR")`,
//! which hold when a mainline position matches, and `status`, how the
//! final position ends the game. They cannot be read from a finished game's
//! tags: the replay shows each mainline position to a [`Watch`] made from
//! the filter ([`Filter::watch`]), which keeps what held, and the filter
//! reads it back ([`FilterInput::watch`](super::FilterInput::watch)).

use alloc::string::String;
use alloc::vec::Vec;
use core::hash::{Hash, Hasher};

use super::error::{FilterError, FilterErrorKind};
use super::{Filter, FilterInput};
use crate::fen::Setup;
use crate::position::{CastlingMode, Position, Termination};
use crate::{Color, PieceKind};

/// The most `reaches` and `material` tests (each distinct one counts
/// once) an expression may have.
pub const MAX_POSITION_TESTS: usize = 64;

/// The values `status` compares with, each the [`Termination`] it names
/// (python-chess's names for the outcomes of `board.outcome()`).
pub const STATUS_NAMES: [(&str, Termination); 5] = [
    ("checkmate", Termination::Checkmate),
    ("stalemate", Termination::Stalemate),
    ("insufficient_material", Termination::InsufficientMaterial),
    ("seventyfive_moves", Termination::SeventyFiveMoves),
    ("fivefold_repetition", Termination::FivefoldRepetition),
];

/// The name `status` gives a termination.
pub(super) fn status_name(termination: Termination) -> &'static str {
    STATUS_NAMES
        .iter()
        .find(|(_, t)| *t == termination)
        .map_or("", |(name, _)| name)
}

/// One position test, known by its text (the literal as written, which
/// `Display` writes back).
#[derive(Clone, Debug)]
pub(super) struct PositionTest {
    pub(super) kind: PositionTestKind,
    pub(super) text: String,
}

/// What a position test compares.
#[derive(Clone, Debug)]
pub(super) enum PositionTestKind {
    /// `reaches`: this position (its counters do not count).
    Reaches(Position),
    /// `material`: these numbers of pieces, by color then kind, and their
    /// sum.
    Material([[u8; 6]; 2], u32),
}

impl PositionTest {
    /// `reaches("FEN")`: the literal read as a FEN (its counters may be
    /// left out) of a legal position; `at` is the literal's first byte.
    pub(super) fn reaches(fen: String, at: usize) -> Result<PositionTest, FilterError> {
        let bad = FilterError::new(FilterErrorKind::BadPosition, at);
        let setup = Setup::from_ascii(fen.as_bytes())
            .or_else(|_| Setup::from_ascii(alloc::format!("{} 0 1", fen.trim()).as_bytes()))
            .map_err(|_| bad)?;
        let position =
            Position::from_setup(&setup, CastlingMode::detect(&setup)).map_err(|_| bad)?;
        Ok(PositionTest {
            kind: PositionTestKind::Reaches(position),
            text: fen,
        })
    }

    /// `material("KRPvKR")`: White's pieces, `v`, Black's, each side one
    /// `K` and any of `QRBNP`; `at` is the literal's opening quote.
    pub(super) fn material(text: String, at: usize) -> Result<PositionTest, FilterError> {
        let mut counts = [[0u8; 6]; 2];
        let mut side = 0;
        for (i, b) in text.bytes().enumerate() {
            let bad = FilterError::new(FilterErrorKind::BadMaterial, at + 1 + i);
            let kind = match b {
                b'v' if side == 0 => {
                    side = 1;
                    continue;
                }
                b'P' => PieceKind::Pawn,
                b'N' => PieceKind::Knight,
                b'B' => PieceKind::Bishop,
                b'R' => PieceKind::Rook,
                b'Q' => PieceKind::Queen,
                b'K' => PieceKind::King,
                _ => return Err(bad),
            };
            let count = &mut counts[side][kind as usize];
            *count += 1;
            // A side has one king and at most 16 pieces.
            if (kind == PieceKind::King && *count > 1) || counts[side].iter().sum::<u8>() > 16 {
                return Err(bad);
            }
        }
        let king = PieceKind::King as usize;
        if side == 0 || counts[0][king] != 1 || counts[1][king] != 1 {
            return Err(FilterError::new(
                FilterErrorKind::BadMaterial,
                at + 1 + text.len(),
            ));
        }
        let total = counts.iter().flatten().map(|&n| u32::from(n)).sum();
        Ok(PositionTest {
            kind: PositionTestKind::Material(counts, total),
            text,
        })
    }

    /// The name of the test (`reaches`, `material`).
    pub(super) fn name(&self) -> &'static str {
        match self.kind {
            PositionTestKind::Reaches(_) => "reaches",
            PositionTestKind::Material(..) => "material",
        }
    }

    /// Whether `position` matches.
    fn holds(&self, position: &Position) -> bool {
        match &self.kind {
            PositionTestKind::Reaches(target) => position.same_polyglot_position(target),
            PositionTestKind::Material(counts, total) => {
                position.occupied_count() == *total
                    && Color::ALL.into_iter().all(|color| {
                        PieceKind::ALL.into_iter().all(|kind| {
                            position.pieces(color, kind).len()
                                == u32::from(counts[color as usize][kind as usize])
                        })
                    })
            }
        }
    }
}

impl PartialEq for PositionTest {
    fn eq(&self, other: &PositionTest) -> bool {
        self.name() == other.name() && self.text == other.text
    }
}

impl Eq for PositionTest {}

impl Hash for PositionTest {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.name().hash(state);
        self.text.hash(state);
    }
}

/// What a filter's tests of positions (`reaches`, `material`, `status`)
/// saw of one game's mainline: made by [`Filter::watch`], shown the start
/// position and the position after each mainline move
/// ([`Watch::see`]), then the final one ([`Watch::end`]).
/// [`crate::pgn::Replay`] does this for the filter of
/// [`Replay::only`](crate::pgn::Replay::only), and games built keep it
/// ([`Game::watch`](crate::pgn::Game::watch)).
///
/// ```
/// use chessnote::pgn::filter::{Filter, FilterInput};
/// use chessnote::pgn::{Game, Reader};
///
/// let filter = Filter::parse(r#"material("KQvK") or status = "checkmate""#)?;
/// let pgn = b"1. f3 e5 2. g4 Qh4# 0-1\n\n1. e4 e5 *\n";
/// let builder = Game::builder().only(Some(filter.clone()));
/// let kept: Vec<bool> = Reader::from_slice(pgn)
///     .games_with(builder)
///     .map(|game| filter.matches(&game))
///     .collect();
/// assert_eq!(kept, [true, false]);
/// # Ok::<(), chessnote::pgn::filter::FilterError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Watch {
    targets: Vec<PositionTest>,
    /// Whether `status` is asked for.
    status: bool,
    /// The tests that held, one bit each.
    held: u64,
    /// How the final position ends the game.
    end: Option<Termination>,
    /// The repetition keys since the last capture or pawn move (for
    /// `status`: a fivefold repetition).
    history: Vec<u64>,
}

impl Watch {
    /// Forgets the game seen (for the next one).
    pub fn begin(&mut self) {
        self.held = 0;
        self.end = None;
        self.history.clear();
    }

    /// Shows a mainline position: the start, or the position after a move.
    pub fn see(&mut self, position: &Position) {
        for (i, target) in self.targets.iter().enumerate() {
            if self.held & (1 << i) == 0 && target.holds(position) {
                self.held |= 1 << i;
            }
        }
        if self.status {
            if position.halfmoves() == 0 {
                self.history.clear();
            }
            self.history.push(position.repetition_key());
        }
    }

    /// Shows the final position of the mainline (the last one seen).
    pub fn end(&mut self, position: &Position) {
        if !self.status {
            return;
        }
        // In python-chess's order: checkmate, insufficient material,
        // stalemate, the seventy-five-move rule, then fivefold repetition.
        self.end = position.outcome().map(|o| o.termination).or_else(|| {
            let key = position.repetition_key();
            let times = self.history.iter().filter(|&&k| k == key).count();
            (times >= 5).then_some(Termination::FivefoldRepetition)
        });
    }

    /// How the final position ends the game (once [`Watch::end`] saw it):
    /// checkmate, stalemate, insufficient material, the seventy-five-move
    /// rule or a fivefold repetition, as `status` names them.
    pub fn status(&self) -> Option<Termination> {
        self.end
    }

    /// Whether this watches `filter`'s tests.
    fn is_for(&self, filter: &Filter) -> bool {
        self.targets == filter.targets && self.status == filter.needs_status
    }
}

impl Filter {
    /// A [`Watch`] of the expression's tests of positions (`reaches`,
    /// `material`, `status`), or `None` when it has none.
    ///
    /// ```
    /// use chessnote::pgn::filter::Filter;
    /// assert!(Filter::parse(r#"reaches("8/8/8/8/8/8/8/K1k5 w - -")"#)?.watch().is_some());
    /// assert!(Filter::parse("plies > 40")?.watch().is_none());
    /// # Ok::<(), chessnote::pgn::filter::FilterError>(())
    /// ```
    pub fn watch(&self) -> Option<Watch> {
        (!self.targets.is_empty() || self.needs_status).then(|| Watch {
            targets: self.targets.clone(),
            status: self.needs_status,
            held: 0,
            end: None,
            history: Vec::new(),
        })
    }

    /// The watch of `game`, if it watched this filter's tests.
    pub(super) fn watch_of<'g>(&self, game: &'g (impl FilterInput + ?Sized)) -> Option<&'g Watch> {
        game.watch().filter(|w| w.is_for(self))
    }

    /// Whether the test of position `i` held in `game`.
    pub(super) fn held(&self, i: usize, game: &(impl FilterInput + ?Sized)) -> bool {
        self.watch_of(game)
            .is_some_and(|w| i < 64 && w.held & (1 << i) != 0)
    }
}
