import Foundation
import Hummingbird
import TidingsCatalog
import TidingsModel

/// A news page of the API. Keyed by the minute too: `time_ago` and the feed window move with the
/// clock.
struct NewsPageKey: PageCacheKey {
    var language: LanguageTag
    var limit: Int
    var minute: Int
    var cursor: NewsCursor?
    var scopes: [CacheScope] { [.catalog] }
    var staleAt: Date? { minute.endOfMinute }
}

extension CatalogService {
    /// One encoded page, from the cache when another reader already asked for it.
    func newsPage(language: LanguageTag, cursor: NewsCursor?, limit: Int) async throws -> EncodedPage {
        let now = clock()
        let key = NewsPageKey(language: language, limit: limit, minute: now.minute, cursor: cursor)
        return try await pages.value(for: key, now: now) {
            try await self.loadPage(language: language, cursor: cursor, limit: limit, now: now)
        }
    }

    private func loadPage(language: LanguageTag, cursor: NewsCursor?, limit: Int, now: Date) async throws
        -> EncodedPage
    {
        // Read before the news, so an item written in between is announced rather than missed.
        let updates =
            cursor != nil
            ? nil
            : LiveUpdatesLink(
                href: "/api/v1/news_items/updates",
                position: try await environment.live.changes(of: .newsItems, since: nil).position.description)
        let window = try await newsWindow(language: language, after: cursor, limit: limit, now: now)
        var next: String?
        if let position = window.next { next = try await environment.keys.token(position.payload, for: .news) }
        let data = try TidingsJSON.encoder().encode(
            NewsItemsPage(items: window.items, nextCursor: next, updates: updates))
        return EncodedPage(body: ByteBuffer(bytes: data))
    }

    /// The one catalog page: up to `limit` news items after `after` within the feed window,
    /// localized, their images' proxy paths beside the images, and the position of the next page when there is one. The news API and catalog
    /// sections both page with it; each encodes it its own way.
    func newsWindow(language: LanguageTag, after: NewsCursor?, limit: Int, now: Date) async throws
        -> (items: [NewsItem], next: NewsCursor?)
    {
        let since = configuration.oldestNews(at: now)
        let entries = try await store.newsPage(since: since, after: after, limit: limit + 1)
        let presenter = NewsPresenter(markup: configuration.markupPercent)
        let shown = entries.prefix(limit)
        let next = entries.count > limit ? shown.last?.cursor : nil
        let links = await environment.keys.imageLinks()
        return (shown.map { presenter.item($0, language: language, now: now).withImagePath(links) }, next)
    }

    /// The catalog as sections show it: like ``newsWindow(language:after:limit:now:)``, with each
    /// aggregate in place of its members.
    func feedWindow(language: LanguageTag, after: NewsCursor?, limit: Int, now: Date) async throws
        -> (items: [FeedItem], next: NewsCursor?)
    {
        let since = configuration.oldestNews(at: now)
        let entries = try await store.newsFeed(
            since: since, after: after, limit: limit + 1, members: NewsAggregate.memberLimit)
        let presenter = NewsPresenter(markup: configuration.markupPercent)
        let shown = entries.prefix(limit)
        let next = entries.count > limit ? shown.last?.cursor : nil
        let links = await environment.keys.imageLinks()
        return (
            shown.map { entry in
                switch entry {
                case .item(let entry):
                    return .catalogNews(presenter.item(entry, language: language, now: now).withImagePath(links))
                case .aggregate(let entry):
                    var aggregate = presenter.aggregate(entry, language: language, now: now)
                    aggregate.members = aggregate.members.map { $0.withImagePath(links) }
                    return .catalogAggregate(aggregate)
                }
            }, next
        )
    }
}

extension Date {
    /// Whole minutes since 1970: the part of a cache key that moves `time_ago` and windows along.
    var minute: Int { Int(timeIntervalSince1970 / 60) }
}

extension Int {
    /// When the minute after this one (of ``Foundation/Date/minute``) starts: a value keyed by
    /// the minute is stale from then on.
    var endOfMinute: Date { Date(timeIntervalSince1970: Double(self + 1) * 60) }
}
