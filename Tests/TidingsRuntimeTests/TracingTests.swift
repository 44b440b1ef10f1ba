import Foundation
import Logging
import ServiceLifecycle
import Testing
import TidingsRuntime
import TidingsTesting
import TidingsTracing
import Tracing

@Suite("Tracing: spans to an OpenTelemetry collector")
struct TracingTests {
    static let parent = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01"

    @Test("traceparent is read as the W3C recommendation says and written back")
    func traceParent() throws {
        let context = try #require(TraceContext(traceParent: Self.parent, traceState: "congo=t61rcWkgMzE"))
        #expect(context.traceID.hex == "0af7651916cd43dd8448eb211c80319c")
        #expect(context.spanID.hex == "b7ad6b7169203331")
        #expect(context.sampled && context.isRemote && context.traceState == "congo=t61rcWkgMzE")
        #expect(context.traceParent == Self.parent)
        #expect(TraceContext(traceParent: "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-00")?.sampled == false)
        // A later version may add fields; version 00 may not.
        #expect(TraceContext(traceParent: "cc-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01-what") != nil)
        for refused in [
            "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01-what",
            "ff-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01",
            "00-00000000000000000000000000000000-b7ad6b7169203331-01",
            "00-0af7651916cd43dd8448eb211c80319c-0000000000000000-01",
            "00-0AF7651916CD43DD8448EB211C80319C-b7ad6b7169203331-01",
            "00-0af7651916cd43dd8448eb211c80319-b7ad6b7169203331-01",
            "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-1",
            "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331",
            "", "garbage",
        ] {
            #expect(TraceContext(traceParent: refused) == nil, "\(refused)")
        }
    }

    /// Runs an exporter to `endpoint` in a service group while `body` makes spans, then shuts it
    /// down gracefully (which sends what is left).
    static func exporting(
        to endpoint: String, interval: Duration = .seconds(60), queueLimit: Int = 4096,
        _ body: (OTLPTracer, OTLPExporter) async throws -> Void
    ) async throws {
        var configuration = OTLPConfiguration(
            endpoint: try #require(URL(string: endpoint)), serviceName: "tidings-test",
            headers: [(name: "X-Api-Key", value: "secret 1")])
        configuration.interval = interval
        configuration.queueLimit = queueLimit
        let logger = Logger(label: "tracing-test")
        let exporter = OTLPExporter(configuration: configuration, logger: logger)
        let group = ServiceGroup(configuration: .init(services: [exporter], logger: logger))
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            do {
                try await body(OTLPTracer(exporter: exporter), exporter)
            } catch {
                await group.triggerGracefulShutdown()
                throw error
            }
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
        }
    }

    struct Refused: Error, CustomStringConvertible {
        var description: String { "no such row" }
    }

    @Test("ended spans reach the collector with their trace, parents, kinds, typed attributes, errors and resource")
    func spansArrive() async throws {
        let receiver = OTLPReceiver()
        try await receiver.with { endpoint in
            try await Self.exporting(to: endpoint) { tracer, _ in
                var caller = ServiceContext.topLevel
                tracer.extract(["traceparent": Self.parent], into: &caller, using: DictionaryExtractor())
                tracer.withSpan("GET /api/v1/news_items", context: caller, ofKind: .server) { request in
                    request.attributes["http.response.status_code"] = 200
                    request.attributes["tidings.cached"] = true
                    request.attributes["tidings.ratio"] = 0.5
                    request.attributes["tidings.sources"] = ["wire", "partner"]
                    _ = try? tracer.withSpan("db.read", context: request.context, ofKind: .client) { _ in
                        throw Refused()
                    }
                    request.setStatus(.init(code: .error, message: "failed"))
                }
            }
        }
        #expect(receiver.problems.isEmpty, "\(receiver.problems)")
        let spans = receiver.spans
        try #require(spans.count == 2, "\(spans.map(\.name))")
        let request = try #require(spans.first { $0.name == "GET /api/v1/news_items" })
        let read = try #require(spans.first { $0.name == "db.read" })
        #expect(request.traceID == "0af7651916cd43dd8448eb211c80319c")
        #expect(request.parentSpanID == "b7ad6b7169203331")
        #expect(request.flags == 0x301, "sampled, with a remote parent")
        #expect(read.traceID == request.traceID && read.parentSpanID == request.spanID)
        #expect(read.flags == 0x101)
        #expect(request.kind == 2 && read.kind == 3)
        #expect(request.statusCode == 2)
        #expect(request.startNanoseconds <= read.startNanoseconds && read.endNanoseconds <= request.endNanoseconds)
        #expect(request.attributes["http.response.status_code"] == .int(200))
        #expect(request.attributes["tidings.cached"] == .bool(true))
        #expect(request.attributes["tidings.ratio"] == .double(0.5))
        #expect(request.attributes["tidings.sources"] == .array([.string("wire"), .string("partner")]))
        let exception = try #require(read.events.first)
        #expect(exception.name == "exception")
        #expect(exception.attributes["exception.message"] == .string("no such row"))
        #expect(exception.attributes["exception.type"] == .string(String(reflecting: Refused.self)))
        #expect(receiver.resources.first?["service.name"] == .string("tidings-test"))
        #expect(receiver.headers.first?["x-api-key"] == "secret 1")
    }

    @Test("spans wait for the interval or a full batch; forceFlush sends them now")
    func batching() async throws {
        let receiver = OTLPReceiver()
        try await receiver.with { endpoint in
            try await Self.exporting(to: endpoint) { tracer, exporter in
                tracer.withSpan("one", context: .topLevel) { _ in }
                try await Task.sleep(for: .milliseconds(300))
                #expect(receiver.posts == 0, "a minute's interval: nothing sent yet")
                #expect(exporter.waiting == 1)
                tracer.forceFlush()
                #expect(await eventually { receiver.spans.count == 1 })
                #expect(exporter.waiting == 0)
            }
        }
        #expect(receiver.posts == 1, "shutting down with nothing waiting sends nothing")
    }

    @Test(
        "a collector answering 503 gets the batch again; one that cannot be reached loses it, counted, not the process")
    func retries() async throws {
        let receiver = OTLPReceiver(answers: [503])
        try await receiver.with { endpoint in
            try await Self.exporting(to: endpoint, interval: .milliseconds(50)) { tracer, _ in
                tracer.withSpan("again", context: .topLevel) { _ in }
                #expect(await eventually { receiver.spans.count == 1 })
            }
        }
        #expect(receiver.posts == 2)
        #expect(receiver.spans.map(\.name) == ["again"], "delivered once")

        let nobody = "http://127.0.0.1:\(try LoopbackServer.freePort())/v1/traces"
        try await Self.exporting(to: nobody, interval: .milliseconds(50), queueLimit: 3) { tracer, exporter in
            for index in 0..<10 { tracer.withSpan("lost \(index)", context: .topLevel) { _ in } }
            #expect(exporter.waiting <= 3, "the queue holds at most its limit")
            #expect(await eventually { exporter.waiting == 0 }, "given up on, not kept forever")
        }
    }

    @Test("sampling: a caller's not-sampled trace records nothing yet travels on; ratio 0 starts no recorded trace")
    func sampling() async throws {
        let receiver = OTLPReceiver()
        try await receiver.with { endpoint in
            try await Self.exporting(to: endpoint) { tracer, exporter in
                var caller = ServiceContext.topLevel
                tracer.extract(
                    ["traceparent": "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-00"], into: &caller,
                    using: DictionaryExtractor())
                tracer.withSpan("not sampled", context: caller) { span in
                    #expect(!span.isRecording)
                    var headers: [String: String] = [:]
                    tracer.inject(span.context, into: &headers, using: DictionaryInjector())
                    let sent = headers["traceparent"] ?? ""
                    #expect(sent.hasPrefix("00-0af7651916cd43dd8448eb211c80319c-"), "\(sent)")
                    #expect(sent.hasSuffix("-00"))
                    #expect(!sent.contains("b7ad6b7169203331"), "the next hop's parent is this span")
                }
                let never = OTLPTracer(exporter: exporter, sampleRatio: 0)
                never.withSpan("ratio 0", context: .topLevel) { #expect(!$0.isRecording) }
                #expect(exporter.waiting == 0)
            }
        }
        #expect(receiver.posts == 0)
    }

    @Test("tracing.* settings: the endpoint gets /v1/traces when it has no path; bad values name their key")
    func settings() throws {
        let resolve = { (environment: [String: String]) in
            try Settings.resolve(environment: environment, demoBrands: false).tracing
        }
        #expect(try resolve([:]).otlp == nil, "off by default")
        let base = try resolve(["TIDINGS_TRACING_OTLP_ENDPOINT": "http://127.0.0.1:4318"])
        #expect(base.endpoint?.absoluteString == "http://127.0.0.1:4318/v1/traces")
        let full = try resolve([
            "TIDINGS_TRACING_OTLP_ENDPOINT": "https://collector.example/otlp/v1/traces",
            "TIDINGS_TRACING_OTLP_HEADERS": "x-honeycomb-team=abc%3D,Authorization=Basic%20eA==",
            "TIDINGS_TRACING_SAMPLE_RATIO": "0.25", "TIDINGS_TRACING_SERVICE_NAME": "tidings-eu",
        ])
        #expect(full.endpoint?.absoluteString == "https://collector.example/otlp/v1/traces")
        #expect(
            full.headers.map { "\($0.name): \($0.value)" } == ["x-honeycomb-team: abc=", "Authorization: Basic eA=="])
        #expect(full.sampleRatio == 0.25 && full.serviceName == "tidings-eu")
        for (variable, value, says) in [
            ("TIDINGS_TRACING_OTLP_ENDPOINT", "localhost:4318", "must be an http:// or https:// address"),
            ("TIDINGS_TRACING_OTLP_ENDPOINT", "ftp://collector", "must be an http:// or https:// address"),
            ("TIDINGS_TRACING_SAMPLE_RATIO", "1.5", "must be a number from 0 to 1"),
            ("TIDINGS_TRACING_OTLP_HEADERS", "novalue", "must be name=value pairs"),
        ] {
            let error = #expect(throws: (any Error).self) { try resolve([variable: value]) }
            let text = error.map { "\($0)" } ?? ""
            #expect(text.contains(variable) && text.contains(says), "\(text)")
        }
    }
}

struct DictionaryExtractor: Extractor {
    func extract(key: String, from carrier: [String: String]) -> String? { carrier[key] }
}

struct DictionaryInjector: Injector {
    func inject(_ value: String, forKey key: String, into carrier: inout [String: String]) { carrier[key] = value }
}
