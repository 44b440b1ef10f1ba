#!/usr/bin/env bash
# Web reader benchmark: wrk -t2 -c64 against the demo's HTML section pages and /health on the same
# server (release build, SQLite, demo brands and catalog), printing req/s, p99 and each page's
# share of /health's req/s. Target: every page >= 40 % of /health, p99 < 30 ms.
# Usage: scripts/bench-web.sh [DURATION]      (installs wrk from Debian packages if missing)
# BENCH_BINARY=PATH runs that binary instead of building one (to compare two builds, A/B).
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${1:-10s}
port=8393
source scripts/bench/wrk.sh
source scripts/bench/demo-server.sh
# The demo's sources are files the poller reads at start, one after another: wait until every
# page has its cards (a page read before its source was holds none for the caches' 5 s).
pages=(/courier/news /courier/lifestyle /grocery/news)
wait_for_cards "${pages[@]}"
read -r health_rps health_p99 < <(run "$base/health")
printf '%-22s %8.0f req/s  p99 %6.2f ms\n' /health "$health_rps" "$health_p99"
for page in "${pages[@]}"; do
  bytes=$(curl -s "$base$page" | wc -c)
  read -r rps p99 < <(run "$base$page")
  ratio=$(awk -v a="$rps" -v b="$health_rps" 'BEGIN { printf "%.0f", 100 * a / b }')
  printf '%-22s %8.0f req/s  p99 %6.2f ms  %3s%% of /health  (%s bytes)\n' "$page" "$rps" "$p99" "$ratio" "$bytes"
done
echo "target: every page >= 40% of /health req/s, p99 < 30 ms"
