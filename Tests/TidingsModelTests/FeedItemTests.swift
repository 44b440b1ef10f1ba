import Foundation
import Testing
import TidingsModel

@Suite("Feed and feed items on the wire")
struct FeedItemTests {
    static let news = NewsItem(
        id: "e1", event: .newProduct, title: "New product: ",
        product: .init(id: "p", name: "Pineapple", unit: "kg", size: "1 kg", imageURL: nil),
        price: "RUB 1.00", oldPrice: nil, priceAmount: Amount(value: "1.00", currency: "RUB"), oldPriceAmount: nil,
        percent: nil, discounted: nil, timeAgo: "just now", createdAt: Date(timeIntervalSince1970: 0))

    static let teaser = Teaser(
        id: "src:1", title: "Prices fall", summary: "Less for staples", imageURL: URL(string: "https://e.com/i.jpg"),
        url: URL(string: "https://e.com/1"), publishedAt: Date(timeIntervalSince1970: 1_795_244_400), source: "news")

    static func roundTrip(_ item: FeedItem) throws -> (FeedItem, [String: Any]) {
        let data = try TidingsJSON.encoder().encode(item)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return (try TidingsJSON.decoder().decode(FeedItem.self, from: data), object)
    }

    @Test(
        "every kind carries its type beside its fields and reads back equal",
        arguments: [
            (FeedItem.teaser(teaser), "teaser"),
            (.catalogNews(news), "catalog_news"),
            (.ad(AdSlot(id: "ad-1", format: "banner")), "ad"),
            (
                .widget(Widget(id: "w", kind: .carousel, title: "More", section: "daily/sport", items: [teaser])),
                "widget"
            ),
            (.widget(Widget(id: "wx", kind: .weather, location: ["city": "Moscow"])), "widget"),
            (
                .notification(NotificationCard(id: "push", kind: "enable_push", text: "Turn on notifications")),
                "notification"
            ),
        ])
    func roundTrips(_ item: FeedItem, _ type: String) throws {
        let (decoded, object) = try Self.roundTrip(item)
        #expect(decoded == item)
        #expect(object["type"] as? String == type)
        #expect(object["id"] != nil, "fields sit beside the type, not nested")
    }

    @Test("a type this client does not know is kept whole as unknown and written back unchanged")
    func unknownType() throws {
        let json = #"{"type":"poll","id":"p1","question":"Tea or coffee?","options":["tea","coffee"],"votes":3}"#
        let item = try TidingsJSON.decoder().decode(FeedItem.self, from: Data(json.utf8))
        guard case .unknown(let type, let raw) = item else {
            Issue.record("expected unknown, got \(item)")
            return
        }
        #expect(type == "poll")
        #expect(raw["question"] == .string("Tea or coffee?"))
        let again = try TidingsJSON.decoder().decode(FeedItem.self, from: try TidingsJSON.encoder().encode(item))
        #expect(again == item)
    }

    @Test("a known type this client cannot read does not fail the page: it becomes unknown")
    func malformedKnownType() throws {
        let json = #"[{"type":"teaser","id":"t"},{"type":"ad","id":"a","format":"banner"},{"id":"no type"}]"#
        let items = try TidingsJSON.decoder().decode([FeedItem].self, from: Data(json.utf8))
        #expect(items.map(\.type) == ["teaser", "ad", ""])
        #expect(items[1] == .ad(AdSlot(id: "a", format: "banner")))
        if case .unknown = items[0] {} else { Issue.record("a teaser without a title should be unknown") }
    }

    @Test("a feed is native items with a cursor, or a web page")
    func feedShapes() throws {
        let native = Feed(
            title: "Front", content: .native([.teaser(Self.teaser), .ad(AdSlot(id: "a", format: "native"))]),
            nextCursor: "c2")
        let web = Feed(title: "Sport", content: .web(try #require(URL(string: "https://e.com/sport"))))
        for feed in [native, web] {
            let data = try TidingsJSON.encoder().encode(feed)
            #expect(try TidingsJSON.decoder().decode(Feed.self, from: data) == feed)
        }
        let text = String(decoding: try TidingsJSON.encoder().encode(web), as: UTF8.self)
        #expect(text == #"{"next_cursor":null,"render":"web","title":"Sport","url":"https://e.com/sport"}"#)
        #expect(throws: DecodingError.self) {
            try TidingsJSON.decoder().decode(Feed.self, from: Data(#"{"title":"x","render":"holo"}"#.utf8))
        }
    }
}

@Suite("Feed item identity")
struct FeedItemIdentityTests {
    @Test("ids are prefixed by type, and unknown items without an id get a content fingerprint")
    func identities() throws {
        let decode = { (json: String) in try TidingsJSON.decoder().decode(FeedItem.self, from: Data(json.utf8)) }
        #expect(try decode(#"{"type":"ad","id":"x","format":"banner"}"#).id == "ad:x")
        #expect(try decode(#"{"type":"poll","id":"x"}"#).id == "poll:x")
        let a = try decode(#"{"type":"poll","question":"a"}"#)
        let b = try decode(#"{"type":"poll","question":"b"}"#)
        #expect(a.id != b.id)
        #expect(a.id == (try decode(#"{"question":"a","type":"poll"}"#)).id, "key order does not matter")
    }
}
