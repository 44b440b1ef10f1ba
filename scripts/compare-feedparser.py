#!/usr/bin/env python3
"""Compare `tidings parse` with Python's feedparser, field by field, over many feeds.

    scripts/compare-feedparser.py                 # corpus + the repository's fixtures
    scripts/compare-feedparser.py FILE_OR_DIR ... # only these

The first run makes a virtual environment under .build/feedparser-venv with feedparser from PyPI
(pinned below) and builds the `tidings` binary (`swift build --product tidings`). Both parsers
get the same base URL (https://feeds.example/NAME), so relative links resolve alike.

Writes a Markdown report (disagreements grouped by field, with counts and examples) to
.build/compare-feedparser/report.md and the raw list to disagreements.json beside it, and prints
the summary table. Each category of disagreement (a field and a kind) is "explained" when
EXPLAINED below names a bullet of docs/parsing.md ("Compared with feedparser") for it and that
bullet's anchor (`<a id="fp-…"></a>`) is there; the report lists the unexplained ones first.
Exit status 0 whatever the parsers disagree on — this is a measurement, not a test — unless
`--strict` is given and a category is unexplained.
"""

import argparse
import calendar
import collections
import datetime
import html
import json
import os
import re
import subprocess
import sys
import unicodedata
import xml.parsers.expat
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import quote, unquote, urljoin, urlsplit, urlunsplit

FEEDPARSER = "feedparser==6.0.14"
ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".build" / "feedparser-venv"
OUT = ROOT / ".build" / "compare-feedparser"
DEFAULT_INPUTS = [
    ROOT.parent / "shared" / "corpus" / "real",
    ROOT.parent / "shared" / "corpus" / "small",
    ROOT / "Tests" / "FeedParsingTests" / "Resources",
    ROOT / "Fuzz" / "Corpus" / "FeedParserFuzzer",
    ROOT / "Sources" / "TidingsRuntime" / "Demo" / "news",
]
SKIPPED_SUFFIXES = {".md", ".tsv", ".txt"}
EXAMPLES = 8
PARSING_DOC = ROOT / "docs" / "parsing.md"

# The categories docs/parsing.md explains: (field, kind) -> the anchor of its bullet. Generic
# kinds ("differ", "only tidings", "only feedparser") are never listed: a category is explained
# only once the comparison names what the difference is.
EXPLAINED = {
    ("entry.summary", "feedparser repeats the content as summary"): "fp-summary-content",
    ("entry.id", "feedparser resolved it as a relative URL"): "fp-ids",
    ("entry.id", "tidings made one (link)"): "fp-ids",
    ("entry.id", "tidings made one (hash)"): "fp-ids",
    ("entry.published/updated", "same instant, other role"): "fp-dc-date",
    ("entry.link", "feedparser has a non-http(s) link"): "fp-links",
    ("entry.link", "feedparser took the guid as link"): "fp-links",
    ("feed.link", "feedparser has a non-http(s) link"): "fp-links",
    ("feed.language", "feedparser keeps a POSIX locale's underscore"): "fp-language",
    ("entry.categories", "feedparser counts itunes:keywords as categories"): "fp-keywords",
    ("entry.categories", "feedparser leaves an entity escaped"): "fp-xml",
    ("entry.updated", "feedparser repeats the publication instant"): "fp-dc-date",
    ("entry.content", "feedparser makes a second summary the content"): "fp-summary-content",
    ("feed.title", "an undeclared entity: tidings keeps it as written"): "fp-xml",
    ("feed.link", "feedparser gives the feed's own address as its home page"): "fp-home-page",
    ("feed.link", "feedparser takes the feed's id as its link"): "fp-links",
    ("entry.title", "an RSS title is HTML: an unknown tag is not text"): "fp-titles",
    ("entry.id", "a bare & in the id: feedparser reads an entity there"): "fp-xml",
    ("entry.published", "a date only tidings reads"): "fp-dates",
    ("feed.updated", "a date only tidings reads"): "fp-dates",
    ("feed.image", "feedparser reads no RSS 1.0 image"): "fp-feed-image",
    ("feed.image", "feedparser takes itunes:image before the RSS image"): "fp-feed-image",
    ("entry.image", "a media:content of no image type is not an image"): "fp-feed-image",
    ("feed.authors", "feedparser makes the podcast's owner an author"): "fp-people",
    ("feed.authors", "tidings keeps the webMaster as an author"): "fp-people",
    ("feed.authors", "feedparser rearranges a name around its email"): "fp-misreads",
    ("entry.authors", "feedparser rearranges a name around its email"): "fp-misreads",
    ("entry.authors", "feedparser gives a person another's email"): "fp-misreads",
    ("feed.description", "feedparser takes a later itunes:subtitle or itunes:summary"): "fp-summary-content",
    ("entry.summary", "feedparser takes a later itunes:summary or itunes:subtitle"): "fp-summary-content",
    ("entry.summary", "feedparser unescapes a doubly escaped text"): "fp-xml",
    ("entry.summary", "feedparser misdecodes UTF-8 after a bare &"): "fp-xml",
    ("entry.content", "out-of-line content (src) is not shown"): "fp-out-of-line",
    ("entry.categories", "feedparser counts media:keywords as categories"): "fp-keywords",
    ("entry.enclosures.url", "feedparser leaves a relative URL unresolved"): "fp-misreads",
    ("entry.image", "feedparser leaves a relative URL unresolved"): "fp-misreads",
    ("entry.id", "tidings takes rdf:about or dc:identifier as the id"): "fp-ids",
    ("entry.link", "an empty href: the web-address id stands in"): "fp-links",
    ("entry.title", "an entry without a title takes itunes:title"): "fp-titles",
    ("feed.language", "the root's xml:lang"): "fp-language",
    ("feed.updated", "feedparser takes an Atom feed's published as its date"): "fp-misreads",
    ("entry.published", "feedparser reads only part of the date"): "fp-dates",
    ("entry.updated", "feedparser reads only part of the date"): "fp-dates",
    ("feed.updated", "feedparser reads only part of the date"): "fp-dates",
    ("entry.published", "feedparser drops a 12-hour clock's PM"): "fp-dates",
    ("entry.published", "feedparser calls dcterms:created `created`"): "fp-dc-date",
    ("entry.updated", "a month without a day is no date here"): "fp-dates",
    ("entry.published", "a month without a day is no date here"): "fp-dates",
    ("entry count", "an entry cut off by the end of the document"): "fp-xml",
}
# Documents only one parser reads: the start of Tidings' error -> the anchor explaining it.
EXPLAINED_REFUSALS = {
    "not a feed Tidings reads: a Microsoft CDF": "fp-legacy",
    "not a feed": "fp-xml",
}


def ensure_feedparser():
    """Re-runs this script inside the venv, creating it and installing feedparser first."""
    if Path(sys.prefix).resolve() == VENV.resolve():
        return
    python = VENV / "bin" / "python"
    if not python.exists():
        print(f"compare: creating {VENV.relative_to(ROOT)} with {FEEDPARSER}", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
    check = subprocess.run([str(python), "-c", "import feedparser"], capture_output=True)
    if check.returncode != 0:
        subprocess.run([str(python), "-m", "pip", "install", "-q", FEEDPARSER], check=True)
    os.execv(str(python), [str(python), str(Path(__file__).resolve()), *sys.argv[1:]])


def build_tidings(skip):
    binary = ROOT / ".build" / "debug" / "tidings"
    if not skip or not binary.exists():
        print("compare: swift build --product tidings", file=sys.stderr)
        subprocess.run(["swift", "build", "--product", "tidings"], cwd=ROOT, check=True)
    return binary


# MARK: normalizing


BLOCK = re.compile(
    r"</?(p|div|br|li|ul|ol|h[1-6]|tr|td|th|table|blockquote|pre|section|article|figure|figcaption|hr|dd|dt)\b[^>]*>",
    re.I,
)
TAG = re.compile(r"<!--.*?-->|<[a-zA-Z/!?][^>]*>", re.S)
SPACE = re.compile(r"\s+")


def text(value, is_html=False):
    """Plain text with whitespace collapsed; HTML first loses its tags and references."""
    if value is None:
        return None
    if is_html:
        value = TAG.sub("", BLOCK.sub(" ", value))
        value = html.unescape(value)
    value = unicodedata.normalize("NFC", value).replace("\u00a0", " ")
    value = SPACE.sub(" ", value).strip()
    return value or None


def squashed(value):
    """For deciding equality: whitespace plays no part (block breaks vs spaces are not a finding)."""
    return None if value is None else SPACE.sub("", value)


EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")


# Namespaces the classifiers name elements of: the usual prefix -> the namespace's URI.
NAMESPACES = {
    "itunes": "http://www.itunes.com/dtds/podcast-1.0.dtd",
    "media": "http://search.yahoo.com/mrss/",
}


class Raw:
    """The document as written, to name a difference by the element it comes from."""

    def __init__(self, data=b""):
        self.data = data
        self.text = data.decode("utf-8", "replace")
        # The prefixes this document binds to each namespace above, the usual one included.
        declared = re.findall(r"xmlns:([\w.-]+)\s*=\s*[\"']([^\"']+)[\"']", self.text)
        self.prefixes = {
            usual: {usual} | {p for p, uri in declared if uri.rstrip("/").lower() == wanted.rstrip("/").lower()}
            for usual, wanted in NAMESPACES.items()
        }
        # The feed's own part: before its first item or entry.
        self.head = re.split(r"<(?:[\w-]+:)?(?:item|entry)[\s>]", self.text, maxsplit=1)[0]

    def name(self, qname):
        """A pattern for `qname` under any prefix the document gives its namespace."""
        prefix, _, local = qname.rpartition(":")
        if prefix in self.prefixes:
            return "(?:" + "|".join(re.escape(p) for p in sorted(self.prefixes[prefix])) + "):" + re.escape(local)
        return re.escape(qname)

    def texts(self, qname, head=False):
        """The contents of every `<qname>` (CDATA and references read, markup kept)."""
        found = []
        pattern = rf"<({self.name(qname)})(?:\s[^>]*)?>(.*?)</\1\s*>"
        for match in re.finditer(pattern, self.head if head else self.text, re.S):
            found.append(html.unescape(re.sub(r"<!\[CDATA\[(.*?)\]\]>", r"\1", match.group(2), flags=re.S)))
        return found

    def plain(self, qname, head=False):
        """The squashed plain texts of every `<qname>`."""
        return {squashed(text(value, True)) for value in self.texts(qname, head) if text(value, True)}

    def attributes(self, qname, attribute, head=False):
        pattern = rf"<{self.name(qname)}\s[^>]*?\b{re.escape(attribute)}\s*=\s*[\"']([^\"']*)[\"']"
        return [html.unescape(v) for v in re.findall(pattern, self.head if head else self.text, re.S)]

    def emails(self, qname):
        return {e.lower() for value in self.texts(qname) for e in EMAIL.findall(value)}

    def empty(self, qname, head=False):
        """Whether a `<qname/>` or `<qname></qname>` with nothing in it is written."""
        pattern = rf"<({self.name(qname)})(?:\s[^>]*)?(?:/>|>\s*</\1\s*>)"
        return re.search(pattern, self.head if head else self.text) is not None

    def well_formed(self):
        parser = xml.parsers.expat.ParserCreate()
        try:
            parser.Parse(self.data, True)
            return True
        except xml.parsers.expat.ExpatError:
            return False


def letters(value):
    """The letters and digits of a text, counted: the same for a name taken apart and put back in
    another order."""
    return collections.Counter(c for c in (value or "").lower() if c.isalnum())


def person_kind(ours, theirs):
    """What feedparser did to the people it gives, when it is one of its misreadings; else None."""
    if not ours or not theirs or set(ours) == set(theirs):
        return None
    mine, others = "; ".join(ours), "; ".join(theirs)
    if letters(mine) == letters(others.replace("mailto:", "")):
        return "feedparser rearranges a name around its email"
    names = lambda people: sorted(re.sub(r"\s*<[^>]*>", "", p) for p in people)
    emails = lambda people: {e for p in people for e in EMAIL.findall(p)}
    if names(ours) == names(theirs) and emails(theirs) <= emails(ours) and len(EMAIL.findall(others)) > len(
            EMAIL.findall(mine)):
        return "feedparser gives a person another's email"
    return None


def date_kind(mine, theirs):
    """How feedparser's reading of a date the document writes falls short of ours, or None."""
    if mine is None or theirs is None or mine == theirs:
        return None
    ours = datetime.datetime.fromisoformat(mine.replace("Z", "+00:00"))
    others = datetime.datetime.fromisoformat(theirs.replace("Z", "+00:00"))
    if ours - others == datetime.timedelta(hours=12):
        return "feedparser drops a 12-hour clock's PM"
    if others.time() == datetime.time(0) and others.year == ours.year and (
            others.day == 1 or abs(ours - others) < datetime.timedelta(days=1)):
        return "feedparser reads only part of the date"
    return None


def detail_text(container, key):
    """feedparser's value for key as plain text, honouring its *_detail type."""
    value = container.get(key)
    if value is None:
        return None
    kind = (container.get(key + "_detail") or {}).get("type", "text/html")
    return text(value, is_html=kind != "text/plain")


def remove_dot_segments(path):
    output = []
    for segment in path.split("/"):
        if segment == "..":
            if len(output) > 1:
                output.pop()
        elif segment != ".":
            output.append(segment)
    if path.endswith(("/.", "/..")):
        output.append("")
    return "/".join(output)


def url(value):
    """A URL in one spelling: scheme and host lower case, IDNA host, default port and dot segments
    gone, an empty path as "/", percent-encoding made uniform. Anything but text (feedparser's
    CDF `logo` is a dictionary) is no URL."""
    if not value or not isinstance(value, str):
        return None
    value = value.strip()
    try:
        parts = urlsplit(value)
        port = parts.port
    except ValueError:
        return value
    scheme = parts.scheme.lower()
    if scheme not in ("http", "https"):
        return value
    host = (parts.hostname or "").rstrip(".")
    try:
        host = host.encode("idna").decode("ascii")
    except UnicodeError:
        pass
    netloc = host
    if port is not None and port != {"http": 80, "https": 443}[scheme]:
        netloc += f":{port}"
    path = quote(unquote(remove_dot_segments(parts.path.replace("\\", "/"))), safe="/:@!$&'()*+,;=~") or "/"
    query = quote(unquote(parts.query), safe="=&/:@!$'()*+,;?~")
    fragment = quote(unquote(parts.fragment), safe="=&/:@!$'()*+,;?~#")
    return urlunsplit((scheme, netloc, path, query, fragment))


def seconds_tidings(value):
    if not value:
        return None
    try:
        moment = datetime.datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return value
    return int(moment.timestamp() // 1)


def seconds_feedparser(container, key):
    # dict.get: feedparser's own lookup answers `updated_parsed` with `published_parsed` when the
    # document has no updated date (a compatibility fallback), which would invent disagreements.
    parsed = dict.get(container, key + "_parsed")
    return calendar.timegm(parsed) if parsed else None


def stamp(seconds):
    if not isinstance(seconds, int):
        return seconds
    return datetime.datetime.fromtimestamp(seconds, datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def person(name, email):
    name, email = text(name), text(email)
    if name and email:
        return f"{name} <{email}>"
    return name or (f"<{email}>" if email else None)


def people_tidings(authors):
    return sorted({p for p in (person(a.get("name"), a.get("email")) for a in authors or []) if p})


def people_feedparser(container):
    found = []
    for author in container.get("authors") or []:
        found.append(person(author.get("name"), author.get("email")))
    return sorted({p for p in found if p})


# MARK: reading


def run_tidings(binary, path, base):
    done = subprocess.run(
        [str(binary), "parse", str(path), "--format", "json", "--base", base], capture_output=True, timeout=120
    )
    if done.returncode != 0:
        return None, done.stderr.decode("utf-8", "replace").strip()
    return json.loads(done.stdout), None


def run_feedparser(feedparser, path, base):
    data = path.read_bytes()
    parsed = feedparser.parse(data, response_headers={"content-location": base})
    if not parsed.get("version") and not parsed.get("entries") and not parsed.get("feed"):
        reason = str(parsed.get("bozo_exception", "not a feed"))
        return None, reason
    return parsed, None


# MARK: comparing


class Findings:
    def __init__(self):
        self.items = []

    def add(self, document, field, kind, tidings, feedparser, where=""):
        self.items.append(
            {
                "document": document,
                "field": field,
                "kind": kind,
                "where": where,
                "tidings": tidings,
                "feedparser": feedparser,
            }
        )


def compare_value(findings, document, field, ours, theirs, where="", equal=None):
    """Records a disagreement when exactly one side has a value, or both have different ones."""
    if ours is None and theirs is None:
        return
    if ours is None:
        findings.add(document, field, "only feedparser", None, theirs, where)
    elif theirs is None:
        findings.add(document, field, "only tidings", ours, None, where)
    elif not (equal(ours, theirs) if equal else ours == theirs):
        findings.add(document, field, "differ", ours, theirs, where)


def same_text(a, b):
    return squashed(a) == squashed(b)


def compare_feed(findings, name, ours, theirs, base="", raw=None):
    feed = theirs.feed
    raw = raw or Raw()
    # The feed's own Atom id, before its first entry (Tidings does not report it).
    found = re.search(r"<id>\s*([^<]+?)\s*</id>", raw.head)
    feed_id = html.unescape(found.group(1)) if found else None
    our_title, their_title = text(ours.get("title")), detail_text(feed, "title")
    if our_title and their_title and not same_text(our_title, their_title) and re.search(r"&\w+;", our_title) \
            and same_text(re.sub(r"&(\w+);", r"&\1", our_title), their_title):
        findings.add(name, "feed.title", "an undeclared entity: tidings keeps it as written", our_title, their_title)
    else:
        compare_value(findings, name, "feed.title", our_title, their_title, equal=same_text)
    our_description, their_description = text(ours.get("description")), detail_text(feed, "subtitle")
    later = raw.plain("itunes:subtitle", head=True) | raw.plain("itunes:summary", head=True)
    if our_description and not same_text(our_description, their_description) and (
        squashed(their_description) in later
        or their_description is None and (raw.empty("itunes:subtitle", head=True) or raw.empty("itunes:summary", head=True))
    ):
        # feedparser's subtitle is whichever of description, itunes:subtitle and itunes:summary
        # comes last, an empty one too.
        findings.add(name, "feed.description", "feedparser takes a later itunes:subtitle or itunes:summary",
                     our_description, their_description)
    else:
        compare_value(findings, name, "feed.description", our_description, their_description, equal=same_text)
    language = (ours.get("language") or "").lower() or None
    their_language = (feed.get("language") or "").lower() or None
    if language and their_language and language != their_language and language == their_language.replace("_", "-"):
        findings.add(name, "feed.language", "feedparser keeps a POSIX locale's underscore", language, their_language)
    elif language and not their_language and re.search(
            rf"<[\w:]+[^>]*\bxml:lang\s*=\s*[\"']{re.escape(language)}[\"']", raw.head, re.I):
        findings.add(name, "feed.language", "the root's xml:lang", language, None)
    else:
        compare_value(findings, name, "feed.language", language, their_language)
    compare_feed_people(findings, name, people_tidings(ours.get("authors")), people_feedparser(feed), raw)
    their_link = url(feed.get("link"))
    if their_link and not ours.get("link") and not their_link.startswith(("http://", "https://")):
        findings.add(name, "feed.link", "feedparser has a non-http(s) link", None, their_link)
    elif their_link and not ours.get("link") and their_link == url(ours.get("feed_link")):
        findings.add(name, "feed.link", "feedparser gives the feed's own address as its home page", None, their_link)
    elif their_link and not ours.get("link") and feed_id and their_link == url(urljoin(base, feed_id)):
        findings.add(name, "feed.link", "feedparser takes the feed's id as its link", None, their_link)
    else:
        compare_value(findings, name, "feed.link", url(ours.get("link")), their_link)
    their_image = url((feed.get("image") or {}).get("href")) or url(feed.get("logo"))
    our_image = url(ours.get("image"))
    if ours.get("format") == "rss1" and ours.get("image") and not their_image:
        findings.add(name, "feed.image", "feedparser reads no RSS 1.0 image", url(ours.get("image")), None)
    elif our_image and their_image and our_image != their_image \
            and their_image in {url(urljoin(base, h)) for h in raw.attributes("itunes:image", "href", head=True)} \
            and our_image in {url(urljoin(base, t.strip())) for t in raw.texts("url", head=True)}:
        findings.add(name, "feed.image", "feedparser takes itunes:image before the RSS image", our_image, their_image)
    else:
        compare_value(findings, name, "feed.image", url(ours.get("image")), their_image)
    compare_value(findings, name, "feed.icon", url(ours.get("icon")), url(feed.get("icon")))
    their_updated = seconds_feedparser(feed, "updated") or seconds_feedparser(feed, "published")
    our_updated = stamp(seconds_tidings(ours.get("updated")))
    if our_updated and their_updated is None:
        findings.add(name, "feed.updated", "a date only tidings reads", our_updated, None)
    elif their_updated and not our_updated and dict.get(feed, "updated_parsed") is None and raw.texts("published", head=True):
        # Atom 1.0 defines no `published` for a feed; feedparser takes it as the feed's date.
        findings.add(name, "feed.updated", "feedparser takes an Atom feed's published as its date", None,
                     stamp(their_updated))
    elif date_kind(our_updated, stamp(their_updated)):
        findings.add(name, "feed.updated", date_kind(our_updated, stamp(their_updated)), our_updated, stamp(their_updated))
    else:
        compare_value(findings, name, "feed.updated", our_updated, stamp(their_updated))


def compare_feed_people(findings, name, mine, others, raw):
    """The feed's people. feedparser keeps one author (the last of the author-like elements, the
    podcast's owner among them) and calls the webmaster the publisher; Tidings keeps every person
    the channel names, the webmaster too, each once."""
    owners = raw.emails("itunes:email")
    webmasters = raw.emails("webMaster")
    email = lambda p: {e.lower() for e in EMAIL.findall(p)}
    without_webmaster = [p for p in mine if not (email(p) and email(p) <= webmasters)]
    if others and any(email(p) & owners for p in others) and set(others) != set(mine):
        findings.add(name, "feed.authors", "feedparser makes the podcast's owner an author", mine, others)
    elif mine and set(mine) != set(others) and set(without_webmaster) == set(others):
        findings.add(name, "feed.authors", "tidings keeps the webMaster as an author", mine, others or None)
    elif person_kind(mine, others):
        findings.add(name, "feed.authors", person_kind(mine, others), mine, others)
    else:
        compare_value(findings, name, "feed.authors", mine or None, others or None)


def pair_entries(ours, theirs):
    """Pairs entries by id, then by link, then by position among the rest."""
    pairs, used = [], set()
    by_id = {}
    by_link = {}
    for index, entry in enumerate(theirs):
        if entry.get("id"):
            by_id.setdefault(entry["id"], index)
        if entry.get("link"):
            by_link.setdefault(url(entry["link"]), index)
    unpaired = []
    for index, entry in enumerate(ours):
        match = by_id.get(entry.get("id"))
        if match is None or match in used:
            match = by_link.get(url(entry.get("link")))
        if match is None or match in used:
            unpaired.append(index)
            continue
        used.add(match)
        pairs.append((index, match))
    rest = [i for i in range(len(theirs)) if i not in used]
    for index, match in zip(unpaired, rest):
        pairs.append((index, match))
    return sorted(pairs)


def entry_image_candidates(entry):
    found = []
    for key in ("media_thumbnail", "media_content"):
        for media in entry.get(key) or []:
            medium = media.get("medium", "")
            kind = media.get("type", "")
            if key == "media_thumbnail" or medium in ("image", "") and not kind.startswith(("audio/", "video/")):
                found.append(url(media.get("url")))
    found.append(url((entry.get("image") or {}).get("href")))
    for enclosure in entry.get("enclosures") or []:
        if (enclosure.get("type") or "").startswith("image/"):
            found.append(url(enclosure.get("href")))
    return [f for f in found if f]


def compare_entry(findings, name, base, index, ours, theirs, rss=False, raw=None):
    where = f"entry {index + 1}"
    raw = raw or Raw()
    id_source = ours.get("id_source")
    if id_source in ("link", "hash"):
        # Tidings always has an id; feedparser has one only when the document does.
        if theirs.get("id"):
            findings.add(name, "entry.id", f"tidings made one ({id_source})", ours.get("id"), theirs.get("id"), where)
    elif theirs.get("id") and theirs["id"] != ours.get("id") and theirs["id"] == urljoin(base, ours.get("id") or ""):
        findings.add(name, "entry.id", "feedparser resolved it as a relative URL", ours.get("id"), theirs["id"], where)
    elif theirs.get("id") and ours.get("id") and theirs["id"] != ours["id"] \
            and re.sub(r"&(\w+);", r"&\1", theirs["id"]) == ours["id"]:
        findings.add(name, "entry.id", "a bare & in the id: feedparser reads an entity there", ours["id"], theirs["id"], where)
    elif id_source == "rdf_about" and ours.get("id") and not theirs.get("id"):
        findings.add(name, "entry.id", "tidings takes rdf:about or dc:identifier as the id", ours["id"], None, where)
    else:
        compare_value(
            findings, name, "entry.id", ours.get("id"), theirs.get("id"), where, equal=lambda a, b: a.strip() == b.strip()
        )
    our_title, their_title = text(ours.get("title")), detail_text(theirs, "title")
    if our_title and their_title and not same_text(our_title, their_title) \
            and same_text(re.sub(r"<[^>]*>", "", their_title), our_title):
        findings.add(name, "entry.title", "an RSS title is HTML: an unknown tag is not text", our_title, their_title, where)
    elif our_title and not their_title and squashed(our_title) in raw.plain("itunes:title"):
        findings.add(name, "entry.title", "an entry without a title takes itunes:title", our_title, None, where)
    else:
        compare_value(findings, name, "entry.title", our_title, their_title, where, same_text)
    their_link = url(theirs.get("link"))
    if their_link and not their_link.startswith(("http://", "https://")):
        findings.add(name, "entry.link", "feedparser has a non-http(s) link", url(ours.get("link")), their_link, where)
    elif their_link and not ours.get("link") and theirs.get("guidislink"):
        findings.add(name, "entry.link", "feedparser took the guid as link", None, their_link, where)
    elif their_link and ours.get("link") and url(ours["link"]) != their_link and url(ours["link"]) == url(ours.get("id")) \
            and re.search(r"<link\b[^>]*\bhref\s*=\s*[\"'][\"']", raw.text):
        findings.add(name, "entry.link", "an empty href: the web-address id stands in", url(ours["link"]), their_link, where)
    else:
        compare_value(findings, name, "entry.link", url(ours.get("link")), their_link, where)
    compare_dates(findings, name, where, ours, theirs, raw)
    contents = [c for c in theirs.get("content") or [] if (c.get("value") or "").strip()]
    their_summary = detail_text(theirs, "summary")
    our_summary = text(ours.get("summary_text"))
    if not ours.get("summary_text") and their_summary and contents and theirs.get("summary") == contents[0].get("value"):
        findings.add(name, "entry.summary", "feedparser repeats the content as summary", None, their_summary, where)
    elif our_summary and their_summary and not same_text(our_summary, their_summary) and summary_kind(
            our_summary, their_summary, raw):
        findings.add(name, "entry.summary", summary_kind(our_summary, their_summary, raw), our_summary, their_summary,
                     where)
    else:
        compare_value(findings, name, "entry.summary", text(ours.get("summary_text")), their_summary, where, same_text)
    our_content = bool(ours.get("content_html") or ours.get("content_text"))
    their_content = bool(contents)
    if (
        rss and not our_content and their_content and ours.get("summary_text")
        and (
            contents[0].get("type") == "text/plain"
            or squashed(text(contents[0].get("value"), True)) in raw.plain("itunes:summary")
        )
    ):
        # In RSS feedparser makes a second summary-like element (`itunes:summary` beside
        # `description`) the content, as plain text.
        findings.add(
            name, "entry.content", "feedparser makes a second summary the content", None,
            text(contents[0].get("value"))[:80], where,
        )
    elif not our_content and their_content and re.search(r"<content\b[^>]*\bsrc\s*=", raw.text):
        findings.add(name, "entry.content", "out-of-line content (src) is not shown", None,
                     text(contents[0].get("value"), True), where)
    elif our_content != their_content:
        kind = "only tidings" if our_content else f"only feedparser ({contents[0].get('type')})"
        findings.add(
            name, "entry.content", kind,
            (ours.get("content_text") or "")[:80] or None,
            text(((theirs.get("content") or [{}])[0]).get("value"), True),
            where,
        )
    our_people, their_people = people_tidings(ours.get("authors")), people_feedparser(theirs)
    if person_kind(our_people, their_people):
        findings.add(name, "entry.authors", person_kind(our_people, their_people), our_people, their_people, where)
    else:
        compare_value(findings, name, "entry.authors", our_people or None, their_people or None, where)
    our_tags = sorted({text(c) for c in ours.get("categories") or [] if text(c)})
    # feedparser adds `itunes:keywords` to the tags (scheme http://www.itunes.com/): a choice of
    # its own, counted apart, and the rest compared.
    all_tags = theirs.get("tags") or []
    keywords = [t for t in all_tags if (t.get("scheme") or "").startswith("http://www.itunes.com")]
    if keywords:
        findings.add(name, "entry.categories", "feedparser counts itunes:keywords as categories", None,
                     [t.get("term") for t in keywords], where)
    their_tags = sorted({
        text(t.get("label") or t.get("term")) for t in all_tags
        if t not in keywords and text(t.get("label") or t.get("term"))
    })
    media_keywords = {w.strip() for value in raw.texts("media:keywords") for w in value.split(",") if w.strip()}
    extra = set(their_tags) - set(our_tags)
    if our_tags and their_tags != our_tags and sorted({html.unescape(t) for t in their_tags}) == our_tags:
        findings.add(name, "entry.categories", "feedparser leaves an entity escaped", our_tags, their_tags, where)
    elif extra and extra <= media_keywords and set(our_tags) <= set(their_tags):
        findings.add(name, "entry.categories", "feedparser counts media:keywords as categories", our_tags or None,
                     sorted(extra), where)
    else:
        compare_value(findings, name, "entry.categories", our_tags or None, their_tags or None, where)
    compare_enclosures(findings, name, where, ours.get("enclosures") or [], theirs.get("enclosures") or [], base)
    compare_image(findings, name, where, ours, theirs, base)


def summary_kind(ours, theirs, raw):
    """Why feedparser's summary is another text than ours, when it is a reading docs/parsing.md
    names; else None."""
    if squashed(theirs) in raw.plain("itunes:summary") | raw.plain("itunes:subtitle"):
        return "feedparser takes a later itunes:summary or itunes:subtitle"
    if same_text(text(html.unescape(ours), True), theirs) or same_text(html.unescape(ours), theirs):
        return "feedparser unescapes a doubly escaped text"
    for encoding in ("cp1252", "latin-1"):
        misread = ours.encode("utf-8").decode(encoding, "replace")
        if same_text(text(misread), text(theirs)) or squashed(text(misread))[:60] == squashed(text(theirs))[:60]:
            return "feedparser misdecodes UTF-8 after a bare &"
    return None


def compare_dates(findings, name, where, ours, theirs, raw=None):
    raw = raw or Raw()
    mine = {role: stamp(seconds_tidings(ours.get(role))) for role in ("published", "updated")}
    others = {role: stamp(seconds_feedparser(theirs, role)) for role in ("published", "updated")}
    if mine["published"] and others["published"] is None \
            and stamp(seconds_feedparser(theirs, "created")) == mine["published"]:
        findings.add(name, "entry.published", "feedparser calls dcterms:created `created`", mine["published"], None, where)
        others["published"] = mine["published"]
    if mine["published"] and not mine["updated"] and not others["published"] and date_kind(mine["published"], others["updated"]):
        # `dc:date` is feedparser's updated (docs/parsing.md, fp-dc-date), and it read only part of it.
        findings.add(name, "entry.published", date_kind(mine["published"], others["updated"]), mine["published"],
                     others["updated"], where)
        others = dict(mine)
    for role in ("published", "updated"):
        kind = date_kind(mine[role], others[role])
        if mine[role] is None and others[role] and others[role][8:19] == "01T00:00:00" \
                and re.search(rf">\s*{others[role][:7]}\s*<", raw.text):
            kind = "a month without a day is no date here"
        if kind:
            findings.add(name, f"entry.{role}", kind, mine[role], others[role], where)
            others[role] = mine[role]
    if mine["published"] != others["published"] and mine == {"published": others["updated"], "updated": others["published"]}:
        findings.add(name, "entry.published/updated", "same instant, other role", mine["published"] or mine["updated"],
                     others["published"] or others["updated"], where)
        return
    if others["published"] is None and others["updated"] is None and mine["published"] is not None:
        findings.add(name, "entry.published", "a date only tidings reads", mine["published"], None, where)
        return
    if mine["updated"] is None and others["updated"] is not None and others["updated"] == mine["published"]:
        findings.add(name, "entry.updated", "feedparser repeats the publication instant", None, others["updated"], where)
        compare_value(findings, name, "entry.published", mine["published"], others["published"], where)
        return
    for role in ("published", "updated"):
        compare_value(findings, name, f"entry.{role}", mine[role], others[role], where)


def compare_enclosures(findings, name, where, ours, theirs, base=""):
    mine = {url(e.get("url")): e for e in ours}
    others = {url(e.get("href")): e for e in theirs if e.get("href")}
    for address in [a for a in others if a not in mine and url(urljoin(base, a)) in mine]:
        # feedparser resolves no relative enclosure URL.
        findings.add(name, "entry.enclosures.url", "feedparser leaves a relative URL unresolved",
                     url(urljoin(base, address)), address, where)
        others[url(urljoin(base, address))] = others.pop(address)
    for address in sorted(set(mine) - set(others)):
        findings.add(name, "entry.enclosures.url", "only tidings", address, None, where)
    for address in sorted(set(others) - set(mine)):
        findings.add(name, "entry.enclosures.url", "only feedparser", None, address, where)
    for address in sorted(set(mine) & set(others)):
        a, b = mine[address], others[address]
        compare_value(findings, name, "entry.enclosures.type", a.get("type"), b.get("type") or None, where)
        length = b.get("length")
        try:
            length = int(length) if length not in (None, "") else None
        except ValueError:
            pass
        if length == 0 and a.get("length") is None:
            length = None
        compare_value(findings, name, "entry.enclosures.length", a.get("length"), length, where)


def compare_image(findings, name, where, ours, theirs, base=""):
    """Tidings picks one image; feedparser lists the candidates. The `content` fallback (first
    `<img>` of the body) is Tidings' own, so it is only counted, not compared."""
    candidates = entry_image_candidates(theirs)
    source = ours.get("image_source")
    mine = url(ours.get("image"))
    shapeless = {url(m.get("url")) for m in theirs.get("media_content") or [] if not m.get("medium") and not m.get("type")}
    relative = {url(urljoin(base, e.get("href"))) for e in theirs.get("enclosures") or [] if e.get("href")}
    if source in (None, "none", "content"):
        if candidates and candidates[0] in shapeless:
            findings.add(name, "entry.image", "a media:content of no image type is not an image",
                         mine and f"{mine} (from content)", candidates[0], where)
        elif candidates:
            findings.add(name, "entry.image", "only feedparser", mine and f"{mine} (from content)", candidates[0], where)
    elif not candidates and source == "enclosure" and mine in relative:
        findings.add(name, "entry.image", "feedparser leaves a relative URL unresolved", f"{mine} ({source})", None, where)
    elif not candidates:
        if source != "json_image":
            findings.add(name, "entry.image", "only tidings", f"{mine} ({source})", None, where)
    elif mine not in candidates:
        findings.add(name, "entry.image", "differ", f"{mine} ({source})", candidates[0], where)


def compare_document(findings, name, base, ours, theirs, data=b""):
    raw = Raw(data)
    compare_feed(findings, name, ours, theirs, base, raw)
    our_entries, their_entries = ours.get("entries", []), theirs.entries
    if len(their_entries) == len(our_entries) + 1 and not raw.well_formed():
        # The document ends inside an entry: Tidings drops it, feedparser keeps what it read.
        findings.add(name, "entry count", "an entry cut off by the end of the document", len(our_entries),
                     len(their_entries))
    elif len(our_entries) != len(their_entries):
        findings.add(name, "entry count", "differ", len(our_entries), len(their_entries))
    rss = (ours.get("format") or "").startswith("rss")
    for a, b in pair_entries(our_entries, their_entries):
        compare_entry(findings, name, base, a, our_entries[a], their_entries[b], rss, raw)


# MARK: the report


def short(value, limit=140):
    if value is None:
        return "—"
    if isinstance(value, list):
        value = "; ".join(str(v) for v in value)
    value = str(value).replace("\n", " ").replace("|", "\\|").replace("`", "'")
    return value if len(value) <= limit else value[: limit - 1] + "…"


def documented_anchors():
    """The `fp-` anchors docs/parsing.md has, so that the script and the document cannot drift."""
    if not PARSING_DOC.exists():
        return set()
    return set(re.findall(r'<a id="(fp-[a-z0-9-]+)"></a>', PARSING_DOC.read_text()))


def explanation(key, anchors):
    anchor = EXPLAINED.get(key)
    return anchor if anchor in anchors else None


def refusal_explanation(our_error, anchors):
    for start, anchor in EXPLAINED_REFUSALS.items():
        if our_error and start in our_error and anchor in anchors:
            return anchor
    return None


def report(findings, documents, failures, json_feeds, inputs):
    groups = collections.OrderedDict()
    for item in sorted(findings.items, key=lambda i: (i["field"], i["kind"], i["document"])):
        groups.setdefault((item["field"], item["kind"]), []).append(item)
    anchors = documented_anchors()
    unexplained = [key for key in groups if not explanation(key, anchors)]
    unexplained_failures = [f for f in failures if not (f[2] is None and refusal_explanation(f[1], anchors))]
    lines = [
        f"# tidings parse compared with {FEEDPARSER}",
        "",
        f"{len(documents)} documents from {', '.join(inputs)}. Both parsers were given the base URL "
        "https://feeds.example/NAME. Texts compared without markup and whitespace, dates as UTC "
        "seconds, URLs in one spelling.",
        "",
    ]
    if json_feeds:
        lines += [
            f"feedparser 6 does not read JSON: {len(json_feeds)} JSON Feed (and RSS-in-JSON) documents were not compared "
            f"({', '.join(json_feeds[:4])}{', …' if len(json_feeds) > 4 else ''}).",
            "",
        ]
    total = len(groups) + len(failures)
    lines += [
        f"{total} categories (and documents read by one parser only), "
        f"{len(unexplained) + len(unexplained_failures)} unexplained by docs/parsing.md.",
        "",
    ]
    if unexplained or unexplained_failures:
        lines += ["## Unexplained", ""]
        lines += [f"- {field}: {kind} ({len(groups[(field, kind)])})" for field, kind in unexplained]
        lines += [f"- read by one parser only: {d}" for d, _, _ in unexplained_failures]
        lines.append("")
    if failures:
        lines += [
            "## Read by only one parser", "", "| document | tidings | feedparser | explained by |", "|---|---|---|---|"
        ]
        for d, a, b in failures:
            anchor = refusal_explanation(a, anchors) if b is None else None
            lines.append(f"| {d} | {short(a or 'parsed')} | {short(b or 'parsed')} | {anchor or '—'} |")
        lines.append("")
    lines += [
        "## Summary", "",
        "| field | kind | disagreements | documents | most in | explained by |", "|---|---|---|---|---|---|",
    ]
    for (field, kind), items in groups.items():
        counts = collections.Counter(i["document"] for i in items)
        top, top_count = counts.most_common(1)[0]
        anchor = explanation((field, kind), anchors)
        lines.append(
            f"| {field} | {kind} | {len(items)} | {len(counts)} | {top.rsplit('/', 1)[-1]} ({top_count}) "
            f"| {f'parsing.md#{anchor}' if anchor else '—'} |"
        )
    summary = list(lines)
    for (field, kind), items in groups.items():
        lines += ["", f"## {field}: {kind} ({len(items)})", ""]
        seen_documents = collections.Counter()
        shown = 0
        for item in items:
            # Examples from many documents rather than many from one.
            if seen_documents[item["document"]] >= 2:
                continue
            seen_documents[item["document"]] += 1
            where = f" {item['where']}" if item["where"] else ""
            lines.append(
                f"- `{item['document']}`{where}: tidings `{short(item['tidings'])}` · "
                f"feedparser `{short(item['feedparser'])}`"
            )
            shown += 1
            if shown == EXAMPLES:
                break
        if len(items) > shown:
            lines.append(f"- … and {len(items) - shown} more")
    return "\n".join(lines) + "\n", "\n".join(summary) + "\n", len(unexplained) + len(unexplained_failures)


def documents_in(inputs):
    found = []
    for given in inputs:
        path = Path(given)
        if path.is_dir():
            found += sorted(p for p in path.rglob("*") if p.is_file() and p.suffix not in SKIPPED_SUFFIXES)
        elif path.is_file():
            found.append(path)
        else:
            print(f"compare: {given} does not exist; skipped", file=sys.stderr)
    return found


def label(path):
    path = path.resolve()
    for root, prefix in ((ROOT.parent / "shared" / "corpus", "corpus/"), (ROOT, "")):
        try:
            return prefix + str(path.relative_to(root.resolve()))
        except ValueError:
            continue
    return str(path)


def main():
    ensure_feedparser()
    import feedparser  # noqa: E402 (installed by ensure_feedparser)

    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("inputs", nargs="*", help="files or folders (default: corpus and fixtures)")
    options.add_argument("--no-build", action="store_true", help="use .build/debug/tidings as it is")
    options.add_argument("--out", default=str(OUT), help="folder for report.md and disagreements.json")
    options.add_argument("--strict", action="store_true", help="exit 1 when a category is unexplained")
    arguments = options.parse_args()

    binary = build_tidings(arguments.no_build)
    inputs = arguments.inputs or [str(p) for p in DEFAULT_INPUTS if p.exists()]
    documents = documents_in(inputs)
    findings, failures, json_feeds = Findings(), [], []

    def ours(path):
        return run_tidings(binary, path, "https://feeds.example/" + path.name)

    with ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(ours, documents))
    for path, (our_feed, our_error) in zip(documents, results):
        base = "https://feeds.example/" + path.name
        name = label(path)
        if our_feed is not None and (our_feed.get("format") == "json" or path.read_bytes().lstrip()[:1] == b"{"):
            json_feeds.append(name)
            continue
        theirs, their_error = run_feedparser(feedparser, path, base)
        if our_feed is None or theirs is None:
            if not (our_feed is None and theirs is None):
                failures.append((name, our_error, their_error))
            continue
        compare_document(findings, name, base, our_feed, theirs, path.read_bytes())

    out = Path(arguments.out)
    out.mkdir(parents=True, exist_ok=True)
    full, summary, unexplained = report(findings, documents, failures, json_feeds, [label(Path(i)) for i in inputs])
    (out / "report.md").write_text(full)
    (out / "disagreements.json").write_text(json.dumps(findings.items, indent=1, ensure_ascii=False, default=str))
    print(summary)
    print(f"{len(findings.items)} disagreements; the report with examples: {label(out / 'report.md')}")
    if arguments.strict and unexplained:
        print(f"compare: {unexplained} unexplained (--strict)", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
