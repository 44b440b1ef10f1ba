import Foundation
import Synchronization

/// The SDK's HTTP cache: keeps GET responses by URL, serves them while fresh, and revalidates them
/// with `If-None-Match` / `If-Modified-Since` when stale. Freshness comes from `Cache-Control`
/// (`max-age`; `no-cache` means always revalidate; `no-store` means keep nothing); a response with no
/// `Cache-Control` at all stays fresh for `minimumFreshness` (default one hour) — seed 002's
/// URLSession-delegate trick, as a setting.
public final class ResponseCache: Sendable {
    /// A kept response.
    public struct Entry: Sendable, Hashable {
        public var body: Data
        public var etag: String?
        public var lastModified: String?
        public var fetchedAt: Date
        public var freshUntil: Date
    }

    /// How long a response without `Cache-Control` stays fresh.
    public let minimumFreshness: TimeInterval
    /// At most this many responses are kept; the least recently stored go first.
    public let capacity: Int
    private let entries = Mutex([String: Entry]())

    /// A cache; `minimumFreshness` applies to responses that carry no `Cache-Control`.
    public init(minimumFreshness: TimeInterval = 3600, capacity: Int = 500) {
        self.minimumFreshness = minimumFreshness
        self.capacity = capacity
    }

    /// The kept response for `url`, fresh or not.
    public func entry(for url: URL) -> Entry? {
        entries.withLock { $0[url.absoluteString] }
    }

    /// Keeps a 2xx response if its headers allow; returns what was kept.
    @discardableResult
    public func store(_ response: TransportResponse, for url: URL, at now: Date) -> Entry? {
        guard let lifetime = lifetime(of: response) else {
            entries.withLock { $0[url.absoluteString] = nil }
            return nil
        }
        let entry = Entry(
            body: response.body, etag: response[header: "ETag"], lastModified: response[header: "Last-Modified"],
            fetchedAt: now, freshUntil: now.addingTimeInterval(lifetime))
        entries.withLock { entries in
            if entries.count >= capacity, entries[url.absoluteString] == nil,
                let oldest = entries.min(by: { $0.value.fetchedAt < $1.value.fetchedAt })?.key
            {
                entries[oldest] = nil
            }
            entries[url.absoluteString] = entry
        }
        return entry
    }

    /// After a 304: the kept body, fresh again for the lifetime the 304's headers give.
    public func revalidated(_ response: TransportResponse, for url: URL, at now: Date) -> Entry? {
        entries.withLock { entries in
            guard var entry = entries[url.absoluteString] else { return nil }
            entry.freshUntil = now.addingTimeInterval(lifetime(of: response) ?? 0)
            entry.fetchedAt = now
            if let etag = response[header: "ETag"] { entry.etag = etag }
            entries[url.absoluteString] = entry
            return entry
        }
    }

    /// Forgets everything.
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
