import Foundation
import HummingbirdTesting
import Testing
import TidingsCatalog
import TidingsModel
import TidingsSections
import TidingsServer
import TidingsTesting

/// `news.aggregate` through the server: a catalog section shows a burst as one
/// `catalog_aggregate` item, its feeds as one entry; the news items API keeps every item; an app on
/// the previous model skips it.
@Suite("Aggregated catalog news")
struct AggregateRouteTests {
    static let sections = SectionsConfiguration(brands: [
        Brand(
            id: "daily", name: "Daily", locale: .en,
            sections: [Section(id: "shop", title: LocalizedText("Shop"), source: .catalog)])
    ])

    static var configuration: TidingsConfiguration {
        var configuration = TidingsConfiguration()
        configuration.aggregation = NewsAggregation(window: 3600, minItems: 3)
        return configuration
    }

    /// Four products made days apart, then four drops within an hour, six hours before now.
    static func seed(_ app: TestApp, _ client: any TestClientProtocol) async throws {
        let names = [("Ананас", "Pineapple"), ("Молоко", "Milk"), ("Кефир", "Kefir"), ("Сыр", "Cheese")]
        var events: [String] = []
        for (index, (ru, en)) in names.enumerated() {
            events.append(
                #"{"id":"c\#(index)","type":"product_created","product_id":"p\#(index)","name":"\#(ru)","names":{"en":"\#(en)"},"unit":"kg","unit_size":"1","store_price":"100.00","at":"2026-10-2\#(index)T10:00:00Z"}"#
            )
            events.append(
                #"{"id":"d\#(index)","type":"price_changed","product_id":"p\#(index)","store_price":"\#(80 + index).00","at":"2026-11-02T06:1\#(index):00Z"}"#
            )
        }
        try await client.execute(
            uri: "/api/v1/events", method: .post, headers: app.writeHeaders,
            body: .json(#"{"events":[\#(events.joined(separator: ","))]}"#)
        ) { #expect($0.status == .ok, "\($0.text)") }
    }

    static func items(_ client: any TestClientProtocol, _ uri: String) async throws -> [FeedItem] {
        let feed = try await client.execute(uri: uri, method: .get) { try $0.json(Feed.self) }
        guard case .native(let items) = feed.content else { return [] }
        return items
    }

    @Test("a section shows the burst as one item with its members, the news items API every item")
    func section() async throws {
        try await TestApp.with(configuration: Self.configuration, sections: Self.sections) { app, client in
            try await Self.seed(app, client)
            let items = try await Self.items(client, "/api/v1/brands/daily/sections/shop?locale=en")
            guard case .catalogAggregate(let aggregate)? = items.first else {
                Issue.record("the first item is \(String(describing: items.first))")
                return
            }
            #expect(aggregate.title == "Pineapple and 3 more products got cheaper")
            #expect(aggregate.kind == .priceDrops && aggregate.count == 4)
            #expect(aggregate.members.map(\.product.name) == ["Pineapple", "Milk", "Kefir", "Cheese"])
            #expect(aggregate.members.first?.oldPrice == "₽100.00" && aggregate.members.first?.percent == 20)
            #expect(aggregate.members.allSatisfy { $0.product.imageProxyURL == nil && $0.event == .priceUpdated })
            #expect(aggregate.timeAgo == "5h" && aggregate.id.hasPrefix("agg:price_drops:"))
            #expect(items.count == 5, "the aggregate and the four new products")
            let russian = try await Self.items(client, "/api/v1/brands/daily/sections/shop?locale=ru")
            if case .catalogAggregate(let aggregate)? = russian.first {
                #expect(aggregate.title == "Ананас и ещё 3 товара подешевели")
            } else {
                Issue.record("no aggregate in Russian")
            }
            let news = try await client.execute(uri: "/api/v1/news_items?locale=en", method: .get) {
                try $0.json(NewsItemsPage.self)
            }
            #expect(news.items.prefix(4).map(\.id) == ["d3", "d2", "d1", "d0"], "every item on its own")
        }
    }

    @Test("an app on the previous model reads the page and skips the aggregate as unknown")
    func previousModel() async throws {
        try await TestApp.with(configuration: Self.configuration, sections: Self.sections) { app, client in
            try await Self.seed(app, client)
            let body = try await client.execute(uri: "/api/v1/brands/daily/sections/shop", method: .get) {
                Data(buffer: $0.body)
            }
            let page = try TidingsJSON.decoder().decode(PreviousPage.self, from: body)
            #expect(page.items.count == 5)
            #expect(page.items.first == .unknown(type: "catalog_aggregate"))
            #expect(page.items.dropFirst().allSatisfy { $0 == .catalogNews }, "\(page.items)" as Comment)
        }
    }

    @Test("feeds carry one entry per aggregate, listing its members")
    func feeds() async throws {
        try await TestApp.with(configuration: Self.configuration, sections: Self.sections) { app, client in
            try await Self.seed(app, client)
            let rss = try await client.execute(uri: "/feeds/daily/shop.rss", method: .get) { $0.text }
            #expect(rss.components(separatedBy: "<item>").count - 1 == 5, "\(rss)")
            #expect(rss.contains("<title>Pineapple and 3 more products got cheaper</title>"), "\(rss)")
            #expect(rss.contains("Pineapple 1\u{00A0}kg: ₽80.00 (was ₽100.00, −20%)"), "\(rss)")
            // Every item links somewhere a reader can open: a product's page, the aggregate's section.
            #expect(rss.components(separatedBy: "<link>").count - 1 == 6, "the channel's and five items'")
            #expect(rss.contains("/daily/products/"), "\(rss)")
            let atom = try await client.execute(uri: "/feeds/daily/shop.atom", method: .get) { $0.text }
            #expect(atom.components(separatedBy: #"rel="alternate""#).count - 1 >= 5, "\(atom)")
            let json = try await client.execute(uri: "/feeds/daily/shop.json", method: .get) { $0.text }
            #expect(json.components(separatedBy: "agg:price_drops:").count - 1 == 1, "\(json)")
        }
    }

    @Test("a section pages aggregates without repeats or gaps while they grow and new items arrive")
    func pagingWhileGrowing() async throws {
        try await TestApp.with(configuration: Self.configuration, sections: Self.sections) { app, client in
            // Twelve hours of ten new products each (twelve aggregates), and ten single ones days apart.
            let burst = (0..<120).map { index in
                #"{"id":"c\#(index)","type":"product_created","product_id":"p\#(index)","name":"Item \#(index)","store_price":"10","at":"2026-11-01T\#(String(format: "%02d", index / 10)):\#(String(format: "%02d", index % 10 * 5)):00Z"}"#
            }
            let singles = (0..<10).map { index in
                #"{"id":"s\#(index)","type":"product_created","product_id":"s\#(index)","name":"Single \#(index)","store_price":"10","at":"2026-10-2\#(index)T12:00:00Z"}"#
            }
            try await client.execute(
                uri: "/api/v1/events", method: .post, headers: app.writeHeaders,
                body: .json(#"{"events":[\#((burst + singles).joined(separator: ","))]}"#)
            ) { #expect($0.status == .ok) }
            let start = try await Self.items(client, "/api/v1/brands/daily/sections/shop?limit=100").map(\.id)
            #expect(start.count == 22, "\(start)")
            // The first page is read before the writer starts: everything it adds on top is newer.
            var seen: [String] = []
            var cursor: String?
            func read() async throws {
                let uri = "/api/v1/brands/daily/sections/shop?limit=3" + (cursor.map { "&cursor=\($0)" } ?? "")
                let feed = try await client.execute(uri: uri, method: .get) { try $0.json(Feed.self) }
                if case .native(let items) = feed.content { seen += items.map(\.id) }
                cursor = feed.nextCursor
            }
            try await read()
            let writer = Task {
                for index in 0..<30 {
                    // One on top, one joining an hour's aggregate after its members.
                    let hour = String(format: "%02d", index % 12)
                    try await client.execute(
                        uri: "/api/v1/events", method: .post, headers: app.writeHeaders,
                        body: .json(
                            #"{"events":[{"id":"n\#(index)","type":"product_created","product_id":"n\#(index)","name":"New","store_price":"1"},{"id":"g\#(index)","type":"product_created","product_id":"g\#(index)","name":"Late","store_price":"1","at":"2026-11-01T\#(hour):59:\#(String(format: "%02d", index))Z"}]}"#
                        )
                    ) { #expect($0.status == .ok) }
                }
            }
            while cursor != nil { try await read() }
            try await writer.value
            #expect(Set(seen).count == seen.count, "no item repeats: \(seen)")
            #expect(seen == start, "every item there at the start, once, in order; none of the newer ones")
            let end = try await Self.items(client, "/api/v1/brands/daily/sections/shop?limit=100")
            let grown = end.compactMap {
                if case .catalogAggregate(let aggregate) = $0 { aggregate.count } else { nil }
            }
            // 120 + 30 late members in the hours' aggregates, and the 30 on top folded too.
            #expect(grown.reduce(0, +) == 180 && grown.count == 13, "\(grown)")
        }
    }
}

/// What the model before `catalog_aggregate` made of a page (its `FeedItem.init(from:)`, as
/// shipped): the types it knew, anything else `unknown`.
private struct PreviousPage: Decodable {
    enum Item: Decodable, Equatable {
        case teaser, catalogNews, ad, widget, notification
        case unknown(type: String)

        private enum Keys: String, CodingKey { case type }

        init(from decoder: any Decoder) throws {
            let type = (try? decoder.container(keyedBy: Keys.self).decode(String.self, forKey: .type)) ?? ""
            do {
                switch type {
                case "teaser":
                    _ = try Teaser(from: decoder)
                    self = .teaser
                case "catalog_news":
                    _ = try NewsItem(from: decoder)
                    self = .catalogNews
                case "ad":
                    _ = try AdSlot(from: decoder)
                    self = .ad
                case "widget":
                    _ = try Widget(from: decoder)
                    self = .widget
                case "notification":
                    _ = try NotificationCard(from: decoder)
                    self = .notification
                default: self = .unknown(type: type)
                }
            } catch {
                self = .unknown(type: type)
            }
        }
    }

    var items: [Item]
}
