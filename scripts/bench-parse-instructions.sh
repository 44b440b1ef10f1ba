#!/usr/bin/env bash
# Instructions per byte of FeedParser beside the references issue 14 measures it against, counted
# with valgrind (callgrind), which does not drift with this host's speed the way wall time does:
#   - the XML files of DIR (default: the real corpus) against a bare FoundationXML XMLParser pass
#     that builds nothing;
#   - generated content-heavy RSS feeds (the `tidings bench parse` shape) of 1,000, 10,000 and
#     100,000 items, against the same bare pass;
#   - the JSON files of DIR against JSONSerialization alone;
#   - hostile documents (an entity bomb, 100,000-deep nesting, an attribute flood, a 1 MB
#     reference run), FeedParser only.
# Each figure is (instructions for two passes - instructions for none) / 2 / bytes, so start-up
# and reading the files are left out. Builds FeedParsing with a small bench main, in release,
# outside the repository ($TMPDIR). Takes about 10 minutes (the 100,000-item feed under valgrind).
# WRITE_DOCUMENTS=DIR writes the hostile documents and a 10,000-item feed to DIR instead, to
# compare two revisions on them with scripts/bench-parse-ab.sh (MEMORY=1 adds peak memory).
# Usage: [WRITE_DOCUMENTS=DIR] scripts/bench-parse-instructions.sh [DIR] [ENTRIES...]
set -euo pipefail
cd "$(dirname "$0")/.."
dir=$(realpath "${1:-../shared/corpus/real}")
shift || true
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(1000 10000 100000)
work=${IPB_WORK:-${TMPDIR:-/tmp}/tidings-parse-ipb-$(id -u)}
mkdir -p "$work/Sources/Bench"
rm -rf "$work/Sources/FeedParsing" "$work/Sources/CivilTime"
cp -R Sources/FeedParsing "$work/Sources/FeedParsing"
cp -R Sources/CivilTime "$work/Sources/CivilTime"
cp Sources/tidings/Bench/BenchFeed.swift "$work/Sources/Bench/BenchFeed.swift"
cat > "$work/Package.swift" <<'EOF'
// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "ParseInstructions",
    platforms: [.macOS(.v15)],
    targets: [
        .target(name: "CivilTime"), .target(name: "FeedParsing", dependencies: ["CivilTime"]),
        .executableTarget(name: "Bench", dependencies: ["FeedParsing"]),
    ],
    swiftLanguageModes: [.v6]
)
EOF
cat > "$work/Sources/Bench/main.swift" <<'EOF'
import FeedParsing
import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

final class ItemCounter: NSObject, XMLParserDelegate {
    var items = 0
    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        if elementName == "item" || elementName == "entry" { items += 1 }
    }
}

func files(_ folder: String, json: Bool) -> [[UInt8]] {
    let url = URL(fileURLWithPath: folder)
    let xml = [".xml", ".rss", ".atom", ".rdf"]
    return (try? FileManager.default.subpathsOfDirectory(atPath: folder))?.sorted()
        .filter { path in json ? path.hasSuffix(".json") : xml.contains { path.hasSuffix($0) } }
        .compactMap { try? [UInt8](Data(contentsOf: url.appendingPathComponent($0))) } ?? []
}

func hostile(_ name: String) -> [UInt8] {
    let item = "<item><title>t</title></item>"
    switch name {
    case "entity-bomb":
        var dtd = "<!DOCTYPE rss [<!ENTITY a0 \"lol\">"
        for level in 1...10 { dtd += "<!ENTITY a\(level) \"" + String(repeating: "&a\(level - 1);", count: 10) + "\">" }
        let body = String(repeating: "<item><title>&a10;</title><description>&a10;</description></item>", count: 2000)
        return Array((dtd + "]><rss><channel>" + body + "</channel></rss>").utf8)
    case "deep-nesting":
        return Array(("<rss><channel>" + item + String(repeating: "<x>", count: 100_000) + "</channel></rss>").utf8)
    case "attribute-flood":
        let attributes = (0..<400_000).map { " a\($0)=\"v\"" }.joined()
        return Array(("<rss><channel><item" + attributes + "><title>t</title></item></channel></rss>").utf8)
    default:  // reference-run
        let text = String(repeating: "&amp;&#8217;&rsquo;&nosuch;", count: 40_000)
        return Array(("<rss><channel><item><description>" + text + "</description></item></channel></rss>").utf8)
    }
}

// Bench MODE SOURCE PASSES: MODE feed | bare | jsonserialization; SOURCE xml:DIR | json:DIR | generated:N | hostile:NAME
// Bench write DIR: the hostile documents and a generated 10,000-item feed as files, for bench-parse-ab.sh.
let arguments = CommandLine.arguments
if arguments[1] == "write" {
    for name in ["entity-bomb", "deep-nesting", "attribute-flood", "reference-run"] {
        try Data(hostile(name)).write(to: URL(fileURLWithPath: arguments[2] + "/hostile-" + name + ".xml"))
    }
    try Data(BenchFeed.generated(entries: 10_000)).write(to: URL(fileURLWithPath: arguments[2] + "/generated-10000.xml"))
    exit(0)
}
let (mode, source, passes) = (arguments[1], arguments[2], Int(arguments[3]) ?? 1)
let documents: [[UInt8]] =
    if source.hasPrefix("generated:") {
        [BenchFeed.generated(entries: Int(source.dropFirst(10))!)]
    } else if source.hasPrefix("hostile:") {
        [hostile(String(source.dropFirst(8)))]
    } else {
        files(String(source.drop { $0 != ":" }.dropFirst()), json: source.hasPrefix("json:"))
    }
// Caps raised so that the 100,000-item feed is read whole (by default entries after the 50,000th
// are skipped, which would make it look cheaper per byte).
var options = FeedParser.Options()
options.maxDocumentBytes = 1 << 30
options.maxEntries = 1 << 30
let parser = FeedParser(options: options)
var entries = 0
for _ in 0..<passes {
    for document in documents {
        switch mode {
        case "feed":
            entries += (try? parser.parse(document))?.entries.count ?? 0
        case "bare":
            let data = Data(document)
            let xml = data.count < 8 << 20 ? XMLParser(data: data) : XMLParser(stream: InputStream(data: data))
            let counter = ItemCounter()
            xml.delegate = counter
            _ = xml.parse()
            entries += counter.items
        default:
            let object = try? JSONSerialization.jsonObject(with: Data(document))
            entries += ((object as? [String: Any])?["items"] as? [Any])?.count ?? 0
        }
    }
}
print(documents.count, documents.reduce(0) { $0 + $1.count }, entries)
EOF
(cd "$work" && swift build -c release --product Bench 2>&1 | grep -E "error|warning: .*Sources/FeedParsing" || true)
bench="$work/.build/release/Bench"
if [ -n "${WRITE_DOCUMENTS:-}" ]; then
  mkdir -p "$WRITE_DOCUMENTS" && "$bench" write "$(realpath "$WRITE_DOCUMENTS")"
  echo "wrote the hostile documents and a generated 10,000-item feed to $WRITE_DOCUMENTS"
  exit 0
fi

# Instructions per byte of one mode over one source; sets $ipb and $bytes.
measure() {
  local counts=() passes
  for passes in 0 2; do
    counts+=("$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bench" "$1" "$2" $passes 2>&1 \
      | awk '/Collected/ { print $4 }')")
  done
  read -r files bytes entries < <("$bench" "$1" "$2" 1)
  ipb=$(awk -v a="${counts[0]}" -v b="${counts[1]}" -v n="$bytes" 'BEGIN { printf "%.1f", (b - a) / 2 / n }')
}

row() {  # label, ours source, reference mode
  measure feed "$2"; local ours=$ipb count=$entries
  if [ -n "${3:-}" ]; then
    measure "$3" "$2"
    printf '| %s | %s bytes, %s entries | %s | %s | %s |\n' "$1" "$bytes" "$count" "$ours" "$ipb" \
      "$(awk -v a="$ours" -v b="$ipb" 'BEGIN { printf "%.2f", a / b }')"
  else
    printf '| %s | %s bytes, %s entries | %s | | |\n' "$1" "$bytes" "$count" "$ours"
  fi
}

echo "FeedParsing at $(git rev-parse --short HEAD)$(git diff --quiet -- Sources/FeedParsing Sources/CivilTime || echo ' + working tree'), instructions per byte (callgrind)"
echo
echo "| documents | size | FeedParser | reference | ratio |"
echo "|---|---|---|---|---|"
row "real corpus, XML files (reference: bare XMLParser pass)" "xml:$dir" bare
for entries in "${sizes[@]}"; do
  row "generated, $entries items (reference: bare XMLParser pass)" "generated:$entries" bare
done
row "real corpus, JSON files (reference: JSONSerialization alone)" "json:$dir" jsonserialization
for name in entity-bomb deep-nesting attribute-flood reference-run; do
  row "hostile: $name" "hostile:$name"
done
