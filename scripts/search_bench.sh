#!/usr/bin/env bash
# Whole-process benchmark of position search and duplicates (issue 32)
# against pgn-extract (GPL; Debian's `pgn-extract` package, run from
# /usr/games), with farm-bench (each pair A/B interleaved, the median of the
# pair-by-pair ratios quoted):
#   count --where 'reaches(after 1. e4 c5)'   (default threads, and 1)
#   convert --to pgn --where 'reaches(…)'     (writes the games)
#   split --where 'reaches(…)'                (one thread, writes the bytes)
#       each vs pgn-extract -s -x MOVES.pgn -o /dev/null
#   count --unique                            (default threads, and 1)
#       vs pgn-extract -s -D -o /dev/null
# Before timing, the counts are checked: the games `reaches` keeps must be
# as many as pgn-extract writes with -x.
#
# Usage, from the repository root, after
#   cargo build --release -p chessnote-cli --features parquet:
#   scripts/search_bench.sh [FILE.pgn]
# FILE (plain PGN: pgn-extract reads no compressed input) defaults to the
# gnuchess book decompressed from $CHESSNOTE_SHARED (145,716 games).
# Environment: RUNS=7 (farm-bench -n), PGN_EXTRACT=/usr/games/pgn-extract.
set -euo pipefail
cd "$(dirname "$0")/.."
cn="$PWD/target/release/chessnote"
pe="${PGN_EXTRACT:-/usr/games/pgn-extract}"
runs="${RUNS:-7}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
file="${1:-}"
if [ -z "$file" ]; then
  shared="${CHESSNOTE_SHARED:-../shared}"
  file="$work/gnuchess.pgn"
  zstd -dc "$shared/data/pgn/large/gnuchess-book_1.02.pgn.zst" > "$file"
fi
printf '1. e4 c5 *\n' > "$work/moves.pgn"
fen='rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq -'
where="reaches(\"$fen\")"

ours=$("$cn" pgn count --where "$where" "$file")
"$pe" -s -x"$work/moves.pgn" -o "$work/x.pgn" "$file" 2>/dev/null
theirs=$(grep -c '^\[Event ' "$work/x.pgn" || true)
echo "games reaching the position: chessnote $ours, pgn-extract $theirs"
[ "$ours" = "$theirs" ] || { echo "the counts differ" >&2; exit 1; }

x=("$pe" -s -x"$work/moves.pgn" -o /dev/null "$file")
bench() { farm-bench -n "$runs" --timeout 600 "$@" | grep -E '^(A wall|B wall|A/B wall)'; }
echo "== count --where reaches (default threads) vs pgn-extract -x"
bench --vs "${x[*]}" -- "$cn" pgn count --where "$where" "$file"
echo "== count --where reaches --threads 1 vs pgn-extract -x"
bench --vs "${x[*]}" -- "$cn" pgn count --threads 1 --where "$where" "$file"
echo "== convert --to pgn --where reaches vs pgn-extract -x"
bench --vs "${x[*]}" -- sh -c "\"$cn\" pgn convert --to pgn --where '$where' \"$file\" > /dev/null"
echo "== split --where reaches vs pgn-extract -x"
bench --vs "${x[*]}" -- sh -c "rm -rf \"$work/parts\" && \"$cn\" pgn split --games 1000000 --out \"$work/parts\" --where '$where' \"$file\" > /dev/null"
d="$pe -s -D -o /dev/null $file"
echo "== count --unique (default threads) vs pgn-extract -D"
bench --vs "$d" -- "$cn" pgn count --unique "$file"
echo "== count --unique --threads 1 vs pgn-extract -D"
bench --vs "$d" -- "$cn" pgn count --threads 1 --unique "$file"
