import Foundation
import TidingsModel
import TidingsStore

/// API keys as the store holds them, each kept for `lifetime` after it was read: a write request
/// checks its key, and reading it from the database for every request cost more than the rest of a
/// single-event write (a read crossing to the database's threads, queued behind the writes). A key
/// revoked (`tidings keys revoke`, another process) is refused by a running server within
/// `lifetime`, a second by default. Unknown keys are not kept: each is asked of the store again, as
/// a key created a moment ago must work at once. At most `capacity` keys are kept; when full, the
/// kept ones are dropped and read again.
final class APIKeyCache: Sendable {
    private struct Entry: Sendable {
        let key: APIKeyRecord
        let read: ContinuousClock.Instant
    }

    let store: any KeyStore
    let lifetime: Duration
    let capacity: Int
    private let entries = Locked<[String: Entry]>([:])

    init(store: any KeyStore, lifetime: Duration = .seconds(1), capacity: Int = 1_000) {
        self.store = store
        self.lifetime = lifetime
        self.capacity = capacity
    }

    /// The key whose secret hashes to `hash`, or nil when the store knows none.
    func key(hash: String) async throws -> APIKeyRecord? {
        let now = ContinuousClock.now
        if let entry = entries.withLock({ $0[hash] }), now - entry.read < lifetime { return entry.key }
        guard let key = try await store.apiKey(hash: hash) else {
            entries.withLock { _ = $0.removeValue(forKey: hash) }
            return nil
        }
        entries.withLock { entries in
            if entries.count >= capacity, entries[hash] == nil { entries.removeAll(keepingCapacity: true) }
            entries[hash] = Entry(key: key, read: now)
        }
        return key
    }
}
