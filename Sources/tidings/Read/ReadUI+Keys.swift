import TidingsKit
import TidingsModel

extension ReadUI {
    /// What a key means on any page.
    enum Action {
        case up, down, pageUp, pageDown, top, bottom, open, back, more, refresh, showNew, dismiss, quit
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
        case .back, .character("b"): .back
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
        guard let action = Self.action(for: key) else { return nil }
        if action == .quit { return .quit }
        step = max(1, screen - 1)
        switch page {
        case .brands: return brandsPage(action)
        case .sections: return sectionsPage(action)
        case .feed: return feedPage(action)
        case .detail(let item): return detailPage(action, item: item, limit: detailLimit)
        }
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
        case .back: page = .feed
        case .dismiss:
            page = .feed
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
