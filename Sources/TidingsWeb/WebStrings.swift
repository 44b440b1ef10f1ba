import TidingsModel

/// The reader's own words (not the content's), per language.
struct WebStrings: Sendable {
    var skip: String
    var brandsTitle: String
    var brandsLead: String
    var sections: String
    var language: String
    var loadMore: String
    var loading: String
    var refresh: String
    var refreshed: String
    var nothingNew: String
    /// The live pill: "{n}" is the count of new items.
    var newItems: String
    /// What opens an aggregate's list of members: "{n}" is how many it folds.
    var showAll: String
    /// The last line of an aggregate's list when it carries fewer members than it folds.
    var andMore: String
    /// Before the other sources that told a story shown once.
    var alsoFrom: String
    var reload: String
    var retry: String
    var advertisement: String
    /// The visible label on an ad: short, as newspapers print it.
    var adLabel: String
    var dismiss: String
    var notice: String
    var openOriginal: String
    var openSite: String
    var webSection: String
    var back: String
    var priceHistory: String
    var date: String
    var price: String
    var change: String
    var created: String
    var keys: String
    var feeds: String
    var loadFailed: String
    var stale: String
    var emptyTitle: String
    var emptyMessage: String
    var catalogEmptyTitle: String
    var catalogEmptyMessage: String
    var errorTitle: String
    var notFoundTitle: String
    /// The link home from a page that does not exist: "To the front page of NAME".
    var toFrontPage: String
    /// A failing source's error state: "{when}" is `retryIn`'s words.
    var sourceFailed: String
    /// The same for a document that came but could not be read.
    var sourceUnreadable: String
    var weather: String
    var nearby: String
    /// "Forecast: " before the provider's name.
    var forecastBy: String
    /// A weather widget whose forecast is all past.
    var forecastOutdated: String
    /// The search button and the search page's heading.
    var search: String
    /// The search box's label and placeholder.
    var searchLabel: String
    /// A search that found nothing: "{query}" is what was asked.
    var searchNothing: String
    /// A search that cannot be made.
    var searchInvalid: String
    /// A search that stopped before it had looked at every entry.
    var searchPartial: String
    /// How to search, under the search page's box.
    var searchHint: String
}

extension WebStrings {
    /// When a failing source is tried again, for `sourceFailed`: "in 17 minutes" / "через 17 минут",
    /// "in 2 hours" / "через 2 часа", "in under a minute" / "меньше чем через минуту".
    static func retryIn(_ seconds: Int, _ tag: LanguageTag) -> String {
        let minutes = (seconds + 59) / 60
        switch minutes {
        case ...1: return Translations.current.string("web.retryIn.soon", tag)
        case ..<90: return Translations.current.string("web.retryIn.minutes", tag, [.count(minutes)])
        default: return Translations.current.string("web.retryIn.hours", tag, [.count((minutes + 30) / 60)])
        }
    }

    /// The keys `retryIn` reads.
    static let retryKeys = ["web.retryIn.soon", "web.retryIn.minutes", "web.retryIn.hours"]

    /// How many stories a search found: "12 stories found" / "Найдено 12 новостей".
    static func searchFound(_ count: Int, _ tag: LanguageTag) -> String {
        Translations.current.string("web.searchFound", tag, [.count(count)])
    }

    /// How many stories and products a search found: "12 results found" / "Найдено 12 результатов".
    static func searchFoundAll(_ count: Int, _ tag: LanguageTag) -> String {
        Translations.current.string("web.searchFoundAll", tag, [.count(count)])
    }

    /// The keys read with a count: `retryIn`'s and the searches'.
    static let countedKeys = retryKeys + ["web.searchFound", "web.searchFoundAll"]

    /// The words for `language`, from the language catalogs (`web.*` keys), made once per language.
    static func of(_ language: LanguageTag) -> WebStrings {
        let generation = Translations.generation
        if let known = made.withLock({ $0[language] }), known.generation == generation { return known.strings }
        let strings = WebStrings(translations: .current, tag: language)
        made.withLock { $0[language] = (strings, generation) }
        return strings
    }

    /// Words made so far, by the reader's locale (few: only locales with a catalog are chosen).
    private static let made = Locked<[LanguageTag: (strings: WebStrings, generation: Int)]>([:])

    /// The catalog keys these words are read from: `web.` and the property's name.
    static var keys: [String] {
        Mirror(reflecting: WebStrings(translations: Translations(), tag: .en)).children.compactMap {
            child in
            child.label.map { "web." + $0 }
        }
    }

    /// Every word read from `translations` for `tag` (English where a catalog lacks one).
    init(translations: Translations, tag: LanguageTag) {
        let word = { (name: String) in translations.string("web." + name, tag) }
        self.init(
            skip: word("skip"),
            brandsTitle: word("brandsTitle"),
            brandsLead: word("brandsLead"),
            sections: word("sections"),
            language: word("language"),
            loadMore: word("loadMore"),
            loading: word("loading"),
            refresh: word("refresh"),
            refreshed: word("refreshed"),
            nothingNew: word("nothingNew"),
            newItems: word("newItems"),
            showAll: word("showAll"),
            andMore: word("andMore"),
            alsoFrom: word("alsoFrom"),
            reload: word("reload"),
            retry: word("retry"),
            advertisement: word("advertisement"),
            adLabel: word("adLabel"),
            dismiss: word("dismiss"),
            notice: word("notice"),
            openOriginal: word("openOriginal"),
            openSite: word("openSite"),
            webSection: word("webSection"),
            back: word("back"),
            priceHistory: word("priceHistory"),
            date: word("date"),
            price: word("price"),
            change: word("change"),
            created: word("created"),
            keys: word("keys"),
            feeds: word("feeds"),
            loadFailed: word("loadFailed"),
            stale: word("stale"),
            emptyTitle: word("emptyTitle"),
            emptyMessage: word("emptyMessage"),
            catalogEmptyTitle: word("catalogEmptyTitle"),
            catalogEmptyMessage: word("catalogEmptyMessage"),
            errorTitle: word("errorTitle"),
            notFoundTitle: word("notFoundTitle"),
            toFrontPage: word("toFrontPage"),
            sourceFailed: word("sourceFailed"),
            sourceUnreadable: word("sourceUnreadable"),
            weather: word("weather"),
            nearby: word("nearby"),
            forecastBy: word("forecastBy"),
            forecastOutdated: word("forecastOutdated"),
            search: word("search"),
            searchLabel: word("searchLabel"),
            searchNothing: word("searchNothing"),
            searchInvalid: word("searchInvalid"),
            searchPartial: word("searchPartial"),
            searchHint: word("searchHint")
        )
    }
}
