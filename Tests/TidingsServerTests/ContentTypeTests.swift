import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import TidingsModel
import TidingsSections
import TidingsTesting

/// Writes to the JSON API take JSON only: a form another site posts, or text with no type, is
/// never decoded.
@Suite("Content types of writes")
struct ContentTypeTests {
    static let event =
        #"{"events":[{"id":"e1","type":"product_created","product_id":"p","name":"A","store_price":"1"}]}"#

    func headers(_ app: TestApp, _ type: String?) -> HTTPFields {
        var headers: HTTPFields = [.authorization: "Bearer \(app.key)"]
        if let type { headers[.contentType] = type }
        return headers
    }

    @Test(
        "events with a body that is not declared JSON are 415 and change nothing",
        arguments: [
            "application/x-www-form-urlencoded", "text/plain", "multipart/form-data; boundary=x", "application/xml",
            "application/jsonx", "", nil,
        ])
    func refused(_ type: String?) async throws {
        try await TestApp.with { app, client in
            try await client.execute(
                uri: "/api/v1/events", method: .post, headers: headers(app, type), body: .json(Self.event)
            ) { response in
                #expect(response.status == .unsupportedMediaType, "\(type ?? "no type"): \(response.text)")
                #expect(response.apiError?.code == "unsupported_media_type")
                #expect(response.apiError?.message.contains("application/json") == true)
            }
            #expect(try await app.store.counts().events == 0)
        }
    }

    @Test(
        "JSON with parameters or a +json type is taken",
        arguments: [
            "application/json", "application/json; charset=utf-8", "Application/JSON", "application/merge-patch+json",
        ])
    func accepted(_ type: String) async throws {
        try await TestApp.with { app, client in
            try await client.execute(
                uri: "/api/v1/events", method: .post, headers: headers(app, type), body: .json(Self.event)
            ) { response in #expect(response.status == .ok, "\(type): \(response.text)") }
        }
    }

    @Test("every product write refuses a form; a DELETE without a body needs no type")
    func products() async throws {
        try await TestApp.with { app, client in
            let form = headers(app, "application/x-www-form-urlencoded")
            try await client.execute(
                uri: "/api/v1/products", method: .post, headers: form,
                body: .json(#"{"id":"p","name":"A","store_price":"1"}"#)
            ) { response in #expect(response.status == .unsupportedMediaType) }
            try await client.execute(
                uri: "/api/v1/products", method: .post, headers: headers(app, nil),
                body: .json(#"{"id":"p","name":"A","store_price":"1"}"#)
            ) { response in #expect(response.status == .unsupportedMediaType) }
            try await client.execute(
                uri: "/api/v1/products", method: .post, headers: app.writeHeaders,
                body: .json(#"{"id":"p","name":"A","store_price":"1"}"#)
            ) { response in #expect(response.status == .created) }
            try await client.execute(
                uri: "/api/v1/products/p", method: .patch, headers: form, body: .json(#"{"name":"B"}"#)
            ) { response in #expect(response.status == .unsupportedMediaType) }
            try await client.execute(uri: "/api/v1/products/p", method: .delete, headers: form, body: .json("a=1")) {
                response in #expect(response.status == .unsupportedMediaType)
            }
            #expect(try await app.store.product(id: "p")?.name == "A")
            try await client.execute(uri: "/api/v1/products/p", method: .delete, headers: headers(app, nil)) {
                response in #expect(response.status == .noContent)
            }
        }
    }

    @Test("the API's dismiss refuses a form, while the web reader's dismiss form still works")
    func dismiss() async throws {
        let sections = SectionsConfiguration(brands: [
            Brand(
                id: "daily", name: "Daily", locale: .en,
                sections: [
                    Section(
                        id: "shop", title: LocalizedText("Shop"), source: .catalog,
                        placement: Placement(notifications: [
                            NotificationRule(id: "push", kind: "push", text: LocalizedText("Turn on push"))
                        ]))
                ])
        ])
        try await TestApp.with(sections: sections) { _, client in
            let device: HTTPFields = [.init("X-Device-ID")!: "phone-1"]
            var form = device
            form[.contentType] = "application/x-www-form-urlencoded"
            try await client.execute(
                uri: "/api/v1/notifications/push/dismiss", method: .post, headers: form, body: .json("a=1")
            ) { response in #expect(response.status == .unsupportedMediaType) }
            try await client.execute(uri: "/api/v1/notifications/push/dismiss", method: .post, headers: device) {
                response in #expect(response.status == .noContent, "no body needs no type")
            }
            try await client.execute(
                uri: "/daily/notifications/push/dismiss?back=/daily", method: .post,
                headers: [.contentType: "application/x-www-form-urlencoded"], body: .json("")
            ) { response in #expect(response.status == .seeOther) }
        }
    }
}
