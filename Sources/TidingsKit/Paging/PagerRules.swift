import TidingsModel

/// What a pager knows of its items beyond their ids, for putting a refreshed first page on top:
/// which items are slots the server placed rather than content, and which items stand for others
/// the list may already show. A pager of `FeedItem` uses ``feedItems`` unless given others.
public struct PagerRules<Item: Identifiable & Sendable>: Sendable {
    /// Whether `item` is a slot (a notification card, an ad) rather than content: slots repeat on
    /// every page, so meeting one the list shows does not mean a refresh reached the list.
    public var isSlot: @Sendable (Item) -> Bool
    /// The ids of the items `item` stands for (an aggregate's members), which putting it on top
    /// takes out of the list.
    public var foldedIDs: @Sendable (Item) -> [Item.ID]

    /// Rules for items that are all content and fold nothing, unless said otherwise.
    public init(
        isSlot: @escaping @Sendable (Item) -> Bool = { _ in false },
        foldedIDs: @escaping @Sendable (Item) -> [Item.ID] = { _ in [] }
    ) {
        self.isSlot = isSlot
        self.foldedIDs = foldedIDs
    }
}

extension PagerRules where Item == FeedItem {
    /// A feed's rules: `FeedItem.isSlot`; a catalog aggregate folds its members
    /// (`NewsAggregate.memberItemIDs`), and a teaser the other tellings of its story
    /// (`Teaser.alsoFromItemIDs`).
    public static var feedItems: PagerRules {
        PagerRules(
            isSlot: { $0.isSlot },
            foldedIDs: { item in
                switch item {
                case .catalogAggregate(let aggregate): aggregate.memberItemIDs
                case .teaser(let teaser): teaser.alsoFromItemIDs
                default: []
                }
            })
    }
}
