//! ERAN, Explicit Readable Algebraic Notation (work in progress, issue 5).
