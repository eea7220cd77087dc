#![no_main]

//! `plan` and `--range` (`chessnote_io::frames::{plan, open_range}`) on
//! arbitrary text cut into zstd frames at arbitrary bytes: for every number
//! of parts, the ranges read one by one and put together in order are the
//! whole text, with no game twice or lost, whatever the games' lengths
//! against the frames'; and the whole file decoded a frame per thread
//! (`open_parallel`, its blocks reused) is the text.
//!
//! The input: a byte `n`, then `n % 8` cuts (two bytes each, taken modulo
//! the text's length), then the text, where each NUL byte stands for
//! `\n[Event ` (a game's first line), so that games are short and many.

use std::io::Read;

const GAME: &[u8] = b"\n[Event ";

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Some((&n, rest)) = data.split_first() else {
        return;
    };
    let cuts_len = usize::from(n % 8) * 2;
    if rest.len() < cuts_len {
        return;
    }
    let (cuts, body) = rest.split_at(cuts_len);
    // A first game line, so that no text is taken for a compressed or
    // binary file by the detection that reading a range goes through.
    let mut text = b"[Event \"fuzz\"]\n".to_vec();
    for &byte in body {
        if byte == 0 {
            text.extend_from_slice(GAME);
        } else {
            text.push(byte);
        }
    }
    let mut bounds: Vec<usize> = cuts
        .chunks(2)
        .map(|c| usize::from(u16::from_le_bytes([c[0], c[1]])) % (text.len() + 1))
        .collect();
    bounds.push(0);
    bounds.push(text.len());
    bounds.sort_unstable();
    bounds.dedup();
    // Frames, every other one after a pzstd size header.
    let mut file = Vec::new();
    for (i, pair) in bounds.windows(2).enumerate() {
        let frame = zstd::bulk::compress(&text[pair[0]..pair[1]], 1).unwrap();
        if i % 2 == 1 {
            file.extend_from_slice(&[0x50, 0x2A, 0x4D, 0x18, 4, 0, 0, 0]);
            file.extend_from_slice(&(frame.len() as u32).to_le_bytes());
        }
        file.extend_from_slice(&frame);
    }
    let path = std::env::temp_dir().join(format!("chessnote-fuzz-ranges-{}.zst", std::process::id()));
    std::fs::write(&path, &file).unwrap();
    let frames = bounds.len() - 1;
    for parts in 1..=frames + 1 {
        let ranges = chessnote_io::frames::plan(&path, parts).unwrap();
        assert_eq!(ranges.len(), parts.min(frames));
        let mut read = Vec::new();
        for range in ranges {
            let mut opened = chessnote_io::frames::open_range(&path, range).unwrap();
            opened.reader.read_to_end(&mut read).unwrap();
            assert_eq!(opened.read.get(), range.end - range.start);
        }
        assert!(read == text, "{parts} parts of {bounds:?}");
    }
    for decoders in [2, 3] {
        let Some(mut opened) = chessnote_io::frames::open_parallel(&path, decoders).unwrap() else {
            assert_eq!(frames, 1, "{bounds:?}");
            continue;
        };
        let mut read = Vec::new();
        opened.reader.read_to_end(&mut read).unwrap();
        assert!(read == text, "{decoders} decoders, {bounds:?}");
    }
});
