import Foundation
import Testing
import TidingsTesting

@testable import FeedParsing

/// The per-field limits of `FeedParser.Options`: over one, the first part is kept, cut so that it
/// still reads (a whole character, well-formed HTML), and the feed gets one warning per limit.
@Suite("Per-field limits", .ownThreads)
struct LimitTests {
    /// Warnings whose message contains `text`.
    func warnings(_ feed: ParsedFeed, _ text: String) -> [FeedWarning] {
        feed.warnings.filter { $0.message.contains(text) }
    }

    @Test("a title is cut at a character boundary, never inside one")
    func titleCharacters() throws {
        let title = String(repeating: "e\u{301}", count: 3_000)  // "é" as two scalars
        let feed = try parse(rss("<item><title>\(title)</title></item>"))
        let kept = try #require(feed.entries.first?.title)
        #expect(kept.count == 2_000)
        #expect(kept.unicodeScalars.count == 4_000)
    }

    @Test("a long summary keeps its first 64 KiB as well-formed HTML, open elements closed")
    func summary() throws {
        let paragraph = "<p>Fish &amp; chips, <b>twice</b> &lt;3 é</p>"
        let html = "<div>" + String(repeating: paragraph, count: 4_000) + "</div>"
        let feed = try parse(rss("<item><description><![CDATA[\(html)]]></description></item>"))
        let summary = try #require(feed.entries.first?.summaryHTML)
        #expect(summary.utf8.count <= 65_536)
        #expect(summary.utf8.count > 65_536 - 100)
        #expect(summary.hasSuffix("</div>"))
        #expect(HTMLSanitizer().sanitize(summary, base: nil) == summary)
        #expect((feed.entries.first?.summaryText?.utf8.count ?? .max) <= 65_536)
        #expect(warnings(feed, "summaries longer than 65536 bytes").count == 1)
    }

    @Test("an escaped text cut never leaves half a reference")
    func escapedCut() throws {
        for limit in 0..<12 {
            let cut = XMLFeedBuilder.escaped("<<<<", limit: limit)
            #expect(cut.html.utf8.count <= limit)
            #expect(cut.html.count % 4 == 0, "\(cut.html)")
        }
    }

    @Test("contents of many entries are cut to 1 MiB with one warning for the feed")
    func content() throws {
        let text = String(repeating: "0123456789 ", count: 200_000)
        let item = "<item><content:encoded>\(text)</content:encoded></item>"
        let feed = try parse(rss(item + item + item))
        for entry in feed.entries {
            #expect(entry.contentHTML?.utf8.count ?? .max <= 1 << 20)
            #expect(entry.contentText?.utf8.count ?? .max <= 1 << 20)
        }
        #expect(warnings(feed, "contents longer than 1048576 bytes").count == 1)
        #expect(warnings(feed, "contents longer").first?.entry == 0)
    }

    @Test("categories, authors and enclosures keep the first of each entry, one warning each")
    func lists() throws {
        let categories = (0..<150).map { "<category>c\($0)</category>" }.joined()
        let authors = (0..<60).map { "<dc:creator>a\($0)</dc:creator>" }.joined()
        let enclosures = (0..<60).map { "<enclosure url=\"https://e.com/\($0).mp3\"/>" }.joined()
        let item = "<item>\(categories)\(authors)\(enclosures)</item>"
        let feed = try parse(rss(item + item))
        #expect(feed.entries.map(\.categories.count) == [100, 100])
        #expect(feed.entries.map(\.authors.count) == [50, 50])
        #expect(feed.entries.map(\.enclosures.count) == [50, 50])
        #expect(feed.entries.first?.categories.last == "c99")
        #expect(warnings(feed, "first 100 of an entry").count == 1)
        #expect(warnings(feed, "first 50 of an entry or feed").count == 1)
        #expect(warnings(feed, "first 50 of an entry were").count == 1)
    }

    @Test("Atom authors beyond the limit are skipped whole, not merged into the last kept one")
    func atomAuthors() throws {
        var options = FeedParser.Options()
        options.maxAuthors = 2
        let authors = (0..<4).map { "<author><name>n\($0)</name></author>" }.joined()
        let feed = try parse(
            atom("<entry><id>1</id>\(authors)</entry>", feed: "<title>T</title>\(authors)"), options: options)
        #expect(feed.authors.map(\.name) == ["n0", "n1"])
        #expect(feed.entries.first?.authors.map(\.name) == ["n0", "n1"])
    }

    @Test("an image's srcset keeps its first 32 candidates")
    func srcset() throws {
        let candidates = (0..<10_000).map { "https://e.com/\($0).jpg \($0 + 1)w" }.joined(separator: ", ")
        let feed = try parse(rss("<item><description><![CDATA[<img srcset=\"\(candidates)\">]]></description></item>"))
        let html = try #require(feed.entries.first?.summaryHTML)
        #expect(html.components(separatedBy: ".jpg").count - 1 == 32)
        #expect(warnings(feed, "srcset candidates after the first 32").count == 1)
    }

    @Test("JSON Feed items are held to the same limits")
    func json() throws {
        let tags = (0..<150).map { "\"t\($0)\"" }.joined(separator: ",")
        let attachments = (0..<60).map { #"{"url":"https://e.com/\#($0).mp3"}"# }.joined(separator: ",")
        let authors = (0..<60).map { #"{"name":"a\#($0)"}"# }.joined(separator: ",")
        let title = String(repeating: "t", count: 3_000)
        let text = String(repeating: "<", count: 300_000)
        let item =
            #"{"id":"1","title":"\#(title)","content_text":"\#(text)","summary":"\#(text)","tags":[\#(tags)],"#
            + #""attachments":[\#(attachments)],"authors":[\#(authors)]}"#
        let feed = try parse(#"{"version":"https://jsonfeed.org/version/1.1","items":[\#(item),\#(item)]}"#)
        for entry in feed.entries {
            #expect(entry.title?.count == 2_000)
            #expect(entry.categories.count == 100)
            #expect(entry.enclosures.count == 50)
            #expect(entry.authors.count == 50)
            #expect(entry.summaryHTML?.utf8.count ?? .max <= 65_536)
            #expect(entry.summaryHTML?.hasSuffix("&lt;") == true)
            #expect(entry.contentHTML?.utf8.count ?? .max <= 1 << 20)
        }
        #expect(feed.warnings.count == 6)
    }

    @Test("an id longer than 2 KiB is replaced by a hash of it, the same on every fetch")
    func longID() throws {
        let guid = String(repeating: "g", count: 3_000)
        let document = rss("<item><guid>\(guid)</guid></item><item><guid>\(guid)x</guid></item>")
        let feed = try parse(document)
        #expect(feed.entries.map(\.id) == ["hash:" + StableHash.hex(guid), "hash:" + StableHash.hex(guid + "x")])
        #expect(try parse(document).entries.map(\.id) == feed.entries.map(\.id))
        #expect(warnings(feed, "ids longer than 2048 bytes").count == 1)
        let json = try parse(#"{"version":"https://jsonfeed.org/version/1.1","items":[{"id":"\#(guid)"}]}"#)
        #expect(json.entries.first?.id == "hash:" + StableHash.hex(guid))
    }

    @Test("an enclosure's type is a one-line field")
    func enclosureType() throws {
        let type = String(repeating: "t", count: 5_000)
        let feed = try parse(rss("<item><enclosure url=\"https://e.com/a\" type=\"\(type)\"/></item>"))
        #expect(feed.entries.first?.enclosures.first?.type?.count == 2_000)
    }

    @Test("the limits are options")
    func options() throws {
        var options = FeedParser.Options()
        options.maxTitleLength = 3
        options.maxCategories = 1
        options.maxSummaryBytes = 10
        let feed = try parse(
            rss(
                "<item><title>Title</title><category>a</category><category>b</category><description>0123456789ABC</description></item>"
            ),
            options: options)
        let entry = try #require(feed.entries.first)
        #expect(entry.title == "Tit")
        #expect(entry.categories == ["a"])
        #expect(entry.summaryText == "0123456789")
    }
}
