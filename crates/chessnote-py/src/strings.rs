//! Python strings made once and shared: every UCI move and the common tag
//! names. A game's `uci` is then a list of references, and `headers` makes
//! only its values (and hashes no common name again).

use chessnote::Square;
use chessnote::uci::Uci;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyString;

/// The tags of the Lichess dumps and the Seven Tag Roster, whose names most
/// games share.
const TAG_NAMES: [&str; 21] = [
    "Event",
    "Site",
    "Date",
    "Round",
    "White",
    "Black",
    "Result",
    "UTCDate",
    "UTCTime",
    "WhiteElo",
    "BlackElo",
    "WhiteRatingDiff",
    "BlackRatingDiff",
    "WhiteTitle",
    "BlackTitle",
    "ECO",
    "Opening",
    "TimeControl",
    "Termination",
    "Variant",
    "FEN",
];

/// The promotion letters, in the order of the table's slots after the
/// plain move.
const PROMOTIONS: [u8; 4] = [b'n', b'b', b'r', b'q'];

/// Every UCI move (64 × 64 squares, each plain and with each promotion
/// letter), and `0000`, by [`slot`].
static UCI: PyOnceLock<Vec<Py<PyString>>> = PyOnceLock::new();

static NAMES: PyOnceLock<Vec<Py<PyString>>> = PyOnceLock::new();

/// The slot of a UCI move in [`UCI`]; `None` for those it has not (drops,
/// antichess's promotions to a king).
fn slot(uci: Uci) -> Option<usize> {
    match uci {
        Uci::Null => Some(64 * 64 * 5),
        Uci::Normal {
            from,
            to,
            promotion,
        } => {
            let letter = match promotion {
                None => 0,
                Some(p) => {
                    let lower = p.upper_ascii().to_ascii_lowercase();
                    1 + PROMOTIONS.iter().position(|&l| l == lower)?
                }
            };
            Some((from as usize * 64 + to as usize) * 5 + letter)
        }
        Uci::Drop { .. } => None,
    }
}

/// Every UCI move's string, made at the first call.
fn uci_table(py: Python<'_>) -> &[Py<PyString>] {
    UCI.get_or_init(py, || {
        let mut table = Vec::with_capacity(64 * 64 * 5 + 1);
        for from in Square::ALL {
            for to in Square::ALL {
                let base = format!("{from}{to}");
                table.push(PyString::new(py, &base).unbind());
                for letter in PROMOTIONS {
                    let text = format!("{base}{}", char::from(letter));
                    table.push(PyString::new(py, &text).unbind());
                }
            }
        }
        table.push(PyString::new(py, "0000").unbind());
        table
    })
}

/// The Python strings of UCI moves, the table looked up once.
pub fn uci_strings<'py>(
    py: Python<'py>,
    moves: impl Iterator<Item = Uci>,
) -> impl Iterator<Item = Bound<'py, PyString>> {
    let table = uci_table(py);
    // The tests compare these lists with the command's moves on real
    // games; a move with no slot is written anew.
    moves.map(move |m| match slot(m).and_then(|at| table.get(at)) {
        Some(text) => text.bind(py).clone(),
        None => PyString::new(py, &m.to_string()),
    })
}

/// The Python string of a tag name: shared for the common ones.
pub fn tag_name<'py>(py: Python<'py>, name: &str) -> Bound<'py, PyString> {
    let names = NAMES.get_or_init(py, || {
        TAG_NAMES
            .iter()
            .map(|name| PyString::intern(py, name).unbind())
            .collect()
    });
    match TAG_NAMES.iter().position(|n| *n == name) {
        Some(at) => names[at].bind(py).clone(),
        None => PyString::new(py, name),
    }
}
