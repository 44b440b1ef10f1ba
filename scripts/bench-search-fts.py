#!/usr/bin/env python3
"""What SQLite's FTS5 costs a search, statement by statement (docs/benchmarks.md, issue 43).

Asks a file filled by `tidings bench search --database sqlite:FILE` the FTS5 statements the
searcher sends (Sources/TidingsStore/Search/SQLStore+Search.swift: slices of 300 matches newest
first, then the title check over the slice's range of seqs) for queries made as the bench makes
them (one word of a stored entry, three words of one, two neighbouring summary words as a
phrase), and times them against other ways of asking:

  plans FILE          the searcher's plan; reading older slices forwards in growing windows;
                      the title check by the found rowids (`rowid IN`) instead of their range
  files FILE FILE...  the searcher's plan on several files (e.g. a copy after FTS5 'optimize'),
                      the same queries on each, alternated, twice
  copies FILE         two copies of FILE beside it: FILE-optimized (FTS5 'optimize': one
                      segment) and FILE-polled (that, then 30 polls of 1,000 entries indexed
                      again from the file's newest, as a day of polls adds small segments)
  pairs FILE          a sample of the file's entries indexed again into two new FTS5 tables,
                      without and with each pair of neighbouring terms as one more token: what
                      inserting costs, the index's size, and a phrase asked of each

The words' forms are approximated with Python's snowballstemmer (the server's own analyzers are
in Swift): each word is asked in its English, Russian, Norwegian, Swedish and German stems and as
written, as `SearchQuery` does. Times are FTS5's alone (no rows read, no Swift).

Needs: pip install pysqlite3-binary snowballstemmer
"""

import json
import os
import random
import statistics
import sys
import time

import pysqlite3 as sqlite3
import snowballstemmer

STEMMERS = [
    snowballstemmer.stemmer(name) for name in ("english", "russian", "norwegian", "swedish", "german")
]
SLICE = 300
PAIR = "\ue000"  # a private-use character: unicode61 keeps it inside a token


def connect(path):
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    db.execute("PRAGMA mmap_size = 1073741824")  # as the server's readers
    return db


def quoted(text):
    return '"' + text.replace('"', '""') + '"'


def match(words, phrase, title=False):
    columns = "{title}" if title else "{title body}"

    def part(sequences):
        return columns + " : (" + " OR ".join(quoted(" ".join(s)) for s in sorted(sequences)) + ")"

    if phrase:
        sequences = {tuple(s.stemWord(w) for w in words) for s in STEMMERS} | {tuple(words)}
        return "(" + part(sequences) + ")"
    clauses = [part({(f,) for f in {w} | {s.stemWord(w) for s in STEMMERS}}) for w in words]
    return "(" + " AND ".join("(" + c + ")" for c in clauses) + ")"


class Queries:
    def __init__(self, db, seed):
        self.db = db
        self.random = random.Random(seed)
        self.top = db.execute("SELECT MAX(seq) FROM entries").fetchone()[0]

    def text(self, seq):
        row = self.db.execute("SELECT item FROM entries WHERE seq = ?", (seq,)).fetchone()
        item = json.loads(row[0]) if row else {}
        return item.get("title", "").lower().split(), item.get("summary", "").lower().split()

    def make(self, kind):
        while True:
            title, summary = self.text(self.random.randint(1, self.top))
            if len(summary) >= 2:
                break
        words = title + summary
        if kind == "1 word":
            return [self.random.choice(words)], False
        if kind == "3 words":
            return [self.random.choice(words) for _ in range(3)], False
        start = self.random.randrange(len(summary) - 1)
        return summary[start : start + 2], True

    def sample(self, each):
        return [(kind, self.make(kind)) for kind in ("1 word", "3 words", "phrase") for _ in range(each)]


def title_check(db, titled, seqs, by_rowids=False):
    if not seqs:
        return set()
    if by_rowids:
        listed = ",".join(str(s) for s in seqs)
        sql = f"SELECT rowid FROM entry_search WHERE entry_search MATCH ? AND rowid IN ({listed})"
        return {r[0] for r in db.execute(sql, (titled,))}
    sql = "SELECT rowid FROM entry_search WHERE entry_search MATCH ? AND rowid >= ? AND rowid <= ?"
    return {r[0] for r in db.execute(sql, (titled, seqs[-1], seqs[0]))}


def searcher(db, top, words, phrase, by_rowids=False):
    """The searcher's plan: slices newest first until 300 matches or none older."""
    asked, titled = match(words, phrase), match(words, phrase, title=True)
    below, found, in_title = top + 1, [], set()
    while len(found) < SLICE:
        sql = (
            "SELECT rowid FROM entry_search WHERE entry_search MATCH ? AND rowid < ? "
            f"ORDER BY rowid DESC LIMIT {SLICE}"
        )
        seqs = [r[0] for r in db.execute(sql, (asked, below))]
        in_title |= title_check(db, titled, seqs, by_rowids)
        found += seqs
        if len(seqs) < SLICE:
            break
        below = seqs[-1]
    return found[:SLICE], in_title


def windows(db, top, words, phrase, first=20_000, growth=4):
    """The newest window backwards; older windows forwards, each `growth` times the last."""
    asked, titled = match(words, phrase), match(words, phrase, title=True)
    upper, width, found, in_title = top + 1, first, [], set()
    while len(found) < SLICE and upper > 0:
        lower = max(upper - width, 0)
        order = f"DESC LIMIT {SLICE}" if upper == top + 1 else "ASC"
        sql = (
            "SELECT rowid FROM entry_search WHERE entry_search MATCH ? AND rowid >= ? AND rowid < ? "
            f"ORDER BY rowid {order}"
        )
        seqs = [r[0] for r in db.execute(sql, (asked, lower, upper))]
        if order == "ASC":
            seqs.reverse()
        seqs = seqs[: SLICE - len(found)]
        in_title |= title_check(db, titled, seqs)
        found += seqs
        upper, width = lower, width * growth
    return found, in_title


def timed(plan, queries):
    by_kind = {}
    for kind, (words, phrase) in queries:
        started = time.perf_counter()
        answer = plan(words, phrase)
        by_kind.setdefault(kind, []).append((time.perf_counter() - started, answer))
    return by_kind


def summary(times):
    times = sorted(times)
    return "median %6.2f  mean %6.2f  p90 %6.2f  max %6.2f ms" % (
        statistics.median(times) * 1e3,
        statistics.mean(times) * 1e3,
        times[int(len(times) * 0.9)] * 1e3,
        times[-1] * 1e3,
    )


def plans(path):
    db = connect(path)
    queries = Queries(db, 7)
    asked = queries.sample(40)
    top = queries.top
    ways = {
        "searcher": lambda w, p: searcher(db, top, w, p),
        "windows": lambda w, p: windows(db, top, w, p),
        "title by rowids": lambda w, p: searcher(db, top, w, p, by_rowids=True),
    }
    answers = None
    for round in (1, 2):
        for name, plan in ways.items():
            by_kind = timed(plan, asked)
            flat = [a for kind in by_kind for _, a in by_kind[kind]]
            if answers is None:
                answers = flat
            elif flat != answers:
                sys.exit(f"{name} answered differently from the searcher")
            if round == 2:
                for kind, runs in by_kind.items():
                    print(f"{name:16} {kind:8} {summary([t for t, _ in runs])}")


def files(paths):
    dbs = [connect(p) for p in paths]
    queries = Queries(dbs[0], 9)
    asked = queries.sample(60)
    for round in (1, 2, 3):
        for path, db in zip(paths, dbs):
            by_kind = timed(lambda w, p: searcher(db, queries.top, w, p), asked)
            if round > 1:  # the first round reads the files into the page cache
                for kind, runs in by_kind.items():
                    print(f"{os.path.basename(path):16} {kind:8} {summary([t for t, _ in runs])}")


def copies(path):
    source = sqlite3.connect(path)
    for suffix in ("-optimized", "-polled"):
        target = sqlite3.connect(path + suffix)
        source.backup(target)
        target.execute("PRAGMA journal_mode = WAL")
        started = time.perf_counter()
        target.execute("INSERT INTO entry_search (entry_search) VALUES ('optimize')")
        target.commit()
        print(f"{path}{suffix}: optimized in {time.perf_counter() - started:.1f} s")
        if suffix == "-polled":
            top = target.execute("SELECT MAX(seq) FROM entries").fetchone()[0]
            rows = target.execute("SELECT item FROM entries ORDER BY seq DESC LIMIT 30000").fetchall()
            for poll in range(30):
                target.execute("BEGIN")
                for k, (item,) in enumerate(rows[poll * 1000 : (poll + 1) * 1000]):
                    item = json.loads(item)
                    title, body = item.get("title", "").lower(), item.get("summary", "").lower()
                    target.execute(
                        "INSERT INTO entry_search (rowid, scope, title, body, words) VALUES (?, ?, ?, ?, ?)",
                        (top + 1 + poll * 1000 + k, "s1 o1 b1", title, body, " ".join(dict.fromkeys((title + " " + body).split()))),
                    )
                target.execute("COMMIT")
        structure = target.execute("SELECT block FROM entry_search_data WHERE id = 10").fetchone()[0]
        start = 8 if structure[4:8] == bytes([0xFF, 0, 0, 1]) else 4
        print(f"{path}{suffix}: {structure[start + 1]} segments")
        target.close()


def pairs(path, count=200_000):
    source = connect(path)
    top = source.execute("SELECT MAX(seq) FROM entries").fetchone()[0]
    rows = source.execute(
        "SELECT seq, item FROM entries WHERE seq > ? ORDER BY seq", (top - count,)
    ).fetchall()
    documents = []
    for seq, item in rows:
        item = json.loads(item)
        documents.append((seq, item.get("title", "").lower().split(), item.get("summary", "").lower().split()))

    def with_pairs(terms):
        return terms + [a + PAIR + b for a, b in zip(terms, terms[1:])]

    folder = os.environ.get("TMPDIR", "/tmp")
    made = {}
    for name, paired in (("plain", False), ("pairs", True)):
        target = os.path.join(folder, f"bench-search-fts-{name}.sqlite")
        if os.path.exists(target):
            os.remove(target)
        db = sqlite3.connect(target)
        db.execute(
            "CREATE VIRTUAL TABLE entry_search USING fts5(scope, title, body, words, content = '', "
            "contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 0')"
        )
        started = time.perf_counter()
        for start in range(0, len(documents), 1000):
            db.execute("BEGIN")
            db.executemany(
                "INSERT INTO entry_search (rowid, scope, title, body, words) VALUES (?, ?, ?, ?, ?)",
                [
                    (
                        seq,
                        "s1 o1 b1",
                        " ".join(with_pairs(title) if paired else title),
                        " ".join(with_pairs(body) if paired else body),
                        " ".join(dict.fromkeys(title + body)),
                    )
                    for seq, title, body in documents[start : start + 1000]
                ],
            )
            db.execute("COMMIT")
        seconds = time.perf_counter() - started
        size = db.execute("SELECT SUM(LENGTH(block)) FROM entry_search_data").fetchone()[0]
        print(f"{name}: {len(documents)} entries inserted in {seconds:.1f} s, index {size / 2**20:.1f} MiB")
        db.close()
        made[name] = target
    chosen = random.Random(3)
    phrases = []
    for _ in range(200):
        _, _, body = chosen.choice(documents)
        if len(body) >= 2:
            start = chosen.randrange(len(body) - 1)
            phrases.append(body[start : start + 2])
    for name, target in made.items():
        db = connect(target)
        times = []
        for a, b in phrases:
            asked = "{title body} : (" + quoted(a + PAIR + b if name == "pairs" else a + " " + b) + ")"
            started = time.perf_counter()
            db.execute(
                f"SELECT rowid FROM entry_search WHERE entry_search MATCH ? ORDER BY rowid DESC LIMIT {SLICE}",
                (asked,),
            ).fetchall()
            times.append(time.perf_counter() - started)
        print(f"{name}: phrase {summary(times)}")
        os.remove(target)


if __name__ == "__main__":
    if len(sys.argv) >= 3 and sys.argv[1] == "plans":
        plans(sys.argv[2])
    elif len(sys.argv) >= 3 and sys.argv[1] == "files":
        files(sys.argv[2:])
    elif len(sys.argv) >= 3 and sys.argv[1] == "copies":
        copies(sys.argv[2])
    elif len(sys.argv) >= 3 and sys.argv[1] == "pairs":
        pairs(sys.argv[2])
    else:
        sys.exit(__doc__)
