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
    }

    private let state = Mutex(State())
    static let lifetime: TimeInterval = 5
    static let capacity = 2_000

    /// The current generation; read it before loading so a write during the load is noticed.
    var generation: Int { state.withLock { $0.generation } }

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

    /// Stores a page computed at `generation`, unless a write has happened since.
    func store(_ page: Page, for key: String, generation: Int) {
        state.withLock { state in
            guard state.generation == generation else { return }
            if state.pages.count >= Self.capacity { state.pages.removeAll(keepingCapacity: true) }
            state.pages[key] = page
        }
    }

    func invalidate() {
        state.withLock { state in
            state.generation += 1
            state.pages.removeAll(keepingCapacity: true)
        }
    }
}
