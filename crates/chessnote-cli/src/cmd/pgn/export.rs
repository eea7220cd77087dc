//! `export`: every game a row of a table (`chessnote_export`), written as
//! Parquet, Arrow IPC, NDJSON or CSV.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

use chessnote::pgn::{Input, ReadOptions, Reader};
use chessnote_export::{Columns, Dataset, ExportOptions, Format, Partition, Recorder, Rows, Table};

use super::drive::{self, Ctx, Job, Out};
use super::jobs::{kept, report_game};
use super::{Inputs, Settings, Where};

/// What `export` writes.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ExportFormat {
    /// Apache Parquet (builds with the feature `parquet`).
    Parquet,
    /// The Arrow IPC file format (builds with the feature `parquet`).
    Arrow,
    /// One JSON object per line per game.
    Ndjson,
    /// Comma-separated values with a header line.
    Csv,
}

/// Which table `export` writes.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum TableArg {
    /// A row per game.
    Games,
    /// A row per mainline move played.
    Plies,
}

/// A field to partition by.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum PartitionField {
    /// The year of `UTCDate` (else `Date`).
    Year,
    /// Its month.
    Month,
}

/// Arguments of `chessnote pgn export`.
#[derive(clap::Args, Debug)]
pub struct ExportArgs {
    /// The format.
    #[arg(long, value_enum)]
    pub to: ExportFormat,
    /// The file to write (default: stdout), or with `--rows-per-file` or
    /// `--partition-by` the folder (made if missing, refused if not
    /// empty) of `part-00000.EXT` files.
    #[arg(long, value_name = "PATH")]
    pub out: Option<PathBuf>,
    /// The table: `games` (a row per game) or `plies` (a row per mainline
    /// move played: `game_index`, `ply`, `key`, the move's `uci`, `san`,
    /// `clk`, `eval_cp`, `eval_mate` by default; any game column repeats
    /// on its moves' rows; `fen` the position before the move).
    #[arg(long, value_enum, default_value = "games")]
    pub table: TableArg,
    /// The columns: presets `lichess` (default of the games table),
    /// `minimal`, `full`, `hf` (the Hugging Face Lichess dataset's),
    /// `hf-variant` (`hf` without `ECO` and `Opening`, for variant games),
    /// `moves` (what movetext alone gives), `plies` (default of the plies
    /// table), and column names, joined by commas (`minimal,clk`); see
    /// docs/export.md.
    #[arg(long, value_name = "LIST")]
    pub columns: Option<String>,
    /// Parquet: `zstd`, `zstd:LEVEL`, `snappy` or `none` (default: zstd
    /// level 3 in builds with the feature `zstd-c`, else snappy).
    #[arg(long, value_name = "CODEC")]
    pub compression: Option<String>,
    /// Parquet: at most N rows in a row group.
    #[arg(long, value_name = "N", default_value_t = 128 * 1024,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub row_group_rows: u64,
    /// Parquet: a row group ends once its rows hold this many MiB of
    /// Arrow data (before encoding).
    #[arg(long, value_name = "MIB", default_value_t = 256,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub row_group_mib: u64,
    /// A new file after N rows (`--out` is then a folder).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub rows_per_file: Option<u64>,
    /// Hive-style folders by `year` or `year,month` of `UTCDate` (else
    /// `Date`): `year=2025/month=05/part-00000.EXT`; `--out` is then a
    /// folder.
    #[arg(long, value_enum, value_delimiter = ',', value_name = "FIELDS")]
    pub partition_by: Vec<PartitionField>,
    #[command(flatten)]
    pub inputs: Inputs,
    #[command(flatten)]
    pub filter: Where,
}

/// Runs `chessnote pgn export`.
///
/// # Errors
///
/// Usage errors: a bad column list, compression or partition, a format
/// this build lacks, an output that cannot be made.
pub fn run(args: &ExportArgs) -> Result<ExitCode, String> {
    let settings = Settings::new("export", &args.inputs, &args.filter)?;
    let table = match args.table {
        TableArg::Games => Table::Games,
        TableArg::Plies => Table::Plies,
    };
    let columns = match &args.columns {
        None if table == Table::Plies => Columns::PLIES,
        None => Columns::LICHESS,
        Some(list) => Columns::parse(list)
            .map_err(|e| format!("--columns: {e}"))?
            .in_table(table),
    };
    if let Err(column) = columns.check() {
        return Err(format!(
            "--columns: `{column}` is a column of the plies table: add `--table plies`"
        ));
    }
    let format = match args.to {
        ExportFormat::Parquet => Format::Parquet,
        ExportFormat::Arrow => Format::Arrow,
        ExportFormat::Ndjson => Format::Ndjson,
        ExportFormat::Csv => Format::Csv,
    };
    if !format.is_available() {
        return Err(format!(
            "--to {format}: this chessnote was built without Parquet and Arrow; \
             rebuild it with `cargo build --release -p chessnote-cli --features parquet`"
        ));
    }
    let mut options = ExportOptions::new(format, columns);
    options.rows_per_file = args.rows_per_file;
    options.partition = match args.partition_by.as_slice() {
        [] => Partition::None,
        [PartitionField::Year] => Partition::Year,
        [PartitionField::Year, PartitionField::Month] => Partition::YearMonth,
        _ => return Err("--partition-by: `year` or `year,month`".into()),
    };
    parquet_options(args, settings.threads, &mut options)?;
    if options.is_folder() && args.out.is_none() {
        return Err("--rows-per-file and --partition-by write a folder: give it with --out".into());
    }
    if args.out.is_none() && !format.is_text() && std::io::stdout().is_terminal() {
        return Err(format!(
            "--to {format} is binary: give a file with --out, or redirect stdout"
        ));
    }
    if let Some(out) = &args.out {
        settings.check_inputs_for(out)?;
    }
    let mut dataset =
        Dataset::create(args.out.as_deref(), &options).map_err(|e| format!("--out: {e}"))?;
    let job = Export {
        options,
        read: settings.options,
        dedup: settings.dedup.is_on(),
    };
    let totals = drive::drive_into(job, &settings, Some(&mut dataset));
    if let Err(err) = dataset.finish() {
        if err.kind() == std::io::ErrorKind::BrokenPipe {
            return Ok(ExitCode::SUCCESS);
        }
        let _ = std::io::Write::flush(&mut std::io::stdout());
        eprintln!("chessnote pgn export: writing the output: {err}");
        return Ok(ExitCode::from(2));
    }
    totals.summary("export", &settings, false);
    Ok(totals.exit())
}

#[cfg(feature = "parquet")]
fn parquet_options(
    args: &ExportArgs,
    threads: usize,
    options: &mut ExportOptions,
) -> Result<(), String> {
    use chessnote_export::Compression;
    if let Some(text) = &args.compression {
        let compression = Compression::parse(text).map_err(|e| format!("--compression: {e}"))?;
        if !compression.is_available() {
            return Err(format!(
                "--compression {text}: this chessnote was built without zstd; rebuild with \
                 `--features parquet,zstd-c`, or use snappy"
            ));
        }
        options.parquet.compression = compression;
    }
    options.parquet.row_group_rows = usize::try_from(args.row_group_rows).unwrap_or(usize::MAX);
    options.parquet.row_group_bytes =
        usize::try_from(args.row_group_mib << 20).unwrap_or(usize::MAX);
    // Columns are encoded on as many threads as games are read (0: one per
    // core; at most MAX_ENCODE_THREADS); the file is the same for any number.
    options.parquet.threads = threads;
    Ok(())
}

#[cfg(not(feature = "parquet"))]
fn parquet_options(_: &ExportArgs, _: usize, _: &mut ExportOptions) -> Result<(), String> {
    Ok(())
}

/// The job: each game recorded and made a row.
struct Export {
    options: ExportOptions,
    read: ReadOptions,
    /// `--unique` or `--duplicates`: each batch of output holds the rows
    /// of its games, to drop those of copies.
    dedup: bool,
}

impl Job for Export {
    type Worker = (Recorder, Rows);

    fn worker(&self, only: Option<&chessnote::pgn::filter::Filter>) -> (Recorder, Rows) {
        (
            Recorder::new(self.options.columns, self.read)
                .keys(self.dedup)
                .only(only.cloned()),
            Rows::new(&self.options),
        )
    }

    fn holds_batch(&self, (_, rows): &(Recorder, Rows)) -> bool {
        rows.len() >= chessnote_export::BATCH_ROWS
    }

    fn flush(&self, (_, rows): &mut (Recorder, Rows), out: &mut Out, end: bool) {
        // On one thread, rows go in whole batches, which the writers take
        // without a copy; with `--unique`, with the games they are of.
        if !end && !self.dedup && rows.len() < chessnote_export::BATCH_ROWS {
            return;
        }
        let finished = rows.take();
        if finished.is_empty() {
            return;
        }
        match &mut out.rows {
            Some(rows) => rows.append(finished),
            None => out.rows = Some(finished),
        }
    }

    fn game<I: Input>(
        &self,
        (recorder, rows): &mut (Recorder, Rows),
        reader: &mut Reader<I>,
        ctx: &Ctx<'_>,
        out: &mut Out,
    ) -> Result<bool, I::Error> {
        let Some(record) = recorder.read(reader)? else {
            return Ok(false);
        };
        if !kept(ctx, &record.game, || record.key, out) {
            return Ok(true);
        }
        rows.push(record, &ctx.source.name);
        report_game(out, ctx, &record.game);
        Ok(true)
    }
}
