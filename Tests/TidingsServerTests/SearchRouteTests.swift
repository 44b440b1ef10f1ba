import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import TidingsModel
import TidingsSections
import TidingsTesting

/// Issue 43 through the server: `GET /api/v1/brands/{brand}/search` over polled feeds, in the
/// brand's language and the feeds' own.
@Suite("Search")
struct SearchRouteTests {
    static func rss(_ title: String, language: String?, _ items: [(title: String, text: String, link: String)])
        -> String
    {
        let entries = items.enumerated().map { index, item in
            """
            <item><title>\(item.title)</title><link>\(item.link)</link><description>\(item.text)</description>
            <pubDate>Sun, 06 Dec 2026 0\(index):00:00 GMT</pubDate></item>
            """
        }
        let language = language.map { "<language>\($0)</language>" } ?? ""
        return "<rss version=\"2.0\"><channel><title>\(title)</title>\(language)\(entries.joined())</channel></rss>"
    }

    /// A Norwegian brand: `nyheter` reads a Norwegian paper (its feed names no language) and an
    /// English wire (its feed says `en`); `sport` a sports desk.
    static func with(_ body: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        let files = try FeedFiles()
        defer { files.remove() }
        let paper = try files.write(
            "1-paper.rss",
            rss(
                "Avisa", language: nil,
                [
                    (
                        "Flommen stenger veiene", "Elvene gikk over sine bredder i Tromsø natt til søndag.",
                        "https://a.example/1"
                    ),
                    ("Ny bro åpnet", "Broen over fjorden er endelig ferdig.", "https://a.example/2"),
                ]))
        let wire = try files.write(
            "2-wire.rss",
            rss(
                "Wire", language: "en",
                [
                    (
                        "Floods close roads in Norway", "Rivers flooded towns in the north overnight.",
                        "https://w.example/1"
                    ),
                    ("Markets calm", "Trading was quiet.", "https://w.example/2"),
                ]))
        let sport = try files.write(
            "3-sport.rss",
            rss("Sport", language: "nb", [("Tromsø vant finalen", "Et mål i siste minutt.", "https://s.example/1")]))
        let sections = SectionsConfiguration(
            brands: [
                Brand(
                    id: "avisa", name: "Avisa", locale: LanguageTag("nb-NO")!,
                    sections: [
                        Section(
                            id: "nyheter", title: LocalizedText("Nyheter"), source: .file([paper, wire], format: .feed)),
                        Section(id: "sport", title: LocalizedText("Sport"), source: .file([sport], format: .feed)),
                    ])
            ])
        try await TestApp.withPolled(sections) { _, client, _ in try await body(client) }
    }

    static func search(_ client: any TestClientProtocol, _ query: String) async throws -> SearchPage {
        try await client.execute(uri: "/api/v1/brands/avisa/search?" + query, method: .get) { response in
            #expect(response.status == .ok, "\(response.text)")
            return try response.json(SearchPage.self)
        }
    }

    static func titles(_ page: SearchPage) -> [String] {
        page.results.compactMap { result in
            if case .teaser(let teaser) = result.item { return teaser.title }
            return nil
        }
    }

    @Test("words are found in their forms, in the brand's language and the feeds' own, with marked snippets")
    func languages() async throws {
        try await Self.with { client in
            // Norwegian: "flommen" (the flood) is found by "flommer" (floods): the paper's feed
            // names no language, so the brand's (nb) stemmed it.
            let flom = try await Self.search(client, "q=flommer")
            #expect(Self.titles(flom) == ["Flommen stenger veiene"])
            // English: "flooding" finds the wire's "Floods" and "flooded" (the feed said en).
            let floods = try await Self.search(client, "q=flooding")
            #expect(Self.titles(floods) == ["Floods close roads in Norway"])
            let result = try #require(floods.results.first)
            #expect(result.kind == "story" && result.section == "nyheter" && result.sectionTitle == "Nyheter")
            #expect(result.snippet.filter(\.match).map(\.text) == ["flooded"])
            // Folded: "tromso" finds "Tromsø" in two sections; one section asked, one found.
            #expect(Set(Self.titles(try await Self.search(client, "q=tromso"))).count == 2)
            #expect(Self.titles(try await Self.search(client, "q=tromso&section=sport")) == ["Tromsø vant finalen"])
            // Typed as it is written.
            #expect(Self.titles(try await Self.search(client, "q=ny%20br&typing=true")) == ["Ny bro åpnet"])
            // A form's spaces come as `+`; an escaped plus is a plus (text, between words).
            #expect(Self.titles(try await Self.search(client, "q=ny+bro")) == ["Ny bro åpnet"])
            #expect(try await Self.search(client, "q=ny+bro").query == "ny bro")
            #expect(try await Self.search(client, "q=ny%2Bbro").query == "ny+bro")
        }
    }

    @Test("the web reader's search page reads its form's + as a space")
    func webForm() async throws {
        try await Self.with { client in
            try await client.execute(uri: "/avisa/search?q=ny+bro", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.text.contains("value=\"ny bro\""), "the box shows what was typed")
                #expect(response.text.contains("Ny bro åpnet"))
            }
        }
    }

    @Test("pages follow signed cursors bound to the search")
    func paging() async throws {
        try await Self.with { client in
            let first = try await Self.search(client, "q=tromso%20OR%20markets&limit=1")
            #expect(first.total == 3 && first.results.count == 1)
            let cursor = try #require(first.nextCursor)
            let second = try await Self.search(client, "q=tromso%20OR%20markets&limit=1&cursor=\(cursor)")
            #expect(second.results.count == 1 && second.results[0].item.id != first.results[0].item.id)
            // Another query, or a changed cursor: refused.
            for uri in ["q=tromso&limit=1&cursor=\(cursor)", "q=tromso%20OR%20markets&limit=1&cursor=x\(cursor)"] {
                try await client.execute(uri: "/api/v1/brands/avisa/search?" + uri, method: .get) { response in
                    #expect(response.status == .badRequest)
                    #expect(response.text.contains("invalid_cursor"))
                }
            }
        }
    }

    @Test(
        "bad asks answer 400 naming the parameter, never 500",
        arguments: [
            ("", "missing_parameter"), ("q=", "missing_parameter"), ("q=%22%22%20-", "invalid_query"),
            ("q=-flom", "invalid_query"), ("q=" + String(repeating: "a%20", count: 400), "invalid_query"),
            ("q=flom&limit=0", "invalid_parameter"), ("q=flom&typing=maybe", "invalid_parameter"),
            ("q=flom&section=nope", "invalid_parameter"), ("q=flom&since=yesterday", "invalid_parameter"),
            ("q=flom&since=2026-12-07&until=2026-12-01", "invalid_parameter"),
            ("q=flom&kind=video", "invalid_parameter"), ("q=flom&kind=product", "invalid_parameter"),
        ])
    func badAsks(_ ask: (String, String)) async throws {
        try await Self.with { client in
            try await client.execute(uri: "/api/v1/brands/avisa/search?" + ask.0, method: .get) { response in
                #expect(response.status == .badRequest, "\(ask.0): \(response.text)")
                #expect(response.text.contains(ask.1), "\(ask.0): \(response.text)")
            }
        }
    }

    @Test("engine syntax and control characters are text; an unknown brand is 404")
    func hostile() async throws {
        try await Self.with { client in
            for query in ["NEAR(flom%20bro)", "flom%00bro", "%7Btitle%7D%3A%20flom", "flom*%3A*", "%27%3B--"] {
                try await client.execute(uri: "/api/v1/brands/avisa/search?q=" + query, method: .get) { response in
                    #expect(response.status == .ok || response.status == .badRequest, "\(query): \(response.status)")
                }
            }
            try await client.execute(uri: "/api/v1/brands/nope/search?q=flom", method: .get) {
                #expect($0.status == .notFound)
            }
        }
    }
}
