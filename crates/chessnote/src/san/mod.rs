//! SAN, Standard Algebraic Notation (work in progress, issue 2).
