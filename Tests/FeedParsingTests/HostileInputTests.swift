import Foundation
import Testing
import TidingsTesting

@testable import FeedParsing

/// Inputs built to make parsers quadratic or exponential. These tests assert what comes back, not
/// how long it took (benchmarks measure time); a quadratic parser would make them take minutes.
@Suite("Safe on hostile input", .ownThreads)
struct HostileInputTests {
    @Test("an entity bomb in an internal subset is never expanded")
    func entityBomb() throws {
        var subset = "<!ENTITY a0 \"" + String(repeating: "x", count: 100_000) + "\">"
        for level in 1...10 {
            subset += "<!ENTITY a\(level) \"" + String(repeating: "&a\(level - 1);", count: 10) + "\">"
        }
        let body = String(repeating: "&a10;", count: 10_000)
        var options = FeedParser.Options()
        options.maxTitleLength = .max
        let feed = try parse(
            "<!DOCTYPE rss [\(subset)]>" + rss("<item><title>\(body)</title></item>"), options: options)
        #expect(feed.entries.first?.title?.hasPrefix("&a10;&a10;") == true)
        #expect(feed.entries.first?.title?.count == 50_000)
    }

    @Test("50,000-deep unclosed nesting is skipped past the depth limit, with a warning")
    func deepNesting() throws {
        let feed = try parse(rss("<item><title>kept</title></item>" + String(repeating: "<x>", count: 50_000)))
        #expect(feed.entries.map(\.title) == ["kept"])
        #expect(feed.warnings.contains { $0.message.contains("deeper than 512 levels were skipped") })
        #expect(feed.warnings.contains { $0.message.contains("truncated") })
    }

    @Test("an element nested too deep is skipped whole; its later siblings and later items are kept")
    func tooDeepThenSiblings() throws {
        let deep = String(repeating: "<x>", count: 600) + "<title>inner</title>" + String(repeating: "</x>", count: 600)
        let feed = try parse(
            rss(
                "<item><title>one</title>\(deep)<link>https://e.com/1</link></item><item><title>two</title></item>"))
        #expect(feed.entries.map(\.title) == ["one", "two"])
        #expect(feed.entries.first?.link == "https://e.com/1")
        #expect(feed.warnings.filter { $0.message.contains("deeper than 512") }.count == 1)
        #expect(!feed.warnings.contains { $0.message.contains("truncated") })
    }

    @Test("50,000-deep nesting, closed, with comments, CDATA and quoted \">\" inside, then an item")
    func deepNestingClosed() throws {
        let open = String(repeating: "<x a=\"/>\"><!-- </x> --><![CDATA[</x>]]>", count: 50_000)
        let feed = try parse(
            rss(
                "<item><title>one</title></item><extra>\(open)<y/>\(String(repeating: "</x>", count: 50_000))</extra>"
                    + "<item><title>two</title></item>"))
        #expect(feed.entries.map(\.title) == ["one", "two"])
    }

    @Test("400,000 attributes on one element are read past, beyond the limit ignored")
    func attributeFlood() throws {
        let attributes = (0..<400_000).map { "a\($0)=\"v\"" }.joined(separator: " ")
        let feed = try parse(rss("<item \(attributes)><title>still here</title></item>"))
        #expect(feed.entries.first?.title == "still here")
        #expect(feed.warnings.contains { $0.message.contains("first 256") })
    }

    @Test("two 20 MB titles are cut to the title limit, with one warning for the feed")
    func hugeTitle() throws {
        let title = String(repeating: "word ", count: 4_000_000)
        let feed = try parse(rss("<item><title>\(title)</title></item><item><title>\(title)</title></item>"))
        #expect(feed.entries.map { $0.title?.count } == [2_000, 2_000])
        #expect(feed.entries.first?.title?.hasPrefix("word word ") == true)
        #expect(feed.warnings.filter { $0.message.contains("longer than 2000 characters") }.count == 1)
    }

    @Test("the entry limit keeps the first entries and says so")
    func entryLimit() throws {
        var options = FeedParser.Options()
        options.maxEntries = 3
        let feed = try parse(rss(String(repeating: "<item><title>x</title></item>", count: 10)), options: options)
        #expect(feed.entries.count == 3)
        #expect(feed.warnings.contains { $0.message.contains("first 3") })
    }

    @Test("a thousand bad dates give the first 100 warnings and one saying how many more")
    func warningFlood() throws {
        let xml = try parse(rss(String(repeating: "<item><pubDate>soon</pubDate></item>", count: 1_000)))
        #expect(xml.warnings.count == 101)
        #expect(xml.warnings.last?.message == "900 more warnings were left out")
        let items = String(repeating: #"{"id":"x","date_published":"soon"},"#, count: 1_000)
        let json = try parse(#"{"version":"https://jsonfeed.org/version/1.1","items":[\#(items.dropLast())]}"#)
        #expect(json.entries.count == 1_000)
        #expect(json.warnings.count == 101)
        #expect(json.warnings.last?.message == "900 more warnings were left out")
    }

    @Test("a warning quoting the document stays one short line")
    func warningQuotes() throws {
        let name = "a\u{1}b" + String(repeating: "n", count: 100_000)
        let feed = try parse(rss("<item><title>x</title></item></\(name)>"))
        let warning = try #require(feed.warnings.first { $0.message.hasPrefix("an end tag </a") })
        #expect(warning.message.count <= WarningList.maxMessageLength + 1)
        #expect(!warning.message.unicodeScalars.contains { $0.value < 0x20 })
    }

    @Test("external entities are never fetched: a SYSTEM entity stays unexpanded text")
    func externalEntity() throws {
        let feed = try parse(
            "<!DOCTYPE rss [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]>" + rss("<item><title>&xxe;</title></item>"))
        #expect(feed.entries.first?.title == "&xxe;")
    }
}
