import Foundation
import TidingsModel

/// How bursts of news fold into one item: "Pineapple and 3 more products got cheaper".
///
/// Time is cut into fixed windows (`bucket` = created_at ÷ `window`, whole windows since 1970,
/// UTC). Within one window, the price drops fold into one aggregate when there are at least
/// `minItems` of them; so do the price rises, and the new products (``NewsAggregateKind``); the
/// aggregate takes its place at the `minItems`-th member in time order. The rule reads nothing but
/// the items of one window, so a late event changes only its own window, and live ingestion,
/// `news rebuild` and a backfill give the same aggregates whatever order the events came in. A
/// burst across a window's edge may make two aggregates (or none): the price of that determinism.
/// The store applies it in SQL (`SQLStore+Aggregates`).
public struct NewsAggregation: Hashable, Sendable, CustomStringConvertible {
    /// The length of a window, in whole milliseconds.
    public let windowMilliseconds: Int64
    /// The fewest items of one kind in one window that fold.
    public let minItems: Int

    /// The accepted ranges: a window from a minute to a week, 2 to 1,000 items.
    public static let windows: ClosedRange<TimeInterval> = 60...(7 * 86_400)
    public static let minItemsRange: ClosedRange<Int> = 2...1_000

    public init(window: TimeInterval, minItems: Int) {
        precondition(Self.windows.contains(window) && Self.minItemsRange.contains(minItems))
        self.windowMilliseconds = Int64(window * 1000)
        self.minItems = minItems
    }

    /// The window as seconds.
    public var window: TimeInterval { TimeInterval(windowMilliseconds) / 1000 }

    /// The window a time falls in.
    public func bucket(ofMilliseconds milliseconds: Int64) -> Int64 {
        let (quotient, remainder) = milliseconds.quotientAndRemainder(dividingBy: windowMilliseconds)
        return remainder < 0 ? quotient - 1 : quotient
    }

    /// The times of a window: from its start up to, not including, the next window's.
    public func range(ofBucket bucket: Int64) -> Range<Int64> {
        bucket * windowMilliseconds..<(bucket + 1) * windowMilliseconds
    }

    /// As the settings say it: "window 1h, min_items 3".
    public var description: String {
        let seconds = windowMilliseconds / 1000
        let window =
            seconds % 86_400 == 0
            ? "\(seconds / 86_400)d"
            : seconds % 3600 == 0 ? "\(seconds / 3600)h" : seconds % 60 == 0 ? "\(seconds / 60)m" : "\(seconds)s"
        return "window \(window), min_items \(minItems)"
    }
}

/// One folded burst as stored: its members are news items pointing at it.
public struct NewsAggregateRecord: Hashable, Sendable {
    /// What its members report.
    public typealias Kind = NewsAggregateKind

    /// "agg:" + kind + ":" + the window's start in milliseconds: the same whichever members it has
    /// and however often it is derived again.
    public var id: String
    public var kind: Kind
    /// The window (``NewsAggregation/bucket(ofMilliseconds:)``).
    public var bucket: Int64
    /// Its place in the feed: the time of the member that made the window a burst (the
    /// `min_items`-th in time order), which members arriving later never move.
    public var createdAt: Date
    /// The latest change to any member.
    public var updatedAt: Date
    public var memberCount: Int

    public init(id: String, kind: Kind, bucket: Int64, createdAt: Date, updatedAt: Date, memberCount: Int) {
        self.id = id
        self.kind = kind
        self.bucket = bucket
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.memberCount = memberCount
    }

    public static func id(kind: Kind, bucketStart: Int64) -> String { "agg:\(kind.rawValue):\(bucketStart)" }
}
