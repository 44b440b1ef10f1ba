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

    /// The top of `page` on top of `items`: the page down to its first content item the list
    /// already shows, in the page's order (the slots among it — a notification card, an ad — move
    /// with it and keep their places above and between the new items), then the rest of `items`,
    /// each taking the page's value where the page has its id. Items the page lists below that
    /// point and the list does not show are older ones, moved up because an aggregate folded items
    /// above them: they come with the next page, in their place, not on top. An item of the page
    /// that folds others (an aggregate and its members, as `rules` say) takes their place: they
    /// leave the list.
    static func puttingOnTop(_ page: [Item], of items: [Item], rules: PagerRules<Item>) -> [Item] {
        let folded = Set(page.flatMap(rules.foldedIDs))
        var items = folded.isEmpty ? items : items.filter { !folded.contains($0.id) }
        let shown = Set(items.map(\.id))
        let reach = page.firstIndex { shown.contains($0.id) && !rules.isSlot($0) } ?? page.endIndex
        var seen = Set<Item.ID>()
        let top = page[..<reach].filter { seen.insert($0.id).inserted }
        let moved = Set(top.map(\.id))
        items.removeAll { moved.contains($0.id) }
        let index = Dictionary(items.indices.map { (items[$0].id, $0) }, uniquingKeysWith: { first, _ in first })
        for item in page[reach...] where seen.insert(item.id).inserted {
            if let at = index[item.id] { items[at] = item }
        }
        return top + items
    }
}
