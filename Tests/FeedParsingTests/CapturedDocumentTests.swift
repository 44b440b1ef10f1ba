import Foundation
import Testing
import TidingsTesting

@testable import FeedParsing

/// The fixtures under Resources/, each shaped after a real publisher's feed (see its comment).
@Suite("Documents shaped after real feeds", .ownThreads)
struct CapturedDocumentTests {
    static func fixture(_ name: String) throws -> [UInt8] {
        let url = try #require(Bundle.module.url(forResource: "Resources/" + name, withExtension: nil))
        return [UInt8](try Data(contentsOf: url))
    }

    @Test("Google News: the image comes out of the escaped table, tracking pixels and scripts do not")
    func googleNews() throws {
        let feed = try FeedParser().parse(try Self.fixture("google-news.rss"))
        #expect(feed.title == "Top stories - Google News")
        #expect(feed.entries.count == 2)
        let first = try #require(feed.entries.first)
        #expect(first.image == "https://lh3.googleusercontent.com/proxy/AbCdEf=s0-w80-h80")
        #expect(first.imageSource == .content)
        #expect(first.summaryText?.contains("Shoppers paid 1.2% less for staples in November & economists") == true)
        #expect(first.summaryHTML?.contains("onclick") == false)
        #expect(first.summaryHTML?.contains("style=") == false)
        #expect(feed.entries[1].summaryText == "Markets open higher Example Wire")
        #expect(feed.entries[1].image == nil)
        #expect(feed.entries[1].imageSource == ParsedEntry.ImageSource.none)
    }

    @Test("windows-1251: declared in the XML declaration only, read as Cyrillic")
    func windows1251() throws {
        let feed = try FeedParser().parse(try Self.fixture("windows-1251.rss"))
        #expect(feed.title == "Новости региона")
        #expect(feed.entries.first?.title == "Цены на гречку снизились на 12%")
        #expect(feed.entries.first?.summaryText == "В магазинах города подешевела крупа — впервые за полгода.")
        #expect(feed.entries.first?.categories == ["Экономика"])
        #expect(feed.entries.first?.published == Date(timeIntervalSince1970: 1_795_245_300))
        #expect(feed.entries.first?.image == "http://img.news.example.ru/2026/11/grechka.jpg")
    }

    @Test("podcast: enclosures with lengths, episode artwork from iTunes, guid as the identity")
    func podcast() throws {
        let feed = try FeedParser().parse(try Self.fixture("podcast.xml"))
        #expect(feed.image == "https://podcast.example/cover.jpg")
        #expect(feed.authors.first?.name == "Ann Example")
        #expect(feed.ttl == 60)
        let episode = try #require(feed.entries.first)
        #expect(episode.id == "kte-012")
        #expect(episode.link == nil)
        #expect(
            episode.enclosures == [
                ParsedEnclosure(url: "https://cdn.podcast.example/kte-012.mp3", type: "audio/mpeg", length: 39_551_232)
            ])
        #expect(episode.image == "https://podcast.example/ep12.jpg")
        #expect(episode.contentHTML?.contains("href=\"https://podcast.example/notes/12\"") == true)
        #expect(feed.entries[1].image == nil)
    }

    @Test("truncated Atom: the two complete entries, and a warning at the end of the document")
    func truncated() throws {
        let feed = try FeedParser().parse(try Self.fixture("truncated.atom"))
        #expect(feed.entries.map(\.title) == ["Streaming parsers", "Entity bombs"])
        #expect(feed.warnings.contains { $0.message.contains("truncated") && $0.line != nil })
    }
}
