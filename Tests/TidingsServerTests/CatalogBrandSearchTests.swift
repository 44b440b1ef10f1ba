import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import TidingsModel
import TidingsSections
import TidingsTesting

/// Issue 43: a brand with a catalog section finds its stories and the catalog's products in one
/// list, by score, paged by one cursor; `kind` and `section` choose among them.
@Suite("Search of a brand with a catalog")
struct CatalogBrandSearchTests {
    /// A Russian shop: `news` reads a feed, `prices` shows the catalog.
    static func with(_ body: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        try await with { _, client in try await body(client) }
    }

    static func with(_ body: @Sendable (TestApp, any TestClientProtocol) async throws -> Void) async throws {
        let files = try FeedFiles()
        defer { files.remove() }
        let day = 86_400.0
        let stories: [(title: String, text: String, age: Double)] = [
            ("Молоко дорожает", "Цены растут третий месяц.", 1),
            ("Молоко из Карелии", "Фермеры везут его в город.", 30),
            ("Завтрак чемпионов", "Каша на молоке и ягоды.", 0.5),
            ("Погода", "Дождь до пятницы.", 0.2),
        ]
        let rfc822 = DateFormatter()
        rfc822.locale = Locale(identifier: "en_US_POSIX")
        rfc822.timeZone = TimeZone(identifier: "UTC")
        rfc822.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let items = stories.enumerated().map { index, story in
            let date = TestApp.now.addingTimeInterval(-story.age * day)
            return """
                <item><title>\(story.title)</title><link>https://shop.example/\(index)</link>
                <description>\(story.text)</description><pubDate>\(rfc822.string(from: date))</pubDate></item>
                """
        }
        let feed = try files.write(
            "news.rss",
            "<rss version=\"2.0\"><channel><title>Новости</title><language>ru</language>\(items.joined())</channel></rss>"
        )
        let sections = SectionsConfiguration(
            brands: [
                Brand(
                    id: "shop", name: "Shop", locale: LanguageTag("ru-RU")!,
                    sections: [
                        Section(id: "news", title: LocalizedText("Новости"), source: .file([feed], format: .feed)),
                        Section(id: "prices", title: LocalizedText("Цены"), source: .catalog),
                    ])
            ])
        try await TestApp.withPolled(sections) { app, client, _ in
            for product in [
                #"{"id":"milk","name":"Молоко 3,2%","unit":"l","unit_size":"1","container":"bottle","store_price":"89.00"}"#,
                #"{"id":"kefir","name":"Кефир","names":{"en":"Kefir, a milk drink"},"unit":"l","unit_size":"1","container":"bottle","store_price":"79.00"}"#,
                #"{"id":"tea","name":"Чай чёрный","unit":"g","unit_size":"100","container":"pack","store_price":"120.00"}"#,
            ] {
                try await client.execute(
                    uri: "/api/v1/products", method: .post, headers: app.writeHeaders, body: .json(product)
                ) { response in #expect(response.status == .created, "\(response.text)") }
            }
            try await body(app, client)
        }
    }

    static func search(_ client: any TestClientProtocol, _ query: String) async throws -> SearchPage {
        try await client.execute(uri: "/api/v1/brands/shop/search?" + query, method: .get) { response in
            #expect(response.status == .ok, "\(query): \(response.text)")
            return try response.json(SearchPage.self)
        }
    }

    /// "story:title" or "product:id" per result.
    static func found(_ page: SearchPage) -> [String] {
        page.results.map { result in
            if case .teaser(let teaser) = result.item { return "story:" + teaser.title }
            return "product:" + (result.product?.id ?? "?")
        }
    }

    /// `молоко`: words in any form, so the three stories and the milk (its name); the kefir only
    /// by its English translation, "milk".
    static let milk = "q=%D0%BC%D0%BE%D0%BB%D0%BE%D0%BA%D0%BE"

    @Test("stories and products in one list by score, each in its shape, a product's name marked")
    func mixed() async throws {
        try await Self.with { client in
            let page = try await Self.search(client, Self.milk)
            // The milk, changed now, before a story of yesterday with the word in its title;
            // a month-old title next; the story with the word only in its text last.
            #expect(
                Self.found(page) == [
                    "product:milk", "story:Молоко дорожает", "story:Молоко из Карелии", "story:Завтрак чемпионов",
                ])
            #expect(page.total == 4)
            #expect(page.results.map(\.score) == page.results.map(\.score).sorted(by: >))
            let product = try #require(page.results.first)
            #expect(product.kind == "product" && product.section == "prices")
            // Its item is one of a type apps built before products were searched skip.
            #expect(
                product.item
                    == .unknown(type: "product", raw: .object(["type": .string("product"), "id": .string("milk")])))
            #expect(product.sectionTitle == "Цены" && product.product?.price.currency == "RUB")
            #expect(product.snippet.first == SnippetPart(text: "Молоко", match: true))
            #expect(page.results.dropFirst().allSatisfy { $0.kind == "story" && $0.product == nil })
            // English words find the kefir by its translation, named in English.
            let english = try await Self.search(client, "q=milk&locale=en")
            #expect(Self.found(english) == ["product:kefir"])
            #expect(english.results.first?.snippet.map(\.text).joined() == "Kefir, a milk drink")
        }
    }

    @Test("kind and section choose stories or products; a source filter leaves products out")
    func filters() async throws {
        try await Self.with { client in
            let stories = try await Self.search(client, Self.milk + "&kind=story")
            #expect(stories.results.allSatisfy { $0.kind == "story" } && stories.results.count == 3)
            #expect(stories.total == 3)
            let products = try await Self.search(client, Self.milk + "&kind=product")
            #expect(Self.found(products) == ["product:milk"] && products.total == 1)
            #expect(Self.found(try await Self.search(client, Self.milk + "&kind=story,product")).count == 4)
            #expect(Self.found(try await Self.search(client, Self.milk + "&section=prices")) == ["product:milk"])
            #expect(Self.found(try await Self.search(client, Self.milk + "&section=news")).count == 3)
            // Products have no source: asking for one source's stories asks for no products.
            #expect(try await Self.search(client, Self.milk + "&source=elsewhere").results.isEmpty)
            // Products changed before a date are left out as stories published before it are.
            let later = try await Self.search(client, Self.milk + "&since=2030-01-01")
            #expect(later.results.isEmpty && later.total == 0)
        }
    }

    @Test(
        "paged one at a time, every story and product comes once, in the order of one whole page", arguments: [1, 2, 3])
    func paging(limit: Int) async throws {
        try await Self.with { client in
            let query = "q=%D0%BC%D0%BE%D0%BB%D0%BE%D0%BA%D0%BE%20OR%20%D1%87%D0%B0%D0%B9%20OR%20milk"
            let whole = try await Self.search(client, query + "&limit=50")
            #expect(whole.nextCursor == nil && whole.results.count == 6, "\(Self.found(whole))")
            var paged: [String] = []
            var cursor: String?
            repeat {
                let page = try await Self.search(
                    client, query + "&limit=\(limit)" + (cursor.map { "&cursor=\($0)" } ?? ""))
                #expect(page.results.count <= limit)
                paged += Self.found(page)
                cursor = page.nextCursor
            } while cursor != nil && paged.count < 20
            #expect(paged == Self.found(whole))
        }
    }

    @Test("a story whose summary does not hold the words shows the stretch of its extracted article that does")
    func articleSnippet() async throws {
        try await Self.with { app, client in
            let url = "https://shop.example/0"
            try await app.store.requestArticles([url], now: TestApp.now)
            var page = try #require(
                try await app.store.claimDueArticles(owner: "t", now: TestApp.now, lease: 60, limit: 1).first)
            page.status = .extracted
            page.text = "Первый абзац о ценах.\n\nМолоко дорожает из-за кормов, говорят фермеры."
            page.contentHash = "h"
            page.nextCheckAt = TestApp.now.addingTimeInterval(3_600)
            #expect(try await app.store.recordArticle(page, owner: "t"))
            // "дорожает" is in the title; the summary ("Цены растут третий месяц.") marks nothing.
            let found = try await Self.search(client, "q=%D0%B4%D0%BE%D1%80%D0%BE%D0%B6%D0%B0%D0%B5%D1%82&kind=story")
            let snippet = try #require(found.results.first?.snippet)
            #expect(snippet.filter(\.match).map(\.text) == ["дорожает"], "\(snippet)")
            #expect(!snippet.map(\.text).joined().contains("\n"), "paragraphs run on")
        }
    }
}
