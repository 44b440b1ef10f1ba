import Foundation
import TidingsModel

/// Whether other processes write to this store's database, as its announcements tell: the store
/// hears every other process's committed write while it follows changes (`followChanges`).
///
/// A catalog write that runs alone — under the database-wide lock, no other write beside it — may
/// trust the product states this process cached (``ProductStateCache``); one that runs beside
/// others, under key locks, must read them. While this process follows and has heard no other
/// process write for ``quiet``, it is the database's only writer in practice, and its catalog
/// writes take the database-wide lock (PostgreSQL: every group of single events then reuses the
/// cache instead of reading its products again). Once another process writes, it is heard and
/// writes go back to key locks, side by side with the others'. Correct either way: the choice is
/// only which is faster.
final class OtherWriters: Sendable {
    private struct State {
        var listening = false
        var lastHeard: ContinuousClock.Instant?
    }

    private let state = Locked(State())
    /// How long no other process must have written. Short: a wrong guess either way costs only
    /// speed (another process's write waits for this one's, or this one reads states it had), and
    /// announcements arrive within milliseconds of a commit.
    let quiet: Duration

    init(quiet: Duration) { self.quiet = quiet }

    /// The store listens (again): what was said while it did not is unknown, so it counts as heard.
    func startedListening(at now: ContinuousClock.Instant = .now) {
        state.withLock { $0 = State(listening: true, lastHeard: now) }
    }

    /// The store stopped listening: nothing is known of the others from here on.
    func stoppedListening() {
        state.withLock { $0.listening = false }
    }

    /// Another process committed a write.
    func heard(at now: ContinuousClock.Instant = .now) {
        state.withLock { $0.lastHeard = now }
    }

    /// When another process was last heard writing (or listening began); nil before it did.
    var lastHeard: ContinuousClock.Instant? { state.withLock { $0.lastHeard } }

    /// Whether this process is listening and has heard no other process write for `quiet`.
    func quietSince(_ now: ContinuousClock.Instant = .now) -> Bool {
        state.withLock { state in
            guard state.listening else { return false }
            return state.lastHeard.map { now - $0 >= quiet } ?? true
        }
    }
}
