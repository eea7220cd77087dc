//! SAN: no input panics; the fast path agrees with the general parser;
//! whatever parses prints back to text that parses to the same value; the
//! seed façade never panics either; the whole-token parser accepts exactly
//! what the prefix parser reads in full, and fails as it does.
#![no_main]

use chessnote::san::{Leniency, SanOptions, SanPlus, Turn};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    // The fast path for common shapes gives what the general parser gives.
    assert!(chessnote::san::fast_path_agrees(data));
    let all = SanOptions::STRICT
        .with(Leniency::ZeroCastling)
        .with(Leniency::PawnSources)
        .with(Leniency::AnyGeometry)
        .with(Leniency::NullMove);
    for options in [
        SanOptions::STRICT,
        SanOptions::SEED,
        all,
        SanOptions::LENIENT,
    ] {
        let whole = SanPlus::from_ascii_with(data, options);
        match SanPlus::from_ascii_prefix(data, options) {
            Ok((san, used)) => {
                assert_eq!(SanPlus::from_ascii_with(&data[..used], options), Ok(san));
                assert_eq!(whole.is_ok(), used == data.len());
                assert!(whole.is_err() || whole == Ok(san));
            }
            Err(err) => assert_eq!(whole, Err(err)),
        }
        match whole {
            Ok(san) => {
                let printed = san.to_string();
                assert_eq!(
                    SanPlus::from_ascii_with(printed.as_bytes(), options),
                    Ok(san)
                );
            }
            Err(err) => assert!(err.offset() <= data.len()),
        }
    }
    if let Ok(text) = std::str::from_utf8(data) {
        if let Ok(turn) = Turn::try_from(text) {
            let printed = turn.to_string();
            assert_eq!(Turn::try_from(printed.as_str()), Ok(turn));
        }
    }
});
