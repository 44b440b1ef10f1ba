#!/usr/bin/env bash
# Live updates at scale (issue 19), on one release server over SQLite with the demo data:
#  1. fan-out: with FANOUT streams open (default 1,000), WRITES catalog events posted one at a time
#     after one to warm up (reported alone: the server's first write); the time from each POST to
#     each stream's `update` event: p50 and p99 over every (write, stream), and the last stream's
#     time per write (its median, p99 and worst). First, on a server that has not yet dropped thousands of streams: a stream
#     whose client left is found out at its next write (an update or the 15 s keep-alive);
#  2. memory per stream: the server's RSS with STREAMS idle streams open (default 10,000) minus
#     before, divided by STREAMS;
#  3. ordinary pages while the idle streams are open: wrk on the 50-item news page, alternating
#     without (A) and with (B) the streams open, ROUNDS times each; medians and B/A.
# Usage: scripts/bench-live.sh [STREAMS] [FANOUT] [WRITES] [ROUNDS]   (BENCH_BINARY=PATH: that build)
set -euo pipefail
cd "$(dirname "$0")/.."
streams=${1:-10000}
fanout=${2:-1000}
writes=${3:-20}
rounds=${4:-3}
duration=10s
port=8393
ulimit -n $((streams + 4096))
source scripts/bench/wrk.sh
source scripts/bench/demo-server.sh
# The load is scripts/bench/live_clients.c (one thread, epoll): it reads every byte of every
# stream while taking little of the cores the server needs.
# (any C compiler: $CC, else cc, else the clang that comes with Swift).
clients=$scratch/live_clients
compiler=${CC:-$(command -v cc || command -v clang || true)}
[ -n "$compiler" ] || { echo "bench-live: no C compiler (cc or clang) for scripts/bench/live_clients.c" >&2; exit 1; }
"$compiler" -O2 -o "$clients" scripts/bench/live_clients.c
path=/api/v1/news_items/updates
key=$("$binary" keys create --name bench --database "sqlite:$scratch/bench.sqlite" | grep '^tid_')
rss() { awk '/^VmRSS/ { print $2 }' "/proc/$server/status"; }
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# Fan-out latency; given the server's pid, the client also reports the server's CPU time (user and
# system) per write, from the first write to the last.
"$clients" fanout 127.0.0.1 "$port" "$path" "$fanout" "$writes" "$key" "$server"

# Warm the server (caches, pools) before measuring its memory.
for _ in 1 2 3; do curl -s "$base/api/v1/news_items?limit=50" >/dev/null; done
before=$(rss)
"$clients" hold 127.0.0.1 "$port" "$path" "$streams" 100000 >"$scratch/hold.log" 2>&1 &
holder=$!
for _ in $(seq 1 600); do grep -q '"open"' "$scratch/hold.log" && break; sleep 0.1; done
grep -q '"open"' "$scratch/hold.log" || { cat "$scratch/hold.log" >&2; exit 1; }
sleep 2
during=$(rss)
printf 'idle streams: %d open in %ss; server RSS %d -> %d KiB: %.1f KiB per stream\n' "$streams" \
  "$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["seconds_to_open"])' "$(grep '"open"' "$scratch/hold.log")")" \
  "$before" "$during" "$(awk -v a="$before" -v b="$during" -v n="$streams" 'BEGIN { print (b - a) / n }')"

# Pages: A (no streams) and B (streams open), alternating which comes first; the server is given
# a few seconds after the streams close (ten thousand connections to tear down) or open.
page="$base/api/v1/news_items?limit=50"
: >"$scratch/with"; : >"$scratch/without"
open_streams() {
  "$clients" hold 127.0.0.1 "$port" "$path" "$streams" 100000 >"$scratch/hold.log" 2>&1 &
  holder=$!
  for _ in $(seq 1 600); do grep -q '"open"' "$scratch/hold.log" && break; sleep 0.1; done
  sleep 3
}
close_streams() { kill "$holder"; wait "$holder" 2>/dev/null || true; sleep 5; }
measure_with() { read -r rps _ < <(run "$page"); echo "$rps" >>"$scratch/with"; }
measure_without() { read -r rps _ < <(run "$page"); echo "$rps" >>"$scratch/without"; }
for round in $(seq 1 "$rounds"); do
  if [ "$round" -eq 1 ]; then  # the streams opened above are still open
    measure_with; close_streams; measure_without
  elif [ $((round % 2)) -eq 0 ]; then
    measure_without; open_streams; measure_with; close_streams
  else
    open_streams; measure_with; close_streams; measure_without
  fi
done
with=$(median <"$scratch/with"); without=$(median <"$scratch/without")
printf 'news page, 50 items: %.0f req/s without streams, %.0f with %d idle streams open (medians of %d): %.1f%%\n' \
  "$without" "$with" "$streams" "$rounds" "$(awk -v a="$without" -v b="$with" 'BEGIN { print 100 * b / a }')"

