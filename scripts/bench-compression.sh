#!/usr/bin/env bash
# What response compression costs: wrk -t2 -c64 against the 50-item news page (JSON) and a web
# reader page (HTML) on one server (release build, SQLite, demo catalog), each without and with
# `Accept-Encoding: gzip`, alternating plain and gzip three times and printing the medians, the
# bytes on the wire and the gzip/plain req/s ratio. Compression happens per response (pages are
# cached as the plain bytes), so this is its full cost.
# Usage: scripts/bench-compression.sh [DURATION]   (default 5s a run; installs wrk if missing)
# BENCH_BINARY=PATH runs that binary instead of building one.
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${1:-5s}
port=8394
source scripts/bench/wrk.sh
source scripts/bench/demo-server.sh

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
for page in "/api/v1/news_items?limit=50" /courier/news; do
  for _ in $(seq 1 100); do
    [ "$(curl -s -o /dev/null -w '%{http_code}' "$base$page")" = 200 ] && break
    sleep 0.2
  done
  plain_bytes=$(curl -s -o /dev/null -w '%{size_download}' "$base$page")
  gzip_bytes=$(curl -s -o /dev/null -w '%{size_download}' -H 'Accept-Encoding: gzip' "$base$page")
  encoding=$(curl -s -o /dev/null -D - -H 'Accept-Encoding: gzip' "$base$page" | tr -d '\r' | awk -F': ' 'tolower($1) == "content-encoding" { print $2 }')
  [ "$encoding" = gzip ] || { echo "bench-compression: $page was not compressed" >&2; exit 1; }
  plain=() gzip=() plain_p99=() gzip_p99=()
  for _ in 1 2 3; do
    read -r rps p99 < <(run "$base$page"); plain+=("$rps"); plain_p99+=("$p99")
    read -r rps p99 < <(run -H "Accept-Encoding: gzip" "$base$page"); gzip+=("$rps"); gzip_p99+=("$p99")
  done
  p=$(printf '%s\n' "${plain[@]}" | median); g=$(printf '%s\n' "${gzip[@]}" | median)
  pp=$(printf '%s\n' "${plain_p99[@]}" | median); gp=$(printf '%s\n' "${gzip_p99[@]}" | median)
  printf '%-28s plain %8.0f req/s p99 %6.2f ms %7d bytes | gzip %8.0f req/s p99 %6.2f ms %6d bytes | gzip/plain %.2f\n' \
    "$page" "$p" "$pp" "$plain_bytes" "$g" "$gp" "$gzip_bytes" "$(awk -v a="$g" -v b="$p" 'BEGIN { print a / b }')"
done
