import FeedParsing
import Foundation
import Testing

@testable import FeedWriting

@Suite("Escaping")
struct EscapingTests {
    @Test("ampersands, angle brackets and quotes in titles survive", arguments: SyndicationFormat.allCases)
    func specialCharacters(_ format: SyndicationFormat) throws {
        let title = #"Fish & chips < 5 > 3 "quoted" 'single'"#
        let entry = try #require(try read(titled(title), format).entries.first)
        #expect(entry.title == title)
    }

    @Test("emoji and right-to-left text survive", arguments: SyndicationFormat.allCases)
    func unicode(_ format: SyndicationFormat) throws {
        let title = "Café ☕️ 👩🏽‍💻 مرحبا بالعالم שלום"
        let entry = try #require(try read(titled(title), format).entries.first)
        #expect(entry.title == title)
    }

    @Test("control characters XML forbids are dropped and the document stays well-formed")
    func controlCharacters() throws {
        let feed = titled("A\u{07}B\u{0}C\u{1B}D\u{FFFF}E\u{FFFE}F")
        for format in [SyndicationFormat.rss, .atom] {
            let bytes = feed.rendered(as: format)
            #expect(XMLStructure(bytes).error == nil, "\(format)")
            #expect(try FeedParser().parse(bytes).entries.first?.title == "ABCDEF", "\(format)")
        }
        #expect(throws: Never.self) { try JSONSerialization.jsonObject(with: Data(feed.rendered(as: .json))) }
    }

    @Test("]]> in content is escaped text, not the end of a CDATA section", arguments: [SyndicationFormat.rss, .atom])
    func cdataEnd(_ format: SyndicationFormat) throws {
        var item = Fixtures.full
        item.contentHTML = "<p>a ]]> b <![CDATA[ c ]]></p>"
        let bytes = Fixtures.feed(format, items: [item]).rendered(as: format)
        #expect(!String(decoding: bytes, as: UTF8.self).contains("]]>"))
        let structure = XMLStructure(bytes)
        #expect(structure.error == nil)
        let path = format == .rss ? "rss/channel/item/content:encoded" : "feed/entry/content"
        #expect(structure.text(path) == item.contentHTML)
    }

    @Test("URLs with & and quotes in attributes read back exactly", arguments: [SyndicationFormat.rss, .atom])
    func attributeValues(_ format: SyndicationFormat) throws {
        var item = Fixtures.full
        item.url = URL(string: "https://example.com/a?x=1&y=%22two%22")!
        item.imageURL = URL(string: "https://example.com/i.png?w=1&h=2")!
        let entry = try #require(try read(Fixtures.feed(format, items: [item]), format).entries.first)
        #expect(entry.link == "https://example.com/a?x=1&y=%22two%22")
        #expect(entry.image == "https://example.com/i.png?w=1&h=2")
    }

    @Test("RSS writes & < > in text as hexadecimal references, as the RSS profile advises")
    func rssReferences() {
        let text = String(decoding: titled("AT&T <3").rendered(as: .rss), as: UTF8.self)
        #expect(text.contains("<title>AT&#x26;T &#x3C;3</title>"))
    }

    private func titled(_ title: String) -> SyndicationFeed {
        var item = Fixtures.sparse
        item.title = title
        return Fixtures.feed(items: [item])
    }

    private func read(_ feed: SyndicationFeed, _ format: SyndicationFormat) throws -> ParsedFeed {
        try FeedParser().parse(feed.rendered(as: format))
    }
}
