//! A game's positions as diagrams: each with its last move, its king in
//! check and the shapes (`[%csl]`, `[%cal]`) of its comments.

use alloc::boxed::Box;
use alloc::string::{String, ToString};
use core::iter::FusedIterator;

use super::Game;
use super::any_position::AnyPosition;
use super::commands::Annotations;
use crate::diagram::Diagram;
use crate::fen::Setup;
use crate::position::{CastlingMode, Position};

impl Game {
    /// The diagram after `ply` half-moves of the mainline (0: the start
    /// position), or `None` when the replay did not reach it (the mainline
    /// is shorter, or a move before it is illegal: [`Game::errors`] says
    /// where). See [`Game::diagrams`] for what it marks.
    ///
    /// ```
    /// use chessnote::pgn::Reader;
    /// use chessnote::diagram::{Arrow, ShapeColor};
    /// use chessnote::Square;
    ///
    /// let pgn = b"1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 { [%cal Rh5f7] } 4. Qxf7# 1-0";
    /// let game = Reader::from_slice(pgn).games().next().unwrap();
    /// let mate = game.diagram(7).unwrap();
    /// assert_eq!(mate.last_move, Some((Square::H5, Square::F7)));
    /// assert_eq!(mate.check, Some(Square::E8));
    /// let before = game.diagram(6).unwrap();
    /// assert_eq!(before.arrows, [Arrow { color: ShapeColor::Red, from: Square::H5, to: Square::F7 }]);
    /// assert!(game.diagram(8).is_none());
    /// ```
    pub fn diagram(&self, ply: usize) -> Option<Diagram> {
        self.diagrams().nth(ply)
    }

    /// The diagrams of the mainline, one per position the replay reached:
    /// the start position (with the shapes of the comments before the first
    /// move), then the position after each move (with the move as the last
    /// move and the shapes of the comments after it). Each marks the king
    /// in check. Every diagram has White at the bottom and coordinates;
    /// change them on the diagrams as needed.
    ///
    /// The positions are played one after another, so all of a game's
    /// diagrams take linear time. A start position that is not legal gives
    /// its board alone.
    ///
    /// ```
    /// use chessnote::pgn::Reader;
    /// let game = Reader::from_slice(b"1. e4 e5 2. Ke3 Nc6 *").games().next().unwrap();
    /// // Ke3 is illegal: the start and the two moves before it.
    /// assert_eq!(game.diagrams().count(), 3);
    /// assert_eq!(game.errors.len(), 1);
    /// ```
    pub fn diagrams(&self) -> Diagrams<'_> {
        Diagrams {
            game: self,
            position: None,
            ply: 0,
            done: false,
        }
    }

    /// The last diagram of the mainline and its ply: the position where
    /// the replay ended (the start, when nothing was played). The moves
    /// before it are played, not drawn.
    ///
    /// ```
    /// use chessnote::pgn::Reader;
    /// use chessnote::Square;
    /// let game = Reader::from_slice(b"1. e4 e5 2. Nf3 *").games().next().unwrap();
    /// let (ply, diagram) = game.last_diagram();
    /// assert_eq!((ply, diagram.last_move), (3, Some((Square::G1, Square::F3))));
    /// ```
    pub fn last_diagram(&self) -> (usize, Diagram) {
        if self.moves_dropped() > 0 {
            // The moves before the last are gone: the end position is
            // whole ([`GameBuilder::last_move_only`](super::GameBuilder::last_move_only)).
            let ply = self.reached as usize;
            let mut diagram = match (self.variant_end(), self.end_position()) {
                (Some(position), _) => position.diagram(),
                (None, Some(position)) => position.diagram(),
                (None, None) => Diagram::new(self.start.board),
            };
            if let Some(mv) = self.move_at(ply).and_then(|m| m.mv) {
                diagram.set_last_move(mv);
            }
            add_shapes(&mut diagram, self.comments(ply));
            return (ply, diagram);
        }
        let mut diagrams = self.diagrams();
        while diagrams.advance() {}
        (diagrams.ply - 1, diagrams.drawn())
    }
}

/// The diagrams of a game's mainline; see [`Game::diagrams`].
///
/// `nth` and `last` play the moves they skip without drawing them.
#[derive(Clone, Debug)]
pub struct Diagrams<'a> {
    game: &'a Game,
    /// The position after the last ply reached (`None` before the start,
    /// or for a start position that is not legal), by the game's rules.
    position: Option<AnyPosition>,
    /// The ply of the next diagram.
    ply: usize,
    /// Whether the replay has no further position.
    done: bool,
}

/// Adds the shapes of `comments` to `diagram`.
fn add_shapes<'c>(diagram: &mut Diagram, comments: impl Iterator<Item = &'c str>) {
    for comment in comments {
        let notes = Annotations::parse(comment);
        diagram.squares.extend(notes.squares);
        diagram.arrows.extend(notes.arrows);
    }
}

impl Diagrams<'_> {
    /// Reaches the position of `self.ply` (and moves `self.ply` past it):
    /// false when the replay does not reach it.
    fn advance(&mut self) -> bool {
        let game = self.game;
        if self.done {
            return false;
        }
        if self.ply == 0 {
            let mode = if game.chess960 {
                CastlingMode::Chess960
            } else {
                CastlingMode::Standard
            };
            // A start that is not legal is drawn alone: nothing is played. A
            // variant's moves are played by its rules.
            self.position = match game.variant_start() {
                Some(start) => Some(AnyPosition::Variant(Box::new(start.clone()))),
                None => Position::from_setup(&game.start, mode)
                    .ok()
                    .map(AnyPosition::Chess),
            };
            self.done = self.position.is_none();
            self.ply = 1;
            return true;
        }
        let played = game.moves.get(self.ply - 1).filter(|m| m.played);
        let (Some(position), Some(played)) = (self.position.as_mut(), played) else {
            self.done = true;
            return false;
        };
        match played.mv {
            Some(mv) => position.play_unchecked(mv),
            None => {
                position.play_null();
            }
        }
        self.ply += 1;
        true
    }

    /// The position of the diagram last given (its FEN, with
    /// `to_string`): the game's start before any, and when the start is not
    /// a legal position.
    ///
    /// ```
    /// use chessnote::pgn::Reader;
    /// let game = Reader::from_slice(b"1. e4 e5 *").games().next().unwrap();
    /// let mut diagrams = game.diagrams();
    /// diagrams.nth(1).unwrap();
    /// assert_eq!(
    ///     diagrams.setup().to_string(),
    ///     "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    /// );
    /// ```
    pub fn setup(&self) -> Setup {
        match &self.position {
            Some(position) => position.position().to_setup(),
            None => self.game.start,
        }
    }

    /// The FEN of the ply last reached, with what a variant adds to the
    /// board (pockets, check counters), as [`Game::final_fen`] writes it.
    ///
    /// ```
    /// use chessnote::pgn::Reader;
    /// let pgn = b"[Variant \"Crazyhouse\"]\n\n1. e4 d5 2. exd5 *";
    /// let game = Reader::from_slice(pgn).games().next().unwrap();
    /// let mut diagrams = game.diagrams();
    /// assert!(diagrams.nth(3).is_some());
    /// assert_eq!(diagrams.fen(), "rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR/P b KQkq - 0 2");
    /// assert_eq!(Some(diagrams.fen()), game.final_fen());
    /// ```
    pub fn fen(&self) -> String {
        match &self.position {
            Some(position) => position.to_setup_text(),
            None => self.game.start.to_string(),
        }
    }

    /// The diagram of the ply last reached.
    fn drawn(&self) -> Diagram {
        let game = self.game;
        let ply = self.ply - 1;
        let mut diagram = match &self.position {
            Some(position) => position.diagram(),
            None => Diagram::new(game.start.board),
        };
        if let Some(mv) = ply.checked_sub(1).and_then(|i| game.moves[i].mv) {
            diagram.set_last_move(mv);
        }
        add_shapes(&mut diagram, game.comments(ply));
        diagram
    }
}

impl Iterator for Diagrams<'_> {
    type Item = Diagram;

    fn next(&mut self) -> Option<Diagram> {
        self.advance().then(|| self.drawn())
    }

    fn nth(&mut self, n: usize) -> Option<Diagram> {
        for _ in 0..n {
            if !self.advance() {
                return None;
            }
        }
        self.next()
    }

    fn last(mut self) -> Option<Diagram> {
        let mut any = false;
        while self.advance() {
            any = true;
        }
        any.then(|| self.drawn())
    }
}

impl FusedIterator for Diagrams<'_> {}
