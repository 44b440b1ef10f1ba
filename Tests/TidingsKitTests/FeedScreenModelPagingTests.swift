import Foundation
import Testing
import TidingsKit
import TidingsModel

/// The screen model drives a `Pager`: what it adds is read here against a feed in memory whose
/// newest stories come first and whose cursors name the last story of a page, as a server's do.
@Suite("FeedScreenModel paging", .timeLimit(.minutes(1)))
struct FeedScreenModelPagingTests {
    /// A feed of stories, newest first, paged five at a time; stories can be added on top.
    final class Newsroom: Sendable {
        let stories = Locked<[Int]>([])
        let reads = Locked(0)

        init(_ ids: ClosedRange<Int>) { stories.withLock { $0 = ids.reversed() } }

        func publish(_ ids: ClosedRange<Int>) { stories.withLock { $0.insert(contentsOf: ids.reversed(), at: 0) } }

        var loader: ClosureFeedLoader {
            ClosureFeedLoader { cursor in
                self.reads.withLock { $0 += 1 }
                let all = self.stories.current
                let start = cursor.flatMap { last in all.firstIndex(of: Int(last)!).map { $0 + 1 } } ?? 0
                let page = Array(all[start..<min(start + 5, all.count)])
                let items = page.map { FeedItem.teaser(Teaser(id: "\($0)", title: "Story \($0)", source: "wire")) }
                let next = start + 5 < all.count ? page.last.map(String.init) : nil
                return .success(Feed(title: "Wire", content: .native(items), nextCursor: next))
            }
        }
    }

    static func ids(_ state: FeedScreenState) -> [Int] {
        guard case .native(let content) = state else { return [] }
        return content.items.compactMap { item in
            if case .teaser(let teaser) = item { Int(teaser.id) } else { nil }
        }
    }

    @Test("a refresh reads pages until it reaches the list: new stories on top, no gap, the bottom kept")
    func refreshJoinsPages() async {
        let newsroom = Newsroom(1...20)
        let model = FeedScreenModel(loader: newsroom.loader)
        await model.load()
        await model.loadMore()
        #expect(Self.ids(await model.state) == Array((11...20).reversed()))
        newsroom.publish(21...32)
        let before = newsroom.reads.current
        await model.refresh()
        #expect(Self.ids(await model.state) == Array((11...32).reversed()))
        #expect(newsroom.reads.current - before == 3, "12 new stories: three pages of five")
        await model.loadMore()
        #expect(Self.ids(await model.state) == Array((6...32).reversed()), "the bottom's cursor still holds")
    }

    @Test("more new stories than a refresh reads: the list starts over from them rather than leave a gap")
    func refreshStartsOver() async {
        let newsroom = Newsroom(1...10)
        let model = FeedScreenModel(loader: newsroom.loader)
        await model.load()
        newsroom.publish(11...100)
        await model.refresh()
        let shown = Self.ids(await model.state)
        #expect(shown == Array((51...100).reversed()), "ten pages read, none reaching the old list")
        guard case .native(let content) = await model.state else { return }
        #expect(content.canLoadMore)
        await model.loadMore()
        #expect(Self.ids(await model.state) == Array((46...100).reversed()), "and pages on from there")
    }

    @Test("every state the pager goes through reaches the screen, in order")
    func statesInOrder() async {
        let newsroom = Newsroom(1...7)
        let model = FeedScreenModel(loader: newsroom.loader)
        let states = await model.updates()
        await model.load()
        await model.loadMore()
        var seen: [String] = []
        for await state in states {
            switch state {
            case .loading: seen.append("loading")
            case .native(let content):
                seen.append(content.isLoadingMore ? "more" : content.canLoadMore ? "page" : "end")
            default: seen.append("\(state)")
            }
            if seen.last == "end" { break }
        }
        #expect(seen == ["loading", "page", "more", "end"])
    }
}
