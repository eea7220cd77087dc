//! `chessnote eran` (work in progress).

/// Arguments of `chessnote eran`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Inputs; stdin lines when none are given.
    pub inputs: Vec<String>,
}

/// Runs the subcommand; `Ok(false)` when some input failed.
pub fn run(_args: Args) -> std::io::Result<bool> {
    Err(std::io::Error::other("not implemented yet"))
}
