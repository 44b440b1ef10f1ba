#!/usr/bin/env bash
# Issue 41's serving benchmark: each kind of page Tidings serves from its caches — /health, the news
# JSON (50 items), a section's JSON, a web section page, an article page, a product page, and a
# section's RSS, Atom and JSON Feed — plain and gzip, as a share of the ceiling: a bare Hummingbird
# app (scripts/bench/ceiling, the Hummingbird version Tidings resolves, no middleware) answering the
# very bytes and headers Tidings answered for that page. Both servers run at once on loopback and
# are measured alternately (Tidings then the ceiling, then the other way round), ROUNDS times with
# `wrk -t2 -cCONNECTIONS -dDURATION --latency`; the table gives medians and each page's share of
# its ceiling's req/s, its p99 as a multiple of the ceiling's, and the server's CPU time a request
# as a multiple of the ceiling's in the same round (from /proc).
# Usage: scripts/bench-ceiling.sh [DURATION] [ROUNDS]     (defaults 8s, 2; CONNECTIONS=64)
# PAGES="health news-json …" measures only those pages (names as in the table).
# BENCH_BINARY=PATH runs that `tidings` instead of building one (to compare two builds, A/B).
# Installs wrk from Debian packages if missing; builds the ceiling in $TMPDIR/tidings-ceiling.
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${1:-8s}
rounds=${2:-2}
connections=${CONNECTIONS:-64}
port=8395
ceiling_port=8396
source scripts/bench/wrk.sh
source scripts/bench/demo-server.sh

ceiling_build=${TMPDIR:-/tmp}/tidings-ceiling
swift build -c release --package-path scripts/bench/ceiling --scratch-path "$ceiling_build" >&2
ceiling_binary=$ceiling_build/release/Ceiling

# The demo's sources are files the poller reads at start: wait until the pages have their cards.
wait_for_cards /courier/news /grocery/news
# What Tidings answers, kept for the ceiling to answer: NAME-plain and NAME-gzip, body and headers.
bodies=$scratch/ceiling
source scripts/bench/pages.sh
"$ceiling_binary" "$ceiling_port" "$bodies" >"$scratch/ceiling.log" 2>&1 &
ceiling=$!
trap 'kill $server $ceiling 2>/dev/null || true; rm -rf "$scratch"' EXIT
for _ in $(seq 1 100); do grep -q "listening on" "$scratch/ceiling.log" && break; sleep 0.1; done
ceiling_base="http://127.0.0.1:$ceiling_port"

measure() { # URL CODING → "req/s p99_ms requests"
  local header=()
  [ "$2" = gzip ] && header=(-H 'Accept-Encoding: gzip')
  wrk -t2 -c"$connections" -d"$duration" --latency "${header[@]}" "$1" | summarize
}
# The server's CPU time (user + system, clock ticks) so far: its CPU a request is the difference
# over one measurement divided by the requests served, a yardstick that moves less than req/s
# when the host's speed does (both servers share the host with wrk).
ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }

# req/s and p99 by "SIDE KEY", and the CPU ratio by KEY: one value a round each.
declare -A rps_of p99_of cpu_ratio
for round in $(seq 1 "$rounds"); do
  for variant in "${variants[@]}"; do
    read -r name coding <<<"$variant"
    key="$name-$coding"
    if [ $((round % 2)) = 1 ]; then sides=(tidings ceiling); else sides=(ceiling tidings); fi
    declare -A cpu=()
    for side in "${sides[@]}"; do
      if [ "$side" = tidings ]; then pid=$server url="$base${paths[$name]}"; else pid=$ceiling url="$ceiling_base/$key"; fi
      before=$(ticks "$pid")
      read -r rps p99 requests < <(measure "$url" "$coding")
      cpu[$side]=$(awk -v t=$(($(ticks "$pid") - before)) -v n="$requests" 'BEGIN { print (n > 0 ? t / n : 0) }')
      rps_of["$side $key"]+="$rps "
      p99_of["$side $key"]+="$p99 "
    done
    cpu_ratio[$key]+="$(awk -v t="${cpu[tidings]}" -v c="${cpu[ceiling]}" 'BEGIN { print (c > 0 ? t / c : 0) }') "
    echo "round $round: $key done" >&2
  done
done

median() { tr ' ' '\n' | grep . | sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
echo "wrk -t2 -c$connections -d$duration, $rounds rounds alternated, medians; share = Tidings / ceiling req/s;"
echo "CPU ratio = the server's CPU time a request, Tidings / ceiling, in the same round"
echo
echo "| page | coding | bytes | Tidings req/s | ceiling req/s | share | Tidings p99 ms | ceiling p99 ms | p99 ratio | CPU ratio |"
echo "|---|---|---|---|---|---|---|---|---|---|"
for variant in "${variants[@]}"; do
  read -r name coding <<<"$variant"
  key="$name-$coding"
  bytes=$(wc -c <"$bodies/$key.body")
  t=$(median <<<"${rps_of[tidings $key]}")
  c=$(median <<<"${rps_of[ceiling $key]}")
  tp=$(median <<<"${p99_of[tidings $key]}")
  cp=$(median <<<"${p99_of[ceiling $key]}")
  cr=$(median <<<"${cpu_ratio[$key]}")
  awk -v n="$name" -v k="$coding" -v b="$bytes" -v t="$t" -v c="$c" -v tp="$tp" -v cp="$cp" -v cr="$cr" 'BEGIN {
    printf "| %s | %s | %d | %.0f | %.0f | %.2f | %.1f | %.1f | %.2f | %.2f |\n", n, k, b, t, c, t / c, tp, cp, (cp > 0 ? tp / cp : 0), cr }'
done
echo
echo "targets (issue 41): /health >= 0.90, every page >= 0.85 plain and gzip; p99 at -c256 <= 1.3x the ceiling's"
