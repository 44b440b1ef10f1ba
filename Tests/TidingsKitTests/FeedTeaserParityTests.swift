import Foundation
import Hummingbird
import NIOCore
import Testing
import TidingsKit
import TidingsModel
import TidingsSections
import TidingsTesting

/// The same RSS document read by the server (fetched by the poller, served in a section) and by an
/// app (`FeedURLLoader` on the document's URL) gives the same teasers: ids, titles, summaries, order.
@Suite("One feed, the same teasers on the server and in the SDK")
struct FeedTeaserParityTests {
    /// Out of date order, one undated, a guid repeated on two stories, one without a title, one
    /// without a guid, a summary past the 280-character cut, a relative link.
    static let document = """
        <?xml version="1.0" encoding="UTF-8"?>
        <rss version="2.0"><channel><title>Parity</title><link>https://parity.example/</link>
        <item><title>Older</title><guid>g-1</guid><link>/a/older</link><pubDate>Mon, 02 Nov 2026 10:00:00 GMT</pubDate></item>
        <item><title>Undated</title><guid>g-2</guid><link>https://parity.example/undated</link></item>
        <item><title>Newest</title><guid>g-3</guid><link>https://parity.example/newest</link><pubDate>Mon, 23 Nov 2026 10:00:00 GMT</pubDate></item>
        <item><title>Same guid, other story</title><guid>g-3</guid><link>https://parity.example/other</link><pubDate>Sun, 22 Nov 2026 10:00:00 GMT</pubDate></item>
        <item><description>No title here, only a description that stands in for one.</description><guid>g-4</guid><pubDate>Sat, 21 Nov 2026 10:00:00 GMT</pubDate></item>
        <item><title>No guid</title><link>https://parity.example/no-guid</link><pubDate>Fri, 20 Nov 2026 10:00:00 GMT</pubDate></item>
        <item><title>Long</title><guid>g-5</guid><pubDate>Thu, 19 Nov 2026 10:00:00 GMT</pubDate><description>\(String(repeating: "word ", count: 90))</description></item>
        </channel></rss>
        """

    @Test("ids, titles, summaries, links and order agree")
    func sameTeasers() async throws {
        let router = Router()
        router.get("/parity.rss") { _, _ -> Response in
            Response(
                status: .ok, headers: [.contentType: "application/rss+xml; Charset=UTF-8"],
                body: .init(byteBuffer: ByteBuffer(string: Self.document)))
        }
        try await LoopbackServer.with(router) { feedPort in
            let url = URL(string: "http://127.0.0.1:\(feedPort)/parity.rss")!
            var fetch = FetchSettings()
            fetch.allowHosts = ["127.0.0.1"]
            let sections = SectionsConfiguration(
                brands: [
                    Brand(
                        id: "p", name: "P", locale: .en,
                        sections: [Section(id: "feed", title: LocalizedText("Feed"), source: .feed([url]))])
                ], fetch: fetch)
            try await TestApp.withPolled(sections, testing: .live) { _, client, _ in
                let server = TidingsClient(
                    baseURL: URL(string: "http://127.0.0.1:\(try #require(client.port))")!, language: .en,
                    deviceID: "parity-device")
                let onServer = try await SectionLoader(client: server, brand: "p", section: "feed", limit: 50)
                    .load(cursor: nil)
                let inApp = try await FeedURLLoader(url: url).load(cursor: nil)
                let serverTeasers = Self.teasers(onServer)
                let appTeasers = Self.teasers(inApp)
                #expect(serverTeasers.count == 7, "every story once, the repeated guid told apart by its link")
                #expect(appTeasers.map(\.id) == serverTeasers.map(\.id))
                #expect(appTeasers.map(\.title) == serverTeasers.map(\.title))
                #expect(appTeasers.map(\.summary) == serverTeasers.map(\.summary))
                #expect(appTeasers.map(\.url) == serverTeasers.map(\.url))
                #expect(appTeasers.map(\.source) == serverTeasers.map(\.source))
                #expect(
                    serverTeasers.map(\.title).prefix(3) == [
                        "Newest", "Same guid, other story", "No title here, only a description that stands in for one.",
                    ])
                #expect(serverTeasers.last?.title == "Undated", "undated after dated")
                #expect(serverTeasers.first { $0.title == "Long" }?.summary?.hasSuffix("…") == true)
            }
        }
    }

    static func teasers(_ feed: Feed) -> [Teaser] {
        guard case .native(let items) = feed.content else { return [] }
        return items.compactMap {
            if case .teaser(let teaser) = $0 { return teaser }
            return nil
        }
    }
}
