import Foundation
import Testing
import TidingsTesting

@testable import FeedParsing

@Suite("Entry fields", .ownThreads)
struct EntryFieldTests {
    @Test("an RSS item gives every field")
    func rssItem() throws {
        let feed = try parse(
            rss(
                """
                <item><title>Fish &amp; chips</title><link>https://example.com/a</link>
                <guid isPermaLink="false">item-1</guid><pubDate>Sat, 21 Nov 2026 10:00:00 +0300</pubDate>
                <author>jo@example.com (Jo Smith)</author><dc:creator>Ann</dc:creator>
                <category>Food</category><category>Food</category><category>News</category>
                <comments>https://example.com/a#comments</comments>
                <enclosure url="https://example.com/a.mp3" type="audio/mpeg" length="1234"/>
                <description>&lt;p&gt;Short &lt;b&gt;one&lt;/b&gt;&lt;/p&gt;</description>
                <content:encoded><![CDATA[<p>Long <i>one</i></p>]]></content:encoded></item>
                """))
        let entry = try #require(feed.entries.first)
        #expect(entry.id == "item-1")
        #expect(entry.idSource == .guid)
        #expect(entry.title == "Fish & chips")
        #expect(entry.link == "https://example.com/a")
        #expect(entry.published == Date(timeIntervalSince1970: 1_795_244_400))
        #expect(entry.authors == [ParsedAuthor(name: "Jo Smith", email: "jo@example.com"), ParsedAuthor(name: "Ann")])
        #expect(entry.categories == ["Food", "News"])
        #expect(entry.comments == "https://example.com/a#comments")
        #expect(
            entry.enclosures == [ParsedEnclosure(url: "https://example.com/a.mp3", type: "audio/mpeg", length: 1234)])
        #expect(entry.summaryText == "Short one")
        #expect(entry.summaryHTML?.contains("<b>one</b>") == true)
        #expect(entry.contentText == "Long one")
        #expect(entry.contentHTML?.contains("<i>one</i>") == true)
        #expect(feed.warnings.isEmpty)
    }

    @Test("an Atom entry gives every field, with text constructs read by their type")
    func atomEntry() throws {
        let feed = try parse(
            atom(
                """
                <entry><id>tag:example.com,2026:1</id><title type="html">A &amp;lt;b&amp;gt; tag</title>
                <link rel="alternate" type="text/html" href="https://example.com/1"/>
                <link rel="enclosure" href="https://example.com/1.mp3" type="audio/mpeg" length="99"/>
                <link rel="replies" type="text/html" href="https://example.com/1#c"/>
                <published>2026-11-21T10:00:00Z</published><updated>2026-11-21T11:00:00+01:00</updated>
                <author><name>Jo</name><email>jo@example.com</email><uri>https://jo.example</uri></author>
                <category term="swift" label="Swift"/><category term="feeds"/>
                <summary type="text">1 &lt; 2</summary>
                <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>Hello <b>world</b></p></div></content>
                </entry>
                """))
        let entry = try #require(feed.entries.first)
        #expect(entry.id == "tag:example.com,2026:1")
        #expect(entry.idSource == .atomID)
        #expect(entry.title == "A <b> tag")
        #expect(entry.link == "https://example.com/1")
        #expect(entry.enclosures.first?.length == 99)
        #expect(entry.comments == "https://example.com/1#c")
        #expect(entry.published == Date(timeIntervalSince1970: 1_795_255_200))
        #expect(entry.updated == Date(timeIntervalSince1970: 1_795_255_200))
        #expect(entry.authors == [ParsedAuthor(name: "Jo", email: "jo@example.com", url: "https://jo.example/")])
        #expect(entry.categories == ["Swift", "feeds"])
        #expect(entry.summaryText == "1 < 2")
        #expect(entry.summaryHTML == "1 &lt; 2")
        #expect(entry.contentHTML == "<p>Hello <b>world</b></p>")
        #expect(entry.contentText == "Hello world")
    }

    @Test("a Media RSS category is a category: its label, else its text; once, in a group too, never the channel's")
    func mediaCategory() throws {
        let feed = try parse(
            rss(
                """
                <media:category scheme="urn:x">ignored/on/the/channel</media:category>
                <item><title>a</title><category>Hav</category>
                <media:category scheme="https://example.com/s">science/oceanography</media:category>
                <media:category scheme="urn:t" label="Romfysikk">rom/fysikk</media:category>
                <media:group><media:category>Hav</media:category><media:category>video</media:category></media:group>
                </item>
                """))
        #expect(feed.entries.first?.categories == ["Hav", "science/oceanography", "Romfysikk", "video"])
    }

    @Test(
        "the id cascade says where the id came from",
        arguments: [
            ("<item><guid>g</guid><link>https://e.com/l</link></item>", "g", ParsedEntry.IDSource.guid),
            ("<item><link>https://e.com/l</link></item>", "https://e.com/l", .link),
            ("<item><dc:identifier>urn:isbn:1</dc:identifier></item>", "urn:isbn:1", .rdfAbout),
            ("<item><title>Only a title</title><pubDate>2026-11-21</pubDate></item>", "hash:", .hash),
        ])
    func idCascade(_ item: String, _ id: String, _ source: ParsedEntry.IDSource) throws {
        let entry = try #require(try parse(rss(item)).entries.first)
        #expect(entry.id.hasPrefix(id))
        #expect(entry.idSource == source)
    }

    @Test("a hash id is stable across runs and differs between entries")
    func stableHash() throws {
        let document = rss("<item><title>One</title></item><item><title>Two</title></item>")
        let first = try parse(document).entries.map(\.id)
        #expect(first == (try parse(document).entries.map(\.id)))
        #expect(first[0] != first[1])
    }

    @Test("without id or link, an entry is identified by its content, never by its title alone")
    func contentHash() throws {
        let xml = rss(
            """
            <item><title>Only a title</title><description>first</description></item>
            <item><title>Only a title</title><description>second</description></item>
            <item><title>Only a title</title><enclosure url="https://e.com/a.mp3" type="audio/mpeg"/></item>
            <item></item>
            <item><description>no title</description></item>
            """)
        let ids = try parse(xml).entries.map(\.id)
        #expect(ids.count == 5)
        #expect(Set(ids).count == 5, "\(ids)")
        #expect(ids == (try parse(xml).entries.map(\.id)))
        let json = """
            {"version": "https://jsonfeed.org/version/1.1", "title": "t", "items": [
              {"title": "Only a title", "content_text": "first"}, {"title": "Only a title", "content_text": "second"},
              {}, {"summary": "no title"}]}
            """
        let jsonIDs = try FeedParser().parse(Array(json.utf8)).entries.map(\.id)
        #expect(Set(jsonIDs).count == 4, "\(jsonIDs)")
        #expect(jsonIDs.allSatisfy { $0.hasPrefix("hash:") })
    }

    @Test("a permalink guid is the link when there is none, a non-permalink one is not")
    func permalinkGuid() throws {
        let feed = try parse(
            rss(
                "<item><guid>https://e.com/p</guid></item><item><guid isPermaLink=\"false\">https://e.com/q</guid></item>"
            ))
        #expect(feed.entries.map(\.link) == ["https://e.com/p", nil])
    }

    @Test(
        "one representative image, by the cascade",
        arguments: [
            (
                "<media:thumbnail url=\"https://e.com/t.jpg\"/><media:content url=\"https://e.com/c.jpg\" medium=\"image\"/>",
                "https://e.com/t.jpg", ParsedEntry.ImageSource.mediaThumbnail
            ),
            (
                "<media:group><media:content url=\"https://e.com/v.mp4\" type=\"video/mp4\"/><media:content url=\"https://e.com/c.jpg\" type=\"image/jpeg\"/></media:group>",
                "https://e.com/c.jpg", .mediaContent
            ),
            (
                "<itunes:image href=\"https://e.com/i.png\"/><enclosure url=\"https://e.com/e.jpg\" type=\"image/jpeg\"/>",
                "https://e.com/i.png", .itunesImage
            ),
            (
                "<enclosure url=\"https://e.com/e.jpg\" type=\"image/jpeg\" length=\"1\"/>", "https://e.com/e.jpg",
                .enclosure
            ),
            (
                "<description>&lt;img src=\"https://e.com/pixel.gif\" width=\"1\" height=\"1\"&gt;&lt;img src=\"/a.png\"&gt;</description>",
                "https://example.com/a.png", .content
            ),
            ("<description>no picture</description>", String?.none, .none),
        ] as [(String, String?, ParsedEntry.ImageSource)])
    func imageCascade(_ item: String, _ image: String?, _ source: ParsedEntry.ImageSource) throws {
        let entry = try #require(try parse(rss("<item><title>x</title>\(item)</item>")).entries.first)
        #expect(entry.image == image)
        #expect(entry.imageSource == source)
    }

    @Test("xml:base resolves relative links, nested bases included")
    func xmlBase() throws {
        let feed = try parse(
            atom(
                """
                <entry xml:base="https://example.com/blog/"><title>x</title><link href="post/1"/>
                <content type="html" xml:base="images/">&lt;img src="a.png"&gt;&lt;a href="/top"&gt;t&lt;/a&gt;</content>
                </entry>
                """, feed: "<title>T</title><link href=\"https://example.com/\"/>"))
        let entry = try #require(feed.entries.first)
        #expect(entry.link == "https://example.com/blog/post/1")
        #expect(entry.image == "https://example.com/blog/images/a.png")
        #expect(entry.contentHTML?.contains("href=\"https://example.com/top\"") == true)
    }

    @Test("relative RSS links resolve against the caller's base, else the channel link")
    func rssRelative() throws {
        let document = rss("<item><link>/a</link></item>", channel: "<link>https://site.example/home/</link>")
        #expect(try parse(document).entries.first?.link == "https://site.example/a")
        #expect(
            try parse(document, base: "https://other.example/feed").entries.first?.link == "https://other.example/a")
    }

    @Test("an unreadable date is nil with a warning naming the entry and place, never now")
    func badDate() throws {
        let feed = try parse(rss("<item><title>x</title><pubDate>sometime soon</pubDate></item>"))
        #expect(feed.entries.first?.published == nil)
        let warning = try #require(feed.warnings.first)
        #expect(warning.message.contains("sometime soon"))
        #expect(warning.entry == 0)
        #expect(warning.line == 1)
        #expect((warning.column ?? 0) > 100)
    }

    @Test("titles lose markup and collapse whitespace; undefined HTML entities decode")
    func titles() throws {
        let feed = try parse(
            rss("<item><title>  caf&eacute;\n  <![CDATA[<b>bold</b>]]> &nbsp;&amp;amp; more </title></item>"))
        #expect(feed.entries.first?.title == "café bold & more")
    }

    @Test("Dublin Core, iTunes and Media RSS stand in for missing core fields")
    func fallbacks() throws {
        let feed = try parse(
            rss(
                "<item><itunes:title>Episode</itunes:title><itunes:summary>About it</itunes:summary><dc:date>2026-11-21T10:00:00Z</dc:date></item>"
            ))
        let entry = try #require(feed.entries.first)
        #expect(entry.title == "Episode")
        #expect(entry.summaryText == "About it")
        #expect(entry.published != nil)
    }
}

@Suite("Whitespace in plain-text fields", .ownThreads)
struct WhitespaceTests {
    @Test(
        "runs collapse to one space and the ends are trimmed",
        arguments: [
            ("plain", "plain"), ("  two  words  ", "two words"), ("a\n\tb \n c", "a b c"), ("", ""), ("   ", ""),
            ("one space each", "one space each"), ("ü  ñ", "ü ñ"),
        ])
    func collapses(_ text: String, _ expected: String) {
        #expect(XMLFeedBuilder.collapseWhitespace(text) == expected)
    }
}
