import Foundation
import Testing

@testable import FeedWriting

@Suite("JSON Feed 1.1 writer")
struct JSONFeedWriterTests {
    @Test("the document has version 1.1, title, home_page_url, feed_url and language")
    func document() throws {
        let json = try object(Fixtures.feed(.json))
        #expect(json["version"] as? String == "https://jsonfeed.org/version/1.1")
        #expect(json["title"] as? String == "Tidings")
        #expect(json["home_page_url"] as? String == "https://example.com/")
        #expect(json["feed_url"] as? String == "https://example.com/feed.json")
        #expect(json["language"] as? String == "en")
    }

    @Test("items have a string id, RFC 3339 dates, authors, tags and an image")
    func item() throws {
        let items = try #require(try object(Fixtures.feed(.json))["items"] as? [[String: Any]])
        let item = try #require(items.first)
        #expect(item["id"] as? String == "https://example.com/posts/1")
        #expect(item["date_published"] as? String == "2026-11-21T10:00:00Z")
        #expect(item["date_modified"] as? String == "2026-11-21T12:30:00Z")
        #expect((item["authors"] as? [[String: String]]) == [["name": "Jo Smith"]])
        #expect(item["tags"] as? [String] == ["Food", "News"])
        #expect(item["image"] as? String == "https://example.com/images/1.jpg")
    }

    @Test("every item has content_html or content_text, and an untitled item no title")
    func content() throws {
        let items = [Fixtures.full, Fixtures.sparse, SyndicationItem(id: "3")]
        let json = try #require(try object(Fixtures.feed(items: items))["items"] as? [[String: Any]])
        #expect(json.map { $0["content_html"] as? String } == ["<p>Long <b>content</b></p>", nil, nil])
        #expect(json.map { $0["content_text"] as? String } == [nil, "Only a summary", ""])
        #expect(json[2]["title"] == nil)
    }

    @Test("the same feed is the same bytes, keys sorted and slashes unescaped")
    func deterministic() {
        let feed = Fixtures.feed(.json)
        let text = String(decoding: feed.rendered(as: .json), as: UTF8.self)
        #expect(feed.rendered(as: .json) == feed.rendered(as: .json))
        #expect(text.hasPrefix(#"{"description":"What changed today","feed_url":"https://example.com/feed.json""#))
    }

    private func object(_ feed: SyndicationFeed) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(feed.rendered(as: .json))) as? [String: Any])
    }
}
