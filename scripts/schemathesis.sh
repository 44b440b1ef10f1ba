#!/usr/bin/env bash
# Fuzzes a running Tidings server against its OpenAPI document with schemathesis.
#
#   scripts/schemathesis.sh BASE_URL API_KEY [SPEC_PATH [EXTRA_SCHEMATHESIS_ARGS...]]
#   scripts/schemathesis.sh --install       (only installs the pinned release when none is there)
#
# BASE_URL: e.g. http://127.0.0.1:8311 (loopback only; writes really happen, so use a scratch database).
# API_KEY: a live key from `tidings keys create`, sent as `Authorization: Bearer API_KEY`.
# SPEC_PATH: the OpenAPI file (default: Sources/TidingsServer/Resources/openapi.yaml in this repo).
# Exits non-zero when schemathesis finds any failure.
set -euo pipefail

if [[ $# -lt 2 && ${1:-} != --install ]]; then
  echo "usage: $0 BASE_URL API_KEY [SPEC_PATH [EXTRA_SCHEMATHESIS_ARGS...]]" >&2
  exit 2
fi
version=4.32.5   # the schemathesis release this script's flags and config were checked against

# Use an installed schemathesis 4.x (as `schemathesis` or `st`); otherwise install the pinned release.
st=
for cmd in schemathesis st; do
  if [[ $("$cmd" --version 2>/dev/null || true) == "$cmd, version 4."* ]]; then st=$cmd; break; fi
done
if [[ -z $st ]]; then
  python3 -m pip install --quiet "schemathesis==$version" >&2
  st=schemathesis
fi
[[ $1 == --install ]] && exit 0

base_url=$1
api_key=$2
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
spec=${3:-$repo/Sources/TidingsServer/Resources/openapi.yaml}
shift $(( $# < 3 ? $# : 3 ))   # what is left is passed on to `schemathesis run`

# Positive and negative cases for every operation, in all phases (examples, coverage, fuzzing,
# stateful), bounded by --max-examples (about 40 s on 2 cores); a fixed seed makes runs repeatable.
# The checks: no 5xx, documented status codes, documented content types, bodies match the schemas;
# scripts/schemathesis.toml holds the per-operation exceptions (the image proxy's documented 502).
# One worker: concurrent workers can crash Hypothesis inside ast.parse on CPython 3.11.7 and older.
exec "$st" --config-file "$repo/scripts/schemathesis.toml" run "$spec" \
  --url "$base_url" \
  --header "Authorization: Bearer $api_key" \
  --checks not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance \
  --max-examples 100 \
  --seed 20261121 \
  --workers 1 \
  --request-timeout 10 \
  --generation-database none \
  --no-color \
  "$@"
