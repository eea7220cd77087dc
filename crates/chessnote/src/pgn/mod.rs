//! PGN, Portable Game Notation: game files read as a stream (work in progress).

pub mod commands;
pub mod tags;
