import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import TidingsModel
import TidingsServer
import TidingsStore
import TidingsTesting

@Suite("Products API")
struct ProductsRouteTests {
    static let pineapple =
        #"{"id":"44957","name":"Ананас","names":{"en":"Pineapple"},"unit":"kg","unit_size":"1","container":"bulk","store_price":"195.00"}"#

    /// Creates the product the PATCH and DELETE tests work on.
    static func createPineapple(_ app: TestApp, _ client: any TestClientProtocol) async throws {
        try await client.execute(
            uri: "/api/v1/products", method: .post, headers: app.writeHeaders, body: .json(pineapple)
        ) {
            response throws in
            #expect(response.status == .created, "\(response.text)")
        }
    }

    @Test("writes need a live API key: 401 without or with an unknown one, 403 once revoked")
    func auth() async throws {
        try await TestApp.with { app, client in
            try await client.execute(uri: "/api/v1/products", method: .post, body: .json(Self.pineapple)) {
                response throws in
                #expect(response.status == .unauthorized)
                #expect(response.apiError?.code == "unauthorized")
                #expect(response.headers[.wwwAuthenticate] == "Bearer")
            }
            try await client.execute(
                uri: "/api/v1/products", method: .post, headers: [.authorization: "Bearer tid_wrong"],
                body: .json(Self.pineapple)
            ) { response throws in
                #expect(response.status == .unauthorized)
            }
            let keys = try await app.store.apiKeys()
            _ = try await app.store.revokeAPIKey(id: keys[0].id, at: TestApp.now)
            try await client.execute(
                uri: "/api/v1/products", method: .post, headers: app.writeHeaders, body: .json(Self.pineapple)
            ) { response throws in
                #expect(response.status == .forbidden)
                #expect(response.apiError?.code == "forbidden")
            }
        }
    }

    @Test("a key's scope says what it may do: a read key cannot post events, an admin key can")
    func scopes() async throws {
        try await TestApp.with { app, client in
            for (scope, status) in [(APIKeyScope.read, HTTPResponse.Status.forbidden), (.admin, .created)] {
                let secret = APIKeys.generate()
                _ = try await app.store.createAPIKey(
                    name: scope.rawValue, hash: APIKeys.hash(secret), scope: scope, at: TestApp.now)
                try await client.execute(
                    uri: "/api/v1/products", method: .post,
                    headers: [.authorization: "Bearer \(secret)", .contentType: "application/json"],
                    body: .json(Self.pineapple)
                ) { response throws in
                    #expect(response.status == status, "\(scope): \(response.text)")
                    if status == .forbidden {
                        #expect(response.apiError?.message.contains("has scope read; this needs write") == true)
                    }
                }
            }
        }
    }

    @Test("POST creates (201 with Location), a second POST of the id is 409")
    func create() async throws {
        try await TestApp.with { app, client in
            try await client.execute(
                uri: "/api/v1/products", method: .post, headers: app.writeHeaders, body: .json(Self.pineapple)
            ) { response throws in
                #expect(response.status == .created)
                #expect(response.headers[.location] == "/api/v1/products/44957")
                let product = try response.json(ProductResource.self)
                #expect(product.storePrice == Amount(value: "195.00", currency: "RUB"))
                #expect(product.names == ["en": "Pineapple"])
                #expect(product.createdAt == TestApp.now)
            }
            try await client.execute(
                uri: "/api/v1/products", method: .post, headers: app.writeHeaders, body: .json(Self.pineapple)
            ) { response throws in
                #expect(response.status == .conflict)
                #expect(response.apiError?.code == "product_exists")
            }
            try await client.execute(uri: "/api/v1/products/44957", method: .get) { response throws in
                #expect(response.status == .ok)
                #expect(try response.json(ProductResource.self).name == "Ананас")
            }
        }
    }

    @Test("the consumer price carries the configured markup")
    func markup() async throws {
        var configuration = TidingsConfiguration()
        configuration.markupPercent = try #require(MarkupPercent("10"))
        try await TestApp.with(configuration: configuration) { app, client in
            try await client.execute(
                uri: "/api/v1/products", method: .post, headers: app.writeHeaders, body: .json(Self.pineapple)
            ) { response throws in
                #expect(try response.json(ProductResource.self).price == Amount(value: "214.50", currency: "RUB"))
            }
        }
    }

    @Test(
        "bad input is 400 when not JSON and 422 naming the field otherwise",
        arguments: [
            (#"{"id":"44957","name":"x","store_price":"#, 400, nil),
            (#"[1,2]"#, 422, nil),
            (#"{"name":"x","store_price":"1"}"#, 422, "id"),
            (#"{"id":"a b","name":"x","store_price":"1"}"#, 422, "product_id"),
            (#"{"id":"p","name":"x","store_price":"1.234"}"#, 422, "store_price"),
            (#"{"id":"p","name":"x","store_price":true}"#, 422, "store_price"),
            (#"{"id":"p","name":42,"store_price":"1"}"#, 422, "name"),
            (#"{"id":"p","name":"x","store_price":"1","at":"yesterday"}"#, 422, "at"),
            (#"{"id":"p","name":"x","store_price":"1","image_url":"ftp://x/y.png"}"#, 422, "image_url"),
        ] as [(String, Int, String?)])
    func badInput(_ body: String, _ status: Int, _ field: String?) async throws {
        try await TestApp.with { app, client in
            try await client.execute(
                uri: "/api/v1/products", method: .post, headers: app.writeHeaders, body: .json(body)
            ) { response throws in
                #expect(response.status.code == status, "\(response.text)")
                if let field { #expect(response.apiError?.field == field, "\(response.text)") }
                #expect(response.apiError != nil)
            }
        }
    }

    @Test("PATCH changes fields, turns a price into a price_changed event, and refuses a currency change")
    func patch() async throws {
        try await TestApp.with { app, client in
            try await Self.createPineapple(app, client)
            try await client.execute(
                uri: "/api/v1/products/44957", method: .patch, headers: app.writeHeaders,
                body: .json(#"{"name":"Ананас Голд","store_price":"150.00","image_url":"https://img.example/a.jpg"}"#)
            ) { response throws in
                #expect(response.status == .ok)
                let product = try response.json(ProductResource.self)
                #expect(product.name == "Ананас Голд")
                #expect(product.storePrice.value == "150.00")
                #expect(product.imageURL == "https://img.example/a.jpg")
            }
            #expect(try await app.store.counts() == .init(events: 3, products: 1, newsItems: 2))
            try await client.execute(
                uri: "/api/v1/products/44957", method: .patch, headers: app.writeHeaders,
                body: .json(#"{"image_url":null}"#)
            ) { response throws in
                #expect(try response.json(ProductResource.self).imageURL == nil)
            }
            try await client.execute(
                uri: "/api/v1/products/44957", method: .patch, headers: app.writeHeaders,
                body: .json(#"{"currency":"USD"}"#)
            ) { response throws in
                #expect(response.status == .unprocessableContent)
                #expect(response.apiError?.field == "currency")
            }
            // Capitals only, as documented: `eur` is refused, not read as EUR (issue 33).
            try await client.execute(
                uri: "/api/v1/products", method: .post, headers: app.writeHeaders,
                body: .json(
                    Self.pineapple.replacingOccurrences(of: "44957", with: "44958")
                        .replacingOccurrences(of: "\"store_price\"", with: "\"currency\":\"eur\",\"store_price\""))
            ) { response throws in
                #expect(response.status == .unprocessableContent)
                #expect(response.apiError?.field == "currency")
                #expect(response.apiError?.message.contains("capital letters") == true)
            }
            try await client.execute(
                uri: "/api/v1/products/nope", method: .patch, headers: app.writeHeaders, body: .json(#"{"name":"x"}"#)
            ) { response throws in
                #expect(response.status == .notFound)
            }
        }
    }

    @Test(
        "an invalid field in PATCH is a 422 naming it, never a 500",
        arguments: [
            #"{"unit_size":0}"#, #"{"names":{"x":"a"}}"#, #"{"name":"  "}"#, #"{"unit":""}"#,
            #"{"image_url":"ftp://x"}"#, #"{"container":"\#(String(repeating: "c", count: 40))"}"#,
        ])
    func patchValidation(_ body: String) async throws {
        try await TestApp.with { app, client in
            try await Self.createPineapple(app, client)
            try await client.execute(
                uri: "/api/v1/products/44957", method: .patch, headers: app.writeHeaders, body: .json(body)
            ) {
                response throws in
                #expect(response.status == .unprocessableContent, "\(response.text)")
                #expect(response.apiError?.code == "validation_failed")
                #expect(response.apiError?.field != nil)
            }
        }
    }

    @Test("a PATCH stands or falls whole: a refused price leaves the name unchanged too")
    func patchIsAtomic() async throws {
        try await TestApp.with { app, client in
            try await Self.createPineapple(app, client)
            try await client.execute(
                uri: "/api/v1/products/44957", method: .patch, headers: app.writeHeaders,
                body: .json(#"{"name":"Renamed","store_price":"1.234"}"#)
            ) { response throws in
                #expect(response.status == .unprocessableContent)
                #expect(response.apiError?.field == "store_price")
            }
            #expect(try await app.store.product(id: "44957")?.name == "Ананас")
            #expect(try await app.store.counts().events == 1)
        }
    }

    @Test("a JSON number no decimal can hold is a 422 naming the field", arguments: ["5e-324", "1e200"])
    func hugeNumbers(_ number: String) async throws {
        try await TestApp.with { app, client in
            let body = #"{"id":"x1","name":"x","store_price":"1","unit_size":\#(number)}"#
            try await client.execute(
                uri: "/api/v1/products", method: .post, headers: app.writeHeaders, body: .json(body)
            ) {
                response throws in
                #expect(response.status == .unprocessableContent, "\(response.text)")
                #expect(response.apiError?.field == "unit_size")
            }
        }
    }

    @Test("a client's event time comes back to the millisecond")
    func milliseconds() async throws {
        try await TestApp.with { app, client in
            for (index, fraction) in ["001", "123", "999"].enumerated() {
                let body = #"{"id":"p\#(index)","name":"x","store_price":"1","at":"2026-11-01T00:00:00.\#(fraction)Z"}"#
                try await client.execute(
                    uri: "/api/v1/products", method: .post, headers: app.writeHeaders, body: .json(body)
                ) {
                    response throws in
                    let created = try response.json(ProductResource.self).createdAt
                    #expect(TidingsJSON.formatDate(created) == "2026-11-01T00:00:00.\(fraction)Z")
                }
            }
        }
    }

    @Test("DELETE removes the product and its news; a second DELETE is 404")
    func delete() async throws {
        try await TestApp.with { app, client in
            try await Self.createPineapple(app, client)
            try await client.execute(uri: "/api/v1/products/44957", method: .delete, headers: app.writeHeaders) {
                response throws in
                #expect(response.status == .noContent)
            }
            #expect(try await app.store.counts().newsItems == 0)
            try await client.execute(uri: "/api/v1/products/44957", method: .delete, headers: app.writeHeaders) {
                response throws in
                #expect(response.status == .notFound)
                #expect(response.apiError?.code == "product_not_found")
            }
            try await client.execute(uri: "/api/v1/products/44957", method: .get) { response throws in
                #expect(response.status == .notFound)
            }
        }
    }

    /// Found by schemathesis: a creation dated before a deletion already logged for the id was
    /// answered with an undocumented 404. It is kept in the log at its time; the answer says why
    /// the product does not exist.
    @Test("POST with an `at` before a logged deletion: 404 naming `at`, and the product stays deleted")
    func createBeforeDeletion() async throws {
        try await TestApp.with { app, client in
            try await Self.createPineapple(app, client)
            try await client.execute(uri: "/api/v1/products/44957", method: .delete, headers: app.writeHeaders) {
                response throws in
                #expect(response.status == .noContent)
            }
            let early = Self.pineapple.dropLast() + #","at":"2000-01-01T00:00:00Z"}"#
            try await client.execute(
                uri: "/api/v1/products", method: .post, headers: app.writeHeaders, body: .json(String(early))
            ) { response throws in
                #expect(response.status == .notFound)
                #expect(response.apiError?.code == "product_not_found" && response.apiError?.field == "at")
            }
            try await client.execute(uri: "/api/v1/products/44957", method: .get) { response throws in
                #expect(response.status == .notFound)
            }
        }
    }
}
