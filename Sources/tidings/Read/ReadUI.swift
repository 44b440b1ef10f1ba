import TidingsKit
import TidingsModel

/// The reader as a pure value: keys and loaded data in, effects out, no I/O. ``ReadSession`` runs
/// the effects and draws ``ReadView``; the tests drive this directly.
struct ReadUI: Equatable, Sendable {
    /// Where the reader is.
    enum Page: Hashable, Sendable {
        case brands
        case sections
        case feed
        case detail(FeedItem)
        /// A search's results (``ReadUI/search``).
        case search
        /// A product a search found (opened from the results).
        case product(SearchResult)
    }

    /// A picker's choices as they load.
    enum Choices<Choice: Hashable & Sendable>: Hashable, Sendable {
        case idle
        case loading
        case loaded([Choice])
        case failed(String)

        var list: [Choice] { if case .loaded(let list) = self { list } else { [] } }
    }

    var page: Page
    var brand: String?
    var section: String?
    /// `--locale`; without it the chosen brand's language.
    var fixedLanguage: LanguageTag?
    var brands: Choices<BrandSummary> = .idle
    var sections: Choices<SectionSummary> = .idle
    var feed: FeedScreenState = .loading
    var brandRow = 0
    var sectionRow = 0
    var feedRow = 0
    /// The selected item's id, so the selection stays on it when a refresh adds items on top.
    var feedSelection: String?
    var detailTop = 0
    /// The articles opened in this run, by teaser id: their full text, when the server has it.
    var articles: [String: ArticleDetail] = [:]
    /// How far a page key moves: a screen of lines, less one kept for context.
    var step = 9
    /// Notification cards dismissed in this run: hidden at once, whatever the feed still holds.
    var dismissed: Set<String> = []
    /// A one-off message for the status line, cleared by the next key.
    var notice: String?
    /// The search being typed (after `/`), nil when none: keys are its letters until Enter or Esc.
    var prompt: String?
    /// The last search asked, and its results as they load (pages appended by `m`).
    var searchQuery = ""
    var search: Choices<SearchResult> = .idle
    var searchTotal = 0
    /// Whether the search stopped before it had looked at every story.
    var searchPartial = false
    var searchNext: String?
    var searchRow = 0
    /// The page the results go back to, and the page an opened item goes back to.
    var searchFrom: Page = .sections
    var detailFrom: Page = .feed

    /// The reader opening on the brand picker, the section picker or the feed, as much as is given;
    /// `brands`, when already known, name the brand and give its language.
    static func start(brand: String?, section: String?, language: LanguageTag?, brands: [BrandSummary]? = nil) -> (
        ReadUI, ReadEffect
    ) {
        var ui = ReadUI(page: .brands, brand: brand, section: section, fixedLanguage: language)
        if let brands { ui.brands = .loaded(brands) }
        guard let brand else {
            ui.brands = .loading
            return (ui, .loadBrands)
        }
        guard let section else {
            ui.page = .sections
            ui.sections = .loading
            return (ui, .loadSections(brand: brand))
        }
        ui.page = .feed
        return (ui, .openFeed(brand: brand, section: section))
    }

    /// Messages and dates: `--locale`, else the brand's language, else English.
    var language: LanguageTag {
        fixedLanguage ?? brands.list.first { $0.id == brand }.flatMap { LanguageTag($0.locale) } ?? .en
    }

    /// "courier/news": the feed's key in the offline store.
    var feedKey: String? {
        brand.flatMap { brand in section.map { SectionLoader.storageKey(brand: brand, section: $0) } }
    }

    /// What the feed shows now.
    var content: FeedScreenContent? { if case .native(let content) = feed { content } else { nil } }

    /// The feed's items as listed: without the cards dismissed in this run.
    var feedItems: [FeedItem] {
        (content?.items ?? []).filter { item in
            guard case .notification(let card) = item else { return true }
            return !dismissed.contains(card.id)
        }
    }

    /// The brands loaded, or the sections of the brand loaded.
    mutating func receive(brands result: Result<[BrandSummary], TidingsError>) {
        brands = choices(result)
        brandRow = min(brandRow, max(0, brands.list.count - 1))
    }

    /// The sections of `brand` loaded (answers for a brand left since are dropped). A brand of one
    /// section opens it: there is nothing to pick.
    mutating func receive(sections result: Result<[SectionSummary], TidingsError>, brand: String) -> ReadEffect? {
        guard brand == self.brand else { return nil }
        sections = choices(result)
        sectionRow = min(sectionRow, max(0, sections.list.count - 1))
        guard page == .sections, sections.list.count == 1 else { return nil }
        return press(.enter)
    }

    /// A new state of the feed `key` (states of a feed left since are dropped).
    mutating func receive(feed state: FeedScreenState, key: String) {
        guard key == feedKey else { return }
        feed = state
        reselect()
    }

    /// A page of a search answered (for `query`; answers to an earlier search are dropped): the
    /// first replaces the results, a later one (`more`) adds to them.
    mutating func receive(search result: Result<SearchPage, TidingsError>, query: String, more: Bool) {
        let fromResults: Bool
        switch page {
        case .search, .product: fromResults = true
        default: fromResults = detailFrom == .search
        }
        guard query == searchQuery, fromResults else { return }
        switch result {
        case .success(let found):
            search = .loaded((more ? search.list : []) + found.results)
            searchTotal = found.total
            searchPartial = found.partial
            searchNext = found.nextCursor
        case .failure(let error):
            if more {
                notice = error.message(in: language)
            } else {
                search = .failed(error.message(in: language))
            }
        }
        searchRow = min(searchRow, max(0, search.list.count - 1))
    }

    /// A dismissal answered: the card goes, or the status line says why not.
    mutating func receive(dismissal error: TidingsError?, notification: String) {
        if let error {
            notice = error.message(in: language)
            return
        }
        dismissed.insert(notification)
        notice = ReadStrings(language: language).dismissed
        reselect()
    }

    /// A picker's choices, or the failure's message.
    private func choices<Choice>(_ result: Result<[Choice], TidingsError>) -> Choices<Choice> {
        switch result {
        case .success(let list): .loaded(list)
        case .failure(let error): .failed(error.message(in: language))
        }
    }

    /// Keeps the selection on the same item, else on the same row as far as the list reaches.
    mutating func reselect() {
        let items = feedItems
        if let feedSelection, let index = items.firstIndex(where: { $0.id == feedSelection }) {
            feedRow = index
        }
        feedRow = min(feedRow, max(0, items.count - 1))
        feedSelection = items.indices.contains(feedRow) ? items[feedRow].id : nil
    }
}
