//! Finding `../shared` and reading its files.

use std::io::Read;
use std::path::PathBuf;

/// The variable that turns a missing `../shared` from a skip into a failure.
const REQUIRE: &str = "CHESSNOTE_REQUIRE_SHARED";

/// Whether `CHESSNOTE_REQUIRE_SHARED` is set (to anything but empty or `0`):
/// then missing shared data fails the test instead of skipping it.
///
/// ```
/// if chessnote_testdata::require_shared() {
///     // Present, or the call panics.
///     assert!(chessnote_testdata::shared_dir().is_some());
/// }
/// ```
pub fn require_shared() -> bool {
    std::env::var_os(REQUIRE).is_some_and(|v| !v.is_empty() && v != "0")
}

/// Where the shared data should be: `$CHESSNOTE_SHARED`, or the `shared`
/// folder beside the repository.
fn expected_dir() -> PathBuf {
    match std::env::var_os("CHESSNOTE_SHARED") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared"),
    }
}

/// The `shared` folder beside the repository (or `$CHESSNOTE_SHARED`), if
/// present.
///
/// # Panics
///
/// When it is missing and [`require_shared`] is true.
///
/// ```
/// if let Some(dir) = chessnote_testdata::shared_dir() {
///     assert!(dir.is_dir());
/// }
/// ```
pub fn shared_dir() -> Option<PathBuf> {
    present_or_skip(expected_dir(), require_shared()).unwrap_or_else(|message| panic!("{message}"))
}

/// `dir` if it is a folder; if not, `None` (a skip), or the failure message
/// when the data is `required`.
fn present_or_skip(dir: PathBuf, required: bool) -> Result<Option<PathBuf>, String> {
    if dir.is_dir() {
        Ok(Some(dir))
    } else if required {
        Err(format!(
            "{REQUIRE} is set but the shared data folder {} is missing \
             (check out ../shared beside the repository, or set CHESSNOTE_SHARED)",
            dir.display()
        ))
    } else {
        Ok(None)
    }
}

/// `shared/<rel>` if it exists; otherwise prints why the test is skipped.
///
/// # Panics
///
/// When it is missing and [`require_shared`] is true.
///
/// ```
/// if let Some(path) = chessnote_testdata::shared_path("conformance/san.tsv") {
///     assert!(path.is_file());
/// }
/// ```
pub fn shared_path(rel: &str) -> Option<PathBuf> {
    let path = shared_dir().map(|dir| dir.join(rel)).filter(|p| p.exists());
    if path.is_none() {
        if require_shared() {
            panic!(
                "{REQUIRE} is set but ../shared/{rel} is missing (in {})",
                expected_dir().display()
            );
        }
        eprintln!("skipped: ../shared/{rel} is not available (set CHESSNOTE_SHARED)");
    }
    path
}

/// Reads `shared/<rel>`, decompressing `.zst` files; `None` (with a message)
/// if it is missing.
///
/// # Panics
///
/// When the file cannot be read or decompressed, or is missing and
/// [`require_shared`] is true.
///
/// ```
/// if let Some(tsv) = chessnote_testdata::read_data("conformance/san.tsv") {
///     assert!(tsv.starts_with(b"api\t"));
/// }
/// ```
pub fn read_data(rel: &str) -> Option<Vec<u8>> {
    let path = shared_path(rel)?;
    let raw = std::fs::read(&path).unwrap_or_else(|e| panic!("read {}: {e}", path.display()));
    Some(if rel.ends_with(".zst") {
        decode(&raw)
    } else {
        raw
    })
}

/// Decompresses zstd data.
///
/// # Panics
///
/// When `compressed` is not zstd data.
///
/// ```
/// // An empty zstd frame (raw block of size 0).
/// let frame = [0x28, 0xb5, 0x2f, 0xfd, 0x20, 0x00, 0x01, 0x00, 0x00];
/// assert!(chessnote_testdata::decode(&frame).is_empty());
/// ```
pub fn decode(compressed: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    ruzstd::decoding::StreamingDecoder::new(compressed)
        .expect("zstd header")
        .read_to_end(&mut out)
        .expect("zstd data");
    out
}

/// A file of the repository's reference vectors
/// (`crates/chessnote/tests/data`, made by the scripts in `scripts/`),
/// decompressed when its name ends in `.zst`.
///
/// # Panics
///
/// When the file is missing or cannot be decompressed.
///
/// ```
/// let book = chessnote_testdata::vectors("book.bin.zst");
/// assert_eq!(book.len() % 16, 0);
/// ```
pub fn vectors(name: &str) -> Vec<u8> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../chessnote/tests/data")
        .join(name);
    let raw = std::fs::read(&path).unwrap_or_else(|e| panic!("read {}: {e}", path.display()));
    if name.ends_with(".zst") {
        decode(&raw)
    } else {
        raw
    }
}

/// [`vectors`] as text.
///
/// # Panics
///
/// As [`vectors`], and when the text is not UTF-8.
pub fn vectors_text(name: &str) -> String {
    String::from_utf8(vectors(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_folder_is_a_skip_unless_required() {
        let missing = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("no-such-folder");
        assert_eq!(present_or_skip(missing.clone(), false), Ok(None));
        let message = present_or_skip(missing, true).unwrap_err();
        assert!(
            message.contains(REQUIRE) && message.contains("no-such-folder"),
            "{message}"
        );
        let here = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
        assert_eq!(present_or_skip(here.clone(), true), Ok(Some(here)));
    }
}
