import Foundation
import SQLKit
import TidingsModel

/// Article pages (`article_pages`): requested by entries, leased to one fetcher at a time like
/// sources, stored with their extraction.
extension SQLStore: ArticleStore {
    @discardableResult
    public func requestArticles(_ urls: [String], now: Date) async throws -> [String: String] {
        // Refused before anything is written; duplicates (also those told apart only by U+0000)
        // are one row, which PostgreSQL's upsert must not meet twice in one statement.
        let urls = Set(try urls.map(ArticlePage.storableURL)).sorted()
        guard !urls.isEmpty else { return [:] }
        let at = now.millisecondsSince1970
        // Requests and pruning write many rows each; in PostgreSQL two such writes locking rows in
        // different orders could deadlock, so they take turns on one key. Claims skip locked rows
        // and records write one row, so neither waits for them in a cycle.
        return try await source.write(locking: .keys([Self.articlesKey])) { db in
            var elsewhere: [String: String] = [:]
            for chunk in stride(from: 0, to: urls.count, by: 200) {
                var insert = RowsInsert(
                    into: "article_pages", columns: ["url", "status", "requested_at", "next_check_at", "failures"])
                for url in urls[chunk..<min(chunk + 200, urls.count)] {
                    insert.rows.append([
                        .text(url), .text(ArticlePageStatus.pending.rawValue), .int(at), .int(at), .int(0),
                    ])
                }
                let rows = try await db.raw(
                    """
                    \(insert) ON CONFLICT (url) DO UPDATE SET requested_at = CASE
                      WHEN excluded.requested_at > article_pages.requested_at THEN excluded.requested_at
                      ELSE article_pages.requested_at END
                    RETURNING url, canonical_url
                    """
                ).all()
                for row in rows {
                    guard let canonical = try row.decode(column: "canonical_url", as: String?.self) else { continue }
                    elsewhere[try row.decode(column: "url", as: String.self)] = canonical
                }
            }
            return elsewhere
        }
    }

    public func claimDueArticles(owner: String, now: Date, lease: TimeInterval, limit: Int) async throws
        -> [ArticlePage]
    {
        guard limit > 0 else { return [] }
        let owner = owner.withoutNUL
        let at = now.millisecondsSince1970
        let until = now.addingTimeInterval(lease).millisecondsSince1970
        let claim = claimStatement(
            table: "article_pages", key: "url", due: "next_check_at", columns: Self.articleColumns, owner: owner,
            at: at, until: until, limit: limit, fairBy: originOf("url"))
        return try await source.write(locking: .keys([])) { db in
            let rows = try await db.raw(claim).all()
            return try rows.map(Self.decodeArticle).sorted {
                ($0.nextCheckAt, $0.url) < ($1.nextCheckAt, $1.url)
            }
        }
    }

    public func recordArticle(_ page: ArticlePage, owner: String) async throws -> Bool {
        let page = try page.storable()
        let owner = owner.withoutNUL
        let (publishedAt, fetchedAt, changedAt) = (
            page.publishedAt?.millisecondsSince1970, page.fetchedAt?.millisecondsSince1970,
            page.changedAt?.millisecondsSince1970
        )
        // In thousandths: an integer reads back the same from either database.
        let confidence = page.confidence.map { Int64(($0 * 1000).rounded()) }
        let kind = source.kind
        // Only an extracted text is indexed; then whether it changed is asked before the write.
        let text = page.status == .extracted ? page.text.flatMap { $0.isEmpty ? nil : $0 } : nil
        return try await source.write(locking: .keys([])) { db in
            var before: String?
            if text != nil {
                before = try await db.raw(
                    "SELECT content_hash FROM article_pages WHERE url = \(bind: page.url)"
                ).first()?.decode(column: "content_hash", as: String?.self)
            }
            // Only the lease's holder writes: a fetch that outlived its lease must not overwrite
            // what the process that claimed the page since records.
            let rows = try await db.raw(
                """
                UPDATE article_pages SET status = \(bind: page.status.rawValue), content_html = \(bind: page.html),
                  content_text = \(bind: page.text), title = \(bind: page.title), byline = \(bind: page.byline),
                  site_name = \(bind: page.siteName), image_url = \(bind: page.imageURL),
                  language = \(bind: page.language), direction = \(bind: page.direction),
                  published_at = \(bind: publishedAt), confidence = \(bind: confidence), page_kind = \(bind: page.kind),
                  canonical_url = \(bind: page.canonicalURL),
                  etag = \(bind: page.etag),
                  last_modified = \(bind: page.lastModified), content_hash = \(bind: page.contentHash),
                  fetched_at = \(bind: fetchedAt), changed_at = \(bind: changedAt),
                  next_check_at = \(bind: page.nextCheckAt.millisecondsSince1970), failures = \(bind: page.failures),
                  error = \(bind: page.error), lease_owner = NULL, lease_until = NULL
                WHERE url = \(bind: page.url) AND lease_owner = \(bind: owner)
                RETURNING url
                """
            ).all()
            // A text extracted anew is indexed with the entries that read the page, in this write.
            if !rows.isEmpty, let text, page.contentHash != before {
                try await Self.indexArticle(url: page.url, text: text, language: page.language, kind: kind, db: db)
            }
            return !rows.isEmpty
        }
    }

    public func articles(urls: [String]) async throws -> [String: ArticlePage] {
        // Asked URLs by their stored form; one that cannot be stored is not there.
        var byStored: [String: [String]] = [:]
        for url in urls {
            if let stored = try? ArticlePage.storableURL(url) { byStored[stored, default: []].append(url) }
        }
        let asked = byStored
        let keys = Array(asked.keys)
        guard !keys.isEmpty else { return [:] }
        return try await source.read { db in
            var pages: [String: ArticlePage] = [:]
            for start in stride(from: 0, to: keys.count, by: 200) {
                let rows = try await db.raw(
                    """
                    SELECT \(unsafeRaw: Self.articleColumns) FROM article_pages
                    WHERE url IN (\(binds: Array(keys[start..<min(start + 200, keys.count)])))
                    """
                ).all()
                for page in try rows.map(Self.decodeArticle) {
                    for url in asked[page.url] ?? [] { pages[url] = page }
                }
            }
            return pages
        }
    }

    public func pruneArticles(requestedBefore before: Date) async throws -> Int {
        try await source.write(locking: .keys([Self.articlesKey])) { db in
            try await db.raw(
                "DELETE FROM article_pages WHERE requested_at < \(bind: before.millisecondsSince1970) RETURNING url"
            ).all().count
        }
    }

    public func articleSummaries() async throws -> [String: ArticleSummary] {
        // Entries keep their item as JSON: the teaser's link is its "url".
        let link =
            source.kind == .postgres ? "(e.item::jsonb ->> 'url')" : "json_extract(e.item, '$.url')"
        let joined = "FROM entries e JOIN article_pages a ON a.url = \(link)"
        return try await source.read { db in
            var summaries: [String: ArticleSummary] = [:]
            let counts = try await db.raw(
                "SELECT e.source_id, a.status, COUNT(DISTINCT a.url) AS pages \(unsafeRaw: joined) GROUP BY e.source_id, a.status"
            ).all()
            for row in counts {
                let status = ArticlePageStatus(rawValue: try row.decode(column: "status", as: String.self)) ?? .pending
                summaries[try row.decode(column: "source_id", as: String.self), default: ArticleSummary()]
                    .counts[status, default: 0] += Int(try row.decode(column: "pages", as: Int64.self))
            }
            let problems = try await db.raw(
                """
                SELECT e.source_id, a.url, a.status, a.error, a.fetched_at \(unsafeRaw: joined)
                WHERE a.status IN ('failed', 'disallowed', 'not_article') ORDER BY a.fetched_at DESC LIMIT 10000
                """
            ).all()
            for row in problems {
                let source = try row.decode(column: "source_id", as: String.self)
                guard summaries[source]?.lastProblem == nil else { continue }
                summaries[source, default: ArticleSummary()].lastProblem = ArticleSummary.Problem(
                    url: try row.decode(column: "url", as: String.self),
                    status: ArticlePageStatus(rawValue: try row.decode(column: "status", as: String.self)) ?? .failed,
                    error: try row.decode(column: "error", as: String?.self),
                    at: try row.decode(column: "fetched_at", as: Int64?.self).map(Date.init(millisecondsSince1970:)))
            }
            return summaries
        }
    }

    /// The write lock requests and pruning share.
    static var articlesKey: String { "article_pages" }

    static var articleColumns: String {
        """
        url, status, content_html, content_text, title, byline, site_name, image_url, language, direction, \
        published_at, confidence, page_kind, canonical_url, etag, last_modified, content_hash, fetched_at, changed_at, requested_at, next_check_at, \
        failures, error
        """
    }

    static func decodeArticle(_ row: any SQLRow) throws -> ArticlePage {
        func date(_ column: String) throws -> Date? {
            try row.decode(column: column, as: Int64?.self).map(Date.init(millisecondsSince1970:))
        }
        func text(_ column: String) throws -> String? { try row.decode(column: column, as: String?.self) }
        var page = ArticlePage(
            url: try row.decode(column: "url", as: String.self),
            status: ArticlePageStatus(rawValue: try row.decode(column: "status", as: String.self)) ?? .pending,
            requestedAt: try date("requested_at") ?? Date(timeIntervalSince1970: 0),
            nextCheckAt: try date("next_check_at") ?? Date(timeIntervalSince1970: 0))
        page.html = try text("content_html")
        page.text = try text("content_text")
        page.title = try text("title")
        page.byline = try text("byline")
        page.siteName = try text("site_name")
        page.imageURL = try text("image_url")
        page.language = try text("language")
        page.direction = try text("direction")
        page.publishedAt = try date("published_at")
        page.confidence = try row.decode(column: "confidence", as: Int64?.self).map { Double($0) / 1000 }
        page.kind = try text("page_kind")
        page.canonicalURL = try text("canonical_url")
        page.etag = try text("etag")
        page.lastModified = try text("last_modified")
        page.contentHash = try text("content_hash")
        page.fetchedAt = try date("fetched_at")
        page.changedAt = try date("changed_at")
        page.failures = Int(try row.decode(column: "failures", as: Int64.self))
        page.error = try text("error")
        return page
    }
}
