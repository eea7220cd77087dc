//! The conveniences users reach for first: games with their tags and
//! mainline moves (replayed), and headers alone (the movetext skipped).

use alloc::string::String;
use alloc::vec::Vec;
use core::convert::Infallible;
use core::ops::ControlFlow::{self, Break, Continue};

use super::commands::{Annotations, Centis, Eval};
use super::input::{Input, SliceInput};
use super::{
    Encoding, GameResult, GameStart, Nag, PgnError, PgnErrorKind, RawComment, RawTag, Reader,
    Replayer, Skip, Token, Visitor,
};
use crate::Move;
use crate::fen::Setup;
use crate::position::{CastlingMode, Notation, Position, WriteNotation};
use crate::san::{SanOptions, SanPlus};
use crate::uci::Uci;

/// A game as read: its tags, its mainline (each move in SAN and, when it
/// replayed legally, as a [`Move`], with its NAGs and comments), its
/// result and every problem found in it.
///
/// A `Game` owns what it holds, so its memory is that of the game: a
/// 100 MB comment makes a 100 MB `Game`, and a game of a million moves
/// (the default [`super::Limits::max_moves`]) about 50 MB. The reader
/// itself stays in constant memory; a [`super::Visitor`] that keeps only
/// what it needs does too.
///
/// ```
/// use chessnote::pgn::{GameResult, Nag, Reader};
///
/// let pgn = b"[White \"Morphy\"]\n\n1. e4 {best by test} e5 2. Nf3 $1 d6 (2... Nc6) 1-0";
/// let game = Reader::from_slice(pgn).games().next().unwrap();
/// assert_eq!(game.tag("White"), Some("Morphy"));
/// assert_eq!(game.moves[0].comments, ["best by test"]);
/// assert_eq!(game.moves[2].nags, [Nag::GOOD_MOVE]);
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
    pub tags: Vec<(String, String)>,
    /// [`Encoding::Latin1`] when a tag or comment was not valid UTF-8 and
    /// was read as Latin-1.
    pub encoding: Encoding,
    /// The start position (the `FEN` tag's, or the standard one).
    pub start: Setup,
    /// Whether the game is Chess960.
    pub chess960: bool,
    /// The comments before the first move.
    pub comments: Vec<String>,
    /// The NAGs before the first move.
    pub nags: Vec<Nag>,
    /// The mainline.
    pub moves: Vec<MainlineMove>,
    /// The termination marker, if the movetext has one.
    pub result: Option<GameResult>,
    /// How many variations the game has (nested ones included when they
    /// are read; see [`GameBuilder::variations`]).
    pub variations: u32,
    /// The SAN leniencies the game's moves needed.
    pub leniencies: SanOptions,
    /// Every problem found, in input order.
    pub errors: Vec<PgnError>,
}

/// A move of a game's mainline.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MainlineMove {
    /// The move as written (its annotation glyph moved to `nags`).
    pub san: SanPlus,
    /// The legal move, when the game replayed up to it (`None` for a null
    /// move, which [`MainlineMove::played`] tells apart).
    pub mv: Option<Move>,
    /// Whether the replay played it: a legal move, or a null move where
    /// passing is legal (not in check).
    pub played: bool,
    /// Its NAGs, glyphs included, in input order.
    pub nags: Vec<Nag>,
    /// The comments after it, as written.
    pub comments: Vec<String>,
}

impl MainlineMove {
    /// The clock after the move: the first `[%clk]` of its comments.
    ///
    /// ```
    /// use chessnote::pgn::Reader;
    /// let game = Reader::from_slice(b"1. e4 { [%eval 0.17] [%clk 0:05:00] } *").games().next().unwrap();
    /// assert_eq!(game.moves[0].clock().map(|c| c.0), Some(30_000));
    /// assert_eq!(game.moves[0].eval().map(|e| e.to_string()).as_deref(), Some("[%eval 0.17]"));
    /// ```
    pub fn clock(&self) -> Option<Centis> {
        self.comments
            .iter()
            .find_map(|c| Annotations::parse(c).clock)
    }

    /// The engine evaluation of its comments: the first `[%eval]`.
    pub fn eval(&self) -> Option<Eval> {
        self.comments
            .iter()
            .find_map(|c| Annotations::parse(c).eval)
    }
}

impl Game {
    fn new(start: GameStart) -> Game {
        Game {
            index: start.index,
            offset: start.location.byte,
            line: start.location.line,
            tags: Vec::new(),
            encoding: Encoding::Utf8,
            start: Setup::STARTING,
            chess960: false,
            comments: Vec::new(),
            nags: Vec::new(),
            moves: Vec::new(),
            result: None,
            variations: 0,
            leniencies: SanOptions::STRICT,
            errors: Vec::new(),
        }
    }

    /// A visitor that builds games: mainline moves replayed, variations
    /// counted but not read, the default SAN options.
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
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The mainline moves that replayed legally (all of them, unless the
    /// game has an illegal move: those before it), null moves left out.
    pub fn legal_moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.moves
            .iter()
            .take_while(|m| m.played)
            .filter_map(|m| m.mv)
    }

    /// The mainline moves that replayed legally, in UCI, a null move as
    /// `0000`.
    pub fn uci(&self) -> impl Iterator<Item = Uci> + '_ {
        let mode = if self.chess960 {
            CastlingMode::Chess960
        } else {
            CastlingMode::Standard
        };
        self.moves
            .iter()
            .take_while(|m| m.played)
            .map(move |m| m.mv.map_or(Uci::Null, |mv| Uci::from_move(mv, mode)))
    }

    /// The mainline moves that replayed legally, written in `notation`
    /// (SAN as chessnote writes it, LAN, UCI, ERAN, short ERAN), replayed
    /// from the start position; a null move is `0000` in UCI and `--`
    /// otherwise.
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
        let mode = if self.chess960 {
            CastlingMode::Chess960
        } else {
            CastlingMode::Standard
        };
        let Ok(mut position) = Position::from_setup(&self.start, mode) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for m in self.moves.iter().take_while(|m| m.played) {
            match m.mv {
                Some(mv) => {
                    out.push(position.write_move(notation, mv));
                    position.play_unchecked(mv);
                }
                None => {
                    let null = if notation.notation() == Notation::Uci {
                        "0000"
                    } else {
                        "--"
                    };
                    out.push(String::from(null));
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

/// Decodes a tag pair (escapes, UTF-8 or Latin-1) onto `tags`, and marks
/// `encoding` Latin-1 when it was.
pub(super) fn push_tag(
    tags: &mut Vec<(String, String)>,
    encoding: &mut Encoding,
    name: &[u8],
    value: RawTag<'_>,
) {
    let (name_text, name_encoding) = super::decode_text(name);
    let (value_text, value_encoding) = value.decode_text();
    if name_encoding == Encoding::Latin1 || value_encoding == Encoding::Latin1 {
        *encoding = Encoding::Latin1;
    }
    tags.push((name_text.into_owned(), value_text.into_owned()));
}

/// The visitor behind [`Reader::games`]: builds a [`Game`] from each game,
/// replaying its moves with a [`Replayer`].
#[derive(Clone, Debug)]
pub struct GameBuilder {
    options: super::ReadOptions,
    replayer: Replayer,
    replay: bool,
    variations: bool,
    comment: Vec<u8>,
    pending: Vec<PgnError>,
}

/// A game being built, and where in it the reader is.
#[derive(Debug)]
pub struct Building {
    game: Game,
    depth: u32,
}

impl GameBuilder {
    /// A builder that replays with the SAN and FEN leniencies of `options`
    /// (pass the reader's).
    pub fn new(options: super::ReadOptions) -> GameBuilder {
        GameBuilder {
            options,
            replayer: Replayer::mainline_only(options.san).fen_options(options.fen),
            replay: true,
            variations: false,
            comment: Vec::new(),
            pending: Vec::new(),
        }
    }

    /// Whether to replay the moves (default yes). Without replay, only the
    /// syntax is checked and [`MainlineMove::mv`] is `None`.
    #[must_use]
    pub fn replay(mut self, replay: bool) -> GameBuilder {
        self.replay = replay;
        self
    }

    /// Whether to read the variations (default no: they are skipped fast
    /// and only the outer ones counted). Read, their moves are replayed
    /// and checked, and nested ones are counted too.
    #[must_use]
    pub fn variations(mut self, read: bool) -> GameBuilder {
        self.variations = read;
        self.replayer = if read {
            Replayer::new(self.options.san)
        } else {
            Replayer::mainline_only(self.options.san)
        }
        .fen_options(self.options.fen);
        self
    }

    fn push_text(encoding: &mut Encoding, bytes: &[u8], to: &mut Vec<String>) {
        let (text, used) = super::decode_text(bytes);
        if used == Encoding::Latin1 {
            *encoding = Encoding::Latin1;
        }
        to.push(text.into_owned());
    }
}

impl Visitor for GameBuilder {
    type Tags = Building;
    type Movetext = Building;
    type Output = Game;

    fn begin_game(&mut self, start: GameStart) -> ControlFlow<Game, Building> {
        self.replayer.begin_game(start);
        self.pending.clear();
        self.comment.clear();
        Continue(Building {
            game: Game::new(start),
            depth: 0,
        })
    }

    fn tag(&mut self, b: &mut Building, name: &[u8], value: RawTag<'_>) -> ControlFlow<Game> {
        push_tag(&mut b.game.tags, &mut b.game.encoding, name, value);
        self.replayer.tag(name, value);
        Continue(())
    }

    fn begin_movetext(&mut self, mut b: Building) -> ControlFlow<Game, Building> {
        if self.replay {
            if let Err(error) = self.replayer.begin_movetext() {
                b.game.errors.push(error);
            }
            b.game.start = self.replayer.start().to_setup();
            b.game.chess960 = self.replayer.is_chess960();
        }
        Continue(b)
    }

    fn san(&mut self, b: &mut Building, san: SanPlus, token: Token<'_>) -> ControlFlow<Game> {
        b.game.leniencies |= token.leniencies;
        let (mv, played) = if self.replay {
            let stopped = self.replayer.is_stopped();
            match self.replayer.san(san, &token) {
                Ok(mv) => {
                    b.game.leniencies |= self.replayer.leniencies();
                    (mv, !stopped)
                }
                Err(error) => {
                    b.game.errors.push(error);
                    (None, false)
                }
            }
        } else {
            (None, false)
        };
        if b.depth == 0 {
            b.game.moves.push(MainlineMove {
                san,
                mv,
                played,
                nags: Vec::new(),
                comments: Vec::new(),
            });
        }
        Continue(())
    }

    fn uci(&mut self, b: &mut Building, uci: Uci, token: Token<'_>) -> ControlFlow<Game> {
        if uci == Uci::Null || !self.replay {
            // Without a position a UCI move has no SAN; the null move is
            // SAN's `--`.
            let san = SanPlus::from(crate::san::San::Null);
            if uci == Uci::Null {
                return self.san(b, san, token);
            }
            let error = PgnError::new(
                PgnErrorKind::InvalidSan,
                token.location,
                b.game.index,
                crate::location::Location {
                    byte: b.game.offset,
                    line: b.game.line,
                    column: 1,
                },
            )
            .with_token(token.text)
            .with_detail("a UCI move, read only when replaying");
            b.game.errors.push(error);
            return Continue(());
        }
        let stopped = self.replayer.is_stopped();
        let (san, mv, played) = match self.replayer.uci(uci, &token) {
            Ok(Some((mv, san))) => (san, Some(mv), !stopped),
            Ok(None) => return Continue(()),
            Err(error) => {
                b.game.errors.push(error);
                return Continue(());
            }
        };
        if b.depth == 0 {
            b.game.moves.push(MainlineMove {
                san,
                mv,
                played,
                nags: Vec::new(),
                comments: Vec::new(),
            });
        }
        Continue(())
    }

    fn nag(&mut self, b: &mut Building, nag: Nag) -> ControlFlow<Game> {
        if b.depth == 0 {
            match b.game.moves.last_mut() {
                Some(last) => last.nags.push(nag),
                None => b.game.nags.push(nag),
            }
        }
        Continue(())
    }

    fn partial_comment(&mut self, _: &mut Building, comment: RawComment<'_>) -> ControlFlow<Game> {
        self.comment.extend_from_slice(comment.as_bytes());
        Continue(())
    }

    fn comment(&mut self, b: &mut Building, comment: RawComment<'_>) -> ControlFlow<Game> {
        if b.depth == 0 {
            let bytes = if self.comment.is_empty() {
                comment.as_bytes()
            } else {
                self.comment.extend_from_slice(comment.as_bytes());
                &self.comment
            };
            let game = &mut b.game;
            let to = match game.moves.last_mut() {
                Some(last) => &mut last.comments,
                None => &mut game.comments,
            };
            GameBuilder::push_text(&mut game.encoding, bytes, to);
        }
        self.comment.clear();
        Continue(())
    }

    fn begin_variation(&mut self, b: &mut Building) -> ControlFlow<Game, Skip> {
        b.game.variations += 1;
        if !self.variations {
            return Continue(Skip(true));
        }
        b.depth += 1;
        if self.replay {
            self.replayer.begin_variation();
        }
        Continue(Skip(false))
    }

    fn end_variation(&mut self, b: &mut Building) -> ControlFlow<Game> {
        b.depth -= 1;
        if self.replay {
            self.replayer.end_variation();
        }
        Continue(())
    }

    fn result(&mut self, b: &mut Building, result: GameResult) -> ControlFlow<Game> {
        b.game.result = Some(result);
        Continue(())
    }

    fn error(&mut self, error: PgnError) -> ControlFlow<Game> {
        if matches!(
            error.kind(),
            PgnErrorKind::InvalidSan | PgnErrorKind::TooManyMoves
        ) {
            self.replayer.stop_line();
        }
        self.pending.push(error);
        Continue(())
    }

    fn end_game(&mut self, mut b: Building) -> Game {
        b.game.errors.append(&mut self.pending);
        b.game.errors.sort_by_key(|e| e.location().byte);
        b.game
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
    pub tags: Vec<(String, String)>,
    /// [`Encoding::Latin1`] when a tag was not valid UTF-8.
    pub encoding: Encoding,
    /// The problems found in the tags (the movetext is not read).
    pub errors: Vec<PgnError>,
}

impl Headers {
    /// The value of the first tag of that name.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// The visitor behind [`Reader::headers`]: tags only, the movetext skipped.
#[derive(Clone, Debug, Default)]
pub struct HeadersBuilder {
    pending: Vec<PgnError>,
}

impl Visitor for HeadersBuilder {
    type Tags = Headers;
    type Movetext = Infallible;
    type Output = Headers;

    fn begin_game(&mut self, start: GameStart) -> ControlFlow<Headers, Headers> {
        self.pending.clear();
        Continue(Headers {
            index: start.index,
            offset: start.location.byte,
            line: start.location.line,
            tags: Vec::new(),
            encoding: Encoding::Utf8,
            errors: Vec::new(),
        })
    }

    fn tag(
        &mut self,
        headers: &mut Headers,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<Headers> {
        push_tag(&mut headers.tags, &mut headers.encoding, name, value);
        Continue(())
    }

    fn begin_movetext(&mut self, mut headers: Headers) -> ControlFlow<Headers, Infallible> {
        headers.errors.append(&mut self.pending);
        Break(headers)
    }

    fn error(&mut self, error: PgnError) -> ControlFlow<Headers> {
        self.pending.push(error);
        Continue(())
    }

    fn end_game(&mut self, movetext: Infallible) -> Headers {
        match movetext {}
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
