import Foundation
import Testing
import TidingsModel

@testable import TidingsCatalog

/// The derivation rules of seed 000, applied to in-memory batches.
@Suite("Deriving news from catalog events")
struct CatalogBatchTests {
    static let epoch = Date(timeIntervalSince1970: 1_793_534_400)
    let policy = NewsPolicy(minChangePercent: 3, mergeWindow: 2 * 3600)

    func event(_ id: String, _ type: String, price: String? = nil, minutes: Double, product: String = "44957")
        throws -> CatalogEvent
    {
        let input = EventInput(
            id: id, type: type, productID: product, at: Self.epoch.addingTimeInterval(minutes * 60),
            name: type == "product_created" ? "Ананас" : nil, unit: type == "product_created" ? "kg" : nil,
            storePrice: price)
        return try CatalogEvent(validating: input, now: Self.epoch.addingTimeInterval(86_400 * 60))
    }

    func run(_ events: [CatalogEvent]) throws -> CatalogBatch {
        var batch = CatalogBatch(policy: policy, loaded: [:])
        for event in events { try batch.apply(event) }
        return batch
    }

    func items(_ batch: CatalogBatch) -> [NewsRecord] {
        batch.newsWrites.values.compactMap { write in
            if case .upsert(let record) = write { return record }
            return nil
        }.sorted { $0.createdAt < $1.createdAt }
    }

    @Test("a new product makes a new_product item with the price at that moment")
    func newProduct() throws {
        let batch = try run([event("e1", "product_created", price: "195.00", minutes: 0)])
        let item = try #require(items(batch).first)
        #expect(item.kind == .newProduct)
        #expect(item.price.minorUnits == 19_500)
        #expect(item.id == "e1")
    }

    @Test("a price change above the threshold makes a price_updated item with old price, percent and direction")
    func priceDrop() throws {
        let batch = try run([
            event("e1", "product_created", price: "100.00", minutes: 0),
            event("e2", "price_changed", price: "95.00", minutes: 600),
        ])
        let item = try #require(items(batch).last)
        #expect(item.kind == .priceUpdated)
        #expect(item.oldPrice?.minorUnits == 10_000)
        #expect(item.price.minorUnits == 9_500)
        #expect(item.percent == 5)
        #expect(item.discounted == true)
        #expect(batch.states["44957"]?.product.storePrice.minorUnits == 9_500)
    }

    @Test("a change of at most min_change_percent makes no item, but the price still changes")
    func threshold() throws {
        let batch = try run([
            event("e1", "product_created", price: "100.00", minutes: 0),
            event("e2", "price_changed", price: "103.00", minutes: 600),
        ])
        #expect(items(batch).map(\.kind) == [.newProduct])
        #expect(batch.states["44957"]?.product.storePrice.minorUnits == 10_300)
    }

    @Test("a change within the merge window merges into the last price item: old price kept, new price taken")
    func merge() throws {
        let batch = try run([
            event("e1", "product_created", price: "100.00", minutes: 0),
            event("e2", "price_changed", price: "90.00", minutes: 600),
            event("e3", "price_changed", price: "80.00", minutes: 660),
        ])
        let priceItems = items(batch).filter { $0.kind == .priceUpdated }
        #expect(priceItems.count == 1)
        let item = try #require(priceItems.first)
        #expect(item.id == "e2", "the merged item keeps its id and place in the feed")
        #expect(item.oldPrice?.minorUnits == 10_000)
        #expect(item.price.minorUnits == 8_000)
        #expect(item.percent == 20)
        #expect(item.createdAt == Self.epoch.addingTimeInterval(600 * 60))
        #expect(item.updatedAt == Self.epoch.addingTimeInterval(660 * 60))
    }

    @Test("a shopper's mistake and its reversal within the window leave nothing behind")
    func reversal() throws {
        let batch = try run([
            event("e1", "product_created", price: "100.00", minutes: 0),
            event("e2", "price_changed", price: "10.00", minutes: 600),
            event("e3", "price_changed", price: "100.00", minutes: 615),
        ])
        #expect(items(batch).map(\.kind) == [.newProduct])
        #expect(batch.newsWrites["e2"] == .delete(productID: "44957"))
        #expect(batch.states["44957"]?.lastPriceItem == nil)
    }

    @Test("a change after the merge window makes a new item measured from the previous price")
    func afterWindow() throws {
        let batch = try run([
            event("e1", "product_created", price: "100.00", minutes: 0),
            event("e2", "price_changed", price: "90.00", minutes: 600),
            event("e3", "price_changed", price: "99.00", minutes: 600 + 121),
        ])
        let priceItems = items(batch).filter { $0.kind == .priceUpdated }
        #expect(priceItems.map(\.id) == ["e2", "e3"])
        #expect(priceItems.last?.oldPrice?.minorUnits == 9_000)
        #expect(priceItems.last?.percent == 10)
        #expect(priceItems.last?.discounted == false)
    }

    @Test("deleting a product removes its news, including items made earlier in the same batch")
    func delete() throws {
        let batch = try run([
            event("e1", "product_created", price: "100.00", minutes: 0),
            event("e2", "price_changed", price: "50.00", minutes: 600),
            event("e3", "product_deleted", minutes: 700),
        ])
        #expect(items(batch).isEmpty)
        #expect(batch.purgedProducts == ["44957"])
        #expect(batch.productWrites["44957"] == .some(nil))
    }

    @Test("a deleted product can be created again")
    func recreate() throws {
        let batch = try run([
            event("e1", "product_created", price: "100.00", minutes: 0),
            event("e2", "product_deleted", minutes: 10),
            event("e3", "product_created", price: "120.00", minutes: 20),
        ])
        #expect(items(batch).map(\.id) == ["e3"])
        #expect(batch.states["44957"]?.product.storePrice.minorUnits == 12_000)
    }

    @Test(
        "refusals change nothing and say why",
        arguments: [
            ("product_created", "conflict"), ("price_changed_unknown", "notFound"), ("currency", "invalid"),
        ])
    func refusals(_ scenario: String, _ kind: String) throws {
        var batch = try run([event("e1", "product_created", price: "100.00", minutes: 0)])
        let before = batch.states
        let attempt: CatalogEvent
        switch scenario {
        case "product_created": attempt = try event("e2", "product_created", price: "1.00", minutes: 5)
        case "price_changed_unknown":
            attempt = try event("e2", "price_changed", price: "1.00", minutes: 5, product: "nope")
        default:
            attempt = try CatalogEvent(
                validating: EventInput(
                    id: "e2", type: "price_changed", productID: "44957", at: Self.epoch, storePrice: "1.00",
                    currency: "USD"),
                now: Self.epoch)
        }
        let error = try #require(throws: CatalogError.self) { try batch.apply(attempt) }
        #expect("\(error.kind)" == kind)
        #expect(error.message.hasPrefix("catalog: "))
        #expect(batch.states == before)
        #expect(batch.accepted.map(\.id) == ["e1"])
    }
}

@Suite("Validating wire events")
struct CatalogEventValidationTests {
    let now = Date(timeIntervalSince1970: 1_793_534_400)

    @Test(
        "names the field that is wrong",
        arguments: [
            (EventInput(id: "", type: "price_changed", productID: "p", storePrice: "1"), "id"),
            (EventInput(id: "e", type: "price_exploded", productID: "p"), "type"),
            (EventInput(id: "e", type: "price_changed", productID: "bad id!", storePrice: "1"), "product_id"),
            (EventInput(id: "e", type: "price_changed", productID: "p"), "store_price"),
            (EventInput(id: "e", type: "product_created", productID: "p", storePrice: "1"), "name"),
            (EventInput(id: "e", type: "product_created", productID: "p", name: "x", storePrice: "-1"), "store_price"),
            (
                EventInput(id: "e", type: "product_created", productID: "p", name: "x", storePrice: "1.001"),
                "store_price"
            ),
            (
                EventInput(
                    id: "e", type: "product_created", productID: "p", name: "x", storePrice: "1", currency: "RUBLE"),
                "currency"
            ),
            (
                EventInput(
                    id: "e", type: "product_created", productID: "p", name: "x", storePrice: "1",
                    imageURL: .some("javascript:alert(1)")), "image_url"
            ),
            (
                EventInput(id: "e", type: "product_created", productID: "p", name: "x", unitSize: "0", storePrice: "1"),
                "unit_size"
            ),
            (EventInput(id: "e", type: "product_updated", productID: "p", currency: "USD"), "currency"),
            // Issue 13: any three letters passed as a currency.
            (
                EventInput(
                    id: "e", type: "product_created", productID: "p", name: "x", storePrice: "1", currency: "QQQ"),
                "currency"
            ),
            (EventInput(id: "e", type: "price_changed", productID: "p", storePrice: "1", currency: "XXX"), "currency"),
            (EventInput(id: "e", type: "price_changed", productID: "p", storePrice: "1", currency: "XAU"), "currency"),
            // Issue 33: lower case was read as the currency it spells, against the documented rule.
            (
                EventInput(
                    id: "e", type: "product_created", productID: "p", name: "x", storePrice: "1", currency: "eur"),
                "currency"
            ),
            (EventInput(id: "e", type: "price_changed", productID: "p", storePrice: "1", currency: "Rub"), "currency"),
            // Issue 12: NUL reached PostgreSQL, which refused the whole write with a 500.
            (EventInput(id: "a\u{0}b", type: "price_changed", productID: "p", storePrice: "1"), "id"),
            (EventInput(id: "e", type: "product_created", productID: "p", name: "x\u{0}", storePrice: "1"), "name"),
            (
                EventInput(
                    id: "e", type: "product_created", productID: "p", name: "x", unit: "k\u{0}g", storePrice: "1"),
                "unit"
            ),
            (
                EventInput(
                    id: "e", type: "product_created", productID: "p", name: "x", container: "\u{0}", storePrice: "1"),
                "container"
            ),
            (
                EventInput(
                    id: "e", type: "product_created", productID: "p", name: "x", names: ["en": "a\u{0}"],
                    storePrice: "1"), "names"
            ),
            (EventInput(id: "e", type: "product_updated", productID: "p", name: "tab\there"), "name"),
            (
                EventInput(
                    id: "e", type: "product_created", productID: "p", name: "x", storePrice: "1",
                    imageURL: .some("https://a.example/\u{0}.png")), "image_url"
            ),
        ])
    func fieldErrors(_ input: EventInput, _ field: String) {
        #expect {
            _ = try CatalogEvent(validating: input, now: now)
        } throws: { error in
            (error as? CatalogError)?.field == field && (error as? CatalogError)?.kind == .invalid
        }
    }

    @Test("fills defaults and keeps the wire form it will log")
    func defaults() throws {
        let event = try CatalogEvent(
            validating: EventInput(
                id: "e", type: "product_created", productID: "p", name: " Ананас ", storePrice: "195"),
            now: now)
        guard case .created(let draft) = event.change else {
            Issue.record("expected a creation")
            return
        }
        #expect(draft.name == "Ананас")
        #expect(draft.currency == .rub)
        #expect(draft.unit == "pcs")
        #expect(event.at == now)
        let record = EventRecord(event)
        #expect(record.storePrice == "195.00")
        #expect(try record.event(recordedAt: now) == event, "the logged form validates to the same event")
    }
}
