import FeedParsing
import Foundation
import Testing

@testable import FeedWriting

/// What a reader gets back: every format written is read by our own `FeedParser`.
@Suite("Round trip through FeedParser")
struct RoundTripTests {
    @Test("the detected format is the one written, with no warnings", arguments: SyndicationFormat.allCases)
    func format(_ format: SyndicationFormat) throws {
        let parsed = try read(Fixtures.feed(format), format)
        let expected: ParsedFeed.Format =
            switch format {
            case .rss: .rss2
            case .atom: .atom
            case .json: .json
            }
        #expect(parsed.format == expected)
        #expect(parsed.warnings.isEmpty)
    }

    @Test("the feed's title, links, description and language survive", arguments: SyndicationFormat.allCases)
    func feedFields(_ format: SyndicationFormat) throws {
        let parsed = try read(Fixtures.feed(format), format)
        #expect(parsed.title == "Tidings")
        #expect(parsed.link == "https://example.com/")
        #expect(parsed.feedLink == Fixtures.feedURL(format).absoluteString)
        #expect(parsed.description == "What changed today")
        #expect(parsed.language == "en")
        // JSON Feed has no feed-level date.
        #expect(parsed.updated == (format == .json ? nil : Fixtures.built))
    }

    @Test("item ids, titles and links survive", arguments: SyndicationFormat.allCases)
    func itemIdentity(_ format: SyndicationFormat) throws {
        let parsed = try read(Fixtures.feed(format), format)
        #expect(parsed.entries.map(\.id) == ["https://example.com/posts/1", "tag:example.com,2026:2"])
        #expect(parsed.entries.map(\.title) == ["First post", "Second post"])
        #expect(parsed.entries.map(\.link) == ["https://example.com/posts/1", "https://example.com/posts/2"])
    }

    @Test("publication and update dates survive to the second", arguments: SyndicationFormat.allCases)
    func dates(_ format: SyndicationFormat) throws {
        let entry = try #require(try read(Fixtures.feed(format), format).entries.first)
        #expect(entry.published == Fixtures.published)
        // RSS items have one date.
        #expect(entry.updated == (format == .rss ? nil : Fixtures.edited))
    }

    @Test("summaries and HTML content survive", arguments: SyndicationFormat.allCases)
    func text(_ format: SyndicationFormat) throws {
        let entries = try read(Fixtures.feed(format), format).entries
        #expect(entries.map(\.summaryText) == ["A short summary", "Only a summary"])
        #expect(entries.first?.contentHTML == "<p>Long <b>content</b></p>")
    }

    @Test("images, authors and categories survive", arguments: SyndicationFormat.allCases)
    func media(_ format: SyndicationFormat) throws {
        let entry = try #require(try read(Fixtures.feed(format), format).entries.first)
        #expect(entry.image == "https://example.com/images/1.jpg")
        #expect(entry.imageSource == (format == .json ? .jsonImage : .enclosure))
        #expect(entry.authors.map(\.name) == ["Jo Smith"])
        #expect(entry.categories == ["Food", "News"])
    }

    @Test("an image whose type is unknown still reaches RSS readers, as Media RSS")
    func untypedImage() throws {
        var item = Fixtures.full
        item.imageURL = URL(string: "https://cdn.example.com/image?id=7&size=large")!
        let entry = try #require(try read(Fixtures.feed(.rss, items: [item]), .rss).entries.first)
        #expect(entry.image == "https://cdn.example.com/image?id=7&size=large")
        #expect(entry.imageSource == .mediaContent)
    }

    private func read(_ feed: SyndicationFeed, _ format: SyndicationFormat) throws -> ParsedFeed {
        try FeedParser().parse(feed.rendered(as: format))
    }
}
