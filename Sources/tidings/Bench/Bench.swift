import ArgumentParser
import AsyncHTTPClient
import Foundation
import Hummingbird
import NIOCore
import ServiceLifecycle
import TidingsCatalog
import TidingsModel
import TidingsRuntime
import TidingsServer

struct Bench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure throughput (results go in docs/benchmarks.md).",
        subcommands: [
            Ingest.self, BackfillBench.self, BenchParse.self, BenchOffline.self, BenchExtract.self, BenchStories.self,
            BenchSearch.self,
        ])

    /// A new folder under the system's temporary directory, for a benchmark's database and files.
    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    struct Ingest: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Events/s through POST /api/v1/events on live in-process servers: single-event requests, then 1,000-event batches."
        )
        @Option(
            help:
                "Database; default a new SQLite file in a temporary folder, removed afterwards (never TIDINGS_DATABASE: a benchmark writes products and a key)."
        ) var database: String?
        @Option(help: "Single-event requests to send.") var requests = 3_000
        @Option(help: "Concurrent connections for single-event requests.") var concurrency = 8
        @Option(help: "1,000-event batches to send.") var batches = 30
        @Option(
            help:
                "Servers sharing the database, each with its own connections and caches, the load spread over them (more than 1 needs PostgreSQL)."
        ) var servers = 1
        @Flag(
            help:
                "Fold bursts (news.aggregate on: 1h windows, 3 items): every write regroups the window it touched, here the current hour with every bench event in it."
        ) var aggregate = false

        func validate() throws {
            guard servers >= 1 else { throw ValidationError("--servers must be at least 1") }
            if servers > 1, !(database ?? "").hasPrefix("postgres") {
                throw ValidationError(
                    "--servers \(servers) needs --database postgres://…: several servers share PostgreSQL, not a SQLite file"
                )
            }
        }

        /// One server over the shared database: its runtime, its application running, its port.
        struct Server {
            let runtime: Runtime
            let services: ServiceGroup
            let task: Task<Void, any Error>
            let port: Int

            static func start(_ settings: Settings) async throws -> Server {
                let runtime = try await Runtime.open(settings)
                let (portStream, portContinuation) = AsyncStream.makeStream(of: Int.self)
                let app = runtime.application { portContinuation.yield($0) }
                let services = ServiceGroup(
                    configuration: .init(services: [app], gracefulShutdownSignals: [], logger: app.logger))
                let task = Task { try await services.run() }
                var ports = portStream.makeAsyncIterator()
                guard let port = await ports.next() else { throw ValidationError("server did not start") }
                return Server(runtime: runtime, services: services, task: task, port: port)
            }

            func stop() async {
                await services.triggerGracefulShutdown()
                _ = try? await task.value
                try? await runtime.close()
            }
        }

        func run() async throws {
            let folder = try Bench.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            // The defaults, not the environment or a config file: a benchmark measures the code.
            var settings = Settings()
            settings.server.port = 0
            settings.server.database = database ?? "sqlite:\(folder.appendingPathComponent("bench.sqlite").path)"
            // One key writing as fast as it can is the measurement, not a runaway integration.
            settings.server.limits.keyRate = 0
            if aggregate { settings.server.aggregation = NewsAggregation(window: 3600, minItems: 3) }
            var started: [Server] = []
            for _ in 0..<servers { started.append(try await Server.start(settings)) }
            // As many connections as writers: the client's default pool (8 a host) would make
            // `--concurrency 64` eight requests at a time.
            var configuration = HTTPClient.Configuration()
            configuration.connectionPool = .init(
                idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: max(8, concurrency))
            let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
            do {
                try await measure(started, client: client, database: settings.server.database)
            } catch {
                try? await client.shutdown()
                for server in started { await server.stop() }
                throw error
            }
            try await client.shutdown()
            for server in started { await server.stop() }
        }

        func measure(_ servers: [Server], client: HTTPClient, database: String) async throws {
            let secret = APIKeys.generate()
            _ = try await servers[0].runtime.store.createAPIKey(name: "bench", hash: APIKeys.hash(secret), at: Date())
            let bases = servers.map { "http://127.0.0.1:\($0.port)/api/v1/events" }
            let run = UUID().uuidString.prefix(8).lowercased()
            // Each server's batches write products of their own (1,000 each); single events
            // write all of them, from every server.
            let productCount = 1_000 * servers.count
            func event(_ id: String, type: String, product: Int, price: Int) -> String {
                let extra = type == "product_created" ? #","name":"Bench product \#(product)","unit":"kg""# : ""
                return
                    #"{"id":"\#(id)","type":"\#(type)","product_id":"bench-\#(run)-\#(product)","store_price":"\#(price).00"\#(extra)}"#
            }
            func post(_ events: [String], to base: String) async throws {
                var request = HTTPClientRequest(url: base)
                request.method = .POST
                request.headers.add(name: "Authorization", value: "Bearer \(secret)")
                request.headers.add(name: "Content-Type", value: "application/json")
                request.body = .bytes(ByteBuffer(string: #"{"events":["# + events.joined(separator: ",") + "]}"))
                let response = try await client.execute(request, timeout: .seconds(120))
                guard response.status == .ok else { throw ValidationError("bench: server answered \(response.status)") }
                _ = try await response.body.collect(upTo: 1 << 20)
            }
            let creating = ContinuousClock.now
            for chunk in stride(from: 0, to: productCount, by: 1_000) {
                try await post(
                    (chunk..<chunk + 1_000).map {
                        event("\(run)-c\($0)", type: "product_created", product: $0, price: 100)
                    }, to: bases[0])
            }
            let created = ContinuousClock.now - creating
            say(
                String(
                    format: "creating %d products (batches of 1,000, each indexed for search): %.1f ms", productCount,
                    Double(created.components.attoseconds) / 1e15 + Double(created.components.seconds) * 1000))
            // Single-event requests from `concurrency` connections, spread over the servers.
            let singleStarted = ContinuousClock.now
            try await withThrowingTaskGroup(of: Void.self) { group in
                for worker in 0..<concurrency {
                    group.addTask {
                        for index in stride(from: worker, to: requests, by: concurrency) {
                            let price = 100 + (index / productCount % 2 == 0 ? 10 : 0)
                            try await post(
                                [
                                    event(
                                        "\(run)-s\(index)", type: "price_changed", product: index % productCount,
                                        price: price)
                                ], to: bases[worker % bases.count])
                        }
                    }
                }
                try await group.waitForAll()
            }
            let single = Double(requests) / (ContinuousClock.now - singleStarted).seconds
            // 1,000-event batches: one request at a time per server, all servers at once.
            let batchStarted = ContinuousClock.now
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (stream, base) in bases.enumerated() {
                    group.addTask {
                        for batch in stride(from: stream, to: batches, by: bases.count) {
                            try await post(
                                (0..<1_000).map { index in
                                    event(
                                        "\(run)-b\(batch)-\(index)", type: "price_changed",
                                        product: stream * 1_000 + index, price: 100 + (batch / bases.count % 2) * 20)
                                }, to: base)
                        }
                    }
                }
                try await group.waitForAll()
            }
            let batched = Double(batches * 1_000) / (ContinuousClock.now - batchStarted).seconds
            // The same batches without HTTP or JSON: what the store and derivation cost alone.
            let direct = try (0..<batches).map { batch in
                try (0..<1_000).map { index in
                    try CatalogEvent(
                        validating: EventInput(
                            id: "\(run)-d\(batch)-\(index)", type: "price_changed",
                            productID: "bench-\(run)-\(batch % servers.count * 1_000 + index)",
                            storePrice: "\(100 + (batch / servers.count % 2) * 20 + 5).00"), now: Date())
                }
            }
            let directStarted = ContinuousClock.now
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (stream, server) in servers.enumerated() {
                    group.addTask {
                        for batch in stride(from: stream, to: batches, by: servers.count) {
                            _ = try await server.runtime.catalog.ingest(validated: direct[batch])
                        }
                    }
                }
                try await group.waitForAll()
            }
            let inProcess = Double(batches * 1_000) / (ContinuousClock.now - directStarted).seconds
            print("backend: \(DatabaseURL.redactedDescription(database))" + (aggregate ? ", news.aggregate on" : ""))
            if servers.count > 1 { print("servers: \(servers.count), sharing the database") }
            print(
                String(
                    format: "single-event requests: %.0f events/s (%d requests, %d connections)", single, requests,
                    concurrency))
            print(String(format: "1,000-event batches:   %.0f events/s (%d batches)", batched, batches))
            print(
                String(format: "same, in process:      %.0f events/s (store and derivation, no HTTP/JSON)", inProcess))
        }
    }

    struct BackfillBench: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "backfill", abstract: "Time `tidings backfill` on generated CSV files and report peak memory.")
        @Option(help: "Price rows to generate (products: one per 50 rows).") var rows = 1_000_000
        @Option(help: "Database; default a new SQLite file in a temporary folder.") var database: String?

        func run() async throws {
            let folder = try Bench.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let productsPath = folder.appendingPathComponent("products.csv").path
            let pricesPath = folder.appendingPathComponent("prices.csv").path
            try BenchData.write(rows: rows, products: productsPath, prices: pricesPath, now: Date())
            var settings = Settings()
            settings.server.database = database ?? "sqlite:\(folder.appendingPathComponent("bench.sqlite").path)"
            let started = ContinuousClock.now
            var backfill = try Backfill(productsPath: productsPath, pricesPath: pricesPath, since: nil)
            let parsed = ContinuousClock.now
            let runtime = try await Runtime.open(settings)
            let store = runtime.store
            let bar = ProgressBar("Importing")
            let summary = try await backfill.run(into: runtime.catalog) { bar.update($0, $1) }
            let finished = ContinuousClock.now
            let counts = try await store.counts()
            try await store.close()
            print(
                "rows: \(rows) price rows, \(summary.products) products → \(summary.accepted) events, \(counts.newsItems) news items"
            )
            print(
                String(
                    format: "read CSV: %.1f s, ingest: %.1f s, total: %.1f s", (parsed - started).seconds,
                    (finished - parsed).seconds, (finished - started).seconds))
            print("peak memory (VmHWM): \(BenchData.peakMemoryMB()) MB")
            if !summary.errors.isEmpty {
                printError("\(summary.errors.count) rows refused, first: \(summary.errors[0])")
            }
        }
    }
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}

extension DatabaseURL {
    static func redactedDescription(_ text: String) -> String { (try? DatabaseURL(text).description) ?? text }
}
