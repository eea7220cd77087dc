//! The exceptions: the library's errors with their kind, message and place.

use chessnote::Diagnostic;
use chessnote::pgn::PgnError as PgnProblem;
use chessnote::position::{MoveError as MoveProblem, MoveErrorKind};
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyType;

create_exception!(
    chessnote,
    ChessnoteError,
    PyValueError,
    "Any error of chessnote's parsers: a ValueError with kind, message, offset, line, column and ply."
);
create_exception!(
    chessnote,
    FenError,
    ChessnoteError,
    "A FEN or EPD record that cannot be read."
);
create_exception!(
    chessnote,
    PgnError,
    ChessnoteError,
    "A problem in a PGN game."
);
create_exception!(
    chessnote,
    MoveError,
    ChessnoteError,
    "A move that cannot be read or played."
);
create_exception!(
    chessnote,
    InvalidMoveError,
    MoveError,
    "A move whose text is not valid in its notation."
);
create_exception!(
    chessnote,
    IllegalMoveError,
    MoveError,
    "A move that is not legal in the position."
);
create_exception!(
    chessnote,
    AmbiguousMoveError,
    MoveError,
    "A SAN move that more than one legal move matches."
);
create_exception!(
    chessnote,
    PositionError,
    ChessnoteError,
    "A position the board cannot play from."
);

/// Where an error happened, for the exception's attributes.
#[derive(Default)]
pub struct Place {
    /// The line (from 1), for files.
    pub line: Option<u64>,
    /// The column (from 1), for files.
    pub column: Option<u64>,
    /// The ply of the move, in a game.
    pub ply: Option<u32>,
}

/// The exception of type `class` for `error`: `str()` is the library's
/// message with its place, the attributes its parts.
pub fn raise(
    py: Python<'_>,
    class: &Bound<'_, PyType>,
    error: &dyn Diagnostic,
    place: Place,
) -> PyErr {
    let err = PyErr::from_type(class.clone(), error.to_string());
    let value = err.value(py);
    // Setting attributes of a fresh exception instance cannot fail.
    let _ = value.setattr("kind", error.kind_name());
    let _ = value.setattr("message", error.message());
    let _ = value.setattr("offset", error.offset());
    let _ = value.setattr("line", place.line);
    let _ = value.setattr("column", place.column);
    let _ = value.setattr("ply", place.ply);
    err
}

/// A plain `ChessnoteError` for `error`.
pub fn chessnote_error(py: Python<'_>, error: &dyn Diagnostic) -> PyErr {
    raise(
        py,
        &py.get_type::<ChessnoteError>(),
        error,
        Place::default(),
    )
}

/// `FenError` for `error`.
pub fn fen_error(py: Python<'_>, error: &dyn Diagnostic) -> PyErr {
    raise(py, &py.get_type::<FenError>(), error, Place::default())
}

/// `InvalidMoveError`, `IllegalMoveError` or `AmbiguousMoveError` for
/// `error`, as python-chess names them.
pub fn move_error(py: Python<'_>, error: &MoveProblem) -> PyErr {
    let class = match error.kind() {
        MoveErrorKind::Syntax(_) => py.get_type::<InvalidMoveError>(),
        MoveErrorKind::Ambiguous => py.get_type::<AmbiguousMoveError>(),
        _ => py.get_type::<IllegalMoveError>(),
    };
    raise(py, &class, error, Place::default())
}

/// `PgnError` for `error`, with its line, column and ply.
pub fn pgn_error(py: Python<'_>, error: &PgnProblem) -> PyErr {
    let at = error.location();
    let place = Place {
        line: Some(at.line),
        column: Some(at.column),
        ply: error.ply(),
    };
    raise(py, &py.get_type::<PgnError>(), error, place)
}

/// Adds the exception classes to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    // Class-level defaults, for an exception raised without them.
    let base = py.get_type::<ChessnoteError>();
    base.setattr("kind", "")?;
    base.setattr("message", "")?;
    base.setattr("offset", 0)?;
    for name in ["line", "column", "ply"] {
        base.setattr(name, py.None())?;
    }
    m.add("ChessnoteError", base)?;
    m.add("FenError", py.get_type::<FenError>())?;
    m.add("PgnError", py.get_type::<PgnError>())?;
    m.add("MoveError", py.get_type::<MoveError>())?;
    m.add("InvalidMoveError", py.get_type::<InvalidMoveError>())?;
    m.add("IllegalMoveError", py.get_type::<IllegalMoveError>())?;
    m.add("AmbiguousMoveError", py.get_type::<AmbiguousMoveError>())?;
    m.add("PositionError", py.get_type::<PositionError>())?;
    Ok(())
}
