import Foundation

/// One slot of a composed feed. On the wire an object with a `"type"` discriminator and the kind's
/// fields beside it. A type this client does not know — or a known type it cannot read — becomes
/// `unknown` with the raw JSON kept, so an old app skips new kinds of cards instead of failing the
/// page (RobustFeeds, seed 003, calls `fatalError` there).
public enum FeedItem: Codable, Hashable, Sendable, Identifiable {
    /// An article from a feed source.
    case teaser(Teaser)
    /// A catalog news item (new product, price change).
    case catalogNews(NewsItem)
    /// A burst of catalog news folded into one item ("Pineapple and 3 more products got cheaper").
    case catalogAggregate(NewsAggregate)
    /// An ad slot for the client's ad SDK to fill.
    case ad(AdSlot)
    /// A carousel, list, weather or local widget.
    case widget(Widget)
    /// A card such as "turn on notifications".
    case notification(NotificationCard)
    /// An item of a type this client does not read, as it arrived.
    case unknown(type: String, raw: JSONValue)

    /// The `"type"` value of each kind.
    public var type: String {
        switch self {
        case .teaser: "teaser"
        case .catalogNews: "catalog_news"
        case .catalogAggregate: "catalog_aggregate"
        case .ad: "ad"
        case .widget: "widget"
        case .notification: "notification"
        case .unknown(let type, _): type
        }
    }

    /// Whether the item is a slot composition placed (an ad, a widget, a card) rather than content
    /// of the feed: slots keep their places and ids from page to page.
    public var isSlot: Bool {
        switch self {
        case .ad, .widget, .notification: true
        case .teaser, .catalogNews, .catalogAggregate, .unknown: false
        }
    }

    /// A stable identity for diffing: the item's own id, prefixed by its type so kinds never clash.
    public var id: String {
        switch self {
        case .teaser(let teaser): "teaser:" + teaser.id
        case .catalogNews(let news): "catalog_news:" + news.id
        case .catalogAggregate(let aggregate): "catalog_aggregate:" + aggregate.id
        case .ad(let ad): "ad:" + ad.id
        case .widget(let widget): "widget:" + widget.id
        case .notification(let card): "notification:" + card.id
        case .unknown(let type, let raw):
            if case .string(let id)? = raw["id"] { type + ":" + id } else { type + ":" + Self.fingerprint(raw) }
        }
    }

    /// FNV-1a of the value's sorted-key JSON: the same on every launch (Swift's `hashValue` is not).
    private static func fingerprint(_ raw: JSONValue) -> String {
        var hash = FNV1a()
        hash.add(bytes: (try? TidingsJSON.encoder().encode(raw)) ?? Data())
        return String(hash.value, radix: 16)
    }

    private enum TypeKey: String, CodingKey {
        case type
    }

    /// Reads the discriminator, then the kind's fields from the same object.
    public init(from decoder: any Decoder) throws {
        let raw = try JSONValue(from: decoder)
        let type = (try? decoder.container(keyedBy: TypeKey.self).decode(String.self, forKey: .type)) ?? ""
        do {
            switch type {
            case "teaser": self = .teaser(try Teaser(from: decoder))
            case "catalog_news": self = .catalogNews(try NewsItem(from: decoder))
            case "catalog_aggregate": self = .catalogAggregate(try NewsAggregate(from: decoder))
            case "ad": self = .ad(try AdSlot(from: decoder))
            case "widget": self = .widget(try Widget(from: decoder))
            case "notification": self = .notification(try NotificationCard(from: decoder))
            default: self = .unknown(type: type, raw: raw)
            }
        } catch {
            self = .unknown(type: type, raw: raw)
        }
    }

    /// Writes `"type"` and the kind's fields into one object; `unknown` is written back as it came.
    public func encode(to encoder: any Encoder) throws {
        if case .unknown(_, let raw) = self { return try raw.encode(to: encoder) }
        var container = encoder.container(keyedBy: TypeKey.self)
        try container.encode(type, forKey: .type)
        switch self {
        case .teaser(let teaser): try teaser.encode(to: encoder)
        case .catalogNews(let news): try news.encode(to: encoder)
        case .catalogAggregate(let aggregate): try aggregate.encode(to: encoder)
        case .ad(let ad): try ad.encode(to: encoder)
        case .widget(let widget): try widget.encode(to: encoder)
        case .notification(let card): try card.encode(to: encoder)
        case .unknown: break
        }
    }
}

extension FeedItem {
    /// The item with `transform` applied to every teaser it carries: its own, or a widget's list.
    /// Other kinds carry no teaser and are returned as they are.
    package func mapTeasers(_ transform: (Teaser) -> Teaser) -> FeedItem {
        switch self {
        case .teaser(let teaser): return .teaser(transform(teaser))
        case .widget(var widget):
            widget.items = widget.items.map(transform)
            return .widget(widget)
        case .catalogNews, .catalogAggregate, .ad, .notification, .unknown: return self
        }
    }
}
