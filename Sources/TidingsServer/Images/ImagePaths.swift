import Foundation
import TidingsModel

// Where a page gets its image links: typed items here; stored entries splice theirs in while a page
// is encoded (`TidingsStore/Sections/EntryRecord.swift`, `json(links:)`).

extension FeedItem {
    /// The item with `image_proxy_url` beside every `image_url` its teasers carry (its own, or a
    /// carousel's or list's). Catalog news got theirs from `CatalogService`.
    func withImagePaths(_ links: ImageLinks) -> FeedItem { mapTeasers { $0.withImagePath(links) } }
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
