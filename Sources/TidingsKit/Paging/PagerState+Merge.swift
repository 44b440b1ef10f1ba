import TidingsModel

extension PagerState {
    /// `items` followed by the items of `page` whose ids are not among them yet: servers repeat
    /// items across pages, and a diffable data source traps on duplicate ids.
    static func appending(_ page: [Item], to items: [Item]) -> [Item] {
        var items = items
        var shown = Set(items.map(\.id))
        for item in page where shown.insert(item.id).inserted {
            items.append(item)
        }
        return items
    }

    /// The items of `page` whose ids are not in `items` on top, in the page's order, then `items`,
    /// each taking the page's value where the page has its id. An item of the page that folds others
    /// (an aggregate and its members) takes their place: they leave the list.
    static func puttingOnTop(_ page: [Item], of items: [Item]) -> [Item] {
        let folded = Set(page.flatMap { ($0 as? any FoldingItem)?.foldedIDs ?? [] })
        var items = folded.isEmpty ? items : items.filter { !folded.contains(AnyHashable($0.id)) }
        let index = Dictionary(items.indices.map { (items[$0].id, $0) }, uniquingKeysWith: { first, _ in first })
        var seen = Set<Item.ID>()
        var top: [Item] = []
        for item in page where seen.insert(item.id).inserted {
            if let at = index[item.id] {
                items[at] = item
            } else {
                top.append(item)
            }
        }
        return top + items
    }
}

/// An item that stands for others a list may already show (`FeedItem.catalogAggregate` for
/// its members), which putting it on top removes.
protocol FoldingItem {
    var foldedIDs: [AnyHashable] { get }
}

extension FeedItem: FoldingItem {
    var foldedIDs: [AnyHashable] {
        guard case .catalogAggregate(let aggregate) = self else { return [] }
        return aggregate.memberItemIDs.map(AnyHashable.init)
    }
}
