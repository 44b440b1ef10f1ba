import Foundation
import TidingsModel

/// How bursts of news fold into one item: "Pineapple and 3 more products got cheaper".
///
/// Time is cut into fixed windows (`bucket` = created_at ÷ `window`, whole windows since 1970,
/// UTC). Within one window, the price drops fold into one aggregate when there are at least
/// `minItems` of them; so do the price rises, and the new products. The rule reads nothing but the
/// items of one window, so a late event changes only its own window, and live ingestion,
/// `news rebuild` and a backfill give the same aggregates whatever order the events came in. A
/// burst across a window's edge may make two aggregates (or none): the price of that determinism.
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

    /// The aggregates the items of whole windows make, and for every folded item the id of the
    /// aggregate it belongs to. `items` may be in any order and may span several windows, but must
    /// hold every item of each window it touches.
    public func fold(_ items: [NewsRecord]) -> (aggregates: [NewsAggregateRecord], membership: [String: String]) {
        var groups: [GroupKey: [NewsRecord]] = [:]
        for item in items {
            let key = GroupKey(
                bucket: bucket(ofMilliseconds: item.createdAt.millisecondsSince1970), kind: .of(item))
            groups[key, default: []].append(item)
        }
        var aggregates: [NewsAggregateRecord] = []
        var membership: [String: String] = [:]
        for (key, members) in groups where members.count >= minItems {
            let ordered = members.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
            let aggregate = NewsAggregateRecord(
                id: NewsAggregateRecord.id(kind: key.kind, bucketStart: range(ofBucket: key.bucket).lowerBound),
                kind: key.kind, bucket: key.bucket,
                // Where the window became a burst: later members join without moving it.
                createdAt: ordered[minItems - 1].createdAt,
                updatedAt: members.map(\.updatedAt).max()!, memberCount: members.count)
            aggregates.append(aggregate)
            for member in members { membership[member.id] = aggregate.id }
        }
        return (aggregates.sorted { $0.id < $1.id }, membership)
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

    private struct GroupKey: Hashable {
        var bucket: Int64
        var kind: NewsAggregateRecord.Kind
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

extension NewsAggregateKind {
    /// The group an item folds into: its kind, and for price changes their direction.
    static func of(_ item: NewsRecord) -> Self {
        switch item.kind {
        case .newProduct: .newProducts
        case .priceUpdated: item.discounted == false ? .priceRises : .priceDrops
        }
    }
}
