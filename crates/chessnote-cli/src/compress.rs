//! TEMPORARY stub (plain files only) until the real module lands.
use std::io::{self, Read};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Compression { None, Zstd, Gzip, Bzip2 }
impl Compression {
    pub fn extension(self) -> &'static str { match self { Compression::None => "", Compression::Zstd => ".zst", Compression::Gzip => ".gz", Compression::Bzip2 => ".bz2" } }
}
#[derive(Clone, Debug, Default)] pub struct Counter(Arc<AtomicU64>);
impl Counter { pub fn get(&self) -> u64 { self.0.load(Ordering::Relaxed) } }
pub struct Opened { pub reader: Box<dyn Read + Send>, pub compression: Compression, pub size: Option<u64>, pub read: Counter }
struct Counting<R> { read: R, counter: Counter }
impl<R: Read> Read for Counting<R> { fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> { let n = self.read.read(buf)?; self.counter.0.fetch_add(n as u64, Ordering::Relaxed); Ok(n) } }
pub fn open(path: Option<&Path>) -> io::Result<Opened> {
    let counter = Counter::default();
    match path {
        None => Ok(Opened { reader: Box::new(Counting { read: io::stdin(), counter: counter.clone() }), compression: Compression::None, size: None, read: counter }),
        Some(p) => { let f = std::fs::File::open(p)?; let size = f.metadata().ok().filter(|m| m.is_file()).map(|m| m.len());
            Ok(Opened { reader: Box::new(Counting { read: f, counter: counter.clone() }), compression: Compression::None, size, read: counter }) }
    }
}
pub trait Finish: io::Write + Send { fn finish(self: Box<Self>) -> io::Result<()>; }
struct Plain(Box<dyn io::Write + Send>);
impl io::Write for Plain { fn write(&mut self, b: &[u8]) -> io::Result<usize> { self.0.write(b) } fn flush(&mut self) -> io::Result<()> { self.0.flush() } }
impl Finish for Plain { fn finish(mut self: Box<Self>) -> io::Result<()> { io::Write::flush(&mut self.0) } }
pub fn encoder(_c: Compression, out: Box<dyn io::Write + Send>) -> io::Result<Box<dyn Finish>> { Ok(Box::new(Plain(out))) }
