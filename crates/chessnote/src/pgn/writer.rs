//! The streaming writer: the reader's events written straight back out as
//! PGN, no tree in between.

use alloc::string::String;
use alloc::vec::Vec;
use core::ops::ControlFlow::{self, Continue};
use core::ops::Range;

use super::route::{Comment, Written, replay_visitor};
use super::write::{Layout, WriteOptions, push_tag_value, result_text, write_tags};
use super::{
    GameResult, GameSink, Nag, PgnError, Ply, ReadOptions, Replay, ReplayOptions, ReplayState,
    VariationMode,
};
use crate::Color;
use crate::fen::Setup;
use crate::position::Notation;

/// A [`Visitor`](super::Visitor) that writes each game it is shown as PGN, with the same
/// layout as [`GameTree::write`](super::GameTree::write): `read → write`
/// with no tree, at the reader's speed.
///
/// Each game's text is appended to the writer's buffer
/// ([`output`](PgnWriter::output)), after a blank line when a game came
/// before; take or clear it between games to stream. Each game gives its
/// problems, the reader's and the replay's.
///
/// Moves are written as read (in SAN, syntax normalized: `0-0` is `O-O`,
/// a glyph becomes a NAG) unless the writer replays: with
/// [`replay`](PgnWriter::replay), when the notation is not SAN, or in the
/// python-chess style, each move is written from its position, as the tree
/// writer does (SAN with its check marks and shortest disambiguation); a
/// move that does not replay is written as read (in the python-chess
/// style, left out with the rest of its line, as a tree leaves it out).
///
/// In the python-chess style it writes exactly what the tree writer writes
/// for the same game ([`GameTree::write`](super::GameTree::write), and so
/// what python-chess writes), wherever the reader's events put things: a
/// comment or NAG after a variation's `)` goes to the move before the
/// variation, a NAG right after a `(` to the move before the one the
/// variation replaces, the comments of a variation with no move to the
/// move it branches from; an empty variation is not written; a variation
/// of a variation's first move is written after that variation (another
/// alternative to the same move); with variations left out, the comments
/// and NAGs they move still go where a tree puts them. For that it holds
/// back the text from the mainline's last move but one (whose NAGs may
/// still come after a `(`), with the variations of those two moves, and
/// writes it as the mainline moves on: memory is that, not the game (the
/// whole game only when everything is variations of one move).
///
/// ```
/// use chessnote::pgn::{PgnWriter, Reader, WriteOptions};
///
/// let mut writer = PgnWriter::new(WriteOptions::PYTHON_CHESS);
/// let pgn = b"1. e4 e5 ( 1... c5 ) { after } $1 2. Nf3 *";
/// Reader::from_slice(pgn).read_game(&mut writer)?;
/// // As python-chess writes it: the NAG and comment are e5's.
/// assert!(writer.output().ends_with("\n\n1. e4 e5 $1 { after } ( 1... c5 ) 2. Nf3 *\n"));
/// # Ok::<(), core::convert::Infallible>(())
/// ```
///
/// In the standard style it writes each thing where it comes, which is
/// what a tree does not do: a comment or NAG after a variation's `)` stays
/// there; a NAG right after a `(` stays there; an empty variation `( )` is
/// written, and the comments of a variation of comments alone stay inside
/// it; a variation of a variation's first move stays inside it. On text
/// the tree writer wrote, both give the same bytes.
///
/// ```
/// use chessnote::pgn::{PgnWriter, Reader, WriteOptions};
///
/// let pgn = b"[White \"A\"]\n[Black \"B\"]\n1.e4 e5 2.Nf3 {best} Nc6!? 1-0\n[White \"C\"]\n1.d4 *";
/// let mut reader = Reader::from_slice(pgn);
/// let mut writer = PgnWriter::new(WriteOptions::REDUCED);
/// while let Some(errors) = reader.read_game(&mut writer)? {
///     assert!(errors.is_empty());
/// }
/// assert_eq!(
///     writer.output(),
///     "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"A\"]\n\
///      [Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n\n\
///      [Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"C\"]\n\
///      [Black \"?\"]\n[Result \"*\"]\n\n1. d4 *\n"
/// );
/// # Ok::<(), core::convert::Infallible>(())
/// ```
#[derive(Clone, Debug)]
pub struct PgnWriter {
    replay: Replay<WriteGame>,
}

replay_visitor!(PgnWriter, replay, Vec<PgnError>);

/// The sink of [`Replay`] that writes each game as PGN (what [`PgnWriter`]
/// wraps): to write a game while another sink reads it, pair them.
#[derive(Clone, Debug)]
pub struct WriteGame {
    layout: Layout,
    replay: bool,
    games: u64,
    order: Vec<usize>,
    /// Where the `Result` tag's value was written, and what.
    result_at: Option<Range<usize>>,
    /// Whether the games' openings go in their `ECO` and `Opening` tags.
    add_opening: AddOpening,
    /// Where the tags were written (when openings are added).
    tags_at: Option<Range<usize>>,
    marker: Option<GameResult>,
    /// The ply of the last move of each open line.
    plies: Vec<u32>,
    /// The ply of the start position (0: White to move at move 1).
    base: u32,
    /// 1 when the start's move number is 0 (puzzle FENs): moves are
    /// numbered from 1, as python-chess does.
    offset: u16,
    pending_nags: Vec<Nag>,
    /// The comments waiting for the next move: their text, and where each
    /// one is.
    comment_text: String,
    pending_comments: Vec<Range<usize>>,
    at_root: bool,
    /// In the python-chess style: what is held back until it is known
    /// where it goes.
    held: Held,
    /// The last game's warnings.
    warnings: Vec<PgnError>,
}

impl PgnWriter {
    /// A writer with `options`, replaying (when it does) with the default
    /// read options.
    pub fn new(options: WriteOptions) -> PgnWriter {
        PgnWriter::with_read_options(options, ReadOptions::DEFAULT)
    }

    /// A writer that replays with the SAN and FEN leniencies of `read`
    /// (pass the reader's).
    pub fn with_read_options(options: WriteOptions, read: ReadOptions) -> PgnWriter {
        let sink = WriteGame::new(options);
        let routing = sink.routing(read);
        PgnWriter {
            replay: Replay::new(sink, routing),
        }
    }

    /// Whether to replay SAN moves and write them from their positions
    /// (always on in the python-chess style and for other notations):
    /// slower, and the same text as writing the game's tree.
    #[must_use]
    pub fn replay(mut self, replay: bool) -> PgnWriter {
        let read = *self.replay.options().read_options();
        let sink = self.replay.sink_mut();
        let options = sink.layout.options;
        sink.replay = replay || options.python() || options.notation.notation() != Notation::San;
        let routing = sink.routing(read);
        PgnWriter {
            replay: self.replay.with_options(routing),
        }
    }

    /// Whether to write each game's opening, as Lichess names it
    /// ([`crate::opening`]), in its `ECO` and `Opening` tags (as
    /// pgn-extract's `-e` does): where the game has none of them
    /// ([`AddOpening::Missing`]), or over those it has
    /// ([`AddOpening::Replace`]). A game with no opening keeps its tags.
    /// The moves are replayed.
    ///
    /// ```
    /// use chessnote::pgn::{AddOpening, PgnWriter, Reader, WriteOptions};
    ///
    /// let mut writer = PgnWriter::new(WriteOptions::STANDARD).add_opening(AddOpening::Missing);
    /// let mut reader = Reader::from_slice(b"[Event \"x\"]\n\n1. e4 c5 2. Nf3 d6 *");
    /// reader.read_game(&mut writer)?;
    /// assert!(writer.output().contains("[ECO \"B50\"]\n[Opening \"Sicilian Defense: Modern Variations\"]\n"));
    /// # Ok::<(), core::convert::Infallible>(())
    /// ```
    #[cfg(feature = "std")]
    #[must_use]
    pub fn add_opening(mut self, add: AddOpening) -> PgnWriter {
        self.replay.sink_mut().add_opening = add;
        self.replay(true)
    }

    /// Whether to make each game's key for finding duplicates
    /// ([`ReplayState::game_key`] of [`PgnWriter::state`]; default no). The
    /// moves are replayed then. Set it after [`PgnWriter::replay`], which
    /// sets the routing anew.
    #[must_use]
    pub fn keys(self, make: bool) -> PgnWriter {
        let routing = self.replay.options().keys(make);
        PgnWriter {
            replay: self.replay.with_options(routing),
        }
    }

    /// Games whose tags `filter` refuses are not replayed nor written:
    /// their moves are skipped ([`Replay::only`]).
    #[must_use]
    pub fn only(self, filter: Option<super::filter::Filter>) -> PgnWriter {
        PgnWriter {
            replay: self.replay.only(filter),
        }
    }

    /// The options.
    pub fn options(&self) -> &WriteOptions {
        self.replay.sink().options()
    }

    /// What was written since the last [`take_output`](PgnWriter::take_output)
    /// or [`clear_output`](PgnWriter::clear_output).
    pub fn output(&self) -> &str {
        self.replay.sink().output()
    }

    /// Takes what was written, leaving the buffer empty.
    pub fn take_output(&mut self) -> String {
        self.replay.sink_mut().take_output()
    }

    /// Empties the buffer, keeping its memory.
    pub fn clear_output(&mut self) {
        self.replay.sink_mut().clear_output();
    }

    /// The warnings of the last game written, in input order (its errors
    /// are what [`Reader::read_game`](super::Reader::read_game) returns).
    pub fn warnings(&self) -> &[PgnError] {
        self.replay.sink().warnings()
    }

    /// The state of the last game written (or being written): its tags,
    /// its number of moves.
    pub fn state(&self) -> &ReplayState {
        self.replay.state()
    }
}

impl WriteGame {
    /// A sink that writes with `options`: moves as read in SAN, unless the
    /// style is python-chess's or the notation another, which replays
    /// them and writes each from its position.
    pub fn new(options: WriteOptions) -> WriteGame {
        WriteGame {
            layout: Layout::new(String::new(), options),
            replay: options.python() || options.notation.notation() != Notation::San,
            games: 0,
            order: Vec::new(),
            result_at: None,
            add_opening: AddOpening::No,
            tags_at: None,
            marker: None,
            plies: Vec::new(),
            base: 0,
            offset: 0,
            pending_nags: Vec::new(),
            comment_text: String::new(),
            pending_comments: Vec::new(),
            at_root: true,
            held: Held::default(),
            warnings: Vec::new(),
        }
    }

    /// What writing needs of the replay, with the SAN and FEN leniencies
    /// of `read`: variations read when written (replayed when moves are
    /// written from their positions, which are kept), and in the
    /// python-chess style replayed even when not written, as a tree has
    /// them (their problems then not the game's); comments; every problem.
    pub fn routing(&self, read: ReadOptions) -> ReplayOptions {
        let replay = self.replay;
        let written = self.layout.options.variations;
        let variations = match (written, replay) {
            // A variation not written still holds NAGs and comments of the
            // moves around it, in a tree.
            (false, true) if self.layout.options.python() => VariationMode::Replay,
            (false, _) => VariationMode::Skip,
            (true, false) => VariationMode::Read,
            (true, true) => VariationMode::Replay,
        };
        let options = ReplayOptions::new(read)
            .replay(replay)
            .variations(variations)
            .variation_problems(written)
            .positions(replay)
            .san(replay)
            .comments(true);
        #[cfg(feature = "std")]
        let options = options.openings(self.add_opening != AddOpening::No);
        options
    }

    /// The options.
    pub fn options(&self) -> &WriteOptions {
        &self.layout.options
    }

    /// What was written since the last [`take_output`](WriteGame::take_output)
    /// or [`clear_output`](WriteGame::clear_output): each game after a blank
    /// line, but the first.
    pub fn output(&self) -> &str {
        &self.layout.out
    }

    /// Takes what was written, leaving the buffer empty.
    pub fn take_output(&mut self) -> String {
        core::mem::take(&mut self.layout.out)
    }

    /// Empties the buffer, keeping its memory.
    pub fn clear_output(&mut self) {
        self.layout.out.clear();
    }

    /// The warnings of the last game written, in input order (when it
    /// takes the problems: first in a pair, or alone).
    pub fn warnings(&self) -> &[PgnError] {
        &self.warnings
    }

    fn flush(&mut self) {
        if self.pending_nags.is_empty() && self.pending_comments.is_empty() {
            return;
        }
        if self.at_root && self.layout.options.python() {
            // python-chess does not write a game's NAGs.
            self.pending_nags.clear();
        }
        let text = &self.comment_text;
        let comments = self.pending_comments.iter().map(|r| &text[r.clone()]);
        self.layout.annotations(&self.pending_nags, comments);
        self.pending_nags.clear();
        self.pending_comments.clear();
        self.comment_text.clear();
    }

    /// The move number and side of the next move of the current line.
    fn next_move(&mut self) -> (u16, Color) {
        let ply = self.base + self.plies.last().copied().unwrap_or(0);
        let fullmoves = u16::try_from(ply / 2 + 1).unwrap_or(u16::MAX);
        let turn = if ply.is_multiple_of(2) {
            Color::White
        } else {
            Color::Black
        };
        (fullmoves, turn)
    }

    fn played(&mut self) {
        if let Some(ply) = self.plies.last_mut() {
            *ply += 1;
        }
        self.at_root = false;
    }

    /// Writes a move as read (SAN, or UCI).
    fn as_read(&mut self, written: Written) {
        let (number, turn) = self.next_move();
        self.layout.mv_with(number, turn, |out| match written {
            Written::San(san) => san.append_to(out),
            Written::Uci(uci) => uci.append_to(out),
        });
        self.played();
    }

    /// Writes the move just replayed from the position before it.
    fn replayed(&mut self, state: &ReplayState, ply: &Ply<'_>) {
        let notation = self.layout.options.notation;
        let Some(before) = state.previous_position() else {
            return;
        };
        let (number, turn) = (
            before.fullmoves().saturating_add(self.offset),
            before.turn(),
        );
        self.layout
            .mv_with(number, turn, |out| ply.write_to(state, notation, out));
        self.played();
    }
}

impl GameSink for WriteGame {
    type Output = Vec<PgnError>;

    fn begin_game(&mut self, _: &ReplayState) {
        if self.games > 0 {
            let eol = self.layout.options.line_ending.as_str();
            self.layout.out.push_str(eol);
        }
        self.games += 1;
        self.marker = None;
        self.result_at = None;
        self.pending_nags.clear();
        self.pending_comments.clear();
        self.comment_text.clear();
        self.at_root = true;
    }

    fn begin_movetext(&mut self, state: &ReplayState) -> ControlFlow<()> {
        let tags = state.tags();
        let provisional = result_text(&self.layout.options, tags.get("Result"), None);
        let mut out = core::mem::take(&mut self.layout.out);
        let start = out.len();
        // The Result tag's value, to correct once the marker is known.
        self.result_at = write_tags(
            &mut out,
            &self.layout.options,
            tags.iter(),
            provisional,
            &mut self.order,
        );
        self.tags_at = (self.add_opening != AddOpening::No).then_some(start..out.len());
        self.layout.out = out;
        self.layout.begin();
        self.base = 0;
        self.offset = 0;
        if self.replay {
            let start = state.start();
            self.offset = u16::from(start.fullmoves() == 0);
            self.base = u32::from(start.fullmoves().max(1) - 1) * 2
                + u32::from(start.turn() == Color::Black);
        } else if let Some(fen) = tags.get("FEN")
            && let Ok(setup) = Setup::from_ascii(fen.as_bytes())
        {
            self.base =
                u32::from(setup.fullmoves.max(1) - 1) * 2 + u32::from(setup.turn == Color::Black);
        }
        self.plies.clear();
        self.plies.push(0);
        if self.layout.options.python() {
            self.held.begin();
        }
        Continue(())
    }

    fn ply(&mut self, state: &ReplayState, ply: &Ply<'_>) {
        if self.layout.options.python() {
            // As a tree has it: a move that does not replay is left out.
            if ply.played
                && let Some(before) = state.previous_position()
            {
                let number = before.fullmoves().saturating_add(self.offset);
                let id = self.held.new_move(number, before.turn());
                let notation = self.layout.options.notation;
                ply.write_to(state, notation, self.held.move_text(id));
                self.held.play(id, &mut self.layout);
            }
            return;
        }
        self.flush();
        if self.replay && ply.played {
            self.replayed(state, ply);
        } else {
            self.as_read(ply.written);
        }
    }

    fn nag(&mut self, _: &ReplayState, nag: Nag) {
        if self.layout.options.python() {
            self.held.nag(nag);
            return;
        }
        self.pending_nags.push(nag);
    }

    fn comment(&mut self, _: &ReplayState, comment: &Comment<'_>) {
        if self.layout.options.python() {
            self.held.comment(&comment.text().0);
            return;
        }
        let at = self.comment_text.len();
        self.comment_text.push_str(&comment.text().0);
        self.pending_comments.push(at..self.comment_text.len());
    }

    fn begin_variation(&mut self, _: &ReplayState) {
        if self.layout.options.python() {
            self.held.begin_variation();
            return;
        }
        self.flush();
        self.layout.begin_variation();
        let last = self.plies.last().copied().unwrap_or(0);
        self.plies.push(last.saturating_sub(1));
    }

    fn end_variation(&mut self, _: &ReplayState) {
        if self.layout.options.python() {
            self.held.end_variation();
            return;
        }
        self.flush();
        self.layout.end_variation();
        if self.plies.len() > 1 {
            self.plies.pop();
        }
    }

    fn result(&mut self, _: &ReplayState, result: GameResult) {
        self.marker = Some(result);
    }

    fn end_game(&mut self, state: &mut ReplayState) -> Vec<PgnError> {
        if self.layout.options.python() {
            self.held.end(&mut self.layout);
        } else {
            self.flush();
        }
        let tag = state.tags().get("Result");
        let result = result_text(&self.layout.options, tag, self.marker);
        #[cfg(feature = "std")]
        if let Some(at) = self.tags_at.take()
            && let Some(opening) = state.opening()
            && self.add_opening.writes(state.tags())
        {
            // The tags written again, the opening's among them.
            let tags = state
                .tags()
                .iter()
                .filter(|(name, _)| !matches!(*name, "ECO" | "Opening"));
            let opening = [("ECO", opening.eco), ("Opening", opening.name)];
            let mut written = String::new();
            write_tags(
                &mut written,
                &self.layout.options,
                tags.chain(opening),
                result,
                &mut self.order,
            );
            self.layout.out.replace_range(at, &written);
            self.result_at = None;
        }
        if let Some(at) = self.result_at.take() {
            // The tag's value as `write_tags` writes it.
            let mut written = core::mem::take(&mut self.layout.scratch);
            written.clear();
            push_tag_value(&mut written, result, &self.layout.options);
            if self.layout.out.get(at.clone()) != Some(written.as_str()) {
                self.layout.out.replace_range(at, &written);
            }
            self.layout.scratch = written;
        }
        self.layout.result(result);
        let (errors, warnings) = state.take_problems();
        self.warnings = warnings;
        errors
    }
}

/// Whether a writer puts each game's opening in its `ECO` and `Opening`
/// tags ([`PgnWriter::add_opening`]).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum AddOpening {
    /// No (the default).
    #[default]
    No,
    /// In a game that has neither tag.
    Missing,
    /// In every game with an opening, over the tags it has.
    Replace,
}

impl AddOpening {
    /// Whether the opening is written in a game of `tags`.
    #[cfg(feature = "std")]
    fn writes(self, tags: &super::Tags) -> bool {
        match self {
            AddOpening::No => false,
            AddOpening::Missing => tags.get("ECO").is_none() && tags.get("Opening").is_none(),
            AddOpening::Replace => true,
        }
    }
}

/// The root's slot once it is written.
const NO_SLOT: u32 = u32::MAX;

/// The python-chess style without a tree: each move's text held back until
/// nothing that comes later can change what is written before it.
///
/// python-chess's tree (and [`TreeBuilder`](super::TreeBuilder)'s, which
/// this mirrors step for step, with slots in place of nodes) puts things
/// where the stream does not: a comment or NAG after a variation's `)`
/// belongs to the move before the variation, a NAG right after a `(` to
/// the move before the one the variation replaces, the comments of a
/// variation with no move to the move it branched from; a variation of a
/// variation's first move is one more alternative to that move, written
/// after the variation; an empty variation is nothing; a move that does
/// not replay is left out (the rest of its line too). The tree writer
/// writes a move, its NAGs and comments, the other moves from the same
/// position (each with its line), then the next move.
///
/// So each line keeps its moves as [`Item`]s, and each move (a [`Slot`])
/// the lines of the moves after it but its first (its first move's
/// variations). The main line is written as the mainline plays: when a
/// move is played, NAGs may still come for the move before it (right
/// after a `(`), so all before that move's NAGs and comments is written.
/// What is held is the text from the mainline's last move but one, with
/// the variations of those two moves.
#[derive(Clone, Debug, Default)]
struct Held {
    /// The moves not yet written, and the root; free ones are reused.
    slots: Vec<Slot>,
    free_slots: Vec<u32>,
    /// The lines' items: the main line's, and each variation's until it
    /// is written.
    lines: Vec<Vec<Item>>,
    free_lines: Vec<u32>,
    root: u32,
    main: u32,
    /// How many of the main line's items are written.
    written: usize,
    /// The open lines, as the tree builder has them: the move before the
    /// line's last one (the root at first), its last move, and its items
    /// once it has a move.
    open: Vec<OpenLine>,
    /// Right after a `(` (until a move): comments are the next move's
    /// starting comments.
    fresh: bool,
    /// Those comments: their text, and where each one is.
    starting_text: String,
    starting: Vec<Range<usize>>,
    /// Whether the main line is the mainline's (it is unless a variation
    /// played the game's first move), so that it is written as it plays.
    streams: bool,
    /// The walk over variations (no walk recurses).
    stack: Vec<Frame>,
}

/// A move held back (or the root): its text, its comments and NAGs, and
/// the lines of the moves after it but its first.
#[derive(Clone, Debug)]
struct Slot {
    number: u16,
    turn: Color,
    /// The move's text (`text[..mv]`), then its comments' texts (the
    /// starting ones too).
    text: String,
    mv: usize,
    starting: Vec<Range<usize>>,
    comments: Vec<Range<usize>>,
    nags: Vec<Nag>,
    /// The variations written after the move's first child.
    variations: Vec<u32>,
    has_child: bool,
    /// The items not yet written that name the slot: free at 0.
    refs: u8,
}

/// What a line writes, in order.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Item {
    /// A move: its starting comments, its text, its NAGs and comments.
    Move(u32),
    /// A move's NAGs and comments, its text written (or the root's).
    Annotations(u32),
    /// The variations after a move's first child.
    Variations(u32),
}

#[derive(Copy, Clone, Debug)]
struct OpenLine {
    before: u32,
    after: u32,
    items: Option<u32>,
}

#[derive(Copy, Clone, Debug)]
enum Frame {
    Variations { slot: u32, next: usize },
    Line { line: u32, next: usize },
}

/// Appends the comments `ranges` of `text` to `slot`'s text, as ranges in
/// `into` (its starting comments or its comments).
fn copy_comments(
    text: &str,
    ranges: &[Range<usize>],
    slot: &mut Slot,
    into: fn(&mut Slot) -> &mut Vec<Range<usize>>,
) {
    for r in ranges {
        let at = slot.text.len();
        slot.text.push_str(&text[r.clone()]);
        let end = slot.text.len();
        into(slot).push(at..end);
    }
}

impl Held {
    /// A game's movetext starts: every slot and line free, the root's
    /// annotations first in the main line.
    fn begin(&mut self) {
        self.free_slots.clear();
        self.free_slots.extend((0..self.slots.len() as u32).rev());
        self.free_lines.clear();
        self.free_lines.extend((0..self.lines.len() as u32).rev());
        self.root = self.slot(1, Color::White);
        self.main = self.line();
        self.lines[self.main as usize].push(Item::Annotations(self.root));
        self.written = 0;
        self.open.clear();
        self.open.push(OpenLine {
            before: self.root,
            after: self.root,
            items: None,
        });
        self.fresh = false;
        self.starting_text.clear();
        self.starting.clear();
        self.streams = false;
        self.stack.clear();
    }

    /// A free slot for a move numbered `number`, `turn` to play (named by
    /// one item).
    fn slot(&mut self, number: u16, turn: Color) -> u32 {
        let id = match self.free_slots.pop() {
            Some(id) => id,
            None => {
                self.slots.push(Slot {
                    number,
                    turn,
                    text: String::new(),
                    mv: 0,
                    starting: Vec::new(),
                    comments: Vec::new(),
                    nags: Vec::new(),
                    variations: Vec::new(),
                    has_child: false,
                    refs: 0,
                });
                u32::try_from(self.slots.len() - 1).unwrap_or(u32::MAX)
            }
        };
        let slot = &mut self.slots[id as usize];
        slot.number = number;
        slot.turn = turn;
        slot.text.clear();
        slot.mv = 0;
        slot.starting.clear();
        slot.comments.clear();
        slot.nags.clear();
        slot.variations.clear();
        slot.has_child = false;
        slot.refs = 1;
        id
    }

    /// A free line, empty.
    fn line(&mut self) -> u32 {
        match self.free_lines.pop() {
            Some(id) => {
                self.lines[id as usize].clear();
                id
            }
            None => {
                self.lines.push(Vec::new());
                u32::try_from(self.lines.len() - 1).unwrap_or(u32::MAX)
            }
        }
    }

    /// An item naming `slot` was written.
    fn release(&mut self, slot: u32) {
        let refs = &mut self.slots[slot as usize].refs;
        *refs = refs.saturating_sub(1);
        if *refs == 0 {
            self.free_slots.push(slot);
            if slot == self.root {
                // Written: another move may take its slot.
                self.root = NO_SLOT;
            }
        }
    }

    /// The move the next NAG or comment belongs to.
    fn current(&self) -> u32 {
        self.open.last().map_or(self.root, |line| line.after)
    }

    /// A move played: a slot for it, whose text the caller writes
    /// (then [`play`](Held::play)).
    fn new_move(&mut self, number: u16, turn: Color) -> u32 {
        self.slot(number, turn)
    }

    /// The text of the move `id` (its move text, before any comment).
    fn move_text(&mut self, id: u32) -> &mut String {
        &mut self.slots[id as usize].text
    }

    /// The move `node`, its text written, takes its place: after the last
    /// move of its line, or first in a line of its own among the
    /// variations of the move before. When it is the mainline's, what can
    /// no longer change is written.
    fn play(&mut self, node: u32, layout: &mut Layout) {
        let slot = &mut self.slots[node as usize];
        slot.mv = slot.text.len();
        let Some(top) = self.open.last().copied() else {
            return;
        };
        let parent = top.after;
        // The game's first move (the root's first child): comments before
        // it are the game's, as the written text says.
        let first = parent == self.root && !self.slots[parent as usize].has_child;
        let into: fn(&mut Slot) -> &mut Vec<Range<usize>> = if first {
            |slot| &mut slot.comments
        } else {
            |slot| &mut slot.starting
        };
        let owner = if first { self.root } else { node };
        copy_comments(
            &self.starting_text,
            &self.starting,
            &mut self.slots[owner as usize],
            into,
        );
        self.starting.clear();
        self.starting_text.clear();
        let items = match top.items {
            // The line's next move: the variations of the move before it
            // follow it.
            Some(line) => {
                self.lines[line as usize].push(Item::Move(node));
                self.lines[line as usize].push(Item::Variations(parent));
                self.slots[parent as usize].refs += 1;
                line
            }
            None if first => {
                let main = self.main;
                self.lines[main as usize].push(Item::Move(node));
                self.lines[main as usize].push(Item::Variations(parent));
                self.slots[parent as usize].refs += 1;
                self.streams = self.open.len() == 1;
                main
            }
            // A variation's first move.
            None => {
                let line = self.line();
                self.lines[line as usize].push(Item::Move(node));
                self.slots[parent as usize].variations.push(line);
                line
            }
        };
        self.slots[parent as usize].has_child = true;
        if let Some(open) = self.open.last_mut() {
            *open = OpenLine {
                before: parent,
                after: node,
                items: Some(items),
            };
        }
        self.fresh = false;
        if self.streams && self.open.len() == 1 {
            // A NAG after a `(` now goes to `parent` at the earliest.
            self.write(layout, Some(parent));
        }
    }

    fn nag(&mut self, nag: Nag) {
        let at = self.current();
        self.slots[at as usize].nags.push(nag);
    }

    fn comment(&mut self, text: &str) {
        if self.fresh {
            let at = self.starting_text.len();
            self.starting_text.push_str(text);
            self.starting.push(at..self.starting_text.len());
        } else {
            let current = self.current();
            let slot = &mut self.slots[current as usize];
            let at = slot.text.len();
            slot.text.push_str(text);
            slot.comments.push(at..slot.text.len());
        }
    }

    /// A variation opens: an alternative to the last move of the line, from
    /// the move before it.
    fn begin_variation(&mut self) {
        let before = self.open.last().map_or(self.root, |line| line.before);
        self.open.push(OpenLine {
            before,
            after: before,
            items: None,
        });
        self.fresh = true;
    }

    /// The variation closes; the comments of a variation with no move go
    /// to the move it branched from.
    fn end_variation(&mut self) {
        if self.open.len() > 1 {
            self.open.pop();
        }
        self.fresh = false;
        let current = self.current();
        copy_comments(
            &self.starting_text,
            &self.starting,
            &mut self.slots[current as usize],
            |slot| &mut slot.comments,
        );
        self.starting.clear();
        self.starting_text.clear();
    }

    /// The game is over: everything held is written.
    fn end(&mut self, layout: &mut Layout) {
        // Starting comments with no move (the reader closes every
        // variation first, so there are none) are the game's.
        let main = self.main as usize;
        if main >= self.lines.len() {
            // No movetext began.
            return;
        }
        let root = Item::Annotations(self.root);
        if !self.starting.is_empty() && self.lines[main][self.written..].contains(&root) {
            copy_comments(
                &self.starting_text,
                &self.starting,
                &mut self.slots[self.root as usize],
                |slot| &mut slot.comments,
            );
            self.starting.clear();
        }
        self.write(layout, None);
        if !self.starting.is_empty() {
            let text = &self.starting_text;
            layout.comments(self.starting.iter().map(|r| &text[r.clone()]));
        }
        self.starting.clear();
        self.starting_text.clear();
    }

    /// Writes the main line's items up to the annotations of `until`
    /// (its text written; everything with `None`).
    fn write(&mut self, layout: &mut Layout, until: Option<u32>) {
        let main = self.main as usize;
        while let Some(&item) = self.lines[main].get(self.written) {
            match item {
                Item::Annotations(slot) if Some(slot) == until => break,
                Item::Move(slot) if Some(slot) == until => {
                    self.write_move(slot, layout);
                    self.lines[main][self.written] = Item::Annotations(slot);
                    break;
                }
                _ => {}
            }
            self.written += 1;
            match item {
                Item::Variations(slot) => self.write_variations(slot, layout),
                _ => self.write_node(item, layout),
            }
        }
        // What is written goes, when it is most of the line.
        if self.written >= 32 && self.written * 2 >= self.lines[main].len() {
            self.lines[main].drain(..self.written);
            self.written = 0;
        }
    }

    /// A move (its starting comments, its text, its annotations) or a
    /// move's annotations.
    fn write_node(&mut self, item: Item, layout: &mut Layout) {
        let (Item::Move(id) | Item::Annotations(id) | Item::Variations(id)) = item;
        if let Item::Move(_) = item {
            self.write_move(id, layout);
        }
        let slot = &self.slots[id as usize];
        // python-chess does not write a game's NAGs.
        let nags: &[Nag] = if id == self.root { &[] } else { &slot.nags };
        let text = &slot.text;
        layout.annotations(nags, slot.comments.iter().map(|r| &text[r.clone()]));
        self.release(id);
    }

    /// A move's starting comments and text.
    fn write_move(&mut self, id: u32, layout: &mut Layout) {
        let slot = &self.slots[id as usize];
        let text = &slot.text;
        if !slot.starting.is_empty() {
            layout.comments(slot.starting.iter().map(|r| &text[r.clone()]));
        }
        layout.scratch.clear();
        layout.scratch.push_str(&text[..slot.mv]);
        layout.mv(slot.number, slot.turn);
    }

    /// The variations after `slot`'s first child, each in parentheses,
    /// with theirs.
    fn write_variations(&mut self, slot: u32, layout: &mut Layout) {
        let mut stack = core::mem::take(&mut self.stack);
        stack.clear();
        stack.push(Frame::Variations { slot, next: 0 });
        while let Some(top) = stack.last_mut() {
            match top {
                Frame::Variations { slot, next } => {
                    let id = *slot;
                    if let Some(&line) = self.slots[id as usize].variations.get(*next) {
                        *next += 1;
                        layout.begin_variation();
                        stack.push(Frame::Line { line, next: 0 });
                    } else {
                        stack.pop();
                        self.release(id);
                    }
                }
                Frame::Line { line, next } => {
                    let id = *line;
                    if let Some(&item) = self.lines[id as usize].get(*next) {
                        *next += 1;
                        match item {
                            Item::Variations(slot) => {
                                stack.push(Frame::Variations { slot, next: 0 });
                            }
                            _ => self.write_node(item, layout),
                        }
                    } else {
                        stack.pop();
                        layout.end_variation();
                        self.free_lines.push(id);
                    }
                }
            }
        }
        self.stack = stack;
    }
}
