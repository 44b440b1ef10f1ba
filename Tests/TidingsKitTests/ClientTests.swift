import Foundation
import Testing
import TidingsKit
import TidingsModel
import TidingsTesting

/// TidingsClient over URLSession against the real server, in process on a loopback port.
@Suite("TidingsClient against a live server")
struct ClientTests {
    /// The real transport, with every request's status and conditional header written down.
    final class RecordingTransport: HTTPTransport {
        /// Long: the in-process server answers from the tests' busy pool, and under a parallel
        /// release build two revalidations waited past five seconds (this suite times nothing).
        let inner = URLSessionTransport(timeout: 120)
        let log = Locked([(path: String, status: Int, conditional: Bool)]())

        func send(_ request: TransportRequest) async throws(TidingsError) -> TransportResponse {
            let response = try await inner.send(request)
            log.withLock {
                $0.append((request.url.path, response.status, request.headers["If-None-Match"] != nil))
            }
            return response
        }

        var statuses: [Int] { log.withLock { $0.map(\.status) } }
    }

    /// A clock the test moves.
    final class Clock: Sendable {
        let now = Locked(TestApp.now)
        func advance(_ seconds: TimeInterval) { now.withLock { $0 += seconds } }
        func read() -> Date { now.current }
    }

    /// Runs `body` with a live server whose brand (`daily` unless `brand` says) has a feed section
    /// polled from a file.
    static func withServer(
        items: [Int] = Array(1...12), brand: String = "daily",
        _ body: @Sendable (TestApp, Int, FeedFiles, SourcePoller) async throws -> Void
    ) async throws {
        let files = try FeedFiles()
        defer { files.remove() }
        let feed = try files.write("news.rss", FeedFiles.rss(items: items))
        let partner = try files.write(
            "partner.json",
            #"{"title": "Partner", "items": [{"type": "teaser", "title": "A"}, {"type": "poll", "id": "p1", "question": "Yes?"}]}"#
        )
        let placement = Placement(
            ads: AdRule(positions: [2]),
            notifications: [NotificationRule(id: "push", kind: "enable_push", text: LocalizedText("Turn on?"))])
        let sections = SectionsConfiguration(brands: [
            Brand(
                id: brand, name: "Daily", locale: .en,
                sections: [
                    Section(
                        id: "news", title: LocalizedText("News"), source: .file([feed], format: .feed),
                        placement: placement),
                    Section(
                        id: "partner", title: LocalizedText("Partner"), source: .file([partner], format: .unifiedJSON)),
                ])
        ])
        try await TestApp.withPolled(sections, testing: .live) { app, client, poller in
            try await body(app, try #require(client.port), files, poller)
        }
    }

    static func client(_ port: Int, transport: any HTTPTransport = URLSessionTransport(), clock: Clock = Clock())
        -> TidingsClient
    {
        TidingsClient(
            baseURL: URL(string: "http://127.0.0.1:\(port)")!, transport: transport, deviceID: "phone-1",
            clock: { clock.read() })
    }

    @Test("reads brands, sections and a composed page over real HTTP")
    func reads() async throws {
        try await Self.withServer { _, port, _, _ in
            let client = Self.client(port)
            #expect(try await client.brands().map(\.id) == ["daily"])
            #expect(try await client.sections(brand: "daily").map(\.id) == ["news", "partner"])
            let page = try await client.section(brand: "daily", section: "news", limit: 3)
            guard case .native(let items) = page.content else { throw TidingsError.badResponse("web") }
            #expect(items.map(\.type) == ["notification", "teaser", "ad", "teaser", "teaser"])
            #expect(page.nextCursor != nil)
        }
    }

    @Test("items of types the SDK does not know arrive as unknown, with their JSON")
    func unknownTypes() async throws {
        try await Self.withServer { _, port, _, _ in
            let page = try await Self.client(port).section(brand: "daily", section: "partner")
            guard case .native(let items) = page.content else { throw TidingsError.badResponse("web") }
            #expect(
                items.last
                    == .unknown(
                        type: "poll",
                        raw: .object(["type": .string("poll"), "id": .string("p1"), "question": .string("Yes?")])))
        }
    }

    @Test("a response without Cache-Control is served from the cache for an hour, then fetched again")
    func oneHourFloor() async throws {
        try await Self.withServer { _, port, _, _ in
            let transport = RecordingTransport()
            let clock = Clock()
            let client = Self.client(port, transport: transport, clock: clock)
            _ = try await client.brands()
            clock.advance(3599)
            _ = try await client.brands()
            #expect(transport.statuses == [200], "fresh for an hour: no request")
            clock.advance(2)
            _ = try await client.brands()
            #expect(transport.statuses == [200, 200])
        }
    }

    @Test("a stale response is revalidated with its ETag: 304 costs no body")
    func etagRevalidation() async throws {
        try await Self.withServer { _, port, _, _ in
            let transport = RecordingTransport()
            let clock = Clock()
            let client = Self.client(port, transport: transport, clock: clock)
            let first = try await client.section(brand: "daily", section: "news", limit: 3)
            let second = try await client.section(brand: "daily", section: "news", limit: 3)
            #expect(first == second)
            let log = transport.log.current
            #expect(log.map(\.status) == [200, 304], "no-cache: asked every time, answered 304")
            #expect(log.last?.conditional == true)
        }
    }

    @Test("the HTTP cache survives a relaunch through the offline store: fresh hits, then a 304")
    func persistentCache() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tidings-cache-\(UUID().uuidString).sqlite"
        ).path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let served = Locked(0)
        try await Self.withServer { _, port, _, _ in
            served.withLock { $0 = port }
            let clock = Clock()
            func launch() throws -> (TidingsClient, RecordingTransport) {
                // A new process: a new client and cache, the same store file.
                let transport = RecordingTransport()
                let cache = ResponseCache(storage: try OfflineStore(path: path))
                return (
                    TidingsClient(
                        baseURL: URL(string: "http://127.0.0.1:\(port)")!, transport: transport, cache: cache,
                        deviceID: "phone-1", clock: { clock.read() }), transport
                )
            }
            let (first, firstLog) = try launch()
            let brands = try await first.brands()
            let page = try await first.section(brand: "daily", section: "news", limit: 3)
            #expect(firstLog.statuses == [200, 200])

            let (second, secondLog) = try launch()
            #expect(try await second.brands() == brands, "kept for an hour: served without a request")
            #expect(try await second.section(brand: "daily", section: "news", limit: 3) == page)
            let log = secondLog.log.current
            #expect(log.map(\.status) == [304], "the section (no-cache) is revalidated with the kept ETag")
            #expect(log.first?.conditional == true)

            clock.advance(3601)
            let (third, thirdLog) = try launch()
            _ = try await third.brands()
            #expect(thirdLog.statuses == [200], "an hour later the kept brands are stale and fetched again")
        }
        // The server is gone and the kept brands are stale: asking fails, what was kept is there,
        // with when it was fetched.
        let clock = Clock()
        clock.advance(3601 + 7200)
        let offline = TidingsClient(
            baseURL: URL(string: "http://127.0.0.1:\(served.current)")!,
            cache: ResponseCache(storage: try OfflineStore(path: path)), clock: { clock.read() })
        await #expect(throws: TidingsError.unreachable) { try await offline.brands() }
        let kept = try #require(offline.keptBrands())
        #expect(kept.value.map(\.id) == ["daily"])
        #expect(kept.fetchedAt == TestApp.now.addingTimeInterval(3601), "the third launch's fetch")
        #expect(offline.keptSections(brand: "daily") == nil, "never fetched")
    }

    @Test("a no-store response takes back what was kept for its URL, in memory and across launches")
    func noStoreForgets() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tidings-cache-\(UUID().uuidString).sqlite"
        ).path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let url = URL(string: "http://127.0.0.1:9/api/v1/brands")!
        let now = TestApp.now
        let first = ResponseCache(storage: try OfflineStore(path: path))
        first.store(TransportResponse(status: 200, body: Data("old".utf8)), for: url, at: now)
        #expect(ResponseCache(storage: try OfflineStore(path: path)).entry(for: url)?.body == Data("old".utf8))
        let kept = first.store(
            TransportResponse(status: 200, headers: ["Cache-Control": "no-store"], body: Data("private".utf8)),
            for: url,
            at: now)
        #expect(kept == nil && first.entry(for: url) == nil, "gone from memory, and not read back from the store")
        #expect(ResponseCache(storage: try OfflineStore(path: path)).entry(for: url) == nil, "gone after a relaunch")
    }

    @Test("a stopped server is unreachable, an unknown section a 404 with the server's message, in ru and en")
    func errors() async throws {
        let port = Locked(0)
        try await Self.withServer { _, live, _, _ in
            port.withLock { $0 = live }
            let error = await #expect(throws: TidingsError.self) {
                try await Self.client(live).section(brand: "daily", section: "nope")
            }
            guard case .server(404, "not_found", let message)? = error?.kind else {
                Issue.record("\(String(describing: error))")
                return
            }
            #expect(message == "api: brand daily has no section nope")
            #expect(error?.message(in: .ru) == "Этой страницы больше нет.")
        }
        let stopped = port.current
        let offline = await #expect(throws: TidingsError.self) { try await Self.client(stopped).brands() }
        // Issue 34: a stopped server told the reader "You are offline" though the connection was fine.
        #expect(offline == .unreachable)
        #expect(offline?.message(in: .en) == "The server cannot be reached right now. Try again later.")
        #expect(offline?.message(in: .ru) == "Сервер сейчас недоступен. Попробуйте позже.")
        #expect(offline?.isRetryable == true)
        // Issue 36: what the transport said is kept underneath, for the app's logs.
        let underlying = try #require(offline?.underlying, "the transport's own error is kept")
        #expect(String(reflecting: offline!).contains("unreachable (underlying: "), "\(String(reflecting: offline!))")
        #expect(!(underlying is TidingsError))
    }

    @Test("a dismissed card stays away for this device")
    func dismissal() async throws {
        try await Self.withServer { _, port, _, _ in
            let client = Self.client(port)
            try await client.dismiss(notification: "push")
            let page = try await client.section(brand: "daily", section: "news", limit: 3)
            guard case .native(let items) = page.content else { throw TidingsError.badResponse("web") }
            #expect(!items.contains { $0.type == "notification" })
        }
    }

    @Test("paging a section while the server takes in new items: no duplicates, no gaps")
    func pagingWhileInserting() async throws {
        try await Self.withServer(items: Array(1...20)) { _, port, files, poller in
            let loader = SectionLoader(client: Self.client(port), brand: "daily", section: "news", limit: 4)
            var seen: [String] = []
            var cursor: String?
            var round = 0
            repeat {
                let page = try await loader.load(cursor: cursor)
                guard case .native(let items) = page.content else { throw TidingsError.badResponse("web") }
                seen += items.compactMap { if case .teaser(let teaser) = $0 { teaser.title } else { nil } }
                cursor = page.nextCursor
                round += 1
                try files.write("news.rss", FeedFiles.rss(items: 1...(20 + round)))
                _ = try await poller.pollAllNow()
            } while cursor != nil
            #expect(seen == (1...20).reversed().map { "Story \($0)" })
        }
    }

    @Test("a plus in a query value is sent escaped (servers read a query's + as a space, as forms send it)")
    func plusEscaped() {
        let url = Endpoints.search(brand: "courier", query: "C++ ferry").url(
            base: URL(string: "http://127.0.0.1:8080")!)
        #expect(url.query?.contains("q=C%2B%2B%20ferry") == true, "\(url)")
    }
}
