import Foundation
import Testing
import TidingsKit
import TidingsModel

/// An aggregate put on top by a refresh takes the place of its members the list already shows.
@Suite("Refresh with aggregates")
struct PagerFoldingTests {
    static func news(_ id: String) -> NewsItem {
        NewsItem(
            id: id, event: .priceUpdated, title: "Скидка 10%: ",
            product: .init(id: "p-" + id, name: id, unit: "kg", size: "1 кг", imageURL: nil), price: "90 ₽",
            oldPrice: "100 ₽", priceAmount: Amount(value: "90", currency: "RUB"),
            oldPriceAmount: Amount(value: "100", currency: "RUB"), percent: 10, discounted: true, timeAgo: "1 ч",
            createdAt: Date(timeIntervalSince1970: 0))
    }

    @Test("the members shown before leave the list; other items stay where they were")
    func membersLeave() {
        typealias State = PagerState<FeedItem, PagerFixture.Failure>
        var state = State()
        guard case .fetch(let first)? = state.handle(.start) else {
            Issue.record("no first fetch")
            return
        }
        let shown: [FeedItem] = ["b", "a", "x"].map { .catalogNews(Self.news($0)) }
        _ = state.handle(.pageLoaded(PagerPage(items: shown, nextCursor: "next"), for: first))
        guard case .fetch(let refresh)? = state.handle(.refresh) else {
            Issue.record("no refresh fetch")
            return
        }
        let aggregate = FeedItem.catalogAggregate(
            NewsAggregate(
                id: "agg:price_drops:0", kind: .priceDrops, title: "c и ещё 2 товара подешевели", count: 3,
                members: ["c", "b", "a"].map(Self.news), timeAgo: "1 ч", createdAt: Date(timeIntervalSince1970: 60),
                updatedAt: Date(timeIntervalSince1970: 60)))
        _ = state.handle(
            .pageLoaded(PagerPage(items: [aggregate, .catalogNews(Self.news("x"))], nextCursor: "n2"), for: refresh))
        #expect(state.items.map(\.id) == ["catalog_aggregate:agg:price_drops:0", "catalog_news:x"])
    }

    /// Seen on /grocery/news: folding shortened the first page, so an item of the second page came
    /// up into it; taken for new, it went on top — above the notification card — with the aggregate.
    @Test("an older item folding moved up from the next page is not put on top; the card stays first")
    func olderItemStaysBelow() {
        typealias State = PagerState<FeedItem, PagerFixture.Failure>
        var state = State()
        guard case .fetch(let first)? = state.handle(.start) else {
            Issue.record("no first fetch")
            return
        }
        let card = FeedItem.notification(NotificationCard(id: "push", kind: "push", text: "Turn on notifications"))
        let shown: [FeedItem] = [card] + ["b", "a", "x", "y"].map { .catalogNews(Self.news($0)) }
        _ = state.handle(.pageLoaded(PagerPage(items: shown, nextCursor: "next"), for: first))
        guard case .fetch(let refresh)? = state.handle(.refresh) else {
            Issue.record("no refresh fetch")
            return
        }
        let aggregate = FeedItem.catalogAggregate(
            NewsAggregate(
                id: "agg:price_drops:0", kind: .priceDrops, title: "c и ещё 2 товара подешевели", count: 3,
                members: ["c", "b", "a"].map(Self.news), timeAgo: "1 ч", createdAt: Date(timeIntervalSince1970: 60),
                updatedAt: Date(timeIntervalSince1970: 60)))
        let page: [FeedItem] = [card, aggregate] + ["x", "y", "old"].map { .catalogNews(Self.news($0)) }
        _ = state.handle(.pageLoaded(PagerPage(items: page, nextCursor: "n2"), for: refresh))
        #expect(
            state.items.map(\.id) == [
                "notification:push", "catalog_aggregate:agg:price_drops:0", "catalog_news:x", "catalog_news:y",
            ])
        // The next page (the list's own cursor) brings the older item in its place, below.
        guard case .fetch(let more)? = state.handle(.loadMore) else {
            Issue.record("no next fetch")
            return
        }
        #expect(more.cursor == "next")
        _ = state.handle(.pageLoaded(PagerPage(items: [.catalogNews(Self.news("old"))], nextCursor: nil), for: more))
        #expect(state.items.last?.id == "catalog_news:old")
    }

    /// The rule is the pager's, not a type it knows: stories of any kind fold as their rules say.
    @Test("a pager of any items folds and keeps slots by the rules it is given")
    func rulesOfAnyItems() async {
        typealias Story = PagerFixture.Story
        // A story titled "digest" stands for the three stories before its id; id 0 is a slot.
        let rules = PagerRules<Story>(
            isSlot: { $0.id == 0 },
            foldedIDs: { $0.title == "digest" ? [$0.id - 1, $0.id - 2, $0.id - 3] : [] })
        let pages: Pager<Story, PagerFixture.Failure>.Loader = { request in
            switch request.kind {
            case .first: .success(PagerPage(items: [Story(0), Story(3), Story(2), Story(1)], nextCursor: "n"))
            case .refresh: .success(PagerPage(items: [Story(0), Story(5, "digest"), Story(1)], nextCursor: "n"))
            case .next: .success(PagerPage(items: [], nextCursor: nil))
            }
        }
        let pager = Pager(rules: rules, loader: pages)
        await pager.start()
        await pager.refresh()
        // The digest takes its members' place (4, 3, 2); the slot on top of the page does not count
        // as reaching the list, story 1 does.
        #expect(await pager.state.items.map(\.id) == [0, 5, 1])
        // Without rules the slot counts as reaching the list: nothing new goes on top.
        let plain = Pager(loader: pages)
        await plain.start()
        await plain.refresh()
        #expect(await plain.state.items.map(\.id) == [0, 3, 2, 1])
    }
}
