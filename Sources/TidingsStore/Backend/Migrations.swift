import Foundation
import SQLKit
import TidingsModel

/// The schema, as an append-only numbered list. Never edit a shipped migration: add one.
public struct Migration: Sendable {
    public var version: Int
    public var name: String
    public var statements: @Sendable (SQLBackendKind) -> [String]
    /// Rows rewritten by code after the statements, in the same transaction: what SQL alone cannot
    /// compute (an entry's image places need its JSON decoded).
    public var conversion: Conversion?

    /// A step of a migration that rewrites rows.
    public struct Conversion: Sendable {
        /// What it does, for `tidings migrate --dry-run`.
        public var description: String
        public var run: @Sendable (any SQLDatabase) async throws -> Void
    }

    public init(
        version: Int, name: String, conversion: Conversion? = nil,
        statements: @escaping @Sendable (SQLBackendKind) -> [String]
    ) {
        self.version = version
        self.name = name
        self.statements = statements
        self.conversion = conversion
    }
}

public enum Migrations {
    /// Every migration, in order.
    public static let all: [Migration] = [
        Migration(version: 1, name: "catalog and news") { kind in
            let serial = kind == .postgres ? "BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY" : "INTEGER PRIMARY KEY"
            // PostgreSQL compares text by locale unless told otherwise; keyset paging needs one
            // stable byte order on both backends.
            let key = kind == .postgres ? "TEXT COLLATE \"C\"" : "TEXT"
            return [
                """
                CREATE TABLE events (seq \(serial), id \(key) NOT NULL UNIQUE, type TEXT NOT NULL,
                  product_id \(key) NOT NULL, at BIGINT NOT NULL, payload TEXT NOT NULL, recorded_at BIGINT NOT NULL)
                """,
                """
                CREATE TABLE products (id \(key) PRIMARY KEY, name TEXT NOT NULL, names TEXT NOT NULL,
                  unit TEXT NOT NULL, unit_size BIGINT NOT NULL, container TEXT NOT NULL,
                  store_price BIGINT NOT NULL, currency TEXT NOT NULL, image_url TEXT,
                  created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL, last_price_item_id \(key))
                """,
                """
                CREATE TABLE news_items (id \(key) PRIMARY KEY, product_id \(key) NOT NULL, kind TEXT NOT NULL,
                  price BIGINT NOT NULL, old_price BIGINT, currency TEXT NOT NULL, percent BIGINT,
                  created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL)
                """,
                "CREATE INDEX news_items_feed ON news_items (created_at DESC, id DESC)",
                "CREATE INDEX news_items_product ON news_items (product_id)",
            ]
        },
        Migration(version: 2, name: "api keys") { kind in
            let serial = kind == .postgres ? "BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY" : "INTEGER PRIMARY KEY"
            return [
                """
                CREATE TABLE api_keys (id \(serial), name TEXT NOT NULL, key_hash TEXT NOT NULL UNIQUE,
                  created_at BIGINT NOT NULL, revoked_at BIGINT)
                """
            ]
        },
        Migration(version: 3, name: "catalog version") { _ in
            // Bumped by every catalog write transaction; lets a process tell whether its cached
            // product states are still current (see ProductStateCache).
            [
                "CREATE TABLE catalog_version (id BIGINT PRIMARY KEY, version BIGINT NOT NULL)",
                "INSERT INTO catalog_version (id, version) VALUES (1, 0)",
            ]
        },
        Migration(version: 4, name: "sources, entries and dismissals") { kind in
            let serial = kind == .postgres ? "BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY" : "INTEGER PRIMARY KEY"
            let key = kind == .postgres ? "TEXT COLLATE \"C\"" : "TEXT"
            return [
                // One row per fetched document (a URL or a file), with what the poller needs to fetch it
                // conditionally and on time, and a lease so one process at a time fetches it.
                """
                CREATE TABLE sources (id \(key) PRIMARY KEY, format TEXT NOT NULL, etag TEXT, last_modified TEXT,
                  title TEXT, web_url TEXT, next_fetch_at BIGINT NOT NULL, last_attempt_at BIGINT,
                  last_success_at BIGINT, last_status TEXT, last_error TEXT, failures BIGINT NOT NULL,
                  entry_count BIGINT NOT NULL, lease_owner TEXT, lease_until BIGINT)
                """,
                // Section content: one row per (section, entry key). seq orders a section newest first
                // and never changes for a key, so keyset paging is stable while entries arrive.
                """
                CREATE TABLE entries (seq \(serial), stream \(key) NOT NULL, key \(key) NOT NULL,
                  source_id TEXT NOT NULL, item TEXT NOT NULL, content_hash TEXT NOT NULL, content_html TEXT,
                  item_id \(key) NOT NULL, published_at BIGINT, first_seen_at BIGINT NOT NULL,
                  updated_at BIGINT NOT NULL, UNIQUE (stream, key))
                """,
                "CREATE INDEX entries_page ON entries (stream, seq)",
                "CREATE INDEX entries_item ON entries (item_id)",
                """
                CREATE TABLE dismissals (device_id \(key) NOT NULL, notification_id \(key) NOT NULL,
                  dismissed_at BIGINT NOT NULL, PRIMARY KEY (device_id, notification_id))
                """,
            ]
        },
        Migration(version: 5, name: "events by product") { _ in
            // A product's price history (the web reader's product page) reads its events in order.
            ["CREATE INDEX events_product ON events (product_id, seq)"]
        },
        Migration(version: 6, name: "entry identity and retention") { kind in
            let key = kind == .postgres ? "TEXT COLLATE \"C\"" : "TEXT"
            return [
                // An entry is identified within its source: keys are scoped by the source's id.
                "UPDATE entries SET key = source_id || '\n' || key",
                // Retention ranks entries by date (or place in the document when undated), not by
                // arrival; sort_at is that date, held at the time of the fetch.
                "ALTER TABLE entries ADD COLUMN sort_at BIGINT NOT NULL DEFAULT 0",
                """
                UPDATE entries SET sort_at = CASE WHEN published_at IS NULL OR published_at > first_seen_at
                  THEN first_seen_at ELSE published_at END
                """,
                "CREATE INDEX entries_retention ON entries (stream, sort_at, seq)",
                // Article pages look an item up within one section.
                "DROP INDEX entries_item",
                "CREATE INDEX entries_item ON entries (stream, item_id)",
                // What retention removed, while its source still lists it: never inserted again.
                """
                CREATE TABLE entry_tombstones (stream \(key) NOT NULL, key \(key) NOT NULL, source_id \(key) NOT NULL,
                  pruned_at BIGINT NOT NULL, PRIMARY KEY (stream, key))
                """,
                "CREATE INDEX entry_tombstones_source ON entry_tombstones (stream, source_id)",
            ]
        },
        Migration(version: 7, name: "product event clock") { _ in
            // The latest `at` of each product's logged events: an event earlier than it arrived
            // late, and the product is derived again from its events in time order.
            [
                "ALTER TABLE products ADD COLUMN last_event_at BIGINT NOT NULL DEFAULT 0",
                """
                UPDATE products SET last_event_at = COALESCE(
                  (SELECT MAX(e.at) FROM events e WHERE e.product_id = products.id), updated_at)
                """,
            ]
        },
        Migration(version: 8, name: "cursor secret") { _ in
            // The key that signs cursors: one row, written at start-up (SQLStore+CursorSecret)
            // and shared by every server over this database, so their cursors outlive restarts.
            ["CREATE TABLE cursor_secret (id BIGINT PRIMARY KEY, secret TEXT NOT NULL, created_at BIGINT NOT NULL)"]
        },
        Migration(version: 9, name: "catalog writers side by side") { kind in
            // Builds before this one counted catalog_version in every catalog write, and trusted
            // the product states they had cached when the count had moved by exactly one since
            // their last write. From this version on, PostgreSQL writers lock only the products
            // they write, and every writer checks its cache against the event log instead
            // (ProductStateCache) — nobody counts. A previous build running beside this one (a
            // rolling upgrade; an older CLI on the same SQLite file) still counts: the count now
            // moves by two at each of its writes, so it never trusts its cache again and reads
            // every product, as it does after any other process's write.
            switch kind {
            case .postgres:
                return [
                    """
                    CREATE FUNCTION tidings_catalog_version_step() RETURNS trigger LANGUAGE plpgsql AS $$
                    BEGIN NEW.version := OLD.version + 2; RETURN NEW; END $$
                    """,
                    """
                    CREATE TRIGGER catalog_version_step BEFORE UPDATE ON catalog_version
                      FOR EACH ROW EXECUTE FUNCTION tidings_catalog_version_step()
                    """,
                ]
            case .sqlite:
                // An AFTER trigger's own update does not fire it again (recursive_triggers is off).
                return [
                    """
                    CREATE TRIGGER catalog_version_step AFTER UPDATE OF version ON catalog_version
                    BEGIN UPDATE catalog_version SET version = version + 1 WHERE id = NEW.id; END
                    """
                ]
            }
        },
        Migration(version: 10, name: "news revisions") { kind in
            // Live readers of the catalog news ask what was added and changed since a position
            // (SQLStore+NewsChanges). Each news write stamps the rows it writes with its revision:
            // created_rev when the row is inserted, rev on every write. On PostgreSQL the revision
            // is the writing transaction's id and a position is a snapshot (writers of different
            // products commit in any order, so no counter taken inside them orders their commits);
            // SQLite has one writer at a time, which counts in news_revision.
            var statements = [
                "ALTER TABLE news_items ADD COLUMN created_rev BIGINT NOT NULL DEFAULT 0",
                "ALTER TABLE news_items ADD COLUMN rev BIGINT NOT NULL DEFAULT 0",
                "CREATE INDEX news_items_rev ON news_items (rev)",
            ]
            switch kind {
            case .postgres:
                // Rows a previous build inserts beside this one (a rolling upgrade) are stamped too.
                statements += ["created_rev", "rev"].map {
                    "ALTER TABLE news_items ALTER COLUMN \($0) SET DEFAULT (pg_current_xact_id()::text::bigint)"
                }
            case .sqlite:
                statements += [
                    "CREATE TABLE news_revision (id INTEGER PRIMARY KEY, rev INTEGER NOT NULL)",
                    "INSERT INTO news_revision (id, rev) VALUES (1, 0)",
                ]
            }
            return statements
        },
        Migration(version: 11, name: "news aggregates") { kind in
            // Bursts of news fold into aggregates (NewsAggregation, SQLStore+Aggregates): members
            // keep their rows and point at their aggregate; the feed shows the aggregate in place of
            // them. news_aggregation records the settings the stored aggregates were made with.
            let key = kind == .postgres ? "TEXT COLLATE \"C\"" : "TEXT"
            let revision = kind == .postgres ? "(pg_current_xact_id()::text::bigint)" : "0"
            return [
                """
                CREATE TABLE news_aggregates (id \(key) PRIMARY KEY, kind TEXT NOT NULL, bucket BIGINT NOT NULL,
                  created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL, members BIGINT NOT NULL,
                  created_rev BIGINT NOT NULL DEFAULT \(revision), rev BIGINT NOT NULL DEFAULT \(revision))
                """,
                "CREATE INDEX news_aggregates_feed ON news_aggregates (created_at DESC, id DESC)",
                "CREATE INDEX news_aggregates_bucket ON news_aggregates (bucket)",
                "CREATE INDEX news_aggregates_rev ON news_aggregates (rev)",
                "ALTER TABLE news_items ADD COLUMN aggregate_id \(key)",
                "CREATE INDEX news_items_aggregate ON news_items (aggregate_id)",
                // The feed's keyset scan over the items shown on their own.
                "CREATE INDEX news_items_shown ON news_items (created_at DESC, id DESC) WHERE aggregate_id IS NULL",
                "CREATE TABLE news_aggregation (id BIGINT PRIMARY KEY, window_ms BIGINT NOT NULL, min_items BIGINT NOT NULL)",
                "INSERT INTO news_aggregation (id, window_ms, min_items) VALUES (1, 0, 0)",
            ]
        },
        Migration(version: 12, name: "article pages") { kind in
            // The web pages behind entries' links, with the article extracted from each
            // (ArticleStore, SQLStore+Articles). The URL itself is the key: the store refuses URLs
            // over 2,048 bytes, within PostgreSQL's B-tree entry limit (2,704). Pages fall due at
            // next_check_at and are leased like sources, so one process at a time fetches a page;
            // requested_at is the last time an entry asked for one, which retention prunes by.
            let key = kind == .postgres ? "TEXT COLLATE \"C\"" : "TEXT"
            return [
                """
                CREATE TABLE article_pages (url \(key) PRIMARY KEY, status TEXT NOT NULL, content_html TEXT,
                  content_text TEXT, title TEXT, byline TEXT, site_name TEXT, image_url TEXT, language TEXT,
                  direction TEXT, published_at BIGINT, etag TEXT, last_modified TEXT, content_hash TEXT,
                  fetched_at BIGINT, changed_at BIGINT, requested_at BIGINT NOT NULL, next_check_at BIGINT NOT NULL,
                  failures BIGINT NOT NULL, error TEXT, lease_owner TEXT, lease_until BIGINT)
                """,
                "CREATE INDEX article_pages_due ON article_pages (next_check_at, url)",
                "CREATE INDEX article_pages_requested ON article_pages (requested_at)",
            ]
        },
        Migration(version: 13, name: "entry image places", conversion: EntryRecord.migration) { _ in
            // Where each entry's image links go (EntryRecord, version 2), so pages splice links in
            // instead of decoding entries. Rows without an image get none here; the conversion
            // finds the places of the rest.
            [
                "ALTER TABLE entries ADD COLUMN item_images TEXT",
                "UPDATE entries SET item_images = '[]' WHERE item NOT LIKE '%\"image_url\"%'",
            ]
        },
        Migration(version: 14, name: "brands and sections") { kind in
            // The brands a server shows, kept so that editors change them live (BrandStore,
            // SQLStore+Brands): each brand's own fields and each section as a document in the
            // configuration file's form, with a version every change raises (an editor's ETag).
            // brands_version rises with any change, so a process can tell whether its copy is current.
            let key = kind == .postgres ? "TEXT COLLATE \"C\"" : "TEXT"
            return [
                """
                CREATE TABLE brands (id \(key) PRIMARY KEY, position BIGINT NOT NULL, document TEXT NOT NULL,
                  version BIGINT NOT NULL, updated_at BIGINT NOT NULL)
                """,
                """
                CREATE TABLE brand_sections (brand \(key) NOT NULL, id \(key) NOT NULL, position BIGINT NOT NULL,
                  document TEXT NOT NULL, version BIGINT NOT NULL, updated_at BIGINT NOT NULL, PRIMARY KEY (brand, id))
                """,
                "CREATE TABLE brands_version (id BIGINT PRIMARY KEY, version BIGINT NOT NULL)",
                "INSERT INTO brands_version (id, version) VALUES (1, 0)",
            ]
        },
        Migration(version: 15, name: "api key scopes") { _ in
            // What a key may do (APIKeyScope): keys made before scopes post catalog events, as they did.
            ["ALTER TABLE api_keys ADD COLUMN scope TEXT NOT NULL DEFAULT 'write'"]
        },
        Migration(version: 16, name: "sources remember the streams they fed") { _ in
            // The sections (streams) a source's last full fetch wrote to: a section that starts
            // reading a source (an edit, an import) gets a full fetch rather than a 304 that would
            // leave it empty until the feed changes. NULL (sources fetched before) fetches in full once.
            ["ALTER TABLE sources ADD COLUMN streams TEXT"]
        },
        Migration(version: 17, name: "audit log") { kind in
            // Every document an editor (or an import) added, changed or removed: who, when, what,
            // before and after (BrandStore.changeBrands writes it in the change's transaction).
            let serial = kind == .postgres ? "BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY" : "INTEGER PRIMARY KEY"
            let key = kind == .postgres ? "TEXT COLLATE \"C\"" : "TEXT"
            return [
                """
                CREATE TABLE audit_log (id \(serial), at BIGINT NOT NULL, actor TEXT NOT NULL, action TEXT NOT NULL,
                  kind TEXT NOT NULL, target \(key) NOT NULL, before TEXT, after TEXT)
                """,
                "CREATE INDEX audit_log_at ON audit_log (at)",
                "CREATE INDEX audit_log_target ON audit_log (target, id)",
            ]
        },
        Migration(version: 18, name: "editorial actions") { kind in
            // The newsroom's decisions on single stories of a section (BrandStore.changeAction):
            // `pin` at a place (0-based, under the cards) until a time or for good, `hide` with a
            // reason. Read with the brands and raising their version, so servers show both at once.
            let key = kind == .postgres ? "TEXT COLLATE \"C\"" : "TEXT"
            return [
                """
                CREATE TABLE section_actions (brand \(key) NOT NULL, section \(key) NOT NULL, item \(key) NOT NULL,
                  kind TEXT NOT NULL, place BIGINT, until BIGINT, reason TEXT, at BIGINT NOT NULL, actor TEXT NOT NULL,
                  version BIGINT NOT NULL, PRIMARY KEY (brand, section, item))
                """
            ]
        },
        Migration(version: 19, name: "console sessions") { _ in
            // The newsroom console's sign-ins (KeyStore.startSession): the cookie's hash, never the
            // cookie; the key it was opened with (revoking the key ends it); the form token.
            [
                """
                CREATE TABLE admin_sessions (token_hash TEXT PRIMARY KEY, key_id BIGINT NOT NULL, csrf TEXT NOT NULL,
                  created_at BIGINT NOT NULL, expires_at BIGINT NOT NULL)
                """
            ]
        },
        Migration(version: 20, name: "article confidence") { _ in
            // What the extractor found on a page is kept even when it doubts it is the article
            // (ArticlePage.confidence, in thousandths; page_kind): readers see it above
            // full_text.min_confidence, the feed's own content below. NULL: extracted before.
            [
                "ALTER TABLE article_pages ADD COLUMN confidence BIGINT",
                "ALTER TABLE article_pages ADD COLUMN page_kind TEXT",
            ]
        },
        Migration(version: 21, name: "story groups") { kind in
            // Entries of a section that tell one story (issue 42, SQLStore+Stories): an entry's
            // story is its first member's seq; `folded` ones are shown in their story's item. The
            // keys grouping compares (story_keys) outlive their entry while its story lives, so a
            // rebuild folds as live grouping did; story_streams counts the writes that changed a
            // stream's keys (a server keeps them in memory while the count is the one it left).
            // story_decisions: editors' splits and merges, replayed by a rebuild; story_grouping:
            // the rule the stored groups were made with ('' = none).
            let serial = kind == .postgres ? "BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY" : "INTEGER PRIMARY KEY"
            let key = kind == .postgres ? "TEXT COLLATE \"C\"" : "TEXT"
            // SQLite: no rowid beside the key, one B-tree written a row instead of two (every poll).
            let keyed = kind == .postgres ? "" : " WITHOUT ROWID"
            return [
                "ALTER TABLE entries ADD COLUMN story BIGINT",
                "ALTER TABLE entries ADD COLUMN folded BIGINT NOT NULL DEFAULT 0",
                "CREATE INDEX entries_shown ON entries (stream, seq) WHERE folded = 0",
                "CREATE INDEX entries_story ON entries (stream, story) WHERE story IS NOT NULL",
                """
                CREATE TABLE story_keys (stream \(key) NOT NULL, seq BIGINT NOT NULL, story BIGINT NOT NULL,
                  source_id \(key) NOT NULL, at BIGINT NOT NULL, url_key \(key), words BIGINT NOT NULL, signature TEXT,
                  PRIMARY KEY (stream, seq))\(keyed)
                """,
                "CREATE INDEX story_keys_story ON story_keys (stream, story)",
                "CREATE TABLE story_streams (stream \(key) PRIMARY KEY, version BIGINT NOT NULL)",
                """
                CREATE TABLE story_decisions (id \(serial), stream \(key) NOT NULL, at_seq BIGINT NOT NULL,
                  kind TEXT NOT NULL, a BIGINT NOT NULL, b BIGINT, at BIGINT NOT NULL, actor TEXT NOT NULL, reason TEXT)
                """,
                "CREATE INDEX story_decisions_stream ON story_decisions (stream, at_seq, id)",
                "CREATE TABLE story_grouping (id BIGINT PRIMARY KEY, rule TEXT NOT NULL)",
                "INSERT INTO story_grouping (id, rule) VALUES (1, '')",
            ]
        },
        // Hashes of the capitalized words of a summary (StoryKeys.names); older keys have none.
        Migration(version: 22, name: "story key names") { _ in ["ALTER TABLE story_keys ADD COLUMN names TEXT"] },
        // Development builds made story_keys and story_streams in other shapes under 21 (one had
        // story_bands, no story_streams): both made anew, and a stored rule no configuration has
        // makes the next start group every section again from its entries.
        Migration(version: 23, name: "story keys made again") { kind in
            let key = kind == .postgres ? "TEXT COLLATE \"C\"" : "TEXT"
            return [
                "DROP TABLE IF EXISTS story_bands", "DROP TABLE story_keys", "DROP TABLE IF EXISTS story_streams",
                """
                CREATE TABLE story_keys (stream \(key) NOT NULL, seq BIGINT NOT NULL, story BIGINT NOT NULL,
                  source_id \(key) NOT NULL, at BIGINT NOT NULL, url_key \(key), words BIGINT NOT NULL, signature TEXT,
                  names TEXT, PRIMARY KEY (stream, seq))\(kind == .postgres ? "" : " WITHOUT ROWID")
                """,
                "CREATE INDEX story_keys_story ON story_keys (stream, story)",
                "CREATE TABLE story_streams (stream \(key) PRIMARY KEY, version BIGINT NOT NULL)",
                "UPDATE story_grouping SET rule = 'keys to be made again (migration 23)'",
            ]
        },
    ]

    /// The newest schema version this build knows.
    public static var latest: Int { all.last?.version ?? 0 }

    /// The table recording applied migrations: what marks a database as a Tidings database.
    public static let ledger =
        "CREATE TABLE IF NOT EXISTS schema_migrations (version BIGINT PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)"

    /// Applies every migration newer than the database's version, up to `version`, each in its own
    /// transaction. Returns the versions applied. A database that has tables but no
    /// `schema_migrations` is another program's: it is refused with ``ForeignDatabase`` and
    /// nothing is written to it.
    @discardableResult
    public static func migrate(_ source: some SQLConnectionSource, upTo version: Int = .max, now: Date = Date())
        async throws -> [Int]
    {
        let kind = source.kind
        try await source.write { db in
            // A newer tidings migrated this database: running our migrations (or serving over
            // tables we do not know) could damage what it wrote.
            try SchemaStatus(kind: kind, applied: try await Self.recorded(db, kind: kind)).refuseIfNewer()
            try await db.raw(SQLQueryString(Self.ledger)).run()
        }
        var applied: [Int] = []
        for migration in all where migration.version <= version {
            let ran = try await source.write { db -> Bool in
                // Checked inside the transaction: with PostgreSQL the write lock makes concurrent
                // start-ups of several servers take turns.
                let rows = try await db.raw(
                    "SELECT version FROM schema_migrations WHERE version = \(bind: migration.version)"
                ).all()
                guard rows.isEmpty else { return false }
                for statement in migration.statements(source.kind) {
                    try await db.raw(SQLQueryString(statement)).run()
                }
                try await migration.conversion?.run(db)
                try await db.raw(
                    "INSERT INTO schema_migrations (version, name, applied_at) VALUES (\(bind: migration.version), \(bind: migration.name), \(bind: now.millisecondsSince1970))"
                ).run()
                return true
            }
            if ran { applied.append(migration.version) }
        }
        return applied
    }

    /// Where the database's schema stands, read without writing anything. A database with tables
    /// but no `schema_migrations` is refused with ``ForeignDatabase``.
    public static func status(_ source: some SQLConnectionSource) async throws -> SchemaStatus {
        let kind = source.kind
        return SchemaStatus(kind: kind, applied: try await source.read { try await Self.recorded($0, kind: kind) })
    }

    /// The versions `schema_migrations` records, sorted; none for an empty database. One with
    /// tables but no `schema_migrations` is another program's: ``ForeignDatabase``.
    static func recorded(_ db: any SQLDatabase, kind: SQLBackendKind) async throws -> [Int] {
        let tables = try await Self.tables(db, kind: kind)
        if tables.isEmpty { return [] }
        guard tables.contains("schema_migrations") else { throw ForeignDatabase(tables: tables) }
        return try await db.raw("SELECT version FROM schema_migrations").all()
            .map { Int(try $0.decode(column: "version", as: Int64.self)) }.sorted()
    }

    /// The tables of the database (PostgreSQL: of the schema tables are created in).
    static func tables(_ db: any SQLDatabase, kind: SQLBackendKind) async throws -> [String] {
        let query =
            switch kind {
            case .sqlite: "SELECT name FROM sqlite_master WHERE type = 'table' AND substr(name, 1, 7) <> 'sqlite_'"
            case .postgres: "SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema()"
            }
        return try await db.raw(SQLQueryString(query)).all().map { try $0.decode(column: "name", as: String.self) }
            .sorted()
    }
}

/// A database that holds tables but no `schema_migrations`: another program's, never migrated.
public struct ForeignDatabase: Error, CustomStringConvertible {
    /// Its tables, sorted.
    public var tables: [String]
    /// The first few tables, for a message.
    public var listed: String { tables.prefix(5).joined(separator: ", ") + (tables.count > 5 ? ", …" : "") }
    public var description: String {
        "store: the database has tables (\(listed)) but no schema_migrations: it is not a Tidings database"
    }
}

/// Where a database's schema stands against this build's migrations.
public struct SchemaStatus: Sendable, Equatable {
    /// The database's dialect (a dry run prints the statements it would run).
    public var kind: SQLBackendKind
    /// The versions recorded as applied, sorted; empty for an empty database.
    public var applied: [Int]

    public init(kind: SQLBackendKind, applied: [Int]) {
        self.kind = kind
        self.applied = applied
    }

    /// The newest version applied; 0 for an empty database.
    public var version: Int { applied.last ?? 0 }
    /// The newest version this build knows.
    public var known: Int { Migrations.latest }
    /// Migrations this build has that the database has not had, in order.
    public var pending: [Migration] { Migrations.all.filter { !applied.contains($0.version) } }
    /// Whether a newer build migrated the database past what this one knows.
    public var isNewer: Bool { version > known }
    /// Whether the schema is exactly this build's.
    public var isCurrent: Bool { !isNewer && pending.isEmpty }

    /// Throws ``SchemaTooNew`` when a newer build migrated the database.
    public func refuseIfNewer() throws {
        if isNewer { throw SchemaTooNew(version: version, known: known) }
    }
}

/// A database migrated by a newer tidings than this one: refused, never migrated or served.
public struct SchemaTooNew: Error, CustomStringConvertible {
    /// The newest version the database records.
    public var version: Int
    /// The newest version this build knows.
    public var known: Int

    public init(version: Int, known: Int) {
        self.version = version
        self.known = known
    }

    public var description: String {
        "the schema is at version \(version), newer than this tidings knows (\(known)): a newer tidings migrated it;"
            + " run that version or a later one, or restore a backup taken before the upgrade"
    }
}
