import Foundation
import GRDB
import TidingsModel

extension OfflineStore {
    /// Keeps `article`, replacing the one with its id.
    public func saveArticle(_ article: StoredArticle) throws {
        let bytes = 64 + [article.id, article.title, article.contentHTML ?? ""].reduce(0) { $0 + $1.utf8.count }
        try perform("save article \(article.id)") { db in
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO article (id, title, url, image_url, content_html, fetched_at, bytes, used_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    article.id, article.title, article.url?.absoluteString, article.imageURL?.absoluteString,
                    article.contentHTML, article.fetchedAt.millisecondsSince1970, bytes, tick(),
                ])
            try Self.evict(db, maxBytes: maxBytes, automatic: true)
        }
    }

    /// The article kept under `id`, or nil. Marks it as used.
    public func article(id: String) throws -> StoredArticle? {
        defer { touch("article", "id", id) }
        return try perform("read article \(id)", write: false) { db in
            let row = try Row.fetchOne(
                db, sql: "SELECT title, url, image_url, content_html, fetched_at FROM article WHERE id = ?",
                arguments: [id])
            return row.map {
                StoredArticle(
                    id: id, title: $0[0], url: ($0[1] as String?).flatMap(URL.init(string:)),
                    imageURL: ($0[2] as String?).flatMap(URL.init(string:)), contentHTML: $0[3],
                    fetchedAt: Date(millisecondsSince1970: $0[4]))
            }
        }
    }

    /// Keeps `response` for the HTTP cache, replacing the one for its URL.
    public func saveResponse(_ response: StoredResponse) throws {
        let bytes = 64 + response.body.count + response.url.utf8.count
        try perform("save the response for \(response.url)") { db in
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO response
                    (url, etag, last_modified, body, fetched_at, fresh_until, bytes, used_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    response.url, response.etag, response.lastModified, response.body,
                    response.fetchedAt.millisecondsSince1970, response.freshUntil.millisecondsSince1970, bytes, tick(),
                ])
            try Self.evict(db, maxBytes: maxBytes, automatic: true)
        }
    }

    /// Forgets the response kept for `url`, if any.
    public func deleteResponse(url: String) throws {
        try perform("delete the response for \(url)") { db in
            try db.execute(sql: "DELETE FROM response WHERE url = ?", arguments: [url])
        }
    }

    /// The response kept for `url`, or nil. Marks it as used.
    public func response(url: String) throws -> StoredResponse? {
        defer { touch("response", "url", url) }
        return try perform("read the response for \(url)", write: false) { db in
            let row = try Row.fetchOne(
                db, sql: "SELECT etag, last_modified, body, fetched_at, fresh_until FROM response WHERE url = ?",
                arguments: [url])
            return row.map {
                StoredResponse(
                    url: url, etag: $0[0], lastModified: $0[1], body: $0[2],
                    fetchedAt: Date(millisecondsSince1970: $0[3]), freshUntil: Date(millisecondsSince1970: $0[4]))
            }
        }
    }
}
