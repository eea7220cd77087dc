//! SAN: the seed conformance rows, real-game data, the differential test
//! against the seed crate and property tests (one test binary).

#[path = "../common/mod.rs"]
mod common;

mod conformance;
mod data;
mod differential;
mod props;
