//! fen benchmarks (filled in with its issue).
fn main() {}
