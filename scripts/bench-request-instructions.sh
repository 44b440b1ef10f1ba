#!/usr/bin/env bash
# Issue 41's serving yardstick that does not move with the host's speed: the instructions a request
# costs in user space, Tidings against the ceiling (scripts/bench/ceiling, a bare Hummingbird 2 app
# answering the very bytes and headers Tidings answered), both counted by valgrind's callgrind.
# req/s on a shared two-core host scatters by ±0.15 between runs (docs/benchmarks.md); these counts
# repeat to within ~1.5 % for every page once the store's threads are counted apart (below).
#
# Both servers run under callgrind with instrumentation off. For each page, plain and gzip, the
# script sends REQUESTS requests one after another on one keep-alive connection, opened before the
# first window (scripts/bench/keepalive_get.py), with instrumentation on, WINDOWS times, and keeps
# the smallest count a request. Each thread is counted on its own: the threads that ran SQLite's
# code are the store's, which an answer from cached values never reaches; what they did in a window
# is the process's background (the poller's claim every second: at full speed ~20 instructions a
# request, under callgrind, ~50× slower, ~15,000), shown in a column of its own and not in the
# ratio. A window still counts the rest of the background: a page rebuilt when its cached value
# went stale (the 5 s freshness runs out every few windows under callgrind) and the poller's own
# code; the smallest window is the one with the least of that, so windows are kept short. The
# kernel's share (the sockets) is not counted: it is the same bytes for both servers.
#
# Usage: scripts/bench-request-instructions.sh [REQUESTS] [WINDOWS]   (defaults 40, 6)
# PAGES="health web-section" measures only those (names as in scripts/bench-ceiling.sh).
# KEEP_PROFILES=DIR keeps each count's smallest window, a file a serving thread, as
# DIR/{tidings,ceiling}-PAGE-CODING.THREAD.callgrind (scripts/bench/callgrind-diff.py reads them:
# where Tidings spends more than the ceiling).
# BENCH_BINARY=PATH runs that `tidings` instead of building one (A/B).
# Valgrind: Debian bookworm's 3.19 cannot read this toolchain's debug information, so the script
# unpacks Debian trixie's valgrind 3.24 package into $TMPDIR/tidings-valgrind (checked against its
# SHA-256) unless VALGRIND=PATH names one; callgrind_control needs the system's valgrind package
# (installed from Debian packages if missing) for vgdb, which trixie's build cannot run on bookworm's
# C library. A small preloaded library works around valgrind writing to the signal mask that
# libdispatch passes to sigsuspend from read-only memory (every Swift `async` main crashes under
# valgrind without it).
set -euo pipefail
[ -z "${KEEP_PROFILES:-}" ] || KEEP_PROFILES=$(realpath -m "$KEEP_PROFILES")
cd "$(dirname "$0")/.."
requests=${1:-40}
windows=${2:-6}
port=8397
ceiling_port=8398
work=${TMPDIR:-/tmp}/tidings-valgrind
mkdir -p "$work"
[ -z "${KEEP_PROFILES:-}" ] || mkdir -p "$KEEP_PROFILES"

command -v vgdb >/dev/null || { apt-get install -y -qq valgrind >/dev/null || { echo "bench-request-instructions: needs valgrind (vgdb)" >&2; exit 1; }; }
if [ -n "${VALGRIND:-}" ]; then valgrind=$VALGRIND; else
  deb=valgrind_3.24.0-3_amd64.deb
  sum=0359e30820ccee7ee5c8d4c951ca276e3978b18f157d71bd77981de05b344907
  if [ ! -x "$work/root/usr/bin/valgrind" ]; then
    curl -sfL -o "$work/$deb" "http://deb.debian.org/debian/pool/main/v/valgrind/$deb"
    echo "$sum  $work/$deb" | sha256sum -c --quiet
    dpkg -x "$work/$deb" "$work/root"
  fi
  valgrind=$work/root/usr/bin/valgrind
  export VALGRIND_LIB=$work/root/usr/libexec/valgrind
fi
cat >"$work/sigsuspend.c" <<'EOF'
/* valgrind's rt_sigsuspend wrapper writes to the caller's mask; libdispatch passes one kept in
   read-only memory. Hand the kernel a copy. */
#define _GNU_SOURCE
#include <signal.h>
#include <sys/syscall.h>
#include <unistd.h>
int sigsuspend(const sigset_t *mask) { sigset_t copy = *mask; return syscall(SYS_rt_sigsuspend, &copy, 8); }
EOF
${CC:-cc} -O2 -shared -fPIC "$work/sigsuspend.c" -o "$work/sigsuspend.so"

source scripts/bench/binary.sh
ceiling_build=${TMPDIR:-/tmp}/tidings-ceiling
swift build -c release --package-path scripts/bench/ceiling --scratch-path "$ceiling_build" >&2
scratch=$(mktemp -d)
pids=()
trap 'kill "${pids[@]}" 2>/dev/null || true; rm -rf "$scratch"' EXIT

under_callgrind() { # NAME COMMAND… : starts it, waits until it listens, sets $pid (valgrind's own)
  local name=$1
  shift
  LD_PRELOAD=$work/sigsuspend.so "$valgrind" --tool=callgrind --instr-atstart=no --separate-threads=yes \
    --callgrind-out-file="$scratch/$name.%p" "$@" >"$scratch/$name.log" 2>&1 &
  pid=$!
  pids+=("$pid")
  for _ in $(seq 1 600); do grep -q "listening on" "$scratch/$name.log" && return; sleep 0.2; done
  echo "bench-request-instructions: $name did not start" >&2
  tail -20 "$scratch/$name.log" >&2
  exit 1
}

under_callgrind tidings "$binary" serve --port "$port" --database "sqlite:$scratch/bench.sqlite"
server=$pid
base="http://127.0.0.1:$port"
source scripts/bench/cards.sh
CARDS_WAIT_TRIES=1500 wait_for_cards /courier/news /grocery/news
bodies=$scratch/bodies
source scripts/bench/pages.sh
under_callgrind ceiling "$ceiling_build/release/Ceiling" "$ceiling_port" "$bodies"
ceiling=$pid

count() { # PID NAME URL PAGE CODING → "REQUEST DATABASE": instructions a request in the threads
  # that serve requests and in the store's threads, from the window where the former were fewest
  local pid=$1 name=$2 url=$3 page=$4 coding=$5 best="" best_database=0 header=() answer file cost serving database serving_files
  [ "$coding" = gzip ] && header=("Accept-Encoding: gzip")
  coproc client { python3 scripts/bench/keepalive_get.py "$url" "${header[@]}"; }
  # A round of requests; the client ends on an answer other than 200, and then so does the count.
  round() {
    echo "$requests" >&"${client[1]}" && read -r answer <&"${client[0]}" && [ "$answer" = done ] ||
      { echo "bench-request-instructions: $url: the client stopped" >&2; exit 1; }
  }
  round # warm: the page kept, the connection's path taken once
  for _ in $(seq 1 "$windows"); do
    callgrind_control -z "$pid" >/dev/null 2>&1
    callgrind_control -i on "$pid" >/dev/null 2>&1
    round
    callgrind_control -i off "$pid" >/dev/null 2>&1
    callgrind_control -d "$pid" >/dev/null 2>&1
    # One file a thread (--separate-threads). A thread that ran SQLite's code is one of the store's:
    # an answer kept or built from cached values never reaches it, and what it did in the window
    # is the process's background (the poller's claim every second, ~50× as heavy a request
    # under callgrind as at full speed).
    serving=0 database=0 serving_files=()
    for file in "$scratch/$name.$pid".*; do
      cost=$(awk '/^totals:/ { print $2 }' "$file")
      if grep -q '^c\?fn=.*sqlite3_' "$file"; then
        database=$((database + ${cost:-0}))
      else
        serving=$((serving + ${cost:-0}))
        serving_files+=("$file")
      fi
    done
    if [ -z "$best" ] || [ "$serving" -lt "$best" ]; then
      best=$serving best_database=$database
      if [ -n "${KEEP_PROFILES:-}" ]; then
        rm -f "$KEEP_PROFILES/$name-$page-$coding".*.callgrind
        for file in "${serving_files[@]}"; do mv "$file" "$KEEP_PROFILES/$name-$page-$coding.${file##*-}.callgrind"; done
      fi
    fi
    rm -f "$scratch/$name.$pid".*
  done
  exec {client[1]}>&-
  wait "$client_PID"
  echo "$((best / requests)) $((best_database / requests))"
}

echo "bench-request-instructions: $requests requests a window, the smallest of $windows windows" >&2
echo "| page | coding | bytes | Tidings instructions a request | Tidings' store threads meanwhile | ceiling | ratio |"
echo "|---|---|---|---|---|---|---|"
for variant in "${variants[@]}"; do
  read -r name coding <<<"$variant"
  read -r t database < <(count "$server" tidings "$base${paths[$name]}" "$name" "$coding") || exit 1
  read -r c _ < <(count "$ceiling" ceiling "http://127.0.0.1:$ceiling_port/$name-$coding" "$name" "$coding") || exit 1
  awk -v n="$name" -v k="$coding" -v b="$(wc -c <"$bodies/$name-$coding.body")" -v t="$t" -v d="$database" -v c="$c" \
    'BEGIN { printf "| %s | %s | %d | %d | %d | %d | %.3f |\n", n, k, b, t, d, c, t / c }'
done
