import TidingsModel

/// The reader's own words (its chrome, not the server's content) in the reader's language — the
/// brand's, unless `--locale` says otherwise — from the language catalogs (`read.*`), so a
/// Norwegian brand is not framed in English and adding a language needs no code.
struct ReadStrings {
    let language: LanguageTag

    /// The catalog keys the reader reads: one case each, so none is read that is not listed.
    enum Key: String, CaseIterable {
        case items = "read.count.items"
        case brands = "read.count.brands"
        case sections = "read.count.sections"
        case stories = "read.count.stories"
        case results = "read.count.results"
        case andMore = "read.andMore"
        case chooseBrand = "read.chooseBrand"
        case chooseSection = "read.chooseSection"
        case loading = "read.loading"
        case loadingBrands = "read.loadingBrands"
        case loadingSections = "read.loadingSections"
        case noBrands = "read.noBrands"
        case noSections = "read.noSections"
        case webPageMark = "read.webPageMark"
        case itemOf = "read.itemOf"
        case offlineItems = "read.offlineItems"
        case offlineBrands = "read.offlineBrands"
        case refreshing = "read.refreshing"
        case newItems = "read.newItems"
        case loadingMore = "read.loadingMore"
        case moreKey = "read.moreKey"
        case endOfSection = "read.endOfSection"
        case reloadKey = "read.reloadKey"
        case retryKey = "read.retryKey"
        case webSection = "read.webSection"
        case unsupported = "read.unsupported"
        case noType = "read.noType"
        case noLink = "read.noLink"
        case banner = "read.adFormat.banner"
        case native = "read.adFormat.native"
        case video = "read.adFormat.video"
        case interstitial = "read.adFormat.interstitial"
        case ad = "read.ad"
        case adSlot = "read.adSlot"
        case carousel = "read.widget.carousel"
        case list = "read.widget.list"
        case weather = "read.widget.weather"
        case local = "read.widget.local"
        case forecastOutdated = "read.widget.forecastOutdated"
        case forecast = "read.widget.forecast"
        case localFrom = "read.widget.localFrom"
        case carouselFrom = "read.widget.carouselFrom"
        case listFrom = "read.widget.listFrom"
        case carouselAny = "read.widget.carouselAny"
        case listAny = "read.widget.listAny"
        case weatherByApp = "read.widget.weatherByApp"
        case localByApp = "read.widget.localByApp"
        case city = "read.place.city"
        case country = "read.place.country"
        case adExplained = "read.adExplained"
        case card = "read.card"
        case cardDismissible = "read.cardDismissible"
        case unknownExplained = "read.unknownExplained"
        case product = "read.product"
        case size = "read.size"
        case price = "read.price"
        case lastChanged = "read.lastChanged"
        case oldPrice = "read.oldPrice"
        case change = "read.change"
        case onlyCards = "read.onlyCards"
        case dismissing = "read.dismissing"
        case dismissed = "read.dismissed"
        case everything = "read.everything"
        case helpDismiss = "read.help.dismiss"
        case helpBrands = "read.help.brands"
        case helpSections = "read.help.sections"
        case helpFeed = "read.help.feed"
        case helpDetail = "read.help.detail"
        case helpSearch = "read.help.search"
        case helpPrompt = "read.help.prompt"
        case helpSearchKey = "read.help.searchKey"
        case helpProduct = "read.help.product"
        case searchPrompt = "read.search.prompt"
        case searchTitle = "read.search.title"
        case searching = "read.search.searching"
        case searchNothing = "read.search.nothing"
        case searchEnd = "read.search.end"
        case searchEndAll = "read.search.endAll"
        case searchPartial = "read.search.partial"
        case unreachable = "read.unreachable"
        case kindTeaser = "read.kind.teaser"
        case kindNews = "read.kind.catalogNews"
        case kindAggregate = "read.kind.catalogAggregate"
        case kindAd = "read.kind.ad"
        case kindWidget = "read.kind.widget"
        case kindCard = "read.kind.notification"
        case kindUnknown = "read.kind.unknown"
        case alsoFrom = "read.alsoFrom"
    }

    /// The words for `key` with `arguments` put in.
    func word(_ key: Key, _ arguments: TranslationArgument...) -> String {
        Translations.current.string(key.rawValue, language, arguments)
    }

    func items(_ n: Int) -> String { word(.items, .count(n)) }
    func brands(_ n: Int) -> String { word(.brands, .count(n)) }
    func sections(_ n: Int) -> String { word(.sections, .count(n)) }
    func stories(_ n: Int) -> String { word(.stories, .count(n)) }
    /// A count of search results that are not all stories.
    func results(_ n: Int) -> String { word(.results, .count(n)) }
    /// The last line of an aggregate that carries fewer members than it folds.
    func andMore(_ n: Int) -> String { word(.andMore, .count(n)) }

    var chooseBrand: String { word(.chooseBrand) }
    var chooseSection: String { word(.chooseSection) }
    var loading: String { word(.loading) }
    var loadingBrands: String { word(.loadingBrands) }
    var loadingSections: String { word(.loadingSections) }
    var noBrands: String { word(.noBrands) }
    var noSections: String { word(.noSections) }
    var webPageMark: String { word(.webPageMark) }
    func itemOf(_ index: Int, _ total: Int) -> String { word(.itemOf, .count(index), .count(total)) }
    func offlineItems(_ time: String) -> String { word(.offlineItems, .text(time)) }
    func offlineBrands(_ time: String) -> String { word(.offlineBrands, .text(time)) }
    var refreshing: String { word(.refreshing) }
    /// The live pill.
    func newItems(_ count: Int) -> String { word(.newItems, .count(count)) }
    var loadingMore: String { word(.loadingMore) }
    var moreKey: String { word(.moreKey) }
    var endOfSection: String { word(.endOfSection) }
    var reloadKey: String { word(.reloadKey) }
    var retryKey: String { word(.retryKey) }
    func webSection(_ url: String) -> String { word(.webSection, .text(url)) }
    func unsupported(_ type: String) -> String { word(.unsupported, .text(type.isEmpty ? word(.noType) : type)) }
    var noLink: String { word(.noLink) }
    /// "also from VG, E24 +2": the other sources that told a story shown once.
    func alsoFrom(_ sources: String) -> String { word(.alsoFrom, .text(sources)) }
    /// An ad slot's format in words: the formats an ad SDK knows by name, any other as sent.
    func adFormat(_ format: String) -> String {
        switch format {
        case "banner": word(.banner)
        case "native": word(.native)
        case "video": word(.video)
        case "interstitial": word(.interstitial)
        default: format
        }
    }
    func ad(_ format: String) -> String { word(.ad, .text(adFormat(format))) }
    func adSlot(_ format: String) -> String { word(.adSlot, .text(adFormat(format))) }
    /// A widget's kind as a reader calls it.
    func widgetKind(_ kind: Widget.Kind) -> String {
        switch kind {
        case .carousel: word(.carousel)
        case .list: word(.list)
        case .weather: word(.weather)
        case .local: word(.local)
        }
    }
    /// What a widget is, under its title in the detail.
    func widgetExplained(
        _ kind: Widget.Kind, section: String?, hasForecast: Bool = false, forecastOutdated: Bool = false
    ) -> String {
        switch (kind, section) {
        case (.weather, _) where forecastOutdated: word(.forecastOutdated)
        case (.weather, _) where hasForecast: word(.forecast)
        case (.local, let section?): word(.localFrom, .text(section))
        case (.carousel, let section?): word(.carouselFrom, .text(section))
        case (.list, let section?): word(.listFrom, .text(section))
        case (.carousel, nil): word(.carouselAny)
        case (.list, nil): word(.listAny)
        case (.weather, _): word(.weatherByApp)
        case (.local, _): word(.localByApp)
        }
    }
    /// A widget's place ("city", "country") in words.
    func place(_ key: String) -> String {
        switch key {
        case "city": word(.city)
        case "country": word(.country)
        default: key
        }
    }
    func adExplained(_ id: String) -> String { word(.adExplained, .text(id)) }
    func cardExplained(dismissible: Bool) -> String { word(.card) + (dismissible ? word(.cardDismissible) : "") }
    var unknownExplained: String { word(.unknownExplained) }
    var product: String { word(.product) }
    var size: String { word(.size) }
    var price: String { word(.price) }
    var lastChanged: String { word(.lastChanged) }
    var oldPrice: String { word(.oldPrice) }
    var change: String { word(.change) }
    var onlyCards: String { word(.onlyCards) }
    var dismissing: String { word(.dismissing) }
    var dismissed: String { word(.dismissed) }
    var everything: String { word(.everything) }

    /// The keys of `page`; `d` only when it can dismiss something.
    func help(_ page: ReadUI.Page, dismiss: Bool) -> String {
        let d = dismiss ? word(.helpDismiss) : ""
        return switch page {
        case .brands: word(.helpBrands)
        case .sections: word(.helpSections) + word(.helpSearchKey)
        case .feed: word(.helpFeed, .text(d)) + word(.helpSearchKey)
        case .detail: word(.helpDetail, .text(d)) + word(.helpSearchKey)
        case .search: word(.helpSearch)
        case .product: word(.helpProduct)
        }
    }

    /// The key help while a search is typed.
    var helpPrompt: String { word(.helpPrompt) }
    /// "Search: " before the search being typed.
    var searchPrompt: String { word(.searchPrompt) }
    /// "Search: flood", the results' title.
    func searchTitle(_ query: String) -> String { word(.searchTitle, .text(query)) }
    var searching: String { word(.searching) }
    func searchNothing(_ query: String) -> String { word(.searchNothing, .text(query)) }
    var searchEnd: String { word(.searchEnd) }
    var searchEndAll: String { word(.searchEndAll) }
    /// The last page of a search that stopped before it had looked at every story.
    var searchPartial: String { word(.searchPartial) }

    /// What a reader calls an item (not the API's type name).
    func kind(of item: FeedItem) -> String {
        switch item {
        case .teaser: word(.kindTeaser)
        case .catalogNews: word(.kindNews)
        case .catalogAggregate: word(.kindAggregate)
        case .ad: word(.kindAd)
        case .widget: word(.kindWidget)
        case .notification: word(.kindCard)
        case .unknown: word(.kindUnknown)
        }
    }

    /// "cannot reach URL — is `tidings serve` running?"
    func unreachable(_ url: String) -> String { word(.unreachable, .text(url)) }
}
