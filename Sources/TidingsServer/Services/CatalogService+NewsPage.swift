import Foundation
import Hummingbird
import TidingsCatalog
import TidingsModel

extension CatalogService {
    /// One encoded page, from the cache when another reader already asked for it.
    func newsPage(language: Language, cursor: NewsCursor?, limit: Int) async throws -> NewsPageCache.Page {
        let now = clock()
        let minute = Int(now.timeIntervalSince1970 / 60)
        let key = "\(language.rawValue)|\(limit)|\(minute)|\(cursor?.payload ?? "")"
        return try await pages.page(for: key, now: now) {
            try await self.loadPage(language: language, cursor: cursor, limit: limit, now: now)
        }
    }

    private func loadPage(language: Language, cursor: NewsCursor?, limit: Int, now: Date) async throws
        -> NewsPageCache.Page
    {
        let since = now.addingTimeInterval(-Double(configuration.windowDays) * 86_400)
        let entries = try await store.newsPage(since: since, after: cursor, limit: limit + 1)
        let presenter = NewsPresenter(markup: configuration.markupPercent)
        let shown = entries.prefix(limit)
        let items = shown.map { presenter.item($0, language: language, now: now) }
        var next: String?
        if entries.count > limit, let last = shown.last {
            let position = NewsCursor(createdAt: last.record.createdAt.millisecondsSince1970, id: last.record.id)
            next = try await cursors.seal().seal(position.payload, for: .news)
        }
        let data = try TidingsJSON.encoder().encode(NewsItemsPage(items: items, nextCursor: next))
        return NewsPageCache.Page(body: ByteBuffer(bytes: data), etag: ETag.of(data), storedAt: now)
    }
}
