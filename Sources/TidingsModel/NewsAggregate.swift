import Foundation

/// What a folded burst of catalog news reports.
public enum NewsAggregateKind: String, Codable, Hashable, Sendable, CaseIterable {
    /// Prices that went down.
    case priceDrops = "price_drops"
    /// Prices that went up.
    case priceRises = "price_rises"
    /// Products new to the catalog.
    case newProducts = "new_products"
}

extension NewsItem {
    /// The group the item folds into: new products, price drops or price rises.
    public var group: NewsAggregateKind {
        switch event {
        case .newProduct: .newProducts
        case .priceUpdated: discounted == false ? .priceRises : .priceDrops
        }
    }

    /// The change as a signed percent in the reader's locale ("−10%", "+5 %"); nil for a new product.
    public func change(_ formats: LocaleFormats) -> String? {
        percent.map { formats.signedPercent(discounted == true ? -$0 : $0) }
    }
}

/// A burst of catalog news folded into one item ("Ананас и ещё 3 товара подешевели"), as sections
/// serve it (`"type": "catalog_aggregate"`): its members are ordinary news items.
public struct NewsAggregate: Codable, Hashable, Sendable, Identifiable {
    public typealias Kind = NewsAggregateKind

    /// Stable while the burst grows: "agg:" + kind + ":" + its window's start.
    public var id: String
    public var kind: Kind
    /// The localized headline, naming the first member.
    public var title: String
    /// How many items it folds (``members`` may hold fewer).
    public var count: Int
    /// The members, the biggest change first (new products: the newest first), at most
    /// ``memberLimit``; each with its product, prices and percent.
    public var members: [NewsItem]
    /// Short relative time of ``createdAt`` ("6 ч", "just now").
    public var timeAgo: String
    /// Its place in the feed, which never moves while members join.
    public var createdAt: Date
    /// The latest change to any member.
    public var updatedAt: Date

    /// The most members one aggregate carries.
    public static let memberLimit = 50

    /// The feed ids (``FeedItem/id``) of the members it carries: the items a list that shows it
    /// on top no longer shows on their own.
    public var memberItemIDs: [String] { members.map { FeedItem.catalogNews($0).id } }

    public init(
        id: String, kind: Kind, title: String, count: Int, members: [NewsItem], timeAgo: String, createdAt: Date,
        updatedAt: Date
    ) {
        self.id = id
        self.kind = kind
        self.title = title
        self.count = count
        self.members = members
        self.timeAgo = timeAgo
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    enum CodingKeys: String, CodingKey {
        case id, kind, title, count, members
        case timeAgo = "time_ago"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }
}
