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
