//! The game trees behind `chessnote.pgn` (python-chess's `chess.pgn`): a
//! library `GameTree` per game, its nodes named by number, and the reading
//! of one game from a text stream as python-chess's `read_game` consumes
//! its lines. The classes users see (`Game`, `GameNode`, `ChildNode`,
//! `Headers`) are thin Python over these (`python/chessnote/pgn.py`).

use chessnote::pgn::{
    GameTree, Nag, NodeId, PgnErrorKind, ReadOptions, Reader, TagSelection, WriteOptions,
};
use chessnote::position::{CastlingMode, Notation, Position, WriteNotation};
use chessnote::uci::Uci;
use chessnote::{Move, Setup};
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};

use crate::board::PyBoard;
use crate::errors;
use crate::games::PyGameError;
use crate::moves::{self, PyMove};

/// Whether a line is blank as Python's `str.isspace` says (not empty).
fn is_space(line: &str) -> bool {
    !line.is_empty() && line.chars().all(char::is_whitespace)
}

/// python-chess's skipped lines: `%` escapes and `;` comments.
fn is_escape(line: &str) -> bool {
    line.starts_with('%') || line.starts_with(';')
}

/// Reads one game's lines from a text stream (anything with `readline()`
/// giving `str`) exactly as python-chess's `read_game` consumes them: the
/// blank and escaped lines before it, the tag lines (one blank line among
/// them allowed), then the movetext up to the first blank line outside a
/// comment. Puts their text in `text` (cleared first); false at the end
/// of the stream.
///
/// # Errors
///
/// What `readline()` raises, or `TypeError` when it gives no `str`.
fn game_text(handle: &Bound<'_, PyAny>, text: &mut String) -> PyResult<bool> {
    let readline = handle.getattr("readline")?;
    // Each line borrowed from its Python string, copied once into `text`.
    let next =
        || -> PyResult<Bound<'_, PyString>> { Ok(readline.call0()?.cast_into::<PyString>()?) };
    text.clear();
    let mut object = next()?;
    let mut line = object.to_str()?.trim_start_matches('\u{feff}');
    while is_space(line) || is_escape(line) {
        object = next()?;
        line = object.to_str()?;
    }
    let mut found = false;
    let mut blank = false;
    while !line.is_empty() {
        if is_escape(line) || (!blank && is_space(line)) {
            blank |= is_space(line);
        } else {
            found = true;
            if !line.starts_with('[') {
                break;
            }
            blank = false;
        }
        text.push_str(line);
        object = next()?;
        line = object.to_str()?;
    }
    if !found {
        return Ok(false);
    }
    let mut in_comment = false;
    while !line.is_empty() {
        if !in_comment && is_space(line) {
            break;
        }
        text.push_str(line);
        if in_comment || !is_escape(line) {
            let mut rest = line;
            loop {
                if in_comment {
                    match rest.find('}') {
                        Some(end) => {
                            in_comment = false;
                            rest = &rest[end + 1..];
                        }
                        None => break,
                    }
                } else {
                    match rest.find(['{', ';']) {
                        Some(start) if rest.as_bytes()[start] == b'{' => {
                            in_comment = true;
                            rest = &rest[start + 1..];
                        }
                        _ => break,
                    }
                }
            }
        }
        object = next()?;
        line = object.to_str()?;
    }
    Ok(true)
}

std::thread_local! {
    /// The text of the game being read, kept between games: one game's
    /// lines make a buffer of a few kilobytes, grown anew for each game
    /// it cost a tenth of `skip_game` (3.2 against 2.9 µs a Lichess game).
    static GAME_TEXT: core::cell::Cell<String> = const { core::cell::Cell::new(String::new()) };
}

/// Calls `f` with the thread's game-text buffer. The buffer is taken out
/// while `f` runs (a `readline` that reads a game itself gets a new one),
/// and put back unless a huge game made it larger than 1 MiB.
fn with_game_text<T>(f: impl FnOnce(&mut String) -> T) -> T {
    let mut text = GAME_TEXT.take();
    let out = f(&mut text);
    if text.capacity() <= 1 << 20 {
        GAME_TEXT.set(text);
    }
    out
}

/// The next game of a text stream, read as python-chess's `read_game`
/// reads (the same lines consumed; see `game_text`), and how many more
/// games its lines hold; `None` at the end of the stream.
///
/// # Errors
///
/// What `readline()` raises, or `TypeError` when it gives no `str`.
#[pyfunction]
pub fn _read_game(py: Python<'_>, handle: &Bound<'_, PyAny>) -> PyResult<Option<(PyTree, usize)>> {
    with_game_text(|text| Ok(game_text(handle, text)?.then(|| PyTree::parse(py, text))))
}

/// Skips the next game of a text stream (the lines python-chess's
/// `skip_game` consumes); false at the end of the stream.
///
/// # Errors
///
/// What `readline()` raises.
#[pyfunction]
pub fn _skip_game(handle: &Bound<'_, PyAny>) -> PyResult<bool> {
    with_game_text(|text| game_text(handle, text))
}

/// One game's tree, its nodes named by their numbers (the root is 0).
#[pyclass(name = "_Tree", module = "chessnote")]
pub struct PyTree {
    tree: GameTree,
}

impl PyTree {
    fn parse(py: Python<'_>, text: &str) -> (PyTree, usize) {
        let (tree, more) = py.detach(|| {
            let mut trees =
                Reader::from_slice_with(text.as_bytes(), ReadOptions::PYTHON_CHESS).game_trees();
            let first = trees.next();
            // Games with tags or moves (not a stray token's).
            let more = trees
                .filter(|t| !t.is_empty() || !t.tags.is_empty())
                .count();
            (first, more)
        });
        (
            PyTree {
                tree: tree.unwrap_or_default(),
            },
            more,
        )
    }

    fn id(&self, index: usize) -> PyResult<NodeId> {
        self.tree
            .node_at(index)
            .ok_or_else(|| PyIndexError::new_err(format!("node {index} is not in the game")))
    }

    fn mode(&self) -> CastlingMode {
        self.tree.start().castling_mode()
    }
}

/// A comment list as python-chess's one string: each comment without the
/// one space after its `{` and the one before its `}` (python-chess reads
/// them so), the empty ones left out, the others joined by a space.
fn joined(comments: &[String]) -> String {
    let parts: Vec<&str> = comments
        .iter()
        .map(|c| {
            let c = c.strip_prefix(' ').unwrap_or(c);
            c.strip_suffix(' ').unwrap_or(c)
        })
        .filter(|c| !c.is_empty())
        .collect();
    parts.join(" ")
}

/// A comment set from Python, as the tree keeps comments: between the
/// spaces `joined` takes off (none for the empty string).
fn split(comment: &str) -> Vec<String> {
    if comment.is_empty() {
        Vec::new()
    } else {
        vec![format!(" {comment} ")]
    }
}

/// The problems python-chess reports as a game's errors: moves that do not
/// read or are not legal, a FEN or variant it cannot set up.
fn python_chess_error(kind: PgnErrorKind) -> bool {
    matches!(
        kind,
        PgnErrorKind::InvalidSan
            | PgnErrorKind::IllegalMove
            | PgnErrorKind::InvalidFen
            | PgnErrorKind::UnsupportedVariant
    )
}

#[pymethods]
impl PyTree {
    /// A game with no moves from a FEN (the standard start: `None`).
    #[new]
    #[pyo3(signature = (fen = None, chess960 = false))]
    fn new(py: Python<'_>, fen: Option<&str>, chess960: bool) -> PyResult<PyTree> {
        let Some(fen) = fen else {
            return Ok(PyTree {
                tree: GameTree::new(),
            });
        };
        let setup = Setup::from_ascii(fen.as_bytes()).map_err(|err| errors::fen_error(py, &err))?;
        let mode = if chess960 {
            CastlingMode::Chess960
        } else {
            CastlingMode::detect(&setup)
        };
        let position = Position::from_setup(&setup, mode)
            .map_err(|err| errors::PositionError::new_err(err.to_string()))?;
        let mut tree = GameTree::from_position(position);
        tree.tags.clear();
        Ok(PyTree { tree })
    }

    fn __copy__(&self) -> PyTree {
        PyTree {
            tree: self.tree.clone(),
        }
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyTree {
        self.__copy__()
    }

    /// The tags as read, in order.
    fn tags(&self) -> Vec<(String, String)> {
        self.tree.tags.clone()
    }

    /// The problems of the reading python-chess would report (see
    /// `python_chess_error`; warnings are not among them).
    fn errors(&self) -> Vec<PyGameError> {
        self.tree
            .errors
            .iter()
            .filter(|e| python_chess_error(e.kind()))
            .map(PyGameError::new)
            .collect()
    }

    /// The headers as python-chess's `GameBuilder` makes them, as the two
    /// dicts of a `Headers`: the Seven Tag Roster (its "unknown" values for
    /// the tags missing, the termination marker as the result when the
    /// tags leave it unknown) and the other tags, in order.
    fn headers<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyDict>, Bound<'py, PyDict>)> {
        const ROSTER: [(&str, &str); 7] = chessnote::pgn::tags::SEVEN_TAG_ROSTER_UNKNOWN;
        let roster = PyDict::new(py);
        for (name, unknown) in ROSTER {
            roster.set_item(name, unknown)?;
        }
        let others = PyDict::new(py);
        let mut result = "*";
        // In order, a later tag of a name over an earlier one (as a dict).
        for (name, value) in &self.tree.tags {
            if ROSTER.iter().any(|(n, _)| n == name) {
                roster.set_item(name, value)?;
                if name == "Result" {
                    result = value;
                }
            } else {
                others.set_item(name, value)?;
            }
        }
        if result == "*"
            && let Some(marker) = self.tree.marker
        {
            roster.set_item("Result", marker.as_str())?;
        }
        Ok((roster, others))
    }

    fn parent(&self, id: usize) -> PyResult<Option<usize>> {
        Ok(self.tree.parent(self.id(id)?).map(NodeId::index))
    }

    /// The moves after a node, main move first.
    fn variations(&self, id: usize) -> PyResult<Vec<usize>> {
        Ok(self
            .tree
            .variations(self.id(id)?)
            .map(NodeId::index)
            .collect())
    }

    /// The move leading to a node (the null move for a pass; None at the
    /// root).
    #[pyo3(name = "move")]
    fn mv(&self, id: usize) -> PyResult<Option<PyMove>> {
        let id = self.id(id)?;
        if self.tree.parent(id).is_none() {
            return Ok(None);
        }
        let mv = self.tree[id].mv();
        Ok(Some(PyMove(
            mv.map_or(Uci::Null, |mv| Uci::from_move(mv, self.mode())),
        )))
    }

    fn comment(&self, id: usize) -> PyResult<String> {
        Ok(joined(&self.tree[self.id(id)?].comments))
    }

    fn set_comment(&mut self, id: usize, comment: &str) -> PyResult<()> {
        let id = self.id(id)?;
        self.tree[id].comments = split(comment);
        Ok(())
    }

    fn starting_comment(&self, id: usize) -> PyResult<String> {
        Ok(joined(&self.tree[self.id(id)?].starting_comments))
    }

    fn set_starting_comment(&mut self, id: usize, comment: &str) -> PyResult<()> {
        let id = self.id(id)?;
        self.tree[id].starting_comments = split(comment);
        Ok(())
    }

    fn nags(&self, id: usize) -> PyResult<Vec<u8>> {
        Ok(self.tree[self.id(id)?].nags.iter().map(|n| n.0).collect())
    }

    fn set_nags(&mut self, id: usize, nags: Vec<u8>) -> PyResult<()> {
        let id = self.id(id)?;
        self.tree[id].nags = nags.into_iter().map(Nag).collect();
        Ok(())
    }

    /// The board after a node's moves, with them on its move stack: a
    /// `Board`, or in a Lichess variant the board of `chessnote.variant`.
    fn board(&self, py: Python<'_>, id: usize) -> PyResult<Py<PyAny>> {
        let moves = self.tree.moves_to(self.id(id)?);
        match self.tree.variant_start() {
            Some(start) => {
                crate::variant_board::PyVariantBoard::replayed(py, start.clone(), &moves)
            }
            None => Ok(Py::new(py, PyBoard::replayed(self.tree.start(), &moves)?)?.into_any()),
        }
    }

    /// A node's move in SAN (`--` for a null move).
    fn san(&self, id: usize) -> PyResult<String> {
        self.tree
            .move_text(self.id(id)?, Notation::San)
            .ok_or_else(|| PyValueError::new_err("the root has no move"))
    }

    /// The half-moves to a node, counted from its position's counters (the
    /// start's move number and side, then one a move), as python-chess's
    /// `ply()`.
    fn ply(&self, id: usize) -> PyResult<usize> {
        let start = self.tree.start();
        let before = 2 * usize::from(start.fullmoves().saturating_sub(1))
            + usize::from(start.turn() == chessnote::Color::Black);
        Ok(before + self.tree.ply(self.id(id)?))
    }

    /// The last node of the main line from a node.
    fn end(&self, id: usize) -> PyResult<usize> {
        Ok(self.tree.end(self.id(id)?).index())
    }

    fn is_mainline(&self, id: usize) -> PyResult<bool> {
        Ok(self.tree.is_mainline(self.id(id)?))
    }

    fn is_main_variation(&self, id: usize) -> PyResult<bool> {
        Ok(self.tree.is_main_variation(self.id(id)?))
    }

    /// The nodes of the main line after a node.
    fn mainline(&self, id: usize) -> PyResult<Vec<usize>> {
        let mut line = Vec::new();
        let mut node = self.id(id)?;
        while let Some(child) = self.tree.main_child(node) {
            line.push(child.index());
            node = child;
        }
        Ok(line)
    }

    /// The moves of the main line after a node.
    fn mainline_moves<'py>(&self, py: Python<'py>, id: usize) -> PyResult<Bound<'py, PyList>> {
        let mode = self.mode();
        let mut moves = Vec::new();
        let mut node = self.id(id)?;
        while let Some(child) = self.tree.main_child(node) {
            let mv = self.tree[child].mv();
            moves.push(mv.map_or(Uci::Null, |mv| Uci::from_move(mv, mode)));
            node = child;
        }
        moves::move_list(py, moves.into_iter())
    }

    /// Adds a move after a node, last of its variations; raises
    /// `IllegalMoveError` when it is not legal there.
    fn add_variation(&mut self, py: Python<'_>, id: usize, mv: PyMove) -> PyResult<usize> {
        let parent = self.id(id)?;
        let position = self.tree.position(parent);
        let added = match mv.0 {
            Uci::Null => self.tree.add_null_move(parent).ok_or_else(|| {
                errors::IllegalMoveError::new_err(format!(
                    "a null move in check, in {}",
                    position.to_setup()
                ))
            })?,
            uci => {
                let resolved: Move = uci
                    .to_move(&position)
                    .map_err(|err| errors::move_error(py, &err))?;
                self.tree
                    .add_variation(parent, resolved)
                    .map_err(|err| errors::IllegalMoveError::new_err(err.to_string()))?
            }
        };
        Ok(added.index())
    }

    /// Removes a node and what follows it; the numbers of the nodes gone.
    fn remove(&mut self, id: usize) -> PyResult<Vec<usize>> {
        let id = self.id(id)?;
        let gone: Vec<usize> = self.tree.descendants(id).map(NodeId::index).collect();
        self.tree.remove(id);
        Ok(gone)
    }

    fn promote(&mut self, id: usize) -> PyResult<()> {
        let id = self.id(id)?;
        self.tree.promote(id);
        Ok(())
    }

    fn demote(&mut self, id: usize) -> PyResult<()> {
        let id = self.id(id)?;
        self.tree.demote(id);
        Ok(())
    }

    fn promote_to_main(&mut self, id: usize) -> PyResult<()> {
        let id = self.id(id)?;
        self.tree.promote_to_main(id);
        Ok(())
    }

    /// The moves from a node on, as python-chess's `str(node)` writes them
    /// (no tags, no result, no final line ending).
    #[pyo3(signature = (id, columns, comments, variations))]
    fn write_line(
        &self,
        id: usize,
        columns: Option<u16>,
        comments: bool,
        variations: bool,
    ) -> PyResult<String> {
        let id = self.id(id)?;
        let mut options = WriteOptions::PYTHON_CHESS.columns(columns);
        options.comments = comments;
        options.variations = variations;
        let mut out = String::new();
        self.tree.write_line(id, &options, &mut out);
        if out.ends_with('\n') {
            out.pop();
        }
        Ok(out)
    }

    /// The game in PGN as python-chess's exporter writes it: the tags
    /// given, `columns` (None: one line), and what to leave out.
    #[pyo3(signature = (tags, columns, headers, comments, variations))]
    fn write(
        &mut self,
        py: Python<'_>,
        tags: Vec<(String, String)>,
        columns: Option<u16>,
        headers: bool,
        comments: bool,
        variations: bool,
    ) -> String {
        self.tree.tags = tags;
        let mut options = WriteOptions::PYTHON_CHESS.columns(columns);
        options.comments = comments;
        options.variations = variations;
        if !headers {
            options.tags = TagSelection::None;
        }
        options.notation = WriteNotation::new(Notation::San);
        let tree = &self.tree;
        py.detach(|| tree.to_pgn(&options))
    }
}
