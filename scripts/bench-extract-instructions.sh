#!/usr/bin/env bash
# Instructions per byte of ArticleExtractor over a folder of pages, counted with valgrind
# (callgrind), which does not drift with this host's speed the way wall time does (on a shared
# machine `tidings bench extract` moved by a factor of two between runs of one binary). Beside it,
# the sanitizer's single pass over the same pages (`HTMLSanitizer.sanitize`, one tokenizing pass
# that builds no tree), the baseline `tidings bench extract` reports too.
#
# Each figure is (instructions for one pass - instructions for none) / bytes, so start-up and
# reading the files are left out. Builds CivilTime, FeedParsing and ArticleExtraction with a small
# bench main, in release, outside the repository ($TMPDIR); valgrind cannot read the debug
# information of the `tidings` release binary, and does not need to here.
#
# With revisions, measures each (its sources from `git archive`) on the same pages, alternated:
#   scripts/bench-extract-instructions.sh [DIR] [REV...]
# DIR defaults to ../shared/readability/pages (the `source.html` of each page). Without a
# revision, the working tree is measured. Takes about a minute per revision on Readability's
# 130 pages after the build.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=$(realpath "${1:-../shared/readability/pages}")
shift || true
revisions=("$@")
[ ${#revisions[@]} -gt 0 ] || revisions=(working-tree)
# Each revision as the commit it names now (HEAD moves if a commit lands while this runs).
for index in "${!revisions[@]}"; do
  [ "${revisions[$index]}" = working-tree ] || revisions[$index]=$(git rev-parse --short "${revisions[$index]}^{commit}")
done
root=${IPB_WORK:-${TMPDIR:-/tmp}/tidings-extract-ipb-$(id -u)}

# Sets up $root/NAME as a package with the three targets' sources at REV and builds it.
build() {
  local name=$1 rev=$2 work="$root/$1"
  mkdir -p "$work/Sources/Bench"
  rm -rf "$work/Sources/FeedParsing" "$work/Sources/CivilTime" "$work/Sources/ArticleExtraction"
  if [ "$rev" = working-tree ]; then
    cp -R Sources/FeedParsing Sources/CivilTime Sources/ArticleExtraction "$work/Sources/"
  else
    git archive "$rev" Sources/FeedParsing Sources/CivilTime Sources/ArticleExtraction | tar -x -C "$work"
  fi
  cat > "$work/Package.swift" <<'EOF'
// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "ExtractInstructions",
    platforms: [.macOS(.v15)],
    targets: [
        .target(name: "CivilTime"), .target(name: "FeedParsing", dependencies: ["CivilTime"]),
        .target(name: "ArticleExtraction", dependencies: ["FeedParsing"]),
        .executableTarget(name: "Bench", dependencies: ["ArticleExtraction", "FeedParsing"]),
    ],
    swiftLanguageModes: [.v6]
)
EOF
  cat > "$work/Sources/Bench/main.swift" <<'EOF'
import ArticleExtraction
import FeedParsing
import Foundation

// Bench MODE DIR PASSES: MODE extract | sanitize. Prints pages, bytes and a checksum of the output.
let arguments = CommandLine.arguments
let (mode, folder, passes) = (arguments[1], arguments[2], Int(arguments[3]) ?? 1)
let pages: [[UInt8]] = ((try? FileManager.default.subpathsOfDirectory(atPath: folder)) ?? []).sorted()
    .filter { $0.hasSuffix(".html") && !$0.hasSuffix("expected.html") }
    .compactMap { try? [UInt8](Data(contentsOf: URL(fileURLWithPath: folder).appendingPathComponent($0))) }
let extractor = ArticleExtractor()
let sanitizer = HTMLSanitizer()
let base = URL(string: "https://example.com/page")!
var checksum = 0
for _ in 0..<passes {
    for page in pages {
        switch mode {
        case "extract":
            checksum &+= extractor.extract(html: page, url: base).text.utf8.count
        default:
            checksum &+= sanitizer.sanitize(String(decoding: page, as: UTF8.self), base: base).utf8.count
        }
    }
}
print(pages.count, pages.reduce(0) { $0 + $1.count }, checksum)
EOF
  (cd "$work" && swift build -c release --product Bench 2>&1 | grep -E "error|warning: .*Sources/" || true)
}

# Instructions per byte of one mode with one build; sets $ipb, $pages and $bytes.
measure() {
  local bench="$root/$1/.build/release/Bench" counts=() passes
  for passes in 0 1; do
    counts+=("$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bench" "$2" "$dir" $passes 2>&1 \
      | awk '/Collected/ { print $4 }')")
  done
  read -r pages bytes _ < <("$bench" "$2" "$dir" 1)
  ipb=$(awk -v a="${counts[0]}" -v b="${counts[1]}" -v n="$bytes" 'BEGIN { printf "%.1f", (b - a) / n }')
}

names=()
for index in "${!revisions[@]}"; do
  name="rev$index"
  build "$name" "${revisions[$index]}"
  names+=("$name")
done

echo "ArticleExtractor, instructions per byte (callgrind), pages: $dir"
echo
echo "| revision | pages | extraction | sanitizer alone | ratio |"
echo "|---|---|---|---|---|"
for index in "${!revisions[@]}"; do
  rev=${revisions[$index]}
  label=$rev
  [ "$rev" = working-tree ] && label="$(git rev-parse --short HEAD)$(git diff --quiet -- Sources/FeedParsing Sources/CivilTime Sources/ArticleExtraction || echo ' + working tree')"
  measure "${names[$index]}" extract; extract=$ipb
  measure "${names[$index]}" sanitize; sanitize=$ipb
  printf '| %s | %s, %s bytes | %s | %s | %s |\n' "$label" "$pages" "$bytes" "$extract" "$sanitize" \
    "$(awk -v a="$extract" -v b="$sanitize" 'BEGIN { printf "%.2f", a / b }')"
done
