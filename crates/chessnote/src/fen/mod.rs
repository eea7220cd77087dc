//! FEN, Forsyth–Edwards Notation (work in progress, issue 4).
