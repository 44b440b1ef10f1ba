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
            return SearchResults(hits: [], top: request.top ?? 0, candidates: 0, more: false)
        }
        return try await source.read { db in
            var top = request.top ?? 0
            if request.top == nil {
                top =
                    try await db.raw("SELECT COALESCE(MAX(seq), 0) AS top FROM entries").first()?.decode(
                        column: "top", as: Int64.self) ?? 0
            }
            var candidates: [StoryCandidate] = []
            var seen = Set<StoryCandidate.Story>()
            var below = top + 1
            var scanned = 0
            while candidates.count < SearchRanking.maxCandidates && scanned < SearchRanking.maxScanned {
                let slice = try await Self.matches(
                    request, streams: streams, below: below, limit: 1_000, kind: kind, db: db)
                scanned += slice.count
                for match in try await Self.stories(of: slice, db: db) where Self.admits(match, request) {
                    guard seen.insert(match.story).inserted else { continue }
                    candidates.append(match)
                    if candidates.count == SearchRanking.maxCandidates { break }
                }
                guard slice.count == 1_000, let last = slice.last else { break }
                below = last.seq
            }
            let best = candidates.map(\.relevance).max() ?? 0
            let ranked: [(candidate: StoryCandidate, score: Double)] = candidates.map { candidate in
                let age = request.now.timeIntervalSince(Date(millisecondsSince1970: candidate.sortAt)) / 86_400
                let relevance = best > 0 ? candidate.relevance / best : 0
                return (candidate, SearchRanking.score(relevance: relevance, ageDays: age))
            }
            .sorted { $0.score != $1.score ? $0.score > $1.score : $0.candidate.seq > $1.candidate.seq }
            let page = ranked.dropFirst(request.offset).prefix(request.limit)
            let shown = try await Self.shownEntries(page.map(\.candidate), db: db)
            var hits: [SearchHit] = []
            for (candidate, score) in page {
                guard let entry = shown[candidate.shownSeq] else { continue }
                hits.append(SearchHit(entry: entry, score: score))
            }
            var withTellings: [SearchHit] = []
            for hit in hits {
                let told = try await Self.withAlsoFrom(
                    [hit.entry], stream: hit.entry.section.stream,
                    excluding: request.excluding[hit.entry.section] ?? [], db: db)
                withTellings.append(SearchHit(entry: told.first ?? hit.entry, score: hit.score))
            }
            return SearchResults(
                hits: withTellings, top: top, candidates: candidates.count,
                more: request.offset + request.limit < ranked.count)
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

    /// Up to `limit` matching entries of `streams` with seqs below `below`, newest first, with
    /// the engine's relevance (higher is better).
    static func matches(
        _ request: SearchRequest, streams: Set<String>, below: Int64, limit: Int, kind: SQLBackendKind,
        db: any SQLDatabase
    ) async throws -> [SearchMatch] {
        switch kind {
        case .sqlite:
            let match = SearchIndex.match(request.query, streams: streams.sorted(), sources: request.sources)
            // bm25 is lower for better matches; title four times the text, words (prefixes) once.
            return try await db.raw(
                """
                SELECT rowid AS seq, bm25(entry_search, 0.0, 4.0, 1.0, 1.0) AS rank FROM entry_search
                WHERE entry_search MATCH \(bind: match) AND rowid < \(bind: below)
                ORDER BY rowid DESC LIMIT \(unsafeRaw: String(limit))
                """
            ).all().map {
                SearchMatch(
                    seq: try $0.decode(column: "seq", as: Int64.self),
                    relevance: -(try $0.decode(column: "rank", as: Double.self)))
            }
        case .postgres:
            let sources: SQLQueryString = request.sources.map { "AND source_id IN (\(binds: $0))" } ?? ""
            // ts_rank's weights are {D, C, B, A}: words (prefixes), -, text, title.
            return try await db.raw(
                """
                SELECT seq, ts_rank('{0.25, 0, 0.25, 1.0}', search, q)::float8 AS rank
                FROM entries, CAST(\(bind: SearchIndex.tsquery(request.query)) AS tsquery) AS q
                WHERE stream IN (\(binds: streams.sorted())) \(sources) AND seq < \(bind: below) AND search @@ q
                ORDER BY seq DESC LIMIT \(unsafeRaw: String(limit))
                """
            ).all().map {
                SearchMatch(
                    seq: try $0.decode(column: "seq", as: Int64.self),
                    relevance: try $0.decode(column: "rank", as: Double.self))
            }
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

    /// Whether a candidate passes the request's filters: its dates, and its story's shown item
    /// not hidden (the found telling neither).
    static func admits(_ candidate: StoryCandidate, _ request: SearchRequest) -> Bool {
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
