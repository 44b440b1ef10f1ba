import FeedParsing
import Foundation
import Hummingbird
import Testing
import TidingsTesting

/// `tidings parse` run as a process, on files and over real HTTP on loopback.
@Suite("tidings parse, end to end")
struct ParseCommandTests {
    let folder: URL

    init() throws {
        folder = try TemporaryFolder.make("parse")
    }

    static let feed = """
        <?xml version="1.0"?><rss version="2.0"><channel><title>Shop news</title><link>https://shop.example/</link>
        <item><title>Buckwheat &amp; rice</title><link>/news/1</link><guid>n-1</guid>
        <pubDate>Sat, 21 Nov 2026 10:00:00 +0300</pubDate><description>&lt;p&gt;Price &lt;b&gt;drop&lt;/b&gt;&lt;/p&gt;</description>
        </item><item><title>Dated badly</title><pubDate>someday</pubDate></item></channel></rss>
        """

    func write(_ text: String, to name: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test("a feed file prints stable snake_case JSON with warnings, exit status 0")
    func json() async throws {
        let path = try write(Self.feed, to: "shop.rss")
        let (status, output) = try await TidingsProcess.run(["parse", path], in: folder)
        #expect(status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        #expect(object["format"] as? String == "rss2")
        let entries = try #require(object["entries"] as? [[String: Any]])
        #expect(entries.first?["id_source"] as? String == "guid")
        #expect(entries.first?["link"] as? String == "https://shop.example/news/1")
        #expect(entries.first?["published"] as? String == "2026-11-21T07:00:00Z")
        #expect(entries.first?["summary_html"] as? String == "<p>Price <b>drop</b></p>")
        #expect(entries.first?["summary_text"] as? String == "Price drop")
        #expect(entries.last?["published"] == nil)
        let warnings = try #require(object["warnings"] as? [[String: Any]])
        #expect(warnings.first?["entry"] as? Int == 1)
        #expect(warnings.first?["line"] as? Int == 4)
        let again = try await TidingsProcess.run(["parse", path], in: folder)
        #expect(again.output == output, "the same document prints the same bytes")
    }

    @Test("a podcast prints its show and episode fields in JSON, and a line for each in text")
    func podcast() async throws {
        let path = try write(
            """
            <rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel><title>Show</title>
            <itunes:category text="Fiction"><itunes:category text="Drama"/></itunes:category><itunes:type>serial</itunes:type>
            <item><title>Pilot</title><guid>p-1</guid><itunes:duration>1:02:03</itunes:duration>
            <itunes:season>1</itunes:season><itunes:episode>1</itunes:episode></item></channel></rss>
            """, to: "show.rss")
        let (status, output) = try await TidingsProcess.run(["parse", path], in: folder)
        #expect(status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        let show = try #require(object["podcast"] as? [String: Any])
        #expect(show["categories"] as? [[String]] == [["Fiction", "Drama"]])
        let entries = try #require(object["entries"] as? [[String: Any]])
        let episode = try #require(entries.first?["episode"] as? [String: Any])
        #expect(episode["duration"] as? Double == 3723)
        let text = try await TidingsProcess.run(["parse", path, "--format", "text"], in: folder)
        #expect(text.output.contains("  podcast: Fiction › Drama · serial"))
        #expect(text.output.contains("   episode: S1 E1 · 1:02:03"))
    }

    @Test("the printed JSON decodes to the feed the library parses from the same file")
    func jsonReadsBack() async throws {
        let path = try write(Self.feed, to: "back.rss")
        let (status, output) = try await TidingsProcess.run(["parse", path], in: folder)
        #expect(status == 0)
        let printed = try ParsedFeed.jsonDecoder().decode(ParsedFeed.self, from: Data(output.utf8))
        #expect(printed == (try FeedParser().parse(Array(Self.feed.utf8))))
        #expect(printed.entries.count == 2 && printed.warnings.count == 1)
    }

    @Test("--format text prints a readable summary; --base resolves relative links")
    func text() async throws {
        let path = try write(
            Self.feed.replacingOccurrences(of: "<link>https://shop.example/</link>", with: ""), to: "x.rss")
        let (status, output) = try await TidingsProcess.run(
            ["parse", path, "--format", "text", "--base", "https://other.example/feeds/"], in: folder)
        #expect(status == 0)
        #expect(output.contains("RSS: Shop news"))
        #expect(output.contains("  2 entries, 1 warning\n"), "counts agree with their nouns")
        #expect(output.contains("1. Buckwheat & rice"))
        #expect(output.contains("https://other.example/news/1"))
        #expect(output.contains("unreadable date \"someday\""))
    }

    @Test("not a feed exits 1 with a one-line reason; a missing file exits 2")
    func notAFeed() async throws {
        let page = try write("<!DOCTYPE html><html><body>Welcome</body></html>", to: "index.html")
        let (status, output) = try await TidingsProcess.run(["parse", page], in: folder)
        #expect(status == 1)
        #expect(output.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "\n").count == 1)
        #expect(output.contains("not a feed: this is an HTML page"))
        let missing = try await TidingsProcess.run(
            ["parse", folder.appendingPathComponent("nope.xml").path], in: folder)
        #expect(missing.status == 2)
    }

    @Test("a URL is fetched over HTTP; the Content-Type charset and the final URL are used")
    func url() async throws {
        let body =
            Array("<?xml version=\"1.0\"?><rss><channel><item><title>".utf8) + [0xCF, 0xF0, 0xE8, 0xE2, 0xE5, 0xF2]
            + Array("</title><link>item/1</link></item></channel></rss>".utf8)
        let router = Router()
        router.get("feeds/ru.rss") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/rss+xml; charset=windows-1251"],
                body: .init(byteBuffer: ByteBuffer(bytes: body)))
        }
        try await LoopbackServer.with(router) { port in
            let (status, output) = try await TidingsProcess.run(
                ["parse", "http://127.0.0.1:\(port)/feeds/ru.rss", "--format", "text"], in: folder)
            #expect(status == 0)
            #expect(output.contains("1. Привет"))
            #expect(output.contains("http://127.0.0.1:\(port)/feeds/item/1"))
        }
    }

    /// Issue 12: a refused port waited 30 s and printed NIO's error text.
    @Test("a refused port, a 404 and a redirect to port 99999 exit 2 at once with one readable line")
    func unreachable() async throws {
        let router = Router()
        router.get("moved") { _, _ in Response(status: .found, headers: [.location: "http://127.0.0.1:99999/"]) }
        try await LoopbackServer.with(router) { port in
            let cases = [
                (
                    "http://127.0.0.1:1/feed",
                    "parse: http://127.0.0.1:1/feed: could not connect to 127.0.0.1 (connection refused)"
                ),
                ("http://127.0.0.1:\(port)/nope", "parse: http://127.0.0.1:\(port)/nope answered 404 Not Found"),
                ("http://127.0.0.1:\(port)/moved", "parse: http://127.0.0.1:99999/ has port 99999, not 1…65535"),
            ]
            for (url, message) in cases {
                let (status, output) = try await TidingsProcess.run(["parse", url], in: folder)
                #expect(status == 2, "\(url)")
                #expect(output.trimmingCharacters(in: .whitespacesAndNewlines) == message)
            }
        }
    }
}
