#!/usr/bin/env bash
# Fuzzes a running Tidings server against its OpenAPI document with schemathesis.
#
#   scripts/schemathesis.sh BASE_URL API_KEY [SPEC_PATH]
#
# BASE_URL: e.g. http://127.0.0.1:8311 (loopback only; writes really happen, so use a scratch database).
# API_KEY: a live key from `tidings keys create`, sent as `Authorization: Bearer API_KEY`.
# SPEC_PATH: the OpenAPI file (default: Sources/TidingsServer/Resources/openapi.yaml in this repo).
# Exits non-zero when schemathesis finds any failure.
set -euo pipefail

if [[ $# -lt 2 || $# -gt 3 ]]; then
  echo "usage: $0 BASE_URL API_KEY [SPEC_PATH]" >&2
  exit 2
fi
base_url=$1
api_key=$2
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
spec=${3:-$repo/Sources/TidingsServer/Resources/openapi.yaml}
version=4.32.5   # the schemathesis release this script's flags were checked against

# Install schemathesis when neither of its commands is on PATH.
if command -v schemathesis >/dev/null 2>&1; then
  st=schemathesis
elif command -v st >/dev/null 2>&1; then
  st=st
else
  python3 -m pip install --quiet "schemathesis==$version" >&2
  st=schemathesis
fi

# Positive and negative cases for every operation, in all phases (examples, coverage, fuzzing,
# stateful), bounded by --max-examples and --max-time; a fixed seed makes runs repeatable.
# The checks: no 5xx, documented status codes, documented content types, bodies match the schemas.
exec "$st" run "$spec" \
  --url "$base_url" \
  --header "Authorization: Bearer $api_key" \
  --checks not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance \
  --max-examples 30 \
  --max-time 150 \
  --seed 20261121 \
  --workers 2 \
  --request-timeout 10 \
  --generation-database none \
  --no-color
