import AsyncHTTPClient
import Foundation
import NIOCore
import ServiceLifecycle
import Testing
import TidingsModel
import TidingsRuntime
import TidingsSections
import TidingsTesting

/// `GET …/sections/{section}/updates` and `/api/v1/news_items/updates` over real HTTP: where the
/// feed stands first, an update when the poller writes new entries or events arrive, resuming from
/// a `Last-Event-ID` (or a first page's position) without loss, the end of the stream when the
/// server stops.
@Suite("Live streams")
struct LiveStreamTests {
    /// Reads the stream's text as it comes.
    final class Received: Sendable {
        let text = Locked("")

        /// The events received so far: (name, id, data).
        var events: [(event: String, id: String, data: String)] {
            text.current.components(separatedBy: "\n\n").compactMap { block in
                var event = ""
                var id = ""
                var data = ""
                for line in block.split(separator: "\n") {
                    if line.hasPrefix("event: ") { event = String(line.dropFirst(7)) }
                    if line.hasPrefix("id: ") { id = String(line.dropFirst(4)) }
                    if line.hasPrefix("data: ") { data = String(line.dropFirst(6)) }
                }
                return event.isEmpty ? nil : (event, id, data)
            }
        }

        func waitForEvents(_ count: Int) async throws {
            _ = await eventually { events.count >= count }
            #expect(events.count >= count, "stream so far: \(text.current)")
        }
    }

    static func open(_ url: String, lastEventID: String? = nil) async throws -> (Received, Task<Void, any Error>) {
        var request = HTTPClientRequest(url: url)
        if let lastEventID { request.headers.add(name: "Last-Event-ID", value: lastEventID) }
        request.headers.add(name: "Accept-Encoding", value: "gzip")
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(60))
        #expect(response.status == .ok)
        #expect(response.headers.first(name: "content-type") == "text/event-stream")
        #expect(response.headers.first(name: "content-encoding") == nil, "never held back to be compressed")
        let received = Received()
        let reading = Task {
            for try await chunk in response.body { received.text.withLock { $0 += String(buffer: chunk) } }
        }
        return (received, reading)
    }

    static func json<Value: Decodable>(_ type: Value.Type, _ url: String) async throws -> Value {
        let response = try await HTTPClient.shared.execute(HTTPClientRequest(url: url), timeout: .seconds(10))
        #expect(response.status == .ok, "\(url)")
        return try TidingsJSON.decoder().decode(
            type, from: Data(buffer: try await response.body.collect(upTo: 1 << 22)))
    }

    @Test("position first, an update when entries arrive, a resume without loss, the end on shutdown")
    func stream() async throws {
        let files = try FeedFiles()
        defer { files.remove() }
        let feed = try files.write("news.rss", FeedFiles.rss(items: 1...3))
        var sections = SectionsConfiguration(brands: [
            Brand(
                id: "b", name: "B", locale: .en,
                sections: [
                    Section(id: "news", title: LocalizedText("News"), source: .file([feed], format: .feed)),
                    Section(id: "shop", title: LocalizedText("Shop"), source: .catalog),
                    Section(
                        id: "site", title: LocalizedText("Site"), source: .web(URL(string: "http://127.0.0.1:9/")!)),
                ])
        ])
        sections.fetch.interval = 1
        sections.fetch.minInterval = 1
        try await TestDatabase.with(.sqlite) { database in
            var settings = Settings()
            settings.server.port = 0
            settings.sections = sections
            let runtime = Runtime(settings: settings, store: try await database.open())
            let (ports, portsIn) = AsyncStream.makeStream(of: Int.self)
            let poller = runtime.poller()
            let app = runtime.application(poller: poller) { portsIn.yield($0) }
            let group = ServiceGroup(configuration: .init(services: [app], logger: runtime.logger))
            let serving = Task { try await group.run() }
            var iterator = ports.makeAsyncIterator()
            let port = try #require(await iterator.next())
            let base = "http://127.0.0.1:\(port)/api/v1/brands/b"

            // The first poll wrote three entries before or after the stream opened: either way the
            // stream starts with where the section stands.
            _ = try await eventually {
                try await runtime.store.streamChanges(section: SectionKey(brand: "b", section: "news"), since: nil)
                    .added >= 3
            }
            let (first, firstReading) = try await Self.open("\(base)/sections/news/updates")
            try await first.waitForEvents(1)
            let start = try #require(first.events.first)
            #expect(start.event == "position" && start.data == #"{"position":"\#(start.id)"}"#)

            // Two new stories in the file: the poller reads it and the reader is told.
            _ = try files.write("news.rss", FeedFiles.rss(items: 1...5))
            try await first.waitForEvents(2)
            let update = try #require(first.events.dropFirst().first)
            #expect(update.event == "update")
            #expect(update.data.hasPrefix(#"{"added":2,"changed":0,"#), "\(update.data)")
            #expect(update.id != start.id)

            // A reader that left at the first position is told at once what it missed.
            let (resumed, resumedReading) = try await Self.open(
                "\(base)/sections/news/updates", lastEventID: start.id)
            try await resumed.waitForEvents(1)
            #expect(resumed.events.first?.event == "update" && resumed.events.first?.id == update.id)
            #expect(resumed.events.first?.data.hasPrefix(#"{"added":2,"#) == true)

            // A first page says where to follow it from: what is written after the page is told,
            // however late the reader connects.
            let page = try await Self.json(Feed.self, "\(base)/sections/news")
            let link = try #require(page.updates)
            #expect(link.href == "/api/v1/brands/b/sections/news/updates" && link.position == update.id)
            _ = try files.write("news.rss", FeedFiles.rss(items: 1...6))
            _ = try await eventually {
                try await runtime.store.streamChanges(section: SectionKey(brand: "b", section: "news"), since: nil)
                    .added >= 6
            }
            let (late, lateReading) = try await Self.open(
                "http://127.0.0.1:\(port)\(link.href)", lastEventID: link.position)
            try await late.waitForEvents(1)
            #expect(late.events.first?.event == "update" && late.events.first?.data.hasPrefix(#"{"added":1,"#) == true)
            let next = try await Self.json(Feed.self, "\(base)/sections/news?cursor=\(page.nextCursor ?? "")")
            #expect(page.nextCursor == nil || next.updates == nil, "only first pages")

            // The catalog news: the news API's first page, and a catalog section, follow events.
            let news = try await Self.json(NewsItemsPage.self, "http://127.0.0.1:\(port)/api/v1/news_items")
            let newsLink = try #require(news.updates)
            #expect(newsLink.href == "/api/v1/news_items/updates")
            let shop = try #require(try await Self.json(Feed.self, "\(base)/sections/shop").updates)
            #expect(shop.href == "/api/v1/brands/b/sections/shop/updates")
            let (catalog, catalogReading) = try await Self.open(
                "http://127.0.0.1:\(port)\(newsLink.href)", lastEventID: newsLink.position)
            let (shopStream, shopReading) = try await Self.open("http://127.0.0.1:\(port)\(shop.href)")
            try await shopStream.waitForEvents(1)
            #expect(shopStream.events.first?.event == "position")
            // Dated now: this runtime keeps the real clock, and news older than its window is none.
            let report = try await runtime.catalog.ingest([
                .success(Events.created("a", product: "pa", price: "100.00", at: Date())),
                .success(Events.created("b", product: "pb", price: "100.00", at: Date())),
            ])
            #expect(report.accepted == 2)
            try await catalog.waitForEvents(1)
            #expect(catalog.events.first?.event == "update")
            #expect(catalog.events.first?.data.hasPrefix(#"{"added":2,"changed":0,"#) == true)
            try await shopStream.waitForEvents(2)
            #expect(shopStream.events.last?.data.hasPrefix(#"{"added":2,"#) == true)

            // The streams open now are counted (other tests may hold more).
            let metrics = try await HTTPClient.shared.execute(
                HTTPClientRequest(url: "http://127.0.0.1:\(port)/metrics"), timeout: .seconds(10))
            let text = String(buffer: try await metrics.body.collect(upTo: 1 << 22))
            let line = text.split(separator: "\n").first { $0.hasPrefix("tidings_live_streams ") }
            #expect((line?.split(separator: " ").last.flatMap { Double($0) } ?? 0) >= 5, "\(line ?? "no gauge")")

            // Refusals: a web section, an unknown section, made-up positions.
            for (path, status) in [
                ("\(base)/sections/site/updates", 404), ("\(base)/sections/nope/updates", 404),
                ("\(base)/sections/news/updates?since=x", 400),
                ("http://127.0.0.1:\(port)/api/v1/news_items/updates?since=42.17", 400),
            ] {
                let response = try await HTTPClient.shared.execute(HTTPClientRequest(url: path), timeout: .seconds(10))
                #expect(Int(response.status.code) == status, "\(path)")
                // Answered in a child task (StreamRequestsMiddleware), still through the whole chain.
                #expect(response.headers.first(name: "X-Request-Id") != nil, "\(path)")
            }

            // Stopping ends the streams, and the server stops without waiting for them.
            await group.triggerGracefulShutdown()
            try await serving.value
            _ = try? await firstReading.value
            _ = try? await resumedReading.value
            for reading in [lateReading, catalogReading, shopReading] { _ = try? await reading.value }
            #expect(first.text.current.hasPrefix("retry: 3000\n\n"))
            try await runtime.close()
        }
    }
}
