//! `read_pgn`: the games of a stream as `Game` objects.

use std::collections::VecDeque;
use std::io;
use std::sync::Arc;
use std::sync::Mutex;

use chessnote::Diagnostic;
use chessnote::pgn::commands::Score;
use chessnote::pgn::filter::Filter;
use chessnote::pgn::{self, GameBuilder, Input, PgnError, ProblemField, ReadOptions, Reader};
use chessnote::position::Notation;
use chessnote_io::pipeline::{Pipeline, Stream, Work};
use pyo3::exceptions::PyStopIteration;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use crate::board::PyBoard;
use crate::errors;
use crate::moves::PyMove;
use crate::source;
use crate::strings;

/// One game of a PGN stream, as the Rust reader read it.
#[pyclass(name = "Game", module = "chessnote", frozen)]
pub struct PyGame {
    game: pgn::Game,
}

/// A problem found in a game: its kind, severity (`"error"`, or
/// `"warning"` for a move written off the standard and read), message, and
/// place in the input.
#[pyclass(name = "GameError", module = "chessnote", frozen, get_all)]
pub struct PyGameError {
    kind: &'static str,
    severity: &'static str,
    message: String,
    offset: u64,
    line: u64,
    column: u64,
    ply: Option<u32>,
}

impl PyGameError {
    pub(crate) fn new(error: &PgnError) -> PyGameError {
        let at = error.location();
        PyGameError {
            kind: error.kind_name(),
            severity: error.severity(),
            message: error.message(),
            offset: at.byte,
            line: at.line,
            column: at.column,
            ply: error.ply(),
        }
    }
}

/// A problem as a dict: the fields every report of chessnote writes
/// ([`PgnError::fields`]).
fn problem_dict<'py>(py: Python<'py>, error: &PgnError) -> PyResult<Bound<'py, PyDict>> {
    let item = PyDict::new(py);
    for (name, value) in error.fields() {
        match value {
            ProblemField::Text(text) => item.set_item(name, text)?,
            ProblemField::Number(n) => item.set_item(name, n)?,
            ProblemField::Null => item.set_item(name, py.None())?,
        }
    }
    Ok(item)
}

#[pymethods]
impl PyGameError {
    fn __repr__(&self) -> String {
        format!(
            "GameError(kind={:?}, line={}, column={}, message={:?})",
            self.kind, self.line, self.column, self.message
        )
    }

    fn __str__(&self) -> String {
        format!("{}:{}: {}", self.line, self.column, self.message)
    }
}

impl PyGame {
    /// The number of moves played (the replay stops at an illegal move).
    fn played(&self) -> usize {
        self.game.uci().count()
    }

    fn headers_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let headers = PyDict::new(py);
        for (name, value) in &self.game.tags {
            headers.set_item(strings::tag_name(py, name), value)?;
        }
        Ok(headers)
    }

    fn eval_object<'py>(py: Python<'py>, score: Option<Score>) -> PyResult<Bound<'py, PyAny>> {
        Ok(match score {
            None => py.None().into_bound(py),
            Some(score) => {
                let eval = PyDict::new(py);
                match score {
                    Score::Centipawns(cp) => eval.set_item("cp", cp)?,
                    Score::Mate(mate) => eval.set_item("mate", mate)?,
                }
                eval.into_any()
            }
        })
    }
}

#[pymethods]
impl PyGame {
    /// The game's number in its stream, from 0.
    #[getter]
    fn index(&self) -> u64 {
        self.game.index
    }

    /// The byte of the game's first token in the (decompressed) stream.
    #[getter]
    fn offset(&self) -> u64 {
        self.game.offset
    }

    /// The game's first line, from 1.
    #[getter]
    fn line(&self) -> u64 {
        self.game.line
    }

    /// The tags as a dict, in the order written (a repeated tag keeps its
    /// last value).
    #[getter]
    fn headers<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        self.headers_dict(py)
    }

    /// Every tag pair as written, repeats included.
    #[getter]
    fn tags(&self) -> Vec<(String, String)> {
        self.game.tags.to_vec()
    }

    /// The starting position (the FEN tag's, or the standard start).
    #[getter]
    fn fen(&self) -> String {
        self.game.start.to_string()
    }

    /// Whether the game is Chess960.
    #[getter]
    fn chess960(&self) -> bool {
        self.game.chess960
    }

    /// The result token (`"1-0"`, ...), None when the movetext has none.
    #[getter]
    fn result(&self) -> Option<&'static str> {
        self.game.result.map(|r| r.as_str())
    }

    /// The mainline moves written (also those after a problem).
    #[getter]
    fn plies(&self) -> usize {
        self.game.moves.len()
    }

    /// The moves played, in UCI.
    #[getter]
    fn uci<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        // Each move's string is made once per process and shared.
        PyList::new(py, strings::uci_strings(py, self.game.uci()))
    }

    /// The moves played, in SAN written from the position.
    #[getter]
    fn san(&self) -> Vec<String> {
        self.game.moves_in(Notation::San)
    }

    /// Each played move's `[%clk]` in centiseconds, or None.
    #[getter]
    fn clocks(&self) -> Vec<Option<u32>> {
        let played = self.played();
        self.game.moves[..played]
            .iter()
            .map(|m| m.clock().map(|c| c.0))
            .collect()
    }

    /// Each played move's `[%eval]`: `{"cp": 25}` or `{"mate": -3}`, or None.
    #[getter]
    fn evals<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let played = self.played();
        let evals = self.game.moves[..played]
            .iter()
            .map(|m| Self::eval_object(py, m.eval().map(|e| e.score)))
            .collect::<PyResult<Vec<_>>>()?;
        PyList::new(py, evals)
    }

    /// Each written move's comments, in order.
    #[getter]
    fn comments(&self) -> Vec<Vec<String>> {
        (1..=self.game.moves.len())
            .map(|ply| self.game.comments(ply).map(String::from).collect())
            .collect()
    }

    /// Each written move's NAGs.
    #[getter]
    fn nags(&self) -> Vec<Vec<u8>> {
        (1..=self.game.moves.len())
            .map(|ply| self.game.nags(ply).iter().map(|n| n.0).collect())
            .collect()
    }

    /// The comments before the first move.
    #[getter]
    fn game_comments(&self) -> Vec<String> {
        self.game.comments(0).map(String::from).collect()
    }

    /// Every error found, in input order.
    #[getter]
    fn errors(&self) -> Vec<PyGameError> {
        self.game.errors.iter().map(PyGameError::new).collect()
    }

    /// Every warning, in input order: moves written off the standard (a
    /// wrong `+`, a needless disambiguation, UCI) that were read and
    /// played; `strict=True` makes them errors.
    #[getter]
    fn warnings(&self) -> Vec<PyGameError> {
        self.game.warnings.iter().map(PyGameError::new).collect()
    }

    /// The position after the moves played, as FEN; None when the start
    /// position is not legal.
    #[getter]
    fn final_fen(&self) -> Option<String> {
        self.game.final_fen()
    }

    /// The opening as Lichess names it (its openings table, looked up by
    /// position over the first 40 plies, the deepest found):
    /// `{"eco", "name", "ply"}`, or None (no position of the table, or not
    /// from the standard start).
    #[getter]
    fn opening<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let Some(opening) = self.game.opening else {
            return Ok(None);
        };
        let out = PyDict::new(py);
        out.set_item("eco", opening.eco)?;
        out.set_item("name", opening.name)?;
        out.set_item("ply", opening.ply)?;
        Ok(Some(out))
    }

    /// The SAN leniencies the moves needed (only those allowed).
    #[getter]
    fn leniencies(&self) -> Vec<&'static str> {
        self.game.leniencies.iter().map(|l| l.name()).collect()
    }

    /// The moves played, as `Move`s.
    fn moves(&self) -> Vec<PyMove> {
        self.game.uci().map(PyMove::from).collect()
    }

    /// The position after the moves played, with them on its move stack:
    /// a `Board`, or for a Lichess variant's game the board of
    /// `chessnote.variant` (`CrazyhouseBoard`, …).
    fn board(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        match crate::variant_board::of_game(&self.game) {
            chessnote::Variant::Standard => {
                Ok(Py::new(py, PyBoard::after(&self.game)?)?.into_any())
            }
            variant => crate::variant_board::PyVariantBoard::after(py, &self.game, variant),
        }
    }

    /// The object `chessnote pgn convert --to json` writes for this game.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let out = PyDict::new(py);
        out.set_item("index", self.game.index)?;
        out.set_item("offset", self.game.offset)?;
        out.set_item("line", self.game.line)?;
        out.set_item("headers", self.headers_dict(py)?)?;
        out.set_item("fen", self.fen())?;
        out.set_item("chess960", self.game.chess960)?;
        out.set_item("uci", self.uci(py)?)?;
        out.set_item("san", self.san())?;
        out.set_item("result", self.result())?;
        out.set_item("clocks", self.clocks())?;
        out.set_item("evals", self.evals(py)?)?;
        out.set_item("plies", self.game.moves.len())?;
        for (name, problems) in [
            ("errors", &self.game.errors),
            ("warnings", &self.game.warnings),
        ] {
            let list = PyList::empty(py);
            for problem in problems {
                list.append(problem_dict(py, problem)?)?;
            }
            out.set_item(name, list)?;
        }
        out.set_item("final_fen", self.final_fen())?;
        out.set_item("opening", self.opening(py)?)?;
        Ok(out)
    }

    /// Raises the first error as `PgnError`, if there is one.
    fn raise_for_errors(&self, py: Python<'_>) -> PyResult<()> {
        match self.game.errors.first() {
            Some(error) => Err(errors::pgn_error(py, error)),
            None => Ok(()),
        }
    }

    fn __repr__(&self) -> String {
        let tag = |name| self.game.tag(name).unwrap_or("?");
        format!(
            "<Game {} {} - {}, {} plies, {} errors>",
            self.game.index,
            tag("White"),
            tag("Black"),
            self.game.moves.len(),
            self.game.errors.len()
        )
    }
}

/// What `read_pgn` does with each game of the stream: build it, keep it
/// when the filter does.
struct ReadGames {
    options: ReadOptions,
    variations: bool,
    filter: Option<Filter>,
}

/// The games of a batch that the filter kept, and how many were read.
#[derive(Default)]
struct Batch {
    games: Vec<pgn::Game>,
    read: u64,
}

impl Work for ReadGames {
    type Worker = GameBuilder;
    type Output = Batch;

    fn worker(&self) -> GameBuilder {
        // Games whose tags `where` refuses are not replayed.
        pgn::Game::builder_with(self.options)
            .variations(self.variations)
            .openings(true)
            .only(self.filter.clone())
    }

    fn game<I: Input>(
        &self,
        builder: &mut GameBuilder,
        reader: &mut Reader<I>,
        out: &mut Batch,
    ) -> Result<bool, I::Error> {
        let Some(game) = reader.read_game(builder)? else {
            return Ok(false);
        };
        out.read += 1;
        if self.filter.as_ref().is_none_or(|f| f.matches(&game)) {
            out.games.push(game);
        }
        Ok(true)
    }

    /// On one thread, a few games at a time: each `__next__` is cheap and
    /// little is read ahead of the caller.
    fn is_full(&self, _: &GameBuilder, out: &Batch) -> bool {
        out.games.len() >= 32
    }
}

struct State {
    stream: Stream<ReadGames>,
    ready: VecDeque<pgn::Game>,
    read: u64,
}

impl State {
    /// The next game the filter keeps; an error reading the input ends the
    /// stream after the games before it.
    fn next(&mut self) -> io::Result<Option<pgn::Game>> {
        loop {
            if let Some(game) = self.ready.pop_front() {
                return Ok(Some(game));
            }
            match self.stream.next() {
                Some(Ok(batch)) => {
                    self.read += batch.read;
                    self.ready.extend(batch.games);
                }
                Some(Err(error)) => return Err(error),
                None => return Ok(None),
            }
        }
    }
}

/// The games of a stream, in order; each `__next__` releases the GIL.
#[pyclass(name = "GameReader", module = "chessnote")]
pub struct GameReader {
    state: Mutex<State>,
}

#[pymethods]
impl GameReader {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<PyGame> {
        // A game already read is handed out at once; reading more releases
        // the GIL (another thread may hold the lock meanwhile: it reads).
        let ready = self
            .state
            .try_lock()
            .ok()
            .and_then(|mut state| state.ready.pop_front());
        if let Some(game) = ready {
            return Ok(PyGame { game });
        }
        let next = py.detach(|| match self.state.lock() {
            Ok(mut state) => state.next(),
            Err(_) => Ok(None),
        });
        match next? {
            Some(game) => Ok(PyGame { game }),
            None => Err(PyStopIteration::new_err(())),
        }
    }

    /// The games read so far, those the filter skipped included, counted a
    /// batch at a time (ahead of the games handed out).
    #[getter]
    fn games_read(&self) -> u64 {
        self.state.lock().map_or(0, |s| s.read)
    }
}

/// Parses `where` as the `--where` language.
pub fn filter(py: Python<'_>, expr: Option<&str>) -> PyResult<Option<Filter>> {
    expr.map(|e| Filter::parse(e).map_err(|err| errors::chessnote_error(py, &err)))
        .transpose()
}

/// Reads the games of a PGN file (plain, .zst, .gz or .bz2, detected by
/// content), of bytes, or of a binary file object.
///
/// `where` keeps the games the `--where` language matches; `threads` reads
/// with that many worker threads (0: one per core), in order; `allow`
/// names SAN, FEN and PGN leniencies, `lenient` allows them all.
/// `variations` reads the variations too (for their problems). `variant`
/// reads the games without a `Variant` tag as games of that variant (any
/// name the tag takes: `crazyhouse`, `3check`, …), by its rules.
///
/// Raises OSError when the file cannot be opened, ChessnoteError for a bad
/// `where`, ValueError for an unknown leniency name. Problems in games are
/// not raised: each game lists its `errors`.
#[pyfunction]
#[pyo3(signature = (source, *, r#where = None, threads = 1, range = None, allow = Vec::new(), lenient = false, strict = false, variations = false, variant = None))]
#[allow(clippy::too_many_arguments)]
pub fn read_pgn(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    r#where: Option<&str>,
    threads: usize,
    range: Option<&str>,
    allow: Vec<String>,
    lenient: bool,
    strict: bool,
    variations: bool,
    variant: Option<&str>,
) -> PyResult<GameReader> {
    let mut options = source::read_options(ReadOptions::DEFAULT, allow, lenient, strict)?;
    options.default_variant = variant.map(crate::variant_board::tag).transpose()?;
    let filter = filter(py, r#where)?;
    let opened = source::open(source, threads, range)?;
    let work = ReadGames {
        options,
        variations,
        filter,
    };
    let stream = Pipeline::new(options)
        .threads(threads)
        .ahead(opened.decoded)
        .stream(opened.read, Arc::new(work));
    Ok(GameReader {
        state: Mutex::new(State {
            stream,
            ready: VecDeque::new(),
            read: 0,
        }),
    })
}
