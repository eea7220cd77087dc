//! The `chessnote` command: a thin shell over the `chessnote` library.
//!
//! Every subcommand follows the contract of [`report`]: one stdout line
//! (or JSON object) per input, diagnostics on stderr, exit status 0, 1 or 2.
//! `pgn` reads game files instead of lines, one stdout line (or object) per
//! game or problem, with the same diagnostics and exit statuses
//! ([`cmd::pgn`]).

#![forbid(unsafe_code)]

use std::io::{self, Write};
use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};

mod cmd;
use chessnote_io as compress;
mod options;
mod report;

/// Read, check and convert chess notation.
///
/// Every subcommand prints one line per input on stdout, in input order: the
/// result, or `error: MESSAGE` (`--json`: one object per input). Diagnostics
/// for people (`SOURCE:LINE:COLUMN: message`, the line and a caret) go to
/// stderr (`--quiet` silences them). Blank lines and lines starting with `#`
/// print an empty line. Exit status: 0 when every input was fine, 1 when
/// one failed, 2 on a usage error or an unreadable file.
#[derive(Parser, Debug)]
#[command(name = "chessnote", version, about, long_about)]
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
    /// Parse, show and check FEN and EPD positions.
    #[command(subcommand)]
    Fen(cmd::fen::Command),
    /// Parse ERAN moves and print them in canonical form.
    Eran(cmd::eran::Args),
    /// Convert moves between SAN, LAN, UCI and ERAN, playing them in a position.
    Convert(cmd::convert::Args),
    /// Check, convert, count and split PGN game files, on every core.
    #[command(subcommand)]
    Pgn(cmd::pgn::Command),
    /// Print a shell completion script.
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff).
    Man,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::San(args) => cmd::san::run(args),
        Command::Pin(args) => Ok(cmd::pin::run(args)),
        Command::Fen(command) => cmd::fen::run(command),
        Command::Eran(args) => Ok(cmd::eran::run(args)),
        Command::Convert(args) => cmd::convert::run(args),
        Command::Pgn(command) => cmd::pgn::run(command),
        Command::Completions { shell } => {
            let mut script = Vec::new();
            let mut command = Cli::command();
            clap_complete::generate(shell, &mut command, "chessnote", &mut script);
            Ok(print("completions", Ok(script)))
        }
        Command::Man => {
            let mut page = Vec::new();
            let written = clap_mangen::Man::new(Cli::command()).render(&mut page);
            Ok(print("man", written.map(|()| page)))
        }
    };
    result.unwrap_or_else(|usage| {
        let _ = writeln!(io::stderr(), "chessnote: {usage}");
        ExitCode::from(2)
    })
}

/// Writes a generated text (a completion script, the manual page) on
/// stdout: a closed pipe (`| head -1`) is success, another error exit 2.
fn print(command: &str, text: io::Result<Vec<u8>>) -> ExitCode {
    let written = text.and_then(|text| {
        let mut out = io::stdout().lock();
        out.write_all(&text).and_then(|()| out.flush())
    });
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) if err.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(err) => {
            let _ = writeln!(io::stderr(), "chessnote {command}: {err}");
            ExitCode::from(2)
        }
    }
}
