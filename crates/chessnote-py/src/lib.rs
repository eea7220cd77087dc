//! The Python package `chessnote`: the library's PGN reader, export rows,
//! positions and notations, called from Python (PyO3, one abi3 wheel for
//! CPython 3.10 and later).
//!
//! A thin shell: every notation, rule and row comes from `chessnote` and
//! `chessnote-export`; this crate converts values and errors, releases the
//! GIL around long work, and hands Arrow data over the Arrow PyCapsule
//! interface. Its tests are Python's (`tests/`, pytest).

#![deny(unsafe_code)]

use pyo3::prelude::*;

/// The extension's allocator: mimalloc, with the feature of that name (on
/// by default). Objects are allocated and freed by the extension only, so
/// it need not be the interpreter's (pymalloc stays Python's).
#[cfg(feature = "mimalloc")]
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

mod board;
mod errors;
mod games;
mod moves;
mod outcome;
mod pgn_tree;
mod pin;
mod polyglot;
mod source;
mod squareset;
mod strings;
mod svg;
mod table;
mod variant_board;
mod vocabulary;

/// The native module, re-exported by `chessnote/__init__.py`.
#[pymodule]
fn _chessnote(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("STARTING_FEN", chessnote::Setup::STARTING.to_string())?;
    for (name, _, bit) in board::STATUS {
        m.add(name, bit)?;
    }
    errors::register(m)?;
    vocabulary::register(m)?;
    m.add_class::<moves::PyMove>()?;
    m.add_class::<moves::PyPiece>()?;
    m.add_class::<moves::LegalMoveGenerator>()?;
    m.add_class::<moves::PseudoLegalMoveGenerator>()?;
    squareset::register(m)?;
    m.add_class::<outcome::PyTermination>()?;
    m.add_class::<outcome::PyOutcome>()?;
    m.add_class::<board::PyBoard>()?;
    m.add_class::<variant_board::PyVariantBoard>()?;
    m.add_class::<pin::PyPin>()?;
    m.add_class::<games::PyGame>()?;
    m.add_class::<games::PyGameError>()?;
    m.add_class::<games::GameReader>()?;
    m.add_class::<table::PyRecordBatch>()?;
    m.add_class::<table::PySchema>()?;
    m.add_class::<table::TableReader>()?;
    m.add_function(wrap_pyfunction!(games::read_pgn, m)?)?;
    m.add_function(wrap_pyfunction!(table::read_table, m)?)?;
    m.add_function(wrap_pyfunction!(source::plan, m)?)?;
    m.add_function(wrap_pyfunction!(table::parse_movetext, m)?)?;
    m.add_function(wrap_pyfunction!(table::schema, m)?)?;
    m.add_function(wrap_pyfunction!(table::movetext_schema, m)?)?;
    m.add_function(wrap_pyfunction!(table::spark_schema, m)?)?;
    m.add_function(wrap_pyfunction!(table::column_names, m)?)?;
    m.add_function(wrap_pyfunction!(leniency_names, m)?)?;
    m.add_class::<polyglot::PyBook>()?;
    m.add_class::<pgn_tree::PyTree>()?;
    m.add_function(wrap_pyfunction!(pgn_tree::_read_game, m)?)?;
    m.add_function(wrap_pyfunction!(svg::_svg, m)?)?;
    m.add_function(wrap_pyfunction!(svg::_svg_piece, m)?)?;
    m.add_function(wrap_pyfunction!(pgn_tree::_skip_game, m)?)?;
    m.add_function(wrap_pyfunction!(polyglot::_zobrist_hash, m)?)?;
    Ok(())
}

/// Every leniency name `allow=` takes: SAN's, FEN's, then PGN's.
#[pyfunction]
fn leniency_names() -> Vec<&'static str> {
    source::leniency_names()
}
