import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import TidingsModel
import TidingsTesting

@Suite("News items API")
struct NewsItemsRouteTests {
    /// A product created a day before `TestApp.now`, a 10 % drop six hours before now, and a rise.
    static func seed(_ app: TestApp, _ client: any TestClientProtocol) async throws {
        let body = """
            {"events":[
              {"id":"e1","type":"product_created","product_id":"44957","name":"Ананас","names":{"en":"Pineapple"},"unit":"kg","unit_size":"1","store_price":"65.53","at":"2026-11-01T12:00:00Z"},
              {"id":"e2","type":"price_changed","product_id":"44957","store_price":"58.98","at":"2026-11-02T06:00:00Z"},
              {"id":"e3","type":"product_created","product_id":"milk","name":"Молоко","names":{"en":"Milk"},"unit":"l","unit_size":"0.9","store_price":"80.00","at":"2026-11-02T11:59:30Z"},
              {"id":"e4","type":"price_changed","product_id":"milk","store_price":"88.00","at":"2026-11-02T11:59:40Z"}
            ]}
            """
        try await client.execute(uri: "/api/v1/events", method: .post, headers: app.writeHeaders, body: .json(body)) {
            response throws in
            #expect(response.status == .ok, "\(response.text)")
        }
    }

    @Test("serves Russian by default, formatted like the seed")
    func russian() async throws {
        try await TestApp.with { app, client in
            try await Self.seed(app, client)
            try await client.execute(uri: "/api/v1/news_items", method: .get) { response throws in
                #expect(response.status == .ok)
                let page = try response.json(NewsItemsPage.self)
                #expect(page.items.map(\.id) == ["e4", "e3", "e2", "e1"])
                #expect(page.nextCursor == nil)
                let drop = page.items[2]
                #expect(drop.title == "Скидка 10%: ")
                #expect(drop.price == "58,98\u{00A0}₽")
                #expect(drop.oldPrice == "65,53\u{00A0}₽")
                #expect(drop.priceAmount == Amount(value: "58.98", currency: "RUB"))
                #expect(drop.discounted == true)
                #expect(drop.percent == 10)
                #expect(drop.timeAgo == "6\u{00A0}ч")
                #expect(drop.product.size == "1\u{00A0}кг")
                #expect(drop.product.name == "Ананас")
                #expect(page.items[0].title == "Подорожание 10%: ")
                #expect(page.items[0].timeAgo == "только что")
                #expect(page.items[1].title == "Новый продукт: ")
                #expect(page.items[1].product.size == "0,9\u{00A0}л")
                #expect(page.items[3].timeAgo == "1\u{00A0}д")
            }
        }
    }

    @Test(
        "speaks English from ?locale= and from Accept-Language, past languages it has no words for",
        arguments: [
            ("/api/v1/news_items?locale=en", [:]), ("/api/v1/news_items", ["Accept-Language": "en-GB,en;q=0.9"]),
            ("/api/v1/news_items?locale=pt-BR", ["Accept-Language": "en"]),
            ("/api/v1/news_items", ["Accept-Language": "fr-FR, en;q=0.5"]),
            ("/api/v1/news_items?locale=en_US", ["Accept-Language": "ru"]),
        ] as [(String, [String: String])])
    func english(_ uri: String, _ headerValues: [String: String]) async throws {
        let items = try await Self.seededItems(uri, acceptLanguage: headerValues["Accept-Language"])
        #expect(items[2].title == "Price drop 10%: ")
        #expect(items[2].timeAgo == "6h")
        #expect(items[2].product.name == "Pineapple")
        #expect(items[2].product.size == "1\u{00A0}kg")
        #expect(items[0].title == "Price up 10%: ")
        #expect(items[0].timeAgo == "just now")
        #expect(items[1].title == "New product: ")
        #expect(items[2].price.contains("58.98"))
    }

    /// The news items of the seeded catalog at `uri`, asked for with `acceptLanguage`.
    static func seededItems(_ uri: String, acceptLanguage: String?) async throws -> [NewsItem] {
        let found = Locked<[NewsItem]>([])
        try await TestApp.with { app, client in
            try await Self.seed(app, client)
            var headers = HTTPFields()
            if let acceptLanguage { headers[.acceptLanguage] = acceptLanguage }
            let items = try await client.execute(uri: uri, method: .get, headers: headers) { response throws in
                try response.json(NewsItemsPage.self).items
            }
            found.withLock { $0 = items }
        }
        return found.current
    }

    @Test(
        "Norwegian and Swedish readers get their own words and CLDR's forms; a language without words gets locale.default",
        arguments: [
            ("/api/v1/news_items?locale=nb-NO", [:], "Prisfall 10\u{00A0}%: ", "6\u{202F}t", "1\u{00A0}kg"),
            (
                "/api/v1/news_items", ["Accept-Language": "pt-BR, nn;q=0.8"], "Prisfall 10\u{00A0}%: ", "6\u{202F}t",
                "1\u{00A0}kg"
            ),
            (
                "/api/v1/news_items", ["Accept-Language": "sv-SE"], "Prissänkning 10\u{00A0}%: ", "6\u{202F}h",
                "1\u{00A0}kg"
            ),
            ("/api/v1/news_items?locale=pt-BR", [:], "Скидка 10%: ", "6\u{00A0}ч", "1\u{00A0}кг"),
        ] as [(String, [String: String], String, String, String)])
    func nordic(_ uri: String, _ headerValues: [String: String], _ title: String, _ age: String, _ size: String)
        async throws
    {
        let items = try await Self.seededItems(uri, acceptLanguage: headerValues["Accept-Language"])
        #expect(items[2].title == title)
        #expect(items[2].timeAgo == age)
        #expect(items[2].product.size == size)
    }

    @Test("Accept-Language picks Russian when it prefers it")
    func acceptRussian() async throws {
        try await TestApp.with { app, client in
            try await Self.seed(app, client)
            try await client.execute(
                uri: "/api/v1/news_items", method: .get, headers: [.acceptLanguage: "en;q=0.4, ru-RU"]
            ) { response throws in
                #expect(try response.json(NewsItemsPage.self).items[1].title == "Новый продукт: ")
            }
        }
    }

    @Test("sends an ETag and max-age=60, and answers If-None-Match with 304 until the feed changes")
    func etag() async throws {
        try await TestApp.with { app, client in
            try await Self.seed(app, client)
            let etag = try await client.execute(uri: "/api/v1/news_items", method: .get) { response throws in
                #expect(response.headers[.cacheControl] == "max-age=60")
                return try #require(response.headers[.eTag])
            }
            try await client.execute(uri: "/api/v1/news_items", method: .get, headers: [.ifNoneMatch: etag]) {
                response throws in
                #expect(response.status == .notModified)
                #expect(response.body.readableBytes == 0)
                #expect(response.headers[.eTag] == etag)
            }
            try await client.execute(
                uri: "/api/v1/events", method: .post, headers: app.writeHeaders,
                body: .json(
                    #"{"events":[{"id":"e9","type":"price_changed","product_id":"milk","store_price":"40.00"}]}"#)
            ) { _ in }
            try await client.execute(uri: "/api/v1/news_items", method: .get, headers: [.ifNoneMatch: etag]) {
                response throws in
                #expect(response.status == .ok, "a write invalidates the cached page at once")
                #expect(response.headers[.eTag] != etag)
            }
        }
    }

    @Test("keeps only the window: items older than news.window_days are not served")
    func window() async throws {
        var configuration = TidingsConfiguration()
        configuration.windowDays = 1
        let later: @Sendable () -> Date = { Events.at(minutes: 24 * 60 + 30) }
        try await TestApp.with(configuration: configuration, clock: later) { app, client in
            try await Self.seed(app, client)
            try await client.execute(uri: "/api/v1/news_items", method: .get) { response throws in
                #expect(try response.json(NewsItemsPage.self).items.map(\.id) == ["e4", "e3", "e2"])
            }
        }
    }

    @Test("limit and cursor are checked", arguments: ["limit=0", "limit=201", "limit=ten", "cursor=garbage!"])
    func badParameters(_ query: String) async throws {
        try await TestApp.with { _, client in
            try await client.execute(uri: "/api/v1/news_items?\(query)", method: .get) { response throws in
                #expect(response.status == .badRequest)
                #expect(response.apiError?.field != nil)
            }
        }
    }

    @Test("pages never repeat or skip items while new items are written concurrently")
    func pagingWhileInserting() async throws {
        try await TestApp.with { app, client in
            let events = (0..<120).map { index in
                #"{"id":"c\#(index)","type":"product_created","product_id":"p\#(index)","name":"Item \#(index)","store_price":"10","at":"2026-11-01T\#(String(format: "%02d", 10 + index / 60)):\#(String(format: "%02d", index % 60)):00Z"}"#
            }
            try await client.execute(
                uri: "/api/v1/events", method: .post, headers: app.writeHeaders,
                body: .json(#"{"events":[\#(events.joined(separator: ","))]}"#)
            ) { response throws in #expect(try response.json(EventsRouteTests.Report.self).accepted == 120) }
            let writer = Task {
                for index in 0..<30 {
                    try await client.execute(
                        uri: "/api/v1/events", method: .post, headers: app.writeHeaders,
                        body: .json(
                            #"{"events":[{"id":"n\#(index)","type":"product_created","product_id":"n\#(index)","name":"New","store_price":"1"}]}"#
                        )
                    ) { response throws in #expect(response.status == .ok) }
                }
            }
            var seen: [String] = []
            var cursor: String?
            repeat {
                let uri = "/api/v1/news_items?limit=7" + (cursor.map { "&cursor=\($0)" } ?? "")
                let page = try await client.execute(uri: uri, method: .get) { try $0.json(NewsItemsPage.self) }
                seen += page.items.map(\.id)
                cursor = page.nextCursor
            } while cursor != nil
            try await writer.value
            let original = Set((0..<120).map { "c\($0)" })
            #expect(Set(seen.filter { $0.hasPrefix("c") }) == original, "no original item is skipped")
            #expect(Set(seen).count == seen.count, "no item repeats")
        }
    }
}
