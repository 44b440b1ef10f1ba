#!/usr/bin/env bash
# Image proxy benchmark: an image served from the proxy's cache against /health on the same server
# (release build, SQLite). A loopback origin serves one 48 KiB PNG; a one-item feed names it; the
# image is fetched once through /img, the origin is then stopped (every later answer comes from
# the cache), and wrk -t2 -c64 runs /health and the image in turn, ROUNDS times, printing each
# round and the medians. Target: the image's req/s at least half of /health's.
# Usage: scripts/bench-images.sh [DURATION] [ROUNDS]   (installs wrk from Debian packages if missing)
# BENCH_BINARY=PATH runs that binary instead of building one.
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${1:-10s}
rounds=${2:-3}
port=8395
origin_port=8396
source scripts/bench/wrk.sh
source scripts/bench/binary.sh
scratch=$(mktemp -d)
trap 'kill $server $origin 2>/dev/null || true; rm -rf "$scratch"' EXIT
mkdir -p "$scratch/origin"
python3 - "$scratch/origin/bench.png" <<'PY'
import random, struct, sys, zlib
random.seed(7)
width, height = 128, 128  # noise: 48 KiB that deflate cannot shrink
rows = b"".join(b"\0" + bytes(random.getrandbits(8) for _ in range(width * 3)) for _ in range(height))
def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
png += chunk(b"IDAT", zlib.compress(rows, 0)) + chunk(b"IEND", b"")
open(sys.argv[1], "wb").write(png)
PY
python3 -m http.server "$origin_port" --bind 127.0.0.1 --directory "$scratch/origin" >/dev/null 2>&1 &
origin=$!
cat >"$scratch/bench.rss" <<RSS
<rss version="2.0"><channel><title>Bench</title><item><title>Image</title><link>https://example.com/1</link>
<enclosure url="http://127.0.0.1:$origin_port/bench.png" type="image/png" length="0"/></item></channel></rss>
RSS
cat >"$scratch/brands.yaml" <<YAML
fetch: {allow_hosts: [127.0.0.1]}
images: {cache_dir: $scratch/images}
brands:
  - id: bench
    name: Bench
    sections: [{id: news, title: News, source: {type: file, path: bench.rss}}]
YAML
"$binary" serve --config "$scratch/brands.yaml" --port "$port" --database "sqlite:$scratch/bench.sqlite" \
  >"$scratch/server.log" 2>&1 &
server=$!
base="http://127.0.0.1:$port"
path=""
for _ in $(seq 1 100); do
  path=$(curl -s "$base/api/v1/brands/bench/sections/news" | python3 -c \
    'import json,sys; print(next((i["image_proxy_url"] for i in json.load(sys.stdin)["items"] if "image_proxy_url" in i), ""))' \
    2>/dev/null || true)
  [ -n "$path" ] && break
  sleep 0.2
done
[ -n "$path" ] || { echo "bench-images: no image_proxy_url on the bench section" >&2; cat "$scratch/server.log" >&2; exit 1; }
read -r status type < <(curl -s -o "$scratch/first.png" -w '%{http_code} %{content_type}\n' "$base$path")
[ "$status" = 200 ] && [ "$type" = image/png ] || { echo "bench-images: first fetch gave $status $type" >&2; exit 1; }
cmp -s "$scratch/first.png" "$scratch/origin/bench.png" || { echo "bench-images: the proxy changed the image" >&2; exit 1; }
kill "$origin"; wait "$origin" 2>/dev/null || true
bytes=$(wc -c <"$scratch/origin/bench.png")
echo "image: $bytes bytes, origin stopped: every answer below comes from the proxy's cache"
health=(); image=()
for round in $(seq 1 "$rounds"); do
  read -r h_rps h_p99 < <(run "$base/health")
  read -r i_rps i_p99 < <(run "$base$path")
  health+=("$h_rps"); image+=("$i_rps")
  printf 'round %d: /health %8.0f req/s p99 %6.2f ms   image %8.0f req/s p99 %6.2f ms   %3.0f%%\n' \
    "$round" "$h_rps" "$h_p99" "$i_rps" "$i_p99" "$(awk -v a="$i_rps" -v b="$h_rps" 'BEGIN { print 100 * a / b }')"
done
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
h=$(median "${health[@]}"); i=$(median "${image[@]}")
printf 'median: /health %.0f req/s, image %.0f req/s: %.0f%% of /health (target: at least 50%%, "within 2x")\n' \
  "$h" "$i" "$(awk -v a="$i" -v b="$h" 'BEGIN { print 100 * a / b }')"
