#!/usr/bin/env bash
# Peak memory of one streaming pass of the PGN reader over a file
# (`chessnote::pgn::Reader::new(File)`, the `io::Read` path), measured with
# `/usr/bin/time -v` ("Maximum resident set size"), on:
#   - the GNU Chess book corpus, decompressed (86 MB, 145,716 games);
#   - big-comment.pgn: one game with a 100 MB comment (lines of text);
#   - deep-variations.pgn: one game with 1,000,000 nested variations
#     (10 MB; deeper than the default limit of 256);
#   - long-game.pgn: one game of 2,000,000 moves (`Nf3 Nf6 Ng1 Ng8`, about
#     8 MB; over the default limit of 1,000,000 moves).
# Modes (crates/chessnote-bench/examples/pgn_stream.rs): `open` (the binary's
# floor), `syntax` (a counting visitor, variations read), `games`
# (`Reader::games()`, mainlines replayed), and `pgn-reader` (pgn-reader with
# a counting visitor, for comparison). The target is 8 MiB or less.
#
# Usage: scripts/pgn_memory.sh [WORK_DIR]   (default: a temporary folder)
# Needs: zstd, /usr/bin/time (GNU time), ../shared (or $CHESSNOTE_SHARED).
# No pipefail: `yes | head` ends `yes` with SIGPIPE, as intended.
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
shared=${CHESSNOTE_SHARED:-$root/../shared}
target=${CARGO_TARGET_DIR:-$root/target}
work=${1:-$(mktemp -d)}
mkdir -p "$work"

cargo build --quiet --release -p chessnote-bench --example pgn_stream
bin=$target/release/examples/pgn_stream

book=$work/gnuchess-book.pgn
[ -s "$book" ] || zstd -q -d -c "$shared/data/pgn/large/gnuchess-book_1.02.pgn.zst" >"$book"

comment=$work/big-comment.pgn
if [ ! -s "$comment" ]; then
    {
        printf '[Event "big comment"]\n[Result "*"]\n\n1. e4 {'
        yes 'a line of a very long comment, with words and nothing else' | head -c 100000000
        printf '} e5 2. Nf3 *\n'
    } >"$comment"
fi

deep=$work/deep-variations.pgn
if [ ! -s "$deep" ]; then
    {
        printf '[Event "deep variations"]\n[Result "*"]\n\n1. e4 e5 '
        yes '(1... d5' | head -n 1000000 | tr '\n' ' '
        yes ')' | head -n 1000000 | tr -d '\n'
        printf ' 2. Nf3 *\n'
    } >"$deep"
fi

long=$work/long-game.pgn
if [ ! -s "$long" ]; then
    {
        printf '[Event "long game"]\n[Result "*"]\n\n'
        yes 'Nf3 Nf6 Ng1 Ng8' | head -n 500000
        printf '*\n'
    } >"$long"
fi

rss() { # mode file: prints the max RSS in KiB and the program's output
    if ! /usr/bin/time -v -o "$work/time" "$bin" "$1" "$2" >"$work/stdout" 2>"$work/stderr"; then
        echo "pgn_stream $1 $2 failed:" >&2
        cat "$work/stderr" >&2
        exit 1
    fi
    printf '%8s KiB  %-10s %-22s %s\n' \
        "$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$work/time")" \
        "$1" "$(basename "$2")" "$(head -c 100 "$work/stdout")"
}

echo "max RSS     mode       file                   output"
rss open "$book"
for file in "$book" "$comment" "$deep" "$long"; do
    for mode in syntax games pgn-reader; do
        rss "$mode" "$file"
    done
done
[ -n "${1:-}" ] || rm -rf "$work"
