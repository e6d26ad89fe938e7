# shellcheck shell=bash
# Sourced by Scripts/instructions.sh and Scripts/reference-decoders.sh:
# the project's one way to count an operation's instructions.
#
#     per_operation COMMAND...   # prints (count at N = 11 - count at N = 1) / 10
#
# COMMAND takes the repetition count N as its last argument; it runs once
# with N = 1 and once with N = 11 under valgrind's callgrind, so that
# start-up and setup cancel out. Needs `valgrind` on the PATH.
per_operation() {
    local out one eleven
    out=$(mktemp)
    valgrind --tool=callgrind --callgrind-out-file="$out" "$@" 1 >/dev/null 2>&1
    one=$(awk '/^(summary|totals):/ { print $2; exit }' "$out")
    valgrind --tool=callgrind --callgrind-out-file="$out" "$@" 11 >/dev/null 2>&1
    eleven=$(awk '/^(summary|totals):/ { print $2; exit }' "$out")
    rm -f "$out"
    echo $(((eleven - one) / 10))
}
