import GRDB

extension OfflineStore {
    /// Drops least-recently-used feeds, articles and responses until the database is under
    /// `maxBytes` (writes call it when they cross it); returns how many it dropped.
    @discardableResult
    public func evict() throws -> Int {
        try perform("evict") { db in try Self.evict(db, maxBytes: maxBytes, automatic: false) }
    }

    /// Forgets every feed, article and response.
    public func removeAll() throws {
        try perform("remove everything") { db in
            try db.execute(sql: "DELETE FROM feed; DELETE FROM article; DELETE FROM response")
            try db.execute(sql: "PRAGMA incremental_vacuum")
        }
    }

    /// Evicts down to nine tenths of `maxBytes`, so that the next writes do not each evict again.
    /// Each entry's `bytes` estimates its weight; the loop checks the real size after each round.
    @discardableResult
    static func evict(_ db: Database, maxBytes: Int, automatic: Bool) throws -> Int {
        guard try !automatic || size(db) > maxBytes else { return 0 }
        try db.execute(sql: "PRAGMA incremental_vacuum")
        let target = maxBytes - maxBytes / 10
        var removed = 0
        while case let size = try size(db), size > maxBytes {
            var excess = size - target
            var victims: [(table: String, key: DatabaseValue)] = []
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT 'feed', key, bytes, used_at FROM feed
                    UNION ALL SELECT 'article', id, bytes, used_at FROM article
                    UNION ALL SELECT 'response', url, bytes, used_at FROM response
                    ORDER BY 4
                    """)
            while excess > 0, let row = try rows.next() {
                victims.append((row[0], row[1]))
                excess -= max(row[2] as Int, 1)
            }
            guard !victims.isEmpty else { break }
            for victim in victims {
                let key = victim.table == "feed" ? "key" : victim.table == "article" ? "id" : "url"
                try db.execute(sql: "DELETE FROM \(victim.table) WHERE \(key) = ?", arguments: [victim.key])
            }
            removed += victims.count
            try db.execute(sql: "PRAGMA incremental_vacuum")
        }
        return removed
    }
}
