import AsyncHTTPClient
import Foundation
import NIOCore
import Testing
import TidingsCatalog
import TidingsModel
import TidingsRuntime
import TidingsStore
import TidingsTesting

/// Issue 12's fault suite: real `tidings serve` processes meeting real trouble, checked against
/// the availability rules in docs/architecture.md — every request answered (200 or 503 with
/// Retry-After, never 500, never left hanging), nothing acknowledged lost, the process alive and
/// recovering by itself, and SIGTERM obeyed within 10 s.
@Suite("Faults", .serialized)
struct FaultTests {
    let folder: URL

    init() throws {
        folder = try TemporaryFolder.make("faults")
    }

    /// What the writers saw.
    final class Tally: Sendable {
        let state = Locked(
            (statuses: [Int: Int](), unanswered: [String](), acknowledged: Set<String>(), noRetryAfter: 0))

        func saw(_ status: Int) { state.withLock { $0.statuses[status, default: 0] += 1 } }

        /// Notes the answer's status, and a 503 that does not say when to come back.
        func saw(_ response: HTTPClientResponse) {
            saw(Int(response.status.code))
            if response.status == .serviceUnavailable, response.headers.first(name: "retry-after") == nil {
                state.withLock { $0.noRetryAfter += 1 }
            }
        }
    }

    /// `POST /api/v1/events` with one event, waiting at most `timeout` for the answer.
    static func post(_ event: String, base: String, key: String, timeout: Int64 = 20) async throws
        -> HTTPClientResponse
    {
        var request = HTTPClientRequest(url: "\(base)/api/v1/events")
        request.method = .POST
        request.headers.add(name: "Authorization", value: "Bearer \(key)")
        request.headers.add(name: "Content-Type", value: "application/json")
        request.body = .bytes(ByteBuffer(string: #"{"events":[\#(event)]}"#))
        return try await HTTPClient.shared.execute(request, timeout: .seconds(timeout))
    }

    /// Posts one event until it is acknowledged (accepted or a duplicate), noting every answer.
    static func deliver(_ event: String, id: String, base: String, key: String, tally: Tally) async {
        for _ in 0..<200 {
            do {
                let response = try await post(event, base: base, key: key)
                let body = String(buffer: try await response.body.collect(upTo: 1 << 20))
                let status = Int(response.status.code)
                tally.saw(response)
                if status == 200,
                    let report = try? TidingsJSON.decoder().decode(EventsReport.self, from: Data(body.utf8)),
                    report.accepted + report.duplicates == 1
                {
                    tally.state.withLock { _ = $0.acknowledged.insert(id) }
                    return
                }
            } catch {
                tally.state.withLock { $0.unanswered.append("\(id): \(error)") }
            }
            try? await Task.sleep(for: .milliseconds(200))
        }
    }

    /// Runs writers against `base` for `seconds`, calling `trouble` once they are under way.
    static func burst(
        base: String, key: String, writers: Int = 4, seconds: Double = 8,
        trouble: @escaping @Sendable () async throws -> Void
    ) async throws -> Tally {
        let tally = Tally()
        let end = Date().addingTimeInterval(seconds)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<writers {
                group.addTask {
                    let product = "w\(writer)"
                    await deliver(
                        #"{"id":"\#(product)-0","type":"product_created","product_id":"\#(product)","name":"P","store_price":"100.00"}"#,
                        id: "\(product)-0", base: base, key: key, tally: tally)
                    var n = 1
                    while Date() < end, !Task.isCancelled {
                        let price = n.isMultiple(of: 2) ? "100.00" : "150.00"
                        await deliver(
                            #"{"id":"\#(product)-\#(n)","type":"price_changed","product_id":"\#(product)","store_price":"\#(price)"}"#,
                            id: "\(product)-\(n)", base: base, key: key, tally: tally)
                        n += 1
                    }
                }
            }
            group.addTask {
                try await Task.sleep(for: .milliseconds(1500))
                try await trouble()
            }
            try await group.waitForAll()
        }
        return tally
    }

    /// No write rate limit for the server of a burst.
    static let unlimited = ["TIDINGS_LIMITS_KEY_RATE": "0"]

    /// Starts `tidings serve` on `database`, returning the process, its base URL and an API key.
    func serve(_ database: String) async throws -> (TidingsProcess, String, String) {
        let created = try await TidingsProcess.run(
            ["keys", "create", "--name", "faults", "--database", database], in: folder)
        try #require(created.status == 0, "\(created.output)")
        let key = String(try #require(created.output.split(separator: "\n").first { $0.hasPrefix("tid_") }))
        // The bursts are one key writing as fast as it can; the write rate limit is not what these
        // tests are about, so it is off (RateLimitTests cover it).
        let server = try TidingsProcess(
            ["serve", "--port", "0", "--no-demo", "--database", database], in: folder,
            environment: Self.unlimited)
        return (server, try await server.waitForBase(), key)
    }

    /// The availability rules after a burst: answers, acknowledgements, events stored (beyond the
    /// `baseline` there before it), SIGTERM.
    func check(_ tally: Tally, server: TidingsProcess, database: String, baseline: Int = 0) async throws {
        let seen = tally.state.current
        #expect(seen.unanswered.isEmpty, "requests left without an answer: \(seen.unanswered.prefix(5))")
        #expect(Set(seen.statuses.keys).isSubset(of: [200, 503]), "statuses: \(seen.statuses)")
        #expect(seen.noRetryAfter == 0, "503 without Retry-After")
        #expect(server.process.isRunning, "the server survived:\n\(server.text.suffix(3000))")
        // Counted on a connection of the test's own, which is not what is under test: opened
        // without migrating (the server did) and given longer than the server's 10 s, for a CI
        // machine running the whole suite at once (a count was seen to wait 10 s there once).
        let store = try await DatabaseURL(database).open(
            policy: NewsPolicy(), timeout: .seconds(30), schema: .requireCurrent)
        let stored = try await store.counts().events
        try await store.close()
        #expect(stored - baseline == seen.acknowledged.count, "every acknowledged event is stored, and only those once")
        #expect(!server.text.contains("unexpected error"), "\(server.text.suffix(3000))")
        let logged503 = server.text.split(separator: "\n").filter { $0.contains("answering 503") }.count
        #expect(logged503 <= 8, "503s are logged once per cause, not per request (\(logged503) lines)")
        let stopping = ContinuousClock.now
        server.process.terminate()
        _ = try await server.waitForExit(timeout: 15)
        #expect(ContinuousClock.now - stopping < .seconds(11), "SIGTERM exits within 10 s")
    }

    @Test(
        "PostgreSQL restarted (immediate) during a write burst: every write answered, none lost",
        .enabled(if: PrivatePostgres.skipReason == nil, Comment(rawValue: PrivatePostgres.skipReason ?? "")))
    func postgresRestart() async throws {
        try await PrivatePostgres.with { cluster in
            let (server, base, key) = try await serve(cluster.url)
            let tally = try await Self.burst(base: base, key: key) { try await cluster.restart(mode: "immediate") }
            try await check(tally, server: server, database: cluster.url)
        }
    }

    @Test(
        "PostgreSQL stopped for 4 s during a write burst: writes wait or get 503, then resume",
        .enabled(if: PrivatePostgres.skipReason == nil, Comment(rawValue: PrivatePostgres.skipReason ?? "")))
    func postgresDown() async throws {
        try await PrivatePostgres.with { cluster in
            let (server, base, key) = try await serve(cluster.url)
            let tally = try await Self.burst(base: base, key: key, seconds: 10) {
                try await cluster.stop(mode: "fast")
                try await Task.sleep(for: .seconds(4))
                try await cluster.startAgain()
            }
            try await check(tally, server: server, database: cluster.url)
        }
    }

    /// Posts `events` (one JSON array body) until every one is acknowledged, noting every answer.
    static func deliverBatch(_ events: [String], ids: [String], base: String, key: String, tally: Tally) async {
        for _ in 0..<200 {
            do {
                var request = HTTPClientRequest(url: "\(base)/api/v1/events")
                request.method = .POST
                request.headers.add(name: "Authorization", value: "Bearer \(key)")
                request.headers.add(name: "Content-Type", value: "application/json")
                request.body = .bytes(ByteBuffer(string: #"{"events":[\#(events.joined(separator: ","))]}"#))
                let response = try await HTTPClient.shared.execute(request, timeout: .seconds(20))
                let body = String(buffer: try await response.body.collect(upTo: 1 << 22))
                let status = Int(response.status.code)
                tally.saw(response)
                if status == 200,
                    let report = try? TidingsJSON.decoder().decode(EventsReport.self, from: Data(body.utf8)),
                    report.accepted + report.duplicates == events.count
                {
                    tally.state.withLock { $0.acknowledged.formUnion(ids) }
                    return
                }
            } catch {
                tally.state.withLock { $0.unanswered.append("batch \(ids[0]): \(error)") }
            }
            try? await Task.sleep(for: .milliseconds(200))
        }
    }

    /// GETs `path` until `end`, noting every answer (a read's 503 must say Retry-After too).
    static func read(_ path: String, base: String, until end: Date, tally: Tally) async {
        while Date() < end, !Task.isCancelled {
            do {
                // Uncompressed: HTTPClient.shared refuses a body that inflates more than tenfold,
                // and 200 news items of one product family do.
                var request = HTTPClientRequest(url: base + path)
                request.headers.add(name: "Accept-Encoding", value: "identity")
                let response = try await HTTPClient.shared.execute(request, timeout: .seconds(20))
                _ = try await response.body.collect(upTo: 1 << 24)
                tally.saw(response)
            } catch {
                tally.state.withLock { $0.unanswered.append("GET \(path): \(String(reflecting: error))") }
            }
            try? await Task.sleep(for: .milliseconds(50))
        }
    }

    /// Holds a live stream open until `end`, reconnecting when the server ends it.
    static func follow(_ path: String, base: String, until end: Date, tally: Tally) async {
        while Date() < end, !Task.isCancelled {
            do {
                let response = try await HTTPClient.shared.execute(
                    HTTPClientRequest(url: base + path),
                    deadline: .now() + .seconds(Int64(end.timeIntervalSinceNow) + 1))
                if response.status != .ok { tally.saw(Int(response.status.code)) }
                for try await _ in response.body where Date() >= end { break }
            } catch {
                // The deadline ending the stream, or the server closing it: both fine for a follower.
            }
            try? await Task.sleep(for: .milliseconds(200))
        }
    }

    @Test(
        "PostgreSQL restarted (immediate), then stopped for 10 s, under mixed load: the server answers every request, loses nothing, serves again",
        .enabled(if: PrivatePostgres.skipReason == nil, Comment(rawValue: PrivatePostgres.skipReason ?? "")))
    func postgresRestartUnderMixedLoad() async throws {
        try await PrivatePostgres.with { cluster in
            let created = try await TidingsProcess.run(
                ["keys", "create", "--name", "faults", "--database", cluster.url], in: folder)
            let key = String(try #require(created.output.split(separator: "\n").first { $0.hasPrefix("tid_") }))
            // The demo brands: sections to page, live streams to follow, a poller recording.
            let server = try TidingsProcess(
                ["serve", "--port", "0", "--database", cluster.url], in: folder, environment: Self.unlimited)
            let base = try await server.waitForBase()
            try await server.waitForDemoSources()
            let store = try await DatabaseURL(cluster.url).open(policy: NewsPolicy())
            let baseline = try await store.counts().events
            try await store.close()

            let tally = Tally()
            let end = Date().addingTimeInterval(24)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for writer in 0..<2 {
                    group.addTask {
                        var n = 0
                        while Date() < end, !Task.isCancelled {
                            let ids = (0..<1000).map { "b\(writer)-\(n)-\($0)" }
                            let events = ids.map {
                                #"{"id":"\#($0)","type":"product_created","product_id":"\#($0)","name":"Batch product","store_price":"100.00"}"#
                            }
                            await Self.deliverBatch(events, ids: ids, base: base, key: key, tally: tally)
                            n += 1
                        }
                    }
                    group.addTask {
                        var n = 0
                        while Date() < end, !Task.isCancelled {
                            let id = "s\(writer)-\(n)"
                            await Self.deliver(
                                #"{"id":"\#(id)","type":"product_created","product_id":"\#(id)","name":"P","store_price":"100.00"}"#,
                                id: id, base: base, key: key, tally: tally)
                            n += 1
                        }
                    }
                }
                for path in ["/api/v1/news_items?limit=200", "/api/v1/brands/courier/sections/news?limit=50"] {
                    group.addTask { await Self.read(path, base: base, until: end, tally: tally) }
                }
                for path in ["/api/v1/news_items/updates", "/api/v1/brands/courier/sections/news/updates"] {
                    group.addTask { await Self.follow(path, base: base, until: end, tally: tally) }
                }
                group.addTask {
                    try await Task.sleep(for: .seconds(3))
                    try await cluster.restart(mode: "immediate")
                    try await Task.sleep(for: .seconds(4))
                    try await cluster.stop(mode: "fast")
                    try await Task.sleep(for: .seconds(10))
                    try await cluster.startAgain()
                }
                try await group.waitForAll()
            }
            // Back within seconds of the database: the last writes after the start were acknowledged.
            let after = Tally()
            await Self.deliver(
                #"{"id":"after","type":"product_created","product_id":"after","name":"P","store_price":"1.00"}"#,
                id: "after", base: base, key: key, tally: after)
            #expect(after.state.current.acknowledged == ["after"], "writes work again: \(after.state.current)")
            let news = try await HTTPClient.shared.execute(
                HTTPClientRequest(url: "\(base)/api/v1/news_items"), timeout: .seconds(20))
            #expect(news.status == .ok)
            try await check(tally, server: server, database: cluster.url, baseline: baseline + 1)
        }
    }

    /// Runs `command` in the mount namespace of process `pid` (`nsenter`), returning its status.
    static func inNamespace(of pid: Int32, _ command: String) async throws -> Int32 {
        let process = try ChildProcess("/usr/bin/nsenter", ["-t", "\(pid)", "-m", "/bin/sh", "-c", command])
        while process.isRunning { try await Task.sleep(for: .milliseconds(20)) }
        return process.terminationStatus
    }

    static var diskFullSkipReason: String? {
        guard getuid() == 0 else { return "a private tmpfs needs root (unshare -m)" }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare"),
            FileManager.default.isExecutableFile(atPath: "/usr/bin/nsenter")
        else { return "needs unshare and nsenter (util-linux)" }
        return nil
    }

    @Test(
        "a full disk under SQLite: writes get 503 with Retry-After, reads work, writes resume once space is freed",
        .enabled(if: Self.diskFullSkipReason == nil, Comment(rawValue: Self.diskFullSkipReason ?? "")))
    func diskFull() async throws {
        let disk = folder.appendingPathComponent("disk")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
        let database = "sqlite:\(disk.path)/t.sqlite"
        let tidings = TidingsProcess.executable.path
        // The database lives on an 8 MB tmpfs that only this server's mount namespace sees.
        let script = """
            mount -t tmpfs -o size=8m tmpfs '\(disk.path)' && \
            '\(tidings)' keys create --name faults --database '\(database)' > '\(folder.path)/key.txt' && \
            exec '\(tidings)' serve --port 0 --no-demo --database '\(database)'
            """
        let server = try TidingsProcess(
            ["-m", "--propagation", "private", "/bin/sh", "-c", script], in: folder, environment: Self.unlimited,
            launcher: URL(fileURLWithPath: "/usr/bin/unshare"))
        let base = try await server.waitForBase()
        let key =
            try String(contentsOf: folder.appendingPathComponent("key.txt"), encoding: .utf8)
            .split(separator: "\n").first { $0.hasPrefix("tid_") }.map(String.init) ?? ""
        let pid = server.process.processIdentifier
        let filled = try await Self.inNamespace(of: pid, "dd if=/dev/zero of='\(disk.path)/filler' bs=64k")
        #expect(filled != 0, "dd stops when the disk is full")

        func post(_ id: String) async throws -> HTTPClientResponse {
            let event =
                #"{"id":"\#(id)","type":"product_created","product_id":"\#(id)","name":"P","store_price":"1.00"}"#
            return try await Self.post(event, base: base, key: key)
        }  // Enough writes to need new pages of the write-ahead log.
        var refused: HTTPClientResponse?
        for n in 0..<50 {
            let response = try await post("full-\(n)")
            if response.status != .ok {
                refused = response
                break
            }
        }
        #expect(refused?.status == .serviceUnavailable, "a full disk refuses writes with 503")
        #expect(refused?.headers.first(name: "retry-after") != nil)
        let news = try await HTTPClient.shared.execute(
            HTTPClientRequest(url: "\(base)/api/v1/news_items"), timeout: .seconds(20))
        #expect(news.status == .ok, "reads keep working")
        #expect(try await Self.inNamespace(of: pid, "rm '\(disk.path)/filler'") == 0)
        var resumed = false
        for attempt in 0..<20 where !resumed {
            resumed = try await post("after-\(attempt)").status == .ok
            if !resumed { try await Task.sleep(for: .milliseconds(500)) }
        }
        #expect(resumed, "writes resume once space is free")
        #expect(server.process.isRunning, "the server survived:\n\(server.text.suffix(3000))")
        #expect(!server.text.contains("unexpected error"), "\(server.text.suffix(3000))")
        let stopping = ContinuousClock.now
        server.process.terminate()
        _ = try await server.waitForExit(timeout: 15)
        #expect(ContinuousClock.now - stopping < .seconds(11), "SIGTERM exits within 10 s")
    }

    @Test(
        "a SQLite lock held 30 s by another process: 503 within the busy timeout, logged once, and SIGTERM still exits")
    func lockHeld() async throws {
        try await TestDatabase.with(.sqlite) { database in
            let (server, base, key) = try await serve(database.url)
            let lock = try await LockHolder.hold(database, limit: .seconds(30))
            let event = #"{"id":"locked-1","type":"product_created","product_id":"l1","name":"P","store_price":"1.00"}"#
            let tally = Tally()
            // Two writes queue behind the lock: each is answered, 503 with Retry-After, within ~10 s.
            await withTaskGroup(of: Void.self) { group in
                for n in 0..<2 {
                    group.addTask {
                        do {
                            let response = try await Self.post(event, base: base, key: key, timeout: 25)
                            tally.saw(Int(response.status.code))
                            if response.headers.first(name: "retry-after") == nil {
                                tally.state.withLock { $0.noRetryAfter += 1 }
                            }
                        } catch {
                            tally.state.withLock { $0.unanswered.append("\(n): \(error)") }
                        }
                    }
                }
            }
            let seen = tally.state.current
            #expect(seen.statuses == [503: 2] && seen.noRetryAfter == 0 && seen.unanswered.isEmpty, "\(seen)")
            let health = try await HTTPClient.shared.execute(
                HTTPClientRequest(url: "\(base)/api/v1/news_items"), timeout: .seconds(20))
            #expect(health.status == .ok, "reads keep working under the lock")
            // The poller keeps trying under the lock (each try waits up to the 10 s busy timeout);
            // it says so a few times at most, not once per source or per try.
            try await Task.sleep(for: .seconds(12))
            // Lines about the store only: once the lock is gone the demo's broken partner file is
            // read and logged too (a warning with an `error` field), which is not this test's.
            let pollerLines = server.text.split(separator: "\n").filter {
                $0.contains("poller:") && $0.contains("store: unavailable")
            }
            #expect(
                (1...3).contains(pollerLines.count), "logged once or twice: \(pollerLines)\n\(server.text.suffix(2500))"
            )
            #expect(server.process.isRunning)
            // SIGTERM while the lock is still held and the poller waits on it.
            let stopping = ContinuousClock.now
            server.process.terminate()
            _ = try await server.waitForExit(timeout: 15)
            #expect(ContinuousClock.now - stopping < .seconds(11), "SIGTERM exits within 10 s")
            try await lock.release()
        }
    }
}
