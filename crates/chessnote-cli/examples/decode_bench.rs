//! Decode throughput of `chessnote-io` (the `chessnote` inputs): MB/s
//! of decompressed output, reading each FILE to the end through
//! `compress::open` in 64 KiB reads (`--read BYTES` to change), and encode
//! throughput of `compress::encoder` on the decompressed bytes.
//!
//! ```sh
//! cargo run --release -p chessnote-cli --example decode_bench -- FILE...
//! ```
//!
//! The codecs are the binary's: ruzstd, flate2 with zlib-rs and bzip2
//! with libbz2-rs-sys by default; `--features zstd-c` (libzstd) and
//! `--features bzip2/bzip2-sys` (libbz2, C) swap them. `scripts/decode_bench.sh` runs the combinations, interleaved.
//! Prints one line per file: `decode NAME FORMAT CODEC MB SECONDS MB/S`
//! (with `--encode`, also `encode ... ratio R` lines). `--cat FILE...`
//! writes the decompressed bytes to stdout instead (`zcat` for all three
//! formats, for scripts).

use std::io::{self, Read, Write};
use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

use chessnote_io as compress;

use compress::Compression;

/// The codec this binary uses for `compression`.
fn codec(compression: Compression) -> &'static str {
    match compression {
        Compression::None => "copy",
        Compression::Zstd if cfg!(feature = "zstd-c") => "libzstd",
        Compression::Zstd => "ruzstd",
        Compression::Gzip => "flate2", // the backend: see the build's features
        Compression::Bzip2 => "bzip2",
        Compression::Xz => "lzma-rust2",
    }
}

fn decode(path: &Path, read_size: usize) -> io::Result<(Compression, u64, f64)> {
    let start = Instant::now();
    let mut opened = compress::open(Some(path))?;
    let mut buf = vec![0u8; read_size];
    let mut total = 0u64;
    loop {
        match opened.reader.read(&mut buf)? {
            0 => break,
            n => total += n as u64,
        }
    }
    Ok((opened.compression, total, start.elapsed().as_secs_f64()))
}

/// Compresses `data` as `compression` into memory: (compressed size, seconds).
fn encode(compression: Compression, data: &[u8]) -> io::Result<(u64, f64)> {
    struct Count(std::sync::Arc<std::sync::atomic::AtomicU64>);
    impl Write for Count {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            self.0
                .fetch_add(buf.len() as u64, std::sync::atomic::Ordering::Relaxed);
            Ok(buf.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }
    let size = std::sync::Arc::default();
    let start = Instant::now();
    let mut writer = compress::encoder(compression, Box::new(Count(std::sync::Arc::clone(&size))))?;
    for chunk in data.chunks(64 << 10) {
        writer.write_all(chunk)?;
    }
    writer.finish()?;
    let seconds = start.elapsed().as_secs_f64();
    Ok((size.load(std::sync::atomic::Ordering::Relaxed), seconds))
}

fn main() -> io::Result<ExitCode> {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let encode_too = args.iter().any(|a| a == "--encode");
    args.retain(|a| a != "--encode");
    let mut read_size = 64 << 10;
    if let Some(i) = args.iter().position(|a| a == "--read") {
        read_size = args.get(i + 1).and_then(|n| n.parse().ok()).unwrap_or(0);
        args.drain(i..(i + 2).min(args.len()));
    }
    if args.is_empty() || read_size == 0 {
        eprintln!("usage: decode_bench [--encode] [--read BYTES] FILE... | --cat FILE...");
        return Ok(ExitCode::from(2));
    }
    let mut stdout = io::stdout().lock();
    if args[0] == "--cat" {
        for path in &args[1..] {
            io::copy(
                &mut compress::open(Some(Path::new(path)))?.reader,
                &mut stdout,
            )?;
        }
        return Ok(ExitCode::SUCCESS);
    }
    for path in &args {
        let path = Path::new(path);
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        let (compression, bytes, seconds) = decode(path, read_size)?;
        let mb = bytes as f64 / 1e6;
        writeln!(
            stdout,
            "decode {name} {} {} {mb:.1} {seconds:.3} {:.0}",
            compression.name(),
            codec(compression),
            mb / seconds
        )?;
        if encode_too && compression != Compression::None {
            let mut data = Vec::new();
            compress::open(Some(path))?.reader.read_to_end(&mut data)?;
            let (size, seconds) = encode(compression, &data)?;
            writeln!(
                stdout,
                "encode {name} {} {} {mb:.1} {seconds:.3} {:.0} ratio {:.2}",
                compression.name(),
                codec(compression),
                mb / seconds,
                data.len() as f64 / size as f64
            )?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
