import Foundation
import Testing
import TidingsTesting

@testable import FeedParsing

@Suite("Atom link choice", .ownThreads)
struct AtomLinkTests {
    @Test(
        "the alternate link (rel alternate, or none) wins over the others; a link without href is skipped",
        arguments: [
            (#"<link rel="related" href="/r"/><link href="/a"/>"#, "https://example.com/a"),
            (#"<link rel="self" href="/s"/><link rel="alternate" href="/a"/>"#, "https://example.com/a"),
            (#"<link rel="alternate"/><link rel="alternate" href="/a"/>"#, "https://example.com/a"),
            (#"<link href=""/><link href=" "/><link href="/a"/>"#, "https://example.com/a"),
            (
                #"<link rel="alternate" type="text/html" href="/a"/><link type="text/html" href="/b"/>"#,
                "https://example.com/a"
            ),
            (#"<link type="application/pdf" href="/p"/><link href="/a"/>"#, "https://example.com/a"),
            (#"<link type="application/pdf" href="/p"/>"#, "https://example.com/p"),
            (#"<link rel=" Alternate " href="/a"/>"#, "https://example.com/a"),
            (#"<link rel="http://www.iana.org/assignments/relation/alternate" href="/a"/>"#, "https://example.com/a"),
            (#"<link rel="enclosure" href="/e.mp3"/>"#, nil),
        ] as [(String, String?)])
    func choice(_ links: String, _ expected: String?) throws {
        let feed = try parse(
            atom("<entry><id>urn:1</id>\(links)</entry>", feed: "<title>T</title>\(links)"),
            base: "https://example.com/feed")
        #expect(feed.entries.first?.link == expected)
        #expect(feed.link == (links.contains("enclosure") ? nil : expected))
    }
}
