//! One module per subcommand, each a thin layer over the library and
//! [`crate::report`].

pub mod convert;
pub mod diagram;
pub mod eran;
pub mod fen;
pub mod pgn;
pub mod pin;
pub mod san;
