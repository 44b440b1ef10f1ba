#!/usr/bin/env python3
"""Live-update load for scripts/bench-live.sh: opens N Server-Sent Events streams to a Tidings
server on loopback and keeps them open, reading every byte; optionally posts catalog events and
measures, for each, the time until every stream has its `update` event.

Commands (print one JSON object on stdout):
  hold  BASE PATH N SECONDS              open N streams, report when all are open, hold them
  fanout BASE PATH N WRITES KEY          open N streams, post WRITES events one at a time, report
                                          write -> event latencies over every (write, stream)
Only loopback addresses are accepted."""
import asyncio
import json
import sys
import time
import urllib.request
from urllib.parse import urlsplit


class Stream:
    def __init__(self) -> None:
        self.events: list[tuple[float, str]] = []  # (arrival, event name)
        self.changed = asyncio.Event()
        self.task: asyncio.Task | None = None


async def open_stream(host: str, port: int, path: str, stream: Stream, opened: asyncio.Event | None) -> None:
    reader, writer = await asyncio.open_connection(host, port)
    writer.write(f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nAccept: text/event-stream\r\n\r\n".encode())
    await writer.drain()
    head = await reader.readuntil(b"\r\n\r\n")
    if b" 200 " not in head.split(b"\r\n", 1)[0]:
        raise RuntimeError(f"stream refused: {head[:80]!r}")
    if opened:
        opened.set()
    pending = b""
    while True:
        chunk = await reader.read(65536)
        if not chunk:
            return
        now = time.perf_counter()
        pending += chunk
        while b"\nevent: " in pending:  # chunked framing around the lines does not matter here
            _, _, rest = pending.partition(b"\nevent: ")
            name, _, pending = rest.partition(b"\n")
            stream.events.append((now, name.decode(errors="replace").strip()))
            stream.changed.set()


async def open_all(base: str, path: str, count: int) -> list[Stream]:
    parts = urlsplit(base)
    if parts.hostname not in ("127.0.0.1", "localhost", "::1"):
        raise SystemExit("live_clients: loopback only")
    streams = [Stream() for _ in range(count)]
    tasks = []  # asyncio keeps only weak references to tasks: these keep the readers alive
    for start in range(0, count, 500):  # in batches: the listen backlog is finite
        batch = []
        for stream in streams[start:start + 500]:
            opened = asyncio.Event()
            tasks.append(asyncio.get_running_loop().create_task(
                open_stream(parts.hostname, parts.port, path, stream, opened)))
            batch.append(opened.wait())
        await asyncio.wait_for(asyncio.gather(*batch), 60)
    for stream, task in zip(streams, tasks):
        stream.task = task
    return streams


def post_event(base: str, key: str, n: int) -> None:
    body = json.dumps({"events": [{
        "id": f"bench-live-{time.time_ns()}-{n}", "type": "product_created", "product_id": f"bench-live-{n}",
        "name": f"Bench {n}", "store_price": "10.00"}]}).encode()
    request = urllib.request.Request(f"{base}/api/v1/events", data=body, method="POST", headers={
        "Authorization": f"Bearer {key}", "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        response.read()


def percentile(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


async def hold(base: str, path: str, count: int, seconds: float) -> None:
    started = time.perf_counter()
    streams = await open_all(base, path, count)
    print(json.dumps({"open": count, "seconds_to_open": round(time.perf_counter() - started, 2)}), flush=True)
    await asyncio.sleep(seconds)
    print(json.dumps({"still_open": sum(1 for s in streams if s.events), "held": seconds}), flush=True)


async def fanout(base: str, path: str, count: int, writes: int, key: str) -> None:
    streams = await open_all(base, path, count)
    await asyncio.sleep(1)  # every stream has its `position` event
    latencies: list[float] = []
    lasts: list[float] = []
    cold = None
    posts: list[float] = []  # how long each POST took to be answered
    for n in range(writes + 1):  # the first write warms the server up and is reported alone
        before = [len(s.events) for s in streams]
        sent = time.perf_counter()
        await asyncio.get_running_loop().run_in_executor(None, post_event, base, key, n)
        posts.append((time.perf_counter() - sent) * 1000)
        deadline = sent + 10
        while time.perf_counter() < deadline:
            if all(any(name == "update" for _, name in s.events[b:]) for s, b in zip(streams, before)):
                break
            await asyncio.sleep(0.002)
        arrivals = []
        for s, b in zip(streams, before):
            times = [t for t, name in s.events[b:] if name == "update"]
            if times:
                arrivals.append((times[0] - sent) * 1000)
        if n == 0:
            cold = max(arrivals) if arrivals else float("nan")
        else:
            latencies += arrivals
            lasts.append(max(arrivals) if arrivals else float("nan"))
        if len(arrivals) < count:
            print(json.dumps({"write": n, "missing": count - len(arrivals)}), file=sys.stderr)
        await asyncio.sleep(0.5)
    print(json.dumps({
        "streams": count, "writes": writes, "delivered": len(latencies), "expected": count * writes,
        "p50_ms": round(percentile(latencies, 50), 1), "p99_ms": round(percentile(latencies, 99), 1),
        "last_client_p50_ms": round(percentile(lasts, 50), 1), "last_client_max_ms": round(max(lasts), 1),
        "last_client_per_write_ms": [round(v) for v in lasts], "first_write_last_client_ms": round(cold, 1),
        "post_answered_ms": [round(v) for v in posts],
    }), flush=True)


def main() -> None:
    command, base, path = sys.argv[1], sys.argv[2], sys.argv[3]
    if command == "hold":
        asyncio.run(hold(base, path, int(sys.argv[4]), float(sys.argv[5])))
    elif command == "fanout":
        asyncio.run(fanout(base, path, int(sys.argv[4]), int(sys.argv[5]), sys.argv[6]))
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main()
