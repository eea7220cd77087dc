#![no_main]

//! A zstd file's frames (`chessnote_io::frames::zstd_frames_in`, which
//! `plan`, `--range` and the parallel decoder start from) on arbitrary
//! bytes: no panic or hang; frames found are in order, next to each other,
//! and cover the bytes but for skippable frames at the end; the only error
//! is corrupt data; and a frame found by walking its blocks ends where
//! libzstd's `ZSTD_findFrameCompressedSize` says it does, whenever libzstd
//! can tell.

use std::io::{Cursor, ErrorKind};

const MAGIC: [u8; 4] = [0x28, 0xB5, 0x2F, 0xFD];

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let len = data.len() as u64;
    let frames = match chessnote_io::frames::zstd_frames_in(Cursor::new(data), len) {
        Ok(Some(frames)) => frames,
        Ok(None) => return,
        Err(err) => {
            assert_eq!(err.kind(), ErrorKind::InvalidData, "{err}");
            return;
        }
    };
    assert!(!frames.is_empty());
    assert_eq!(frames[0].start, 0);
    let end = frames[frames.len() - 1].end;
    assert!(end <= len);
    if end < len {
        // After the last frame, skippable frames (metadata) only.
        let magic = u32::from_le_bytes(data[end as usize..end as usize + 4].try_into().unwrap());
        assert_eq!(magic & 0xFFFF_FFF0, 0x184D_2A50, "{frames:?}");
    }
    for pair in frames.windows(2) {
        assert_eq!(pair[0].end, pair[1].start);
    }
    for frame in &frames {
        assert!(frame.start <= frame.end);
        let bytes = &data[frame.start as usize..];
        if bytes.starts_with(&MAGIC)
            && let Ok(size) = zstd::zstd_safe::find_frame_compressed_size(bytes)
        {
            assert_eq!(frame.start + size as u64, frame.end, "{frame:?}");
        }
    }
});
