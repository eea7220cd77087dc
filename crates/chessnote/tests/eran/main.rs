//! ERAN: the rules of the grammar, the EBNF in `docs/eran.ebnf`, and moves
//! from real games (one test binary).

#[path = "../common/mod.rs"]
mod common;

mod data;
mod grammar;
mod rules;
