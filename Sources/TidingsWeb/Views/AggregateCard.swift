import FeedParsing
import Foundation
import TidingsModel
import TidingsSections

/// A burst of catalog news folded into one card: the headline ("Ананас и ещё 3 товара
/// подешевели") with the first member's picture, and every member in a `<details>` list that opens
/// without a script.
struct AggregateCard: Sendable {
    struct Member: Sendable {
        var name: String
        var href: String
        var price: String
        var oldPrice: String?
        var size: String
        /// "−10%", "+5%"; nil for a new product.
        var change: String?
    }

    var title: String
    /// `new`, `drop` or `rise`.
    var direction: String
    var image: String?
    var datetime: String
    var timeAgo: String
    /// "Все 4" / "All 4": what opens the list.
    var showAll: String
    var members: [Member]
    /// "и ещё 46" / "and 46 more": members the item does not carry; nil when it carries all.
    var more: String?

    init(_ aggregate: NewsAggregate, brand: Brand, context: WebContext) {
        title = aggregate.title
        direction = NewsCard.direction(aggregate.kind)
        image = context.images.path(aggregate.members.first?.product.imageURL)
        datetime = WebContext.machineTime(aggregate.createdAt)
        timeAgo = aggregate.timeAgo
        showAll = context.strings.showAll.replacingOccurrences(of: "{n}", with: String(aggregate.count))
        members = aggregate.members.map { news in
            Member(
                name: news.product.name, href: context.link(context.productPath(brand, news.product.id)),
                price: news.price, oldPrice: news.oldPrice, size: news.product.size,
                change: news.change(context.formats))
        }
        let hidden = aggregate.count - aggregate.members.count
        more = hidden > 0 ? context.strings.andMore.replacingOccurrences(of: "{n}", with: String(hidden)) : nil
    }
}
