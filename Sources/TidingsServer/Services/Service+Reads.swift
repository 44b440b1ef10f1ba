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
    /// The stored entry `itemID` of the section `key`, and of no other section; nil for a story
    /// the newsroom hid there (its article is gone from the API and the web reader with it).
    func entry(_ key: SectionKey, itemID: String) async throws -> StoredEntry? {
        guard !hidden(in: key).contains(itemID) else { return nil }
        return try await store.entry(section: key, itemID: itemID)
    }

    /// The stories pinned (in force now, by place) and hidden in section `key`, as shown now.
    func arrangement(of key: SectionKey) -> LiveArrangement {
        guard let section = configuration.brand(key.brand)?.section(key.section) else {
            return LiveArrangement(pinned: [], hidden: [])
        }
        return LiveArrangement(
            pinned: section.editorial.pins(at: clock()).sorted { $0.place < $1.place }.map(\.item),
            hidden: section.editorial.hidden.map(\.item).sorted())
    }

    /// The stories the newsroom hid in section `key`, as shown now.
    func hidden(in key: SectionKey) -> Set<String> {
        guard let section = configuration.brand(key.brand)?.section(key.section) else { return [] }
        return Set(section.editorial.hidden.map(\.item))
    }

    /// The article extracted from the page at `url` (sources with `full_text`), when there is one
    /// the extractor is confident enough of (`full_text.min_confidence`; pages kept before the
    /// extractor had a confidence count as sure): otherwise readers get the feed's own content.
    func extractedArticle(url: URL?) async throws -> TidingsStore.ArticlePage? {
        guard let url, TidingsStore.ArticlePage.accepts(url: url.absoluteString) else { return nil }
        guard let page = try await store.articles(urls: [url.absoluteString])[url.absoluteString],
            let html = page.html, !html.isEmpty,
            page.confidence ?? 1 >= configuration.fullText.minConfidence
        else { return nil }
        return page
    }

    /// The entry `id` of section `key` when it is a teaser (an article), with the teaser decoded.
    func teaserEntry(_ key: SectionKey, id: String) async throws -> (entry: StoredEntry, teaser: Teaser)? {
        guard let entry = try await entry(key, itemID: id),
            case .teaser(let teaser) = entry.record.item()
        else { return nil }
        return (entry, teaser)
    }

    /// The article `id` of section `key` with its body: the feed's content and the extracted full
    /// text, images through the image proxy; nil when the section has no such teaser.
    func articleDetail(_ key: SectionKey, id: String) async throws -> ArticleDetail? {
        guard let (entry, teaser) = try await teaserEntry(key, id: id) else { return nil }
        let links = await environment.keys.imageLinks()
        var detail = ArticleDetail(
            item: teaser.withImagePath(links), contentHTML: entry.contentHTML.map(links.rewriting))
        if let page = try await extractedArticle(url: teaser.url), let html = page.html {
            let image = page.imageURL.flatMap(URL.init(string:))
            detail.fullText = ArticleDetail.FullText(
                html: links.rewriting(html), text: page.text ?? "", byline: page.byline, siteName: page.siteName,
                imageURL: image, imageProxyURL: links.path(image), publishedAt: page.publishedAt,
                language: page.language, direction: page.direction, changedAt: page.changedAt)
        }
        return detail
    }

    /// Records that `device` dismissed the notification card `id`, now.
    func dismiss(notification id: String, device: String) async throws {
        try await store.dismiss(notification: id, device: device, at: clock())
    }
}
