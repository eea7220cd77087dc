//! `chessnote pgn split`: files cut into parts at game boundaries, each
//! part the bytes of its games as they were (so that, without `--where`,
//! the parts of a file put back together are the file), compressed as the
//! input was.

use std::io::{self, BufWriter, Write};
use std::path::Path;
use std::process::ExitCode;

use chessnote::pgn::Chunks;
use chessnote_io::output::{self, Staged};

use super::drive::{Ctx, Out, Totals};
use super::jobs::{kept_in_order, skimmer};
use super::{Settings, Source, SplitArgs};
use crate::compress::{self, Compression, Finish};

/// Runs `chessnote pgn split`.
///
/// # Errors
///
/// A usage error: `--parts` with stdin.
pub fn run(args: &SplitArgs, settings: &Settings) -> Result<ExitCode, String> {
    if args.parts.is_some() && settings.sources.iter().any(|s| s.path.is_none()) {
        return Err("split --parts counts the games of a file first: give FILE \
                    arguments, or use --games with stdin"
            .into());
    }
    distinct_stems(&settings.sources, &args.out)?;
    output::create_empty_dir(&args.out).map_err(|err| format!("--out: {err}"))?;
    let mut status = ExitCode::SUCCESS;
    let mut totals = Totals::default();
    for source in &settings.sources {
        let mut out = Out::default();
        if let Err(err) = split(args, settings, source, &mut out) {
            let name = &source.name;
            let _ = writeln!(io::stderr(), "chessnote pgn split: {name}: {err}");
            status = ExitCode::from(2);
        }
        totals.add(&Totals::of(&out));
    }
    totals.unseen_tags(settings);
    Ok(status)
}

/// Refuses sources whose parts would have the same names in `dir`
/// (`a/g.pgn` and `b/g.pgn.zst` both make `g-00001.pgn`…).
///
/// # Errors
///
/// The first two sources of the same stem.
pub fn distinct_stems(sources: &[Source], dir: &Path) -> Result<(), String> {
    let mut seen: Vec<(String, &str)> = Vec::new();
    for source in sources {
        let name = source.name.as_str();
        let stem = stem(source);
        if let Some((_, first)) = seen.iter().find(|(s, _)| *s == stem) {
            return Err(format!(
                "{first} and {name} would both be written as {}: \
                 give them apart (separate runs, or other names)",
                dir.join(format!("{stem}-*")).display()
            ));
        }
        seen.push((stem, name));
    }
    Ok(())
}

/// The stem of a part's name: the file's name without its `.pgn` and
/// compression extensions, in any case (`stdin` for stdin); for an entry
/// of a zip archive, the entry's.
pub fn stem(source: &Source) -> String {
    let path = match (&source.member, &source.path) {
        (Some(member), _) => Path::new(&member.name),
        (None, Some(path)) => path.as_path(),
        (None, None) => return "stdin".into(),
    };
    let mut name = path
        .file_name()
        .map_or_else(|| "part".into(), |n| n.to_string_lossy().into_owned());
    for ext in [".zst", ".gz", ".bz2", ".xz", ".pgn"] {
        let cut = name.len().saturating_sub(ext.len());
        if name.is_char_boundary(cut) && name[cut..].eq_ignore_ascii_case(ext) {
            name.truncate(cut);
        }
    }
    name
}

/// The part being written, under a temporary name until it is whole.
struct Part {
    staged: Staged,
    writer: Box<dyn Finish>,
    games: u64,
}

impl Part {
    fn finish(self) -> io::Result<()> {
        self.writer.finish()?;
        let path = self.staged.target().to_path_buf();
        self.staged.commit()?;
        let mut out = io::stdout().lock();
        writeln!(out, "{}\t{}", path.display(), self.games)
    }
}

/// Counts the games of a source that `--where` keeps.
fn count(settings: &Settings, source: &Source) -> io::Result<u64> {
    let opened = source.open()?;
    let mut reader = chessnote::pgn::Reader::with_options(opened.reader, settings.options);
    let mut skim = skimmer(settings);
    let ctx = Ctx { source, settings };
    let mut out = Out::default();
    let mut seen = chessnote::pgn::Duplicates::default();
    while reader.read_game(&mut skim)?.is_some() {
        kept_in_order(&ctx, skim.state(), &mut seen, &mut out);
    }
    Ok(out.matched)
}

/// Writes the parts of `source`, counting its games in `out`.
fn split(args: &SplitArgs, settings: &Settings, source: &Source, out: &mut Out) -> io::Result<()> {
    let total = match (args.parts, &source.path) {
        (Some(_), Some(_)) => Some(count(settings, source)?),
        _ => None,
    };
    let opened = source.open()?;
    let compression = opened.compression;
    let stem = stem(source);
    let ctx = Ctx { source, settings };
    // The part of the `k`th game kept, from 0.
    let part_of = |k: u64| match (args.games, args.parts, total) {
        (Some(n), _, _) => k / n,
        (_, Some(n), Some(t)) if t > 0 => ((k + 1) * n - 1) / t,
        _ => 0,
    };
    let mut skim = skimmer(settings);
    let mut seen = settings
        .seen
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let mut part: Option<(u64, Part)> = None;
    // Parts are numbered as they are made: 1, 2, … with no gap, even
    // when there are fewer games than `--parts`.
    let mut made = 0u64;
    let mut taken = 0u64;
    for chunk in Chunks::new(opened.reader, settings.options, settings.chunk_size) {
        let chunk = chunk?;
        let base = chunk.start().location.byte;
        let bytes = chunk.bytes();
        let mut reader = chunk.reader();
        let mut end = 0;
        loop {
            let before = (reader.location().byte - base) as usize;
            let Ok(read) = reader.read_game(&mut skim);
            if read.is_none() {
                break;
            }
            end = (reader.location().byte - base) as usize;
            if !kept_in_order(&ctx, skim.state(), &mut seen, out) {
                continue;
            }
            let index = part_of(taken);
            taken += 1;
            if part.as_ref().is_none_or(|(i, _)| *i != index) {
                if let Some((_, done)) = part.take() {
                    done.finish()?;
                }
                made += 1;
                part = Some((index, open_part(&args.out, &stem, made, compression)?));
            }
            if let Some((_, current)) = &mut part {
                current.writer.write_all(&bytes[before..end])?;
                current.games += 1;
            }
        }
        // What follows the last game (whitespace) stays with it.
        if let Some((_, current)) = &mut part
            && settings.filter.is_none()
            && end < bytes.len()
        {
            current.writer.write_all(&bytes[end..])?;
        }
    }
    if let Some((_, done)) = part.take() {
        done.finish()?;
    }
    Ok(())
}

/// Part `number` (from 1) of `stem` in `dir`.
fn open_part(dir: &Path, stem: &str, number: u64, compression: Compression) -> io::Result<Part> {
    let path = dir.join(format!("{stem}-{number:05}.pgn{}", compression.extension()));
    let (staged, file) = Staged::create(&path)?;
    let writer = compress::encoder(compression, Box::new(BufWriter::new(file)))?;
    Ok(Part {
        staged,
        writer,
        games: 0,
    })
}
