import Foundation
import TidingsCatalog
import TidingsModel

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
