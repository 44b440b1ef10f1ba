import TidingsModel

/// Runs `operation` and returns what it returns, or throws `timedOut()` once `timeout` has passed,
/// even when the operation ignores cancellation: it is then cancelled and left to end on its own.
/// For calls into code we do not own that have been seen to hang (a database connection half
/// closed by a restart), so the caller always gets an answer.
public func withDeadline<T: Sendable>(
    _ timeout: Duration, timedOut: @autoclosure @escaping @Sendable () -> any Error,
    _ operation: @escaping @Sendable () async throws -> T
) async throws -> T {
    let race = DeadlineRace<T>()
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
            race.start(continuation, timeout: timeout, timedOut: timedOut, operation)
        }
    } onCancel: {
        race.cancel()
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
        timedOut: @escaping @Sendable () -> any Error, _ operation: @escaping @Sendable () async throws -> T
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
            guard (try? await Task.sleep(for: timeout)) != nil else { return }
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
