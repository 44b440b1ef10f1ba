import Foundation
import Metrics
import TidingsModel
import TidingsStore

/// What a cached value was built from. A write to it drops every value built from it.
enum CacheScope: Hashable, Sendable {
    /// Catalog news (every catalog write).
    case catalog
    /// The entries of one section (the poller's writes).
    case section(SectionKey)
    /// Source states (every poll).
    case sources
    /// Articles extracted from their pages (the article refresher's writes).
    case articles

    /// What a write of these sections' entries changed: the sections, and the source states.
    static func written(_ sections: some Sequence<SectionKey>) -> Set<CacheScope> {
        Set(sections.map(CacheScope.section)).union([.sources])
    }
}

/// A cache key: typed, compared whole, and naming what its value was built from — no string is
/// joined to make it and none is matched by prefix to drop it.
protocol PageCacheKey: Hashable, Sendable {
    var scopes: [CacheScope] { get }
    /// When a value under this key goes stale by itself, if it does (one keyed by the minute).
    var staleAt: Date? { get }
}

extension PageCacheKey {
    var staleAt: Date? { nil }
}

/// Drops cached values when what they were built from changes. Every `PageCache` of a process
/// registers with one; the catalog's writes and the poller's tell it what changed, and so does
/// the ``ChangeFollower`` for what other processes wrote.
final class CacheInvalidation: Sendable {
    /// What a registered cache drops: the values built from these scopes, or (nil) all of them.
    private let caches = Locked<[@Sendable (Set<CacheScope>?) -> Void]>([])
    /// Who is told once every cache has dropped (live readers, who then read again).
    private let listeners = Locked<[@Sendable (Set<CacheScope>?) -> Void]>([])

    func register(_ drop: @escaping @Sendable (Set<CacheScope>?) -> Void) {
        caches.withLock { $0.append(drop) }
    }

    /// Calls `heard` after every registered cache, whenever made, has dropped what a change made
    /// stale: what `heard` then reads is built anew.
    func listen(_ heard: @escaping @Sendable (Set<CacheScope>?) -> Void) {
        listeners.withLock { $0.append(heard) }
    }

    /// Drops, in every registered cache, the values built from any of `scopes`.
    func invalidate(_ scopes: Set<CacheScope>) {
        guard !scopes.isEmpty else { return }
        drop(scopes)
    }

    /// Drops what a change another process committed made stale.
    func invalidate(_ change: StoreChange) {
        if change.everything { return drop(nil) }
        var scopes = change.sections.isEmpty ? [] : CacheScope.written(change.sections)
        if change.catalog { scopes.insert(.catalog) }
        invalidate(scopes)
    }

    private func drop(_ scopes: Set<CacheScope>?) {
        for drop in caches.current { drop(scopes) }
        for heard in listeners.current { heard(scopes) }
    }
}

/// A cache's lookups in `tidings_cache_lookups_total`, counted by whether they found a value.
struct CacheLookups: Sendable {
    private let hits: Counter
    private let misses: Counter

    /// The counters of the cache called `name` in the metrics.
    init(_ name: String) {
        _ = TidingsMetrics.registry
        hits = Counter(label: MetricCatalog.cacheLookupsTotal.name, dimensions: [("cache", name), ("result", "hit")])
        misses = Counter(
            label: MetricCatalog.cacheLookupsTotal.name, dimensions: [("cache", name), ("result", "miss")])
    }

    /// Counts a lookup that `found` a value or not.
    func count(found: Bool) {
        (found ? hits : misses).increment()
    }
}

/// Pages (or their parts) shared by every request for a few seconds: encoding 50 items costs
/// ≈ 330 µs with `JSONEncoder` (../shared/MEASURED.md), ten times what serving cached bytes
/// costs. Writes drop the values built from what they changed at once: this process's writes
/// directly, other processes' when their announcement is heard (``ChangeFollower``). Values live
/// at most `lifetime` seconds all the same, which bounds staleness while announcements cannot be
/// heard (the database connection lost, or several processes on one SQLite file). Concurrent misses of one key share a single load: when a page
/// expires, 64 connections would otherwise all build it at once (that herd was the p99 in
/// docs/benchmarks.md). A value loaded across a write that touched its scopes is returned to
/// its waiters but not kept.
final class PageCache<Key: PageCacheKey, Value: Sendable>: Sendable {
    private struct Stored {
        let value: Value
        let storedAt: Date
    }

    private let values = Locked<[Key: Stored]>([:])
    /// Loads under way: a write forgets those of the keys it touched.
    private let loads = SingleFlight<Key, Value>()
    let lifetime: TimeInterval
    let capacity: Int
    /// Lookups that found a fresh value, and those that did not.
    private let lookups: CacheLookups

    /// A cache named `name` in the metrics.
    init(_ name: String, lifetime: TimeInterval = 5, capacity: Int = 2_000, invalidation: CacheInvalidation) {
        self.lifetime = lifetime
        self.capacity = capacity
        lookups = CacheLookups(name)
        invalidation.register { [weak self] scopes in
            if let scopes { self?.drop(scopes) } else { self?.dropAll() }
        }
    }

    /// The fresh value for `key`, if one is kept.
    func value(for key: Key, now: Date) -> Value? {
        let found = values.withLock { values -> Stored? in
            guard let stored = values[key] else { return nil }
            guard now.timeIntervalSince(stored.storedAt) < lifetime else {
                values[key] = nil
                return nil
            }
            return stored
        }
        lookups.count(found: found != nil)
        guard let found else { return nil }
        told(key, storedAt: found.storedAt)
        return found.value
    }

    /// Tells the answer being made, if it may be kept whole, what went into it and until when.
    private func told(_ key: Key, storedAt: Date) {
        guard let ticket = KeepTicket.current else { return }
        let expires = storedAt.addingTimeInterval(lifetime)
        ticket.built(from: key.scopes, until: key.staleAt.map { min($0, expires) } ?? expires)
    }

    /// The cached value for `key`, or the one `load` makes (kept unless a write to its scopes
    /// happened meanwhile); concurrent callers with one key wait for one load.
    func value(for key: Key, now: Date, load: @escaping @Sendable () async throws -> Value) async throws -> Value {
        if let value = value(for: key, now: now) { return value }
        defer { told(key, storedAt: now) }
        return try await loads.value(for: key, work: load) { [values, capacity] result, current in
            // A load a write forgot is no longer this key's: returned to its waiters, not kept.
            guard current, case .success(let value) = result else { return }
            values.withLock { values in
                if values.count >= capacity { values.removeAll(keepingCapacity: true) }
                values[key] = Stored(value: value, storedAt: now)
            }
        }
    }

    /// Drops every value; loads running finish for their waiters but are not kept.
    func dropAll() {
        // Loads first: one finishing now is then either kept before the values go, or not kept.
        loads.forget { _ in true }
        values.withLock { $0.removeAll() }
    }

    /// Drops the values built from any of `scopes`; loads of such keys already running finish for
    /// their waiters but are not kept, and new requests start afresh.
    func drop(_ scopes: Set<CacheScope>) {
        func touched(_ key: Key) -> Bool { key.scopes.contains(where: scopes.contains) }
        loads.forget(where: touched)
        values.withLock { values in
            for key in values.keys.filter(touched) { values[key] = nil }
        }
    }
}
