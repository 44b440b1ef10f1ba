import Foundation
import SQLKit
import TidingsModel

extension Migrations {
    /// Migrations 1 to 20: the catalog, its news and keys, sources and entries, article pages,
    /// brands and sections, the audit log and editorial actions.
    static let first: [Migration] = [
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
    ]
}
