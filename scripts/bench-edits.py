#!/usr/bin/env python3
"""Edit-to-visible latency across instances: three `tidings serve` on one PostgreSQL database,
an editor's change (a section's title through the admin API) made through each in
turn, and how long until each of the other two serves it. Prints p50, p90, p99 and the maximum.

Usage: scripts/bench-edits.py [--binary PATH] [--edits N] [--database URL]
  --binary    the tidings binary (default .build/release/tidings; build it with
              `swift build -c release --product tidings`)
  --edits     changes to make (default 60; each is timed on the two other instances)
  --database  a PostgreSQL URL (default: a throwaway cluster from scripts/start-postgres.sh 5435,
              a fresh database in it each run)

Loopback only. Standard library only. Each server polls the database's brands version every
second and hears PostgreSQL's NOTIFY at once; this measures what a reader of another instance
sees: the time from the editor's 200 to the first page that shows the change, polled every 5 ms.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def request(method: str, url: str, key: str | None = None, body: dict | None = None,
            headers: dict | None = None) -> tuple[int, dict, bytes]:
    data = json.dumps(body).encode() if body is not None else None
    all_headers = {"Content-Type": "application/json"} if body is not None else {}
    if key:
        all_headers["Authorization"] = f"Bearer {key}"
    all_headers.update(headers or {})
    req = urllib.request.Request(url, method=method, data=data, headers=all_headers)
    try:
        with urllib.request.urlopen(req, timeout=10) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(share * (len(ordered) - 1))))
    return ordered[index]


def wait_for(condition, timeout: float, what: str, interval: float = 0.005) -> float:
    start = time.monotonic()
    while time.monotonic() - start < timeout:
        if condition():
            return time.monotonic() - start
        time.sleep(interval)
    raise SystemExit(f"bench-edits: {what} not within {timeout} s")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", default=str(ROOT / ".build/release/tidings"))
    parser.add_argument("--edits", type=int, default=60)
    parser.add_argument("--database")
    arguments = parser.parse_args()
    binary = Path(arguments.binary).resolve()
    if not binary.exists():
        raise SystemExit(f"bench-edits: no binary at {binary}; build one with swift build -c release --product tidings")

    database = arguments.database
    if not database:
        out = subprocess.run([str(ROOT / "scripts/start-postgres.sh"), "5435"], capture_output=True, text=True,
                             check=True).stdout
        base = re.search(r"postgres://\S+", out).group(0).strip("'\"")
        name = f"bench_edits_{os.getpid()}"
        subprocess.run(["psql", base, "-q", "-c", f"CREATE DATABASE {name}"], check=True, capture_output=True)
        database = base.replace("/postgres?", f"/{name}?")

    folder = Path(tempfile.mkdtemp(prefix="tidings-bench-edits-"))
    feed = folder / "wire.rss"
    items = "".join(
        f"<item><title>Story {n}</title><link>https://news.example/{n}</link><guid>s{n}</guid>"
        f"<pubDate>Wed, 02 Dec 2026 {n % 24:02d}:00:00 GMT</pubDate></item>" for n in range(1, 41))
    feed.write_text(f"<rss version=\"2.0\"><channel><title>Wire</title>{items}</channel></rss>")
    (folder / "brands.yaml").write_text(
        "brands:\n  - id: desk\n    name: Desk\n    sections:\n"
        "      - {id: wire, title: Wire, source: {type: file, path: wire.rss}}\n")
    environment = {k: v for k, v in os.environ.items() if not k.startswith("TIDINGS_")}
    environment["TIDINGS_LIMITS_KEY_RATE"] = "0"
    servers = []
    bases = []
    try:
        for index in range(3):
            log = open(folder / f"server-{index}.log", "wb")
            process = subprocess.Popen(
                [str(binary), "serve", "--port", "0", "--no-demo", "--config", "brands.yaml", "--database", database],
                cwd=folder, stdout=log, stderr=subprocess.STDOUT, env=environment)
            servers.append(process)
            path = folder / f"server-{index}.log"

            def listening() -> str | None:
                match = re.search(r"listening on (http://\S+)", path.read_text(errors="replace"))
                return match.group(1) if match else None

            wait_for(lambda: listening() is not None, 60, f"server {index} listening", 0.05)
            bases.append(listening())
        key = subprocess.run([str(binary), "keys", "create", "--name", "bench", "--scope", "admin",
                              "--database", database], capture_output=True, text=True, check=True,
                             env=environment).stdout.strip()
        section = "/api/v1/admin/brands/desk/sections/wire"
        page = "/api/v1/brands/desk/sections/wire?limit=5"
        wait_for(lambda: b'"type":"teaser"' in request("GET", bases[0] + page)[2], 60, "the wire read", 0.05)
        seen: list[float] = []
        for edit in range(arguments.edits):
            through = edit % 3
            for base in bases:  # every instance has the page cached, as under readers
                request("GET", base + page)
            status, headers, _ = request("GET", bases[through] + section, key)
            title = f"Wire, edition {edit}"
            status, _, body = request("PATCH", bases[through] + section, key, {"title": title},
                                      {"If-Match": headers.get("ETag", "*")})
            if status != 200:
                raise SystemExit(f"bench-edits: the edit answered {status}: {body[:300]!r}")
            needle = json.dumps(title).encode()
            for index, base in enumerate(bases):
                if index != through:
                    seen.append(wait_for(lambda: needle in request("GET", base + page)[2], 10,
                                         f"edition {edit} on instance {index}"))
        ms = [value * 1000 for value in seen]
        print(f"{len(ms)} reads of {arguments.edits} edits on the two other instances "
              f"(PostgreSQL, {binary.parent.name} build):")
        print(f"edit to visible: p50 {percentile(ms, 0.5):.1f} ms, p90 {percentile(ms, 0.9):.1f} ms, "
              f"p99 {percentile(ms, 0.99):.1f} ms, max {max(ms):.1f} ms, mean {statistics.mean(ms):.1f} ms")
    finally:
        for process in servers:
            process.terminate()
        for process in servers:
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
    return 0


if __name__ == "__main__":
    sys.exit(main())
