//! # chessnote
//!
//! Read, write, check and convert chess notation.
//!
//! The crate is built around one vocabulary of small `Copy` types, shared by
//! every notation module:
//!
//! | type | what it is |
//! |---|---|
//! | [`File`], [`Rank`], [`Square`] | board coordinates (`a`–`h`, `1`–`8`, `a1`–`h8`) |
//! | [`SquareSet`] | a set of squares in one 64-bit word |
//! | [`Color`] | white or black |
//! | [`PieceKind`] | pawn, knight, bishop, rook, queen, king |
//! | [`Piece`] | a piece kind with a color |
//! | [`CastlingSide`] | king side or queen side |
//!
//! Each notation lives in a module of its own that parses, prints and names
//! its errors:
//!
//! - [`san`]: Standard Algebraic Notation moves, with a drop-in façade for the
//!   `chess-notation-parser` crate;
//! - [`fen`]: FEN positions and EPD records, with a drop-in façade for the
//!   `chess_fen_parser` crate;
//! - [`pin`]: Piece Identifier Notation, a drop-in for `sashite-pin`;
//! - [`eran`]: Explicit Readable Algebraic Notation;
//! - [`uci`] and [`lan`]: UCI and long algebraic moves;
//! - [`position`]: legal positions, and moves to and from every notation;
//! - [`pgn`]: PGN game files, read as a stream with every problem located,
//!   replayed legally, edited as game trees and written in the standard's
//!   export format.
//!
//! [`diagram`] draws boards: one [`Diagram`] (a board, the side at the
//! bottom, the last move, the king in check, the coloured squares and
//! arrows of PGN comments) written as ASCII or Unicode text or as SVG, with
//! a piece set of its own.
//!
//! # One shape for every notation
//!
//! Every notation reads bytes with `from_ascii` (strict), `from_ascii_with`
//! (named leniencies) and, for moves, `from_ascii_prefix` (a token at the
//! start of a longer text, with the number of bytes it used). Every syntax
//! error is an `XError` with a `kind()` and the byte `offset()`, and every
//! error implements [`Diagnostic`], which gives programs a stable kind name.
//! Every value with a text form has `Display` (never allocating), `FromStr`
//! and `append_to`. Files are read by the caller, who turns offsets into
//! lines and columns with [`location::LineCounter`].
//!
//! # Layering
//!
//! The vocabulary at the root (the diagrams with it) depends on nothing
//! else; each notation module uses only the vocabulary; [`position`] uses the vocabulary and the
//! notations; nothing in the library uses [`position`] but the PGN layer.
//!
//! # Name clashes
//!
//! The drop-in promise keeps the seed crates' names, some of which clash with
//! the core's. They live in the seed façades (`san::seed`, `fen::seed`,
//! re-exported flat) and are listed here; no new name adds to them.
//!
//! | seed name | core name | difference |
//! |---|---|---|
//! | `san::Square` | [`Square`] | the seed numbers a8 = 0, the core a1 = 0 |
//! | `san::Piece` | [`PieceKind`] | the seed's piece has no colour |
//! | `san::Move`, `san::Turn` | [`Move`], [`san::SanPlus`] | a syntax-level seed move vs a legal move / a SAN token |
//! | `san::Castling` | [`CastlingSide`] | the seed's castling turn vs a side |
//! | `fen::Fen`, `fen::Castlings` | `Setup`, its castling rights | the seed's nested-`Vec` view vs the `Copy` setup |
//!
//! ```
//! use chessnote::san::SanPlus;
//!
//! let san: SanPlus = "Nbxd7+".parse()?;
//! assert_eq!(san.to_string(), "Nbxd7+");
//! # Ok::<(), chessnote::san::SanError>(())
//! ```
#![cfg_attr(not(test), no_std)]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

extern crate alloc;
// The PGN reader over `io::Read` and the pest grammar types of the seed FEN
// façade (feature `pest`, which turns on `std`) need `std`.
#[cfg(feature = "std")]
extern crate std;

mod board;
mod castling;
mod chess_move;
mod color;
mod geometry;
mod piece;
mod setup;
mod square;
mod square_set;
mod suffix;
mod text;
mod variant;

pub use board::Board;
pub use castling::{Castling, CastlingRight};
pub use chess_move::Move;
pub use color::{Color, ParseColorError};
pub use diagram::{Diagram, DiagramStyle};
pub use piece::{CastlingSide, ParsePieceError, Piece, PieceKind};
pub use setup::Setup;
pub use square::{File, ParseSquareError, Rank, Square};
pub use square_set::SquareSet;
pub use suffix::Suffix;
pub use text::{Diagnostic, ParseNameError};
pub use variant::Variant;

/// The examples of README.md, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeDoctests;

/// The examples of docs/diagrams.md, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/diagrams.md")]
pub struct DiagramsDoctests;

/// The examples of docs/variants.md, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/variants.md")]
pub struct VariantsDoctests;

pub mod diagram;
pub mod eran;
pub mod fen;
pub mod lan;
pub mod location;
pub mod opening;
pub mod pgn;
pub mod pin;
pub mod position;
pub mod san;
pub mod uci;
