import FeedWriting
import Foundation
import Hummingbird
import TidingsModel
import TidingsSections

extension SectionService {
    /// The section's feed in `format`: its newest `count` items, self links under `origin`, and the
    /// ETag of its bytes; built once for every reader until the section changes. `version` is that of the snapshot `brand`
    /// was read from (as for ``page(brand:section:version:cursor:limit:language:device:)``).
    func feedDocument(
        brand: Brand, section: Section, version: Int64, format: SyndicationFormat, language: LanguageTag,
        origin: String, count: Int
    ) async throws -> EncodedFeed {
        let key = FeedDocumentKey(
            section: SectionKey(brand: brand.id, section: section.id), version: version,
            catalog: section.source == .catalog,
            format: format, language: language, origin: origin)
        return try await feedDocuments.value(for: key, now: clock()) {
            let items = try await self.syndicationItems(
                brand: brand, section: section, language: language, count: count, origin: origin)
            let feed = SyndicationFeed(
                title: "\(brand.name) — \(section.title.text(language, brand: brand.locale))", description: nil,
                homePageURL: URL(string: "\(origin)/\(brand.id)/\(section.id)"),
                feedURL: URL(string: "\(origin)/feeds/\(brand.id)/\(section.id).\(format.rawValue)")
                    ?? URL(fileURLWithPath: "/feeds"), language: language.identifier,
                updated: items.compactMap { $0.updated ?? $0.published }.max() ?? Date(timeIntervalSince1970: 0),
                authorName: brand.name, items: items)
            let bytes = feed.rendered(as: format)
            return EncodedFeed(body: ByteBuffer(bytes: bytes), etag: ETag.of(bytes))
        }
    }

    /// The section's newest content as syndication items: teasers and catalog news; ads, widgets
    /// and items of unknown types are not articles and are left out. `origin` (`https://host`) makes
    /// the links of catalog news: a product's page on this server, an aggregate's section page.
    func syndicationItems(brand: Brand, section: Section, language: LanguageTag, count: Int, origin: String)
        async throws -> [SyndicationItem]
    {
        func link(_ path: String...) -> URL? {
            let encoded = path.map { $0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? $0 }
            return URL(string: origin + "/" + encoded.joined(separator: "/"))
        }
        let now = clock()
        let decoder = TidingsJSON.decoder()
        if case .catalog = section.source {
            let page = try await contentPage(
                brand: brand, section: section, after: nil, limit: count, language: language, now: now)
            return page.items.compactMap { item in
                switch item.item(decoder, .none) {
                case .catalogNews(let news):
                    return SyndicationItem(
                        id: "urn:tidings:\(brand.id):news:\(news.id)", title: news.title + news.product.name,
                        url: link(brand.id, "products", news.product.id),
                        summary: [news.price, news.product.size].joined(separator: " • "),
                        imageURL: news.product.imageURL.flatMap(URL.init(string:)), published: news.createdAt)
                case .catalogAggregate(let aggregate):
                    // One entry for the burst, updated as it grows; its members listed in it.
                    let lines = aggregate.members.map { Self.memberLine($0, language) }
                    let more = aggregate.count - aggregate.members.count
                    return SyndicationItem(
                        id: "urn:tidings:\(brand.id):news:\(aggregate.id)", title: aggregate.title,
                        url: link(brand.id, section.id), summary: lines.joined(separator: "; "),
                        contentHTML: "<ul>" + lines.map { "<li>\(Self.escaped($0))</li>" }.joined()
                            + (more > 0 ? "<li>… +\(more)</li>" : "") + "</ul>",
                        imageURL: aggregate.members.first?.product.imageURL.flatMap(URL.init(string:)),
                        published: aggregate.createdAt, updated: aggregate.updatedAt)
                default:
                    return nil
                }
            }
        }
        // Hidden stories leave the feeds too; pinned ones keep their place by date (a feed reader
        // sorts by date whatever the order).
        let entries = try await store.entries(
            section: SectionKey(brand: brand.id, section: section.id), afterSeq: nil, limit: count,
            excluding: Set(section.editorial.hidden.map(\.item)))
        return entries.compactMap { entry in
            guard case .teaser(let teaser) = entry.record.item(decoder) else {
                return nil
            }
            // A story told by several sources is one entry, naming the others; updated as they join.
            let others = entry.alsoFrom.isEmpty ? nil : Self.alsoFromHTML(entry.alsoFrom, language)
            let published = teaser.publishedAt ?? entry.firstSeenAt
            return SyndicationItem(
                id: teaser.url?.absoluteString ?? "urn:tidings:\(brand.id):teaser:\(teaser.id)", title: teaser.title,
                url: teaser.url, summary: teaser.summary,
                contentHTML: others.map { (entry.contentHTML ?? "") + $0 } ?? entry.contentHTML,
                imageURL: teaser.imageURL, published: published,
                updated: others == nil
                    ? nil : max(published, entry.alsoFrom.compactMap(\.publishedAt).max() ?? published),
                authorName: teaser.author,
                enclosure: teaser.enclosure.map { .init(url: $0.url, type: $0.type, length: $0.length) })
        }
    }

    /// `<p>Also from <a href="…">VG</a>, <a href="…">E24</a></p>`, in the feed's language.
    static func alsoFromHTML(_ others: [Teaser.AlsoFrom], _ language: LanguageTag) -> String {
        let links = others.map { told in
            let name = escaped(told.source)
            guard let url = told.url?.absoluteString else { return name }
            return "<a href=\"\(escaped(url))\">\(name)</a>"
        }
        return
            "<p>\(escaped(Translations.current.string("web.alsoFrom", language))) \(links.joined(separator: ", "))</p>"
    }

    /// "Ананас 1 кг: 175,50 ₽ (было 195,00 ₽, −10%)", "Pineapple 1 kg: 175.50 ₽ (was 195.00 ₽, −10%)".
    static func memberLine(_ news: NewsItem, _ language: LanguageTag) -> String {
        var line = "\(news.product.name) \(news.product.size): \(news.price)"
        if let old = news.oldPrice, let change = news.change(LocaleFormats(language)) {
            line += Translations.current.string("news.was", language, [.text(old), .text(change)])
        }
        return line
    }

    /// Text made safe inside HTML, and inside a quoted attribute.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}

/// A section's feed document, per format, language and the origin its self links name.
struct FeedDocumentKey: PageCacheKey {
    var section: SectionKey
    /// The version of the brands the section was read at (its title, its hidden stories).
    var version: Int64
    var catalog: Bool
    var format: SyndicationFormat
    var language: LanguageTag
    var origin: String
    var scopes: [CacheScope] { [.section(section)] + (catalog ? [.catalog] : []) }
}

/// A rendered feed document and its ETag, made once with it: feed readers ask with
/// `If-None-Match`, and the compression keeps the compressed bytes of a response that has one.
struct EncodedFeed: Sendable {
    var body: ByteBuffer
    var etag: String
}
