import CSV
import Foundation
import Testing
import TidingsModel
import TidingsRuntime
import TidingsServer
import TidingsStore
import TidingsTesting

@Suite("Backfill from CSV")
struct BackfillTests {
    static let products = """
        id,name,unit,unit_size,container,image_url,created_at
        44957,Ананас,kg,1,bulk,https://img.example/pineapple.jpg,2026-11-01T12:00:00Z
        milk,"Молоко 3,2%",l,0.9,bottle,,2026-11-01T13:00:00Z
        bad id,Broken,kg,1,bulk,,2026-11-01T13:00:00Z
        eggs,Яйца,pcs,10,box,,yesterday
        lonely,No prices,kg,1,bulk,,2026-11-01T13:00:00Z

        """
    static let prices = """
        product_id,store_price,recorded_at
        44957,195.00,2026-11-01T11:00:00Z
        44957,175.50,2026-11-02T09:00:00Z
        44957,176.00,2026-11-02T10:00:00Z
        milk,84.50,2026-11-01T13:00:00Z
        milk,abc,2026-11-01T14:00:00Z
        ghost,1.00,2026-11-01T14:00:00Z
        milk,92.00,2026-11-03T08:00:00Z

        """

    func backfill(since: Date? = nil) throws -> Backfill {
        try Backfill(
            products: CSVReader(string: Self.products, hasHeaderRow: true), productsName: "products.csv",
            prices: CSVReader(string: Self.prices, hasHeaderRow: true), pricesName: "prices.csv", since: since)
    }

    @Test("imports good rows as events and names bad rows by file and line")
    func importsAndReports() async throws {
        try await TestDatabase.with(.sqlite) { database in
            let store = try await database.open()
            let catalog = Runtime(settings: Settings(), store: store).catalog
            var run = try backfill()
            let summary = try await run.run(into: catalog)
            #expect(summary.accepted == 5, "2 products, 3 price changes (the 175.50 → 176.00 row is one too)")
            let messages = summary.errors.map(\.description)
            #expect(messages.contains { $0.hasPrefix("products.csv:4:") && $0.contains("id must be") })
            #expect(messages.contains { $0.hasPrefix("products.csv:5:") && $0.contains("created_at") })
            #expect(messages.contains { $0.hasPrefix("products.csv:6:") && $0.contains("no row in the prices file") })
            #expect(messages.contains { $0.hasPrefix("prices.csv:6:") && $0.contains("store_price") })
            #expect(messages.contains { $0.hasPrefix("prices.csv:7:") && $0.contains("ghost") })
            #expect(summary.errors.count == 5)
            let pineapple = try #require(try await store.product(id: "44957"))
            #expect(pineapple.storePrice.decimalString == "176.00")
            #expect(pineapple.createdAt == TidingsJSON.parseDate("2026-11-01T12:00:00Z"))
            #expect(pineapple.imageURL == "https://img.example/pineapple.jpg")
            let news = try await store.newsPage(since: .distantPast, after: nil, limit: 100)
            // 2 new products, the 10 % drop (176.00 merged into it, as it came within 2 h), milk's rise.
            #expect(
                news.map(\.record.kind.rawValue).sorted() == [
                    "new_product", "new_product", "price_updated", "price_updated",
                ])
            let drop = try #require(news.first { $0.product.id == "44957" && $0.record.kind == .priceUpdated })
            #expect(drop.record.oldPrice?.decimalString == "195.00")
            #expect(drop.record.price.decimalString == "176.00")
            #expect(drop.record.percent == 10)
            try await store.close()
        }
    }

    @Test("running the same import again changes nothing")
    func idempotent() async throws {
        try await TestDatabase.with(.sqlite) { database in
            let store = try await database.open()
            let catalog = Runtime(settings: Settings(), store: store).catalog
            var first = try backfill()
            _ = try await first.run(into: catalog)
            let before = try await store.counts()
            var second = try backfill()
            let summary = try await second.run(into: catalog)
            #expect(summary.accepted == 0)
            #expect(summary.duplicates == 5)
            #expect(try await store.counts() == before)
            try await store.close()
        }
    }

    @Test("--since keeps older history only as the starting price")
    func since() async throws {
        try await TestDatabase.with(.sqlite) { database in
            let store = try await database.open()
            var run = try backfill(since: TidingsJSON.parseDate("2026-11-02T12:00:00Z"))
            let summary = try await run.run(into: Runtime(settings: Settings(), store: store).catalog)
            #expect(summary.accepted == 3, "two products at their window-start prices, and milk's later rise")
            #expect(try await store.product(id: "44957")?.storePrice.decimalString == "176.00")
            try await store.close()
        }
    }

    @Test("a missing column is an error before anything is imported")
    func missingColumn() {
        #expect {
            _ = try Backfill(
                products: CSVReader(string: "id,name\n1,x\n", hasHeaderRow: true), productsName: "p.csv",
                prices: CSVReader(string: Self.prices, hasHeaderRow: true), pricesName: "prices.csv", since: nil)
        } throws: { error in
            "\(error)".contains("p.csv:1:") && "\(error)".contains("unit_size")
        }
    }

    @Test("the demo catalog has about forty products with English names and a month of news")
    func demo() async throws {
        try await TestDatabase.with(.sqlite) { database in
            let store = try await database.open()
            let now = Date()
            var demo = try DemoCatalog.backfill(now: now)
            let summary = try await demo.run(into: Runtime(settings: Settings(), store: store).catalog)
            #expect(summary.errors.isEmpty)
            #expect((35...45).contains(summary.products))
            let news = try await store.newsPage(since: now.addingTimeInterval(-30 * 86_400), after: nil, limit: 1_000)
            #expect(news.count > 60)
            #expect(news.contains { $0.record.kind == .newProduct })
            #expect(news.contains { $0.record.discounted == true })
            #expect(news.contains { $0.record.discounted == false })
            #expect(news.allSatisfy { $0.product.names["en"] != nil })
            try await store.close()
        }
    }
}
