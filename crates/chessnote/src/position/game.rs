//! A game: a position and the positions before it, for repetitions.

use alloc::vec::Vec;

use super::{IllegalMoveError, Outcome, Position, Termination};
use crate::Move;

/// A position with its history since the start, so that repetitions can be
/// counted (by [`Position::hash`], with the en-passant square counting only
/// when a capture there is legal, as FIDE rules say).
///
/// ```
/// use chessnote::position::{Game, Position, Termination};
/// use chessnote::Square::{F3, F6, G1, G8};
///
/// let mut game = Game::new(Position::new());
/// for _ in 0..2 {
///     for (from, to) in [(G1, F3), (G8, F6), (F3, G1), (F6, G8)] {
///         let m = game.position().legal_moves().iter().copied()
///             .find(|m| m.from() == from && m.to() == to).unwrap();
///         game.play(m)?;
///     }
/// }
/// assert_eq!(game.repetitions(), 3);
/// assert!(game.is_threefold_repetition());
/// assert_eq!(game.claimable_draw(), Some(Termination::ThreefoldRepetition));
/// assert_eq!(game.outcome(), None);
/// # Ok::<(), chessnote::position::IllegalMoveError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    position: Position,
    keys: Vec<u64>,
}

impl Game {
    /// A game from `position`.
    ///
    /// ```
    /// use chessnote::position::{Game, Position};
    /// assert_eq!(Game::new(Position::new()).repetitions(), 1);
    /// ```
    pub fn new(position: Position) -> Game {
        let keys = alloc::vec![position.repetition_key()];
        Game { position, keys }
    }

    /// The current position.
    ///
    /// ```
    /// use chessnote::position::{Game, Position};
    /// assert_eq!(Game::new(Position::new()).position(), &Position::new());
    /// ```
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The number of plies played.
    ///
    /// ```
    /// use chessnote::position::{Game, Position};
    /// assert_eq!(Game::new(Position::new()).plies(), 0);
    /// ```
    pub fn plies(&self) -> usize {
        self.keys.len() - 1
    }

    /// Plays a legal move.
    ///
    /// # Errors
    ///
    /// [`IllegalMoveError`] when the move is not legal in the current position; the game is unchanged.
    ///
    /// ```
    /// use chessnote::position::{Game, Position};
    /// let mut game = Game::new(Position::new());
    /// let m = game.position().legal_moves()[0];
    /// game.play(m)?;
    /// assert_eq!(game.plies(), 1);
    /// # Ok::<(), chessnote::position::IllegalMoveError>(())
    /// ```
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMoveError> {
        self.position.play(mv)?;
        self.keys.push(self.position.repetition_key());
        Ok(())
    }

    /// How many times the current position has occurred (at least 1).
    ///
    /// ```
    /// use chessnote::position::{Game, Position};
    /// assert_eq!(Game::new(Position::new()).repetitions(), 1);
    /// ```
    pub fn repetitions(&self) -> usize {
        let Some(&last) = self.keys.last() else {
            return 0;
        };
        // An irreversible move (capture, pawn move, lost castling right)
        // changes the key for good, so positions before it never match;
        // still, only the last `halfmoves` plies can repeat.
        let window = usize::from(self.position.halfmoves()).min(self.keys.len() - 1);
        self.keys[self.keys.len() - 1 - window..]
            .iter()
            .filter(|&&k| k == last)
            .count()
    }

    /// Whether the position occurred three times or more (a draw can be claimed).
    ///
    /// ```
    /// use chessnote::position::{Game, Position};
    /// assert!(!Game::new(Position::new()).is_threefold_repetition());
    /// ```
    pub fn is_threefold_repetition(&self) -> bool {
        self.repetitions() >= 3
    }

    /// Whether the position occurred five times or more (an automatic draw).
    ///
    /// ```
    /// use chessnote::position::{Game, Position};
    /// assert!(!Game::new(Position::new()).is_fivefold_repetition());
    /// ```
    pub fn is_fivefold_repetition(&self) -> bool {
        self.repetitions() >= 5
    }

    /// How the game has ended by itself, if it has: the position's
    /// [`Position::outcome`], or a fivefold repetition.
    ///
    /// ```
    /// use chessnote::position::{Game, Position};
    /// assert_eq!(Game::new(Position::new()).outcome(), None);
    /// ```
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(outcome) = self.position.outcome() {
            return Some(outcome);
        }
        self.is_fivefold_repetition().then_some(Outcome {
            termination: Termination::FivefoldRepetition,
            winner: None,
        })
    }

    /// A draw the side to move may claim now, if any: the fifty-move rule
    /// or a threefold repetition.
    ///
    /// ```
    /// use chessnote::position::{Game, Position};
    /// assert_eq!(Game::new(Position::new()).claimable_draw(), None);
    /// ```
    pub fn claimable_draw(&self) -> Option<Termination> {
        if self.position.is_fifty_moves() {
            Some(Termination::FiftyMoves)
        } else if self.is_threefold_repetition() {
            Some(Termination::ThreefoldRepetition)
        } else {
            None
        }
    }
}
