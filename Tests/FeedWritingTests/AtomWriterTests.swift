import Foundation
import Testing

@testable import FeedWriting

@Suite("Atom 1.0 writer")
struct AtomWriterTests {
    @Test("the feed has id, title, updated, author and self and alternate links")
    func feed() {
        let xml = XMLStructure(Fixtures.feed(.atom).rendered(as: .atom))
        #expect(xml.error == nil)
        #expect(xml.all("feed").first?.attributes["xmlns"] == "http://www.w3.org/2005/Atom")
        #expect(xml.all("feed").first?.attributes["xml:lang"] == "en")
        #expect(xml.text("feed/id") == "https://example.com/feed.atom")
        #expect(xml.text("feed/title") == "Tidings")
        #expect(xml.text("feed/updated") == "2026-11-22T08:00:00Z")
        let links = xml.all("feed/link").map { [$0.attributes["rel"], $0.attributes["href"]] }
        #expect(links == [["self", "https://example.com/feed.atom"], ["alternate", "https://example.com/"]])
        // The second entry has no author, so the feed names one: its title, for want of another.
        #expect(xml.text("feed/author/name") == "Tidings")
    }

    @Test("entries have id, title, updated, published, summary as text and content as HTML")
    func entry() {
        let xml = XMLStructure(Fixtures.feed(.atom).rendered(as: .atom))
        #expect(xml.all("feed/entry").count == 2)
        #expect(xml.text("feed/entry/id") == "https://example.com/posts/1")
        #expect(xml.text("feed/entry/updated") == "2026-11-21T12:30:00Z")
        #expect(xml.text("feed/entry/published") == "2026-11-21T10:00:00Z")
        #expect(xml.all("feed/entry/summary").first?.attributes["type"] == "text")
        #expect(xml.all("feed/entry/content").first?.attributes["type"] == "html")
        #expect(xml.text("feed/entry/content") == "<p>Long <b>content</b></p>")
        #expect(xml.all("feed/entry/updated").map(\.text) == ["2026-11-21T12:30:00Z", "2026-11-21T10:00:00Z"])
    }

    @Test("an entry without title or dates still has title, id and updated")
    func untitled() {
        let xml = XMLStructure(Fixtures.feed(.atom, items: [SyndicationItem(id: "urn:x:1")]).rendered(as: .atom))
        #expect(xml.error == nil)
        #expect(xml.all("feed/entry/title").map(\.text) == [""])
        #expect(xml.text("feed/entry/updated") == "2026-11-22T08:00:00Z")
        // No link and no content: the entry must have content, so the (empty) summary is it.
        #expect(xml.all("feed/entry/content").map(\.attributes) == [["type": "text"]])
    }

    @Test("an id that is not an IRI becomes a fragment of the feed URL")
    func fragmentIDs() {
        let items = [SyndicationItem(id: "item-1"), SyndicationItem(id: "a b/c"), SyndicationItem(id: "urn:isbn:1")]
        let ids = XMLStructure(Fixtures.feed(.atom, items: items).rendered(as: .atom)).all("feed/entry/id")
        #expect(
            ids.map(\.text) == [
                "https://example.com/feed.atom#item-1", "https://example.com/feed.atom#a%20b/c", "urn:isbn:1",
            ])
    }

    @Test("the feed names no author of its own when every entry has one")
    func entryAuthors() {
        let items = [
            SyndicationItem(id: "urn:x:1", authorName: "Ann"), SyndicationItem(id: "urn:x:2", authorName: "Bo"),
        ]
        let xml = XMLStructure(Fixtures.feed(.atom, items: items).rendered(as: .atom))
        #expect(xml.all("feed/author").isEmpty)
        #expect(xml.all("feed/entry/author/name").map(\.text) == ["Ann", "Bo"])
    }

    @Test("a feed with no entries is well-formed and names an author")
    func noEntries() {
        var feed = Fixtures.feed(.atom, items: [])
        feed.authorName = "Desk"
        let xml = XMLStructure(feed.rendered(as: .atom))
        #expect(xml.error == nil)
        #expect(xml.text("feed/author/name") == "Desk")
        #expect(xml.all("feed/entry").isEmpty)
    }
}
