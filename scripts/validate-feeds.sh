#!/usr/bin/env bash
# Checks feed and OPML files as a reader and the specifications see them, independently of our Swift
# code: feedparser (the Python Universal Feed Parser) must read RSS and Atom with no error and detect
# the right version; the rules below check what RSS 2.0 (with the RSS Advisory Board profile),
# Atom 1.0 (RFC 4287) and OPML 2.0 require; JSON Feed 1.1 is checked against a JSON Schema written
# from https://www.jsonfeed.org/version/1.1/ with jsonschema.
#
#   scripts/validate-feeds.sh FILE...     (the format is read from the content, not the name)
#
# Installs its Python packages into .build/feed-validators (a venv) on first use. Exits non-zero
# when any file has an error; prints one line per file, and one per problem.
set -euo pipefail

if [[ $# -lt 1 ]]; then
  echo "usage: $0 FILE..." >&2
  exit 2
fi
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
venv=$repo/.build/feed-validators
if [[ ! -x $venv/bin/python ]] || ! "$venv/bin/python" -c "import feedparser, jsonschema, rfc3339_validator" 2>/dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet "feedparser==6.0.14" "jsonschema[format-nongpl]==4.26.0" >&2
fi

exec "$venv/bin/python" - "$@" <<'PYTHON'
import email.utils, json, re, sys
import xml.etree.ElementTree as ET
import feedparser, jsonschema

ATOM = "{http://www.w3.org/2005/Atom}"
RFC822 = re.compile(r"^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} "
                    r"\d{2}:\d{2}:\d{2} (\+0000|GMT|[+-]\d{4})$")
RFC3339 = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$")
IRI = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:[^\s<>\"]+$")
MEDIA_TYPE = re.compile(r"^[\w.+-]+/[\w.+-]+$")

URI = {"type": "string", "format": "uri"}
AUTHORS = {"type": "array", "items": {"type": "object", "minProperties": 1, "properties": {
    "name": {"type": "string"}, "url": URI, "avatar": URI}}}
JSON_FEED = {
    "type": "object", "required": ["version", "title", "items"],
    "properties": {
        "version": {"const": "https://jsonfeed.org/version/1.1"}, "title": {"type": "string"},
        "home_page_url": URI, "feed_url": URI, "description": {"type": "string"}, "next_url": URI,
        "icon": URI, "favicon": URI, "authors": AUTHORS, "language": {"type": "string"},
        "expired": {"type": "boolean"},
        "items": {"type": "array", "items": {
            "type": "object", "required": ["id"],
            "anyOf": [{"required": ["content_html"]}, {"required": ["content_text"]}],
            "properties": {
                "id": {"type": "string"}, "url": URI, "external_url": URI, "title": {"type": "string"},
                "content_html": {"type": "string"}, "content_text": {"type": "string"},
                "summary": {"type": "string"}, "image": URI, "banner_image": URI,
                "date_published": {"type": "string", "format": "date-time"},
                "date_modified": {"type": "string", "format": "date-time"},
                "authors": AUTHORS, "tags": {"type": "array", "items": {"type": "string"}},
                "language": {"type": "string"}}}}}}


def text(element, path):
    found = element.find(path)
    return None if found is None else (found.text or "")


def check_rss(root, problems):
    channel = root.find("channel")
    if root.get("version") != "2.0" or channel is None:
        return problems.append("not RSS 2.0: no version=\"2.0\" or no channel")
    for name in ("title", "link", "description"):
        if not text(channel, name):
            problems.append(f"channel: missing or empty <{name}>")
    if not any(link.get("rel") == "self" for link in channel.findall(ATOM + "link")):
        problems.append("channel: no atom:link rel=\"self\"")
    dates = [("channel", text(channel, "lastBuildDate")), ("channel", text(channel, "pubDate"))]
    for index, item in enumerate(channel.findall("item")):
        where = f"item {index}"
        if text(item, "title") is None and text(item, "description") is None:
            problems.append(f"{where}: neither <title> nor <description>")
        guid = item.find("guid")
        if guid is not None:
            permalink = guid.get("isPermaLink", "true")
            if permalink not in ("true", "false"):
                problems.append(f"{where}: isPermaLink is {permalink!r}")
            elif permalink == "true" and not re.match(r"^https?://", guid.text or ""):
                problems.append(f"{where}: permalink guid {guid.text!r} is not a web address")
        for enclosure in item.findall("enclosure"):
            if not enclosure.get("url") or not (enclosure.get("length") or "").isdigit() \
                    or not MEDIA_TYPE.match(enclosure.get("type") or ""):
                problems.append(f"{where}: enclosure needs url, a numeric length and a type: {enclosure.attrib}")
        dates.append((where, text(item, "pubDate")))
    for where, value in dates:
        if value is not None and not (RFC822.match(value) and email.utils.parsedate_tz(value)):
            problems.append(f"{where}: date {value!r} is not RFC 822 with a four-digit year")


def check_atom(root, problems):
    for name in ("id", "title", "updated"):
        if root.find(ATOM + name) is None:
            problems.append(f"feed: missing <{name}>")
    if not any(link.get("rel") == "self" for link in root.findall(ATOM + "link")):
        problems.append("feed: no link rel=\"self\"")
    feed_author = root.find(ATOM + "author/" + ATOM + "name") is not None
    ids = [("feed", text(root, ATOM + "id"))]
    dates = [("feed", text(root, ATOM + "updated"))]
    for index, entry in enumerate(root.findall(ATOM + "entry")):
        where = f"entry {index}"
        for name in ("id", "title", "updated"):
            if entry.find(ATOM + name) is None:
                problems.append(f"{where}: missing <{name}>")
        if not feed_author and entry.find(ATOM + "author/" + ATOM + "name") is None:
            problems.append(f"{where}: no author, and the feed has none")
        links = entry.findall(ATOM + "link")
        if entry.find(ATOM + "content") is None and not any(l.get("rel", "alternate") == "alternate" for l in links):
            problems.append(f"{where}: neither content nor an alternate link")
        for name in ("title", "summary", "content"):
            kind = entry.find(ATOM + name)
            if kind is not None and kind.get("type", "text") not in ("text", "html", "xhtml"):
                problems.append(f"{where}: <{name}> type {kind.get('type')!r}")
        ids.append((where, text(entry, ATOM + "id")))
        dates += [(where, text(entry, ATOM + "updated")), (where, text(entry, ATOM + "published"))]
    for where, value in ids:
        if value is not None and not IRI.match(value):
            problems.append(f"{where}: id {value!r} is not an absolute IRI")
    for where, value in dates:
        if value is not None and not RFC3339.match(value):
            problems.append(f"{where}: date {value!r} is not RFC 3339")


def check_opml(root, problems):
    if root.get("version") not in ("1.0", "1.1", "2.0"):
        problems.append(f"opml: version {root.get('version')!r}")
    created = text(root, "head/dateCreated")
    if created is not None and not (RFC822.match(created) and email.utils.parsedate_tz(created)):
        problems.append(f"head: dateCreated {created!r} is not RFC 822")
    if root.find("body") is None:
        problems.append("opml: no <body>")
    for outline in root.iter("outline"):
        if outline.get("text") is None:
            problems.append(f"outline without text: {outline.attrib}")
        if outline.get("type") == "rss" and not outline.get("xmlUrl"):
            problems.append(f"outline of type rss without xmlUrl: {outline.attrib}")


def check(path):
    data = open(path, "rb").read()
    problems = []
    if data.lstrip()[:1] == b"{":
        feed = json.loads(data)
        validator = jsonschema.Draft202012Validator(JSON_FEED, format_checker=jsonschema.FormatChecker())
        problems += [f"{'/'.join(map(str, e.absolute_path)) or 'feed'}: {e.message[:160]}" for e in validator.iter_errors(feed)]
        return "JSON Feed 1.1", problems
    root = ET.fromstring(data)
    if root.tag == "opml":
        check_opml(root, problems)
        return "OPML", problems
    parsed = feedparser.parse(data)
    if parsed.bozo:
        problems.append(f"feedparser: {parsed.bozo_exception}")
    if root.tag == "rss":
        check_rss(root, problems)
    elif root.tag == ATOM + "feed":
        check_atom(root, problems)
    else:
        problems.append(f"unknown root element {root.tag}")
    return f"feedparser version {parsed.version or '?'}", problems


failed = 0
for path in sys.argv[1:]:
    try:
        kind, problems = check(path)
    except Exception as error:  # unreadable file, malformed XML or JSON
        kind, problems = "unreadable", [f"{type(error).__name__}: {error}"]
    print(f"{'ok  ' if not problems else 'FAIL'} {path} ({kind})")
    for problem in problems:
        print(f"     {problem}")
    failed += bool(problems)
print(f"{len(sys.argv) - 1 - failed} passed, {failed} failed")
sys.exit(1 if failed else 0)
PYTHON
