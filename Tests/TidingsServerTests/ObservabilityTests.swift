import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import InMemoryTracing
import Instrumentation
import Logging
import Testing
import TidingsModel
import TidingsRuntime
import TidingsTesting

@testable import TidingsServer

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
        // The id is kept under Hummingbird's key, which both log formats write as `request_id`.
        #expect(news.metadata[requestIDMetadataKey] == "edge-42")
        #expect(news.metadata["route"] == "/api/v1/news_items" && news.metadata["status"]?.description == "200")
        let refused = try #require(access.first { $0.message == "GET /api/v2/nothing 404" })
        let refusedID = try #require(refused.metadata[requestIDMetadataKey])
        #expect(refusedID.description != "a b\u{7F}<script>" && !refusedID.description.isEmpty)
    }

    /// A logger writing `format`'s lines into `lines`.
    static func capturing(_ format: LogFormat) -> (Logger, Locked<[String]>) {
        let lines = Locked<[String]>([])
        let logger = Logger(label: "tidings") { label in
            format.handler(label: label) { line in lines.withLock { $0.append(line) } }
        }
        return (logger, lines)
    }

    @Test("the JSON log: one object per line, every field escaped, the call's metadata winning")
    func jsonLines() throws {
        var (logger, lines) = Self.capturing(.json)
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

    @Test("a text line is swift-log's: time, level, label, the metadata sorted, the module, the message")
    func textLines() throws {
        var (logger, lines) = Self.capturing(.text)
        logger[metadataKey: "request_id"] = "r-1"
        logger[metadataKey: "status"] = "from the logger"
        logger.debug("not at info")
        logger.info("poller: fetched", metadata: ["status": "304", "a": .array(["1", "2"])])
        logger[metadataKey: "request_id"] = nil
        // A request's id, kept under Hummingbird's key, is written as `request_id`.
        logger[metadataKey: requestIDMetadataKey] = "hb-2"
        logger.warning("second")
        #expect(lines.current.count == 2)
        let pattern = #/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d{4} (.*)\n$/#
        let first = try #require(try pattern.wholeMatch(in: lines.current[0])).1
        #expect(first == #"info tidings: a=["1", "2"] request_id=r-1 status=304 [TidingsServerTests] poller: fetched"#)
        let second = try #require(try pattern.wholeMatch(in: lines.current[1])).1
        #expect(second == "warning tidings: request_id=hb-2 status=from the logger [TidingsServerTests] second")
    }

    @Test("the JSON log keeps numbers and booleans typed and gives a request's lines one id")
    func jsonTypedAndOneID() async throws {
        var (logger, lines) = Self.capturing(.json)
        logger.logLevel = .debug
        logger.info(
            "typed",
            metadata: [
                "failures": .stringConvertible(3), "ratio": .stringConvertible(0.5), "cut": .stringConvertible(true),
                "endless": .stringConvertible(Double.infinity), "word": .stringConvertible("3"), "text": "4",
            ])
        let typed = try #require(lines.current.first)
        for field in [
            #""failures":3"#, #""ratio":0.5"#, #""cut":true"#, #""endless":"inf""#, #""word":"3""#, #""text":"4""#,
        ] {
            #expect(typed.contains(field), "\(field) in \(typed)")
        }
        lines.withLock { $0.removeAll() }
        try await TestDatabase.with(.sqlite) { database in
            let store = try await database.open()
            var settings = Settings()
            settings.server.port = 0
            let runtime = Runtime(settings: settings, store: store, logger: logger, clock: { TestApp.now })
            try await runtime.application().test(.router) { client in
                try await client.execute(
                    uri: "/api/v1/news_items", method: .get, headers: [.init("X-Request-Id")!: "edge-7"]
                ) { _ in }
                try await client.execute(uri: "/api/v1/products/missing", method: .get) { _ in }
            }
            try await store.close()
        }
        let objects = try lines.current.map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        let access = objects.filter { ($0["message"] as? String)?.hasPrefix("GET ") == true }
        #expect(access.count == 2)
        for object in objects where object["request_id"] != nil || object["route"] != nil {
            #expect(object["hb.request.id"] == nil, "one id per line: \(object)")
            #expect(object["request_id"] is String)
        }
        let news = try #require(access.first { $0["route"] as? String == "/api/v1/news_items" })
        #expect(news["request_id"] as? String == "edge-7")
        #expect((news["status"] as? NSNumber)?.intValue == 200)
        #expect(news["duration_ms"] is NSNumber)
        let missing = try #require(access.first { $0["route"] as? String == "/api/v1/products/{id}" })
        #expect((missing["status"] as? NSNumber)?.intValue == 404)
    }

    @Test("request metrics: a stream is active until its last byte, a buffered answer until it is handed over")
    func requestMetricsOfStreams() async throws {
        _ = TidingsMetrics.registry
        // A method of its own, so other tests' requests never move these series.
        let method = HTTPRequest.Method("TIDINGS-METRICS-TEST")!
        @Sendable func active() -> String {
            let text = String(decoding: TidingsMetrics.registry.emitToBuffer(), as: UTF8.self)
            let line = text.split(separator: "\n").first {
                $0.hasPrefix(#"http_server_active_requests{http_request_method="TIDINGS-METRICS-TEST"}"#)
            }
            return line.map { String($0.split(separator: " ").last!) } ?? "none"
        }
        @Sendable func count(_ route: String) -> String {
            let text = String(decoding: TidingsMetrics.registry.emitToBuffer(), as: UTF8.self)
            let prefix =
                #"http_server_request_duration_seconds_count{http_route="\#(route)",http_request_method="TIDINGS-METRICS-TEST",http_response_status_code="200"}"#
            return text.split(separator: "\n").first { $0.hasPrefix(prefix) }.map {
                String($0.split(separator: " ").last!)
            }
                ?? "none"
        }
        let router = Router()
        router.add(middleware: RequestMetricsMiddleware())
        router.on("/stream", method: method) { _, _ in
            Response(
                status: .ok,
                body: ResponseBody { writer in
                    // Written while the stream is open: it still counts, and is not yet timed (its series
                    // exists, with nothing recorded).
                    try await writer.write(ByteBuffer(string: "\(active()) \(count("/stream"))"))
                    try await writer.finish(nil)
                })
        }
        router.on("/buffer", method: method) { _, _ in
            Response(status: .ok, body: .init(byteBuffer: ByteBuffer(string: "x")))
        }
        try await Application(router: router).test(.router) { client in
            try await client.execute(uri: "/stream", method: method) { response in
                #expect(String(buffer: response.body) == "1.0 0")
            }
            #expect(active() == "0.0")
            #expect(count("/stream") == "1")
            try await client.execute(uri: "/buffer", method: method) { response in
                #expect(String(buffer: response.body) == "x")
            }
            #expect(active() == "0.0")
            #expect(count("/buffer") == "1")
        }
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
                        #"http_server_request_duration_seconds_count{http_route="/api/v1/news_items",http_request_method="GET",http_response_status_code="200"}"#
                    ) >= 2)
                #expect(
                    value(
                        #"http_server_request_duration_seconds_count{http_route="/api/v1/products/{id}",http_request_method="GET",http_response_status_code="404"}"#
                    ) >= 1, "a refusal's latency is measured like an answer's")
                // The second page is the answer kept whole; the first was built from the page cache.
                #expect(value(#"tidings_cache_lookups_total{cache="responses",result="hit"}"#) >= 1)
                #expect(value(#"tidings_cache_lookups_total{cache="news_pages",result="miss"}"#) >= 1)
                #expect(value(#"tidings_db_wait_seconds_count{backend="sqlite",use="read"}"#) >= 1)
                #expect(value(#"tidings_db_call_seconds_count{backend="sqlite",use="write_keyed"}"#) >= 1)
                #expect(text.contains("tidings_db_calls_in_flight{"))
            }
        }
    }

    @Test(
        "/metrics passes `promtool check metrics`: conventional names, help on every family, the process's own",
        .enabled(if: Promtool.path != nil, Promtool.skipMessage))
    func metricsLint() async throws {
        _ = TidingsMetrics.registry
        try await TestApp.with(testing: .live) { app, client in
            try await client.execute(
                uri: "/api/v1/events", method: .post, headers: app.writeHeaders,
                body: .json(
                    #"{"events":[{"id":"lint1","type":"product_created","product_id":"p","name":"x","store_price":"1"}]}"#
                )
            ) { _ in }
            try await client.execute(uri: "/api/v1/news_items", method: .get) { _ in }
            try await client.execute(uri: "/api/v1/products/missing", method: .get) { _ in }
            try await client.execute(uri: "/metrics", method: .get) { response in
                let text = response.text
                let lint = try Promtool.check(text)
                #expect(lint.status == 0, "promtool check metrics: \(lint.output)")
                let families = Set(
                    text.split(separator: "\n").filter { $0.hasPrefix("# TYPE ") }.map { $0.split(separator: " ")[2] })
                let helped = Set(
                    text.split(separator: "\n").filter { $0.hasPrefix("# HELP ") }.map { $0.split(separator: " ")[2] })
                #expect(families == helped, "every family has a help line")
                for name in [
                    "http_server_requests_total", "http_server_request_duration_seconds", "http_server_active_requests",
                    "tidings_events_total", "tidings_build_info",
                ] {
                    #expect(families.contains(Substring(name)), "\(name) is exported")
                }
                #expect(!text.contains("hb_requests"), "Hummingbird's names are renamed")
                for name in [
                    "process_cpu_seconds_total", "process_resident_memory_bytes", "process_virtual_memory_bytes",
                    "process_start_time_seconds", "process_open_fds", "process_max_fds",
                ] {
                    let line = text.split(separator: "\n").first { $0.hasPrefix("\(name) ") }
                    let value = line.flatMap { Double($0.split(separator: " ")[1]) }
                    #expect((value ?? 0) > 0, "\(name) has a positive value: \(line ?? "missing")")
                }
            }
        }
    }

    @Test("process metrics read /proc/self/stat's fields after the command, whatever the command holds")
    func processStat() throws {
        let stat =
            "4242 (tid (ings) x) S 1 4242 4242 0 -1 4194560 5000 0 0 0 250 150 0 0 20 0 9 0 1000 1025228800 18620 "
            + "18446744073709551615 1 1 0 0 0 0 0 4096 17922 0 0 0 17 1 0 0 0 0 0"
        let sample = try #require(
            ProcessMetrics.parse(stat: stat, ticksPerSecond: 100, pageSize: 4096, bootTime: 1_700_000_000))
        #expect(sample.cpuSeconds == 4)
        #expect(sample.startTimeSeconds == 1_700_000_010)
        #expect(sample.virtualBytes == 1_025_228_800)
        #expect(sample.residentBytes == 18620 * 4096)
        #expect(ProcessMetrics.parse(stat: "4242 (cut", ticksPerSecond: 100, pageSize: 4096, bootTime: 0) == nil)
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
