import TidingsModel

/// Runs `operation` and returns what it returns, or throws `timedOut()` once `timeout` has passed,
/// even when the operation ignores cancellation: it is then cancelled and left to end on its own.
/// For calls into code we do not own that have been seen to hang (a database connection half
/// closed by a restart), so the caller always gets an answer.
///
/// With a `watch`, the caller also looks every `watch.every` at what the operation depends on and
/// is answered with the watch's error as soon as it has one: a statement lost on a closed
/// connection then costs a second or two, not the whole timeout.
public func withDeadline<T: Sendable>(
    _ timeout: Duration, timedOut: @autoclosure @escaping @Sendable () -> any Error, watch: DeadlineWatch? = nil,
    _ operation: @escaping @Sendable () async throws -> T
) async throws -> T {
    let race = DeadlineRace<T>()
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
            race.start(continuation, timeout: timeout, timedOut: timedOut, watch: watch, operation)
        }
    } onCancel: {
        race.cancel()
    }
}

/// What a caller of ``withDeadline(_:timedOut:watch:_:)`` checks while it waits: `verdict` is
/// asked every `every` and ends the wait with the error it returns.
public struct DeadlineWatch: Sendable {
    public var every: Duration
    public var verdict: @Sendable () -> (any Error)?

    public init(every: Duration, verdict: @escaping @Sendable () -> (any Error)?) {
        self.every = every
        self.verdict = verdict
    }
}

/// The state shared by the operation, its timer and the caller: whichever finishes first resumes
/// the caller, exactly once, and stops the other.
private final class DeadlineRace<T: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<T, any Error>?
        var work: Task<Void, Never>?
        var timer: Task<Void, Never>?
        var cancelled = false
    }

    private let state = Locked(State())

    func start(
        _ continuation: CheckedContinuation<T, any Error>, timeout: Duration,
        timedOut: @escaping @Sendable () -> any Error, watch: DeadlineWatch?,
        _ operation: @escaping @Sendable () async throws -> T
    ) {
        let cancelled = state.withLock { state in
            state.continuation = continuation
            return state.cancelled
        }
        if cancelled { return finish(.failure(CancellationError())) }
        let work = Task {
            do {
                self.finish(.success(try await operation()))
            } catch {
                self.finish(.failure(error))
            }
        }
        let timer = Task {
            let clock = ContinuousClock()
            let end = clock.now + timeout
            while clock.now < end {
                let wake = watch.map { min(clock.now + $0.every, end) } ?? end
                guard (try? await Task.sleep(until: wake, clock: clock)) != nil else { return }
                if let error = watch?.verdict() { return self.finish(.failure(error)) }
            }
            self.finish(.failure(timedOut()))
        }
        let finished = state.withLock { state in
            state.work = work
            state.timer = timer
            return state.continuation == nil
        }
        if finished {
            work.cancel()
            timer.cancel()
        }
    }

    func cancel() {
        state.withLock { $0.cancelled = true }
        finish(.failure(CancellationError()))
    }

    private func finish(_ result: Result<T, any Error>) {
        let (continuation, work, timer) = state.withLock { state in
            defer { state.continuation = nil }
            return (state.continuation, state.work, state.timer)
        }
        guard let continuation else { return }
        work?.cancel()
        timer?.cancel()
        continuation.resume(with: result)
    }
}
