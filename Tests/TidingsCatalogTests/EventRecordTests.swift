import Foundation
import Testing
import TidingsCatalog
import TidingsModel

/// The event log keeps its own record, not the wire's `EventInput`: rows logged by earlier builds
/// (which stored the wire form) read and write back byte for byte, and a row from a newer build is
/// refused by name.
@Suite("The event log's record")
struct EventRecordTests {
    static let received = Date(timeIntervalSince1970: 1_796_000_000)  // 2026-11-29

    /// Rows as builds before the record wrote them (`TidingsJSON.encoder()` over `EventInput`), one
    /// per kind of change.
    static let loggedRows = [
        #"{"at":"2026-11-20T10:00:00.000Z","container":"bottle","currency":"RUB","id":"e1","image_url":"https://img.example/milk.png","name":"Молоко \"Домик\"","names":{"en":"Milk"},"product_id":"milk-1","store_price":"89.90","type":"product_created","unit":"l","unit_size":"0.93"}"#,
        #"{"at":"2026-11-20T11:00:00.250Z","id":"e2","image_url":null,"name":"Milk","product_id":"milk-1","type":"product_updated"}"#,
        #"{"at":"2026-11-20T12:00:00.000Z","id":"e3","product_id":"milk-1","store_price":"95","type":"price_changed"}"#,
        #"{"at":"2026-11-20T12:00:00.000Z","currency":"RUB","id":"e4","product_id":"milk-1","store_price":"96.50","type":"price_changed"}"#,
        #"{"at":"2026-11-20T13:00:00.000Z","id":"e5","product_id":"milk-1","type":"product_deleted"}"#,
    ]

    @Test("rows logged before the record existed read, and write back byte for byte", arguments: loggedRows)
    func loggedRowsRoundTrip(_ row: String) throws {
        let record = try EventRecord(json: row)
        #expect(record.version == 1)
        let event = try record.event(recordedAt: Self.received)
        #expect(try EventRecord(event).json() == row)
    }

    @Test("an update that removes the image keeps saying so; one that leaves it says nothing")
    func imageRemoval() throws {
        let removes = try EventRecord(json: Self.loggedRows[1]).event(recordedAt: Self.received)
        guard case .updated(let patch) = removes.change else {
            Issue.record("not an update: \(removes.change)")
            return
        }
        #expect(patch.imageURL == .some(nil))
        let leaves = try EventRecord(
            json:
                #"{"at":"2026-11-20T11:00:00.000Z","id":"e6","name":"Milk","product_id":"milk-1","type":"product_updated"}"#
        )
        #expect(leaves.imageURL == .none)
        #expect(try !leaves.json().contains("image_url"))
    }

    @Test("every event validated from the wire comes back from its record unchanged")
    func wireEventsRoundTrip() throws {
        let inputs = [
            EventInput(
                id: "a", type: "product_created", productID: "p", at: Self.received, name: "Ananas",
                names: ["ru": "Ананас"], unit: "kg", unitSize: "1.5", container: "box", storePrice: "210",
                currency: "EUR", imageURL: .some("https://img.example/a.png")),
            EventInput(id: "b", type: "product_updated", productID: "p", at: Self.received, container: "bag"),
            EventInput(id: "c", type: "price_changed", productID: "p", storePrice: "199.99"),
            EventInput(id: "d", type: "product_deleted", productID: "p", at: Self.received),
        ]
        for input in inputs {
            let event = try CatalogEvent(validating: input, now: Self.received)
            let row = try EventRecord(event).json()
            #expect(try EventRecord(json: row).event(recordedAt: Self.received) == event, "\(row)")
        }
    }

    @Test("a row written by a newer version is refused, naming the version")
    func newerVersion() {
        #expect {
            try EventRecord(
                json: #"{"v":2,"at":"2026-11-20T13:00:00.000Z","id":"e5","product_id":"p","type":"product_deleted"}"#)
        } throws: { error in
            "\(error)".contains("version 2 was written by a newer Tidings")
        }
    }
}
