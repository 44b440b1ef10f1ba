import Foundation
import Testing
import TidingsTesting

@testable import FeedParsing

/// OPML is read with the feeds' own XML scanner (it moved off FoundationXML): the same leniency,
/// the same safety.
@Suite("OPML reading", .ownThreads)
struct OPMLParserTests {
    @Test("nested folders give each feed its folder path")
    func folders() throws {
        let document = try read(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <opml version="2.0"><head><title>My feeds</title><dateCreated>Sat, 21 Nov 2026 10:00:00 GMT</dateCreated>
            </head><body>
              <outline type="rss" text="Top" xmlUrl="https://top.example/feed"/>
              <outline text="Tech"><outline text="Swift">
                <outline type="rss" text="Swift.org" xmlUrl="https://swift.org/atom.xml" htmlUrl="https://swift.org"/>
              </outline></outline>
            </body></opml>
            """)
        #expect(document.title == "My feeds")
        #expect(document.dateCreated == Date(timeIntervalSince1970: 1_795_255_200))
        #expect(document.subscriptions.map(\.folders) == [[], ["Tech", "Swift"]])
        #expect(
            document.subscriptions.map(\.outline.xmlURL?.absoluteString) == [
                "https://top.example/feed", "https://swift.org/atom.xml",
            ])
        #expect(document.subscriptions.last?.outline.htmlURL?.absoluteString == "https://swift.org")
        #expect(document.outlines.map(\.text) == ["Top", "Tech"])
    }

    @Test("attribute and element names are read in any case; title stands in for a missing text")
    func caseVariants() throws {
        let document = try read(
            """
            <OPML version="1.0"><Body>
            <outline TYPE="rss" title="Lower" xmlurl="https://a.example/rss" htmlurl="https://a.example/"/>
            <Outline Text="Upper" XMLURL="https://b.example/rss" HTMLURL="https://b.example/"/>
            <outline xmlUrl="https://c.example/rss"/>
            </Body></OPML>
            """)
        #expect(document.subscriptions.map(\.outline.text) == ["Lower", "Upper", "https://c.example/rss"])
        #expect(
            document.subscriptions.map(\.outline.htmlURL?.absoluteString) == [
                "https://a.example/", "https://b.example/", nil,
            ])
        #expect(document.subscriptions.first?.outline.type == "rss")
        #expect(document.subscriptions.first?.outline.title == "Lower")
    }

    @Test("HTML entities, bare ampersands and numeric references are read as their characters")
    func entities() throws {
        let document = try read(
            """
            <opml version="2.0"><head><title>Caf&eacute; &amp; Co &mdash; &#x2603;</title></head><body>
            <outline text="Tom & Jerry&nbsp;&hellip; &unknown; &#169;" xmlUrl="https://e.example/?a=1&b=2"/>
            </body></opml>
            """)
        #expect(document.title == "Café & Co — ☃")
        #expect(document.outlines.first?.text == "Tom & Jerry\u{A0}… &unknown; ©")
        #expect(document.outlines.first?.xmlURL?.absoluteString == "https://e.example/?a=1&b=2")
    }

    @Test("a byte order mark is skipped, in UTF-8 and in UTF-16")
    func byteOrderMark() throws {
        let text =
            #"<?xml version="1.0" encoding="UTF-16"?><opml version="2.0"><body><outline text="Ö"/></body></opml>"#
        let utf8 = [0xEF, 0xBB, 0xBF] + Array(text.replacingOccurrences(of: "UTF-16", with: "UTF-8").utf8)
        #expect(try OPMLParser().parse(utf8).outlines.first?.text == "Ö")
        let utf16: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { unit in [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        #expect(try OPMLParser().parse(utf16).outlines.first?.text == "Ö")
    }

    @Test("control characters, raw or as references, are dropped")
    func controlCharacters() throws {
        let document = try read("<opml><body><outline text=\"a\u{01}b&#1;c&#x1B;d\"/></body></opml>")
        #expect(document.outlines.first?.text == "abcd")
    }

    @Test("a document that is not OPML is refused with a message saying so")
    func notOPML() {
        #expect(throws: OPMLParseError.notOPML(root: "html")) { try read("<html><body>Hello</body></html>") }
        #expect(throws: OPMLParseError.empty) { try read("  \n") }
        #expect(throws: OPMLParseError.notOPML(root: nil)) { try read(#"{"opml": true}"#) }
        #expect(
            OPMLParseError.notOPML(root: "rss").description
                == "opml: not an OPML document: the root element is <rss>, not <opml>")
        #expect(OPMLParseError.notOPML(root: nil).description == "opml: not an OPML document: it has no XML element")
    }

    @Test("broken XML is read as far as it makes sense: a stray end tag, an unclosed outline, a cut end")
    func recovery() throws {
        let stray = try read("<opml>\n<body>\n<outline text=\"a\"/>\n</bodyx><outline text=\"b\"/></body></opml>")
        #expect(stray.outlines.map(\.text) == ["a", "b"])
        let unclosed = try read(
            #"<opml><body><outline text="F"><outline text="x" xmlUrl="https://x.example/"></body><outline text="c"/></opml>"#
        )
        #expect(unclosed.outlines.map(\.text) == ["F", "c"])
        #expect(unclosed.subscriptions.map(\.folders) == [["F"]])
        let cut = try read(#"<opml><body><outline text="F"><outline text="x" xmlUrl="https://x.example/"/>"#)
        #expect(cut.subscriptions.map(\.outline.text) == ["x"])
    }

    @Test("entity declarations are never expanded: a billion-laughs document reads in linear time")
    func entityDeclarations() throws {
        var bomb = #"<!DOCTYPE opml [<!ENTITY a0 "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx">"#
        for level in 1...12 {
            bomb += "<!ENTITY a\(level) \"" + String(repeating: "&a\(level - 1);", count: 10) + "\">"
        }
        bomb += "]><opml><body><outline text=\"&a12;\"/></body></opml>"
        #expect(try read(bomb).outlines.map(\.text) == ["&a12;"])
        #expect(try read("<!doctype opml [ ]><opml><body><outline text=\"a\"/></body></opml>").outlines.count == 1)
    }

    @Test("an xmlUrl that is no URL is kept as written, so an importer can name what it skips")
    func unreadableXMLURL() throws {
        let document = try read(#"<opml><body><outline xmlUrl="not a url"/><outline text="b"/></body></opml>"#)
        #expect(document.outlines[0].xmlURLText == "not a url")
        #expect(document.outlines[0].text == "not a url")
        #expect(document.outlines[1].xmlURLText == nil)
    }

    @Test("a DOCTYPE without an internal subset is read")
    func plainDoctype() throws {
        let document = try read(#"<!DOCTYPE opml SYSTEM "x[1].dtd"><opml><body><outline text="a"/></body></opml>"#)
        #expect(document.outlines.map(\.text) == ["a"])
    }

    @Test("a document over the size limit is refused without parsing")
    func tooLarge() {
        let bytes = [UInt8](repeating: 0x20, count: OPMLParser.maxBytes + 1)
        #expect(throws: OPMLParseError.tooLarge(bytes: OPMLParser.maxBytes + 1, limit: OPMLParser.maxBytes)) {
            try OPMLParser().parse(bytes)
        }
    }

    private func read(_ text: String) throws(OPMLParseError) -> ParsedOPML {
        try OPMLParser().parse(Array(text.utf8))
    }

    /// `Fuzz/Crashes/OPMLFuzzer/*`: each of these crashed the FoundationXML reader OPML had before.
    @Test(
        "invalid UTF-8 in names, comments and processing instructions, and a bare <?x?>, never crash",
        arguments: [
            [0x3C, 0xFF, 0xFF, 0xFF, 0x74], Array("<opml><!--".utf8) + [0xFF] + Array("--></opml>".utf8),
            Array("<opml><?p".utf8) + [0xFF] + Array(" x?></opml>".utf8), Array("<?x?><opml/>".utf8),
            [0x3C, 0x01, 0x3F, 0x73, 0x3F, 0x3E], Array("<<??>?l?>".utf8), Array("<?xml ><?x?>".utf8),
        ] as [[UInt8]])
    func fuzzerFindings(_ bytes: [UInt8]) {
        _ = try? OPMLParser().parse(bytes)
    }

    @Test(
        "dateCreated in the forms OPML files carry",
        arguments: [
            "Sat, 21 Nov 2026 10:00:00 GMT", "21 Nov 2026 10:00:00 +0000", "Sat, 21 Nov 26 05:00 EST",
            "Sat, 21 Nov 2026 13:00:00 +0300", "2026-11-21T10:00:00Z", "2026-11-21T12:00:00+02:00",
        ])
    func dateCreated(_ text: String) throws {
        let document = try read("<opml><head><dateCreated>\(text)</dateCreated></head><body/></opml>")
        #expect(document.dateCreated == Date(timeIntervalSince1970: 1_795_255_200))
    }

    @Test("a dateCreated that is no date reads as none", arguments: ["", "yesterday", "32 Nov 2026 10:00 GMT"])
    func noDate(_ text: String) throws {
        #expect(try read("<opml><head><dateCreated>\(text)</dateCreated></head><body/></opml>").dateCreated == nil)
    }

    @Test("processing instructions are ignored")
    func processingInstructions() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?><?xml-stylesheet href="a.xsl"?><?x?>
            <opml version="2.0"><body><outline text="A" xmlUrl="https://a.example/feed"/></body></opml>
            """
        let document = try OPMLParser().parse(Array(text.utf8))
        #expect(document.subscriptions.map { $0.outline.xmlURL?.absoluteString } == ["https://a.example/feed"])
    }
}
