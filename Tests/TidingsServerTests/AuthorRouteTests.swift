import FeedWriting
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import TidingsModel
import TidingsSections
import TidingsTesting

/// Issue 34: `tidings parse` showed each item's `dc:creator`, but nothing after it did — the API had
/// no author, cards showed the source alone, and the section's own feeds wrote the source's name as
/// every item's creator and every enclosure's length as 0; catalog items had no link at all.
@Suite("Authors, enclosures and links through the API, the pages and the feeds")
struct AuthorRouteTests {
    static let feed = """
        <rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>Harbour Post</title>
        <item><title>Storm closes the pier</title><link>https://harbour.example/storm</link>
        <guid>storm</guid><pubDate>Fri, 27 Nov 2026 13:00:00 GMT</pubDate><dc:creator>Ingrid Holm</dc:creator>
        <description>Wind over the coast.</description>
        <enclosure url="https://harbour.example/storm.mp3" length="4518400" type="audio/mpeg"/></item>
        <item><title>Ferry timetable</title><link>https://harbour.example/ferry</link><guid>ferry</guid>
        <pubDate>Fri, 27 Nov 2026 12:00:00 GMT</pubDate></item>
        </channel></rss>
        """

    static func with(_ body: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        let files = try FeedFiles()
        defer { files.remove() }
        let feed = try files.write("harbour.rss", Self.feed)
        let sections = SectionsConfiguration(brands: [
            Brand(
                id: "post", name: "Post", locale: .en,
                sections: [
                    Section(id: "news", title: LocalizedText("News"), source: .file([feed], format: .feed)),
                    Section(id: "shop", title: LocalizedText("Shop"), source: .catalog),
                ])
        ])
        try await TestApp.withPolled(sections) { _, client, _ in try await body(client) }
    }

    @Test("the API, the card and the article page name the author; the source stays the source")
    func apiAndPages() async throws {
        try await Self.with { client in
            let page = try await SectionRouteTests.page(client, "/api/v1/brands/post/sections/news")
            let teasers = SectionRouteTests.items(page).compactMap { item -> Teaser? in
                if case .teaser(let teaser) = item { return teaser }
                return nil
            }
            #expect(teasers.map(\.author) == ["Ingrid Holm", nil])
            #expect(teasers.first?.source == "Harbour Post")
            #expect(
                teasers.first?.enclosure
                    == Teaser.Enclosure(
                        url: URL(string: "https://harbour.example/storm.mp3")!, type: "audio/mpeg", length: 4_518_400))
            let html = try await client.execute(uri: "/post/news", method: .get) { $0.text }
            #expect(html.contains(#"<bdi class="source">Harbour Post</bdi> · <bdi class="author">Ingrid Holm</bdi>"#))
            let id = try #require(teasers.first?.id)
            let article = try await client.execute(uri: "/post/news/articles/\(id)", method: .get) { $0.text }
            #expect(article.contains(#"<bdi class="byline">Ingrid Holm</bdi>"#))
        }
    }

    @Test("the section's RSS, Atom and JSON Feed credit the author and keep the enclosure's size")
    func feeds() async throws {
        try await Self.with { client in
            let rss = try await client.execute(uri: "/feeds/post/news.rss", method: .get) { $0.text }
            #expect(rss.contains("<dc:creator>Ingrid Holm</dc:creator>"))
            #expect(!rss.contains("<dc:creator>Harbour Post</dc:creator>"), "the source is no author")
            #expect(
                rss.contains(
                    #"<enclosure url="https://harbour.example/storm.mp3" length="4518400" type="audio/mpeg"/>"#),
                "\(rss)")
            let atom = try await client.execute(uri: "/feeds/post/news.atom", method: .get) { $0.text }
            #expect(atom.contains("<name>Ingrid Holm</name>"))
            #expect(atom.contains(#"length="4518400""#))
            let json = try await client.execute(uri: "/feeds/post/news.json", method: .get) { $0.text }
            #expect(json.contains(#""size_in_bytes":4518400"#) || json.contains(#""size_in_bytes" : 4518400"#))
            #expect(json.contains("Ingrid Holm"))
        }
    }
}
