//! `chessnote pgn show`: draw a game's positions, as text or SVG, with the
//! last move, the king in check and the comments' `[%csl]`/`[%cal]`
//! shapes ([`chessnote::pgn::Game::diagrams`]).

use std::fmt::Write as _;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};

use chessnote::Diagram;
use chessnote::pgn::{Game, GameBuilder, Input, ReadOptions, Reader};

use super::drive::{Ctx, Job, Out};
use super::jobs::{Names, count_problems, kept, report_game};
use super::split::stem;
use crate::cmd::diagram::{DiagramArgs, Drawing, Format};

/// Arguments of `chessnote pgn show`.
#[derive(clap::Args, Debug)]
pub struct ShowArgs {
    /// Draw the position after N half-moves of the mainline (0: the start
    /// position); the default is the last position.
    #[arg(long, value_name = "N", conflicts_with = "all")]
    pub ply: Option<usize>,
    /// Draw every position of the mainline, the start position first.
    #[arg(long)]
    pub all: bool,
    /// Only the Nth game of each file (from 1).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub game: Option<u64>,
    /// Write each drawing into this folder (made if missing) as
    /// `STEM-GAME-PLY.svg` (`.txt` for text) and print its path, instead of
    /// printing the drawings (SVG on stdout is one picture: a second one is
    /// refused).
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    #[command(flatten)]
    pub diagram: DiagramArgs,
    #[command(flatten)]
    pub inputs: super::Inputs,
    #[command(flatten)]
    pub filter: super::Where,
}

/// Which positions of a game to draw.
#[derive(Copy, Clone, Debug)]
pub enum Plies {
    /// The last the replay reached.
    Last,
    /// After this many half-moves.
    One(usize),
    /// Every one.
    All,
}

/// `show`: each game's chosen positions drawn, in input order.
pub struct Show {
    /// How to read.
    pub options: ReadOptions,
    /// How to draw.
    pub drawing: Drawing,
    /// Which positions.
    pub plies: Plies,
    /// `--game`.
    pub game: Option<u64>,
    /// `--out`.
    pub out: Option<PathBuf>,
    /// SVG pictures written to stdout: one makes a valid file, a second
    /// would not, and is refused.
    svg_written: AtomicU64,
}

impl Show {
    /// Whether drawings go to stdout as SVG (then one thread draws them,
    /// so that the picture written is the first in input order).
    fn svg_on_stdout(&self) -> bool {
        self.drawing.format == Format::Svg && self.out.is_none()
    }
}

impl ShowArgs {
    /// The job of the flags.
    ///
    /// # Errors
    ///
    /// A usage error in the drawing flags, or a `--out` folder that cannot
    /// be made.
    pub fn job(&self, options: ReadOptions) -> Result<Show, String> {
        let plies = match (self.ply, self.all) {
            (Some(ply), _) => Plies::One(ply),
            (None, true) => Plies::All,
            (None, false) => Plies::Last,
        };
        if let Some(dir) = &self.out {
            chessnote_io::output::create_empty_dir(dir).map_err(|err| format!("--out: {err}"))?;
        }
        Ok(Show {
            options,
            drawing: self.diagram.drawing()?,
            plies,
            game: self.game,
            out: self.out.clone(),
            svg_written: AtomicU64::new(0),
        })
    }
}

impl Job for Show {
    type Worker = GameBuilder;

    fn parallel(&self, _settings: &super::Settings) -> bool {
        !self.svg_on_stdout()
    }

    fn worker(&self, only: Option<&chessnote::pgn::filter::Filter>) -> GameBuilder {
        let builder = Game::builder_with(self.options).only(only.cloned());
        match self.plies {
            // The last position needs no move before the last: memory
            // does not grow with the game.
            Plies::Last => builder.last_move_only(),
            Plies::One(_) | Plies::All => builder,
        }
    }

    fn game<I: Input>(
        &self,
        builder: &mut GameBuilder,
        reader: &mut Reader<I>,
        ctx: &Ctx<'_>,
        out: &mut Out,
    ) -> Result<bool, I::Error> {
        let Some(game) = reader.read_game(builder)? else {
            return Ok(false);
        };
        if self.game.is_some_and(|n| game.index + 1 != n) {
            out.games += 1;
            return Ok(true);
        }
        if !kept(ctx, &game, || None, out) {
            return Ok(true);
        }
        report_game(out, ctx, &game);
        let mut diagrams = game.diagrams();
        match self.plies {
            Plies::All => {
                let mut ply = 0;
                while let Some(diagram) = diagrams.next() {
                    self.emit(ctx, &game, ply, diagram, &diagrams.fen(), out);
                    ply += 1;
                }
            }
            Plies::Last => {
                let (ply, diagram) = game.last_diagram();
                let fen = game.final_fen().unwrap_or_else(|| game.start.to_string());
                self.emit(ctx, &game, ply, diagram, &fen, out);
            }
            Plies::One(ply) => match diagrams.nth(ply) {
                Some(diagram) => self.emit(ctx, &game, ply, diagram, &diagrams.fen(), out),
                None => {
                    let reached = game.last_diagram().0;
                    let why = if reached < game.moves.len() {
                        format!("the replay stopped at ply {reached}")
                    } else {
                        format!("the mainline has {} moves", game.moves.len())
                    };
                    let names = Names::of(|name| game.tag(name));
                    let _ = writeln!(
                        out.stderr,
                        "{}:{}:1: game {} ({} - {}): no ply {ply} to draw: {why}",
                        ctx.source.name,
                        game.line,
                        game.index + 1,
                        names.white(),
                        names.black()
                    );
                    // One more problem, in a game that may have some.
                    out.problems += 1;
                    out.problem_games += u64::from(game.errors.is_empty());
                }
            },
        }
        Ok(true)
    }
}

impl Show {
    /// Writes the drawing of `diagram`, the position after `ply` of `game`
    /// (`fen`, a variant's with its pockets and counters): a text drawing
    /// with its FEN under it.
    fn emit(
        &self,
        ctx: &Ctx<'_>,
        game: &Game,
        ply: usize,
        diagram: Diagram,
        fen: &str,
        out: &mut Out,
    ) {
        let mut picture = self.drawing.draw(diagram);
        if self.drawing.format != Format::Svg {
            let _ = writeln!(picture, "{fen}");
        }
        if let Some(dir) = &self.out {
            let path = dir.join(format!(
                "{}-{:05}-{:04}.{}",
                stem(ctx.source),
                game.index + 1,
                ply,
                self.drawing.extension()
            ));
            match std::fs::write(&path, picture) {
                Ok(()) => {
                    let _ = writeln!(out.stdout, "{}", path.display());
                }
                Err(err) => {
                    let _ = writeln!(out.stderr, "{}: {err}", path.display());
                    count_problems(out, 1, 0);
                }
            }
            return;
        }
        if self.drawing.format == Format::Svg {
            // Two SVG documents in one file make no picture.
            match self.svg_written.fetch_add(1, Ordering::Relaxed) {
                0 => out.stdout.push_str(&picture),
                1 => {
                    let _ = writeln!(
                        out.stderr,
                        "{}: game {}, ply {ply}: not drawn: stdout holds one SVG picture, \
                         and this is the second: write them with --out DIR, or pick one \
                         with --game N and --ply N",
                        ctx.source.name,
                        game.index + 1,
                    );
                    count_problems(out, 1, 0);
                }
                _ => count_problems(out, 1, 0),
            }
            return;
        }
        let names = Names::of(|name| game.tag(name));
        let _ = write!(
            out.stdout,
            "game {} ({} - {}), ply {ply}",
            game.index + 1,
            names.white(),
            names.black()
        );
        if let Some(played) = game.move_at(ply) {
            let _ = write!(out.stdout, ": {}", played.san);
        }
        let _ = writeln!(out.stdout, "\n{picture}");
    }
}
