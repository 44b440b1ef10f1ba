#!/usr/bin/env bash
# What an app that uses only TidingsKit pulls in: makes a consumer package in a temporary folder
# that depends on this repository the way an app does — with Getting Started's `.package(…)` line
# as the article writes it (by version, with `traits: []`, no Server trait), only its URL pointed at
# a copy of this tree, at the SDK's floor iOS 16 / macOS 13 — resolves it, counts the pins in its
# Package.resolved (target: at most 3 packages), and builds it, which compiles only TidingsKit and
# what it imports. A versioned dependency is what SwiftPM holds to its rules for dependencies (no
# unsafe flags in the product), which a path dependency is exempt from: the repository's working
# tree (tracked and new files) is committed to a scratch git repository and tagged with the version
# the line asks for.
# Exits 1 with the list when the count is over.
#   scripts/check-sdk-dependencies.sh [MAX]      (MAX defaults to 3)
set -euo pipefail
cd "$(dirname "$0")/.."
max=${1:-3}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
repo=$scratch/tidings
app=$scratch/app
mkdir -p "$repo"
git ls-files -z --cached --others --exclude-standard | while IFS= read -r -d '' file; do
  [ -e "$file" ] && cp --parents -P "$file" "$repo/"
done
git -C "$repo" init -q
git -C "$repo" add -A
git -C "$repo" -c user.name=check -c user.email=check@localhost commit -qm "working tree"
article=Sources/TidingsKit/TidingsKit.docc/GettingStarted.md
line=$(grep -m1 -o '\.package(url: "https://github.com/tidings/tidings.git".*),' "$article" || true)
version=$(printf '%s' "$line" | sed -n 's/.*from: "\([^"]*\)".*/\1/p')
[ -n "$version" ] || { echo "sdk: no .package(url: …, from: VERSION …) line in $article" >&2; exit 1; }
git -C "$repo" tag "$version"
dependency=${line/https:\/\/github.com\/tidings\/tidings.git/file://$repo}
dependency=${dependency%,}
mkdir -p "$app/Sources/App"
cat >"$app/Package.swift" <<SWIFT
// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "App",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [$dependency],
    targets: [.executableTarget(name: "App", dependencies: [.product(name: "TidingsKit", package: "tidings")])]
)
SWIFT
cat >"$app/Sources/App/main.swift" <<'SWIFT'
import Foundation
import TidingsKit

let client = TidingsClient(baseURL: URL(string: "http://127.0.0.1:8080")!)
let model = FeedScreenModel(loader: SectionLoader(client: client, brand: "courier", section: "news"))
print(type(of: model))
SWIFT
cd "$app"
swift package resolve >/dev/null 2>&1 || { echo "sdk: the consumer does not resolve" >&2; swift package resolve 2>&1 | tail -20 >&2; exit 1; }
pins=$(python3 -c 'import json,sys; print("\n".join(p["identity"] for p in json.load(open("Package.resolved"))["pins"]))' 2>/dev/null || true)
count=$(printf '%s' "$pins" | grep -c . || true)
echo "sdk: an app using only TidingsKit resolves $count package(s): $(echo $pins)"
if [ "$count" -gt "$max" ]; then
  echo "sdk: more than $max packages: the Server trait no longer gates everything else (Package.swift)" >&2
  exit 1
fi
started=$(date +%s)
swift build 2>&1 | grep -E 'error|warning: ' | grep -v 'unhandled; explicitly declare' || true
swift build >/dev/null 2>&1 || { echo "sdk: the consumer does not build" >&2; swift build 2>&1 | tail -20 >&2; exit 1; }
echo "sdk: the consumer builds (TidingsKit and what it imports only) in $(($(date +%s) - started)) s"
