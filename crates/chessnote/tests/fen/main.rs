//! FEN and EPD: the seed conformance rows and real data files (one test
//! binary; the seed crate's own suite is in `tests/seed`).

#[path = "../common/mod.rs"]
mod common;

mod conformance;
mod data;
