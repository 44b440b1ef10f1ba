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
    /// The configuration shown, replaced whole when the kept brands change (``BrandsFollower``).
    public let live: LiveSections
    /// The configuration shown now: take it once per request, so one request sees one version.
    public var configuration: SectionsConfiguration { live.current }
    let environment: ServerEnvironment
    /// The catalog, for sections whose source it is.
    let catalog: CatalogService
    var store: any TidingsStorage { environment.store }
    var clock: @Sendable () -> Date { environment.clock }
    /// Content pages as encoded items, by section (or the catalog), keyset and size.
    let contents: PageCache<ContentKey, ContentPage>
    /// The newest teasers of sections that widgets show.
    let teasers: PageCache<SectionKey, [Teaser]>
    /// Composed pages, typed and as bytes with their ETags.
    let pages: PageCache<ComposedPageKey, ComposedResult>
    /// Rendered RSS, Atom and JSON Feed documents, with their ETags.
    let feedDocuments: PageCache<FeedDocumentKey, EncodedFeed>
    /// Source states, for `auto` sections (which render as web when the source says so).
    let sourceStates: PageCache<AllSources, SourceStates>

    /// The sections of `configuration`, beside `catalog` in `environment`.
    public convenience init(
        configuration: SectionsConfiguration, environment: ServerEnvironment, catalog: CatalogService
    ) {
        self.init(live: LiveSections(configuration), environment: environment, catalog: catalog)
    }

    /// The sections `live` shows at each moment, beside `catalog` in `environment`.
    public init(live: LiveSections, environment: ServerEnvironment, catalog: CatalogService) {
        self.live = live
        self.environment = environment
        self.catalog = catalog
        let invalidation = environment.invalidation
        contents = PageCache("section_contents", invalidation: invalidation)
        teasers = PageCache("teasers", invalidation: invalidation)
        pages = PageCache("section_pages", invalidation: invalidation)
        feedDocuments = PageCache("feed_documents", invalidation: invalidation)
        sourceStates = PageCache("source_states", capacity: 1, invalidation: invalidation)
    }

    /// Shows `brands`, read at `version` of the kept brands, when that is newer than what is shown:
    /// every cached page is dropped and live readers read again. Returns whether it showed them.
    @discardableResult
    public func show(brands: [Brand], version: Int64) -> Bool {
        guard live.replace(brands: brands, version: version) else { return false }
        environment.invalidation.invalidate(StoreChange.everything)
        return true
    }

    /// Drops every cached page: a moment the brands shown change by themselves passed (a pin's
    /// time ran out). Live readers read again.
    public func timePassed() {
        environment.invalidation.invalidate(StoreChange.everything)
    }

    /// Drops cached pages built from `sections`; the poller calls it after writing their entries
    /// in this process. Other processes' writes reach the caches through ``ChangeFollower``.
    public func contentChanged(sections: [SectionKey]) {
        environment.invalidation.invalidate(CacheScope.written(sections))
    }

    /// Drops the cached pages that show extracted articles: the article refresher stored or
    /// changed the articles of `urls`.
    public func articlesChanged(urls: [String]) {
        guard !urls.isEmpty else { return }
        environment.invalidation.invalidate([.articles])
    }

    /// One page of content: entries as their stored JSON, catalog news typed.
    struct ContentPage: Sendable {
        var items: [ComposedPage.Item]
        /// The keyset of the last item, when more follow.
        var next: String?
    }

    /// A composed page of `section`, as JSON bytes. Pages are the same for every reader who has
    /// dismissed the same cards, so they are kept for a few seconds as bytes (encoding the slots,
    /// a carousel of teasers among them, costs more than the rest of the request). `version` is
    /// that of the snapshot `brand` was read from: a request that read it just before an editor's
    /// change keeps the page it composes under that version, never under the one shown next.
    func page(
        brand: Brand, section: Section, version: Int64, cursor: SectionCursor?, limit: Int, language: LanguageTag,
        device: String?
    ) async throws -> ComposedResult {
        let now = clock()
        let position = cursor?.position ?? 0
        var dismissed: Set<String> = []
        if position < section.placement.notificationCount {
            // Cards show unless the reader dismissed them: a page kept whole is kept for readers
            // who name no device only.
            KeepTicket.current?.dependsOnReader(named: device != nil)
            if let device {
                let cards = Set(section.placement.notifications.map(\.id))
                dismissed = try await store.dismissedNotifications(device: device).intersection(cards)
            }
        }
        let key = ComposedPageKey(
            section: SectionKey(brand: brand.id, section: section.id), version: version, language: language,
            limit: limit, cursor: cursor, dismissed: dismissed, catalog: section.source == .catalog,
            widgets: section.placement.widgets.compactMap(\.section)
                + section.placement.widgets.filter { $0.source != nil }.map { section.widgetKey($0, brand: brand.id) })
        return try await pages.value(for: key, now: now) {
            ComposedResult(
                try await self.compose(
                    brand: brand, section: section, cursor: cursor, limit: limit, language: language,
                    dismissed: key.dismissed, now: now))
        }
    }

    private func compose(
        brand: Brand, section: Section, cursor: SectionCursor?, limit: Int, language: LanguageTag,
        dismissed: Set<String>, now: Date
    ) async throws -> ComposedPage {
        let title = section.title.text(language, brand: brand.locale)
        if let url = try await webURL(section, now: now) {
            return ComposedPage(title: title, body: .web(url))
        }
        // Read before the content, so an entry written in between is announced rather than missed.
        var updates: LiveUpdatesLink?
        if cursor == nil, let feed = liveFeed(brand: brand, section: section) {
            let position = try await environment.live.changes(of: feed, since: nil).position
            updates = LiveUpdatesLink(
                href: SectionKey(brand: brand.id, section: section.id).updatesPath, position: position.description)
        }
        // The newsroom's pins and hides (sections read from sources): pinned stories leave the
        // content for their places.
        let editorial = section.source == .catalog ? Editorial() : section.editorial
        let pins = editorial.pins(at: now)
        let (pinned, shownAs) = try await pinnedStories(
            brand: brand, section: section, pins: pins, hidden: Set(editorial.hidden.map(\.item)))
        let content = try await contentPage(
            brand: brand, section: section, after: cursor?.after, limit: limit, language: language, now: now,
            excluding: editorial.excluded(at: now).union(shownAs))
        var widgetTeasers: [SectionKey: [Teaser]] = [:]
        var forecasts: [String: Forecast] = [:]
        let placement = section.placement.scheduled(at: now)
        for rule in placement.widgets {
            if let reference = rule.section {
                widgetTeasers[reference] = try await newestTeasers(reference, now: now)
            }
            if rule.source != nil {
                forecasts[rule.id] = try await forecast(section.widgetKey(rule, brand: brand.id), now: now)
            }
        }
        let composer = placement.composer(
            language: language, brand: brand.locale, teasers: widgetTeasers, forecasts: forecasts, pinned: pinned)
        let (items, nextPosition) = composer.compose(
            content.items, startingAt: cursor?.position ?? 0, context: CompositionContext(dismissed: dismissed),
            ending: content.next == nil, wrap: ComposedPage.Item.typed)
        var next: String?
        if let after = content.next {
            next = try await environment.keys.token(
                SectionCursor(position: nextPosition, after: after).payload,
                for: .section(SectionKey(brand: brand.id, section: section.id)))
        }
        // Items made for this page (a carousel's teasers) get their image links now; entries get
        // theirs spliced in when the page is encoded.
        let links = await environment.keys.imageLinks()
        let linked = items.map { item -> ComposedPage.Item in
            guard case .typed(let typed) = item else { return item }
            return .typed(typed.withImagePaths(links))
        }
        return ComposedPage(title: title, body: .native(linked), nextCursor: next, updates: updates, images: links)
    }

    /// The stories `pins` pin, by place; a story no longer kept (retention removed it) is left out.
    /// A pinned telling another telling of its story is shown as (story grouping) is pinned with
    /// the story's other tellings (but `hidden` ones), and that item's id is returned, to leave
    /// out of the content: the story is shown once, at its pin.
    func pinnedStories(brand: Brand, section: Section, pins: [Pin], hidden: Set<String>) async throws
        -> (items: [Int: FeedItem], shownAs: Set<String>)
    {
        guard !pins.isEmpty else { return ([:], []) }
        let key = SectionKey(brand: brand.id, section: section.id)
        let decoder = TidingsJSON.decoder()
        var pinned: [Int: FeedItem] = [:]
        var shownAs: Set<String> = []
        for pin in pins {
            guard let entry = try await store.entry(section: key, itemID: pin.item, excluding: hidden),
                let item = entry.record.item(decoder)
            else { continue }
            pinned[pin.place] = item
            if let shown = entry.shownAs { shownAs.insert(shown) }
        }
        return (pinned, shownAs)
    }

    /// What a section's live readers follow: the catalog news for a catalog section, its entries
    /// for one read from sources; nil for a web section (a page elsewhere).
    func liveFeed(brand: Brand, section: Section) -> LiveFeed? {
        switch section.source {
        case .catalog: .catalog
        case .web: nil
        default: .section(SectionKey(brand: brand.id, section: section.id))
        }
    }

    /// The cursor in `token` if this database's servers issued it for `section` of `brand`; nil
    /// for anything else (forged, changed, cut, or issued for another list).
    func cursor(_ token: String, brand: Brand, section: Section) async throws -> SectionCursor? {
        try await environment.keys.open(token, for: .section(SectionKey(brand: brand.id, section: section.id)))
            .flatMap(SectionCursor.init(payload:))
    }

    /// The web page a section shows instead of items, if any.
    func webURL(_ section: Section, now: Date) async throws -> URL? {
        switch section.render {
        case .native: return nil
        case .web(let url): return url
        case .auto:
            guard let id = section.source.fetched.first?.id else { return nil }
            return try await allSourceStates(now: now).byID[id]?.webURL.flatMap(URL.init(string:))
        }
    }
}

/// A composed page: built from its section's entries, the catalog's news when that is its source,
/// and the teasers of the sections its widgets show.
struct ComposedPageKey: PageCacheKey {
    var section: SectionKey
    /// The version of the brands the section was read at (its placement, pins, title).
    var version: Int64
    var language: LanguageTag
    var limit: Int
    var cursor: SectionCursor?
    /// The device's dismissed cards among the section's: pages differ only by these per reader.
    var dismissed: Set<String>
    var catalog: Bool
    var widgets: [SectionKey]

    var scopes: [CacheScope] {
        [.section(section)] + (catalog ? [.catalog] : []) + widgets.map(CacheScope.section)
    }
}

/// The newest teasers of a section.
extension SectionKey: PageCacheKey {
    var scopes: [CacheScope] { [.section(self)] }
}

/// Every source's state, one value.
struct AllSources: PageCacheKey {
    var scopes: [CacheScope] { [.sources] }
}
