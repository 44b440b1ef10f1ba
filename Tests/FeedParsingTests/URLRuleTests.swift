import Foundation
import Testing
import TidingsTesting

@testable import FeedParsing

/// Every URL field of a parsed feed holds an absolute http(s) URL resolved as browsers resolve it
/// (or, for a person, a mailto: URL); anything else is dropped with a warning naming the field.
@Suite("URL fields: http(s) only, resolved as browsers do", .ownThreads)
struct URLRuleTests {
    @Test("links that are not http(s) are dropped from every XML field, with a warning naming the field")
    func xmlFields() throws {
        let bad = "javascript:alert(1)"
        let feed = try parse(
            rss(
                """
                <item><title>x</title><link>\(bad)</link><comments>data:text/html,x</comments>
                <enclosure url="vbscript:x" type="audio/mpeg"/><media:thumbnail url="\(bad)"/>
                <itunes:image href="file:///etc/passwd"/></item>
                """,
                channel: "<title>T</title><link>\(bad)</link><image><url>\(bad)</url></image>"))
        let entry = try #require(feed.entries.first)
        #expect(feed.link == nil && feed.image == nil)
        #expect(entry.link == nil && entry.comments == nil && entry.enclosures.isEmpty && entry.image == nil)
        let warning = try #require(feed.warnings.first { $0.message.hasPrefix("link \"javascript:") && $0.entry == 0 })
        #expect(warning.message.hasSuffix("is not an http(s) URL; dropped"))
        for field in ["comments \"data:", "enclosure url", "thumbnail", "image \"file:"] {
            #expect(feed.warnings.contains { $0.message.hasPrefix(field) }, "\(field)")
        }
    }

    @Test("Atom links, logo, icon and author uri follow the rule; an author may have a mailto: uri")
    func atomFields() throws {
        let feed = try parse(
            atom(
                """
                <entry><id>1</id><link href=" JAVASCRIPT:alert(1)"/><link rel="enclosure" href="https://e.com/a b.mp3"/>
                <author><name>Jo</name><uri>mailto:Jo@Example.com</uri><email>mailto:jo@example.com</email></author>
                <author><name>Ann</name><uri>javascript:x</uri><email>ann at example</email></author></entry>
                """,
                feed: "<title>T</title><logo>data:image/png,x</logo><icon>https://E.com:443/i.png</icon>"))
        let entry = try #require(feed.entries.first)
        #expect(feed.image == nil)
        #expect(feed.icon == "https://e.com/i.png")
        #expect(entry.link == nil)
        #expect(entry.enclosures.map(\.url) == ["https://e.com/a%20b.mp3"])
        #expect(
            entry.authors == [
                ParsedAuthor(name: "Jo", email: "jo@example.com", url: "mailto:Jo@Example.com"),
                ParsedAuthor(name: "Ann"),
            ])
        #expect(feed.warnings.contains { $0.message.hasPrefix("author email \"ann at example\"") })
    }

    @Test("xml:base that is not http(s) is ignored: links resolve against the enclosing base")
    func xmlBase() throws {
        let feed = try parse(
            atom(
                """
                <entry xml:base="javascript:alert(1)//"><id>1</id><link href="post"/></entry>
                <entry xml:base="data:text/html,x/"><id>2</id><link href="/top"/></entry>
                <entry xml:base="sub/"><id>3</id><link href="post"/></entry>
                """, feed: "<title>T</title>"),
            base: "https://example.com/feeds/atom.xml")
        #expect(
            feed.entries.map(\.link) == [
                "https://example.com/feeds/post", "https://example.com/top", "https://example.com/feeds/sub/post",
            ])
        #expect(feed.warnings.filter { $0.message.hasPrefix("xml:base") }.count == 1)
    }

    @Test("a base URL that is not http(s) (a file read from disk) leaves the feed's own address to stand in")
    func nonHTTPBase() throws {
        let document = atom(
            "<entry><id>1</id><link href=\"/a\"/></entry>",
            feed: "<title>T</title><link rel=\"self\" href=\"https://example.com/feed.xml\"/>")
        #expect(try parse(document, base: "file:///srv/feeds/x.xml").entries.first?.link == "https://example.com/a")
        #expect(try parse(document).entries.first?.link == "https://example.com/a")
    }

    @Test("a relative link with no base to resolve against is dropped, not kept relative")
    func noBase() throws {
        let feed = try parse(rss("<item><link>/a</link></item>", channel: "<title>T</title>"))
        #expect(feed.entries.first?.link == nil)
        #expect(feed.warnings.contains { $0.message.contains("is relative and there is no http(s) base URL") })
    }

    @Test("JSON Feed URLs: control-led javascript:, data: and relative-without-base are dropped")
    func json() throws {
        let feed = try parse(
            #"""
            {"version":"https://jsonfeed.org/version/1.1","home_page_url":"data:text/html,x","feed_url":"HTTPS://E.COM/feed",
            "items":[{"id":"1","url":"\u0001javascript:alert(1)","external_url":"https://e.com/ext",
            "image":"vbscript:x","attachments":[{"url":"javascript:x"},{"url":"/a.mp3"}],
            "authors":[{"name":"Jo","url":"mailto:jo@e.com"}]}]}
            """#)
        let entry = try #require(feed.entries.first)
        #expect(feed.link == nil)
        #expect(feed.feedLink == "https://e.com/feed")
        #expect(entry.link == "https://e.com/ext")
        #expect(entry.image == nil)
        #expect(entry.enclosures.isEmpty)
        #expect(entry.authors.first?.url == "mailto:jo@e.com")
        #expect(feed.warnings.contains { $0.message.hasPrefix("url \"javascript:alert(1)\"") })
    }

    @Test("RSS written as JSON holds to the same rule")
    func rssInJSON() throws {
        let feed = try parse(
            #"{"rss":{"channel":{"link":"https://e.com/","item":[{"link":"javascript:x","enclosure":{"url":"a.mp3"}}]}}}"#
        )
        #expect(feed.entries.first?.link == nil)
        #expect(feed.entries.first?.enclosures.map(\.url) == ["https://e.com/a.mp3"])
    }

    @Test("a URL longer than the limit is dropped, not cut")
    func urlLength() throws {
        let long = "https://e.com/" + String(repeating: "a", count: 9_000)
        let feed = try parse(rss("<item><link>\(long)</link></item>"))
        #expect(feed.entries.first?.link == nil)
        #expect(feed.warnings.contains { $0.message.contains("is longer than 8192 bytes") })
    }

    @Test("a permalink guid is the link only when it is an http(s) URL, serialized")
    func guidLink() throws {
        let feed = try parse(rss("<item><guid>HTTP://E.com/p</guid></item><item><guid>http://a b/</guid></item>"))
        #expect(feed.entries.map(\.link) == ["http://e.com/p", nil])
        #expect(feed.entries.map(\.id) == ["HTTP://E.com/p", "http://a b/"])
    }

    @Test("WebLink gives out links by the same rule")
    func webLink() {
        let base = URL(string: "http://example.org/foo/bar")
        #expect(WebLink.url("http:evil/c", relativeTo: base)?.absoluteString == "http://example.org/foo/evil/c")
        #expect(WebLink.url("https:/evil/d", relativeTo: base)?.absoluteString == "https://evil/d")
        #expect(WebLink.url("\u{1}javascript:alert(1)") == nil)
        #expect(WebLink.url("/a", relativeTo: URL(fileURLWithPath: "/srv/x.xml")) == nil)
        #expect(WebLink.url("http://0x7f.1:80/") == URL(string: "http://127.0.0.1/"))
        #expect(WebLink.string("HTTP://Bücher.example/a b") == "http://xn--bcher-kva.example/a%20b")
        #expect(WebLink.string("a", relativeTo: "https://e.com/x/y") == "https://e.com/x/a")
        #expect(WebLink.string("a", relativeTo: "javascript:x") == nil)
    }
}
