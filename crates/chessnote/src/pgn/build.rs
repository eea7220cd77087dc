//! Game trees from the reader: the visitor that builds them and the
//! iterators over a reader's games.

use alloc::string::String;
use alloc::vec::Vec;
use core::ops::ControlFlow::{self, Continue};

use super::input::{Input, SliceInput};
use super::tree::{GameTree, NodeId};
use super::{
    Encoding, GameResult, GameStart, Nag, PgnError, PgnErrorKind, RawComment, RawTag, ReadOptions,
    Reader, Replayer, Skip, Token, Visitor,
};
use crate::position::Position;
use crate::san::{San, SanPlus};
use crate::uci::Uci;

/// The visitor behind [`Reader::game_trees`]: builds a [`GameTree`] from
/// each game, variations included, replaying every move.
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
    replayer: Replayer,
    comment: Vec<u8>,
    pending: Vec<PgnError>,
}

/// A tree being built, and where in it the reader is.
#[derive(Debug)]
pub struct Growing {
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
        TreeBuilder {
            replayer: Replayer::new(options.san).fen_options(options.fen),
            comment: Vec::new(),
            pending: Vec::new(),
        }
    }

    fn text(g: &mut Growing, bytes: &[u8]) -> String {
        let (text, used) = super::decode_text(bytes);
        if used == Encoding::Latin1 {
            g.tree.encoding = Encoding::Latin1;
        }
        text.into_owned()
    }

    fn add(&mut self, g: &mut Growing, mv: Option<crate::Move>) {
        let node = g.tree.push_child(g.current, mv, false);
        if let Some(line) = g.lines.last_mut() {
            *line = (g.current, node);
        }
        let starting = core::mem::take(&mut g.starting);
        if g.tree.main_child(GameTree::ROOT) == Some(node) {
            // The first move of the mainline (a variation's, when the
            // mainline's own first move did not read): comments before it
            // are the game's, as the written text will say.
            g.tree[GameTree::ROOT].comments.extend(starting);
        } else {
            g.tree[node].starting_comments = starting;
        }
        g.current = node;
        g.fresh = false;
    }
}

impl Visitor for TreeBuilder {
    type Tags = Growing;
    type Movetext = Growing;
    type Output = GameTree;

    fn begin_game(&mut self, start: GameStart) -> ControlFlow<GameTree, Growing> {
        self.replayer.begin_game(start);
        self.pending.clear();
        self.comment.clear();
        let mut tree = GameTree::from_parts(Position::new());
        tree.index = start.index;
        tree.offset = start.location.byte;
        tree.line = start.location.line;
        Continue(Growing {
            tree,
            current: GameTree::ROOT,
            lines: alloc::vec![(GameTree::ROOT, GameTree::ROOT)],
            fresh: false,
            starting: Vec::new(),
        })
    }

    fn tag(&mut self, g: &mut Growing, name: &[u8], value: RawTag<'_>) -> ControlFlow<GameTree> {
        super::game::push_tag(&mut g.tree.tags, &mut g.tree.encoding, name, value);
        self.replayer.tag(name, value);
        Continue(())
    }

    fn begin_movetext(&mut self, mut g: Growing) -> ControlFlow<GameTree, Growing> {
        if let Err(error) = self.replayer.begin_movetext() {
            g.tree.errors.push(error);
        }
        let tags = core::mem::take(&mut g.tree.tags);
        let (index, offset, line, encoding) =
            (g.tree.index, g.tree.offset, g.tree.line, g.tree.encoding);
        g.tree = GameTree::from_parts(self.replayer.start().clone());
        g.tree.tags = tags;
        (g.tree.index, g.tree.offset, g.tree.line, g.tree.encoding) =
            (index, offset, line, encoding);
        Continue(g)
    }

    fn san(&mut self, g: &mut Growing, san: SanPlus, token: Token<'_>) -> ControlFlow<GameTree> {
        let stopped = self.replayer.is_stopped();
        match self.replayer.san(san, &token) {
            Ok(Some(mv)) => self.add(g, Some(mv)),
            Ok(None) if !stopped && san.san == San::Null => self.add(g, None),
            Ok(None) => {}
            Err(error) => g.tree.errors.push(error),
        }
        Continue(())
    }

    fn uci(&mut self, g: &mut Growing, uci: Uci, token: Token<'_>) -> ControlFlow<GameTree> {
        let stopped = self.replayer.is_stopped();
        match self.replayer.uci(uci, &token) {
            Ok(Some((mv, _))) => self.add(g, Some(mv)),
            Ok(None) if !stopped && uci == Uci::Null => self.add(g, None),
            Ok(None) => {}
            Err(error) => g.tree.errors.push(error),
        }
        Continue(())
    }

    fn nag(&mut self, g: &mut Growing, nag: Nag) -> ControlFlow<GameTree> {
        let current = g.current;
        g.tree[current].nags.push(nag);
        Continue(())
    }

    fn partial_comment(
        &mut self,
        _: &mut Growing,
        comment: RawComment<'_>,
    ) -> ControlFlow<GameTree> {
        self.comment.extend_from_slice(comment.as_bytes());
        Continue(())
    }

    fn comment(&mut self, g: &mut Growing, comment: RawComment<'_>) -> ControlFlow<GameTree> {
        let text = if self.comment.is_empty() {
            TreeBuilder::text(g, comment.as_bytes())
        } else {
            self.comment.extend_from_slice(comment.as_bytes());
            let whole = core::mem::take(&mut self.comment);
            let text = TreeBuilder::text(g, &whole);
            self.comment = whole;
            self.comment.clear();
            text
        };
        if g.fresh {
            g.starting.push(text);
        } else {
            let current = g.current;
            g.tree[current].comments.push(text);
        }
        Continue(())
    }

    fn begin_variation(&mut self, g: &mut Growing) -> ControlFlow<GameTree, Skip> {
        self.replayer.begin_variation();
        // A variation is an alternative to the last move of the line: it
        // starts from the node before it (before any move, it has nothing
        // to hang from: the replayer plays none of its moves).
        let before = g.lines.last().map_or(GameTree::ROOT, |line| line.0);
        g.lines.push((before, before));
        g.current = before;
        g.fresh = true;
        Continue(Skip(false))
    }

    fn end_variation(&mut self, g: &mut Growing) -> ControlFlow<GameTree> {
        self.replayer.end_variation();
        if g.lines.len() > 1 {
            g.lines.pop();
        }
        g.current = g.lines.last().map_or(GameTree::ROOT, |line| line.1);
        g.fresh = false;
        // Comments of a variation with no move stay with the move it
        // branched from.
        let starting = core::mem::take(&mut g.starting);
        let current = g.current;
        g.tree[current].comments.extend(starting);
        Continue(())
    }

    fn result(&mut self, g: &mut Growing, result: GameResult) -> ControlFlow<GameTree> {
        g.tree.marker = Some(result);
        Continue(())
    }

    fn error(&mut self, error: PgnError) -> ControlFlow<GameTree> {
        if matches!(
            error.kind(),
            PgnErrorKind::InvalidSan | PgnErrorKind::TooManyMoves
        ) {
            self.replayer.stop_line();
        }
        self.pending.push(error);
        Continue(())
    }

    fn end_game(&mut self, mut g: Growing) -> GameTree {
        let starting = core::mem::take(&mut g.starting);
        g.tree[GameTree::ROOT].comments.extend(starting);
        g.tree.errors.append(&mut self.pending);
        g.tree.errors.sort_by_key(|e| e.location().byte);
        g.tree
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
