//! python-chess's `Termination` and `Outcome`: how a game ended, from
//! chessnote's `position::{Termination, Outcome}`.

use chessnote::Color;
use chessnote::position::{Outcome, Termination};
use pyo3::prelude::*;

/// How a game ended, as python-chess's `chess.Termination` (an enum whose
/// values are python-chess's).
#[pyclass(
    name = "Termination",
    module = "chessnote",
    eq,
    eq_int,
    frozen,
    hash,
    from_py_object
)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub enum PyTermination {
    /// Checkmate.
    #[pyo3(name = "CHECKMATE")]
    Checkmate = 1,
    /// Stalemate.
    #[pyo3(name = "STALEMATE")]
    Stalemate = 2,
    /// Neither side can mate.
    #[pyo3(name = "INSUFFICIENT_MATERIAL")]
    InsufficientMaterial = 3,
    /// 150 plies without a capture or a pawn move.
    #[pyo3(name = "SEVENTYFIVE_MOVES")]
    SeventyFiveMoves = 4,
    /// The same position for the fifth time.
    #[pyo3(name = "FIVEFOLD_REPETITION")]
    FivefoldRepetition = 5,
    /// 100 plies without a capture or a pawn move, claimed.
    #[pyo3(name = "FIFTY_MOVES")]
    FiftyMoves = 6,
    /// The same position for the third time, claimed.
    #[pyo3(name = "THREEFOLD_REPETITION")]
    ThreefoldRepetition = 7,
    /// A variant's win (the side to move won: antichess).
    #[pyo3(name = "VARIANT_WIN")]
    VariantWin = 8,
    /// A variant's loss.
    #[pyo3(name = "VARIANT_LOSS")]
    VariantLoss = 9,
    /// A variant's draw.
    #[pyo3(name = "VARIANT_DRAW")]
    VariantDraw = 10,
}

impl PyTermination {
    const NAMES: [&'static str; 10] = [
        "CHECKMATE",
        "STALEMATE",
        "INSUFFICIENT_MATERIAL",
        "SEVENTYFIVE_MOVES",
        "FIVEFOLD_REPETITION",
        "FIFTY_MOVES",
        "THREEFOLD_REPETITION",
        "VARIANT_WIN",
        "VARIANT_LOSS",
        "VARIANT_DRAW",
    ];
}

#[pymethods]
impl PyTermination {
    /// The member's name (`"CHECKMATE"`), as an enum's.
    #[getter]
    fn name(&self) -> &'static str {
        Self::NAMES[*self as usize - 1]
    }

    /// The member's value (python-chess's: CHECKMATE = 1 …).
    #[getter]
    fn value(&self) -> u8 {
        *self as u8
    }

    fn __repr__(&self) -> String {
        format!("<Termination.{}: {}>", self.name(), self.value())
    }

    fn __str__(&self) -> String {
        format!("Termination.{}", self.name())
    }
}

impl From<Termination> for PyTermination {
    fn from(termination: Termination) -> PyTermination {
        match termination {
            Termination::Checkmate => PyTermination::Checkmate,
            Termination::Stalemate => PyTermination::Stalemate,
            Termination::InsufficientMaterial => PyTermination::InsufficientMaterial,
            Termination::SeventyFiveMoves => PyTermination::SeventyFiveMoves,
            Termination::FivefoldRepetition => PyTermination::FivefoldRepetition,
            Termination::FiftyMoves => PyTermination::FiftyMoves,
            Termination::ThreefoldRepetition => PyTermination::ThreefoldRepetition,
            Termination::VariantWin => PyTermination::VariantWin,
            Termination::VariantLoss => PyTermination::VariantLoss,
            // `Termination` is non-exhaustive: a way of ending the library
            // gains later is a variant's draw until it is named here.
            _ => PyTermination::VariantDraw,
        }
    }
}

/// How a game ended and who won, as python-chess's `chess.Outcome`.
#[pyclass(
    name = "Outcome",
    module = "chessnote",
    eq,
    frozen,
    hash,
    from_py_object
)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyOutcome {
    termination: PyTermination,
    winner: Option<bool>,
}

/// The draw rules python-chess's `outcome()` looks at after a position's
/// own end, each asked only when its turn comes.
pub(crate) struct DrawRules<'a> {
    /// 150 plies without a capture or a pawn move (when the position's own
    /// end does not count them).
    pub seventyfive: &'a dyn Fn() -> bool,
    /// The same position for the fifth time.
    pub fivefold: &'a dyn Fn() -> bool,
    /// 100 plies without a capture or a pawn move, to claim.
    pub fifty: &'a dyn Fn() -> bool,
    /// The same position for the third time, to claim.
    pub threefold: &'a dyn Fn() -> bool,
}

/// python-chess's `outcome()`: the position's own end (`own`), then the
/// automatic draws (seventy-five moves, fivefold repetition), then with
/// `claim_draw` the draws that may be claimed (fifty moves, threefold
/// repetition): `Board`'s and the variant boards' one order.
pub(crate) fn outcome(
    own: Option<Outcome>,
    claim_draw: bool,
    rules: DrawRules<'_>,
) -> Option<PyOutcome> {
    if let Some(outcome) = own {
        return Some(outcome.into());
    }
    let draws = [
        (rules.seventyfive, Termination::SeventyFiveMoves, true),
        (rules.fivefold, Termination::FivefoldRepetition, true),
        (rules.fifty, Termination::FiftyMoves, claim_draw),
        (
            rules.threefold,
            Termination::ThreefoldRepetition,
            claim_draw,
        ),
    ];
    draws
        .into_iter()
        .find(|(rule, _, asked)| *asked && rule())
        .map(|(_, termination, _)| {
            Outcome {
                termination,
                winner: None,
            }
            .into()
        })
}

impl From<Outcome> for PyOutcome {
    fn from(outcome: Outcome) -> PyOutcome {
        PyOutcome {
            termination: outcome.termination.into(),
            winner: outcome.winner.map(|c| c == Color::White),
        }
    }
}

#[pymethods]
impl PyOutcome {
    #[new]
    fn new(termination: PyTermination, winner: Option<bool>) -> PyOutcome {
        PyOutcome {
            termination,
            winner,
        }
    }

    /// How the game ended.
    #[getter]
    fn termination(&self) -> PyTermination {
        self.termination
    }

    /// The winner (True: White), or None for a draw.
    #[getter]
    fn winner(&self) -> Option<bool> {
        self.winner
    }

    /// `"1-0"`, `"0-1"` or `"1/2-1/2"`.
    pub(crate) fn result(&self) -> &'static str {
        match self.winner {
            Some(true) => "1-0",
            Some(false) => "0-1",
            None => "1/2-1/2",
        }
    }

    fn __repr__(&self) -> String {
        let winner = match self.winner {
            Some(true) => "True",
            Some(false) => "False",
            None => "None",
        };
        format!(
            "Outcome(termination={}, winner={winner})",
            self.termination.__repr__()
        )
    }
}
