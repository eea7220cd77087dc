//! Moves in a position: conversions between SAN, LAN, UCI and ERAN on real
//! data, against python-chess, and edge cases (one test binary).

#[path = "../common/mod.rs"]
mod common;

mod data;
mod edge_cases;
mod python_chess;
