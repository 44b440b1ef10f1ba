import GRDB

/// The store's tables: an append-only list of migrations, one transaction each, recorded by GRDB's
/// migrator in `grdb_migrations`. `PRAGMA application_id` marks the file as a Tidings store.
enum OfflineStoreSchema {
    /// "TDKS" in the SQLite header: tells our file from any other SQLite database.
    static let applicationID: Int32 = 0x5444_4B53

    /// The tables this schema creates; any other table means a foreign database.
    static let tables: Set<String> = ["feed", "page", "item", "article", "response", "grdb_migrations"]

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: "PRAGMA application_id = \(applicationID)")
            // Recency is `used_at`, a per-store tick in milliseconds; `bytes` estimates a row's weight
            // so eviction knows how much to drop.
            try db.execute(
                sql: """
                    CREATE TABLE feed (
                        id INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE,
                        bytes INTEGER NOT NULL, used_at INTEGER NOT NULL);
                    CREATE INDEX feed_used_at ON feed(used_at);
                    CREATE TABLE page (
                        feed_id INTEGER NOT NULL REFERENCES feed(id) ON DELETE CASCADE,
                        position INTEGER NOT NULL, title TEXT NOT NULL, next_cursor TEXT,
                        fetched_at INTEGER NOT NULL, PRIMARY KEY (feed_id, position));
                    CREATE TABLE item (
                        feed_id INTEGER NOT NULL, page INTEGER NOT NULL, position INTEGER NOT NULL,
                        type TEXT NOT NULL, known INTEGER NOT NULL, body BLOB,
                        id TEXT, title TEXT, summary TEXT, image_url TEXT, url TEXT, published_at INTEGER,
                        source TEXT,
                        UNIQUE (feed_id, page, position),
                        FOREIGN KEY (feed_id, page) REFERENCES page(feed_id, position) ON DELETE CASCADE);
                    CREATE TABLE article (
                        id TEXT PRIMARY KEY, title TEXT NOT NULL, url TEXT, image_url TEXT, content_html TEXT,
                        fetched_at INTEGER NOT NULL, bytes INTEGER NOT NULL, used_at INTEGER NOT NULL);
                    CREATE INDEX article_used_at ON article(used_at);
                    CREATE TABLE response (
                        url TEXT PRIMARY KEY, etag TEXT, last_modified TEXT, body BLOB NOT NULL,
                        fetched_at INTEGER NOT NULL, fresh_until INTEGER NOT NULL,
                        bytes INTEGER NOT NULL, used_at INTEGER NOT NULL);
                    CREATE INDEX response_used_at ON response(used_at);
                    """)
        }
        // Teasers gained `image_proxy_url`; rows kept by earlier builds have none.
        migrator.registerMigration("v2") { db in
            try db.execute(sql: "ALTER TABLE item ADD COLUMN image_proxy_url TEXT")
        }
        // Teasers gained `author` and `enclosure`.
        migrator.registerMigration("v3") { db in
            for column in ["author TEXT", "enclosure_url TEXT", "enclosure_type TEXT", "enclosure_length INTEGER"] {
                try db.execute(sql: "ALTER TABLE item ADD COLUMN \(column)")
            }
        }
        // Teasers gained their image's size and alternative text.
        migrator.registerMigration("v4") { db in
            for column in ["image_width INTEGER", "image_height INTEGER", "image_alt TEXT"] {
                try db.execute(sql: "ALTER TABLE item ADD COLUMN \(column)")
            }
        }
        // Teasers gained the other tellings of their story (`also_from`, JSON: rare and small).
        migrator.registerMigration("v5") { db in
            try db.execute(sql: "ALTER TABLE item ADD COLUMN also_from BLOB")
        }
        return migrator
    }

    /// Why the open database is not a store this version can use, or nil when it is (or is empty).
    static func problem(_ db: Database) throws -> String? {
        let names = try String.fetchAll(
            db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
        guard !names.isEmpty else { return nil }
        let id = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
        let foreign = names.filter { !tables.contains($0) }.sorted()
        if id != applicationID || !foreign.isEmpty {
            return "is a foreign database (tables: \(names.sorted().joined(separator: ", ")))"
        }
        if try migrator.hasBeenSuperseded(db) { return "was written by a newer schema" }
        return nil
    }

    /// The highest `used_at` kept, so recency keeps increasing across launches.
    static func lastTick(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(
            db,
            sql: """
                SELECT max(coalesce((SELECT max(used_at) FROM feed), 0),
                           coalesce((SELECT max(used_at) FROM article), 0),
                           coalesce((SELECT max(used_at) FROM response), 0))
                """) ?? 0
    }
}
