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
//! - [`position`]: legal positions, and moves to and from every notation.
//!
//! ```
//! use chessnote::san::SanPlus;
//!
//! let san: SanPlus = "Nbxd7+".parse()?;
//! assert_eq!(san.to_string(), "Nbxd7+");
//! # Ok::<(), chessnote::san::SanError>(())
//! ```
#![cfg_attr(not(feature = "std"), no_std)]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

extern crate alloc;

mod chess_move;
mod color;
mod geometry;
mod piece;
mod square;
mod square_set;
mod suffix;
mod text;

pub use chess_move::Move;
pub use color::{Color, ParseColorError};
pub use piece::{CastlingSide, ParsePieceError, Piece, PieceKind};
pub use square::{File, ParseSquareError, Rank, Square};
pub use square_set::SquareSet;
pub use suffix::Suffix;
pub use text::{Diagnostic, ParseNameError};

/// The examples of README.md, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeDoctests;

pub mod eran;
pub mod fen;
pub mod lan;
pub mod location;
pub mod pin;
pub mod position;
pub mod san;
pub mod uci;
