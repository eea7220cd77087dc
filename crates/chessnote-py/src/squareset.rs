//! python-chess's `SquareSet` and its bitboard helpers (`lsb`, `msb`,
//! `scan_forward`, `flip_vertical`, `shift_up`, `ray`, `between`, the
//! attack tables `BB_KNIGHT_ATTACKS` …): a bitboard is an `int` with bit N
//! for square N (a1 = 0 … h8 = 63). The attack sets are the library's
//! (`chessnote::position::attacks`).

use chessnote::position::attacks;
use chessnote::{Color, Square, SquareSet};
use pyo3::exceptions::{PyIndexError, PyKeyError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyList;

/// A square by its number, as python-chess indexes `BB_SQUARES`.
fn square(index: i64) -> PyResult<Square> {
    u8::try_from(index)
        .ok()
        .and_then(Square::from_index)
        .ok_or_else(|| PyIndexError::new_err("list index out of range"))
}

/// The bitboard of anything python-chess takes as a square set: an `int`
/// (or anything with `__int__`: a `SquareSet`), masked to 64 bits, or an
/// iterable of squares.
pub(crate) fn mask_of(value: &Bound<'_, PyAny>) -> PyResult<u64> {
    if let Ok(set) = value.cast::<PySquareSet>() {
        return Ok(set.borrow().mask);
    }
    if let Ok(mask) = value.extract::<u64>() {
        return Ok(mask);
    }
    if value.hasattr("__int__")? {
        let int = value.call_method0("__int__")?;
        return int.call_method1("__and__", (u64::MAX,))?.extract();
    }
    let mut mask = 0;
    for item in value.try_iter()? {
        mask |= 1 << square(item?.extract()?)?.index();
    }
    Ok(mask)
}

/// A shift count: a negative one raises as Python's `<<` does.
fn shift(count: i64) -> PyResult<u32> {
    u32::try_from(count).map_err(|_| PyValueError::new_err("negative shift count"))
}

/// An iterator over the squares of a snapshot of a set.
fn squares_iter(py: Python<'_>, mask: u64, reverse: bool) -> PyResult<Py<PyAny>> {
    let set = SquareSet(mask);
    let list = if reverse {
        PyList::new(py, set.iter().rev().map(Square::index))?
    } else {
        PyList::new(py, set.iter().map(Square::index))?
    };
    Ok(list.call_method0("__iter__")?.unbind())
}

/// A set of squares, as python-chess's `chess.SquareSet`: a mutable set of
/// square numbers kept as a bitboard, with the set and bit operations.
/// `int(s)` is the bitboard.
#[pyclass(name = "SquareSet", module = "chessnote", from_py_object)]
#[derive(Clone, Copy)]
pub struct PySquareSet {
    mask: u64,
}

impl From<SquareSet> for PySquareSet {
    fn from(set: SquareSet) -> PySquareSet {
        PySquareSet { mask: set.0 }
    }
}

#[pymethods]
impl PySquareSet {
    #[new]
    #[pyo3(signature = (squares = None))]
    fn new(squares: Option<&Bound<'_, PyAny>>) -> PyResult<PySquareSet> {
        let mask = squares.map(mask_of).transpose()?.unwrap_or(0);
        Ok(PySquareSet { mask })
    }

    /// The bitboard.
    #[getter]
    fn mask(&self) -> u64 {
        self.mask
    }

    #[setter]
    fn set_mask(&mut self, mask: &Bound<'_, PyAny>) -> PyResult<()> {
        self.mask = mask_of(mask)?;
        Ok(())
    }

    fn __contains__(&self, square: i64) -> PyResult<bool> {
        Ok(self.mask >> self::square(square)?.index() & 1 == 1)
    }

    fn __iter__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        squares_iter(py, self.mask, false)
    }

    fn __reversed__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        squares_iter(py, self.mask, true)
    }

    fn __len__(&self) -> usize {
        self.mask.count_ones() as usize
    }

    fn __bool__(&self) -> bool {
        self.mask != 0
    }

    fn __int__(&self) -> u64 {
        self.mask
    }

    fn __index__(&self) -> u64 {
        self.mask
    }

    /// Adds a square.
    fn add(&mut self, square: i64) -> PyResult<()> {
        self.mask |= 1 << self::square(square)?.index();
        Ok(())
    }

    /// Removes a square if it is there.
    fn discard(&mut self, square: i64) -> PyResult<()> {
        self.mask &= !(1 << self::square(square)?.index());
        Ok(())
    }

    /// Removes a square; `KeyError` if it is not there.
    fn remove(&mut self, square: i64) -> PyResult<()> {
        let bit = 1 << self::square(square)?.index();
        if self.mask & bit == 0 {
            return Err(PyKeyError::new_err(square));
        }
        self.mask ^= bit;
        Ok(())
    }

    /// Removes and returns the lowest square; `KeyError` if the set is empty.
    fn pop(&mut self) -> PyResult<u8> {
        let square = SquareSet(self.mask)
            .first()
            .ok_or_else(|| PyKeyError::new_err("pop from empty SquareSet"))?;
        self.mask &= self.mask - 1;
        Ok(square.index())
    }

    /// Removes every square.
    fn clear(&mut self) {
        self.mask = 0;
    }

    fn isdisjoint(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.mask & mask_of(other)? == 0)
    }

    fn issubset(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.mask & !mask_of(other)? == 0)
    }

    fn issuperset(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(!self.mask & mask_of(other)? == 0)
    }

    fn union(&self, other: &Bound<'_, PyAny>) -> PyResult<PySquareSet> {
        self.__or__(other)
    }

    fn __or__(&self, other: &Bound<'_, PyAny>) -> PyResult<PySquareSet> {
        Ok(PySquareSet {
            mask: self.mask | mask_of(other)?,
        })
    }

    fn intersection(&self, other: &Bound<'_, PyAny>) -> PyResult<PySquareSet> {
        self.__and__(other)
    }

    fn __and__(&self, other: &Bound<'_, PyAny>) -> PyResult<PySquareSet> {
        Ok(PySquareSet {
            mask: self.mask & mask_of(other)?,
        })
    }

    fn difference(&self, other: &Bound<'_, PyAny>) -> PyResult<PySquareSet> {
        self.__sub__(other)
    }

    fn __sub__(&self, other: &Bound<'_, PyAny>) -> PyResult<PySquareSet> {
        Ok(PySquareSet {
            mask: self.mask & !mask_of(other)?,
        })
    }

    fn symmetric_difference(&self, other: &Bound<'_, PyAny>) -> PyResult<PySquareSet> {
        self.__xor__(other)
    }

    fn __xor__(&self, other: &Bound<'_, PyAny>) -> PyResult<PySquareSet> {
        Ok(PySquareSet {
            mask: self.mask ^ mask_of(other)?,
        })
    }

    fn copy(&self) -> PySquareSet {
        *self
    }

    /// Adds the squares of every argument.
    #[pyo3(signature = (*others))]
    fn update(&mut self, others: Vec<Bound<'_, PyAny>>) -> PyResult<()> {
        for other in &others {
            self.mask |= mask_of(other)?;
        }
        Ok(())
    }

    fn __ior__(&mut self, other: &Bound<'_, PyAny>) -> PyResult<()> {
        self.mask |= mask_of(other)?;
        Ok(())
    }

    /// Keeps the squares every argument has.
    #[pyo3(signature = (*others))]
    fn intersection_update(&mut self, others: Vec<Bound<'_, PyAny>>) -> PyResult<()> {
        for other in &others {
            self.mask &= mask_of(other)?;
        }
        Ok(())
    }

    fn __iand__(&mut self, other: &Bound<'_, PyAny>) -> PyResult<()> {
        self.mask &= mask_of(other)?;
        Ok(())
    }

    fn difference_update(&mut self, other: &Bound<'_, PyAny>) -> PyResult<()> {
        self.mask &= !mask_of(other)?;
        Ok(())
    }

    fn __isub__(&mut self, other: &Bound<'_, PyAny>) -> PyResult<()> {
        self.mask &= !mask_of(other)?;
        Ok(())
    }

    fn symmetric_difference_update(&mut self, other: &Bound<'_, PyAny>) -> PyResult<()> {
        self.mask ^= mask_of(other)?;
        Ok(())
    }

    fn __ixor__(&mut self, other: &Bound<'_, PyAny>) -> PyResult<()> {
        self.mask ^= mask_of(other)?;
        Ok(())
    }

    /// Every subset of the set, as bitboards (the empty one first).
    fn carry_rippler(&self) -> CarryRippler {
        CarryRippler {
            mask: self.mask,
            subset: Some(0),
        }
    }

    /// The set mirrored top to bottom (a1 to a8).
    fn mirror(&self) -> PySquareSet {
        PySquareSet {
            mask: self.mask.swap_bytes(),
        }
    }

    /// 64 booleans, one a square.
    fn tolist(&self) -> Vec<bool> {
        (0..64).map(|i| self.mask >> i & 1 == 1).collect()
    }

    /// Equal to anything that makes the same set (an `int`, squares);
    /// `NotImplemented` for what makes none, and for `<` and the like
    /// (python-chess's square sets do not compare so).
    fn __richcmp__(
        &self,
        py: Python<'_>,
        other: &Bound<'_, PyAny>,
        op: pyo3::basic::CompareOp,
    ) -> PyResult<Py<PyAny>> {
        use pyo3::basic::CompareOp;
        if !matches!(op, CompareOp::Eq | CompareOp::Ne) {
            return Ok(py.NotImplemented());
        }
        let other = match mask_of(other) {
            Ok(mask) => mask,
            Err(err)
                if err.is_instance_of::<PyTypeError>(py)
                    || err.is_instance_of::<PyValueError>(py) =>
            {
                return Ok(py.NotImplemented());
            }
            Err(err) => return Err(err),
        };
        let equal = self.mask == other;
        let answer = if matches!(op, CompareOp::Eq) {
            equal
        } else {
            !equal
        };
        Ok(answer.into_pyobject(py)?.to_owned().into_any().unbind())
    }

    /// The set drawn on an empty board (Jupyter).
    fn _repr_svg_(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let kwargs = pyo3::types::PyDict::new(py);
        kwargs.set_item("squares", *self)?;
        kwargs.set_item("size", 390)?;
        Ok(py
            .import("chessnote.svg")?
            .call_method("board", (), Some(&kwargs))?
            .unbind())
    }

    fn __lshift__(&self, count: i64) -> PyResult<PySquareSet> {
        let mask = self.mask.checked_shl(shift(count)?).unwrap_or(0);
        Ok(PySquareSet { mask })
    }

    fn __rshift__(&self, count: i64) -> PyResult<PySquareSet> {
        let mask = self.mask.checked_shr(shift(count)?).unwrap_or(0);
        Ok(PySquareSet { mask })
    }

    fn __ilshift__(&mut self, count: i64) -> PyResult<()> {
        *self = self.__lshift__(count)?;
        Ok(())
    }

    fn __irshift__(&mut self, count: i64) -> PyResult<()> {
        *self = self.__rshift__(count)?;
        Ok(())
    }

    fn __invert__(&self) -> PySquareSet {
        PySquareSet { mask: !self.mask }
    }

    /// `SquareSet(0x0000_0000_0000_00ff)`.
    fn __repr__(&self) -> String {
        let hex = format!("{:016x}", self.mask);
        let groups: Vec<&str> = (0..4).map(|i| &hex[i * 4..i * 4 + 4]).collect();
        format!("SquareSet(0x{})", groups.join("_"))
    }

    /// The set as a board, rank 8 first: `1` for a square in it, `.` else.
    fn __str__(&self) -> String {
        let mut text = String::with_capacity(127);
        for rank in (0..8).rev() {
            for file in 0..8 {
                text.push(if self.mask >> (rank * 8 + file) & 1 == 1 {
                    '1'
                } else {
                    '.'
                });
                text.push(if file < 7 { ' ' } else { '\n' });
            }
        }
        text.pop();
        text
    }

    /// The whole rank, file or diagonal through `a` and `b` when they share
    /// one (edge to edge); else the empty set.
    #[classmethod]
    fn ray(_cls: &Bound<'_, pyo3::types::PyType>, a: i64, b: i64) -> PyResult<PySquareSet> {
        Ok(attacks::ray(square(a)?, square(b)?).into())
    }

    /// The squares strictly between `a` and `b` on their line, if any.
    #[classmethod]
    fn between(_cls: &Bound<'_, pyo3::types::PyType>, a: i64, b: i64) -> PyResult<PySquareSet> {
        Ok(attacks::between(square(a)?, square(b)?).into())
    }

    /// The set of one square.
    #[classmethod]
    fn from_square(_cls: &Bound<'_, pyo3::types::PyType>, square: i64) -> PyResult<PySquareSet> {
        Ok(SquareSet::from_square(self::square(square)?).into())
    }
}

/// The subsets of a set, as bitboards (python-chess's carry-rippler
/// iterator): lazy, since a set of n squares has 2^n.
#[pyclass(module = "chessnote")]
pub struct CarryRippler {
    mask: u64,
    subset: Option<u64>,
}

#[pymethods]
impl CarryRippler {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self) -> Option<u64> {
        let subset = self.subset?;
        let next = subset.wrapping_sub(self.mask) & self.mask;
        self.subset = (next != 0).then_some(next);
        Some(subset)
    }
}

/// The lowest square of a bitboard; -1 for none.
#[pyfunction]
fn lsb(bb: u64) -> i64 {
    if bb == 0 {
        -1
    } else {
        i64::from(bb.trailing_zeros())
    }
}

/// The highest square of a bitboard; -1 for none.
#[pyfunction]
fn msb(bb: u64) -> i64 {
    if bb == 0 {
        -1
    } else {
        63 - i64::from(bb.leading_zeros())
    }
}

/// The squares of a bitboard, lowest first.
#[pyfunction]
fn scan_forward(py: Python<'_>, bb: u64) -> PyResult<Py<PyAny>> {
    squares_iter(py, bb, false)
}

/// The squares of a bitboard, highest first.
#[pyfunction]
fn scan_reversed(py: Python<'_>, bb: u64) -> PyResult<Py<PyAny>> {
    squares_iter(py, bb, true)
}

/// The number of squares of a bitboard.
#[pyfunction]
fn popcount(bb: u64) -> u32 {
    bb.count_ones()
}

/// Rank 1 to rank 8 and back.
#[pyfunction]
fn flip_vertical(bb: u64) -> u64 {
    bb.swap_bytes()
}

/// File a to file h and back.
#[pyfunction]
fn flip_horizontal(bb: u64) -> u64 {
    u64::from_le_bytes(bb.to_le_bytes().map(u8::reverse_bits))
}

/// Mirrored on the a1-h8 diagonal.
#[pyfunction]
fn flip_diagonal(bb: u64) -> u64 {
    SquareSet(bb)
        .iter()
        .fold(0, |m, sq| m | 1 << ((sq.index() % 8) * 8 + sq.index() / 8))
}

/// Mirrored on the a8-h1 diagonal.
#[pyfunction]
fn flip_anti_diagonal(bb: u64) -> u64 {
    SquareSet(bb).iter().fold(0, |m, sq| {
        let (file, rank) = (sq.index() % 8, sq.index() / 8);
        m | 1 << ((7 - file) * 8 + (7 - rank))
    })
}

const NOT_A: u64 = !0x0101_0101_0101_0101;
const NOT_AB: u64 = !0x0303_0303_0303_0303;
const NOT_H: u64 = !0x8080_8080_8080_8080;
const NOT_GH: u64 = !0xC0C0_C0C0_C0C0_C0C0;

/// The bitboard shifts, python-chess's names: what leaves the board is
/// lost.
macro_rules! shifts {
    ($($name:ident: $doc:literal, |$b:ident| $shift:expr;)*) => {
        $(
            #[doc = $doc]
            #[pyfunction]
            fn $name($b: u64) -> u64 {
                $shift
            }
        )*

        fn register_shifts(m: &Bound<'_, PyModule>) -> PyResult<()> {
            $(m.add_function(wrap_pyfunction!($name, m)?)?;)*
            Ok(())
        }
    };
}

shifts! {
    shift_down: "The squares down a rank.", |b| b >> 8;
    shift_2_down: "The squares down two ranks.", |b| b >> 16;
    shift_up: "The squares up a rank.", |b| b << 8;
    shift_2_up: "The squares up two ranks.", |b| b << 16;
    shift_right: "The squares a file to the right.", |b| (b << 1) & NOT_A;
    shift_2_right: "The squares two files to the right.", |b| (b << 2) & NOT_AB;
    shift_left: "The squares a file to the left.", |b| (b >> 1) & NOT_H;
    shift_2_left: "The squares two files to the left.", |b| (b >> 2) & NOT_GH;
    shift_up_left: "The squares up a rank and left a file.", |b| (b << 7) & NOT_H;
    shift_up_right: "The squares up a rank and right a file.", |b| (b << 9) & NOT_A;
    shift_down_left: "The squares down a rank and left a file.", |b| (b >> 9) & NOT_H;
    shift_down_right: "The squares down a rank and right a file.", |b| (b >> 7) & NOT_A;
}

/// The whole line through `a` and `b` (edge to edge) when they share one,
/// else 0; a bitboard.
#[pyfunction]
fn ray(a: i64, b: i64) -> PyResult<u64> {
    Ok(attacks::ray(square(a)?, square(b)?).0)
}

/// The squares strictly between `a` and `b` on their line, else 0; a
/// bitboard.
#[pyfunction]
fn between(a: i64, b: i64) -> PyResult<u64> {
    Ok(attacks::between(square(a)?, square(b)?).0)
}

/// The fewest knight moves from `a` to `b` on an empty board.
#[pyfunction]
fn square_knight_distance(a: i64, b: i64) -> PyResult<u32> {
    let (from, to) = (square(a)?, square(b)?);
    // Breadth first over the board: at most six moves.
    let mut reached = SquareSet::from_square(from);
    let mut distance = 0;
    while !reached.contains(to) {
        reached = reached
            .iter()
            .fold(reached, |set, sq| set | attacks::knight_attacks(sq));
        distance += 1;
    }
    Ok(distance)
}

/// Adds the class, the functions and the attack tables to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PySquareSet>()?;
    m.add_class::<CarryRippler>()?;
    m.add_function(wrap_pyfunction!(lsb, m)?)?;
    m.add_function(wrap_pyfunction!(msb, m)?)?;
    m.add_function(wrap_pyfunction!(scan_forward, m)?)?;
    m.add_function(wrap_pyfunction!(scan_reversed, m)?)?;
    m.add_function(wrap_pyfunction!(popcount, m)?)?;
    m.add_function(wrap_pyfunction!(flip_vertical, m)?)?;
    m.add_function(wrap_pyfunction!(flip_horizontal, m)?)?;
    m.add_function(wrap_pyfunction!(flip_diagonal, m)?)?;
    m.add_function(wrap_pyfunction!(flip_anti_diagonal, m)?)?;
    m.add_function(wrap_pyfunction!(ray, m)?)?;
    m.add_function(wrap_pyfunction!(between, m)?)?;
    m.add_function(wrap_pyfunction!(square_knight_distance, m)?)?;
    register_shifts(m)?;
    let table = |f: fn(Square) -> SquareSet| -> Vec<u64> { Square::ALL.map(|s| f(s).0).to_vec() };
    m.add("BB_KNIGHT_ATTACKS", table(attacks::knight_attacks))?;
    m.add("BB_KING_ATTACKS", table(attacks::king_attacks))?;
    m.add(
        "BB_PAWN_ATTACKS",
        [Color::Black, Color::White]
            .map(|color| {
                Square::ALL
                    .map(|s| attacks::pawn_attacks(color, s).0)
                    .to_vec()
            })
            .to_vec(),
    )?;
    let rays: Vec<Vec<u64>> = Square::ALL
        .iter()
        .map(|&a| Square::ALL.iter().map(|&b| attacks::ray(a, b).0).collect())
        .collect();
    m.add("BB_RAYS", rays)?;
    Ok(())
}
