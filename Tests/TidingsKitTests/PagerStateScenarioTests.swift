import Testing
import TidingsKit

/// A screen's life with a pager: sequences of events, each test one rule.
@Suite("PagerState scenarios")
struct PagerStateScenarioTests {
    typealias Story = PagerFixture.Story

    @Test("first page, more, then the end: loadMore stops fetching")
    func pagesToTheEnd() {
        var pager = PagerDriver()
        pager.send(.start, .loaded([1, 2], "c1"))
        #expect(pager.state.phase == .loaded && pager.state.canLoadMore)
        pager.send(.loadMore)
        #expect(pager.last?.kind == .next(cursor: "c1"))
        pager.send(.loaded([3], nil))
        #expect(pager.state.phase == .ended)
        #expect(pager.state.ids == [1, 2, 3])
        #expect(pager.state.handle(.loadMore) == nil)
    }

    @Test("a failed first page shows an error without items; retry loads it")
    func firstPageRetried() {
        var pager = PagerDriver()
        pager.send(.start, .failed)
        #expect(pager.state.phase == .failed(PagerFixture.Failure(code: 1), retry: .first))
        #expect(pager.state.items.isEmpty)
        pager.send(.retry)
        #expect(pager.last?.kind == .first && pager.state.phase == .loadingFirst)
        pager.send(.loaded([1], "c1"))
        #expect(pager.state.phase == .loaded && pager.state.ids == [1])
    }

    @Test("a failed next page keeps the items; retry asks for the same cursor")
    func nextPageRetried() {
        var pager = PagerDriver()
        pager.send(.start, .loaded([1, 2], "c1"), .loadMore, .failed)
        #expect(pager.state.phase == .failed(PagerFixture.Failure(code: 1), retry: .next(cursor: "c1")))
        #expect(pager.state.ids == [1, 2])
        #expect(pager.state.handle(.loadMore) == nil)
        pager.send(.retry)
        #expect(pager.last?.kind == .next(cursor: "c1") && pager.state.phase == .loadingMore)
        pager.send(.loaded([3], "c2"))
        #expect(pager.state.ids == [1, 2, 3] && pager.state.nextCursor == "c2")
    }

    @Test("loadMore five times while a page loads: one fetch")
    func loadMoreIsIdempotent() {
        var state = PagerFixture.State()
        let first = PagerFixture.request(state.handle(.start))!
        _ = state.handle(.pageLoaded(PagerFixture.page([1], next: "c1"), for: first))
        let actions = (0..<5).compactMap { _ in state.handle(.loadMore) }
        #expect(actions.count == 1)
        #expect(state.phase == .loadingMore)
    }

    @Test("refresh with 2 new and 3 known stories: new on top, known updated in place, bottom cursor kept")
    func refreshPutsNewOnTop() {
        var state = PagerFixture.State()
        let first = PagerFixture.request(state.handle(.start))!
        _ = state.handle(.pageLoaded(PagerFixture.page([1, 2, 3, 4], next: "bottom"), for: first))
        let refresh = PagerFixture.request(state.handle(.refresh))!
        let page = PagerPage(items: [Story(8), Story(9), Story(1), Story(2, "edited"), Story(3)], nextCursor: "top")
        _ = state.handle(.pageLoaded(page, for: refresh))
        #expect(state.ids == [8, 9, 1, 2, 3, 4])
        #expect(state.items[3] == Story(2, "edited"))
        #expect(state.nextCursor == "bottom" && state.phase == .loaded)
    }

    @Test("a refreshed page that starts over replaces the list and takes its cursor: no gap under new items")
    func refreshStartingOver() {
        var state = PagerFixture.State()
        let first = PagerFixture.request(state.handle(.start))!
        _ = state.handle(.pageLoaded(PagerFixture.page([1, 2, 3], next: "bottom"), for: first))
        let refresh = PagerFixture.request(state.handle(.refresh))!
        let page = PagerPage(items: [Story(9), Story(8), Story(7), Story(9)], nextCursor: "after-7", startsOver: true)
        _ = state.handle(.pageLoaded(page, for: refresh))
        #expect(state.ids == [9, 8, 7], "the old list is gone, duplicates taken out")
        #expect(state.nextCursor == "after-7" && state.phase == .loaded)
    }

    @Test("refresh of an empty list takes the page's cursor")
    func refreshOfEmptyList() {
        var pager = PagerDriver()
        pager.send(.start, .loaded([], nil), .refresh, .loaded([1, 2], "c1"))
        #expect(pager.state.ids == [1, 2] && pager.state.nextCursor == "c1" && pager.state.phase == .loaded)
    }

    @Test("a next page arriving after a refresh started is ignored; the bottom cursor is asked again")
    func staleNextPageIgnored() {
        var state = PagerFixture.State()
        let first = PagerFixture.request(state.handle(.start))!
        _ = state.handle(.pageLoaded(PagerFixture.page([1, 2], next: "c1"), for: first))
        let more = PagerFixture.request(state.handle(.loadMore))!
        let refresh = PagerFixture.request(state.handle(.refresh))!
        #expect(state.handle(.pageLoaded(PagerFixture.page([3], next: "c2"), for: more)) == nil)
        #expect(state.phase == .refreshing && state.ids == [1, 2])
        _ = state.handle(.pageLoaded(PagerFixture.page([0, 1], next: "t"), for: refresh))
        #expect(state.ids == [0, 1, 2])
        #expect(PagerFixture.request(state.handle(.loadMore))?.kind == .next(cursor: "c1"))
    }

    @Test("a first page arriving after start again is ignored")
    func staleFirstPageIgnored() {
        var state = PagerFixture.State()
        let old = PagerFixture.request(state.handle(.start))!
        _ = state.handle(.pageFailed(PagerFixture.Failure(code: 1), for: old))
        let new = PagerFixture.request(state.handle(.start))!
        _ = state.handle(.pageLoaded(PagerFixture.page([1], next: nil), for: old))
        #expect(state.phase == .loadingFirst && state.items.isEmpty)
        _ = state.handle(.pageLoaded(PagerFixture.page([2], next: nil), for: new))
        #expect(state.ids == [2])
    }

    @Test("a server repeating stories across and within pages never yields a duplicate id")
    func repeatsSkipped() {
        var pager = PagerDriver()
        pager.send(.start, .loaded([1, 2, 2, 3], "c1"), .loadMore, .loaded([3, 4, 1], "c2"))
        pager.send(.loadMore, .loaded([4, 5], nil), .refresh, .loaded([6, 6, 5], "c9"))
        #expect(pager.state.ids == [6, 1, 2, 3, 4, 5])
        #expect(pager.state.phase == .ended)
    }
}
