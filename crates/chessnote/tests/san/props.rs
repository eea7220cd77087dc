//! Properties of the fast SAN parser: it never panics, and whatever it
//! accepts prints back to text that parses to the same value. Also the
//! prefix parsers of SAN, LAN and UCI: a whole-token parse is a prefix parse
//! that used every byte.

use std::fmt::Debug;

use chessnote::lan::{Lan, LanPlus};
use chessnote::san::{Leniency, SanOptions, SanPlus};
use chessnote::uci::Uci;
use proptest::prelude::*;
use proptest::strategy::ValueTree;

fn all_options() -> Vec<SanOptions> {
    let mut out = Vec::new();
    for bits in 0..16u8 {
        out.push(
            [
                Leniency::ZeroCastling,
                Leniency::PawnSources,
                Leniency::AnyGeometry,
                Leniency::NullMove,
            ]
            .into_iter()
            .enumerate()
            .filter(|&(i, _)| bits >> i & 1 != 0)
            .map(|(_, leniency)| leniency)
            .collect(),
        );
    }
    out
}

fn check(bytes: &[u8]) {
    for options in all_options() {
        match SanPlus::from_ascii_with(bytes, options) {
            Ok(san) => {
                let printed = san.to_string();
                assert_eq!(
                    SanPlus::from_ascii_with(printed.as_bytes(), options),
                    Ok(san),
                    "{bytes:?}"
                );
                // Castling is printed with `O`: what prints strictly is
                // accepted by every option set that accepted the input.
            }
            Err(err) => assert!(err.offset() <= bytes.len(), "{bytes:?}: {err:?}"),
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..12)) {
        check(&bytes);
    }

    #[test]
    fn san_alphabet_strings_round_trip(s in "[a-hKQRBNPx1-8O0=+#!?-]{0,10}") {
        check(s.as_bytes());
    }
}

#[test]
fn the_lenient_languages_nest() {
    // Everything strict accepts, every leniency accepts.
    let s = "[a-hKQRBNx1-8O=+#!?-]{0,8}";
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    for _ in 0..3000 {
        let input = proptest::strategy::Strategy::new_tree(&s, &mut runner)
            .unwrap()
            .current();
        if let Ok(strict) = SanPlus::from_ascii(input.as_bytes()) {
            for options in all_options() {
                assert_eq!(
                    SanPlus::from_ascii_with(input.as_bytes(), options),
                    Ok(strict),
                    "{input}"
                );
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(5000))]

    /// The fast path for common shapes gives exactly what the general parser
    /// gives, under every option set.
    #[test]
    fn the_fast_path_agrees_with_the_general_parser(s in "[a-hKQRBNPx1-9+#]{0,5}") {
        prop_assert!(chessnote::san::fast_path_agrees(s.as_bytes()), "{}", s);
    }
}

/// Every string of up to `max_len` bytes of `alphabet` goes through the fast
/// path and the general parser; returns how many there were.
fn fast_path_agrees_on_all(alphabet: &[u8], max_len: u32) -> usize {
    let mut count = 0;
    for len in 0..=max_len {
        for n in 0..alphabet.len().pow(len) {
            let mut n = n;
            let s: Vec<u8> = (0..len)
                .map(|_| {
                    let b = alphabet[n % alphabet.len()];
                    n /= alphabet.len();
                    b
                })
                .collect();
            assert!(
                chessnote::san::fast_path_agrees(&s),
                "{}",
                String::from_utf8_lossy(&s)
            );
            count += 1;
        }
    }
    count
}

#[test]
fn the_fast_path_agrees_on_every_short_string() {
    // Every byte class the fast path tells apart: files near and far,
    // each piece letter, `P`, `x`, back and middle ranks, both suffixes,
    // castling's letters.
    let count = fast_path_agrees_on_all(b"abehBKNQRPx1278+#O-", 5);
    assert!(count > 2_000_000);
    // Long castling with a suffix is six bytes.
    assert!(fast_path_agrees_on_all(b"O-0+#x", 6) > 40_000);
}

/// A whole-token parse of `bytes` gives what the prefix parse gives when it
/// used every byte, fails where the prefix parse fails (with the same
/// error) or stops early; and the bytes the prefix parse used are a whole
/// token of the same value.
fn prefix_agrees<T, E>(
    bytes: &[u8],
    whole: impl Fn(&[u8]) -> Result<T, E>,
    prefix: impl Fn(&[u8]) -> Result<(T, usize), E>,
) where
    T: PartialEq + Debug + Copy,
    E: PartialEq + Debug,
{
    let got = whole(bytes);
    match prefix(bytes) {
        Ok((value, used)) => {
            assert!(used > 0 && used <= bytes.len(), "{bytes:?}: used {used}");
            assert_eq!(
                whole(&bytes[..used]),
                Ok(value),
                "{bytes:?}: the used bytes"
            );
            if used == bytes.len() {
                assert_eq!(got, Ok(value), "{bytes:?}");
            } else {
                assert!(
                    got.is_err(),
                    "{bytes:?}: {got:?} but the prefix used {used}"
                );
            }
        }
        Err(err) => assert_eq!(got, Err(err), "{bytes:?}"),
    }
}

fn prefixes_agree(bytes: &[u8]) {
    for options in all_options().into_iter().chain([SanOptions::LENIENT]) {
        prefix_agrees(
            bytes,
            |b| SanPlus::from_ascii_with(b, options),
            |b| SanPlus::from_ascii_prefix(b, options),
        );
    }
    prefix_agrees(bytes, LanPlus::from_ascii, LanPlus::from_ascii_prefix);
    prefix_agrees(bytes, Uci::from_ascii, Uci::from_ascii_prefix);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(5000))]

    #[test]
    fn san_prefixes_agree_with_whole_tokens(s in "[a-hKQRBNPZx1-8O0=+#!?. e)({-]{0,12}") {
        prefixes_agree(s.as_bytes());
    }

    #[test]
    fn lan_and_uci_prefixes_agree_with_whole_tokens(s in "[a-hKQRBNx1-8O0qrbnQ=+# -]{0,10}") {
        prefixes_agree(s.as_bytes());
    }

    #[test]
    fn prefixes_agree_on_arbitrary_bytes(bytes in prop::collection::vec(any::<u8>(), 0..12)) {
        prefixes_agree(&bytes);
    }
}

#[test]
fn prefixes_stop_where_a_pgn_reader_needs_them_to() {
    let strict = SanOptions::STRICT;
    for (text, used) in [
        ("Nf3!? {comment}", 5),
        ("e4)", 2),
        ("O-O-O+ 1-0", 6),
        ("exd8=Q# 1-0", 7),
        ("Qxf7#!!", 7),
    ] {
        let (san, n) = SanPlus::from_ascii_prefix(text.as_bytes(), strict).unwrap();
        assert_eq!(
            (n, san),
            (used, SanPlus::from_ascii(&text.as_bytes()[..used]).unwrap()),
            "{text}"
        );
    }
    let ep = SanOptions::STRICT.with(Leniency::EnPassantSuffix);
    assert_eq!(
        SanPlus::from_ascii_prefix(b"exd6e.p.", ep).map(|(_, n)| n),
        Ok(8)
    );
    assert_eq!(
        LanPlus::from_ascii_prefix(b"e7-e8=Q+)").map(|(l, n)| (l.lan.to_string(), n)),
        Ok(("e7-e8=Q".to_string(), 8))
    );
    assert_eq!(
        Lan::from_ascii(b"e7-e8=Q"),
        Ok(LanPlus::from_ascii(b"e7-e8=Q").unwrap().lan)
    );
    assert_eq!(
        Uci::from_ascii_prefix(b"e7e8q}").map(|(u, n)| (u.to_string(), n)),
        Ok(("e7e8q".to_string(), 5))
    );
}
