import Foundation
import Testing
import TidingsTesting

@testable import FeedParsing

@Suite("An entry's image: its size and alternative text", .ownThreads)
struct ImageDetailsTests {
    func entry(_ item: String) throws -> ParsedEntry {
        try #require(try parse(rss("<item><title>x</title>\(item)</item>")).entries.first)
    }

    @Test(
        "the size comes with the image the cascade chose, from its own element",
        arguments: [
            (
                #"<media:thumbnail url="https://e.com/t.jpg" width="640" height="360"/><media:content url="https://e.com/c.jpg" medium="image" width="2048" height="1152"/>"#,
                "https://e.com/t.jpg", ImageDetails(width: 640, height: 360)
            ),
            (
                #"<media:group><media:content url="https://e.com/c.jpg" type="image/jpeg" width=" 1200px" height="800"/></media:group>"#,
                "https://e.com/c.jpg", ImageDetails(width: 1200, height: 800)
            ),
            (
                #"<media:thumbnail url="https://e.com/t.jpg" width="100%" height="0"/>"#, "https://e.com/t.jpg",
                nil
            ),
            // An enclosure says no size, and the content's picture is not the one shown.
            (
                #"<enclosure url="https://e.com/e.jpg" type="image/jpeg"/><description>&lt;img src="https://e.com/a.png" width="9" alt="a"&gt;</description>"#,
                "https://e.com/e.jpg", nil
            ),
            (
                #"<description>&lt;img src="https://e.com/pixel.gif" width="1" height="1" alt="tracker"&gt;&lt;img alt="The harbour at dawn, &amp;amp; its   boats" src="https://e.com/a.png" width="800" height="450"&gt;</description>"#,
                "https://e.com/a.png", ImageDetails(width: 800, height: 450, alt: "The harbour at dawn, & its boats")
            ),
            (
                #"<description>&lt;img src="https://e.com/a.png" alt=""&gt;</description>"#, "https://e.com/a.png",
                nil
            ),
        ] as [(String, String, ImageDetails?)])
    func details(_ item: String, _ image: String, _ details: ImageDetails?) throws {
        let entry = try entry(item)
        #expect(entry.image == image)
        #expect(entry.imageDetails == details)
    }

    @Test("a very long alternative text is cut at a word, with an ellipsis")
    func longAlt() throws {
        let words = Array(repeating: "harbour", count: 200).joined(separator: " ")
        let alt = try #require(
            try entry(#"<description>&lt;img src="https://e.com/a.png" alt="\#(words)"&gt;</description>"#)
                .imageDetails?.alt)
        #expect(alt.utf8.count <= ImageDetails.maxAltBytes)
        #expect(alt.hasSuffix("harbour…"), "cut at a word")
        let russian = Array(repeating: "гавань", count: 100).joined(separator: "\u{3000}")
        let cut = try #require(
            try entry(#"<description>&lt;img src="https://e.com/a.png" alt="\#(russian)"&gt;</description>"#)
                .imageDetails?.alt)
        #expect(
            cut.utf8.count <= ImageDetails.maxAltBytes && cut.hasSuffix("…"),
            "no space to cut at: cut between characters")
        #expect(cut.unicodeScalars.allSatisfy { $0.value != 0xFFFD })
    }

    @Test(
        "a file name is no alternative text",
        arguments: ["IMG_2041.JPG", "twilio overall architecture.png", "hero.webp"])
    func fileName(_ alt: String) throws {
        #expect(
            try entry(#"<description>&lt;img src="https://e.com/a.png" alt="\#(alt)"&gt;</description>"#).imageDetails
                == nil)
    }

    @Test("JSON Feed: the content's image brings its size and text; an item's image field brings none")
    func jsonFeed() throws {
        let json = #"""
            {"version": "https://jsonfeed.org/version/1.1", "title": "t", "items": [
              {"id": "1", "content_html": "<p><img src=\"https://e.com/a.png\" width=\"320\" height=\"200\" alt=\"A map\"></p>"},
              {"id": "2", "image": "https://e.com/b.png", "content_html": "<img src=\"https://e.com/c.png\" width=\"5\">"}]}
            """#
        let entries = try FeedParser().parse(Array(json.utf8)).entries
        #expect(entries.map(\.imageDetails) == [ImageDetails(width: 320, height: 200, alt: "A map"), nil])
    }

    @Test("tidings parse's JSON carries them, and reads them back")
    func roundTrip() throws {
        let feed = try parse(
            rss(#"<item><title>x</title><media:thumbnail url="https://e.com/t.jpg" width="640" height="360"/></item>"#))
        let json = String(decoding: try ParsedFeed.jsonEncoder().encode(feed), as: UTF8.self)
        #expect(json.contains(#""image_height" : 360"#) && json.contains(#""image_width" : 640"#))
        #expect(!json.contains("image_alt"))
        #expect(try ParsedFeed.jsonDecoder().decode(ParsedFeed.self, from: Data(json.utf8)) == feed)
    }
}
