-- wrk script for load-compare.sh: POSTs the file named by $BODY as JSON and
-- prints one RESULT line with the totals the script reads.
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
local file = assert(io.open(os.getenv("BODY"), "rb"))
wrk.body = file:read("*a")
file:close()

function done(summary, latency, requests)
  local errors = summary.errors
  io.write(string.format("RESULT requests=%d duration_us=%d p50_us=%d p99_us=%d errors=%d\n",
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    errors.connect + errors.read + errors.write + errors.status + errors.timeout))
end
