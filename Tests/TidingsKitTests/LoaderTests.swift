import FeedComposition
import Foundation
import Testing
import TidingsKit
import TidingsModel
import TidingsTesting

/// The Getting Started snippet as written, the other loaders, and the renderer registry.
@Suite("Loaders and renderers")
struct LoaderTests {
    enum CellKind: Sendable, Equatable {
        case priceDrop, catalogNews, teaser, ad
    }

    @Test("the Getting Started dozen lines work against a live server")
    func gettingStarted() async throws {
        try await ClientTests.withServer { _, port, _, _ in
            let client = TidingsClient(
                baseURL: URL(string: "http://127.0.0.1:\(port)")!, language: .en, deviceID: "3f1c9a2e-device")
            let model = FeedScreenModel(
                loader: SectionLoader(client: client, brand: "daily", section: "news"), language: .en,
                storage: InMemoryFeedStorage(), storageKey: "daily/news")
            await model.load()
            guard case .native(let content) = await model.state else {
                Issue.record("\(await model.state)")
                return
            }
            #expect(content.items.count == 12 + 2, "twelve stories, the card and the ad")
            #expect(Set(content.items.map(\.id)).count == content.items.count)
        }
    }

    @Test("FeedURLLoader reads any feed over HTTP: here the server's own RSS of a section")
    func feedURL() async throws {
        try await ClientTests.withServer { _, port, _, _ in
            let loader = FeedURLLoader(url: URL(string: "http://127.0.0.1:\(port)/feeds/daily/news.rss")!)
            let feed = try await loader.load(cursor: nil)
            guard case .native(let items) = feed.content else { throw TidingsError.badResponse("web") }
            #expect(items.count == 12 && items.allSatisfy { $0.type == "teaser" })
            #expect(feed.nextCursor == nil)
            let missing = FeedURLLoader(url: URL(string: "http://127.0.0.1:\(port)/feeds/daily/nope.rss")!)
            await #expect(throws: TidingsError.self) { try await missing.load(cursor: nil) }
        }
    }

    @Test("InjectingLoader places client-side ads at the same absolute positions on every page")
    func injecting() async throws {
        let pages: [[FeedItem]] = [
            (0..<4).map { .teaser(Teaser(id: "a\($0)", title: "A\($0)", source: "s")) },
            (0..<4).map { .teaser(Teaser(id: "b\($0)", title: "B\($0)", source: "s")) },
        ]
        let base = ClosureFeedLoader { cursor in
            guard let index = cursor.map(Int.init) ?? 0, pages.indices.contains(index) else {
                return .failure(.badResponse("no page at \(cursor ?? "nil")"))
            }
            return .success(
                Feed(
                    title: "T", content: .native(pages[index]),
                    nextCursor: index + 1 < pages.count ? "\(index + 1)" : nil))
        }
        let loader = InjectingLoader(base, providers: [AdProvider(every: 3, after: 0)])
        let first = try await loader.load(cursor: nil)
        let second = try await loader.load(cursor: first.nextCursor)
        var all: [FeedItem] = []
        for feed in [first, second] { if case .native(let items) = feed.content { all += items } }
        #expect(all.indices.filter { all[$0].type == "ad" } == [2, 5, 8])
        #expect(all.filter { $0.type == "teaser" }.count == 8)
        await #expect(throws: TidingsError.self) { try await loader.load(cursor: "garbage") }
    }

    @Test("the first renderer that accepts an item wins; unknown types fall back")
    func registry() {
        var cells = RendererRegistry<CellKind>(fallback: nil)
        cells.register(
            when: { if case .catalogNews(let news) = $0 { news.discounted == true } else { false } }, .priceDrop)
        cells.register(type: "catalog_news", .catalogNews)
        cells.register(type: "teaser", .teaser)
        cells.register(type: "ad", .ad)
        #expect(cells.renderer(for: .ad(AdSlot(id: "1", format: "banner"))) == .ad)
        #expect(cells.renderer(for: .teaser(Teaser(id: "t", title: "T", source: "s"))) == .teaser)
        #expect(cells.renderer(for: .unknown(type: "poll", raw: .object([:]))) == nil)
        var withFallback = cells
        withFallback.fallback = .teaser
        #expect(withFallback.renderer(for: .unknown(type: "poll", raw: .object([:]))) == .teaser)
    }
}
