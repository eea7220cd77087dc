//! The game tree: a game with its variations, to walk, edit and write.

use alloc::string::String;
use alloc::vec::Vec;
use core::ops::{Index, IndexMut};

use super::any_position::AnyPosition;
use super::commands::{Annotations, Centis, Eval, commands, write_clock};
use super::write::{Layout, WriteOptions, result_text, write_tags};
use super::{Encoding, GameResult, Nag, PgnError};
use crate::position::WriteNotation;
use crate::position::{IllegalMoveError, MoveError, Notation, Position, VariantPosition};
use crate::san::SanOptions;
use crate::{Move, Variant};

const NONE: u32 = u32::MAX;
/// The parent of a slot that holds no node (removed, free for reuse).
const FREE: u32 = u32::MAX - 1;

/// A node of a [`GameTree`]: an index into its arena, `Copy` and small.
/// [`GameTree::ROOT`] is the position before the first move.
///
/// An id stays valid while its node is in the tree; after
/// [`GameTree::remove`] its slot may be reused for a new node (as in a
/// slab), so do not keep ids of removed nodes.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct NodeId(u32);

impl NodeId {
    /// The node's index in the arena.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// What a node holds: the move that leads to it and its annotations. The
/// links between nodes are the tree's ([`GameTree::parent`],
/// [`GameTree::variations`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Node {
    mv: Option<Move>,
    /// Comments before the move (written after a variation's `(`). Those
    /// of the mainline's first move, and of the root, are written with the
    /// root's comments, and read back as the root's.
    pub starting_comments: Vec<String>,
    /// NAGs after the move (at the root: before the first move).
    pub nags: Vec<Nag>,
    /// Comments after the move (at the root: before the first move).
    pub comments: Vec<String>,
    parent: u32,
    first_child: u32,
    next_sibling: u32,
}

impl Node {
    /// The move that leads here: `None` at the root and for a null move
    /// (a pass, `--` in SAN). Moves are set by the tree's methods, which
    /// check that they are legal.
    pub fn mv(&self) -> Option<Move> {
        self.mv
    }

    fn new(parent: u32, mv: Option<Move>) -> Node {
        Node {
            mv,
            starting_comments: Vec::new(),
            nags: Vec::new(),
            comments: Vec::new(),
            parent,
            first_child: NONE,
            next_sibling: NONE,
        }
    }

    /// The clock after the move: the first `[%clk]` of its comments.
    pub fn clock(&self) -> Option<Centis> {
        self.comments
            .iter()
            .find_map(|c| Annotations::parse(c).clock)
    }

    /// The evaluation after the move: the first `[%eval]` of its comments.
    pub fn eval(&self) -> Option<Eval> {
        self.comments
            .iter()
            .find_map(|c| Annotations::parse(c).eval)
    }

    /// Sets the clock: replaces the first `[%clk]` of the comments, or adds
    /// one to the first comment (a new comment if there is none).
    pub fn set_clock(&mut self, clock: Centis) {
        let mut command = String::new();
        write_clock(&mut command, clock);
        self.set_command("clk", &command);
    }

    /// Sets the evaluation, as [`Node::set_clock`] does the clock.
    pub fn set_eval(&mut self, eval: Eval) {
        self.set_command("eval", &alloc::format!("{eval}"));
    }

    fn set_command(&mut self, name: &str, command: &str) {
        for comment in &mut self.comments {
            if let Some(found) = commands(comment).find(|c| c.name == name) {
                comment.replace_range(found.span, command);
                return;
            }
        }
        match self.comments.first_mut() {
            Some(first) => {
                let rest = core::mem::take(first);
                *first = String::from(command);
                if !rest.trim().is_empty() {
                    first.push(' ');
                    first.push_str(rest.trim());
                }
            }
            None => self.comments.push(String::from(command)),
        }
    }
}

/// A game with its variations, as an arena of [`Node`]s: python-chess's
/// `Game` in Rust's idiom. The root ([`GameTree::ROOT`]) is the start
/// position; each other node is a move, with its comments and NAGs, and
/// its children are the moves that can follow, the first one the main
/// line.
///
/// Every walk, comparison, clone and drop is iterative: a game of a
/// million plies or of a million nested variations is fine. Memory is one
/// node (about 100 bytes plus its comments) per move.
///
/// Moves in the tree are legal: adding checks them, and a tree read from
/// PGN holds the moves that replayed (an illegal move is in
/// [`errors`](GameTree::errors), and the rest of its line left out).
///
/// ```
/// use chessnote::pgn::{GameTree, Nag, Reader, WriteOptions};
/// use chessnote::position::Notation;
///
/// let mut tree = Reader::from_slice(b"1. e4 e5 (1... c5 2. Nf3) 2. Nf3 *").game_trees().next().unwrap();
/// let e5 = tree.mainline().nth(1).unwrap();
/// let c5 = tree.variations(tree.parent(e5).unwrap()).nth(1).unwrap();
/// tree.promote_to_main(c5);
/// tree[c5].nags.push(Nag::GOOD_MOVE);
/// let d4 = tree.add_move_text(e5, Notation::San, "d4")?;
/// tree[d4].comments.push("an idea".into());
/// assert_eq!(
///     tree.to_pgn(&WriteOptions::STANDARD.columns(None)).lines().last().unwrap(),
///     "1. e4 c5 $1 ( 1... e5 2. Nf3 ( 2. d4 { an idea } ) ) 2. Nf3 *"
/// );
/// # Ok::<(), chessnote::position::MoveError>(())
/// ```
#[derive(Clone, Debug)]
pub struct GameTree {
    /// The game's number in the input, from 0 (0 for a tree made here).
    pub index: u64,
    /// The byte offset of its first byte in the input.
    pub offset: u64,
    /// The line of its first byte, from 1.
    pub line: u64,
    /// The tag pairs, in input order, escapes decoded. The writer adds the
    /// Seven Tag Roster's missing tags.
    pub tags: Vec<(String, String)>,
    /// [`Encoding::Latin1`] when a tag or comment was not valid UTF-8.
    pub encoding: Encoding,
    /// The termination marker as read, if any (the writer writes the
    /// `Result` tag's value, see [`GameTree::result`]).
    pub marker: Option<GameResult>,
    /// The problems found when reading it.
    pub errors: Vec<PgnError>,
    /// Every warning, in input order: moves written off the standard and
    /// played ([`PgnError::is_warning`]).
    pub warnings: Vec<PgnError>,
    start: AnyPosition,
    nodes: Vec<Node>,
    free: Vec<u32>,
}

impl Default for GameTree {
    fn default() -> GameTree {
        GameTree::new()
    }
}

impl GameTree {
    /// The root: the start position, before the first move.
    pub const ROOT: NodeId = NodeId(0);

    /// A game from the standard start, with no tags and no moves.
    pub fn new() -> GameTree {
        GameTree::from_position(Position::new())
    }

    /// A game from `start`: its `FEN` and `SetUp` tags are set unless it
    /// is the standard start, and `Variant "Chess960"` when its castling
    /// is Chess960's.
    ///
    /// ```
    /// use chessnote::pgn::GameTree;
    /// use chessnote::position::{CastlingMode, Position};
    /// let setup = "4k3/8/8/8/8/8/8/4K2R w K - 0 1".parse().unwrap();
    /// let tree = GameTree::from_position(Position::from_setup(&setup, CastlingMode::Standard).unwrap());
    /// assert_eq!(tree.tag("FEN"), Some("4k3/8/8/8/8/8/8/4K2R w K - 0 1"));
    /// assert_eq!(tree.tag("SetUp"), Some("1"));
    /// ```
    pub fn from_position(start: Position) -> GameTree {
        let mut tree = GameTree::from_parts(AnyPosition::Chess(start));
        let setup = tree.start().to_setup();
        if setup != Position::new().to_setup() {
            // python-chess's order (`Game.setup`).
            tree.tags
                .push((String::from("FEN"), alloc::format!("{setup}")));
            tree.tags.push((String::from("SetUp"), String::from("1")));
        }
        if tree.start().castling_mode() == crate::position::CastlingMode::Chess960 {
            tree.tags
                .push((String::from("Variant"), String::from("Chess960")));
        }
        tree
    }

    /// A game of a variant from `start`: its `Variant` tag is set, and its
    /// `FEN` and `SetUp` tags unless it is the variant's own start.
    ///
    /// ```
    /// use chessnote::Variant;
    /// use chessnote::pgn::GameTree;
    /// use chessnote::position::VariantPosition;
    /// let tree = GameTree::from_variant_position(VariantPosition::new(Variant::Atomic));
    /// assert_eq!(tree.tag("Variant"), Some("Atomic"));
    /// assert_eq!(tree.tag("FEN"), None);
    /// assert_eq!(tree.variant(), Variant::Atomic);
    /// ```
    pub fn from_variant_position(start: VariantPosition) -> GameTree {
        let variant = start.variant();
        if variant == Variant::Standard {
            return GameTree::from_position(start.position().clone());
        }
        let setup = start.to_variant_setup();
        let own = VariantPosition::new(variant).to_variant_setup();
        let mut tree = GameTree::from_parts(AnyPosition::Variant(alloc::boxed::Box::new(start)));
        tree.tags
            .push((String::from("Variant"), String::from(variant.name())));
        if setup != own {
            tree.tags
                .push((String::from("FEN"), alloc::format!("{setup}")));
            tree.tags.push((String::from("SetUp"), String::from("1")));
        }
        tree
    }

    /// A tree from `start` with no tags (the reader sets them).
    pub(crate) fn from_parts(start: AnyPosition) -> GameTree {
        GameTree {
            index: 0,
            offset: 0,
            line: 1,
            tags: Vec::new(),
            encoding: Encoding::Utf8,
            marker: None,
            errors: Vec::new(),
            warnings: Vec::new(),
            start,
            nodes: alloc::vec![Node::new(NONE, None)],
            free: Vec::new(),
        }
    }

    /// The start position (in a variant, its board: see
    /// [`GameTree::variant_start`]).
    pub fn start(&self) -> &Position {
        self.start.position()
    }

    /// The rules the game is played by.
    pub fn variant(&self) -> Variant {
        self.start.variant()
    }

    /// In a variant, the start position with what the variant adds to the
    /// board (pockets, check counters).
    pub fn variant_start(&self) -> Option<&VariantPosition> {
        self.start.variant_position()
    }

    /// The value of the first tag of that name.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Sets a tag: replaces the value of the first of that name, or adds
    /// it at the end.
    pub fn set_tag(&mut self, name: &str, value: &str) {
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some((_, v)) => *v = String::from(value),
            None => self.tags.push((String::from(name), String::from(value))),
        }
    }

    /// The result the writer writes: the `Result` tag's value unless it is
    /// missing or `*`, then the termination marker, else `*`.
    pub fn result(&self) -> &str {
        result_text(&WriteOptions::PYTHON_CHESS, self.tag("Result"), self.marker)
    }

    /// How many nodes the tree has, the root included.
    pub fn len(&self) -> usize {
        self.nodes.len() - self.free.len()
    }

    /// Whether the game has no moves.
    pub fn is_empty(&self) -> bool {
        self.nodes[0].first_child == NONE
    }

    /// Whether `id` is a node of this tree.
    pub fn contains(&self, id: NodeId) -> bool {
        self.nodes.get(id.index()).is_some_and(|n| n.parent != FREE)
    }

    /// The node whose [`NodeId::index`] is `index`, if one is in the tree
    /// (for ids kept as numbers, by bindings or in files).
    ///
    /// ```
    /// use chessnote::pgn::{GameTree, Reader};
    /// let tree = Reader::from_slice(b"1. e4 e5 *").game_trees().next().unwrap();
    /// let e5 = tree.mainline().nth(1).unwrap();
    /// assert_eq!(tree.node_at(e5.index()), Some(e5));
    /// assert_eq!(tree.node_at(99), None);
    /// ```
    pub fn node_at(&self, index: usize) -> Option<NodeId> {
        let id = NodeId(u32::try_from(index).ok()?);
        self.contains(id).then_some(id)
    }

    /// The node's parent (`None` for the root, or a node not in the tree).
    pub fn parent(&self, id: NodeId) -> Option<NodeId> {
        let parent = self.nodes[id.index()].parent;
        (parent < FREE).then_some(NodeId(parent))
    }

    /// The moves that follow `id`: the main one first, then the
    /// variations, in order.
    pub fn variations(&self, id: NodeId) -> Variations<'_> {
        Variations {
            tree: self,
            next: self.nodes[id.index()].first_child,
        }
    }

    /// The main move after `id` (python-chess's `next()`).
    pub fn main_child(&self, id: NodeId) -> Option<NodeId> {
        let child = self.nodes[id.index()].first_child;
        (child != NONE).then_some(NodeId(child))
    }

    /// Whether `id` is the first (main) move among its siblings; the root
    /// is.
    pub fn is_main_variation(&self, id: NodeId) -> bool {
        self.parent(id)
            .is_none_or(|p| self.nodes[p.index()].first_child == id.0)
    }

    /// Whether `id` is on the game's mainline.
    pub fn is_mainline(&self, id: NodeId) -> bool {
        let mut node = id;
        while let Some(parent) = self.parent(node) {
            if self.nodes[parent.index()].first_child != node.0 {
                return false;
            }
            node = parent;
        }
        true
    }

    /// The mainline's nodes, from the first move to the last.
    pub fn mainline(&self) -> Mainline<'_> {
        Mainline {
            tree: self,
            next: self.nodes[0].first_child,
        }
    }

    /// The mainline's moves (`None` for a null move).
    pub fn mainline_moves(&self) -> impl Iterator<Item = Option<Move>> + '_ {
        self.mainline().map(|id| self.nodes[id.index()].mv)
    }

    /// The last node of the main line from `id` on.
    pub fn end(&self, id: NodeId) -> NodeId {
        let mut node = id;
        while let Some(child) = self.main_child(node) {
            node = child;
        }
        node
    }

    /// How many moves lead from the root to `id`.
    pub fn ply(&self, id: NodeId) -> usize {
        let mut ply = 0;
        let mut node = id;
        while let Some(parent) = self.parent(node) {
            ply += 1;
            node = parent;
        }
        ply
    }

    /// The moves from the root to `id`, in order.
    pub fn moves_to(&self, id: NodeId) -> Vec<Option<Move>> {
        let mut moves = Vec::new();
        let mut node = id;
        while let Some(parent) = self.parent(node) {
            moves.push(self.nodes[node.index()].mv);
            node = parent;
        }
        moves.reverse();
        moves
    }

    /// The node, or `None` if `id` is not in the tree.
    pub fn get(&self, id: NodeId) -> Option<&Node> {
        self.contains(id).then(|| &self.nodes[id.index()])
    }

    /// The node to change, or `None` if `id` is not in the tree.
    pub fn get_mut(&mut self, id: NodeId) -> Option<&mut Node> {
        if self.contains(id) {
            Some(&mut self.nodes[id.index()])
        } else {
            None
        }
    }

    /// The move that leads to `id`, written in `notation` from the
    /// position before it (python-chess's `node.san()`); `None` at the
    /// root.
    ///
    /// ```
    /// use chessnote::pgn::Reader;
    /// use chessnote::position::Notation;
    /// let tree = Reader::from_slice(b"1. e4 e5 2. Nf3 *").game_trees().next().unwrap();
    /// let nf3 = tree.mainline().last().unwrap();
    /// assert_eq!(tree.move_text(nf3, Notation::Uci).as_deref(), Some("g1f3"));
    /// ```
    ///
    /// # Panics
    ///
    /// When `id` is not in the tree.
    pub fn move_text(&self, id: NodeId, notation: impl Into<WriteNotation>) -> Option<String> {
        let parent = self.parent(self.check(id))?;
        let mut out = String::new();
        self.any_position(parent)
            .write_move(&mut out, self.nodes[id.index()].mv, notation.into());
        Some(out)
    }

    /// `id`, if it is in the tree; panics otherwise.
    #[track_caller]
    fn check(&self, id: NodeId) -> NodeId {
        assert!(self.contains(id), "{id:?} is not a node of this tree");
        id
    }

    /// The position at `id` (after its move), replayed from the start.
    ///
    /// # Panics
    ///
    /// When `id` is not in the tree.
    pub fn position(&self, id: NodeId) -> Position {
        match self.any_position(id) {
            AnyPosition::Chess(position) => position,
            AnyPosition::Variant(position) => position.position().clone(),
        }
    }

    /// In a variant, the position at `id` (after its move) with what the
    /// variant adds to the board, replayed from the start.
    ///
    /// # Panics
    ///
    /// When `id` is not in the tree.
    pub fn variant_position(&self, id: NodeId) -> Option<VariantPosition> {
        match self.any_position(id) {
            AnyPosition::Chess(_) => None,
            AnyPosition::Variant(position) => Some(*position),
        }
    }

    /// The position at `id`, replayed by the game's rules.
    pub(crate) fn any_position(&self, id: NodeId) -> AnyPosition {
        self.check(id);
        let mut position = self.start.clone();
        for mv in self.moves_to(id) {
            match mv {
                Some(mv) => position.play_unchecked(mv),
                None => {
                    position.play_null();
                }
            }
        }
        position
    }

    fn alloc(&mut self, node: Node) -> u32 {
        match self.free.pop() {
            Some(slot) => {
                self.nodes[slot as usize] = node;
                slot
            }
            None => {
                let slot = self.nodes.len() as u32;
                self.nodes.push(node);
                slot
            }
        }
    }

    /// Links a new node as the last (or, `first`, the first) child of
    /// `parent`, without checking its move.
    pub(super) fn push_child(&mut self, parent: NodeId, mv: Option<Move>, first: bool) -> NodeId {
        let id = self.alloc(Node::new(parent.0, mv));
        let head = self.nodes[parent.index()].first_child;
        if first || head == NONE {
            self.nodes[id as usize].next_sibling = head;
            self.nodes[parent.index()].first_child = id;
        } else {
            let mut last = head;
            while self.nodes[last as usize].next_sibling != NONE {
                last = self.nodes[last as usize].next_sibling;
            }
            self.nodes[last as usize].next_sibling = id;
        }
        NodeId(id)
    }

    /// Adds `mv` after `parent`, as its last variation (its main move if it
    /// has none), and gives the new node. A move already there is not
    /// added twice: its node is given.
    ///
    /// # Errors
    ///
    /// [`IllegalMoveError`] when `mv` is not legal at `parent`.
    ///
    /// # Panics
    ///
    /// When `parent` is not in the tree.
    ///
    /// ```
    /// use chessnote::pgn::GameTree;
    /// use chessnote::Square;
    /// let mut tree = GameTree::new();
    /// let mv = *tree.start().legal_moves().iter().find(|m| m.to() == Square::E4).unwrap();
    /// let e4 = tree.add_variation(GameTree::ROOT, mv)?;
    /// assert_eq!(tree.mainline().collect::<Vec<_>>(), [e4]);
    /// # Ok::<(), chessnote::position::IllegalMoveError>(())
    /// ```
    pub fn add_variation(&mut self, parent: NodeId, mv: Move) -> Result<NodeId, IllegalMoveError> {
        self.add(parent, mv, false)
    }

    /// Adds `mv` after `parent` as its main move (the former main move
    /// becomes the first variation).
    ///
    /// # Errors
    ///
    /// [`IllegalMoveError`] when `mv` is not legal at `parent`.
    ///
    /// # Panics
    ///
    /// When `parent` is not in the tree.
    pub fn add_main_variation(
        &mut self,
        parent: NodeId,
        mv: Move,
    ) -> Result<NodeId, IllegalMoveError> {
        let id = self.add(parent, mv, true)?;
        self.promote_to_main(id);
        Ok(id)
    }

    fn add(&mut self, parent: NodeId, mv: Move, first: bool) -> Result<NodeId, IllegalMoveError> {
        let mut position = self.any_position(parent);
        position.play(mv)?;
        if let Some(existing) = self.variations(parent).find(|&c| self[c].mv == Some(mv)) {
            return Ok(existing);
        }
        Ok(self.push_child(parent, Some(mv), first))
    }

    /// Adds a null move (a pass) after `parent`, as its last variation (or
    /// gives the one already there). `None` when the side to move is in
    /// check.
    ///
    /// # Panics
    ///
    /// When `parent` is not in the tree.
    pub fn add_null_move(&mut self, parent: NodeId) -> Option<NodeId> {
        let mut position = self.any_position(parent);
        if !position.play_null() {
            return None;
        }
        let existing = self.variations(parent).find(|&c| self[c].mv.is_none());
        Some(existing.unwrap_or_else(|| self.push_child(parent, None, false)))
    }

    /// Reads a move written in `notation` (SAN strictly, but for `O-O`
    /// written with zeros) at `parent` and adds it as [`add_variation`]
    /// does.
    ///
    /// [`add_variation`]: GameTree::add_variation
    ///
    /// # Errors
    ///
    /// [`MoveError`] when the text is not a move of that notation, or not
    /// a legal one.
    ///
    /// # Panics
    ///
    /// When `parent` is not in the tree.
    ///
    /// ```
    /// use chessnote::pgn::GameTree;
    /// use chessnote::position::Notation;
    /// let mut tree = GameTree::new();
    /// let e4 = tree.add_move_text(GameTree::ROOT, Notation::Uci, "e2e4")?;
    /// let e5 = tree.add_move_text(e4, Notation::Lan, "e7-e5")?;
    /// let nf3 = tree.add_move_text(e5, Notation::Eran, "Knight g1-f3")?;
    /// tree.add_move_text(nf3, Notation::San, "Nc6")?;
    /// assert_eq!(tree.mainline().count(), 4);
    /// assert!(tree.add_move_text(nf3, Notation::San, "Ke3").is_err());
    /// # Ok::<(), chessnote::position::MoveError>(())
    /// ```
    pub fn add_move_text(
        &mut self,
        parent: NodeId,
        notation: Notation,
        text: &str,
    ) -> Result<NodeId, MoveError> {
        let position = self.any_position(parent);
        let (mv, _) = position.parse_move(
            notation,
            text.as_bytes(),
            SanOptions::STRICT.with(crate::san::Leniency::ZeroCastling),
        )?;
        if let Some(existing) = self.variations(parent).find(|&c| self[c].mv == Some(mv)) {
            return Ok(existing);
        }
        Ok(self.push_child(parent, Some(mv), false))
    }

    /// Adds a line of moves after `parent` (each a variation of the node
    /// before it, or the same node when that move is already there) and
    /// gives the last node. The position is replayed once, so this is the
    /// way to build long games.
    ///
    /// # Errors
    ///
    /// The node reached and the [`IllegalMoveError`] of the first illegal
    /// move; the moves before it stay added.
    pub fn add_line(
        &mut self,
        parent: NodeId,
        moves: impl IntoIterator<Item = Move>,
    ) -> Result<NodeId, (NodeId, IllegalMoveError)> {
        let mut position = self.any_position(parent);
        let mut node = parent;
        for mv in moves {
            if let Err(error) = position.play(mv) {
                return Err((node, error));
            }
            node = match self.variations(node).find(|&c| self[c].mv == Some(mv)) {
                Some(existing) => existing,
                None => self.push_child(node, Some(mv), false),
            };
        }
        Ok(node)
    }

    /// Reads a line of moves written in `notation`, separated by spaces
    /// (move numbers and a result are skipped, as
    /// [`Notation::split_moves`] does), and adds it after `parent` as
    /// [`add_line`](GameTree::add_line) does, replaying once.
    ///
    /// ```
    /// use chessnote::pgn::GameTree;
    /// use chessnote::position::Notation;
    /// let mut tree = GameTree::new();
    /// let end = tree.add_line_text(GameTree::ROOT, Notation::San, "1. e4 e5 2. Nf3 Nc6")?;
    /// assert_eq!(tree.ply(end), 4);
    /// let (at, error) = tree.add_line_text(end, Notation::Uci, "f1b5 a7a6 b5b6").unwrap_err();
    /// assert_eq!((tree.ply(at), error.kind().name()), (6, "illegal-move"));
    /// # Ok::<(), (chessnote::pgn::NodeId, chessnote::position::MoveError)>(())
    /// ```
    ///
    /// # Errors
    ///
    /// The node reached and the [`MoveError`] of the first move that does
    /// not read or is not legal; the moves before it stay added.
    ///
    /// # Panics
    ///
    /// When `parent` is not in the tree.
    pub fn add_line_text(
        &mut self,
        parent: NodeId,
        notation: Notation,
        text: &str,
    ) -> Result<NodeId, (NodeId, MoveError)> {
        let mut position = self.any_position(parent);
        let mut node = parent;
        let options = SanOptions::STRICT.with(crate::san::Leniency::ZeroCastling);
        for word in notation.split_moves(text) {
            let mv = match position.parse_move(notation, word.as_bytes(), options) {
                Ok((mv, _)) => mv,
                Err(error) => return Err((node, error)),
            };
            position.play_unchecked(mv);
            node = match self.variations(node).find(|&c| self[c].mv == Some(mv)) {
                Some(existing) => existing,
                None => self.push_child(node, Some(mv), false),
            };
        }
        Ok(node)
    }

    fn unlink(&mut self, id: NodeId) -> Option<NodeId> {
        let parent = self.parent(id)?;
        let next = self.nodes[id.index()].next_sibling;
        let head = &mut self.nodes[parent.index()].first_child;
        if *head == id.0 {
            *head = next;
        } else {
            let mut prev = *head;
            while self.nodes[prev as usize].next_sibling != id.0 {
                prev = self.nodes[prev as usize].next_sibling;
            }
            self.nodes[prev as usize].next_sibling = next;
        }
        self.nodes[id.index()].next_sibling = NONE;
        Some(parent)
    }

    /// Removes `id` and every node after it (a variation, or the rest of
    /// the line); `false` for the root or a node not in the tree.
    pub fn remove(&mut self, id: NodeId) -> bool {
        if !self.contains(id) || self.unlink(id).is_none() {
            return false;
        }
        let mut stack = alloc::vec![id.0];
        while let Some(slot) = stack.pop() {
            let mut child = self.nodes[slot as usize].first_child;
            while child != NONE {
                stack.push(child);
                child = self.nodes[child as usize].next_sibling;
            }
            self.nodes[slot as usize] = Node::new(FREE, None);
            self.free.push(slot);
        }
        // A tree with nothing removed since has no free slots to track.
        if self.free.len() + 1 == self.nodes.len() {
            self.nodes.truncate(1);
            self.free.clear();
        }
        true
    }

    /// Removes every move after `id` (python-chess's
    /// `variations.clear()`): `id` becomes the end of its line.
    pub fn truncate(&mut self, id: NodeId) {
        while let Some(child) = self.main_child(id) {
            self.remove(child);
        }
    }

    /// Moves `id` one place up among its siblings; `false` when it is
    /// already first.
    pub fn promote(&mut self, id: NodeId) -> bool {
        let Some(parent) = self.parent(id) else {
            return false;
        };
        let siblings: Vec<NodeId> = self.variations(parent).collect();
        match siblings.iter().position(|&s| s == id) {
            Some(i) if i > 0 => {
                self.reorder(parent, siblings, i, i - 1);
                true
            }
            _ => false,
        }
    }

    /// Moves `id` one place down among its siblings; `false` when it is
    /// already last.
    pub fn demote(&mut self, id: NodeId) -> bool {
        let Some(parent) = self.parent(id) else {
            return false;
        };
        let siblings: Vec<NodeId> = self.variations(parent).collect();
        match siblings.iter().position(|&s| s == id) {
            Some(i) if i + 1 < siblings.len() => {
                self.reorder(parent, siblings, i, i + 1);
                true
            }
            _ => false,
        }
    }

    /// Makes `id` the main move among its siblings (the former main move
    /// becomes the first variation); `false` when it already is.
    pub fn promote_to_main(&mut self, id: NodeId) -> bool {
        let Some(parent) = self.parent(id) else {
            return false;
        };
        let siblings: Vec<NodeId> = self.variations(parent).collect();
        match siblings.iter().position(|&s| s == id) {
            Some(i) if i > 0 => {
                self.reorder(parent, siblings, i, 0);
                true
            }
            _ => false,
        }
    }

    fn reorder(&mut self, parent: NodeId, mut siblings: Vec<NodeId>, from: usize, to: usize) {
        let moved = siblings.remove(from);
        siblings.insert(to, moved);
        let mut next = NONE;
        for s in siblings.iter().rev() {
            self.nodes[s.index()].next_sibling = next;
            next = s.0;
        }
        self.nodes[parent.index()].first_child = next;
    }

    /// `id` and every node after it, in pre-order: a node, then the
    /// moves after it (the main one and its line first, then the
    /// variations).
    pub fn descendants(&self, id: NodeId) -> Descendants<'_> {
        Descendants {
            tree: self,
            stack: alloc::vec![id.0],
            started: false,
        }
    }

    /// Writes the game in PGN with `options`: its text ends with one line
    /// ending (join games with another to leave the blank line the
    /// standard puts between them).
    ///
    /// ```
    /// use chessnote::pgn::{Reader, WriteOptions};
    /// let tree = Reader::from_slice(b"[Event \"x\"] 1. e4 {hi} e5 $1 *").game_trees().next().unwrap();
    /// let mut out = String::new();
    /// tree.write(&WriteOptions::PYTHON_CHESS, &mut out);
    /// assert!(out.ends_with("\n\n1. e4 { hi } 1... e5 $1 *\n"));
    /// ```
    pub fn write(&self, options: &WriteOptions, out: &mut String) {
        let result = self.result_for(options);
        let mut order = Vec::new();
        let _ = write_tags(
            out,
            options,
            self.tags.iter().map(|(n, v)| (n.as_str(), v.as_str())),
            result,
            &mut order,
        );
        let mut layout = Layout::new(core::mem::take(out), *options);
        layout.begin();
        let root = &self.nodes[0];
        let nags: &[Nag] = if options.python() { &[] } else { &root.nags };
        // Starting comments have no place at the root: written with its
        // comments, never dropped.
        let comments = root.starting_comments.iter().chain(&root.comments);
        layout.annotations(nags, comments.map(String::as_str));
        let first = root.first_child;
        if first != NONE {
            let sibling = self.nodes[first as usize].next_sibling;
            self.write_moves(&mut layout, first, self.start.clone(), sibling);
        }
        layout.result(result);
        *out = layout.out;
    }

    /// Writes the moves from `from` on, with `options` (tags and result
    /// left out): its move first (numbered as the first move of a text
    /// is), then the line after it with the variations of each move after
    /// it, but not the moves beside `from` (python-chess's `str(node)`).
    /// The text ends with one line ending; nothing is written for the root.
    ///
    /// ```
    /// use chessnote::pgn::{Reader, WriteOptions};
    /// let tree = Reader::from_slice(b"1. e4 e5 (1... c5 2. Nf3) 2. Nf3 Nc6 *").game_trees().next().unwrap();
    /// let e4 = tree.mainline().next().unwrap();
    /// let e5 = tree.mainline().nth(1).unwrap();
    /// let options = WriteOptions::PYTHON_CHESS.columns(None);
    /// let mut out = String::new();
    /// tree.write_line(e4, &options, &mut out);
    /// assert_eq!(out, "1. e4 e5 ( 1... c5 2. Nf3 ) 2. Nf3 Nc6\n");
    /// out.clear();
    /// tree.write_line(e5, &options, &mut out);
    /// assert_eq!(out, "1... e5 2. Nf3 Nc6\n");
    /// ```
    ///
    /// # Panics
    ///
    /// When `from` is not in the tree.
    pub fn write_line(&self, from: NodeId, options: &WriteOptions, out: &mut String) {
        let Some(parent) = self.parent(self.check(from)) else {
            return;
        };
        let mut layout = Layout::new(core::mem::take(out), *options);
        layout.begin();
        self.write_moves(&mut layout, from.0, self.any_position(parent), NONE);
        layout.end_line();
        *out = layout.out;
    }

    fn result_for(&self, options: &WriteOptions) -> &str {
        result_text(options, self.tag("Result"), self.marker)
    }

    /// Writes the line from `first` (played from `before`), each of its
    /// moves with the variations beside it, starting with `sibling` for
    /// `first`'s.
    fn write_moves(&self, layout: &mut Layout, first: u32, before: AnyPosition, sibling: u32) {
        struct Frame {
            node: u32,
            before: AnyPosition,
            // The next sibling to write as a variation, once the node is.
            sibling: u32,
            state: State,
        }
        #[derive(PartialEq)]
        enum State {
            Node,
            Siblings,
        }
        // A start with move number 0 (puzzle FENs) counts from 1, as
        // python-chess does.
        let offset = u16::from(self.start.fullmoves() == 0);
        let mut stack = alloc::vec![Frame {
            node: first,
            before,
            sibling,
            state: State::Node,
        }];
        while let Some(top) = stack.last_mut() {
            let node = &self.nodes[top.node as usize];
            if top.state == State::Node {
                if !node.starting_comments.is_empty() {
                    layout.comments(node.starting_comments.iter().map(String::as_str));
                }
                if !layout.hidden() {
                    layout.scratch.clear();
                    top.before
                        .write_move(&mut layout.scratch, node.mv, layout.options.notation);
                    layout.mv(
                        top.before.fullmoves().saturating_add(offset),
                        top.before.turn(),
                    );
                }
                layout.annotations(&node.nags, node.comments.iter().map(String::as_str));
                top.state = State::Siblings;
                continue;
            }
            if top.sibling != NONE && layout.options.variations {
                let variation = top.sibling;
                top.sibling = self.nodes[variation as usize].next_sibling;
                let before = top.before.clone();
                layout.begin_variation();
                stack.push(Frame {
                    node: variation,
                    before,
                    sibling: NONE,
                    state: State::Node,
                });
                continue;
            }
            if node.first_child != NONE {
                match node.mv {
                    Some(mv) => top.before.play_unchecked(mv),
                    None => {
                        top.before.play_null();
                    }
                }
                top.node = node.first_child;
                top.sibling = self.nodes[top.node as usize].next_sibling;
                top.state = State::Node;
                continue;
            }
            stack.pop();
            if !stack.is_empty() {
                layout.end_variation();
            }
        }
    }

    /// [`GameTree::write`] into a new string.
    pub fn to_pgn(&self, options: &WriteOptions) -> String {
        let mut out = String::new();
        self.write(options, &mut out);
        out
    }
}

impl core::fmt::Display for GameTree {
    /// The game in the standard's export format ([`WriteOptions::STANDARD`]).
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(&self.to_pgn(&WriteOptions::STANDARD))
    }
}

impl PartialEq for GameTree {
    /// The same game: tags, start, termination marker, and the same moves
    /// with the same annotations in the same places (however the arenas
    /// are laid out). Where it was read from and its errors do not count.
    fn eq(&self, other: &GameTree) -> bool {
        if self.tags != other.tags
            || self.marker != other.marker
            || self.start().to_setup() != other.start().to_setup()
            || self.start().castling_mode() != other.start().castling_mode()
            || self
                .start
                .variant_position()
                .map(VariantPosition::to_variant_setup)
                != other
                    .start
                    .variant_position()
                    .map(VariantPosition::to_variant_setup)
            || self.variant() != other.variant()
            || self.len() != other.len()
        {
            return false;
        }
        let mut a = self.descendants(GameTree::ROOT);
        let mut b = other.descendants(GameTree::ROOT);
        loop {
            match (a.next(), b.next()) {
                (None, None) => return true,
                (Some(x), Some(y)) => {
                    let (x, y) = (&self[x], &other[y]);
                    // Same data, and the same shape: one walk could give
                    // the same sequence from two shapes, so compare the
                    // number of children and whether a sibling follows.
                    let shape = |t: &GameTree, n: &Node| {
                        (t.variations_of(n).count(), n.next_sibling == NONE)
                    };
                    if x.mv != y.mv
                        || x.nags != y.nags
                        || x.comments != y.comments
                        || x.starting_comments != y.starting_comments
                        || shape(self, x) != shape(other, y)
                    {
                        return false;
                    }
                }
                _ => return false,
            }
        }
    }
}

impl GameTree {
    fn variations_of(&self, node: &Node) -> Variations<'_> {
        Variations {
            tree: self,
            next: node.first_child,
        }
    }
}

impl Index<NodeId> for GameTree {
    type Output = Node;

    /// The node; panics if `id` is not in the tree (see [`GameTree::get`]).
    #[track_caller]
    fn index(&self, id: NodeId) -> &Node {
        &self.nodes[self.check(id).index()]
    }
}

impl IndexMut<NodeId> for GameTree {
    /// The node to change; panics if `id` is not in the tree.
    #[track_caller]
    fn index_mut(&mut self, id: NodeId) -> &mut Node {
        let id = self.check(id);
        &mut self.nodes[id.index()]
    }
}

/// The moves after a node, main move first ([`GameTree::variations`]).
#[derive(Clone, Debug)]
pub struct Variations<'a> {
    tree: &'a GameTree,
    next: u32,
}

impl Iterator for Variations<'_> {
    type Item = NodeId;

    fn next(&mut self) -> Option<NodeId> {
        (self.next != NONE).then(|| {
            let id = self.next;
            self.next = self.tree.nodes[id as usize].next_sibling;
            NodeId(id)
        })
    }
}

/// The mainline's nodes ([`GameTree::mainline`]).
#[derive(Clone, Debug)]
pub struct Mainline<'a> {
    tree: &'a GameTree,
    next: u32,
}

impl Iterator for Mainline<'_> {
    type Item = NodeId;

    fn next(&mut self) -> Option<NodeId> {
        (self.next != NONE).then(|| {
            let id = self.next;
            self.next = self.tree.nodes[id as usize].first_child;
            NodeId(id)
        })
    }
}

/// Every node from one on, in pre-order ([`GameTree::descendants`]).
#[derive(Clone, Debug)]
pub struct Descendants<'a> {
    tree: &'a GameTree,
    stack: Vec<u32>,
    started: bool,
}

impl Iterator for Descendants<'_> {
    type Item = NodeId;

    fn next(&mut self) -> Option<NodeId> {
        let id = self.stack.pop()?;
        let node = &self.tree.nodes[id as usize];
        // The node's siblings come after its subtree; the first node's
        // siblings are not under it.
        if self.started && node.next_sibling != NONE {
            self.stack.push(node.next_sibling);
        }
        self.started = true;
        if node.first_child != NONE {
            self.stack.push(node.first_child);
        }
        Some(NodeId(id))
    }
}
