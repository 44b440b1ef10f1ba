import Foundation
import Testing
import TidingsKit
import TidingsModel
import TidingsStore
import TidingsTesting

/// Seed 004's wish: an article read once opens again after a relaunch without network, whole —
/// the extracted full text, not a web view of a page that is not there.
@Suite("Articles offline")
struct ArticleOfflineTests {
    @Test("an article with its full text is fetched, kept, and opened again offline in a new launch")
    func articleOffline() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tidings-article-\(UUID().uuidString).sqlite"
        ).path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let served = Locked(0)
        let articleID = Locked("")
        try await ClientTests.withServer { app, port, _, _ in
            served.withLock { $0 = port }
            let client = TidingsClient(
                baseURL: URL(string: "http://127.0.0.1:\(port)")!,
                cache: ResponseCache(storage: try OfflineStore(path: path)))
            let page = try await client.section(brand: "daily", section: "news", limit: 3)
            guard case .native(let items) = page.content else { throw TidingsError.badResponse("web") }
            let teaser = try #require(
                items.compactMap { if case .teaser(let teaser) = $0 { teaser } else { nil } }.first)
            articleID.withLock { $0 = teaser.id }
            let url = try #require(teaser.url).absoluteString
            // What the refresher stores once the page is fetched and extracted.
            try await app.store.requestArticles([url], now: TestApp.now)
            var stored = try #require(
                try await app.store.claimDueArticles(owner: "test", now: TestApp.now, lease: 60, limit: 50).first {
                    $0.url == url
                })
            stored.status = .extracted
            stored.html = #"<p>The whole story.</p><img src="https://img.example/a.jpg">"#
            stored.text = "The whole story."
            stored.byline = "Ann Writer"
            #expect(try await app.store.recordArticle(stored, owner: "test"))

            let article = try await client.article(brand: "daily", section: "news", id: teaser.id)
            #expect(article.item.id == teaser.id)
            #expect(article.fullText?.byline == "Ann Writer")
            #expect(article.bodyHTML?.contains("The whole story.") == true)
            #expect(article.fullText?.html.contains(#"src="/img/"#) == true, "images through the server's proxy")
            await #expect(throws: TidingsError.self) {
                try await client.article(brand: "daily", section: "news", id: "no-such-article")
            }
        }
        // A new launch, the server gone: the article opens from what was kept.
        let offline = TidingsClient(
            baseURL: URL(string: "http://127.0.0.1:\(served.current)")!,
            cache: ResponseCache(storage: try OfflineStore(path: path)))
        await #expect(throws: TidingsError.unreachable) {
            try await offline.article(brand: "daily", section: "news", id: articleID.current)
        }
        let kept = try #require(offline.keptArticle(brand: "daily", section: "news", id: articleID.current))
        #expect(kept.value.fullText?.text == "The whole story.")
        #expect(kept.value.fullText?.byline == "Ann Writer")
    }
}
