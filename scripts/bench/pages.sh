# Sourced by the benchmarks that measure Tidings against the ceiling (bench-ceiling.sh,
# bench-request-instructions.sh) once the demo server at $base shows its cards. Sets $paths (each
# page kind's path), $variants ("NAME CODING" for each page of $PAGES — all by default — plain, and
# gzip when the page is compressed) and writes what Tidings answered for each into $bodies
# (NAME-CODING.body and .headers), the very bytes and headers the ceiling answers.
bench_name=$(basename "$0" .sh)
article=$(curl -s "$base/courier/news" | grep -o 'href="/courier/news/articles/[^"]*"' | head -1 | cut -d'"' -f2)
product=$(curl -s "$base/grocery/news" | grep -o 'href="/grocery/products/[^"]*"' | head -1 | cut -d'"' -f2)
[ -n "$article" ] && [ -n "$product" ] || { echo "$bench_name: no article or product link found" >&2; exit 1; }

declare -A paths=(
  [health]=/health
  [news-json]="/api/v1/news_items?limit=50"
  [section-json]=/api/v1/brands/courier/sections/news
  [web-section]=/courier/news
  [article]=$article
  [product]=$product
  [rss]=/feeds/courier/news.rss
  [atom]=/feeds/courier/news.atom
  [json-feed]=/feeds/courier/news.json
)
order=(health news-json section-json web-section article product rss atom json-feed)
read -r -a pages <<<"${PAGES:-${order[*]}}"

mkdir -p "$bodies"
variants=()
for name in "${pages[@]}"; do
  [ -n "${paths[$name]:-}" ] || { echo "$bench_name: no page named $name" >&2; exit 2; }
  curl -sf "$base${paths[$name]}" -D "$bodies/$name-plain.headers" -o "$bodies/$name-plain.body"
  variants+=("$name plain")
  curl -sf -H 'Accept-Encoding: gzip' "$base${paths[$name]}" -D "$bodies/$name-gzip.headers" \
    -o "$bodies/$name-gzip.body"
  # A body too small to compress is answered plain: no gzip row for it.
  if grep -qi '^content-encoding: gzip' "$bodies/$name-gzip.headers"; then variants+=("$name gzip"); fi
done
