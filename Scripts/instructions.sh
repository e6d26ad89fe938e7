#!/usr/bin/env bash
# Instructions per operation and per input byte, counted by callgrind:
# (count at N = 11 − count at N = 1) / 10, which holds on a noisy machine.
#
#     Scripts/instructions.sh [MODE ...]     (default: document value serialize)
#     Scripts/instructions.sh --build-only   (builds Benchmarks/.build/release/Instructions)
#
# Files: FILES="twitter canada" to choose (default: the five of the speed
# tables in docs/Performance.md). Modes: see Benchmarks/Benchmarks/Instructions/main.swift.
# With YYJSON_BENCH set to a yyjson harness taking `read|write FILE N`
# (Scripts/yyjson-bench.c, built by Scripts/compare.sh), its read is printed
# beside `document` and its write beside `serialize`. With RAW=1 each line
# is `LABEL FILE INSTRUCTIONS BYTES` (labels: the mode, yyjson-read,
# yyjson-write), for Scripts/compare.sh. With INSTRUCTIONS_BIN set, that
# copy of the Instructions executable is measured and nothing is built.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "needs valgrind (apt-get install valgrind)" >&2; exit 2; }
# SwiftPM does not rebuild the benchmark targets when only the library they
# import through the `Peregrine` umbrella changed: touch them, or the models
# keep code inlined from the library as it was.
if [ -n "${INSTRUCTIONS_BIN:-}" ]; then
    bin=$INSTRUCTIONS_BIN
else
    find Benchmarks/Benchmarks -name '*.swift' -exec touch {} +
    swift build -c release --package-path Benchmarks --product Instructions >&2
    bin=Benchmarks/.build/release/Instructions
fi
[ "${1:-}" != --build-only ] || exit 0
# Swift seeds its hashing per process; a fixed seed keeps hash-order
# dependent work (sorted keys, key tables) the same from run to run.
export SWIFT_DETERMINISTIC_HASHING=1
corpus="${PEREGRINE_CORPUS:-../shared/corpus}"
modes=("$@"); [ ${#modes[@]} -gt 0 ] || modes=(document value serialize)
files=(${FILES:-twitter citm_catalog canada twitter_public_timeline mesh})
# shellcheck source=Scripts/per-operation.sh
. Scripts/per-operation.sh

per_op() {  # label file bytes command-with-N-last...
    local label=$1 file=$2 size=$3; shift 3
    local op
    op=$(per_operation "$@")
    if [ -n "${RAW:-}" ]; then
        echo "$label $file $op $size"
    else
        awk -v op="$op" -v s="$size" -v l="$label $file" \
            'BEGIN { printf "%-40s %10.2fM %8.1f/byte\n", l, op / 1e6, op / s }'
    fi
}

read_label="  yyjson read" write_label="  yyjson write"
[ -z "${RAW:-}" ] || { read_label=yyjson-read; write_label=yyjson-write; }

for file in "${files[@]}"; do
    size=$(stat -c %s "$corpus/$file.json")
    for mode in "${modes[@]}"; do
        per_op "$mode" "$file" "$size" "$bin" "$mode" "$file"
        if [ -n "${YYJSON_BENCH:-}" ]; then
            case $mode in
            document) per_op "$read_label" "$file" "$size" "$YYJSON_BENCH" read "$corpus/$file.json" ;;
            serialize) per_op "$write_label" "$file" "$size" "$YYJSON_BENCH" write "$corpus/$file.json" ;;
            esac
        fi
    done
done
