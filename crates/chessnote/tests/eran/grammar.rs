//! `docs/eran.ebnf` and the parser agree.
//!
//! This test reads the grammar file with a small EBNF reader, enumerates
//! the whole language it defines (it is finite: no rule repeats), and
//! checks, with an independent implementation of the grammar's two side
//! conditions:
//!
//! - every sentence is accepted by the parser if and only if it meets the
//!   side conditions, in any ASCII case;
//! - what the printer writes is a sentence, and every value that
//!   `RegularMove::new` admits is the parse of some sentence;
//! - strings mutated from sentences are accepted exactly when they are
//!   still sentences that meet the side conditions.

use std::collections::{BTreeMap, BTreeSet, HashSet};

use chessnote::eran::{DropMove, Eran, RegularMove, Style};
use chessnote::{CastlingSide, PieceKind, Square};

const GRAMMAR: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/eran.ebnf"));

// ---------------------------------------------------------------------------
// A reader for the ISO 14977 subset the grammar uses.

#[derive(Debug, Clone)]
enum Expr {
    Alt(Vec<Expr>),
    Seq(Vec<Expr>),
    Opt(Box<Expr>),
    Rep(Box<Expr>),
    Term(String),
    Ref(String),
}

#[derive(Debug, Clone, PartialEq)]
enum Token {
    Ident(String),
    Str(String),
    Sym(char),
}

fn tokenize(text: &str) -> Vec<Token> {
    let mut tokens = Vec::new();
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_whitespace() {
            i += 1;
        } else if text[i..].starts_with("(*") {
            let end = text[i + 2..].find("*)").expect("unclosed comment") + i + 2;
            i = end + 2;
        } else if c == b'"' {
            let end = text[i + 1..].find('"').expect("unclosed string") + i + 1;
            tokens.push(Token::Str(text[i + 1..end].to_string()));
            i = end + 1;
        } else if c.is_ascii_alphabetic() || c == b'_' {
            let start = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            tokens.push(Token::Ident(text[start..i].to_string()));
        } else if "=;|,[](){}".contains(c as char) {
            tokens.push(Token::Sym(c as char));
            i += 1;
        } else {
            panic!("unexpected {:?} in the grammar at byte {i}", c as char);
        }
    }
    tokens
}

struct Reader {
    tokens: Vec<Token>,
    pos: usize,
}

impl Reader {
    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.pos)
    }

    fn next(&mut self) -> Token {
        let t = self.tokens[self.pos].clone();
        self.pos += 1;
        t
    }

    fn expect(&mut self, sym: char) {
        assert_eq!(self.next(), Token::Sym(sym), "at token {}", self.pos);
    }

    fn alt(&mut self) -> Expr {
        let mut alts = vec![self.seq()];
        while self.peek() == Some(&Token::Sym('|')) {
            self.pos += 1;
            alts.push(self.seq());
        }
        if alts.len() == 1 {
            alts.pop().unwrap()
        } else {
            Expr::Alt(alts)
        }
    }

    fn seq(&mut self) -> Expr {
        let mut items = vec![self.item()];
        while self.peek() == Some(&Token::Sym(',')) {
            self.pos += 1;
            items.push(self.item());
        }
        if items.len() == 1 {
            items.pop().unwrap()
        } else {
            Expr::Seq(items)
        }
    }

    fn item(&mut self) -> Expr {
        match self.next() {
            Token::Str(s) => Expr::Term(s),
            Token::Ident(name) => Expr::Ref(name),
            Token::Sym('[') => {
                let e = self.alt();
                self.expect(']');
                Expr::Opt(Box::new(e))
            }
            Token::Sym('(') => {
                let e = self.alt();
                self.expect(')');
                e
            }
            Token::Sym('{') => {
                let e = self.alt();
                self.expect('}');
                Expr::Rep(Box::new(e))
            }
            other => panic!("unexpected {other:?} at token {}", self.pos),
        }
    }
}

/// The rules of the grammar, in file order; the first is the start rule.
fn read_grammar(text: &str) -> Vec<(String, Expr)> {
    let mut reader = Reader {
        tokens: tokenize(text),
        pos: 0,
    };
    let mut rules = Vec::new();
    while reader.peek().is_some() {
        let Token::Ident(name) = reader.next() else {
            panic!("a rule must start with its name (token {})", reader.pos);
        };
        reader.expect('=');
        let expr = reader.alt();
        reader.expect(';');
        rules.push((name, expr));
    }
    rules
}

/// Every sentence of `expr`, as lowercase bytes.
fn expand(
    expr: &Expr,
    rules: &BTreeMap<String, Expr>,
    memo: &mut BTreeMap<String, Vec<Vec<u8>>>,
) -> Vec<Vec<u8>> {
    match expr {
        Expr::Term(s) => vec![s.as_bytes().to_vec()],
        Expr::Ref(name) => {
            if let Some(done) = memo.get(name) {
                return done.clone();
            }
            let rule = rules
                .get(name)
                .unwrap_or_else(|| panic!("undefined rule {name}"));
            let out = expand(rule, rules, memo);
            memo.insert(name.clone(), out.clone());
            out
        }
        Expr::Alt(alts) => alts.iter().flat_map(|a| expand(a, rules, memo)).collect(),
        Expr::Seq(items) => {
            let mut acc = vec![Vec::new()];
            for item in items {
                let parts = expand(item, rules, memo);
                let mut next = Vec::with_capacity(acc.len() * parts.len());
                for a in &acc {
                    for p in &parts {
                        let mut s = a.clone();
                        s.extend_from_slice(p);
                        next.push(s);
                    }
                }
                acc = next;
            }
            acc
        }
        Expr::Opt(e) => {
            let mut out = vec![Vec::new()];
            out.extend(expand(e, rules, memo));
            out
        }
        Expr::Rep(_) => panic!("the ERAN grammar has no repetition"),
    }
}

fn refs(expr: &Expr, out: &mut BTreeSet<String>) {
    match expr {
        Expr::Ref(name) => {
            out.insert(name.clone());
        }
        Expr::Alt(v) | Expr::Seq(v) => v.iter().for_each(|e| refs(e, out)),
        Expr::Opt(e) | Expr::Rep(e) => refs(e, out),
        Expr::Term(_) => {}
    }
}

struct Language {
    sentences: Vec<Vec<u8>>,
    set: HashSet<Vec<u8>>,
}

fn language() -> Language {
    let rules = read_grammar(GRAMMAR);
    assert_eq!(rules[0].0, "move", "the start rule comes first");
    let map: BTreeMap<String, Expr> = rules.iter().cloned().collect();
    assert_eq!(map.len(), rules.len(), "a rule is defined twice");
    // Every rule is used, every reference is defined.
    let mut used = BTreeSet::new();
    for (_, e) in &rules {
        refs(e, &mut used);
    }
    for name in &used {
        assert!(map.contains_key(name), "undefined rule {name}");
    }
    for (name, _) in &rules[1..] {
        assert!(used.contains(name), "unused rule {name}");
    }
    let sentences = expand(&Expr::Ref("move".into()), &map, &mut BTreeMap::new());
    for s in &sentences {
        assert_eq!(
            s,
            &s.to_ascii_lowercase(),
            "terminals are written in lowercase"
        );
    }
    let set: HashSet<Vec<u8>> = sentences.iter().cloned().collect();
    assert_eq!(set.len(), sentences.len(), "the grammar is ambiguous");
    Language { sentences, set }
}

// ---------------------------------------------------------------------------
// The side conditions S1 and S2, written from the grammar's comment, apart
// from the library's implementation.

fn piece_of(name: &[u8]) -> PieceKind {
    match name {
        b"pawn" | b"p" => PieceKind::Pawn,
        b"knight" | b"n" => PieceKind::Knight,
        b"bishop" | b"b" => PieceKind::Bishop,
        b"rook" | b"r" => PieceKind::Rook,
        b"queen" | b"q" => PieceKind::Queen,
        b"king" | b"k" => PieceKind::King,
        _ => panic!("not a piece name: {name:?}"),
    }
}

/// Where `piece` on (file, rank) can go on an empty board.
fn destinations(piece: PieceKind, from: (i8, i8), capture: bool) -> Vec<(i8, i8)> {
    let on_board = |(f, r): (i8, i8)| (0..8).contains(&f) && (0..8).contains(&r);
    let steps = |deltas: &[(i8, i8)]| -> Vec<(i8, i8)> {
        deltas
            .iter()
            .map(|&(df, dr)| (from.0 + df, from.1 + dr))
            .filter(|&sq| on_board(sq))
            .collect()
    };
    let rays = |deltas: &[(i8, i8)]| -> Vec<(i8, i8)> {
        let mut out = Vec::new();
        for &(df, dr) in deltas {
            let mut sq = (from.0 + df, from.1 + dr);
            while on_board(sq) {
                out.push(sq);
                sq = (sq.0 + df, sq.1 + dr);
            }
        }
        out
    };
    const DIAGONAL: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
    const STRAIGHT: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
    match piece {
        PieceKind::King => steps(&[DIAGONAL, STRAIGHT].concat()),
        PieceKind::Knight => steps(&[
            (1, 2),
            (2, 1),
            (2, -1),
            (1, -2),
            (-1, -2),
            (-2, -1),
            (-2, 1),
            (-1, 2),
        ]),
        PieceKind::Bishop => rays(&DIAGONAL),
        PieceKind::Rook => rays(&STRAIGHT),
        PieceKind::Queen => rays(&[DIAGONAL, STRAIGHT].concat()),
        // Horde's White pawns on rank 1 go up: one or two squares, or one
        // diagonally to capture.
        PieceKind::Pawn if from.1 == 0 && capture => steps(&[(1, 1), (-1, 1)]),
        PieceKind::Pawn if from.1 == 0 => steps(&[(0, 1), (0, 2)]),
        PieceKind::Pawn if from.1 == 7 => vec![],
        PieceKind::Pawn if capture => steps(&DIAGONAL),
        PieceKind::Pawn => {
            // A white pawn goes up, a black one down; each may step twice
            // from its own second rank.
            let mut out = steps(&[(0, 1), (0, -1)]);
            if from.1 == 1 {
                out.push((from.0, 3));
            }
            if from.1 == 6 {
                out.push((from.0, 4));
            }
            out
        }
    }
}

/// Whether a (lowercase) sentence meets the side conditions.
fn side_conditions(sentence: &[u8]) -> bool {
    let fields: Vec<&[u8]> = sentence.split(|&b| b == b' ').collect();
    if fields.len() == 1 {
        return true; // castling or en passant
    }
    let piece = piece_of(fields[0]);
    let body = fields[1];
    if body[0] == b'@' {
        return true; // a drop: the grammar says all
    }
    let from = ((body[0] - b'a') as i8, (body[1] - b'1') as i8);
    let capture = body[2] == b'x';
    let to = ((body[3] - b'a') as i8, (body[4] - b'1') as i8);
    from != to && destinations(piece, from, capture).contains(&to)
}

/// The value a (lowercase) sentence denotes, read apart from the parser.
fn meaning(sentence: &[u8]) -> Eran {
    match sentence {
        b"castling-kingside" | b"ck" => return Eran::Castle(CastlingSide::KingSide),
        b"castling-queenside" | b"cq" => return Eran::Castle(CastlingSide::QueenSide),
        b"en-passant" | b"ep" => return Eran::EnPassant,
        _ => {}
    }
    let fields: Vec<&[u8]> = sentence.split(|&b| b == b' ').collect();
    let body = fields[1];
    let square = |b: &[u8]| Square::from_ascii(b).unwrap();
    if let Some(to) = body.strip_prefix(b"@") {
        return Eran::Drop(DropMove::new(piece_of(fields[0]), square(to)).unwrap());
    }
    let promotion = fields.get(2).map(|p| {
        let name = p
            .strip_prefix(b"->")
            .or_else(|| p.strip_prefix(b">"))
            .unwrap();
        piece_of(name)
    });
    let mv = RegularMove::new(
        piece_of(fields[0]),
        square(&body[0..2]),
        square(&body[3..5]),
        body[2] == b'x',
        promotion,
    )
    .unwrap();
    Eran::Regular(mv)
}

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn random_case(s: &[u8], rng: &mut Rng) -> Vec<u8> {
    s.iter()
        .map(|&b| {
            if rng.next() & 1 == 1 {
                b.to_ascii_uppercase()
            } else {
                b
            }
        })
        .collect()
}

// ---------------------------------------------------------------------------

#[test]
fn every_sentence_is_accepted_iff_it_meets_the_side_conditions() {
    let lang = language();
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut accepted = 0;
    for s in &lang.sentences {
        let expected = side_conditions(s);
        let got = Eran::from_ascii(s);
        assert_eq!(
            got.is_ok(),
            expected,
            "{:?}: {got:?}",
            String::from_utf8_lossy(s)
        );
        let upper = s.to_ascii_uppercase();
        let mixed = random_case(s, &mut rng);
        assert_eq!(
            Eran::from_ascii(&upper),
            got,
            "{:?}",
            String::from_utf8_lossy(&upper)
        );
        assert_eq!(
            Eran::from_ascii(&mixed),
            got,
            "{:?}",
            String::from_utf8_lossy(&mixed)
        );
        if let Ok(value) = got {
            accepted += 1;
            assert_eq!(value, meaning(s), "{:?}", String::from_utf8_lossy(s));
        }
    }
    // The language has 176,742 sentences: 6 special ones, 94,208 pawn
    // moves (2 names × 64 origins × 2 actions × (48 inner destinations +
    // 16 last-rank ones × 20 promotion fields)), 81,920 moves of other
    // pieces and 608 drops (pawns: 2 names × 48 squares; the others: 8
    // names × 64 squares); side conditions keep 17,578: 16,558 moves of
    // chess, 352 promotions to a king (44 moves × 2 pawn names × 4
    // spellings), 60 of horde's first-rank pawns (30 moves, 2 names each)
    // and every drop.
    assert_eq!(lang.sentences.len(), 6 + 94_208 + 81_920 + 608);
    assert_eq!(accepted, 16_558 + 352 + 60 + 608);
}

#[test]
fn the_printer_writes_sentences_and_every_value_has_one() {
    let lang = language();
    let mut values = HashSet::new();
    for s in &lang.sentences {
        if let Ok(value) = Eran::from_ascii(s) {
            values.insert(value);
        }
    }
    let mut all = vec![
        Eran::Castle(CastlingSide::KingSide),
        Eran::Castle(CastlingSide::QueenSide),
        Eran::EnPassant,
    ];
    for piece in PieceKind::ALL {
        for from in Square::ALL {
            for to in Square::ALL {
                for capture in [false, true] {
                    for promotion in [None, Some(PieceKind::Knight), Some(PieceKind::Queen)]
                        .into_iter()
                        .chain(PieceKind::ALL.map(Some))
                    {
                        if let Ok(mv) = RegularMove::new(piece, from, to, capture, promotion) {
                            all.push(Eran::Regular(mv));
                        }
                    }
                }
            }
        }
    }
    for piece in PieceKind::ALL {
        for to in Square::ALL {
            if let Ok(drop) = DropMove::new(piece, to) {
                all.push(Eran::Drop(drop));
            }
        }
    }
    let all: HashSet<Eran> = all.into_iter().collect();
    // Chess's 7,751, 44 promotions to a king (antichess), horde's 30
    // first-rank pawn moves and 304 drops.
    assert_eq!(
        all.len(),
        7_751 + 44 + 30 + 304,
        "the count docs/eran.md gives"
    );
    assert_eq!(values, all);
    for value in all {
        for style in [Style::Verbose, Style::Short] {
            let printed = value.display(style).to_string().to_ascii_lowercase();
            assert!(lang.set.contains(printed.as_bytes()), "{printed}");
        }
    }
}

#[test]
fn mutated_sentences_are_accepted_iff_they_are_valid_sentences() {
    let lang = language();
    let mut rng = Rng(0x0123_4567_89ab_cdef);
    let alphabet: &[u8] = b" \t-x>@pnbrqkacegh1280XPQK+=#\xff\x00";
    let mut checked = 0;
    let mut still_valid = 0;
    for s in lang.sentences.iter().step_by(7) {
        for _ in 0..4 {
            let mut m = s.clone();
            let i = rng.below(m.len() + 1);
            let byte = alphabet[rng.below(alphabet.len())];
            match rng.below(5) {
                0 if i < m.len() => {
                    m.remove(i);
                }
                1 if i < m.len() => m[i] = byte,
                2 if i + 1 < m.len() => m.swap(i, i + 1),
                3 if i < m.len() => m.truncate(i),
                _ => m.insert(i, byte),
            }
            let lower = m.to_ascii_lowercase();
            let expected = lang.set.contains(&lower) && side_conditions(&lower);
            let got = Eran::from_ascii(&m);
            assert_eq!(
                got.is_ok(),
                expected,
                "{:?}: {got:?}",
                String::from_utf8_lossy(&m)
            );
            if let Err(e) = got {
                assert!(e.offset() <= m.len());
            }
            checked += 1;
            still_valid += expected as usize;
        }
    }
    assert!(checked > 90_000);
    assert!(still_valid > 0);
}
