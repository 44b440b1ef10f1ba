import Foundation
import Hummingbird
import Testing
import TidingsIngest
import TidingsModel
import TidingsTesting

/// Article pages fetched politely from a live server on loopback: robots.txt first, validators
/// sent, a few requests at a time per host, failures told apart.
@Suite("ArticlePageFetcher")
struct ArticlePageFetcherTests {
    static func page(_ words: String) -> String {
        let paragraphs = (1...5).map {
            "<p>\(words) \($0): a paragraph of the story, long enough to read as prose, with commas, clauses and"
                + " a full stop at the end of it, as articles have, sentence after sentence.</p>"
        }.joined()
        return
            "<html><head><title>\(words) opens again after two years of work – Example</title></head><body><nav><a href=/>Home</a></nav>"
            + "<article>\(paragraphs)</article><footer>© Example</footer></body></html>"
    }

    static func html(_ text: String, headers: HTTPFields = [:]) -> Response {
        var fields: HTTPFields = [.contentType: "text/html; charset=utf-8"]
        fields.append(contentsOf: headers)
        return Response(status: .ok, headers: fields, body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    @Test("an article page is extracted; asked again with its ETag, a 304 costs nothing")
    func extractsThenNotModified() async throws {
        let seen = Seen()
        let router = Router()
        router.get("robots.txt") { _, _ in Response(status: .notFound) }
        router.get("story.html") { request, _ in
            seen.record("if-none-match", request.headers[.ifNoneMatch] ?? "-")
            seen.record("user-agent", request.headers[.userAgent] ?? "-")
            if request.headers[.ifNoneMatch] == "\"v1\"" { return Response(status: .notModified) }
            return Self.html(Self.page("Harbour"), headers: [.eTag: "\"v1\""])
        }
        try await FetchTestServer.with(router) { port in
            try await FetchTestServer.withFetcher { fetcher in
                let pages = ArticlePageFetcher(fetcher: fetcher)
                let url = URL(string: "http://127.0.0.1:\(port)/story.html")!
                let first = await pages.fetch(url)
                guard case .extracted(let article) = first.outcome else {
                    Issue.record("expected an article, got \(first.outcome)")
                    return
                }
                #expect(article.title == "Harbour opens again after two years of work")
                #expect(article.text.contains("Harbour 5: a paragraph"))
                #expect(!article.text.contains("Home"))
                #expect(first.etag == "\"v1\"")
                let second = await pages.fetch(url, etag: first.etag)
                guard case .notModified = second.outcome else {
                    Issue.record("expected not modified, got \(second.outcome)")
                    return
                }
            }
        }
        #expect(seen.values("if-none-match") == ["-", "\"v1\""])
        #expect(seen.values("user-agent").first == FetchPolicy().userAgent)
    }

    @Test("a page robots.txt disallows is never requested; robots.txt is read once per site")
    func robots() async throws {
        let seen = Seen()
        let router = Router()
        router.get("robots.txt") { _, _ in
            seen.record("robots")
            return Response(
                status: .ok, headers: [.contentType: "text/plain"],
                body: .init(byteBuffer: ByteBuffer(string: "User-agent: Tidings\nDisallow: /private/\n")))
        }
        router.get("private/story.html") { _, _ in
            seen.record("private")
            return Self.html(Self.page("Secret"))
        }
        router.get("public/story.html") { _, _ in Self.html(Self.page("Open")) }
        try await FetchTestServer.with(router) { port in
            try await FetchTestServer.withFetcher { fetcher in
                let pages = ArticlePageFetcher(fetcher: fetcher)
                let refused = await pages.fetch(URL(string: "http://127.0.0.1:\(port)/private/story.html")!)
                guard case .disallowed = refused.outcome else {
                    Issue.record("expected disallowed, got \(refused.outcome)")
                    return
                }
                let allowed = await pages.fetch(URL(string: "http://127.0.0.1:\(port)/public/story.html")!)
                guard case .extracted = allowed.outcome else {
                    Issue.record("expected an article, got \(allowed.outcome)")
                    return
                }
            }
        }
        #expect(seen.count("private") == 0)
        #expect(seen.count("robots") == 1)
    }

    @Test("failures are told apart: a 503 may pass, a 404 will not; a page that is not HTML is refused")
    func failures() async throws {
        let router = Router()
        router.get("robots.txt") { _, _ in Response(status: .notFound) }
        router.get("busy.html") { _, _ in Response(status: .serviceUnavailable) }
        router.get("gone.html") { _, _ in Response(status: .notFound) }
        router.get("report.pdf") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/pdf"],
                body: .init(byteBuffer: ByteBuffer(string: "%PDF")))
        }
        try await FetchTestServer.with(router) { port in
            try await FetchTestServer.withFetcher { fetcher in
                let pages = ArticlePageFetcher(fetcher: fetcher)
                let base = "http://127.0.0.1:\(port)/"
                let busy = await pages.fetch(URL(string: base + "busy.html")!)
                let gone = await pages.fetch(URL(string: base + "gone.html")!)
                let pdf = await pages.fetch(URL(string: base + "report.pdf")!)
                guard case .failed(_, let busyTemporary) = busy.outcome,
                    case .failed(_, let goneTemporary) = gone.outcome,
                    case .failed(let pdfMessage, let pdfTemporary) = pdf.outcome
                else {
                    Issue.record("expected three failures: \(busy.outcome), \(gone.outcome), \(pdf.outcome)")
                    return
                }
                #expect(busyTemporary)
                #expect(!goneTemporary)
                #expect(!pdfTemporary)
                #expect(pdfMessage.contains("application/pdf"))
            }
        }
    }

    @Test("a page that changes gives the new article; a page that is not an article says so")
    func changesAndNonArticles() async throws {
        let version = Locked(1)
        let router = Router()
        router.get("robots.txt") { _, _ in Response(status: .notFound) }
        router.get("story.html") { _, _ in Self.html(Self.page(version.withLock { $0 } == 1 ? "Before" : "After")) }
        router.get("index.html") { _, _ in
            let links = (1...30).map { "<li><a href=/s\($0).html>Headline \($0)</a></li>" }.joined()
            return Self.html("<html><body><ul>\(links)</ul></body></html>")
        }
        try await FetchTestServer.with(router) { port in
            try await FetchTestServer.withFetcher { fetcher in
                let pages = ArticlePageFetcher(fetcher: fetcher)
                let url = URL(string: "http://127.0.0.1:\(port)/story.html")!
                let before = await pages.fetch(url)
                version.withLock { $0 = 2 }
                let after = await pages.fetch(url)
                guard case .extracted(let old) = before.outcome, case .extracted(let new) = after.outcome else {
                    Issue.record("expected two articles: \(before.outcome), \(after.outcome)")
                    return
                }
                #expect(old.text.contains("Before 1"))
                #expect(new.text.contains("After 1"))
                let index = await pages.fetch(URL(string: "http://127.0.0.1:\(port)/index.html")!)
                guard case .notArticle(_, let reason) = index.outcome else {
                    Issue.record("expected not an article, got \(index.outcome)")
                    return
                }
                #expect(reason.contains("prose"))
            }
        }
    }

    @Test("at most two requests to one host at a time, however many pages are asked for")
    func politeness() async throws {
        let load = Locked((now: 0, most: 0))
        let router = Router()
        router.get("robots.txt") { _, _ in Response(status: .notFound) }
        router.get("s/:n") { _, _ in
            load.withLock {
                $0.now += 1
                $0.most = max($0.most, $0.now)
            }
            // Held until a second one is in (5 s at most): on a loaded machine 100 ms apiece let the
            // eight go one by one, and "two at once" was never reached though allowed.
            _ = await eventually(within: .seconds(5), every: .milliseconds(10)) { load.withLock { $0.now >= 2 } }
            try await Task.sleep(for: .milliseconds(100))
            load.withLock { $0.now -= 1 }
            return Self.html(Self.page("Story"))
        }
        try await FetchTestServer.with(router) { port in
            try await FetchTestServer.withFetcher { fetcher in
                let pages = ArticlePageFetcher(
                    fetcher: fetcher, politeness: HostPoliteness(maxConcurrent: 2, interval: .zero))
                await withTaskGroup(of: Void.self) { group in
                    for n in 1...8 {
                        group.addTask { _ = await pages.fetch(URL(string: "http://127.0.0.1:\(port)/s/\(n)")!) }
                    }
                }
            }
        }
        #expect(load.withLock { $0.most } == 2)
    }
}
