//! What each subcommand does with a game: the [`Job`]s, each a sink of the
//! library's one replay ([`chessnote::pgn::Replay`]) and a printer.

use std::fmt::Write as _;

use chessnote::Diagnostic;
use chessnote::pgn::commands::Score;
use chessnote::pgn::filter::Filter;
use chessnote::pgn::{
    AddOpening, Game, GameBuilder, GameKey, GameSink, Input, PgnError, PgnWriter, Ply,
    ProblemField, ReadOptions, Reader, Replay, ReplayOptions, ReplayState, Skim, WriteOptions,
};
use chessnote::position::{Notation, WriteNotation};

use super::drive::{Ctx, Job, Out};

/// `check`: every game read and replayed, variations too; each problem on
/// stdout.
pub struct Check {
    /// `--json`.
    pub json: bool,
    /// How to read.
    pub options: ReadOptions,
}

impl Job for Check {
    type Worker = GameBuilder;

    fn worker(&self, _: Option<&Filter>) -> GameBuilder {
        // Only the problems are written: no game's moves are kept.
        Game::builder_with(self.options)
            .variations(true)
            .problems_only()
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
        out.games += 1;
        out.matched += 1;
        let names = Names::of(|name| game.tag(name));
        for problem in problems(&game.errors, &game.warnings) {
            if self.json {
                problem_json(&mut out.stdout, &ctx.source.name, &names, problem);
            } else {
                problem_line(&mut out.stdout, &ctx.source.name, &names, problem);
            }
        }
        count_problems(out, game.errors.len(), game.warnings.len());
        Ok(true)
    }
}

/// A game's errors and warnings, in byte order (errors first at a byte).
fn problems<'a>(
    errors: &'a [PgnError],
    warnings: &'a [PgnError],
) -> impl Iterator<Item = &'a PgnError> {
    let mut all: Vec<&PgnError> = errors.iter().chain(warnings).collect();
    all.sort_by_key(|e| e.location().byte);
    all.into_iter()
}

/// `convert --to uci|san|lan|eran|eran-short`: one line of moves per game.
pub struct Moves {
    /// The notation.
    pub notation: WriteNotation,
    /// How to read.
    pub options: ReadOptions,
    /// Whether to make each game's key (`--unique`, `--duplicates`).
    pub keys: bool,
}

impl Job for Moves {
    type Worker = Replay<MoveLine>;

    fn worker(&self, only: Option<&Filter>) -> Replay<MoveLine> {
        let notation = self.notation.notation();
        // SAN and LAN come with each move (the replay's SAN), UCI from the
        // move itself; ERAN is written from the position before it.
        let routing = ReplayOptions::new(self.options)
            .san(matches!(notation, Notation::San | Notation::Lan))
            .positions(notation == Notation::Eran)
            .keys(self.keys);
        let line = MoveLine {
            notation: self.notation,
            line: String::new(),
        };
        Replay::new(line, routing).only(only.cloned())
    }

    fn game<I: Input>(
        &self,
        replay: &mut Replay<MoveLine>,
        reader: &mut Reader<I>,
        ctx: &Ctx<'_>,
        out: &mut Out,
    ) -> Result<bool, I::Error> {
        if reader.read_game(replay)?.is_none() {
            return Ok(false);
        }
        let state = replay.state();
        if !kept(ctx, state, || state.game_key(), out) {
            return Ok(true);
        }
        out.stdout.push_str(&replay.sink().line);
        out.stdout.push('\n');
        report(out, ctx, state, state.errors(), state.warnings());
        Ok(true)
    }
}

/// The sink of `convert --to uci|san|…`: each game's mainline written
/// straight into one line, no [`Game`] built: the line is [`Game::uci`]
/// or [`Game::moves_in`] of the game.
#[derive(Debug)]
pub struct MoveLine {
    notation: WriteNotation,
    /// The game's line of moves.
    line: String,
}

impl GameSink for MoveLine {
    type Output = ();

    fn begin_game(&mut self, _: &ReplayState) {
        self.line.clear();
    }

    fn ply(&mut self, state: &ReplayState, ply: &Ply<'_>) {
        if ply.depth > 0 || !ply.played {
            return;
        }
        if !self.line.is_empty() {
            self.line.push(' ');
        }
        ply.write_to(state, self.notation, &mut self.line);
    }

    fn end_game(&mut self, _: &mut ReplayState) {}
}

/// `convert --to json`: one object per line per game.
pub struct Json {
    /// How to read.
    pub options: ReadOptions,
}

impl Job for Json {
    type Worker = GameBuilder;

    fn worker(&self, only: Option<&Filter>) -> GameBuilder {
        Game::builder_with(self.options)
            .openings(true)
            .only(only.cloned())
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
        if !kept(ctx, &game, || game.key(), out) {
            return Ok(true);
        }
        game_json(&mut out.stdout, &game);
        report_game(out, ctx, &game);
        Ok(true)
    }
}

/// `convert --to pgn`: the streaming writer, each game followed by a blank
/// line.
pub struct Pgn {
    /// The writer's options.
    pub write: WriteOptions,
    /// How to read.
    pub options: ReadOptions,
    /// `--add-opening`.
    pub add_opening: AddOpening,
    /// Whether to make each game's key (`--unique`, `--duplicates`).
    pub keys: bool,
}

impl Job for Pgn {
    type Worker = PgnWriter;

    fn worker(&self, only: Option<&Filter>) -> PgnWriter {
        // Replayed: SAN is written from the position (a wrong `+` read
        // with a leniency is written right), as the export format wants.
        PgnWriter::with_read_options(self.write, self.options)
            .replay(true)
            .add_opening(self.add_opening)
            .keys(self.keys)
            .only(only.cloned())
    }

    fn game<I: Input>(
        &self,
        writer: &mut PgnWriter,
        reader: &mut Reader<I>,
        ctx: &Ctx<'_>,
        out: &mut Out,
    ) -> Result<bool, I::Error> {
        let Some(errors) = reader.read_game(writer)? else {
            return Ok(false);
        };
        if kept(ctx, writer.state(), || writer.state().game_key(), out) {
            let crlf = self.write.line_ending == chessnote::pgn::LineEnding::CrLf;
            let newline = if crlf { "\r\n" } else { "\n" };
            // The writer puts a blank line before every game but its first;
            // here every game has one after it, wherever a chunk starts.
            let text = writer.output();
            out.stdout
                .push_str(text.strip_prefix(newline).unwrap_or(text));
            out.stdout.push_str(newline);
            report(out, ctx, writer.state(), &errors, writer.warnings());
        }
        // The writer's buffer is kept for the next game.
        writer.clear_output();
        Ok(true)
    }
}

/// `count`: the games `--where` keeps, read as little as it needs.
pub struct Count {
    /// How to read.
    pub options: ReadOptions,
    /// Whether `--where` is given (then the tags are decoded).
    pub filter: bool,
    /// Whether `--where` counts moves (then the movetext is read).
    pub moves: bool,
    /// Whether to make each game's key (`--unique`, `--duplicates`).
    pub keys: bool,
}

impl Job for Count {
    type Worker = Replay<Skim>;

    fn worker(&self, only: Option<&Filter>) -> Replay<Skim> {
        skim(self.options, self.filter, self.moves, self.keys).only(only.cloned())
    }

    fn game<I: Input>(
        &self,
        skim: &mut Replay<Skim>,
        reader: &mut Reader<I>,
        ctx: &Ctx<'_>,
        out: &mut Out,
    ) -> Result<bool, I::Error> {
        if reader.read_game(skim)?.is_none() {
            return Ok(false);
        }
        kept(ctx, skim.state(), || skim.state().game_key(), out);
        Ok(true)
    }
}

/// A replay that reads tags, and the movetext only when `--where` counts
/// its moves (nothing is played).
pub fn skimmer(settings: &super::Settings) -> Replay<Skim> {
    let filter = settings.filter.as_ref();
    skim(
        settings.options,
        filter.is_some(),
        filter.is_some_and(|f| f.needs_moves()),
        settings.dedup.is_on(),
    )
    .only(filter.cloned())
}

/// A replay that plays nothing: the tags decoded when `tags`, the movetext
/// read (its moves counted) when `moves`; with `keys`, the moves played
/// for each game's key.
fn skim(options: ReadOptions, tags: bool, moves: bool, keys: bool) -> Replay<Skim> {
    let routing = ReplayOptions::new(options)
        .replay(false)
        .tags(tags)
        .keys(keys);
    Replay::new(Skim(moves || keys), routing)
}

/// Whether `--where` keeps the game; counts it. With `--unique` or
/// `--duplicates`, a game kept starts a [`Piece`](super::drive::Piece)
/// of `out` with its key, which the writing thread keeps or drops in game
/// order.
pub fn kept(
    ctx: &Ctx<'_>,
    game: &impl chessnote::pgn::filter::FilterInput,
    key: impl FnOnce() -> Option<GameKey>,
    out: &mut Out,
) -> bool {
    out.games += 1;
    let keep = ctx
        .settings
        .filter
        .as_ref()
        .is_none_or(|filter| matches(filter, game, out));
    out.matched += u64::from(keep);
    if keep && ctx.settings.dedup.is_on() {
        out.pieces.push(super::drive::Piece {
            key: key(),
            stdout: out.stdout.len(),
            stderr: out.stderr.len(),
        });
    }
    keep
}

/// [`kept`] for a caller that reads the games in order on one thread
/// (`split`): `--unique` and `--duplicates` decided at once, with `seen`.
pub fn kept_in_order(
    ctx: &Ctx<'_>,
    state: &ReplayState,
    seen: &mut chessnote::pgn::Duplicates,
    out: &mut Out,
) -> bool {
    if !kept(ctx, state, || state.game_key(), out) {
        return false;
    }
    let Some(piece) = out.pieces.pop() else {
        return true;
    };
    if ctx.settings.dedup.keeps(piece.key, seen) {
        return true;
    }
    out.dropped += 1;
    out.matched -= 1;
    false
}

/// Whether `filter` keeps the game; notes which of its tags the game has.
fn matches(
    filter: &Filter,
    game: &impl chessnote::pgn::filter::FilterInput,
    out: &mut Out,
) -> bool {
    // Which of the tags it names the game has, until each was seen once.
    let names = filter.tag_names().count().min(64);
    let all = if names == 64 {
        u64::MAX
    } else {
        (1 << names) - 1
    };
    if out.tags_seen != all {
        for (i, name) in filter.tag_names().enumerate().take(64) {
            if game.tag(name).is_some() {
                out.tags_seen |= 1 << i;
            }
        }
    }
    filter.matches(game)
}

/// A game's problems on stderr, counted.
pub fn report_game(out: &mut Out, ctx: &Ctx<'_>, game: &Game) {
    report(out, ctx, game, &game.errors, &game.warnings);
}

/// Problems on stderr, counted: the errors and warnings of a game whose
/// tags `game` has.
pub fn report(
    out: &mut Out,
    ctx: &Ctx<'_>,
    game: &impl chessnote::pgn::filter::FilterInput,
    errors: &[PgnError],
    warnings: &[PgnError],
) {
    if errors.is_empty() && warnings.is_empty() {
        return;
    }
    let names = Names::of(|name| game.tag(name));
    for problem in problems(errors, warnings) {
        problem_line(&mut out.stderr, &ctx.source.name, &names, problem);
    }
    count_problems(out, errors.len(), warnings.len());
}

/// Counts a game's errors and warnings.
pub fn count_problems(out: &mut Out, errors: usize, warnings: usize) {
    out.problems += errors as u64;
    out.problem_games += u64::from(errors > 0);
    out.warnings += warnings as u64;
}

/// The players of a game, as problems name them (`?` when missing).
pub struct Names {
    white: String,
    black: String,
}

impl Names {
    /// From a game's tag lookup.
    pub fn of<'a>(tag: impl Fn(&str) -> Option<&'a str>) -> Names {
        Names {
            white: tag("White").unwrap_or("?").to_owned(),
            black: tag("Black").unwrap_or("?").to_owned(),
        }
    }

    /// White's name.
    pub fn white(&self) -> &str {
        &self.white
    }

    /// Black's name.
    pub fn black(&self) -> &str {
        &self.black
    }
}

/// `FILE:LINE:COLUMN: game N (White - Black), ply P: MESSAGE`, and for a
/// warning `warning[NAME]: MESSAGE`, NAME its leniency's; control
/// characters of the input (in names, tokens) escaped.
pub fn problem_line(out: &mut String, file: &str, names: &Names, error: &PgnError) {
    let at = error.location();
    let mut line = String::new();
    let _ = write!(
        line,
        "{file}:{}:{}: game {} ({} - {})",
        at.line,
        at.column,
        error.game() + 1,
        names.white,
        names.black
    );
    if let Some(ply) = error.ply() {
        let _ = write!(line, ", ply {ply}");
    }
    if error.is_warning() {
        let _ = write!(line, ": warning[{}]", error.kind_name());
    }
    let _ = write!(line, ": {}", error.message());
    crate::report::push_printable(out, &line);
    out.push('\n');
}

/// A problem as one JSON object on a line: where (file, game, players),
/// then its fields ([`PgnError::fields`]).
fn problem_json(out: &mut String, file: &str, names: &Names, error: &PgnError) {
    out.push_str("{\"file\":");
    json_str(out, file);
    let _ = write!(out, ",\"game\":{},\"white\":", error.game() + 1);
    json_str(out, &names.white);
    out.push_str(",\"black\":");
    json_str(out, &names.black);
    out.push(',');
    problem_fields(out, error);
    out.push_str("}\n");
}

/// The fields of a problem, `"name":value` each, comma-separated.
fn problem_fields(out: &mut String, error: &PgnError) {
    for (i, (name, value)) in error.fields().into_iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        json_str(out, name);
        out.push(':');
        match value {
            ProblemField::Text(text) => json_str(out, &text),
            ProblemField::Number(n) => {
                let _ = write!(out, "{n}");
            }
            ProblemField::Null => out.push_str("null"),
        }
    }
}

/// The JSON object of a game (`docs/pgn.md`, "The command's JSON objects").
fn game_json(out: &mut String, game: &Game) {
    let _ = write!(
        out,
        "{{\"index\":{},\"offset\":{},\"line\":{},\"headers\":{{",
        game.index, game.offset, game.line
    );
    for (i, (name, value)) in game.tags.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        json_str(out, name);
        out.push(':');
        json_str(out, value);
    }
    out.push_str("},\"fen\":");
    json_str(out, &game.start.to_string());
    out.push_str(",\"chess960\":");
    out.push_str(if game.chess960 { "true" } else { "false" });
    out.push_str(",\"uci\":[");
    let mut plies = 0;
    for (i, uci) in game.uci().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push('"');
        uci.append_to(out);
        out.push('"');
        plies += 1;
    }
    out.push_str("],\"san\":[");
    for (i, san) in game.moves_in(Notation::San).iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        json_str(out, san);
    }
    out.push_str("],\"result\":");
    match game.result {
        Some(result) => json_str(out, result.as_str()),
        None => out.push_str("null"),
    }
    out.push_str(",\"clocks\":[");
    for (i, m) in game.moves.iter().take(plies).enumerate() {
        if i > 0 {
            out.push(',');
        }
        json_opt(out, m.clock().map(|c| c.0));
    }
    out.push_str("],\"evals\":[");
    for (i, m) in game.moves.iter().take(plies).enumerate() {
        if i > 0 {
            out.push(',');
        }
        match m.eval().map(|e| e.score) {
            Some(Score::Centipawns(cp)) => {
                let _ = write!(out, "{{\"cp\":{cp}}}");
            }
            Some(Score::Mate(mate)) => {
                let _ = write!(out, "{{\"mate\":{mate}}}");
            }
            None => out.push_str("null"),
        }
    }
    let _ = write!(out, "],\"plies\":{}", game.moves.len());
    for (name, problems) in [("errors", &game.errors), ("warnings", &game.warnings)] {
        let _ = write!(out, ",\"{name}\":[");
        for (i, problem) in problems.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            out.push('{');
            problem_fields(out, problem);
            out.push('}');
        }
        out.push(']');
    }
    out.push_str(",\"final_fen\":");
    match game.final_fen() {
        Some(end) => json_str(out, &end),
        None => out.push_str("null"),
    }
    out.push_str(",\"opening\":");
    match game.opening {
        Some(opening) => {
            out.push_str("{\"eco\":");
            json_str(out, opening.eco);
            out.push_str(",\"name\":");
            json_str(out, opening.name);
            let _ = write!(out, ",\"ply\":{}}}", opening.ply);
        }
        None => out.push_str("null"),
    }
    out.push_str("}\n");
}

fn json_opt(out: &mut String, value: Option<impl std::fmt::Display>) {
    match value {
        Some(v) => {
            let _ = write!(out, "{v}");
        }
        None => out.push_str("null"),
    }
}

/// A JSON string: quotes, `\"`, `\\` and control characters escaped.
pub use chessnote_export::text::json_str;
