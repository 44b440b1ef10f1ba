/// One page a loader returns: its items and the cursor of the page after it.
public struct PagerPage<Item: Sendable>: Sendable {
    /// The page's items in display order.
    public var items: [Item]
    /// The server's `next_cursor`: nil on the last page.
    public var nextCursor: String?
    /// Whether the list starts over from this page rather than taking it on top: a refreshed first
    /// page (and the pages read after it) that never reached the items shown, so that putting it on
    /// top would leave a gap under it.
    public var startsOver: Bool

    /// A page of `items`, followed by the page at `nextCursor` (nil: the last page); with
    /// `startsOver`, a refresh replaces the list with it.
    public init(items: [Item], nextCursor: String?, startsOver: Bool = false) {
        self.items = items
        self.nextCursor = nextCursor
        self.startsOver = startsOver
    }
}

extension PagerPage: Equatable where Item: Equatable {}
