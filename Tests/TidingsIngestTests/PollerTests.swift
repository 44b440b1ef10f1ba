import Foundation
import Hummingbird
import Testing
import TidingsModel
import TidingsStore
import TidingsTesting

@testable import TidingsIngest

/// The poller against a real HTTP server on loopback and a real SQLite file.
@Suite struct PollerTests {
    /// A feed behind an ETag; the version can be bumped, and requests are counted by kind.
    final class FeedServer: Sendable {
        let version = Locked(1)
        let hits = Locked([String: Int]())

        func count(_ kind: String) { hits.withLock { $0[kind, default: 0] += 1 } }
        func hits(_ kind: String) -> Int { hits.withLock { $0[kind] ?? 0 } }

        var router: Router<BasicRequestContext> {
            let router = Router()
            router.get("/feed.rss") { request, _ -> Response in
                let version = self.version.current
                let etag = "\"v\(version)\""
                if request.headers[.ifNoneMatch] == etag {
                    self.count("304")
                    return Response(status: .notModified, headers: [.eTag: etag, .cacheControl: "max-age=600"])
                }
                self.count("200")
                return Response(
                    status: .ok,
                    headers: [.eTag: etag, .contentType: "application/rss+xml", .cacheControl: "max-age=600"],
                    body: .init(byteBuffer: ByteBuffer(string: FeedFiles.rss(items: 1...(3 * version)))))
            }
            router.get("/broken") { _, _ -> Response in
                self.count("500")
                return Response(status: .internalServerError)
            }
            router.get("/page.html") { _, _ -> Response in
                Response(
                    status: .ok, headers: [.contentType: "text/html"],
                    body: .init(byteBuffer: ByteBuffer(string: "<html><body>Not a feed</body></html>")))
            }
            return router
        }
    }

    static func sections(port: Int, paths: [String], allow: [String] = ["127.0.0.1"]) -> SectionsConfiguration {
        var fetch = FetchSettings()
        fetch.allowHosts = allow
        fetch.minInterval = 60
        // The test servers answer from the tests' busy pool: quiet mid-body past the default 15 s
        // was seen beside a parallel release build.
        fetch.readTimeout = 120
        fetch.totalTimeout = 300
        return SectionsConfiguration(
            brands: [
                Brand(
                    id: "b", name: "B", locale: .en,
                    sections: paths.enumerated().map { index, path in
                        Section(
                            id: "s\(index)", title: LocalizedText("S"),
                            source: .feed([URL(string: "http://127.0.0.1:\(port)\(path)")!]))
                    })
            ], fetch: fetch)
    }

    /// Runs `body` with a poller over a fresh SQLite database whose clock the test moves.
    static func with(
        _ sections: SectionsConfiguration,
        _ body: (SourcePoller, any TidingsStorage, TestClock) async throws -> Void
    ) async throws {
        try await TestDatabase.with(.sqlite) { database in
            let store = try await database.open()
            let now = TestClock()
            let poller = SourcePoller(configuration: sections, store: store, clock: { now.current })
            do {
                try await store.registerSources(
                    sections.fetchedSources.map { ($0.source.id, .feed) }, now: now.current)
                try await body(poller, store, now)
            } catch {
                try? await poller.shutdown()
                try? await store.close()
                throw error
            }
            try await poller.shutdown()
            try await store.close()
        }
    }

    @Test func fetchesStoresThenRevalidatesWithTheETag() async throws {
        let server = FeedServer()
        try await FetchTestServer.with(server.router) { port in
            try await Self.with(Self.sections(port: port, paths: ["/feed.rss"])) { poller, store, now in
                let first = try await poller.pollDue()
                #expect(first.map(\.changes.inserted) == [3])
                #expect(try await poller.pollDue().isEmpty, "not due again yet")
                now.withLock { $0 += 661 }
                let second = try await poller.pollDue()
                #expect(second.map(\.status) == [.http(304)])
                #expect(server.hits("304") == 1)
                server.version.withLock { $0 = 2 }
                now.withLock { $0 += 661 }
                let third = try await poller.pollDue()
                #expect(third.map(\.changes.inserted) == [3], "only the new entries are written")
                #expect(third.map(\.changes.unchanged) == [3])
                let entries = try await store.entries(
                    section: SectionKey(brand: "b", section: "s0"), afterSeq: nil, limit: 10)
                #expect(entries.count == 6)
                let state = try #require(try await store.sourceStates().first)
                #expect(state.etag == "\"v2\"")
                #expect(state.nextFetchAt.timeIntervalSince(now.current) >= 600, "max-age=600 honoured")
            }
        }
    }

    /// Issue 38: brands change while the poller runs (an editor, `tidings config import`).
    @Test("a refresh in full asks for the whole document: the entries listed are read again, unchanged")
    func refreshInFull() async throws {
        let server = FeedServer()
        try await FetchTestServer.with(server.router) { port in
            try await Self.with(Self.sections(port: port, paths: ["/feed.rss"])) { poller, _, _ in
                #expect(try await poller.pollDue().map(\.changes.inserted) == [3])
                #expect(try await poller.pollAllNow().map(\.status) == [.http(304)])
                let full = try await poller.pollAllNow(inFull: true)
                #expect(full.map(\.status) == [.http(200)])
                #expect(full.map(\.changes.unchanged) == [3])
                #expect(server.hits("304") == 1)
            }
        }
    }

    @Test(
        "brands changed live: a new source is fetched, a section newly reading a source gets it in full, a dropped one is not fetched"
    )
    func brandsChangeLive() async throws {
        let server = FeedServer()
        try await FetchTestServer.with(server.router) { port in
            try await TestDatabase.with(.sqlite) { database in
                let store = try await database.open()
                let now = TestClock()
                let live = LiveSections(Self.sections(port: port, paths: ["/feed.rss"]), version: 1)
                let poller = SourcePoller(live: live, store: store, clock: { now.current })
                func count(_ section: String) async throws -> Int {
                    try await store.entries(section: SectionKey(brand: "b", section: section), afterSeq: nil, limit: 10)
                        .count
                }
                #expect(try await poller.pollDue().map(\.changes.inserted) == [3])
                live.replace(
                    brands: Self.sections(port: port, paths: ["/feed.rss", "/feed.rss", "/feed.rss?two"]).brands,
                    version: 2)
                now.withLock { $0 += 661 }
                let second = try await poller.pollDue().sorted { $0.sourceID < $1.sourceID }
                #expect(second.count == 2, "the known source and the new one")
                #expect(second.allSatisfy { $0.status == .http(200) }, "no 304 for a section that started reading")
                #expect(server.hits("304") == 0)
                #expect(try await count("s1") == 3)
                #expect(try await count("s2") == 3)
                now.withLock { $0 += 661 }
                #expect(try await poller.pollDue().map(\.status) == [.http(304), .http(304)], "then revalidated")
                live.replace(brands: Self.sections(port: port, paths: ["/feed.rss?two"]).brands, version: 3)
                now.withLock { $0 += 661 }
                let third = try await poller.pollDue()
                #expect(third.count == 1, "the source no section reads is not fetched: \(third.map(\.sourceID))")
                try await poller.shutdown()
                try await store.close()
            }
        }
    }

    /// Issue 34: a feed shown in two sections logged "20 new" for its ten items.
    @Test("a feed shown in two sections counts its items once, and says in how many sections")
    func oneFeedTwoSections() async throws {
        let server = FeedServer()
        try await FetchTestServer.with(server.router) { port in
            try await Self.with(Self.sections(port: port, paths: ["/feed.rss", "/feed.rss"])) { poller, store, _ in
                let results = try await poller.pollDue()
                #expect(results.count == 1, "one source, fetched once")
                #expect(results.first.map { "\($0.changes)" } == "3 new in 2 sections, 0 changed, 0 unchanged")
                for section in ["s0", "s1"].map({ SectionKey(brand: "b", section: $0) }) {
                    #expect(try await store.entries(section: section, afterSeq: nil, limit: 10).count == 3)
                }
            }
        }
    }

    @Test func failuresBackOffAndTheLastErrorIsKept() async throws {
        let server = FeedServer()
        try await FetchTestServer.with(server.router) { port in
            try await Self.with(Self.sections(port: port, paths: ["/broken", "/page.html"])) { poller, store, now in
                let results = try await poller.pollDue().sorted { $0.sourceID < $1.sourceID }
                #expect(results.map(\.status) == [.http(500), .unreadable])
                var delays: [TimeInterval] = []
                for _ in 1...3 {
                    let state = try #require(try await store.sourceStates().first { $0.id.hasSuffix("/broken") })
                    delays.append(state.nextFetchAt.timeIntervalSince(now.current))
                    now.withLock { $0 = state.nextFetchAt }
                    _ = try await poller.pollDue()
                }
                #expect(delays[1] > delays[0] * 1.8 && delays[2] > delays[1] * 1.8, "\(delays)")
                let states = try await store.sourceStates()
                let broken = try #require(states.first { $0.id.hasSuffix("/broken") })
                #expect(broken.failures == 4)
                #expect(broken.lastError?.contains("500") == true)
                let page = try #require(states.first { $0.id.hasSuffix("/page.html") })
                #expect(page.lastError?.hasPrefix("source: not a feed") == true, "\(page.lastError ?? "")")
            }
        }
    }

    @Test func privateAddressesAreRefusedUnlessAllowed() async throws {
        let server = FeedServer()
        try await FetchTestServer.with(server.router) { port in
            try await Self.with(Self.sections(port: port, paths: ["/feed.rss"], allow: [])) { poller, store, _ in
                let results = try await poller.pollDue()
                #expect(results.map(\.status) == [.failed(.blocked)])
                #expect(server.hits("200") == 0, "no request reached the server")
                #expect(try await store.sourceStates().first?.lastError?.contains("allow_hosts") == true)
            }
        }
    }

    @Test func aLeasedSourceIsNotClaimedTwice() async throws {
        let server = FeedServer()
        try await FetchTestServer.with(server.router) { port in
            try await Self.with(Self.sections(port: port, paths: ["/feed.rss"])) { _, store, now in
                let at = now.current
                let mine = try await store.claimDueSources(owner: "a", now: at, lease: 300, limit: 10)
                let theirs = try await store.claimDueSources(owner: "b", now: at, lease: 300, limit: 10)
                #expect(mine.count == 1 && theirs.isEmpty)
                let later = try await store.claimDueSources(owner: "b", now: at + 301, lease: 300, limit: 10)
                #expect(later.count == 1, "an expired lease can be taken over")
            }
        }
    }
}

/// A clock the test moves by hand.
final class TestClock: Sendable {
    private let now = Locked(Date(timeIntervalSince1970: 1_800_000_000))

    func withLock<T>(_ body: (inout Date) -> T) -> T { now.withLock { body(&$0) } }

    /// The time now.
    var current: Date { now.current }
}
