import Foundation
import Testing
import TidingsTesting

@testable import FeedParsing

@Suite("Forgiving: broken feeds still give their entries", .ownThreads)
struct ForgivingTests {
    @Test("a truncated document keeps the complete entries before the cut, with a warning")
    func truncated() throws {
        let whole = rss("<item><title>one</title></item><item><title>two</title></item><item><title>thr")
        let feed = try parse(String(whole.prefix(whole.count - 20)))
        #expect(feed.entries.map(\.title) == ["one", "two"])
        #expect(feed.warnings.contains { $0.message.contains("truncated") })
        #expect(feed.warnings.contains { $0.message.contains("entry 2 was cut off") })
    }

    @Test("illegal control characters are dropped, not fatal")
    func controlCharacters() throws {
        let feed = try parse(rss("<item><title>bad\u{01}\u{08} byte&#1;s</title></item>"))
        #expect(feed.entries.first?.title == "bad bytes")
        #expect(feed.warnings.contains { $0.message.contains("not allow") })
    }

    @Test("a bare ampersand and an undeclared entity stay as text")
    func ampersands() throws {
        let feed = try parse(rss("<item><title>AT&T &madeup; Q&amp;A</title></item>"))
        #expect(feed.entries.first?.title == "AT&T &madeup; Q&A")
    }

    @Test("mismatched end tags close what they match and are otherwise ignored")
    func mismatched() throws {
        let feed = try parse(
            rss(
                "<item><title>one</title><description><b>unclosed</description></item><item><title>two</title></i></item>"
            ))
        #expect(feed.entries.map(\.title) == ["one", "two"])
    }

    @Test("HTML pasted unescaped into a description is kept as HTML")
    func unescapedHTML() throws {
        let feed = try parse(
            rss("<item><description><p>Hello <a href=\"https://e.com\">there</a></p></description></item>"))
        #expect(feed.entries.first?.summaryText == "Hello there")
        #expect(feed.entries.first?.summaryHTML?.contains("<a href=\"https://e.com/\"") == true)
    }

    @Test("an undeclared well-known prefix (dc:creator without xmlns:dc) still means Dublin Core")
    func undeclaredPrefix() throws {
        let feed = try parse("<rss><channel><item><dc:creator>Ann</dc:creator></item></channel></rss>")
        #expect(feed.entries.first?.authors.first?.name == "Ann")
    }

    @Test("a windows-1251 feed declared in its XML declaration decodes")
    func windows1251() throws {
        let head = Array("<?xml version=\"1.0\" encoding=\"windows-1251\"?><rss><channel><item><title>".utf8)
        let tail = Array("</title></item></channel></rss>".utf8)
        let feed = try FeedParser().parse(head + [0xCF, 0xF0, 0xE8, 0xE2, 0xE5, 0xF2] + tail)
        #expect(feed.entries.first?.title == "Привет")
    }

    @Test("a truncated JSON Feed keeps the complete items")
    func truncatedJSON() throws {
        let feed = try parse(
            #"{"version":"https://jsonfeed.org/version/1.1","title":"J","items":[{"id":"1","title":"one"},{"id":"2","title":"tw"#
        )
        #expect(feed.entries.map(\.id) == ["1"])
        #expect(feed.warnings.contains { $0.message.contains("truncated") })
    }

    @Test("a JSON Feed field of the wrong type costs that field, not the entry")
    func jsonWrongTypes() throws {
        let feed = try parse(
            #"{"version":"https://jsonfeed.org/version/1","items":[{"id":7,"title":["x"],"url":"https://e.com/7","date_published":"never"},"junk"]}"#
        )
        #expect(feed.entries.count == 1)
        #expect(feed.entries.first?.id == "7")
        #expect(feed.entries.first?.title == nil)
        #expect(feed.entries.first?.link == "https://e.com/7")
        #expect(feed.warnings.count == 2)
    }
}

@Suite("Character references in XML text", .ownThreads)
struct XMLReferenceTests {
    @Test(
        "decimal, hex (either case), XML and HTML names decode; malformed ones stay",
        arguments: [
            ("&#8217;", "’"), ("&#x2019;", "’"), ("&#X2019;", "’"), ("&#x1F600;", "😀"), ("&nbsp;x", "\u{00A0}x"),
            ("&lt;&gt;&amp;&quot;&apos;", "<>&\"'"), ("&eacute;", "é"), ("&#x;", "&#x;"), ("&#12a;", "&#12a;"),
            ("&#150;", "–"),
        ])
    func decodes(_ text: String, _ expected: String) throws {
        let bytes = Array("<t>\(text)</t>".utf8)
        let decoded = bytes.withUnsafeBufferPointer { XMLText.string($0, 3..<(bytes.count - 4)) }
        #expect(decoded == expected)
    }
}
