//! The visitor: what a program does with each part of a game as the reader
//! meets it.

use core::ops::ControlFlow;

use super::{GameResult, Nag, PgnError, RawComment, RawTag, Skip, Token};
use crate::location::Location;
use crate::san::SanPlus;
use crate::uci::Uci;

/// Where a game starts: its number in the input and its first byte.
///
/// Its `Default` is the start of an input: game 0 at byte 0, line 1,
/// column 1.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct GameStart {
    /// The game's number in the input, from 0.
    pub index: u64,
    /// Where its first byte is (after the whitespace before it).
    pub location: Location,
}

/// What a program does with the parts of a game, in the order the reader
/// meets them: [`begin_game`](Visitor::begin_game), the tags, then
/// [`begin_movetext`](Visitor::begin_movetext), the moves, NAGs, comments,
/// variations and the result, then [`end_game`](Visitor::end_game).
///
/// Each phase has its own state: `begin_game` returns the `Tags` that every
/// [`tag`](Visitor::tag) call gets, `begin_movetext` turns them into the
/// `Movetext`, and `end_game` turns that into the `Output`. Any method that
/// returns [`ControlFlow`] can stop the game with `Break(output)`: the
/// reader then skips the rest of the game (without parsing its moves) and
/// returns that output, and the next read starts cleanly at the next game.
///
/// Problems in the input come to [`error`](Visitor::error), which every
/// visitor must write, so that none is dropped without a decision. The
/// reader recovers from each (see [`PgnError`]); returning `Break` stops
/// the game instead.
///
/// Variations are skipped unless [`begin_variation`](Visitor::begin_variation)
/// says otherwise, so a visitor that only wants the mainline never mistakes
/// a sideline for it.
///
/// ```
/// use std::ops::ControlFlow;
/// use chessnote::pgn::{GameStart, PgnError, RawTag, Reader, Token, Visitor};
/// use chessnote::san::SanPlus;
///
/// /// Counts the moves of the games White won.
/// struct WhiteWins;
///
/// impl Visitor for WhiteWins {
///     type Tags = bool;
///     type Movetext = usize;
///     type Output = Option<usize>;
///
///     fn begin_game(&mut self, _: GameStart) -> ControlFlow<Option<usize>, bool> {
///         ControlFlow::Continue(false)
///     }
///     fn tag(&mut self, won: &mut bool, name: &[u8], value: RawTag<'_>) -> ControlFlow<Option<usize>> {
///         if name == b"Result" {
///             *won = value.as_bytes() == b"1-0";
///         }
///         ControlFlow::Continue(())
///     }
///     fn begin_movetext(&mut self, won: bool) -> ControlFlow<Option<usize>, usize> {
///         // Skip the movetext of the other games: their moves are not parsed.
///         if won { ControlFlow::Continue(0) } else { ControlFlow::Break(None) }
///     }
///     fn san(&mut self, moves: &mut usize, _: SanPlus, _: Token<'_>) -> ControlFlow<Option<usize>> {
///         *moves += 1;
///         ControlFlow::Continue(())
///     }
///     fn error(&mut self, error: PgnError) -> ControlFlow<Option<usize>> {
///         eprintln!("{error}");
///         ControlFlow::Continue(())
///     }
///     fn end_game(&mut self, moves: usize) -> Option<usize> {
///         Some(moves)
///     }
/// }
///
/// let pgn = b"[Result \"1-0\"]\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n\
///             [Result \"0-1\"]\n1. f3 e5 2. g4 Qh4# 0-1\n";
/// let mut reader = Reader::from_slice(pgn);
/// assert_eq!(reader.read_game(&mut WhiteWins)?, Some(Some(7)));
/// assert_eq!(reader.read_game(&mut WhiteWins)?, Some(None));
/// assert_eq!(reader.read_game(&mut WhiteWins)?, None);
/// # Ok::<(), core::convert::Infallible>(())
/// ```
pub trait Visitor {
    /// The state while reading tags.
    type Tags;
    /// The state while reading the movetext.
    type Movetext;
    /// What a game gives.
    type Output;

    /// A game starts.
    fn begin_game(&mut self, game: GameStart) -> ControlFlow<Self::Output, Self::Tags>;

    /// A tag pair: the name as written, the value between the quotes with
    /// its escapes (decode with [`RawTag::decode_text`]).
    fn tag(
        &mut self,
        tags: &mut Self::Tags,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<Self::Output> {
        let _ = (tags, name, value);
        ControlFlow::Continue(())
    }

    /// The tags are over; the movetext (possibly empty) follows. `Break`
    /// skips the movetext without parsing it: the header-only fast path.
    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext>;

    /// A move, in SAN (its annotation glyph, if any, comes next as a
    /// [`nag`](Visitor::nag)), with where and how it was written.
    fn san(
        &mut self,
        movetext: &mut Self::Movetext,
        san: SanPlus,
        token: Token<'_>,
    ) -> ControlFlow<Self::Output> {
        let _ = (movetext, san, token);
        ControlFlow::Continue(())
    }

    /// A move written in UCI (`e2e4`, `e7e8q`, `0000`), which the reader
    /// reads only with [`PgnLeniency::UciMoves`](super::PgnLeniency::UciMoves),
    /// as pgn-extract's `-Wuci` and chessnote's UCI export write them. The
    /// default ignores it: a visitor that enables the leniency reads them
    /// here (the built-in ones do, with [`Replayer::uci`](super::Replayer::uci)).
    fn uci(
        &mut self,
        movetext: &mut Self::Movetext,
        uci: Uci,
        token: Token<'_>,
    ) -> ControlFlow<Self::Output> {
        let _ = (movetext, uci, token);
        ControlFlow::Continue(())
    }

    /// A NAG, `$n` or a glyph (`!?`, written alone or after a move).
    fn nag(&mut self, movetext: &mut Self::Movetext, nag: Nag) -> ControlFlow<Self::Output> {
        let _ = (movetext, nag);
        ControlFlow::Continue(())
    }

    /// A comment, whole, or the last piece of one longer than the buffer.
    fn comment(
        &mut self,
        movetext: &mut Self::Movetext,
        comment: RawComment<'_>,
    ) -> ControlFlow<Self::Output> {
        let _ = (movetext, comment);
        ControlFlow::Continue(())
    }

    /// A piece of a comment longer than the reader's buffer (more pieces
    /// follow, the last one through [`comment`](Visitor::comment)). Pieces
    /// never split a UTF-8 sequence. By default, passed on to `comment`.
    fn partial_comment(
        &mut self,
        movetext: &mut Self::Movetext,
        comment: RawComment<'_>,
    ) -> ControlFlow<Self::Output> {
        self.comment(movetext, comment)
    }

    /// A variation opens. `Skip(true)` (the default) skips it, fast and
    /// with whatever it nests, without parsing its moves; `Skip(false)`
    /// reads it: its moves, and [`end_variation`](Visitor::end_variation)
    /// at its `)` (or at the end of the game when it is not closed, which
    /// is reported).
    fn begin_variation(
        &mut self,
        movetext: &mut Self::Movetext,
    ) -> ControlFlow<Self::Output, Skip> {
        let _ = movetext;
        ControlFlow::Continue(Skip(true))
    }

    /// A variation that was read closes. Calls always match
    /// `begin_variation` calls that returned `Skip(false)`.
    fn end_variation(&mut self, movetext: &mut Self::Movetext) -> ControlFlow<Self::Output> {
        let _ = movetext;
        ControlFlow::Continue(())
    }

    /// The termination marker (`1-0`, `0-1`, `1/2-1/2`, `*`). A game
    /// without one does not call this.
    fn result(
        &mut self,
        movetext: &mut Self::Movetext,
        result: GameResult,
    ) -> ControlFlow<Self::Output> {
        let _ = (movetext, result);
        ControlFlow::Continue(())
    }

    /// A problem in the input, from any phase. The reader recovers from it
    /// and goes on unless this returns `Break`.
    fn error(&mut self, error: PgnError) -> ControlFlow<Self::Output>;

    /// The game is over.
    fn end_game(&mut self, movetext: Self::Movetext) -> Self::Output;
}
