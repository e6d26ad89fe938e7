#!/usr/bin/env bash
# Decoders in other languages decoding the corpus models of
# Tests/CorpusModels/Direct (the ones `generated-decode` measures) with the
# same types: owned strings, vectors, optionals, hash maps. serde_json's
# derived deserializers and simdjson's On-Demand API decode straight from
# the bytes; yyjson's document filled into the model reads a whole tape
# first, as Peregrine's generated decoders do. Counted as Peregrine is,
# with callgrind: (count at N = 11 - count at N = 1) / 10 instructions per
# decode, glibc's allocator.
#
#     Scripts/reference-decoders.sh SIMDJSON_DIR YYJSON_DIR
#
# SIMDJSON_DIR and YYJSON_DIR are checkouts of
# https://github.com/simdjson/simdjson and https://github.com/ibireme/yyjson
# that you fetched yourself; they are never part of this repository. yyjson
# is compiled as Scripts/compare.sh compiles it (`-O3 -march=x86-64-v3`).
# simdjson It is compiled with
# `c++ -O3` (CXXFLAGS to change) once for each of its kernels, with that
# kernel's -march, and measured with it (haswell: AVX2; westmere: 128-bit
# SSE4.2 and PCLMUL; fallback: scalar).
# simdjson's DOM parse of all five files is counted too: a structural index
# built first, then a tape, as `JSON.Document(parsing:)` builds one.
# serde_json is built with cargo, offline from Debian's packaged crates when
# they are installed (apt-get install cargo librust-serde-json-dev
# librust-serde-derive-dev), else from crates.io; without cargo it is skipped.
# Prints `decoder file instructions` lines. Everything is built in a
# temporary folder. It takes about 5 minutes on a 2-core machine.
set -euo pipefail
cd "$(dirname "$0")/.."
simdjson=${1:-}
yyjson=${2:-}
if [ ! -f "$simdjson/src/simdjson.cpp" ] || [ ! -f "$yyjson/src/yyjson.c" ]; then
    echo "usage: Scripts/reference-decoders.sh SIMDJSON_DIR YYJSON_DIR" >&2
    echo "fetch them first: git clone https://github.com/simdjson/simdjson SIMDJSON_DIR" >&2
    echo "                  git clone https://github.com/ibireme/yyjson YYJSON_DIR" >&2
    exit 2
fi
command -v valgrind >/dev/null || { echo "needs valgrind (apt-get install valgrind)" >&2; exit 2; }
export PEREGRINE_CORPUS=${PEREGRINE_CORPUS:-$PWD/../shared/corpus}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
models=(Tests/CorpusModels/Direct/Generated{Twitter,Citm,Canada}Model.swift)
files="twitter citm_catalog canada"

# shellcheck source=Scripts/per-operation.sh
. Scripts/per-operation.sh

python3 Scripts/references/reference-models.py yyjson "${models[@]}" >"$work/models.inc"
${CXX:-c++} -O3 -march=x86-64-v3 -std=c++17 -I"$yyjson/src" -I"$work" \
    Scripts/references/yyjson-model-bench.cpp "$yyjson/src/yyjson.c" -o "$work/yyjson-model-bench"
for file in $files; do
    echo "yyjson-model $file $(per_operation "$work/yyjson-model-bench" "$file")"
done

python3 Scripts/references/reference-models.py simdjson "${models[@]}" >"$work/models.inc"
# One build per kernel, compiled for its processor (-march), so that the
# On-Demand code inlined into the readers uses the same instructions as
# the kernel chosen at run time.
for kernel in haswell westmere fallback; do
    march=-march=$kernel
    [ "$kernel" != fallback ] || march=
    # shellcheck disable=SC2086 # CXXFLAGS is a list of flags
    ${CXX:-c++} ${CXXFLAGS:--O3} $march -std=c++17 -I"$simdjson/include" -I"$simdjson/src" -I"$work" \
        Scripts/references/simdjson-bench.cpp "$simdjson/src/simdjson.cpp" -o "$work/simdjson-bench"
    for file in $files; do
        echo "simdjson-ondemand-$kernel $file $(SIMDJSON_FORCE_IMPLEMENTATION=$kernel per_operation "$work/simdjson-bench" "$file")"
    done
    for file in $files twitter_public_timeline mesh; do
        echo "simdjson-dom-$kernel $file $(SIMDJSON_FORCE_IMPLEMENTATION=$kernel per_operation "$work/simdjson-bench" "dom-$file")"
    done
done

if ! command -v cargo >/dev/null; then
    echo "serde_json: skipped (no cargo)" >&2
    exit 0
fi
cp -R Scripts/references/serde "$work/serde"
python3 Scripts/references/reference-models.py rust "${models[@]}" >"$work/serde/src/models.rs"
if ls -d /usr/share/cargo/registry/serde_json-* >/dev/null 2>&1; then
    mkdir -p "$work/serde/.cargo"
    printf '[source.crates-io]\nreplace-with = "debian"\n[source.debian]\ndirectory = "/usr/share/cargo/registry"\n' >"$work/serde/.cargo/config.toml"
    offline=--offline
fi
(cd "$work/serde" && cargo build --release --quiet ${offline:+"$offline"})
for file in $files; do
    echo "serde_json-derive $file $(per_operation "$work/serde/target/release/serde-bench" "$file")"
done
for file in $files twitter_public_timeline mesh; do
    echo "serde_json-value $file $(per_operation "$work/serde/target/release/serde-bench" "value-$file")"
done
