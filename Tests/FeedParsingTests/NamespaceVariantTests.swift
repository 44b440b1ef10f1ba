import Foundation
import Testing
import TidingsTesting

@testable import FeedParsing

/// The same feed written with the namespaces and prefixes real documents use: each must read as
/// the plain form does.
@Suite("Namespaced and prefixed variants", .ownThreads)
struct NamespaceVariantTests {
    static let rssBody = """
        <channel><title>Userland</title><link>https://example.com/</link><description>About it</description>
        <item><title>One</title><link>https://example.com/1</link>
        <pubDate>Sat, 21 Nov 2026 10:00:00 GMT</pubDate></item></channel>
        """

    @Test(
        "RSS 2.0 in a default namespace reads as plain RSS 2.0",
        arguments: [
            "http://backend.userland.com/rss2", "http://backend.userland.com/rss",
            "http://blogs.law.harvard.edu/tech/rss",
        ])
    func rssDefaultNamespace(_ uri: String) throws {
        let feed = try parse("<rss version=\"2.0\" xmlns=\"\(uri)\">\(Self.rssBody)</rss>")
        #expect(feed.format == .rss2)
        #expect(feed.title == "Userland")
        #expect(feed.description == "About it")
        #expect(feed.link == "https://example.com/")
        let entry = try #require(feed.entries.first)
        #expect(entry.title == "One")
        #expect(entry.link == "https://example.com/1")
        #expect(entry.published != nil)
        #expect(feed.warnings.isEmpty)
    }

    @Test("an <rss> root in a namespace no parser knows is read as RSS, with a warning")
    func rssUnknownNamespace() throws {
        let feed = try parse(
            """
            <rss version="2.0" xmlns="http://example.com/my-rss"><channel><title>Mine</title>
            <item><title>One</title><ext xmlns="http://example.com/other"><title>not it</title></ext></item>
            </channel></rss>
            """)
        #expect(feed.title == "Mine")
        #expect(feed.entries.map(\.title) == ["One"])
        #expect(
            feed.warnings.map(\.message) == [
                #"the root's namespace "http://example.com/my-rss" is not RSS's; read as RSS"#
            ])
    }

    @Test("a <feed> root in a namespace no parser knows (an Atom draft's) is read as Atom, with a warning")
    func atomUnknownNamespace() throws {
        let feed = try parse(
            """
            <feed xmlns="http://purl.org/atom/ns#draft-ietf-atompub-format-08"><title>Draft</title>
            <entry><id>urn:1</id><title>One</title><link href="https://example.com/1"/></entry></feed>
            """)
        #expect(feed.format == .atom)
        #expect(feed.title == "Draft")
        #expect(feed.entries.map(\.link) == ["https://example.com/1"])
        #expect(
            feed.warnings.map(\.message) == [
                #"the root's namespace "http://purl.org/atom/ns#draft-ietf-atompub-format-08" is not Atom's; read as Atom"#
            ])
        #expect(throws: FeedParseError.notAFeed(root: "feed")) {
            try parse(#"<x:feed xmlns:x="http://example.com/x"><x:title>T</x:title></x:feed>"#)
        }
    }

    @Test("RSS 1.0 and Netscape's RSS 0.90 in a default namespace, items beside the channel")
    func rdfDefaultNamespace() throws {
        for uri in ["http://purl.org/rss/1.0/", "http://my.netscape.com/rdf/simple/0.9/"] {
            let feed = try parse(
                """
                <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="\(uri)">
                <channel><title>RDF</title><link>https://example.com/</link><description>D</description></channel>
                <item><title>One</title><link>https://example.com/1</link></item>
                <item><title>Two</title><link>https://example.com/2</link></item></rdf:RDF>
                """)
            #expect(feed.format == .rss1)
            #expect(feed.title == "RDF")
            #expect(feed.description == "D")
            #expect(feed.entries.map(\.link) == ["https://example.com/1", "https://example.com/2"])
        }
    }

    @Test("RSS 1.0 elements with an rss: prefix")
    func rdfPrefixed() throws {
        let feed = try parse(
            """
            <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:rss="http://purl.org/rss/1.0/">
            <rss:channel><rss:title>RDF</rss:title></rss:channel>
            <rss:item><rss:title>One</rss:title><rss:link>https://example.com/1</rss:link></rss:item></rdf:RDF>
            """)
        #expect(feed.title == "RDF")
        #expect(feed.entries.map(\.title) == ["One"])
    }

    @Test("Atom 0.3 in its namespace: tagline, issued, modified, escaped content")
    func atom03() throws {
        let feed = try parse(
            """
            <feed version="0.3" xmlns="http://purl.org/atom/ns#"><title>Old</title><tagline>Tag</tagline>
            <link rel="alternate" type="text/html" href="https://example.com/"/>
            <modified>2004-01-02T00:00:00Z</modified>
            <entry><title>One</title><link rel="alternate" type="text/html" href="https://example.com/1"/>
            <id>tag:example.com,2004:1</id><issued>2004-01-01T00:00:00Z</issued>
            <modified>2004-01-02T00:00:00Z</modified>
            <content type="text/html" mode="escaped">&lt;p&gt;Hi &lt;b&gt;there&lt;/b&gt;&lt;/p&gt;</content>
            </entry></feed>
            """)
        #expect(feed.format == .atom)
        #expect(feed.title == "Old")
        #expect(feed.description == "Tag")
        #expect(feed.link == "https://example.com/")
        #expect(feed.updated == Date(timeIntervalSince1970: 1_073_001_600))
        let entry = try #require(feed.entries.first)
        #expect(entry.link == "https://example.com/1")
        #expect(entry.published == Date(timeIntervalSince1970: 1_072_915_200))
        #expect(entry.updated == Date(timeIntervalSince1970: 1_073_001_600))
        #expect(entry.contentHTML == "<p>Hi <b>there</b></p>")
    }

    @Test("Atom 1.0 with an atom: prefix on every element")
    func atomPrefixed() throws {
        let feed = try parse(
            """
            <atom:feed xmlns:atom="http://www.w3.org/2005/Atom"><atom:title>Prefixed</atom:title>
            <atom:link href="https://example.com/"/><atom:author><atom:name>Jo</atom:name></atom:author>
            <atom:entry><atom:id>urn:1</atom:id><atom:title>One</atom:title>
            <atom:link href="https://example.com/1"/><atom:updated>2026-11-21T10:00:00Z</atom:updated>
            <atom:content type="xhtml"><xhtml:div xmlns:xhtml="http://www.w3.org/1999/xhtml">A <xhtml:b>b</xhtml:b></xhtml:div></atom:content>
            </atom:entry></atom:feed>
            """)
        #expect(feed.format == .atom)
        #expect(feed.title == "Prefixed")
        #expect(feed.link == "https://example.com/")
        #expect(feed.authors == [ParsedAuthor(name: "Jo")])
        let entry = try #require(feed.entries.first)
        #expect(entry.id == "urn:1")
        #expect(entry.link == "https://example.com/1")
        #expect(entry.updated != nil)
        #expect(entry.contentHTML == "A <b>b</b>")
    }
}
