//! Zip archives: no bytes make listing an archive or reading its entries
//! panic, hang or take memory the bytes do not hold; an entry reads whole
//! only when its size and CRC-32 match.
#![no_main]

use std::io::{Cursor, Read};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let mut archive = Cursor::new(data.to_vec());
    let Ok(members) = chessnote_io::zip::members_in(&mut archive) else {
        return;
    };
    assert!(members.len() <= data.len() / 46 + 1);
    for member in members.iter().take(16) {
        let Ok(mut opened) = member.open_in(Cursor::new(data.to_vec())) else {
            continue;
        };
        // At most what the entry says it holds, in pieces (when it is
        // text as stored: a `.pgn.gz` inside grows once decompressed).
        let stored = opened.compression == chessnote_io::Compression::None;
        let mut buf = vec![0u8; 1 << 16];
        let mut total = 0u64;
        while let Ok(n) = opened.reader.read(&mut buf) {
            if n == 0 {
                break;
            }
            total += n as u64;
            assert!(!stored || total <= member.size, "{total} > {}", member.size);
        }
    }
});
