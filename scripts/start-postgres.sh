#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster on 127.0.0.1 and prints the URL tests read from
# TIDINGS_TEST_POSTGRES_URL. Installs Debian's postgresql package when it is missing.
# PostgreSQL refuses to run as root, so the cluster runs as the `postgres` user.
# Usage: eval "$(scripts/start-postgres.sh [PORT])"    Stop: scripts/start-postgres.sh --stop [PORT]
set -euo pipefail
port=5433
stop=0
for arg in "$@"; do
  case "$arg" in
    --stop) stop=1 ;;
    *) port="$arg" ;;
  esac
done
data="/tmp/tidings-pg-$port"

bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
if [ "$stop" = 1 ]; then
  [ -n "$bindir" ] && [ -d "$data" ] && su postgres -c "$bindir/pg_ctl -D $data -m fast stop" >&2 || true
  exit 0
fi
if [ -z "$bindir" ] || [ ! -x "$bindir/initdb" ]; then
  echo "start-postgres: installing postgresql from Debian packages" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq postgresql >&2
  bindir=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
fi
if ! id postgres >/dev/null 2>&1; then useradd --system --create-home postgres; fi

if [ -f "$data/postmaster.pid" ] && su postgres -c "$bindir/pg_ctl -D $data status" >/dev/null 2>&1; then
  echo "start-postgres: reusing the cluster in $data" >&2
else
  rm -rf "$data"
  mkdir -p "$data"
  chown postgres "$data"
  su postgres -c "$bindir/initdb -D $data -A trust -U postgres --no-locale -E UTF8" >/dev/null
  # fsync off: a throwaway test cluster trades durability for speed.
  su postgres -c "$bindir/pg_ctl -D $data -l $data/server.log -w -o '-p $port -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200' start" >&2
fi
echo "export TIDINGS_TEST_POSTGRES_URL=postgres://postgres@127.0.0.1:$port/postgres?sslmode=disable"
