import Foundation
import Testing
import TidingsModel

@testable import TidingsServer

/// The one page cache: typed keys, a lifetime, one load per key at a time, and writes that drop
/// exactly the values built from what they changed.
@Suite("Page cache")
struct PageCacheTests {
    struct Key: PageCacheKey {
        var name: String
        var scopes: [CacheScope]
    }

    static let news = SectionKey(brand: "courier", section: "news")
    static let shop = SectionKey(brand: "grocery", section: "shop")
    static let start = Date(timeIntervalSince1970: 1_000_000)

    @Test func keepsAValueForItsLifetimeOnly() async throws {
        let invalidation = CacheInvalidation()
        let cache = PageCache<Key, Int>("test", lifetime: 5, invalidation: invalidation)
        let key = Key(name: "a", scopes: [.catalog])
        let loads = Counter()
        func load(at now: Date) async throws -> Int {
            try await cache.value(for: key, now: now) { loads.next() }
        }
        #expect(try await load(at: Self.start) == 1)
        #expect(try await load(at: Self.start.addingTimeInterval(4.9)) == 1)
        #expect(try await load(at: Self.start.addingTimeInterval(5)) == 2, "expired after its lifetime")
    }

    @Test func aWriteDropsTheValuesBuiltFromItAndNoOthers() async throws {
        let invalidation = CacheInvalidation()
        let pages = PageCache<Key, String>("test", invalidation: invalidation)
        let documents = PageCache<Key, String>("test", invalidation: invalidation)
        let newsPage = Key(name: "news", scopes: [.section(Self.news)])
        let shopPage = Key(name: "shop", scopes: [.section(Self.shop), .catalog])
        let newsFeed = Key(name: "news.rss", scopes: [.section(Self.news)])
        _ = try await pages.value(for: newsPage, now: Self.start) { "news" }
        _ = try await pages.value(for: shopPage, now: Self.start) { "shop" }
        _ = try await documents.value(for: newsFeed, now: Self.start) { "rss" }

        invalidation.invalidate([.catalog])
        #expect(
            pages.value(for: shopPage, now: Self.start) == nil, "a page with catalog news goes with a catalog write")
        #expect(pages.value(for: newsPage, now: Self.start) == "news")

        invalidation.invalidate([.section(Self.news)])
        #expect(pages.value(for: newsPage, now: Self.start) == nil)
        #expect(documents.value(for: newsFeed, now: Self.start) == nil, "every cache of the process hears it")

        _ = try await pages.value(for: newsPage, now: Self.start) { "news" }
        invalidation.invalidate([.section(SectionKey(brand: "courier", section: "other")), .sources])
        #expect(pages.value(for: newsPage, now: Self.start) == "news", "another section's write leaves it")
    }

    @Test func concurrentMissesShareOneLoad() async throws {
        let cache = PageCache<Key, Int>("test", invalidation: CacheInvalidation())
        let key = Key(name: "a", scopes: [.catalog])
        let loads = Counter()
        let gate = Gate()
        let values = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<20 {
                group.addTask {
                    try await cache.value(for: key, now: Self.start) {
                        await gate.wait()
                        return loads.next()
                    }
                }
            }
            // Let every caller reach the cache before the one load finishes.
            try await Task.sleep(for: .milliseconds(100))
            await gate.open()
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(loads.count == 1)
        #expect(values == Array(repeating: 1, count: 20))
    }

    @Test func aValueLoadedAcrossAWriteIsReturnedButNotKept() async throws {
        let invalidation = CacheInvalidation()
        let cache = PageCache<Key, String>("test", invalidation: invalidation)
        let key = Key(name: "a", scopes: [.section(Self.news)])
        let gate = Gate()
        async let stale = cache.value(for: key, now: Self.start) {
            await gate.wait()
            return "before the write"
        }
        try await Task.sleep(for: .milliseconds(50))
        invalidation.invalidate([.section(Self.news)])
        await gate.open()
        #expect(try await stale == "before the write")
        #expect(cache.value(for: key, now: Self.start) == nil)
        #expect(try await cache.value(for: key, now: Self.start) { "after" } == "after")
    }

    @Test func aFailedLoadIsNotKept() async throws {
        struct Failure: Error {}
        let cache = PageCache<Key, String>("test", invalidation: CacheInvalidation())
        let key = Key(name: "a", scopes: [.catalog])
        await #expect(throws: Failure.self) {
            try await cache.value(for: key, now: Self.start) { throw Failure() }
        }
        #expect(try await cache.value(for: key, now: Self.start) { "second try" } == "second try")
    }
}

/// Counts loads.
private final class Counter: Sendable {
    private let value = Locked(0)
    var count: Int { value.current }
    func next() -> Int {
        value.withLock {
            $0 += 1
            return $0
        }
    }
}

/// Holds loads until the test opens it.
private actor Gate {
    private var isOpen = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func wait() async {
        if isOpen { return }
        await withCheckedContinuation { waiting.append($0) }
    }

    func open() {
        isOpen = true
        for continuation in waiting { continuation.resume() }
        waiting = []
    }
}
