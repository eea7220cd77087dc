//! Where outputs go, safely: a file is written under a temporary name
//! beside its target and renamed over it only when complete ([`Staged`]),
//! a folder of parts is new or empty ([`create_empty_dir`]), and an output
//! that is one of the inputs is refused ([`same_file`]).
//!
//! So an interrupted or failed run (Ctrl-C, a full disk, an input that
//! cannot be read) never leaves a half-written file under the target's
//! name, and never destroys the file that was there: the target is
//! either the old file or the whole new one. A run killed outright
//! (`SIGKILL`, Ctrl-C) may leave its temporary file,
//! `.NAME.chessnote-PID.tmp`, hidden beside the target.

use std::fs::{self, File};
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// A file being written under a temporary name beside `target`: renamed
/// to `target` by [`commit`](Staged::commit), removed when dropped
/// uncommitted.
///
/// ```
/// use std::io::Write;
/// use chessnote_io::output::Staged;
///
/// let dir = std::env::temp_dir().join(format!("chessnote-staged-doc-{}", std::process::id()));
/// std::fs::create_dir_all(&dir)?;
/// let target = dir.join("games.csv");
/// std::fs::write(&target, "old")?;
///
/// // Dropped before commit: the old file is untouched, no temporary is left.
/// let (staged, mut file) = Staged::create(&target)?;
/// file.write_all(b"half")?;
/// drop((staged, file));
/// assert_eq!(std::fs::read_to_string(&target)?, "old");
/// assert_eq!(std::fs::read_dir(&dir)?.count(), 1);
///
/// let (staged, mut file) = Staged::create(&target)?;
/// file.write_all(b"new")?;
/// drop(file);
/// staged.commit()?;
/// assert_eq!(std::fs::read_to_string(&target)?, "new");
/// # std::fs::remove_dir_all(&dir)?;
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug)]
pub struct Staged {
    /// The temporary file; `None` when the target is written in place (a
    /// device or a pipe: `/dev/stdout`).
    temp: Option<PathBuf>,
    /// The target as given (for messages).
    target: PathBuf,
    /// Where the temporary file goes: the target, or the file a symlink
    /// at the target names.
    real: PathBuf,
    committed: bool,
}

impl Staged {
    /// Creates the temporary file beside `target` (in the same folder, so
    /// that the rename is atomic); the file is given to write. An existing
    /// target that is a symlink is written through (the file it names is
    /// replaced, the link kept), and one that is not a regular file (a
    /// device or a pipe, `/dev/stdout`) is written in place: there is
    /// nothing to rename.
    ///
    /// # Errors
    ///
    /// The folder's: missing, read-only, full. The message names `target`.
    pub fn create(target: &Path) -> io::Result<(Staged, File)> {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let mut real = target.to_path_buf();
        if let Ok(meta) = fs::metadata(target) {
            if !meta.is_file() {
                let file = File::options()
                    .write(true)
                    .open(target)
                    .map_err(|e| with_path(e, target))?;
                let staged = Staged {
                    temp: None,
                    target: target.to_path_buf(),
                    real,
                    committed: false,
                };
                return Ok((staged, file));
            }
            real = fs::canonicalize(target).map_err(|e| with_path(e, target))?;
        }
        let name = real.file_name().ok_or_else(|| {
            io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("{}: not a file name", target.display()),
            )
        })?;
        let mut temp_name = std::ffi::OsString::from(".");
        temp_name.push(name);
        temp_name.push(format!(
            ".chessnote-{}-{}.tmp",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        ));
        let temp = real.with_file_name(temp_name);
        let file = File::options()
            .write(true)
            .create_new(true)
            .open(&temp)
            .map_err(|e| with_path(e, target))?;
        Ok((
            Staged {
                temp: Some(temp),
                target: target.to_path_buf(),
                real,
                committed: false,
            },
            file,
        ))
    }

    /// The file's final name, as given.
    pub fn target(&self) -> &Path {
        &self.target
    }

    /// Renames the temporary file to the target (replacing it). Close or
    /// flush the file first.
    ///
    /// # Errors
    ///
    /// The rename's; the temporary file is then removed.
    pub fn commit(mut self) -> io::Result<()> {
        if let Some(temp) = &self.temp {
            fs::rename(temp, &self.real).map_err(|e| with_path(e, &self.target))?;
        }
        self.committed = true;
        Ok(())
    }
}

impl Drop for Staged {
    fn drop(&mut self) {
        if !self.committed
            && let Some(temp) = &self.temp
        {
            let _ = fs::remove_file(temp);
        }
    }
}

/// Makes the folder `dir` for an output of several files: it may exist
/// only if empty, so that no file of an earlier run is overwritten or
/// left among the new ones.
///
/// # Errors
///
/// `AlreadyExists` when `dir` holds something (or is a file), and the
/// file system's errors; each message names `dir`.
pub fn create_empty_dir(dir: &Path) -> io::Result<()> {
    if dir.exists() {
        let not_empty = match fs::read_dir(dir) {
            Ok(mut entries) => entries.next().is_some(),
            Err(e) if dir.is_dir() => return Err(with_path(e, dir)),
            Err(_) => true,
        };
        if not_empty {
            return Err(io::Error::new(
                io::ErrorKind::AlreadyExists,
                format!(
                    "{} exists and is not an empty folder: remove it or choose another",
                    dir.display()
                ),
            ));
        }
        return Ok(());
    }
    fs::create_dir_all(dir).map_err(|e| with_path(e, dir))
}

/// Whether `a` and `b` name the same existing file (the same device and
/// inode on Unix: hard links and other spellings of a path included).
pub fn same_file(a: &Path, b: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        match (fs::metadata(a), fs::metadata(b)) {
            (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
            _ => false,
        }
    }
    #[cfg(not(unix))]
    {
        match (fs::canonicalize(a), fs::canonicalize(b)) {
            (Ok(a), Ok(b)) => a == b,
            _ => false,
        }
    }
}

/// `PATH: ERROR`, of the same kind.
fn with_path(err: io::Error, path: &Path) -> io::Error {
    io::Error::new(err.kind(), format!("{}: {err}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn dir(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("chessnote-output-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn staged_replaces_only_when_committed() {
        let dir = dir("staged");
        let target = dir.join("out.parquet");
        fs::write(&target, "old").unwrap();
        let (staged, mut file) = Staged::create(&target).unwrap();
        file.write_all(b"new").unwrap();
        // Written, not committed: the target is the old file.
        assert_eq!(fs::read_to_string(&target).unwrap(), "old");
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 2);
        drop(file);
        staged.commit().unwrap();
        assert_eq!(fs::read_to_string(&target).unwrap(), "new");
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 1, "no temporary left");
        // Two at once beside the same target get their own temporaries.
        let (a, _fa) = Staged::create(&target).unwrap();
        let (b, _fb) = Staged::create(&target).unwrap();
        assert_ne!(a.temp, b.temp);
        drop((a, b));
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 1);
        fs::remove_dir_all(&dir).unwrap();
    }

    /// A symlink is written through, and a device (`/dev/null`, as
    /// `/dev/stdout` would be) in place: never replaced by a file.
    #[cfg(unix)]
    #[test]
    fn staged_writes_through_links_and_into_devices() {
        let dir = dir("links");
        let real = dir.join("real.csv");
        fs::write(&real, "old").unwrap();
        let link = dir.join("link.csv");
        std::os::unix::fs::symlink(&real, &link).unwrap();
        let (staged, mut file) = Staged::create(&link).unwrap();
        file.write_all(b"new").unwrap();
        drop(file);
        staged.commit().unwrap();
        assert!(
            fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(fs::read_to_string(&real).unwrap(), "new");
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 2, "no temporary left");
        let null = Path::new("/dev/null");
        let (staged, mut file) = Staged::create(null).unwrap();
        file.write_all(b"anything").unwrap();
        drop(file);
        staged.commit().unwrap();
        assert!(!fs::metadata(null).unwrap().is_file(), "still a device");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn staged_in_a_missing_folder_names_the_target() {
        let target = std::env::temp_dir().join("chessnote-no-such-folder/x/out.csv");
        let error = Staged::create(&target).unwrap_err();
        assert!(
            error.to_string().starts_with(&target.display().to_string()),
            "{error}"
        );
    }

    #[test]
    fn folders_must_be_new_or_empty() {
        let dir = dir("folders");
        let new = dir.join("a/b");
        create_empty_dir(&new).unwrap();
        assert!(new.is_dir());
        create_empty_dir(&new).unwrap();
        fs::write(new.join("part-00001.pgn"), "").unwrap();
        let error = create_empty_dir(&new).unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::AlreadyExists);
        assert!(error.to_string().contains("not an empty folder"), "{error}");
        let file = dir.join("file");
        fs::write(&file, "x").unwrap();
        assert_eq!(
            create_empty_dir(&file).unwrap_err().kind(),
            io::ErrorKind::AlreadyExists
        );
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn same_file_sees_through_spellings_and_links() {
        let dir = dir("same");
        let a = dir.join("a.pgn");
        fs::write(&a, "x").unwrap();
        let b = dir.join("b.pgn");
        fs::write(&b, "x").unwrap();
        assert!(same_file(&a, &a));
        assert!(same_file(&a, &dir.join(".").join("a.pgn")));
        assert!(!same_file(&a, &b));
        assert!(!same_file(&a, &dir.join("missing")));
        #[cfg(unix)]
        {
            let link = dir.join("link.pgn");
            fs::hard_link(&a, &link).unwrap();
            assert!(same_file(&a, &link));
        }
        fs::remove_dir_all(&dir).unwrap();
    }
}
