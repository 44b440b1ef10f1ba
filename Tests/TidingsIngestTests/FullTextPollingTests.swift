import Foundation
import Hummingbird
import Testing
import TidingsModel
import TidingsSections
import TidingsStore
import TidingsTesting

@testable import TidingsIngest

/// Sources with `full_text`: the poller asks for the article pages of short entries, the refresher
/// fetches them politely and stores what the extractor found — a feed and its pages on loopback, a
/// real SQLite file.
@Suite struct FullTextPollingTests {
    /// A feed of three teasers linking to pages on the same server; page 3 is behind robots.txt.
    final class Site: Sendable {
        let version = Locked(1)
        let broken = Locked(false)
        let hits = Locked([String: Int]())

        func count(_ kind: String) { hits.withLock { $0[kind, default: 0] += 1 } }
        func hits(_ kind: String) -> Int { hits.withLock { $0[kind] ?? 0 } }

        func router(port: @escaping @Sendable () -> Int) -> Router<BasicRequestContext> {
            let router = Router()
            router.get("/feed.rss") { _, _ -> Response in
                let items = (1...3).map { n in
                    "<item><title>Story \(n)</title><link>http://127.0.0.1:\(port())/a/\(n).html</link>"
                        + "<guid>s\(n)</guid><description>A teaser.</description></item>"
                }.joined()
                let rss = "<rss version=\"2.0\"><channel><title>Site</title>\(items)</channel></rss>"
                return Response(
                    status: .ok, headers: [.contentType: "application/rss+xml"],
                    body: .init(byteBuffer: ByteBuffer(string: rss)))
            }
            router.get("/robots.txt") { _, _ -> Response in
                Response(
                    status: .ok, headers: [.contentType: "text/plain"],
                    body: .init(byteBuffer: ByteBuffer(string: "User-agent: *\nDisallow: /a/3.html\n")))
            }
            router.get("/a/:n") { request, context -> Response in
                let name = context.parameters.get("n") ?? ""
                self.count(name)
                if self.broken.current { return Response(status: .internalServerError) }
                let etag = "\"\(name)-v\(self.version.current)\""
                if request.headers[.ifNoneMatch] == etag {
                    self.count("304")
                    return Response(status: .notModified, headers: [.eTag: etag])
                }
                let words = "Version \(self.version.current) of \(name)"
                let paragraphs = (1...5).map {
                    "<p>\(words), paragraph \($0): the whole story, long enough to read as prose, with commas,"
                        + " clauses and a full stop at the end, as articles are written.</p>"
                }.joined()
                let html =
                    "<html><head><title>The whole story of the page</title></head><body><nav>Menu</nav>"
                    + "<article>\(paragraphs)</article></body></html>"
                return Response(
                    status: .ok, headers: [.contentType: "text/html; charset=utf-8", .eTag: etag],
                    body: .init(byteBuffer: ByteBuffer(string: html)))
            }
            return router
        }
    }

    static func sections(port: Int, fullText: FullTextMode) -> SectionsConfiguration {
        var configuration = PollerTests.sections(port: port, paths: ["/feed.rss"])
        configuration.brands[0].sections[0].fullText = fullText
        configuration.fullText.interval = 0
        return configuration
    }

    @Test("short entries' pages are fetched, extracted, kept; robots.txt is obeyed; 304s, changes and failures")
    func endToEnd() async throws {
        let site = Site()
        let port = Locked(0)
        try await FetchTestServer.with(site.router(port: { port.current })) { actual in
            port.withLock { $0 = actual }
            let sections = Self.sections(port: actual, fullText: .auto)
            try await PollerTests.with(sections) { poller, store, now in
                _ = try await poller.pollDue()
                let urls = (1...3).map { "http://127.0.0.1:\(actual)/a/\($0).html" }
                let requested = try await store.articles(urls: urls)
                #expect(requested.count == 3)
                #expect(requested.values.allSatisfy { $0.status == .pending })

                let refresher = ArticleRefresher(
                    configuration: sections, store: store, owner: poller.owner, clock: { now.current })
                defer { Task { try? await refresher.shutdown() } }
                let first = try await refresher.refreshDue()
                #expect(first.map(\.status) == [.extracted, .extracted, .disallowed])
                #expect(site.hits("3.html") == 0, "robots.txt disallows page 3: never requested")
                let stored = try await store.articles(urls: urls)
                #expect(stored[urls[0]]?.text?.contains("Version 1 of 1.html, paragraph 5") == true)
                #expect(stored[urls[0]]?.html?.contains("Menu") == false)
                #expect(try await refresher.refreshDue().isEmpty, "nothing due before the recheck")

                // After the recheck: unchanged pages answer 304; a changed page is extracted again.
                now.withLock { $0 += 6 * 3600 + 1 }
                site.version.withLock { $0 = 2 }
                let second = try await refresher.refreshDue()
                #expect(second.count == 2)
                let changed = try #require(try await store.articles(urls: [urls[0]])[urls[0]])
                #expect(changed.text?.contains("Version 2 of 1.html") == true)
                #expect(changed.changedAt == now.current)

                // A page that fails keeps the article it had, and is tried again sooner.
                now.withLock { $0 += 6 * 3600 + 1 }
                site.broken.withLock { $0 = true }
                _ = try await refresher.refreshDue()
                let failed = try #require(try await store.articles(urls: [urls[0]])[urls[0]])
                #expect(failed.failures == 1)
                #expect(failed.html?.contains("Version 2 of 1.html") == true)
                #expect(failed.nextCheckAt.timeIntervalSince(now.current) == 15 * 60)
                site.broken.withLock { $0 = false }
                now.withLock { $0 += 15 * 60 + 1 }
                _ = try await refresher.refreshDue()
                #expect(site.hits("304") >= 1, "validators sent: an unchanged page answers 304")
                let recovered = try #require(try await store.articles(urls: [urls[0]])[urls[0]])
                #expect(recovered.failures == 0)
            }
        }
    }

    @Test("full_text never asks for no page; always asks even for entries with content")
    func modes() async throws {
        let site = Site()
        let port = Locked(0)
        try await FetchTestServer.with(site.router(port: { port.current })) { actual in
            port.withLock { $0 = actual }
            let url = "http://127.0.0.1:\(actual)/a/1.html"
            try await PollerTests.with(Self.sections(port: actual, fullText: .never)) { poller, store, _ in
                _ = try await poller.pollDue()
                #expect(try await store.articles(urls: [url]).isEmpty)
            }
            var long = Self.sections(port: actual, fullText: .auto)
            long.fullText.minCharacters = 5
            try await PollerTests.with(long) { poller, store, _ in
                _ = try await poller.pollDue()
                #expect(try await store.articles(urls: [url]).isEmpty, "\"A teaser.\" is long enough at 5")
            }
            var always = Self.sections(port: actual, fullText: .always)
            always.fullText.minCharacters = 5
            try await PollerTests.with(always) { poller, store, _ in
                _ = try await poller.pollDue()
                #expect(try await store.articles(urls: [url]).count == 1)
            }
        }
    }

    /// An aggregator's feed linking to a redirect page that names a paper's article as its own,
    /// the paper's feed, and a feed that starts carrying the aggregator's link later.
    final class Aggregated: Sendable {
        let later = Locked(false)

        func router(port: @escaping @Sendable () -> Int) -> Router<BasicRequestContext> {
            let router = Router()
            @Sendable func feed(_ items: [(String, String)]) -> Response {
                let body = items.map { title, path in
                    "<item><title>\(title)</title><link>http://127.0.0.1:\(port())\(path)</link><guid>\(path)</guid></item>"
                }.joined()
                return Response(
                    status: .ok, headers: [.contentType: "application/rss+xml"],
                    body: .init(
                        byteBuffer: ByteBuffer(
                            string: "<rss version=\"2.0\"><channel><title>F</title>\(body)</channel></rss>")))
            }
            router.get("/agg.rss") { _, _ in feed([("Roads closed", "/r/abc")]) }
            router.get("/paper.rss") { _, _ in feed([("Flood", "/2026/flood.html")]) }
            router.get("/other.rss") { _, _ in self.later.current ? feed([("Roads shut", "/r/abc")]) : feed([]) }
            router.get("/r/abc") { _, _ in
                Self.page(head: "<link rel=\"canonical\" href=\"/2026/flood.html?utm_source=agg\">")
            }
            router.get("/2026/flood.html") { _, _ in Self.page(head: "") }
            return router
        }

        static func page(head: String) -> Response {
            let paragraphs = (1...5).map {
                "<p>Paragraph \($0) of the flood: long enough to read as prose, with commas, clauses and a full stop.</p>"
            }.joined()
            return Response(
                status: .ok, headers: [.contentType: "text/html; charset=utf-8"],
                body: .init(
                    byteBuffer: ByteBuffer(
                        string:
                            "<html><head><title>Flood</title>\(head)</head><body><article>\(paragraphs)</article></body></html>"
                    )))
        }
    }

    @Test("a page naming another address as its own makes its entries one story with those linking there")
    func samePage() async throws {
        let site = Aggregated()
        let port = Locked(0)
        try await FetchTestServer.with(site.router(port: { port.current })) { actual in
            port.withLock { $0 = actual }
            let base = "http://127.0.0.1:\(actual)"
            var sections = PollerTests.sections(port: actual, paths: ["/agg.rss", "/other.rss"])
            sections.brands[0].sections[0].source = .feed([
                URL(string: base + "/agg.rss")!, URL(string: base + "/paper.rss")!,
            ])
            sections.brands[0].sections[1].source = .feed([
                URL(string: base + "/paper.rss")!, URL(string: base + "/other.rss")!,
            ])
            for index in 0..<2 { sections.brands[0].sections[index].fullText = .always }
            sections.fullText.interval = 0
            let (s0, s1) = (SectionKey(brand: "b", section: "s0"), SectionKey(brand: "b", section: "s1"))
            try await PollerTests.with(sections) { poller, store, now in
                func shown(_ section: SectionKey) async throws -> [String] {
                    try await store.entries(section: section, afterSeq: nil, limit: 10, excluding: []).map {
                        $0.alsoFrom.isEmpty ? "alone" : "\($0.alsoFrom.count + 1) tellings"
                    }
                }
                _ = try await poller.pollDue()
                #expect(try await shown(s0) == ["alone", "alone"])
                let refresher = ArticleRefresher(
                    configuration: sections, store: store, owner: poller.owner, clock: { now.current },
                    fullTextSections: { [s0, s1] })
                defer { Task { try? await refresher.shutdown() } }
                _ = try await refresher.refreshDue()
                let stored = try await store.articles(urls: [base + "/r/abc", base + "/2026/flood.html"])
                #expect(stored[base + "/r/abc"]?.canonicalURL == base + "/2026/flood.html?utm_source=agg")
                #expect(stored[base + "/2026/flood.html"]?.canonicalURL == nil, "a page without an address of its own")
                #expect(try await shown(s0) == ["2 tellings"])
                #expect(try await shown(s1) == ["alone"], "no entry of s1 links to the page")
                // Another feed of s1 starts linking to the page: what its page said is known, and
                // the new entry joins the paper's at once, before the page is fetched again.
                site.later.withLock { $0 = true }
                now.withLock { $0 += 661 }
                now.withLock { $0 += 3600 }
                #expect(try await poller.pollDue().count == 3)
                #expect(try await shown(s1) == ["2 tellings"])
            }
        }
    }
}
