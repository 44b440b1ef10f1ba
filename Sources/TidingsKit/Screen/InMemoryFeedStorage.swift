import TidingsModel

/// Feeds kept in memory for the life of the process: offline fallback within one run, and tests.
/// Apps keep them across launches with the offline store (`OfflineStore`).
public final class InMemoryFeedStorage: FeedStorage {
    private let feeds = Locked([String: StoredFeed]())

    /// An empty storage.
    public init() {}

    public func feed(key: String) throws -> StoredFeed? { feeds.withLock { $0[key] } }

    public func save(_ feed: StoredFeed, key: String) throws { feeds.withLock { $0[key] = feed } }
}
