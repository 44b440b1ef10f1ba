#!/usr/bin/env python3
"""Extraction speed beside trafilatura's, in one sitting, rounds alternated.

Each round runs `tidings bench extract PAGES --runs 1` (single-threaded, in-process; its own
MB/s, pages/s and slowest page) and then trafilatura over the same pages in this process, with
its benchmark's settings (no comments, tables kept, as scripts/score-extraction.py runs it).
Both are counted in CPU seconds: trafilatura's with process_time(), tidings's as the CPU its
whole `bench extract` process used (reading the files, building the trees, and the sanitizer
pass it runs beside as its baseline included — an upper bound on what extraction costs).
The figure to compare is pages per CPU-second, tidings's over trafilatura's, medians of the
rounds; docs/benchmarks.md records it.

    python3 scripts/bench-extract-speed.py --tidings .build/release/tidings --rounds 3

PAGES defaults to the WCXB development pages (../shared/extraction/wcxb-dev/html/*.html.gz,
decompressed into a temporary folder); trafilatura must be importable (docs/extraction.md says how
to install the pinned version).
"""

import argparse
import gzip
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WCXB = ROOT.parent / "shared" / "extraction" / "wcxb-dev" / "html"


def pages_folder(argument: str | None, scratch: str) -> Path:
    """The folder of .html pages: the one given, or the WCXB pages decompressed into `scratch`."""
    if argument:
        return Path(argument)
    if not WCXB.is_dir():
        sys.exit(f"no pages: {WCXB} is absent (it exists beside the team's clones and in CI); pass --pages DIR")
    folder = Path(scratch) / "pages"
    folder.mkdir()
    for source in sorted(WCXB.glob("*.html.gz")):
        (folder / source.name[: -len(".gz")]).write_bytes(gzip.decompress(source.read_bytes()))
    return folder


def run_tidings(binary: str, folder: Path) -> dict:
    """One `tidings bench extract` run: its own figures and the CPU seconds its process used."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    result = subprocess.run(
        [binary, "bench", "extract", str(folder), "--runs", "1"], capture_output=True, text=True, check=True
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    line = next(line for line in result.stdout.splitlines() if line.startswith("extraction:"))
    match = re.search(r"([\d.]+) MB/s, (\d+) pages/s.*slowest page (\S+) ([\d.]+) ms", line)
    if not match:
        sys.exit(f"unexpected output of tidings bench extract: {line}")
    return {
        "mb_per_s": float(match.group(1)),
        "pages_per_s": float(match.group(2)),
        "slowest": f"{match.group(3)} {match.group(4)} ms",
        "cpu": cpu,
    }


def run_trafilatura(pages: list[tuple[str, str]]) -> dict:
    """trafilatura over every page in this process, CPU seconds by process_time()."""
    import trafilatura

    started = time.process_time()
    slowest = (0.0, "")
    for name, markup in pages:
        page_started = time.process_time()
        try:
            trafilatura.extract(
                markup, include_comments=False, include_tables=True, include_formatting=False, output_format="txt"
            )
        except Exception:  # a library failure costs what it cost
            pass
        spent = time.process_time() - page_started
        if spent > slowest[0]:
            slowest = (spent, name)
    return {"cpu": time.process_time() - started, "slowest": f"{slowest[1]} {slowest[0] * 1000:.1f} ms"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tidings", default=str(ROOT / ".build" / "release" / "tidings"), help="tidings binary")
    parser.add_argument("--pages", help="folder of .html pages (default: the WCXB development pages)")
    parser.add_argument("--rounds", type=int, default=2, help="rounds, tidings then trafilatura in each")
    arguments = parser.parse_args()
    if not os.access(arguments.tidings, os.X_OK):
        sys.exit(f"{arguments.tidings} is not an executable (build it: swift build -c release --product tidings)")
    try:
        import trafilatura
    except ImportError:
        sys.exit("trafilatura is not importable here (docs/extraction.md: how to install the pinned version)")
    with tempfile.TemporaryDirectory() as scratch:
        folder = pages_folder(arguments.pages, scratch)
        files = sorted(folder.rglob("*.html"))
        pages = [(path.name, path.read_text(encoding="utf-8", errors="replace")) for path in files]
        megabytes = sum(path.stat().st_size for path in files) / 1e6
        print(f"{len(pages)} pages, {megabytes:.1f} MB, trafilatura {trafilatura.__version__}, {arguments.rounds} rounds")
        ratios = []
        for round_number in range(1, arguments.rounds + 1):
            ours = run_tidings(arguments.tidings, folder)
            theirs = run_trafilatura(pages)
            our_rate = len(pages) / ours["cpu"]
            their_rate = len(pages) / theirs["cpu"]
            ratios.append(our_rate / their_rate)
            print(
                f"round {round_number}: tidings {ours['mb_per_s']:.1f} MB/s, {ours['pages_per_s']:.0f} pages/s,"
                f" slowest {ours['slowest']}; {our_rate:.1f} pages per CPU-second with its process"
                f" | trafilatura {their_rate:.1f} pages per CPU-second, slowest {theirs['slowest']}"
                f" | ratio {our_rate / their_rate:.2f}"
            )
        print(f"median ratio (tidings / trafilatura, pages per CPU-second): {statistics.median(ratios):.2f}")


if __name__ == "__main__":
    main()
