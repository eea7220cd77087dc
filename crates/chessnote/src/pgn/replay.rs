//! Legal replay: the moves of a game played from its start position (the
//! standard one, or the `FEN` tag's, Chess960 when the `Variant` tag or the
//! FEN calls for it), the mainline and the variations.

use alloc::vec::Vec;

use super::any_position::AnyPosition;
use super::{GameStart, PgnError, PgnErrorKind, RawTag, Token};
use crate::fen::{FenOptions, Setup, VariantSetup};
use crate::position::{CastlingMode, MoveErrorKind, Position, VariantPosition};
use crate::san::{Leniency, San, SanOptions, SanPlus};
use crate::uci::Uci;
use crate::{Diagnostic, Move, Suffix, Variant};

/// Plays a game's moves as a visitor meets them: a helper for any
/// [`super::Visitor`] that wants legal moves, to call from its own
/// methods (the game iterator of [`super::Reader::games`] uses it).
///
/// It reads the `FEN`, `SetUp` and `Variant` tags, builds the start
/// position when the movetext begins, turns each SAN into a legal
/// [`Move`] and plays it, and keeps one position per open variation. An
/// illegal move is an error ([`PgnErrorKind::IllegalMove`], with the ply,
/// the SAN and the position before it) that ends that line of play: its
/// later moves give nothing (and no more errors), while the rest of the
/// game is read as usual.
///
/// ```
/// use chessnote::pgn::{GameStart, RawTag, Replayer, ReadOptions, Token};
/// use chessnote::location::Location;
/// use chessnote::san::SanPlus;
///
/// let mut replay = Replayer::new(ReadOptions::DEFAULT_SAN);
/// let start = GameStart { index: 0, location: Location { byte: 0, line: 1, column: 1 } };
/// replay.begin_game(start);
/// replay.tag(b"FEN", RawTag(b"4k3/8/8/8/8/8/8/4K2R w K - 0 1"));
/// replay.begin_movetext()?;
/// let san: SanPlus = "O-O".parse().unwrap();
/// let token = Token { text: b"O-O", location: start.location, leniencies: Default::default() };
/// let mv = replay.san(san, &token)?.unwrap();
/// assert!(matches!(mv, chessnote::Move::Castle { .. }));
/// assert_eq!(replay.position().to_setup().to_string(), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
/// # Ok::<(), chessnote::pgn::PgnError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Replayer {
    options: SanOptions,
    fen_options: FenOptions,
    /// Whether each line keeps the position before its last move.
    keep_before: bool,
    /// Whether the moves of variations are played.
    variations: bool,
    /// Whether each move played gets its SAN from the position.
    standard: bool,
    /// Whether this game's moves get it: `standard`, or in a variant
    /// (whose writers of other notations take the suffix from it).
    respell: bool,
    game: GameStart,
    fen: Vec<u8>,
    has_fen: bool,
    chess960: bool,
    unsupported: bool,
    /// The `Variant` tag of a game that has none
    /// ([`super::ReadOptions::default_variant`]).
    default_variant: Option<super::tags::Variant>,
    /// Whether this game has a `Variant` tag.
    variant_tag: bool,
    /// The rules of the `Variant` tag.
    variant: Variant,
    start: AnyPosition,
    lines: Vec<Line>,
    used: SanOptions,
}

/// A SAN move the replayer played: the move (`None`: a null move) and the
/// position-level SAN leniencies it needed.
#[derive(Copy, Clone, Debug)]
pub(super) struct Played {
    pub(super) mv: Option<Move>,
    pub(super) used: SanOptions,
}

/// The leniencies after which a move's SAN as read is not the SAN a
/// correct writer writes (its source squares or capture mark differ).
const RESPELLED: SanOptions = SanOptions::STRICT
    .with(Leniency::AnyDisambiguation)
    .with(Leniency::CaptureMismatch)
    .with(Leniency::PawnSources)
    .with(Leniency::AnyGeometry)
    .with(Leniency::LanDash);

/// The SAN a correct writer writes for `mv` in `position`, read as `san`
/// with the leniencies `used`, without its suffix: the SAN as read, unless
/// its spelling used a leniency that changes more.
pub(super) fn standard_san(position: &Position, mv: Move, san: SanPlus, used: SanOptions) -> San {
    if used.intersection(RESPELLED).is_empty() {
        san.san
    } else {
        San::from_move(position, mv)
    }
}

/// The suffix a move gave, from the position after it: its checkers are
/// known, and only a check asks whether any move is left.
pub(super) fn suffix_after(position: &Position) -> Option<Suffix> {
    if !position.is_check() {
        None
    } else if position.has_legal_moves() {
        Some(Suffix::Check)
    } else {
        Some(Suffix::Checkmate)
    }
}

/// The error of a move that does not play on `line` (which stops there):
/// at the token, with the ply it would have been.
#[cold]
fn illegal(line: &mut Line, game: GameStart, token: &Token<'_>) -> PgnError {
    line.dead = true;
    PgnError::new(
        PgnErrorKind::IllegalMove,
        token.location,
        game.index,
        game.location,
    )
    .with_ply(line.ply + 1)
    .with_token(token.text)
}

/// One line of play: the position before its last move (to start a
/// variation from) and after it.
#[derive(Clone, Debug)]
struct Line {
    before: AnyPosition,
    after: AnyPosition,
    ply: u32,
    dead: bool,
}

impl Replayer {
    /// A replayer that reads SAN with `options` (its position-level
    /// leniencies apply here; see [`super::ReadOptions::san`]), the
    /// variations included.
    pub fn new(options: SanOptions) -> Replayer {
        Replayer {
            options,
            fen_options: FenOptions::STRICT,
            keep_before: true,
            variations: true,
            standard: false,
            respell: false,
            game: GameStart {
                index: 0,
                location: crate::location::Location {
                    byte: 0,
                    line: 1,
                    column: 1,
                },
            },
            fen: Vec::new(),
            has_fen: false,
            chess960: false,
            unsupported: false,
            default_variant: None,
            variant_tag: false,
            variant: Variant::Standard,
            start: AnyPosition::Chess(Position::new()),
            lines: Vec::new(),
            used: SanOptions::STRICT,
        }
    }

    /// A replayer of mainlines only, a little faster: it does not keep the
    /// position before each move, so the moves of a variation are not
    /// replayed (they give `None`, and no error).
    pub fn mainline_only(options: SanOptions) -> Replayer {
        Replayer {
            keep_before: false,
            variations: false,
            ..Replayer::new(options)
        }
    }

    /// How [`super::Replay`] sets it up: whether it keeps the position
    /// before each move, plays variations, writes each move's SAN.
    pub(super) fn configured(
        options: SanOptions,
        fen_options: FenOptions,
        keep_before: bool,
        variations: bool,
        standard: bool,
        default_variant: Option<super::tags::Variant>,
    ) -> Replayer {
        Replayer {
            keep_before: keep_before || variations,
            variations,
            standard,
            ..Replayer::new(options)
                .fen_options(fen_options)
                .default_variant(default_variant)
        }
    }

    /// With the FEN leniencies of `options` for `FEN` tags (see
    /// [`super::ReadOptions::fen`]).
    #[must_use]
    pub fn fen_options(mut self, options: FenOptions) -> Replayer {
        self.fen_options = options;
        self
    }

    /// Games without a `Variant` tag read as if they had `variant` (see
    /// [`super::ReadOptions::default_variant`]); a game's own tag decides.
    ///
    /// ```
    /// use chessnote::pgn::{ReadOptions, Reader};
    /// use chessnote::pgn::tags::Variant;
    /// let pgn = b"1. e4 d5 2. exd5 Qxd5 3. P@e4 *";
    /// let options = ReadOptions {
    ///     default_variant: Some(Variant::Crazyhouse),
    ///     ..ReadOptions::DEFAULT
    /// };
    /// let game = Reader::from_slice_with(pgn, options).games().next().unwrap();
    /// assert_eq!((game.uci().count(), game.errors.len()), (5, 0));
    /// ```
    #[must_use]
    pub fn default_variant(mut self, variant: Option<super::tags::Variant>) -> Replayer {
        self.default_variant = variant;
        self
    }

    /// A game starts: forget the last one.
    pub fn begin_game(&mut self, game: GameStart) {
        self.game = game;
        self.fen.clear();
        self.has_fen = false;
        self.variant_tag = false;
        self.set_variant(self.default_variant.map(Ok));
        self.lines.clear();
        self.used = SanOptions::STRICT;
    }

    /// A tag: `FEN` and `Variant` (see [`super::tags::Variant`]; spaces
    /// around the name are ignored) are kept, others ignored. `SetUp` is
    /// not needed: a `FEN` tag is used with or without it, as python-chess
    /// does.
    pub fn tag(&mut self, name: &[u8], value: RawTag<'_>) {
        match name {
            b"FEN" => {
                self.fen.clear();
                self.fen.extend_from_slice(&value.decode());
                self.has_fen = true;
            }
            b"Variant" => {
                let tag = super::tags::Variant::from_ascii(value.decode().trim_ascii());
                self.set_variant(Some(tag.map_err(drop)));
                self.variant_tag = true;
            }
            _ => {}
        }
    }

    /// The variant this game is read as without a `Variant` tag of its
    /// own ([`super::ReadOptions::default_variant`]): the tag the game is
    /// then given, so that it is written, filtered and exported as what
    /// it was read as.
    pub(super) fn defaulted_variant(&self) -> Option<super::tags::Variant> {
        self.default_variant.filter(|_| !self.variant_tag)
    }

    /// The rules of a `Variant` tag (`None`: no tag, standard chess; an
    /// error: a name not known).
    fn set_variant(&mut self, tag: Option<Result<super::tags::Variant, ()>>) {
        self.chess960 = false;
        self.unsupported = false;
        self.variant = Variant::Standard;
        match tag {
            None => {}
            Some(Ok(variant)) if variant.is_chess960() => self.chess960 = true,
            Some(Ok(variant)) => match variant.rules() {
                Some(rules) => self.variant = rules,
                None => self.unsupported = true,
            },
            Some(Err(())) => self.unsupported = true,
        }
    }

    /// The movetext begins: builds the start position.
    ///
    /// # Errors
    ///
    /// [`PgnErrorKind::InvalidFen`] when the `FEN` tag is not a legal
    /// position, [`PgnErrorKind::UnsupportedVariant`] for a variant other
    /// than standard chess and Chess960: the moves are then not replayed.
    pub fn begin_movetext(&mut self) -> Result<(), PgnError> {
        let error = |kind| {
            PgnError::new(
                kind,
                self.game.location,
                self.game.index,
                self.game.location,
            )
        };
        let start = if self.unsupported {
            Err(error(PgnErrorKind::UnsupportedVariant))
        } else if self.variant != Variant::Standard {
            self.variant_start(error(PgnErrorKind::InvalidFen))
        } else if self.has_fen {
            match Setup::from_ascii_with(&self.fen, self.fen_options) {
                Ok(setup) => {
                    let mode = if self.chess960 {
                        CastlingMode::Chess960
                    } else {
                        CastlingMode::detect(&setup)
                    };
                    Position::from_setup(&setup, mode)
                        .map(AnyPosition::Chess)
                        .map_err(|e| {
                            error(PgnErrorKind::InvalidFen)
                                .with_token(&self.fen)
                                .with_detail(e)
                        })
                }
                Err(e) => Err(error(PgnErrorKind::InvalidFen)
                    .with_token(&self.fen)
                    .with_detail(e.message())),
            }
        } else if self.chess960 {
            Position::from_setup(&Setup::STARTING, CastlingMode::Chess960)
                .map(AnyPosition::Chess)
                .map_err(|e| error(PgnErrorKind::InvalidFen).with_detail(e))
        } else {
            Ok(AnyPosition::Chess(Position::new()))
        };
        self.respell = self.standard || self.variant != Variant::Standard;
        let (start, dead, result) = match start {
            Ok(start) => (start, false, Ok(())),
            Err(error) => (AnyPosition::Chess(Position::new()), true, Err(error)),
        };
        self.start = start;
        self.lines.clear();
        self.lines.push(Line {
            before: self.start.clone(),
            after: self.start.clone(),
            ply: 0,
            dead,
        });
        result
    }

    /// A variant's start position: the `FEN` tag's (read with the
    /// variant's fields: pockets, check counters) or the variant's own;
    /// `invalid` is the error of an invalid `FEN` tag, completed here.
    fn variant_start(&self, invalid: PgnError) -> Result<AnyPosition, PgnError> {
        if !self.has_fen {
            return Ok(AnyPosition::Variant(alloc::boxed::Box::new(
                VariantPosition::new(self.variant),
            )));
        }
        let invalid = invalid.with_token(&self.fen);
        let setup = VariantSetup::from_ascii_with(&self.fen, self.fen_options)
            .map_err(|e| invalid.clone().with_detail(e.message()))?;
        let mode = if self.chess960 {
            CastlingMode::Chess960
        } else {
            CastlingMode::detect(&setup.setup)
        };
        VariantPosition::from_variant_setup(&setup, self.variant, mode)
            .map(|position| AnyPosition::Variant(alloc::boxed::Box::new(position)))
            .map_err(|e| invalid.with_detail(e))
    }

    /// The game's start position (after [`Replayer::begin_movetext`]); in
    /// a variant, its board (see [`Replayer::variant_position`]).
    pub fn start(&self) -> &Position {
        self.start.position()
    }

    /// The start position as a [`Setup`]: the standard one without a
    /// conversion when the game has no `FEN` tag and is standard chess.
    pub fn start_setup(&self) -> Setup {
        if self.has_fen || self.chess960 || self.unsupported || self.variant != Variant::Standard {
            self.start().to_setup()
        } else {
            Setup::STARTING
        }
    }

    /// Whether the game is Chess960 (by its `Variant` tag or its FEN).
    pub fn is_chess960(&self) -> bool {
        self.start().castling_mode() == CastlingMode::Chess960
    }

    /// The start position by the game's rules.
    pub(crate) fn start_position(&self) -> &AnyPosition {
        &self.start
    }

    /// In a variant, the position before the last move played in the
    /// current line (see [`Replayer::previous_position`]).
    pub fn previous_variant_position(&self) -> Option<&VariantPosition> {
        self.lines
            .last()
            .filter(|_| self.keep_before)
            .and_then(|line| line.before.variant_position())
    }

    /// The rules the game is played by (its `Variant` tag's).
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// In a variant, the position on the current line of play, with what
    /// the variant adds to the board (pockets, check counters).
    pub fn variant_position(&self) -> Option<&VariantPosition> {
        self.lines
            .last()
            .map_or(&self.start, |line| &line.after)
            .variant_position()
    }

    /// The position on the current line of play.
    pub fn position(&self) -> &Position {
        self.lines
            .last()
            .map_or(&self.start, |line| &line.after)
            .position()
    }

    /// The ply of the last move played on the current line (0 at the
    /// start).
    pub fn ply(&self) -> u32 {
        self.lines.last().map_or(0, |line| line.ply)
    }

    /// The position-level SAN leniencies ([`crate::san::Leniency::AnyDisambiguation`],
    /// [`crate::san::Leniency::CaptureMismatch`],
    /// [`crate::san::Leniency::WrongSuffix`]) the game's moves needed so
    /// far, in every line; the spelling's own are on each
    /// [`super::Token::leniencies`].
    pub fn leniencies(&self) -> SanOptions {
        self.used
    }

    /// Whether the current line of play has ended on an error (its moves
    /// are then ignored).
    pub fn is_stopped(&self) -> bool {
        self.lines.last().is_none_or(|line| line.dead)
    }

    /// Ends the current line of play (after a problem the reader reported
    /// in it, such as a move that is not SAN), so that its later moves do
    /// not each give an error.
    pub fn stop_line(&mut self) {
        if let Some(line) = self.lines.last_mut() {
            line.dead = true;
        }
    }

    /// Plays a move: the legal move, or `None` when the line has stopped.
    ///
    /// # Errors
    ///
    /// [`PgnErrorKind::IllegalMove`] (at the token, with the ply, the SAN
    /// and the position) when the move is illegal, ambiguous or needs a
    /// leniency not allowed: the line stops there.
    pub fn san(&mut self, san: SanPlus, token: &Token<'_>) -> Result<Option<Move>, PgnError> {
        self.play_san(san, token, &mut None)
            .map(|played| played.and_then(|p| p.mv))
    }

    /// Plays a SAN move and says how: `None` when the line has stopped.
    /// The SAN a correct writer writes for it, when the replayer writes SAN
    /// or the move needed a leniency, goes to `standard` (left as it is
    /// otherwise). Inside the result, it was written in pieces and read
    /// back whole: a stalled load on every move.
    pub(super) fn play_san(
        &mut self,
        san: SanPlus,
        token: &Token<'_>,
        standard: &mut Option<SanPlus>,
    ) -> Result<Option<Played>, PgnError> {
        let options = self.options;
        let game = self.game;
        let Some(line) = self.lines.last_mut() else {
            return Ok(None);
        };
        if line.dead {
            return Ok(None);
        }
        if san.san == San::Null {
            let mut next = line.after.clone();
            if next.play_null() {
                line.before = core::mem::replace(&mut line.after, next);
                line.ply += 1;
                return Ok(Some(Played {
                    mv: None,
                    used: SanOptions::STRICT,
                }));
            }
            let after = line.after.to_setup_text();
            return Err(illegal(line, game, token)
                .with_detail(format_args!("a null move in check, in {after}")));
        }
        match line.after.san_to_move(&san, options) {
            Ok((mv, used)) => {
                self.used |= used;
                let all = token.leniencies | used;
                // A move a warning is about says what it was read as.
                let warned = !all.difference(super::ReadOptions::STRICT_SAN).is_empty();
                let respelled =
                    (self.respell || warned).then(|| line.after.standard_san(mv, san, all));
                if self.keep_before {
                    line.before.clone_from(&line.after);
                }
                line.after.play_unchecked(mv);
                line.ply += 1;
                if let Some(san) = respelled {
                    *standard = Some(SanPlus {
                        san,
                        suffix: line.after.suffix_here(),
                        annotation: None,
                    });
                }
                Ok(Some(Played { mv: Some(mv), used }))
            }
            Err(error) => {
                let after = line.after.to_setup_text();
                let err = illegal(line, game, token);
                Err(if matches!(error.kind(), MoveErrorKind::Illegal) {
                    err.with_detail(format_args!("in {after}"))
                } else {
                    err.with_detail(error.message())
                })
            }
        }
    }

    /// Plays a move read as UCI (see [`super::PgnLeniency::UciMoves`]): the
    /// legal move and its SAN, or `None` when the line has stopped (or for
    /// `0000`, a null move, played as [`Replayer::san`] plays `--`).
    ///
    /// # Errors
    ///
    /// As [`Replayer::san`]: the move is not legal here; the line stops.
    pub fn uci(
        &mut self,
        uci: Uci,
        token: &Token<'_>,
    ) -> Result<Option<(Move, SanPlus)>, PgnError> {
        if uci == Uci::Null {
            return self.san(SanPlus::from(San::Null), token).map(|_| None);
        }
        self.play_uci(uci, token)
    }

    /// Plays a move read as UCI (not the null move): the legal move and
    /// its SAN, or `None` when the line has stopped.
    pub(super) fn play_uci(
        &mut self,
        uci: Uci,
        token: &Token<'_>,
    ) -> Result<Option<(Move, SanPlus)>, PgnError> {
        let game = self.game;
        let Some(line) = self.lines.last_mut() else {
            return Ok(None);
        };
        if line.dead {
            return Ok(None);
        }
        match line.after.uci_to_move(uci) {
            Ok((mv, san)) => {
                if self.keep_before {
                    line.before.clone_from(&line.after);
                }
                line.after.play_unchecked(mv);
                line.ply += 1;
                Ok(Some((mv, san)))
            }
            Err(error) => Err(illegal(line, game, token).with_detail(error.message())),
        }
    }

    /// The position before the last move played in the current line, when
    /// the replayer keeps it (not [`Replayer::mainline_only`]).
    pub fn previous_position(&self) -> Option<&Position> {
        self.lines
            .last()
            .filter(|_| self.keep_before)
            .map(|line| line.before.position())
    }

    /// A variation opens: it replaces the last move of the current line.
    pub fn begin_variation(&mut self) {
        let line = match self.lines.last() {
            Some(parent) => Line {
                before: parent.before.clone(),
                after: parent.before.clone(),
                ply: parent.ply.saturating_sub(1),
                dead: parent.dead || !self.variations,
            },
            None => Line {
                before: self.start.clone(),
                after: self.start.clone(),
                ply: 0,
                dead: true,
            },
        };
        self.lines.push(line);
    }

    /// The variation closes: back to the line it branched from.
    pub fn end_variation(&mut self) {
        if self.lines.len() > 1 {
            self.lines.pop();
        }
    }
}
