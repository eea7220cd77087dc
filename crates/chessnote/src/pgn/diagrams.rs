//! A game's positions as diagrams: each with its last move, its king in
//! check and the shapes (`[%csl]`, `[%cal]`) of its comments.

use alloc::string::String;
use core::iter::FusedIterator;

use super::Game;
use super::commands::Annotations;
use crate::diagram::Diagram;
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
        }
    }
}

/// The diagrams of a game's mainline; see [`Game::diagrams`].
#[derive(Clone, Debug)]
pub struct Diagrams<'a> {
    game: &'a Game,
    /// The position of the last diagram given (`None` before the first,
    /// and once no more can be played).
    position: Option<Position>,
    /// The ply of the next diagram.
    ply: usize,
}

/// Adds the shapes of `comments` to `diagram`.
fn add_shapes(diagram: &mut Diagram, comments: &[String]) {
    for comment in comments {
        let notes = Annotations::parse(comment);
        diagram.squares.extend(notes.squares);
        diagram.arrows.extend(notes.arrows);
    }
}

impl Iterator for Diagrams<'_> {
    type Item = Diagram;

    fn next(&mut self) -> Option<Diagram> {
        let game = self.game;
        let mut diagram = if self.ply == 0 {
            let mode = if game.chess960 {
                CastlingMode::Chess960
            } else {
                CastlingMode::Standard
            };
            match Position::from_setup(&game.start, mode) {
                Ok(position) => {
                    let diagram = position.diagram();
                    self.position = Some(position);
                    diagram
                }
                // Nothing can be played from it: the board alone, once.
                Err(_) => Diagram::new(game.start.board),
            }
        } else {
            let position = self.position.as_mut()?;
            let Some(played) = game.moves.get(self.ply - 1).filter(|m| m.played) else {
                self.position = None;
                return None;
            };
            match played.mv {
                Some(mv) => position.play_unchecked(mv),
                None => {
                    position.play_null();
                }
            }
            let mut diagram = position.diagram();
            if let Some(mv) = played.mv {
                diagram.set_last_move(mv);
            }
            diagram
        };
        let comments = match self.ply {
            0 => &game.comments,
            ply => &game.moves[ply - 1].comments,
        };
        add_shapes(&mut diagram, comments);
        self.ply += 1;
        Some(diagram)
    }
}

impl FusedIterator for Diagrams<'_> {}
