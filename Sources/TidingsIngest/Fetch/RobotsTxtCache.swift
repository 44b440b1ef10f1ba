import Foundation
import TidingsModel

/// Each site's robots.txt rules, fetched once per origin (scheme, host and port, as RFC 9309 scopes
/// a robots.txt) and kept for `lifetime` (24 hours, the longest the RFC allows); an unreachable
/// file is asked for again after `retryUnreachable`. Callers asking for one origin at once share
/// one fetch. The fetch is the caller's (`RobotsTxt.FetchOutcome.fetch(_:with:)` with the poller's
/// fetcher, or a stub in tests), so this type does no I/O of its own.
public actor RobotsTxtCache {
    /// Fetches a `/robots.txt` URL and sorts how that went.
    public typealias Fetch = @Sendable (URL) async -> RobotsTxt.FetchOutcome

    private struct Entry {
        var rules: RobotsTxt
        var expires: Date
        /// Whether `rules` came from a file or a 4xx, rather than from an unreachable file.
        var isKnown: Bool
    }

    private let productToken: String
    private let lifetime: TimeInterval
    private let retryUnreachable: TimeInterval
    private let capacity: Int
    private let now: @Sendable () -> Date
    private let fetch: Fetch
    private var entries: [String: Entry] = [:]
    /// Callers asking for one origin at once wait for one fetch.
    private let pending = SingleFlight<String, RobotsTxt.FetchOutcome>()

    /// A cache of the rules for `productToken`, getting files with `fetch`; `now` is the time
    /// (tests move it), `capacity` the number of origins kept.
    public init(
        productToken: String, lifetime: TimeInterval = 86_400, retryUnreachable: TimeInterval = 600,
        capacity: Int = 10_000, now: @escaping @Sendable () -> Date = Date.init, fetch: @escaping Fetch
    ) {
        self.productToken = productToken
        self.lifetime = lifetime
        self.retryUnreachable = retryUnreachable
        self.capacity = max(1, capacity)
        self.now = now
        self.fetch = fetch
    }

    /// The rules for `url`'s origin, fetched when not known or expired. A URL without an http(s)
    /// origin has no robots.txt: everything is allowed (the fetcher refuses such URLs anyway).
    public func rules(for url: URL) async -> RobotsTxt {
        guard let origin = Self.origin(of: url) else { return .allowAll }
        let key = origin.key
        if let entry = entries[key], entry.expires > now() { return entry.rules }
        let fetch = self.fetch
        // The fetch sorts every failure into an outcome; the run itself cannot fail. The run
        // stores what it got before it ends: stored by the first caller back, a caller arriving
        // between the run's end and that caller's return found neither the rules nor a run under
        // way, and fetched again (seen under load: 5 fetches for 10 callers).
        let outcome =
            (try? await pending.value(for: key) {
                let outcome = await fetch(origin.robotsURL)
                await self.store(outcome, for: key)
                return outcome
            }) ?? .unreachable
        return entries[key]?.rules ?? RobotsTxt(outcome, productToken: productToken)
    }

    private func store(_ outcome: RobotsTxt.FetchOutcome, for key: String) {
        let now = now()
        switch outcome {
        case .unreachable:
            // RFC 9309 lets a crawler keep the last rules it read while the file is unreachable.
            let previous = entries[key].flatMap { $0.isKnown ? $0.rules : nil }
            entries[key] = Entry(
                rules: previous ?? .disallowAll, expires: now.addingTimeInterval(retryUnreachable),
                isKnown: previous != nil)
        case .fetched, .unavailable:
            entries[key] = Entry(
                rules: RobotsTxt(outcome, productToken: productToken), expires: now.addingTimeInterval(lifetime),
                isKnown: true)
        }
        if entries.count > capacity {
            entries = entries.filter { $0.value.expires > now }
            // Still full of live entries: keep the three quarters that expire last.
            if entries.count > capacity {
                let kept = entries.sorted { $0.value.expires > $1.value.expires }.prefix(capacity * 3 / 4)
                entries = Dictionary(uniqueKeysWithValues: kept.map { ($0.key, $0.value) })
            }
        }
    }

    /// The cache key (`https://example.com:443`) and the robots.txt URL of `url`'s origin.
    static func origin(of url: URL) -> (key: String, robotsURL: URL)? {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host?.lowercased(), !host.isEmpty
        else { return nil }
        let port = url.port ?? (scheme == "https" ? 443 : 80)
        let bracketed = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        let key = "\(scheme)://\(bracketed):\(port)"
        guard let robotsURL = URL(string: key + "/robots.txt") else { return nil }
        return (key, robotsURL)
    }
}
