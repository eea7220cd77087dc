#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let _ = data; // fen: filled in with its issue
});
