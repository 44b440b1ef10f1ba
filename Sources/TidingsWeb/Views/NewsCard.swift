import FeedParsing
import Foundation
import TidingsModel
import TidingsSections

/// Catalog news: a new product (name, price • size) or a price change (title coloured by its
/// direction, the old price struck through).
struct NewsCard: Sendable {
    var label: String
    var name: String
    var price: String
    var oldPrice: String?
    var size: String
    /// `new`, `drop` or `rise`.
    var direction: String
    var href: String
    var image: String?
    var datetime: String
    var timeAgo: String

    init(_ news: NewsItem, href: String, context: WebContext) {
        label = news.title
        name = news.product.name
        price = news.price
        oldPrice = news.oldPrice
        size = news.product.size
        direction = Self.direction(news.group)
        self.href = href
        image = context.images.path(news.product.imageURL)
        datetime = WebContext.machineTime(news.createdAt)
        timeAgo = news.timeAgo
    }

    /// The class that colours a card: `new`, `drop` or `rise`.
    static func direction(_ group: NewsAggregateKind) -> String {
        switch group {
        case .newProducts: "new"
        case .priceDrops: "drop"
        case .priceRises: "rise"
        }
    }
}
