//! Game trees from the reader: the visitor that builds them and the
//! iterators over a reader's games.

use alloc::string::String;
use alloc::vec::Vec;
use core::ops::ControlFlow::{self, Continue};

use super::any_position::AnyPosition;
use super::input::{Input, SliceInput};
use super::route::{Comment, replay_visitor};
use super::tree::{GameTree, NodeId};
use super::{
    Encoding, GameResult, GameSink, Nag, Ply, ReadOptions, Reader, Replay, ReplayOptions,
    ReplayState, VariationMode,
};
use crate::position::Position;

/// The visitor behind [`Reader::game_trees`]: builds a [`GameTree`] from
/// each game, variations included, replaying every move: a sink of the one
/// routing, [`Replay`].
///
/// Where things go: a comment or NAG after a move belongs to that move (a
/// comment after a variation's `)`, to the move the variation is an
/// alternative to); one before a variation's first move is that move's
/// starting comment; one before the game's first move belongs to the root.
/// These are python-chess's rules, so both read a game into the same tree.
///
/// ```
/// use chessnote::pgn::{GameTree, Reader, TreeBuilder};
/// let pgn = b"{start} 1. e4 (1. d4 {queen pawn}) ({wing} 1. b4) 1... e5 *";
/// let mut reader = Reader::from_slice(pgn);
/// let tree = reader.read_game(&mut TreeBuilder::new(*reader.options()))?.unwrap();
/// assert_eq!(tree[GameTree::ROOT].comments, ["start"]);
/// let b4 = tree.variations(GameTree::ROOT).nth(2).unwrap();
/// assert_eq!(tree[b4].starting_comments, ["wing"]);
/// # Ok::<(), core::convert::Infallible>(())
/// ```
#[derive(Clone, Debug)]
pub struct TreeBuilder {
    replay: Replay<Grow>,
}

replay_visitor!(TreeBuilder, replay, GameTree);

/// The sink that grows a tree, and where in it the reader is.
#[derive(Clone, Debug)]
struct Grow {
    tree: GameTree,
    /// The node the next move follows: the last node of the current line.
    current: NodeId,
    /// The open lines, as the replayer has them: the node before each
    /// line's last move, and the node after it (so a variation opens where
    /// the replayer opens it, whatever came before: an illegal move, an
    /// empty variation).
    lines: Vec<(NodeId, NodeId)>,
    /// Right after a `(`: comments are the next move's starting comments.
    fresh: bool,
    starting: Vec<String>,
}

impl TreeBuilder {
    /// A builder that replays with the SAN and FEN leniencies of `options`
    /// (pass the reader's).
    pub fn new(options: ReadOptions) -> TreeBuilder {
        let grow = Grow {
            tree: GameTree::from_parts(AnyPosition::Chess(Position::new())),
            current: GameTree::ROOT,
            lines: Vec::new(),
            fresh: false,
            starting: Vec::new(),
        };
        let options = ReplayOptions::new(options)
            .variations(VariationMode::Replay)
            .comments(true);
        TreeBuilder {
            replay: Replay::new(grow, options),
        }
    }
}

impl Grow {
    fn add(&mut self, mv: Option<crate::Move>) {
        let node = self.tree.push_child(self.current, mv, false);
        if let Some(line) = self.lines.last_mut() {
            *line = (self.current, node);
        }
        let starting = core::mem::take(&mut self.starting);
        if self.tree.main_child(GameTree::ROOT) == Some(node) {
            // The first move of the mainline (a variation's, when the
            // mainline's own first move did not read): comments before it
            // are the game's, as the written text will say.
            self.tree[GameTree::ROOT].comments.extend(starting);
        } else {
            self.tree[node].starting_comments = starting;
        }
        self.current = node;
        self.fresh = false;
    }
}

impl GameSink for Grow {
    type Output = GameTree;

    fn begin_game(&mut self, state: &ReplayState) {
        let start = state.game();
        let mut tree = GameTree::from_parts(AnyPosition::Chess(Position::new()));
        tree.index = start.index;
        tree.offset = start.location.byte;
        tree.line = start.location.line;
        self.tree = tree;
        self.current = GameTree::ROOT;
        self.lines.clear();
        self.lines.push((GameTree::ROOT, GameTree::ROOT));
        self.fresh = false;
        self.starting.clear();
    }

    fn begin_movetext(&mut self, state: &ReplayState) -> ControlFlow<()> {
        let (index, offset, line) = (self.tree.index, self.tree.offset, self.tree.line);
        self.tree = GameTree::from_parts(state.start_position().clone());
        self.tree.tags = state.tags().to_vec();
        self.tree.encoding = state.tags().encoding();
        (self.tree.index, self.tree.offset, self.tree.line) = (index, offset, line);
        Continue(())
    }

    fn ply(&mut self, _: &ReplayState, ply: &Ply<'_>) {
        if ply.played {
            self.add(ply.mv);
        }
    }

    fn nag(&mut self, _: &ReplayState, nag: Nag) {
        let current = self.current;
        self.tree[current].nags.push(nag);
    }

    fn comment(&mut self, _: &ReplayState, comment: &Comment<'_>) {
        let (text, encoding) = comment.text();
        if encoding == Encoding::Latin1 {
            self.tree.encoding = Encoding::Latin1;
        }
        let text = text.into_owned();
        if self.fresh {
            self.starting.push(text);
        } else {
            let current = self.current;
            self.tree[current].comments.push(text);
        }
    }

    fn begin_variation(&mut self, _: &ReplayState) {
        // A variation is an alternative to the last move of the line: it
        // starts from the node before it (before any move, it has nothing
        // to hang from: the replayer plays none of its moves).
        let before = self.lines.last().map_or(GameTree::ROOT, |line| line.0);
        self.lines.push((before, before));
        self.current = before;
        self.fresh = true;
    }

    fn end_variation(&mut self, _: &ReplayState) {
        if self.lines.len() > 1 {
            self.lines.pop();
        }
        self.current = self.lines.last().map_or(GameTree::ROOT, |line| line.1);
        self.fresh = false;
        // Comments of a variation with no move stay with the move it
        // branched from.
        let starting = core::mem::take(&mut self.starting);
        let current = self.current;
        self.tree[current].comments.extend(starting);
    }

    fn result(&mut self, _: &ReplayState, result: GameResult) {
        self.tree.marker = Some(result);
    }

    fn end_game(&mut self, state: &mut ReplayState) -> GameTree {
        let starting = core::mem::take(&mut self.starting);
        self.tree[GameTree::ROOT].comments.extend(starting);
        (self.tree.errors, self.tree.warnings) = state.take_problems();
        core::mem::replace(
            &mut self.tree,
            GameTree::from_parts(AnyPosition::Chess(Position::new())),
        )
    }
}

/// The games of a reader as [`GameTree`]s, or the input's errors.
#[derive(Debug)]
pub struct GameTrees<I> {
    reader: Reader<I>,
    builder: TreeBuilder,
}

impl<I: Input> Iterator for GameTrees<I> {
    type Item = Result<GameTree, I::Error>;

    fn next(&mut self) -> Option<Result<GameTree, I::Error>> {
        self.reader.read_game(&mut self.builder).transpose()
    }
}

impl<I> GameTrees<I> {
    /// The reader, to ask where it is.
    pub fn reader(&self) -> &Reader<I> {
        &self.reader
    }
}

/// The games of bytes in memory as [`GameTree`]s (reading cannot fail).
#[derive(Debug)]
pub struct SliceGameTrees<'a>(GameTrees<SliceInput<'a>>);

impl Iterator for SliceGameTrees<'_> {
    type Item = GameTree;

    fn next(&mut self) -> Option<GameTree> {
        self.0.next().map(|tree| match tree {
            Ok(tree) => tree,
            Err(never) => match never {},
        })
    }
}

impl<I: Input> Reader<I> {
    /// The games as trees (variations, comments and NAGs in place, moves
    /// replayed with the reader's options), or the input's errors.
    pub fn into_game_trees(self) -> GameTrees<I> {
        let builder = TreeBuilder::new(*self.options());
        GameTrees {
            reader: self,
            builder,
        }
    }
}

impl<'a> Reader<SliceInput<'a>> {
    /// The games as trees (see [`GameTree`]).
    ///
    /// ```
    /// use chessnote::pgn::Reader;
    /// let trees: Vec<_> = Reader::from_slice(b"1. e4 (1. d4) e5 *\n\n1. c4 *").game_trees().collect();
    /// assert_eq!(trees.len(), 2);
    /// assert_eq!(trees[0].len(), 4);
    /// ```
    pub fn game_trees(self) -> SliceGameTrees<'a> {
        SliceGameTrees(self.into_game_trees())
    }
}

#[cfg(feature = "std")]
impl<R: std::io::Read> Reader<super::IoInput<R>> {
    /// The games as trees, or the I/O errors.
    pub fn game_trees(self) -> GameTrees<super::IoInput<R>> {
        self.into_game_trees()
    }
}
