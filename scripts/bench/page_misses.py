#!/usr/bin/env python3
"""Seeds a benchmark server's catalog and lists page URLs no cache can answer.

Used by scripts/bench-page-misses.sh. `seed BASE KEY COUNT` posts COUNT new products and a price
change for every other one (news items of the last two days, names in Russian with English
names, as the demo's), in batches. `paths BASE OUT` walks the news API and the grocery section one
item at a time to learn a cursor for every position, then writes to OUT one path per line: every
cursor with several page sizes and two languages, for the news API and for the grocery section's
web page, shuffled. Each path is its own cache key, so a request for one of them is (nearly
always) a page built on a cache miss.

`product-paths OUT COUNT` lists the product page of every seeded product in both languages;
`article-paths BASE BRAND SECTION OUT` the article page of every story of that section, in two
languages, read from the section's API.

`wire FILE COUNT` writes an RSS document of COUNT stories, three in four with a picture (Media RSS),
for the sections mode; `section-paths BASE BRAND SECTION OUT` lists every cursor of that section's
API with several page sizes and two languages, shuffled.
"""

import json
import random
import sys
import time
import urllib.parse
import urllib.request
from datetime import datetime, timedelta, timezone

FRUITS = [
    ("Ананас", "Pineapple"), ("Манго", "Mango"), ("Киви", "Kiwi"), ("Груша", "Pear"), ("Слива", "Plum"),
    ("Яблоко", "Apple"), ("Апельсин", "Orange"), ("Лимон", "Lemon"), ("Гранат", "Pomegranate"),
    ("Персик", "Peach"),
]


def post(base: str, key: str, events: list) -> None:
    request = urllib.request.Request(
        base + "/api/v1/events", data=json.dumps({"events": events}).encode(), method="POST",
        headers={"Content-Type": "application/json", "Authorization": "Bearer " + key})
    for attempt in range(20):
        try:
            with urllib.request.urlopen(request, timeout=120) as response:
                answer = json.load(response)
                if answer.get("rejected"):
                    sys.exit(f"page_misses: events rejected: {answer['rejected'][:3]}")
                return
        except urllib.error.HTTPError as error:
            if error.code in (429, 503) and attempt < 19:
                time.sleep(float(error.headers.get("Retry-After", "1")))
                continue
            sys.exit(f"page_misses: POST /api/v1/events: HTTP {error.code}: {error.read()[:300]!r}")


def seed(base: str, key: str, count: int) -> None:
    now = datetime.now(timezone.utc)
    random.seed(7)
    events = []
    for n in range(count):
        ru, en = FRUITS[n % len(FRUITS)]
        created = now - timedelta(minutes=random.randint(60, 2 * 24 * 60))
        price = random.randint(50, 900)
        events.append({
            "id": f"bench-new-{n}", "type": "product_created", "product_id": f"bench-{n}",
            "name": f"{ru} {n}", "names": {"en": f"{en} {n}"}, "unit": "kg", "unit_size": "1",
            "store_price": f"{price}.00", "currency": "RUB", "at": created.strftime("%Y-%m-%dT%H:%M:%SZ")})
        if n % 2 == 0:
            changed = created + timedelta(minutes=random.randint(1, 59))
            events.append({
                "id": f"bench-price-{n}", "type": "price_changed", "product_id": f"bench-{n}",
                "store_price": f"{price * random.choice([0.8, 0.9, 1.1, 1.25]):.2f}",
                "at": changed.strftime("%Y-%m-%dT%H:%M:%SZ")})
    for start in range(0, len(events), 2000):
        post(base, key, events[start:start + 2000])


def pages(base: str, path: str, limit: int):
    """Every page of `path`'s API, `limit` items a page, each with its `next_cursor`, in order."""
    cursor = None
    while True:
        query = {"limit": str(limit)}
        if cursor:
            query["cursor"] = cursor
        with urllib.request.urlopen(base + path + "?" + urllib.parse.urlencode(query), timeout=60) as response:
            page = json.load(response)
        yield page
        cursor = page.get("next_cursor")
        if not cursor:
            return


def cursors(base: str, path: str) -> list:
    """The cursor after every position of `path`, read a page of one item at a time."""
    return [page["next_cursor"] for page in pages(base, path, 1) if page.get("next_cursor")]


def shuffled_to(lines: list, out: str) -> None:
    random.seed(11)
    random.shuffle(lines)
    with open(out, "w") as file:
        file.write("\n".join(lines) + "\n")


def paths(base: str, out: str) -> None:
    news = cursors(base, "/api/v1/news_items")
    section = cursors(base, "/api/v1/brands/grocery/sections/news")
    lines = []
    for cursor in news:
        for limit in (10, 25, 50):
            for locale in ("ru", "en"):
                lines.append(f"/api/v1/news_items?limit={limit}&locale={locale}&cursor={cursor}")
    for cursor in section:
        for locale in ("ru", "en"):
            lines.append(f"/grocery/news?locale={locale}&cursor={cursor}")
    shuffled_to(lines, out)
    print(f"{len(news)} news cursors, {len(section)} section cursors, {len(lines)} paths", file=sys.stderr)


def wire(out: str, count: int) -> None:
    """A news wire of `count` stories an hour apart, newest first; three in four have a picture."""
    newest = datetime(2026, 11, 30, 12, tzinfo=timezone.utc)
    items = []
    for n in range(count):
        published = (newest - timedelta(hours=n)).strftime("%a, %d %b %Y %H:%M:%S +0000")
        picture = (f'<media:content url="https://media.bench.example/wire/{n}.jpg" medium="image" '
                   f'width="1200" height="800"/>' if n % 4 else "")
        items.append(
            f"<item><title>Wire story {n}: harbour, council and weather news</title>"
            f"<link>https://bench.example/wire/{n}</link><guid>https://bench.example/wire/{n}</guid>"
            f"<description>Story {n} of the wire, with a sentence or two of summary text &amp; a quote "
            f"&lt;&quot;so&quot;&gt; that needs escaping.</description>"
            f"<pubDate>{published}</pubDate>{picture}</item>")
    with open(out, "w") as file:
        file.write('<?xml version="1.0" encoding="utf-8"?>\n<rss version="2.0" '
                   'xmlns:media="http://search.yahoo.com/mrss/"><channel><title>Wire</title>'
                   '<link>https://bench.example/</link>' + "".join(items) + "</channel></rss>\n")


def section_paths(base: str, brand: str, section: str, out: str) -> None:
    found = cursors(base, f"/api/v1/brands/{brand}/sections/{section}")
    lines = [f"/api/v1/brands/{brand}/sections/{section}?limit={limit}&locale={locale}&cursor={cursor}"
             for cursor in found for limit in (10, 25, 50) for locale in ("en", "nb")]
    shuffled_to(lines, out)
    print(f"{len(found)} section cursors, {len(lines)} paths", file=sys.stderr)


def product_paths(out: str, count: int) -> None:
    lines = [f"/grocery/products/bench-{n}?locale={locale}" for n in range(count) for locale in ("ru", "en")]
    shuffled_to(lines, out)
    print(f"{count} products, {len(lines)} paths", file=sys.stderr)


def article_paths(base: str, brand: str, section: str, out: str) -> None:
    ids = [item["id"] for page in pages(base, f"/api/v1/brands/{brand}/sections/{section}", 50)
           for item in page.get("items", []) if item.get("type") == "teaser" and "id" in item]
    lines = [f"/{brand}/{section}/articles/{urllib.parse.quote(id, safe='')}?locale={locale}"
             for id in ids for locale in ("en", "nb")]
    shuffled_to(lines, out)
    print(f"{len(ids)} stories, {len(lines)} paths", file=sys.stderr)


if __name__ == "__main__":
    if sys.argv[1:2] == ["seed"] and len(sys.argv) == 5:
        seed(sys.argv[2], sys.argv[3], int(sys.argv[4]))
    elif sys.argv[1:2] == ["paths"] and len(sys.argv) == 4:
        paths(sys.argv[2], sys.argv[3])
    elif sys.argv[1:2] == ["wire"] and len(sys.argv) == 4:
        wire(sys.argv[2], int(sys.argv[3]))
    elif sys.argv[1:2] == ["section-paths"] and len(sys.argv) == 6:
        section_paths(*sys.argv[2:6])
    elif sys.argv[1:2] == ["product-paths"] and len(sys.argv) == 4:
        product_paths(sys.argv[2], int(sys.argv[3]))
    elif sys.argv[1:2] == ["article-paths"] and len(sys.argv) == 6:
        article_paths(*sys.argv[2:6])
    else:
        sys.exit(__doc__)
