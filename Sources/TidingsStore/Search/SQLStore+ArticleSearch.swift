import Foundation
import SQLKit
import TidingsModel

extension SQLStore {
    /// Indexes the text extracted from the page at `url` with the entries that read it
    /// (``EntryInput/articleURL``) and are indexed: each one's title and summary again, in the
    /// language they were indexed in (else the page's own), and the page's text (its first
    /// ``SearchDocument/maxBodyTerms`` terms with the summary's) — a search then finds the story by
    /// words only its article holds. Entries search does not index (search off when they were
    /// polled) stay so.
    static func indexArticle(
        url: String, text: String, language pageLanguage: String?, kind: SQLBackendKind, db: any SQLDatabase
    ) async throws {
        let indexed: SQLQueryString =
            switch kind {
            case .postgres: "search IS NOT NULL"
            case .sqlite: "EXISTS (SELECT 1 FROM entry_search WHERE rowid = entries.seq)"
            }
        let rows = try await db.raw(
            """
            SELECT stream, key, source_id, item, search_language FROM entries
            WHERE article_url = \(bind: url) AND \(indexed)
            """
        ).all()
        let decoder = TidingsJSON.decoder()
        for row in rows {
            let record = try EntryRecord(json: try row.decode(column: "item", as: String.self), imagesColumn: nil)
            let language = try row.decode(column: "search_language", as: String?.self) ?? pageLanguage
            guard let item = record.item(decoder),
                let document = SearchDocument(item: item, text: text, language: language)
            else { continue }
            try await reindex(
                stream: try row.decode(column: "stream", as: String.self),
                key: EntryKey(stored: try row.decode(column: "key", as: String.self)),
                sourceID: try row.decode(column: "source_id", as: String.self), document, kind: kind, db: db)
        }
    }

    /// Unchanged entries whose page is read in full, stored without its address — before their
    /// source was read in full, or before migration 28 — take it now, and are indexed with the
    /// page's text when it was extracted already. Later polls find the address stored: one read
    /// of the unchanged keys a poll of a source read in full.
    static func learnPages(_ entries: [MergedEntry], stream: String, kind: SQLBackendKind, db: any SQLDatabase)
        async throws
    {
        guard !entries.isEmpty else { return }
        var lacking: Set<EntryKey> = []
        for chunk in entries.chunked(into: 200) {
            for row in try await db.raw(
                """
                SELECT key FROM entries WHERE stream = \(bind: stream) AND article_url IS NULL
                  AND key IN (\(binds: chunk.map(\.input.key.stored)))
                """
            ).all() {
                lacking.insert(EntryKey(stored: try row.decode(column: "key", as: String.self)))
            }
        }
        let learning = entries.filter { lacking.contains($0.input.key) }
        guard !learning.isEmpty else { return }
        for merged in learning {
            try await db.raw(
                """
                UPDATE entries SET article_url = \(bind: merged.input.articleURL),
                  search_language = COALESCE(search_language, \(bind: merged.input.search?.language))
                WHERE stream = \(bind: stream) AND key = \(bind: merged.input.key.stored)
                """
            ).run()
        }
        let documents = try await articleDocuments(learning.map(\.input), db: db)
        for merged in learning {
            guard let document = documents[merged.input.key] else { continue }
            try await reindex(
                stream: stream, key: merged.input.key, sourceID: merged.sourceID, document, kind: kind, db: db)
        }
    }

    /// The documents of `entries` (new or changed ones) whose page was extracted already —
    /// another entry read it first, or the entry changed after its page was read: their title and
    /// summary with the page's text, in their language (else the page's). Keyed by entry; those
    /// without an extracted page, or not indexed, are left out.
    static func articleDocuments(_ entries: [EntryInput], db: any SQLDatabase) async throws
        -> [EntryKey: SearchDocument]
    {
        let wanted = entries.filter { $0.articleURL != nil && $0.search != nil }
        guard !wanted.isEmpty else { return [:] }
        let urls = Set(wanted.compactMap(\.articleURL)).sorted()
        var pages: [String: (text: String, language: String?)] = [:]
        for start in stride(from: 0, to: urls.count, by: 200) {
            let rows = try await db.raw(
                """
                SELECT url, content_text, language FROM article_pages
                WHERE url IN (\(binds: Array(urls[start..<min(start + 200, urls.count)])))
                  AND status = \(bind: ArticlePageStatus.extracted.rawValue) AND content_text IS NOT NULL
                """
            ).all()
            for row in rows {
                pages[try row.decode(column: "url", as: String.self)] = (
                    try row.decode(column: "content_text", as: String.self),
                    try row.decode(column: "language", as: String?.self)
                )
            }
        }
        guard !pages.isEmpty else { return [:] }
        let decoder = TidingsJSON.decoder()
        var documents: [EntryKey: SearchDocument] = [:]
        for entry in wanted {
            guard let url = entry.articleURL, let page = pages[url], !page.text.isEmpty,
                let item = entry.record.item(decoder),
                let document = SearchDocument(
                    item: item, text: page.text, language: entry.search?.language ?? page.language)
            else { continue }
            documents[entry.key] = document
        }
        return documents
    }
}
