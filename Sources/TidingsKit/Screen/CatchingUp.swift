/// How far a follower of numbered states has come, and the callers waiting for it to reach a
/// number: an action that returns once the states it caused are shown. Used within one isolation
/// (an actor's, the main actor's); not `Sendable`.
final class CatchingUp {
    /// The number of the last state shown.
    private(set) var reached = 0
    private var waiting: [(number: Int, waiter: CheckedContinuation<Void, Never>)] = []

    /// The state numbered `number` is shown: those waiting for it, or for one before, go on.
    func reach(_ number: Int) {
        reached = max(reached, number)
        let ready = waiting.filter { $0.number <= reached }
        guard !ready.isEmpty else { return }
        waiting.removeAll { $0.number <= reached }
        for entry in ready { entry.waiter.resume() }
    }

    /// Returns once the state numbered `number` is shown.
    func wait(for number: Int, isolation: isolated (any Actor)? = #isolation) async {
        guard reached < number else { return }
        await withCheckedContinuation(isolation: isolation) { waiting.append((number, $0)) }
    }
}
