import TidingsCatalog
import TidingsModel

/// Product states as of a catalog version, kept between write transactions so a batch need not
/// reload products it (or an earlier batch) just wrote — reloading costs ≈ 15 µs a product through
/// sqlite-nio, most of a batch's time.
///
/// Every catalog write transaction increments `catalog_version` first, while it holds the write
/// lock. The cache is used only when it is exactly one version behind the transaction's new
/// version, i.e. nothing — no other process, no other task — has written since the cache was last
/// brought up to date. It is updated only after a commit, and only forward.
final class ProductStateCache: Sendable {
    private struct State {
        var version: Int64 = -1
        var states: [String: ProductState] = [:]
    }

    private let state = Locked(State())
    /// Beyond this many products the cache starts over rather than grow.
    static let capacity = 200_000

    /// The cached states for `ids` when the cache is current for a transaction at `version`
    /// (products it knows to be absent are not reported); nil when it cannot be trusted.
    func states(for ids: Set<String>, transactionVersion version: Int64) -> [String: ProductState]? {
        state.withLock { state in
            guard state.version == version - 1 else { return nil }
            var found: [String: ProductState] = [:]
            for id in ids { if let cached = state.states[id] { found[id] = cached } }
            return found
        }
    }

    /// Records a committed transaction's final product states.
    func committed(version: Int64, writes: [String: ProductState?]) {
        state.withLock { state in
            guard version > state.version else { return }  // an older commit reported late
            if version != state.version + 1 || state.states.count > Self.capacity {
                // Commits in between were not seen: only this transaction's states are known current.
                state.states.removeAll(keepingCapacity: true)
            }
            for (id, product) in writes { state.states[id] = product }
            state.version = version
        }
    }

    /// Forgets everything (after a failed transaction or a rebuild).
    func reset() {
        state.withLock { $0 = State() }
    }
}
