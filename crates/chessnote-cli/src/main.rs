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
    /// Print the manual page (roff); with `--out DIR`, write a page per
    /// command and subcommand there (`chessnote.1`, `chessnote-pgn.1`,
    /// `chessnote-pgn-convert.1`, …), as the main page's list names them.
    Man {
        /// The folder for every page (made if missing).
        #[arg(long, value_name = "DIR")]
        out: Option<std::path::PathBuf>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse_from(long_flags_first(std::env::args_os().collect()));
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
        Command::Man { out: None } => {
            let mut page = Vec::new();
            let written = clap_mangen::Man::new(Cli::command()).render(&mut page);
            Ok(print("man", written.map(|()| page)))
        }
        Command::Man { out: Some(dir) } => Ok(man_pages(&dir)),
    };
    result.unwrap_or_else(|usage| {
        let _ = writeln!(io::stderr(), "chessnote: {usage}");
        ExitCode::from(2)
    })
}

/// `pin` reads tokens that start with `-` (`-p`), so after its first token
/// clap would read `--json` as a token too: its long options (`--NAME`,
/// `--NAME=VALUE`, or `--NAME VALUE` for one that takes a value), which no
/// PIN token can be, are moved before the tokens. Other commands' arguments
/// are left as they are.
fn long_flags_first(args: Vec<std::ffi::OsString>) -> Vec<std::ffi::OsString> {
    let Some(at) = args.iter().position(|a| a == "pin").filter(|&at| at == 1) else {
        return args;
    };
    let command = Cli::command();
    let Some(pin) = command.find_subcommand("pin") else {
        return args;
    };
    let takes_value = |name: &str| {
        pin.get_arguments()
            .any(|a| a.get_long() == Some(name) && a.get_action().takes_values())
    };
    let mut flags = Vec::new();
    let mut rest = Vec::new();
    let mut tail = args[at + 1..].iter();
    while let Some(arg) = tail.next() {
        let text = arg.to_string_lossy();
        if arg == "--" {
            rest.push(arg.clone());
            rest.extend(tail.cloned());
            break;
        }
        match text.strip_prefix("--") {
            Some(name) => {
                flags.push(arg.clone());
                if !name.contains('=')
                    && takes_value(name)
                    && let Some(value) = tail.next()
                {
                    flags.push(value.clone());
                }
            }
            None => rest.push(arg.clone()),
        }
    }
    let mut out = args[..=at].to_vec();
    out.extend(flags);
    out.extend(rest);
    out
}

/// Writes every manual page into `dir` and lists them on stdout.
fn man_pages(dir: &std::path::Path) -> ExitCode {
    let written = std::fs::create_dir_all(dir)
        .and_then(|()| clap_mangen::generate_to(Cli::command(), dir))
        .and_then(|()| {
            let mut pages: Vec<_> = std::fs::read_dir(dir)?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|e| e == "1"))
                .collect();
            pages.sort();
            let mut out = io::stdout().lock();
            for page in pages {
                writeln!(out, "{}", page.display())?;
            }
            Ok(())
        });
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            let _ = writeln!(io::stderr(), "chessnote man: {}: {err}", dir.display());
            ExitCode::from(2)
        }
    }
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
