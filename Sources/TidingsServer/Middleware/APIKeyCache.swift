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
///
/// One read a key at a time: requests that need a key while it is being read wait for that read
/// instead of starting their own. Without that, every request arriving in the moment a kept key
/// expires read it again — 64 busy clients of one key made 20–30 reads a second, each holding one of
/// the pool's connections, and PostgreSQL's writes waited for a connection behind them (issue 41).
final class APIKeyCache: Sendable {
    /// Reads the key whose secret hashes to its argument from the store.
    typealias Read = @Sendable (_ hash: String) async throws -> APIKeyRecord?

    private enum Slot: Sendable {
        case kept(APIKeyRecord, read: ContinuousClock.Instant)
        case reading(Task<APIKeyRecord?, any Error>)
    }

    let lifetime: Duration
    let capacity: Int
    private let read: Read
    private let slots = Locked<[String: Slot]>([:])

    convenience init(store: any KeyStore, lifetime: Duration = .seconds(1), capacity: Int = 1_000) {
        self.init(lifetime: lifetime, capacity: capacity) { try await store.apiKey(hash: $0) }
    }

    init(lifetime: Duration = .seconds(1), capacity: Int = 1_000, read: @escaping Read) {
        self.lifetime = lifetime
        self.capacity = capacity
        self.read = read
    }

    /// The key whose secret hashes to `hash`, or nil when the store knows none.
    func key(hash: String) async throws -> APIKeyRecord? {
        let now = ContinuousClock.now
        let slot: Slot = slots.withLock { slots in
            switch slots[hash] {
            case .kept(let key, let read) where now - read < lifetime:
                return .kept(key, read: read)
            case .reading(let task):
                return .reading(task)
            case .kept, nil:
                let task = Task { try await self.readKey(hash: hash, at: now) }
                slots[hash] = .reading(task)
                return .reading(task)
            }
        }
        switch slot {
        case .kept(let key, _): return key
        case .reading(let task): return try await task.value
        }
    }

    /// Reads the key, then keeps it (or forgets the slot: an unknown key, a failed read).
    private func readKey(hash: String, at now: ContinuousClock.Instant) async throws -> APIKeyRecord? {
        let key: APIKeyRecord?
        do {
            key = try await read(hash)
        } catch {
            slots.withLock { _ = $0.removeValue(forKey: hash) }
            throw error
        }
        slots.withLock { slots in
            guard let key else {
                slots.removeValue(forKey: hash)
                return
            }
            if slots.count >= capacity {
                slots = slots.filter { if case .reading = $0.value { true } else { false } }
            }
            slots[hash] = .kept(key, read: now)
        }
        return key
    }
}
