//! FEN, Forsyth–Edwards Notation, and EPD, Extended Position Description.
//!
//! Two layers:
//!
//! - The fast core, [`Setup`]: a `Copy` position (board, side to move,
//!   castling rights that can name Chess960 rook files, en-passant square,
//!   counters) parsed by [`Setup::from_ascii`] in one pass over the bytes,
//!   without allocating. `Display` prints canonical FEN. Parsing is strict
//!   by default; each leniency that real data needs is a named switch of
//!   [`FenOptions`]. Every error says which field, at which byte, and why
//!   ([`FenError`]).
//! - The drop-in API of the `chess_fen_parser` 0.1.1 crate: [`parse_fen`]
//!   gives a [`Fen`] (alias [`FenRecord`]) with the same public fields, built
//!   from a [`Setup`]. With the `pest` feature, `FenParser` and `Rule`
//!   are the seed's pest grammar (the file `fen.pest` beside this module,
//!   which also documents the language and where we are stricter).
//!
//! [`Epd`] reads and writes EPD records, and [`Board::diagram`] draws a
//! board in ASCII or Unicode.
//!
//! ```
//! use chessnote::fen::{parse_fen, DiagramStyle, Setup};
//! use chessnote::Square;
//!
//! let setup = Setup::from_ascii(b"r1bq1rk1/ppp2ppp/2n2n2/2bp4/4P3/2N2N2/PPP2PPP/R1BQ1RK1 b - - 4 9")?;
//! assert_eq!(setup.board[Square::G8].unwrap().char(), 'k');
//! assert_eq!(setup.to_string(), "r1bq1rk1/ppp2ppp/2n2n2/2bp4/4P3/2N2N2/PPP2PPP/R1BQ1RK1 b - - 4 9");
//! print!("{}", setup.board.diagram(DiagramStyle::Unicode));
//!
//! let fen = parse_fen("8/8/8/3pP3/8/8/8/8 b - e3 0 1")?;
//! assert_eq!(fen.en_passant.as_deref(), Some("e3"));
//! # Ok::<(), chessnote::fen::FenError>(())
//! ```

mod epd;
mod parse;
mod seed;
mod setup;

pub use crate::{Color, Piece, PieceKind};
pub use epd::{Epd, Operand, Operation};
pub use parse::{FenError, FenErrorKind, FenField, FenOptions};
pub use seed::{Castlings, Expanded, Fen, FenRecord, FenViewError, parse_fen, parse_fen_with};
pub use setup::{Board, Castling, CastlingRight, Diagram, DiagramStyle, EpdFields, Setup};

#[cfg(feature = "pest")]
mod grammar {
    #![allow(missing_docs)]
    /// The seed's pest grammar (`fen.pest`), for rule-by-rule tests.
    ///
    /// ```
    /// use chessnote::fen::{FenParser, Rule};
    /// use pest::Parser;
    /// let pair = FenParser::parse(Rule::castling, "KQkq").unwrap().next().unwrap();
    /// assert_eq!(pair.as_str(), "KQkq");
    /// ```
    #[derive(pest_derive::Parser)]
    #[grammar = "fen/fen.pest"]
    pub struct FenParser;
}

#[cfg(feature = "pest")]
pub use grammar::{FenParser, Rule};
