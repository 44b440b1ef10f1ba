#!/usr/bin/env bash
# Single-event writes: `wrk -t2 -cCONNECTIONS -dDURATION` posting one `price_changed` event per
# request to POST /api/v1/events (scripts/bench/single_events.lua: an id of its own each, 1,000
# products made first in one batch), against `tidings serve` (release build) on a new SQLite file,
# or on DATABASE=postgres://… (a database of its own: the benchmark writes products, events and a
# key). Prints events/s and p99 for each of ROUNDS runs and their median, with the commits a round
# made (events a commit) and the store's reads (the API key's: about one a second). The per-key rate limit is
# off: one key writing as fast as it can is the measurement. wrk (C, two threads) is the load, so
# the server keeps most of the two cores; `tidings bench ingest` runs its client in process.
# News aggregation is off (the default without brands of one's own), AGGREGATE=1 turns it on
# (window 1h, 3 items: every write regroups the current hour, where every bench event falls).
# SERVERS=N (PostgreSQL only) starts N servers over the one database and splits the connections
# evenly over them, one wrk each: the figures are the sum of their events/s and the worst p99.
# Usage: [DATABASE=…] [CONNECTIONS=64] [SERVERS=1] [AGGREGATE=1] scripts/bench-events.sh [DURATION] [ROUNDS]   (defaults 8s, 3)
# BENCH_BINARY=PATH runs that `tidings` instead of building one (to compare two builds, A/B).
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${1:-8s}
rounds=${2:-3}
connections=${CONNECTIONS:-64}
servers=${SERVERS:-1}
port=8397
source scripts/bench/wrk.sh
source scripts/bench/binary.sh
scratch=$(mktemp -d)
database=${DATABASE:-sqlite:$scratch/bench.sqlite}
if [ "$servers" -gt 1 ] && [[ "$database" != postgres* ]]; then
  echo "bench-events: SERVERS=$servers needs DATABASE=postgres://… (one process serves a SQLite file)" >&2
  exit 2
fi
pids=()
trap 'kill "${pids[@]}" 2>/dev/null || true; rm -rf "$scratch"' EXIT
aggregate=off
[ "${AGGREGATE:-0}" = 1 ] && aggregate=window=1h,min_items=3
ports=()
for index in $(seq 0 $((servers - 1))); do
  ports+=($((port + index)))
  TIDINGS_LIMITS_KEY_RATE=0 TIDINGS_NEWS_AGGREGATE=$aggregate "$binary" serve --port "${ports[index]}" \
    --database "$database" --no-demo >"$scratch/server$index.log" 2>&1 &
  pids+=($!)
done
for index in "${!ports[@]}"; do
  log=$scratch/server$index.log
  for _ in $(seq 1 200); do grep -q "listening on" "$log" && break; sleep 0.1; done
  grep -q "listening on" "$log" || { cat "$log" >&2; exit 1; }
done
secret=$("$binary" keys create --name bench --database "$database" 2>/dev/null | grep -o 'tid_[A-Za-z0-9_-]*' | head -1)
[ -n "$secret" ] || { echo "bench-events: no key created" >&2; exit 1; }
run=$(date +%s%N)
products=$(for i in $(seq 0 999); do
  printf '{"id":"%s-c%d","type":"product_created","product_id":"bench-%d","name":"Bench %d","store_price":"105.00"},' \
    "$run" "$i" "$i" "$i"
done)
curl -sf -o /dev/null -H "Authorization: Bearer $secret" -H 'Content-Type: application/json' \
  --data "{\"events\":[${products%,}]}" "http://127.0.0.1:$port/api/v1/events"
# A server hearing no other write for 2 s runs its catalog writes alone (docs/operations.md): wait
# past that, as a server in service would be.
sleep 3
# From /metrics of every server: commits written and the store's reads (the API key's, once a
# second), so far.
counters() {
  for p in "${ports[@]}"; do curl -sf "http://127.0.0.1:$p/metrics"; done | awk '
    /^tidings_event_commits_total / { commits += $2 }
    /^tidings_db_call_seconds_count\{.*use="read"/ { reads += $2 }
    END { printf "%d %d\n", commits, reads }'
}
results=()
for round in $(seq 1 "$rounds"); do
  read -r commits0 reads0 < <(counters)
  loads=()
  for index in "${!ports[@]}"; do
    wrk -t$((servers > 1 ? 1 : 2)) -c$((connections / servers)) -d"$duration" --latency \
      -s scripts/bench/single_events.lua "http://127.0.0.1:${ports[index]}/api/v1/events" -- "$secret" \
      "$run-r$round-s$index" | summarize >"$scratch/load$index" &
    loads+=($!)
  done
  wait "${loads[@]}"
  read -r rps p99 requests < <(cat "$scratch"/load* | awk '
    { rps += $1; if ($2 > p99) p99 = $2; requests += $3 } END { printf "%s %s %d\n", rps, p99, requests }')
  read -r commits1 reads1 < <(counters)
  commits=$((commits1 - commits0))
  printf 'round %d: %8.0f events/s  p99 %6.2f ms  (%d requests, %d commits: %.1f events a commit, %d store reads)\n' \
    "$round" "$rps" "$p99" "$requests" "$commits" "$(awk -v r="$requests" -v c="$commits" 'BEGIN { print c ? r / c : 0 }')" \
    "$((reads1 - reads0))"
  results+=("$rps")
done
median=$(printf '%s\n' "${results[@]}" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }')
printf 'median: %.0f single-event requests/s, %d connections, %d server(s), %s, news.aggregate %s\n' "$median" \
  "$connections" "$servers" "${database%%\?*}" "$aggregate"
