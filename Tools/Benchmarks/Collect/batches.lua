-- wrk script for Benchmarks/Collect/collect-bench.sh: POST /v1/counts with a new batch id on every
-- request (so every batch is stored, none is a duplicate), six counters of yesterday (UTC) each, as a
-- device sends them for the feed collect-bench.sh writes.
local threads = 0

function setup(thread)
  thread:set("tid", threads)
  threads = threads + 1
end

function init(args)
  math.randomseed(os.time() * 1000 + tid)
  -- The first 8 hex digits differ between runs and threads; a counter makes the rest.
  prefix = string.format("%08x", math.random(0, 2147483647))
  sent = 0
  day = os.date("!%Y-%m-%d", os.time() - 86400)
  headers = { ["Content-Type"] = "application/json" }
end

local events = {
  { 1, "shown" }, { 1, "dismissed" }, { 1, "button.0" },
  { 2, "shown" }, { 2, "button.0" }, { 2, "button.1" },
}

function request()
  sent = sent + 1
  local id = string.format("%s-%04x-4000-8000-%012d", prefix, tid % 65536, sent)
  local counts = {}
  for i, e in ipairs(events) do
    counts[i] = string.format('{"day":"%s","message":%d,"event":"%s","n":%d}', day, e[1], e[2], 1 + (sent + i) % 5)
  end
  local body = string.format('{"schema":1,"batch":"%s","app":"com.example.bench","counts":[%s]}', id,
    table.concat(counts, ","))
  return wrk.format("POST", "/v1/counts", headers, body)
end

local non200 = 0
function response(status, headers, body)
  if status ~= 200 then non200 = non200 + 1 end
end
