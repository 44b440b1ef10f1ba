import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import TidingsModel
import TidingsSections
import TidingsStore
import TidingsTesting

/// Issue 38: the newsroom pins and hides single stories of a section, and schedules its cards,
/// ads and widgets; over a real SQLite file (and PostgreSQL where one is running), the content
/// polled from a file by the real poller.
@Suite("Editorial actions")
struct EditorialRouteTests {
    /// `daily/news`: twelve stories, a card at the top and an ad at position 4; `daily/shop` over
    /// the catalog.
    static func sections(_ files: FeedFiles, placement: Placement? = nil) throws -> SectionsConfiguration {
        let feed = try files.write("news.rss", FeedFiles.rss(items: 1...12))
        let standard = Placement(
            ads: AdRule(positions: [3]),
            notifications: [NotificationRule(id: "push", kind: "enable_push", text: LocalizedText("On?"))])
        return SectionsConfiguration(brands: [
            Brand(
                id: "daily", name: "Daily", locale: .en,
                sections: [
                    Section(
                        id: "news", title: LocalizedText("News"), source: .file([feed], format: .feed),
                        placement: placement ?? standard),
                    Section(id: "shop", title: LocalizedText("Shop"), source: .catalog),
                ])
        ])
    }

    static func with(
        _ backend: TestDatabase.Backend = .sqlite, placement: Placement? = nil,
        clock: @escaping @Sendable () -> Date = { TestApp.now },
        _ body: @Sendable (TestApp, any TestClientProtocol, HTTPFields) async throws -> Void
    ) async throws {
        let files = try FeedFiles()
        defer { files.remove() }
        try await TestApp.withPolled(try sections(files, placement: placement), backend: backend, clock: clock) {
            app, client, _ in
            let secret = APIKeys.generate()
            _ = try await app.store.createAPIKey(
                name: "night desk", hash: APIKeys.hash(secret), scope: .admin, at: TestApp.now)
            try await body(app, client, [.authorization: "Bearer \(secret)", .contentType: "application/json"])
        }
    }

    /// The story ids of `daily/news` by title, from the admin API.
    static func stories(_ client: any TestClientProtocol, _ admin: HTTPFields) async throws -> [String: String] {
        let list = try await AdminRouteTests.send(
            client, .get, "/api/v1/admin/brands/daily/sections/news/stories", admin)
        #expect(list.status == .ok, "\(list.text)")
        let object = try JSONSerialization.jsonObject(with: Data(list.text.utf8)) as? [String: Any]
        var ids: [String: String] = [:]
        for story in object?["stories"] as? [[String: Any]] ?? [] {
            if let title = story["title"] as? String, let id = story["id"] as? String { ids[title] = id }
        }
        return ids
    }

    /// Every item of `daily/news` read page by page (`limit` each), as "type:title" strings.
    static func feed(_ client: any TestClientProtocol, limit: Int, device: String? = nil) async throws -> [String] {
        var shown: [String] = []
        var cursor: String?
        var headers: HTTPFields = [:]
        if let device { headers[.init("X-Device-ID")!] = device }
        repeat {
            let query = "limit=\(limit)" + (cursor.map { "&cursor=\($0)" } ?? "")
            let page = try await SectionRouteTests.page(
                client, "/api/v1/brands/daily/sections/news?\(query)", headers: headers)
            for item in SectionRouteTests.items(page) {
                switch item {
                case .teaser(let teaser): shown.append("teaser:" + teaser.title)
                default: shown.append(item.type)
                }
            }
            cursor = page.nextCursor?.addingPercentEncoding(withAllowedCharacters: .alphanumerics)
        } while cursor != nil
        return shown
    }

    static let newestFirst = (1...12).reversed().map { "Story \($0)" }

    @Test(
        "a pinned story sits at its place under the card on every page split, shown once; unpinned it goes back",
        arguments: TestDatabase.Backend.allCases)
    func pins(backend: TestDatabase.Backend) async throws {
        if backend == .postgres, TestDatabase.postgresURL == nil { return }
        try await Self.with(backend) { app, client, admin in
            let ids = try await Self.stories(client, admin)
            let oldest = try #require(ids["Story 1"])
            let pinned = try await AdminRouteTests.send(
                client, .put, "/api/v1/admin/brands/daily/sections/news/pins/\(oldest)", admin,
                body: #"{"position": 1}"#)
            #expect(pinned.status == .created && pinned.etag == "\"1\"", "\(pinned.text)")
            #expect(pinned.text.contains(#""title":"Story 1""#) && pinned.text.contains(#""by":"night desk""#))
            for limit in [1, 2, 3, 5, 20] {
                let feed = try await Self.feed(client, limit: limit)
                let teasers = feed.filter { $0.hasPrefix("teaser:") }
                #expect(feed.first == "notification" && feed[1] == "teaser:Story 1", "limit \(limit): \(feed)")
                #expect(
                    teasers == ["teaser:Story 1"] + Self.newestFirst.dropLast().map { "teaser:" + $0 },
                    "limit \(limit): each story once, the rest newest first")
            }
            // A reader who dismissed the card: the pinned story is the top item.
            let device = "3f2b8c1e-5a6d-4e7f-8a9b-0c1d2e3f4a5b"
            _ = try await client.execute(
                uri: "/api/v1/notifications/push/dismiss", method: .post,
                headers: [.init("X-Device-ID")!: device]
            ) { _ in }
            #expect(try await Self.feed(client, limit: 4, device: device).first == "teaser:Story 1")
            // Moved: the same decision, a new version; then taken back.
            let moved = try await AdminRouteTests.send(
                client, .put, "/api/v1/admin/brands/daily/sections/news/pins/\(oldest)", admin,
                body: #"{"position": 5}"#)
            #expect(moved.status == .ok && moved.etag == "\"2\"", "\(moved.text)")
            #expect(try await Self.feed(client, limit: 3)[5] == "teaser:Story 1")
            let unpinned = try await AdminRouteTests.send(
                client, .delete, "/api/v1/admin/brands/daily/sections/news/pins/\(oldest)", admin)
            #expect(unpinned.status == .noContent, "\(unpinned.text)")
            #expect(
                try await Self.feed(client, limit: 5).filter { $0.hasPrefix("teaser:") }
                    == Self.newestFirst.map { "teaser:" + $0 })
            let again = try await AdminRouteTests.send(
                client, .delete, "/api/v1/admin/brands/daily/sections/news/pins/\(oldest)", admin)
            #expect(again.status == .notFound, "\(again.text)")
            let audit = try await AdminRouteTests.send(
                client, .get, "/api/v1/admin/audit?target=daily/news/\(oldest)", admin)
            #expect(
                audit.text.components(separatedBy: #""kind":"pin""#).count == 4,
                "pinned, moved, unpinned: \(audit.text)")
            #expect(audit.text.contains(#"{"pin":{"position":5}}"#), "\(audit.text)")
            #expect(try await app.store.storedBrands().actions.isEmpty)
        }
    }

    @Test("a hidden story leaves the section, its article and its feeds at once, and comes back")
    func hides() async throws {
        try await Self.with { _, client, admin in
            let ids = try await Self.stories(client, admin)
            let story = try #require(ids["Story 7"])
            let article = "/api/v1/brands/daily/sections/news/articles/\(story)"
            #expect(try await client.execute(uri: article, method: .get) { $0.status } == .ok)
            let hidden = try await AdminRouteTests.send(
                client, .put, "/api/v1/admin/brands/daily/sections/news/hidden/\(story)", admin,
                body: #"{"reason": "legal: a court order"}"#)
            #expect(hidden.status == .created, "\(hidden.text)")
            #expect(hidden.text.contains(#""reason":"legal: a court order""#))
            for limit in [2, 5, 50] {
                let feed = try await Self.feed(client, limit: limit)
                #expect(!feed.contains("teaser:Story 7") && feed.count { $0.hasPrefix("teaser:") } == 11, "\(feed)")
            }
            #expect(try await client.execute(uri: article, method: .get) { $0.status } == .notFound)
            let rss = try await client.execute(uri: "/feeds/daily/news.rss", method: .get) { $0.text }
            #expect(!rss.contains("Story 7") && rss.contains("Story 8"), "\(rss)")
            let listed = try await AdminRouteTests.send(
                client, .get, "/api/v1/admin/brands/daily/sections/news/stories", admin)
            #expect(listed.text.contains(#""kind":"hide""#), "the console still lists it, marked: \(listed.text)")
            let back = try await AdminRouteTests.send(
                client, .delete, "/api/v1/admin/brands/daily/sections/news/hidden/\(story)", admin)
            #expect(back.status == .noContent)
            #expect(try await Self.feed(client, limit: 5).contains("teaser:Story 7"))
            #expect(try await client.execute(uri: article, method: .get) { $0.status } == .ok)
        }
    }

    @Test("bad decisions are 4xx naming the field, and store nothing")
    func refusals() async throws {
        try await Self.with { app, client, admin in
            let ids = try await Self.stories(client, admin)
            let (one, two) = (try #require(ids["Story 1"]), try #require(ids["Story 2"]))
            let pins = "/api/v1/admin/brands/daily/sections/news/pins/"
            let cases: [(String, String, HTTPResponse.Status, String?)] = [
                (pins + "0123456789abcdef", #"{"position": 1}"#, .unprocessableContent, "item"),
                (pins + one, #"{"position": 0}"#, .unprocessableContent, "position"),
                (pins + one, #"{"position": "1"}"#, .unprocessableContent, "position"),
                (pins + one, #"{"position": 1.5}"#, .unprocessableContent, "position"),
                (pins + one, #"{}"#, .unprocessableContent, "position"),
                (pins + one, #"{"position": 1, "sticky": true}"#, .unprocessableContent, "sticky"),
                (pins + one, #"{"position": 1, "until": "tomorrow"}"#, .unprocessableContent, "until"),
                (pins + one, #"{"position": 1, "until": "2020-01-01T00:00:00Z"}"#, .unprocessableContent, "until"),
                (pins + one, #"{"position": 1"#, .badRequest, nil),
                (
                    "/api/v1/admin/brands/daily/sections/news/hidden/\(one)", #"{"reason": "  "}"#,
                    .unprocessableContent, "reason"
                ),
                (
                    "/api/v1/admin/brands/daily/sections/shop/pins/\(one)", #"{"position": 1}"#,
                    .unprocessableContent, nil
                ),
                ("/api/v1/admin/brands/daily/sections/nope/pins/\(one)", #"{"position": 1}"#, .notFound, nil),
            ]
            for (uri, body, status, field) in cases {
                let answer = try await AdminRouteTests.send(client, .put, uri, admin, body: body)
                #expect(answer.status == status, "\(uri) \(body): \(answer.text)")
                #expect(answer.error?.field == field, "\(uri) \(body): \(answer.text)")
            }
            #expect(try await app.store.storedBrands().actions.isEmpty, "nothing stored")
            // Two stories at one place: the second is a clash.
            let first = try await AdminRouteTests.send(client, .put, pins + one, admin, body: #"{"position": 2}"#)
            #expect(first.status == .created)
            let clash = try await AdminRouteTests.send(client, .put, pins + two, admin, body: #"{"position": 2}"#)
            #expect(clash.status == .conflict && clash.error?.field == "position", "\(clash.text)")
            #expect(clash.error?.message.contains(one) == true)
            // An editor who saw version 1 of a decision changed since: 412 with the current version.
            _ = try await AdminRouteTests.send(client, .put, pins + one, admin, body: #"{"position": 3}"#)
            let stale = try await AdminRouteTests.send(
                client, .put, pins + one, admin, ifMatch: "\"1\"", body: #"{"position": 4}"#)
            #expect(stale.status == .preconditionFailed && stale.etag == "\"2\"", "\(stale.text)")
            let none = try await AdminRouteTests.send(
                client, .put, pins + two, admin, ifMatch: "*", body: #"{"position": 4}"#)
            #expect(none.status == .preconditionFailed, "If-Match: * and no decision: \(none.text)")
            let kept = try await app.store.storedBrands().actions
            #expect(kept.count == 1 && kept[0].decision == .pin(place: 2, until: nil) && kept[0].version == 2)
        }
    }

    @Test("a pin ends by itself at its time; a scheduled card shows only between its start and end")
    func time() async throws {
        let now = Locked(TestApp.now)
        let start = TestApp.now.addingTimeInterval(3600)
        var card = NotificationRule(id: "evening", kind: "campaign", text: LocalizedText("Tonight only"))
        card.schedule = Schedule(start: start, end: start.addingTimeInterval(6 * 3600))
        let clock: @Sendable () -> Date = { now.current }
        try await Self.with(placement: Placement(notifications: [card]), clock: clock) { app, client, admin in
            let ids = try await Self.stories(client, admin)
            let until = TestApp.now.addingTimeInterval(1800).formatted(.iso8601)
            let pinned = try await AdminRouteTests.send(
                client, .put, "/api/v1/admin/brands/daily/sections/news/pins/\(try #require(ids["Story 1"]))", admin,
                body: #"{"position": 1, "until": "\#(until)"}"#)
            #expect(pinned.status == .created, "\(pinned.text)")
            #expect(try await Self.feed(client, limit: 5).prefix(2) == ["teaser:Story 1", "teaser:Story 12"])
            let follower = BrandsFollower(sections: app.runtime.sections, logger: .init(label: "test"))
            #expect(follower.passTime() == false, "nothing ended yet")
            now.withLock { $0 = TestApp.now.addingTimeInterval(1801) }
            #expect(follower.passTime(), "the pin's end passed: pages made before it are dropped")
            #expect(try await Self.feed(client, limit: 5).prefix(2) == ["teaser:Story 12", "teaser:Story 11"])
            now.withLock { $0 = start }
            #expect(follower.passTime(), "the card's start passed")
            #expect(try await Self.feed(client, limit: 5).first == "notification")
            now.withLock { $0 = start.addingTimeInterval(6 * 3600) }
            #expect(follower.passTime(), "the card's end passed")
            #expect(try await Self.feed(client, limit: 5).first == "teaser:Story 12")
        }
    }
}
