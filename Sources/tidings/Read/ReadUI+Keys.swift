import TidingsKit
import TidingsModel

extension ReadUI {
    /// What a key means on any page.
    enum Action {
        case up, down, open, back, more, refresh, showNew, dismiss, quit
    }

    /// The action `key` stands for: arrows or j/k move, Enter opens, Esc/Backspace/b go back.
    static func action(for key: ReadKey) -> Action? {
        switch key {
        case .up, .character("k"): .up
        case .down, .character("j"): .down
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

    /// Applies `key`; `detailLimit` is the last top line the open detail can scroll to.
    mutating func press(_ key: ReadKey, detailLimit: Int = 0) -> ReadEffect? {
        notice = nil
        guard let action = Self.action(for: key) else { return nil }
        if action == .quit { return .quit }
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
        case .up, .down: brandRow = Self.moved(brandRow, action, count: list.count)
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
        case .up, .down: sectionRow = Self.moved(sectionRow, action, count: list.count)
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
        case .up, .down:
            if action == .down, feedRow >= items.count - 1 {
                // Moving past the last item loads more, as scrolling to the bottom does in an app.
                return content?.canLoadMore == true ? .loadMore : nil
            }
            feedRow = Self.moved(feedRow, action, count: items.count)
            feedSelection = items.indices.contains(feedRow) ? items[feedRow].id : nil
        case .open where items.indices.contains(feedRow):
            page = .detail(items[feedRow])
            detailTop = 0
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
        case .up: detailTop = max(0, detailTop - 1)
        case .down: detailTop = min(max(0, limit), detailTop + 1)
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

    private static func moved(_ row: Int, _ action: Action, count: Int) -> Int {
        guard count > 0 else { return 0 }
        return action == .up ? max(0, row - 1) : min(count - 1, row + 1)
    }
}
