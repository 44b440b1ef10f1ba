import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import TidingsModel
import TidingsTesting

@Suite("System routes and limits")
struct SystemRouteTests {
    @Test("GET /health answers {\"status\":\"ok\"}")
    func health() async throws {
        try await TestApp.with { _, client in
            try await client.execute(uri: "/health", method: .get) { response throws in
                #expect(response.status == .ok)
                #expect(response.text == #"{"status":"ok"}"#)
            }
        }
    }

    @Test("/metrics speaks Prometheus text and counts events")
    func metrics() async throws {
        try await TestApp.with(testing: .live) { app, client in
            try await client.execute(
                uri: "/api/v1/events", method: .post, headers: app.writeHeaders,
                body: .json(
                    #"{"events":[{"id":"m1","type":"product_created","product_id":"p","name":"x","store_price":"1"}]}"#)
            ) { _ in }
            try await client.execute(uri: "/metrics", method: .get) { response throws in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType]?.hasPrefix("text/plain") == true)
                #expect(response.text.contains("tidings_events_total"))
                #expect(response.text.contains("http_server_requests_total"))
            }
        }
    }

    @Test("the OpenAPI document is served")
    func openAPI() async throws {
        try await TestApp.with { _, client in
            try await client.execute(uri: "/openapi.yaml", method: .get) { response throws in
                #expect(response.status == .ok)
                #expect(response.text.hasPrefix("openapi:"))
                #expect(response.text.contains("/api/v1/news_items"))
            }
        }
    }

    @Test("an unknown route is a 404 envelope")
    func unknownRoute() async throws {
        try await TestApp.with { _, client in
            try await client.execute(uri: "/api/v2/nothing", method: .get) { response throws in
                #expect(response.status == .notFound)
                #expect(response.apiError?.code == "not_found")
            }
        }
    }

    @Test("a body over 1 MiB is refused with 413 in the envelope")
    func bodyLimit() async throws {
        try await TestApp.with { app, client in
            let padding = String(repeating: "x", count: 1 << 20)
            let body =
                #"{"events":[{"id":"e","type":"product_created","product_id":"p","name":"\#(padding)","store_price":"1"}]}"#
            try await client.execute(uri: "/api/v1/events", method: .post, headers: app.writeHeaders, body: .json(body))
            { response throws in
                #expect(response.status == .contentTooLarge)
                #expect(response.apiError?.code == "payload_too_large")
            }
        }
    }
}
