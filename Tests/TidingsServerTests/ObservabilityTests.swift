import Foundation
import Hummingbird
import HummingbirdTesting
import InMemoryTracing
import Instrumentation
import Logging
import Testing
import TidingsModel
import TidingsRuntime
import TidingsServer
import TidingsTesting

/// What an operator watches: request ids in the log, metrics per route, cache and database, and
/// spans from the request down to the database.
@Suite("Observability")
struct ObservabilityTests {
    @Test("a request carries its id into every log line and back in X-Request-Id")
    func requestID() async throws {
        let log = LogCapture()
        try await TestDatabase.with(.sqlite) { database in
            let store = try await database.open()
            var settings = Settings()
            settings.server.port = 0
            let runtime = Runtime(
                settings: settings, store: store, logger: log.logger("tidings"), clock: { TestApp.now })
            try await runtime.application().test(.router) { client in
                try await client.execute(
                    uri: "/api/v1/news_items", method: .get, headers: [.init("X-Request-Id")!: "edge-42"]
                ) {
                    response in
                    #expect(response.headers[.init("X-Request-Id")!] == "edge-42")
                }
                // Not a plain token: replaced, never echoed or logged.
                try await client.execute(
                    uri: "/api/v2/nothing", method: .get, headers: [.init("X-Request-Id")!: "a b\u{7F}<script>"]
                ) { response in
                    #expect(response.status == .notFound)
                    let id = try #require(response.headers[.init("X-Request-Id")!])
                    #expect(!id.contains(" ") && !id.isEmpty)
                }
            }
            try await store.close()
        }
        let access = log.records.filter { $0.message.hasPrefix("GET ") }
        let news = try #require(access.first { $0.message == "GET /api/v1/news_items 200" })
        #expect(news.metadata["request_id"] == "edge-42")
        #expect(news.metadata["route"] == "/api/v1/news_items" && news.metadata["status"]?.description == "200")
        let refused = try #require(access.first { $0.message == "GET /api/v2/nothing 404" })
        #expect(refused.metadata["request_id"] != nil && refused.metadata["request_id"] != "a b\u{7F}<script>")
    }

    @Test("the JSON log: one object per line, every field escaped, the call's metadata winning")
    func jsonLines() throws {
        let lines = Locked<[String]>([])
        var logger = Logger(label: "tidings") { label in
            JSONLogHandler(label: label) { line in lines.withLock { $0.append(line) } }
        }
        logger[metadataKey: "request_id"] = "r-1"
        logger[metadataKey: "status"] = "from the logger"
        logger.info(
            "poller: \"quoted\"\nnext line\u{1}",
            metadata: ["status": "304", "counts": .array(["1", .dictionary(["k": "v"])]), "message": "shadowed"])
        let line = try #require(lines.current.first)
        #expect(line.hasSuffix("}\n") && line.dropLast().allSatisfy { $0 != "\n" })
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["message"] as? String == "poller: \"quoted\"\nnext line\u{1}")
        #expect(object["level"] as? String == "info" && object["label"] as? String == "tidings")
        #expect(object["request_id"] as? String == "r-1")
        #expect(object["status"] as? String == "304")
        #expect((object["counts"] as? [Any])?.count == 2)
        #expect(object["source"] as? String == "TidingsServerTests")
        let time = try #require(object["time"] as? String)
        #expect(time.hasSuffix("Z") && time.contains("."))
    }

    @Test("/metrics: latency per route and status (refusals too), cache lookups, database waits and calls")
    func metrics() async throws {
        _ = TidingsMetrics.registry  // before the store makes its handles
        try await TestApp.with(testing: .live) { _, client in
            for _ in 0..<2 { try await client.execute(uri: "/api/v1/news_items", method: .get) { _ in } }
            try await client.execute(uri: "/api/v1/products/missing", method: .get) { response in
                #expect(response.status == .notFound)
            }
            try await client.execute(uri: "/metrics", method: .get) { response in
                let text = response.text
                func value(_ prefix: String) -> Double {
                    text.split(separator: "\n").filter { $0.hasPrefix(prefix) }
                        .compactMap { Double($0.split(separator: " ").last ?? "") }.reduce(0, +)
                }
                #expect(
                    value(
                        #"http_server_request_duration_count{http_route="/api/v1/news_items",http_request_method="GET",http_response_status_code="200"}"#
                    ) >= 2)
                #expect(
                    value(
                        #"http_server_request_duration_count{http_route="/api/v1/products/{id}",http_request_method="GET",http_response_status_code="404"}"#
                    ) >= 1, "a refusal's latency is measured like an answer's")
                #expect(value(#"tidings_cache_lookups_total{cache="news_pages",result="hit"}"#) >= 1)
                #expect(value(#"tidings_cache_lookups_total{cache="news_pages",result="miss"}"#) >= 1)
                #expect(value(#"tidings_db_wait_seconds_count{backend="sqlite",use="read"}"#) >= 1)
                #expect(value(#"tidings_db_call_seconds_count{backend="sqlite",use="write_keyed"}"#) >= 1)
                #expect(text.contains("tidings_db_calls_in_flight{"))
            }
        }
    }

    /// Every test of the process shares the one tracer; each looks only at its own trace.
    static let tracer: InMemoryTracer = {
        let tracer = InMemoryTracer(recordInjections: false, recordExtractions: false)
        InstrumentationSystem.bootstrap(tracer)
        return tracer
    }()

    @Test("a request's span is the parent of its database spans, continuing the caller's trace")
    func spans() async throws {
        let tracer = Self.tracer
        let trace = "trace-\(UUID().uuidString)"
        try await TestApp.with(testing: .live) { _, client in
            try await client.execute(
                uri: "/api/v1/products/missing", method: .get,
                headers: [.init(InMemoryTracer.traceIDKey)!: trace, .init(InMemoryTracer.spanIDKey)!: "proxy-span"]
            ) { response in #expect(response.status == .notFound) }
        }
        let mine = tracer.finishedSpans.filter { $0.traceID == trace }
        let request = try #require(mine.first { $0.parentSpanID == "proxy-span" }, "\(mine.map(\.operationName))")
        #expect(request.operationName == "/api/v1/products/{id}")
        let reads = mine.filter { $0.operationName == "db.read" }
        #expect(!reads.isEmpty && reads.allSatisfy { $0.parentSpanID == request.spanID })
        #expect(reads.first?.attributes["db.system"]?.toSpanAttribute() == "sqlite")
    }
}
