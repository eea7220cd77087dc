#!/usr/bin/env bash
# Thread-scaling table of the `chessnote pgn` pipeline on a large pzstd file
# (issue 31): `count`, `convert --to uci` and `export --to parquet` at each
# --threads of THREADS, whole process, ROUNDS rounds (interleaved), with
# wall seconds, CPU seconds, peak RSS, MB/s of PGN and games/s, and the md5
# of each output, so that "the same bytes for any --threads" is checked on
# the big file too.
#
# The big file is COPIES copies of SMALL.pgn.zst put end to end: zstd
# frames concatenated are a valid multi-frame file, and a pzstd file's
# skippable headers stay in front of their frames, so the copies are what
# a Lichess dump is (independent frames of about the same size), as many
# gigabytes as asked without compressing them here.
#
# Usage: scripts/scale_table.sh BIN SMALL.pgn.zst COPIES LABEL OUTDIR
#   BIN     a release `chessnote` built with --features parquet
#   THREADS (environment) the --threads values, default "1 2 4 8 16"
#   JOBS    (environment) which of pzstd,count,convert,export,convert-copies,
#           export-copies to run (default count,convert,export; pzstd:
#           `pzstd -d -p N`, where there is one, the decoder alone;
#           JOB-copies: N processes of JOB at --threads 1 at once, each on
#           the whole file: what the machine gives N independent runs, the
#           ceiling of JOB's scaling there: N × wall(JOB, 1) ÷ wall(copies);
#           its md5 is that of the first copy's output, its MB/s and
#           games/s those of all the copies together)
#   ROUNDS  (environment) rounds, each over every job and thread count (1)
#   PLAIN_BYTES (environment) the decompressed size of SMALL (else zstd -dc's)
# Appends tab-separated rows to OUTDIR/scale.tsv:
#   label job threads wall_s cpu_s peak_rss_kib pgn_mb_per_s games_per_s md5
# Needs bash, md5sum and GNU time (for CPU and RSS; without it they are "-").
set -euo pipefail
bin=$1 small=$2 copies=$3 label=$4 outdir=$5
threads=${THREADS:-1 2 4 8 16}
jobs=${JOBS:-count,convert,export}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
big=$work/big.pgn.zst
for _ in $(seq "$copies"); do cat "$small"; done >"$big"
games=$("$bin" pgn count --no-progress "$big")
# The PGN bytes: the plain size of one copy (PLAIN_BYTES, else zstd's), times the copies.
one=${PLAIN_BYTES:-}
if [ -z "$one" ]; then
    command -v zstd >/dev/null || { echo "no zstd here: set PLAIN_BYTES" >&2; exit 2; }
    one=$(zstd -dc "$small" | wc -c)
fi
pgn_bytes=$(( one * copies ))
echo "# $label: $copies copies, $(stat -c %s "$big") bytes zst, $pgn_bytes bytes PGN, $games games, $(nproc) cores" \
    | tee -a "$outdir/scale.tsv"

have_time=false
[ -x /usr/bin/time ] && have_time=true

# `copies N COMMAND...`: N copies of COMMAND at once, `{}` in its arguments
# being nothing in the first copy (whose output is the job's) and `-I` in
# copy I. It fails when any copy does, as the other jobs fail.
copies() {
    local n=$1 i status=0 pids=()
    shift
    for i in $(seq 2 "$n"); do
        "${@//\{\}/-$i}" >/dev/null &
        pids+=($!)
    done
    "${@//\{\}/}" || status=$?
    for i in "${pids[@]}"; do wait "$i" || status=1; done
    return "$status"
}
export -f copies

run() { # job threads command...
    local job=$1 n=$2
    shift 2
    local start end wall cpu=- rss=- sum
    start=$EPOCHREALTIME
    if $have_time; then
        /usr/bin/time -o "$work/time" -f "%U %S %M" "$@" >"$work/out" 2>"$work/err"
    else
        "$@" >"$work/out" 2>"$work/err"
    fi
    end=$EPOCHREALTIME
    wall=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", b - a }')
    if $have_time; then
        read -r user sys rss <"$work/time"
        cpu=$(awk -v a="$user" -v b="$sys" 'BEGIN { printf "%.2f", a + b }')
    fi
    if [ -s "$work/out.parquet" ]; then
        sum=$(md5sum <"$work/out.parquet" | cut -c1-12)
        rm -f "$work/out.parquet"
    else
        sum=$(md5sum <"$work/out" | cut -c1-12)
    fi
    rm -f "$work/out"
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$label" "$job" "$n" "$wall" "$cpu" "$rss" \
        "$(awk -v b="$pgn_bytes" -v m="$mult" -v w="$wall" 'BEGIN { printf "%.0f", b * m / w / 1e6 }')" \
        "$(awk -v g="$games" -v m="$mult" -v w="$wall" 'BEGIN { printf "%.0f", g * m / w }')" "$sum" \
        | tee -a "$outdir/scale.tsv"
}

for _ in $(seq "${ROUNDS:-1}"); do
for job in ${jobs//,/ }; do
    for n in $threads; do
        # The copies read the file N times: their MB/s and games/s count
        # every copy's.
        mult=1
        [[ $job != *-copies ]] || mult=$n
        case $job in
        pzstd) command -v pzstd >/dev/null || continue
            run pzstd "$n" pzstd -q -d -c -p "$n" "$big" ;;
        count) run count "$n" "$bin" pgn count --threads "$n" --no-progress "$big" ;;
        convert) run convert "$n" "$bin" pgn convert --to uci --threads "$n" --no-progress "$big" ;;
        export) run export "$n" "$bin" pgn export --to parquet --threads "$n" --no-progress \
            --out "$work/out.parquet" "$big" ;;
        convert-copies) run convert-copies "$n" bash -c 'copies "$@"' _ "$n" \
            "$bin" pgn convert --to uci --threads 1 --no-progress "$big" ;;
        export-copies) run export-copies "$n" bash -c 'copies "$@"' _ "$n" \
            "$bin" pgn export --to parquet --threads 1 --no-progress --out "$work/out{}.parquet" "$big"
            rm -f "$work"/out-*.parquet ;;
        esac
    done
done
done
