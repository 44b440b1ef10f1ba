import Foundation
import Testing
import TidingsModel
import TidingsStore
import TidingsTesting

@testable import TidingsServer

@Suite("API keys read once a lifetime")
struct APIKeyCacheTests {
    /// A cache over a real store that counts its reads; `gate` holds each read until opened.
    struct Counted {
        let cache: APIKeyCache
        let reads: Locked<Int>
    }

    static func counted(
        _ store: any KeyStore, lifetime: Duration = .seconds(60), gate: AsyncGate? = nil,
        failing: Locked<Bool> = Locked(false)
    ) -> Counted {
        let reads = Locked(0)
        let cache = APIKeyCache(lifetime: lifetime) { hash in
            reads.withLock { $0 += 1 }
            await gate?.wait(limit: .seconds(30))
            if failing.current { throw StoreUnavailable("the database is down") }
            return try await store.apiKey(hash: hash)
        }
        return Counted(cache: cache, reads: reads)
    }

    @Test("many requests asking at once for a key being read wait for that one read")
    func oneReadForManyAsking() async throws {
        try await TestDatabase.with(.sqlite) { database in
            let store = try await database.open()
            let record = try await store.createAPIKey(name: "k", hash: "hash-k", at: Date())
            let gate = AsyncGate()
            let counted = Self.counted(store, gate: gate)
            let keys = try await withThrowingTaskGroup(of: APIKeyRecord?.self) { group in
                for _ in 0..<50 { group.addTask { try await counted.cache.key(hash: "hash-k") } }
                // Every asker has arrived (a second one would otherwise start its own read) …
                try await Task.sleep(for: .milliseconds(200))
                await gate.open()
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(keys.count == 50)
            #expect(keys.allSatisfy { $0 == record })
            #expect(counted.reads.current == 1)
            // … and the key is kept: asked again, it is not read.
            #expect(try await counted.cache.key(hash: "hash-k") == record)
            #expect(counted.reads.current == 1)
            try await store.close()
        }
    }

    @Test("a key is read again once its lifetime is over: a revoked key is refused")
    func readAgainAfterLifetime() async throws {
        try await TestDatabase.with(.sqlite) { database in
            let store = try await database.open()
            let record = try await store.createAPIKey(name: "k", hash: "hash-k", at: Date())
            let counted = Self.counted(store, lifetime: .milliseconds(50))
            #expect(try await counted.cache.key(hash: "hash-k")?.revokedAt == nil)
            #expect(try await store.revokeAPIKey(id: record.id, at: Date()))
            try await Task.sleep(for: .milliseconds(80))
            #expect(try await counted.cache.key(hash: "hash-k")?.revokedAt != nil)
            #expect(counted.reads.current == 2)
            try await store.close()
        }
    }

    @Test("unknown keys and failed reads are not kept: the next request asks the store again")
    func unknownAndFailedNotKept() async throws {
        try await TestDatabase.with(.sqlite) { database in
            let store = try await database.open()
            let failing = Locked(false)
            let counted = Self.counted(store, failing: failing)
            #expect(try await counted.cache.key(hash: "hash-new") == nil)
            let record = try await store.createAPIKey(name: "new", hash: "hash-new", at: Date())
            #expect(try await counted.cache.key(hash: "hash-new") == record, "a key made a moment ago works at once")
            #expect(counted.reads.current == 2)

            failing.withLock { $0 = true }
            await #expect(throws: StoreUnavailable.self) { try await counted.cache.key(hash: "hash-other") }
            failing.withLock { $0 = false }
            #expect(try await counted.cache.key(hash: "hash-other") == nil)
            #expect(counted.reads.current == 4)
            try await store.close()
        }
    }
}
