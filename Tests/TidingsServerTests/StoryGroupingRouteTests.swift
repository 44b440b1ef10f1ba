import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import TidingsModel
import TidingsSections
import TidingsTesting

/// Issue 42 through the server: a section fed by two sources that tell one story shows it once,
/// in the JSON API, the feeds and the web reader, with where else it was told.
@Suite("One story once")
struct StoryGroupingRouteTests {
    static let day = "Sun, 06 Dec 2026"

    static func rss(_ title: String, _ items: [(title: String, link: String, time: String)]) -> String {
        let entries = items.map { item in
            """
            <item><title>\(item.title)</title><link>\(item.link)</link>
            <description>Text of \(item.title).</description><pubDate>\(day) \(item.time) GMT</pubDate></item>
            """
        }
        return "<rss version=\"2.0\"><channel><title>\(title)</title>\(entries.joined())</channel></rss>"
    }

    /// `front` reads a wire and a paper; the paper tells the wire's storm story under its own
    /// title, its link carrying tracking parameters and the `www.` of the wire's site.
    static func with(
        grouping: Bool = true, _ body: @Sendable (any TestClientProtocol) async throws -> Void
    ) async throws {
        let files = try FeedFiles()
        defer { files.remove() }
        let wire = try files.write(
            "wire.rss",
            rss(
                "Wire",
                [
                    ("Storm closes schools in Bergen", "https://news.example/storm", "07:00:00"),
                    ("Ferry strike ends", "https://news.example/ferry", "06:00:00"),
                ]))
        let paper = try files.write(
            "paper.rss",
            rss(
                "Paper",
                [
                    (
                        "Bergen: all schools shut by the storm", "https://www.news.example/storm/?utm_source=rss",
                        "08:00:00"
                    ),
                    ("Local team wins the cup", "https://paper.example/cup", "05:00:00"),
                ]))
        var sections = SectionsConfiguration(
            brands: [
                Brand(
                    id: "daily", name: "Daily", locale: .en,
                    sections: [
                        Section(
                            id: "front", title: LocalizedText("Front"), source: .file([wire, paper], format: .feed))
                    ])
            ])
        sections.grouping.enabled = grouping
        try await TestApp.withPolled(sections) { _, client, _ in try await body(client) }
    }

    static func teasers(_ client: any TestClientProtocol, _ uri: String) async throws -> [Teaser] {
        try await client.execute(uri: uri, method: .get) { response in
            #expect(response.status == .ok)
            guard case .native(let items) = try response.json(Feed.self).content else { return [] }
            return items.compactMap { item in
                if case .teaser(let teaser) = item { return teaser }
                return nil
            }
        }
    }

    @Test("the JSON API shows the story once, its first telling with the other in also_from; pages agree")
    func json() async throws {
        try await Self.with { client in
            let teasers = try await Self.teasers(client, "/api/v1/brands/daily/sections/front")
            #expect(
                teasers.map(\.title) == [
                    "Storm closes schools in Bergen", "Ferry strike ends", "Local team wins the cup",
                ])
            let storm = try #require(teasers.first)
            let other = try #require(storm.alsoFrom?.first)
            #expect(storm.source == "Wire" && storm.alsoFrom?.count == 1)
            #expect(other.source == "Paper" && other.title == "Bergen: all schools shut by the storm")
            #expect(other.url?.absoluteString == "https://www.news.example/storm/?utm_source=rss")
            // Page by page, the same three items.
            var seen: [String] = []
            var cursor: String?
            repeat {
                let uri = "/api/v1/brands/daily/sections/front?limit=1" + (cursor.map { "&cursor=\($0)" } ?? "")
                let feed = try await client.execute(uri: uri, method: .get) { try $0.json(Feed.self) }
                if case .native(let items) = feed.content { seen += items.map(\.id) }
                cursor = feed.nextCursor
            } while cursor != nil
            #expect(seen == teasers.map { "teaser:" + $0.id })
            // The folded telling keeps its own article page.
            try await client.execute(uri: "/api/v1/brands/daily/sections/front/articles/\(other.id)", method: .get) {
                #expect($0.status == .ok)
                #expect($0.text.contains("Bergen: all schools shut by the storm"))
            }
        }
    }

    @Test("with grouping.enabled false every entry shows on its own")
    func off() async throws {
        try await Self.with(grouping: false) { client in
            let teasers = try await Self.teasers(client, "/api/v1/brands/daily/sections/front")
            #expect(teasers.count == 4 && teasers.allSatisfy { $0.alsoFrom == nil })
        }
    }

    @Test("each feed has one entry for the story, naming the other source", arguments: ["rss", "atom", "json"])
    func feeds(_ format: String) async throws {
        try await Self.with { client in
            try await client.execute(uri: "/feeds/daily/front.\(format)", method: .get) { response in
                #expect(response.status == .ok)
                let text = response.text
                let entry = ["rss": "<item>", "atom": "<entry>", "json": #""date_published""#][format]!
                #expect(text.components(separatedBy: entry).count == 4, "three entries: \(text)")
                #expect(!text.contains("Bergen: all schools shut by the storm"), "the paper's telling is no entry")
                #expect(text.components(separatedBy: "Also from").count == 2, "\(text)")
                #expect(text.contains("Paper"))
            }
        }
    }

    @Test("the web reader's card says where else the story was told, and folds that telling away")
    func web() async throws {
        try await Self.with { client in
            let teasers = try await Self.teasers(client, "/api/v1/brands/daily/sections/front")
            let other = try #require(teasers.first?.alsoFrom?.first)
            try await client.execute(uri: "/daily/front", method: .get) { response in
                #expect(response.status == .ok)
                let html = response.text
                #expect(
                    html.contains(#"<p class="also-from">Also from <a href="/daily/front/articles/\#(other.id)""#),
                    "\(html)")
                #expect(html.contains(#"data-folds="teaser:\#(other.id)""#))
                #expect(html.components(separatedBy: #"class="card teaser""#).count == 4, "three cards")
            }
            try await client.execute(uri: "/daily/front?locale=nb", method: .get) { response in
                #expect(response.text.contains(#"<p class="also-from">Også hos <a href="/daily/front/articles/"#))
            }
        }
    }
}
