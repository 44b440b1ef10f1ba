import Foundation
import Testing
import TidingsTesting

/// `tidings serve` with `tracing.otlp_endpoint`: the built binary sends its spans to a collector
/// on loopback, which decodes them by the OTLP specification.
@Suite("tidings serve, spans to an OpenTelemetry collector", .serialized)
struct TracingProcessTests {
    @Test("a request's spans, continuing the caller's trace, reach the collector by the time SIGTERM's exit is done")
    func requestSpans() async throws {
        let folder = try TemporaryFolder.make("e2e-tracing")
        defer { try? FileManager.default.removeItem(at: folder) }
        let receiver = OTLPReceiver()
        let trace = "4bf92f3577b34da6a3ce929d0e0e4736"
        try await receiver.with { endpoint in
            let server = try TidingsProcess(
                ["serve", "--port", "0"], in: folder,
                environment: [
                    // The base address: the server adds /v1/traces.
                    "TIDINGS_TRACING_OTLP_ENDPOINT": endpoint.replacingOccurrences(of: "/v1/traces", with: ""),
                    "TIDINGS_TRACING_SERVICE_NAME": "tidings-e2e",
                ])
            let base = try await server.waitForBase()
            #expect(server.text.contains("tracing: spans go to \(endpoint)"), "\(server.text)")
            let answer = try await get(
                "\(base)/api/v1/products/missing", headers: [("traceparent", "00-\(trace)-00f067aa0ba902b7-01")])
            #expect(answer.status == 404)
            server.process.terminate()  // SIGTERM: the exporter stops last and sends what is left
            #expect(try await server.waitForExit() == 0, "\(server.text)")
        }
        #expect(receiver.problems.isEmpty, "\(receiver.problems)")
        let mine = receiver.spans.filter { $0.traceID == trace }
        let request = try #require(mine.first { $0.parentSpanID == "00f067aa0ba902b7" }, "\(mine.map(\.name))")
        #expect(request.name == "/api/v1/products/{id}")
        #expect(request.kind == 2, "a server span")
        #expect(request.attributes["http.response.status_code"] == .int(404), "\(request.attributes)")
        let reads = mine.filter { $0.name == "db.read" }
        #expect(!reads.isEmpty && reads.allSatisfy { $0.parentSpanID == request.spanID })
        #expect(reads.first?.attributes["db.system"] == .string("sqlite"))
        #expect(receiver.resources.allSatisfy { $0["service.name"] == .string("tidings-e2e") })
    }
}
