import Foundation
import Testing

@testable import FeedWriting

@Suite("OPML reading")
struct OPMLReadingTests {
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
        #expect(document.dateCreated == Fixtures.published)
        #expect(document.feeds.map(\.folders) == [[], ["Tech", "Swift"]])
        #expect(
            document.feeds.map(\.outline.xmlURL?.absoluteString) == [
                "https://top.example/feed", "https://swift.org/atom.xml",
            ])
        #expect(document.feeds.last?.outline.htmlURL?.absoluteString == "https://swift.org")
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
        #expect(document.feeds.map(\.outline.text) == ["Lower", "Upper", "https://c.example/rss"])
        #expect(
            document.feeds.map(\.outline.htmlURL?.absoluteString) == ["https://a.example/", "https://b.example/", nil])
        #expect(document.feeds.first?.outline.type == "rss")
        #expect(document.feeds.first?.outline.title == "Lower")
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
        #expect(try OPMLDocument(bytes: utf8).outlines.first?.text == "Ö")
        let utf16: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { unit in [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        #expect(try OPMLDocument(bytes: utf16).outlines.first?.text == "Ö")
    }

    @Test("control characters, raw or as references, are dropped")
    func controlCharacters() throws {
        let document = try read("<opml><body><outline text=\"a\u{01}b&#1;c&#x1B;d\"/></body></opml>")
        #expect(document.outlines.first?.text == "abcd")
    }

    @Test("a document that is not OPML is refused with a message saying so")
    func notOPML() {
        #expect(throws: OPMLError.notOPML(root: "html")) { try read("<html><body>Hello</body></html>") }
        #expect(throws: OPMLError.empty) { try read("  \n") }
        let error = #expect(throws: OPMLError.self) { try read(#"{"opml": true}"#) }
        #expect(error?.description.hasPrefix("opml: not well-formed XML at line 1") == true)
        #expect(
            OPMLError.notOPML(root: "rss").description
                == "opml: not an OPML document: the root element is <rss>, not <opml>")
    }

    @Test("broken XML is refused with its line")
    func malformed() {
        // libxml2 recovers from much (an unclosed outline is closed by its parent's end tag), not this.
        let error = #expect(throws: OPMLError.self) { try read("<opml>\n<body>\n<outline/>\n</bodyx></opml>") }
        guard case .notWellFormed(let line, _, let reason)? = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(line == 4)
        #expect(reason == "XMLParser error 76")
    }

    @Test("entity declarations and DOCTYPE internal subsets are refused before parsing")
    func entityDeclarations() {
        var bomb = #"<!DOCTYPE opml [<!ENTITY a0 "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx">"#
        for level in 1...12 {
            bomb += "<!ENTITY a\(level) \"" + String(repeating: "&a\(level - 1);", count: 10) + "\">"
        }
        bomb += "]><opml><body><outline text=\"&a12;\"/></body></opml>"
        #expect(throws: OPMLError.declaresEntities) { try read(bomb) }
        #expect(throws: OPMLError.declaresEntities) { try read("<!doctype opml [ ]><opml/>") }
        #expect(throws: OPMLError.declaresEntities) { try read("<opml><!EnTiTy x 'y'></opml>") }
        #expect(OPMLError.declaresEntities.description.hasPrefix("opml: refused: "))
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
        let bytes = [UInt8](repeating: 0x20, count: OPMLDocument.maxBytes + 1)
        #expect(throws: OPMLError.tooLarge(bytes: OPMLDocument.maxBytes + 1, limit: OPMLDocument.maxBytes)) {
            try OPMLDocument(bytes: bytes)
        }
    }

    private func read(_ text: String) throws(OPMLError) -> OPMLDocument {
        try OPMLDocument(bytes: Array(text.utf8))
    }

    /// `Fuzz/Crashes/OPMLFuzzer/*`: each of these crashed the process inside FoundationXML.
    @Test(
        "invalid UTF-8 in names, comments and processing instructions, and a bare <?x?>, never crash",
        arguments: [
            [0x3C, 0xFF, 0xFF, 0xFF, 0x74], Array("<opml><!--".utf8) + [0xFF] + Array("--></opml>".utf8),
            Array("<opml><?p".utf8) + [0xFF] + Array(" x?></opml>".utf8), Array("<?x?><opml/>".utf8),
            [0x3C, 0x01, 0x3F, 0x73, 0x3F, 0x3E],  // "<\u{1}?s?>": the repair's dropped control joins a new one
            Array("<<??>?l?>".utf8),  // removing one instruction joins the next
            Array("<?xml ><?x?>".utf8),  // a declaration without its end swallows an instruction
        ] as [[UInt8]])
    func fuzzerFindings(_ bytes: [UInt8]) {
        _ = try? OPMLDocument(bytes: bytes)
    }

    @Test("processing instructions are ignored; the XML declaration is kept")
    func processingInstructions() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?><?xml-stylesheet href="a.xsl"?><?x?>
            <opml version="2.0"><body><outline text="A" xmlUrl="https://a.example/feed"/></body></opml>
            """
        let document = try OPMLDocument(bytes: Array(text.utf8))
        #expect(document.feeds.map { $0.outline.xmlURL?.absoluteString } == ["https://a.example/feed"])
    }
}
