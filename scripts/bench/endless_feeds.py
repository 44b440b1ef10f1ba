#!/usr/bin/env python3
"""Never-ending feeds for scripts/bench-endless-feeds.sh: /endless/NAME.rss answers an RSS document
that never ends — small items, one after another, for as long as the client reads (no
Content-Length; the fetcher's cap cuts it). NAME starting with "old" lists the oldest item first,
any other the newest first. No answer starts before the file given as the second argument exists,
so the server under test can be measured idle with the fetches already waiting."""
import os, sys, time
from http.server import ThreadingHTTPServer, BaseHTTPRequestHandler
from email.utils import formatdate

START = 1_700_000_000  # the first item's date (2023-11-14); one item a minute from there


class Endless(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_GET(self):
        while not os.path.exists(sys.argv[2]):
            time.sleep(0.05)
        name = self.path.rsplit("/", 1)[-1].removesuffix(".rss")
        oldest_first = name.startswith("old")
        self.send_response(200)
        self.send_header("Content-Type", "application/rss+xml")
        self.send_header("Connection", "close")
        self.end_headers()
        try:
            self.wfile.write(f'<rss version="2.0"><channel><title>{name}</title>'.encode())
            n = 0
            while True:
                chunk = []
                for _ in range(200):
                    when = START + 60 * n if oldest_first else START + 60 * (10_000_000 - n)
                    chunk.append(
                        f"<item><title>{name} item {n}</title><link>https://bench.example/{name}/{n}</link>"
                        f"<guid>{name}-{n}</guid><pubDate>{formatdate(when, usegmt=True)}</pubDate></item>")
                    n += 1
                self.wfile.write("".join(chunk).encode())
        except (BrokenPipeError, ConnectionResetError):
            pass

    def log_message(self, *args):
        pass


server = ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), Endless)
server.daemon_threads = True
server.serve_forever()
