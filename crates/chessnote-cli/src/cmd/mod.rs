//! One module per subcommand.

pub mod convert;
pub mod eran;
pub mod fen;
pub mod fen_check;
pub mod pin;
pub mod san;
