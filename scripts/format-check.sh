#!/usr/bin/env bash
# Fails when any Swift file differs from `swift format` with the repo's .swift-format.
# Fix with: swift format --in-place --recursive Sources Tests Plugins Package.swift Fuzz/Package.swift Fuzz/Sources
set -euo pipefail
cd "$(dirname "$0")/.."
swift format lint --strict --recursive Sources Tests Plugins Package.swift Fuzz/Package.swift Fuzz/Sources
