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

    @Test("422 with the report, and the envelope of its first refusal, when no event is valid")
    func noneValid() async throws {
        try await TestApp.with { app, client in
            try await client.execute(
                uri: "/api/v1/events", method: .post, headers: app.writeHeaders,
                body: .json(#"{"events":[{"id":"x","type":"price_changed","product_id":"ghost","store_price":"1"}]}"#)
            ) { response throws in
                #expect(response.status == .unprocessableContent)
                #expect(response.apiError?.code == "product_not_found")
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

    @Test("late price changes leave the newest one current, in one request or several")
    func latePrices() async throws {
        // The issue's example: created at 09:00, then 30.00 @12:00, 10.00 @10:00, 20.00 @11:00.
        let created =
            #"{"id":"c","type":"product_created","product_id":"p","name":"Ананас","store_price":"50.00","at":"2026-11-01T09:00:00Z"}"#
        let changes = [("s12", "30.00", "12"), ("s10", "10.00", "10"), ("s11", "20.00", "11")].map { id, price, hour in
            #"{"id":"\#(id)","type":"price_changed","product_id":"p","store_price":"\#(price)","at":"2026-11-01T\#(hour):00:00Z"}"#
        }
        for requests in [[[created] + changes], [[created]] + changes.map { [$0] }] {
            try await TestApp.with { app, client in
                for events in requests {
                    try await client.execute(
                        uri: "/api/v1/events", method: .post, headers: app.writeHeaders,
                        body: .json(#"{"events":["# + events.joined(separator: ",") + "]}")
                    ) { response in #expect(response.status == .ok, "\(response.text)") }
                }
                let product = try #require(try await app.store.product(id: "p"))
                #expect(product.storePrice.decimalString == "30.00")
                let history = try await app.store.priceHistory(productID: "p")
                #expect(history.last?.storePrice == product.storePrice)
            }
        }
    }

    @Test("concurrent single-event requests, committed together, each get their own answer")
    func concurrentSingles() async throws {
        // The router client: each request its own call, all at once. The live test client sends
        // every request down one pipelined connection, which serializes them and, on a loaded CI
        // machine, timed out.
        try await TestApp.with { app, client in
            let products = 40
            let created = (0..<products).map {
                #"{"id":"c\#($0)","type":"product_created","product_id":"p\#($0)","name":"Ананас","store_price":"100.00","at":"2026-11-01T12:00:00Z"}"#
            }
            try await client.execute(
                uri: "/api/v1/events", method: .post, headers: app.writeHeaders,
                body: .json(#"{"events":["# + created.joined(separator: ",") + "]}")
            ) { response in #expect(response.status == .ok) }
            // One request per event, all at once: new price changes, a replay (duplicate), a
            // replay with another body (conflict), a change of a product nobody created (refused).
            var requests: [(event: String, status: HTTPResponse.Status, accepted: Int, duplicates: Int)] =
                (0..<products)
                .map {
                    (
                        #"{"id":"s\#($0)","type":"price_changed","product_id":"p\#($0)","store_price":"80.00","at":"2026-11-01T13:00:00Z"}"#,
                        .ok, 1, 0
                    )
                }
            requests.append((created[3], .ok, 0, 1))
            requests.append((created[4].replacingOccurrences(of: "100.00", with: "90.00"), .conflict, 0, 0))
            requests.append(
                (
                    #"{"id":"g","type":"price_changed","product_id":"ghost","store_price":"1.00"}"#,
                    .unprocessableContent, 0, 0
                ))
            try await withThrowingTaskGroup(of: Void.self) { tasks in
                for request in requests {
                    tasks.addTask {
                        try await client.execute(
                            uri: "/api/v1/events", method: .post, headers: app.writeHeaders,
                            body: .json(#"{"events":["# + request.event + "]}")
                        ) { response throws in
                            #expect(response.status == request.status, "\(request.event)")
                            let report = try response.json(Report.self)
                            #expect(report.accepted == request.accepted && report.duplicates == request.duplicates)
                        }
                    }
                }
                try await tasks.waitForAll()
            }
            #expect(try await app.store.counts().events == 2 * products)
            #expect(try await app.store.product(id: "p7")?.storePrice.decimalString == "80.00")
        }
    }

    @Test("a replay of a known id with a different body is 409 naming the event; the same body is a duplicate")
    func conflictingReplay() async throws {
        try await TestApp.with { app, client in
            let created =
                #"{"id":"e1","type":"product_created","product_id":"p","name":"Ананас","store_price":"195.00","at":"2026-11-01T12:00:00Z"}"#
            let changed =
                #"{"id":"e1","type":"product_created","product_id":"p","name":"Ананас","store_price":"150.00"}"#
            let post = { (events: [String]) in
                #"{"events":["# + events.joined(separator: ",") + "]}"
            }
            try await client.execute(
                uri: "/api/v1/events", method: .post, headers: app.writeHeaders, body: .json(post([created]))
            ) { response in #expect(response.status == .ok) }
            try await client.execute(
                uri: "/api/v1/events", method: .post, headers: app.writeHeaders, body: .json(post([changed]))
            ) { response throws in
                #expect(response.status == .conflict)
                let error = try #require(response.apiError)
                #expect(error.code == "event_conflict")
                #expect(error.field == "id")
                #expect(error.message.contains("e1"))
                let report = try response.json(Report.self)
                #expect(report.accepted == 0 && report.duplicates == 0)
                #expect(report.rejected.map(\.error.code) == ["event_conflict"])
            }
            // In a batch that applies something else, the conflict is listed and the answer is 200.
            let fresh =
                #"{"id":"e2","type":"price_changed","product_id":"p","store_price":"180.00","at":"2026-11-01T13:00:00Z"}"#
            try await client.execute(
                uri: "/api/v1/events", method: .post, headers: app.writeHeaders,
                body: .json(post([changed, fresh, created]))
            ) { response throws in
                #expect(response.status == .ok)
                let report = try response.json(Report.self)
                #expect(report.accepted == 1 && report.duplicates == 1)
                #expect(report.rejected.map(\.index) == [0])
                #expect(report.rejected.map(\.error.code) == ["event_conflict"])
                #expect(response.apiError == nil, "a 200 carries no error envelope")
            }
            #expect(try await app.store.product(id: "p")?.storePrice.decimalString == "180.00")
        }
    }
}
