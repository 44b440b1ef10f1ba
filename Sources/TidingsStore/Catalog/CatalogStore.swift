import Foundation
import TidingsCatalog
import TidingsModel

/// The catalog: the event log and the products and news derived from it. The SQLite and
/// PostgreSQL backends both satisfy it through ``SQLStore``.
public protocol CatalogStore: Sendable {
    /// Appends events to the log in one transaction, deriving news in the same transaction, each
    /// product's events applied in the order of their `at` whatever order they arrive in (a late
    /// event re-derives its product). Returns one outcome per event, in input order. When `atomic`,
    /// the first refusal throws its `CatalogError` and nothing is written (one request's events
    /// stand or fall together).
    func ingest(_ events: [CatalogEvent], recordedAt: Date, atomic: Bool) async throws -> [IngestOutcome]
    /// The current state of a product.
    func product(id: String) async throws -> Product?
    /// The product's store prices over time, oldest first: its price when created and every
    /// accepted price change since (a deleted and recreated product starts over).
    func priceHistory(productID: String) async throws -> [PricePoint]
    /// News newest first, created at or after `since`, strictly after `cursor`.
    func newsPage(since: Date, after cursor: NewsCursor?, limit: Int) async throws -> [NewsEntry]
    /// The news as people see it, newest first, created at or after `since`, strictly after
    /// `cursor`: each aggregate (``NewsAggregation``) in place of its members, with at most
    /// `members` of them, the biggest change first (new products: the newest first).
    func newsFeed(since: Date, after cursor: NewsCursor?, limit: Int, members: Int) async throws -> [NewsFeedEntry]
    /// Where the news stands now and, from an earlier `position`, how many news items created at or
    /// after `since` were added after it and how many it knew were written again since. `folded`
    /// counts as ``newsFeed(since:after:limit:members:)`` shows: aggregates, not their members.
    func newsChanges(since position: NewsPosition?, window since: Date, folded: Bool) async throws -> NewsChanges
    /// Recomputes products and news from the event log, each product's events in time order.
    func rebuildNews(progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?) async throws -> RebuildSummary
    /// Counts of what the store holds.
    func counts() async throws -> StoreCounts
}

/// The keys of a database: API keys for the write endpoints and the secret cursors are signed with.
public protocol KeyStore: Sendable {
    /// Stores a new API key's hash.
    func createAPIKey(name: String, hash: String, at: Date) async throws -> APIKeyRecord
    /// All keys, revoked ones included.
    func apiKeys() async throws -> [APIKeyRecord]
    /// Revokes a key; false when there is no such key.
    func revokeAPIKey(id: Int64, at: Date) async throws -> Bool
    /// The key with this hash, if any.
    func apiKey(hash: String) async throws -> APIKeyRecord?
    /// The secret that signs cursors: 32 random bytes, made by the first caller and kept in the
    /// database, so every server over it signs alike, across restarts.
    func cursorSecret() async throws -> [UInt8]
}

/// Everything a server keeps, in one database: the catalog, the sections, the article pages and
/// the keys.
public protocol TidingsStorage: CatalogStore, SectionStore, ArticleStore, KeyStore {
    /// Applies pending migrations (and makes the cursor secret); returns the versions applied.
    /// A schema newer than this build is refused with ``SchemaTooNew``.
    @discardableResult func migrate() async throws -> [Int]
    /// Where the schema stands, read without writing anything.
    func schemaStatus() async throws -> SchemaStatus
    /// Follows what other processes commit to the database (``StoreChange``), calling `heard` for
    /// each, and with ``StoreChange/everything`` whenever following (re)starts, since changes made
    /// before were not heard. Runs until the task is cancelled (returns true) or the connection is
    /// lost (throws); returns false at once when no other process can write (SQLite).
    func followChanges(_ heard: @escaping @Sendable (StoreChange) -> Void) async throws -> Bool
    /// Releases connections.
    func close() async throws
}

extension CatalogStore {
    /// Ingests events, applying the valid ones even when others are refused.
    public func ingest(_ events: [CatalogEvent], recordedAt: Date) async throws -> [IngestOutcome] {
        try await ingest(events, recordedAt: recordedAt, atomic: false)
    }
}

/// A product's store price from a moment on.
public struct PricePoint: Hashable, Sendable {
    /// When the price took effect (the event's `at`).
    public var at: Date
    /// The store price (before markup).
    public var storePrice: Money

    /// Creates a point.
    public init(at: Date, storePrice: Money) {
        self.at = at
        self.storePrice = storePrice
    }
}

/// What happened to one ingested event.
public enum IngestOutcome: Hashable, Sendable {
    case accepted
    /// An event with this id and the same body is already in the log; nothing changed. (The same
    /// id with a different body is `rejected` with `CatalogError.replayConflict`.)
    case duplicate
    case rejected(CatalogError)
}

/// A news item with the product it is about.
public struct NewsEntry: Hashable, Sendable {
    public var record: NewsRecord
    public var product: Product

    public init(record: NewsRecord, product: Product) {
        self.record = record
        self.product = product
    }
}

extension NewsEntry {
    /// Its place in the feed, for keyset paging.
    public var cursor: NewsCursor {
        NewsCursor(createdAt: record.createdAt.millisecondsSince1970, id: record.id)
    }
}

/// One item of the news feed: an item on its own, or an aggregate of several.
public enum NewsFeedEntry: Hashable, Sendable {
    case item(NewsEntry)
    case aggregate(NewsAggregateEntry)

    /// Its place in the feed, for keyset paging.
    public var cursor: NewsCursor {
        switch self {
        case .item(let entry): entry.cursor
        case .aggregate(let entry):
            NewsCursor(createdAt: entry.record.createdAt.millisecondsSince1970, id: entry.record.id)
        }
    }
}

/// An aggregate with (some of) its members.
public struct NewsAggregateEntry: Hashable, Sendable {
    public var record: NewsAggregateRecord
    /// The members shown, the biggest change first (new products: the newest first).
    public var members: [NewsEntry]

    public init(record: NewsAggregateRecord, members: [NewsEntry]) {
        self.record = record
        self.members = members
    }
}

/// What `news rebuild` did.
public struct RebuildSummary: Hashable, Sendable {
    public var events: Int
    public var products: Int
    public var newsItems: Int
    /// Logged events the current rules refuse to read, or that do not apply at their place in time
    /// (a change after a deletion that arrived late).
    public var skipped: Int
}

/// Row counts.
public struct StoreCounts: Hashable, Sendable {
    public var events: Int
    public var products: Int
    public var newsItems: Int

    public init(events: Int, products: Int, newsItems: Int) {
        self.events = events
        self.products = products
        self.newsItems = newsItems
    }
}

/// An API key as stored: only the SHA-256 hash of the secret is kept.
public struct APIKeyRecord: Hashable, Sendable {
    public var id: Int64
    public var name: String
    public var createdAt: Date
    public var revokedAt: Date?

    public init(id: Int64, name: String, createdAt: Date, revokedAt: Date?) {
        self.id = id
        self.name = name
        self.createdAt = createdAt
        self.revokedAt = revokedAt
    }
}

/// Storage failures that are not the caller's fault.
public struct StoreError: Error, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = "store: " + message }
    public var description: String { message }
}
