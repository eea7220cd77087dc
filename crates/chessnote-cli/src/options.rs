//! Leniency names to library options for the token commands.
//!
//! `--allow NAME[,NAME...]` takes the library's leniency names and
//! `--lenient` allows them all. [`options`] turns names into [`SanOptions`]
//! and [`FenOptions`] for the commands that read SAN and FEN tokens (and
//! refuses the names of notations a command does not read); `chessnote
//! pgn` hands them to the library's `ReadOptions::allow`. The names are
//! the library's (`Leniency::name`, `FenLeniency::name`).

use chessnote::fen::{FenLeniency, FenOptions};
use chessnote::pgn::PgnLeniency;
use chessnote::san::{Leniency, SanOptions};

/// The long help of `--allow`: every leniency name the library knows, with
/// what it allows.
fn allow_help() -> String {
    let mut help = String::from(
        "Allow these leniencies (comma-separated names); each one used is reported.\n\n\
         SAN moves:",
    );
    for leniency in Leniency::ALL {
        help.push_str(&format!(
            "\n  {}: {}",
            leniency.name(),
            leniency.description()
        ));
    }
    help.push_str("\n\nFEN and EPD records:");
    for leniency in FenLeniency::ALL {
        help.push_str(&format!(
            "\n  {}: {}",
            leniency.name(),
            leniency.description()
        ));
    }
    help.push_str("\n\nPGN files (chessnote pgn):");
    for leniency in PgnLeniency::ALL {
        help.push_str(&format!(
            "\n  {}: {}",
            leniency.name(),
            leniency.description()
        ));
    }
    help
}

/// Which leniencies a subcommand reads.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Notations {
    /// SAN moves only.
    San,
    /// FEN records only.
    Fen,
    /// SAN moves in FEN positions.
    Both,
}

/// The `--allow` and `--lenient` flags.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct Allow {
    /// Allow these leniencies (comma-separated names; `--help` lists them).
    #[arg(long, value_name = "NAME[,NAME...]", value_delimiter = ',', long_help = allow_help())]
    pub allow: Vec<String>,
    /// Allow every leniency (each one used is reported).
    #[arg(long)]
    pub lenient: bool,
}

/// The library options the flags ask for.
#[derive(Copy, Clone, Debug)]
pub struct Options {
    /// For SAN.
    pub san: SanOptions,
    /// For FEN and EPD.
    pub fen: FenOptions,
}

/// Builds the options from `--allow` names (and `--lenient`), starting
/// from `san` for SAN; a name the subcommand does not read is an error.
///
/// # Errors
///
/// The message for the usage error, naming the names allowed.
pub fn options(allow: &Allow, notations: Notations, san: SanOptions) -> Result<Options, String> {
    let reads_san = notations != Notations::Fen;
    let reads_fen = notations != Notations::San;
    let mut options = Options {
        san,
        fen: FenOptions::STRICT,
    };
    if allow.lenient {
        options.san = SanOptions::LENIENT;
        options.fen = FenOptions::LENIENT;
    }
    for name in allow.allow.iter().map(|n| n.trim()) {
        if let Some(leniency) = Leniency::from_name(name).filter(|_| reads_san) {
            options.san = options.san.with(leniency);
        } else if let Some(leniency) = FenLeniency::from_name(name).filter(|_| reads_fen) {
            options.fen = options.fen.with(leniency);
        } else {
            let known: Vec<&str> = Leniency::ALL
                .iter()
                .filter(|_| reads_san)
                .map(|l| l.name())
                .chain(
                    FenLeniency::ALL
                        .iter()
                        .filter(|_| reads_fen)
                        .map(|l| l.name()),
                )
                .collect();
            return Err(format!(
                "unknown leniency `{name}` for --allow; expected: {}",
                known.join(", ")
            ));
        }
    }
    Ok(options)
}

/// A variant's name as `--variant` takes it (any name the `Variant` tag
/// takes): the rules chessnote plays it by. `None` for a name that is no
/// variant, and for python-chess's giveaway and suicide, whose rules are
/// not played.
pub fn variant_rules(name: &str) -> Result<chessnote::Variant, String> {
    variant_tag(name)
        .ok()
        .and_then(chessnote::pgn::tags::Variant::rules)
        .ok_or_else(|| {
            format!(
                "`{name}`: not a variant chessnote plays (standard chess, crazyhouse, atomic, \
                 antichess, 3check, kingofthehill, horde, racingkings)"
            )
        })
}

/// A `--variant` NAME as `chessnote pgn` takes it: the `Variant` tag itself
/// (Chess960 included, whose rules are standard chess's), but for names
/// whose rules are not played (python-chess's giveaway and suicide).
pub fn variant_tag(name: &str) -> Result<chessnote::pgn::tags::Variant, String> {
    let variant = chessnote::pgn::tags::Variant::from_ascii(name.as_bytes()).map_err(|e| {
        format!(
            "{e} (crazyhouse, atomic, antichess, kingofthehill, 3check, horde, racingkings, \
             chess960, standard)"
        )
    })?;
    if variant.rules().is_none() {
        return Err(format!(
            "`{name}`: its rules are not played here (the games would be `unsupported-variant`)"
        ));
    }
    Ok(variant)
}
