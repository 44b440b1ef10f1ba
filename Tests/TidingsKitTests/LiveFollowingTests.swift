import Foundation
import Testing
import TidingsModel
import TidingsTesting

@testable import TidingsKit

/// The SDK follows a feed live: the event-stream parser, the backoff, and `FeedScreenModel`
/// against the real server — streaming, and polling where the transport cannot stream.
@Suite("Live updates in the SDK")
struct LiveFollowingTests {
    @Test("the event-stream parser takes chunks cut anywhere, CR, LF and CRLF, comments, ids and retry")
    func parser() {
        let stream = Array(
            "retry: 3000\r\n\r\n: keep-alive\n\nevent: update\nid: 7.1\ndata: {\"added\":1,\ndata: \"x\":2}\n\ndata:plain\r\rid\n\nevent: end\n\n"
                .utf8)
        for cut in [1, 2, 3, 7, stream.count] {
            var parser = ServerSentEventParser()
            var events: [ServerSentEvent] = []
            var start = 0
            while start < stream.count {
                events += parser.consume(stream[start..<min(stream.count, start + cut)])
                start += cut
            }
            #expect(
                events == [
                    ServerSentEvent(name: "update", id: "7.1", data: "{\"added\":1,\n\"x\":2}"),
                    ServerSentEvent(name: "message", id: "7.1", data: "plain"),
                ], "cut every \(cut) bytes")
            #expect(parser.retry == 3000 && parser.lastEventID == "", "an empty id: line resets the id")
        }
        var bounded = ServerSentEventParser(lineLimit: 16)
        #expect(
            bounded.consume(Array(("data: " + String(repeating: "x", count: 1_000) + "\n\n").utf8)).first?.data.count
                == 10)
    }

    @Test("reconnection waits double, up to the maximum, each drawn between half and all of it")
    func backoff() {
        let options = LiveOptions(initialBackoff: .seconds(1), maximumBackoff: .seconds(60))
        #expect(options.backoff(0, random: 1) == .seconds(1))
        #expect(options.backoff(3, random: 1) == .seconds(8))
        #expect(options.backoff(30, random: 1) == .seconds(60))
        #expect(options.backoff(3, random: 0.5) == .seconds(4))
        let drawn = (0..<50).map { _ in options.backoff(2) }
        #expect(drawn.allSatisfy { $0 >= .seconds(2) && $0 <= .seconds(4) } && Set(drawn).count > 1, "jitter")
    }

    static func titles(_ model: FeedScreenModel) async -> [String] {
        guard case .native(let content) = await model.state else { return [] }
        return content.items.compactMap { if case .teaser(let teaser) = $0 { teaser.title } else { nil } }
    }

    static func teasers(_ model: FeedScreenModel) async -> [Teaser] {
        guard case .native(let content) = await model.state else { return [] }
        return content.items.compactMap { if case .teaser(let teaser) = $0 { teaser } else { nil } }
    }

    static func pending(_ model: FeedScreenModel) async -> Int {
        guard case .native(let content) = await model.state else { return -1 }
        return content.pending
    }

    /// Waits (as long as a loaded machine needs) for the model's pending count to reach `count`.
    static func waitForPending(_ model: FeedScreenModel, _ count: Int) async throws {
        _ = await eventually { await pending(model) >= count }
        #expect(await pending(model) == count)
    }

    @Test("50 items written while a reader follows the stream arrive once each, on request, on top")
    func fiftyOnce() async throws {
        try await ClientTests.withServer(items: Array(1...5)) { _, port, files, poller in
            let model = FeedScreenModel(
                loader: SectionLoader(client: ClientTests.client(port), brand: "daily", section: "news", limit: 5),
                live: LiveOptions(initialBackoff: .milliseconds(50)))
            await model.load()
            #expect(await Self.titles(model) == (1...5).reversed().map { "Story \($0)" })
            let observing = Task { for await _ in await model.updates() {} }
            _ = await eventually { await model.isFollowing }
            #expect(await model.isFollowing)
            // Five rounds of ten, each as the poller writes them: told, not shown.
            for round in 1...5 {
                try files.write("news.rss", FeedFiles.rss(items: Array(1...(5 + 10 * round))))
                _ = try await poller.pollAllNow()
                try await Self.waitForPending(model, 10 * round)
            }
            #expect(await Self.titles(model).count == 5, "nothing jumps under the reader's thumb")
            await model.showPending()
            let titles = await Self.titles(model)
            #expect(titles == (1...55).reversed().map { "Story \($0)" }, "each once, newest first, no gap")
            #expect(await Self.pending(model) == 0)
            // Following again from the refreshed page: the next item is told once.
            try files.write("news.rss", FeedFiles.rss(items: Array(1...56)))
            _ = try await poller.pollAllNow()
            try await Self.waitForPending(model, 1)
            // Nobody observes: the model stops following.
            observing.cancel()
            _ = await eventually { await model.isFollowing == false }
            #expect(await model.isFollowing == false)
        }
    }

    @Test("a story the newsroom hides leaves a followed list at once; one it pins counts as pending")
    func arranged() async throws {
        try await ClientTests.withServer(items: Array(1...12)) { app, port, _, _ in
            let secret = APIKeys.generate()
            _ = try await app.store.createAPIKey(
                name: "desk", hash: APIKeys.hash(secret), scope: .admin, at: TestApp.now)
            let model = FeedScreenModel(
                loader: SectionLoader(client: ClientTests.client(port), brand: "daily", section: "news", limit: 5),
                live: LiveOptions(initialBackoff: .milliseconds(50)))
            await model.load()
            #expect(await Self.titles(model) == (8...12).reversed().map { "Story \($0)" })
            let observing = Task { for await _ in await model.updates() {} }
            defer { observing.cancel() }
            _ = await eventually { await model.isFollowing }
            func decide(_ path: String, _ body: String) async throws -> Int {
                let request = TransportRequest(
                    method: "PUT",
                    url: URL(string: "http://127.0.0.1:\(port)/api/v1/admin/brands/daily/sections/news/\(path)")!,
                    headers: ["Authorization": "Bearer \(secret)", "Content-Type": "application/json"],
                    body: Data(body.utf8))
                return try await URLSessionTransport().send(request).status
            }
            let shown = try #require(await Self.teasers(model).first { $0.title == "Story 10" })
            #expect(try await decide("hidden/\(shown.id)", #"{"reason": "retracted"}"#) == 201)
            _ = await eventually { await Self.titles(model).contains("Story 10") == false }
            #expect(
                await Self.titles(model) == ["Story 12", "Story 11", "Story 9", "Story 8"], "gone, nothing else moved")
            let stored = try await app.store.entries(
                section: SectionKey(brand: "daily", section: "news"), afterSeq: nil, limit: 20)
            let oldest = try #require(
                stored.compactMap { entry -> String? in
                    guard case .teaser(let teaser) = entry.record.item(), teaser.title == "Story 1" else { return nil }
                    return teaser.id
                }.first)
            #expect(try await decide("pins/\(oldest)", #"{"position": 1}"#) == 201)
            try await Self.waitForPending(model, 1)
            await model.showPending()
            #expect(await Self.titles(model).first == "Story 1", "read again: the pinned story on top")
            #expect(await Self.titles(model).contains("Story 10") == false)
        }
    }

    /// A transport that only sends requests: no streams.
    struct PlainTransport: HTTPTransport {
        let base = URLSessionTransport()
        func send(_ request: TransportRequest) async throws(TidingsError) -> TransportResponse {
            try await base.send(request)
        }
    }

    @Test("where the transport cannot stream, the first page is polled for the pending count")
    func polling() async throws {
        try await ClientTests.withServer(items: Array(1...5)) { _, port, files, poller in
            let model = FeedScreenModel(
                loader: SectionLoader(
                    client: ClientTests.client(port, transport: PlainTransport()), brand: "daily", section: "news",
                    limit: 5),
                live: LiveOptions(pollInterval: .milliseconds(100)))
            await model.load()
            let observing = Task { for await _ in await model.updates() {} }
            defer { observing.cancel() }
            try files.write("news.rss", FeedFiles.rss(items: Array(1...8)))
            _ = try await poller.pollAllNow()
            try await Self.waitForPending(model, 3)
            await model.showPending()
            #expect(await Self.titles(model) == (1...8).reversed().map { "Story \($0)" })
            #expect(await Self.pending(model) == 0)
        }
    }

    /// A transport whose first streams drop after their first update, as a flaky network would.
    final class DroppingTransport: EventStreamTransport {
        let base = URLSessionTransport()
        let drops: Locked<Int>
        let opened = Locked(0)

        init(drops: Int) { self.drops = Locked(drops) }

        func send(_ request: TransportRequest) async throws(TidingsError) -> TransportResponse {
            try await base.send(request)
        }

        func stream(_ request: TransportRequest) async throws(TidingsError) -> TransportStream {
            opened.withLock { $0 += 1 }
            var stream = try await base.stream(request)
            let drop = drops.withLock { count -> Bool in
                defer { count = max(0, count - 1) }
                return count > 0
            }
            guard drop else { return stream }
            let body = stream.body
            stream.body = AsyncThrowingStream { continuation in
                let task = Task {
                    do {
                        for try await chunk in body {
                            continuation.yield(chunk)
                            if String(decoding: chunk, as: UTF8.self).contains("event: update") { break }
                        }
                        continuation.finish(throwing: TidingsError.offline)
                    } catch {
                        continuation.finish(throwing: error)
                    }
                }
                continuation.onTermination = { _ in task.cancel() }
            }
            return stream
        }
    }

    @Test("a stream that drops is reconnected from the last position: nothing missed, nothing counted twice")
    func reconnects() async throws {
        try await ClientTests.withServer(items: Array(1...5)) { _, port, files, poller in
            let transport = DroppingTransport(drops: 2)
            let model = FeedScreenModel(
                loader: SectionLoader(
                    client: ClientTests.client(port, transport: transport), brand: "daily", section: "news", limit: 5),
                live: LiveOptions(initialBackoff: .milliseconds(50), maximumBackoff: .milliseconds(200)))
            await model.load()
            let observing = Task { for await _ in await model.updates() {} }
            defer { observing.cancel() }
            _ = await eventually { await model.isFollowing }
            for round in 1...3 {
                try files.write("news.rss", FeedFiles.rss(items: Array(1...(5 + 4 * round))))
                _ = try await poller.pollAllNow()
                try await Self.waitForPending(model, 4 * round)
            }
            #expect(transport.opened.current >= 3, "dropped twice, so connected at least three times")
            await model.showPending()
            #expect(await Self.titles(model) == (1...17).reversed().map { "Story \($0)" })
        }
    }
}
