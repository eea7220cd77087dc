//! `Pin`: PIN piece tokens (`+K^`, `r`).

use chessnote::pin::Identifier;
use pyo3::prelude::*;

use crate::errors;

/// A PIN piece token: a letter, a side, a state and a terminal mark.
#[pyclass(name = "Pin", module = "chessnote", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyPin(Identifier);

#[pymethods]
impl PyPin {
    /// Reads a token; raises ChessnoteError with the offset of the bad byte.
    #[new]
    fn new(py: Python<'_>, token: &str) -> PyResult<PyPin> {
        Identifier::from_ascii(token.as_bytes())
            .map(PyPin)
            .map_err(|err| errors::chessnote_error(py, &err))
    }

    /// The letter, uppercase (the side is `side`).
    #[getter]
    fn letter(&self) -> char {
        self.0.letter().as_char()
    }

    /// `"first"` (uppercase letter) or `"second"` (lowercase).
    #[getter]
    fn side(&self) -> &'static str {
        self.0.side().name()
    }

    /// `"normal"`, `"enhanced"` (`+`) or `"diminished"` (`-`).
    #[getter]
    fn state(&self) -> &'static str {
        self.0.state().name()
    }

    /// Whether the token has the terminal mark `^`.
    #[getter]
    fn terminal(&self) -> bool {
        self.0.is_terminal()
    }

    fn __str__(&self) -> &'static str {
        self.0.as_str()
    }

    fn __repr__(&self) -> String {
        format!("Pin('{}')", self.0.as_str())
    }
}
