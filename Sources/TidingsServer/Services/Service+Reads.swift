import Foundation
import TidingsModel
import TidingsSections
import TidingsStore

// What the routes read and write through the services rather than reaching into the store: a
// controller parses HTTP and calls a service; only services know the store.

extension CatalogService {
    /// The product with `id`, or nil.
    func product(id: String) async throws -> Product? { try await store.product(id: id) }

    /// A product's price history, oldest first.
    func priceHistory(productID: String) async throws -> [PricePoint] {
        try await store.priceHistory(productID: productID)
    }
}

extension SectionService {
    /// The stored entry `itemID` of the section `key`, and of no other section.
    func entry(_ key: SectionKey, itemID: String) async throws -> StoredEntry? {
        try await store.entry(stream: key.stream, itemID: itemID)
    }

    /// The article extracted from the page at `url` (sources with `full_text`), when there is one.
    func extractedArticle(url: URL?) async throws -> ArticlePage? {
        guard let url, ArticlePage.accepts(url: url.absoluteString) else { return nil }
        guard let page = try await store.articles(urls: [url.absoluteString])[url.absoluteString],
            let html = page.html, !html.isEmpty
        else { return nil }
        return page
    }

    /// Records that `device` dismissed the notification card `id`, now.
    func dismiss(notification id: String, device: String) async throws {
        try await store.dismiss(notification: id, device: device, at: clock())
    }
}
