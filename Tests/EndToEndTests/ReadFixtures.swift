import Foundation
import TidingsModel

/// Feed items for the reader's view tests, one of each kind, with the demo grocery's wording.
enum ReadFixtures {
    static let published = Date(timeIntervalSince1970: 1_795_195_800)  // 2026-11-20 17:30 UTC

    static let teaser = FeedItem.teaser(
        Teaser(
            id: "ferry", title: "Harbour ferry returns after storm repairs",
            summary: "The city's oldest ferry is back on its route after three weeks in dry dock.",
            url: URL(string: "https://courier.example/world/ferry"), publishedAt: published,
            source: "The Daily Courier — World"))

    static func news(_ event: NewsItem.Event, title: String, discounted: Bool?, old: String?) -> FeedItem {
        .catalogNews(
            NewsItem(
                id: "news-\(title)", event: event, title: title,
                product: .init(id: "demo-19", name: "Масло подсолнечное", unit: "l", size: "1 л", imageURL: nil),
                price: "91,40 ₽", oldPrice: old, priceAmount: Amount(value: "91.40", currency: "RUB"),
                oldPriceAmount: old.map { _ in Amount(value: "87.10", currency: "RUB") }, percent: old.map { _ in 5 },
                discounted: discounted, timeAgo: "11 ч", createdAt: published))
    }

    static let drop = news(.priceUpdated, title: "Скидка 5%: ", discounted: true, old: "96,20 ₽")
    static let rise = news(.priceUpdated, title: "Подорожание 5%: ", discounted: false, old: "87,10 ₽")
    static let newProduct = news(.newProduct, title: "Новый продукт: ", discounted: nil, old: nil)
    static let ad = FeedItem.ad(AdSlot(id: "ad-2", format: "banner"))
    static let card = FeedItem.notification(
        NotificationCard(id: "courier-push", kind: "enable_push", text: "Turn on notifications."))
    static let carousel = FeedItem.widget(
        Widget(
            id: "carousel-4", kind: .carousel, title: "From Economy", section: "courier/economy",
            items: [
                Teaser(id: "a", title: "Shipping rates fall", source: "Economy"),
                Teaser(id: "b", title: "Fish exports reach a record", source: "Economy"),
            ]))
    static let unknown = FeedItem.unknown(type: "poll", raw: .object(["id": .string("p1"), "type": .string("poll")]))

    static let all = [card, teaser, ad, drop, rise, newProduct, carousel, unknown]

    /// `text` without SGR escapes.
    static func unstyled(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{1B}\\[[0-9;?]*[A-Za-z]", with: "", options: .regularExpression)
    }
}
