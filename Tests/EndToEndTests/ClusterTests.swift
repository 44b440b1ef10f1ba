import AsyncHTTPClient
import Foundation
import Hummingbird
import NIOCore
import Testing
import TidingsModel
import TidingsStore
import TidingsTesting

/// Three `tidings serve` processes on one PostgreSQL database behind nginx, as a deployment runs
/// them (docs/operations.md): they migrate an empty database once, a write through one shows on the
/// others within a second (the database's notifications, not the caches' lifetime), price changes
/// written through all three at once leave the news a rebuild gives, each source is fetched by one
/// of them per interval, and when one is killed no acknowledged write is lost and the others take
/// its sources over when its lease ends.
@Suite(
    "Three servers behind a load balancer",
    .enabled(if: TestDatabase.postgresURL != nil, Comment(rawValue: TestDatabase.postgresSkipMessage)),
    .enabled(if: Nginx.executable != nil, Comment(rawValue: Nginx.skipMessage)))
struct ClusterTests {
    /// The poller's settings: sources every 2 s, one fetch at a time per server (so all three get
    /// some), fetches that take `FeedServer.delay`, and a short
    /// total timeout so a lease (total timeout + 15 s) ends within the test.
    static let fetch =
        "{interval: 2s, min_interval: 1s, max_interval: 10s, total_timeout: 3s, concurrency: 1, allow_hosts: [127.0.0.1]}"
    static let sources = 4

    @Test("migrate once, see each other's writes within 1 s, share sources, survive SIGKILL")
    func cluster() async throws {
        let feeds = FeedServer()
        try await LoopbackServer.with(feeds.router) { feedPort in
            try await TestDatabase.with(.postgres) { database in
                let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                    "tidings-cluster-\(UUID().uuidString)")
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                defer { try? FileManager.default.removeItem(at: folder) }
                try await Self.run(folder: folder, feeds: feeds, feedPort: feedPort, database: database)
            }
        }
    }

    static func run(folder: URL, feeds: FeedServer, feedPort: Int, database: TestDatabase) async throws {
        let sections = (1...sources).map { n in
            "      - {id: s\(n), title: S\(n), source: {type: feed, url: \"http://127.0.0.1:\(feedPort)/feed/\(n).rss\"}}"
        }
        let yaml =
            "fetch: \(fetch)\nbrands:\n  - id: c\n    name: C\n    sections:\n" + sections.joined(separator: "\n")
        try Data((yaml + "\n").utf8).write(to: folder.appendingPathComponent("brands.yaml"))

        // Three at once on an empty database: one applies the migrations, all three start.
        let arguments = ["serve", "--port", "0", "--no-demo", "--config", "brands.yaml", "--database", database.url]
        let environment = ["TIDINGS_LOG_LEVEL": "debug", "TIDINGS_LIMITS_KEY_RATE": "0"].merging(Self.keepAlive) { $1 }
        let servers = try (0..<3).map { _ in try TidingsProcess(arguments, in: folder, environment: environment) }
        feeds.watch(servers.map { $0.process.processIdentifier })
        var ports: [Int] = []
        for server in servers {
            ports.append(try await server.waitForPort())
        }
        // They take turns for each migration: whichever applied it said so, and each was applied once.
        var applied: [Int] = []
        for server in servers {
            for line in server.text.split(separator: "\n") where line.contains("database: applied migration") {
                let list = line.split(separator: "migration").last!.drop { $0 == "s" || $0 == " " }
                for run in list.split(separator: ",") {
                    let ends = run.split(separator: "–").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
                    applied += Array(ends[0]...ends[ends.count - 1])
                }
            }
        }
        #expect(applied.sorted() == Migrations.all.map(\.version), "each migration once: \(applied)")
        let store = try await database.open()
        defer { Task { try await store.close() } }
        let status = try await store.schemaStatus()
        #expect(status.isCurrent && status.applied == Migrations.all.map(\.version))

        let created = try await TidingsProcess.run(
            ["keys", "create", "--name", "cluster", "--database", database.url], in: folder)
        try #require(created.status == 0, "\(created.output)")
        let key = String(try #require(created.output.split(separator: "\n").first { $0.hasPrefix("tid_") }))
        let nginx = try Nginx(upstreams: ports, folder: folder.appendingPathComponent("nginx"))
        defer { nginx.stop() }
        let bases = ports.map { "http://127.0.0.1:\($0)" }
        try await nginx.waitUntilServing()

        // A catalog write through the first shows on the second and third within 1 s, though
        // their cached news pages would live 5 s.
        for round in 0..<5 {
            for base in bases.dropFirst() { _ = try await get("\(base)/api/v1/news_items") }
            let id = "cluster-\(round)"
            let written = try await post(event(id, product: "p\(round)"), base: bases[0], key: key)
            try #require(written == 200)
            for base in bases.dropFirst() {
                let seen = try await waitUntil(seconds: 5) { try await get("\(base)/api/v1/news_items").contains(id) }
                // Under a second on an idle machine; 2.5 s leaves room for a loaded one (CI) and is
                // still half of the 5 s the cache would take without the announcement.
                #expect(seen < .seconds(2.5), "round \(round): \(base) showed the write after \(seen)")
            }
        }

        // A source's new entry, written by whichever server fetched it, shows on all three within
        // 1 s of that server saying so.
        for base in bases { _ = try await get("\(base)/api/v1/brands/c/sections/s1") }
        feeds.addItem()
        let fetchedBy = try await waitFor(seconds: 20) {
            servers.firstIndex { $0.text.contains("feed/1.rss: 1 new") }
        }
        for (index, base) in bases.enumerated() where index != fetchedBy {
            let seen = try await waitUntil(seconds: 5) {
                try await get("\(base)/api/v1/brands/c/sections/s1").contains(FeedServer.newTitle)
            }
            #expect(seen < .seconds(2.5), "\(base) showed the new entry after \(seen)")
        }

        // Price changes of eight products written through the balancer, so through all three
        // processes at once, late ones among them: the news they leave is what rebuilding from
        // the log in time order gives.
        let now = Date()
        for product in 0..<8 {
            let created =
                #"{"id":"hot-c\#(product)","type":"product_created","product_id":"hot\#(product)","name":"Hot \#(product)","store_price":"100.00","at":"\#(now.addingTimeInterval(-2 * 86_400).ISO8601Format())"}"#
            #expect(try await post(created, base: bases[0], key: key) == 200)
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<4 {
                group.addTask {
                    var random = SplitMix64(seed: UInt64(writer + 1))
                    for step in 0..<30 {
                        let at = now.addingTimeInterval(-Double(random.next(upTo: 86_400)))
                        let price = "\(50 + random.next(upTo: 100)).00"
                        let body =
                            #"{"id":"hot-\#(writer)-\#(step)","type":"price_changed","product_id":"hot\#(random.next(upTo: 8))","store_price":"\#(price)","at":"\#(at.ISO8601Format())"}"#
                        let status = try await post(body, base: nginx.base, key: key)
                        #expect(status == 200)
                    }
                }
            }
            try await group.waitForAll()
        }
        let live = try await store.newsPage(since: .distantPast, after: nil, limit: 10_000)
        let liveProducts = try await (0..<8).asyncMap { try await store.product(id: "hot\($0)") }
        let rebuilt = try await TidingsProcess.run(["news", "rebuild", "--database", database.url], in: folder)
        #expect(rebuilt.status == 0, "\(rebuilt.output)")
        #expect(try await store.newsPage(since: .distantPast, after: nil, limit: 10_000) == live)
        #expect(try await (0..<8).asyncMap { try await store.product(id: "hot\($0)") } == liveProducts)
        #expect(live.count(where: { $0.product.id.hasPrefix("hot") }) > 8, "price changes made news")

        // Writes through the load balancer while one server is killed: every acknowledged one kept.
        let acknowledged = Locked<[(id: String, at: Date)]>([])
        let writing = Task {
            var n = 0
            while !Task.isCancelled {
                n += 1
                let id = "lb-\(n)"
                if (try? await post(event(id, product: id), base: nginx.base, key: key)) == 200 {
                    acknowledged.withLock { $0.append((id, Date())) }
                }
            }
        }
        // The victim is a server that has just claimed a source (within 0.6 s of a fetch taking
        // 1.2 s): its fetch dies with it, and its lease stays behind.
        let pids = servers.map { $0.process.processIdentifier }
        let lease = 3.0 + 15
        let (victim, leased) = try await waitFor(seconds: 20) { () -> (Int, SourceState)? in
            for state in try await store.sourceStates() {
                guard let owner = state.leaseOwner, let until = state.leaseUntil,
                    until.timeIntervalSinceNow > lease - 0.6
                else { continue }
                let pid = owner.split(separator: ":").dropFirst().first.flatMap { Int32($0) }
                if let index = pids.firstIndex(where: { $0 == pid }) { return (index, state) }
            }
            return nil
        }
        kill(pids[victim], SIGKILL)
        let killedAt = Date()
        // Writes go on through the others: a few acknowledged after the kill (counted, not timed —
        // how many fit in a second depends on the machine's load).
        let after = try? await waitFor(seconds: 60) { () -> Int? in
            let count = acknowledged.current.count(where: { $0.at > killedAt.addingTimeInterval(0.5) })
            return count >= 5 ? count : nil
        }
        writing.cancel()
        _ = await writing.value
        let kept = acknowledged.current.map(\.id)
        #expect(after != nil, "the writes went on through the others after the kill: \(kept.count) in all")
        for id in kept {
            #expect(try await store.product(id: id) != nil, "acknowledged \(id) is stored")
        }

        // Its lease holds until it ends; then one of the others fetches the source.
        let leaseEnd = try #require(leased.leaseUntil)
        let hits = feeds.hits(of: leased.id)
        // The victim fetches right after taking its lease, and was killed just after that: under
        // load its fetch can reach the feed server after `killedAt` (a fresh-clone CI saw it at
        // the lease's first second). What follows it, from 5 s into the 18 s lease on, is another
        // server's.
        let settled = max(killedAt, leaseEnd.addingTimeInterval(-lease + 5))
        let next = try await waitFor(seconds: 40) { hits().first { $0 > settled } }
        let state = try #require(try await store.sourceStates().first { $0.id == leased.id })
        #expect(state.leaseOwner != leased.leaseOwner, "released by its new holder")
        #expect(next >= leaseEnd.addingTimeInterval(-0.1), "not fetched while the lease held: \(next) < \(leaseEnd)")
        #expect(next <= leaseEnd.addingTimeInterval(3), "taken over within a lease: \(next) vs \(leaseEnd)")

        // Every source: one fetch per interval, never two at once, never two instances in a row
        // sooner than the interval. A process's own second send — its pooled connection closed
        // unanswered, and the feed server had read the first — may cross its first here; the
        // process says so in its log. Each request is put down to its sender where /proc tells
        // (for the message: under a loaded suite the lookup has come back empty).
        func resent(_ path: String) -> Bool {
            servers.contains { $0.text.contains("\(path): sent twice, the first connection closed unanswered") }
        }
        let who = { (pid: Int32?) in pid.flatMap { pids.firstIndex(of: $0) }.map { "server \($0)" } ?? "unknown" }
        for (path, hits) in feeds.allHits() {
            let listed = hits.map { "\(who($0.pid)) at \($0.at.timeIntervalSince(killedAt)) s" }
            for (earlier, later) in zip(hits, hits.dropFirst()) {
                let gap = later.at.timeIntervalSince(earlier.at)
                // Measured where the requests are handled — in this process, whose busy pool handles one
                // late and so shortens the gap to the next (1.83 s seen in CI; 1.28 s once right after
                // the takeover, beside a parallel build). Instances fetching without the lease would
                // see the source due at the same moment: milliseconds apart, and two in flight.
                #expect(
                    gap >= 0.5 || resent(path),
                    "\(path) fetched again \(gap) s after \(who(earlier.pid)) by \(who(later.pid)): \(listed)")
            }
            for hit in hits where !hit.alongside.isEmpty {
                #expect(
                    resent(path),
                    "two fetches of \(path) at once: \(who(hit.pid)) beside \(hit.alongside.map(who)): \(listed)")
            }
        }
        let fetchers = servers.filter { $0.text.contains("poller: fetched http://127.0.0.1:\(feedPort)/feed/") }
        #expect(fetchers.count == 3, "the three shared the polling")

        for (index, server) in servers.enumerated() where index != victim {
            server.process.terminate()
            #expect(try await server.waitForExit() == 0)
        }
    }

    static func event(_ id: String, product: String) -> String {
        #"{"id":"\#(id)","type":"product_created","product_id":"\#(product)","name":"\#(id)","store_price":"100.00"}"#
    }

    /// The status of posting one event (the fault suite's request), its body read.
    static func post(_ event: String, base: String, key: String) async throws -> Int {
        let response = try await FaultTests.post(event, base: base, key: key, timeout: 10)
        _ = try await response.body.collect(upTo: 1 << 20)
        return Int(response.status.code)
    }

    /// Keep-alive connections outlive the test: a server (60 s) or nginx (75 s) closing an idle
    /// one just as the shared client sends on it fails the request with "I/O on closed channel"
    /// (seen once under CI's load, the test then 84 s long) — a race of HTTP keep-alive itself,
    /// not what these tests are about.
    static let keepAlive = ["TIDINGS_SERVER_IDLE_TIMEOUT": "30m"]

    static func get(_ url: String) async throws -> String {
        let response = try await HTTPClient.shared.execute(HTTPClientRequest(url: url), timeout: .seconds(10))
        return String(buffer: try await response.body.collect(upTo: 8 << 20))
    }

    /// How long it took until `condition` held, polling every 20 ms; fails after `seconds`.
    static func waitUntil(seconds: Double, _ condition: () async throws -> Bool) async throws -> Duration {
        let start = ContinuousClock.now
        while ContinuousClock.now - start < .seconds(seconds) {
            if try await condition() { return ContinuousClock.now - start }
            try await Task.sleep(for: .milliseconds(20))
        }
        if try await condition() { return ContinuousClock.now - start }  // woken late on a loaded machine
        throw ClusterError("not so within \(seconds) s")
    }

    /// The first value `probe` gives, polling every 50 ms; fails after `seconds`.
    static func waitFor<T>(seconds: Double, _ probe: () async throws -> T?) async throws -> T {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let value = try await probe() { return value }
            try await Task.sleep(for: .milliseconds(50))
        }
        if let value = try await probe() { return value }  // woken late on a loaded machine
        throw ClusterError("nothing within \(seconds) s")
    }
}

/// Feeds `/feed/N.rss`, each answer taking `delay` (so leases are held a while), recording when
/// each request came, from which of the watched processes (the peer's port looked up in `/proc`),
/// and which others of one path were in flight then.
final class FeedServer: Sendable {
    static let delay = Duration.milliseconds(1200)
    static let newTitle = "A story added while the cluster ran"

    /// One request: when its handler began, the process that sent it (nil when none of the
    /// watched ones holds the connection) and the senders of the same path's requests in flight.
    struct Hit: Sendable {
        var at: Date
        var pid: Int32?
        var alongside: [Int32?]
    }

    private let state = Locked(
        (hits: [String: [Hit]](), inFlight: [String: [Int: Int32?]](), next: 0, extra: false, pids: [Int32]()))

    func addItem() { state.withLock { $0.extra = true } }

    /// The processes whose requests are told apart.
    func watch(_ pids: [Int32]) { state.withLock { $0.pids = pids } }

    /// When `sourceID` (its URL) was requested, as the requests keep coming.
    func hits(of sourceID: String) -> @Sendable () -> [Date] {
        let path = URL(string: sourceID)?.path ?? sourceID
        return { [state] in state.withLock { ($0.hits[path] ?? []).map(\.at) } }
    }

    func allHits() -> [String: [Hit]] { state.withLock { $0.hits } }

    var router: Router<PeerRequestContext> {
        let router = Router(context: PeerRequestContext.self)
        router.get("/feed/:n") { request, context -> Response in
            let path = request.uri.path
            let pids = self.state.withLock { $0.pids }
            let pid = context.remoteAddress?.port.flatMap { LoopbackServer.owner(ofPeerPort: $0, among: pids) }
            let (extra, number) = self.state.withLock { state in
                let number = state.next
                state.next += 1
                let alongside = Array((state.inFlight[path] ?? [:]).values)
                state.hits[path, default: []].append(Hit(at: Date(), pid: pid, alongside: alongside))
                state.inFlight[path, default: [:]][number] = pid
                return (state.extra, number)
            }
            defer { self.state.withLock { _ = $0.inFlight[path]?.removeValue(forKey: number) } }
            try await Task.sleep(for: Self.delay)
            var feed = FeedFiles.rss(items: 1...3, title: path)
            if extra, path == "/feed/1.rss" {
                let item =
                    "<item><title>\(Self.newTitle)</title><link>https://example.com/new</link><guid>new</guid></item>"
                if let first = feed.range(of: "<item>") { feed.replaceSubrange(first, with: item + "<item>") }
            }
            return Response(
                status: .ok, headers: [.contentType: "application/rss+xml"],
                body: .init(byteBuffer: ByteBuffer(string: feed)))
        }
        return router
    }
}

/// nginx from Debian's packages in front of the servers, on a free loopback port, run in the
/// foreground with everything it writes in one folder.
struct Nginx {
    static let executable: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let folders = path.split(separator: ":").map(String.init) + ["/usr/sbin", "/usr/local/sbin"]
        return folders.map { "\($0)/nginx" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()
    static let skipMessage =
        "nginx is not installed: the load-balanced cluster test skipped (.ci/run installs nginx-light)"

    let process: ChildProcess
    let port: Int
    var base: String { "http://127.0.0.1:\(port)" }

    init(upstreams: [Int], folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        port = try LoopbackServer.freePort()
        let servers = upstreams.map { "    server 127.0.0.1:\($0) max_fails=1 fail_timeout=10s;" }
        let temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map {
            "  \($0)_temp_path \(folder.path)/\($0);"
        }
        let configuration = """
            worker_processes 1;
            pid \(folder.path)/nginx.pid;
            error_log \(folder.path)/error.log warn;
            events { worker_connections 512; }
            http {
              access_log off;
            \(temp.joined(separator: "\n"))
              upstream tidings {
            \(servers.joined(separator: "\n"))
                keepalive 16;
                keepalive_timeout 30m;
              }
              keepalive_timeout 30m;
              server {
                listen 127.0.0.1:\(port);
                location / {
                  proxy_pass http://tidings;
                  proxy_http_version 1.1;
                  proxy_set_header Connection "";
                  proxy_connect_timeout 1s;
                  proxy_next_upstream error timeout;
                }
              }
            }

            """
        let file = folder.appendingPathComponent("nginx.conf")
        try Data(configuration.utf8).write(to: file)
        process = try ChildProcess(
            Self.executable ?? "/usr/sbin/nginx",
            [
                "-p", folder.path, "-e", folder.appendingPathComponent("error.log").path,
                "-c", file.path, "-g", "daemon off;",
            ])
    }

    func waitUntilServing() async throws {
        _ = try await ClusterTests.waitUntil(seconds: 10) {
            (try? await ClusterTests.get("\(base)/health/live")) != nil
        }
    }

    func stop() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }
}

struct ClusterError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
