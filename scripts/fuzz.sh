#!/usr/bin/env bash
# Coverage-guided fuzzing with libFuzzer of what Tidings reads from outside (docs/testing.md,
# "Fuzzing"). Builds the Fuzz/ package with `--sanitize=fuzzer` (its own scratch path, Fuzz/.build),
# replays every reproducer in Fuzz/Crashes/, then runs each target for FUZZ_SECONDS on a copy of its
# seeds in Fuzz/Corpus/ (plus ../shared/corpus for the feed parser, where it exists), FUZZ_JOBS at
# a time. Prints executions per second and coverage per target. Fails when a target crashes, hangs
# (-timeout) or runs out of memory, naming the reproducer; crashes in a target whose reproducer is
# listed in Fuzz/Crashes/OPEN (found, reported, not fixed yet) are reported and do not fail.
#
#   scripts/fuzz.sh [TARGET...]     FUZZ_SECONDS=30 FUZZ_JOBS=2 FUZZ_CONFIG=release by default;
#                                   FUZZ_ARGS adds libFuzzer flags to every run
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${FUZZ_SECONDS:-30}
jobs=${FUZZ_JOBS:-2}
config=${FUZZ_CONFIG:-release}
all=(FeedParserFuzzer HTMLSanitizerFuzzer ArticleExtractionFuzzer FeedDateFuzzer OPMLFuzzer PartnerJSONFuzzer EventsFuzzer)
targets=("${@:-${all[@]}}")
# libFuzzer must see the signal of a crash to save the input; Swift's backtracer would take it first.
export SWIFT_BACKTRACE=enable=no

# Per target: the longest input and the dictionary. 8 KB holds a feed with structure; in a 30 s run it
# reached more coverage than 32 KB (four times the executions). A date is a line. FUZZ_ARGS (say
# "-max_len=65536") comes after these, and libFuzzer takes the last value of a flag.
options() {
  case $1 in
    FeedParserFuzzer) echo "-max_len=8192 -dict=Fuzz/Dictionaries/feed.dict" ;;
    HTMLSanitizerFuzzer) echo "-max_len=8192 -dict=Fuzz/Dictionaries/html.dict" ;;
    ArticleExtractionFuzzer) echo "-max_len=16384 -dict=Fuzz/Dictionaries/html.dict" ;;
    FeedDateFuzzer) echo "-max_len=128 -dict=Fuzz/Dictionaries/date.dict" ;;
    OPMLFuzzer) echo "-max_len=8192 -dict=Fuzz/Dictionaries/opml.dict" ;;
    PartnerJSONFuzzer) echo "-max_len=8192 -dict=Fuzz/Dictionaries/partner.dict" ;;
    EventsFuzzer) echo "-max_len=8192 -dict=Fuzz/Dictionaries/events.dict" ;;
    *) echo "fuzz: unknown target $1 (known: ${all[*]})" >&2 && return 1 ;;
  esac
}
common=(-timeout=10 -rss_limit_mb=2048 -print_final_stats=1)
for target in "${targets[@]}"; do options "$target" >/dev/null; done

started=$SECONDS
work=$(mktemp -d -t tidings-fuzz.XXXXXX)
echo "fuzz: working in $work"
if ! swift build --package-path Fuzz --scratch-path Fuzz/.build -c "$config" --sanitize=fuzzer --disable-dead-strip \
  >"$work/build.log" 2>&1; then
  grep -E "error:" "$work/build.log" >&2 || tail -20 "$work/build.log" >&2
  echo "fuzz: the build failed (Swift's Linux toolchains ship libFuzzer as libclang_rt.fuzzer)" >&2
  exit 1
fi
grep -E "^/.*warning:" "$work/build.log" || true
bin=Fuzz/.build/$config
echo "fuzz: built in $((SECONDS - started)) s ($config)"
failed=0

# Replays: each committed reproducer runs once. One that is listed in OPEN and still crashes marks
# its target as known to crash; one that crashes without being listed is a regression.
declare -A open_target=()
open_list=Fuzz/Crashes/OPEN
for target in "${targets[@]}"; do
  for input in Fuzz/Crashes/"$target"/*; do
    [[ -f $input ]] || continue
    listed=no
    [[ -f $open_list ]] && grep -q "^${input#Fuzz/Crashes/}\b" "$open_list" && listed=yes
    if "$bin/$target" "${common[@]}" "$input" >"$work/replay.log" 2>&1; then
      [[ $listed == yes ]] && echo "fuzz: $input no longer crashes: fixed? Remove it from $open_list"
      echo "fuzz: replayed $input: passes"
    elif [[ $listed == yes ]]; then
      echo "fuzz: replayed $input: still crashes (open, listed in $open_list)"
      open_target[$target]=1
    else
      echo "fuzz: REGRESSION: $input crashes again:" >&2
      grep -E "ERROR|Fatal error|fuzz:|#[0-9]+ .* in .*/Sources/" "$work/replay.log" | head -8 >&2
      failed=1
    fi
  done
done

run() {
  local target=$1 corpus=$work/$1/corpus extra=() mode=()
  mkdir -p "$corpus" "$work/$target/artifacts"
  cp -R Fuzz/Corpus/"$target"/. "$corpus"/
  [[ $target == FeedParserFuzzer && -d ../shared/corpus ]] && extra=(../shared/corpus)
  # A target with an open crash would stop at it within seconds: fork mode goes on past crashes.
  [[ -n ${open_target[$target]:-} ]] && mode=(-fork=1 -ignore_crashes=1)
  # shellcheck disable=SC2046,SC2086  # options are words
  "$bin/$target" "${common[@]}" "${mode[@]}" $(options "$target") ${FUZZ_ARGS:-} -max_total_time="$seconds" \
    -artifact_prefix="$work/$target/artifacts/" "$corpus" "${extra[@]}" >"$work/$target/log" 2>&1
}

echo "fuzz: ${#targets[@]} targets, $seconds s each, $jobs at a time"
running=0
for target in "${targets[@]}"; do
  run "$target" &
  if ((++running >= jobs)); then
    wait -n || true
    running=$((running - 1))
  fi
done
while ((running > 0)); do
  wait -n || true
  running=$((running - 1))
done

# Where a crash happened, from the replayed input: the file and line of a Swift fatal error (a broken
# property, a trap), else the first frame in our code or in Foundation.
site() {
  local log
  log=$("$bin/$1" -timeout=10 "$2" 2>&1 || true)
  grep -aoE "[A-Za-z+/]+\.swift:[0-9]+: Fatal error: .{0,60}" <<<"$log" | head -1 | grep . ||
    grep -aE "^ *#[0-9]+ 0x" <<<"$log" | grep -vE "libFuzzer|fuzzer::|__sanitizer|libc\.so" |
    grep -oE "(Sources/[^ ]*|_NSXMLParser[A-Za-z]+|strlen)" | head -1
}

printf '\n%-20s %9s %9s %6s %7s %s\n' target runs "execs/s" cov ft result
for target in "${targets[@]}"; do
  log=$work/$target/log
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  if [[ -z $runs ]]; then # fork mode prints no final stats; its progress lines count every run
    runs=$(grep -oE "^#[0-9]+: cov" "$log" | tail -1 | tr -dc 0-9)
    [[ -n $runs ]] && speed=$((runs / seconds))
  fi
  read -r cov ft < <(grep -oE "cov: [0-9]+ ft: [0-9]+" "$log" | tail -1 | awk '{print $2, $4}') || true
  crashes=$(find "$work/$target/artifacts" -type f -name 'crash-*' | sort)
  others=$(find "$work/$target/artifacts" -type f ! -name 'crash-*' | sort)
  finished=$(grep -cE "DONE|fuzzed for [0-9]+ seconds" "$log" || true)
  if [[ -z $crashes$others && $finished -gt 0 ]]; then
    result=ok
  elif [[ -z $others && -n ${open_target[$target]:-} && $finished -gt 0 ]]; then
    result="$(wc -l <<<"$crashes") crashes, open in $open_list"
  else
    result=FAILED
    failed=1
  fi
  printf '%-20s %9s %9s %6s %7s %s\n' "$target" "${runs:--}" "${speed:--}" "${cov:--}" "${ft:--}" "$result"
  [[ $result == ok ]] && continue
  if [[ -n ${open_target[$target]:-} && -n $crashes ]]; then
    echo "    where (distinct):"
    for c in $crashes; do site "$target" "$c"; done | sort | uniq -c | sed 's/^ */      /' 
  fi
  for artifact in $others $crashes; do
    [[ $result == FAILED ]] || break
    echo "    reproducer: $artifact ($(wc -c <"$artifact") bytes), in $(site "$target" "$artifact")"
    echo "    replay: $bin/$target $artifact; minimise: add -minimize_crash=1 -runs=20000"
  done
  if [[ $result == FAILED && -z $crashes$others ]]; then
    grep -E "ERROR|Fatal error|fuzz: " "$log" | head -5 | sed 's/^/    /'
    echo "    no reproducer; the log: $log"
  fi
done
echo "fuzz: done in $((SECONDS - started)) s"
((failed == 0)) || echo "fuzz: FAILED: a new crash, hang, out-of-memory or regression (above)" >&2
exit $failed
