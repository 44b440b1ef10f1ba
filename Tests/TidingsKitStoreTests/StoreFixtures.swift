import Foundation
import TidingsKitStore
import TidingsModel

/// Items, pages and files the store's tests share.
enum StoreFixtures {
    /// Times as a store keeps them: whole milliseconds.
    static let fetchedAt = Date(millisecondsSince1970: 1_795_000_000_123)

    /// One item of every kind, `unknown` included, every optional field set.
    static let everyKind: [FeedItem] = [
        .teaser(
            Teaser(
                id: "t1", title: "Tram line reopens", summary: "After two years of works.",
                imageURL: URL(string: "https://cdn.example/t1.jpg"),
                imageProxyURL: "https://tidings.example/img/t1-token", imageWidth: 1200, imageHeight: 675,
                imageAlt: "The new tram at the depot", url: URL(string: "https://news.example/t1"),
                publishedAt: Date(millisecondsSince1970: 1_794_999_000_456), source: "Courier",
                author: "Ingrid Holm",
                enclosure: Teaser.Enclosure(
                    url: URL(string: "https://cdn.example/t1.mp3")!, type: "audio/mpeg", length: 12_345_678),
                alsoFrom: [
                    Teaser.AlsoFrom(
                        id: "t9", source: "Herald", title: "Trams run again",
                        url: URL(string: "https://herald.example/9"),
                        publishedAt: Date(millisecondsSince1970: 1_794_999_100_000)),
                    Teaser.AlsoFrom(id: "t8", source: "Wire", title: "Tram line open"),
                ])),
        .teaser(Teaser(id: "t2", title: "Bare teaser", source: "Courier")),
        .catalogNews(
            NewsItem(
                id: "n1", event: .priceUpdated, title: "Price down 5%: ",
                product: .init(id: "p1", name: "Buckwheat", unit: "kg", size: "1 kg", imageURL: nil),
                price: "65.53 ₽", oldPrice: "68.98 ₽", priceAmount: Amount(value: "65.53", currency: "RUB"),
                oldPriceAmount: Amount(value: "68.98", currency: "RUB"), percent: 5, discounted: true,
                timeAgo: "6 h", createdAt: Date(millisecondsSince1970: 1_794_000_000_000))),
        .ad(AdSlot(id: "a1", format: "banner")),
        .widget(
            Widget(
                id: "w1", kind: .carousel, title: "Sport", section: "courier/sport",
                items: [Teaser(id: "t3", title: "Derby tonight", source: "Courier")])),
        .widget(Widget(id: "w2", kind: .weather, location: ["city": "Oslo"])),
        .notification(NotificationCard(id: "c1", kind: "enable_push", text: "Turn on alerts", dismissible: false)),
        .unknown(type: "poll", raw: .object(["type": .string("poll"), "id": .string("q1"), "votes": .number(3)])),
    ]

    /// A page of `count` teasers numbered from `first`.
    static func page(_ title: String, teasers count: Int, from first: Int = 0, cursor: String? = nil) -> StoredPage {
        let items = (first..<first + count).map { n in
            FeedItem.teaser(
                Teaser(
                    id: "t\(n)", title: "Story \(n) with a title of about sixty characters in length",
                    summary: String(repeating: "Summary text. ", count: 14),
                    url: URL(string: "https://news.example/\(n)"), source: "Courier"))
        }
        return StoredPage(title: title, items: items, nextCursor: cursor, fetchedAt: fetchedAt)
    }

    /// A path in a new temporary folder; the store creates the file.
    static func temporaryPath() -> String {
        FileManager.default.temporaryDirectory
            .appendingPathComponent("tidings-store-tests-\(UUID().uuidString)")
            .appendingPathComponent("offline.sqlite").path
    }

    /// Deletes the folder of `path`.
    static func remove(_ path: String) {
        try? FileManager.default.removeItem(at: URL(fileURLWithPath: path).deletingLastPathComponent())
    }
}
