//! SAN parsing: chessnote's fast type and façade against shakmaty and
//! chess-notation-parser (filled in with issue 2).
fn main() {}
