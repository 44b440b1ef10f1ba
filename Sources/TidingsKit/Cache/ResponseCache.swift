import Foundation
import TidingsModel

/// Where a ``ResponseCache`` keeps responses across launches. `OfflineStore` (TidingsKitStore) is one.
public protocol ResponseStorage: Sendable {
    /// The response kept for `url`, or nil.
    func storedResponse(for url: URL) throws -> ResponseCache.Entry?
    /// Keeps `entry` for `url`, replacing what was kept.
    func storeResponse(_ entry: ResponseCache.Entry, for url: URL) throws
    /// Forgets the response kept for `url` (the server said `no-store`).
    func removeResponse(for url: URL) throws
}

/// The SDK's HTTP cache: keeps GET responses by URL, serves them while fresh, and revalidates them
/// with `If-None-Match` / `If-Modified-Since` when stale. Freshness comes from `Cache-Control`
/// (`max-age`; `no-cache` means always revalidate; `no-store` means keep nothing); a response with no
/// `Cache-Control` at all stays fresh for `minimumFreshness` (default one hour) — seed 002's
/// URLSession-delegate trick, as a setting.
///
/// With a `storage` (the app's `OfflineStore`, from TidingsKitStore), what it keeps — bodies, validators and freshness —
/// survives a relaunch: a new cache over the same store serves a still-fresh response without a
/// request, and revalidates a stale one (a 304 costs no body). The storage is written through and
/// read on a miss; its failures cost only the cache, never the request.
public final class ResponseCache: Sendable {
    /// A kept response.
    public struct Entry: Sendable, Hashable {
        public var body: Data
        public var etag: String?
        public var lastModified: String?
        public var fetchedAt: Date
        public var freshUntil: Date

        /// Creates an entry (a ``ResponseStorage`` reading one back).
        public init(body: Data, etag: String?, lastModified: String?, fetchedAt: Date, freshUntil: Date) {
            self.body = body
            self.etag = etag
            self.lastModified = lastModified
            self.fetchedAt = fetchedAt
            self.freshUntil = freshUntil
        }
    }

    /// How long a response without `Cache-Control` stays fresh.
    public let minimumFreshness: TimeInterval
    /// At most this many responses are kept; the least recently stored go first.
    public let capacity: Int
    /// Where responses outlive the process, if anywhere.
    public let storage: (any ResponseStorage)?
    private let entries = Locked([String: Entry]())

    /// A cache; `minimumFreshness` applies to responses that carry no `Cache-Control`. With
    /// `storage`, kept responses survive relaunches.
    public init(minimumFreshness: TimeInterval = 3600, capacity: Int = 500, storage: (any ResponseStorage)? = nil) {
        self.minimumFreshness = minimumFreshness
        self.capacity = capacity
        self.storage = storage
    }

    /// The kept response for `url`, fresh or not: from memory, else from the storage.
    public func entry(for url: URL) -> Entry? {
        if let entry = entries.withLock({ $0[url.absoluteString] }) { return entry }
        guard let stored = try? storage?.storedResponse(for: url) else { return nil }
        keep(stored, for: url)
        return stored
    }

    /// Keeps a 2xx response if its headers allow; returns what was kept.
    @discardableResult
    public func store(_ response: TransportResponse, for url: URL, at now: Date) -> Entry? {
        guard let lifetime = lifetime(of: response) else {
            // `no-store`: what was kept before, in memory or across launches, must not come back.
            entries.withLock { $0[url.absoluteString] = nil }
            try? storage?.removeResponse(for: url)
            return nil
        }
        let entry = Entry(
            body: response.body, etag: response[header: "ETag"], lastModified: response[header: "Last-Modified"],
            fetchedAt: now, freshUntil: now.addingTimeInterval(lifetime))
        keep(entry, for: url)
        try? storage?.storeResponse(entry, for: url)
        return entry
    }

    /// Keeps `entry` in memory, making room by dropping the least recently fetched.
    private func keep(_ entry: Entry, for url: URL) {
        entries.withLock { entries in
            if entries.count >= capacity, entries[url.absoluteString] == nil,
                let oldest = entries.min(by: { $0.value.fetchedAt < $1.value.fetchedAt })?.key
            {
                entries[oldest] = nil
            }
            entries[url.absoluteString] = entry
        }
    }

    /// After a 304: the kept body, fresh again for the lifetime the 304's headers give.
    public func revalidated(_ response: TransportResponse, for url: URL, at now: Date) -> Entry? {
        guard var entry = entry(for: url) else { return nil }
        entry.freshUntil = now.addingTimeInterval(lifetime(of: response) ?? 0)
        entry.fetchedAt = now
        if let etag = response[header: "ETag"] { entry.etag = etag }
        keep(entry, for: url)
        try? storage?.storeResponse(entry, for: url)
        return entry
    }

    /// Forgets everything in memory (the storage is the app's to clear).
    public func removeAll() {
        entries.withLock { $0.removeAll() }
    }

    /// Seconds a response stays fresh; nil when it must not be kept.
    func lifetime(of response: TransportResponse) -> TimeInterval? {
        guard let header = response[header: "Cache-Control"] else { return minimumFreshness }
        var maxAge: TimeInterval?
        for directive in header.lowercased().split(separator: ",") {
            let part = directive.trimmingCharacters(in: .whitespaces)
            if part == "no-store" { return nil }
            if part == "no-cache" { return 0 }
            if part.hasPrefix("max-age="), let seconds = Int(part.dropFirst(8)), seconds >= 0 {
                maxAge = TimeInterval(seconds)
            }
        }
        return maxAge ?? minimumFreshness
    }
}
