#!/usr/bin/env bash
# The collector's throughput and latency with durability on (Tools/Benchmarks/README.md, "Collector").
#
#     bash Benchmarks/Collect/collect-bench.sh sqlite      # in Tools/, after swift build -c release --product appalert-full
#     bash Benchmarks/Collect/collect-bench.sh postgres    # needs APPALERT_TEST_POSTGRES_URL (.ci/run sets it)
#     FAST_PATH=0 bash Benchmarks/Collect/collect-bench.sh sqlite   # every request through Hummingbird
#     NGINX=0 bash Benchmarks/Collect/collect-bench.sh sqlite       # without the nginx ceiling
#     APPALERT=/path/to/appalert bash Benchmarks/Collect/collect-bench.sh sqlite   # another build
#
# Starts the release `appalert collect` (--rate-limit 0: all the load comes from one address) on a fresh
# database, then wrk (apt-get install wrk) posts batches of six counters, each with a new batch id, from
# CONNECTIONS connections for DURATION seconds after a 3-second warm-up, ROUNDS times. Prints wrk's
# requests a second and latency percentiles, and checks afterwards that the database holds exactly the
# batches the collector acknowledged.
#
# In the same round, when nginx is installed (apt-get install nginx-light) and NGINX is not 0, nginx
# answers `return 200` to the same requests from the same wrk script (this machine's HTTP ceiling: no
# reading, no checking, no disk), and the round prints its rate, its p99 and the ratio of the
# collector's rate to it.
set -euo pipefail
cd "$(dirname "$0")/../.."
kind=${1:-sqlite}
DURATION=${DURATION:-10}
CONNECTIONS=${CONNECTIONS:-64}
THREADS=${THREADS:-1}
ROUNDS=${ROUNDS:-3}
PORT=${PORT:-18181}
NGINX_PORT=${NGINX_PORT:-18182}
FAST_PATH=${FAST_PATH:-1}
binary=${APPALERT:-.build/release/appalert-full}
[ -x "$binary" ] || { echo "build first: swift build -c release --product appalert-full"; exit 2; }
command -v wrk >/dev/null || { echo "needs wrk (apt-get install wrk)"; exit 2; }
extra=()
[ "$FAST_PATH" = 0 ] && extra=(--no-fast-path)
nginx=${NGINX:-1}
command -v nginx >/dev/null || nginx=0

work=$(mktemp -d)
chmod 755 "$work"  # nginx's workers run as another user
trap '[ "$nginx" = 0 ] || nginx -s stop -c "$work/nginx.conf" 2>/dev/null || true; rm -rf "$work"' EXIT
if [ "$nginx" != 0 ]; then
  cat >"$work/nginx.conf" <<CONF
worker_processes 2;
pid $work/nginx.pid;
error_log $work/nginx-error.log;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path $work/body;
  server {
    listen 127.0.0.1:$NGINX_PORT;
    default_type application/json;
    location = /v1/counts { return 200 '{"accepted":6}'; }
  }
}
CONF
  nginx -c "$work/nginx.conf"
fi

# Requests a second and p99 of wrk's output.
rate() { echo "$1" | awk '/Requests\/sec/{print $2}'; }
p99() { echo "$1" | awk '$1=="99%"{print $2}'; }
cat >"$work/feed.json" <<'FEED'
{"format": 2, "messages": [
  {"id": 1, "bundleId": "com.example.bench", "title": "Hello", "text": "A plain alert",
   "buttons": [{"title": "OK"}]},
  {"id": 2, "bundleId": "com.example.bench", "title": "News", "text": "Two buttons",
   "buttons": [{"title": "Read", "action": {"url": "https://example.com/news"}}, {"title": "Later"}]}
]}
FEED

database_for_round() {
  case "$kind" in
    sqlite) echo "$work/results-$1.sqlite" ;;
    postgres)
      : "${APPALERT_TEST_POSTGRES_URL:?set APPALERT_TEST_POSTGRES_URL (.ci/run does)}"
      psql "$APPALERT_TEST_POSTGRES_URL" -qc "DROP DATABASE IF EXISTS appalert_bench_$1" -c "CREATE DATABASE appalert_bench_$1" >/dev/null
      echo "${APPALERT_TEST_POSTGRES_URL%/*}/appalert_bench_$1" ;;
    *) echo "sqlite or postgres"; exit 2 ;;
  esac
}

stored_batches() {
  case "$kind" in
    sqlite) python3 -c "
import sqlite3, sys
c = sqlite3.connect(sys.argv[1])
print(sum(c.execute(f'SELECT count(*) FROM {t}').fetchone()[0] for (t,) in c.execute(\"SELECT name FROM sqlite_master WHERE name LIKE 'appalert_batches_%'\")))
print(c.execute('SELECT coalesce(sum(n), 0) FROM counts').fetchone()[0])" "$1" ;;
    postgres) psql "$1" -tAc "SELECT (SELECT count(*) FROM appalert_batches_$(date -u +%Y%m%d)) || chr(10) || (SELECT coalesce(sum(n), 0) FROM counts)" ;;
  esac
}

for round in $(seq 1 "$ROUNDS"); do
  echo "round $round, load average $(cut -d' ' -f1-3 /proc/loadavg) (a shared machine makes the figures indicative)"
  database=$(database_for_round "$round")
  "$binary" collect "$work/feed.json" --database "$database" --port "$PORT" --rate-limit 0 "${extra[@]}" \
    >"$work/collect.log" 2>&1 &
  pid=$!
  for _ in $(seq 1 100); do curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null && break; sleep 0.1; done
  wrk -t"$THREADS" -c"$CONNECTIONS" -d3s -s Benchmarks/Collect/batches.lua "http://127.0.0.1:$PORT/v1/counts" >/dev/null
  out=$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"${DURATION}s" --latency -s Benchmarks/Collect/batches.lua \
    "http://127.0.0.1:$PORT/v1/counts")
  # Requests still in flight when wrk stopped are committed and counted after it: read the metrics
  # once they stop moving.
  metrics=$(curl -s "http://127.0.0.1:$PORT/metrics")
  while sleep 0.5; do
    again=$(curl -s "http://127.0.0.1:$PORT/metrics")
    [ "$(echo "$again" | grep '^appalert_collect_batches_accepted_total ')" = \
      "$(echo "$metrics" | grep '^appalert_collect_batches_accepted_total ')" ] && break
    metrics=$again
  done
  kill -TERM "$pid"; wait "$pid" || true
  accepted=$(echo "$metrics" | awk '/^appalert_collect_batches_accepted_total /{print $2}')
  groups=$(echo "$metrics" | awk '/^appalert_collect_commit_batches_count /{print $2}')
  read -r stored sum < <(stored_batches "$database" | paste -sd' ')
  rps=$(rate "$out")
  p50=$(echo "$out" | awk '$1=="50%"{print $2}')
  p99=$(p99 "$out")
  errors=$(echo "$out" | awk '/Non-2xx|Socket errors/{print}' | paste -sd' ')
  echo "$kind round $round: ${rps} batches/s, p50 $p50, p99 $p99; acknowledged $accepted in $groups commits (mean group $(( accepted / (groups > 0 ? groups : 1) ))), stored ids $stored, counter sum $sum ${errors}"
  [ "$accepted" = "$stored" ] || { echo "MISMATCH: acknowledged $accepted, stored $stored"; exit 1; }
  # Every batch is one the feed takes (a button the message has): a refusal is a broken benchmark.
  [ -z "$errors" ] || { echo "REFUSED: $errors (see the collector's refused metrics)"; exit 1; }
  if [ "$nginx" != 0 ]; then
    # The same requests (same script, connections, duration) to nginx's `return 200`, right after.
    wrk -t"$THREADS" -c"$CONNECTIONS" -d3s -s Benchmarks/Collect/batches.lua "http://127.0.0.1:$NGINX_PORT/v1/counts" >/dev/null
    ceiling=$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"${DURATION}s" --latency -s Benchmarks/Collect/batches.lua \
      "http://127.0.0.1:$NGINX_PORT/v1/counts")
    echo "  nginx return 200: $(rate "$ceiling") requests/s, p99 $(p99 "$ceiling"); ratio $(python3 -c \
      "print(f'{float(\"$rps\") / float(\"$(rate "$ceiling")\"):.3f}')")"
  fi
  [ "$kind" = postgres ] && psql "$APPALERT_TEST_POSTGRES_URL" -qc "DROP DATABASE IF EXISTS appalert_bench_$round WITH (FORCE)" >/dev/null
done
