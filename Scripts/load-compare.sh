#!/usr/bin/env bash
# Foundation's JSON coders against Peregrine's in one Hummingbird server under
# load: the release build of IntegrationsLoadServer, pinned to CPU 0, driven
# by wrk on CPU 1 over loopback, POSTing twitter.json (631 KB) for a fixed time.
#
#     Scripts/load-compare.sh [SECONDS]     (default 20; needs wrk)
#
# Environment: BODY (the file to POST; ../shared/corpus/twitter.json),
# CONNECTIONS (wrk's connections; 4), PORT (18080), ROUNDS (3: each row is
# the median of this many runs, the rows' runs taken in turn so that a busy
# moment of the machine falls on all of them alike), SERVER (an
# IntegrationsLoadServer binary to run instead of building one, to measure
# another commit).
#
# Rows: /timeline with each coder (decode the model, mark every status
# favorited, encode the answer), and /echo (the body sent back as it came:
# the same HTTP work without JSON). Columns: requests per second; p50 and p99
# latency; CPU per request (the server's utime + stime from /proc over the
# run, divided by the requests); the decode and encode time per request,
# measured in the server on the thread's CPU clock; the share of the CPU per
# request that is JSON by that measure, and by the CPU above /echo.
set -euo pipefail
shopt -s inherit_errexit
cd "$(dirname "$0")/.."
DURATION=${1:-20}
CONNECTIONS=${CONNECTIONS:-4}
ROUNDS=${ROUNDS:-3}
PORT=${PORT:-18080}
export BODY=${BODY:-$(cd .. && pwd)/shared/corpus/twitter.json}
[ -f "$BODY" ] || { echo "no body file: $BODY" >&2; exit 1; }
command -v wrk > /dev/null || { echo "wrk is needed: apt-get install wrk" >&2; exit 1; }
[ "$(nproc)" -ge 2 ] || { echo "two CPUs are needed (server on 0, wrk on 1)" >&2; exit 1; }

if [ -z "${SERVER:-}" ]; then
    if ! log=$(swift build -c release --package-path Integrations --product IntegrationsLoadServer 2>&1); then echo "$log" >&2; exit 1; fi
    SERVER="$(swift build -c release --package-path Integrations --show-bin-path)/IntegrationsLoadServer"
fi
TICKS=$(getconf CLK_TCK)
URL="http://127.0.0.1:$PORT"
! curl -s -o /dev/null "$URL" || { echo "port $PORT is in use: set PORT" >&2; exit 1; }

# utime + stime of process $1, in clock ticks (fields 14 and 15 of its stat).
cpu_ticks() { sed 's/^.*) //' "/proc/$1/stat" | awk '{ print $12 + $13 }'; }
# One number from the server's /stats.
stat() { curl -s "$URL/stats" | sed -n "s/.*\"$1\":\([0-9]*\).*/\1/p"; }

# measure CODERS PATH: prints "rps p50_ms p99_ms cpu_us decode_us encode_us".
# Runs in a subshell ($(measure …)), whose exit stops the server it started.
measure() {
    taskset -c 0 "$SERVER" "$1" "$PORT" > /dev/null 2>&1 &
    local pid=$!
    trap "kill $pid 2> /dev/null || true" EXIT
    until curl -s -o /dev/null "$URL/stats"; do
        kill -0 $pid 2> /dev/null || { echo "IntegrationsLoadServer $1 did not start" >&2; exit 1; }
        sleep 0.2
    done
    taskset -c 1 wrk -t1 -c"$CONNECTIONS" -d3s -s Scripts/load-compare.lua "$URL$2" > /dev/null   # warm-up
    local ticks=$(cpu_ticks $pid) requests=$(stat requests) decode=$(stat decodeNanoseconds) encode=$(stat encodeNanoseconds)
    local result
    result=$(taskset -c 1 wrk -t1 -c"$CONNECTIONS" -d"${DURATION}s" -s Scripts/load-compare.lua "$URL$2" | grep '^RESULT')
    local ticks_after=$(cpu_ticks $pid) requests_after=$(stat requests) decode_after=$(stat decodeNanoseconds) encode_after=$(stat encodeNanoseconds)
    kill -INT $pid
    wait $pid || true
    echo "$result" | awk -v ticks=$((ticks_after - ticks)) -v hz="$TICKS" -v served=$((requests_after - requests)) \
        -v decode=$((decode_after - decode)) -v encode=$((encode_after - encode)) '{
        for (i = 2; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
        if (v["errors"] > 0) { print "wrk saw " v["errors"] " errors" > "/dev/stderr"; exit 1 }
        n = served > 0 ? served : 1
        printf "%.1f %.1f %.1f %.0f %.0f %.0f\n", v["requests"] / (v["duration_us"] / 1e6), v["p50_us"] / 1000, v["p99_us"] / 1000,
            ticks / hz * 1e6 / v["requests"], decode / n / 1000, encode / n / 1000
    }'
}

# The median of each column of the rows in file $1.
medians() {
    local columns=$(head -1 "$1" | wc -w) column
    for column in $(seq "$columns"); do
        cut -d' ' -f"$column" "$1" | sort -n | awk '{ v[NR] = $1 } END { printf "%s ", v[int((NR + 1) / 2)] }'
    done
    echo
}

echo "POST $(basename "$BODY") ($(wc -c < "$BODY") bytes), $ROUNDS rounds of ${DURATION} s per row, $CONNECTIONS connections;" \
    "server on CPU 0, wrk on CPU 1; load average before: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
ROWS=$(mktemp -d)
trap 'rm -rf "$ROWS"' EXIT
for round in $(seq "$ROUNDS"); do
    row=$(measure peregrine /echo)
    echo "$row" >> "$ROWS/echo"
    for coders in foundation peregrine; do
        row=$(measure $coders /timeline)
        echo "$row" >> "$ROWS/$coders"
    done
    echo "round $round of $ROUNDS done" >&2
done
read -r echo_rps echo_p50 echo_p99 echo_cpu _ _ <<< "$(medians "$ROWS/echo")"
echo "| endpoint | requests/s | p50 | p99 | CPU per request | JSON decode | JSON encode | JSON share of CPU (in process) | CPU above /echo |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
echo "| /echo (no JSON) | $echo_rps | $echo_p50 ms | $echo_p99 ms | $echo_cpu µs | | | | |"
for coders in foundation peregrine; do
    read -r rps p50 p99 cpu decode encode <<< "$(medians "$ROWS/$coders")"
    awk -v c=$coders -v rps=$rps -v p50=$p50 -v p99=$p99 -v cpu=$cpu -v d=$decode -v e=$encode -v base=$echo_cpu 'BEGIN {
        printf "| /timeline, %s | %s | %s ms | %s ms | %s µs | %s µs | %s µs | %.0f%% | %.0f%% |\n",
            c, rps, p50, p99, cpu, d, e, 100 * (d + e) / cpu, 100 * (cpu - base) / cpu
    }'
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
