//! python-chess's module-level vocabulary (`chess.A1`, `chess.PAWN`,
//! `chess.BB_RANK_1`, `chess.square_name`, …) with its values, so that code
//! written for `import chess` runs on `import chessnote as chess`.

use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

const FILES: [&str; 8] = ["a", "b", "c", "d", "e", "f", "g", "h"];
const RANKS: [&str; 8] = ["1", "2", "3", "4", "5", "6", "7", "8"];
const PIECE_SYMBOLS: [Option<&str>; 7] = [
    None,
    Some("p"),
    Some("n"),
    Some("b"),
    Some("r"),
    Some("q"),
    Some("k"),
];
const PIECE_NAMES: [Option<&str>; 7] = [
    None,
    Some("pawn"),
    Some("knight"),
    Some("bishop"),
    Some("rook"),
    Some("queen"),
    Some("king"),
];

fn square_names() -> Vec<String> {
    (0..64)
        .map(|i| format!("{}{}", FILES[i % 8], RANKS[i / 8]))
        .collect()
}

/// Adds the constants to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("WHITE", true)?;
    m.add("BLACK", false)?;
    m.add("COLORS", vec![true, false])?;
    m.add("COLOR_NAMES", vec!["black", "white"])?;
    let kinds = ["PAWN", "KNIGHT", "BISHOP", "ROOK", "QUEEN", "KING"];
    for (n, name) in (1u8..).zip(kinds) {
        m.add(name, n)?;
    }
    m.add("PIECE_TYPES", (1u32..=6).collect::<Vec<_>>())?;
    m.add("PIECE_SYMBOLS", PIECE_SYMBOLS.to_vec())?;
    m.add("PIECE_NAMES", PIECE_NAMES.to_vec())?;
    let unicode = PyDict::new(py);
    for (letter, symbol) in "KQRBNPkqrbnp".chars().zip("♔♕♖♗♘♙♚♛♜♝♞♟".chars())
    {
        unicode.set_item(letter.to_string(), symbol.to_string())?;
    }
    m.add("UNICODE_PIECE_SYMBOLS", unicode)?;
    m.add("FILE_NAMES", FILES.to_vec())?;
    m.add("RANK_NAMES", RANKS.to_vec())?;
    let names = square_names();
    for (i, name) in names.iter().enumerate() {
        m.add(name.to_uppercase().as_str(), i)?;
        m.add(format!("BB_{}", name.to_uppercase()).as_str(), 1u64 << i)?;
    }
    m.add("SQUARES", (0u32..64).collect::<Vec<_>>())?;
    m.add("SQUARE_NAMES", names)?;
    m.add(
        "STARTING_BOARD_FEN",
        chessnote::Setup::STARTING.board.to_string(),
    )?;
    m.add("BB_EMPTY", 0u64)?;
    m.add("BB_ALL", u64::MAX)?;
    m.add("BB_SQUARES", (0..64).map(|i| 1u64 << i).collect::<Vec<_>>())?;
    let files: Vec<u64> = (0..8).map(|f| 0x0101_0101_0101_0101u64 << f).collect();
    let ranks: Vec<u64> = (0..8).map(|r| 0xFFu64 << (8 * r)).collect();
    for (f, bb) in FILES.iter().zip(&files) {
        m.add(format!("BB_FILE_{}", f.to_uppercase()).as_str(), *bb)?;
    }
    for (r, bb) in RANKS.iter().zip(&ranks) {
        m.add(format!("BB_RANK_{r}").as_str(), *bb)?;
    }
    m.add("BB_FILES", files)?;
    m.add("BB_RANKS", ranks.clone())?;
    m.add("BB_BACKRANKS", ranks[0] | ranks[7])?;
    m.add("BB_LIGHT_SQUARES", 0x55AA_55AA_55AA_55AAu64)?;
    m.add("BB_DARK_SQUARES", 0xAA55_AA55_AA55_AA55u64)?;
    m.add("BB_CORNERS", 1u64 | 1 << 7 | 1 << 56 | 1 << 63)?;
    m.add("BB_CENTER", 1u64 << 27 | 1 << 28 | 1 << 35 | 1 << 36)?;
    m.add_function(wrap_pyfunction!(square, m)?)?;
    m.add_function(wrap_pyfunction!(square_file, m)?)?;
    m.add_function(wrap_pyfunction!(square_rank, m)?)?;
    m.add_function(wrap_pyfunction!(square_name, m)?)?;
    m.add_function(wrap_pyfunction!(parse_square, m)?)?;
    m.add_function(wrap_pyfunction!(square_distance, m)?)?;
    m.add_function(wrap_pyfunction!(square_manhattan_distance, m)?)?;
    m.add_function(wrap_pyfunction!(square_mirror, m)?)?;
    m.add_function(wrap_pyfunction!(piece_symbol, m)?)?;
    m.add_function(wrap_pyfunction!(piece_name, m)?)?;
    Ok(())
}

/// The square of a file (0 = a) and a rank (0 = 1): `rank * 8 + file`.
#[pyfunction]
fn square(file_index: i64, rank_index: i64) -> i64 {
    rank_index * 8 + file_index
}

/// The file of a square (0 = a).
#[pyfunction]
fn square_file(square: i64) -> i64 {
    square & 7
}

/// The rank of a square (0 = the first).
#[pyfunction]
fn square_rank(square: i64) -> i64 {
    square >> 3
}

/// The square's name, `a1` … `h8`.
#[pyfunction]
fn square_name(square: i64) -> PyResult<String> {
    usize::try_from(square)
        .ok()
        .filter(|&s| s < 64)
        .map(|s| format!("{}{}", FILES[s % 8], RANKS[s / 8]))
        .ok_or_else(|| PyIndexError::new_err("list index out of range"))
}

/// The square a name (`e4`) names; raises `ValueError` for anything else.
#[pyfunction]
fn parse_square(name: &str) -> PyResult<u8> {
    match name.as_bytes() {
        &[file @ b'a'..=b'h', rank @ b'1'..=b'8'] => Ok((rank - b'1') * 8 + (file - b'a')),
        _ => Err(PyValueError::new_err(format!("'{name}' is not in list"))),
    }
}

/// The king's distance between two squares.
#[pyfunction]
fn square_distance(a: i64, b: i64) -> i64 {
    ((a & 7) - (b & 7)).abs().max(((a >> 3) - (b >> 3)).abs())
}

/// The taxicab distance between two squares.
#[pyfunction]
fn square_manhattan_distance(a: i64, b: i64) -> i64 {
    ((a & 7) - (b & 7)).abs() + ((a >> 3) - (b >> 3)).abs()
}

/// The square mirrored vertically (`a1` ↔ `a8`).
#[pyfunction]
fn square_mirror(square: i64) -> i64 {
    square ^ 0x38
}

/// A piece type's letter (`p` … `k`; None for 0).
#[pyfunction]
fn piece_symbol(piece_type: usize) -> PyResult<Option<&'static str>> {
    PIECE_SYMBOLS
        .get(piece_type)
        .copied()
        .ok_or_else(|| PyIndexError::new_err("list index out of range"))
}

/// A piece type's name (`pawn` … `king`; None for 0).
#[pyfunction]
fn piece_name(piece_type: usize) -> PyResult<Option<&'static str>> {
    PIECE_NAMES
        .get(piece_type)
        .copied()
        .ok_or_else(|| PyIndexError::new_err("list index out of range"))
}
