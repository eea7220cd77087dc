//! PIN: the seed conformance rows and the differential test against the
//! seed crate (one test binary; its own suite is in `tests/seed`).

#[path = "../common/mod.rs"]
mod common;

mod conformance;
mod differential;
