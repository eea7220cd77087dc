#!/usr/bin/env bash
# Whole-process benchmark of `chessnote pgn convert --to uci` and
# `chessnote pgn count` against a pgn-reader + shakmaty program doing the
# same job (crates/chessnote-bench/examples/pgn_reader_uci.rs, which decodes
# .zst with chessnote's own decoder) and against grep, on a .pgn.zst corpus
# and on its decompressed copy.
#
# What it runs, each whole process timed by bash ($EPOCHREALTIME) under
# GNU time (`%M`: peak RSS), stdout to /dev/null, interleaved over ROUNDS
# rounds:
#   cn uci t1 / tN         chessnote pgn convert --to uci --threads 1 / N, .zst
#   cn uci t1 plain        the same, --threads 1, on the plain file
#   pgn-reader uci         pgn_reader_uci on the .zst / on the plain file
#   cn count t1 / default  chessnote pgn count --threads 1 / default, .zst
#   cn count plain         chessnote pgn count (default threads), plain file
#   grep plain             grep -c '^\[Event ' on the plain file
#   zstd|grep              zstd -dc FILE | grep -c '^\[Event ' (with zstd)
# Before timing, one check round: chessnote's UCI lines (1 and N threads)
# must equal the pgn-reader program's (else: the number of differing lines
# and the first differences), and `count` must equal the number of lines.
# Then a table: median wall seconds, MB/s (decompressed bytes), games/s,
# median peak RSS (KiB), and the ratios (pgn-reader ÷ chessnote at 1 and N
# threads; threads 1 ÷ threads N; grep ÷ count).
#
# Usage (from anywhere; builds first, release):
#   scripts/pgn_cli_bench.sh [FILE.pgn.zst]
# FILE defaults to $CHESSNOTE_SHARED/data/pgn/large/gnuchess-book_1.02.pgn.zst
# (86 MB decompressed, 145,716 games). Environment:
#   ROUNDS=5         timed rounds (the median is taken over them)
#   THREADS=$(nproc) the N of "tN"
#   FEATURES=        cargo features for both builds (`zstd-c`: libzstd)
#   PEERS_ONLY=1     only pgn-reader and grep (before `chessnote pgn` exists)
#   CHESSNOTE=PATH   another chessnote binary (default: the one just built)
# How long: with the default file, about 30 s a round on 2 cores plus the
# builds (a few minutes from scratch). Needs GNU time (`apt-get install
# time`); zstd is optional.
set -euo pipefail

die() {
    echo "pgn_cli_bench: $*" >&2
    exit 1
}

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
shared=${CHESSNOTE_SHARED:-$root/../shared}
target=${CARGO_TARGET_DIR:-$root/target}
file=${1:-$shared/data/pgn/large/gnuchess-book_1.02.pgn.zst}
rounds=${ROUNDS:-5}
threads=${THREADS:-$(nproc)}
features=${FEATURES:-}
peers_only=${PEERS_ONLY:-0}

[ -f "$file" ] || die "no such file: $file"
[ -x /usr/bin/time ] || die "needs GNU time at /usr/bin/time (apt-get install time)"
[[ $rounds =~ ^[1-9][0-9]*$ ]] || die "ROUNDS must be a positive number: $rounds"

cargo_features=()
[ -z "$features" ] || cargo_features=(--features "$features")
echo "building (release${features:+, features $features})..." >&2
cargo build --quiet --release -p chessnote-cli "${cargo_features[@]}"
cargo build --quiet --release -p chessnote-cli --example decode_bench "${cargo_features[@]}"
cargo build --quiet --release -p chessnote-bench --example pgn_reader_uci "${cargo_features[@]}"
cn=${CHESSNOTE:-$target/release/chessnote}
pr=$target/release/examples/pgn_reader_uci
cat=$target/release/examples/decode_bench

if [ "$peers_only" != 1 ]; then
    for sub in convert count; do
        "$cn" pgn "$sub" --help >/dev/null 2>&1 ||
            die "'chessnote pgn $sub' does not exist in this build (issue 14); PEERS_ONLY=1 times the peers alone"
    done
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

plain=$work/plain.pgn
echo "decompressing $(basename "$file")..." >&2
"$cat" --cat "$file" >"$plain"
bytes=$(stat -c %s "$plain")
games=$(grep -c '^\[Event ' "$plain" || true)
[ "$games" -gt 0 ] || die "no games ('[Event ' lines) in $file"

# The runs: a label (no spaces) and a command line (eval'd).
labels=()
declare -A cmds
add() {
    labels+=("$1")
    cmds[$1]=$2
}
q() { printf '%q' "$1"; }
# convert exits 1 when a game has a problem (the book has 370 tag values with
# an unknown escape such as `\'`): reported (--quiet here), not a failure.
problems_ok='|| [ $? -eq 1 ]'
if [ "$peers_only" != 1 ]; then
    add cn-uci-t1 "$(q "$cn") pgn convert --to uci --threads 1 --no-progress --quiet $(q "$file") $problems_ok"
    add cn-uci-t$threads "$(q "$cn") pgn convert --to uci --threads $threads --no-progress --quiet $(q "$file") $problems_ok"
    add cn-uci-t1-plain "$(q "$cn") pgn convert --to uci --threads 1 --no-progress --quiet $(q "$plain") $problems_ok"
fi
add pr-uci "$(q "$pr") $(q "$file")"
add pr-uci-plain "$(q "$pr") $(q "$plain")"
if [ "$peers_only" != 1 ]; then
    add cn-count-t1 "$(q "$cn") pgn count --threads 1 --no-progress $(q "$file")"
    add cn-count "$(q "$cn") pgn count --no-progress $(q "$file")"
    add cn-count-plain "$(q "$cn") pgn count --no-progress $(q "$plain")"
fi
add grep-plain "grep -c '^\[Event ' $(q "$plain")"
if command -v zstd >/dev/null; then
    add zstd-grep "zstd -q -d -c $(q "$file") | grep -c '^\[Event '"
fi

# The check round: outputs compared, not timed.
echo "checking outputs..." >&2
eval "${cmds[pr-uci]}" >"$work/pr.uci"
[ "$(wc -l <"$work/pr.uci")" -eq "$games" ] ||
    echo "warning: pgn-reader printed $(wc -l <"$work/pr.uci") lines for $games games" >&2
if [ "$peers_only" != 1 ]; then
    for label in cn-uci-t1 cn-uci-t$threads cn-uci-t1-plain; do
        eval "${cmds[$label]}" >"$work/cn.uci" || die "$label failed"
        if cmp -s "$work/cn.uci" "$work/pr.uci"; then
            echo "$label: UCI output identical to pgn-reader's ($games lines)" >&2
        else
            differing=$(diff "$work/pr.uci" "$work/cn.uci" | grep -c '^>' || true)
            line=$(cmp "$work/pr.uci" "$work/cn.uci" | awk '{ print $NF }' || true)
            first() { sed -n "${line}p" "$1" | tr ' ' '\n'; }
            # cmp: "differ: byte B, line M", or "EOF on F after byte B, line M"
            # when one is a prefix of the other.
            move=$(cmp <(first "$work/pr.uci") <(first "$work/cn.uci") 2>&1 |
                awk '{ print $NF + (/EOF/ ? 1 : 0) }' || true)
            echo "$label: $differing lines differ from pgn-reader's ($(wc -l <"$work/cn.uci") lines);" \
                "the first at line $line, move $move: pgn-reader '$(first "$work/pr.uci" | sed -n "${move}p")'," \
                "chessnote '$(first "$work/cn.uci" | sed -n "${move}p")'" >&2
        fi
    done
    count=$(eval "${cmds[cn-count]}") || die "cn-count failed"
    [ "$count" = "$games" ] || echo "warning: pgn count says $count, grep finds $games [Event lines" >&2
fi

# The timed rounds, interleaved: one run of each command per round.
for round in $(seq "$rounds"); do
    echo "round $round/$rounds" >&2
    for label in "${labels[@]}"; do
        start=$EPOCHREALTIME
        if ! /usr/bin/time -f '%M' -o "$work/time" bash -c "${cmds[$label]}" \
            >/dev/null 2>"$work/stderr"; then
            cat "$work/stderr" >&2
            die "$label failed: ${cmds[$label]}"
        fi
        end=$EPOCHREALTIME
        echo "$start $end $(tail -n 1 "$work/time")" |
            awk '{ printf "%.4f %d\n", $2 - $1, $3 }' >>"$work/$label.times"
    done
done

median() { # column of $work/LABEL.times
    sort -n -k "$2" "$work/$1.times" | awk -v c="$2" '{ v[NR] = $c }
        END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
declare -A secs
printf '\n%s: %s MB decompressed, %s games; %s rounds, medians\n' \
    "$(basename "$file")" "$(awk -v b="$bytes" 'BEGIN { printf "%.1f", b / 1e6 }')" "$games" "$rounds"
printf '%-18s %9s %9s %11s %10s  %s\n' run seconds MB/s games/s 'RSS KiB' command
for label in "${labels[@]}"; do
    secs[$label]=$(median "$label" 1)
    awk -v l="$label" -v s="${secs[$label]}" -v b="$bytes" -v g="$games" -v m="$(median "$label" 2)" \
        -v c="${cmds[$label]//$work\//}" \
        'BEGIN { s = s > 0 ? s : 0.0001; printf "%-18s %9.3f %9.0f %11.0f %10d  %s\n", l, s, b / 1e6 / s, g / s, m, c }'
done

ratio() { # NAME NUMERATOR DENOMINATOR
    [ -n "${secs[$2]:-}" ] && [ -n "${secs[$3]:-}" ] || return 0
    awk -v n="${secs[$2]}" -v d="${secs[$3]}" -v name="$1" -v a="$2" -v b="$3" \
        'BEGIN { d = d > 0 ? d : 0.0001; printf "%-42s %6.2f  (%s / %s)\n", name, n / d, a, b }'
}
echo
echo "ratios of median seconds (> 1: the second is faster)"
[ "$peers_only" != 1 ] || echo "(none: PEERS_ONLY=1)"
ratio "pgn-reader / chessnote, 1 thread, .zst" pr-uci cn-uci-t1
ratio "pgn-reader / chessnote, $threads threads, .zst" pr-uci "cn-uci-t$threads"
ratio "pgn-reader / chessnote, 1 thread, plain" pr-uci-plain cn-uci-t1-plain
ratio "convert: threads 1 / threads $threads" cn-uci-t1 "cn-uci-t$threads"
ratio "count: threads 1 / default threads" cn-count-t1 cn-count
ratio "grep / count, plain" grep-plain cn-count-plain
ratio "zstd | grep / count, .zst" zstd-grep cn-count
