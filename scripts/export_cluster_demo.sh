#!/usr/bin/env bash
# The per-file pattern for many files (a cluster, or a big machine): one
# `chessnote pgn export` per input file, run side by side by xargs -P, each
# writing its own Parquet file; then one DuckDB query over the glob. Files
# are the unit of work, so a scheduler (Spark, Slurm, xargs) can spread them
# and retry one without the others; each process uses --threads 1 here.
#
#   cargo build --release -p chessnote-cli --features parquet,zstd-c
#   pip install duckdb
#   scripts/export_cluster_demo.sh [FILE.pgn.zst...]
#
# With no arguments it exports the TCEC files of the shared data
# ($CHESSNOTE_SHARED, default ../shared). CHESSNOTE=PATH picks the binary,
# JOBS=N the number of exports at once (default: the number of cores).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cn=$(realpath "${CHESSNOTE:-$root/target/release/chessnote}")
shared=${CHESSNOTE_SHARED:-$root/../shared}
[ $# -gt 0 ] || set -- "$shared"/data/pgn/tcec/*.pgn.zst
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# One export per file: NAME.pgn.zst -> $out/NAME.parquet. Exit 1 (a game with
# a problem, written as a row with status = 'error') is not a failure.
export cn out
printf '%s\0' "$@" | xargs -0 -n 1 -P "${JOBS:-$(nproc)}" sh -c '
    name=$(basename "$1"); name=${name%.zst}; name=${name%.pgn}
    "$cn" pgn export --to parquet --threads 1 --quiet --out "$out/$name.parquet" "$1" || [ $? -eq 1 ]
    echo "exported $1" >&2' sh
ls -l "$out"

# One query over all of them; filename = true tells which file a row is from.
python3 - "$out" <<'EOF'
import sys, duckdb
files = f"read_parquet('{sys.argv[1]}/*.parquet', filename = true)"
print(duckdb.sql(f"""
    SELECT regexp_extract(filename, '[^/]*$') AS file, count(*) AS games,
           count(*) FILTER (status = 'error') AS bad,
           round(avg(len(uci)), 1) AS avg_plies,
           count(*) FILTER (Result = '1-0') AS white_wins,
           count(*) FILTER (Result = '0-1') AS black_wins
    FROM {files} GROUP BY ALL ORDER BY file"""))
print(duckdb.sql(f"SELECT Result, count(*) AS games FROM {files} GROUP BY ALL ORDER BY games DESC"))
EOF
