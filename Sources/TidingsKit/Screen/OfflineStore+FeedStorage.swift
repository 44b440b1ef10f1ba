import Foundation
@_exported import TidingsKitStore
import TidingsModel

/// The persistent store keeps a screen's feed across launches: the list as one stored page.
extension OfflineStore: FeedStorage {
    public func feed(key: String) throws -> StoredFeed? {
        let pages = try pages(feed: key)
        guard let first = pages.first, let last = pages.last else { return nil }
        return StoredFeed(
            title: first.title, items: pages.flatMap(\.items), nextCursor: last.nextCursor, fetchedAt: last.fetchedAt)
    }

    public func save(_ feed: StoredFeed, key: String) throws {
        try savePages(
            [StoredPage(title: feed.title, items: feed.items, nextCursor: feed.nextCursor, fetchedAt: feed.fetchedAt)],
            feed: key)
    }

    public func saveArticles(_ teasers: [Teaser], at date: Date) throws {
        for teaser in teasers {
            try saveArticle(
                StoredArticle(
                    id: teaser.id, title: teaser.title, url: teaser.url, imageURL: teaser.imageURL, contentHTML: nil,
                    fetchedAt: date))
        }
    }
}
