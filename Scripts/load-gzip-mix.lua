-- wrk script for load-gzip-mix.sh: POSTs to /team, in turn, the bodies
-- named by $KINDS ("FILE" or "FILE:ENCODING", comma-separated; ENCODING
-- becomes the Content-Encoding header), and prints one RESULT line with the
-- totals the script reads.
local bodies = {}

function init(args)
  for entry in string.gmatch(os.getenv("KINDS"), "[^,]+") do
    local path, encoding = entry:match("^([^:]+):?(.*)$")
    local file = assert(io.open(path, "rb"))
    local body = file:read("*a")
    file:close()
    local headers = { ["Content-Type"] = "application/json" }
    if encoding ~= "" then headers["Content-Encoding"] = encoding end
    table.insert(bodies, wrk.format("POST", "/team", headers, body))
  end
end

local turn = 0

function request()
  turn = turn % #bodies + 1
  return bodies[turn]
end

function done(summary, latency, requests)
  local errors = summary.errors
  io.write(string.format("RESULT requests=%d duration_us=%d p50_us=%d p99_us=%d status_errors=%d other_errors=%d\n",
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    errors.status, errors.connect + errors.read + errors.write + errors.timeout))
end
