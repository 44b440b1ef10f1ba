import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import TidingsModel
import TidingsStore
import TidingsTesting

@testable import TidingsIngest

/// The web reader's routes over a real SQLite file, sections polled from files by the real poller.
@Suite("Web reader routes")
struct WebRouteTests {
    /// One brand: `news` (25 stories, a dismissible card), `quiet` (an empty feed), `broken` (a
    /// file that is not a feed), `sport` (a web page) and `shop` (the catalog).
    static func with(
        _ body: @Sendable (TestApp, any TestClientProtocol) async throws -> Void
    ) async throws {
        let files = try FeedFiles()
        defer { files.remove() }
        let news = try files.write("news.rss", FeedFiles.rss(items: 1...25))
        let quiet = try files.write("quiet.rss", FeedFiles.rss(items: [Int]()))
        let broken = try files.write("broken.rss", "Service Unavailable")
        let card = NotificationRule(id: "push", kind: "enable_push", text: LocalizedText([.en: "On?", .ru: "Вкл?"]))
        let sport = URL(string: "https://sport.example/")!
        let sections = [
            Section(
                id: "news", title: LocalizedText([.en: "News", .ru: "Новости"]), source: .file([news], format: .feed),
                placement: Placement(notifications: [card])),
            Section(id: "quiet", title: LocalizedText("Quiet"), source: .file([quiet], format: .feed)),
            Section(id: "broken", title: LocalizedText("Broken"), source: .file([broken], format: .feed)),
            Section(id: "sport", title: LocalizedText("Sport"), source: .web(sport), render: .web(sport)),
            Section(id: "shop", title: LocalizedText("Shop"), source: .catalog),
        ]
        let configuration = SectionsConfiguration(
            brands: [Brand(id: "daily", name: "Daily", locale: .en, theme: ["primary": "#112233"], sections: sections)])
        try await TestApp.withPolled(configuration) { app, client, _ in try await body(app, client) }
    }

    static func get(
        _ client: any TestClientProtocol, _ uri: String, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]
    ) async throws -> TestResponse {
        try await client.execute(uri: uri, method: .get, headers: headers) { response in
            #expect(response.status == status, "\(uri): \(response.text.prefix(300))")
            #expect(response.headers[.contentType] == "text/html; charset=utf-8")
            return response
        }
    }

    /// Values of `attribute` on elements carrying `marker` (a data attribute), in order.
    static func attributes(_ html: String, _ attribute: String, marker: String) -> [String] {
        html.components(separatedBy: "\n").filter { $0.contains(marker) }.compactMap { line in
            guard let start = line.range(of: attribute + "=\"") else { return nil }
            let rest = line[start.upperBound...]
            return rest.firstIndex(of: "\"").map { String(rest[..<$0]).replacingOccurrences(of: "&amp;", with: "&") }
        }
    }

    @Test("every page's CSP allows its script and theme by the hashes of their very bytes, and nothing inline")
    func contentSecurityPolicy() async throws {
        try await Self.with { _, client in
            let script = try await client.execute(uri: "/assets/reader.js", method: .get) { $0.body }
            let scriptHash = "sha256-" + Data(SHA256.hash(data: Data(buffer: script))).base64EncodedString()
            for uri in ["/", "/daily", "/daily/news", "/daily/quiet", "/daily/nope"] {
                let response = try await Self.get(client, uri, status: uri == "/daily/nope" ? .notFound : .ok)
                let policy = try #require(response.headers[.contentSecurityPolicy])
                #expect(policy.contains("script-src '\(scriptHash)';"), "\(uri): \(policy)")
                #expect(response.text.contains(#"<script src="/assets/reader.js?v="#))
                #expect(response.text.contains(#"integrity="\#(scriptHash)" defer></script>"#))
                let style = try #require(Self.between(response.text, "<style>", "</style>"))
                let styleHash = "sha256-" + Data(SHA256.hash(data: Array(style.utf8))).base64EncodedString()
                #expect(policy.contains("style-src 'self' '\(styleHash)';"), "\(uri): \(policy)")
                #expect(policy.contains("default-src 'none'"))
                #expect(!policy.contains("unsafe-inline") && !policy.contains("nonce-"))
                #expect(response.headers[HTTPField.Name("Referrer-Policy")!] == "no-referrer")
            }
        }
    }

    @Test("a kept page is the same bytes and ETag for every response, and If-None-Match gets 304")
    func pageETag() async throws {
        try await Self.with { _, client in
            let section = try await Self.get(client, "/daily/news").text
            let article = try #require(Self.attributes(section, "href", marker: "data-open").first)
            for uri in ["/daily/news", article] {
                let first = try await Self.get(client, uri)
                let second = try await Self.get(client, uri)
                let etag = try #require(first.headers[.eTag])
                #expect(second.headers[.eTag] == etag)
                #expect(first.body == second.body)
                try await client.execute(uri: uri, method: .get, headers: [.ifNoneMatch: etag]) { response in
                    #expect(response.status == .notModified, "\(uri)")
                    #expect(response.body.readableBytes == 0)
                    #expect(response.headers[.eTag] == etag)
                }
                try await client.execute(uri: uri, method: .get, headers: [.ifNoneMatch: "\"other\""]) { response in
                    #expect(response.status == .ok)
                }
            }
        }
    }

    /// The text between the first `start` and the `end` after it.
    static func between(_ text: String, _ start: String, _ end: String) -> String? {
        guard let open = text.range(of: start), let close = text[open.upperBound...].range(of: end) else { return nil }
        return String(text[open.upperBound..<close.lowerBound])
    }

    @Test("the front page is the brand's front section; Load more links walk every story once")
    func loadMore() async throws {
        try await Self.with { _, client in
            let front = try await Self.get(client, "/daily").text
            #expect(front.contains("<h1>News</h1>"))
            var uri: String? = "/daily/news"
            var titles: [String] = []
            while let next = uri {
                let html = try await Self.get(client, next).text
                titles += Self.attributes(html, "data-id", marker: #"<li class="item"#).filter {
                    $0.hasPrefix("teaser:")
                }
                uri = Self.attributes(html, "href", marker: "data-more").first
            }
            #expect(titles.count == 25)
            #expect(Set(titles).count == 25)
        }
    }

    @Test("dismissing: a form post sets the device cookie and goes back; the card stays gone")
    func dismiss() async throws {
        try await Self.with { _, client in
            let html = try await Self.get(client, "/daily/news").text
            let action = try #require(Self.attributes(html, "action", marker: "data-dismiss").first)
            #expect(action == "/daily/notifications/push/dismiss?back=%2Fdaily%2Fnews")
            let cookie = try await client.execute(uri: action, method: .post) { response in
                #expect(response.status == .seeOther)
                #expect(response.headers[.location] == "/daily/news")
                let setCookie = try #require(response.headers[.setCookie])
                #expect(setCookie.contains("HttpOnly"))
                #expect(setCookie.contains("SameSite=Lax"))
                return String(setCookie.split(separator: ";")[0])
            }
            let after = try await Self.get(client, "/daily/news", headers: [.cookie: cookie]).text
            #expect(!after.contains("data-dismiss"))
            #expect(try await Self.get(client, "/daily/news").text.contains("data-dismiss"))
            // The script's request: 204, no redirect.
            try await client.execute(
                uri: "/daily/notifications/push/dismiss", method: .post,
                headers: [.accept: "application/json", .cookie: cookie]
            ) { response in
                #expect(response.status == .noContent)
                #expect(response.headers[.setCookie] == nil)
            }
            // Only back to this brand's pages; other sites' forms are refused.
            let elsewhere = action.replacingOccurrences(of: "%2Fdaily%2Fnews", with: "%2F%2Fevil.example")
            try await client.execute(uri: elsewhere, method: .post) { response in
                #expect(response.headers[.location] == "/daily")
            }
            try await client.execute(
                uri: action, method: .post, headers: [HTTPField.Name("Sec-Fetch-Site")!: "cross-site"]
            ) { response in #expect(response.status == .forbidden) }
            try await client.execute(uri: "/daily/notifications/nope/dismiss", method: .post) { response in
                #expect(response.status == .notFound)
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
            }
        }
    }

    @Test("empty, error and web states")
    func states() async throws {
        try await Self.with { _, client in
            let quiet = try await Self.get(client, "/daily/quiet").text
            #expect(quiet.contains(#"data-state="empty""#))
            #expect(quiet.contains(#"<a class="button" href="/daily/quiet" data-reload>Load again</a>"#))
            let broken = try await Self.get(client, "/daily/broken").text
            #expect(broken.contains(#"data-state="error""#))
            #expect(broken.contains("Try again"))
            let sport = try await Self.get(client, "/daily/sport").text
            #expect(sport.contains(#"href="https://sport.example/""#))
            let shop = try await Self.get(client, "/daily/shop?locale=ru").text
            #expect(shop.contains("Нет изменений в каталоге товаров"))
        }
    }

    @Test("an article page from a teaser: title, sanitized content, the original link")
    func article() async throws {
        try await Self.with { _, client in
            let html = try await Self.get(client, "/daily/news").text
            let href = try #require(Self.attributes(html, "href", marker: "data-open").first)
            #expect(href.hasPrefix("/daily/news/articles/"), "an article URL names its brand and section")
            let article = try await Self.get(client, href).text
            #expect(article.contains("<h1 dir=\"auto\">Story 25</h1>"))
            #expect(article.contains("Text of story 25."))
            #expect(article.contains(#"href="https://news.example/25""#))
            #expect(article.contains(#"href="/daily/news">← Back to News</a>"#))
            _ = try await Self.get(client, "/daily/news/articles/0000", status: .notFound)
            // Issue 13: the id was looked up in every section of every brand.
            let id = String(href.dropFirst("/daily/news/articles/".count))
            _ = try await Self.get(client, "/daily/quiet/articles/" + id, status: .notFound)
            _ = try await Self.get(client, "/daily/nosuch/articles/" + id, status: .notFound)
            _ = try await Self.get(client, "/daily/articles/" + id, status: .notFound)
        }
    }

    @Test("an article whose page was extracted shows the whole article and its author, with the original link")
    func extractedArticle() async throws {
        try await Self.with { app, client in
            let html = try await Self.get(client, "/daily/news").text
            let href = try #require(Self.attributes(html, "href", marker: "data-open").first)
            let url = "https://news.example/25"
            let now = Date()
            try await app.store.requestArticles([url], now: now)
            var page = try #require(
                try await app.store.claimDueArticles(owner: "test", now: now, lease: 60, limit: 10).first {
                    $0.url == url
                })
            page.status = .extracted
            page.html = "<p>The whole article, from its page.</p>"
            page.byline = "Ann Writer"
            page.direction = "rtl"
            // The page was shown before: it is cached until the refresher says what it changed.
            #expect(try await Self.get(client, href).text.contains("Text of story 25."))
            #expect(try await app.store.recordArticle(page, owner: "test"))
            // What the server's article refresher calls once it stored a page's article.
            app.runtime.articleRefresher(owner: "test").onChange([url])
            let article = try await Self.get(client, href).text
            #expect(article.contains("<p>The whole article, from its page.</p>"))
            #expect(!article.contains("Text of story 25."), "the extracted article stands in for the feed's text")
            #expect(article.contains(#"<bdi class="byline">Ann Writer</bdi>"#))
            #expect(article.contains(#"<div class="content" dir="rtl">"#))
            #expect(article.contains(#"href="https://news.example/25""#))
            // What the extractor doubts (under full_text.min_confidence, 0.5) is kept, not shown:
            // the feed's own text is.
            var doubtful = try #require(
                try await app.store.claimDueArticles(owner: "test", now: now, lease: 60, limit: 10).first {
                    $0.url == url
                })
            doubtful.status = .notArticle
            doubtful.confidence = 0.2
            #expect(try await app.store.recordArticle(doubtful, owner: "test"))
            app.sections.articlesChanged(urls: [url])
            let fallback = try await Self.get(client, href).text
            #expect(fallback.contains("Text of story 25."))
            #expect(!fallback.contains("The whole article, from its page."))
        }
    }

    @Test("a product page lists its price history, newest first, at consumer prices")
    func product() async throws {
        try await Self.with { app, client in
            _ = try await app.catalog.ingest(
                [
                    .success(Events.created("e1", product: "milk", price: "100.00", name: "Milk")),
                    .success(Events.price("e2", product: "milk", price: "80.00", at: Events.at(minutes: 60))),
                    .success(Events.price("e3", product: "milk", price: "88.00", at: Events.at(minutes: 120))),
                ], atomic: true)
            let html = try await Self.get(client, "/daily/products/milk").text
            #expect(html.contains("<h1 dir=\"auto\">Milk</h1>"))
            let rows = html.components(separatedBy: "\n").filter { $0.hasPrefix("<tr class=") }
            #expect(rows.count == 3)
            #expect(rows.first?.contains("+10%") == true)
            #expect(rows.dropFirst().first?.contains("−20%") == true)
            #expect(rows.last?.contains("added to the catalog") == true)
            _ = try await Self.get(client, "/daily/products/nope", status: .notFound)
            // The page is kept, and dropped by the next catalog write (atomic or grouped).
            for (index, atomic) in [true, false].enumerated() {
                _ = try await app.catalog.ingest(
                    [
                        .success(
                            Events.price(
                                "e\(4 + index)", product: "milk", price: "\(70 - index).00",
                                at: Events.at(minutes: Double(180 + index))))
                    ],
                    atomic: atomic)
                let rows = try await Self.get(client, "/daily/products/milk").text.components(separatedBy: "\n")
                    .filter { $0.hasPrefix("<tr class=") }
                #expect(rows.count == 4 + index, "after a write \(atomic ? "alone" : "in a group")")
            }
        }
    }

    @Test("mistakes are pages too: unknown brand or section 404, a forged cursor 400")
    func errors() async throws {
        try await Self.with { _, client in
            #expect(
                try await Self.get(client, "/nope", status: .notFound).text.contains("There is no such publication."))
            // Not found: the way home, no retry that could never help.
            let missing = try await Self.get(client, "/daily/nope", status: .notFound).text
            #expect(missing.contains(#"data-state="not-found""#) && !missing.contains("data-reload"))
            _ = try await Self.get(client, "/daily/news?cursor=forged", status: .badRequest)
            // The server's own paths still win over brand paths.
            try await client.execute(uri: "/health", method: .get) { #expect($0.status == .ok) }
            try await client.execute(uri: "/feeds/daily/news.rss", method: .get) { #expect($0.status == .ok) }
            try await client.execute(uri: "/api/v1/brands", method: .get) { #expect($0.status == .ok) }
        }
    }

    @Test("assets: versioned links are immutable; unknown files 404")
    func assets() async throws {
        try await Self.with { _, client in
            let html = try await Self.get(client, "/").text
            let css = try #require(Self.attributes(html, "href", marker: #"rel="stylesheet""#).first)
            try await client.execute(uri: css, method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/css; charset=utf-8")
                #expect(response.headers[.cacheControl] == "public, max-age=31536000, immutable")
            }
            try await client.execute(uri: "/assets/reader.css", method: .get) { response in
                #expect(response.headers[.cacheControl] == "no-cache")
            }
            try await client.execute(uri: "/assets/secret.txt", method: .get) { #expect($0.status == .notFound) }
        }
    }

    @Test("?locale= overrides the brand's language and stays on links")
    func locale() async throws {
        try await Self.with { _, client in
            let html = try await Self.get(client, "/daily/news?locale=ru").text
            #expect(html.contains(#"<html lang="ru" dir="ltr">"#))
            #expect(html.contains("<h1>Новости</h1>"))
            #expect(html.contains("?locale=ru"))
            // A Norwegian reader of an English brand: Norwegian words, "no" read as Bokmål; a
            // language without words keeps the brand's, and is not carried on links.
            let norwegian = try await Self.get(client, "/daily/news?locale=no").text
            #expect(norwegian.contains(#"<html lang="no" dir="ltr">"#))
            #expect(norwegian.contains(#"aria-current="true">Norsk bokmål</a>"#))
            #expect(norwegian.contains("?locale=no"))
            let unknown = try await Self.get(client, "/daily/news?locale=pt-BR").text
            #expect(unknown.contains(#"<html lang="en" dir="ltr">"#))
            #expect(!unknown.contains("locale=pt-BR"))
        }
    }
}
