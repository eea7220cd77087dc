#!/usr/bin/env bash
# Whole-process benchmark of `chessnote pgn export` (issue 15) against
# `chessnote pgn convert --to uci` on the same input, modelled on
# scripts/pgn_cli_bench.sh.
#
# Build the binary first (this script does not build):
#   cargo build --release -p chessnote-cli --features parquet,zstd-c
# (`parquet` for the command, `zstd-c` for `--compression zstd` and libzstd
# decoding; without zstd-c the zstd rows of the size table are left out).
#
# Inputs:
#   gnuchess  $CHESSNOTE_SHARED/data/pgn/large/gnuchess-book_1.02.pgn.zst
#             (145,716 games, 86 MB decompressed; few tags, no clocks)
#   lichess   data/pgn/medium/lichess_db_1000k.pgn (438 games with clocks,
#             some evals) repeated to >= 100,000 games into a temporary
#             .pgn, and the same compressed with the zstd command (.pgn.zst)
# Runs, each whole process timed by bash ($EPOCHREALTIME) under GNU time
# (`%M`: peak RSS) when /usr/bin/time exists, outputs to files in a
# temporary folder, interleaved over ROUNDS rounds after one untimed round
# (which checks the row count with DuckDB when the Python module is there):
#   parquet       pgn export --to parquet               (default columns)
#   parquet-full  pgn export --to parquet --columns full (movetext, san...)
#   ndjson        pgn export --to ndjson                (default columns)
#   convert-uci   pgn convert --to uci                  (the baseline)
# each at every --threads of THREADS. Then a Markdown table: median seconds,
# games/s, median peak RSS, ratio export / convert (the goal: <= 1.5); and
# a table of output bytes per game for parquet with the default columns,
# full, hf, and hf less movetext, --compression snappy and zstd (on the
# book and on the Lichess sample itself: its copies would compress too well).
# The copies also make the .pgn.zst input small (zstd finds the repeats),
# so its decoding is cheaper than a real dump's.
#
# Usage: scripts/export_bench.sh
# Environment:
#   CHESSNOTE=PATH    the binary (default target/release/chessnote)
#   CHESSNOTE_SHARED  the shared data folder (default ../shared)
#   ROUNDS=3          timed rounds (medians over them)
#   THREADS="1 2"     the --threads values
#   LICHESS_GAMES=100000  at least this many games in the Lichess input
#   CORPUS=PATH       another file in place of the gnuchess book (row label
#                     stays "gnuchess")
# How long: about 7 minutes with ROUNDS=3 on 2 cores; 2.5 GB of temporary
# disk (TMPDIR). Needs zstd (the command) for the .pgn.zst input.
set -euo pipefail

die() {
    echo "export_bench: $*" >&2
    exit 1
}

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
shared=${CHESSNOTE_SHARED:-$root/../shared}
cn=${CHESSNOTE:-target/release/chessnote}
rounds=${ROUNDS:-3}
threads_list=${THREADS:-1 2}
want_games=${LICHESS_GAMES:-100000}

[[ $rounds =~ ^[1-9][0-9]*$ ]] || die "ROUNDS must be a positive number: $rounds"
[ -x "$cn" ] || die "no binary at $cn: cargo build --release -p chessnote-cli --features parquet,zstd-c (or set CHESSNOTE)"
cn=$(cd "$(dirname "$cn")" && pwd)/$(basename "$cn")
"$cn" pgn export --help >/dev/null 2>&1 || die "'chessnote pgn export' is not in $cn (built without --features parquet?)"
command -v zstd >/dev/null || die "needs the zstd command (apt-get install zstd)"
gnuchess=${CORPUS:-$shared/data/pgn/large/gnuchess-book_1.02.pgn.zst}
sample=$shared/data/pgn/medium/lichess_db_1000k.pgn
[ -f "$gnuchess" ] || die "no such file: $gnuchess"
[ -f "$sample" ] || die "no such file: $sample"
have_time=0
[ -x /usr/bin/time ] && have_time=1
[ "$have_time" = 1 ] || echo "export_bench: no GNU time at /usr/bin/time: no peak RSS (apt-get install time)" >&2

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The Lichess input: copies of the sample, a blank line after each.
sample_games=$("$cn" pgn count "$sample")
copies=$(((want_games + sample_games - 1) / sample_games))
echo "building the Lichess input: $copies copies of $(basename "$sample") ($sample_games games)..." >&2
for _ in $(seq "$copies"); do
    cat "$sample"
    echo
done >"$work/lichess.pgn"
zstd -q -T0 "$work/lichess.pgn" -o "$work/lichess.pgn.zst"

inputs=(gnuchess.pgn.zst lichess.pgn lichess.pgn.zst)
declare -A path games bytes
path[gnuchess.pgn.zst]=$gnuchess
path[lichess.pgn]=$work/lichess.pgn
path[lichess.pgn.zst]=$work/lichess.pgn.zst
for input in "${inputs[@]}"; do
    games[$input]=$("$cn" pgn count "${path[$input]}")
    bytes[$input]=$(stat -c %s "${path[$input]}")
done

# The runs: a label (no spaces) and a command line (eval'd). Exit 1 (a game
# with a problem: the gnuchess book has some) is not a failure.
labels=()
declare -A cmds kind input_of threads_of out_of
q() { printf '%q' "$1"; }
ok1='|| [ $? -eq 1 ]'
for input in "${inputs[@]}"; do
    file=$(q "${path[$input]}")
    for t in $threads_list; do
        for k in parquet parquet-full ndjson convert-uci; do
            label=$input/t$t/$k
            out=$work/out.${label//\//.}
            case $k in
                parquet) cmd="$(q "$cn") pgn export --to parquet --threads $t --quiet --out $(q "$out") $file" ;;
                parquet-full) cmd="$(q "$cn") pgn export --to parquet --columns full --threads $t --quiet --out $(q "$out") $file" ;;
                ndjson) cmd="$(q "$cn") pgn export --to ndjson --threads $t --quiet --out $(q "$out") $file" ;;
                convert-uci) cmd="$(q "$cn") pgn convert --to uci --threads $t --quiet $file >$(q "$out")" ;;
            esac
            labels+=("$label")
            cmds[$label]="$cmd $ok1"
            kind[$label]=$k
            input_of[$label]=$input
            threads_of[$label]=$t
            out_of[$label]=$out
        done
    done
done

timed() { # LABEL FILE-TO-APPEND-TO: one line "seconds rss_kib"
    local start end rss=0
    start=$EPOCHREALTIME
    if [ "$have_time" = 1 ]; then
        /usr/bin/time -f '%M' -o "$work/time" bash -c "${cmds[$1]}" 2>"$work/stderr" ||
            { cat "$work/stderr" >&2; die "$1 failed: ${cmds[$1]}"; }
        rss=$(tail -n 1 "$work/time")
    else
        bash -c "${cmds[$1]}" 2>"$work/stderr" || { cat "$work/stderr" >&2; die "$1 failed: ${cmds[$1]}"; }
    fi
    end=$EPOCHREALTIME
    echo "$start $end $rss" | awk '{ printf "%.4f %d\n", $2 - $1, $3 }' >>"$2"
}

# The untimed round: warms the page cache, checks the outputs' row counts.
echo "untimed round (checks)..." >&2
have_duckdb=0
python3 -c 'import duckdb' 2>/dev/null && have_duckdb=1
for label in "${labels[@]}"; do
    timed "$label" /dev/null
    out=${out_of[$label]}
    case ${kind[$label]} in
        convert-uci | ndjson) n=$(wc -l <"$out") ;;
        *) if [ "$have_duckdb" = 1 ]; then
            n=$(python3 -c 'import duckdb, sys; print(duckdb.connect().execute("SELECT count(*) FROM read_parquet(?)", [sys.argv[1]]).fetchall()[0][0])' "$out")
        else n=${games[${input_of[$label]}]}; fi ;;
    esac
    [ "$n" = "${games[${input_of[$label]}]}" ] ||
        die "$label: $n rows or lines, but pgn count says ${games[${input_of[$label]}]} games"
    echo "  $label: $n rows, $(stat -c %s "$out") bytes" >&2
done

for round in $(seq "$rounds"); do
    echo "round $round/$rounds" >&2
    for label in "${labels[@]}"; do
        timed "$label" "$work/${label//\//.}.times"
    done
done

median() { # LABEL COLUMN
    sort -n -k "$2" "$work/${1//\//.}.times" | awk -v c="$2" '{ v[NR] = $c }
        END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

echo
echo "### chessnote pgn export vs convert --to uci ($rounds rounds, medians; $(nproc) cores)"
echo
for input in "${inputs[@]}"; do
    echo "- $input: ${games[$input]} games, $(awk -v b="${bytes[$input]}" 'BEGIN { printf "%.1f", b / 1e6 }') MB on disk"
done
echo
echo "| input | threads | run | seconds | games/s | peak RSS MiB | ÷ convert | output bytes/game |"
echo "|---|---:|---|---:|---:|---:|---:|---:|"
for label in "${labels[@]}"; do
    input=${input_of[$label]}
    base="$input/t${threads_of[$label]}/convert-uci"
    awk -v i="$input" -v t="${threads_of[$label]}" -v k="${kind[$label]}" \
        -v s="$(median "$label" 1)" -v b="$(median "$base" 1)" -v m="$(median "$label" 2)" \
        -v g="${games[$input]}" -v o="$(stat -c %s "${out_of[$label]}")" -v rss="$have_time" \
        'BEGIN { s = s > 0 ? s : 0.0001; b = b > 0 ? b : 0.0001
                 printf "| %s | %s | %s | %.3f | %.0f | %s | %.2f | %.1f |\n", i, t, k, s, g / s,
                     rss ? sprintf("%.1f", m / 1024) : "-", s / b, o / g }'
done
echo
echo "(÷ convert: seconds ÷ those of convert --to uci on the same input and threads; the goal is <= 1.5."
echo " Output bytes/game of the Lichess copies understate a real dump's: the sizes below use the sample.)"

# Output sizes: parquet, by columns and compression (one run each, default threads).
echo
echo "### parquet bytes per game, by columns and compression"
echo
hf=Event,Site,White,Black,Result,WhiteTitle,BlackTitle,WhiteElo,BlackElo,WhiteRatingDiff,BlackRatingDiff,UTCDate,UTCTime,ECO,Opening,Termination,TimeControl
compressions=(snappy)
printf '[Event "x"]\n[Result "*"]\n\n1. e4 *\n' >"$work/one.pgn"
if "$cn" pgn export --to parquet --compression zstd --quiet --out "$work/one.parquet" "$work/one.pgn" 2>/dev/null; then
    compressions+=(zstd)
else
    echo "(no zstd rows: this binary refuses --compression zstd; build with --features parquet,zstd-c)"
    echo
fi
header="| input | columns |"
rule="|---|---|"
for c in default "${compressions[@]}"; do
    header+=" $c |"
    rule+="---:|"
done
echo "$header"
echo "$rule"
# The Lichess sample itself, not its copies: Parquet's dictionaries and
# zstd would store the repeated games for almost nothing.
path[lichess-sample.pgn]=$sample
games[lichess-sample.pgn]=$sample_games
for input in gnuchess.pgn.zst lichess-sample.pgn; do
    for columns in lichess full hf "$hf"; do
        name=$columns
        [ "$columns" != "$hf" ] || name="hf less movetext"
        [ "$columns" != lichess ] || name="lichess (default)"
        row="| $input | $name |"
        for c in default "${compressions[@]}"; do
            opt=()
            [ "$c" = default ] || opt=(--compression "$c")
            "$cn" pgn export --to parquet --columns "$columns" "${opt[@]}" --quiet \
                --out "$work/size.parquet" "${path[$input]}" || [ $? -eq 1 ] ||
                die "export --columns $name --compression $c failed on $input"
            row+=" $(awk -v o="$(stat -c %s "$work/size.parquet")" -v g="${games[$input]}" 'BEGIN { printf "%.1f", o / g }') |"
        done
        echo "$row"
    done
done
echo
echo "(default: the compression export uses with no --compression)"
