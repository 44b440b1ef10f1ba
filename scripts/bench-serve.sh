#!/usr/bin/env bash
# Serving benchmark: wrk -t2 -c64 -d10s against a 50-item news page and against /health on the same
# server (release build, SQLite, demo catalog), printing req/s, p99 and the page/health ratio.
# Usage: scripts/bench-serve.sh [DURATION]      (installs wrk from Debian packages if missing)
# BENCH_BINARY=PATH runs that binary instead of building one (to compare two builds, A/B).
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${1:-10s}
port=8391
source scripts/bench/wrk.sh
source scripts/bench/demo-server.sh

page="$base/api/v1/news_items?limit=50"
items=$(curl -s "$page" | grep -o '"event"' | wc -l)
[ "$items" -eq 50 ] || { echo "bench-serve: expected a page of 50 items, got $items" >&2; exit 1; }
curl -s "$base/health" >/dev/null
read -r health_rps health_p99 < <(run "$base/health")
read -r page_rps page_p99 < <(run "$page")
ratio=$(awk -v a="$page_rps" -v b="$health_rps" 'BEGIN { printf "%.0f", 100 * a / b }')
printf '/health:             %8.0f req/s  p99 %6.2f ms\n' "$health_rps" "$health_p99"
printf 'news page, 50 items: %8.0f req/s  p99 %6.2f ms\n' "$page_rps" "$page_p99"
printf 'ratio: news page = %s%% of /health req/s (target >= 50%%, p99 < 20 ms)\n' "$ratio"
