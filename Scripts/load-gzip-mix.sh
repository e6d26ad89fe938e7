#!/usr/bin/env bash
# Good requests among hostile ones, gzip bombs included: one Hummingbird
# server (the release build of IntegrationsLoadServer, pinned to CPU 0)
# answering POST /team (decode a team, grow it, answer with it) to 64
# connections from wrk on CPU 1, which send 14 kinds of body:
#
#   good (14 connections): a team of 1, 40 and 400 members (100 B, 2.7 KB, 27 KB);
#   other (41): malformed, a string for an integer, 100,000 `[`, invalid
#     UTF-8, a 4,000-digit number, 2 MiB + 1 KiB (past maxUploadSize),
#     truncated, a gzip team with `Content-Encoding: gzip`, a duplicate key;
#   gzip (9): 16 KB of gzip that inflates to 16 MiB - 1 KiB of numbers,
#     with `Content-Encoding: gzip` and without it.
#
# Each coder (Foundation's, Peregrine's) runs the mix, and the same mix
# without the gzip connections, for a fixed time; rows are the median of
# ROUNDS runs taken in turn. Columns: requests answered (all kinds), the
# good requests' p50 and p99 latency, the server's peak RSS (VmHWM).
#
#     Scripts/load-gzip-mix.sh [SECONDS]     (default 15; needs wrk and python3)
#
# Environment: ROUNDS (3), PORT (18081), SERVER (an IntegrationsLoadServer
# binary to run instead of building one, to measure another commit).
# Exits 1 when Peregrine's good-request p50 or p99 under the mix is more
# than twice the same without the gzip kinds.
set -euo pipefail
shopt -s inherit_errexit
cd "$(dirname "$0")/.."
DURATION=${1:-15}
ROUNDS=${ROUNDS:-3}
PORT=${PORT:-18081}
command -v wrk > /dev/null || { echo "wrk is needed: apt-get install wrk" >&2; exit 1; }
command -v python3 > /dev/null || { echo "python3 is needed" >&2; exit 1; }
[ "$(nproc)" -ge 2 ] || { echo "two CPUs are needed (server on 0, wrk on 1)" >&2; exit 1; }

if [ -z "${SERVER:-}" ]; then
    if ! log=$(swift build -c release --package-path Integrations --product IntegrationsLoadServer 2>&1); then echo "$log" >&2; exit 1; fi
    SERVER="$(swift build -c release --package-path Integrations --show-bin-path)/IntegrationsLoadServer"
fi
URL="http://127.0.0.1:$PORT"
! curl -s -o /dev/null "$URL" || { echo "port $PORT is in use: set PORT" >&2; exit 1; }

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
python3 - "$WORK" << 'EOF'
import gzip, sys
out = sys.argv[1]
def team(count, name="core"):
    members = ",".join('{"id": %d, "name": "member", "joined": "2024-05-01T10:00:00Z"}' % i for i in range(count))
    return '{"name": "%s", "members": [%s]}' % (name, members)
def write(name, data):
    with open(f"{out}/{name}", "wb") as file:
        file.write(data if isinstance(data, bytes) else data.encode())
write("team-1.json", team(1))
write("team-40.json", team(40))
write("team-400.json", team(400))
write("malformed.json", '{"name": "core", "members": [tru]}')
write("wrong-type.json", '{"name": "core", "members": [{"id": "7", "name": "Ada", "joined": "2024-05-01T10:00:00Z"}]}')
write("deep.json", "[" * 100_000)
write("invalid-utf8.json", b'{"name": "\xff\xfe", "members": []}')
write("huge-number.json", '{"name": "n", "members": [{"id": 1%s, "name": "a", "joined": "2024-05-01T10:00:00Z"}]}' % ("0" * 4000))
write("oversized.json", team(34_000)[: (2 << 20) + 1024])
write("truncated.json", '{"name": "core", "members": [{"id": 1,')
write("team.json.gz", gzip.compress(team(1).encode(), 9))
write("duplicate-key.json", '{"name": "first", "name": "second", "members": []}')
numbers = "[" + ",".join(["1"] * ((16 << 20) // 2 - 512)) + "]"
write("bomb.json.gz", gzip.compress(numbers.encode(), 9))
EOF
GOOD="$WORK/team-1.json,$WORK/team-40.json,$WORK/team-400.json"
OTHER="$WORK/malformed.json,$WORK/wrong-type.json,$WORK/deep.json,$WORK/invalid-utf8.json,$WORK/huge-number.json"
OTHER+=",$WORK/oversized.json,$WORK/truncated.json,$WORK/team.json.gz:gzip,$WORK/duplicate-key.json"
GZIP="$WORK/bomb.json.gz:gzip,$WORK/bomb.json.gz"

# wrk GROUP CONNECTIONS KINDS: runs in the background, its RESULT line in $WORK/GROUP.
wrk_group() {
    KINDS=$3 taskset -c 1 wrk -t1 -c"$2" -d"${DURATION}s" --timeout 30s -s Scripts/load-gzip-mix.lua "$URL" | grep '^RESULT' > "$WORK/$1" &
}
# One field of a RESULT line in file $1.
field() { sed -n "s/.* $2=\([0-9]*\).*/\1/p" "$WORK/$1"; }

# measure CODERS MIX (gzip or plain): prints "requests good_p50_ms good_p99_ms peak_rss_mb".
# Runs in a subshell ($(measure …)), whose exit stops the server it started.
measure() {
    taskset -c 0 "$SERVER" "$1" "$PORT" > /dev/null 2>&1 &
    local pid=$!
    trap "kill $pid 2> /dev/null || true" EXIT
    until curl -s -o /dev/null "$URL/stats"; do
        kill -0 $pid 2> /dev/null || { echo "IntegrationsLoadServer $1 did not start" >&2; exit 1; }
        sleep 0.2
    done
    KINDS=$GOOD taskset -c 1 wrk -t1 -c4 -d2s -s Scripts/load-gzip-mix.lua "$URL" > /dev/null   # warm-up
    local groups=()
    wrk_group good 14 "$GOOD"
    groups+=($!)
    wrk_group other 41 "$OTHER"
    groups+=($!)
    if [ "$2" = gzip ]; then
        wrk_group gzip 9 "$GZIP"
        groups+=($!)
    fi
    wait "${groups[@]}"
    local rss=$(awk '/^VmHWM/ { print $2 }' "/proc/$pid/status")
    kill -INT $pid
    wait $pid || true
    [ "$(field good status_errors)" = 0 ] || { echo "$1: $(field good status_errors) good requests failed" >&2; exit 1; }
    local requests=0 group
    for group in good other gzip; do
        if [ -s "$WORK/$group" ]; then requests=$((requests + $(field $group requests))); fi
    done
    local p50=$(field good p50_us) p99=$(field good p99_us)
    rm -f "$WORK/good" "$WORK/other" "$WORK/gzip"
    echo "$requests $p50 $p99 $rss" | awk '{ printf "%d %.1f %.1f %.0f\n", $1, $2 / 1000, $3 / 1000, $4 / 1024 }'
}

# The median of each column of the rows in file $1.
medians() {
    local columns=$(head -1 "$1" | wc -w) column
    for column in $(seq "$columns"); do
        cut -d' ' -f"$column" "$1" | sort -n | awk '{ v[NR] = $1 } END { printf "%s ", v[int((NR + 1) / 2)] }'
    done
    echo
}

echo "POST /team, 64 connections (good 14, other 41, gzip 9), $ROUNDS rounds of ${DURATION} s per row;" \
    "server on CPU 0, wrk on CPU 1; load average before: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
for round in $(seq "$ROUNDS"); do
    for coders in foundation peregrine; do
        for mix in gzip plain; do
            measure $coders $mix >> "$WORK/$coders-$mix.rows"
        done
    done
    echo "round $round of $ROUNDS done" >&2
done
echo "| coders | mix | requests | good p50 | good p99 | peak RSS |"
echo "|---|---|---:|---:|---:|---:|"
for coders in foundation peregrine; do
    for mix in gzip plain; do
        read -r requests p50 p99 rss <<< "$(medians "$WORK/$coders-$mix.rows")"
        label=$([ $mix = gzip ] && echo "with the gzip kinds" || echo "without them")
        echo "| $coders | $label | $requests | $p50 ms | $p99 ms | $rss MB |"
    done
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
read -r _ mix_p50 mix_p99 _ <<< "$(medians "$WORK/peregrine-gzip.rows")"
read -r _ plain_p50 plain_p99 _ <<< "$(medians "$WORK/peregrine-plain.rows")"
awk -v m50="$mix_p50" -v m99="$mix_p99" -v p50="$plain_p50" -v p99="$plain_p99" 'BEGIN {
    printf "Peregrine, good requests with the gzip kinds against without: p50 %.2fx, p99 %.2fx (at most 2x)\n", m50 / p50, m99 / p99
    exit (m50 > 2 * p50 || m99 > 2 * p99) ? 1 : 0
}'
