import Foundation
import Testing
import TidingsTesting

@testable import FeedParsing

@Suite("Content in every place it is found", .ownThreads)
struct ContentPlacementTests {
    @Test("description is the summary and content:encoded the content, in either order")
    func descriptionAndEncoded() throws {
        for item in [
            "<description>Short</description><content:encoded>&lt;p&gt;Long&lt;/p&gt;</content:encoded>",
            "<content:encoded>&lt;p&gt;Long&lt;/p&gt;</content:encoded><description>Short</description>",
        ] {
            let entry = try #require(try parse(rss("<item><title>a</title>\(item)</item>")).entries.first)
            #expect(entry.summaryHTML == "Short")
            #expect(entry.contentHTML == "<p>Long</p>")
        }
    }

    @Test("xhtml:body in an item is its content, prefixed or in a default namespace")
    func xhtmlBody() throws {
        for body in [
            #"<xhtml:body xmlns:xhtml="http://www.w3.org/1999/xhtml"><xhtml:p>Hi <xhtml:b>x</xhtml:b></xhtml:p></xhtml:body>"#,
            #"<body xmlns="http://www.w3.org/1999/xhtml"><p>Hi <b>x</b></p></body>"#,
        ] {
            let entry = try #require(try parse(rss("<item><title>a</title>\(body)</item>")).entries.first)
            #expect(entry.contentHTML == "<p>Hi <b>x</b></p>")
            #expect(entry.contentText == "Hi x")
        }
    }

    @Test(
        "an RSS item's body without a namespace and its fullitem are its content, sanitized; an Atom entry's body is not"
    )
    func legacyBodies() throws {
        for item in [
            "<item><title>a</title><body><p>Hi <b>x</b><script>alert(1)</script></p></body></item>",
            "<item><title>a</title><fullitem>&lt;p onclick=\"evil()\"&gt;Hi &lt;b&gt;x&lt;/b&gt;&lt;/p&gt;</fullitem></item>",
        ] {
            let entry = try #require(try parse(rss(item)).entries.first)
            #expect(entry.contentHTML == "<p>Hi <b>x</b></p>")
            #expect(entry.contentText == "Hi x")
            #expect(entry.summaryHTML == nil)
        }
        // RSS 1.0 too; the first content element of the item wins, in document order.
        let rdf = try parse(
            """
            <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/"
              xmlns:content="http://purl.org/rss/1.0/modules/content/">
            <channel rdf:about="http://e.com/"><title>T</title><link>http://e.com/</link><description>d</description></channel>
            <item rdf:about="http://e.com/1"><title>1</title><link>http://e.com/1</link><body><p>One</p></body>
            <content:encoded>&lt;p&gt;Later&lt;/p&gt;</content:encoded></item>
            <item rdf:about="http://e.com/2"><title>2</title><link>http://e.com/2</link>
            <content:encoded>&lt;p&gt;First&lt;/p&gt;</content:encoded><fullitem>&lt;p&gt;Later&lt;/p&gt;</fullitem></item>
            </rdf:RDF>
            """)
        #expect(rdf.entries.map(\.contentHTML) == ["<p>One</p>", "<p>First</p>"])
        let atomEntry = try #require(
            try parse(atom("<entry><id>1</id><title>a</title><body><p>Hi</p></body></entry>")).entries.first)
        #expect(atomEntry.contentHTML == nil)
    }

    @Test(
        "Atom XHTML text constructs lose their div wrapper, whatever its prefix, attributes or spacing",
        arguments: [
            (#"<div xmlns="http://www.w3.org/1999/xhtml">A <em>b</em></div>"#, "A <em>b</em>"),
            (
                #"<div xmlns="http://www.w3.org/1999/xhtml" class="x"> <div>inner</div> tail </div>"#,
                "<div>inner</div> tail"
            ),
            (#"<h:div xmlns:h="http://www.w3.org/1999/xhtml">A <h:em>b</h:em></h:div>"#, "A <em>b</em>"),
            (#"<!-- c --><div xmlns="http://www.w3.org/1999/xhtml"><p>A</p></div>"#, "<p>A</p>"),
            ("A <em>b</em>", "A <em>b</em>"),  // no wrapper, as some feeds write it
        ])
    func xhtmlWrapper(_ markup: String, _ html: String) throws {
        let feed = try parse(
            atom(
                """
                <entry><id>1</id><title type="xhtml">\(markup)</title><summary type="xhtml">\(markup)</summary>
                <content type="xhtml">\(markup)</content></entry>
                """))
        let entry = try #require(feed.entries.first)
        #expect(entry.summaryHTML == html)
        #expect(entry.contentHTML == html)
        #expect(entry.title == HTMLText.plainText(html))
    }

    @Test("Atom 0.3 base64 content is decoded, then read by its type")
    func base64() throws {
        let html = Data("<p>Hi <b>there</b></p>".utf8).base64EncodedString()
        let text = Data("1 < 2".utf8).base64EncodedString()
        let feed = try parse(
            """
            <feed version="0.3" xmlns="http://purl.org/atom/ns#"><title>T</title>
            <entry><id>1</id><content type="text/html" mode="base64">\(html)</content>
            <summary type="text/plain" mode="base64">\(text)</summary></entry>
            <entry><id>2</id><content type="text/html" mode="base64">not base64!</content></entry></feed>
            """)
        #expect(feed.entries.first?.contentHTML == "<p>Hi <b>there</b></p>")
        #expect(feed.entries.first?.summaryText == "1 < 2")
        #expect(feed.entries.last?.contentHTML == nil)
        #expect(feed.warnings.map(\.message) == ["content is not valid base64; left out"])
    }

    @Test("Atom 1.0 content of a media type neither text nor XML is base64, decoded and shown as text")
    func atomMediaTypeBase64() throws {
        let encoded = Data("Example <b>Atom</b>".utf8).base64EncodedString()
        let wrapped = encoded.prefix(12) + "\n  " + encoded.dropFirst(12)
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0xFF, 0xFE]).base64EncodedString()
        let feed = try parse(
            atom(
                """
                <entry><id>1</id><title type="application/octet-stream">\(encoded)</title>
                <summary type="Application/Octet-Stream; x=y">\(wrapped)</summary>
                <content type="application/octet-stream">\(encoded)</content></entry>
                <entry><id>2</id><title>png</title><content type="image/png">\(png)</content></entry>
                <entry><id>3</id><title>mislabelled</title><content type="application/json">{"a": 1}</content></entry>
                <entry><id>4</id><title>csv</title><content type="text/csv">a,b</content></entry>
                <entry><id>5</id><title>svg</title><content type="image/svg+xml">\(encoded)</content></entry>
                """, feed: "<title>T</title><subtitle type=\"application/octet-stream\">\(encoded)</subtitle>"))
        let first = try #require(feed.entries.first)
        #expect(first.title == "Example <b>Atom</b>")
        #expect(first.summaryText == "Example <b>Atom</b>")
        #expect(first.contentText == "Example <b>Atom</b>")
        #expect(first.contentHTML == "Example &lt;b&gt;Atom&lt;/b&gt;")
        #expect(feed.description == "Example <b>Atom</b>")
        #expect(feed.entries[1].contentHTML == nil)
        #expect(feed.entries[2].contentText == #"{"a": 1}"#)
        #expect(feed.entries[3].contentText == "a,b")
        #expect(feed.entries[4].contentText == encoded)
        #expect(
            feed.warnings.map(\.message) == [
                "content is base64 of something that is not text; left out",
                "content has a media type that is not text, but is not base64; read as written",
            ])
    }

    @Test("escaped HTML wrapped in one div (Typepad) is read as the HTML it escapes; other shapes are unchanged")
    func typepadDiv() throws {
        let feed = try parse(
            atom(
                """
                <entry><id>1</id><title>a</title><content type="html"><div xmlns="http://www.w3.org/1999/xhtml">&lt;p&gt;Hi &lt;script&gt;x()&lt;/script&gt;&lt;/p&gt;</div></content></entry>
                <entry><id>2</id><title>b</title><content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">&lt;p&gt;shown&lt;/p&gt;</div></content></entry>
                <entry><id>3</id><title>c</title><content type="html"><div xmlns="http://www.w3.org/1999/xhtml"><b>x</b></div></content></entry>
                <entry><id>4</id><title>d</title><content type="html"><div xmlns="http://www.w3.org/1999/xhtml">a</div><div xmlns="http://www.w3.org/1999/xhtml">b</div></content></entry>
                """))
        #expect(feed.entries[0].contentHTML == "<p>Hi </p>")
        #expect(feed.entries[1].contentText == "<p>shown</p>")
        #expect(feed.entries[2].contentHTML == "<b>x</b>")  // as before: the XHTML wrapper goes
        #expect(feed.entries[3].contentHTML == "<div>a</div><div>b</div>")
        let item = try #require(
            try parse(rss("<item><title>t</title><description><div>&lt;b&gt;x&lt;/b&gt;</div></description></item>"))
                .entries.first)
        #expect(item.summaryHTML == "<b>x</b>")
    }

    @Test("Atom 0.3 escaped content is HTML whatever its type says; mode xml keeps the elements")
    func escapedMode() throws {
        let feed = try parse(
            """
            <feed version="0.3" xmlns="http://purl.org/atom/ns#"><title>T</title>
            <entry><id>1</id><content type="application/xhtml+xml" mode="escaped">&lt;b&gt;x&lt;/b&gt;</content></entry>
            <entry><id>2</id><content type="application/xhtml+xml" mode="xml"><div xmlns="http://www.w3.org/1999/xhtml"><b>y</b></div></content></entry>
            </feed>
            """)
        #expect(feed.entries.map(\.contentHTML) == ["<b>x</b>", "<b>y</b>"])
    }

    @Test("xml:lang on content changes nothing of it")
    func language() throws {
        let feed = try parse(
            atom(
                """
                <entry xml:lang="fr"><id>1</id><title xml:lang="fr">Bonjour</title>
                <summary xml:lang="de" type="html">&lt;p&gt;Hallo&lt;/p&gt;</summary>
                <content xml:lang="en" type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml" xml:lang="en">Hello</div></content></entry>
                """))
        let entry = try #require(feed.entries.first)
        #expect(entry.title == "Bonjour")
        #expect(entry.summaryHTML == "<p>Hallo</p>")
        #expect(entry.contentHTML == "Hello")
    }
}
