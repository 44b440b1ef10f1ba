import Foundation
import Hummingbird
import Prometheus

/// `/health`, `/metrics` (Prometheus text) and `/openapi.yaml`.
struct SystemRoutes: Sendable {
    let registry: PrometheusCollectorRegistry

    func addRoutes(to router: Router<TidingsRequestContext>) {
        let health = ByteBuffer(string: #"{"status":"ok"}"#)
        router.get("/health") { _, _ in
            Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: health))
        }
        router.get("/metrics") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(bytes: registry.emitToBuffer())))
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
