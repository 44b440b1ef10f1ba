import Foundation
import HTTPTypes
import Hummingbird
import Prometheus
import TidingsIngest

/// `/health`, `/health/live`, `/health/ready`, `/metrics` (Prometheus text) and `/openapi.yaml`.
struct SystemRoutes: Sendable {
    let registry: PrometheusCollectorRegistry
    let health: HealthChecks
    let metricsAccess: MetricsAccess

    func addRoutes(to router: Router<TidingsRequestContext>) {
        // Liveness: the process answers HTTP. `/health` is the same, kept for what already polls it.
        // Its bytes and headers made once: probes call it often, and a header field made anew is
        // checked anew (docs/benchmarks.md, every request's chain as one middleware).
        let alive = ByteBuffer(string: #"{"status":"ok"}"#)
        let aliveHeaders: HTTPFields = [.contentType: "application/json", .cacheControl: "no-store"]
        for path in ["/health", "/health/live"] {
            router.get(RouterPath(path)) { _, _ in
                // The same answer for every request: kept, a probe's next request is one lookup.
                KeepTicket.current?.keep()
                return Response(status: .ok, headers: aliveHeaders, body: .init(byteBuffer: alive))
            }
        }
        // Readiness: whether this instance should get traffic; 503 with what failed when not.
        let health = health
        router.get("/health/ready") { _, _ in
            let (ok, report) = await health.ready()
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            return Response(
                status: ok ? .ok : .serviceUnavailable,
                headers: [.contentType: "application/json", .cacheControl: "no-store"],
                body: .init(byteBuffer: ByteBuffer(bytes: try encoder.encode(report))))
        }
        let metricsAccess = metricsAccess
        router.get("/metrics") { request, context in
            try metricsAccess.check(request, peer: context.peerAddress)
            var text = registry.emitToBuffer()
            ProcessMetrics.emit(into: &text)
            return Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(bytes: text)))
        }
        let spec = Self.openAPISpec()
        router.get("/openapi.yaml") { _, _ in
            guard let spec else {
                throw HTTPAPIError(.notFound, code: "not_found", message: "api: no OpenAPI document bundled")
            }
            return Response(
                status: .ok, headers: [.contentType: "application/yaml; charset=utf-8"],
                body: .init(byteBuffer: spec))
        }
    }

    static func openAPISpec() -> ByteBuffer? {
        guard let url = Bundle.module.url(forResource: "openapi", withExtension: "yaml"),
            let data = try? Data(contentsOf: url)
        else { return nil }
        return ByteBuffer(bytes: data)
    }
}

/// Who may read `/metrics`: a request from an address in `metrics.allow` (every address a proxy
/// names in `X-Forwarded-For` included, so a proxy on the same machine does not open it to the
/// world), or one with `Authorization: Bearer` and `metrics.token`. Others get 403.
struct MetricsAccess: Sendable {
    let allow: AllowList
    let token: [UInt8]

    init(allow: [String], token: String) {
        self.allow = AllowList(allow)
        self.token = Array(token.utf8)
    }

    func check(_ request: Request, peer: String?) throws {
        if !token.isEmpty, let given = request.bearerToken, constantTimeEqual(given.utf8, token) { return }
        if let peer, allow.allows(host: peer), request.forwardedFor.allSatisfy({ allow.allows(host: $0) }) { return }
        throw HTTPAPIError(
            .forbidden, code: "forbidden",
            message:
                "metrics: only from the addresses in metrics.allow, or with Authorization: Bearer and metrics.token")
    }
}
