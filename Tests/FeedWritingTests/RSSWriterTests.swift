import Foundation
import Testing

@testable import FeedWriting

@Suite("RSS 2.0 writer")
struct RSSWriterTests {
    @Test("the channel has title, link, description, atom:link self, language and lastBuildDate")
    func channel() throws {
        let xml = XMLStructure(Fixtures.feed(.rss).rendered(as: .rss))
        #expect(xml.error == nil)
        #expect(xml.all("rss").first?.attributes["version"] == "2.0")
        #expect(xml.text("rss/channel/title") == "Tidings")
        #expect(xml.text("rss/channel/link") == "https://example.com/")
        #expect(xml.text("rss/channel/description") == "What changed today")
        #expect(xml.text("rss/channel/language") == "en")
        #expect(xml.text("rss/channel/lastBuildDate") == "Sun, 22 Nov 2026 08:00:00 +0000")
        let link = try #require(xml.all("rss/channel/atom:link").first)
        #expect(
            link.attributes == ["href": "https://example.com/feed.rss", "rel": "self", "type": "application/rss+xml"])
        #expect(xml.all("rss").first?.attributes["xmlns:atom"] == "http://www.w3.org/2005/Atom")
    }

    @Test("items carry guid, pubDate in RFC 822, content:encoded, dc:creator and categories")
    func item() {
        let xml = XMLStructure(Fixtures.feed(.rss).rendered(as: .rss))
        #expect(xml.all("rss/channel/item").count == 2)
        #expect(xml.text("rss/channel/item/pubDate") == "Sat, 21 Nov 2026 10:00:00 +0000")
        #expect(xml.text("rss/channel/item/content:encoded") == "<p>Long <b>content</b></p>")
        #expect(xml.text("rss/channel/item/description") == "A short summary")
        #expect(xml.text("rss/channel/item/dc:creator") == "Jo Smith")
        #expect(xml.all("rss/channel/item/category").map(\.text) == ["Food", "News"])
    }

    @Test("isPermaLink is true only when the guid is the item's own web address")
    func permaLink() {
        let page = URL(string: "https://example.com/p")!
        let items = [
            SyndicationItem(id: "https://example.com/p", title: "own address", url: page),
            SyndicationItem(id: "https://example.com/p", title: "address, no link"),
            SyndicationItem(id: "https://example.com/other", title: "another address", url: page),
            SyndicationItem(id: "tag:example.com,2026:1", title: "tag", url: page),
            SyndicationItem(id: "42", title: "number"),
        ]
        let guids = XMLStructure(Fixtures.feed(items: items).rendered(as: .rss)).all("rss/channel/item/guid")
        #expect(guids.map { $0.attributes["isPermaLink"] } == ["true", "true", "false", "false", "false"])
    }

    @Test("an image is an enclosure with url, length 0 and the type its name gives")
    func enclosure() throws {
        let xml = XMLStructure(Fixtures.feed(.rss).rendered(as: .rss))
        let enclosure = try #require(xml.all("rss/channel/item/enclosure").first)
        #expect(
            enclosure.attributes == ["url": "https://example.com/images/1.jpg", "length": "0", "type": "image/jpeg"])
    }

    @Test("an item without a title has a description, even an empty one")
    func untitled() {
        let items = [
            SyndicationItem(id: "a", contentHTML: "<p>Body</p>"),
            SyndicationItem(id: "b"),
        ]
        let xml = XMLStructure(Fixtures.feed(items: items).rendered(as: .rss))
        #expect(xml.error == nil)
        #expect(xml.all("rss/channel/item/title").isEmpty)
        #expect(xml.all("rss/channel/item/description").map(\.text) == ["<p>Body</p>", ""])
    }

    @Test("a feed with no items still has every required channel element")
    func noItems() {
        var feed = Fixtures.feed(items: [])
        feed.description = nil
        let xml = XMLStructure(feed.rendered(as: .rss))
        #expect(xml.error == nil)
        #expect(xml.paths.filter { $0.hasPrefix("rss/channel/item") }.isEmpty)
        // The title stands in for the missing description.
        #expect(xml.text("rss/channel/description") == "Tidings")
        #expect(xml.text("rss/channel/link") == "https://example.com/")
    }
}
