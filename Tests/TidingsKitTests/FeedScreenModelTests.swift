import Foundation
import Testing
import TidingsKit
import TidingsModel
import TidingsTesting

/// The screen model over SectionLoader against the live server.
@Suite("FeedScreenModel against a live server")
struct FeedScreenModelTests {
    static func titles(_ state: FeedScreenState) -> [String] {
        guard case .native(let content) = state else { return [] }
        return content.items.compactMap { if case .teaser(let teaser) = $0 { teaser.title } else { nil } }
    }

    static func model(_ port: Int, section: String = "news", storage: (any FeedStorage)? = nil) -> FeedScreenModel {
        let client = ClientTests.client(port)
        return FeedScreenModel(
            loader: SectionLoader(client: client, brand: "daily", section: section, limit: 5), storage: storage,
            storageKey: "daily/\(section)")
    }

    @Test("loads, loads more, and refreshes with new items on top")
    func loadMoreRefresh() async throws {
        try await ClientTests.withServer(items: Array(1...12)) { _, port, files, poller in
            let model = Self.model(port)
            await model.load()
            #expect(Self.titles(await model.state) == (8...12).reversed().map { "Story \($0)" })
            await model.loadMore()
            #expect(Self.titles(await model.state).count == 10)
            try files.write("news.rss", FeedFiles.rss(items: 1...14))
            _ = try await poller.pollAllNow()
            await model.refresh()
            let titles = Self.titles(await model.state)
            #expect(Array(titles.prefix(3)) == ["Story 14", "Story 13", "Story 12"])
            #expect(titles.count == 12 && Set(titles).count == 12, "no duplicates")
            guard case .native(let content) = await model.state else { return }
            #expect(content.canLoadMore && content.staleSince == nil)
        }
    }

    @Test("the states stream shows loading, then the feed")
    func stream() async throws {
        try await ClientTests.withServer { _, port, _, _ in
            let model = Self.model(port)
            await model.load()
            var seen: [FeedScreenState] = []
            for await state in model.states {
                seen.append(state)
                if case .native = state { break }
            }
            #expect(seen.first == .loading)
            #expect(Self.titles(seen.last ?? .loading).count == 5)
        }
    }

    @Test("an empty section shows the empty state, and reload fetches again")
    func emptyThenReload() async throws {
        try await ClientTests.withServer(items: []) { _, port, files, poller in
            let model = Self.model(port)
            await model.load()
            guard case .empty(let message, true) = await model.state else {
                Issue.record("\(await model.state)")
                return
            }
            #expect(message.hasPrefix("Nothing here yet"))
            try files.write("news.rss", FeedFiles.rss(items: 1...2))
            _ = try await poller.pollAllNow()
            await model.refresh()
            #expect(Self.titles(await model.state) == ["Story 2", "Story 1"])
        }
    }

    @Test("offline, the stored items are shown, marked stale with when they were fetched")
    func offline() async throws {
        let storage = InMemoryFeedStorage()
        let port = Locked(0)
        try await ClientTests.withServer { _, live, _, _ in
            port.withLock { $0 = live }
            let model = Self.model(live, storage: storage)
            await model.load()
            #expect(Self.titles(await model.state).count == 5)
        }
        let model = Self.model(port.current, storage: storage)
        await model.load()
        guard case .native(let content) = await model.state else {
            Issue.record("\(await model.state)")
            return
        }
        #expect(content.items.count == 7, "the stored page: a card, an ad and five teasers")
        #expect(content.staleSince != nil)
        #expect(content.footerError?.error == .unreachable, "the server is gone, the connection is fine")
        #expect(content.footerError?.message == TidingsError.unreachable.message(in: .en))
    }

    @Test("the persistent offline store shows a section after a restart with the server gone")
    func offlineAcrossLaunches() async throws {
        let folder = try TemporaryFolder.make("kit")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("offline.sqlite").path
        let port = Locked(0)
        try await ClientTests.withServer { _, live, _, _ in
            port.withLock { $0 = live }
            let model = Self.model(live, storage: try OfflineStore(path: path))
            await model.load()
            await model.loadMore()
            #expect(Self.titles(await model.state).count == 10)
        }
        let relaunched = Self.model(port.current, storage: try OfflineStore(path: path))
        await relaunched.load()
        guard case .native(let content) = await relaunched.state else {
            Issue.record("\(await relaunched.state)")
            return
        }
        #expect(Self.titles(.native(content)).count == 10, "both pages were kept")
        #expect(content.staleSince != nil && content.footerError != nil)
        guard case .teaser(let teaser)? = content.items.first(where: { $0.type == "teaser" }) else { return }
        let article = try OfflineStore(path: path).article(id: teaser.id)
        #expect(article?.title == teaser.title && article?.url == teaser.url, "the article behind the teaser is kept")
    }

    @Test("dismissing a card takes it off the screen at once and on the next visit")
    func dismiss() async throws {
        try await ClientTests.withServer { _, port, _, _ in
            let storage = InMemoryFeedStorage()
            let client = ClientTests.client(port)
            let model = Self.model(port, storage: storage)
            await model.load()
            try await model.dismiss(notification: "push", using: client)
            guard case .native(let content) = await model.state else { return }
            #expect(!content.items.contains { $0.type == "notification" })
            #expect(try storage.feed(key: "daily/news")?.items.contains { $0.type == "notification" } == false)
            let again = Self.model(port)
            await again.load()
            guard case .native(let fresh) = await again.state else { return }
            #expect(!fresh.items.contains { $0.type == "notification" }, "the server left it out for this device")
        }
    }
}
