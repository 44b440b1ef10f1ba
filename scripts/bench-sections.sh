#!/usr/bin/env bash
# Sections benchmark: 7 brands x 100 sections, each polled from a live local feed that changes every
# 3 s (so the poller keeps ingesting), then wrk -t2 -c64 against random composed section pages (20
# content items, ads, a card and a carousel each). The ratio is taken against /health on an idle
# server (no sources, no poller: the strict baseline) and against /health on the loaded one.
# Usage: scripts/bench-sections.sh [DURATION]   (installs wrk from Debian packages if missing)
# BENCH_BINARY=PATH runs that binary instead of building one (to compare two builds, A/B).
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${1:-10s}
port=8392
feeds_port=8393
source scripts/bench/wrk.sh
source scripts/bench/binary.sh
scratch=$(mktemp -d)
server=
feeds=
trap 'kill $server $feeds 2>/dev/null || true; rm -rf "$scratch"' EXIT

started() { for _ in $(seq 1 100); do grep -q "listening on" "$1" && return; sleep 0.1; done; }

# The baseline: /health on an idle server (one catalog section, nothing to poll).
printf 'brands:\n  - {id: idle, name: Idle, sections: [{id: news, title: News, source: {type: catalog}}]}\n' \
  >"$scratch/idle.yaml"
"$binary" serve --port "$port" --no-demo --config "$scratch/idle.yaml" --database "sqlite:$scratch/idle.sqlite" \
  >"$scratch/idle.log" 2>&1 &
server=$!
started "$scratch/idle.log"
curl -s "http://127.0.0.1:$port/health" >/dev/null
read -r idle_rps idle_p99 < <(run "http://127.0.0.1:$port/health")
kill "$server"
wait "$server" 2>/dev/null || true

python3 scripts/bench/feeds.py "$feeds_port" &
feeds=$!
{
  echo "fetch: {interval: 10s, min_interval: 5s, max_interval: 1m, allow_hosts: [127.0.0.1], concurrency: 8}"
  echo "brands:"
  for b in 1 2 3 4 5 6 7; do
    echo "  - id: brand$b"
    echo "    name: Brand $b"
    echo "    placement:"
    echo "      ads: {positions: [3], every: 6, after: 4}"
    echo "      widgets: [{position: 8, kind: carousel, section: s1, count: 5}]"
    echo "      notifications: [{id: push$b, kind: enable_push, text: {en: Turn on notifications, ru: Включите уведомления}}]"
    echo "    sections:"
    for s in $(seq 1 100); do
      echo "      - {id: s$s, title: Section $s, source: {type: feed, url: \"http://127.0.0.1:$feeds_port/feed/b$b-s$s.rss\"}}"
    done
  done
} >"$scratch/brands.yaml"
"$binary" serve --port "$port" --no-demo --config "$scratch/brands.yaml" --database "sqlite:$scratch/bench.sqlite" \
  >"$scratch/server.log" 2>&1 &
server=$!
started "$scratch/server.log"
# Wait until every section has content (the first round of 700 fetches), then a little longer.
filled=0
for _ in $(seq 1 240); do
  filled=$("$binary" sources list --config "$scratch/brands.yaml" --database "sqlite:$scratch/bench.sqlite" |
    grep -c " 30 in the document" || true)
  [ "$filled" -ge 700 ] && break
  sleep 1
done
sleep 5
echo "bench-sections: $filled of 700 sources fetched; the poller keeps fetching during the runs" >&2

cat >"$scratch/sections.lua" <<'LUA'
math.randomseed(os.time())
request = function()
  local path = string.format("/api/v1/brands/brand%d/sections/s%d?limit=20", math.random(1, 7), math.random(1, 100))
  return wrk.format("GET", path)
end
LUA
items=$(curl -s "http://127.0.0.1:$port/api/v1/brands/brand1/sections/s2?limit=20" | grep -o '"type":"teaser"' | wc -l)
[ "$items" -ge 20 ] || { echo "bench-sections: expected 20 teasers on a page, got $items" >&2; exit 1; }
before=$(grep -c "poller: .* new" "$scratch/server.log" || true)
read -r page_rps page_p99 < <(run -s "$scratch/sections.lua" "http://127.0.0.1:$port")
read -r health_rps health_p99 < <(run "http://127.0.0.1:$port/health")
after=$(grep -c "poller: .* new" "$scratch/server.log" || true)
percent() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.0f", 100 * a / b }'; }
printf '/health, idle server:          %8.0f req/s  p99 %6.2f ms\n' "$idle_rps" "$idle_p99"
printf '/health, while ingesting:      %8.0f req/s  p99 %6.2f ms\n' "$health_rps" "$health_p99"
printf 'random section page, ingesting: %7.0f req/s  p99 %6.2f ms\n' "$page_rps" "$page_p99"
printf 'ratio: section page = %s%% of idle /health, %s%% of /health while ingesting (target >= 50%%, p99 < 25 ms)\n' \
  "$(percent "$page_rps" "$idle_rps")" "$(percent "$page_rps" "$health_rps")"
printf 'poller: %d fetches with new entries during the two loaded runs\n' "$((after - before))"
