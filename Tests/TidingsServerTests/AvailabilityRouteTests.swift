import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import TidingsModel
import TidingsTesting

/// Issue 12: a database that cannot answer now is not a server error. Writes answer 503 with
/// Retry-After, reads keep working, and nothing half-written remains.
@Suite("Availability")
struct AvailabilityRouteTests {
    static let event =
        #"{"events":[{"id":"e1","type":"product_created","product_id":"p1","name":"Ананас","store_price":"195.00"}]}"#

    @Test("a write lock held by another process: writes get 503 with Retry-After, reads keep working")
    func lockedDatabase() async throws {
        try await TestApp.with(databaseTimeout: .milliseconds(300)) { app, client in
            let lock = try await LockHolder.hold(app.database)
            try await client.execute(
                uri: "/api/v1/events", method: .post, headers: app.writeHeaders, body: .json(Self.event)
            ) { response in
                #expect(response.status == .serviceUnavailable)
                #expect(response.headers[.retryAfter].flatMap { Int($0) }.map { $0 > 0 } == true)
                #expect(response.apiError?.code == "unavailable")
                #expect(response.apiError?.message.contains("try again") == true)
            }
            try await client.execute(uri: "/api/v1/news_items", method: .get) { response in
                #expect(response.status == .ok)
            }
            try await lock.release()
            try await client.execute(
                uri: "/api/v1/events", method: .post, headers: app.writeHeaders, body: .json(Self.event)
            ) { response throws in
                #expect(response.status == .ok)
                let report = try response.json(EventsReport.self)
                #expect(report.accepted == 1, "the refused write left nothing behind: the event is new")
            }
        }
    }

    @Test("U+0000 in an event's text is refused naming the field; the valid events of the request are kept")
    func nulInEvents() async throws {
        try await TestApp.with { app, client in
            let body = #"""
                {"events":[
                  {"id":"a\u0000b","type":"product_created","product_id":"p1","name":"A","store_price":"1.00"},
                  {"id":"e2","type":"product_created","product_id":"p2","name":"B\u0000","store_price":"1.00"},
                  {"id":"e3","type":"product_created","product_id":"p3","name":"C","unit":"k\u0000g","store_price":"1.00"},
                  {"id":"e4","type":"product_created","product_id":"p4","name":"D","store_price":"1.00"}
                ]}
                """#
            try await client.execute(uri: "/api/v1/events", method: .post, headers: app.writeHeaders, body: .json(body))
            { response throws in
                #expect(response.status == .ok)
                let report = try response.json(EventsReport.self)
                #expect(report.accepted == 1)
                #expect(report.rejected.map(\.index) == [0, 1, 2])
                #expect(report.rejected.map(\.error.field) == ["id", "name", "unit"])
            }
        }
    }
}
