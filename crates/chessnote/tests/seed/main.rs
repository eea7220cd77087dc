//! The seed crates' own test suites, each copied with only its crate path
//! changed, one folder per seed crate (one test binary).

// The chess-notation-parser suite was a crate root of its own and names
// `crate::CastlingType`: that path still resolves, from here.
use chessnote::san::CastlingType;

mod chess_notation_parser {
    mod integration_test;
}

mod chess_fen_parser {
    mod fen_tests;
}

mod sashite_pin {
    mod conformance;
    mod formatting;
    mod invariants;
    mod queries;
    mod readme;
    mod rejection;
    mod serde;
    mod transformations;
}
