//! `chessnote fen ...` (work in progress).

/// The `fen` subcommands.
#[derive(clap::Subcommand, Debug)]
pub enum Command {
    /// Parse a file of FENs, one a line.
    Parse {
        /// The file.
        file: std::path::PathBuf,
    },
}

/// Runs the subcommand; `Ok(false)` when some input failed.
pub fn run(_command: Command) -> std::io::Result<bool> {
    Err(std::io::Error::other("not implemented yet"))
}
