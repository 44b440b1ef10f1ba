import FeedComposition
import Foundation
import Hummingbird
import TidingsCatalog
import TidingsModel
import TidingsSections
import TidingsStore

/// Composes sections: content from the section's source, then ads, widgets and notification cards
/// placed by its rules, as the JSON `Feed` clients read.
public final class SectionService: Sendable {
    public let configuration: SectionsConfiguration
    let catalog: CatalogService
    var store: any TidingsStorage { catalog.store }
    var clock: @Sendable () -> Date { catalog.clock }
    /// Content pages as encoded items, by stream, keyset and size (and language for the catalog).
    let contents = ExpiringCache<ContentPage>(lifetime: 5)
    /// The newest teasers of sections that widgets show.
    let teasers = ExpiringCache<[Teaser]>(lifetime: 5)
    /// Composed pages as bytes, with their ETags.
    let pages = ExpiringCache<ComposedPage>(lifetime: 5)

    /// A composed page and its strong ETag.
    struct ComposedPage: Sendable {
        var body: ByteBuffer
        var etag: String
    }
    /// Rendered RSS, Atom and JSON Feed documents.
    let feedDocuments = ExpiringCache<ByteBuffer>(lifetime: 5)
    /// Source states, for `auto` sections (which render as web when the source says so).
    let sourceStates = ExpiringCache<[String: SourceState]>(lifetime: 5, capacity: 1)

    /// A service over the catalog's store.
    public init(configuration: SectionsConfiguration, catalog: CatalogService) {
        self.configuration = configuration
        self.catalog = catalog
    }

    /// Drops cached pages of `streams` ("brand/section"); the poller calls it after writing
    /// their entries in this process. Other processes' writes show within the caches' 5 seconds.
    public func contentChanged(streams: [String]) {
        let prefixes = streams.map { $0 + "|" }
        contents.remove(prefixes: prefixes)
        pages.remove(prefixes: prefixes)
        teasers.remove(prefixes: prefixes)
        feedDocuments.remove(prefixes: prefixes)
        sourceStates.removeAll()
    }

    /// One page of content, items already encoded.
    struct ContentPage: Sendable {
        var items: [String]
        /// The keyset of the last item, when more follow.
        var next: String?
    }

    /// A composed page of `section`, as JSON bytes. Pages are the same for every reader who has
    /// dismissed the same cards, so they are kept for a few seconds as bytes (encoding the slots,
    /// a carousel of teasers among them, costs more than the rest of the request).
    func page(
        brand: Brand, section: Section, cursor: SectionCursor?, limit: Int, language: Language, device: String?
    ) async throws -> ComposedPage {
        let now = clock()
        let position = cursor?.position ?? 0
        var dismissed: Set<String> = []
        if let device, position < section.placement.notificationCount {
            let cards = Set(section.placement.notifications.map(\.id))
            dismissed = try await store.dismissedNotifications(device: device).intersection(cards)
        }
        // A catalog section changes with catalog writes, which this process counts.
        let catalogGeneration = section.source == .catalog ? String(catalog.pages.generation) : ""
        let key = [
            SectionKey(brand: brand.id, section: section.id).stream, "page", language.rawValue, String(limit),
            cursor?.payload ?? "",
            dismissed.sorted().joined(separator: ","), catalogGeneration,
        ].joined(separator: "|")
        return try await pages.value(for: key, now: now) {
            let body = try await compose(
                brand: brand, section: section, cursor: cursor, limit: limit, language: language,
                dismissed: dismissed, now: now)
            return ComposedPage(body: body, etag: ETag.of(Data(buffer: body)))
        }
    }

    private func compose(
        brand: Brand, section: Section, cursor: SectionCursor?, limit: Int, language: Language,
        dismissed: Set<String>, now: Date
    ) async throws -> ByteBuffer {
        let title = section.title.text(language)
        if let url = try await webURL(section, now: now) {
            return FeedJSON.web(title: title, url: url)
        }
        let content = try await contentPage(
            brand: brand, section: section, after: cursor?.after, limit: limit, language: language, now: now)
        var widgetTeasers: [SectionKey: [Teaser]] = [:]
        for rule in section.placement.widgets {
            guard let reference = rule.section else { continue }
            widgetTeasers[reference] = try await newestTeasers(reference, now: now)
        }
        let composer = section.placement.composer(language: language, teasers: widgetTeasers)
        let encoder = TidingsJSON.encoder()
        let (items, nextPosition) = composer.compose(
            content.items, startingAt: cursor?.position ?? 0, context: CompositionContext(dismissed: dismissed)
        ) { slot in
            (try? encoder.encode(slot)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
        }
        var next: String?
        if let after = content.next {
            next = try await catalog.cursors.seal().seal(
                SectionCursor(position: nextPosition, after: after).payload,
                for: .section(brand: brand.id, section: section.id))
        }
        return FeedJSON.native(title: title, items: items, nextCursor: next)
    }

    /// The cursor in `token` if this database's servers issued it for `section` of `brand`; nil
    /// for anything else (forged, changed, cut, or issued for another list).
    func cursor(_ token: String, brand: Brand, section: Section) async throws -> SectionCursor? {
        let seal = try await catalog.cursors.seal()
        return seal.open(token, for: .section(brand: brand.id, section: section.id)).flatMap(
            SectionCursor.init(payload:))
    }

    /// The web page a section shows instead of items, if any.
    func webURL(_ section: Section, now: Date) async throws -> URL? {
        switch section.render {
        case .native: return nil
        case .web(let url): return url
        case .auto:
            guard let id = section.source.fetched.first?.id else { return nil }
            return try await allSourceStates(now: now)[id]?.webURL.flatMap(URL.init(string:))
        }
    }
}
