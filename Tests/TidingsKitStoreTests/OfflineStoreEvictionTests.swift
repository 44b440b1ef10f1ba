import Foundation
import Testing
import TidingsKitStore

@Suite("Offline store eviction")
struct OfflineStoreEvictionTests {
    /// A response whose body weighs `kilobytes` KiB.
    static func response(_ name: String, kilobytes: Int) -> StoredResponse {
        StoredResponse(
            url: "https://api.example/\(name)", body: Data(repeating: 0x7B, count: kilobytes << 10),
            fetchedAt: StoreFixtures.fetchedAt, freshUntil: StoreFixtures.fetchedAt)
    }

    @Test("writes keep the database under maxBytes")
    func staysUnderMaxBytes() throws {
        let store = try OfflineStore.inMemory(maxBytes: 512 << 10)
        for n in 0..<30 {
            try store.savePages([StoreFixtures.page("News", teasers: 60, from: n * 60)], feed: "feed-\(n)")
            #expect(try store.sizeBytes <= 512 << 10)
        }
        #expect(try !store.pages(feed: "feed-29").isEmpty)
        #expect(try store.pages(feed: "feed-0").isEmpty)
    }

    @Test("eviction drops the least recently used first, whatever their kind")
    func dropsLeastRecentlyUsed() throws {
        let store = try OfflineStore.inMemory(maxBytes: 400 << 10)
        for n in 0..<5 { try store.saveResponse(Self.response("r\(n)", kilobytes: 40)) }
        try store.savePages([StoreFixtures.page("News", teasers: 40)], feed: "news")
        _ = try store.response(url: "https://api.example/r0")
        for n in 5..<8 { try store.saveResponse(Self.response("r\(n)", kilobytes: 40)) }
        #expect(try store.response(url: "https://api.example/r0") != nil)
        #expect(try store.response(url: "https://api.example/r1") == nil)
        #expect(try store.response(url: "https://api.example/r7") != nil)
        #expect(try !store.pages(feed: "news").isEmpty)
        #expect(try store.sizeBytes <= 400 << 10)
    }

    @Test("evict reports what it dropped, and nothing under the limit")
    func evictCounts() throws {
        let roomy = try OfflineStore.inMemory()
        try roomy.saveResponse(Self.response("r0", kilobytes: 40))
        #expect(try roomy.evict() == 0)
        let file = StoreFixtures.temporaryPath()
        defer { StoreFixtures.remove(file) }
        for n in 0..<6 { try OfflineStore(path: file).saveResponse(Self.response("r\(n)", kilobytes: 40)) }
        let tight = try OfflineStore(path: file, maxBytes: 200 << 10)
        #expect(try tight.evict() >= 2)
        #expect(try tight.sizeBytes <= 200 << 10)
        #expect(try tight.response(url: "https://api.example/r5") != nil)
    }

    @Test("removing everything gives the space back")
    func removeAllShrinks() throws {
        let store = try OfflineStore.inMemory()
        let empty = try store.sizeBytes
        for n in 0..<5 { try store.saveResponse(Self.response("r\(n)", kilobytes: 40)) }
        try store.savePages([StoreFixtures.page("News", teasers: 100)], feed: "news")
        #expect(try store.sizeBytes > empty + (200 << 10))
        try store.removeAll()
        #expect(try store.sizeBytes <= empty)
        #expect(try store.pages(feed: "news").isEmpty)
    }
}
