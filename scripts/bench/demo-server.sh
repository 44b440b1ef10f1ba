# Sourced by the serving benchmarks: builds the release binary and starts `tidings serve` with the
# demo data on 127.0.0.1:$port and a scratch SQLite file, waiting until it listens. Sets $base,
# $server and $scratch; the server and the scratch folder go away on exit. Needs $port set.
# BENCH_BINARY=PATH runs that binary instead of building one (to compare two builds, A/B).
source scripts/bench/binary.sh
scratch=$(mktemp -d)
trap 'kill $server 2>/dev/null || true; rm -rf "$scratch"' EXIT
"$binary" serve --port "$port" --database "sqlite:$scratch/bench.sqlite" \
  >"$scratch/server.log" 2>&1 &
server=$!
for _ in $(seq 1 100); do grep -q "listening on" "$scratch/server.log" && break; sleep 0.1; done
base="http://127.0.0.1:$port"

source scripts/bench/cards.sh
