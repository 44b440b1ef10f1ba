import Foundation
import GRDB
import TidingsModel

extension OfflineStore {
    /// Replaces everything kept for `feed` (a key like "courier/news" or a feed URL) with `pages`, in order.
    public func savePages(_ pages: [StoredPage], feed: String) throws {
        let encoded = try pages.map(Self.encode)
        try perform("save the pages of \(feed)") { db in
            let id = try Self.touchFeed(db, feed, tick: tick())
            try db.execute(sql: "DELETE FROM page WHERE feed_id = ?", arguments: [id])
            let bytes = try encoded.enumerated().reduce(0) { try $0 + Self.insert($1.element, at: $1.offset, id, db) }
            try db.execute(sql: "UPDATE feed SET bytes = ? WHERE id = ?", arguments: [bytes, id])
            try Self.evict(db, maxBytes: maxBytes, automatic: true)
        }
    }

    /// Appends `page` after the pages kept for `feed` (load more).
    public func appendPage(_ page: StoredPage, feed: String) throws {
        let encoded = try Self.encode(page)
        try perform("append a page to \(feed)") { db in
            let id = try Self.touchFeed(db, feed, tick: tick())
            let position =
                try Int.fetchOne(
                    db, sql: "SELECT coalesce(max(position) + 1, 0) FROM page WHERE feed_id = ?", arguments: [id]) ?? 0
            let bytes = try Self.insert(encoded, at: position, id, db)
            try db.execute(sql: "UPDATE feed SET bytes = bytes + ? WHERE id = ?", arguments: [bytes, id])
            try Self.evict(db, maxBytes: maxBytes, automatic: true)
        }
    }

    /// The pages kept for `feed`, in order, items decoded; empty when none are. Marks `feed` as used.
    public func pages(feed: String) throws -> [StoredPage] {
        defer { touch("feed", "key", feed) }
        let read = { (db: Database) -> ([Int: StoredPage], [StoredItemCodec.Row]) in
            guard let id = try Int64.fetchOne(db, sql: "SELECT id FROM feed WHERE key = ?", arguments: [feed]) else {
                return ([:], [])
            }
            var pages: [Int: StoredPage] = [:]
            for row in try Row.fetchAll(
                db, sql: "SELECT position, title, next_cursor, fetched_at FROM page WHERE feed_id = ?", arguments: [id])
            {
                pages[row[0]] = StoredPage(
                    title: row[1], items: [], nextCursor: row[2], fetchedAt: Date(millisecondsSince1970: row[3]))
            }
            let rows = try Row.fetchCursor(
                db,
                sql: "SELECT page, \(StoredItemCodec.columns) FROM item WHERE feed_id = ? ORDER BY page, position",
                arguments: [id])
            var items: [StoredItemCodec.Row] = []
            while let row = try rows.next() { items.append(StoredItemCodec.row(row)) }
            return (pages, items)
        }
        let (pages, rows) = try perform("read the pages of \(feed)", write: false, read)
        var result = pages
        for (row, item) in zip(rows, StoredItemCodec.items(rows)) {
            if let item { result[row.page]?.items.append(item) }
        }
        return result.sorted { $0.key < $1.key }.map(\.value)
    }

    // The feed's id, created if new, with its recency set to `tick`.
    private static func touchFeed(_ db: Database, _ key: String, tick: Int64) throws -> Int64 {
        try db.execute(
            sql: """
                INSERT INTO feed (key, bytes, used_at) VALUES (?1, 0, ?2)
                ON CONFLICT (key) DO UPDATE SET used_at = ?2
                """, arguments: [key, tick])
        return try Int64.fetchOne(db, sql: "SELECT id FROM feed WHERE key = ?", arguments: [key]) ?? 0
    }

    // A page and its item rows, encoded before the transaction starts.
    private static func encode(_ page: StoredPage) throws -> (page: StoredPage, rows: [StoredItemCodec.Row]) {
        let encoder = TidingsJSON.encoder()
        do {
            return (page, try page.items.map { try StoredItemCodec.row($0, encoder: encoder) })
        } catch {
            throw OfflineStoreError.encoding("the items of page \"\(page.title)\"", error)
        }
    }

    /// One mark for `feed_id, page, position` and each of the codec's columns.
    private static let marks = Array(repeating: "?", count: 3 + StoredItemCodec.columns.split(separator: ",").count)
        .joined(separator: ", ")

    // Inserts a page at `position` with its items; returns its weight in bytes, for eviction.
    private static func insert(
        _ encoded: (page: StoredPage, rows: [StoredItemCodec.Row]), at position: Int, _ feed: Int64, _ db: Database
    ) throws -> Int {
        let page = encoded.page
        try db.execute(
            sql: "INSERT INTO page (feed_id, position, title, next_cursor, fetched_at) VALUES (?, ?, ?, ?, ?)",
            arguments: [feed, position, page.title, page.nextCursor, page.fetchedAt.millisecondsSince1970])
        let statement = try db.cachedStatement(
            sql: "INSERT INTO item (feed_id, page, position, \(StoredItemCodec.columns)) VALUES (\(marks))")
        for (index, row) in encoded.rows.enumerated() {
            try statement.execute(
                arguments: StatementArguments([feed, position, index] + StoredItemCodec.arguments(row)))
        }
        return encoded.rows.reduce(64 + page.title.utf8.count) { $0 + $1.bytes }
    }
}
