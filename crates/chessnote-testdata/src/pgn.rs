//! A PGN movetext splitter: enough to pull the moves out of real games, not
//! a PGN reader (the library's own will replace it).

/// The move tokens of each game of `pgn`, as written (suffixes and
/// annotations kept), in the main line only: tag pairs, `%` lines, move
/// numbers, results, NAGs, comments (`{…}`, also over several lines, and
/// `;…`) and variations are left out. A game starts at its first tag pair;
/// a game without moves gives an empty list.
///
/// ```
/// let pgn = "[Event \"a\"]\n\n1. e4 {best by test} e5 (1... c5 2. Nf3) 2. Nf3 $1 1-0\n\n\
///            [Event \"b\"]\n\n*\n\n[Event \"c\"]\n\n1.d4 d5 ; the end\n";
/// let games = chessnote_testdata::games(pgn);
/// assert_eq!(games, [vec!["e4", "e5", "Nf3"], vec![], vec!["d4", "d5"]]);
/// ```
pub fn games(pgn: &str) -> Vec<Vec<&str>> {
    let mut games = Vec::new();
    let mut tokens = Vec::new();
    // Whether a game has started, and whether we are in its tag pairs.
    let (mut started, mut in_tags) = (false, false);
    let (mut in_comment, mut depth) = (false, 0u32);
    for line in pgn.lines() {
        let mut rest = line.trim();
        if !in_comment {
            if rest.starts_with('[') {
                if started && !in_tags {
                    games.push(core::mem::take(&mut tokens));
                }
                (started, in_tags, depth) = (true, true, 0);
                continue;
            }
            if rest.starts_with('%') {
                continue;
            }
        }
        in_tags = false;
        while !rest.is_empty() {
            if in_comment {
                match rest.find('}') {
                    Some(end) => (rest, in_comment) = (&rest[end + 1..], false),
                    None => break,
                }
                continue;
            }
            let c = rest.as_bytes()[0];
            match c {
                b'{' => (rest, in_comment) = (&rest[1..], true),
                b';' => break,
                b'(' => (rest, depth) = (&rest[1..], depth + 1),
                b')' => (rest, depth) = (&rest[1..], depth.saturating_sub(1)),
                _ if c.is_ascii_whitespace() => rest = rest.trim_start(),
                _ => {
                    let end = rest
                        .find(|c: char| c.is_ascii_whitespace() || "{};()".contains(c))
                        .unwrap_or(rest.len());
                    let word = rest[..end].rsplit('.').next().unwrap_or("");
                    rest = &rest[end..];
                    let skip = word.is_empty()
                        || word.starts_with('$')
                        || matches!(word, "1-0" | "0-1" | "1/2-1/2" | "*");
                    if depth == 0 && !skip {
                        started = true;
                        tokens.push(word);
                    }
                }
            }
        }
    }
    if started {
        games.push(tokens);
    }
    games
}

/// The SAN-looking tokens (starting with a file or a piece letter, or `O`
/// for castling) of every game of `pgn`, in one list: the workload of the
/// SAN benchmarks.
///
/// ```
/// let tokens = chessnote_testdata::san_tokens_of_pgn(b"1. e4 e5 2. Nf3 -- 3. O-O 1-0\n");
/// assert_eq!(tokens, ["e4", "e5", "Nf3", "O-O"]);
/// ```
pub fn san_tokens_of_pgn(pgn: &[u8]) -> Vec<String> {
    let text = String::from_utf8_lossy(pgn);
    games(&text)
        .into_iter()
        .flatten()
        .filter(|t| t.starts_with(|c| "abcdefghKQRBNO".contains(c)))
        .map(str::to_string)
        .collect()
}
