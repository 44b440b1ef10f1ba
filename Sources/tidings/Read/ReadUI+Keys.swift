import TidingsKit
import TidingsModel

extension ReadUI {
    /// What a key means on any page.
    enum Action {
        case up, down, pageUp, pageDown, top, bottom, open, back, more, refresh, showNew, dismiss, search, quit
    }

    /// The action `key` stands for: arrows or j/k move, PgUp/PgDn (Space down) move a screen,
    /// Home/End or g/G go to the ends, Enter opens, Esc/Backspace/b go back.
    static func action(for key: ReadKey) -> Action? {
        switch key {
        case .up, .character("k"): .up
        case .down, .character("j"): .down
        case .pageUp: .pageUp
        case .pageDown, .character(" "): .pageDown
        case .home, .character("g"): .top
        case .end, .character("G"): .bottom
        case .enter: .open
        case .back, .erase, .character("b"): .back
        case .character("/"): .search
        case .character("m"): .more
        case .character("r"): .refresh
        case .character("n"): .showNew
        case .character("d"): .dismiss
        case .character("q"), .character("\u{3}"): .quit
        case .character: nil
        }
    }

    /// Applies `key`; `detailLimit` is the last top line the open detail can scroll to, `screen`
    /// the lines a page key moves by.
    mutating func press(_ key: ReadKey, detailLimit: Int = 0, screen: Int = 10) -> ReadEffect? {
        notice = nil
        if prompt != nil { return typed(key) }
        guard let action = Self.action(for: key) else { return nil }
        if action == .quit { return .quit }
        step = max(1, screen - 1)
        if action == .search {
            guard brand != nil else {
                notice = ReadStrings(language: language).chooseBrand
                return nil
            }
            prompt = ""
            return nil
        }
        switch page {
        case .brands: return brandsPage(action)
        case .sections: return sectionsPage(action)
        case .feed: return feedPage(action)
        case .detail(let item): return detailPage(action, item: item, limit: detailLimit)
        case .search: return searchPage(action)
        case .product:
            if action == .back { page = .search }
            return nil
        }
    }

    /// A key while a search is typed: letters add to it, Backspace erases, Enter asks, Esc
    /// (or Ctrl-C, which still quits) leaves it.
    private mutating func typed(_ key: ReadKey) -> ReadEffect? {
        guard let text = prompt, let brand else {
            prompt = nil
            return nil
        }
        switch key {
        case .character("\u{3}"): return .quit
        case .character(let letter) where !letter.isNewline && letter.unicodeScalars.allSatisfy({ $0.value >= 0x20 }):
            if text.utf8.count < 200 { prompt = text + String(letter) }
        case .erase: prompt = String(text.dropLast())
        case .back: prompt = nil
        case .enter:
            prompt = nil
            let query = text.trimmingCharacters(in: .whitespaces)
            guard !query.isEmpty else { return nil }
            // Back from the results goes where the search was asked (an item opened from the
            // results goes back to them, not further).
            switch page {
            case .search, .product: break
            case .detail: if detailFrom != .search { searchFrom = detailFrom }
            default: searchFrom = page
            }
            page = .search
            searchQuery = query
            search = .loading
            searchNext = nil
            searchRow = 0
            return .search(brand: brand, query: query, cursor: nil)
        default: break
        }
        return nil
    }

    private mutating func searchPage(_ action: Action) -> ReadEffect? {
        let results = search.list
        switch action {
        case .up, .down, .pageUp, .pageDown, .top, .bottom:
            if action == .down || action == .pageDown, searchRow >= results.count - 1, let next = searchNext,
                let brand
            {
                searchNext = nil
                return .search(brand: brand, query: searchQuery, cursor: next)
            }
            searchRow = moved(searchRow, action, count: results.count)
        case .open where results.indices.contains(searchRow):
            let result = results[searchRow]
            if result.product != nil {
                page = .product(result)
                return nil
            }
            let item = result.item
            page = .detail(item)
            detailFrom = .search
            detailTop = 0
            if case .teaser(let teaser) = item, articles[teaser.id] == nil, let brand {
                return .loadArticle(brand: brand, section: result.section, id: teaser.id)
            }
        case .more:
            guard let next = searchNext, let brand else {
                notice = ReadStrings(language: language).everything
                return nil
            }
            searchNext = nil
            return .search(brand: brand, query: searchQuery, cursor: next)
        case .refresh:
            guard let brand else { return nil }
            search = .loading
            searchRow = 0
            return .search(brand: brand, query: searchQuery, cursor: nil)
        case .back:
            page = searchFrom
        default: break
        }
        return nil
    }

    private mutating func brandsPage(_ action: Action) -> ReadEffect? {
        let list = brands.list
        switch action {
        case .up, .down, .pageUp, .pageDown, .top, .bottom:
            brandRow = moved(brandRow, action, count: list.count)
        case .open where list.indices.contains(brandRow):
            brand = list[brandRow].id
            section = nil
            sections = .loading
            sectionRow = 0
            page = .sections
            return .loadSections(brand: list[brandRow].id)
        case .refresh:
            brands = .loading
            return .loadBrands
        default: break
        }
        return nil
    }

    private mutating func sectionsPage(_ action: Action) -> ReadEffect? {
        let list = sections.list
        switch action {
        case .up, .down, .pageUp, .pageDown, .top, .bottom:
            sectionRow = moved(sectionRow, action, count: list.count)
        case .open where list.indices.contains(sectionRow):
            guard let brand else { return nil }
            section = list[sectionRow].id
            feed = .loading
            feedRow = 0
            feedSelection = nil
            page = .feed
            return .openFeed(brand: brand, section: list[sectionRow].id)
        case .refresh:
            guard let brand else { return nil }
            sections = .loading
            return .loadSections(brand: brand)
        case .back:
            page = .brands
            guard case .loaded = brands else {
                brands = .loading
                return .loadBrands
            }
        default: break
        }
        return nil
    }

    private mutating func feedPage(_ action: Action) -> ReadEffect? {
        let items = feedItems
        switch action {
        case .up, .down, .pageUp, .pageDown, .top, .bottom:
            if action == .down || action == .pageDown, feedRow >= items.count - 1 {
                // Moving past the last item loads more, as scrolling to the bottom does in an app.
                return content?.canLoadMore == true ? .loadMore : nil
            }
            feedRow = moved(feedRow, action, count: items.count)
            feedSelection = items.indices.contains(feedRow) ? items[feedRow].id : nil
        case .open where items.indices.contains(feedRow):
            page = .detail(items[feedRow])
            detailFrom = .feed
            detailTop = 0
            // A teaser's article: its full text where the section fetches it, as the web shows.
            if case .teaser(let teaser) = items[feedRow], articles[teaser.id] == nil, let brand, let section {
                return .loadArticle(brand: brand, section: section, id: teaser.id)
            }
        case .more:
            guard let content else { return nil }
            if content.canLoadMore { return .loadMore }
            if content.footerError != nil { return .retry }
            let strings = ReadStrings(language: language)
            notice = content.isLoadingMore ? strings.loadingMore : strings.everything
        case .refresh: return .refresh
        case .showNew: return content.map { $0.pending > 0 } == true ? .showPending : nil
        case .dismiss: return items.indices.contains(feedRow) ? dismiss(items[feedRow]) : nil
        case .back:
            page = .sections
            guard case .loaded = sections, brand != nil else {
                sections = .loading
                return brand.map { .loadSections(brand: $0) }
            }
        default: break
        }
        return nil
    }

    private mutating func detailPage(_ action: Action, item: FeedItem, limit: Int) -> ReadEffect? {
        switch action {
        case .up, .down, .pageUp, .pageDown, .top, .bottom:
            detailTop = min(max(0, limit), moved(detailTop, action, count: Int.max))
        case .back: page = detailFrom
        case .dismiss:
            page = detailFrom
            return dismiss(item)
        default: break
        }
        return nil
    }

    private mutating func dismiss(_ item: FeedItem) -> ReadEffect? {
        guard case .notification(let card) = item, card.dismissible else {
            notice = ReadStrings(language: language).onlyCards
            return nil
        }
        notice = ReadStrings(language: language).dismissing
        return .dismiss(notification: card.id)
    }

    /// `row` after `action`, within `count` rows: a page key moves by `step`.
    private func moved(_ row: Int, _ action: Action, count: Int) -> Int {
        guard count > 0 else { return 0 }
        let target =
            switch action {
            case .up: row - 1
            case .down: row + 1
            case .pageUp: row - step
            case .pageDown: row + step
            case .top: 0
            case .bottom: count - 1
            default: row
            }
        return min(count - 1, max(0, target))
    }
}
