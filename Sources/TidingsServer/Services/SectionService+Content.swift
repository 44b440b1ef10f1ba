import Foundation
import TidingsCatalog
import TidingsModel
import TidingsSections
import TidingsStore

extension SectionService {
    /// `limit` content items after keyset `after`, from the entries table (but the stories
    /// `excluding` names) or the catalog.
    func contentPage(
        brand: Brand, section: Section, after: String?, limit: Int, language: LanguageTag, now: Date,
        excluding: Set<String> = []
    ) async throws -> ContentPage {
        if case .catalog = section.source {
            return try await catalogPage(after: after, limit: limit, language: language, now: now)
        }
        let sectionKey = SectionKey(brand: brand.id, section: section.id)
        let afterSeq = try after.map { token in
            guard let seq = Int64(token), seq > 0 else { throw SectionRequestError.badCursor }
            return seq
        }
        let key = ContentKey.entries(sectionKey, after: afterSeq, limit: limit, excluding: excluding)
        return try await contents.value(for: key, now: now) {
            let entries = try await self.store.entries(
                section: sectionKey, afterSeq: afterSeq, limit: limit + 1, excluding: excluding)
            let shown = entries.prefix(limit)
            return ContentPage(
                items: shown.map { .encoded($0.record) },
                next: entries.count > limit ? shown.last.map { String($0.seq) } : nil)
        }
    }

    /// Catalog news as `catalog_news` and `catalog_aggregate` items, localized and typed (encoded when a page's JSON is
    /// made); the keyset is the news cursor.
    private func catalogPage(after: String?, limit: Int, language: LanguageTag, now: Date) async throws -> ContentPage {
        let cursor = try after.map { token in
            guard let cursor = NewsCursor(payload: token) else { throw SectionRequestError.badCursor }
            return cursor
        }
        let key = ContentKey.catalog(language, minute: now.minute, after: cursor, limit: limit)
        return try await contents.value(for: key, now: now) {
            let window = try await self.catalog.feedWindow(language: language, after: cursor, limit: limit, now: now)
            return ContentPage(items: window.items.map { .typed($0) }, next: window.next?.payload)
        }
    }

    /// The newest teasers of a section, for carousel and list widgets.
    func newestTeasers(_ reference: SectionKey, now: Date) async throws -> [Teaser] {
        try await teasers.value(for: reference, now: now) {
            let decoder = TidingsJSON.decoder()
            let hidden = self.hidden(in: reference)
            return try await self.store.entries(section: reference, afterSeq: nil, limit: 50, excluding: hidden)
                .compactMap {
                    entry in
                    guard case .teaser(let teaser) = entry.record.item(decoder)
                    else { return nil }
                    return teaser
                }
        }
    }
}

extension SectionService {
    /// The forecast a weather widget's source gave last (its stream's one entry), if read yet.
    func forecast(_ stream: SectionKey, now: Date) async throws -> Forecast? {
        let entries = try await store.entries(section: stream, afterSeq: nil, limit: 1)
        guard let entry = entries.first,
            case .widget(let widget) = entry.record.item()
        else { return nil }
        return widget.forecast
    }
}

/// A page of a section's content: its entries after a keyset, or catalog news (keyed by the
/// minute too: `time_ago` and the feed window move with the clock).
enum ContentKey: PageCacheKey {
    case entries(SectionKey, after: Int64?, limit: Int, excluding: Set<String>)
    case catalog(LanguageTag, minute: Int, after: NewsCursor?, limit: Int)

    var scopes: [CacheScope] {
        switch self {
        case .entries(let section, _, _, _): [.section(section)]
        case .catalog: [.catalog]
        }
    }

    var staleAt: Date? {
        guard case .catalog(_, let minute, _, _) = self else { return nil }
        return minute.endOfMinute
    }
}

/// Request mistakes the section routes turn into 400s.
enum SectionRequestError: Error {
    case badCursor
}
