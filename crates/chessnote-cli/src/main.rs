//! The `chessnote` command: a thin shell over the `chessnote` library.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod cmd;
mod io;

/// Read, check and convert chess notation.
#[derive(Parser, Debug)]
#[command(name = "chessnote", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Parse SAN moves ("turns") and show their structure.
    San(cmd::san::Args),
    /// Parse PIN piece tokens and show their attributes.
    Pin(cmd::pin::Args),
    /// Parse, show and check FEN positions.
    #[command(subcommand)]
    Fen(cmd::fen::Command),
    /// Parse ERAN moves and print them in canonical form.
    Eran(cmd::eran::Args),
    /// Convert moves between SAN, LAN, UCI and ERAN, playing them in a position.
    Convert(cmd::convert::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let ok = match cli.command {
        Command::San(args) => cmd::san::run(args),
        Command::Pin(args) => cmd::pin::run(args),
        Command::Fen(command) => cmd::fen::run(command),
        Command::Eran(args) => cmd::eran::run(args),
        Command::Convert(args) => cmd::convert::run(args),
    };
    match ok {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(err) => {
            eprintln!("chessnote: {err}");
            ExitCode::from(2)
        }
    }
}
