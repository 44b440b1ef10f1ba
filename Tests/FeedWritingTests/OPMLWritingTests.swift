import FeedParsing
import Foundation
import Testing

@testable import FeedWriting

@Suite("OPML writing")
struct OPMLWritingTests {
    static let document = OPMLDocument(
        title: "Subscriptions & more", dateCreated: Fixtures.published,
        outlines: [
            OPMLOutline(
                text: "Top \"quoted\"", title: "Top", type: "rss",
                xmlURL: URL(string: "https://top.example/feed?a=1&b=2")!,
                htmlURL: URL(string: "https://top.example/")!),
            OPMLOutline(
                text: "Tech", title: "Tech",
                children: [
                    OPMLOutline(text: "Swift\nnews", type: "rss", xmlURL: URL(string: "https://swift.org/atom.xml")!)
                ]),
        ])

    @Test("writing and reading (FeedParsing's OPMLParser) give the same document")
    func roundTrip() throws {
        let parsed = try OPMLParser().parse(Self.document.rendered())
        func written(_ outline: ParsedOPML.Outline) -> OPMLOutline {
            OPMLOutline(
                text: outline.text, title: outline.title, type: outline.type, xmlURL: outline.xmlURL,
                htmlURL: outline.htmlURL, children: outline.children.map(written))
        }
        #expect(
            OPMLDocument(title: parsed.title, dateCreated: parsed.dateCreated, outlines: parsed.outlines.map(written))
                == Self.document)
    }

    @Test("the head has title and an RFC 822 dateCreated; outlines nest with type, text, title, xmlUrl, htmlUrl")
    func structure() {
        let xml = XMLStructure(Self.document.rendered())
        #expect(xml.error == nil)
        #expect(xml.all("opml").first?.attributes["version"] == "2.0")
        #expect(xml.text("opml/head/title") == "Subscriptions & more")
        #expect(xml.text("opml/head/dateCreated") == "Sat, 21 Nov 2026 10:00:00 +0000")
        #expect(
            xml.all("opml/body/outline").first?.attributes == [
                "type": "rss", "text": "Top \"quoted\"", "title": "Top", "xmlUrl": "https://top.example/feed?a=1&b=2",
                "htmlUrl": "https://top.example/",
            ])
        #expect(xml.all("opml/body/outline/outline").map(\.attributes["text"]) == ["Swift\nnews"])
    }

    @Test("an outline with a feed address and no type is written as type rss")
    func defaultType() {
        let document = OPMLDocument(outlines: [OPMLOutline(text: "a", xmlURL: URL(string: "https://a.example/")!)])
        #expect(XMLStructure(document.rendered()).all("opml/body/outline").first?.attributes["type"] == "rss")
    }
}
