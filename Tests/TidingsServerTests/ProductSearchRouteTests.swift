import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import TidingsModel
import TidingsTesting

/// Issue 43's catalog product search through the server: `GET /api/v1/products?q=…`.
@Suite("Product search")
struct ProductSearchRouteTests {
    static let products = [
        #"{"id":"milk","name":"Молоко 3,2%","names":{"en":"Whole milk"},"unit":"l","unit_size":"1","container":"bottle","store_price":"89.00"}"#,
        #"{"id":"kefir","name":"Кефир","names":{"en":"Kefir"},"unit":"l","unit_size":"1","container":"bottle","store_price":"79.00"}"#,
        #"{"id":"tea","name":"Чай чёрный","names":{"en":"Black tea"},"unit":"g","unit_size":"100","container":"pack","store_price":"120.00"}"#,
    ]

    static func search(_ client: any TestClientProtocol, _ query: String) async throws -> ProductSearchPage {
        try await client.execute(uri: "/api/v1/products?" + query, method: .get) { response in
            #expect(response.status == .ok, "\(response.text)")
            #expect(response.headers[.cacheControl] == "no-cache")
            return try response.json(ProductSearchPage.self)
        }
    }

    @Test("products by a form of their names or a translation, names in the reader's language, paged")
    func found() async throws {
        try await TestApp.with { app, client in
            for product in Self.products {
                try await client.execute(
                    uri: "/api/v1/products", method: .post, headers: app.writeHeaders, body: .json(product)
                ) { response in #expect(response.status == .created, "\(response.text)") }
            }
            // A Russian form of the name; the name in Russian with the word marked.
            let milk = try await Self.search(client, "q=%D0%BC%D0%BE%D0%BB%D0%BE%D0%BA%D0%B0&locale=ru")
            #expect(milk.results.map(\.product.id) == ["milk"] && milk.total == 1)
            #expect(
                milk.results.first?.name == [
                    SnippetPart(text: "Молоко", match: true), SnippetPart(text: " 3,2%", match: false),
                ])
            #expect(milk.results.first?.product.price.currency == "RUB")
            // English readers get English names; a prefix while typing.
            let tea = try await Self.search(client, "q=bla&typing=true&locale=en")
            #expect(tea.results.map(\.product.id) == ["tea"])
            #expect(
                tea.results.first?.name == [
                    SnippetPart(text: "Black", match: true), SnippetPart(text: " tea", match: false),
                ])
            // Two pages of one through a signed cursor bound to the query.
            let first = try await Self.search(client, "q=milk%20OR%20kefir&limit=1")
            #expect(first.total == 2 && first.results.count == 1)
            let cursor = try #require(first.nextCursor)
            let second = try await Self.search(client, "q=milk%20OR%20kefir&limit=1&cursor=\(cursor)")
            #expect(second.results.count == 1 && second.nextCursor == nil)
            #expect(Set((first.results + second.results).map(\.product.id)) == ["milk", "kefir"])
            try await client.execute(uri: "/api/v1/products?q=tea&limit=1&cursor=\(cursor)", method: .get) { response in
                #expect(response.status == .badRequest && response.apiError?.code == "invalid_cursor")
            }
        }
    }

    @Test(
        "bad asks answer 400 with the parameter",
        arguments: [
            ("", "missing_parameter"), ("q=-tea", "invalid_query"), ("q=tea&section=news", "invalid_parameter"),
            ("q=tea&since=2026-12-01", "invalid_parameter"), ("q=tea&limit=0", "invalid_parameter"),
            ("q=tea&typing=maybe", "invalid_parameter"), ("q=tea&cursor=forged", "invalid_cursor"),
        ])
    func badAsks(_ ask: (String, String)) async throws {
        try await TestApp.with { _, client in
            try await client.execute(uri: "/api/v1/products?" + ask.0, method: .get) { response in
                #expect(response.status == .badRequest, "\(ask.0): \(response.text)")
                #expect(response.apiError?.code == ask.1, "\(ask.0): \(response.text)")
            }
        }
    }
}
