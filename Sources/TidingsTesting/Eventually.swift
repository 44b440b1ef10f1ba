/// Waits until `condition` holds, asking every `interval`, for at most `limit`; returns whether it
/// held (asked once more at the end: a waiter woken late on a loaded machine still sees it).
///
/// The default limit is what a loaded machine needs, not what an idle one takes: what holds in
/// milliseconds here took over 20 s beside a parallel release build, and a counted loop of 25 ms
/// sleeps (five seconds) failed CI with the state simply not there yet. It runs on the caller's
/// actor, so `condition` may read main-actor state. A test that expects something *not* to happen
/// must not use this; it waits a fixed time and looks.
public func eventually(
    within limit: Duration = .seconds(120), every interval: Duration = .milliseconds(20),
    isolation: isolated (any Actor)? = #isolation, _ condition: () async throws -> Bool
) async rethrows -> Bool {
    let clock = ContinuousClock()
    let end = clock.now + limit
    while clock.now < end, !Task.isCancelled {
        if try await condition() { return true }
        try? await Task.sleep(for: interval)
    }
    return try await condition()
}
