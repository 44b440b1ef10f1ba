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
        try await withApp(grouping: grouping) { _, client in try await body(client) }
    }

    static func withApp(
        grouping: Bool = true, _ body: @Sendable (TestApp, any TestClientProtocol) async throws -> Void
    ) async throws {
        let files = try FeedFiles()
        defer { files.remove() }
        let wire = try files.write(
            "1-wire.rss",
            rss(
                "Wire",
                [
                    ("Storm closes schools in Bergen", "https://news.example/storm", "07:00:00"),
                    ("Ferry strike ends", "https://news.example/ferry", "06:00:00"),
                ]))
        let paper = try files.write(
            "2-paper.rss",
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
        // One fetch at a time, in the order of the sources' ids: the wire's telling is stored first.
        sections.fetch.concurrency = 1
        try await TestApp.withPolled(sections) { app, client, _ in try await body(app, client) }
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
                    "Local team wins the cup", "Storm closes schools in Bergen", "Ferry strike ends",
                ])
            let storm = teasers[1]
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
            let other = try #require(teasers[1].alsoFrom?.first)
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

    /// An admin key's headers.
    static func admin(_ app: TestApp) async throws -> HTTPFields {
        let secret = APIKeys.generate()
        _ = try await app.store.createAPIKey(
            name: "night desk", hash: APIKeys.hash(secret), scope: .admin, at: TestApp.now)
        return [.authorization: "Bearer \(secret)", .contentType: "application/json"]
    }

    @Test("an editor splits a telling off its story and merges it back; each refused edit says why; audited")
    func edits() async throws {
        try await Self.withApp { app, client in
            let admin = try await Self.admin(app)
            let section = "/api/v1/admin/brands/daily/sections/front"
            let list = try await AdminRouteTests.send(client, .get, section + "/stories", admin)
            #expect(list.text.contains(#""also_from":[{"#), "\(list.text)")
            let teasers = try await Self.teasers(client, "/api/v1/brands/daily/sections/front")
            let storm = teasers[1]
            let paper = try #require(storm.alsoFrom?.first?.id)
            let split = try await AdminRouteTests.send(
                client, .put, section + "/splits/\(paper)", admin, body: #"{"reason": "a different storm"}"#)
            #expect(split.status == .ok, "\(split.text)")
            let answer = try JSONSerialization.jsonObject(with: Data(split.text.utf8)) as? [String: Any]
            #expect(answer?["before"] as? [[String]] == [[storm.id, paper]])
            #expect(answer?["after"] as? [[String]] == [[storm.id], [paper]])
            let apart = try await Self.teasers(client, "/api/v1/brands/daily/sections/front")
            #expect(apart.count == 4 && apart.allSatisfy { $0.alsoFrom == nil }, "\(apart.map(\.title))")
            // Refused: a story told once has nothing to split from; one story cannot merge with
            // itself; an unknown story, an unknown field, no `with`.
            let once = try await AdminRouteTests.send(client, .put, section + "/splits/\(paper)", admin, body: "{}")
            #expect(once.status == .unprocessableContent && once.error?.code == "told_once", "\(once.text)")
            let merged = try await AdminRouteTests.send(
                client, .put, section + "/merges/\(paper)", admin, body: #"{"with": "\#(storm.id)"}"#)
            #expect(merged.status == .ok, "\(merged.text)")
            #expect(
                try await Self.teasers(client, "/api/v1/brands/daily/sections/front").map(\.alsoFrom?.count) == [
                    nil, 1, nil,
                ])
            let again = try await AdminRouteTests.send(
                client, .put, section + "/merges/\(paper)", admin, body: #"{"with": "\#(storm.id)"}"#)
            #expect(again.status == .unprocessableContent && again.error?.code == "one_story", "\(again.text)")
            let unknown = try await AdminRouteTests.send(
                client, .put, section + "/merges/\(paper)", admin, body: #"{"with": "nothing-here"}"#)
            #expect(unknown.status == .unprocessableContent && unknown.error?.field == "with", "\(unknown.text)")
            let field = try await AdminRouteTests.send(
                client, .put, section + "/splits/\(paper)", admin, body: #"{"because": "x"}"#)
            #expect(field.status == .unprocessableContent && field.error?.field == "because")
            let without = try await AdminRouteTests.send(client, .put, section + "/merges/\(paper)", admin, body: "{}")
            #expect(without.status == .unprocessableContent && without.error?.field == "with")
            #expect(
                try await AdminRouteTests.send(client, .put, section + "/splits/\(paper)", [:]).status == .unauthorized)
            // The audit log: who, what, the stories before and after.
            let audit = try await AdminRouteTests.send(client, .get, "/api/v1/admin/audit?target=daily/front", admin)
            #expect(audit.text.contains(#""kind":"merge""#) && audit.text.contains(#""kind":"split""#), "\(audit.text)")
            #expect(audit.text.contains("a different storm"))
        }
    }

    @Test("a pinned telling of a story shown as another pins the story: once, at its pin, with the others")
    func pinFolded() async throws {
        try await Self.withApp { app, client in
            let admin = try await Self.admin(app)
            let storm = try await Self.teasers(client, "/api/v1/brands/daily/sections/front")[1]
            let paper = try #require(storm.alsoFrom?.first?.id)
            let pinned = try await AdminRouteTests.send(
                client, .put, "/api/v1/admin/brands/daily/sections/front/pins/\(paper)", admin,
                body: #"{"position": 1}"#)
            #expect(pinned.status == .created, "\(pinned.text)")
            let teasers = try await Self.teasers(client, "/api/v1/brands/daily/sections/front")
            #expect(
                teasers.map(\.title) == [
                    "Bergen: all schools shut by the storm", "Local team wins the cup", "Ferry strike ends",
                ])
            #expect(teasers[0].alsoFrom?.map(\.id) == [storm.id])
            // The item the story is shown as hidden: the pinned telling no longer lists it; once
            // unpinned, the story is hidden.
            let hidden = try await AdminRouteTests.send(
                client, .put, "/api/v1/admin/brands/daily/sections/front/hidden/\(storm.id)", admin,
                body: #"{"reason": "wrong"}"#)
            #expect(hidden.status == .created, "\(hidden.text)")
            let still = try await Self.teasers(client, "/api/v1/brands/daily/sections/front")
            #expect(still.first?.id == paper && still.first?.alsoFrom == nil, "\(still.map(\.title))")
            let unpinned = try await AdminRouteTests.send(
                client, .delete, "/api/v1/admin/brands/daily/sections/front/pins/\(paper)", admin)
            #expect(unpinned.status == .noContent)
            #expect(
                try await Self.teasers(client, "/api/v1/brands/daily/sections/front").map(\.title) == [
                    "Local team wins the cup", "Ferry strike ends",
                ])
        }
    }

    @Test("with grouping off, a split or merge is refused: there are no stories to correct")
    func editsOff() async throws {
        try await Self.withApp(grouping: false) { app, client in
            let admin = try await Self.admin(app)
            let teasers = try await Self.teasers(client, "/api/v1/brands/daily/sections/front")
            let refused = try await AdminRouteTests.send(
                client, .put, "/api/v1/admin/brands/daily/sections/front/splits/\(teasers[0].id)", admin, body: "{}")
            #expect(refused.status == .unprocessableContent && refused.error?.code == "grouping_off", "\(refused.text)")
        }
    }

    @Test("the console lists each story's other tellings with a split, and merges by a story's id; refusals in words")
    func console() async throws {
        try await Self.withApp { app, client in
            let secret = APIKeys.generate()
            _ = try await app.store.createAPIKey(
                name: "desk", hash: APIKeys.hash(secret), scope: .admin, at: TestApp.now)
            let cookie = try await ConsoleRouteTests.signIn(client, secret)
            let page = try await ConsoleRouteTests.send(client, .get, "/admin/daily/front", cookie: cookie)
            #expect(page.status == .ok)
            let teasers = try await Self.teasers(client, "/api/v1/brands/daily/sections/front")
            let storm = teasers[1]
            let paper = try #require(storm.alsoFrom?.first?.id)
            #expect(page.text.contains("Also told by"), "\(page.text)")
            #expect(page.text.contains("<span>Paper — Bergen: all schools shut by the storm</span>"))
            #expect(page.text.contains(#"<form method="post" action="/admin/daily/front/stories/\#(paper)">"#))
            #expect(page.text.contains(#"<datalist id="console-story-ids">"#))
            let token = try ConsoleRouteTests.csrf(page.text)
            let split = try await ConsoleRouteTests.send(
                client, .post, "/admin/daily/front/stories/\(paper)", cookie: cookie,
                form: [("csrf", token), ("do", "split")])
            #expect(split.status == .seeOther && split.location == "/admin/daily/front?done=split", "\(split.text)")
            let after = try await ConsoleRouteTests.send(client, .get, split.location!, cookie: cookie)
            #expect(after.text.contains("The telling is shown as a story of its own."))
            #expect(!after.text.contains("Also told by"))
            let once = try await ConsoleRouteTests.send(
                client, .post, "/admin/daily/front/stories/\(paper)", cookie: cookie,
                form: [("csrf", token), ("do", "split")])
            #expect(once.status == .unprocessableContent)
            #expect(once.text.contains("This story is told once: there is nothing to split it from."))
            let merged = try await ConsoleRouteTests.send(
                client, .post, "/admin/daily/front/stories/\(paper)", cookie: cookie,
                form: [("csrf", token), ("do", "merge"), ("with", storm.id)])
            #expect(merged.status == .seeOther && merged.location == "/admin/daily/front?done=merge", "\(merged.text)")
            let norsk = try await ConsoleRouteTests.send(
                client, .get, "/admin/daily/front?done=merge&locale=nb", cookie: cookie)
            #expect(norsk.text.contains("De to sakene vises nå som én."), "\(norsk.text)")
            #expect(norsk.text.contains("Også fortalt av"))
            let audit = try await ConsoleRouteTests.send(client, .get, "/admin/audit", cookie: cookie)
            #expect(audit.text.contains("Merge") && audit.text.contains("Split"))
        }
    }
}
