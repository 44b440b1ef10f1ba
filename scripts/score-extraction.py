#!/usr/bin/env python3
"""Score `tidings extract` on the WCXB pages beside trafilatura and readability-lxml, with one scorer.

What it measures, per page and then averaged over pages (overall and per page kind), as the Web
Content eXtraction Benchmark (WCXB, Murrough Foley, CC-BY-4.0; its scorer is `evaluate.py` in
Murrough-Foley/web-content-extraction-benchmark) does:

- word-level precision, recall and F1: both texts lower-cased, words are `re.findall(r"\\w+", ...)`,
  the two bags of words compared by multiset overlap (overlap / predicted words = precision,
  overlap / reference words = recall). Both empty: 1; exactly one empty: 0 (as evaluate.py).
  21 pages of the dev split have an empty answer: they score 1 only when nothing is extracted.
- `with` found: the share of a page's `with` snippets found in the extracted text; `without` kept:
  the share of its `without` snippets wrongly found there. The test is evaluate.py's:
  `snippet.lower() in text.lower()`, with NO whitespace folding and no other normalisation (a
  curly apostrophe on the page does not match a straight one in a snippet, for every extractor
  alike). Unlike evaluate.py, which counts an empty snippet list as 1.0 (for `without`: "all
  kept"), a page without snippets of a kind is left out of that column's average.
- with --metadata: title equal after folding runs of white space (case kept); author the same,
  on the pages whose answer names one; date on the pages whose answer gives one, compared as
  YYYY-MM-DD (an answer of YYYY-MM matches any day of that month). Shares per field.
- speed: pages per CPU-second of each extractor (tidings: user+system time of its processes, from
  getrusage(RUSAGE_CHILDREN), so process start-up counts; the others: process_time() around the
  library call, in the same worker processes).

The three extractors:

- tidings: `tidings extract PAGE --format json --base URL` (the page decompressed to a temporary
  file; the CLI does not read standard input), run from a copy of the binary taken at the start,
  so that a rebuild during the run cannot mix two versions. Exit status 1 ("not an article")
  still prints what was found, and that is scored; the verdict is counted. The JSON's `html` is
  turned into plain text by html_to_text() below (the same conversion as readability's); the F1
  of its own `text` field is printed beside it (that field runs table cells together: "yesyes").
- trafilatura (pinned below), in-process with the settings of its own benchmark
  (tests/comparison.py, run_trafilatura_fallback): fallback on (fast=False), include_comments=False,
  include_tables=True, include_formatting=False, favor_precision/favor_recall at their defaults,
  output_format="txt", url= the page's URL. On the 1,497 pages this gives F1 0.823 overall and
  0.937 on articles, above WCXB's published 0.791 / 0.926 (P 0.852, R 0.793); without the
  fallback (fast=True, its benchmark's run_trafilatura; --trafilatura-fast) it gives 0.790 / 0.915
  (P 0.868, R 0.799), the published overall figures.
- readability-lxml (pinned below): Document(html, url=URL).summary() through html_to_text().

Pages are read from ../shared/extraction/wcxb-dev (never copied into the repository); when the
folder is absent the script says so and exits 0 ("skipped"). Nothing is fetched: the answers' URL
is only passed on as the base URL.

Install the optional packages (without them their columns say "not installed"):

    python3 -m pip install trafilatura==2.3.1 readability-lxml==0.9

or, in a virtual environment of their own:

    python3 -m venv /tmp/venv-extraction
    /tmp/venv-extraction/bin/python -m pip install -U pip   # pip 23 fails on readability-lxml's extras
    /tmp/venv-extraction/bin/python -m pip install trafilatura==2.3.1 readability-lxml==0.9

Usage (from the repository root; the binary from `swift build --product tidings`):

    scripts/score-extraction.py                                   # tidings only (system python)
    /tmp/venv-extraction/bin/python scripts/score-extraction.py   # all three, all 1,497 pages
    ... scripts/score-extraction.py --split dev --worst 20        # tune on dev
    ... scripts/score-extraction.py --split holdout               # check on the held-out fifth
    ... scripts/score-extraction.py --only tidings --kind article --limit 100 --jobs 2
    ... scripts/score-extraction.py --metadata --json /tmp/scores.json
    ... scripts/score-extraction.py --only trafilatura --trafilatura-fast  # WCXB's published setting
    ... scripts/score-extraction.py --tidings .build/release/tidings

holdout = the pages whose int(sha256(file_id).hexdigest(), 16) % 5 == 0 (304 of 1,497); dev = the
rest (1,193). Both are parts of WCXB's development set, not its own held-out test set. Exit status
0 whatever the scores (this is a measurement, not a test); 1 when there is no tidings binary.
"""

from __future__ import annotations

import argparse
import collections
import gzip
import hashlib
import html.parser
import importlib
import importlib.metadata
import json
import os
import re
import resource
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_PAGES = ROOT.parent / "shared" / "extraction" / "wcxb-dev"
DEFAULT_BINARIES = [ROOT / ".build-i18n" / "debug" / "tidings", ROOT / ".build" / "debug" / "tidings"]

EXTRACTORS = ["tidings", "trafilatura", "readability"]
PINS = {"trafilatura": "trafilatura==2.3.1", "readability": "readability-lxml==0.9"}
DISTRIBUTIONS = {"trafilatura": "trafilatura", "readability": "readability-lxml"}
MODULES = {"trafilatura": "trafilatura", "readability": "readability"}
KIND_ORDER = ["article", "forum", "product", "collection", "listing", "documentation", "service"]

TIDINGS_TIMEOUT = 120
RELINK_RETRIES = 30
RELINK_WAIT = 2.0

# ---------------------------------------------------------------------------------------------
# HTML to plain text


# fmt: off
PARAGRAPH_TAGS = {
    "address", "article", "aside", "blockquote", "details", "dialog", "dl", "fieldset", "figure",
    "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup", "hr", "main", "nav",
    "ol", "p", "pre", "section", "table", "ul",
}
LINE_TAGS = {
    "body", "caption", "center", "dd", "div", "dt", "figcaption", "html", "legend", "li", "option",
    "summary", "tbody", "tfoot", "thead", "tr",
}
# fmt: on
CELL_TAGS = {"td", "th"}
SKIPPED_TAGS = {"script", "style", "template", "head", "title"}
VOID_TAGS = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class TextWriter(html.parser.HTMLParser):
    """Writes HTML as text the way WCXB's answers are written.

    Block elements start a new line; paragraphs, headings, lists, tables, quotes and the like are
    set apart by a blank line; table cells of one row are separated by a space. Runs of white space
    fold to one space outside `pre`. Every text node is kept, except in script, style, template and
    head (never visible text); no alt text, no list markers are added.
    """

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.pending_break = 0  # 0 none, 1 new line, 2 blank line
        self.at_line_start = True
        self.skip_depth = 0
        self.pre_depth = 0

    def request_break(self, level: int):
        """Asks for a line break (1) or a blank line (2) before the next text."""
        self.pending_break = max(self.pending_break, level)

    def handle_starttag(self, tag, attrs):
        """Opens an element: breaks before blocks, a space between cells."""
        if tag in SKIPPED_TAGS:
            self.skip_depth += 1
        elif tag == "br":
            self.pending_break = min(2, self.pending_break + 1)
        elif tag in PARAGRAPH_TAGS:
            self.request_break(2)
        elif tag in LINE_TAGS:
            self.request_break(1)
        elif tag in CELL_TAGS and not self.at_line_start:
            self.write(" ")
        if tag == "pre":
            self.pre_depth += 1

    def handle_startendtag(self, tag, attrs):
        """A self-closed element: only its start matters."""
        self.handle_starttag(tag, attrs)
        if tag in SKIPPED_TAGS:
            self.skip_depth -= 1
        if tag == "pre":
            self.pre_depth -= 1

    def handle_endtag(self, tag):
        """Closes an element: breaks after blocks."""
        if tag in VOID_TAGS:
            return
        if tag in SKIPPED_TAGS:
            self.skip_depth = max(0, self.skip_depth - 1)
        elif tag in PARAGRAPH_TAGS:
            self.request_break(2)
        elif tag in LINE_TAGS:
            self.request_break(1)
        if tag == "pre":
            self.pre_depth = max(0, self.pre_depth - 1)

    def handle_data(self, data):
        """Text: white space folded (outside pre), then written."""
        if self.skip_depth:
            return
        if not self.pre_depth:
            data = re.sub(r"\s+", " ", data)
        self.write(data)

    def write(self, text: str):
        """Appends text after any pending break, never starting a line with a folded space."""
        if self.pending_break and not self.pre_depth:
            text = text.lstrip(" ")
        if not text:
            return
        if self.pending_break and self.parts:
            self.parts[-1] = self.parts[-1].rstrip(" ")
            self.parts.append("\n" * self.pending_break)
            self.at_line_start = True
        self.pending_break = 0
        if self.at_line_start and not self.pre_depth:
            text = text.lstrip(" ")
        elif self.parts and self.parts[-1].endswith(" ") and text.startswith(" "):
            text = text[1:]
        if text:
            self.parts.append(text)
            self.at_line_start = text.endswith("\n")

    def text(self) -> str:
        """The text written so far, trailing spaces of lines removed."""
        joined = "".join(self.parts)
        return "\n".join(line.rstrip() for line in joined.split("\n")).strip("\n")


def html_to_text(markup: str) -> str:
    """Plain text of an HTML fragment or document (see TextWriter)."""
    writer = TextWriter()
    writer.feed(markup)
    writer.close()
    return writer.text()


# ---------------------------------------------------------------------------------------------
# Scoring


def tokenize(text: str) -> list[str]:
    """The benchmark's words: runs of word characters of the lower-cased text."""
    return re.findall(r"\w+", (text or "").lower())


def word_scores(predicted: str, reference: str) -> tuple[float, float, float]:
    """Precision, recall and F1 of the two bags of words (both empty: 1; one empty: 0)."""
    predicted_words = tokenize(predicted)
    reference_words = tokenize(reference)
    if not reference_words:
        return (1.0, 1.0, 1.0) if not predicted_words else (0.0, 0.0, 0.0)
    if not predicted_words:
        return (0.0, 0.0, 0.0)
    overlap = sum((collections.Counter(predicted_words) & collections.Counter(reference_words)).values())
    precision = overlap / len(predicted_words)
    recall = overlap / len(reference_words)
    f1 = 2 * precision * recall / (precision + recall) if overlap else 0.0
    return (precision, recall, f1)


def snippets_found(text: str, snippets: list[str]) -> list[str]:
    """The snippets found in the text (case-insensitive substring test, white space as is)."""
    lowered = (text or "").lower()
    return [snippet for snippet in snippets if snippet.lower() in lowered]


def fold(value) -> str:
    """A metadata value with runs of white space folded to one space ("" for none)."""
    return " ".join(str(value).split()) if value else ""


def date_matches(predicted: str, expected: str) -> bool:
    """True when the predicted YYYY-MM-DD agrees with the answer (YYYY-MM-DD or YYYY-MM)."""
    return bool(predicted) and bool(expected) and predicted[:10].startswith(expected.strip()[:10])


def score_text(page: dict, text: str) -> dict:
    """The per-page scores of one extracted text."""
    precision, recall, f1 = word_scores(text, page["reference"])
    with_found = snippets_found(text, page["with"])
    without_kept = snippets_found(text, page["without"])
    return {
        "f1": f1,
        "precision": precision,
        "recall": recall,
        "with_found": len(with_found),
        "with_total": len(page["with"]),
        "without_kept": without_kept,
        "without_total": len(page["without"]),
    }


def score_metadata(page: dict, found: dict) -> dict:
    """Whether title, author and date agree with the answer (None where the answer has none)."""
    return {
        "title": fold(found.get("title")) == fold(page["title"]) if page["title"] else None,
        "author": fold(found.get("author")) == fold(page["author"]) if page["author"] else None,
        "date": date_matches(found.get("date") or "", page["date"]) if page["date"] else None,
    }


# ---------------------------------------------------------------------------------------------
# Pages


def page_kind(document: dict) -> str:
    """The page kind of a ground-truth file (evaluate.py's reading: category is collection)."""
    page_type = (document.get("_internal") or {}).get("page_type") or {}
    kind = page_type.get("primary", "article") if isinstance(page_type, dict) else str(page_type)
    return "collection" if kind == "category" else kind


def split_of(file_id: str) -> str:
    """holdout for about a fifth of the pages, fixed by a hash of the id; dev for the rest."""
    return "holdout" if int(hashlib.sha256(file_id.encode()).hexdigest(), 16) % 5 == 0 else "dev"


def load_pages(folder: Path, split: str, kinds: set[str] | None, limit: int | None) -> list[dict]:
    """The pages with their answers, filtered by split and kind, the first `limit` of them."""
    pages = []
    for answer_path in sorted((folder / "ground-truth").glob("*.json")):
        document = json.loads(answer_path.read_text(encoding="utf-8"))
        truth = document.get("ground_truth") or {}
        file_id = str(document.get("file_id") or answer_path.stem)
        page = {
            "file_id": file_id,
            "url": document.get("url") or "",
            "kind": page_kind(document),
            "split": split_of(file_id),
            "html_path": str(folder / "html" / f"{answer_path.stem}.html.gz"),
            "reference": truth.get("main_content") or "",
            "with": truth.get("with") or [],
            "without": truth.get("without") or [],
            "title": truth.get("title") or "",
            "author": truth.get("author") or "",
            "date": truth.get("publish_date") or "",
        }
        if split != "all" and page["split"] != split:
            continue
        if kinds and page["kind"] not in kinds:
            continue
        pages.append(page)
    return pages[:limit] if limit else pages


# ---------------------------------------------------------------------------------------------
# Extractors (run in the worker processes)


def optional_versions() -> dict[str, str | None]:
    """The installed version of each optional package (None when it cannot be imported)."""
    versions = {}
    for name, distribution in DISTRIBUTIONS.items():
        try:
            importlib.import_module(MODULES[name])
            versions[name] = importlib.metadata.version(distribution)
        except ImportError:
            versions[name] = None
    return versions


def run_tidings_once(binary: str, page_file: str, url: str) -> tuple[subprocess.CompletedProcess, float]:
    """One `tidings extract` run and the CPU seconds its process used."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    command = [binary, "extract", page_file, "--format", "json"]
    if url:
        command += ["--base", url]
    result = subprocess.run(command, capture_output=True, timeout=TIDINGS_TIMEOUT)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return result, cpu


def run_tidings(binary: str, page_bytes: bytes, url: str, scratch: str) -> dict:
    """Runs tidings on a page; retries while the binary is being relinked (cannot start, crashes,
    or prints no JSON). Returns its JSON, verdict and CPU time, or the error."""
    with tempfile.NamedTemporaryFile(suffix=".html", dir=scratch, delete=False) as handle:
        handle.write(page_bytes)
        page_file = handle.name
    cpu_total = 0.0
    error = ""
    try:
        for _ in range(RELINK_RETRIES):
            try:
                result, cpu = run_tidings_once(binary, page_file, url)
            except subprocess.TimeoutExpired:
                return {"error": f"timed out after {TIDINGS_TIMEOUT} s", "cpu": cpu_total}
            except OSError as error_raised:  # "Text file busy" or missing while relinked
                error = str(error_raised)
                time.sleep(RELINK_WAIT)
                continue
            cpu_total += cpu
            stderr = result.stderr.decode("utf-8", "replace").strip()
            if result.returncode in (0, 1):
                try:
                    output = json.loads(result.stdout)
                    return {"json": output, "exit": result.returncode, "stderr": stderr, "cpu": cpu_total}
                except json.JSONDecodeError:
                    error = f"exit {result.returncode} without JSON: {stderr[:200]}"
            elif result.returncode == 2:
                return {"error": f"cannot read the page: {stderr[:200]}", "exit": 2, "cpu": cpu_total}
            else:
                error = f"exit status {result.returncode}: {stderr[:200]}"
            time.sleep(RELINK_WAIT)
        return {"error": f"gave up after {RELINK_RETRIES} tries: {error}", "cpu": cpu_total}
    finally:
        os.unlink(page_file)


def tidings_date(output: dict) -> str:
    """The publication date as YYYY-MM-DD: the page's own date when written as ISO (no conversion
    to UTC), else the date tidings read (`published`)."""
    written = output.get("published_text") or ""
    if re.match(r"\d{4}-\d{2}-\d{2}", written):
        return written[:10]
    return (output.get("published") or "")[:10]


def tidings_result(page: dict, binary: str, page_bytes: bytes, scratch: str, metadata: bool) -> dict:
    """Extracts with tidings and scores its `html` (through html_to_text) and its `text` field."""
    run = run_tidings(binary, page_bytes, page["url"], scratch)
    if "json" not in run:
        result = score_text(page, "")
        result.update({"error": run["error"], "cpu": run["cpu"], "is_article": None, "f1_text_field": 0.0})
        return result
    output = run["json"]
    text = html_to_text(output.get("html") or "")
    result = score_text(page, text)
    result["f1_text_field"] = word_scores(output.get("text") or "", page["reference"])[2]
    result["cpu"] = run["cpu"]
    result["is_article"] = run["exit"] == 0
    result["not_article_reason"] = output.get("not_article_reason") or (run["stderr"] if run["exit"] else "")
    result["words"] = len(tokenize(text))
    result["kind"] = output.get("kind")
    result["confidence"] = output.get("confidence")
    if metadata:
        found = {"title": output.get("title"), "author": output.get("author"), "date": tidings_date(output)}
        result["metadata"] = score_metadata(page, found)
        result["metadata_found"] = found
    return result


def trafilatura_result(page: dict, markup: str, metadata: bool, fast: bool) -> dict:
    """Extracts with trafilatura as its own benchmark does (fast: without the fallback
    extractors), timed with process_time()."""
    import trafilatura

    started = time.process_time()
    error = ""
    try:
        text = trafilatura.extract(
            markup,
            url=page["url"] or None,
            fast=fast,
            include_comments=False,
            include_tables=True,
            include_formatting=False,
            output_format="txt",
        )
    except Exception as error_raised:  # a library failure is an empty extraction, noted
        text, error = "", f"{type(error_raised).__name__}: {error_raised}"
    cpu = time.process_time() - started
    result = score_text(page, text or "")
    result.update({"cpu": cpu, "words": len(tokenize(text or ""))})
    if error:
        result["error"] = error
    if metadata:
        try:
            document = trafilatura.extract_metadata(markup, default_url=page["url"] or None)
            found = {"title": document.title, "author": document.author, "date": document.date or ""}
        except Exception:  # no metadata is a miss on every field
            found = {}
        result["metadata"] = score_metadata(page, found)
        result["metadata_found"] = found
    return result


def readability_result(page: dict, markup: str) -> dict:
    """Extracts with readability-lxml, its summary through html_to_text, timed with process_time()."""
    from readability import Document

    started = time.process_time()
    error = ""
    try:
        summary = Document(markup, url=page["url"] or None).summary()
    except Exception as error_raised:  # readability raises Unparseable on empty or odd pages
        summary, error = "", f"{type(error_raised).__name__}: {error_raised}"
    cpu = time.process_time() - started
    text = html_to_text(summary)
    result = score_text(page, text)
    result.update({"cpu": cpu, "words": len(tokenize(text))})
    if error:
        result["error"] = error
    return result


def extract_page(task: tuple[dict, list[str], str, dict]) -> tuple[str, dict]:
    """Worker: runs the chosen extractors on one page and returns their per-page scores.
    settings: "metadata" (score title, author, date) and "trafilatura_fast"."""
    page, extractors, binary, settings = task
    metadata = settings["metadata"]
    with gzip.open(page["html_path"], "rb") as handle:
        page_bytes = handle.read()
    markup = page_bytes.decode("utf-8", "replace")  # as the benchmark reads its pages
    results = {}
    with tempfile.TemporaryDirectory(prefix="score-extraction-") as scratch:
        for name in extractors:
            if name == "tidings":
                results[name] = tidings_result(page, binary, page_bytes, scratch, metadata)
            elif name == "trafilatura":
                results[name] = trafilatura_result(page, markup, metadata, settings["trafilatura_fast"])
            elif name == "readability":
                results[name] = readability_result(page, markup)
    return page["file_id"], results


# ---------------------------------------------------------------------------------------------
# Summaries and printing


def mean(values: list[float]) -> float | None:
    """The mean, or None for no values."""
    return sum(values) / len(values) if values else None


def summarize(pages: list[dict], name: str) -> dict:
    """Mean F1, precision, recall and snippet shares of one extractor over some pages."""
    results = [page["results"][name] for page in pages]
    with_rates = [r["with_found"] / r["with_total"] for r in results if r["with_total"]]
    without_rates = [len(r["without_kept"]) / r["without_total"] for r in results if r["without_total"]]
    return {
        "pages": len(results),
        "f1": mean([r["f1"] for r in results]),
        "precision": mean([r["precision"] for r in results]),
        "recall": mean([r["recall"] for r in results]),
        "with": mean(with_rates),
        "without": mean(without_rates),
    }


def format_number(value: float | None, percent: bool = False) -> str:
    """0.123 or 12.3 %, or a dash for no value."""
    if value is None:
        return "—"
    return f"{100 * value:.1f}%" if percent else f"{value:.3f}"


def column_title(name: str, versions: dict, trafilatura_fast: bool) -> str:
    """An extractor's column heading, or what to install when it is missing."""
    if name == "tidings":
        return "tidings"
    if versions.get(name) is None:
        return f"{name}: not installed (pip install {PINS[name]})"
    fast = " (fast: no fallback)" if name == "trafilatura" and trafilatura_fast else ""
    return f"{DISTRIBUTIONS[name]} {versions[name]}{fast}"


def print_table(pages: list[dict], extractors: list[str], available: list[str], versions: dict, fast: bool):
    """The table: overall and each page kind, five columns per extractor (blank when missing)."""
    heading = f"{'F1':>6} {'prec':>6} {'recall':>6} {'with':>7} {'w/o kept':>8}  "
    titles = [column_title(name, versions, fast) for name in extractors]
    widths = [max(len(heading), len(title) + 2) for title in titles]
    kinds = [kind for kind in KIND_ORDER if any(page["kind"] == kind for page in pages)]
    kinds += sorted({page["kind"] for page in pages} - set(KIND_ORDER))
    print(f"{'':22}" + "".join(f"{title:<{width}}" for title, width in zip(titles, widths)))
    headings = [heading if name in available else "" for name in extractors]
    print(f"{'kind':<15}{'pages':>6} " + "".join(f"{text:<{width}}" for text, width in zip(headings, widths)).rstrip())
    print("-" * (22 + sum(widths)))
    rows = [("overall", pages)] + [(kind, [page for page in pages if page["kind"] == kind]) for kind in kinds]
    for label, chosen in rows:
        line = f"{label:<15}{len(chosen):>6} "
        for name, width in zip(extractors, widths):
            if name not in available:
                line += " " * width
                continue
            summary = summarize(chosen, name)
            cells = (
                f"{format_number(summary['f1']):>6} {format_number(summary['precision']):>6} "
                f"{format_number(summary['recall']):>6} {format_number(summary['with'], True):>7} "
                f"{format_number(summary['without'], True):>8}"
            )
            line += f"{cells:<{width}}"
        print(line.rstrip())


def print_verdicts(pages: list[dict]):
    """How many pages tidings called "not an article", articles first, and its errors."""
    results = [(page, page["results"]["tidings"]) for page in pages]
    articles = [(page, result) for page, result in results if page["kind"] == "article"]
    refused = [page for page, result in articles if result.get("is_article") is False]
    others = [page for page, result in results if page["kind"] != "article" and result.get("is_article") is False]
    errors = [(page, result) for page, result in results if result.get("error")]
    print(f'tidings: {len(refused)} of {len(articles)} articles called "not an article" (exit 1, still scored);')
    print(
        f"         {len(others)} of {len(results) - len(articles)} pages of other kinds called so; errors: {len(errors)}"
    )
    reasons = collections.Counter(page["results"]["tidings"].get("not_article_reason") or "?" for page in refused)
    for reason, count in reasons.most_common():
        print(f"         articles refused for {reason!r}: {count}")
    for page, result in errors[:10]:
        print(f"         error on {page['file_id']}: {result['error']}")
    mean_text_field = mean([result.get("f1_text_field", 0.0) for _, result in results])
    print(f"tidings F1 scoring its own `text` field instead of its `html`: {format_number(mean_text_field)}")
    kinds = [(page["kind"], result.get("kind")) for page, result in results if result.get("kind")]
    if kinds:
        right = sum(1 for truth, said in kinds if truth == said)
        print(f"tidings `kind` agrees with the page's kind on {right} of {len(kinds)} pages ({100 * right / len(kinds):.1f}%):")
        for kind in sorted({truth for truth, _ in kinds}):
            said = collections.Counter(guess for truth, guess in kinds if truth == kind)
            told = ", ".join(f"{name} {count}" for name, count in said.most_common())
            print(f"         {kind:<14} {said[kind]:>4} of {sum(said.values()):>4}  ({told})")
    pairs = [(result["confidence"], result["f1"]) for _, result in results if result.get("confidence") is not None]
    if len(pairs) > 2:
        print(f"tidings `confidence` against F1: Pearson r = {correlation(pairs):.3f} over {len(pairs)} pages")
        for low, high in ((0.0, 0.25), (0.25, 0.5), (0.5, 0.75), (0.75, 1.01)):
            band = [f1 for confidence, f1 in pairs if low <= confidence < high]
            if band:
                print(f"         confidence {low:.2f}-{min(high, 1.0):.2f}: {len(band):>4} pages, mean F1 {mean(band):.3f}")


def correlation(pairs: list[tuple[float, float]]) -> float:
    """Pearson's r of the pairs (0 when either side does not vary)."""
    xs = [x for x, _ in pairs]
    ys = [y for _, y in pairs]
    mx, my = mean(xs), mean(ys)
    sx = sum((x - mx) ** 2 for x in xs) ** 0.5
    sy = sum((y - my) ** 2 for y in ys) ** 0.5
    if sx == 0 or sy == 0:
        return 0.0
    return sum((x - mx) * (y - my) for x, y in pairs) / (sx * sy)


def print_metadata(pages: list[dict], available: list[str]):
    """The share of pages whose title, author and date agree with the answer, per extractor."""
    print("metadata (share right where the answer gives the field):")
    for name in available:
        if name == "readability":
            continue
        cells = []
        for field in ("title", "author", "date"):
            checks = [page["results"][name]["metadata"][field] for page in pages]
            checks = [check for check in checks if check is not None]
            share = format_number(mean([1.0 if check else 0.0 for check in checks]), True)
            cells.append(f"{field} {share} of {len(checks)}")
        print(f"  {name:<12} " + ", ".join(cells))


def print_speed(pages: list[dict], available: list[str]):
    """Pages per CPU-second of each extractor."""
    print("speed (pages per CPU-second; tidings includes its process start-up):")
    for name in available:
        cpu = sum(page["results"][name]["cpu"] for page in pages)
        rate = len(pages) / cpu if cpu else float("inf")
        print(f"  {name:<12} {rate:8.1f} pages/CPU-s  ({cpu:.1f} CPU-s for {len(pages)} pages)")


def print_worst(pages: list[dict], count: int):
    """The pages where tidings scores lowest, with the boilerplate it kept."""
    ranked = sorted(pages, key=lambda page: (page["results"]["tidings"]["f1"], page["file_id"]))[:count]
    print(f"tidings' {len(ranked)} worst pages:")
    print(f"  {'page':<6} {'F1':>6} {'prec':>6} {'recall':>6}  {'kind':<13} {'article?':<9} url")
    for page in ranked:
        result = page["results"]["tidings"]
        verdict = {True: "yes", False: "no", None: "error"}[result.get("is_article")]
        print(
            f"  {page['file_id']:<6} {result['f1']:>6.3f} {result['precision']:>6.3f} {result['recall']:>6.3f}  "
            f"{page['kind']:<13} {verdict:<9} {page['url']}"
        )
        if result.get("not_article_reason"):
            print(f"         not an article: {result['not_article_reason']}")
        for snippet in result["without_kept"]:
            print(f"         kept: {snippet!r}")


def write_json(path: Path, pages: list[dict], available: list[str], header: dict):
    """Writes the per-page scores of every extractor, for later diffing."""
    records = []
    for page in pages:
        fields = {key: page[key] for key in ("file_id", "kind", "split", "url")}
        fields["extractors"] = {name: page["results"][name] for name in available}
        records.append(fields)
    summary = {name: summarize(pages, name) for name in available}
    document = dict(header, summary=summary, pages=records)
    path.write_text(json.dumps(document, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


# ---------------------------------------------------------------------------------------------
# Main


def version_lines(binary: Path | None, binary_version: str, versions: dict) -> list[str]:
    """What ran: the tidings binary and its version, the optional packages and their pins."""
    if binary is None:
        lines = ["tidings not run"]
    else:
        shown = binary.relative_to(ROOT) if binary.is_relative_to(ROOT) else binary
        build = ", a debug build" if "/debug/" in str(binary) else ""
        lines = [f"{binary_version} ({shown}{build})"]
    for name in ("trafilatura", "readability"):
        lines.append(f"{DISTRIBUTIONS[name]} {versions[name] or 'not installed'} (pinned {PINS[name]})")
    if versions.get("trafilatura") or versions.get("readability"):
        lines.append(f"lxml {importlib.metadata.version('lxml')}")
    return lines


def run_pages(pages: list[dict], available: list[str], binary: Path | None, settings: dict, jobs: int):
    """Runs the extractors on every page in a pool of processes; stores each page's results."""
    tasks = [(page, available, str(binary), settings) for page in pages]
    by_id = {page["file_id"]: page for page in pages}
    with ProcessPoolExecutor(max_workers=max(1, jobs)) as pool:
        for done, (file_id, results) in enumerate(pool.map(extract_page, tasks, chunksize=4), start=1):
            by_id[file_id]["results"] = results
            if done % 100 == 0:
                print(f"  {done}/{len(pages)} pages", file=sys.stderr)


def parse_arguments() -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=Path, default=DEFAULT_PAGES, help="the wcxb-dev folder")
    parser.add_argument("--only", default=",".join(EXTRACTORS), help="comma-separated: tidings,trafilatura,readability")
    parser.add_argument("--split", choices=["all", "dev", "holdout"], default="all")
    parser.add_argument("--kind", help="only pages of these kinds (comma-separated, e.g. article)")
    parser.add_argument("--limit", type=int, help="only the first N pages (after the filters)")
    parser.add_argument("--worst", type=int, default=0, help="print tidings' N worst pages")
    parser.add_argument("--json", type=Path, help="write per-page scores of every extractor here")
    parser.add_argument("--metadata", action="store_true", help="also score title, author and date")
    parser.add_argument(
        "--trafilatura-fast", action="store_true", help="trafilatura without its fallback (as WCXB's published figures)"
    )
    parser.add_argument("--tidings", type=Path, help="the tidings binary (default .build-i18n/debug, .build/debug)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes")
    arguments = parser.parse_args()
    arguments.only = [name.strip() for name in arguments.only.split(",") if name.strip()]
    unknown = [name for name in arguments.only if name not in EXTRACTORS]
    if unknown:
        parser.error(f"unknown extractor(s) {', '.join(unknown)}; choose from {', '.join(EXTRACTORS)}")
    return arguments


def snapshot_binary(binary: Path, folder: str) -> tuple[Path, str]:
    """Copies the binary into `folder` so that a rebuild during the run cannot mix two versions;
    retries while it is being relinked (a copy that does not answer --version). Returns the copy
    and its version."""
    copy = Path(folder) / "tidings"
    for _ in range(RELINK_RETRIES):
        try:
            shutil.copy2(binary, copy)
            result = subprocess.run([str(copy), "--version"], capture_output=True, text=True, timeout=60)
            if result.returncode == 0:
                return copy, result.stdout.strip()
        except (OSError, subprocess.TimeoutExpired):
            pass
        time.sleep(RELINK_WAIT)
    return binary, "unknown (could not take a copy; the binary itself is used)"


def find_binary(given: Path | None) -> Path | None:
    """The tidings binary: the one given (relative to the repository root), else the first built."""
    if given:
        path = given if given.is_absolute() else ROOT / given
        return path if path.exists() else None
    return next((path for path in DEFAULT_BINARIES if path.exists()), None)


def main():
    """Runs the extractors over the pages in parallel and prints the scores."""
    arguments = parse_arguments()
    started_wall = time.monotonic()
    command = shlex.join([sys.executable, *sys.argv])
    if not (arguments.pages / "ground-truth").is_dir():
        print(f"score-extraction: {arguments.pages} is absent (it lives beside the clone in ../shared); skipped")
        return 0
    extractors = [name for name in EXTRACTORS if name in arguments.only]
    versions = optional_versions()
    binary = None
    if "tidings" in extractors:
        binary = find_binary(arguments.tidings)
        if binary is None:
            where = arguments.tidings or " or ".join(str(path.relative_to(ROOT)) for path in DEFAULT_BINARIES)
            print(f"score-extraction: no tidings binary at {where}; build it with `swift build --product tidings`")
            return 1
    available = [name for name in extractors if name == "tidings" or versions.get(name)]
    kinds = {kind.strip() for kind in arguments.kind.split(",")} if arguments.kind else None
    pages = load_pages(arguments.pages, arguments.split, kinds, arguments.limit)
    if not pages:
        print("score-extraction: no pages match the filters")
        return 0

    print(f"scoring {len(pages)} pages ({arguments.split} split) with {', '.join(available)}; {arguments.jobs} jobs")
    with tempfile.TemporaryDirectory(prefix="score-extraction-") as snapshot_folder:
        binary_version = ""
        copy = None
        if binary:
            copy, binary_version = snapshot_binary(binary, snapshot_folder)
        settings = {"metadata": arguments.metadata, "trafilatura_fast": arguments.trafilatura_fast}
        run_pages(pages, available, copy, settings, arguments.jobs)
    wall = time.monotonic() - started_wall

    print()
    print_table(pages, extractors, available, versions, arguments.trafilatura_fast)
    print()
    if "tidings" in available:
        print_verdicts(pages)
    if arguments.metadata:
        print_metadata(pages, available)
    print_speed(pages, available)
    if arguments.worst and "tidings" in available:
        print()
        print_worst(pages, arguments.worst)
    print()
    print("versions: " + "; ".join(version_lines(binary, binary_version, versions)))
    print(f"pages: {arguments.pages} ({len(pages)} pages, split {arguments.split}); wall time {wall:.0f} s")
    print(f"command: {command}")
    if arguments.json:
        header = {
            "command": command,
            "split": arguments.split,
            "versions": versions,
            "trafilatura_fast": arguments.trafilatura_fast,
            "wall_seconds": wall,
        }
        write_json(arguments.json, pages, available, header)
        print(f"per-page scores written to {arguments.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
