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
    /// each taking the page's value where the page has its id.
    static func puttingOnTop(_ page: [Item], of items: [Item]) -> [Item] {
        var items = items
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
