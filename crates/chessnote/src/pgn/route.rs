//! The one routing of a game: the visitor that replays it and hands its
//! resolved parts to a [`GameSink`]. Every model of a game chessnote builds
//! ([`super::Game`], [`super::GameTree`], the streaming [`super::PgnWriter`],
//! the export's rows, the command's lines) is a sink of [`Replay`]: which
//! moves are played, where comments go, which problems stop a line, what
//! is a warning, in what order problems come, are decided here, once.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::Write as _;
use core::ops::ControlFlow::{self, Break, Continue};

use super::filter::{Filter, Watch};
use super::key::GameKeyHasher;
use super::replay::Played;
use super::{
    Encoding, GameResult, GameStart, Nag, PgnError, PgnErrorKind, RawComment, RawTag, ReadOptions,
    Replayer, Skip, Tags, Token, Visitor,
};
use crate::Move;
use crate::lan::{Lan, LanPlus};
use crate::location::Location;
use crate::position::{CastlingMode, Notation, Position, WriteNotation};
use crate::san::{San, SanOptions, SanPlus};
use crate::uci::Uci;

/// What [`Replay`] does with variations.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum VariationMode {
    /// Skipped, fast, without parsing their moves (only counted).
    Skip,
    /// Read and handed to the sink, their moves not played (a writer that
    /// writes them as read).
    Read,
    /// Read and replayed: each move of a variation is played from the
    /// position before the move it is an alternative to.
    Replay,
}

/// What a [`Replay`] does: how it reads and replays, and what it hands its
/// sink. Every sink asks for what it needs and pays for no more.
///
/// ```
/// use chessnote::pgn::{ReadOptions, ReplayOptions, VariationMode};
/// let options = ReplayOptions::new(ReadOptions::DEFAULT).variations(VariationMode::Replay);
/// assert!(options.replays());
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct ReplayOptions {
    read: ReadOptions,
    replay: bool,
    variations: VariationMode,
    positions: bool,
    san: bool,
    comments: bool,
    variation_problems: bool,
    tags: bool,
    openings: bool,
    keys: bool,
}

impl ReplayOptions {
    /// Moves replayed with the SAN and FEN leniencies of `read` (pass the
    /// reader's), variations skipped, comments not read, no position kept
    /// before each move, no SAN written.
    pub const fn new(read: ReadOptions) -> ReplayOptions {
        ReplayOptions {
            read,
            replay: true,
            variations: VariationMode::Skip,
            positions: false,
            san: false,
            comments: false,
            variation_problems: false,
            tags: true,
            openings: false,
            keys: false,
        }
    }

    /// Whether to decode the tags into [`ReplayState::tags`] (default yes;
    /// the replay reads `FEN` and `Variant` either way): a count that needs
    /// no tag skips the work.
    #[must_use]
    pub const fn tags(mut self, decode: bool) -> ReplayOptions {
        self.tags = decode;
        self
    }

    /// Whether to play the moves (default yes). Without, moves come as
    /// read, none played, and no problem of legality is found.
    #[must_use]
    pub const fn replay(mut self, replay: bool) -> ReplayOptions {
        self.replay = replay;
        self
    }

    /// What to do with variations (default [`VariationMode::Skip`]). The
    /// problems inside variations read are kept when they are replayed
    /// (see [`ReplayOptions::variation_problems`]).
    #[must_use]
    pub const fn variations(mut self, variations: VariationMode) -> ReplayOptions {
        self.variations = variations;
        self.variation_problems = matches!(variations, VariationMode::Replay);
        self
    }

    /// Whether the problems found inside variations are the game's: by
    /// default, when variations are replayed. A sink that reads
    /// variations only to write them (the export's `movetext`) describes
    /// the mainline alone, as when they are skipped. An unclosed variation
    /// is always the game's problem. Kept or not, a problem stops its line
    /// as it does in the mainline.
    #[must_use]
    pub const fn variation_problems(mut self, keep: bool) -> ReplayOptions {
        self.variation_problems = keep;
        self
    }

    /// Whether to keep the position before each move
    /// ([`ReplayState::previous_position`]; default no): to write a move
    /// in ERAN (see [`Ply::write_to`]).
    #[must_use]
    pub const fn positions(mut self, keep: bool) -> ReplayOptions {
        self.positions = keep;
        self
    }

    /// Whether to write each played move in SAN as a correct writer writes
    /// it ([`Ply::standard`]; default no). Cheap: the SAN as read gets the
    /// suffix the move gives, and is written anew only when its spelling
    /// used a leniency that changes its squares or capture mark.
    #[must_use]
    pub const fn san(mut self, write: bool) -> ReplayOptions {
        self.san = write;
        self
    }

    /// Whether to read comments and hand them to the sink, decoded
    /// (default no: they are skipped without a copy).
    #[must_use]
    pub const fn comments(mut self, read: bool) -> ReplayOptions {
        self.comments = read;
        self
    }

    /// Whether to name each game's opening as Lichess does
    /// ([`ReplayState::opening`]; default no): the deepest of its first 40
    /// positions in the Lichess openings table ([`crate::opening`]). Costs
    /// a table lookup for each of those positions.
    #[cfg(feature = "std")]
    #[must_use]
    pub const fn openings(mut self, name: bool) -> ReplayOptions {
        self.openings = name;
        self
    }

    /// Whether to make each game's key for finding duplicates
    /// ([`ReplayState::game_key`]; default no): its start position and
    /// mainline moves hashed (turns the replay on).
    #[must_use]
    pub const fn keys(mut self, make: bool) -> ReplayOptions {
        self.keys = make;
        if make {
            self.replay = true;
        }
        self
    }

    /// Whether moves are played.
    pub const fn replays(&self) -> bool {
        self.replay
    }

    /// The reading options.
    pub const fn read_options(&self) -> &ReadOptions {
        &self.read
    }
}

/// How a move was written.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Written {
    /// In SAN (its annotation glyph, if any, comes as a NAG).
    San(SanPlus),
    /// In UCI ([`super::PgnLeniency::UciMoves`]).
    Uci(Uci),
}

/// One move of a game, resolved: what was written, where, and what the
/// replay made of it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Ply<'a> {
    /// The move as written.
    pub written: Written,
    /// Where it was written, its text and its spelling's leniencies (the
    /// reader's token, borrowed: a ply is made for every move, and copying
    /// the token into it stalled on the reader's stores).
    pub token: &'a Token<'a>,
    /// Its SAN: as written, or for a UCI move played, from the position.
    /// `None` for a UCI move not played (it has no SAN).
    pub san: Option<SanPlus>,
    /// The legal move played (`None` for a null move, and for a move not
    /// played).
    pub mv: Option<Move>,
    /// Whether the replay played it: a legal move, or a null move where
    /// passing is legal.
    pub played: bool,
    /// Its SAN as a correct writer writes it, when it was played (not a
    /// null move) and [`ReplayOptions::san`] asks for it.
    pub standard: Option<SanPlus>,
    /// How deep in variations it is (0: the mainline).
    pub depth: u32,
}

impl Ply<'_> {
    /// Appends the move played in `notation` to `out`, the cheapest way:
    /// SAN as the replay wrote it ([`Ply::standard`]), LAN from the move and
    /// that SAN's suffix, UCI from the move, ERAN from the position before
    /// it ([`ReplayOptions::positions`]); a null move is `0000` in UCI and
    /// `--` otherwise. Nothing for a move not played.
    ///
    /// ```
    /// use chessnote::pgn::{GameSink, Ply, ReadOptions, Reader, Replay, ReplayOptions, ReplayState};
    /// use chessnote::position::Notation;
    ///
    /// struct Lan(String);
    /// impl GameSink for Lan {
    ///     type Output = ();
    ///     fn ply(&mut self, state: &ReplayState, ply: &Ply<'_>) {
    ///         ply.write_to(state, Notation::Lan.into(), &mut self.0);
    ///         self.0.push(' ');
    ///     }
    ///     fn end_game(&mut self, _: &mut ReplayState) {}
    /// }
    /// let routing = ReplayOptions::new(ReadOptions::DEFAULT).san(true);
    /// let mut replay = Replay::new(Lan(String::new()), routing);
    /// Reader::from_slice(b"1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# *").read_game(&mut replay)?;
    /// assert_eq!(replay.sink().0, "e2-e4 e7-e5 Qd1-h5 Nb8-c6 Bf1-c4 Ng8-f6 Qh5xf7# ");
    /// # Ok::<(), core::convert::Infallible>(())
    /// ```
    pub fn write_to(&self, state: &ReplayState, notation: WriteNotation, out: &mut String) {
        if !self.played {
            return;
        }
        // Each part is read where it lies in the ply, not copied whole: the
        // ply was just stored field by field, and a move read back at once
        // over those stores stalled on every move written.
        let kind = notation.notation();
        let Some(mv) = &self.mv else {
            out.push_str(if kind == Notation::Uci { "0000" } else { "--" });
            return;
        };
        match (kind, &self.standard) {
            (Notation::Uci, _) => Uci::of_move(mv, state.castling_mode()).append_to(out),
            (Notation::San, Some(san)) => san.append_to(out),
            (Notation::Lan, Some(san)) => LanPlus {
                lan: Lan::from_move(*mv),
                suffix: san.suffix,
            }
            .append_to(out),
            _ => match state.previous_position() {
                Some(before) => before.append_move(out, notation, *mv),
                None => {
                    let _ = write!(out, "{mv}");
                }
            },
        }
    }
}

/// A comment, whole: its bytes, and its text on demand.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Comment<'a> {
    bytes: &'a [u8],
    /// How deep in variations it is (0: the mainline).
    pub depth: u32,
    location: Location,
}

impl<'a> Comment<'a> {
    /// Where its `{` or `;` is.
    pub fn location(&self) -> Location {
        self.location
    }

    /// The comment's bytes as written (the braces or the `;` not included,
    /// nothing trimmed).
    pub fn as_bytes(&self) -> &'a [u8] {
        self.bytes
    }

    /// Its text ([`super::decode_text`]: borrowed when it is UTF-8, else
    /// read as Latin-1) and how it was decoded.
    pub fn text(&self) -> (Cow<'a, str>, Encoding) {
        super::decode_text(self.bytes)
    }
}

/// What a sink of [`Replay`] does with the resolved parts of each game.
/// Every method but [`end_game`](GameSink::end_game) does nothing by
/// default; each gets the [`ReplayState`]: the tags, the positions, the
/// problems so far.
///
/// ```
/// use chessnote::pgn::{GameSink, Ply, ReadOptions, Reader, Replay, ReplayOptions, ReplayState};
///
/// /// The mainline's moves in UCI, and the game's errors.
/// struct UciLine(String);
///
/// impl GameSink for UciLine {
///     type Output = (String, usize);
///     fn ply(&mut self, state: &ReplayState, ply: &Ply<'_>) {
///         if let (Some(mv), 0) = (ply.mv, ply.depth) {
///             self.0.push_str(&state.uci(mv).to_string());
///             self.0.push(' ');
///         }
///     }
///     fn end_game(&mut self, state: &mut ReplayState) -> (String, usize) {
///         (core::mem::take(&mut self.0), state.errors().len())
///     }
/// }
///
/// let mut reader = Reader::from_slice(b"1. e4 e5 2. Nf3 Ke7?? *");
/// let mut replay = Replay::new(UciLine(String::new()), ReplayOptions::new(ReadOptions::DEFAULT));
/// let (line, errors) = reader.read_game(&mut replay)?.unwrap();
/// assert_eq!((line.as_str(), errors), ("e2e4 e7e5 g1f3 e8e7 ", 0));
/// # Ok::<(), core::convert::Infallible>(())
/// ```
pub trait GameSink {
    /// What a game gives.
    type Output;

    /// A game starts (its tags come next).
    fn begin_game(&mut self, state: &ReplayState) {
        let _ = state;
    }

    /// The tags are read ([`ReplayState::tags`]) and the start position
    /// built; the movetext follows. `Break` skips it without parsing it
    /// (the headers-only fast path): [`end_game`](GameSink::end_game)
    /// follows at once.
    fn begin_movetext(&mut self, state: &ReplayState) -> ControlFlow<()> {
        let _ = state;
        Continue(())
    }

    /// A move, resolved.
    fn ply(&mut self, state: &ReplayState, ply: &Ply<'_>) {
        let _ = (state, ply);
    }

    /// A NAG, `$n` or a glyph, at `depth`.
    fn nag(&mut self, state: &ReplayState, nag: Nag) {
        let _ = (state, nag);
    }

    /// A comment (only with [`ReplayOptions::comments`]).
    fn comment(&mut self, state: &ReplayState, comment: &Comment<'_>) {
        let _ = (state, comment);
    }

    /// A variation opens (only variations read: see
    /// [`ReplayOptions::variations`]).
    fn begin_variation(&mut self, state: &ReplayState) {
        let _ = state;
    }

    /// The variation closes.
    fn end_variation(&mut self, state: &ReplayState) {
        let _ = state;
    }

    /// The termination marker.
    fn result(&mut self, state: &ReplayState, result: GameResult) {
        let _ = (state, result);
    }

    /// The game is over: its problems are in byte order
    /// ([`ReplayState::errors`], [`ReplayState::warnings`]; take them with
    /// [`ReplayState::take_problems`]).
    fn end_game(&mut self, state: &mut ReplayState) -> Self::Output;
}

/// A sink that keeps nothing: a game's tags, the number of its mainline
/// moves and its problems are in the [`ReplayState`] (and a
/// [`super::filter::Filter`] reads them there). `Skim(false)` skips the
/// movetext; `Skim(true)` reads it, to count the moves (with
/// [`ReplayOptions::replay`] off, it is only parsed).
///
/// ```
/// use chessnote::pgn::{ReadOptions, Reader, Replay, ReplayOptions, Skim};
/// let routing = ReplayOptions::new(ReadOptions::DEFAULT).replay(false);
/// let mut skim = Replay::new(Skim(true), routing);
/// let mut reader = Reader::from_slice(b"[White \"A\"]\n1. e4 e5 2. Nf3 *");
/// reader.read_game(&mut skim)?;
/// assert_eq!((skim.state().tags().get("White"), skim.state().plies()), (Some("A"), 3));
/// # Ok::<(), core::convert::Infallible>(())
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Skim(pub bool);

impl GameSink for Skim {
    type Output = ();

    fn begin_movetext(&mut self, _: &ReplayState) -> ControlFlow<()> {
        if self.0 { Continue(()) } else { Break(()) }
    }

    fn end_game(&mut self, _: &mut ReplayState) {}
}

/// Two sinks fed the same game: what each gives, together. The movetext is
/// read when either sink reads it.
impl<A: GameSink, B: GameSink> GameSink for (A, B) {
    type Output = (A::Output, B::Output);

    fn begin_game(&mut self, state: &ReplayState) {
        self.0.begin_game(state);
        self.1.begin_game(state);
    }

    fn begin_movetext(&mut self, state: &ReplayState) -> ControlFlow<()> {
        match (self.0.begin_movetext(state), self.1.begin_movetext(state)) {
            (Break(()), Break(())) => Break(()),
            _ => Continue(()),
        }
    }

    fn ply(&mut self, state: &ReplayState, ply: &Ply<'_>) {
        self.0.ply(state, ply);
        self.1.ply(state, ply);
    }

    fn nag(&mut self, state: &ReplayState, nag: Nag) {
        self.0.nag(state, nag);
        self.1.nag(state, nag);
    }

    fn comment(&mut self, state: &ReplayState, comment: &Comment<'_>) {
        self.0.comment(state, comment);
        self.1.comment(state, comment);
    }

    fn begin_variation(&mut self, state: &ReplayState) {
        self.0.begin_variation(state);
        self.1.begin_variation(state);
    }

    fn end_variation(&mut self, state: &ReplayState) {
        self.0.end_variation(state);
        self.1.end_variation(state);
    }

    fn result(&mut self, state: &ReplayState, result: GameResult) {
        self.0.result(state, result);
        self.1.result(state, result);
    }

    /// The first sink's output, then the second's: the first takes the
    /// problems if it takes them.
    fn end_game(&mut self, state: &mut ReplayState) -> Self::Output {
        let first = self.0.end_game(state);
        (first, self.1.end_game(state))
    }
}

/// A sink that may not be there: nothing is done, `None` given, without it.
impl<S: GameSink> GameSink for Option<S> {
    type Output = Option<S::Output>;

    fn begin_game(&mut self, state: &ReplayState) {
        if let Some(sink) = self {
            sink.begin_game(state);
        }
    }

    fn begin_movetext(&mut self, state: &ReplayState) -> ControlFlow<()> {
        match self {
            Some(sink) => sink.begin_movetext(state),
            None => Break(()),
        }
    }

    fn ply(&mut self, state: &ReplayState, ply: &Ply<'_>) {
        if let Some(sink) = self {
            sink.ply(state, ply);
        }
    }

    fn nag(&mut self, state: &ReplayState, nag: Nag) {
        if let Some(sink) = self {
            sink.nag(state, nag);
        }
    }

    fn comment(&mut self, state: &ReplayState, comment: &Comment<'_>) {
        if let Some(sink) = self {
            sink.comment(state, comment);
        }
    }

    fn begin_variation(&mut self, state: &ReplayState) {
        if let Some(sink) = self {
            sink.begin_variation(state);
        }
    }

    fn end_variation(&mut self, state: &ReplayState) {
        if let Some(sink) = self {
            sink.end_variation(state);
        }
    }

    fn result(&mut self, state: &ReplayState, result: GameResult) {
        if let Some(sink) = self {
            sink.result(state, result);
        }
    }

    fn end_game(&mut self, state: &mut ReplayState) -> Self::Output {
        self.as_mut().map(|sink| sink.end_game(state))
    }
}

/// A game as far as [`Replay`] has read it: what every sink may ask.
#[derive(Clone, Debug)]
pub struct ReplayState {
    options: ReplayOptions,
    game: GameStart,
    tags: Tags,
    replayer: Replayer,
    start_valid: bool,
    depth: u32,
    variations: u32,
    plies: u32,
    leniencies: SanOptions,
    result: Option<GameResult>,
    /// The replay's errors, as they come.
    errors: Vec<PgnError>,
    /// The reader's errors, as they come (after the replay's at a byte).
    pending: Vec<PgnError>,
    warnings: Vec<PgnError>,
    /// Problems over [`super::Limits::max_problems`], not kept: errors and
    /// warnings, each counted, with the first of them.
    dropped: [(u64, Option<PgnError>); 2],
    /// A comment longer than the reader's buffer, gathered.
    comment: Vec<u8>,
    /// The tags being read: their text (valid UTF-8, made a `String` in
    /// one check when the movetext begins) and where each name and value
    /// ends.
    tag_text: Vec<u8>,
    tag_ends: Vec<(usize, usize)>,
    tag_encoding: Encoding,
    /// The game's opening, as its moves are played
    /// ([`ReplayOptions::openings`]).
    #[cfg(feature = "std")]
    opening: Option<crate::opening::Classifier<'static>>,
    /// What the filter of [`Replay::only`] watches of the mainline's
    /// positions.
    watch: Option<Watch>,
    /// The game's key, as its mainline moves are played
    /// ([`ReplayOptions::keys`]).
    key: Option<GameKeyHasher>,
    /// The key once the game is read, if it has one.
    game_key: Option<super::GameKey>,
    /// Whether the watch saw the start: the moves are played (the start is
    /// legal, and [`Replay::only`] did not skip the game).
    watching: bool,
}

impl ReplayState {
    fn new(options: ReplayOptions) -> ReplayState {
        let read = options.read;
        let variations = options.variations == VariationMode::Replay;
        ReplayState {
            options,
            game: GameStart::default(),
            tags: Tags::new(),
            replayer: Replayer::configured(
                read.san,
                read.fen,
                options.positions,
                variations,
                options.san,
                read.default_variant,
            ),
            start_valid: false,
            depth: 0,
            variations: 0,
            plies: 0,
            leniencies: SanOptions::STRICT,
            result: None,
            errors: Vec::new(),
            pending: Vec::new(),
            warnings: Vec::new(),
            dropped: Default::default(),
            comment: Vec::new(),
            tag_text: Vec::new(),
            tag_ends: Vec::new(),
            tag_encoding: Encoding::Utf8,
            #[cfg(feature = "std")]
            opening: None,
            watch: None,
            key: None,
            game_key: None,
            watching: false,
        }
    }

    /// The options.
    pub fn options(&self) -> &ReplayOptions {
        &self.options
    }

    /// Where the game starts: its number and first byte.
    pub fn game(&self) -> GameStart {
        self.game
    }

    /// Its tags, decoded (all of them once the movetext begins).
    pub fn tags(&self) -> &Tags {
        &self.tags
    }

    /// The start position: the `FEN` tag's, or the standard one (also when
    /// the `FEN` tag is not a legal position, or moves are not replayed;
    /// [`ReplayState::has_start`] tells).
    pub fn start(&self) -> &Position {
        self.replayer.start()
    }

    /// The start position by the game's rules (a variant's, with its
    /// pockets and counters).
    pub(crate) fn start_position(&self) -> &super::any_position::AnyPosition {
        self.replayer.start_position()
    }

    /// In a variant, the position on the current line of play, with what
    /// the variant adds to the board (pockets, check counters).
    pub fn variant_position(&self) -> Option<&crate::position::VariantPosition> {
        self.replayer.variant_position()
    }

    /// The rules the game is played by (its `Variant` tag's; standard chess
    /// for Chess960 and `From Position`).
    pub fn variant(&self) -> crate::Variant {
        self.replayer.variant()
    }

    /// In a variant, the position before the last move played in the
    /// current line, with what the variant adds to the board (when
    /// positions are kept, as [`ReplayState::previous_position`]).
    pub fn previous_variant_position(&self) -> Option<&crate::position::VariantPosition> {
        self.replayer.previous_variant_position()
    }

    /// The start position as a [`Setup`](crate::fen::Setup) (cheap for the
    /// standard start).
    pub fn start_setup(&self) -> crate::fen::Setup {
        self.replayer.start_setup()
    }

    /// Whether the moves are replayed from a legal start position.
    pub fn has_start(&self) -> bool {
        self.start_valid
    }

    /// Whether the game is Chess960 (by its `Variant` tag or its FEN).
    pub fn is_chess960(&self) -> bool {
        self.replayer.is_chess960()
    }

    /// How castling is written in UCI in this game.
    #[inline]
    pub fn castling_mode(&self) -> CastlingMode {
        self.replayer.start().castling_mode()
    }

    /// A move played in this game, in UCI.
    #[inline]
    pub fn uci(&self, mv: Move) -> Uci {
        Uci::from_move(mv, self.castling_mode())
    }

    /// The position on the current line of play: after the last move
    /// played.
    #[inline]
    pub fn position(&self) -> &Position {
        self.replayer.position()
    }

    /// The position before the last move played on the current line, with
    /// [`ReplayOptions::positions`].
    #[inline]
    pub fn previous_position(&self) -> Option<&Position> {
        self.replayer.previous_position()
    }

    /// The game's opening as Lichess names it, once its moves are played
    /// ([`ReplayOptions::openings`]; `None` without it, or when none of its
    /// first positions is in the table, or when it does not start from the
    /// standard position).
    #[cfg(feature = "std")]
    pub fn opening(&self) -> Option<crate::opening::OpeningAt> {
        self.opening.as_ref()?.opening()
    }

    /// What the filter of [`Replay::only`] watched of the game's mainline
    /// positions (its `reaches`, `material` and `status` tests; `None`
    /// when it has none): all of them once the game is read.
    pub fn watch(&self) -> Option<&Watch> {
        self.watch.as_ref()
    }

    /// The game's key for finding duplicates, once it is read (from
    /// [`GameSink::end_game`] on; [`ReplayOptions::keys`]): `None` without
    /// the option, for a game without moves, and for one not replayed
    /// whole from a legal start without an error (see
    /// [`GameKey`](super::GameKey)).
    pub fn game_key(&self) -> Option<super::GameKey> {
        self.game_key
    }

    /// The ply of the last move played on the current line.
    pub fn ply(&self) -> u32 {
        self.replayer.ply()
    }

    /// How deep in variations the reader is (0: the mainline).
    #[inline]
    pub fn depth(&self) -> u32 {
        self.depth
    }

    /// The variations met so far (nested ones only when they are read).
    pub fn variations(&self) -> u32 {
        self.variations
    }

    /// The mainline moves read so far (also those after a problem; a UCI
    /// move not played is not one).
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// The SAN leniencies the game's moves needed so far: their spelling's
    /// and, for moves played, the position's.
    pub fn leniencies(&self) -> SanOptions {
        self.leniencies
    }

    /// The termination marker, once read.
    pub fn result(&self) -> Option<GameResult> {
        self.result
    }

    /// The game's errors: as found until [`GameSink::end_game`], then in
    /// byte order.
    pub fn errors(&self) -> &[PgnError] {
        &self.errors
    }

    /// The game's warnings, in byte order: moves written off the standard,
    /// played under a leniency ([`PgnErrorKind::is_warning`]).
    pub fn warnings(&self) -> &[PgnError] {
        &self.warnings
    }

    /// Takes the errors and the warnings (in [`GameSink::end_game`]).
    pub fn take_problems(&mut self) -> (Vec<PgnError>, Vec<PgnError>) {
        (
            core::mem::take(&mut self.errors),
            core::mem::take(&mut self.warnings),
        )
    }

    fn begin_game(&mut self, game: GameStart) {
        self.game = game;
        let (text, ends) = core::mem::take(&mut self.tags).into_buffers();
        self.tag_text = text;
        self.tag_ends = ends;
        self.tag_encoding = Encoding::Utf8;
        if self.options.replay {
            self.replayer.begin_game(game);
        }
        self.start_valid = false;
        self.depth = 0;
        self.variations = 0;
        self.plies = 0;
        self.leniencies = SanOptions::STRICT;
        self.result = None;
        self.errors.clear();
        self.pending.clear();
        self.warnings.clear();
        self.dropped = Default::default();
        self.comment.clear();
        #[cfg(feature = "std")]
        {
            self.opening = None;
        }
        if let Some(watch) = &mut self.watch {
            watch.begin();
        }
        self.key = None;
        self.game_key = None;
        self.watching = false;
    }

    /// Keeps `problem` (an error of the replay, one of the reader's, or a
    /// warning) while the game has fewer than the limit of its kind;
    /// counts it otherwise.
    fn keep(&mut self, problem: PgnError, reader: bool) {
        let max = self.options.read.limits.max_problems as usize;
        let warning = problem.is_warning();
        let kept = if warning {
            self.warnings.len()
        } else {
            self.errors.len() + self.pending.len()
        };
        if kept >= max {
            let (count, first) = &mut self.dropped[usize::from(warning)];
            first.get_or_insert(problem);
            *count += 1;
        } else if warning {
            self.warnings.push(problem);
        } else if reader {
            self.pending.push(problem);
        } else {
            self.errors.push(problem);
        }
    }

    /// A tag pair, decoded into the text of the tags: an ASCII pair with no
    /// escape as it is (the common case, checked fast), any other through
    /// [`super::decode_text`].
    fn push_tag(&mut self, name: &[u8], value: RawTag<'_>) {
        let raw = value.as_bytes();
        // ASCII with no escape, in one pass with no early exit (values are
        // short: no call, and one loop end to predict).
        let plain = !raw
            .iter()
            .fold(false, |bad, &b| bad | (b >= 0x80) | (b == b'\\'));
        if name.is_ascii() && plain {
            self.tag_text.extend_from_slice(name);
            let name_end = self.tag_text.len();
            self.tag_text.extend_from_slice(raw);
            self.tag_ends.push((name_end, self.tag_text.len()));
            return;
        }
        let (name, name_encoding) = super::decode_text(name);
        let (value, value_encoding) = value.decode_text();
        if name_encoding == Encoding::Latin1 || value_encoding == Encoding::Latin1 {
            self.tag_encoding = Encoding::Latin1;
        }
        self.tag_text.extend_from_slice(name.as_bytes());
        let name_end = self.tag_text.len();
        self.tag_text.extend_from_slice(value.as_bytes());
        self.tag_ends.push((name_end, self.tag_text.len()));
    }

    /// The tags read become [`ReplayState::tags`] (once a game).
    fn finish_tags(&mut self) {
        if self.tag_ends.is_empty() && !self.tags.is_empty() {
            return;
        }
        let text = core::mem::take(&mut self.tag_text);
        let ends = core::mem::take(&mut self.tag_ends);
        // Every pair was pushed as text: the whole is text too.
        let text = String::from_utf8(text)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
        self.tags = Tags::from_parts(text, ends, self.tag_encoding);
    }

    /// Reports the leniencies a played move needed, as warnings.
    fn warn(&mut self, token: &Token<'_>, used: SanOptions, read_as: Option<SanPlus>) {
        if self.depth > 0 && !self.options.variation_problems {
            return;
        }
        let free = ReadOptions::STRICT.san;
        for leniency in used.difference(free).iter() {
            let Some(kind) = PgnErrorKind::of_leniency(leniency) else {
                continue;
            };
            self.warning(kind, token, read_as);
        }
    }

    fn warning(&mut self, kind: PgnErrorKind, token: &Token<'_>, read_as: Option<SanPlus>) {
        let warning = PgnError::new(kind, token.location, self.game.index, self.game.location)
            .with_ply(self.replayer.ply())
            .with_token(token.text);
        let warning = match read_as {
            Some(san) => warning.with_detail(format_args!("read as {san}")),
            None => warning,
        };
        self.keep(warning, false);
    }

    /// A move the replay could not play: the game's error, unless it is
    /// in a variation whose problems are not (the line stops either way).
    fn problem(&mut self, error: PgnError) {
        if self.depth == 0 || self.options.variation_problems {
            self.keep(error, false);
        }
    }

    fn finish(&mut self) {
        let dropped = core::mem::take(&mut self.dropped);
        for (warning, (count, first)) in [false, true].into_iter().zip(dropped) {
            let Some(first) = first else {
                continue;
            };
            let what = if warning { "warnings" } else { "problems" };
            let max = self.options.read.limits.max_problems;
            // Where the first problem not kept is, with its token.
            let mut error = PgnError::new(
                PgnErrorKind::TooManyProblems,
                first.location(),
                self.game.index,
                self.game.location,
            );
            if let Some(token) = first.token() {
                error = error.with_token(token.trim_end_matches('…').as_bytes());
            }
            let mut error = error.with_detail(format_args!(
                "the first {max} {what} are kept, and {count} more from here are not"
            ));
            if warning {
                error = error.into_warning();
                self.warnings.push(error);
            } else {
                self.errors.push(error);
            }
        }
        self.errors.append(&mut self.pending);
        self.errors.sort_by_key(|e| e.location().byte);
        self.warnings.sort_by_key(|e| e.location().byte);
    }
}

/// The visitor that replays each game and hands its resolved parts to a
/// [`GameSink`]: the one routing every model of a game is built on.
///
/// It owns what every model needs done the same way:
/// - the tags, decoded once ([`ReplayState::tags`]);
/// - the replay ([`Replayer`]): the start position from `FEN` and
///   `Variant`, each move made legal or an error that stops its line;
///   UCI moves and `0000` read as moves; variations skipped, read or
///   replayed;
/// - what stops a line: an illegal move, a token that is not a move
///   (`invalid-san`), the move limit;
/// - warnings: a move written off the standard that resolves to one legal
///   move is played, and each leniency it needed is a warning named after
///   it ([`PgnErrorKind::is_warning`]), unless even strict reading allows
///   it (castling with zeros, the null move);
/// - comments gathered whole and decoded; problems in byte order.
///
/// Sinks are generic parameters, so a lean sink stays lean.
#[derive(Clone, Debug)]
pub struct Replay<S> {
    sink: S,
    state: ReplayState,
    /// Games whose tags this refuses skip their movetext ([`Replay::only`]).
    only: Option<Filter>,
    /// Whether the filter of [`Replay::only`] reads the opening.
    filter_openings: bool,
}

impl<S> Replay<S> {
    /// A replay with `options` handing games to `sink`.
    pub fn new(sink: S, options: ReplayOptions) -> Replay<S> {
        Replay {
            sink,
            state: ReplayState::new(options),
            only: None,
            filter_openings: false,
        }
    }

    /// Games whose tags `filter` refuses are not replayed: their movetext
    /// is skipped (it is only delimited); the sink gets the game's tags
    /// ([`GameSink::begin_movetext`]), then its end. A filter with tests
    /// of the moves (`plies`, `opening`, `reaches`, `material`, `status`)
    /// skips the games its tags alone refuse, whatever those tests would
    /// say, and has the others replayed (its tests of positions watched:
    /// [`ReplayState::watch`]); `None` replays every game. The sink still
    /// sees every game: apply the filter to the games it gives, as before
    /// (a skipped game does not match).
    ///
    /// ```
    /// use chessnote::pgn::filter::Filter;
    /// use chessnote::pgn::{Game, Reader};
    ///
    /// let pgn = b"[WhiteElo \"2100\"]\n\n1. e4 e5 *\n\n[WhiteElo \"1500\"]\n\n1. d4 d5 *\n";
    /// let filter = Filter::parse("WhiteElo > 2000")?;
    /// let builder = Game::builder().only(Some(filter.clone()));
    /// let games: Vec<Game> = Reader::from_slice(pgn).games_with(builder).collect();
    /// assert_eq!((games[0].moves.len(), games[1].moves.len()), (2, 0));
    /// assert!(filter.matches(&games[0]) && !filter.matches(&games[1]));
    /// # Ok::<(), chessnote::pgn::filter::FilterError>(())
    /// ```
    #[must_use]
    pub fn only(mut self, filter: Option<Filter>) -> Replay<S> {
        self.filter_openings = filter.as_ref().is_some_and(Filter::needs_openings);
        self.state.watch = filter.as_ref().and_then(Filter::watch);
        let mut options = self.state.options;
        self.filter_needs(&mut options);
        self.state.options = options;
        self.only = filter;
        self
    }

    /// What the filter of [`Replay::only`] needs of `options`: a filter of
    /// `opening` needs the moves played and the opening named (it is
    /// matched once the game is read, as one of `plies` is).
    fn filter_needs(&self, options: &mut ReplayOptions) {
        #[cfg(feature = "std")]
        if self.filter_openings {
            options.openings = true;
            options.replay = true;
        }
        if self.state.watch.is_some() {
            options.replay = true;
        }
    }

    /// The same replay with other options (the sink and [`Replay::only`]
    /// kept).
    #[must_use]
    pub(crate) fn with_options(self, options: ReplayOptions) -> Replay<S> {
        let mut options = options;
        self.filter_needs(&mut options);
        let mut state = ReplayState::new(options);
        state.watch = self.state.watch;
        Replay {
            sink: self.sink,
            state,
            only: self.only,
            filter_openings: self.filter_openings,
        }
    }

    /// The filter of [`Replay::only`], if any.
    pub fn only_filter(&self) -> Option<&Filter> {
        self.only.as_ref()
    }

    /// The sink.
    pub fn sink(&self) -> &S {
        &self.sink
    }

    /// The sink, to change.
    pub fn sink_mut(&mut self) -> &mut S {
        &mut self.sink
    }

    /// The state of the last game read.
    pub fn state(&self) -> &ReplayState {
        &self.state
    }

    /// The options.
    pub fn options(&self) -> &ReplayOptions {
        &self.state.options
    }

    /// The sink, taken back.
    pub fn into_sink(self) -> S {
        self.sink
    }
}

impl<S: GameSink> Replay<S> {
    fn end(&mut self) -> S::Output {
        self.state.finish_tags();
        self.state.finish();
        // Before the sink may take the problems.
        let whole = self.state.start_valid && self.state.errors.is_empty();
        self.state.game_key = self
            .state
            .key
            .filter(|key| whole && key.plies() > 0)
            .map(|key| key.finish());
        if self.state.watching
            && let Some(watch) = &mut self.state.watch
        {
            watch.end(self.state.replayer.position());
        }
        self.sink.end_game(&mut self.state)
    }

    /// Hands a move on, counted when it is the mainline's and has a SAN.
    #[inline]
    fn hand(&mut self, ply: &Ply<'_>) {
        if ply.depth == 0 && ply.san.is_some() {
            self.state.plies += 1;
        }
        #[cfg(feature = "std")]
        if ply.depth == 0
            && let Some(opening) = &mut self.state.opening
        {
            match ply.mv {
                Some(_) if ply.played => {
                    opening.push(self.state.replayer.position(), self.state.plies);
                }
                // A null move, or a move not played: the replay stops.
                _ => opening.stop(),
            }
        }
        if ply.depth == 0 && ply.played {
            if self.state.watching
                && let Some(watch) = &mut self.state.watch
            {
                watch.see(self.state.replayer.position());
            }
            if let Some(key) = &mut self.state.key {
                key.push(ply.mv);
            }
        }
        self.sink.ply(&self.state, ply);
    }

    /// A comment, whole (with the pieces before it), to the sink (apart from the reader's loop, which skips comments fast when
    /// none is wanted).
    #[inline(never)]
    fn deliver_comment(&mut self, comment: RawComment<'_>) {
        let mut whole = core::mem::take(&mut self.state.comment);
        let bytes = if whole.is_empty() {
            comment.as_bytes()
        } else {
            whole.extend_from_slice(comment.as_bytes());
            &whole
        };
        let comment = Comment {
            bytes,
            depth: self.state.depth,
            location: comment.location(),
        };
        self.sink.comment(&self.state, &comment);
        whole.clear();
        self.state.comment = whole;
    }

    #[inline]
    fn san_move(&mut self, written: Written, san: SanPlus, token: Token<'_>) {
        let state = &mut self.state;
        state.leniencies |= token.leniencies;
        let mut ply = Ply {
            written,
            token: &token,
            san: Some(san),
            mv: None,
            played: false,
            standard: None,
            depth: state.depth,
        };
        if state.options.replay {
            match state.replayer.play_san(san, &token, &mut ply.standard) {
                Ok(Some(Played { mv, used })) => {
                    state.leniencies |= state.replayer.leniencies();
                    let used = token.leniencies | used;
                    if !used.difference(ReadOptions::STRICT.san).is_empty() {
                        state.warn(&token, used, ply.standard);
                    }
                    ply.mv = mv;
                    ply.played = true;
                }
                Ok(None) => {}
                Err(error) => state.problem(error),
            }
        }
        self.hand(&ply);
    }
}

impl<S: GameSink> Visitor for Replay<S> {
    type Tags = ();
    type Movetext = ();
    type Output = S::Output;

    fn begin_game(&mut self, game: GameStart) -> ControlFlow<S::Output> {
        self.state.begin_game(game);
        self.sink.begin_game(&self.state);
        Continue(())
    }

    fn tag(&mut self, (): &mut (), name: &[u8], value: RawTag<'_>) -> ControlFlow<S::Output> {
        if self.state.options.tags {
            self.state.push_tag(name, value);
        }
        // The `Variant` tag also when not replaying: whether a game has one
        // decides whether it is given `ReadOptions::default_variant`'s.
        if self.state.options.replay || name == b"Variant" {
            self.state.replayer.tag(name, value);
        }
        Continue(())
    }

    fn begin_movetext(&mut self, (): ()) -> ControlFlow<S::Output> {
        // A game read as `ReadOptions::default_variant` says so in its tags.
        if self.state.options.tags
            && let Some(variant) = self.state.replayer.defaulted_variant()
        {
            self.state
                .push_tag(b"Variant", RawTag(variant.pgn_name().as_bytes()));
        }
        self.state.finish_tags();
        // A game `only` refuses: the sink sees its tags, not its moves.
        let skip = self
            .only
            .as_ref()
            .is_some_and(|f| f.refuses_by_tags(&self.state));
        let state = &mut self.state;
        if state.options.replay {
            match state.replayer.begin_movetext() {
                Ok(()) => state.start_valid = true,
                Err(error) => state.keep(error, false),
            }
        }
        // Openings, position searches and game keys are standard chess's:
        // a variant's game has none (rather than a wrong one).
        let standard = state.replayer.variant() == crate::Variant::Standard;
        #[cfg(feature = "std")]
        if state.options.openings && state.start_valid && !skip && standard {
            let openings = crate::opening::Openings::lichess();
            state.opening = Some(openings.classifier(state.replayer.start()));
        }
        if state.start_valid && !skip && standard {
            if let Some(watch) = &mut state.watch {
                watch.see(state.replayer.start());
                state.watching = true;
            }
            if state.options.keys {
                state.key = Some(GameKeyHasher::new(state.replayer.start()));
            }
        }
        match self.sink.begin_movetext(&self.state) {
            Continue(()) if !skip => Continue(()),
            _ => Break(self.end()),
        }
    }

    #[inline(always)]
    fn san(&mut self, (): &mut (), san: SanPlus, token: Token<'_>) -> ControlFlow<S::Output> {
        self.san_move(Written::San(san), san, token);
        Continue(())
    }

    fn uci(&mut self, (): &mut (), uci: Uci, token: Token<'_>) -> ControlFlow<S::Output> {
        if uci == Uci::Null {
            self.san_move(Written::Uci(uci), SanPlus::from(San::Null), token);
            return Continue(());
        }
        let state = &mut self.state;
        let mut ply = Ply {
            written: Written::Uci(uci),
            token: &token,
            san: None,
            mv: None,
            played: false,
            standard: None,
            depth: state.depth,
        };
        if state.options.replay {
            match state.replayer.play_uci(uci, &token) {
                Ok(Some((mv, san))) => {
                    let standard = Some(san);
                    if state.depth == 0 || state.options.variation_problems {
                        state.warning(PgnErrorKind::UciMoves, &token, standard);
                    }
                    ply.san = standard;
                    ply.mv = Some(mv);
                    ply.played = true;
                    ply.standard = standard;
                }
                Ok(None) => {}
                Err(error) => state.problem(error),
            }
        }
        self.hand(&ply);
        Continue(())
    }

    fn nag(&mut self, (): &mut (), nag: Nag) -> ControlFlow<S::Output> {
        self.sink.nag(&self.state, nag);
        Continue(())
    }

    fn partial_comment(&mut self, (): &mut (), comment: RawComment<'_>) -> ControlFlow<S::Output> {
        if self.state.options.comments {
            self.state.comment.extend_from_slice(comment.as_bytes());
        }
        Continue(())
    }

    #[inline]
    fn comment(&mut self, (): &mut (), comment: RawComment<'_>) -> ControlFlow<S::Output> {
        if self.state.options.comments {
            self.deliver_comment(comment);
        }
        Continue(())
    }

    fn begin_variation(&mut self, (): &mut ()) -> ControlFlow<S::Output, Skip> {
        let state = &mut self.state;
        state.variations += 1;
        if state.options.variations == VariationMode::Skip {
            return Continue(Skip(true));
        }
        state.depth += 1;
        if state.options.replay {
            state.replayer.begin_variation();
        }
        self.sink.begin_variation(&self.state);
        Continue(Skip(false))
    }

    fn end_variation(&mut self, (): &mut ()) -> ControlFlow<S::Output> {
        let state = &mut self.state;
        state.depth = state.depth.saturating_sub(1);
        if state.options.replay {
            state.replayer.end_variation();
        }
        self.sink.end_variation(&self.state);
        Continue(())
    }

    fn result(&mut self, (): &mut (), result: GameResult) -> ControlFlow<S::Output> {
        self.state.result = Some(result);
        self.sink.result(&self.state, result);
        Continue(())
    }

    fn error(&mut self, error: PgnError) -> ControlFlow<S::Output> {
        let state = &mut self.state;
        // The line stops whether or not the problem is the game's.
        if matches!(
            error.kind(),
            PgnErrorKind::InvalidSan | PgnErrorKind::TooManyMoves
        ) && state.options.replay
        {
            state.replayer.stop_line();
        }
        if state.depth > 0
            && !state.options.variation_problems
            && error.kind() != PgnErrorKind::UnclosedVariation
        {
            return Continue(());
        }
        state.keep(error, true);
        Continue(())
    }

    fn end_game(&mut self, (): ()) -> S::Output {
        self.end()
    }
}

/// Implements [`Visitor`] for a named model's visitor, a newtype around a
/// [`Replay`] (`$field`), by handing every call to it.
macro_rules! replay_visitor {
    ($outer:ty, $field:tt, $output:ty) => {
        impl $crate::pgn::Visitor for $outer {
            type Tags = ();
            type Movetext = ();
            type Output = $output;

            fn begin_game(
                &mut self,
                game: $crate::pgn::GameStart,
            ) -> core::ops::ControlFlow<$output> {
                self.$field.begin_game(game)
            }
            fn tag(
                &mut self,
                tags: &mut (),
                name: &[u8],
                value: $crate::pgn::RawTag<'_>,
            ) -> core::ops::ControlFlow<$output> {
                self.$field.tag(tags, name, value)
            }
            fn begin_movetext(&mut self, tags: ()) -> core::ops::ControlFlow<$output> {
                self.$field.begin_movetext(tags)
            }
            fn san(
                &mut self,
                m: &mut (),
                san: $crate::san::SanPlus,
                token: $crate::pgn::Token<'_>,
            ) -> core::ops::ControlFlow<$output> {
                self.$field.san(m, san, token)
            }
            fn uci(
                &mut self,
                m: &mut (),
                uci: $crate::uci::Uci,
                token: $crate::pgn::Token<'_>,
            ) -> core::ops::ControlFlow<$output> {
                self.$field.uci(m, uci, token)
            }
            fn nag(
                &mut self,
                m: &mut (),
                nag: $crate::pgn::Nag,
            ) -> core::ops::ControlFlow<$output> {
                self.$field.nag(m, nag)
            }
            fn partial_comment(
                &mut self,
                m: &mut (),
                comment: $crate::pgn::RawComment<'_>,
            ) -> core::ops::ControlFlow<$output> {
                self.$field.partial_comment(m, comment)
            }
            fn comment(
                &mut self,
                m: &mut (),
                comment: $crate::pgn::RawComment<'_>,
            ) -> core::ops::ControlFlow<$output> {
                self.$field.comment(m, comment)
            }
            fn begin_variation(
                &mut self,
                m: &mut (),
            ) -> core::ops::ControlFlow<$output, $crate::pgn::Skip> {
                self.$field.begin_variation(m)
            }
            fn end_variation(&mut self, m: &mut ()) -> core::ops::ControlFlow<$output> {
                self.$field.end_variation(m)
            }
            fn result(
                &mut self,
                m: &mut (),
                result: $crate::pgn::GameResult,
            ) -> core::ops::ControlFlow<$output> {
                self.$field.result(m, result)
            }
            fn error(&mut self, error: $crate::pgn::PgnError) -> core::ops::ControlFlow<$output> {
                self.$field.error(error)
            }
            fn end_game(&mut self, m: ()) -> $output {
                self.$field.end_game(m)
            }
        }
    };
}
pub(crate) use replay_visitor;
