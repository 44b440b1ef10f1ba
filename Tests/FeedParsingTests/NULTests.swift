import Foundation
import Testing
import TidingsTesting

@testable import FeedParsing

/// U+0000 never leaves the parser (PostgreSQL refuses it in text), nor does any other character
/// XML 1.0 forbids that a reference or an escape could produce.
@Suite("No NUL out of the parser", .ownThreads)
struct NULTests {
    /// Whether any string of the feed holds a character XML 1.0 forbids.
    func hasForbidden(_ feed: ParsedFeed) throws -> Bool {
        let json = String(decoding: try JSONEncoder().encode(feed), as: UTF8.self)
        // JSONEncoder writes C0 controls as \u00XX escapes (and \t, \n, \r, \b, \f as such).
        return json.contains("\\u00") || json.contains("\\b") || json.contains("\\f") || json.contains("\u{FFFE}")
            || json.contains("\u{FFFF}")
    }

    @Test("JSON Feed \\u0000 escapes are dropped from every field, ids staying stable")
    func json() throws {
        let nul = "\\u0000"
        let document = """
            {"version":"https://jsonfeed.org/version/1.1","title":"T\(nul)","home_page_url":"https://e.com/\(nul)",
            "authors":[{"name":"A\(nul)n","url":"https://e.com/a\(nul)"}],
            "items":[{"id":"a\(nul)b","title":"x\(nul)y","url":"https://e.com/1\(nul)","tags":["t\(nul)","t"],
            "content_html":"<p title=\\"q\(nul)\\">c\(nul)d\\u0001\\uFFFE</p>","content_text":"c\(nul)","summary":"s\(nul)",
            "attachments":[{"url":"https://e.com/f\(nul).mp3","mime_type":"audio/mpeg\(nul)"}]},
            {"id":"\(nul)","url":"https://e.com/2"}]}
            """
        let feed = try parse(document)
        #expect(try !hasForbidden(feed))
        #expect(feed.entries.map(\.id) == ["ab", "https://e.com/2"])
        #expect(feed.entries.first?.title == "xy")
        #expect(feed.entries.first?.categories == ["t"])
        #expect(feed.entries.first?.contentHTML == "<p title=\"q\">cd</p>")
        #expect(feed.warnings.contains { $0.message.contains("U+0000") })
        #expect(try parse(document).entries.map(\.id) == feed.entries.map(\.id))
    }

    @Test("NUL bytes in markup taken raw (a title or guid holding elements, pasted HTML) are dropped")
    func rawMarkup() throws {
        let feed = try parse(
            rss(
                "<item><title>a<b>\u{0}</b>c</title><guid>g<x/>\u{0}h</guid>"
                    + "<description><p title=\"t\u{0}\">x\u{0}y\u{1}z</p></description></item>"))
        #expect(try !hasForbidden(feed))
        let entry = try #require(feed.entries.first)
        #expect(entry.title == "ac")
        #expect(entry.summaryText == "xyz")
        #expect(feed.warnings.contains { $0.message.contains("not allow") })
    }

    @Test("references to characters XML forbids are dropped, in XML and in HTML")
    func references() throws {
        let feed = try parse(
            rss(
                "<item><title>a&#xFFFE;b&#xFFFF;c&#11;d</title>"
                    + "<description>&lt;p title=\"&amp;#1;x\"&gt;1&amp;#1;2&amp;#xFFFF;3&amp;#0;4&lt;/p&gt;</description></item>"
            ))
        #expect(try !hasForbidden(feed))
        let entry = try #require(feed.entries.first)
        #expect(entry.title == "abcd")
        #expect(entry.summaryHTML == "<p title=\"x\">123\u{FFFD}4</p>")
        #expect(HTMLEntities.character(for: "#1") == "")
        #expect(HTMLEntities.character(for: "#9") == "\t")
    }

    @Test("HTMLText, used by other readers, drops controls too")
    func plainText() {
        #expect(HTMLText.plainText("a\u{0}b&#1;c\u{1F}d") == "abcd")
    }

    @Test("the last guard removes a NUL any reader missed; an id left empty becomes a hash id")
    func lastGuard() throws {
        var feed = ParsedFeed(format: .rss2)
        feed.title = "T\u{0}"
        feed.authors = [ParsedAuthor(name: "\u{0}")]
        var entry = ParsedEntry(id: "\u{0}", idSource: .guid)
        entry.title = "x\u{0}\u{301}"
        entry.categories = ["a\u{0}", "a", "\u{0}"]
        entry.enclosures = [ParsedEnclosure(url: "https://e.com/\u{0}", type: "a\u{0}")]
        feed.entries = [entry]
        let found = feed.removeNUL()
        #expect(found)
        #expect(try !hasForbidden(feed))
        #expect(feed.authors.first?.name == nil)
        #expect(feed.entries.first?.idSource == .hash)
        #expect(feed.entries.first?.categories == ["a"])
        let again = feed.removeNUL()
        #expect(!again)
    }

    @Test("a root element's name in the error is one short printable line")
    func rootName() {
        let name = "x\u{1}" + String(repeating: "y", count: 10_000)
        #expect(throws: FeedParseError.notAFeed(root: "x\u{FFFD}" + String(repeating: "y", count: 98))) {
            try parse("<\(name)/>")
        }
    }
}
