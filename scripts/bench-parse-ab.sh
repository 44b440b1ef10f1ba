#!/usr/bin/env bash
# A/B parsing benchmark: FeedParsing at BASE (default: where this branch left main) against the
# working tree, compiled as two modules into one release binary and run alternately in one process
# over the XML files of DIR, so both see the same machine at the same moments (this host's speed
# drifts by up to 2x between minutes). Prints each side's median and the throughput ratio; with
# CALLGRIND=1 also the instructions each side executes for two passes (valgrind), which do not drift;
# with MEMORY=1 each side's peak resident memory parsing the files once, in a process of its own.
# Before timing, it checks that both sides give the same results (each document's ParsedFeed as
# JSON) on DIR and on the folders in SAME_DIRS, and exits 1 naming the documents that differ
# (DIFF_OUT=DIR writes both sides' JSON of each of them there). A change meant to change results
# (a new field) runs on with EXPECT_DIFFERENT=1 after naming them.
# Usage: [CALLGRIND=1] [MEMORY=1] scripts/bench-parse-ab.sh [BASE] [RUNS] [DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
base=${1:-$(git merge-base HEAD main)}
runs=${2:-21}
dir=$(realpath "${3:-../shared/corpus/real}")
work=${AB_WORK:-${TMPDIR:-/tmp}/tidings-parse-ab-$(id -u)}
mkdir -p "$work/Sources/Bench"
rm -rf "$work/Sources/FPBase" "$work/Sources/FPNew" "$work/Sources/CivilTime" "$work/base"
mkdir -p "$work/base"
git archive "$base" Sources/FeedParsing | tar -x -C "$work/base"
mv "$work/base/Sources/FeedParsing" "$work/Sources/FPBase"
cp -R Sources/FeedParsing "$work/Sources/FPNew"
# The date arithmetic both sides may import: the working tree's, one module for both (a base from
# before it existed does not import it).
cp -R Sources/CivilTime "$work/Sources/CivilTime"
cat > "$work/Package.swift" <<'EOF'
// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "ParseAB",
    platforms: [.macOS(.v15)],
    targets: [
        .target(name: "CivilTime"),
        .target(name: "FPBase", dependencies: ["CivilTime"]), .target(name: "FPNew", dependencies: ["CivilTime"]),
        .executableTarget(name: "Bench", dependencies: ["FPBase", "FPNew"]),
    ],
    swiftLanguageModes: [.v6]
)
EOF
cat > "$work/Sources/Bench/main.swift" <<'EOF'
import FPBase
import FPNew
import Foundation

// Bench ab DIR RUNS: alternate medians. Bench one base|new DIR PASSES: one side only (for callgrind).
let arguments = CommandLine.arguments
let folder = URL(fileURLWithPath: arguments[2])
let names = try FileManager.default.subpathsOfDirectory(atPath: folder.path).sorted()
    .filter { $0.hasSuffix(".xml") || $0.hasSuffix(".rss") || $0.hasSuffix(".atom") || $0.hasSuffix(".rdf") }
let documents = try names.map { [UInt8](try Data(contentsOf: folder.appendingPathComponent($0))) }
let bytes = documents.reduce(0) { $0 + $1.count }

func parseAll(new: Bool) -> Int {
    documents.reduce(0) {
        $0 + ((new ? (try? FPNew.FeedParser().parse($1))?.entries.count
            : (try? FPBase.FeedParser().parse($1))?.entries.count) ?? 0)
    }
}

if arguments[1] == "same" {
    // Both sides' results as JSON (sorted keys), document by document: a speed change must not
    // change what is parsed.
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    func json<Feed: Encodable>(_ parse: () throws -> Feed) -> String {
        do { return String(decoding: try encoder.encode(try parse()), as: UTF8.self) } catch { return "\(error)" }
    }
    var differing: [String] = []
    let out = ProcessInfo.processInfo.environment["DIFF_OUT"]
    for (name, document) in zip(names, documents) {
        let (base, new) = (json({ try FPBase.FeedParser().parse(document) }), json({ try FPNew.FeedParser().parse(document) }))
        guard base != new else { continue }
        differing.append(name)
        if let out {  // each side's JSON, to compare with diff
            let file = name.replacingOccurrences(of: "/", with: "_")
            try Data(base.utf8).write(to: URL(fileURLWithPath: "\(out)/\(file).base.json"))
            try Data(new.utf8).write(to: URL(fileURLWithPath: "\(out)/\(file).new.json"))
        }
    }
    print("outputs: \(documents.count - differing.count) of \(documents.count) documents identical"
        + (differing.isEmpty ? "" : "; different: " + differing.joined(separator: ", ")))
    exit(differing.isEmpty ? 0 : 1)
} else if arguments[1] == "one" {
    let new = arguments[3] == "new"
    var entries = 0
    for _ in 0..<(Int(arguments[4]) ?? 2) { entries += parseAll(new: new) }
    print(entries)
} else {
    var times: [[Double]] = [[], []]
    var entries = [0, 0]
    for run in 0..<(Int(arguments[3]) ?? 21) {
        for side in run % 2 == 0 ? [0, 1] : [1, 0] {
            let start = DispatchTime.now().uptimeNanoseconds
            entries[side] = parseAll(new: side == 1)
            times[side].append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
    }
    let medians = times.map { $0.sorted()[$0.count / 2] }
    print(String(format: "%d XML files, %.2f MB, %d runs alternating", documents.count, Double(bytes) / 1e6, times[0].count))
    for (side, name) in ["base", "new "].enumerated() {
        print(String(format: "%@: median %.1f ms, %.1f MB/s, %d entries", name, medians[side] * 1e3,
            Double(bytes) / medians[side] / 1e6, entries[side]))
    }
    print(String(format: "ratio new/base throughput: %.3f", medians[0] / medians[1]))
}
EOF
(cd "$work" && swift build -c release --product Bench 2>&1 | grep -E "error|warning: .*Sources/FP" || true)
echo "base $(git rev-parse --short "$base") against the working tree"
# The same results first (each document's ParsedFeed as JSON); SAME_DIRS adds folders to compare on.
for folder in "$dir" ${SAME_DIRS:-}; do
  "$work/.build/release/Bench" same "$folder" || [ "${EXPECT_DIFFERENT:-0}" = 1 ]
done
"$work/.build/release/Bench" ab "$dir" "$runs"
if [ "${CALLGRIND:-0}" = 1 ]; then
  for side in base new; do
    for passes in 0 2; do
      count=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$work/.build/release/Bench" one "$dir" $side $passes 2>&1 \
        | awk '/Collected/ { print $4 }')
      eval "${side}_$passes=$count"
    done
  done
  awk -v b0="$base_0" -v b2="$base_2" -v n0="$new_0" -v n2="$new_2" 'BEGIN {
    b = (b2 - b0) / 2; n = (n2 - n0) / 2
    printf "instructions per pass over the files: base %.0f, new %.0f (%+.2f%%)\n", b, n, 100 * (n - b) / b }'
fi
if [ "${MEMORY:-0}" = 1 ]; then
  for side in base new; do
    kilobytes=$( { /usr/bin/time -f %M "$work/.build/release/Bench" one "$dir" $side 1 >/dev/null; } 2>&1 | tail -1)
    echo "peak memory, $side, one pass: $((kilobytes / 1024)) MB"
  done
fi
