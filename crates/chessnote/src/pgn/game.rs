//! The conveniences users reach for first: games with their tags and
//! mainline moves (replayed), and headers alone (the movetext skipped).

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::ops::ControlFlow::{self, Break, Continue};

use super::any_position::AnyPosition;
use super::commands::{Centis, Eval, Score, first_clock_and_eval};
use super::input::{Input, SliceInput};
use super::route::{Comment, replay_visitor};
use super::{
    Encoding, GameResult, GameSink, GameStart, Nag, PgnError, PgnErrorKind, PgnLeniency, Ply,
    Reader, Replay, ReplayOptions, ReplayState, Tags, VariationMode,
};
use crate::Move;
use crate::fen::Setup;
use crate::location::Location;
use crate::position::{CastlingMode, Notation, Position, VariantPosition, WriteNotation};
use crate::san::{SanOptions, SanPlus};
use crate::uci::Uci;

/// A game as read: its tags, its mainline (each move as written, the legal
/// move it replayed to, its SAN as a correct writer writes it, its NAGs,
/// comments, clock and evaluation), its result, its final position and
/// every problem found in it.
///
/// Everything is worked out once, in the one replay ([`super::Replay`]):
/// reading a field computes nothing again. A `Game` owns what it holds, so
/// its memory is that of the game: a 100 MB comment makes a 100 MB `Game`.
/// Its tags and its comments each live in one buffer, so a game costs a
/// handful of allocations whatever its length. The reader itself stays in
/// constant memory; a [`super::GameSink`] that keeps only what it needs
/// does too.
///
/// ```
/// use chessnote::pgn::{GameResult, Nag, Reader};
///
/// let pgn = b"[White \"Morphy\"]\n\n1. e4 {best by test} e5 2. Nf3 $1 d6 (2... Nc6) 1-0";
/// let game = Reader::from_slice(pgn).games().next().unwrap();
/// assert_eq!(game.tag("White"), Some("Morphy"));
/// assert!(game.comments(1).eq(["best by test"]));
/// assert_eq!(game.nags(3), [Nag::GOOD_MOVE]);
/// assert_eq!(game.variations, 1);
/// assert_eq!(game.result, Some(GameResult::WhiteWins));
/// assert_eq!(game.uci().map(|m| m.to_string()).collect::<Vec<_>>(), ["e2e4", "e7e5", "g1f3", "d7d6"]);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Game {
    /// The game's number in the input, from 0.
    pub index: u64,
    /// The byte offset of its first byte in the input.
    pub offset: u64,
    /// The line of its first byte, from 1.
    pub line: u64,
    /// The tag pairs, in input order, escapes decoded.
    pub tags: Tags,
    /// [`Encoding::Latin1`] when a tag or comment was not valid UTF-8 and
    /// was read as Latin-1.
    pub encoding: Encoding,
    /// The start position (the `FEN` tag's, or the standard one).
    pub start: Setup,
    /// Whether the game is Chess960.
    pub chess960: bool,
    /// The mainline.
    pub moves: Vec<MainlineMove>,
    /// The termination marker, if the movetext has one.
    pub result: Option<GameResult>,
    /// How many variations the game has (nested ones included when they
    /// are read; see [`GameBuilder::variations`]).
    pub variations: u32,
    /// The SAN leniencies the game's moves needed.
    pub leniencies: SanOptions,
    /// Every error found, in input order.
    pub errors: Vec<PgnError>,
    /// Every warning, in input order: moves written off the standard and
    /// played (see [`PgnErrorKind::is_warning`](super::PgnErrorKind::is_warning)).
    pub warnings: Vec<PgnError>,
    /// The opening as Lichess names it, when the builder names openings
    /// ([`GameBuilder::openings`]; see [`crate::opening`]).
    pub opening: Option<crate::opening::OpeningAt>,
    /// What the filter given to the builder ([`GameBuilder::only`])
    /// watched of the mainline's positions: its `reaches`, `material` and
    /// `status` tests (`None` when it has none), which
    /// [`Filter::matches`](super::filter::Filter::matches) reads.
    pub watch: Option<super::filter::Watch>,
    /// The position after the last mainline move played.
    end: Option<Position>,
    /// In a variant, the start and the end with what the variant adds to
    /// the board (boxed: a standard game carries two `None`s).
    variant: Option<alloc::boxed::Box<(VariantPosition, Option<VariantPosition>)>>,
    notes: Notes,
    /// The mainline moves not kept before `moves[0]`
    /// ([`GameBuilder::last_move_only`]).
    pub(super) dropped: u32,
    /// The mainline moves played from the start, up to the first that was
    /// not: the ply of [`Game::end_position`].
    pub(super) reached: u32,
}

impl Default for Game {
    /// A game with no tag and no move, from the standard start.
    fn default() -> Game {
        Game::new(GameStart::default())
    }
}

/// A game's comments and NAGs, in one buffer each, by ply.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Notes {
    /// Every comment's text, one after the other.
    text: String,
    /// Where each comment ends in `text` (each starts where the one before
    /// it ends).
    comments: Vec<u32>,
    nags: Vec<Nag>,
    /// The number of comments and NAGs before the first move.
    first: (u32, u32),
}

/// A move of a game's mainline. Its comments and NAGs are the game's:
/// [`Game::comments`], [`Game::nags`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MainlineMove {
    /// The move as written (its annotation glyph moved to the NAGs).
    pub san: SanPlus,
    /// The legal move, when the game replayed up to it (`None` for a null
    /// move, which [`MainlineMove::played`] tells apart).
    pub mv: Option<Move>,
    /// Whether the replay played it: a legal move, or a null move where
    /// passing is legal (not in check).
    pub played: bool,
    /// Its SAN as a correct writer writes it, from the position (when it
    /// was played, and not a null move): the suffix it gives, the
    /// disambiguation it needs.
    pub standard: Option<SanPlus>,
    clock: Option<Centis>,
    eval: Option<Eval>,
    /// Where its comments and NAGs end in the game's.
    ends: (u32, u32),
}

impl MainlineMove {
    /// The clock after the move: the first `[%clk]` of its comments that
    /// reads.
    ///
    /// ```
    /// use chessnote::pgn::Reader;
    /// let game = Reader::from_slice(b"1. e4 { [%eval 0.17] [%clk 0:05:00] } *").games().next().unwrap();
    /// assert_eq!(game.moves[0].clock().map(|c| c.0), Some(30_000));
    /// assert_eq!(game.moves[0].eval().map(|e| e.to_string()).as_deref(), Some("[%eval 0.17]"));
    /// ```
    pub fn clock(&self) -> Option<Centis> {
        self.clock
    }

    /// The engine evaluation of its comments: the first `[%eval]` that
    /// reads.
    pub fn eval(&self) -> Option<Eval> {
        self.eval
    }
}

/// The comments of one ply of a [`Game`], in input order.
#[derive(Clone, Debug)]
pub struct Comments<'a> {
    notes: &'a Notes,
    next: usize,
    end: usize,
}

impl<'a> Iterator for Comments<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        if self.next >= self.end {
            return None;
        }
        let start = match self.next {
            0 => 0,
            i => self.notes.comments[i - 1] as usize,
        };
        let end = self.notes.comments[self.next] as usize;
        self.next += 1;
        Some(&self.notes.text[start..end])
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.end - self.next;
        (left, Some(left))
    }
}

impl ExactSizeIterator for Comments<'_> {}

impl Game {
    fn new(start: GameStart) -> Game {
        Game {
            index: start.index,
            offset: start.location.byte,
            line: start.location.line,
            tags: Tags::new(),
            encoding: Encoding::Utf8,
            start: Setup::STARTING,
            chess960: false,
            moves: Vec::new(),
            result: None,
            variations: 0,
            leniencies: SanOptions::STRICT,
            errors: Vec::new(),
            warnings: Vec::new(),
            opening: None,
            watch: None,
            end: None,
            variant: None,
            notes: Notes::default(),
            dropped: 0,
            reached: 0,
        }
    }

    /// Empties it for the game at `start`, keeping its buffers.
    fn reset(&mut self, start: GameStart) {
        self.index = start.index;
        self.offset = start.location.byte;
        self.line = start.location.line;
        self.tags.clear();
        self.encoding = Encoding::Utf8;
        self.start = Setup::STARTING;
        self.chess960 = false;
        self.moves.clear();
        self.result = None;
        self.variations = 0;
        self.leniencies = SanOptions::STRICT;
        self.errors.clear();
        self.warnings.clear();
        self.opening = None;
        self.end = None;
        self.variant = None;
        self.notes.text.clear();
        self.notes.comments.clear();
        self.notes.nags.clear();
        self.notes.first = (0, 0);
        self.dropped = 0;
        self.reached = 0;
    }

    /// The mainline moves not kept before [`Game::moves`]: 0, unless the
    /// game was built by a [`GameBuilder::last_move_only`] or
    /// [`GameBuilder::problems_only`] builder. Ply `p` (from 1) is then
    /// `moves[p - 1 - moves_dropped()]`.
    pub fn moves_dropped(&self) -> usize {
        self.dropped as usize
    }

    /// The mainline move that reaches ply `ply` (from 1), when it is kept
    /// (see [`Game::moves_dropped`]).
    ///
    /// ```
    /// use chessnote::pgn::Reader;
    /// let game = Reader::from_slice(b"1. e4 e5 *").games().next().unwrap();
    /// assert_eq!(game.move_at(2).map(|m| m.san.to_string()).as_deref(), Some("e5"));
    /// assert!(game.move_at(0).is_none() && game.move_at(3).is_none());
    /// ```
    pub fn move_at(&self, ply: usize) -> Option<&MainlineMove> {
        let index = ply.checked_sub(1 + self.moves_dropped())?;
        self.moves.get(index)
    }

    /// A visitor that builds games: mainline moves replayed, variations
    /// counted but not read, the default read options.
    pub fn builder() -> GameBuilder {
        GameBuilder::new(super::ReadOptions::DEFAULT)
    }

    /// [`Game::builder`] replaying with the SAN and FEN leniencies of
    /// `options` (pass the reader's).
    pub fn builder_with(options: super::ReadOptions) -> GameBuilder {
        GameBuilder::new(options)
    }

    /// The value of the first tag of that name.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.get(name)
    }

    /// The position after the last mainline move played (the start, when
    /// none was); `None` when the start position is not legal or the
    /// variant is not replayed.
    ///
    /// ```
    /// use chessnote::pgn::Reader;
    /// let game = Reader::from_slice(b"1. e4 e5 2. Ke3 *").games().next().unwrap();
    /// // The replay stops at the illegal move: the position before it.
    /// assert_eq!(
    ///     game.end().unwrap().to_string(),
    ///     "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2"
    /// );
    /// ```
    pub fn end(&self) -> Option<Setup> {
        self.end.as_ref().map(Position::to_setup)
    }

    /// [`Game::end`] as FEN, with what a variant adds to the board (its
    /// pockets, its check counters: [`VariantSetup`](crate::fen::VariantSetup)'s
    /// spelling).
    ///
    /// ```
    /// use chessnote::pgn::Reader;
    /// let pgn = b"[Variant \"Crazyhouse\"]\n\n1. e4 d5 2. exd5 *";
    /// let game = Reader::from_slice(pgn).games().next().unwrap();
    /// assert_eq!(
    ///     game.final_fen().as_deref(),
    ///     Some("rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR/P b KQkq - 0 2")
    /// );
    /// ```
    pub fn final_fen(&self) -> Option<String> {
        match &self.variant {
            Some(variant) => variant
                .1
                .as_ref()
                .map(|end| end.to_variant_setup().to_string()),
            None => self.end().map(|end| end.to_string()),
        }
    }

    /// The rules the game was replayed by (its `Variant` tag's).
    pub fn variant(&self) -> crate::Variant {
        self.variant
            .as_ref()
            .map_or(crate::Variant::Standard, |v| v.0.variant())
    }

    /// In a variant, the start position with what the variant adds to the
    /// board (`None` in standard chess).
    pub fn variant_start(&self) -> Option<&VariantPosition> {
        self.variant.as_ref().map(|v| &v.0)
    }

    /// In a variant, the position where the replay ended, with what the
    /// variant adds to the board (`None` in standard chess, and when the
    /// start is not legal).
    pub fn variant_end(&self) -> Option<&VariantPosition> {
        self.variant.as_ref().and_then(|v| v.1.as_ref())
    }

    /// The same position, to play on from.
    pub fn end_position(&self) -> Option<&Position> {
        self.end.as_ref()
    }

    /// The start position, to play the mainline from (as the replay
    /// played it); `None` when it is not legal, and in a variant (see
    /// [`Game::variant_start`]).
    ///
    /// ```
    /// use chessnote::pgn::Reader;
    /// let game = Reader::from_slice(b"1. e4 *").games().next().unwrap();
    /// assert_eq!(game.start_position(), Some(chessnote::position::Position::new()));
    /// ```
    pub fn start_position(&self) -> Option<Position> {
        self.end.as_ref()?;
        if self.variant.is_some() {
            // Its moves play by the variant's rules, not on this.
            return None;
        }
        Position::from_setup(&self.start, self.castling_mode()).ok()
    }

    /// The game's key for finding duplicates: its start position and
    /// mainline moves hashed, as [`ReplayState::game_key`](super::ReplayState::game_key)
    /// makes it (see [`GameKey`](super::GameKey)). `None` for a game with
    /// an error or without moves, one whose start is not legal, and one
    /// whose moves were not all kept ([`GameBuilder::last_move_only`]).
    ///
    /// ```
    /// use chessnote::pgn::Reader;
    /// let pgn = b"1. e4 e5 *\n\n[Event \"Again\"]\n\n1. e4 {!} e5 1-0\n\n1. e4 e5 2. Ke3 *\n";
    /// let keys: Vec<_> = Reader::from_slice(pgn).games().map(|g| g.key()).collect();
    /// assert!(keys[0].is_some() && keys[0] == keys[1]);
    /// assert_eq!(keys[2], None);
    /// ```
    pub fn key(&self) -> Option<super::GameKey> {
        if !self.errors.is_empty()
            || self.end.is_none()
            || self.moves.is_empty()
            || self.moves_dropped() > 0
        {
            return None;
        }
        let mut key = super::GameKeyHasher::new(&self.start_position()?);
        for mv in &self.moves {
            if !mv.played {
                return None;
            }
            key.push(mv.mv);
        }
        Some(key.finish())
    }

    /// Where the comments and NAGs of `ply` end (0: before the first move;
    /// `n`: after the `n`th move); `None` past the last move. With moves
    /// dropped ([`Game::moves_dropped`]), the plies before the first kept
    /// end where it starts: they have none.
    fn ends(&self, ply: usize) -> Option<(u32, u32)> {
        match ply.checked_sub(self.moves_dropped()) {
            Some(0) | None => Some(self.notes.first),
            Some(kept) => self.moves.get(kept - 1).map(|m| m.ends),
        }
    }

    /// The comments of `ply`: 0 for those before the first move, `n` for
    /// those after the `n`th move (`moves[n - 1]`), as written; none past
    /// the last move.
    ///
    /// ```
    /// use chessnote::pgn::Reader;
    /// let game = Reader::from_slice(b"{start} 1. e4 {a} {b} e5 *").games().next().unwrap();
    /// assert!(game.comments(0).eq(["start"]));
    /// assert!(game.comments(1).eq(["a", "b"]));
    /// assert_eq!(game.comments(2).len(), 0);
    /// ```
    pub fn comments(&self, ply: usize) -> Comments<'_> {
        let (start, end) = match (
            ply.checked_sub(1).and_then(|p| self.ends(p)),
            self.ends(ply),
        ) {
            (_, None) => (0, 0),
            (None, Some(end)) => (0, end.0),
            (Some(start), Some(end)) => (start.0, end.0),
        };
        Comments {
            notes: &self.notes,
            next: start as usize,
            end: end as usize,
        }
    }

    /// The NAGs of `ply` (glyphs included, in input order), numbered as in
    /// [`Game::comments`].
    pub fn nags(&self, ply: usize) -> &[Nag] {
        let start = ply
            .checked_sub(1)
            .and_then(|p| self.ends(p))
            .map_or(0, |e| e.1);
        let end = self.ends(ply).map_or(start, |e| e.1);
        &self.notes.nags[start as usize..end as usize]
    }

    /// The mainline moves that replayed legally (all of them, unless the
    /// game has an illegal move: those before it), null moves left out.
    pub fn legal_moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.moves
            .iter()
            .take_while(|m| m.played)
            .filter_map(|m| m.mv)
    }

    /// The castling mode of the game's moves in UCI.
    fn castling_mode(&self) -> CastlingMode {
        if self.chess960 {
            CastlingMode::Chess960
        } else {
            CastlingMode::Standard
        }
    }

    /// The mainline moves that replayed legally, in UCI, a null move as
    /// `0000`.
    pub fn uci(&self) -> impl Iterator<Item = Uci> + '_ {
        let mode = self.castling_mode();
        self.moves
            .iter()
            .take_while(|m| m.played)
            .map(move |m| m.mv.map_or(Uci::Null, |mv| Uci::from_move(mv, mode)))
    }

    /// The mainline moves that replayed legally, written in `notation`
    /// (SAN as chessnote writes it, LAN, UCI, ERAN, short ERAN); a null
    /// move is `0000` in UCI and `--` otherwise. SAN and UCI are read from
    /// the moves; the other notations replay them from the start.
    ///
    /// ```
    /// use chessnote::eran::Style;
    /// use chessnote::pgn::Reader;
    /// use chessnote::position::{Notation, WriteNotation};
    ///
    /// let game = Reader::from_slice(b"1. e4 e5 2. Nf3 *").games().next().unwrap();
    /// assert_eq!(game.moves_in(Notation::Lan), ["e2-e4", "e7-e5", "Ng1-f3"]);
    /// assert_eq!(game.moves_in(WriteNotation::eran(Style::Short)), ["P e2-e4", "P e7-e5", "N g1-f3"]);
    /// ```
    pub fn moves_in(&self, notation: impl Into<WriteNotation>) -> Vec<String> {
        let notation = notation.into();
        let played = self.moves.iter().take_while(|m| m.played);
        let null = |notation: WriteNotation| {
            String::from(if notation.notation() == Notation::Uci {
                "0000"
            } else {
                "--"
            })
        };
        match notation.notation() {
            Notation::Uci => return self.uci().map(|m| m.to_string()).collect(),
            Notation::San
                if self
                    .moves
                    .iter()
                    .all(|m| !m.played || m.mv.is_none() || m.standard.is_some()) =>
            {
                return played
                    .map(|m| match (m.mv, m.standard) {
                        (Some(_), Some(san)) => san.to_string(),
                        _ => null(notation),
                    })
                    .collect();
            }
            _ => {}
        }
        if let Some(start) = self.variant_start() {
            // A variant's moves, written from its positions.
            let mut position = AnyPosition::Variant(alloc::boxed::Box::new(start.clone()));
            let mut out = Vec::new();
            for m in played {
                let mut text = String::new();
                position.write_move(&mut text, m.mv, notation);
                out.push(text);
                match m.mv {
                    Some(mv) => position.play_unchecked(mv),
                    None => {
                        position.play_null();
                    }
                }
            }
            return out;
        }
        let Some(mut position) = self.start_position() else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for m in played {
            match m.mv {
                Some(mv) => {
                    out.push(position.write_move(notation, mv));
                    position.play_unchecked(mv);
                }
                None => {
                    out.push(null(notation));
                    position.play_null();
                }
            }
        }
        out
    }

    /// The mainline moves as written, in SAN.
    pub fn san(&self) -> impl Iterator<Item = &SanPlus> + '_ {
        self.moves.iter().map(|m| &m.san)
    }
}

/// The visitor behind [`Reader::games`]: builds a [`Game`] from each game,
/// a sink of the one routing, [`Replay`].
#[derive(Clone, Debug)]
pub struct GameBuilder {
    replay: Replay<BuildGame>,
}

replay_visitor!(GameBuilder, replay, Game);

/// The sink of [`Replay`] that builds a [`Game`] (what [`GameBuilder`]
/// wraps): for a sink of your own that also wants the game, pair them,
/// `(BuildGame, YourSink)`.
///
/// ```
/// use chessnote::pgn::{BuildGame, ReadOptions, Reader, Replay};
/// let mut build = Replay::new(BuildGame::new(), BuildGame::options(ReadOptions::DEFAULT));
/// let mut reader = Reader::from_slice(b"1. e4 e5 *\n\n1. d4 *");
/// let first = reader.read_game(&mut build)?.unwrap();
/// // Its buffers are used again for the next game.
/// build.sink_mut().recycle(first);
/// assert_eq!(reader.read_game(&mut build)?.unwrap().moves.len(), 1);
/// # Ok::<(), core::convert::Infallible>(())
/// ```
#[derive(Clone, Debug)]
pub struct BuildGame {
    game: Game,
    spare: Option<Game>,
    /// The text of the game's comments, as it is read.
    text: Vec<u8>,
    /// Whether the comments' text is kept (else only their clocks and
    /// evaluations).
    keep_text: bool,
    /// The last game's moves, comments and bytes of comments.
    sizes: (usize, usize, usize),
    /// Whether [`Game::moves`] keeps only the last mainline move
    /// ([`GameBuilder::last_move_only`]).
    last_move_only: bool,
    /// Whether every mainline move so far was played (then
    /// [`Game::reached`] counts on).
    reaching: bool,
    /// With [`GameBuilder::last_move_only`], the last move after where the
    /// replay stopped (not kept: its comments are read for their problems).
    after: Option<MainlineMove>,
    /// The game's clocks and evaluations that do not read
    /// ([`PgnErrorKind::BadCommand`]), at most
    /// [`max_problems`](super::Limits::max_problems), and how many more
    /// there were.
    bad: (Vec<PgnError>, u64),
}

impl Default for BuildGame {
    fn default() -> BuildGame {
        BuildGame::new()
    }
}

impl GameBuilder {
    /// A builder that replays with the SAN and FEN leniencies of `options`
    /// (pass the reader's): mainline moves replayed, each written in SAN,
    /// comments read, variations counted but not read.
    pub fn new(options: super::ReadOptions) -> GameBuilder {
        GameBuilder {
            replay: Replay::new(BuildGame::new(), BuildGame::options(options)),
        }
    }

    /// Whether to read the variations (default no: they are skipped fast
    /// and only the outer ones counted). Read, their moves are replayed
    /// and checked (their problems are the game's), and nested ones are
    /// counted too.
    #[must_use]
    pub fn variations(self, read: bool) -> GameBuilder {
        let variations = if read {
            VariationMode::Replay
        } else {
            VariationMode::Skip
        };
        let options = self.replay.options().variations(variations);
        GameBuilder {
            replay: self.replay.with_options(options),
        }
    }

    /// Games whose tags `filter` refuses are not replayed: their moves are
    /// skipped, the game built from its tags ([`Replay::only`]).
    #[must_use]
    pub fn only(self, filter: Option<super::filter::Filter>) -> GameBuilder {
        GameBuilder {
            replay: self.replay.only(filter),
        }
    }

    /// Games for their problems only: every move is replayed and checked,
    /// and every problem found, but [`Game::moves`] keeps only the last
    /// mainline move (with its clock and evaluation) and no comment text,
    /// so a game of a million moves costs no more memory than one of ten
    /// (what `chessnote pgn check` reads with).
    ///
    /// ```
    /// use chessnote::pgn::{Game, ReadOptions, Reader};
    /// let mut builder = Game::builder_with(ReadOptions::DEFAULT).problems_only();
    /// let mut reader = Reader::from_slice(b"1. e4 e5 2. Ke3 { [%clk 0:x] } *");
    /// let game = reader.read_game(&mut builder)?.unwrap();
    /// assert_eq!(game.moves.len(), 1);
    /// assert_eq!(game.errors[0].kind().name(), "illegal-move");
    /// assert_eq!(game.warnings[0].kind().name(), "bad-command");
    /// # Ok::<(), core::convert::Infallible>(())
    /// ```
    #[must_use]
    pub fn problems_only(self) -> GameBuilder {
        let mut builder = self.last_move_only();
        builder.replay.sink_mut().keep_text = false;
        builder
    }

    /// Games for their last position: every move is replayed and checked,
    /// but [`Game::moves`] keeps only the move that reaches it (the last
    /// mainline move, or the last one played when the replay stopped), with
    /// its comments and NAGs ([`Game::moves_dropped`] counts those before
    /// it; those after it are not kept), so a game of a million moves costs
    /// no more memory than one of ten.
    /// [`Game::last_diagram`] and [`Game::end_position`] are whole; the
    /// other diagrams and the moves before the last are not there (what
    /// `chessnote pgn show` draws the last position with).
    ///
    /// ```
    /// use chessnote::pgn::{Game, ReadOptions, Reader};
    /// use chessnote::Square;
    /// let mut builder = Game::builder_with(ReadOptions::DEFAULT).last_move_only();
    /// let mut reader = Reader::from_slice(b"1. e4 e5 2. Nf3 { [%csl Gf3] } *");
    /// let game = reader.read_game(&mut builder)?.unwrap();
    /// assert_eq!((game.moves.len(), game.moves_dropped()), (1, 2));
    /// let (ply, diagram) = game.last_diagram();
    /// assert_eq!((ply, diagram.last_move), (3, Some((Square::G1, Square::F3))));
    /// assert_eq!(diagram.squares.len(), 1);
    /// # Ok::<(), core::convert::Infallible>(())
    /// ```
    #[must_use]
    pub fn last_move_only(mut self) -> GameBuilder {
        self.replay.sink_mut().last_move_only = true;
        self
    }

    /// Whether to name each game's opening as Lichess does
    /// ([`Game::opening`]; default no).
    ///
    /// ```
    /// use chessnote::pgn::{Game, ReadOptions, Reader};
    /// let mut builder = Game::builder_with(ReadOptions::DEFAULT).openings(true);
    /// let mut reader = Reader::from_slice(b"1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 *");
    /// let opening = reader.read_game(&mut builder)?.unwrap().opening.unwrap();
    /// assert_eq!((opening.eco, opening.name, opening.ply), ("B90", "Sicilian Defense: Najdorf Variation", 10));
    /// # Ok::<(), core::convert::Infallible>(())
    /// ```
    #[cfg(feature = "std")]
    #[must_use]
    pub fn openings(self, name: bool) -> GameBuilder {
        let options = self.replay.options().openings(name);
        GameBuilder {
            replay: self.replay.with_options(options),
        }
    }
}

impl BuildGame {
    /// A sink that builds games.
    pub fn new() -> BuildGame {
        BuildGame {
            game: Game::new(GameStart::default()),
            spare: None,
            text: Vec::new(),
            keep_text: true,
            sizes: (0, 0, 0),
            last_move_only: false,
            reaching: true,
            after: None,
            bad: (Vec::new(), 0),
        }
    }

    /// Whether to keep the comments' text (default yes). Without it, the
    /// comments still give each move its [clock](MainlineMove::clock) and
    /// [evaluation](MainlineMove::eval), and [`Game::comments`] is empty:
    /// what a table of clocks needs, for less.
    #[must_use]
    pub fn comment_text(mut self, keep: bool) -> BuildGame {
        self.keep_text = keep;
        self
    }

    /// What a whole [`Game`] needs of the replay, with the SAN and FEN
    /// leniencies of `read`: each move written in SAN
    /// ([`MainlineMove::standard`]), comments read. Leave either out for a
    /// lighter game (what the export does for the columns it writes).
    pub const fn options(read: super::ReadOptions) -> ReplayOptions {
        ReplayOptions::new(read).san(true).comments(true)
    }

    /// Gives back a game it built, whose buffers the next game reuses: a
    /// loop over games that recycles each allocates next to nothing.
    pub fn recycle(&mut self, game: Game) {
        self.spare = Some(game);
    }
}

/// Fills the move's clock and evaluation from a comment after it; a
/// `[%clk]` or `[%eval]` that does not read, or a mate in more moves than
/// a game can have, is kept in `bad` as a [`PgnErrorKind::BadCommand`]
/// located at its `[` (a warning under [`PgnLeniency::BadCommand`]).
fn clock_and_eval(
    last: &mut MainlineMove,
    state: &ReplayState,
    comment: &Comment<'_>,
    bad: &mut (Vec<PgnError>, u64),
) {
    let bytes = comment.as_bytes();
    let had_eval = last.eval.is_some();
    let found = first_clock_and_eval(bytes, &mut last.clock, &mut last.eval);
    let mut report = found.map(|b| (b.offset, b.error.to_string()));
    if !had_eval
        && let Some(Eval {
            score: Score::Mate(n),
            ..
        }) = last.eval
        && i16::try_from(n).is_err()
    {
        last.eval = None;
        // The command's `[`: the last `[%eval` before its text.
        let text = alloc::format!("#{n}");
        let at = memchr::memmem::find(bytes, text.as_bytes())
            .and_then(|end| memchr::memmem::rfind(&bytes[..end], b"[%eval"))
            .unwrap_or(0);
        report.get_or_insert((
            at,
            alloc::format!("mate in {n}: more moves than a game can have"),
        ));
    }
    let Some((offset, detail)) = report else {
        return;
    };
    let read = state.options().read_options();
    if bad.0.len() >= read.limits.max_problems as usize {
        bad.1 += 1;
        return;
    }
    let game = state.game();
    let end = bytes[offset..]
        .iter()
        .position(|&b| b == b']')
        .map_or(bytes.len(), |i| offset + i + 1);
    let mut problem = PgnError::new(
        PgnErrorKind::BadCommand,
        inside(comment.location(), bytes, offset),
        game.index,
        game.location,
    )
    .with_ply(state.ply())
    .with_token(&bytes[offset..end])
    .with_detail(detail);
    if read.leniencies.contains(PgnLeniency::BadCommand) {
        problem = problem.into_warning();
    }
    bad.0.push(problem);
}

/// Where byte `offset` of a comment's text is, the comment opening (its
/// `{` or `;`) at `open`.
fn inside(open: Location, text: &[u8], offset: usize) -> Location {
    let before = &text[..offset];
    let byte = open.byte + 1 + offset as u64;
    match memchr::memrchr(b'\n', before) {
        Some(last) => Location {
            byte,
            line: open.line + memchr::memchr_iter(b'\n', before).count() as u64,
            column: (offset - last) as u64,
        },
        None => Location {
            byte,
            line: open.line,
            column: open.column + 1 + offset as u64,
        },
    }
}

impl GameSink for BuildGame {
    type Output = Game;

    fn begin_game(&mut self, state: &ReplayState) {
        self.game.reset(state.game());
        self.reaching = true;
        self.after = None;
        self.bad.0.clear();
        self.bad.1 = 0;
        let mut text = core::mem::take(&mut self.game.notes.text).into_bytes();
        text.clear();
        self.text = text;
    }

    fn begin_movetext(&mut self, state: &ReplayState) -> ControlFlow<()> {
        let game = &mut self.game;
        // As much room as the last game took: games have lengths alike, and
        // the buffers then grow about once.
        let (moves, comments, text) = self.sizes;
        game.moves.reserve(moves);
        game.notes.comments.reserve(comments);
        self.text.reserve(text);
        game.tags.clone_from(state.tags());
        game.encoding = game.tags.encoding();
        game.start = state.start_setup();
        game.chess960 = state.is_chess960();
        game.variant = state
            .start_position()
            .variant_position()
            .map(|start| alloc::boxed::Box::new((start.clone(), None)));
        Continue(())
    }

    fn ply(&mut self, _: &ReplayState, ply: &Ply<'_>) {
        let (0, Some(san)) = (ply.depth, ply.san) else {
            return;
        };
        let game = &mut self.game;
        self.reaching &= ply.played;
        game.reached += u32::from(self.reaching);
        let notes = &game.notes;
        let new = MainlineMove {
            san,
            mv: ply.mv,
            played: ply.played,
            standard: ply.standard,
            clock: None,
            eval: None,
            ends: (notes.comments.len() as u32, notes.nags.len() as u32),
        };
        if self.last_move_only {
            if !self.reaching {
                // After where the replay stopped: the move that reached
                // the end stays; this one is read for its clock only.
                self.after = Some(new);
                return;
            }
            if !game.moves.is_empty() {
                // The moves before this one, and their notes, go.
                game.dropped += game.moves.len() as u32;
                game.moves.clear();
                game.notes.comments.clear();
                game.notes.nags.clear();
                game.notes.first = (0, 0);
                self.text.clear();
                game.moves.push(MainlineMove {
                    ends: (0, 0),
                    ..new
                });
                return;
            }
        }
        game.moves.push(new);
    }

    fn nag(&mut self, state: &ReplayState, nag: Nag) {
        if state.depth() != 0 || self.after.is_some() {
            return;
        }
        let game = &mut self.game;
        game.notes.nags.push(nag);
        match game.moves.last_mut() {
            Some(last) => last.ends.1 += 1,
            None => game.notes.first.1 += 1,
        }
    }

    fn comment(&mut self, state: &ReplayState, comment: &Comment<'_>) {
        if comment.depth != 0 {
            return;
        }
        let game = &mut self.game;
        let bytes = comment.as_bytes();
        if let Some(after) = &mut self.after {
            // A move not kept ([`GameBuilder::last_move_only`]): its
            // commands are still checked.
            clock_and_eval(after, state, comment, &mut self.bad);
            return;
        }
        if !self.keep_text {
            if let Some(last) = game.moves.last_mut() {
                clock_and_eval(last, state, comment, &mut self.bad);
            }
            return;
        }
        // The text of the game's comments is made a `String` in one check
        // at its end: ASCII goes in as it is (the common case, checked
        // fast), anything else decoded.
        if bytes.is_ascii() {
            self.text.extend_from_slice(bytes);
        } else {
            let (text, encoding) = comment.text();
            if encoding == Encoding::Latin1 {
                game.encoding = Encoding::Latin1;
            }
            self.text.extend_from_slice(text.as_bytes());
        }
        let notes = &mut game.notes;
        notes
            .comments
            .push(u32::try_from(self.text.len()).unwrap_or(u32::MAX));
        match game.moves.last_mut() {
            Some(last) => {
                last.ends.0 += 1;
                clock_and_eval(last, state, comment, &mut self.bad);
            }
            None => notes.first.0 += 1,
        }
    }

    fn end_game(&mut self, state: &mut ReplayState) -> Game {
        let game = &mut self.game;
        game.result = state.result();
        game.variations = state.variations();
        game.leniencies = state.leniencies();
        game.end = state.has_start().then(|| state.position().clone());
        if let Some(variant) = &mut game.variant {
            variant.1 = state
                .has_start()
                .then(|| state.variant_position().cloned())
                .flatten();
        }
        match (&mut game.watch, state.watch()) {
            (Some(mine), Some(seen)) => mine.clone_from(seen),
            (mine, seen) => *mine = seen.cloned(),
        }
        #[cfg(feature = "std")]
        {
            game.opening = state.opening();
        }
        self.sizes = (game.moves.len(), game.notes.comments.len(), self.text.len());
        // Every comment went in as text: the whole is text too.
        let text = core::mem::take(&mut self.text);
        game.notes.text = String::from_utf8(text)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
        (game.errors, game.warnings) = state.take_problems();
        if let Some(last) = self.bad.0.last_mut()
            && self.bad.1 > 0
        {
            let more = self.bad.1;
            let detail = last.detail().unwrap_or_default();
            *last = last
                .clone()
                .with_detail(format_args!("{detail} (and {more} more like it)"));
        }
        if !self.bad.0.is_empty() {
            for problem in self.bad.0.drain(..) {
                if problem.is_warning() {
                    game.warnings.push(problem);
                } else {
                    game.errors.push(problem);
                }
            }
            game.warnings.sort_by_key(|p| p.location().byte);
            game.errors.sort_by_key(|p| p.location().byte);
        }
        let next = self
            .spare
            .take()
            .unwrap_or_else(|| Game::new(GameStart::default()));
        core::mem::replace(game, next)
    }
}

/// A game's tags alone, read without parsing its movetext: the fast path
/// for counting and filtering ([`Reader::headers`]).
///
/// ```
/// use chessnote::pgn::Reader;
/// let pgn = b"[White \"A\"]\n1. e4 *\n[White \"B\"]\n1. d4 *\n";
/// let whites: Vec<String> = Reader::from_slice(pgn)
///     .headers()
///     .filter_map(|h| h.tag("White").map(str::to_owned))
///     .collect();
/// assert_eq!(whites, ["A", "B"]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Headers {
    /// The game's number in the input, from 0.
    pub index: u64,
    /// The byte offset of its first byte in the input.
    pub offset: u64,
    /// The line of its first byte, from 1.
    pub line: u64,
    /// The tag pairs, in input order, escapes decoded.
    pub tags: Tags,
    /// [`Encoding::Latin1`] when a tag was not valid UTF-8.
    pub encoding: Encoding,
    /// The problems found in the tags (the movetext is not read).
    pub errors: Vec<PgnError>,
    /// The warnings of the tags: what was read under a leniency that
    /// reports it (an unknown escape kept as written).
    pub warnings: Vec<PgnError>,
}

impl Headers {
    /// The value of the first tag of that name.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.get(name)
    }
}

/// The visitor behind [`Reader::headers`]: tags only, the movetext skipped.
#[derive(Clone, Debug)]
pub struct HeadersBuilder {
    replay: Replay<BuildHeaders>,
}

replay_visitor!(HeadersBuilder, replay, Headers);

impl Default for HeadersBuilder {
    fn default() -> HeadersBuilder {
        HeadersBuilder {
            replay: Replay::new(
                BuildHeaders,
                ReplayOptions::new(super::ReadOptions::DEFAULT).replay(false),
            ),
        }
    }
}

/// The sink that keeps a game's tags and skips its movetext.
#[derive(Clone, Debug)]
struct BuildHeaders;

impl GameSink for BuildHeaders {
    type Output = Headers;

    fn begin_movetext(&mut self, _: &ReplayState) -> ControlFlow<()> {
        Break(())
    }

    fn end_game(&mut self, state: &mut ReplayState) -> Headers {
        let (errors, warnings) = state.take_problems();
        let game = state.game();
        Headers {
            index: game.index,
            offset: game.location.byte,
            line: game.location.line,
            tags: state.tags().clone(),
            encoding: state.tags().encoding(),
            errors,
            warnings,
        }
    }
}

/// The games of a reader, as [`Game`]s, or the input's errors.
#[derive(Debug)]
pub struct Games<I> {
    reader: Reader<I>,
    builder: GameBuilder,
}

impl<I: Input> Iterator for Games<I> {
    type Item = Result<Game, I::Error>;

    fn next(&mut self) -> Option<Result<Game, I::Error>> {
        self.reader.read_game(&mut self.builder).transpose()
    }
}

impl<I> Games<I> {
    /// The reader, to ask where it is.
    pub fn reader(&self) -> &Reader<I> {
        &self.reader
    }
}

/// The games of bytes in memory, as [`Game`]s (reading them cannot fail).
#[derive(Debug)]
pub struct SliceGames<'a>(Games<SliceInput<'a>>);

impl Iterator for SliceGames<'_> {
    type Item = Game;

    fn next(&mut self) -> Option<Game> {
        self.0.next().map(|game| match game {
            Ok(game) => game,
            Err(never) => match never {},
        })
    }
}

/// The headers of a reader's games, or the input's errors.
#[derive(Debug)]
pub struct HeadersIter<I> {
    reader: Reader<I>,
    builder: HeadersBuilder,
}

impl<I: Input> Iterator for HeadersIter<I> {
    type Item = Result<Headers, I::Error>;

    fn next(&mut self) -> Option<Result<Headers, I::Error>> {
        self.reader.read_game(&mut self.builder).transpose()
    }
}

/// The headers of the games of bytes in memory.
#[derive(Debug)]
pub struct SliceHeaders<'a>(HeadersIter<SliceInput<'a>>);

impl Iterator for SliceHeaders<'_> {
    type Item = Headers;

    fn next(&mut self) -> Option<Headers> {
        self.0.next().map(|headers| match headers {
            Ok(headers) => headers,
            Err(never) => match never {},
        })
    }
}

impl<I: Input> Reader<I> {
    /// The games, built with `builder` (for example
    /// `Game::builder().variations(true)`), or the input's errors.
    pub fn into_games_with(self, builder: GameBuilder) -> Games<I> {
        Games {
            reader: self,
            builder,
        }
    }

    /// The games, mainlines replayed with the reader's SAN options, or the
    /// input's errors.
    pub fn into_games(self) -> Games<I> {
        let builder = GameBuilder::new(*self.options());
        self.into_games_with(builder)
    }

    /// The headers of the games, or the input's errors.
    pub fn into_headers(self) -> HeadersIter<I> {
        HeadersIter {
            reader: self,
            builder: HeadersBuilder::default(),
        }
    }
}

impl<'a> Reader<SliceInput<'a>> {
    /// The games, mainlines replayed (see [`Game`]).
    pub fn games(self) -> SliceGames<'a> {
        SliceGames(self.into_games())
    }

    /// The games, built with `builder`.
    pub fn games_with(self, builder: GameBuilder) -> SliceGames<'a> {
        SliceGames(self.into_games_with(builder))
    }

    /// The headers of the games, movetext skipped (see [`Headers`]).
    pub fn headers(self) -> SliceHeaders<'a> {
        SliceHeaders(self.into_headers())
    }
}

#[cfg(feature = "std")]
impl<R: std::io::Read> Reader<super::IoInput<R>> {
    /// The games, mainlines replayed (see [`Game`]), or the I/O errors.
    pub fn games(self) -> Games<super::IoInput<R>> {
        self.into_games()
    }

    /// The headers of the games, movetext skipped, or the I/O errors.
    pub fn headers(self) -> HeadersIter<super::IoInput<R>> {
        self.into_headers()
    }
}
