#!/usr/bin/env bash
# Decode throughput of chessnote's compressed inputs (crates/chessnote-io,
# through chessnote-cli's examples/decode_bench.rs): MB/s of decompressed
# output for zstd (one frame, and pzstd's many frames with skippable ones),
# gzip, bzip2 and xz versions of one PGN file, with
#   - the pure-Rust build (`--no-default-features`): ruzstd, flate2 +
#     zlib-rs, libbz2-rs-sys, lzma-rust2;
#   - the C build (the default `zstd-c`, and `bzip2/bzip2-sys`): libzstd,
#     libbz2;
#   - the command-line tools, `zstd -dc`, `gzip -dc`, `bzip2 -dc`, `xz -dc`;
# interleaved over ROUNDS rounds, medians printed. The `zstd-c` feature is
# the default because libzstd decodes 2.5-3.7x as fast as ruzstd here.
#
# Usage: scripts/decode_bench.sh [FILE.pgn.zst]   (ROUNDS=3 by default)
# FILE defaults to $CHESSNOTE_SHARED/data/pgn/large/gnuchess-book_1.02.pgn.zst
# (86 MB decompressed). How long: the two builds (a few minutes from
# scratch), about 30 s to make the .gz, .bz2 and pzstd files, then about
# 12 s a round. Needs gzip and bzip2; zstd, pzstd and xz are optional.
set -euo pipefail

die() {
    echo "decode_bench: $*" >&2
    exit 1
}

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
shared=${CHESSNOTE_SHARED:-$root/../shared}
target=${CARGO_TARGET_DIR:-$root/target}
file=${1:-$shared/data/pgn/large/gnuchess-book_1.02.pgn.zst}
rounds=${ROUNDS:-3}
[ -f "$file" ] || die "no such file: $file"
command -v gzip >/dev/null && command -v bzip2 >/dev/null || die "needs gzip and bzip2"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "building..." >&2
cargo build --quiet --release -p chessnote-cli --example decode_bench --no-default-features
cp "$target/release/examples/decode_bench" "$work/rust"
cargo build --quiet --release -p chessnote-cli --example decode_bench --features bzip2/bzip2-sys
cp "$target/release/examples/decode_bench" "$work/c"

echo "making the test files..." >&2
cp "$file" "$work/one-frame.pgn.zst"
"$work/rust" --cat "$file" >"$work/book.pgn"
gzip -6 -c "$work/book.pgn" >"$work/book.pgn.gz"
bzip2 -9 -c "$work/book.pgn" >"$work/book.pgn.bz2"
files=("$work/one-frame.pgn.zst")
if command -v pzstd >/dev/null; then
    pzstd -q -p 4 -3 -c "$work/book.pgn" >"$work/pzstd.pgn.zst"
    files+=("$work/pzstd.pgn.zst")
fi
files+=("$work/book.pgn.gz" "$work/book.pgn.bz2")
if command -v xz >/dev/null; then
    xz -6 -c "$work/book.pgn" >"$work/book.pgn.xz"
    files+=("$work/book.pgn.xz")
fi
files+=("$work/book.pgn")
bytes=$(stat -c %s "$work/book.pgn")

# One timed run: LABEL COMMAND... (stdout discarded); seconds appended to
# $work/LABEL.
run() {
    local label=$1 start end
    shift
    start=$EPOCHREALTIME
    "$@" >/dev/null || die "failed: $*"
    end=$EPOCHREALTIME
    echo "$start $end" | awk '{ printf "%.4f\n", $2 - $1 }' >>"$work/$label"
}
labels=()
for round in $(seq "$rounds"); do
    echo "round $round/$rounds" >&2
    for f in "${files[@]}"; do
        name=$(basename "$f")
        for build in rust c; do
            [ "$build" = c ] && [[ $name == *.gz || $name == *.xz || $name == *.pgn ]] && continue
            run "$name:$build" "$work/$build" "$f"
            [ "$round" -gt 1 ] || labels+=("$name:$build")
        done
        case $name in
            *.zst) tool=(zstd -q -d -c) ;;
            *.gz) tool=(gzip -d -c) ;;
            *.bz2) tool=(bzip2 -d -c) ;;
            *.xz) tool=(xz -d -c) ;;
            *) continue ;;
        esac
        command -v "${tool[0]}" >/dev/null || continue
        run "$name:${tool[0]}" "${tool[@]}" "$f"
        [ "$round" -gt 1 ] || labels+=("$name:${tool[0]}")
    done
done

echo
printf '%s: %.1f MB decompressed; %s rounds, medians\n' "$(basename "$file")" "$(awk -v b="$bytes" 'BEGIN { print b / 1e6 }')" "$rounds"
printf '%-20s %-8s %-22s %8s %8s\n' file build decoder seconds MB/s
for label in "${labels[@]}"; do
    name=${label%:*}
    build=${label##*:}
    case $build:$name in
        rust:*.zst) decoder=ruzstd ;;
        c:*.zst) decoder=libzstd ;;
        rust:*.gz) decoder="flate2 + zlib-rs" ;;
        rust:*.bz2) decoder=libbz2-rs-sys ;;
        c:*.bz2) decoder="libbz2 (bzip2-sys)" ;;
        rust:*.xz) decoder=lzma-rust2 ;;
        rust:*) decoder="(plain: copy)" ;;
        *) decoder="$build tool" build=tool ;;
    esac
    seconds=$(sort -n "$work/$label" | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }')
    awk -v f="$name" -v b="$build" -v d="$decoder" -v s="$seconds" -v n="$bytes" \
        'BEGIN { printf "%-20s %-8s %-22s %8.3f %8.0f\n", f, b, d, s, n / 1e6 / s }'
done
