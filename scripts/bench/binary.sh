# Sourced by the serving benchmarks: sets $binary to the release `tidings`, built into
# .build-release, or to BENCH_BINARY=PATH when given (to compare two builds, A/B).
if [ -n "${BENCH_BINARY:-}" ]; then binary=$BENCH_BINARY; else
  swift build -c release --product tidings --scratch-path .build-release >&2
  binary=.build-release/release/tidings
fi
