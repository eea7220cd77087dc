//! PGN: the reader on real files, against python-chess, typed helpers,
//! the `--where` filter's time controls against its old parser, error
//! positions and adversarial inputs (one test binary).

#[path = "../common/mod.rs"]
mod common;

mod adversarial;
mod faults;
mod filter;
mod props;
mod python_chess;
mod python_chess_export;
mod real_files;
mod rules;
mod search;
mod support;
mod tree;
mod typed;
mod writing;
