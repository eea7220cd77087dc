//! Shared helpers for the integration tests: finding `../shared`, reading the
//! conformance TSV files and the (possibly zstd-compressed) data files, perft,
//! the toy board and the PGN movetext splitter, all from `chessnote-testdata`
//! (shared with the benchmarks). Each test binary's `main.rs` declares
//! `#[path = "../common/mod.rs"] mod common;`; its modules `use crate::common;`.
#![allow(unused_imports)]

pub use chessnote_testdata::*;
