//! The native half of `chessnote.polyglot` (python-chess's
//! `chess.polyglot`): Polyglot keys and books from `chessnote`'s
//! `position::polyglot`. The Python module (`python/chessnote/polyglot.py`)
//! gives them python-chess's names and shapes.

use std::path::PathBuf;

use chessnote::position::polyglot::{Book, Entry};
use chessnote::uci::Uci;
use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;

use crate::board::PyBoard;
use crate::moves::PyMove;

/// An entry as the file has it: key, raw move, weight, learn.
type RawEntry = (u64, u16, u16, u32);

/// An entry with the legal move it codes in a position.
type EntryWithMove = (u64, u16, u16, u32, PyMove);

fn raw(entry: &Entry) -> RawEntry {
    (entry.key, entry.raw_move, entry.weight, entry.learn)
}

/// A Polyglot book read into memory (sorted by key, as the format wants:
/// a book that is not is refused).
#[pyclass(name = "_Book", module = "chessnote", frozen)]
pub struct PyBook(Book);

#[pymethods]
impl PyBook {
    /// Reads the book at `path`; raises `OSError` when it cannot be read
    /// or is no Polyglot book (its size no whole number of 16-byte
    /// entries, its keys not in order).
    #[new]
    fn new(py: Python<'_>, path: PathBuf) -> PyResult<PyBook> {
        let book = py.detach(|| Book::open(&path)).map_err(|e| {
            pyo3::exceptions::PyOSError::new_err(format!("{}: {e}", path.display()))
        })?;
        Ok(PyBook(book))
    }

    fn __len__(&self) -> usize {
        self.0.entries().len()
    }

    /// The entry at `index` (from 0), as written.
    fn entry(&self, index: usize) -> PyResult<RawEntry> {
        self.0
            .entries()
            .get(index)
            .map(raw)
            .ok_or_else(|| PyIndexError::new_err("book index out of range"))
    }

    /// The index of the first entry of `key` or above.
    fn bisect(&self, key: u64) -> usize {
        self.0.entries().partition_point(|e| e.key < key)
    }

    /// The entries of `key` with a weight of at least `minimum_weight`, in
    /// order, as written.
    fn entries_of(&self, key: u64, minimum_weight: u16) -> Vec<RawEntry> {
        self.0
            .entries_of(key)
            .iter()
            .filter(|e| e.weight >= minimum_weight)
            .map(raw)
            .collect()
    }

    /// The entries of the board's position with a weight of at least
    /// `minimum_weight` whose move is legal there, each with that move, in
    /// order (castling as the board writes it).
    fn moves_of(&self, board: &PyBoard, minimum_weight: u16) -> PyResult<Vec<EntryWithMove>> {
        let position = board.playable()?;
        let mode = position.castling_mode();
        Ok(self
            .0
            .entries_of(position.polyglot_key())
            .iter()
            .filter(|e| e.weight >= minimum_weight)
            .filter_map(|e| {
                let mv = e.move_in(position)?;
                let (key, raw_move, weight, learn) = raw(e);
                Some((
                    key,
                    raw_move,
                    weight,
                    learn,
                    PyMove::from(Uci::from_move(mv, mode)),
                ))
            })
            .collect())
    }
}

/// The Polyglot key of the board's position.
#[pyfunction]
pub fn _zobrist_hash(board: &PyBoard) -> PyResult<u64> {
    Ok(board.playable()?.polyglot_key())
}
