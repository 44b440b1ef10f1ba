/// How many new items wait above a feed screen's list (the "3 new" pill), kept right while the
/// first page is read again. A poll counts the items of a first page not in the list shown; one
/// that began before a first page was requested, or lands while that page is on its way to the
/// screen, would count against the old list and bring back a pill the reader just cleared. So
/// polls carry a ticket, and only a ticket of the list shown now is heard.
struct PendingItems: Equatable {
    /// The new items the reader has not asked for.
    private(set) var count = 0
    /// Rises with every first page requested: a poll's ticket from before is stale.
    private(set) var ticket = 0
    /// A first page was requested and its list is not shown yet.
    private(set) var reading = false

    /// A first page is requested (load, refresh, show pending).
    mutating func firstPageRequested() {
        ticket += 1
        reading = true
    }

    /// The first page requested failed: the list shown stays, and so does the count.
    mutating func firstPageFailed() { reading = false }

    /// The list from the first page requested is shown: nothing is pending above it.
    mutating func firstPageShown() {
        reading = false
        count = 0
    }

    /// The live stream announced `added` items. Returns whether the count changed.
    mutating func announced(_ added: Int) -> Bool {
        guard added > 0 else { return false }
        count += added
        return true
    }

    /// A poll begun with `ticket` found `new` items not in the list shown. Returns whether the
    /// count changed; a stale ticket or a first page on its way changes nothing.
    mutating func polled(_ new: Int, ticket: Int) -> Bool {
        guard ticket == self.ticket, !reading, new != count else { return false }
        count = new
        return true
    }
}
