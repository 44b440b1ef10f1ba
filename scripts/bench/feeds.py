#!/usr/bin/env python3
"""Fixture feeds for scripts/bench-sections.sh: /feed/NAME.rss answers an RSS document whose newest
item changes every few seconds, so a poller keeps finding new entries. Honours If-None-Match."""
import sys, time
from http.server import ThreadingHTTPServer, BaseHTTPRequestHandler
from email.utils import formatdate

PERIOD = 3  # seconds between new items of one feed


class Feeds(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_GET(self):
        name = self.path.rsplit("/", 1)[-1].removesuffix(".rss")
        tick = int(time.time() // PERIOD)
        etag = f'"{tick}"'
        if self.headers.get("If-None-Match") == etag:
            self.send_response(304)
            self.send_header("ETag", etag)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        items = []
        for n in range(tick, tick - 30, -1):
            items.append(
                f"<item><title>{name} story {n}</title><link>https://bench.example/{name}/{n}</link>"
                f"<description>Story {n} of {name}, with a sentence or two of summary text.</description>"
                f"<pubDate>{formatdate(n * PERIOD, usegmt=True)}</pubDate></item>")
        body = f'<rss version="2.0"><channel><title>{name}</title>{"".join(items)}</channel></rss>'.encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/rss+xml")
        self.send_header("ETag", etag)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


server = ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), Feeds)
server.serve_forever()
