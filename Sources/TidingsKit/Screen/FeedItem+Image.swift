import Foundation
import TidingsModel

/// An item's picture as a cell loads and describes it.
public struct FeedImage: Hashable, Sendable {
    /// Where to load it: through the server's image proxy when the server gave that address
    /// (absolute: ``TidingsClient`` resolves it against its base URL), else the image's own.
    public var url: URL
    /// Its size in pixels, when the source says.
    public var width: Int?
    public var height: Int?
    /// Its alternative text, when the source wrote one. Nil means the picture adds nothing the
    /// item's words do not say: mark it decorative (`accessibilityHidden(true)`) rather than have
    /// a screen reader announce "image".
    public var alt: String?

    public init(url: URL, width: Int? = nil, height: Int? = nil, alt: String? = nil) {
        self.url = url
        self.width = width
        self.height = height
        self.alt = alt
    }

    /// Width over height when both are known: reserve the room before the picture loads
    /// (`.aspectRatio(ratio, contentMode: .fit)`), so the list does not jump.
    public var aspectRatio: Double? {
        guard let width, let height, width > 0, height > 0 else { return nil }
        return Double(width) / Double(height)
    }

    /// The proxy's address when it is absolute, else the image's own; nil without either.
    static func address(proxy: String?, own: URL?) -> URL? {
        if let proxy, let url = URL(string: proxy), url.scheme != nil { return url }
        return own
    }
}

extension Teaser {
    /// The teaser's picture; nil when it has none (show a placeholder).
    public var image: FeedImage? {
        FeedImage.address(proxy: imageProxyURL, own: imageURL).map {
            FeedImage(url: $0, width: imageWidth, height: imageHeight, alt: imageAlt)
        }
    }
}

extension NewsItem {
    /// The product's picture.
    public var image: FeedImage? {
        FeedImage.address(proxy: product.imageProxyURL, own: product.imageURL.flatMap(URL.init(string:))).map {
            FeedImage(url: $0)
        }
    }
}

extension FeedItem {
    /// The picture a cell shows for this item: a teaser's, a catalog item's product, an
    /// aggregate's first product with one. Nil for the kinds that have none of their own (a
    /// widget's items each have theirs; ads and cards bring their own content).
    public var image: FeedImage? {
        switch self {
        case .teaser(let teaser): teaser.image
        case .catalogNews(let news): news.image
        case .catalogAggregate(let aggregate): aggregate.members.lazy.compactMap(\.image).first
        case .widget, .ad, .notification, .unknown: nil
        }
    }
}
