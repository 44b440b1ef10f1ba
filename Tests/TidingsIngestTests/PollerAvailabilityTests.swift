import Foundation
import Hummingbird
import Testing
import TidingsModel
import TidingsSections
import TidingsStore
import TidingsTesting

@testable import TidingsIngest

/// Issue 12: the poller as the server runs it (`run()`), against trouble that used to end it or
/// stall it: a database lock held by another process, a source that never finishes.
@Suite struct PollerAvailabilityTests {
    /// Runs `poller.run()` while `body` runs, then stops it; fails if `run()` ended on its own.
    static func running(_ poller: SourcePoller, _ body: () async throws -> Void) async throws {
        let ended = Locked<String?>(nil)
        let task = Task {
            do {
                try await poller.run()
                ended.withLock { $0 = "returned" }
            } catch {
                ended.withLock { $0 = "threw \(error)" }
            }
        }
        try await body()
        #expect(ended.current == nil, "run() ended while it should still be polling")
        task.cancel()
        await task.value
    }

    /// Waits (up to `limit`) until `condition` holds.
    static func eventually(
        limit: Duration = .seconds(20), _ condition: () async throws -> Bool
    ) async rethrows -> Bool {
        let clock = ContinuousClock()
        let end = clock.now + limit
        while clock.now < end, !Task.isCancelled {
            if try await condition() { return true }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return try await condition()
    }

    @Test("a database locked longer than the busy timeout pauses polling, logged once; it resumes after")
    func lockedDatabase() async throws {
        let server = PollerTests.FeedServer()
        let log = LogCapture()
        try await FetchTestServer.with(server.router) { port in
            try await TestDatabase.with(.sqlite) { database in
                let store = try await database.open(timeout: .milliseconds(200))
                let lock = try await LockHolder.hold(database)
                let poller = SourcePoller(
                    configuration: PollerTests.sections(port: port, paths: ["/feed.rss"]), store: store,
                    logger: log.logger())
                try await Self.running(poller) {
                    // Tries fail for a while (backoff 1 s, 2 s, …); the service keeps running.
                    #expect(await Self.eventually { log.messages(atLeast: .error).count >= 1 })
                    try await Task.sleep(for: .seconds(2))
                    #expect(try await store.entries(stream: "b/s0", afterSeq: nil, limit: 10).isEmpty)
                    try await lock.release()
                    let stored = try await Self.eventually {
                        try await store.entries(stream: "b/s0", afterSeq: nil, limit: 10).count == 3
                    }
                    #expect(stored, "polling resumed once the lock was released")
                }
                let errors = log.messages(atLeast: .error)
                #expect(errors.count == 1, "logged once, not at every try: \(errors)")
                #expect(errors.first?.contains("database is locked") == true)
                #expect(log.messages(atLeast: .notice).contains { $0.contains("polling resumes") })
                try await poller.shutdown()
                try await store.close()
            }
        }
    }

    @Test("a source that never finishes holds one slot; the others are fetched and stored meanwhile")
    func slowSourceDelaysNobody() async throws {
        let gate = Gate()
        let server = PollerTests.FeedServer()
        let router = server.router
        router.get("/stuck.rss") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/rss+xml"],
                body: ResponseBody { writer in
                    try await writer.write(ByteBuffer(string: "<rss version=\"2.0\"><channel>"))
                    await gate.wait()
                    try await writer.finish(nil)
                })
        }
        try await FetchTestServer.with(router) { port in
            try await TestDatabase.with(.sqlite) { database in
                let store = try await database.open()
                var sections = PollerTests.sections(port: port, paths: ["/stuck.rss", "/feed.rss"])
                sections.fetch.totalTimeout = 60
                sections.fetch.readTimeout = 60
                let poller = SourcePoller(configuration: sections, store: store)
                try await Self.running(poller) {
                    // Well inside the stuck fetch's 60 s: the healthy one did not wait for it.
                    let stored = try await Self.eventually(limit: .seconds(30)) {
                        try await store.entries(stream: "b/s1", afterSeq: nil, limit: 10).count == 3
                    }
                    #expect(stored, "the healthy feed was stored while the stuck one was still being read")
                    gate.open()
                }
                try await poller.shutdown()
                try await store.close()
            }
        }
    }
}
