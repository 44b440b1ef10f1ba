import Foundation

/// A catalog news item as served by `GET /api/v1/news_items`: formatted for one locale, with the raw
/// amounts beside the formatted ones.
public struct NewsItem: Codable, Hashable, Sendable, Identifiable {
    /// What happened.
    public enum Event: String, Codable, Hashable, Sendable {
        case newProduct = "new_product"
        case priceUpdated = "price_updated"
    }

    /// The product as shown in a news cell.
    public struct ProductSummary: Codable, Hashable, Sendable {
        public var id: String
        public var name: String
        public var unit: String
        /// Localized size text ("1 кг", "500 g").
        public var size: String
        public var imageURL: String?
        /// The same image through the server's image proxy (`/img/…`, a path on that server).
        public var imageProxyURL: String?

        public init(
            id: String, name: String, unit: String, size: String, imageURL: String?, imageProxyURL: String? = nil
        ) {
            self.id = id
            self.name = name
            self.unit = unit
            self.size = size
            self.imageURL = imageURL
            self.imageProxyURL = imageProxyURL
        }

        enum CodingKeys: String, CodingKey {
            case id, name, unit, size
            case imageURL = "image_url"
            case imageProxyURL = "image_proxy_url"
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(name, forKey: .name)
            try container.encode(unit, forKey: .unit)
            try container.encode(size, forKey: .size)
            try container.encode(imageURL, forKey: .imageURL)
            try container.encode(imageProxyURL, forKey: .imageProxyURL)
        }
    }

    public var id: String
    public var event: Event
    /// Localized title prefix ("Скидка 5%: ").
    public var title: String
    public var product: ProductSummary
    /// Consumer price, formatted ("65,53 ₽").
    public var price: String
    public var oldPrice: String?
    public var priceAmount: Amount
    public var oldPriceAmount: Amount?
    public var percent: Int?
    public var discounted: Bool?
    /// Short relative time ("6 ч", "just now").
    public var timeAgo: String
    public var createdAt: Date

    public init(
        id: String, event: Event, title: String, product: ProductSummary, price: String, oldPrice: String?,
        priceAmount: Amount, oldPriceAmount: Amount?, percent: Int?, discounted: Bool?, timeAgo: String,
        createdAt: Date
    ) {
        self.id = id
        self.event = event
        self.title = title
        self.product = product
        self.price = price
        self.oldPrice = oldPrice
        self.priceAmount = priceAmount
        self.oldPriceAmount = oldPriceAmount
        self.percent = percent
        self.discounted = discounted
        self.timeAgo = timeAgo
        self.createdAt = createdAt
    }

    enum CodingKeys: String, CodingKey {
        case id, event, title, product, price, percent, discounted
        case oldPrice = "old_price"
        case priceAmount = "price_amount"
        case oldPriceAmount = "old_price_amount"
        case timeAgo = "time_ago"
        case createdAt = "created_at"
    }

    public func encode(to encoder: any Encoder) throws {
        // Explicit nulls: clients see a stable shape for both events.
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(event, forKey: .event)
        try container.encode(title, forKey: .title)
        try container.encode(product, forKey: .product)
        try container.encode(price, forKey: .price)
        try container.encode(oldPrice, forKey: .oldPrice)
        try container.encode(priceAmount, forKey: .priceAmount)
        try container.encode(oldPriceAmount, forKey: .oldPriceAmount)
        try container.encode(percent, forKey: .percent)
        try container.encode(discounted, forKey: .discounted)
        try container.encode(timeAgo, forKey: .timeAgo)
        try container.encode(createdAt, forKey: .createdAt)
    }
}

/// A raw amount on the wire: `{"value":"65.53","currency":"RUB"}`.
public struct Amount: Codable, Hashable, Sendable {
    public var value: String
    public var currency: String

    public init(value: String, currency: String) {
        self.value = value
        self.currency = currency
    }

    public init(_ money: Money) {
        self.init(value: money.decimalString, currency: money.currency.code)
    }

    /// The amount as money; nil when its currency or value cannot be read.
    public var money: Money? { Currency(code: currency).flatMap { Money(decimal: value, currency: $0) } }
}

/// One page of news items with the cursor of the next page (nil on the last page).
public struct NewsItemsPage: Codable, Hashable, Sendable {
    public var items: [NewsItem]
    public var nextCursor: String?
    /// Where to follow what is added after this page (first pages only).
    public var updates: LiveUpdatesLink?

    public init(items: [NewsItem], nextCursor: String?, updates: LiveUpdatesLink? = nil) {
        self.items = items
        self.nextCursor = nextCursor
        self.updates = updates
    }

    enum CodingKeys: String, CodingKey {
        case items, updates
        case nextCursor = "next_cursor"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(items, forKey: .items)
        try container.encode(nextCursor, forKey: .nextCursor)
        try container.encodeIfPresent(updates, forKey: .updates)
    }
}
