#!/usr/bin/env bash
# Pages built on a cache miss: wrk -t2 -c16 against thousands of distinct page URLs, so nearly
# every request composes, formats and renders its page. Prints req/s, p99, the server's CPU time
# per page and the share of page-cache lookups that missed. Two kinds of pages:
#   catalog   news API pages of 10, 25 and 50 items and the grocery section's web page, in Russian
#             and English, at every cursor position of a seeded catalog (the demo + 3,000 products);
#   products  the product page of each of the 3,000 seeded products, in Russian and English;
#   articles  the article page of each of the 2,000 stories of `entries`, in English and Norwegian;
#   entries   a section's API pages of 10, 25 and 50 stored entries, in English and Norwegian, at
#             every cursor of a 2,000-story RSS file, three in four stories with a picture (whose
#             signed image_proxy_url each page adds).
# Usage: scripts/bench-page-misses.sh [DURATION] [ROUNDS] [catalog|entries|products|articles]
#   BENCH_BINARY=PATH                   one binary instead of building one
#   BENCH_A=PATH BENCH_B=PATH           two builds, alternated A B A B … for ROUNDS rounds (default 3);
#                                       prints each run and the medians (CPU time a page decides)
#   ONLY=REGEX                          only the page URLs matching REGEX (grep -E), one kind of page:
#                                       ONLY='^/api/v1/news_items' (the news API), ONLY='^/grocery' (web)
# (installs wrk from Debian packages if missing; python3 seeds the catalog and lists the cursors.)
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${1:-10s}
rounds=${2:-3}
pages=${3:-catalog}
case $pages in catalog | entries | products | articles) ;;
  *) echo "bench-page-misses: pages are catalog, entries, products or articles, not $pages" >&2 && exit 2 ;;
esac
port=8394
source scripts/bench/wrk.sh

misses() { # prints "misses lookups" of the page caches so far
  curl -s "http://127.0.0.1:$port/metrics" | awk '
    /^tidings_cache_lookups_total\{cache="(news_pages|web_pages|web_item_pages|section_pages)"/ {
      total += $NF; if ($0 ~ /result="miss"/) { missed += $NF } }
    END { printf "%d %d\n", missed, total }'
}

# One run of `$1`: a fresh database with the pages' content (the demo and 3,000 more products, or
# the wire), the paths learnt, then wrk. Prints "req/s p99_ms miss%".
measure() {
  local binary=$1 scratch server key
  scratch=$(mktemp -d)
  if [ "$pages" = entries ] || [ "$pages" = articles ]; then
    python3 scripts/bench/page_misses.py wire "$scratch/wire.rss" 2000
    printf '%s\n' "retention: {max_items: 5000, max_age: 3650d}" "brands:" \
      "  - {id: bench, name: Bench, locale: en, sections: [{id: wire, title: Wire, source: {type: file, path: wire.rss}}]}" \
      >"$scratch/brands.yaml"
    "$binary" serve --port "$port" --no-demo --config "$scratch/brands.yaml" \
      --database "sqlite:$scratch/bench.sqlite" >"$scratch/server.log" 2>&1 &
    server=$!
    for _ in $(seq 1 600); do grep -q "wire.rss: 2000 new" "$scratch/server.log" && break; sleep 0.1; done
    if [ "$pages" = articles ]; then
      python3 scripts/bench/page_misses.py article-paths "http://127.0.0.1:$port" bench wire "$scratch/paths.txt"
    else
      python3 scripts/bench/page_misses.py section-paths "http://127.0.0.1:$port" bench wire "$scratch/paths.txt"
    fi
  else
    "$binary" serve --port "$port" --database "sqlite:$scratch/bench.sqlite" >"$scratch/server.log" 2>&1 &
    server=$!
    for _ in $(seq 1 200); do grep -q "listening on" "$scratch/server.log" && break; sleep 0.1; done
    key=$("$binary" keys create --name bench --database "sqlite:$scratch/bench.sqlite" | grep '^tid_')
    python3 scripts/bench/page_misses.py seed "http://127.0.0.1:$port" "$key" 3000
    if [ "$pages" = products ]; then
      python3 scripts/bench/page_misses.py product-paths "$scratch/paths.txt" 3000
    else
      python3 scripts/bench/page_misses.py paths "http://127.0.0.1:$port" "$scratch/paths.txt"
    fi
  fi
  if [ -n "${ONLY:-}" ]; then
    grep -E -- "$ONLY" "$scratch/paths.txt" >"$scratch/only.txt" || { echo "bench-page-misses: no path matches $ONLY" >&2; exit 2; }
    mv "$scratch/only.txt" "$scratch/paths.txt"
  fi
  cat >"$scratch/paths.lua" <<EOF
local paths = {}
for line in io.lines("$scratch/paths.txt") do paths[#paths + 1] = line end
-- Each thread walks the list from its own half, so no path is asked twice within a run.
local threads = 0
function setup(thread) thread:set("half", threads); threads = threads + 1 end
local next
request = function()
  next = ((next or half * math.floor(#paths / 2)) % #paths) + 1
  return wrk.format("GET", paths[next])
end
EOF
  read -r missed_before total_before < <(misses)
  local result cpu_before cpu_after
  cpu_before=$(cpu "$server")
  result=$(wrk -t2 -c16 -d"$duration" --latency -s "$scratch/paths.lua" "http://127.0.0.1:$port" | summarize)
  cpu_after=$(cpu "$server")
  read -r missed_after total_after < <(misses)
  kill "$server"
  wait "$server" 2>/dev/null || true
  rm -rf "$scratch"
  # req/s p99 cpu-ms-per-page miss%
  awk -v r="$result" -v c=$((cpu_after - cpu_before)) -v m=$((missed_after - missed_before)) \
    -v t=$((total_after - total_before)) -v hz="$(getconf CLK_TCK)" \
    'BEGIN { split(r, f, " "); printf "%s %s %.3f %.0f\n", f[1], f[2], 1000 * c / hz / f[3], t ? 100 * m / t : 0 }'
}

# The server's CPU time so far (user + system), in clock ticks: the cost of the pages it built,
# steadier on a noisy machine than req/s, which also counts time the server waited for a core.
cpu() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

if [ -n "${BENCH_A:-}" ] && [ -n "${BENCH_B:-}" ]; then
  a_rps=() b_rps=() a_cpu=() b_cpu=()
  for round in $(seq 1 "$rounds"); do
    for side in A B; do
      binary=$BENCH_A
      [ "$side" = B ] && binary=$BENCH_B
      read -r rps p99 ms miss < <(measure "$binary")
      printf 'round %d  %s %6.0f req/s  p99 %7.2f ms  %6.3f ms CPU a page  %3s%% misses\n' \
        "$round" "$side" "$rps" "$p99" "$ms" "$miss"
      if [ "$side" = A ]; then a_rps+=("$rps") a_cpu+=("$ms"); else b_rps+=("$rps") b_cpu+=("$ms"); fi
    done
  done
  read -r a b < <(echo "$(printf '%s\n' "${a_cpu[@]}" | median) $(printf '%s\n' "${b_cpu[@]}" | median)")
  read -r ra rb < <(echo "$(printf '%s\n' "${a_rps[@]}" | median) $(printf '%s\n' "${b_rps[@]}" | median)")
  awk -v a="$a" -v b="$b" -v ra="$ra" -v rb="$rb" 'BEGIN {
    printf "median CPU a page: A %.3f ms, B %.3f ms: B costs %+.1f%%; median req/s A %.0f, B %.0f\n", a, b, 100 * (b / a - 1), ra, rb }'
else
  source scripts/bench/binary.sh
  read -r rps p99 ms miss < <(measure "$binary")
  printf 'pages on a cache miss: %6.0f req/s  p99 %7.2f ms  %.3f ms CPU a page  %3s%% of page-cache lookups missed\n' \
    "$rps" "$p99" "$ms" "$miss"
fi
