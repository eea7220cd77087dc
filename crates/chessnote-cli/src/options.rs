//! Leniency names to library options: the one place the CLI builds them.
//!
//! `--allow NAME[,NAME...]` takes the library's leniency names and
//! `--lenient` allows them all. [`options`] is the only function that turns
//! names into [`SanOptions`] and [`FenOptions`], and [`san_names`] the only
//! one that turns a set back into names.
//
// Written against the API of `issue11-base`, where `san::Leniency` has no
// names and `FenOptions` is a struct of `bool`s. Once `Leniency` and
// `FenLeniency` are named enums (`FromStr`, `name()`) and `FenOptions` a set
// passed by value, the tables below go and the bodies become
// `name.parse::<Leniency>()` / `name.parse::<FenLeniency>()` and
// `used.iter().map(Leniency::name)`.

use chessnote::fen::{FenLeniency, FenOptions};
use chessnote::san::{Leniency, SanOptions};

/// The SAN leniencies by name.
const SAN: [(&str, Leniency); 11] = [
    ("zero-castling", Leniency::ZeroCastling),
    ("pawn-sources", Leniency::PawnSources),
    ("any-geometry", Leniency::AnyGeometry),
    ("null-move", Leniency::NullMove),
    ("pawn-letter", Leniency::PawnLetter),
    ("promotion-without-equals", Leniency::PromotionWithoutEquals),
    ("en-passant-suffix", Leniency::EnPassantSuffix),
    ("lan-dash", Leniency::LanDash),
    ("any-disambiguation", Leniency::AnyDisambiguation),
    ("capture-mismatch", Leniency::CaptureMismatch),
    ("wrong-suffix", Leniency::WrongSuffix),
];

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
    /// Allow these leniencies (comma-separated names; see the manual).
    #[arg(long, value_name = "NAME[,NAME...]", value_delimiter = ',')]
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
        if let Some((_, leniency)) = SAN.iter().find(|(n, _)| *n == name).filter(|_| reads_san) {
            options.san = options.san.with(*leniency, true);
        } else if let Some(leniency) = FenLeniency::from_name(name).filter(|_| reads_fen) {
            options.fen = options.fen.with(leniency);
        } else {
            let known: Vec<&str> = SAN
                .iter()
                .filter(|_| reads_san)
                .map(|(n, _)| *n)
                .chain(FenLeniency::ALL.iter().filter(|_| reads_fen).map(|l| l.name()))
                .collect();
            return Err(format!(
                "unknown leniency `{name}` for --allow; expected: {}",
                known.join(", ")
            ));
        }
    }
    Ok(options)
}

/// The names of the SAN leniencies in `used`.
pub fn san_names(used: SanOptions) -> Vec<&'static str> {
    used.iter()
        .filter_map(|l| SAN.iter().find(|(_, s)| *s == l).map(|(n, _)| *n))
        .collect()
}
