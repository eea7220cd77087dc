//! The drawing behind `chessnote.svg` (python-chess's `chess.svg`): a
//! board's diagram or one piece as SVG, with the library's piece set. The
//! Python module maps python-chess's arguments onto these.

use chessnote::diagram::{Arrow, MarkedSquare, Rgba, SvgOptions, SvgPaint, piece_svg};
use chessnote::{Color, Diagram};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use std::collections::HashMap;

use chessnote::Square;
use pyo3::exceptions::PyTypeError;

use crate::board::PyBoard;
use crate::errors;
use crate::moves::{PyPiece, square};
use crate::variant_board::PyVariantBoard;

/// The diagram of a board (an empty one for None; a variant board's with
/// its pockets and check counters) as SVG: `orientation`
/// (True: White at the bottom), the last move's squares, a king's square in
/// check, arrows and marked squares as `[%cal]`/`[%csl]` write them
/// (`Ge2e4`, `Rd4`), `size` pixels, coordinates or not, and colours by the
/// library's names (`light`, `dark`, `green` …) as `#rrggbb(aa)`.
///
/// # Errors
///
/// `ChessnoteError` for a bad arrow, mark or colour; `ValueError` for a
/// square off the board or an unknown colour name.
#[pyfunction]
#[pyo3(signature = (board, orientation, lastmove, check, arrows, marks, size, coordinates, colors))]
#[allow(clippy::too_many_arguments)]
pub fn _svg(
    py: Python<'_>,
    board: Option<&Bound<'_, PyAny>>,
    orientation: bool,
    lastmove: Option<(u8, u8)>,
    check: Option<u8>,
    arrows: Vec<String>,
    marks: Vec<String>,
    size: u32,
    coordinates: bool,
    colors: Vec<(String, String)>,
) -> PyResult<String> {
    let mut diagram = match board {
        None => Diagram::new(chessnote::Board::EMPTY),
        Some(board) => {
            if let Ok(board) = board.cast::<PyBoard>() {
                Diagram::new(board.borrow().piece_board())
            } else if let Ok(board) = board.cast::<PyVariantBoard>() {
                board.borrow().diagram()
            } else {
                return Err(PyTypeError::new_err(
                    "board: a Board, a chessnote.variant board or None",
                ));
            }
        }
    };
    diagram.orientation = if orientation {
        Color::White
    } else {
        Color::Black
    };
    diagram.coordinates = coordinates;
    if let Some((from, to)) = lastmove {
        diagram.last_move = Some((square(from)?, square(to)?));
    }
    // The king in check as python-chess marks it: when given.
    diagram.check = check.map(square).transpose()?;
    draw(py, diagram, &arrows, &marks, size, colors)
}

/// A board's `svg()` (`Board`'s and the variant boards'): `diagram` with
/// Black at the bottom when `flipped`, coordinates or not, the last move's
/// squares, arrows and marked squares as `[%cal]`/`[%csl]` write them, in
/// the colours given by name.
#[allow(clippy::too_many_arguments)]
pub(crate) fn board_svg(
    py: Python<'_>,
    mut diagram: Diagram,
    last_move: Option<(Square, Square)>,
    flipped: bool,
    coordinates: bool,
    arrows: &[String],
    squares: &[String],
    size: u32,
    colors: Option<HashMap<String, String>>,
) -> PyResult<String> {
    diagram.orientation = if flipped { Color::Black } else { Color::White };
    diagram.coordinates = coordinates;
    diagram.last_move = last_move;
    draw(
        py,
        diagram,
        arrows,
        squares,
        size,
        colors.unwrap_or_default(),
    )
}

/// A diagram with arrows and marked squares as `[%cal]`/`[%csl]` write them
/// (`Ge2e4`, `Rd4`), drawn `size` pixels square in the colours given by the
/// library's names (`light`, `dark`, `green` …) as `#rrggbb(aa)`.
///
/// # Errors
///
/// `ChessnoteError` for a bad arrow, mark or colour; `ValueError` for an
/// unknown colour name.
pub(crate) fn draw(
    py: Python<'_>,
    mut diagram: Diagram,
    arrows: &[String],
    marks: &[String],
    size: u32,
    colors: impl IntoIterator<Item = (String, String)>,
) -> PyResult<String> {
    for arrow in arrows {
        let arrow =
            Arrow::from_ascii(arrow.as_bytes()).map_err(|err| errors::chessnote_error(py, &err))?;
        diagram.arrows.push(arrow);
    }
    for mark in marks {
        let mark = MarkedSquare::from_ascii(mark.as_bytes())
            .map_err(|err| errors::chessnote_error(py, &err))?;
        diagram.squares.push(mark);
    }
    let mut options = SvgOptions {
        size,
        ..SvgOptions::default()
    };
    for (name, value) in colors {
        let paint = SvgPaint::from_name(&name).ok_or_else(|| {
            let names: Vec<&str> = SvgPaint::ALL.iter().map(|p| p.name()).collect();
            PyValueError::new_err(format!(
                "unknown colour name `{name}` (known: {})",
                names.join(", ")
            ))
        })?;
        let color: Rgba = value
            .parse()
            .map_err(|err| errors::chessnote_error(py, &err))?;
        options.colors.set(paint, color);
    }
    Ok(diagram.svg(&options).to_string())
}

/// One piece as SVG, `size` pixels square.
#[pyfunction]
pub fn _svg_piece(piece: PyPiece, size: u32) -> String {
    let options = SvgOptions {
        size,
        ..SvgOptions::default()
    };
    piece_svg(piece.0, &options).to_string()
}
