import TidingsCatalog
import TidingsModel

/// Product states as of a position in the event log, kept between write transactions so a batch
/// need not reload products it (or an earlier batch) just wrote — reloading costs ≈ 15 µs a
/// product through sqlite-nio, most of a batch's time.
///
/// Products change only by appending events (and by rebuilding, which resets the cache). A write
/// that runs alone (every SQLite write; a large PostgreSQL batch) reads the log's position — the
/// highest `events.seq` — before it loads anything: when that is where the cache was left, nothing
/// was appended since by any process, and the cached states are current. A write that runs beside
/// others never uses the cache. It is updated only after a commit, and only from where it was.
final class ProductStateCache: Sendable {
    private struct State {
        /// The log position the states are current at; nil when nothing is known.
        var position: Int64?
        var states: [String: ProductState] = [:]
    }

    private let state = Locked(State())
    /// Beyond this many products the cache starts over rather than grow.
    static let capacity = 200_000

    /// The cached states for `ids` when the cache is current at log position `position` (products
    /// it knows to be absent are not reported); nil when it cannot be trusted.
    func states(for ids: Set<String>, at position: Int64) -> [String: ProductState]? {
        state.withLock { state in
            guard state.position == position else { return nil }
            var found: [String: ProductState] = [:]
            for id in ids { if let cached = state.states[id] { found[id] = cached } }
            return found
        }
    }

    /// Records a committed write that began with the log at `start` and left it at `end`, with its
    /// products' final states. From anywhere but where the cache was, only its own states are known.
    func committed(from start: Int64, to end: Int64, writes: [String: ProductState?]) {
        state.withLock { state in
            if state.position != start || state.states.count > Self.capacity {
                state.states.removeAll(keepingCapacity: true)
            }
            for (id, product) in writes { state.states[id] = product }
            state.position = end
        }
    }

    /// Forgets everything (after a failed transaction or a rebuild).
    func reset() {
        state.withLock { $0 = State() }
    }
}
