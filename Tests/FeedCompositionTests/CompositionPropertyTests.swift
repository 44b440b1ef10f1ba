import FeedComposition
import Foundation
import PropertyBased
import Testing
import TidingsModel

/// Composition rules checked over generated rules, feed lengths and page sizes.
@Suite("Composition properties")
struct CompositionPropertyTests {
    static func content(_ count: Int) -> [FeedItem] {
        (0..<count).map { .teaser(Teaser(id: "t\($0)", title: "Story \($0)", source: "s")) }
    }

    /// Pages of `size` content items, each starting where the last ended, joined.
    static func paged(_ composer: FeedComposer, _ content: [FeedItem], size: Int, dismissed: Set<String> = [])
        -> [FeedItem]
    {
        var items: [FeedItem] = []
        var position = 0
        var start = 0
        repeat {
            let end = min(start + size, content.count)
            let page = composer.compose(
                content: Array(content[start..<end]), startingAt: position,
                context: CompositionContext(dismissed: dismissed), ending: end == content.count)
            items += page.items
            position = page.nextPosition
            start = end
        } while start < content.count
        return items
    }

    @Test("any page split gives the same feed: every content item once, in order")
    func pageSplits() async {
        await propertyCheck(
            count: 300, input: Gen.int(in: 0...90), Gen.int(in: 1...25), Gen.int(in: 2...12), Gen.int(in: 0...20),
            Gen.int(in: 0...40).array(of: 0...4)
        ) { count, size, every, after, fixed in
            let composer = FeedComposer(providers: [
                NotificationProvider(cards: [NotificationCard(id: "n", kind: "enable_push", text: "On?")]),
                WidgetProvider(position: 5, widget: Widget(id: "w", kind: .weather, location: ["city": "Oslo"])),
                AdProvider(positions: Set(fixed), every: every, after: after),
            ])
            let content = Self.content(count)
            let joined = Self.paged(composer, content, size: size)
            #expect(joined == composer.compose(content: content, startingAt: 0).items)
            #expect(joined.filter { $0.type == "teaser" } == content, "no content repeated, dropped or reordered")
        }
    }

    @Test("ads keep their spacing: at the fixed positions and every N after K, nowhere else")
    func adSpacing() async {
        await propertyCheck(
            count: 300, input: Gen.int(in: 1...90), Gen.int(in: 1...25), Gen.int(in: 2...12), Gen.int(in: 0...20),
            Gen.int(in: 0...40).array(of: 0...4)
        ) { count, size, every, after, fixed in
            let composer = FeedComposer(providers: [AdProvider(positions: Set(fixed), every: every, after: after)])
            let feed = Self.paged(composer, Self.content(count), size: size)
            for (position, item) in feed.enumerated() {
                let due = fixed.contains(position) || (position >= after && (position - after) % every == every - 1)
                #expect((item.type == "ad") == due, "position \(position)")
            }
            let contentPositions = feed.indices.filter { feed[$0].type == "teaser" }
            #expect(contentPositions.count == count)
        }
    }

    @Test("a card dismissed mid-way never shows again and leaves no gap")
    func dismissals() async {
        await propertyCheck(count: 200, input: Gen.int(in: 0...40), Gen.int(in: 1...10), Gen.int(in: 0...3)) {
            count, size, dismissedCount in
            let cards = (0..<3).map { NotificationCard(id: "c\($0)", kind: "k", text: "T\($0)") }
            let dismissed = Set(cards.prefix(dismissedCount).map(\.id))
            let composer = FeedComposer(providers: [NotificationProvider(cards: cards)])
            let feed = Self.paged(composer, Self.content(count), size: size, dismissed: dismissed)
            let shown = feed.compactMap { item -> String? in
                if case .notification(let card) = item { return card.id }
                return nil
            }
            #expect(shown == (count == 0 ? [] : cards.dropFirst(dismissedCount).map(\.id)))
            #expect(feed.prefix(shown.count).allSatisfy { $0.type == "notification" }, "the cards sit at the top")
        }
    }

    @Test("pinned and hidden stories keep paging exact: each story shown once or hidden, pins at their places")
    func pinsAndHides() async {
        await propertyCheck(
            count: 300, input: Gen.int(in: 0...60), Gen.int(in: 1...20), Gen.int(in: 0...59).array(of: 0...5),
            Gen.int(in: 0...25).array(of: 0...4), Gen.int(in: 0...59).array(of: 0...6), Gen.int(in: 0...2)
        ) { count, size, pinnedIndices, places, hiddenIndices, dismissedCount in
            let stories = Self.content(count)
            // Distinct stories pinned at distinct places; hidden ones among the rest.
            var pinned: [Int: FeedItem] = [:]
            var pinnedIDs: Set<String> = []
            for (index, place) in zip(pinnedIndices, places) where index < count && pinned[place] == nil {
                guard pinnedIDs.insert(stories[index].id).inserted else { continue }
                pinned[place] = stories[index]
            }
            let hidden = Set(hiddenIndices.filter { $0 < count }.map { stories[$0].id }).subtracting(pinnedIDs)
            let cards = (0..<2).map { NotificationCard(id: "c\($0)", kind: "k", text: "T\($0)") }
            let dismissed = Set(cards.prefix(dismissedCount).map(\.id))
            let composer = FeedComposer(providers: [
                NotificationProvider(cards: cards),
                PinProvider(pinned: pinned, cards: cards.map(\.id)),
                WidgetProvider(position: 3, widget: Widget(id: "w", kind: .weather, location: ["city": "Oslo"])),
                AdProvider(every: 4, after: 2),
            ])
            let flowing = stories.filter { !pinnedIDs.contains($0.id) && !hidden.contains($0.id) }
            let feed = Self.paged(composer, flowing, size: size, dismissed: dismissed)
            let whole = composer.compose(
                content: flowing, startingAt: 0, context: CompositionContext(dismissed: dismissed), ending: true)
            #expect(feed == whole.items, "any page split gives the same feed")
            let shownIDs = feed.filter { $0.type == "teaser" }.map(\.id)
            #expect(shownIDs.count == Set(shownIDs).count, "no story twice")
            #expect(Set(shownIDs) == Set(stories.map(\.id)).subtracting(hidden), "every story but the hidden")
            let above = cards.count - dismissedCount
            let lastFlowing = feed.lastIndex { flowing.map(\.id).contains($0.id) } ?? -1
            for (place, story) in pinned {
                let index = feed.firstIndex { $0.id == story.id } ?? -1
                // At its place, or (the content ended before it) after the last story that flows.
                #expect(index == place + above || (index > lastFlowing && place + above > lastFlowing))
            }
        }
    }

    @Test("items of unknown types round-trip unchanged")
    func unknownTypesRoundTrip() async throws {
        let key = Gen.letterOrNumber.string(of: 1...8)
        await propertyCheck(
            count: 300, input: Gen.letterOrNumber.string(of: 1...12), key.array(of: 0...6),
            Gen.int(in: -1_000_000...1_000_000).array(of: 0...6), Gen.bool()
        ) { type, keys, numbers, flag in
            guard !["teaser", "catalog_news", "ad", "widget", "notification"].contains(type) else { return }
            var object: [String: JSONValue] = ["type": .string(type), "flag": .bool(flag)]
            for (index, key) in keys.enumerated() where key != "type" && key != "flag" {
                object[key] = index < numbers.count ? .number(Double(numbers[index])) : .array([.string(key), .null])
            }
            let raw = JSONValue.object(object)
            do {
                let data = try TidingsJSON.encoder().encode(raw)
                let item = try TidingsJSON.decoder().decode(FeedItem.self, from: data)
                #expect(item == .unknown(type: type, raw: raw))
                let again = try TidingsJSON.encoder().encode(item)
                #expect(try TidingsJSON.decoder().decode(JSONValue.self, from: again) == raw)
            } catch {
                Issue.record("\(error)")
            }
        }
    }
}
