import Foundation
import SQLKit
import TextAnalysis
import TidingsModel

extension SQLStore: SearchStore {
    /// Finds the newest matching entries in slices (SQLite's FTS5 table in descending rowid
    /// order; PostgreSQL's GIN index), at most ``SearchRanking/maxScanned`` of them, keeps one
    /// candidate a story (a folded telling stands for its story) up to
    /// ``SearchRanking/maxCandidates``, ranks them by relevance and recency and reads the page's
    /// shown entries, with their other tellings, as a section lists them.
    public func search(_ request: SearchRequest) async throws -> SearchResults {
        let kind = source.kind
        let streams = Set(request.sections.map(\.stream))
        guard !streams.isEmpty else {
            return SearchResults(hits: [], top: request.top ?? 0, candidates: 0, more: false, complete: true)
        }
        let source = source
        return try await source.read { db in
            var top = request.top ?? 0
            if request.top == nil {
                top =
                    try await db.raw("SELECT COALESCE(MAX(seq), 0) AS top FROM entries").first()?.decode(
                        column: "top", as: Int64.self) ?? 0
            }
            var candidates: [StoryCandidate] = []
            // Each story's place among the candidates: a story told twice ranks as its best telling.
            var seen: [StoryCandidate.Story: Int] = [:]
            let clock = ContinuousClock()
            var scan = SearchScan(below: top + 1, deadline: clock.now + SearchRanking.timeLimit)
            var scanned = 0
            var complete = true
            while candidates.count < SearchRanking.maxCandidates && scanned < SearchRanking.maxScanned {
                guard clock.now < scan.deadline else {
                    complete = false
                    break
                }
                let slice = try await Self.matches(
                    request, streams: streams, scan: &scan, limit: SearchRanking.slice, kind: kind,
                    timedOut: source.isStatementTimeout, db: db)
                scanned += slice.matches.count
                let found = try await Self.stories(of: slice.matches, db: db)
                if found.count(where: { streams.contains($0.story.stream) }) * 2 < slice.matches.count {
                    scan.scoped = true
                }
                for match in found where Self.admits(match, request, streams: streams) {
                    if let place = seen[match.story] {
                        candidates[place].relevance = max(candidates[place].relevance, match.relevance)
                        continue
                    }
                    seen[match.story] = candidates.count
                    candidates.append(match)
                    if candidates.count == SearchRanking.maxCandidates { break }
                }
                guard let next = slice.next else { break }
                scan.below = next
            }
            let ranked: [(candidate: StoryCandidate, score: Double)] = candidates.map { candidate in
                let age = request.now.timeIntervalSince(Date(millisecondsSince1970: candidate.sortAt)) / 86_400
                return (candidate, SearchRanking.score(relevance: candidate.relevance, ageDays: age))
            }
            .sorted { $0.score != $1.score ? $0.score > $1.score : $0.candidate.seq > $1.candidate.seq }
            let page = ranked.dropFirst(request.offset).prefix(request.limit)
            let shown = try await Self.shownEntries(page.map(\.candidate), db: db)
            var hits: [SearchHit] = []
            for (rank, (candidate, score)) in zip(request.offset..., page) {
                guard let entry = shown[candidate.shownSeq] else { continue }
                hits.append(SearchHit(entry: entry, score: score, rank: rank))
            }
            // Each story's other tellings, a statement a section.
            var told: [Int64: StoredEntry] = [:]
            for (section, entries) in Dictionary(grouping: hits.map(\.entry), by: \.section) {
                for entry in try await Self.withAlsoFrom(
                    entries, stream: section.stream, excluding: request.excluding[section] ?? [], db: db)
                {
                    told[entry.seq] = entry
                }
            }
            let withTellings = hits.map {
                SearchHit(entry: told[$0.entry.seq] ?? $0.entry, score: $0.score, rank: $0.rank)
            }
            return SearchResults(
                hits: withTellings, top: top, candidates: candidates.count,
                more: request.offset + request.limit < ranked.count, complete: complete)
        }
    }

    public func searchIndexBytes() async throws -> Int64 {
        let kind = source.kind
        return try await source.read { db in
            let sql: SQLQueryString =
                switch kind {
                case .sqlite:
                    "SELECT COALESCE((SELECT SUM(length(block)) FROM entry_search_data), 0) + COALESCE((SELECT SUM(length(term)) + 8 * COUNT(*) FROM entry_search_idx), 0) AS bytes"
                case .postgres:
                    "SELECT pg_relation_size('entries_search') + COALESCE((SELECT SUM(pg_column_size(search)) FROM entries), 0) AS bytes"
                }
            return try await db.raw(sql).first()?.decode(column: "bytes", as: Int64.self) ?? 0
        }
    }

    /// A matching entry as the engine found it.
    struct SearchMatch {
        var seq: Int64
        var relevance: Double
    }

    /// One story that matched: the entry found (the best-placed telling), the story's shown
    /// entry, and what filters and ranking look at.
    struct StoryCandidate {
        struct Story: Hashable {
            var stream: String
            var id: Int64
        }
        var seq: Int64
        var story: Story
        var shownSeq: Int64
        var shownItem: String
        var sourceID: String
        var sortAt: Int64
        var relevance: Double
    }

    /// Matching entries read at a time, newest first, and where the next read starts.
    struct MatchSlice {
        var matches: [SearchMatch]
        /// The seq the next slice reads below; nil when no older entry matches.
        var next: Int64?
    }

    /// Where a search is and how it asks the engine, learnt as it goes.
    struct SearchScan {
        /// The seq the next slice reads below.
        var below: Int64
        /// When the search stops looking and ranks what it found (``SearchRanking/timeLimit``).
        var deadline: ContinuousClock.Instant
        /// SQLite: whether the asked sections' tokens are part of the match. A search asks FTS5
        /// for the words alone first: ANDing the sections' or brand's token, which most entries
        /// hold, made FTS5 read ten times more than the words' own lists (docs/benchmarks.md), and
        /// the searcher drops other sections' entries itself. Once a slice shows that most matches
        /// are other sections', the tokens join the match.
        var scoped = false
        /// PostgreSQL: whether the planner's own plan ran past ``SearchIndex/plannedTime`` and
        /// windows of seqs are read instead.
        var windowed = false
        /// PostgreSQL: the oldest entry's seq, where windows end (read once windowed).
        var oldest: Int64?
    }

    /// Up to `limit` matching entries of `streams` with seqs below `scan.below`, newest first,
    /// with their relevance (``SearchRanking/relevance(inTitle:)``). No engine's own ranking: bm25
    /// and ts_rank count each term's documents, every match of it (SQLite's bm25 ran a full query
    /// a term, 820 ms for a common word in 1M entries); whether the title holds every asked word is
    /// a second match over the same few entries.
    ///
    /// PostgreSQL first runs the query as its planner sees fit (GIN's rows for rare words, the
    /// seq index backwards for common ones), for at most ``SearchIndex/plannedTime``: a rare phrase
    /// of common words has every row holding both words checked, which can take seconds. Past that,
    /// the search reads windows of seqs (``SearchIndex/firstWindow``), each a bounded statement,
    /// until `limit` came or the deadline passed.
    static func matches(
        _ request: SearchRequest, streams: Set<String>, scan: inout SearchScan, limit: Int, kind: SQLBackendKind,
        timedOut: (any Error) -> Bool, db: any SQLDatabase
    ) async throws -> MatchSlice {
        switch kind {
        case .sqlite:
            let match = SearchIndex.match(
                request.query, streams: streams.sorted(), scoped: scan.scoped, sources: request.sources)
            let seqs = try await db.raw(
                """
                SELECT rowid AS seq FROM entry_search WHERE entry_search MATCH \(bind: match) AND rowid < \(bind: scan.below)
                ORDER BY rowid DESC LIMIT \(unsafeRaw: String(limit))
                """
            ).all().map { try $0.decode(column: "seq", as: Int64.self) }
            guard let newest = seqs.first, let last = seqs.last else { return MatchSlice(matches: [], next: nil) }
            // Which of them hold the words in their titles: only the found seqs are looked at, so
            // the sections' and sources' tokens are not needed.
            let titled = SearchIndex.match(request.query, streams: [], scoped: false, sources: nil, inTitle: true)
            let inTitle = Set(
                try await db.raw(
                    """
                    SELECT rowid AS seq FROM entry_search WHERE entry_search MATCH \(bind: titled)
                      AND rowid >= \(bind: last) AND rowid <= \(bind: newest)
                    """
                ).all().map { try $0.decode(column: "seq", as: Int64.self) })
            return MatchSlice(
                matches: seqs.map {
                    SearchMatch(seq: $0, relevance: SearchRanking.relevance(inTitle: inTitle.contains($0)))
                },
                next: seqs.count == limit ? last : nil)
        case .postgres:
            let sources: SQLQueryString = request.sources.map { "AND source_id IN (\(binds: $0))" } ?? ""
            let query = SearchIndex.tsquery(request.query)
            let titled = SearchIndex.tsquery(request.query, inTitle: true)
            func rows(within window: SQLQueryString, limit: Int) async throws -> [SearchMatch] {
                try await db.raw(
                    """
                    SELECT seq, search @@ CAST(\(bind: titled) AS tsquery) AS in_title FROM entries
                    WHERE stream IN (\(binds: streams.sorted())) \(sources) \(window)
                      AND search @@ CAST(\(bind: query) AS tsquery)
                    ORDER BY seq DESC LIMIT \(unsafeRaw: String(limit))
                    """
                ).all().map { row in
                    SearchMatch(
                        seq: try row.decode(column: "seq", as: Int64.self),
                        relevance: SearchRanking.relevance(inTitle: try row.decode(column: "in_title", as: Bool.self)))
                }
            }
            if !scan.windowed {
                let milliseconds = SearchIndex.plannedTime / .milliseconds(1)
                try await db.raw("SET statement_timeout = \(unsafeRaw: String(Int(milliseconds)))").run()
                do {
                    let found = try await rows(within: "AND seq < \(bind: scan.below)", limit: limit)
                    try await db.raw("RESET statement_timeout").run()
                    return MatchSlice(matches: found, next: found.count == limit ? found.last!.seq : nil)
                } catch {
                    // The connection goes back to the pool as it came.
                    try await db.raw("RESET statement_timeout").run()
                    guard timedOut(error) else { throw error }
                    scan.windowed = true
                }
            }
            if scan.oldest == nil {
                scan.oldest =
                    try await db.raw("SELECT COALESCE(MIN(seq), 0) AS low FROM entries").first()?.decode(
                        column: "low", as: Int64.self) ?? 0
            }
            let oldest = scan.oldest ?? 0
            var found: [SearchMatch] = []
            var upper = scan.below
            var width = SearchIndex.firstWindow
            while upper > oldest {
                let lower = max(upper - width, oldest)
                found += try await rows(
                    within: "AND seq < \(bind: upper) AND seq >= \(bind: lower)", limit: limit - found.count)
                if found.count == limit { return MatchSlice(matches: found, next: found.last!.seq) }
                upper = lower
                width = min(width * 2, SearchIndex.maxWindow)
                // What came goes to the searcher, which looks at the clock between slices.
                if !found.isEmpty || ContinuousClock.now >= scan.deadline { break }
            }
            return MatchSlice(matches: found, next: upper > oldest ? upper : nil)
        }
    }

    /// The stories of matching entries, in the matches' order: each entry's story and the
    /// story's shown entry (a folded telling's lead; an entry alone is its own).
    static func stories(of matches: [SearchMatch], db: any SQLDatabase) async throws -> [StoryCandidate] {
        guard !matches.isEmpty else { return [] }
        var rows: [Int64: (stream: String, story: Int64?, folded: Bool, item: String, source: String, sortAt: Int64)] =
            [:]
        for chunk in matches.map(\.seq).chunked(into: 500) {
            for row in try await db.raw(
                """
                SELECT seq, stream, story, folded, item_id, source_id, sort_at FROM entries
                WHERE seq IN (\(unsafeRaw: list(chunk)))
                """
            ).all() {
                rows[try row.decode(column: "seq", as: Int64.self)] = (
                    try row.decode(column: "stream", as: String.self),
                    try row.decode(column: "story", as: Int64?.self),
                    try row.decode(column: "folded", as: Int64.self) != 0,
                    try row.decode(column: "item_id", as: String.self),
                    try row.decode(column: "source_id", as: String.self),
                    try row.decode(column: "sort_at", as: Int64.self)
                )
            }
        }
        // Folded tellings: their stories' shown entries.
        var leads: [StoryCandidate.Story: (seq: Int64, item: String)] = [:]
        let folded = Dictionary(
            grouping: rows.values.filter(\.folded).compactMap { row in
                row.story.map { StoryCandidate.Story(stream: row.stream, id: $0) }
            }, by: \.stream)
        for (stream, stories) in folded {
            for chunk in Array(Set(stories.map(\.id))).chunked(into: 500) {
                for row in try await db.raw(
                    """
                    SELECT seq, story, item_id FROM entries WHERE stream = \(bind: stream) AND folded = 0
                      AND story IN (\(unsafeRaw: list(chunk)))
                    """
                ).all() {
                    let story = StoryCandidate.Story(
                        stream: stream, id: try row.decode(column: "story", as: Int64.self))
                    leads[story] = (
                        try row.decode(column: "seq", as: Int64.self),
                        try row.decode(column: "item_id", as: String.self)
                    )
                }
            }
        }
        return matches.compactMap { match in
            guard let row = rows[match.seq] else { return nil }
            let story = StoryCandidate.Story(stream: row.stream, id: row.story ?? match.seq)
            let shown = row.folded ? leads[story] : (match.seq, row.item)
            guard let shown else { return nil }
            return StoryCandidate(
                seq: match.seq, story: story, shownSeq: shown.seq, shownItem: shown.item, sourceID: row.source,
                sortAt: row.sortAt, relevance: match.relevance)
        }
    }

    /// Whether a candidate passes the request's filters: one of the asked sections, its dates,
    /// and its story's shown item not hidden (the found telling neither).
    static func admits(_ candidate: StoryCandidate, _ request: SearchRequest, streams: Set<String>) -> Bool {
        // The index may be asked for a whole brand's entries (SearchIndex.match).
        guard streams.contains(candidate.story.stream) else { return false }
        if let since = request.since, candidate.sortAt < since.millisecondsSince1970 { return false }
        if let until = request.until, candidate.sortAt >= until.millisecondsSince1970 { return false }
        guard let section = SectionKey(stream: candidate.story.stream) else { return false }
        return !(request.excluding[section]?.contains(candidate.shownItem) ?? false)
    }

    /// The entries shown for `candidates`, by seq.
    static func shownEntries(_ candidates: [StoryCandidate], db: any SQLDatabase) async throws -> [Int64: StoredEntry] {
        guard !candidates.isEmpty else { return [:] }
        let rows = try await db.raw(
            """
            SELECT \(unsafeRaw: entryColumns) FROM entries WHERE seq IN (\(unsafeRaw: list(candidates.map(\.shownSeq))))
            """
        ).all()
        return Dictionary(try rows.map(decodeEntry).map { ($0.seq, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Indexes a changed entry's new document in place of its old one.
    static func reindex(
        stream: String, key: EntryKey, sourceID: String, _ document: SearchDocument, kind: SQLBackendKind,
        db: any SQLDatabase
    ) async throws {
        switch kind {
        case .postgres:
            try await db.raw(
                """
                UPDATE entries SET search = CAST(\(bind: document.tsvector) AS tsvector)
                WHERE stream = \(bind: stream) AND key = \(bind: key.stored)
                """
            ).run()
        case .sqlite:
            guard
                let seq = try await db.raw(
                    "SELECT seq FROM entries WHERE stream = \(bind: stream) AND key = \(bind: key.stored)"
                ).first()?.decode(column: "seq", as: Int64.self)
            else { return }
            try await db.raw("DELETE FROM entry_search WHERE rowid = \(unsafeRaw: String(seq))").run()
            try await SearchIndex.insert([(seq, sourceID, document)], stream: stream, db: db)
        }
    }
}

extension SearchIndex {
    /// Adds new entries' documents to SQLite's FTS5 table (PostgreSQL keeps them in the row).
    static func insert(
        _ documents: [(seq: Int64, sourceID: String, document: SearchDocument)], stream: String, db: any SQLDatabase
    ) async throws {
        for start in stride(from: 0, to: documents.count, by: 100) {
            var insert = RowsInsert(into: "entry_search", columns: ["rowid"] + SearchIndex.columns)
            for (seq, sourceID, document) in documents[start..<min(start + 100, documents.count)] {
                let values = document.ftsValues
                insert.rows.append([
                    .int(seq), .text(SearchIndex.scope(stream: stream, sourceID: sourceID)), .text(values.title),
                    .text(values.body), .text(values.words),
                ])
            }
            try await db.raw("\(insert)").run()
        }
    }
}
