import Testing

@testable import TidingsKit

/// The pending count against every order a poll and a first page read again can land in.
@Suite("Pending items")
struct PendingItemsTests {
    @Test("a poll lands as the count of new items; a poll finding as many changes nothing")
    func polls() {
        var pending = PendingItems()
        pending.firstPageRequested()
        pending.firstPageShown()
        let first = pending.polled(3, ticket: pending.ticket)
        #expect(first && pending.count == 3)
        let again = pending.polled(3, ticket: pending.ticket)
        #expect(again == false)
        let none = pending.announced(0)
        #expect(none == false)
        let two = pending.announced(2)
        #expect(two && pending.count == 5)
    }

    @Test("a poll landing while the refreshed first page is on its way to the screen is not heard")
    func pollBeforeShown() {
        var pending = PendingItems()
        pending.firstPageRequested()
        pending.firstPageShown()
        _ = pending.polled(3, ticket: pending.ticket)
        // The reader shows the pending items; a poll begun now counts against the old list.
        pending.firstPageRequested()
        let ticket = pending.ticket
        let heard = pending.polled(3, ticket: ticket)
        #expect(heard == false, "the list shown is about to change")
        pending.firstPageShown()
        #expect(pending.count == 0, "the pill goes once the new list is shown")
    }

    @Test("a poll begun before a first page was requested is stale when it lands after it is shown")
    func stalePoll() {
        var pending = PendingItems()
        pending.firstPageRequested()
        pending.firstPageShown()
        let before = pending.ticket
        pending.firstPageRequested()
        pending.firstPageShown()
        let stale = pending.polled(4, ticket: before)
        #expect(stale == false && pending.count == 0)
        let fresh = pending.polled(1, ticket: pending.ticket)
        #expect(fresh && pending.count == 1, "a poll begun since is heard")
    }

    @Test("a first page that fails keeps the count, and polls are heard again")
    func failed() {
        var pending = PendingItems()
        pending.firstPageRequested()
        pending.firstPageShown()
        _ = pending.polled(2, ticket: pending.ticket)
        pending.firstPageRequested()
        pending.firstPageFailed()
        #expect(pending.count == 2, "the old list is still shown, and so is what waits above it")
        let heard = pending.polled(5, ticket: pending.ticket)
        #expect(heard && pending.count == 5)
    }

    @Test("announcements during a read again are cleared with it: its page holds them")
    func announcedWhileReading() {
        var pending = PendingItems()
        pending.firstPageRequested()
        pending.firstPageShown()
        _ = pending.announced(3)
        pending.firstPageRequested()
        _ = pending.announced(1)
        pending.firstPageShown()
        #expect(pending.count == 0)
    }
}
