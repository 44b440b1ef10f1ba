import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import TidingsModel
import TidingsRuntime
import TidingsServer
import TidingsStore
import TidingsTesting

/// Cursors are signed: a server accepts only cursors a Tidings server over the same database issued,
/// and only for the list that issued them. Before signing, any base64url of "ms:id" or
/// "s1:position:seq" was taken as a cursor.
@Suite("Signed cursors")
struct CursorSigningTests {
    /// Two brands over one feed: `daily/news`, `daily/more` and `weekly/news`, and the catalog in
    /// `daily/shop`.
    static func with(
        _ body: @Sendable (TestApp, any TestClientProtocol) async throws -> Void
    ) async throws {
        let files = try FeedFiles()
        defer { files.remove() }
        let feed = try files.write("news.rss", FeedFiles.rss(items: 1...12))
        func section(_ id: String) -> Section {
            Section(id: id, title: LocalizedText(id), source: .file([feed], format: .feed))
        }
        let configuration = SectionsConfiguration(brands: [
            Brand(
                id: "daily", name: "Daily", locale: .en,
                sections: [
                    section("news"), section("more"),
                    Section(id: "shop", title: LocalizedText("Shop"), source: .catalog),
                ]),
            Brand(id: "weekly", name: "Weekly", locale: .en, sections: [section("news")]),
        ])
        try await TestApp.withPolled(configuration) { app, client, _ in
            try await NewsItemsRouteTests.seed(app, client)
            try await body(app, client)
        }
    }

    /// The `next_cursor` of the first page at `uri`.
    static func next(_ client: any TestClientProtocol, _ uri: String) async throws -> String {
        try await client.execute(uri: uri, method: .get) { response throws in
            #expect(response.status == .ok, "\(uri): \(response.text)")
            let object = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
            return try #require(object?["next_cursor"] as? String, "\(uri) has a next page")
        }
    }

    /// Expects `uri` to answer 400: the API with the `invalid_cursor` envelope, the web reader
    /// with its bad-cursor page.
    static func refused(_ client: any TestClientProtocol, _ uri: String) async throws {
        try await client.execute(uri: uri, method: .get) { response in
            #expect(response.status == .badRequest, "\(uri): \(response.text.prefix(200))")
            if uri.hasPrefix("/api/") {
                #expect(response.apiError?.code == "invalid_cursor", "\(uri)")
                #expect(response.apiError?.field == "cursor", "\(uri)")
            } else {
                #expect(response.text.contains("This page link has expired."), "\(uri)")
            }
        }
    }

    static func accepted(_ client: any TestClientProtocol, _ uri: String) async throws {
        try await client.execute(uri: uri, method: .get) { response in
            #expect(response.status == .ok, "\(uri): \(response.text.prefix(200))")
        }
    }

    /// Variants of a genuine token: one character changed, cut short, lengthened, its first half.
    static func tampered(_ token: String) -> [String] {
        var characters = Array(token)
        let middle = characters.count / 2
        characters[middle] = characters[middle] == "A" ? "B" : "A"
        var last = Array(token)
        last[last.count - 1] = last[last.count - 1] == "A" ? "B" : "A"
        return [
            String(characters), String(last), String(token.dropLast()), String(token.dropLast(4)), token + "A",
            String(token.prefix(token.count / 2)),
        ]
    }

    @Test("a forged news cursor is a 400, not a page")
    func forgedNewsCursor() async throws {
        try await Self.with { _, client in
            // The shape the server used to issue: base64url("createdAt:id").
            for text in ["9999999999999:zzz", "1793534400123:e3", "0:a"] {
                try await Self.refused(client, "/api/v1/news_items?cursor=\(Base64URL.encode(text))")
            }
        }
    }

    @Test("a tampered or truncated news cursor is a 400; the genuine one pages")
    func tamperedNewsCursor() async throws {
        try await Self.with { _, client in
            let token = try await Self.next(client, "/api/v1/news_items?limit=1")
            #expect(token.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }, "URL-safe: \(token)")
            #expect(token.count <= 80, "short: \(token)")
            try await Self.accepted(client, "/api/v1/news_items?limit=1&cursor=\(token)")
            for variant in Self.tampered(token) {
                try await Self.refused(client, "/api/v1/news_items?limit=1&cursor=\(variant)")
            }
        }
    }

    @Test("a forged section cursor is a 400 in the API and the web reader")
    func forgedSectionCursor() async throws {
        try await Self.with { _, client in
            // The shape the server used to issue: base64url("s1:position:seq").
            for text in ["s1:3:5", "s1:0:999", "s1:2:\(Base64URL.encode("1793534400123:e3"))"] {
                let forged = Base64URL.encode(text)
                try await Self.refused(client, "/api/v1/brands/daily/sections/news?cursor=\(forged)")
                try await Self.refused(client, "/daily/news?cursor=\(forged)")
            }
        }
    }

    @Test("a section cursor pages its own section only: not another section, brand or the news API")
    func sectionCursorIsBound() async throws {
        try await Self.with { _, client in
            let token = try await Self.next(client, "/api/v1/brands/daily/sections/news?limit=3")
            #expect(token.count <= 80, "short: \(token)")
            try await Self.accepted(client, "/api/v1/brands/daily/sections/news?limit=3&cursor=\(token)")
            try await Self.accepted(client, "/daily/news?cursor=\(token)")
            for uri in [
                "/api/v1/brands/daily/sections/more?cursor=", "/api/v1/brands/weekly/sections/news?cursor=",
                "/api/v1/brands/daily/sections/shop?cursor=", "/api/v1/news_items?cursor=", "/daily/more?cursor=",
                "/weekly/news?cursor=",
            ] {
                try await Self.refused(client, uri + token)
            }
            for variant in Self.tampered(token) {
                try await Self.refused(client, "/api/v1/brands/daily/sections/news?cursor=\(variant)")
                try await Self.refused(client, "/daily/news?cursor=\(variant)")
            }
        }
    }

    @Test("news and catalog-section cursors are not interchangeable")
    func newsAndCatalogSection() async throws {
        try await Self.with { _, client in
            let news = try await Self.next(client, "/api/v1/news_items?limit=1")
            let shop = try await Self.next(client, "/api/v1/brands/daily/sections/shop?limit=1")
            try await Self.accepted(client, "/api/v1/brands/daily/sections/shop?limit=1&cursor=\(shop)")
            try await Self.refused(client, "/api/v1/brands/daily/sections/shop?cursor=\(news)")
            try await Self.refused(client, "/daily/shop?cursor=\(news)")
            try await Self.refused(client, "/api/v1/news_items?cursor=\(shop)")
        }
    }

    @Test(
        "servers over one database accept each other's cursors, also after a restart",
        arguments: TestDatabase.Backend.allCases)
    func sharedAcrossServers(backend: TestDatabase.Backend) async throws {
        if backend == .postgres, TestDatabase.postgresURL == nil { return }
        try await TestDatabase.with(backend) { database in
            let first = try await database.open()
            let key = APIKeys.generate()
            _ = try await first.createAPIKey(name: "test", hash: APIKeys.hash(key), at: TestApp.now)
            let token = try await Self.serve(first) { client in
                let events = (1...3).map {
                    #"{"id":"e\#($0)","type":"product_created","product_id":"p\#($0)","name":"P","store_price":"1","at":"2026-11-02T0\#($0):00:00Z"}"#
                }
                try await client.execute(
                    uri: "/api/v1/events", method: .post,
                    headers: [.authorization: "Bearer \(key)", .contentType: "application/json"],
                    body: .json(#"{"events":[\#(events.joined(separator: ","))]}"#)
                ) { #expect($0.status == .ok) }
                return try await Self.next(client, "/api/v1/news_items?limit=1")
            }
            // A second server over the same database, while the first still runs.
            let second = try await database.open()
            try await Self.serve(second) { client in
                try await Self.accepted(client, "/api/v1/news_items?limit=1&cursor=\(token)")
            }
            try await second.close()
            try await first.close()
            // And a restart.
            let restarted = try await database.open()
            try await Self.serve(restarted) { client in
                try await Self.accepted(client, "/api/v1/news_items?limit=1&cursor=\(token)")
            }
            try await restarted.close()
        }
    }

    /// Runs `body` against an application over `store`, as `tidings serve` builds it.
    static func serve<T: Sendable>(
        _ store: any TidingsStorage, _ body: @Sendable (any TestClientProtocol) async throws -> T
    ) async throws -> T {
        let runtime = Runtime(settings: Settings(), store: store, clock: { TestApp.now })
        return try await runtime.application().test(.router, body)
    }
}
