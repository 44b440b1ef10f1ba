import Foundation
import TidingsModel
import TidingsWeb

extension FeedItem {
    /// The item with `image_proxy_url` beside every `image_url` it carries: a teaser's, a catalog
    /// news item's product, a carousel's or list's teasers.
    func withImagePaths(_ links: ImageLinks) -> FeedItem {
        switch self {
        case .teaser(let teaser): return .teaser(teaser.withImagePath(links))
        case .widget(var widget):
            widget.items = widget.items.map { $0.withImagePath(links) }
            return .widget(widget)
        case .catalogNews, .catalogAggregate: return self  // `CatalogService` gave them their paths
        case .ad, .notification, .unknown: return self
        }
    }
}

extension Teaser {
    func withImagePath(_ links: ImageLinks) -> Teaser {
        var teaser = self
        teaser.imageProxyURL = links.path(imageURL)
        return teaser
    }
}

extension NewsItem {
    func withImagePath(_ links: ImageLinks) -> NewsItem {
        var item = self
        item.product.imageProxyURL = links.path(product.imageURL)
        return item
    }
}

extension ComposedPage.Item {
    /// The item with its images' proxy paths. A stored entry is decoded only when its JSON has an
    /// image; it is then typed, and encoded with the page.
    func withImagePaths(_ links: ImageLinks, _ decoder: JSONDecoder) -> Self {
        switch self {
        case .typed(let item): return .typed(item.withImagePaths(links))
        case .encoded(let json):
            guard json.contains("\"image_url\""), let item = item(decoder) else { return self }
            return .typed(item.withImagePaths(links))
        }
    }
}
