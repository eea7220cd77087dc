//! The evaluator: [`Filter::matches`] walks the compiled steps, reading
//! each test's field from the game and comparing it with the literal; and
//! how a tag's value is read for a comparison: as an integer, a date, a
//! string, or through a sub-field (a date's parts; a time control's first
//! period, read by [`TimeControl`]). Nothing here allocates.

use super::compile::Target;
use super::expr::{Check, Field, Literal, Node, OpeningPart, Sub, Test};
use super::lex::parse_integer;
use super::{Filter, FilterInput};
use crate::pgn::tags::{Date, TimeControl, TimePeriod};

impl Filter {
    /// Whether a game matches: the walk of [`Filter::matches`].
    pub(super) fn walk(&self, game: &(impl FilterInput + ?Sized)) -> bool {
        let mut at = 0;
        loop {
            let Some(step) = self.steps.get(at) else {
                return false;
            };
            let next = if self.holds(&step.test, game) {
                step.on_true
            } else {
                step.on_false
            };
            match next {
                Target::Step(i) => at = i,
                Target::Accept => return true,
                Target::Reject => return false,
            }
        }
    }

    /// Whether the tags alone refuse the game: the expression is false
    /// whatever its tests of the moves (`plies`, `opening`, positions,
    /// `status`) say, so the moves need not be read. Read over the tree,
    /// children before parents, each node true, false or unknown (Kleene's
    /// logic); nothing recurses, and nothing is allocated for up to 64
    /// nodes. For a filter of tags alone, it is `!matches`.
    ///
    /// ```
    /// use chessnote::pgn::filter::{Filter, TagsAndPlies};
    /// let tags = [("WhiteElo".to_owned(), "1500".to_owned())];
    /// let game = TagsAndPlies { tags: &tags, plies: 0 };
    /// let refuses = |expr: &str| Filter::parse(expr).unwrap().refuses_by_tags(&game);
    /// assert!(refuses("WhiteElo > 2000 and plies > 40"));
    /// assert!(!refuses("WhiteElo > 2000 or plies > 40"));
    /// assert!(!refuses("not (WhiteElo > 2000 and plies > 40)"));
    /// ```
    pub fn refuses_by_tags(&self, game: &(impl FilterInput + ?Sized)) -> bool {
        const UNKNOWN: u8 = 2;
        if !self.needs_moves {
            return !self.walk(game);
        }
        let mut small = [UNKNOWN; 64];
        let mut large = alloc::vec::Vec::new();
        let values: &mut [u8] = if self.nodes.len() <= small.len() {
            &mut small
        } else {
            large.resize(self.nodes.len(), UNKNOWN);
            &mut large
        };
        for (i, node) in self.nodes.iter().enumerate() {
            let get = |n: usize| values.get(n).copied().unwrap_or(UNKNOWN);
            let value = match *node {
                Node::Test(t) => match self.steps.get(t) {
                    Some(step) if !step.test.field.is_of_moves() => {
                        u8::from(self.holds(&step.test, game))
                    }
                    _ => UNKNOWN,
                },
                Node::Not(x) => match get(x) {
                    UNKNOWN => UNKNOWN,
                    v => 1 - v,
                },
                Node::And(a, b) => match (get(a), get(b)) {
                    (0, _) | (_, 0) => 0,
                    (1, 1) => 1,
                    _ => UNKNOWN,
                },
                Node::Or(a, b) => match (get(a), get(b)) {
                    (1, _) | (_, 1) => 1,
                    (0, 0) => 0,
                    _ => UNKNOWN,
                },
            };
            if let Some(slot) = values.get_mut(i) {
                *slot = value;
            }
        }
        self.nodes
            .len()
            .checked_sub(1)
            .and_then(|root| values.get(root))
            == Some(&0)
    }

    /// Whether one test holds for the game.
    fn holds(&self, test: &Test, game: &(impl FilterInput + ?Sized)) -> bool {
        let (name, sub) = match test.field {
            Field::Plies => {
                return match &test.check {
                    Check::Compare(op, Literal::Int(n)) => op.holds(i64::from(game.plies()).cmp(n)),
                    _ => false,
                };
            }
            Field::Opening(part) => {
                let Some(opening) = game.opening() else {
                    return false;
                };
                return match (part, &test.check) {
                    (_, Check::Present) => true,
                    (OpeningPart::Ply, Check::Compare(op, Literal::Int(n))) => {
                        op.holds(i64::from(opening.ply).cmp(n))
                    }
                    (OpeningPart::Name, Check::Compare(op, Literal::Str(s))) => {
                        op.holds_str(opening.name, s)
                    }
                    (OpeningPart::Eco, Check::Compare(op, Literal::Str(s))) => {
                        op.holds_str(opening.eco, s)
                    }
                    _ => false,
                };
            }
            Field::Position(i) => return self.held(i, game),
            Field::Status => {
                let Some(end) = self.watch_of(game).and_then(|w| w.status()) else {
                    return false;
                };
                return match &test.check {
                    Check::Present => true,
                    Check::Compare(op, Literal::Str(s)) => {
                        op.holds_str(super::watch::status_name(end), s)
                    }
                    Check::Compare(..) => false,
                };
            }
            Field::Tag(name, sub) => (name, sub),
        };
        let Some(value) = self.names.get(name).and_then(|name| game.tag(name)) else {
            return false;
        };
        if value.is_empty() || value == "?" {
            return false;
        }
        if sub != Sub::Whole {
            let Some(number) = sub_value(value.as_bytes(), sub) else {
                return false;
            };
            return match &test.check {
                Check::Present => true,
                Check::Compare(op, Literal::Int(n)) => op.holds(number.cmp(n)),
                Check::Compare(..) => false,
            };
        }
        match &test.check {
            Check::Present => true,
            Check::Compare(op, Literal::Str(s)) => op.holds_str(value, s),
            Check::Compare(op, Literal::Int(n)) => {
                parse_integer(value.as_bytes()).is_ok_and(|v| op.holds(v.cmp(n)))
            }
            Check::Compare(op, Literal::Date(date)) => {
                let value = Date::from_ascii(value.as_bytes()).ok().and_then(date_key);
                match (value, date_key(*date)) {
                    (Some(v), Some(d)) => op.holds(v.cmp(&d)),
                    _ => false,
                }
            }
        }
    }
}

/// A date as a number that orders dates: `YYYYMMDD`, an unknown month or
/// day as `00`; `None` when the year is unknown.
fn date_key(date: Date) -> Option<i64> {
    let year = i64::from(date.year()?);
    let month = i64::from(date.month().unwrap_or(0));
    let day = i64::from(date.day().unwrap_or(0));
    Some(year * 10_000 + month * 100 + day)
}

/// The number a sub-field reads from a tag's value, if any.
fn sub_value(value: &[u8], sub: Sub) -> Option<i64> {
    match sub {
        Sub::Whole => None,
        Sub::Year | Sub::Month | Sub::Day => {
            let date = Date::from_ascii(value).ok()?;
            match sub {
                Sub::Year => date.year().map(i64::from),
                Sub::Month => date.month().map(i64::from),
                _ => date.day().map(i64::from),
            }
        }
        Sub::Base | Sub::Increment | Sub::Moves => {
            // The first period, as `TimeControl::from_ascii` reads the
            // whole value (a bad later period leaves none); none for `?`
            // and `-`.
            let Ok(Some(period)) = TimeControl::first_period(value) else {
                return None;
            };
            // A sandclock has neither moves nor an increment.
            let (moves, increment_ms) = match period {
                TimePeriod::Normal {
                    moves,
                    increment_ms,
                    ..
                } => (moves, increment_ms),
                TimePeriod::Sandclock { .. } => (None, None),
            };
            match sub {
                Sub::Base => i64::try_from(period.time_ms() / 1000).ok(),
                Sub::Increment => i64::try_from(increment_ms.unwrap_or(0) / 1000).ok(),
                _ => moves.map(i64::from),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pgn::filter::fixtures::{lichess, m, on, pairs};
    use crate::pgn::tags::parse_elo;
    use crate::pgn::{Game, Headers, Reader};
    use alloc::vec::Vec;

    #[test]
    fn integers() {
        for (expr, want) in [
            ("WhiteElo >= 1500", true),
            ("WhiteElo > 1500", false),
            ("WhiteElo = 1500", true),
            ("WhiteElo == 1500", true),
            ("WhiteElo != 1500", false),
            ("WhiteElo != 1400", true),
            ("WhiteElo < 1501", true),
            ("WhiteElo <= 1499", false),
            ("WhiteRatingDiff = 5", true),
            ("WhiteRatingDiff > +4", true),
            ("BlackRatingDiff = -12", true),
            ("BlackRatingDiff < -11", true),
            ("WhiteElo>=1500", true),
            ("WhiteElo=1500", true),
            // Read as an integer whatever the tag.
            ("Event = 1", false),
            ("Event != 1", false),
        ] {
            assert_eq!(m(expr), want, "{expr}");
        }
    }

    #[test]
    fn strings() {
        for (expr, want) in [
            (r#"Result = "1-0""#, true),
            (r#"Result != "1-0""#, false),
            (r#"Result != "0-1""#, true),
            (r#"Event ~ "Blitz""#, true),
            (r#"Event ~ "blitz""#, false),
            (r#"Event !~ "Bullet""#, true),
            (r#"Event !~ "Blitz""#, false),
            (r#"Event ~ """#, true),
            (r#"Event > "Rated""#, true),
            (r#"Event < "S""#, true),
            // Byte-wise: "1500" sorts before "9".
            (r#"WhiteElo < "9""#, true),
            (r#"WhiteElo = "1500""#, true),
        ] {
            assert_eq!(m(expr), want, "{expr}");
        }
        let tags = pairs(&[("Annotator", r#"say "hi" \o/"#)]);
        assert!(on(r#"Annotator = "say \"hi\" \\o/""#, &tags, 0));
        assert!(on(r#"Annotator ~ "\\o""#, &tags, 0));
        assert!(on(r#"Annotator ~ "\"hi\"""#, &tags, 0));
        let tags = pairs(&[("White", "Müller, Jürgen")]);
        assert!(on(r#"White ~ "Jürgen""#, &tags, 0));
    }

    #[test]
    fn dates() {
        for (expr, want) in [
            ("UTCDate >= 2020.01.01", true),
            ("UTCDate >= 2020-01-01", true),
            ("UTCDate = 2025.05.01", true),
            ("UTCDate > 2025.05.01", false),
            ("UTCDate < 2025.05.02", true),
            ("UTCDate != 2025.05.01", false),
            ("UTCDate >= 2025.??.??", true),
            ("UTCDate = 2025.05.??", false),
            // `1992.??.??` is (1992, 0, 0).
            ("Date < 1992.01.01", true),
            ("Date >= 1992.??.??", true),
            ("Date = 1992.??.??", true),
            ("Date > 1991.12.31", true),
            ("Date >= 1992.01.01", false),
            ("Date.year = 1992", true),
            ("Date.month = 1", false),
            ("Date.month != 1", false),
            ("Date.month", false),
            ("not Date.month", true),
            ("Date.year", true),
            ("UTCDate.month = 5", true),
            ("UTCDate.day = 1", true),
            ("UTCDate.year >= 2025 and UTCDate.year < 2026", true),
            // Not dates: no value.
            ("Event >= 1900.01.01", false),
            ("Event.year > 0", false),
            ("Event.year", false),
        ] {
            assert_eq!(m(expr), want, "{expr}");
        }
        let unknown = pairs(&[("Date", "????.??.??")]);
        assert!(!on("Date < 3000.01.01", &unknown, 0));
        assert!(!on("Date != 3000.01.01", &unknown, 0));
        assert!(on("Date", &unknown, 0));
        assert!(!on("Date.year", &unknown, 0));
        let known_day = pairs(&[("Date", "1992.??.15")]);
        assert!(on("Date = 1992.??.15", &known_day, 0));
        assert!(on("Date.day = 15", &known_day, 0));
    }

    #[test]
    fn time_controls() {
        for (expr, want) in [
            ("TimeControl.base >= 600", true),
            ("TimeControl.base > 600", false),
            ("TimeControl.increment = 5", true),
            ("TimeControl.moves", false),
            ("TimeControl.moves > 0", false),
            ("TimeControl.base", true),
            (r#"TimeControl = "600+5""#, true),
            // `600+5` is not an integer.
            ("TimeControl = 600", false),
        ] {
            assert_eq!(m(expr), want, "{expr}");
        }
        let tc = |value: &str, expr: &str| on(expr, &pairs(&[("TimeControl", value)]), 0);
        for value in ["-", "?", "", "300 + 3", "fast"] {
            for expr in [
                "TimeControl.base >= 0",
                "TimeControl.base < 0",
                "TimeControl.base != 1",
                "TimeControl.increment = 0",
                "TimeControl.base",
            ] {
                assert!(!tc(value, expr), "{value} {expr}");
            }
        }
        assert!(tc("-", "TimeControl"));
        assert!(tc(
            "300",
            "TimeControl.increment = 0 and TimeControl.base = 300"
        ));
        assert!(tc(
            "*180",
            "TimeControl.base = 180 and TimeControl.increment = 0"
        ));
        assert!(tc(
            "40/7200:3600",
            "TimeControl.moves = 40 and TimeControl.base = 7200"
        ));
        assert!(tc("40/7200+30:900", "TimeControl.increment = 30"));
        assert!(tc(
            "10+0.05",
            "TimeControl.base = 10 and TimeControl.increment = 0"
        ));
        assert!(tc("0.5", "TimeControl.base = 0"));
        assert!(tc("40/60+0.6", "TimeControl.increment = 0"));
        assert!(!tc("*180", "TimeControl.moves"));
        assert!(tc("300+0", "TimeControl.increment = 0"));
        // Any tag: a rating reads as a time control of that many seconds.
        assert!(on("WhiteElo.base = 1500", &lichess(), 0));
        // A bad second period makes the whole value unreadable.
        assert!(!tc("40/7200:x", "TimeControl.base = 7200"));
    }

    #[test]
    fn plies() {
        let tags = lichess();
        assert!(on("plies > 40", &tags, 41));
        assert!(!on("plies > 40", &tags, 40));
        assert!(on("plies = 0", &[], 0));
        assert!(on("plies <= 4294967295", &[], u32::MAX));
        assert!(on("plies != 3", &[], 0));
        let filter = Filter::parse("plies > 40 and WhiteElo").unwrap();
        assert!(filter.needs_moves());
        assert!(!filter.uses_tag(b"plies"));
        assert!(filter.uses_tag(b"WhiteElo"));
        assert!(!Filter::parse("Plies > 40").unwrap().needs_moves());
        assert!(Filter::parse("Plies > 40").unwrap().uses_tag(b"Plies"));
    }

    #[test]
    fn openings() {
        use crate::opening::OpeningAt;
        /// A game known by its opening.
        struct Named(Option<OpeningAt>);
        impl FilterInput for Named {
            fn tag(&self, _: &str) -> Option<&str> {
                None
            }
            fn plies(&self) -> u32 {
                0
            }
            fn opening(&self) -> Option<OpeningAt> {
                self.0
            }
        }
        let najdorf = Named(Some(OpeningAt {
            eco: "B90",
            name: "Sicilian Defense: Najdorf Variation",
            ply: 10,
        }));
        let none = Named(None);
        for (expr, want) in [
            (r#"opening ~ "Sicilian""#, true),
            (
                r#"opening.name = "Sicilian Defense: Najdorf Variation""#,
                true,
            ),
            (r#"opening !~ "French""#, true),
            (r#"opening.eco >= "B50" and opening.eco < "C00""#, true),
            (r#"opening.eco = "B9""#, false),
            ("opening.ply = 10", true),
            ("opening.ply > 10", false),
            ("opening", true),
            ("not opening", false),
        ] {
            let filter = Filter::parse(expr).unwrap();
            assert!(filter.needs_openings() && filter.needs_moves(), "{expr}");
            assert_eq!(filter.matches(&najdorf), want, "{expr}");
            // No opening: every test of it is false (`not` of one true).
            let without = expr.starts_with("not ");
            assert_eq!(filter.matches(&none), without, "{expr} with no opening");
        }
        // The tag `Opening` is another field.
        assert!(!Filter::parse(r#"Opening ~ "x""#).unwrap().needs_openings());
        // Written back as read.
        for expr in [
            "opening.eco = \"B90\"",
            "opening.ply >= 5",
            "opening ~ \"Sicilian\"",
        ] {
            assert_eq!(Filter::parse(expr).unwrap().to_string(), expr);
        }
        assert_eq!(
            Filter::parse(r#"opening.name = "x""#).unwrap().to_string(),
            r#"opening = "x""#
        );
    }

    #[test]
    fn absent_values() {
        for expr in [
            "BlackElo = 1500",
            "BlackElo != 1500",
            "BlackElo < 3000",
            r#"BlackElo = "?""#,
            r#"BlackElo != "x""#,
            r#"BlackElo ~ """#,
            r#"BlackElo !~ "1""#,
            "BlackElo",
            "Missing",
            "Missing != 0",
            r#"Missing !~ "x""#,
            "Termination",
            r#"Termination = """#,
            r#"Termination !~ "x""#,
            "BlackElo.year",
        ] {
            assert!(!m(expr), "{expr}");
        }
        for expr in [
            "not BlackElo = 1500",
            "not (BlackElo != 1500)",
            "not BlackElo",
            "!Missing",
            "not Termination",
            "WhiteElo",
            "TimeControl",
        ] {
            assert!(m(expr), "{expr}");
        }
        for value in ["?", "-", ""] {
            let tags = pairs(&[("WhiteElo", value)]);
            assert!(!on("WhiteElo >= 0", &tags, 0));
            assert!(!on("WhiteElo < 0", &tags, 0));
            assert!(on("not WhiteElo >= 0", &tags, 0));
        }
        // `-` is a value (not `?` or empty), but no integer.
        assert!(on("WhiteElo", &pairs(&[("WhiteElo", "-")]), 0));
        // The first tag of a name counts.
        let twice = pairs(&[("WhiteElo", "1000"), ("WhiteElo", "2000")]);
        assert!(on("WhiteElo = 1000", &twice, 0));
        assert!(!on("WhiteElo = 2000", &twice, 0));
        // Names are case-sensitive.
        assert!(!m("whiteelo = 1500"));
    }

    #[test]
    fn inputs() {
        let pgn = b"[Event \"A\"]\n[WhiteElo \"2100\"]\n\n1. e4 e5 2. Nf3 *\n\n[Event \"B\"]\n\n1. d4 *\n";
        let filter = Filter::parse("WhiteElo >= 2000 or plies = 1").unwrap();
        let games: Vec<Game> = Reader::from_slice(pgn).games().collect();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].plies(), 3);
        assert!(filter.matches(&games[0]) && filter.matches(&games[1]));
        let headers: Vec<Headers> = Reader::from_slice(pgn).headers().collect();
        assert_eq!(headers[1].plies(), 0);
        assert!(filter.matches(&headers[0]) && !filter.matches(&headers[1]));
        let dynamic: &dyn FilterInput = &headers[0];
        assert!(filter.matches(dynamic));
        assert!(filter.matches(&&games[1]));
    }

    /// `WhiteElo >= 2000` (and a few more) on a million bytes of Lichess
    /// games, against the same counts computed with `tags`.
    #[test]
    fn real_lichess_tags() {
        let required =
            std::env::var_os("CHESSNOTE_REQUIRE_SHARED").is_some_and(|v| !v.is_empty() && v != "0");
        let path = std::env::var_os("CHESSNOTE_SHARED")
            .map(|dir| std::path::PathBuf::from(dir).join("data/pgn/medium/lichess_db_1000k.pgn"));
        let bytes = match path.as_ref().map(std::fs::read) {
            Some(Ok(bytes)) => bytes,
            other => {
                assert!(
                    !required,
                    "CHESSNOTE_REQUIRE_SHARED is set but {path:?} cannot be read: {other:?}"
                );
                return;
            }
        };
        let headers: Vec<Headers> = Reader::from_slice(&bytes).headers().collect();
        assert!(headers.len() > 400, "{} games", headers.len());
        let count = |expr: &str| {
            let filter = Filter::parse(expr).unwrap();
            headers.iter().filter(|h| filter.matches(*h)).count()
        };
        let elo = |h: &Headers, name: &str| {
            h.tag(name)
                .and_then(|v| parse_elo(v.as_bytes()).ok().flatten())
        };
        let strong = headers
            .iter()
            .filter(|h| elo(h, "WhiteElo").is_some_and(|e| e >= 2000))
            .count();
        assert!(strong > 0);
        assert_eq!(count("WhiteElo >= 2000"), strong);
        let rated = headers
            .iter()
            .filter(|h| elo(h, "WhiteElo").is_some())
            .count();
        assert_eq!(count("WhiteElo >= 2000") + count("WhiteElo < 2000"), rated);
        assert_eq!(count("not WhiteElo >= 2000"), headers.len() - strong);
        let base = |h: &Headers| {
            let tc = TimeControl::from_ascii(h.tag("TimeControl")?.as_bytes()).ok()?;
            Some(tc.periods().first()?.time_ms() / 1000)
        };
        let slow = headers
            .iter()
            .filter(|h| base(h).is_some_and(|b| b >= 600))
            .count();
        assert!(slow > 0);
        assert_eq!(count("TimeControl.base >= 600"), slow);
        let blitz = headers
            .iter()
            .filter(|h| h.tag("Event").is_some_and(|e| e.contains("Blitz")))
            .count();
        assert!(blitz > 0);
        assert_eq!(count(r#"Event ~ "Blitz""#), blitz);
        let both = headers
            .iter()
            .filter(|h| {
                elo(h, "WhiteElo").is_some_and(|e| e >= 2000)
                    && (elo(h, "BlackElo").is_some_and(|e| e < 1500)
                        || !h.tag("Event").is_some_and(|e| e.contains("Bullet")))
            })
            .count();
        assert_eq!(
            count(r#"WhiteElo >= 2000 and (BlackElo < 1500 or not Event ~ "Bullet")"#),
            both
        );
        let dated = headers
            .iter()
            .filter(|h| {
                h.tag("UTCDate")
                    .and_then(|d| Date::from_ascii(d.as_bytes()).ok())
                    .is_some_and(|d| d >= Date::new(Some(2025), Some(5), Some(1)).unwrap())
            })
            .count();
        assert_eq!(count("UTCDate >= 2025.05.01"), dated);
    }
}
