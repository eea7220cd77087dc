//! What a filter reads of a game ([`FilterInput`]), for the library's
//! games and headers and for plain tag pairs ([`TagsAndPlies`]).

use alloc::string::String;

use super::Watch;
use crate::pgn::{Game, Headers, ReplayState};

/// What a [`Filter`](super::Filter) reads of a game: its tags and, when
/// the expression uses `plies`, its number of mainline moves.
///
/// ```
/// use chessnote::pgn::filter::{Filter, FilterInput};
///
/// /// A game known by its rating alone.
/// struct Rated(u16);
/// impl FilterInput for Rated {
///     fn tag(&self, name: &str) -> Option<&str> {
///         (name == "WhiteElo").then_some(if self.0 >= 2000 { "2000" } else { "1000" })
///     }
///     fn plies(&self) -> u32 {
///         0
///     }
/// }
/// let filter = Filter::parse("WhiteElo >= 2000")?;
/// assert!(filter.matches(&Rated(2100)) && !filter.matches(&Rated(1500)));
/// # Ok::<(), chessnote::pgn::filter::FilterError>(())
/// ```
pub trait FilterInput {
    /// The value of the first tag of that name (escapes decoded), if the
    /// game has one.
    fn tag(&self, name: &str) -> Option<&str>;

    /// The number of mainline plies (only called when
    /// [`Filter::needs_moves`](super::Filter::needs_moves)).
    fn plies(&self) -> u32;

    /// The game's opening as Lichess names it (only called when
    /// [`Filter::needs_openings`](super::Filter::needs_openings)); none by
    /// default.
    fn opening(&self) -> Option<crate::opening::OpeningAt> {
        None
    }

    /// What the replay's [`Watch`] saw of the game's mainline (only read
    /// when the filter tests positions or `status`, and only when it
    /// watched that filter's tests); none by default.
    fn watch(&self) -> Option<&Watch> {
        None
    }
}

impl FilterInput for Game {
    #[inline]
    fn tag(&self, name: &str) -> Option<&str> {
        Game::tag(self, name)
    }

    /// The number of mainline moves, [`Game::moves`]`.len()`.
    #[inline]
    fn plies(&self) -> u32 {
        u32::try_from(self.moves.len()).unwrap_or(u32::MAX)
    }

    /// [`Game::opening`] (named when the builder names openings).
    #[inline]
    fn opening(&self) -> Option<crate::opening::OpeningAt> {
        self.opening
    }

    /// [`Game::watch`] (kept when the builder had a filter).
    #[inline]
    fn watch(&self) -> Option<&Watch> {
        self.watch.as_ref()
    }
}

impl FilterInput for ReplayState {
    #[inline]
    fn tag(&self, name: &str) -> Option<&str> {
        self.tags().get(name)
    }

    /// The mainline moves read so far ([`ReplayState::plies`]).
    #[inline]
    fn plies(&self) -> u32 {
        ReplayState::plies(self)
    }

    /// [`ReplayState::opening`].
    #[cfg(feature = "std")]
    #[inline]
    fn opening(&self) -> Option<crate::opening::OpeningAt> {
        ReplayState::opening(self)
    }

    /// [`ReplayState::watch`].
    #[inline]
    fn watch(&self) -> Option<&Watch> {
        ReplayState::watch(self)
    }
}

impl FilterInput for Headers {
    #[inline]
    fn tag(&self, name: &str) -> Option<&str> {
        Headers::tag(self, name)
    }

    /// Always `0`: headers have no moves. Match headers only with filters
    /// that do not [need the moves](super::Filter::needs_moves).
    #[inline]
    fn plies(&self) -> u32 {
        0
    }
}

/// A ready-made [`FilterInput`]: tags as pairs (the first of a name
/// counts) and a number of plies.
///
/// ```
/// use chessnote::pgn::filter::{Filter, TagsAndPlies};
///
/// let tags = [("Result".to_owned(), "1-0".to_owned())];
/// let game = TagsAndPlies { tags: &tags, plies: 41 };
/// assert!(Filter::parse(r#"Result = "1-0" and plies > 40"#)?.matches(&game));
/// # Ok::<(), chessnote::pgn::filter::FilterError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TagsAndPlies<'a> {
    /// The tag pairs, names then values, escapes decoded.
    pub tags: &'a [(String, String)],
    /// The number of mainline plies.
    pub plies: u32,
}

impl FilterInput for TagsAndPlies<'_> {
    #[inline]
    fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    #[inline]
    fn plies(&self) -> u32 {
        self.plies
    }
}

impl<T: FilterInput + ?Sized> FilterInput for &T {
    #[inline]
    fn tag(&self, name: &str) -> Option<&str> {
        (**self).tag(name)
    }

    #[inline]
    fn plies(&self) -> u32 {
        (**self).plies()
    }

    #[inline]
    fn opening(&self) -> Option<crate::opening::OpeningAt> {
        (**self).opening()
    }

    #[inline]
    fn watch(&self) -> Option<&Watch> {
        (**self).watch()
    }
}
