import Foundation
import SQLKit
import TidingsModel

extension SQLCatalogStore {
    public func entries(stream: String, afterSeq: Int64?, limit: Int) async throws -> [StoredEntry] {
        try await source.read { db in
            let after: SQLQueryString = afterSeq.map { "AND seq < \(bind: $0)" } ?? ""
            return try await db.raw(
                """
                SELECT \(unsafeRaw: Self.entryColumns) FROM entries WHERE stream = \(bind: stream) \(after)
                ORDER BY seq DESC LIMIT \(bind: limit)
                """
            ).all().map(Self.decodeEntry)
        }
    }

    public func entry(itemID: String) async throws -> StoredEntry? {
        try await source.read { db in
            try await db.raw(
                "SELECT \(unsafeRaw: Self.entryColumns) FROM entries WHERE item_id = \(bind: itemID) ORDER BY seq DESC LIMIT 1"
            ).first().map(Self.decodeEntry)
        }
    }

    public func dismiss(notification: String, device: String, at: Date) async throws {
        try await source.write { db in
            try await db.raw(
                """
                INSERT INTO dismissals (device_id, notification_id, dismissed_at)
                VALUES (\(bind: device), \(bind: notification), \(bind: at.millisecondsSince1970))
                ON CONFLICT (device_id, notification_id) DO NOTHING
                """
            ).run()
        }
    }

    public func dismissedNotifications(device: String) async throws -> Set<String> {
        try await source.read { db in
            let rows = try await db.raw("SELECT notification_id FROM dismissals WHERE device_id = \(bind: device)")
                .all()
            return Set(try rows.map { try $0.decode(column: "notification_id", as: String.self) })
        }
    }

    /// Inserts new keys (bottom first, so the top entry gets the highest seq) and rewrites entries
    /// whose hash changed; unchanged entries are not written at all. Counts go to each entry's record.
    static func upsert(
        _ entries: [MergedEntry], stream: String, at: Int64, into summaries: inout [UpsertSummary],
        db: any SQLDatabase
    ) async throws {
        var seen: Set<String> = []
        let unique = entries.filter { seen.insert($0.input.key).inserted }
        var existing: [String: String] = [:]
        for start in stride(from: 0, to: unique.count, by: 200) {
            let keys = unique[start..<min(start + 200, unique.count)].map(\.input.key)
            let rows = try await db.raw(
                "SELECT key, content_hash FROM entries WHERE stream = \(bind: stream) AND key IN (\(binds: keys))"
            ).all()
            for row in rows {
                existing[try row.decode(column: "key", as: String.self)] = try row.decode(
                    column: "content_hash", as: String.self)
            }
        }
        for merged in unique {
            let entry = merged.input
            guard let hash = existing[entry.key] else { continue }
            guard hash != entry.contentHash else {
                summaries[merged.record].unchanged += 1
                continue
            }
            try await db.raw(
                """
                UPDATE entries SET item = \(bind: entry.itemJSON), content_hash = \(bind: entry.contentHash),
                  content_html = \(bind: entry.contentHTML), item_id = \(bind: entry.itemID),
                  published_at = \(bind: entry.publishedAt?.millisecondsSince1970), source_id = \(bind: merged.sourceID),
                  updated_at = \(bind: at)
                WHERE stream = \(bind: stream) AND key = \(bind: entry.key)
                """
            ).run()
            summaries[merged.record].updated += 1
        }
        let columns = [
            "stream", "key", "source_id", "item", "content_hash", "content_html", "item_id", "published_at",
            "first_seen_at", "updated_at",
        ]
        let bottomFirst = Array(unique.filter { existing[$0.input.key] == nil }.reversed())
        for start in stride(from: 0, to: bottomFirst.count, by: 100) {
            var insert = RowsInsert(into: "entries", columns: columns)
            for merged in bottomFirst[start..<min(start + 100, bottomFirst.count)] {
                let entry = merged.input
                insert.rows.append([
                    .text(stream), .text(entry.key), .text(merged.sourceID), .text(entry.itemJSON),
                    .text(entry.contentHash), entry.contentHTML.sqlValue, .text(entry.itemID),
                    entry.publishedAt.map(\.millisecondsSince1970).sqlValue, .int(at), .int(at),
                ])
                summaries[merged.record].inserted += 1
            }
            try await db.raw("\(insert)").run()
        }
    }

    /// Deletes what the retention policy no longer keeps: beyond the newest `keep`, or first seen
    /// before `since`. Only the oldest go, so paging never skips a kept entry.
    static func prune(stream: String, keep: Int, since: Date, db: any SQLDatabase) async throws -> Int {
        try await db.raw(
            """
            DELETE FROM entries WHERE stream = \(bind: stream) AND (first_seen_at < \(bind: since.millisecondsSince1970)
              OR seq <= (SELECT seq FROM entries WHERE stream = \(bind: stream) ORDER BY seq DESC LIMIT 1 OFFSET \(bind: keep)))
            RETURNING seq
            """
        ).all().count
    }

    static var entryColumns: String {
        "seq, stream, key, source_id, item, content_html, item_id, published_at, first_seen_at"
    }

    static func decodeEntry(_ row: any SQLRow) throws -> StoredEntry {
        StoredEntry(
            seq: try row.decode(column: "seq", as: Int64.self),
            stream: try row.decode(column: "stream", as: String.self),
            key: try row.decode(column: "key", as: String.self),
            sourceID: try row.decode(column: "source_id", as: String.self),
            itemID: try row.decode(column: "item_id", as: String.self),
            itemJSON: try row.decode(column: "item", as: String.self),
            contentHTML: try row.decode(column: "content_html", as: String?.self),
            publishedAt: try row.decode(column: "published_at", as: Int64?.self).map(Date.init(millisecondsSince1970:)),
            firstSeenAt: Date(millisecondsSince1970: try row.decode(column: "first_seen_at", as: Int64.self)))
    }
}
