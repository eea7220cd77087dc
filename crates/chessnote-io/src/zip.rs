//! Zip archives, as TWIC and pgnmentor publish their games: the entries of
//! an archive file, listed from its central directory, and each read on its
//! own (stored or deflated, its CRC-32 checked at its end).
//!
//! Only files can be read this way: the list of entries is at the end of
//! an archive, so a zip on stdin or through a pipe is refused.
//! Encrypted entries and compression methods other than stored and
//! deflate (deflate64, LZMA, …) are refused with the entry's name.
//!
//! ```no_run
//! # fn main() -> std::io::Result<()> {
//! use std::io::Read;
//! use std::path::Path;
//!
//! let path = Path::new("twic1560g.zip");
//! if let Some(members) = chessnote_io::zip::members(path)? {
//!     for member in members.iter().filter(|m| m.is_pgn()) {
//!         let mut text = String::new();
//!         member.open(path)?.reader.read_to_string(&mut text)?;
//!         println!("{}: {} bytes", member.name, text.len());
//!     }
//! }
//! # Ok(())
//! # }
//! ```

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read, Seek, SeekFrom};
use std::path::Path;

use crate::Opened;

/// The first bytes of a zip archive: a local file header (`PK\3\4`), or
/// the end of the central directory of an empty archive (`PK\5\6`).
pub fn is_zip(head: &[u8]) -> bool {
    matches!(head, [b'P', b'K', 3, 4, ..] | [b'P', b'K', 5, 6, ..])
}

/// An entry of a zip archive, as its central directory describes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Member {
    /// Its path inside the archive (`twic1560.pgn`), as stored: UTF-8, or
    /// read lossily when the archive does not say it is.
    pub name: String,
    /// Its size once decompressed.
    pub size: u64,
    compressed: u64,
    method: u16,
    flags: u16,
    crc: u32,
    /// Where its local header starts.
    offset: u64,
}

impl Member {
    /// Whether it is a directory (its name ends with `/`).
    pub fn is_dir(&self) -> bool {
        self.name.ends_with('/')
    }

    /// Whether its name ends with `.pgn`, in any case.
    pub fn is_pgn(&self) -> bool {
        !self.is_dir()
            && self.name.len() >= 4
            && self.name.as_bytes()[self.name.len() - 4..].eq_ignore_ascii_case(b".pgn")
    }

    /// Opens it in the archive at `path`, as [`crate::open`] opens a file:
    /// what it holds is read decompressed (a `.pgn.gz` inside a zip too),
    /// and data that is not text is refused.
    ///
    /// # Errors
    ///
    /// The file's read errors; [`io::ErrorKind::InvalidData`] for an
    /// encrypted entry, a compression method other than stored and
    /// deflate, a local header that does not match, corrupt deflate data
    /// or a CRC-32 that does not match (when the reader reaches its end),
    /// and for data that is not text.
    pub fn open(&self, path: &Path) -> io::Result<Opened> {
        self.open_in(File::open(path)?)
    }

    /// Opens it in the archive read from `archive` (its file, or its bytes
    /// in an [`io::Cursor`]), as [`Member::open`] does.
    ///
    /// # Errors
    ///
    /// As [`Member::open`]'s.
    pub fn open_in<R: Read + Seek + Send + 'static>(&self, archive: R) -> io::Result<Opened> {
        let bad = |what: String| {
            io::Error::new(
                io::ErrorKind::InvalidData,
                format!("zip entry {}: {what}", self.name),
            )
        };
        if self.flags & 1 != 0 {
            return Err(bad("encrypted, which chessnote does not read".to_owned()));
        }
        let method = match self.method {
            0 | 8 => self.method,
            other => {
                return Err(bad(format!(
                    "compressed with {}, which chessnote does not read (it reads stored and deflated entries)",
                    method_name(other)
                )));
            }
        };
        let mut file = BufReader::with_capacity(crate::BUFFER, archive);
        file.seek(SeekFrom::Start(self.offset))?;
        let mut header = [0u8; 30];
        file.read_exact(&mut header)
            .map_err(|_| bad("its local header is cut short".to_owned()))?;
        if u32le(&header, 0) != LOCAL {
            return Err(bad(format!(
                "no local header at offset {} (a corrupt archive)",
                self.offset
            )));
        }
        let skip = u64::from(u16le(&header, 26)) + u64::from(u16le(&header, 28));
        file.seek_relative(skip as i64)?;
        let data = file.take(self.compressed);
        let inner: Box<dyn Read + Send> = match method {
            0 => Box::new(data),
            _ => Box::new(flate2::bufread::DeflateDecoder::new(data)),
        };
        let checked = Checked {
            inner,
            crc: flate2::Crc::new(),
            read: 0,
            member: self.clone(),
        };
        crate::open_reader(Box::new(checked), Some(self.size))
    }
}

/// The entries of the zip archive at `path`, in the order of its central
/// directory (the order they were added); `None` when the file is not a
/// zip archive (by its first bytes), or not a regular file (a pipe or a
/// device is not read: what was read of it would be lost).
///
/// # Errors
///
/// The file's read errors, or [`io::ErrorKind::InvalidData`] when it
/// starts as a zip archive but its central directory cannot be found or
/// read (a truncated or corrupt archive), or it spans several disks.
pub fn members(path: &Path) -> io::Result<Option<Vec<Member>>> {
    let mut file = File::open(path)?;
    // Only a regular file is read here: bytes read from a pipe (`<(zcat
    // …)`, /dev/stdin) would be lost to the reader that comes next.
    if !file.metadata()?.is_file() {
        return Ok(None);
    }
    let mut head = [0u8; 4];
    let mut len = 0;
    while len < head.len() {
        match file.read(&mut head[len..]) {
            Ok(0) => break,
            Ok(n) => len += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    if !is_zip(&head[..len]) {
        return Ok(None);
    }
    members_in(&mut file).map(Some)
}

/// The entries of the zip archive read from `archive` (its file, or its
/// bytes in an [`io::Cursor`]), as [`members`] lists them.
///
/// # Errors
///
/// As [`members`]'s.
pub fn members_in<R: Read + Seek>(archive: &mut R) -> io::Result<Vec<Member>> {
    directory(archive)
}

const LOCAL: u32 = 0x0403_4B50;
const CENTRAL: u32 = 0x0201_4B50;
const END: u32 = 0x0605_4B50;
const END64: u32 = 0x0606_4B50;
const LOCATOR64: u32 = 0x0706_4B50;

fn corrupt(what: &str) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidData,
        format!("corrupt zip archive: {what}"),
    )
}

fn u16le(b: &[u8], at: usize) -> u16 {
    u16::from_le_bytes([b[at], b[at + 1]])
}

fn u32le(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}

fn u64le(b: &[u8], at: usize) -> u64 {
    let mut bytes = [0u8; 8];
    bytes.copy_from_slice(&b[at..at + 8]);
    u64::from_le_bytes(bytes)
}

/// Reads the central directory: finds its end record in the last 64 KiB
/// (a comment may follow it), follows the zip64 records where the sizes do
/// not fit 32 bits, then reads every entry's record.
fn directory<R: Read + Seek>(file: &mut R) -> io::Result<Vec<Member>> {
    let len = file.seek(SeekFrom::End(0))?;
    let tail_len = len.min(22 + 0xFFFF);
    let tail_start = len - tail_len;
    file.seek(SeekFrom::Start(tail_start))?;
    let mut tail = vec![0u8; tail_len as usize];
    file.read_exact(&mut tail)?;
    // The last end record whose comment reaches the end of the file.
    let end = (0..tail.len().saturating_sub(21))
        .rev()
        .find(|&i| {
            u32le(&tail, i) == END && i + 22 + usize::from(u16le(&tail, i + 20)) == tail.len()
        })
        .ok_or_else(|| corrupt("no end of central directory (the file may be cut short)"))?;
    let record = &tail[end..end + 22];
    if u16le(record, 4) != 0 || u16le(record, 6) != 0 {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            "a zip archive split over several disks, which chessnote does not read",
        ));
    }
    let mut count = u64::from(u16le(record, 10));
    let mut size = u64::from(u32le(record, 12));
    let mut start = u64::from(u32le(record, 16));
    if count == 0xFFFF || size == 0xFFFF_FFFF || start == 0xFFFF_FFFF {
        // The zip64 locator sits just before the end record.
        let at = tail_start + end as u64;
        let locator_at = at
            .checked_sub(20)
            .ok_or_else(|| corrupt("no zip64 end of central directory locator"))?;
        let mut locator = [0u8; 20];
        file.seek(SeekFrom::Start(locator_at))?;
        file.read_exact(&mut locator)?;
        if u32le(&locator, 0) != LOCATOR64 {
            return Err(corrupt("no zip64 end of central directory locator"));
        }
        let mut end64 = [0u8; 56];
        file.seek(SeekFrom::Start(u64le(&locator, 8)))?;
        file.read_exact(&mut end64)
            .map_err(|_| corrupt("the zip64 end of central directory is cut short"))?;
        if u32le(&end64, 0) != END64 {
            return Err(corrupt("no zip64 end of central directory record"));
        }
        count = u64le(&end64, 32);
        size = u64le(&end64, 40);
        start = u64le(&end64, 48);
    }
    if start.checked_add(size).is_none_or(|e| e > len) {
        return Err(corrupt(
            "the central directory lies past the end of the file",
        ));
    }
    file.seek(SeekFrom::Start(start))?;
    let mut reader = BufReader::new(file.by_ref().take(size));
    // Each record is at least 46 bytes: the count cannot exceed that.
    let mut members = Vec::with_capacity(count.min(size / 46) as usize);
    for _ in 0..count {
        members.push(central_record(&mut reader, len)?);
    }
    Ok(members)
}

/// One central directory record.
fn central_record(reader: &mut impl BufRead, len: u64) -> io::Result<Member> {
    let mut fixed = [0u8; 46];
    reader
        .read_exact(&mut fixed)
        .map_err(|_| corrupt("the central directory is cut short"))?;
    if u32le(&fixed, 0) != CENTRAL {
        return Err(corrupt("a central directory record without its signature"));
    }
    let flags = u16le(&fixed, 8);
    let method = u16le(&fixed, 10);
    let crc = u32le(&fixed, 16);
    let mut compressed = u64::from(u32le(&fixed, 20));
    let mut size = u64::from(u32le(&fixed, 24));
    let name_len = usize::from(u16le(&fixed, 28));
    let extra_len = usize::from(u16le(&fixed, 30));
    let comment_len = usize::from(u16le(&fixed, 32));
    let mut offset = u64::from(u32le(&fixed, 42));
    let mut rest = vec![0u8; name_len + extra_len + comment_len];
    reader
        .read_exact(&mut rest)
        .map_err(|_| corrupt("the central directory is cut short"))?;
    let raw_name = &rest[..name_len];
    let name = match std::str::from_utf8(raw_name) {
        Ok(name) => name.to_owned(),
        Err(_) => String::from_utf8_lossy(raw_name).into_owned(),
    };
    // The zip64 extra field holds, in this order, the values that were
    // 0xFFFFFFFF in the record.
    let mut extra = &rest[name_len..name_len + extra_len];
    while extra.len() >= 4 {
        let id = u16le(extra, 0);
        let field_len = usize::from(u16le(extra, 2));
        let Some(field) = extra.get(4..4 + field_len) else {
            break;
        };
        if id == 1 {
            let mut values = field.chunks_exact(8).map(|c| u64le(c, 0));
            for slot in [&mut size, &mut compressed, &mut offset] {
                if *slot == 0xFFFF_FFFF {
                    *slot = values
                        .next()
                        .ok_or_else(|| corrupt("a zip64 extra field too short"))?;
                }
            }
        }
        extra = &extra[4 + field_len..];
    }
    if offset.checked_add(30 + compressed).is_none_or(|e| e > len) {
        return Err(corrupt(&format!(
            "entry {name} lies past the end of the file"
        )));
    }
    Ok(Member {
        name,
        size,
        compressed,
        method,
        flags,
        crc,
        offset,
    })
}

/// The usual name of a zip compression method.
fn method_name(method: u16) -> String {
    match method {
        1..=6 => "an obsolete method (shrink, reduce or implode)".to_owned(),
        9 => "deflate64".to_owned(),
        12 => "bzip2".to_owned(),
        14 => "LZMA".to_owned(),
        93 => "zstd".to_owned(),
        95 => "xz".to_owned(),
        98 => "PPMd".to_owned(),
        99 => "AES encryption".to_owned(),
        other => format!("method {other}"),
    }
}

/// An entry's data, decompressed, with its size and CRC-32 checked when
/// it ends.
struct Checked {
    inner: Box<dyn Read + Send>,
    crc: flate2::Crc,
    read: u64,
    member: Member,
}

impl Read for Checked {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf).map_err(|e| match e.kind() {
            io::ErrorKind::Interrupted => e,
            _ => self.wrong(&e.to_string()),
        })?;
        self.crc.update(&buf[..n]);
        self.read += n as u64;
        if self.read > self.member.size {
            return Err(self.wrong("it holds more than its stated size"));
        }
        if n == 0 && !buf.is_empty() {
            if self.read != self.member.size {
                return Err(self.wrong("it ends before its stated size (cut short)"));
            }
            if self.crc.sum() != self.member.crc {
                return Err(self.wrong("its CRC-32 does not match"));
            }
        }
        Ok(n)
    }
}

impl Checked {
    fn wrong(&self, what: &str) -> io::Error {
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!("corrupt zip entry {}: {what}", self.member.name),
        )
    }
}

/// The `.pgn` entries of an archive, one after the other, each followed by
/// a blank line (so the last game of one never runs into the first of the
/// next).
pub(crate) struct Entries {
    pub(crate) path: std::path::PathBuf,
    pub(crate) members: std::collections::VecDeque<Member>,
    pub(crate) current: Option<Box<dyn Read + Send>>,
}

impl Read for Entries {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        loop {
            if let Some(current) = &mut self.current {
                let n = current.read(buf)?;
                if n > 0 || buf.is_empty() {
                    return Ok(n);
                }
                self.current = None;
            }
            let Some(next) = self.members.pop_front() else {
                return Ok(0);
            };
            let separator: &'static [u8] = b"\n\n";
            self.current = Some(Box::new(next.open(&self.path)?.reader.chain(separator)));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    /// A zip archive of `(name, data, deflate)`, written by hand from the
    /// format's description (APPNOTE 4.3), with a zip64 extra field on the
    /// entries when `zip64` is set.
    pub(crate) fn archive(entries: &[(&str, &[u8], bool)], zip64: bool) -> Vec<u8> {
        let mut out = Vec::new();
        let mut central = Vec::new();
        for (name, data, deflate) in entries {
            let mut crc = flate2::Crc::new();
            crc.update(data);
            let stored = if *deflate {
                let mut e =
                    flate2::write::DeflateEncoder::new(Vec::new(), flate2::Compression::new(6));
                e.write_all(data).unwrap();
                e.finish().unwrap()
            } else {
                data.to_vec()
            };
            let method: u16 = if *deflate { 8 } else { 0 };
            let offset = out.len() as u32;
            let (c32, s32, o32) = if zip64 {
                (0xFFFF_FFFF, 0xFFFF_FFFF, 0xFFFF_FFFF)
            } else {
                (stored.len() as u32, data.len() as u32, offset)
            };
            let mut extra = Vec::new();
            if zip64 {
                extra.extend(1u16.to_le_bytes());
                extra.extend(24u16.to_le_bytes());
                extra.extend((data.len() as u64).to_le_bytes());
                extra.extend((stored.len() as u64).to_le_bytes());
                extra.extend(u64::from(offset).to_le_bytes());
            }
            out.extend(LOCAL.to_le_bytes());
            out.extend([20, 0, 0, 0]);
            out.extend(method.to_le_bytes());
            out.extend([0; 4]);
            out.extend(crc.sum().to_le_bytes());
            out.extend((stored.len() as u32).to_le_bytes());
            out.extend((data.len() as u32).to_le_bytes());
            out.extend((name.len() as u16).to_le_bytes());
            out.extend(0u16.to_le_bytes());
            out.extend(name.as_bytes());
            out.extend(&stored);
            central.extend(CENTRAL.to_le_bytes());
            central.extend([20, 0, 20, 0, 0, 0]);
            central.extend(method.to_le_bytes());
            central.extend([0; 4]);
            central.extend(crc.sum().to_le_bytes());
            central.extend(c32.to_le_bytes());
            central.extend(s32.to_le_bytes());
            central.extend((name.len() as u16).to_le_bytes());
            central.extend((extra.len() as u16).to_le_bytes());
            central.extend([0; 10]);
            central.extend(o32.to_le_bytes());
            central.extend(name.as_bytes());
            central.extend(&extra);
        }
        let start = out.len() as u32;
        out.extend(&central);
        out.extend(END.to_le_bytes());
        out.extend([0; 4]);
        out.extend((entries.len() as u16).to_le_bytes());
        out.extend((entries.len() as u16).to_le_bytes());
        out.extend((central.len() as u32).to_le_bytes());
        out.extend(start.to_le_bytes());
        out.extend(7u16.to_le_bytes());
        out.extend(b"comment");
        out
    }

    fn read_all(path: &Path, member: &Member) -> io::Result<Vec<u8>> {
        let mut out = Vec::new();
        member.open(path)?.reader.read_to_end(&mut out)?;
        Ok(out)
    }

    fn temp(name: &str, data: &[u8]) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("chessnote-zip-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(name);
        std::fs::write(&path, data).unwrap();
        path
    }

    #[test]
    fn lists_and_reads_stored_and_deflated_entries() {
        let big: Vec<u8> = (0..50_000)
            .flat_map(|i| format!("[Event \"{i}\"]\n\n1. e4 *\n\n").into_bytes())
            .collect();
        for zip64 in [false, true] {
            let data = archive(
                &[
                    ("a.pgn", b"[Event \"a\"]\n\n1. e4 *\n", false),
                    ("dir/", b"", false),
                    ("B.PGN", &big, true),
                    ("readme.txt", b"hello", true),
                ],
                zip64,
            );
            let path = temp(&format!("lists-{zip64}.zip"), &data);
            let members = members(&path).unwrap().unwrap();
            let names: Vec<_> = members.iter().map(|m| m.name.as_str()).collect();
            assert_eq!(names, ["a.pgn", "dir/", "B.PGN", "readme.txt"]);
            let pgn: Vec<_> = members.iter().map(Member::is_pgn).collect();
            assert_eq!(pgn, [true, false, true, false]);
            assert_eq!(
                read_all(&path, &members[0]).unwrap(),
                b"[Event \"a\"]\n\n1. e4 *\n"
            );
            assert_eq!(read_all(&path, &members[2]).unwrap(), big);
            assert_eq!(members[2].size, big.len() as u64);
        }
    }

    #[test]
    fn not_a_zip_is_none() {
        let path = temp("plain.pgn", b"[Event \"a\"]\n\n1. e4 *\n");
        assert_eq!(members(&path).unwrap(), None);
        let path = temp("empty.pgn", b"");
        assert_eq!(members(&path).unwrap(), None);
    }

    #[test]
    fn damage_is_reported_not_read() {
        let data = archive(
            &[("a.pgn", b"[Event \"a\"]\n\n1. e4 e5 2. Nf3 *\n", false)],
            false,
        );
        // Cut short: no central directory.
        let path = temp("cut.zip", &data[..data.len() - 40]);
        let err = members(&path).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::InvalidData);
        assert!(
            err.to_string().contains("no end of central directory"),
            "{err}"
        );
        // A changed byte in a stored entry: its CRC-32 does not match.
        let mut bad = data.clone();
        let at = bad.windows(3).position(|w| w == b"Nf3").unwrap();
        bad[at] = b'B';
        let path = temp("crc.zip", &bad);
        let members = members(&path).unwrap().unwrap();
        let err = read_all(&path, &members[0]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "corrupt zip entry a.pgn: its CRC-32 does not match"
        );
    }

    #[test]
    fn methods_other_than_stored_and_deflate_are_refused_by_name() {
        let mut data = archive(&[("a.pgn", b"1. e4 *\n", false)], false);
        // The method in the central record (12: bzip2).
        let at = data
            .windows(4)
            .position(|w| w == CENTRAL.to_le_bytes())
            .unwrap();
        data[at + 10] = 12;
        let path = temp("bzip2.zip", &data);
        let members = members(&path).unwrap().unwrap();
        let err = read_all(&path, &members[0]).unwrap_err();
        assert!(
            err.to_string().starts_with(
                "zip entry a.pgn: compressed with bzip2, which chessnote does not read"
            ),
            "{err}"
        );
    }
}
