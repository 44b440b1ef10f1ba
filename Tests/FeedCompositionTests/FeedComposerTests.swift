import FeedComposition
import Foundation
import Testing
import TidingsModel

@Suite("Feed composer")
struct FeedComposerTests {
    static func content(_ count: Int, from start: Int = 0) -> [FeedItem] {
        (start..<start + count).map { .teaser(Teaser(id: "t\($0)", title: "Story \($0)", source: "s")) }
    }

    static let composer = FeedComposer(providers: [
        NotificationProvider(cards: [
            NotificationCard(id: "push", kind: "enable_push", text: "Turn on notifications"),
            NotificationCard(id: "rate", kind: "rate_app", text: "Rate us"),
        ]),
        WidgetProvider(position: 4, widget: Widget(id: "w", kind: .carousel, section: "daily/sport")),
        AdProvider(positions: [2], every: 5, after: 6, format: "native"),
    ])

    @Test("slots land at their absolute positions: cards on top, fixed and repeating ads, the widget")
    func positions() {
        let page = Self.composer.compose(content: Self.content(20), startingAt: 0)
        let types = page.items.map(\.type)
        #expect(Array(types.prefix(2)) == ["notification", "notification"])
        #expect(types[2] == "ad" && types[4] == "widget")
        #expect(types.indices.filter { types[$0] == "ad" } == [2, 10, 15, 20, 25])
        #expect(page.items.count == 20 + 2 + 1 + 5)
        #expect(page.nextPosition == page.items.count)
    }

    @Test("paging in any page size gives the same feed: no content repeated or dropped, slots in place")
    func pagingInvariance() {
        let all = Self.content(37)
        let whole = Self.composer.compose(content: all, startingAt: 0).items
        for pageSize in 1...12 {
            var items: [FeedItem] = []
            var position = 0
            for start in stride(from: 0, to: all.count, by: pageSize) {
                let page = Self.composer.compose(
                    content: Array(all[start..<min(all.count, start + pageSize)]), startingAt: position)
                items += page.items
                position = page.nextPosition
            }
            #expect(items == whole, "page size \(pageSize)")
        }
        #expect(whole.filter { $0.type == "teaser" } == all)
    }

    @Test("items arriving between requests do not move slots or repeat content on the next page")
    func newItemsBetweenPages() {
        let first = Self.composer.compose(content: Self.content(8), startingAt: 0)
        // Three new stories arrive on top; the next page is fetched by keyset after t7, so it holds
        // t8… whatever arrived, and starts at the position the first page ended.
        let second = Self.composer.compose(content: Self.content(8, from: 8), startingAt: first.nextPosition)
        let combined = first.items + second.items
        #expect(combined == Self.composer.compose(content: Self.content(16), startingAt: 0).items)
        #expect(Set(combined.map(\.id)).count == combined.count)
    }

    @Test("dismissed cards are gone for that device and leave no gap")
    func dismissed() {
        let context = CompositionContext(dismissed: ["push"])
        let types = Self.composer.compose(content: Self.content(5), startingAt: 0, context: context).items
        #expect(types.first == .notification(NotificationCard(id: "rate", kind: "rate_app", text: "Rate us")))
        #expect(types[1].type == "teaser")
        let both = CompositionContext(dismissed: ["push", "rate"])
        #expect(
            Self.composer.compose(content: Self.content(1), startingAt: 0, context: both).items.first?.type == "teaser")
    }

    @Test("slots due after the last content item wait for the next page; the end of the feed drops them")
    func trailingSlots() {
        let page = Self.composer.compose(content: Self.content(2), startingAt: 0)
        #expect(page.items.map(\.type) == ["notification", "notification", "ad", "teaser", "widget", "teaser"])
        let lastPage = Self.composer.compose(content: [], startingAt: page.nextPosition)
        #expect(lastPage.items.isEmpty)
    }

    @Test("a provider for a new kind of slot is all it takes", arguments: [0, 3, 9])
    func newProvider(position: Int) {
        struct PollProvider: SlotProvider {
            let itemType = "poll"
            let position: Int
            func item(at position: Int, context: CompositionContext) -> FeedItem? {
                position == self.position ? .unknown(type: "poll", raw: .object(["id": .string("p")])) : nil
            }
        }
        let composer = FeedComposer(providers: [PollProvider(position: position)])
        let items = composer.compose(content: Self.content(10), startingAt: 0).items
        #expect(items[position].type == "poll")
        #expect(items.count == 11)
    }
}
