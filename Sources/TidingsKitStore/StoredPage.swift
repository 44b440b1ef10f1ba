import Foundation
import TidingsModel

/// One page of a feed as the offline store keeps it: what the server sent, and when.
public struct StoredPage: Sendable, Hashable {
    /// The section's title.
    public var title: String
    /// The page's items, in order.
    public var items: [FeedItem]
    /// The cursor of the page after this one; nil at the end.
    public var nextCursor: String?
    /// When the page was fetched, kept to the millisecond; a screen shows it beside stale content.
    public var fetchedAt: Date

    /// Creates a stored page.
    public init(title: String, items: [FeedItem], nextCursor: String? = nil, fetchedAt: Date) {
        self.title = title
        self.items = items
        self.nextCursor = nextCursor
        self.fetchedAt = fetchedAt
    }
}
