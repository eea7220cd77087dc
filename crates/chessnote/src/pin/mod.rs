//! PIN, Piece Identifier Notation (work in progress, issue 3).
