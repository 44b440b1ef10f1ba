# Sourced by the serving benchmarks: makes sure wrk is there and defines `run`, which prints
# "req/s p99_ms" for `wrk -t2 -c64 -d$duration --latency ARGS…` (needs $duration set), and
# `summarize`, which reads any `wrk --latency` output and prints "req/s p99_ms requests".
if ! command -v wrk >/dev/null; then
  echo "bench: installing wrk" >&2
  apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >&2
fi

summarize() { # reads `wrk --latency` output, prints "req/s p99_ms requests"
  awk '
    / requests in / { requests = $1 }
    /Requests\/sec/ { rps = $2 }
    /^ +99%/ { v = $2; if (v ~ /us$/) { sub(/us$/, "", v); v /= 1000 } else if (v ~ /ms$/) { sub(/ms$/, "", v) } else if (v ~ /s$/) { sub(/s$/, "", v); v *= 1000 }; p99 = v }
    /Non-2xx/ { bad = $NF }
    END { if (bad) { print "non-2xx responses: " bad > "/dev/stderr" }; printf "%s %.2f %d\n", rps, p99, requests }'
}

run() { # prints "req/s p99_ms"
  wrk -t2 -c64 -d"$duration" --latency "$@" | summarize | cut -d' ' -f1,2
}
