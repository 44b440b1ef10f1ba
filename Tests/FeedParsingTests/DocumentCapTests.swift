import Foundation
import Testing
import TidingsTesting

@testable import FeedParsing

/// Over `maxDocumentBytes` a document is read up to the cap and keeps the entries complete in
/// that part, with one warning, as a truncated download does. Until issue 14 a feed one byte
/// over the cap lost everything (`tooLarge`). A small cap stands in for the 64 MiB default.
@Suite("Documents over the size cap", .ownThreads)
struct DocumentCapTests {
    /// Parses `text` with the cap set to `cap` bytes.
    func parseCapped(_ text: String, cap: Int, httpCharset: String? = nil) throws(FeedParseError) -> ParsedFeed {
        try parseCapped(Array(text.utf8), cap: cap, httpCharset: httpCharset)
    }

    func parseCapped(_ bytes: [UInt8], cap: Int, httpCharset: String? = nil) throws(FeedParseError) -> ParsedFeed {
        var options = FeedParser.Options()
        options.maxDocumentBytes = cap
        return try FeedParser(options: options).parse(bytes, httpCharset: httpCharset)
    }

    static let items = (1...3).map { "<item><title>t\($0)</title><guid>g\($0)</guid></item>" }.joined()

    @Test("one byte over the cap, every complete entry is kept, with one warning saying what was read")
    func oneByteOver() throws {
        let document = rss(Self.items)
        let feed = try parseCapped(document, cap: document.utf8.count - 1)
        #expect(feed.entries.map(\.id) == ["g1", "g2", "g3"])
        #expect(feed.title == "T")
        let cut = try #require(document.range(of: "</rss>", options: .backwards)).lowerBound
        let read = document.utf8.distance(from: document.startIndex, to: cut)
        #expect(
            feed.warnings.map(\.message) == [
                "the document is \(document.utf8.count) bytes, over the \(document.utf8.count - 1)-byte limit: "
                    + "only the first \(read) bytes were read, and the entries complete in them kept"
            ])
    }

    @Test("at the cap exactly, the document is read whole without a warning")
    func atTheCap() throws {
        let document = rss(Self.items)
        let feed = try parseCapped(document, cap: document.utf8.count)
        #expect(feed.entries.count == 3)
        #expect(feed.warnings.isEmpty)
    }

    @Test(
        "a cut inside an entry keeps the entries before it, in each XML format",
        arguments: [
            rss(Self.items),
            atom((1...3).map { "<entry><id>g\($0)</id><title>t\($0)</title></entry>" }.joined()),
            """
            <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/">\
            <channel><title>T</title></channel>\
            \((1...3).map { "<item rdf:about=\"https://e.com/g\($0)\"><title>t\($0)</title></item>" }.joined())\
            </rdf:RDF>
            """,
        ])
    func insideAnEntry(document: String) throws {
        let third = try #require(document.range(of: "t3<")).lowerBound
        let cap = document.utf8.distance(from: document.startIndex, to: third) + 1
        let feed = try parseCapped(document, cap: cap)
        #expect(feed.entries.map(\.title) == ["t1", "t2"])
        #expect(feed.warnings.count == 1, "\(feed.warnings.map(\.message))")
        #expect(feed.warnings.first?.message.contains("over the \(cap)-byte limit") == true)
        #expect(!feed.warnings.contains { $0.message.contains("truncated?") })
    }

    @Test("a cut inside CDATA or a comment keeps the entries before that entry")
    func insideCDATAOrComment() throws {
        for inner in [
            "<![CDATA[<p>" + String(repeating: "x", count: 500) + "</p>]]>",
            "<!-- " + String(repeating: "y", count: 500) + " -->",
        ] {
            let document = rss(
                "<item><title>t1</title></item><item><title>t2</title><description>\(inner)</description></item>")
            let at = try #require(document.range(of: String(repeating: inner.contains("x") ? "x" : "y", count: 250)))
            let feed = try parseCapped(
                document, cap: document.utf8.distance(from: document.startIndex, to: at.upperBound))
            #expect(feed.entries.map(\.title) == ["t1"], "\(inner.prefix(4))")
            #expect(feed.warnings.count == 1, "\(feed.warnings.map(\.message))")
        }
    }

    @Test("a cut never splits a character: UTF-8, UTF-16 with surrogate pairs, and Shift_JIS")
    func characters() throws {
        let json = Array("{\"items\":[{\"id\":\"é€😀é€😀é€😀\"".utf8)
        for limit in 12..<json.count {
            let cut = FeedParser.cutPoint(json, limit: limit)
            #expect(cut <= limit && cut > limit - 4)
            #expect(String(bytes: json[..<cut], encoding: .utf8) != nil, "limit \(limit)")
        }
        let text = "<rss><channel><title>😀😀😀😀😀</title>"
        for littleEndian in [true, false] {
            let bytes = text.utf16.flatMap { unit in
                littleEndian ? [UInt8(unit & 0xFF), UInt8(unit >> 8)] : [UInt8(unit >> 8), UInt8(unit & 0xFF)]
            }
            for limit in 40..<bytes.count {
                let cut = FeedParser.cutPoint(bytes, limit: limit)
                #expect(cut % 2 == 0 && cut <= limit && cut > limit - 4)
                let unit =
                    littleEndian
                    ? UInt16(bytes[cut - 2]) | UInt16(bytes[cut - 1]) << 8
                    : UInt16(bytes[cut - 2]) << 8 | UInt16(bytes[cut - 1])
                #expect(!(0xD800...0xDBFF).contains(unit), "limit \(limit)")
            }
        }
        // In Shift_JIS a cut inside a two-byte character would make the whole document invalid in
        // its own encoding (read as windows-1252 instead); the cut before the last "<" cannot.
        let japanese =
            "<?xml version=\"1.0\" encoding=\"Shift_JIS\"?>"
            + rss(
                (1...3).map { "<item><title>日本語\($0)</title></item>" }.joined())
        let shiftJIS = try #require(japanese.data(using: .shiftJIS)).map { $0 }
        let third = try #require(japanese.data(using: .shiftJIS)?.range(of: Data("3<".utf8))).lowerBound
        for cap in third - 5...third {
            let feed = try parseCapped(shiftJIS, cap: cap)
            #expect(feed.entries.map(\.title) == ["日本語1", "日本語2"], "cap \(cap)")
            #expect(feed.warnings.count == 1, "cap \(cap): \(feed.warnings)")
        }
    }

    @Test("JSON Feed over the cap keeps its complete items; with none complete it is refused as too large")
    func jsonFeed() throws {
        let items = (1...3).map { "{\"id\":\"g\($0)\",\"title\":\"t\($0) é\"}" }.joined(separator: ",")
        let document = "{\"version\":\"https://jsonfeed.org/version/1.1\",\"title\":\"T\",\"items\":[\(items)]}"
        let third = try #require(document.range(of: "t3 é")).upperBound
        let cap = document.utf8.distance(from: document.startIndex, to: third) - 1  // inside "é"
        let feed = try parseCapped(document, cap: cap)
        #expect(feed.entries.map(\.id) == ["g1", "g2"])
        #expect(feed.title == "T")
        #expect(feed.warnings.count == 1, "\(feed.warnings.map(\.message))")
        #expect(feed.warnings.first?.message.hasPrefix("the document is \(document.utf8.count) bytes") == true)

        let first = document.utf8.distance(
            from: document.startIndex, to: try #require(document.range(of: "t1")).upperBound)
        #expect(throws: FeedParseError.tooLarge(bytes: document.utf8.count, limit: first)) {
            try parseCapped(document, cap: first)
        }
        #expect(
            FeedParseError.tooLarge(bytes: 300, limit: 200).description
                == "not a feed: 300 bytes, over the 200-byte document limit, and no feed in the first 200")
    }

    @Test("over the cap, binary and HTML are still named as such")
    func stillRecognized() throws {
        #expect(throws: FeedParseError.binary) {
            try parseCapped([UInt8](repeating: 0x01, count: 100) + Array("<x>".utf8), cap: 50)
        }
        #expect(throws: FeedParseError.html) {
            try parseCapped("<html><body>" + String(repeating: "<p>x</p>", count: 20) + "</body></html>", cap: 60)
        }
    }

    @Test("the cap's warning comes first and survives the warning limit")
    func warningLimit() throws {
        let bad = (1...10).map { "<item><title>t\($0)</title><pubDate>not a date \($0)</pubDate></item>" }.joined()
        let document = rss(bad)
        var options = FeedParser.Options()
        options.maxDocumentBytes = document.utf8.count - 1
        options.maxWarnings = 3
        let feed = try FeedParser(options: options).parse(Array(document.utf8))
        #expect(feed.warnings.first?.message.hasPrefix("the document is ") == true)
        #expect(feed.warnings.count == 4)
        #expect(feed.warnings.last?.message.hasSuffix("left out") == true)
    }

    @Test("hostile documents over the cap stay linear: deep nesting, no tag at all, open JSON arrays")
    func hostile() throws {
        let cap = 1 << 20
        let nested = rss("<item><title>kept</title></item>" + String(repeating: "<x>", count: 1_000_000))
        #expect(try parseCapped(nested, cap: cap).entries.map(\.title) == ["kept"])
        let text = "<rss>" + String(repeating: "é", count: 1_000_000)
        #expect(try parseCapped(text, cap: cap).entries.isEmpty)
        let arrays = "{\"items\":" + String(repeating: "[", count: 1_000_000) + String(repeating: "{}", count: 100_000)
        #expect(throws: FeedParseError.tooLarge(bytes: arrays.utf8.count, limit: cap)) {
            try parseCapped(arrays, cap: cap)
        }
    }
}
