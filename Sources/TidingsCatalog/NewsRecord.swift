import Foundation
import TidingsModel

/// A news item as derived and stored: prices are snapshots of the store price at event time.
public struct NewsRecord: Hashable, Sendable {
    /// What the item reports.
    public typealias Kind = NewsItem.Event

    /// The id of the event that created the item (event ids are unique, so item ids are too, and a
    /// rebuild from the log gives every item the same id again).
    public var id: String
    public var productID: String
    public var kind: Kind
    public var price: Money
    public var oldPrice: Money?
    public var percent: Int?
    /// Time of the creating event; the feed is ordered by it, so merging never moves an item.
    public var createdAt: Date
    /// Time of the last event merged into the item.
    public var updatedAt: Date

    public init(
        id: String, productID: String, kind: Kind, price: Money, oldPrice: Money? = nil, percent: Int? = nil,
        createdAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.productID = productID
        self.kind = kind
        self.price = price
        self.oldPrice = oldPrice
        self.percent = percent
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// Whether the price went down.
    public var discounted: Bool? { oldPrice.map { price < $0 } }
}

/// A product and the derivation state that travels with it.
public struct ProductState: Hashable, Sendable {
    public var product: Product
    /// The product's latest visible `price_updated` item, which later changes may merge into.
    public var lastPriceItem: NewsRecord?
    /// The latest `at` of the product's logged events, those that did not apply included. An event
    /// at or after it can be applied on top of this state; an earlier one makes the store re-derive
    /// the product from its events in time order.
    public var lastEventAt: Date

    public init(product: Product, lastPriceItem: NewsRecord? = nil, lastEventAt: Date? = nil) {
        self.product = product
        self.lastPriceItem = lastPriceItem
        self.lastEventAt = lastEventAt ?? product.updatedAt
    }
}

/// The noise rules of seed 000 plus the merge window its author wished for.
public struct NewsPolicy: Hashable, Sendable {
    /// A change of at most this many percent makes no item.
    public var minChangePercent: Int
    /// A change this close after the product's last price item merges into it.
    public var mergeWindow: TimeInterval
    /// How bursts fold into one item (``NewsAggregation``); nil shows every item on its own.
    public var aggregation: NewsAggregation?

    public init(minChangePercent: Int = 3, mergeWindow: TimeInterval = 2 * 3600, aggregation: NewsAggregation? = nil) {
        self.minChangePercent = minChangePercent
        self.mergeWindow = mergeWindow
        self.aggregation = aggregation
    }
}
