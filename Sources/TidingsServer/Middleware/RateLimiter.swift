import Foundation
import TidingsModel

/// Token buckets keyed by a name (an API key, a client address): each holds up to `burst`
/// requests and refills at `rate` a second. A request takes one token; with none left it is
/// refused and told how long until one is back. Buckets that have refilled are forgotten once
/// there are many, so memory follows the clients active in the last few seconds. Time is the
/// server's clock (the tests' fixed one); a clock that steps back refills nothing.
final class RateLimiter: Sendable {
    let rate: Double
    let burst: Double
    let clock: @Sendable () -> Date

    private struct Bucket {
        var tokens: Double
        var updated: Date
    }

    private let buckets = Locked([String: Bucket]())
    /// Past this many buckets, full ones are dropped (a full bucket is what a new one would be).
    static let pruneAbove = 10_000

    /// `rate` requests a second, up to `burst` at once; both at least 1.
    init(rate: Int, burst: Int, clock: @escaping @Sendable () -> Date = Date.init) {
        self.rate = Double(max(1, rate))
        self.burst = Double(max(1, burst))
        self.clock = clock
    }

    /// Takes a token for `key`: nil when the request may go, else how long until one is back.
    func take(_ key: String, now: Date? = nil) -> Duration? {
        let now = now ?? clock()
        return buckets.withLock { buckets in
            var bucket = buckets[key] ?? Bucket(tokens: burst, updated: now)
            bucket.tokens = min(burst, bucket.tokens + rate * max(0, now.timeIntervalSince(bucket.updated)))
            bucket.updated = max(bucket.updated, now)
            defer {
                buckets[key] = bucket
                if buckets.count > Self.pruneAbove { prune(&buckets, now: now) }
            }
            guard bucket.tokens >= 1 else { return .seconds((1 - bucket.tokens) / rate) }
            bucket.tokens -= 1
            return nil
        }
    }

    /// How many keys have a bucket (for tests of pruning).
    var count: Int { buckets.current.count }

    private func prune(_ buckets: inout [String: Bucket], now: Date) {
        buckets = buckets.filter { $0.value.tokens + rate * max(0, now.timeIntervalSince($0.value.updated)) < burst }
    }
}
