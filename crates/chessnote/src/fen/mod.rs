//! FEN, Forsyth–Edwards Notation, and EPD, Extended Position Description.
//!
//! The core reads and writes [`Setup`] (a crate-root type, re-exported here
//! with [`Board`] and [`Castling`]): a `Copy` position (board, side to move,
//! castling rights that can name Chess960 rook files, en-passant square,
//! counters) parsed by [`Setup::from_ascii`] in one pass over the bytes,
//! without allocating. `Display` prints canonical FEN without allocating
//! either (at most [`MAX_LEN`] bytes). Parsing is strict by default; each
//! leniency that real data needs is a named [`FenLeniency`], allowed through
//! a [`FenOptions`] set, and [`Setup::from_ascii_reporting`] says which ones
//! a record used. Every error says which field, at which byte, and why
//! ([`FenError`]).
//!
//! [`Epd`] reads and writes EPD records, and [`Board::diagram`] draws a
//! board in ASCII or Unicode.
//!
//! The drop-in API of the `chess_fen_parser` 0.1.1 crate ([`parse_fen`],
//! [`Fen`], ...) lives in [`seed`] and is re-exported here.
//!
//! ```
//! use chessnote::fen::{DiagramStyle, FenLeniency, FenOptions, Setup};
//! use chessnote::Square;
//!
//! let setup = Setup::from_ascii(b"r1bq1rk1/ppp2ppp/2n2n2/2bp4/4P3/2N2N2/PPP2PPP/R1BQ1RK1 b - - 4 9")?;
//! assert_eq!(setup.board[Square::G8].unwrap().char(), 'k');
//! assert_eq!(setup.to_string(), "r1bq1rk1/ppp2ppp/2n2n2/2bp4/4P3/2N2N2/PPP2PPP/R1BQ1RK1 b - - 4 9");
//! print!("{}", setup.board.diagram(DiagramStyle::Unicode));
//!
//! let (_, used) = Setup::from_ascii_reporting(b"8/8/8/8/8/8/8/8 w - - 0 01", FenOptions::LENIENT)?;
//! assert_eq!(used.iter().collect::<Vec<_>>(), [FenLeniency::LeadingZeros]);
//! # Ok::<(), chessnote::fen::FenError>(())
//! ```

mod epd;
mod error;
mod options;
mod parse;
mod print;
pub mod seed;
mod variant;

pub use crate::{Board, Castling, CastlingRight, Diagram, DiagramStyle, Setup};
pub use crate::{Color, Piece, PieceKind};
pub use epd::{Epd, Operand, Operation};
pub use error::{FenError, FenErrorKind, FenField};
pub use options::{FenLeniency, FenOptions};
pub use parse::fast_path_agrees;
pub use print::{CASTLING_MAX_LEN, EPD_FIELDS_MAX_LEN, EpdFields, MAX_LEN, PLACEMENT_MAX_LEN};
#[doc(no_inline)]
pub use seed::*;
pub use variant::{POCKET_MAX, Pockets, VariantSetup};
