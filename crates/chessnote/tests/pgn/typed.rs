//! Typed tag values and comment commands on real data.
