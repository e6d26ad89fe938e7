#!/usr/bin/env bash
# Peregrine beside yyjson (C) and Foundation, in one command: every row of
# the speed and memory targets in docs/Performance.md, measured now.
#
#     Scripts/compare.sh YYJSON_DIR
#
# YYJSON_DIR is a checkout of https://github.com/ibireme/yyjson that you
# fetched yourself (`git clone https://github.com/ibireme/yyjson DIR`); it is
# never part of this repository. The script compiles Scripts/yyjson-bench.c
# against it (`cc -O3 -march=x86-64-v3`, CFLAGS to change), then
# - counts instructions per operation with Scripts/instructions.sh (its
#   callgrind method, (count at N = 11 - count at N = 1) / 10) for ours,
#   yyjson's read and write, and Foundation's JSONDecoder (on the corpus
#   models, and on twitter with a model written outside the project);
# - measures the peak resident memory of one parse, and of one decode into
#   records, of a generated array of MEMORY_MB megabytes (default 200) with
#   /usr/bin/time -v: the run with N = 1 less the same program with N = 0
#   (reading the file only), median of three runs;
# - prints the tables (Scripts/compare-report.py) and writes the chart to
#   docs/comparison.svg.
# The figures are kept in Benchmarks/.build/compare-figures.txt:
# `python3 Scripts/compare-report.py FILE` prints the tables again.
# It takes about 20 minutes on a 2-core machine.
set -euo pipefail
cd "$(dirname "$0")/.."
yyjson=${1:-}
if [ -z "$yyjson" ] || [ ! -f "$yyjson/src/yyjson.c" ] || [ ! -f "$yyjson/src/yyjson.h" ]; then
    echo "usage: Scripts/compare.sh YYJSON_DIR" >&2
    [ -z "$yyjson" ] || echo "error: no yyjson sources in '$yyjson' (expected $yyjson/src/yyjson.c and yyjson.h)" >&2
    echo "fetch them first: git clone https://github.com/ibireme/yyjson YYJSON_DIR" >&2
    exit 2
fi
[ -x /usr/bin/time ] || { echo "needs /usr/bin/time (apt-get install time)" >&2; exit 2; }
corpus="${PEREGRINE_CORPUS:-../shared/corpus}"
export PEREGRINE_CORPUS=$corpus
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# shellcheck disable=SC2086 # CFLAGS is a list of flags
${CC:-cc} ${CFLAGS:--O3 -march=x86-64-v3} -I"$yyjson/src" Scripts/yyjson-bench.c "$yyjson/src/yyjson.c" -o "$work/yyjson-bench"
# One build, measured from a copy: a rebuild meanwhile changes nothing here.
Scripts/instructions.sh --build-only
cp Benchmarks/.build/release/Instructions "$work/Instructions"
export INSTRUCTIONS_BIN=$work/Instructions YYJSON_BENCH=$work/yyjson-bench RAW=1
figures=Benchmarks/.build/compare-figures.txt
mkdir -p Benchmarks/.build
FILES="twitter citm_catalog canada twitter_public_timeline mesh" \
    Scripts/instructions.sh document value serialize >"$figures"
FILES="twitter citm_catalog canada" \
    Scripts/instructions.sh generated-decode generated-encode generated-encode-unescaped-slashes decode foundation-decode >>"$figures"
FILES=twitter Scripts/instructions.sh outside-decode foundation-outside-decode >>"$figures"

# The Streaming benchmark's record, repeated until the array holds MEMORY_MB.
megabytes=${MEMORY_MB:-200}
python3 - "$work/array.json" "$megabytes" <<'EOF'
import sys
limit, parts, size, index = int(sys.argv[2]) << 20, [], 1, 0
while size < limit:
    part = ('{"id":%d,"name":"user %d","tags":["a","b","c"],"score":%d.5,"active":true,'
            '"nested":{"x":1,"y":[1,2,3]}}' % (index, index, index))
    parts.append(part)
    size += len(part) + 1
    index += 1
open(sys.argv[1], "w").write("[" + ",".join(parts) + "]")
EOF
size=$(stat -c %s "$work/array.json")

peak() {  # command... -> the median of three maximum resident sets, in bytes
    local run
    for run in 1 2 3; do
        /usr/bin/time -v "$@" >/dev/null 2>"$work/time" || { cat "$work/time" >&2; exit 1; }
        awk '/Maximum resident set size/ { print $NF * 1024 }' "$work/time"
    done | sort -n | sed -n 2p
}
beyond_input() {  # label command-with-N-last...
    local label=$1; shift
    local with without
    with=$(peak "$@" 1); without=$(peak "$@" 0)
    echo "$label array $((with - without)) $size" >>"$figures"
}
PEREGRINE_CORPUS=$work beyond_input peak-document "$INSTRUCTIONS_BIN" document array
PEREGRINE_CORPUS=$work beyond_input peak-value "$INSTRUCTIONS_BIN" value array
beyond_input peak-yyjson-read "$YYJSON_BENCH" read "$work/array.json"
PEREGRINE_CORPUS=$work beyond_input peak-records-decode "$INSTRUCTIONS_BIN" records-decode array
PEREGRINE_CORPUS=$work beyond_input peak-records-generated-decode "$INSTRUCTIONS_BIN" records-generated-decode array

python3 Scripts/compare-report.py "$figures" docs/comparison.svg
