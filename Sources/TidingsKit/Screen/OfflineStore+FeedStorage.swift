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

/// The persistent store keeps the HTTP cache's responses across launches.
extension OfflineStore: ResponseStorage {
    public func storedResponse(for url: URL) throws -> ResponseCache.Entry? {
        try response(url: url.absoluteString).map {
            ResponseCache.Entry(
                body: $0.body, etag: $0.etag, lastModified: $0.lastModified, fetchedAt: $0.fetchedAt,
                freshUntil: $0.freshUntil)
        }
    }

    public func removeResponse(for url: URL) throws {
        try deleteResponse(url: url.absoluteString)
    }

    public func storeResponse(_ entry: ResponseCache.Entry, for url: URL) throws {
        try saveResponse(
            StoredResponse(
                url: url.absoluteString, etag: entry.etag, lastModified: entry.lastModified, body: entry.body,
                fetchedAt: entry.fetchedAt, freshUntil: entry.freshUntil))
    }
}
