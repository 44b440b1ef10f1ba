import Foundation
import Hummingbird
import Testing
import TidingsModel
import TidingsStore
import TidingsTesting

@testable import TidingsIngest

/// Full-text fetching shares its slots fairly between hosts: a host keeping a long crawl delay
/// gives its pages back to the database, due at their turn, instead of holding slots while it
/// waits. Two real servers on two loopback addresses, the refresher's own loop, a SQLite file.
@Suite("Article refresher fairness")
struct ArticleFairnessTests {
    /// A site of article pages on `host`, counting requests, with `robots` as its robots.txt.
    static func site(_ name: String, robots: String, seen: Seen) -> Router<BasicRequestContext> {
        let router = Router()
        router.get("/robots.txt") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "text/plain"], body: .init(byteBuffer: ByteBuffer(string: robots)))
        }
        router.get("/a/:n") { _, context in
            seen.record(name, (context.parameters.get("n") ?? "") + " at \(Date().timeIntervalSince1970)")
            return ArticlePageFetcherTests.html(ArticlePageFetcherTests.page("Page of \(name)"))
        }
        return router
    }

    @Test("30 pages of a host with Crawl-delay: 5 do not hold back another host's 5 pages")
    func crawlDelayedHostHoldsNoSlot() async throws {
        // Timed against a baseline of the same run — the other host's pages with no slow host —
        // as a loaded machine stretches both (5 s idle; 55 s was seen beside a release build).
        let alone = try await Self.otherHostsPages(slowPages: 0)
        let beside = try await Self.otherHostsPages(slowPages: 30)
        // Holding slots for the crawl delay made it 110 s against 5 s; taking turns, about even.
        #expect(
            beside < alone * 3 + .seconds(5),
            "the other host's pages took \(beside) beside the slow host, \(alone) alone")
    }

    /// Requests `slowPages` pages of a host asking `Crawl-delay: 5` and 5 of another host, runs the
    /// refresher until the other host's 5 are fetched, checks what the slow host's pages went
    /// through, and returns how long the other host's pages took.
    static func otherHostsPages(slowPages: Int) async throws -> Duration {
        let seen = Seen()
        let slow = Self.site("slow", robots: "User-agent: *\nCrawl-delay: 5\n", seen: seen)
        let other = Self.site("other", robots: "User-agent: *\nAllow: /\n", seen: seen)
        var elapsed = Duration.zero
        try await LoopbackServer.with(slow, host: "127.0.0.1") { slowPort in
            try await LoopbackServer.with(other, host: "127.0.0.2") { otherPort in
                try await TestDatabase.with(.sqlite) { database in
                    let store = try await database.open()
                    // The slow host's pages come first by URL (all are due together): before sites
                    // took turns in a claim, all 30 were claimed and given back before the other's.
                    let slowURLs = (0..<slowPages).map { "http://127.0.0.1:\(slowPort)/a/\($0 + 1)" }
                    let otherURLs = (1...5).map { "http://127.0.0.2:\(otherPort)/a/\($0)" }
                    try await store.requestArticles(slowURLs + otherURLs, now: Date())
                    let fetcher = SourceFetcher(policy: FetchTestServer.policy(allowing: ["127.0.0.0/8"]))
                    // The defaults of `full_text`: 4 pages at once, 2 per host, a second apart.
                    let refresher = ArticleRefresher(
                        store: store,
                        pages: ArticlePageFetcher(
                            fetcher: fetcher, politeness: HostPoliteness(maxConcurrent: 2, interval: .seconds(1))),
                        concurrency: 4, owner: "test")
                    let started = ContinuousClock.now
                    let running = Task { try await refresher.run() }
                    while seen.count("other") < 5, ContinuousClock.now - started < .seconds(180) {
                        try await Task.sleep(for: .milliseconds(100))
                    }
                    elapsed = ContinuousClock.now - started
                    running.cancel()
                    _ = await running.result
                    #expect(seen.count("other") == 5, "in \(elapsed)")
                    if slowPages > 0 {
                        // The crawl delay still holds: one request per 5 s to the slow host.
                        let seconds = Double(elapsed.components.seconds) + 1
                        #expect(seen.count("slow") <= Int(seconds / 5) + 1, "\(seen.count("slow")) in \(elapsed)")
                        let pages = try await store.articles(urls: slowURLs)
                        let waiting = pages.values.filter { $0.fetchedAt == nil }
                        // All but the ones the crawl delay let through meanwhile (one per 5 s).
                        #expect(waiting.count >= slowPages - (Int(seconds / 5) + 1), "\(waiting.count) in \(elapsed)")
                        #expect(
                            waiting.allSatisfy { $0.failures == 0 && $0.error == nil },
                            "a turn given back is no failure")
                        // Those given back have turns booked five seconds apart (any not claimed
                        // yet are still due as requested).
                        let turns = waiting.filter { $0.nextCheckAt > $0.requestedAt }.map(\.nextCheckAt).sorted()
                        #expect(!turns.isEmpty, "the slow host's pages were claimed and given back")
                        let span = try #require(turns.last).timeIntervalSince(try #require(turns.first))
                        #expect(span >= Double(turns.count - 1) * 5 - 1, "\(turns.count) turns over \(span) s")
                    }
                    try await store.close()
                }
            }
        }
        return elapsed
    }
}
