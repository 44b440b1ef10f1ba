import Foundation
import TidingsModel

extension FeedItem {
    /// One item of every kind, with the fields a cell shows filled in, for SwiftUI previews and
    /// snapshot tests of your cells — no server needed:
    ///
    /// ```swift
    /// #Preview { NewsCell(item: FeedItem.previews[0]) }
    /// #Preview { FeedList(state: .preview) { } }
    /// ```
    ///
    /// A story, a story with an author and a podcast episode, a new product, a price drop and a
    /// price rise, a folded burst of price drops, an ad slot, a carousel, a weather box, a
    /// dismissible card, and a kind this SDK does not know (as a newer server might send).
    /// Images are left out: a preview has no network.
    public static let previews: [FeedItem] = {
        let now = Date(timeIntervalSince1970: 1_795_000_000)
        func news(
            _ id: String, _ title: String, _ name: String, _ event: NewsItem.Event, _ price: String, old: String? = nil,
            percent: Int? = nil, cheaper: Bool? = nil
        ) -> NewsItem {
            NewsItem(
                id: id, event: event, title: title,
                product: .init(id: "p-" + id, name: name, unit: "kg", size: "1", imageURL: nil),
                price: price, oldPrice: old, priceAmount: .init(value: "0", currency: "EUR"),
                oldPriceAmount: old.map { _ in .init(value: "0", currency: "EUR") }, percent: percent,
                discounted: cheaper, timeAgo: "2h", createdAt: now)
        }
        let story = Teaser(
            id: "preview-story", title: "Roadworks close Bryggen for the weekend",
            summary: "The quay is shut to traffic from Friday evening while the tramline is renewed.",
            publishedAt: now, source: "Bergen Desk")
        let drop = news(
            "drop", "Price drop 5%: ", "Pineapple", .priceUpdated, "€1.89", old: "€1.99", percent: 5, cheaper: true)
        return [
            .teaser(story),
            .teaser(
                Teaser(
                    id: "preview-byline", title: "How the harbour got its cranes back",
                    summary: "A century of the city's skyline, told by the people who worked the quay.",
                    publishedAt: now, source: "Vestlandsposten", author: "Kari Nordmann")),
            .teaser(
                Teaser(
                    id: "preview-episode", title: "The Morning Brief, episode 212", publishedAt: now,
                    source: "Radio West",
                    enclosure: .init(url: URL(string: "https://example.com/brief-212.mp3")!, type: "audio/mpeg"))),
            .catalogNews(news("new", "New: ", "Cloudberry jam", .newProduct, "€4.50")),
            .catalogNews(drop),
            .catalogNews(
                news(
                    "rise", "Price up 5%: ", "Coffee beans", .priceUpdated, "€9.40", old: "€8.95", percent: 5,
                    cheaper: false)),
            .catalogAggregate(
                NewsAggregate(
                    id: "agg:price_drops:preview", kind: .priceDrops,
                    title: "Pineapple and 3 more products got cheaper",
                    count: 4, members: [drop], timeAgo: "1h", createdAt: now, updatedAt: now)),
            .ad(AdSlot(id: "preview-ad", format: "native")),
            .widget(Widget(id: "preview-carousel", kind: .carousel, title: "Most read", items: [story, story])),
            .widget(
                Widget(
                    id: "preview-weather", kind: .weather, title: "Bergen",
                    forecast: Forecast(
                        place: "Bergen", temperature: 7, condition: .rain,
                        days: [
                            .init(date: "2026-11-30", condition: .rain, high: 8, low: 4),
                            .init(date: "2026-12-01", condition: .cloudy, high: 6, low: 2),
                        ]))),
            .notification(
                NotificationCard(
                    id: "preview-card", kind: "notifications", text: "Turn on notifications for breaking news.")),
            .unknown(type: "poll", raw: .object(["type": .string("poll"), "id": .string("preview-poll")])),
        ]
    }()
}

extension FeedScreenState {
    /// A screen showing `FeedItem.previews`, for SwiftUI previews of a whole feed.
    public static let preview = FeedScreenState.native(
        FeedScreenContent(title: "Preview", items: FeedItem.previews, canLoadMore: true))
}
