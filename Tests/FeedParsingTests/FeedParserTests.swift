import Foundation
import Testing
import TidingsTesting

@testable import FeedParsing

/// Parses a tiny inline document.
func parse(_ text: String, base: String? = nil, options: FeedParser.Options = .init()) throws -> ParsedFeed {
    try FeedParser(options: options).parse(Array(text.utf8), baseURL: base.flatMap(URL.init(string:)))
}

/// An RSS 2.0 document around some items.
func rss(_ items: String, channel: String = "<title>T</title><link>https://example.com/</link>") -> String {
    """
    <?xml version="1.0"?><rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" \
    xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:media="http://search.yahoo.com/mrss/" \
    xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel>\(channel)\(items)</channel></rss>
    """
}

/// An Atom 1.0 document around some entries.
func atom(_ entries: String, feed: String = "<title>T</title>") -> String {
    "<feed xmlns=\"http://www.w3.org/2005/Atom\">\(feed)\(entries)</feed>"
}

@Suite("Format detection, from the content only", .ownThreads)
struct FormatDetectionTests {
    @Test(
        "each root element means one format",
        arguments: [
            (rss("<item><title>a</title></item>"), ParsedFeed.Format.rss2),
            ("<rss version=\"0.91\"><channel><title>x</title></channel></rss>", .rss2),
            ("<channel><title>rootless</title><item><title>a</title></item></channel>", .rss2),
            (
                "<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\" xmlns=\"http://purl.org/rss/1.0/\">"
                    + "<channel><title>x</title></channel><item><title>a</title></item></rdf:RDF>", .rss1
            ),
            (
                "<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\" "
                    + "xmlns=\"http://my.netscape.com/rdf/simple/0.9/\"><item><title>a</title></item></rdf:RDF>", .rss1
            ),
            (atom("<entry><title>a</title></entry>"), .atom),
            ("<feed version=\"0.3\" xmlns=\"http://purl.org/atom/ns#\"><entry><title>a</title></entry></feed>", .atom),
            ("<feed><entry><title>no namespace</title></entry></feed>", .atom),
            ("<entry xmlns=\"http://www.w3.org/2005/Atom\"><title>a lone entry</title></entry>", .atom),
            ("{\"version\": \"https://jsonfeed.org/version/1.1\", \"items\": [{\"id\": \"1\"}]}", .json),
            ("\u{FEFF}  \n<rss><channel><item><title>a</title></item></channel></rss>", .rss2),
        ])
    func detects(_ document: String, _ format: ParsedFeed.Format) throws {
        let feed = try parse(document)
        #expect(feed.format == format)
        #expect(
            feed.entries.count
                == (document.contains("<item") || document.contains("entry") || document.contains("items") ? 1 : 0))
    }

    @Test(
        "a document that is not a feed is a typed error with a one-line reason",
        arguments: [
            ("", FeedParseError.empty),
            ("  \n\t ", .empty),
            ("<!DOCTYPE html><html><head><title>Home</title></head><body></body></html>", .html),
            ("<note><to>Tove</to></note>", .notAFeed(root: "note")),
            (
                "<CHANNEL HREF=\"https://example.com/\"><TITLE>IE 4</TITLE><ITEM HREF=\"https://example.com/a\"/></CHANNEL>",
                .channelDefinitionFormat
            ),
            ("just words, no markup", .notXMLOrJSON),
            ("# A README\nwith `<link>` in its prose", .notXMLOrJSON),
            ("\u{01}\u{02}binary\u{00}\u{03}", .binary),
            ("{\"name\": \"not a feed\"}", .notAJSONFeed),
            ("{\"version\": ", .invalidJSON(reason: "")),
            ("<?xml version=\"1.0\"?><!-- nothing else -->", .notXMLOrJSON),
        ])
    func refuses(_ document: String, _ expected: FeedParseError) {
        #expect {
            try parse(document)
        } throws: { error in
            guard let error = error as? FeedParseError else { return false }
            if case .invalidJSON = expected, case .invalidJSON = error { return true }
            return error == expected && !error.description.contains("\n")
        }
    }

    @Test("a document over the size limit is refused before parsing")
    func tooLarge() {
        var options = FeedParser.Options()
        options.maxDocumentBytes = 100
        #expect(throws: FeedParseError.tooLarge(bytes: 200, limit: 100)) {
            try parse(String(repeating: " ", count: 200), options: options)
        }
    }

    @Test("text before the first tag (a server's warning) is skipped with a warning")
    func leadingGarbage() throws {
        let feed = try parse("Warning: something in index.php\n" + rss("<item><title>a</title></item>"))
        #expect(feed.entries.count == 1)
        #expect(feed.warnings.contains { $0.message.contains("before the first tag") })
    }

    @Test("a root spelled in upper case is read as the format's, with a warning; a bare channel is RSS, unsaid")
    func rootSpelling() throws {
        let upper = try parse(
            #"<RSS version="2.0"><channel><title>T</title><item><title>a</title></item></channel></RSS>"#)
        #expect(upper.format == .rss2 && upper.entries.count == 1)
        #expect(
            upper.warnings.map(\.message) == [
                "the root element is written <RSS>; XML names are case-sensitive, read as <rss>"
            ])
        let bare = try parse("<channel><title>T</title><item><title>a</title></item></channel>")
        #expect(bare.entries.count == 1 && bare.warnings.isEmpty)
        let atom = try parse(#"<Feed xmlns="http://www.w3.org/2005/Atom"><title>T</title></Feed>"#)
        #expect(atom.format == .atom && atom.warnings.contains { $0.message.hasSuffix("read as <feed>") })
    }
}

@Suite("The feed's language", .ownThreads)
struct FeedLanguageTests {
    @Test("a POSIX locale's underscore is a BCP 47 hyphen, in every place a language is written; case is kept")
    func underscore() throws {
        #expect(try parse(rss("", channel: "<title>T</title><language>en_US</language>")).language == "en-US")
        #expect(try parse(rss("", channel: "<title>T</title><dc:language>pt_BR</dc:language>")).language == "pt-BR")
        #expect(try parse(rss("", channel: "<title>T</title><language>IT-it</language>")).language == "IT-it")
        #expect(
            try parse(#"<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="nb_NO"><title>T</title></feed>"#)
                .language == "nb-NO")
        #expect(
            try parse(
                #"{"version": "https://jsonfeed.org/version/1.1", "title": "T", "language": "sv_SE", "items": []}"#
            )
            .language == "sv-SE")
    }
}
