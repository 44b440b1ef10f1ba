#!/usr/bin/env bash
# Memory of never-ending feeds: `tidings serve` polls 4 sources at once whose documents never end
# (two list the newest item first, two the oldest first), each cut at fetch.max_bytes (16 MiB) and
# read. Prints the server's resident memory when idle (the 4 fetches already connected and
# waiting) and its peak while the 4 documents are read and stored (VmHWM, reset when idle), and
# what each source kept. Target: peak under idle + 100 MiB.
# Usage: scripts/bench-endless-feeds.sh
# BENCH_BINARY=PATH runs that binary instead of building one (to compare two builds, A/B).
set -euo pipefail
cd "$(dirname "$0")/.."
port=8394
feeds_port=8395
source scripts/bench/binary.sh
scratch=$(mktemp -d)
server=
feeds=
trap 'kill $server $feeds 2>/dev/null || true; rm -rf "$scratch"' EXIT

python3 scripts/bench/endless_feeds.py "$feeds_port" "$scratch/go" &
feeds=$!
for _ in $(seq 1 100); do curl -s -o /dev/null "http://127.0.0.1:$feeds_port/" --max-time 0.2 && break; [ $? -eq 28 ] && break; sleep 0.1; done
{
  echo "fetch: {allow_hosts: [127.0.0.1]}"
  echo "brands:"
  echo "  - id: endless"
  echo "    name: Endless"
  echo "    sections:"
  for name in new1 new2 old1 old2; do
    echo "      - {id: $name, title: $name, source: {type: feed, url: \"http://127.0.0.1:$feeds_port/endless/$name.rss\"}}"
  done
} >"$scratch/endless.yaml"
"$binary" serve --port "$port" --no-demo --config "$scratch/endless.yaml" --database "sqlite:$scratch/bench.sqlite" \
  >"$scratch/server.log" 2>&1 &
server=$!
for _ in $(seq 1 100); do grep -q "listening on" "$scratch/server.log" && break; sleep 0.1; done
sleep 3  # the poller's first round: 4 fetches connected, waiting for the feeds to answer
kib() { awk -v key="$1:" '$1 == key { print $2 }' "/proc/$server/status"; }
idle=$(kib VmRSS)
echo 5 >"/proc/$server/clear_refs"  # VmHWM := VmRSS now
touch "$scratch/go"
for _ in $(seq 1 600); do
  [ "$(grep -Ec "poller: http://127.0.0.1:$feeds_port/endless/[a-z0-9]+\.rss: ([0-9]+ new|.*next try)" "$scratch/server.log")" -ge 4 ] && break
  sleep 0.2
done
peak=$(kib VmHWM)
grep "poller: http://127.0.0.1:$feeds_port/endless/" "$scratch/server.log" | sed 's/.*poller: /  /' | cut -c1-150
"$binary" sources list --config "$scratch/endless.yaml" --database "sqlite:$scratch/bench.sqlite" | sed 's/^/  /'
for name in new1 old1; do
  printf '  %s, newest kept: %s\n' "$name" \
    "$(curl -s "http://127.0.0.1:$port/api/v1/brands/endless/sections/$name?limit=1" | grep -o '"title":"[^"]*item [0-9]*"' | head -1)"
done
printf 'idle %d MiB, peak %d MiB: +%d MiB while reading 4 endless feeds (target < +100 MiB)\n' \
  $((idle / 1024)) $((peak / 1024)) $(((peak - idle) / 1024))
