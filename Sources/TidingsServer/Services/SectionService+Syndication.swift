import FeedWriting
import Foundation
import TidingsModel
import TidingsSections

extension SectionService {
    /// The section's newest content as syndication items: teasers and catalog news; ads, widgets
    /// and items of unknown types are not articles and are left out.
    func syndicationItems(brand: Brand, section: Section, language: Language, count: Int) async throws
        -> [SyndicationItem]
    {
        let now = clock()
        let decoder = TidingsJSON.decoder()
        if case .catalog = section.source {
            let page = try await contentPage(
                brand: brand, section: section, after: nil, limit: count, language: language, now: now)
            return page.items.compactMap { item in
                guard case .catalogNews(let news) = item.item(decoder) else { return nil }
                return SyndicationItem(
                    id: "urn:tidings:\(brand.id):news:\(news.id)", title: news.title + news.product.name,
                    summary: [news.price, news.product.size].joined(separator: " • "),
                    imageURL: news.product.imageURL.flatMap(URL.init(string:)), published: news.createdAt)
            }
        }
        let entries = try await store.entries(
            stream: SectionKey(brand: brand.id, section: section.id).stream, afterSeq: nil, limit: count)
        return entries.compactMap { entry in
            guard case .teaser(let teaser) = try? decoder.decode(FeedItem.self, from: Data(entry.itemJSON.utf8)) else {
                return nil
            }
            return SyndicationItem(
                id: teaser.url?.absoluteString ?? "urn:tidings:\(brand.id):teaser:\(teaser.id)", title: teaser.title,
                url: teaser.url, summary: teaser.summary, contentHTML: entry.contentHTML, imageURL: teaser.imageURL,
                published: teaser.publishedAt ?? entry.firstSeenAt, authorName: teaser.source)
        }
    }
}
