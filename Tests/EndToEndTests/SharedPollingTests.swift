import AsyncHTTPClient
import Foundation
import Hummingbird
import NIOCore
import Testing
import TidingsModel
import TidingsTesting

/// Two `tidings serve` processes on one PostgreSQL database share the polling: each source is
/// fetched by one process at a time (the lease), and the work is split between them.
@Suite(
    "Two servers share polling",
    .enabled(if: TestDatabase.postgresURL != nil, Comment(rawValue: TestDatabase.postgresSkipMessage)))
struct SharedPollingTests {
    /// Serves `/feed/N.rss` slowly, recording how many requests per path were in flight at once.
    final class SlowFeeds: Sendable {
        let state = Locked((inFlight: [String: Int](), most: [String: Int](), hits: [String: Int]()))

        var router: Router<BasicRequestContext> {
            let router = Router()
            router.get("/feed/:n") { request, _ -> Response in
                let path = request.uri.path
                self.state.withLock { state in
                    state.inFlight[path, default: 0] += 1
                    state.hits[path, default: 0] += 1
                    state.most[path] = max(state.most[path] ?? 0, state.inFlight[path]!)
                }
                try await Task.sleep(for: .milliseconds(400))
                self.state.withLock { $0.inFlight[path, default: 1] -= 1 }
                return Response(
                    status: .ok, headers: [.contentType: "application/rss+xml"],
                    body: .init(byteBuffer: ByteBuffer(string: FeedFiles.rss(items: 1...3, title: path))))
            }
            return router
        }
    }

    @Test("each source is fetched by exactly one process at a time, and both processes fetch")
    func leases() async throws {
        let feeds = SlowFeeds()
        try await LoopbackServer.with(feeds.router) { port in
            try await TestDatabase.with(.postgres) { database in
                try await Self.run(port: port, database: database.url, feeds: feeds)
            }
        }
    }

    static func run(port: Int, database: String, feeds: SlowFeeds) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tidings-shared-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let sections = (1...6).map { n in
            "      - {id: s\(n), title: S\(n), source: {type: feed, url: \"http://127.0.0.1:\(port)/feed/\(n).rss\"}}"
        }
        let yaml = """
            fetch: {interval: 2s, min_interval: 1s, max_interval: 10s, allow_hosts: [127.0.0.1], concurrency: 2}
            brands:
              - id: shared
                name: Shared
                sections:
            \(sections.joined(separator: "\n"))

            """
        try Data(yaml.utf8).write(to: folder.appendingPathComponent("brands.yaml"))
        let arguments = ["serve", "--port", "0", "--no-demo", "--config", "brands.yaml", "--database", database]
        let environment = ["TIDINGS_LOG_LEVEL": "debug"]
        let first = try TidingsProcess(arguments, in: folder, environment: environment)
        let second = try TidingsProcess(arguments, in: folder, environment: environment)
        _ = try await first.waitForPort()
        _ = try await second.waitForPort()
        try await Task.sleep(for: .seconds(9))
        first.process.terminate()
        second.process.terminate()
        #expect(try await first.waitForExit() == 0)
        #expect(try await second.waitForExit() == 0)

        let (most, hits) = feeds.state.withLock { ($0.most, $0.hits) }
        #expect(hits.count == 6, "every source was fetched: \(hits)")
        #expect(most.values.allSatisfy { $0 == 1 }, "never two fetches of one source at once: \(most)")
        let lines = [first, second].map { process in
            process.text.split(separator: "\n").filter { $0.contains("poller: fetched http://127.0.0.1:\(port)/feed/") }
        }
        let fetches = lines.map(\.count)
        #expect(fetches.allSatisfy { $0 > 0 }, "both processes fetched: \(fetches)")
        // A fetch the stop cancelled may or may not have reached the feeds; one sent twice (its
        // pooled connection closed unanswered) may have reached them twice.
        let cancelled = lines.joined().count { $0.contains(": cancelled by ") }
        let resent = [first, second].map { process in
            process.text.split(separator: "\n").count { $0.contains("sent twice, the first connection closed") }
        }.reduce(0, +)
        let seen = hits.values.reduce(0, +)
        let fetched = fetches.reduce(0, +)
        #expect(
            (fetched - cancelled...fetched + resent).contains(seen),
            "every request the feeds saw was a poller fetch: \(seen) seen, \(fetches) fetched, \(cancelled) cancelled, \(resent) resent"
        )
        // One process alone would fetch each source about every 2 s; two must not double that.
        #expect(hits.values.allSatisfy { $0 <= 7 }, "\(hits)")
    }
}
