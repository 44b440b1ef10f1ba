import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import TidingsModel
import TidingsTesting

/// Composed sections over a real SQLite file, their content polled from files by the real poller.
@Suite("Sections API")
struct SectionRouteTests {
    /// One brand: `news` from a feed file with an ad rule and a card, `life` from a legacy file
    /// rendered `auto`, `sport` as a web page, and `shop` over the catalog.
    static func configuration(_ files: FeedFiles, items: ClosedRange<Int> = 1...10) throws -> SectionsConfiguration {
        let feed = try files.write("news.rss", FeedFiles.rss(items: items))
        let legacy = try files.write(
            "life.json",
            #"{"title": "Life", "renderAsWeb": true, "renderAsWebUrl": "https://life.example/", "items": [{"title": "A"}]}"#
        )
        let placement = Placement(
            ads: AdRule(positions: [2], every: 4, after: 4),
            notifications: [
                NotificationRule(id: "push", kind: "enable_push", text: LocalizedText([.en: "On?", .ru: "Вкл?"]))
            ])
        let sections = [
            Section(
                id: "news", title: LocalizedText([.en: "News", .ru: "Новости"]), source: .file([feed], format: .feed),
                placement: placement),
            Section(
                id: "life", title: LocalizedText("Life"), source: .file([legacy], format: .legacyJSON), render: .auto),
            Section(
                id: "sport", title: LocalizedText("Sport"), source: .web(URL(string: "https://sport.example/")!),
                render: .web(URL(string: "https://sport.example/")!)),
            Section(id: "shop", title: LocalizedText("Shop"), source: .catalog),
        ]
        return SectionsConfiguration(
            brands: [Brand(id: "daily", name: "Daily", locale: .en, theme: ["primary": "#112233"], sections: sections)])
    }

    /// Runs `body` with the sections polled once.
    static func with(
        items: ClosedRange<Int> = 1...10,
        _ body: @Sendable (TestApp, any TestClientProtocol, FeedFiles, SourcePoller) async throws -> Void
    ) async throws {
        let files = try FeedFiles()
        defer { files.remove() }
        let sections = try configuration(files, items: items)
        try await TestApp.withPolled(sections) { app, client, poller in
            try await body(app, client, files, poller)
        }
    }

    static func page(
        _ client: any TestClientProtocol, _ uri: String, headers: HTTPFields = [:]
    ) async throws -> Feed {
        try await client.execute(uri: uri, method: .get, headers: headers) { response throws in
            #expect(response.status == .ok, "\(response.text)")
            return try response.json(Feed.self)
        }
    }

    static func items(_ feed: Feed) -> [FeedItem] {
        if case .native(let items) = feed.content { return items }
        return []
    }

    @Test("lists brands and their sections, localized")
    func lists() async throws {
        try await Self.with { _, client, _, _ in
            try await client.execute(uri: "/api/v1/brands", method: .get) { response throws in
                let list = try response.json(BrandList.self)
                #expect(
                    list.brands == [
                        BrandSummary(
                            id: "daily", name: "Daily", locale: "en", theme: ["primary": "#112233"], front: "news")
                    ])
            }
            try await client.execute(uri: "/api/v1/brands/daily/sections?locale=ru", method: .get) { response throws in
                let list = try response.json(SectionList.self)
                #expect(list.sections.map(\.title) == ["Новости", "Life", "Sport", "Shop"])
                #expect(list.sections.map(\.render) == ["native", "auto", "web", "native"])
                #expect(list.sections[0].feeds["atom"] == "/feeds/daily/news.atom")
                #expect(list.sections[2].feeds.isEmpty, "a web section has no feed")
            }
            try await client.execute(uri: "/api/v1/brands/nope/sections", method: .get) { response throws in
                #expect(response.status == .notFound)
            }
        }
    }

    @Test("composes content, a card on top and ads at absolute positions")
    func composes() async throws {
        try await Self.with { _, client, _, _ in
            let feed = try await Self.page(client, "/api/v1/brands/daily/sections/news?limit=5")
            #expect(feed.title == "News")
            let items = Self.items(feed)
            // Position 0: the card; 2: the fixed ad; 7: every 4 after 4 (positions 7, 11, …).
            #expect(items.map(\.type) == ["notification", "teaser", "ad", "teaser", "teaser", "teaser", "teaser"])
            guard case .teaser(let first) = items[1] else { return }
            #expect(first.title == "Story 10", "newest first")
            #expect(first.url == URL(string: "https://news.example/10"))
            #expect(feed.nextCursor != nil)
        }
    }

    @Test("pages joined equal one long page, whatever the page size")
    func pagingIsStable() async throws {
        try await Self.with(items: 1...23) { _, client, _, _ in
            let whole = Self.items(try await Self.page(client, "/api/v1/brands/daily/sections/news?limit=100"))
            for size in [1, 2, 3, 7, 22] {
                var joined: [FeedItem] = []
                var uri = "/api/v1/brands/daily/sections/news?limit=\(size)"
                while true {
                    let feed = try await Self.page(client, uri)
                    joined += Self.items(feed)
                    guard let next = feed.nextCursor else { break }
                    uri = "/api/v1/brands/daily/sections/news?limit=\(size)&cursor=\(next)"
                }
                #expect(joined == whole, "page size \(size)")
            }
            #expect(whole.filter { $0.type == "teaser" }.count == 23)
        }
    }

    @Test("items arriving between requests neither repeat nor drop content")
    func newItemsBetweenPages() async throws {
        try await Self.with(items: 1...10) { _, client, files, poller in
            let first = try await Self.page(client, "/api/v1/brands/daily/sections/news?limit=4")
            try files.write("news.rss", FeedFiles.rss(items: 1...15))
            _ = try await poller.pollAllNow()
            var seen = Self.items(first)
            var cursor = first.nextCursor
            while let next = cursor {
                let feed = try await Self.page(client, "/api/v1/brands/daily/sections/news?limit=4&cursor=\(next)")
                seen += Self.items(feed)
                cursor = feed.nextCursor
            }
            let titles = seen.compactMap { item -> String? in
                if case .teaser(let teaser) = item { return teaser.title }
                return nil
            }
            #expect(titles == (1...10).reversed().map { "Story \($0)" })
            let top = Self.items(try await Self.page(client, "/api/v1/brands/daily/sections/news?limit=3"))
            guard case .teaser(let newest) = top[1] else { return }
            #expect(newest.title == "Story 15", "the new items are on top of a fresh first page")
        }
    }

    @Test("pages carry an ETag; a matching If-None-Match gets 304")
    func etag() async throws {
        try await Self.with { _, client, _, _ in
            let uri = "/api/v1/brands/daily/sections/news?limit=3"
            let etag = try await client.execute(uri: uri, method: .get) { response in
                try #require(response.headers[.eTag])
            }
            try await client.execute(uri: uri, method: .get, headers: [.ifNoneMatch: etag]) { response in
                #expect(response.status == .notModified)
                #expect(response.body.readableBytes == 0)
            }
            try await client.execute(uri: uri, method: .get, headers: [.ifNoneMatch: "\"other\""]) { response in
                #expect(response.status == .ok)
            }
        }
    }

    @Test(
        "feeds carry an ETag: If-None-Match gets 304, a gzip answer the weak form",
        arguments: ["rss", "atom", "json"])
    func feedETag(_ format: String) async throws {
        try await Self.with { _, client, _, _ in
            let uri = "/feeds/daily/news.\(format)"
            let etag = try await client.execute(uri: uri, method: .get) { response in
                #expect(response.status == .ok)
                return try #require(response.headers[.eTag])
            }
            #expect(etag.hasPrefix("\"") && etag.hasSuffix("\""), "a strong ETag: \(etag)")
            try await client.execute(uri: uri, method: .get, headers: [.ifNoneMatch: etag]) { response in
                #expect(response.status == .notModified)
                #expect(response.body.readableBytes == 0)
                #expect(response.headers[.contentType] == nil)
            }
            for _ in 0..<2 {
                try await client.execute(uri: uri, method: .get, headers: [.acceptEncoding: "gzip"]) { response in
                    #expect(response.headers[.contentEncoding] == "gzip")
                    #expect(response.headers[.eTag] == "W/" + etag)
                }
            }
            try await client.execute(uri: uri, method: .get, headers: [.ifNoneMatch: "W/" + etag]) { response in
                #expect(response.status == .notModified)
            }
        }
    }

    @Test("a dismissed card never comes back for that device, and stays for others")
    func dismissal() async throws {
        try await Self.with { _, client, _, _ in
            let uri = "/api/v1/notifications/push/dismiss"
            try await client.execute(uri: uri, method: .post, headers: [.init("X-Device-ID")!: "phone-1"]) { response in
                #expect(response.status == .noContent)
            }
            let mine = try await Self.page(
                client, "/api/v1/brands/daily/sections/news?limit=3", headers: [.init("X-Device-ID")!: "phone-1"])
            #expect(!Self.items(mine).contains { $0.type == "notification" })
            let theirs = try await Self.page(
                client, "/api/v1/brands/daily/sections/news?limit=3", headers: [.init("X-Device-ID")!: "phone-2"])
            #expect(Self.items(theirs).first?.type == "notification")
            try await client.execute(uri: uri, method: .post) { response in
                #expect(response.status == .badRequest, "no device")
            }
            try await client.execute(
                uri: "/api/v1/notifications/nope/dismiss", method: .post, headers: [.init("X-Device-ID")!: "phone-1"]
            ) { response in
                #expect(response.status == .notFound)
            }
        }
    }

    @Test("a card configured as not dismissible cannot be dismissed")
    func notDismissible() async throws {
        let placement = Placement(notifications: [
            NotificationRule(id: "terms", kind: "terms", text: LocalizedText("New terms"), dismissible: false)
        ])
        let sections = SectionsConfiguration(brands: [
            Brand(
                id: "daily", name: "Daily", locale: .en,
                sections: [Section(id: "shop", title: LocalizedText("Shop"), source: .catalog, placement: placement)])
        ])
        try await TestApp.with(sections: sections) { _, client in
            try await client.execute(
                uri: "/api/v1/notifications/terms/dismiss", method: .post, headers: [.init("X-Device-ID")!: "phone-1"]
            ) { response in
                #expect(response.status == .conflict)
                #expect(response.apiError?.code == "not_dismissible")
            }
        }
    }

    @Test("web sections and legacy renderAsWeb answer with a URL")
    func web() async throws {
        try await Self.with { _, client, _, _ in
            let sport = try await Self.page(client, "/api/v1/brands/daily/sections/sport")
            #expect(sport.content == .web(URL(string: "https://sport.example/")!))
            let life = try await Self.page(client, "/api/v1/brands/daily/sections/life")
            #expect(life.content == .web(URL(string: "https://life.example/")!))
        }
    }

    @Test("the catalog section shows catalog news, and a catalog write shows at once")
    func catalog() async throws {
        try await Self.with { app, client, _, _ in
            let before = try await Self.page(client, "/api/v1/brands/daily/sections/shop?limit=10")
            #expect(Self.items(before).isEmpty)
            try await NewsItemsRouteTests.seed(app, client)
            let feed = try await Self.page(client, "/api/v1/brands/daily/sections/shop?limit=10")
            #expect(Self.items(feed).map(\.type) == Array(repeating: "catalog_news", count: 4))
        }
    }

    @Test(
        "refuses bad parameters",
        arguments: [
            ("/api/v1/brands/daily/sections/news?limit=0", HTTPResponse.Status.badRequest),
            ("/api/v1/brands/daily/sections/news?limit=101", .badRequest),
            ("/api/v1/brands/daily/sections/news?cursor=abc", .badRequest),
            ("/api/v1/brands/daily/sections/news?cursor=czE6MzpuZXdz", .badRequest),
            ("/api/v1/brands/daily/sections/nope", .notFound),
        ])
    func badParameters(uri: String, status: HTTPResponse.Status) async throws {
        try await Self.with { _, client, _, _ in
            try await client.execute(uri: uri, method: .get) { response in
                #expect(response.status == status, "\(response.text)")
            }
        }
    }
}
