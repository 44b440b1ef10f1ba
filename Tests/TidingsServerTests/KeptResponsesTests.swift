import CompressNIO
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
import TidingsModel
import TidingsStore
import TidingsTesting

@testable import TidingsServer

/// Whole answers kept by what their request says: kept only when the handler asks and nothing
/// personal went into them, dropped with what they were built from, never longer than it.
@Suite("Kept responses")
struct KeptResponsesTests {
    struct Key: PageCacheKey {
        var name: String
        var scopes: [CacheScope]
        var staleAt: Date?
    }

    static let start = Date(timeIntervalSince1970: 1_000_000)
    static let news = SectionKey(brand: "courier", section: "news")

    static func key(_ path: String, encoding: String? = nil) -> KeptResponses.Key {
        KeptResponses.Key(method: .get, path: path, acceptEncoding: encoding)
    }

    static func lookup(_ path: String, encoding: String? = nil, namesReader: Bool = false) -> KeptResponses.Lookup {
        KeptResponses.Lookup(key(path, encoding: encoding), namesReader: namesReader)
    }

    static func entry(_ text: String, scopes: Set<CacheScope> = [.catalog], until: TimeInterval = 5)
        -> KeptResponses.Entry
    {
        KeptResponses.Entry(
            headers: [.contentType: "text/plain", .eTag: "\"\(text)\""], body: ByteBuffer(string: text),
            route: "/x", scopes: scopes, until: start.addingTimeInterval(until))
    }

    @Test func aTicketLearnsTheScopesAndTheEarliestEndOfWhatWentIntoTheAnswer() async throws {
        let invalidation = CacheInvalidation()
        let pages = PageCache<Key, String>("test", lifetime: 5, invalidation: invalidation)
        let minute = Key(name: "minute", scopes: [.catalog], staleAt: Self.start.addingTimeInterval(2))
        // Stored a second earlier: fresh for four more seconds.
        _ = try await pages.value(for: Key(name: "old", scopes: [.sources]), now: Self.start.addingTimeInterval(-1)) {
            "old"
        }
        let ticket = KeepTicket(until: Self.start.addingTimeInterval(5))
        try await KeepTicket.$current.withValue(ticket) {
            _ = try await pages.value(for: Key(name: "old", scopes: [.sources]), now: Self.start) { "new" }
            #expect(ticket.kept == nil, "not kept until the handler asks")
            KeepTicket.current?.keep()
            #expect(ticket.kept?.until == Self.start.addingTimeInterval(4), "the older value's end")
            _ = try await pages.value(for: minute, now: Self.start) { "made" }
            _ = try await pages.value(for: Key(name: "news", scopes: [.section(Self.news)]), now: Self.start) { "x" }
        }
        #expect(ticket.kept?.scopes == [.sources, .catalog, .section(Self.news)])
        #expect(ticket.kept?.until == Self.start.addingTimeInterval(2), "a value keyed by the minute ends with it")
        ticket.dependsOnReader(named: false)
        #expect(ticket.kept?.anonymous == true, "kept for readers who name none")
        ticket.dependsOnReader(named: true)
        #expect(ticket.kept == nil, "a reader's own answer is never kept")
        // Outside a ticket's task, caches tell nobody.
        _ = try await pages.value(for: minute, now: Self.start) { "made" }
    }

    @Test func keepsAnAnswerUntilItsEndOrADropOfItsScopes() {
        let invalidation = CacheInvalidation()
        let kept = KeptResponses(invalidation: invalidation)
        kept.keep(Self.entry("news"), for: Self.key("/news"), madeAt: kept.generation, now: Self.start)
        kept.keep(
            Self.entry("section", scopes: [.section(Self.news), .sources]), for: Self.key("/section"),
            madeAt: kept.generation, now: Self.start)
        #expect(kept.entry(for: Self.lookup("/news"), now: Self.start)?.body == ByteBuffer(string: "news"))
        #expect(kept.entry(for: Self.lookup("/news", encoding: "gzip"), now: Self.start) == nil, "other codings apart")
        #expect(kept.entry(for: Self.lookup("/news"), now: Self.start.addingTimeInterval(5)) == nil, "its end")
        #expect(kept.entry(for: Self.lookup("/news"), now: Self.start) == nil, "dropped once past its end")

        invalidation.invalidate([.catalog])
        #expect(kept.entry(for: Self.lookup("/section"), now: Self.start) != nil, "other scopes stay")
        invalidation.invalidate([.sources])
        #expect(kept.entry(for: Self.lookup("/section"), now: Self.start) == nil)
        #expect(kept.count == 0)
    }

    @Test func anAnswerForReadersWhoNameNoneIsNotServedToOneWhoDoes() {
        let kept = KeptResponses(invalidation: CacheInvalidation())
        let entry = Self.entry("cards")
        kept.keep(
            KeptResponses.Entry(
                headers: entry.headers, body: entry.body, route: nil, scopes: entry.scopes, until: entry.until,
                anonymous: true),
            for: Self.key("/cards"), madeAt: 0, now: Self.start)
        kept.keep(Self.entry("plain"), for: Self.key("/plain"), madeAt: 0, now: Self.start)
        #expect(kept.entry(for: Self.lookup("/cards"), now: Self.start) != nil)
        #expect(kept.entry(for: Self.lookup("/cards", namesReader: true), now: Self.start) == nil)
        #expect(kept.entry(for: Self.lookup("/plain", namesReader: true), now: Self.start) != nil)
    }

    @Test func anAnswerMadeAcrossADropIsNotKept() {
        let invalidation = CacheInvalidation()
        let kept = KeptResponses(invalidation: invalidation)
        let before = kept.generation
        invalidation.invalidate([.section(SectionKey(brand: "other", section: "x"))])
        kept.keep(Self.entry("news"), for: Self.key("/news"), madeAt: before, now: Self.start)
        #expect(kept.count == 0, "the drop may have been of something in it")
        kept.keep(Self.entry("news"), for: Self.key("/news"), madeAt: kept.generation, now: Self.start)
        #expect(kept.count == 1)
        invalidation.invalidate(StoreChange.everything)
        #expect(kept.count == 0)
    }

    @Test func pastItsCapacityItDropsTheStaleThenAll() {
        let kept = KeptResponses(capacity: 2, limitBytes: 1 << 20, invalidation: CacheInvalidation())
        kept.keep(Self.entry("a", until: 1), for: Self.key("/a"), madeAt: 0, now: Self.start)
        kept.keep(Self.entry("b"), for: Self.key("/b"), madeAt: 0, now: Self.start)
        let later = Self.start.addingTimeInterval(2)
        kept.keep(Self.entry("c"), for: Self.key("/c"), madeAt: 0, now: later)
        #expect(kept.count == 2, "the one past its end made room")
        kept.keep(Self.entry("d"), for: Self.key("/d"), madeAt: 0, now: later)
        #expect(kept.count == 0)
        let small = KeptResponses(limitBytes: 3, invalidation: CacheInvalidation())
        small.keep(Self.entry("abcd"), for: Self.key("/a"), madeAt: 0, now: Self.start)
        #expect(small.count == 0, "over the bytes")
    }

    // MARK: - Through the server

    static func newsEvent(_ id: String, product: String, price: String) -> ByteBuffer {
        .json(
            """
            {"events":[{"id":"\(id)","type":"product_created","product_id":"\(product)","name":"\(product)",\
            "unit":"kg","unit_size":"1","store_price":"\(price)","at":"2026-11-02T11:00:00Z"}]}
            """)
    }

    @Test("a kept news page is the same bytes, and a write shows at once")
    func newsPage() async throws {
        try await TestApp.with { app, client in
            try await client.execute(
                uri: "/api/v1/events", method: .post, headers: app.writeHeaders,
                body: Self.newsEvent("e1", product: "p1", price: "1.00")
            ) { #expect($0.status == .ok) }
            var first = ByteBuffer()
            var etag = ""
            try await client.execute(uri: "/api/v1/news_items", method: .get) { response throws in
                first = response.body
                etag = response.headers[.eTag] ?? ""
            }
            try await client.execute(uri: "/api/v1/news_items", method: .get) { response throws in
                #expect(response.status == .ok)
                #expect(response.body == first)
                #expect(response.headers[.vary] == "Accept-Language, Accept-Encoding")
                #expect(response.headers[HTTPField.Name("X-Request-Id")!] != nil, "ids are per request")
            }
            try await client.execute(uri: "/api/v1/news_items", method: .get, headers: [.ifNoneMatch: etag]) {
                response throws in
                #expect(response.status == .notModified)
                #expect(response.headers[.eTag] == etag)
                #expect(response.headers[.contentType] == nil)
                #expect(response.body.readableBytes == 0)
            }
            try await client.execute(
                uri: "/api/v1/events", method: .post, headers: app.writeHeaders,
                body: Self.newsEvent("e2", product: "p2", price: "2.00")
            ) { #expect($0.status == .ok) }
            try await client.execute(uri: "/api/v1/news_items", method: .get) { response throws in
                let page = try response.json(NewsItemsPage.self)
                #expect(page.items.map(\.id) == ["e2", "e1"], "the write dropped the kept answer")
            }
        }
    }

    @Test("a liveness probe's answer is kept, and every answer still has an id of its own, once")
    func health() async throws {
        try await TestApp.with { app, client in
            #expect(app.runtime.environment.kept.count == 0)
            var ids: [String] = []
            for _ in 0..<3 {
                try await client.execute(uri: "/health", method: .get) { response throws in
                    #expect(response.status == .ok && response.text == #"{"status":"ok"}"#)
                    ids += response.headers[values: HTTPField.Name("X-Request-Id")!]
                }
            }
            #expect(app.runtime.environment.kept.count == 1)
            #expect(ids.count == 3 && Set(ids).count == 3, "one id a response, each its own: \(ids)")
            try await client.execute(
                uri: "/health", method: .get, headers: [HTTPField.Name("X-Request-Id")!: "probe-1"]
            ) { response throws in
                #expect(response.headers[values: HTTPField.Name("X-Request-Id")!] == ["probe-1"])
            }
        }
    }

    @Test("gzip and plain answers are kept apart, each as the compression made it")
    func codings() async throws {
        try await TestApp.with { app, client in
            for index in 0..<30 {
                try await client.execute(
                    uri: "/api/v1/events", method: .post, headers: app.writeHeaders,
                    body: Self.newsEvent("e\(index)", product: "p\(index)", price: "\(index + 1).00")
                ) { #expect($0.status == .ok) }
            }
            var plain = ByteBuffer()
            for round in 0..<2 {
                try await client.execute(uri: "/api/v1/news_items", method: .get) { response throws in
                    #expect(response.headers[.contentEncoding] == nil, "round \(round)")
                    plain = response.body
                }
                try await client.execute(
                    uri: "/api/v1/news_items", method: .get, headers: [.acceptEncoding: "gzip"]
                ) { response throws in
                    #expect(response.headers[.contentEncoding] == "gzip", "round \(round)")
                    #expect(response.headers[.eTag]?.hasPrefix("W/") == true)
                    var body = response.body
                    #expect(try body.decompress(with: .gzip()) == plain)
                }
            }
        }
    }

    @Test("requests with credentials, and pages with a reader's own cards, are not kept")
    func notKept() async throws {
        try await TestApp.with { app, client in
            let kept = app.runtime.environment.kept
            try await client.execute(
                uri: "/api/v1/news_items", method: .get, headers: [.authorization: "Bearer \(app.key)"]
            ) { #expect($0.status == .ok) }
            #expect(kept.count == 0)
            try await client.execute(uri: "/api/v1/news_items", method: .get) { #expect($0.status == .ok) }
            #expect(kept.count == 1)
        }
    }
}
