import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import TidingsModel
import TidingsTesting

@Suite("Events API")
struct EventsRouteTests {
    typealias Report = EventsReport

    @Test("applies valid events in order, counts duplicates, reports invalid ones by index")
    func mixedBatch() async throws {
        try await TestApp.with { app, client in
            let body = """
                {"events":[
                  {"id":"e1","type":"product_created","product_id":"44957","name":"Ананас","store_price":"195.00","at":"2026-11-01T12:00:00Z"},
                  {"id":"e2","type":"price_changed","product_id":"44957","store_price":"210.00","at":"2026-11-01T18:00:00Z"},
                  {"id":"e2","type":"price_changed","product_id":"44957","store_price":"210.00","at":"2026-11-01T18:00:00Z"},
                  {"id":"e3","type":"price_changed","product_id":"ghost","store_price":"1.00"},
                  {"id":"e4","type":"price_changed","product_id":"44957","store_price":"abc"},
                  {"id":"e5","type":"teleported","product_id":"44957"},
                  42
                ]}
                """
            try await client.execute(uri: "/api/v1/events", method: .post, headers: app.writeHeaders, body: .json(body))
            { response throws in
                #expect(response.status == .ok)
                let report = try response.json(Report.self)
                #expect(report.accepted == 2)
                #expect(report.duplicates == 1)
                #expect(report.rejected.map(\.index) == [3, 4, 5, 6])
                #expect(report.rejected.map(\.error.field) == ["product_id", "store_price", "type", nil])
                #expect(report.rejected[0].error.code == "product_not_found")
            }
            // The same batch again: everything valid is now a duplicate.
            try await client.execute(
                uri: "/api/v1/events", method: .post, headers: app.writeHeaders,
                body: .json(
                    #"{"events":[{"id":"e1","type":"product_created","product_id":"44957","name":"Ананас","store_price":"195.00"}]}"#
                )
            ) { response throws in
                #expect(response.status == .ok)
                #expect(try response.json(Report.self).duplicates == 1)
            }
            #expect(try await app.store.counts() == .init(events: 2, products: 1, newsItems: 2))
        }
    }

    @Test("422 with the report when no event is valid")
    func noneValid() async throws {
        try await TestApp.with { app, client in
            try await client.execute(
                uri: "/api/v1/events", method: .post, headers: app.writeHeaders,
                body: .json(#"{"events":[{"id":"x","type":"price_changed","product_id":"ghost","store_price":"1"}]}"#)
            ) { response throws in
                #expect(response.status == .unprocessableContent)
                let report = try response.json(Report.self)
                #expect(report.accepted == 0)
                #expect(report.rejected.count == 1)
            }
        }
    }

    @Test(
        "the batch itself must be well formed",
        arguments: [
            (#"{"events":"#, 400), (#"{}"#, 422), (#"{"events":[]}"#, 422), (#"{"events":{}}"#, 422), ("", 400),
        ])
    func malformed(_ body: String, _ status: Int) async throws {
        try await TestApp.with { app, client in
            try await client.execute(uri: "/api/v1/events", method: .post, headers: app.writeHeaders, body: .json(body))
            { response throws in
                #expect(response.status.code == status, "\(response.text)")
                #expect(response.apiError != nil)
            }
        }
    }
}
