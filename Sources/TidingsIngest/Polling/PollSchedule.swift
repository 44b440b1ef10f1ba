import FeedParsing
import Foundation
import TidingsSections

/// When to fetch a source next. Pure: the same inputs give the same time, so the rules are tested
/// without clocks or I/O.
///
/// After a success the interval is the source's own hint — the larger of the server's freshness
/// (Cache-Control max-age, Expires) and the document's (RSS ttl, sy:updatePeriod) — or the
/// configured interval when it gives none, held between the floor and the ceiling. After failures
/// it doubles from the floor per failure in a row, up to the ceiling, and never comes sooner than a
/// Retry-After. A jitter of up to 10 % (fixed per source) keeps sources configured together from
/// being fetched in lockstep forever.
public struct PollSchedule: Sendable, Hashable {
    public var interval: TimeInterval
    public var floor: TimeInterval
    public var ceiling: TimeInterval

    /// A schedule from the `fetch` settings.
    public init(_ settings: FetchSettings) {
        self.init(interval: settings.interval, floor: settings.minInterval, ceiling: settings.maxInterval)
    }

    /// A schedule with explicit bounds.
    public init(interval: TimeInterval, floor: TimeInterval, ceiling: TimeInterval) {
        self.interval = interval
        self.floor = floor
        self.ceiling = max(floor, ceiling)
    }

    /// The delay after a successful fetch (including a 304).
    public func afterSuccess(freshness: TimeInterval?, documentHint: TimeInterval?, jitter: Double = 0) -> TimeInterval
    {
        // max-age=0 and no-cache mean "ask every time", which is not a polling interval: use the default.
        let hints = [freshness, documentHint].compactMap { $0 }.filter { $0 > 0 }
        let chosen = hints.max() ?? interval
        return clamp(chosen * (1 + 0.1 * jitter))
    }

    /// The delay after the `failures`-th failure in a row (1 for the first).
    public func afterFailure(failures: Int, retryAfter: TimeInterval?, jitter: Double = 0) -> TimeInterval {
        let exponent = Double(min(max(failures, 1) - 1, 30))
        let backoff = floor * pow(2, exponent) * (1 + 0.1 * jitter)
        return clamp(max(backoff, retryAfter ?? 0))
    }

    private func clamp(_ value: TimeInterval) -> TimeInterval { min(ceiling, max(floor, value)) }

    /// A fixed jitter in 0..<1 for a source id, the same on every process and run.
    public static func jitter(for id: String) -> Double {
        Double((UInt64(StableHash.hex(id), radix: 16) ?? 0) % 10_000) / 10_000
    }
}
