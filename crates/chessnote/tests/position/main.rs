//! Positions: validation, edge cases, property tests, perft, and the
//! replay of the large corpus (`#[ignore]`d: `.ci/run` runs it in release;
//! one test binary).

#[path = "../common/mod.rs"]
mod common;

mod differential;
mod edge_cases;
mod openings;
mod perft;
mod polyglot;
mod props;
mod replay_large_corpus;
mod validate;
mod variant;
