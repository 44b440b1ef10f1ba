import Foundation

/// An article from a feed source, as a cell shows it.
public struct Teaser: Codable, Hashable, Sendable, Identifiable {
    /// Stable id: a hash of the article's link (or of its entry id), the same in every section.
    public var id: String
    /// Plain-text title.
    public var title: String
    /// Plain-text summary.
    public var summary: String?
    /// The representative image; nil means show a placeholder.
    public var imageURL: URL?
    /// The same image through the server's image proxy: a path on the server the item came
    /// from (`/img/…`), signed by it. Loading it never contacts the image's own host.
    public var imageProxyURL: String?
    /// The image's width and height in pixels, when the source says (for a cell to reserve the
    /// image's room before it loads).
    public var imageWidth: Int?
    public var imageHeight: Int?
    /// The image's alternative text, when the source wrote one; nil means the image adds nothing
    /// the title does not say (a screen reader skips it).
    public var imageAlt: String?
    /// The article's page.
    public var url: URL?
    /// When it was published.
    public var publishedAt: Date?
    /// The name of the source it came from: the feed's title, else its host or file name.
    public var source: String
    /// Who wrote it, as the source credits them (several names joined with ", "); nil when the
    /// source does not say.
    public var author: String?
    /// The media file the source attached (a podcast's audio, a video, a picture), as it gave it.
    public var enclosure: Enclosure?
    /// The same story as other sources of the section told it, oldest first: the section shows
    /// the story once, as this teaser (its first telling); nil when no other source told it.
    public var alsoFrom: [AlsoFrom]?

    /// Creates a teaser.
    public init(
        id: String, title: String, summary: String? = nil, imageURL: URL? = nil, imageProxyURL: String? = nil,
        imageWidth: Int? = nil, imageHeight: Int? = nil, imageAlt: String? = nil, url: URL? = nil,
        publishedAt: Date? = nil, source: String, author: String? = nil, enclosure: Enclosure? = nil,
        alsoFrom: [AlsoFrom]? = nil
    ) {
        self.alsoFrom = alsoFrom
        self.id = id
        self.title = title
        self.summary = summary
        self.imageURL = imageURL
        self.imageProxyURL = imageProxyURL
        self.imageWidth = imageWidth
        self.imageHeight = imageHeight
        self.imageAlt = imageAlt
        self.url = url
        self.publishedAt = publishedAt
        self.source = source
        self.author = author
        self.enclosure = enclosure
    }

    enum CodingKeys: String, CodingKey {
        case id, title, summary, url, source, author, enclosure
        case imageURL = "image_url"
        case imageProxyURL = "image_proxy_url"
        case imageWidth = "image_width"
        case imageHeight = "image_height"
        case imageAlt = "image_alt"
        case publishedAt = "published_at"
        case alsoFrom = "also_from"
    }

    /// The feed ids (``FeedItem/id``) of the other tellings it carries: the items a list that
    /// shows it no longer shows on their own.
    public var alsoFromItemIDs: [String] { alsoFrom?.map { "teaser:" + $0.id } ?? [] }

    /// Another telling of a teaser's story: the teaser that told it in another source (or again
    /// in the same one, under the same link), folded into the story's item.
    public struct AlsoFrom: Codable, Hashable, Sendable, Identifiable {
        /// The folded teaser's own id: a client that already shows it can fold it away.
        public var id: String
        /// Where it was told: the source's name.
        public var source: String
        /// Its title there.
        public var title: String
        /// Its page there.
        public var url: URL?
        /// When it was published there.
        public var publishedAt: Date?

        public init(id: String, source: String, title: String, url: URL? = nil, publishedAt: Date? = nil) {
            self.id = id
            self.source = source
            self.title = title
            self.url = url
            self.publishedAt = publishedAt
        }

        enum CodingKeys: String, CodingKey {
            case id, source, title, url
            case publishedAt = "published_at"
        }
    }

    /// A media file attached to an article: where it is, its type and its size, when the source
    /// says.
    public struct Enclosure: Codable, Hashable, Sendable {
        public var url: URL
        /// MIME type (`audio/mpeg`).
        public var type: String?
        /// Size in bytes.
        public var length: Int?

        public init(url: URL, type: String? = nil, length: Int? = nil) {
            self.url = url
            self.type = type
            self.length = length
        }
    }
}

/// A place for an ad; the client's ad SDK fills it.
public struct AdSlot: Codable, Hashable, Sendable, Identifiable {
    /// The slot's id, stable for its position.
    public var id: String
    /// The format the slot takes ("banner", "native", …).
    public var format: String

    /// Creates an ad slot.
    public init(id: String, format: String) {
        self.id = id
        self.format = format
    }
}

/// A widget card: teasers from another section, or a weather / local box for a place.
public struct Widget: Codable, Hashable, Sendable, Identifiable {
    /// What the widget shows.
    public enum Kind: String, Codable, Hashable, Sendable {
        case carousel, list, weather, local
    }

    /// Stable id.
    public var id: String
    /// Carousel, list, weather or local.
    public var kind: Kind
    /// A heading.
    public var title: String?
    /// "brand/section" the teasers come from (carousel and list).
    public var section: String?
    /// The teasers (carousel and list).
    public var items: [Teaser]
    /// Where (weather and local): e.g. `["city": "Moscow"]`.
    public var location: [String: String]
    /// Weather: the forecast, when the widget has a source.
    public var forecast: Forecast?

    /// Creates a widget.
    public init(
        id: String, kind: Kind, title: String? = nil, section: String? = nil, items: [Teaser] = [],
        location: [String: String] = [:], forecast: Forecast? = nil
    ) {
        self.id = id
        self.kind = kind
        self.title = title
        self.section = section
        self.items = items
        self.location = location
        self.forecast = forecast
    }

    enum CodingKeys: String, CodingKey {
        case id, kind, title, section, items, location, forecast
    }

    /// Lists and maps may be absent on the wire.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        kind = try container.decode(Kind.self, forKey: .kind)
        title = try container.decodeIfPresent(String.self, forKey: .title)
        section = try container.decodeIfPresent(String.self, forKey: .section)
        items = try container.decodeIfPresent([Teaser].self, forKey: .items) ?? []
        location = try container.decodeIfPresent([String: String].self, forKey: .location) ?? [:]
        forecast = try container.decodeIfPresent(Forecast.self, forKey: .forecast)
    }
}

/// A card asking something of the reader ("turn on notifications"), shown until dismissed.
public struct NotificationCard: Codable, Hashable, Sendable, Identifiable {
    /// Stable id; dismissals are recorded against it.
    public var id: String
    /// What it is about, e.g. `enable_push`.
    public var kind: String
    /// The localized text.
    public var text: String
    /// Whether the reader may dismiss it.
    public var dismissible: Bool

    /// Creates a card.
    public init(id: String, kind: String, text: String, dismissible: Bool = true) {
        self.id = id
        self.kind = kind
        self.text = text
        self.dismissible = dismissible
    }
}
