import Foundation

@testable import FeedWriting

/// Feeds the tests write: one with every field set, and one item per edge case.
enum Fixtures {
    /// 2026-11-21T10:00:00Z.
    static let published = Date(timeIntervalSince1970: 1_795_255_200)
    /// 2026-11-21T12:30:00Z.
    static let edited = Date(timeIntervalSince1970: 1_795_264_200)
    /// 2026-11-22T08:00:00Z.
    static let built = Date(timeIntervalSince1970: 1_795_334_400)

    static let home = URL(string: "https://example.com/")!

    static func feedURL(_ format: SyndicationFormat) -> URL {
        URL(string: "https://example.com/feed.\(format.fileExtension)")!
    }

    /// A feed whose first item sets every field and whose second sets few.
    static func feed(_ format: SyndicationFormat = .rss, items: [SyndicationItem]? = nil) -> SyndicationFeed {
        SyndicationFeed(
            title: "Tidings", description: "What changed today", homePageURL: home, feedURL: feedURL(format),
            language: "en", updated: built, authorName: nil, items: items ?? [full, sparse])
    }

    static let full = SyndicationItem(
        id: "https://example.com/posts/1", title: "First post", url: URL(string: "https://example.com/posts/1")!,
        summary: "A short summary", contentHTML: "<p>Long <b>content</b></p>",
        imageURL: URL(string: "https://example.com/images/1.jpg")!, published: published, updated: edited,
        authorName: "Jo Smith", categories: ["Food", "News"])

    static let sparse = SyndicationItem(
        id: "tag:example.com,2026:2", title: "Second post", url: URL(string: "https://example.com/posts/2")!,
        summary: "Only a summary", published: published)
}
