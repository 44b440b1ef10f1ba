# Sourced by the serving benchmarks once the demo server answers at $base.
# The demo's sources are files the poller reads at start, one after another: waits until each of
# the given pages has its cards (a page read before its source was holds none for the caches' 5 s).
# CARDS_WAIT_TRIES (default 100, 0.2 s apart) bounds the wait: a server under valgrind needs more.
wait_for_cards() { # PAGE…
  local page cards
  for page in "$@"; do
    cards=0
    for _ in $(seq 1 "${CARDS_WAIT_TRIES:-100}"); do
      cards=$(curl -s "$base$page" | grep -c '<li class="item[ "]' || true)
      [ "$cards" -ge 5 ] && break
      sleep 0.2
    done
    [ "$cards" -ge 5 ] || { echo "bench: expected cards on $page, got $cards" >&2; exit 1; }
  done
}
