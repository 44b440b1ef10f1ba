import Foundation
import Testing
import TidingsModel

@testable import TidingsKitStore

@Suite("Stored item codec")
struct StoredItemCodecTests {
    @Test("teasers have one column per field: a new Teaser field needs a column and a migration")
    func teaserColumns() {
        let fields = Mirror(reflecting: Teaser(id: "", title: "", source: "")).children.compactMap(\.label)
        #expect(
            fields == [
                "id", "title", "summary", "imageURL", "imageProxyURL", "imageWidth", "imageHeight", "imageAlt", "url",
                "publishedAt", "source", "author", "enclosure", "alsoFrom",
            ])
    }

    @Test("a stored item that no longer reads as its kind becomes unknown, as on the wire")
    func unreadableKindBecomesUnknown() {
        let row = StoredItemCodec.Row(type: "ad", known: true, body: Data(#"{"type":"ad","id":"a1"}"#.utf8))
        let good = try? StoredItemCodec.row(.ad(AdSlot(id: "a2", format: "native")), encoder: TidingsJSON.encoder())
        let items = StoredItemCodec.items([row, good].compactMap(\.self))
        #expect(
            items == [
                .unknown(type: "ad", raw: .object(["type": .string("ad"), "id": .string("a1")])),
                .ad(AdSlot(id: "a2", format: "native")),
            ])
    }

    @Test("a stored item that is not JSON is dropped, its neighbours kept")
    func garbageDropped() {
        let rows = [
            StoredItemCodec.Row(type: "widget", known: true, body: Data("{not json".utf8)),
            StoredItemCodec.Row(
                type: "notification", known: true,
                body: Data(#"{"id":"c","kind":"k","text":"t","dismissible":true}"#.utf8)),
        ]
        #expect(StoredItemCodec.items(rows) == [nil, .notification(NotificationCard(id: "c", kind: "k", text: "t"))])
    }
}
