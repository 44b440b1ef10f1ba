import FeedParsing
import Foundation
import Hummingbird
import SQLKit
import Testing
import TidingsModel
import TidingsSections
import TidingsStore
import TidingsTesting

@testable import TidingsIngest

/// What a leased job cannot store is recorded on its row with a backoff, so the end of its lease
/// does not bring it back: the refresher and the poller run for real (`run()`, short leases) over a
/// real SQLite file, and the origin counts its requests.
@Suite("Leased work that the store refuses")
struct LeasedWorkFailureTests {
    /// An article page whose article is about `bytes` long: paragraphs of prose in `<article>`.
    static func hugeArticle(bytes: Int) -> ByteBuffer {
        let paragraph =
            "<p>The harbour board met again on Tuesday, and the minutes, long as they are, read as prose:"
            + " clauses, commas and a full stop at the end of every sentence, as articles are written.</p>\n"
        var html = "<html><head><title>The longest minutes ever kept</title></head><body><article>"
        html.reserveCapacity(bytes + 200)
        while html.utf8.count < bytes { html += paragraph }
        html += "</article></body></html>"
        return ByteBuffer(string: html)
    }

    @Test("an article over the size kept is recorded as refused and fetched once, not at every lease")
    func oversizedArticle() async throws {
        let hits = Locked([String: Int]())
        let three = Self.hugeArticle(bytes: 3 << 20)
        let router = Router()
        router.get("/robots.txt") { _, _ in Response(status: .notFound) }
        router.get("/three.html") { _, _ in
            hits.withLock { $0["three", default: 0] += 1 }
            return Response(status: .ok, headers: [.contentType: "text/html"], body: .init(byteBuffer: three))
        }
        router.get("/fifty.html") { _, _ in
            hits.withLock { $0["fifty", default: 0] += 1 }
            // 50 MiB, sent as it is made: the fetcher stops reading at its cap (10 MiB).
            return Response(
                status: .ok, headers: [.contentType: "text/html"],
                body: ResponseBody { writer in
                    try await writer.write(ByteBuffer(string: "<html><body><article>"))
                    let chunk = Self.hugeArticle(bytes: 1 << 20)
                    for _ in 0..<50 { try await writer.write(chunk) }
                    try await writer.finish(nil)
                })
        }
        try await FetchTestServer.with(router) { port in
            try await TestDatabase.with(.sqlite) { database in
                let store = try await database.open()
                let urls = ["three", "fifty"].map { "http://127.0.0.1:\(port)/\($0).html" }
                let now = TestClock()
                try await store.requestArticles(urls, now: now.current)
                var policy = FetchTestServer.policy
                policy.maxBodyBytes = ArticleRefresher.maxPageBytes
                let fetcher = SourceFetcher(policy: policy)
                let refresher = ArticleRefresher(
                    store: store,
                    pages: ArticlePageFetcher(fetcher: fetcher, politeness: HostPoliteness(interval: .zero)),
                    lease: 60, owner: "test", clock: { now.current })
                let running = Task { try await refresher.run() }
                // Reading and cutting 10 MiB takes a second here and a minute beside a loaded
                // suite; the test clock stands still meanwhile, so no lease ends before both are in.
                let deadline = ContinuousClock.now + .seconds(240)
                var stored: [String: ArticlePage] = [:]
                while ContinuousClock.now < deadline {
                    stored = try await store.articles(urls: urls)
                    if stored.values.allSatisfy({ $0.fetchedAt != nil }) { break }
                    try await Task.sleep(for: .milliseconds(200))
                }
                try #require(stored.values.allSatisfy { $0.fetchedAt != nil }, "both fetched once: \(hits.current)")
                // Four lease periods, the loop going round in each (it looks every second): before,
                // each ended lease brought both pages back.
                for _ in 1...4 {
                    now.withLock { $0 += 61 }
                    try await Task.sleep(for: .milliseconds(1500))
                }
                running.cancel()
                _ = await running.result
                stored = try await store.articles(urls: urls)
                #expect(hits.current == ["three": 1, "fifty": 1], "each fetched once over 4+ lease periods")
                for url in urls {
                    let page = try #require(stored[url])
                    #expect(page.status == .failed)
                    #expect(page.error?.contains("is over the 2097152 allowed") == true, "\(page.error ?? "-")")
                    #expect(page.html == nil)
                    let wait = page.nextCheckAt.timeIntervalSince(try #require(page.fetchedAt))
                    #expect(wait == ArticleSchedule().settled, "not before the settled recheck")
                }
                try await store.close()
            }
        }
    }

    @Test("a fetch the store refuses is recorded as a failure with a backoff, not fetched at every lease")
    func refusedFetch() async throws {
        let server = PollerTests.FeedServer()
        try await FetchTestServer.with(server.router) { port in
            try await TestDatabase.with(.sqlite) { database in
                let store = try await database.open()
                // The database itself refuses the entries (as PostgreSQL refuses what it cannot
                // index): a trigger, since nothing Tidings writes is refused on purpose.
                let source = try await database.openSource()
                try await source.write(locking: .keys([])) { db in
                    try await db.raw(
                        "CREATE TRIGGER refuse BEFORE INSERT ON entries BEGIN SELECT RAISE(ABORT, 'entry refused'); END"
                    ).run()
                }
                try await source.close()
                var sections = PollerTests.sections(port: port, paths: ["/feed.rss"])
                sections.fetch.minInterval = 3600  // the backoff after one failure: beyond the test
                let now = TestClock()
                let poller = SourcePoller(configuration: sections, store: store, clock: { now.current })
                try await store.registerSources(
                    sections.fetchedSources.map { ($0.source.id, .feed) }, now: now.current)
                let first = try await poller.pollDue()
                #expect(first.map(\.status) == [.notRecorded])
                // Four lease periods later: before, the lease ending brought it back each time.
                for _ in 1...4 {
                    now.withLock { $0 += poller.lease + 1 }
                    _ = try await poller.pollDue()
                }
                try await poller.shutdown()
                #expect(server.hits("200") == 1, "fetched once over four lease periods")
                let state = try #require(try await store.sourceStates().first)
                #expect(state.failures == 1)
                #expect(state.lastError?.contains("entry refused") == true, "\(state.lastError ?? "-")")
                #expect(state.nextFetchAt > now.current)
                try await store.close()
            }
        }
    }

    @Test("a claim held up until its lease has less left than a fetch may take is not fetched; the next claim is")
    func lateClaim() async throws {
        let server = PollerTests.FeedServer()
        try await FetchTestServer.with(server.router) { port in
            try await TestDatabase.with(.sqlite) { database in
                let store = try await database.open()
                let sections = PollerTests.sections(port: port, paths: ["/feed.rss"])
                let now = TestClock()
                let poller = SourcePoller(configuration: sections, store: store, clock: { now.current })
                try await store.registerSources(
                    sections.fetchedSources.map { ($0.source.id, .feed) }, now: now.current)
                let claimed = try await poller.claim(limit: 1)
                #expect(claimed.count == 1)
                // Held up past the point where a whole fetch still ends within the lease: another
                // process could claim the source while this one fetched.
                now.withLock { $0 += poller.lease - sections.fetch.totalTimeout + 1 }
                #expect(await poller.poll(claimed).isEmpty)
                #expect(server.hits("200") == 0, "not fetched so late in its lease")
                // Only once the lease has ended is the source claimed again, and fetched then.
                #expect(try await poller.claim(limit: 1).isEmpty, "still leased")
                now.withLock { $0 += sections.fetch.totalTimeout }
                let next = try await poller.pollDue()
                #expect(next.map(\.status) == [.http(200)])
                #expect(server.hits("200") == 1)
                try await poller.shutdown()
                try await store.close()
            }
        }
    }

    @Test("an article page claimed too late in its lease is not fetched; the next claim is")
    func lateArticleClaim() async throws {
        let hits = Locked(0)
        let router = Router()
        router.get("/robots.txt") { _, _ in Response(status: .notFound) }
        router.get("/page.html") { _, _ in
            hits.withLock { $0 += 1 }
            return Response(
                status: .ok, headers: [.contentType: "text/html"],
                body: .init(byteBuffer: ByteBuffer(string: "<html><body><article><p>Text.</p></article></body></html>"))
            )
        }
        try await FetchTestServer.with(router) { port in
            try await TestDatabase.with(.sqlite) { database in
                let store = try await database.open()
                let url = "http://127.0.0.1:\(port)/page.html"
                let now = TestClock()
                try await store.requestArticles([url], now: now.current)
                let fetcher = SourceFetcher(policy: FetchTestServer.policy)
                // The lease a server gives: the longest fetch and 15 s to record it.
                let timeout = FetchTestServer.policy.totalTimeout / .seconds(1)
                let refresher = ArticleRefresher(
                    store: store,
                    pages: ArticlePageFetcher(fetcher: fetcher, politeness: HostPoliteness(interval: .zero)),
                    lease: timeout + 15, owner: "test", clock: { now.current })
                let claimedAt = now.current
                let page = try #require(try await refresher.claim(limit: 1).first)
                // Held up until a whole fetch no longer ends within the lease.
                now.withLock { $0 += 16 }
                #expect(try await refresher.refresh(page, claimedAt: claimedAt) == page)
                #expect(hits.current == 0, "not fetched so late in its lease")
                #expect(try await refresher.claim(limit: 1).isEmpty, "still leased")
                now.withLock { $0 += timeout }
                #expect(try await refresher.refreshDue().count == 1)
                #expect(hits.current == 1)
                try await refresher.shutdown()
                try await store.close()
            }
        }
    }

    @Test("what a job throws is logged once per cause, and again after a job succeeded")
    func failuresLoggedOncePerCause() {
        struct Failure: Error, CustomStringConvertible { var description: String }
        let capture = LogCapture()
        let failures = JobFailures(name: "articles", logger: capture.logger())
        for _ in 0..<50 { failures.failed(Failure(description: "store: unavailable")) }
        failures.failed(Failure(description: "store: refused"))
        failures.failed(CancellationError())
        failures.succeeded()
        failures.failed(Failure(description: "store: refused"))
        #expect(
            capture.messages(atLeast: .error) == [
                "articles: a job failed: store: unavailable", "articles: a job failed: store: refused",
                "articles: a job failed: store: refused",
            ])
    }

    /// One condition in two wordings (seen in CI: the database locked by another process, then the
    /// writes queued behind the one waiting for it) is one cause, for jobs and for the poller.
    @Test("two wordings of one store condition are logged once, by the jobs and by the poller")
    func oneConditionTwoWordings() {
        let locked = StoreUnavailable("sqlite: database is locked (another process holds the lock)", cause: "locked")
        let queued = StoreUnavailable("sqlite: writes are queued behind one waiting for the lock", cause: "locked")
        let full = StoreUnavailable("sqlite: database or disk is full")
        let capture = LogCapture()
        let failures = JobFailures(name: "articles", logger: capture.logger())
        var backoff = PollerBackoff()
        for error in [locked, queued, locked, full] {
            failures.failed(error)
            _ = backoff.failed(error, capture.logger())
        }
        let logged = capture.messages(atLeast: .error)
        #expect(logged.count == 4, "locked once and full once, by each: \(logged)")
        #expect(logged.filter { $0.contains("queued") }.isEmpty)
    }
}

/// The parser's `keepNewest` keeps the top of the order retention keeps the top of: a document read
/// keeping only its newest `max_items` leaves the section exactly as reading it whole does.
@Suite("Keeping a document's newest entries")
struct KeepNewestRetentionTests {
    @Test("a long document read keeping the newest 100 keeps what retention keeps of it whole")
    func sameAsRetention() async throws {
        // Shuffled dates, undated runs (which carry the date above them) and dates in the future.
        var generator = SystemRandomNumberGenerator()
        let t0 = Date().addingTimeInterval(-86_400 * 30)
        let items = (0..<3_000).map { n -> String in
            let roll = Int.random(in: 0..<10, using: &generator)
            let date: Date? =
                roll < 3
                ? nil
                : roll == 3 ? Date().addingTimeInterval(3600) : t0.addingTimeInterval(Double.random(in: 0..<2_000_000))
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
            let pubDate = date.map { "<pubDate>\(formatter.string(from: $0))</pubDate>" } ?? ""
            return "<item><title>Item \(n)</title><link>https://e.example/\(n)</link>\(pubDate)</item>"
        }
        let bytes = Array("<rss version=\"2.0\"><channel><title>T</title>\(items.joined())</channel></rss>".utf8)
        var kept: [[String]] = []
        for keepNewest in [nil, 100] as [Int?] {
            var options = FeedParser.Options()
            options.keepNewest = keepNewest
            let document = try SourceReader(parser: FeedParser(options: options)).read(
                bytes, format: .feed, sourceID: "s", sourceName: "S")
            #expect(document.entries.count == (keepNewest ?? 3_000))
            try await TestDatabase.with(.sqlite) { database in
                let store = try await database.open()
                let now = Date()
                try await store.registerSources([("s", .feed)], now: now)
                _ = try await store.claimDueSources(owner: "t", now: now, lease: 60, limit: 1, among: nil)
                let record = FetchRecord(
                    sourceID: "s", sections: [SectionKey(brand: "b", section: "s")], attemptedAt: now,
                    outcome: .fetched(
                        entries: try document.entries.map { try SourcePoller.input($0, sourceID: "s") }, etag: nil,
                        lastModified: nil, title: nil, webURL: nil),
                    status: .http(200), nextFetchAt: now + 600, failures: 0, keepItems: 100,
                    keepSince: .distantPast)
                _ = try await store.recordFetches([record], owner: "t")
                kept.append(
                    try await store.entries(section: SectionKey(brand: "b", section: "s"), afterSeq: nil, limit: 1_000)
                        .map(\.key.stored))
                try await store.close()
            }
        }
        #expect(kept[0].count == 100)
        #expect(Set(kept[0]) == Set(kept[1]))
    }
}
