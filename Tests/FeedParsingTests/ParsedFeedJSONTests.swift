import Foundation
import Testing
import TidingsModel
import TidingsTesting

@testable import FeedParsing

/// The JSON `tidings parse` prints reads back to the very feed it was written from.
@Suite("ParsedFeed JSON round trip", .ownThreads)
struct ParsedFeedJSONTests {
    /// Encodes `feed` the way `tidings parse` does and decodes it again.
    static func roundTrip(_ feed: ParsedFeed) throws -> (back: ParsedFeed, json: Data, again: Data) {
        let json = try ParsedFeed.jsonEncoder().encode(feed)
        let back = try ParsedFeed.jsonDecoder().decode(ParsedFeed.self, from: json)
        return (back, json, try ParsedFeed.jsonEncoder().encode(back))
    }

    /// One document per format, each using every field its format has, plus dates with fractions,
    /// dates at the ends of the calendar and a warning.
    static let documents: [String: String] = [
        "rss": """
        <?xml version="1.0"?><rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"
        xmlns:media="http://search.yahoo.com/mrss/" xmlns:sy="http://purl.org/rss/1.0/modules/syndication/">
        <channel><title>Shop &amp; news</title><link>https://shop.example/</link><language>en-gb</language>
        <description>All the &lt;b&gt;news&lt;/b&gt;</description><managingEditor>ed@shop.example (Ed)</managingEditor>
        <lastBuildDate>Sat, 21 Nov 2026 10:00:00 +0300</lastBuildDate><ttl>60</ttl>
        <sy:updatePeriod>daily</sy:updatePeriod><image><url>/logo.png</url></image>
        <item><title>Buckwheat</title><link>/news/1</link><guid>n-1</guid><author>jo@shop.example (Jo)</author>
        <pubDate>Sat, 21 Nov 2026 10:00:00 +0300</pubDate><dc:date>2026-11-21T10:00:00.123456+03:00</dc:date>
        <description>&lt;p&gt;Price &lt;b&gt;drop&lt;/b&gt; &lt;img src="/a.jpg"&gt;&lt;/p&gt;</description>
        <category>Food</category><category>Prices</category><comments>/news/1#c</comments>
        <enclosure url="/ep1.mp3" type="audio/mpeg" length="54321"/>
        <media:thumbnail url="/thumb.jpg"/></item>
        <item><title>Dated badly</title><pubDate>someday</pubDate></item>
        <item><description>No title, no id</description><pubDate>0001-01-01T00:30:00+01:00</pubDate></item>
        </channel></rss>
        """,
        "atom": """
        <feed xmlns="http://www.w3.org/2005/Atom" xml:lang="fr"><title type="html">Le &lt;i&gt;blog&lt;/i&gt;</title>
        <subtitle>Notes</subtitle><link href="https://blog.example/"/><link rel="self" href="/atom.xml"/>
        <updated>2003-12-13T18:30:02.25Z</updated><icon>/favicon.ico</icon><logo>/logo.svg</logo>
        <author><name>Ann</name><email>ann@blog.example</email><uri>/ann</uri></author>
        <entry><id>tag:blog.example,2003:1</id><title>First</title><link href="/1"/>
        <published>2003-12-13T08:29:29.1-04:00</published><updated>9999-12-31T23:00:00-14:00</updated>
        <summary>Short</summary><content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>Long</p></div></content>
        <category term="a" label="Alpha"/><link rel="enclosure" href="/f.pdf" type="application/pdf"/></entry>
        </feed>
        """,
        "json": """
        {"version": "https://jsonfeed.org/version/1.1", "title": "J", "home_page_url": "https://j.example/",
         "feed_url": "https://j.example/feed.json", "favicon": "https://j.example/f.png", "language": "de",
         "authors": [{"name": "Jay", "url": "https://j.example/jay"}],
         "items": [{"id": "1", "url": "https://j.example/1", "content_html": "<p>Hi</p>", "content_text": "Hi",
         "date_published": "2020-02-29T23:59:59.999Z", "tags": ["x", "y"], "image": "https://j.example/i.png",
         "attachments": [{"url": "https://j.example/a.m4a", "mime_type": "audio/x-m4a", "size_in_bytes": 9}]}]}
        """,
        "rdf": """
        <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/"
        xmlns:dc="http://purl.org/dc/elements/1.1/"><channel rdf:about="https://r.example/"><title>R</title>
        <link>https://r.example/</link></channel><item rdf:about="https://r.example/1"><title>One</title>
        <dc:date>1969-07-20T20:17:40.5Z</dc:date></item></rdf:RDF>
        """,
        "empty": "<rss><channel></channel></rss>",
    ]

    @Test("every field of every format, and every warning, survives encode then decode", arguments: documents.keys)
    func inlineDocuments(name: String) throws {
        let feed = try FeedParser().parse(
            Array(Self.documents[name]!.utf8), baseURL: URL(string: "https://feeds.example/\(name)"))
        let (back, json, again) = try Self.roundTrip(feed)
        #expect(back == feed)
        #expect(again == json, "decoding then encoding gives the same bytes")
    }

    @Test("the fixtures use what they are meant to: fractions, calendar ends, warnings, every list")
    func fixturesCoverTheFields() throws {
        let rss = try FeedParser().parse(
            Array(Self.documents["rss"]!.utf8), baseURL: URL(string: "https://feeds.example/"))
        let entry = try #require(rss.entries.first)
        #expect(!rss.authors.isEmpty && rss.ttl == 60 && rss.updatePeriod == 86_400 && rss.image != nil)
        #expect(!entry.authors.isEmpty && entry.categories.count == 2 && entry.enclosures.count == 1)
        #expect(entry.comments != nil && entry.imageSource == .mediaThumbnail && !rss.warnings.isEmpty)
        let atom = try FeedParser().parse(
            Array(Self.documents["atom"]!.utf8), baseURL: URL(string: "https://feeds.example/"))
        let dates = [
            atom.updated, atom.entries.first?.published, atom.entries.first?.updated, rss.entries.last?.published,
        ]
        #expect(
            dates.map { $0.map(FeedDate.exactString) } == [
                "2003-12-13T18:30:02.25Z", "2003-12-13T12:29:29.1Z", "10000-01-01T13:00:00Z", "0000-12-31T23:30:00Z",
            ])
    }

    @Test("decoding accepts every key left out but the required ones")
    func missingKeys() throws {
        let decoder = ParsedFeed.jsonDecoder()
        let bare = try decoder.decode(ParsedFeed.self, from: Data(#"{"format": "atom"}"#.utf8))
        #expect(bare == ParsedFeed(format: .atom))
        let entry = try decoder.decode(
            ParsedFeed.self, from: Data(#"{"format": "rss2", "entries": [{"id": "x", "id_source": "guid"}]}"#.utf8))
        #expect(entry.entries == [ParsedEntry(id: "x", idSource: .guid)])
        #expect(entry.entries.first?.imageSource == ParsedEntry.ImageSource.none)
        #expect(throws: DecodingError.self) {
            try decoder.decode(ParsedFeed.self, from: Data(#"{"format": "rss2", "entries": [{"id": "x"}]}"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            try decoder.decode(ParsedFeed.self, from: Data(#"{"format": "atom", "updated": "soon"}"#.utf8))
        }
    }

    @Test("the JSON tidings parse printed for a small feed decodes to what the parser gives")
    func printedJSON() throws {
        let printed = try ParsedFeed.jsonDecoder().decode(ParsedFeed.self, from: Data(Self.printed.utf8))
        let parsed = try FeedParser().parse(Array(Self.printedFeed.utf8))
        #expect(printed == parsed)
        #expect(printed.entries.first?.published == FeedDate.parse("2026-11-21T07:00:00Z"))
        #expect(String(decoding: try ParsedFeed.jsonEncoder().encode(printed), as: UTF8.self) == Self.printed)
    }

    /// Any date the parser reads from ISO 8601 text, with up to nine fraction digits and any offset,
    /// is written with no more fraction digits than it had and read back as the same instant.
    @Test("dates: the shortest exact text, read back bit for bit (2,000 random dates)")
    func exactDates() throws {
        var random = SplitMix64(seed: 14)
        func number(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }
        var failures: [String] = []
        for _ in 0..<2_000 {
            let digits = number(10)
            let fraction = (0..<digits).map { _ in String(number(10)) }.joined()
            let hours = number(15)
            let offset = number(3) == 0 ? "Z" : (number(2) == 0 ? "+" : "-") + (hours < 10 ? "0" : "") + "\(hours):00"
            let text =
                String(
                    format: "%04d-%02d-%02dT%02d:%02d:%02d", 1 + number(9999), 1 + number(12), 1 + number(28),
                    number(24), number(60), number(60)) + (digits > 0 ? "." + fraction : "") + offset
            guard let date = FeedDate.parse(text) else { continue }
            let written = FeedDate.exactString(date)
            let writtenDigits = written.split(separator: ".").dropFirst().first.map { $0.count - 1 } ?? 0
            if FeedDate.exactDate(written) != date || writtenDigits > digits {
                failures.append("\(text) → \(written)")
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(10))")
        #expect(FeedDate.exactString(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00Z")
        #expect(FeedDate.exactDate("2026-02-30T00:00:00Z") == nil)
        #expect(FeedDate.exactDate("2026-11-21T07:00:00+03:00") == nil, "only the written form")
    }
}

@Suite(
    "ParsedFeed JSON round trip over the shared corpus", .enabled(if: SharedCorpus.isPresent, SharedCorpus.skipMessage),
    .ownThreads)
struct CorpusJSONTests {
    @Test("every corpus feed survives encode then decode, with and without a base URL")
    func everyFeed() throws {
        var failures: [String] = []
        var feeds = 0
        for file in try SharedCorpus.files() where !["md", "tsv"].contains(file.pathExtension) {
            let bytes = [UInt8](try Data(contentsOf: file))
            for base in [nil, URL(string: "https://feeds.example/" + file.lastPathComponent)] {
                guard let feed = try? FeedParser().parse(bytes, baseURL: base) else { continue }
                feeds += 1
                let (back, json, again) = try ParsedFeedJSONTests.roundTrip(feed)
                if back != feed || again != json { failures.append(file.lastPathComponent) }
            }
        }
        #expect(feeds > 340)
        #expect(failures.isEmpty, "\(failures.joined(separator: ", "))")
    }
}

extension ParsedFeedJSONTests {
    /// A small feed with a warning, an enclosure and an entry with a made-up id.
    static let printedFeed = """
        <?xml version="1.0"?><rss version="2.0"><channel><title>Shop news</title><link>https://shop.example/</link>
        <item><title>Buckwheat &amp; rice</title><link>/news/1</link><guid>n-1</guid>
        <pubDate>Sat, 21 Nov 2026 10:00:00 +0300</pubDate><description>&lt;p&gt;Price &lt;b&gt;drop&lt;/b&gt;&lt;/p&gt;</description>
        <enclosure url="https://shop.example/a.mp3" type="audio/mpeg" length="12"/>
        </item><item><title>Dated badly</title><pubDate>someday</pubDate></item></channel></rss>
        """

    /// What `tidings parse` printed for `printedFeed` (issue 14), kept as written.
    static let printed = """
        {
          "entries" : [
            {
              "enclosures" : [
                {
                  "length" : 12,
                  "type" : "audio/mpeg",
                  "url" : "https://shop.example/a.mp3"
                }
              ],
              "id" : "n-1",
              "id_source" : "guid",
              "image_source" : "none",
              "link" : "https://shop.example/news/1",
              "published" : "2026-11-21T07:00:00Z",
              "summary_html" : "<p>Price <b>drop</b></p>",
              "summary_text" : "Price drop",
              "title" : "Buckwheat & rice"
            },
            {
              "id" : "hash:8549ea4f890671b9",
              "id_source" : "hash",
              "image_source" : "none",
              "title" : "Dated badly"
            }
          ],
          "format" : "rss2",
          "link" : "https://shop.example/",
          "title" : "Shop news",
          "warnings" : [
            {
              "column" : 40,
              "entry" : 1,
              "line" : 5,
              "message" : "unreadable date \\"someday\\" was left out"
            }
          ]
        }
        """
}
