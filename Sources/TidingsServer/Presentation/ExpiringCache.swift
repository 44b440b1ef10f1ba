import Foundation
import Synchronization

/// Values kept for a few seconds, shared by every request: bounds how stale a page can be when
/// another process writes, while sparing the database and the encoder the same work per request.
/// `removeAll()` drops everything at once when this process writes.
final class ExpiringCache<Value: Sendable>: Sendable {
    private struct Stored {
        let value: Value
        let storedAt: Date
    }

    private let entries = Mutex([String: Stored]())
    let lifetime: TimeInterval
    let capacity: Int

    init(lifetime: TimeInterval, capacity: Int = 2_000) {
        self.lifetime = lifetime
        self.capacity = capacity
    }

    func value(for key: String, now: Date) -> Value? {
        entries.withLock { entries in
            guard let stored = entries[key] else { return nil }
            guard now.timeIntervalSince(stored.storedAt) < lifetime else {
                entries[key] = nil
                return nil
            }
            return stored.value
        }
    }

    func store(_ value: Value, for key: String, now: Date) {
        entries.withLock { entries in
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = Stored(value: value, storedAt: now)
        }
    }

    /// The cached value, or the one `load` makes (then kept).
    func value(for key: String, now: Date, load: () async throws -> Value) async rethrows -> Value {
        if let value = value(for: key, now: now) { return value }
        let value = try await load()
        store(value, for: key, now: now)
        return value
    }

    /// Drops the values whose key starts with any of `prefixes`.
    func remove(prefixes: [String]) {
        guard !prefixes.isEmpty else { return }
        entries.withLock { entries in
            entries = entries.filter { key, _ in !prefixes.contains { key.hasPrefix($0) } }
        }
    }

    func removeAll() {
        entries.withLock { $0.removeAll(keepingCapacity: true) }
    }
}
