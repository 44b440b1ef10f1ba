import Foundation
import Hummingbird
import Synchronization

/// Encoded news pages, shared by every reader of a locale. Encoding 50 items costs ≈ 330 µs with
/// `JSONEncoder` (../shared/MEASURED.md), ten times what serving cached bytes costs, so pages are
/// kept as bytes and dropped on every write in this process. Entries also expire after a few
/// seconds, which bounds staleness when other processes write to a shared PostgreSQL database, and
/// keys include the minute, because `time_ago` and the feed window move with the clock.
final class NewsPageCache: Sendable {
    struct Page: Sendable {
        let body: ByteBuffer
        let etag: String
        let storedAt: Date
    }

    private struct State {
        var generation = 0
        var pages: [String: Page] = [:]
        var loading: [String: (id: Int, task: Task<Page, any Error>)] = [:]
        var nextLoad = 0
    }

    private let state = Mutex(State())
    static let lifetime: TimeInterval = 5
    static let capacity = 2_000

    func page(for key: String, now: Date) -> Page? {
        state.withLock { state in
            guard let page = state.pages[key] else { return nil }
            guard now.timeIntervalSince(page.storedAt) < Self.lifetime else {
                state.pages[key] = nil
                return nil
            }
            return page
        }
    }

    /// The cached page for `key`, or the one `load` makes. Concurrent misses of one key share a
    /// single load (when a page expires, 64 connections would otherwise all encode it at once —
    /// that herd was the p99 in docs/benchmarks.md). A page loaded across a write is returned but
    /// not kept.
    func page(for key: String, now: Date, load: @escaping @Sendable () async throws -> Page) async throws -> Page {
        if let page = page(for: key, now: now) { return page }
        let task = state.withLock { state -> Task<Page, any Error> in
            if let loading = state.loading[key] { return loading.task }
            let generation = state.generation
            state.nextLoad += 1
            let id = state.nextLoad
            let task = Task<Page, any Error> {
                defer {
                    self.state.withLock { state in
                        if state.loading[key]?.id == id { state.loading[key] = nil }
                    }
                }
                let page = try await load()
                self.state.withLock { state in
                    guard state.generation == generation else { return }
                    if state.pages.count >= Self.capacity { state.pages.removeAll(keepingCapacity: true) }
                    state.pages[key] = page
                }
                return page
            }
            state.loading[key] = (id, task)
            return task
        }
        return try await task.value
    }

    /// Grows with every write in this process: caches of pages built from the catalog (catalog
    /// sections) put it in their keys, so a write makes them miss.
    var generation: Int { state.withLock(\.generation) }

    func invalidate() {
        state.withLock { state in
            state.generation += 1
            state.pages.removeAll(keepingCapacity: true)
            // Loads already running finish for their waiters but are not kept; new requests start afresh.
            state.loading.removeAll()
        }
    }
}
