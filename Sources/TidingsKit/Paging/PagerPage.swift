/// One page a loader returns: its items and the cursor of the page after it.
public struct PagerPage<Item: Sendable>: Sendable {
    /// The page's items in display order.
    public var items: [Item]
    /// The server's `next_cursor`: nil on the last page.
    public var nextCursor: String?

    /// A page of `items`, followed by the page at `nextCursor` (nil: the last page).
    public init(items: [Item], nextCursor: String?) {
        self.items = items
        self.nextCursor = nextCursor
    }
}

extension PagerPage: Equatable where Item: Equatable {}
