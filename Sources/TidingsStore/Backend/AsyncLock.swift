/// A first-come first-served lock for async code. Actors re-enter at every `await`, so a writer that
/// must hold a connection across several awaits needs this instead.
public actor AsyncLock {
    /// The lock was not acquired within the time given.
    public struct Timeout: Error {}

    private struct Waiter {
        var id: UInt64
        var continuation: CheckedContinuation<Bool, Never>
        var timer: Task<Void, Never>?
    }

    private var locked = false
    private var waiters: [Waiter] = []
    private var nextID: UInt64 = 0

    public init() {}

    /// Runs `body` while holding the lock. With `timeout`, gives up waiting for the lock after that
    /// long and throws `Timeout` (the body never runs), so a queue behind a stuck holder drains
    /// instead of growing.
    public func withLock<T: Sendable>(
        timeout: Duration? = nil, _ body: @Sendable () async throws -> T
    ) async throws -> T {
        guard await acquire(timeout: timeout) else { throw Timeout() }
        defer { release() }
        return try await body()
    }

    private func acquire(timeout: Duration?) async -> Bool {
        guard locked else {
            locked = true
            return true
        }
        nextID += 1
        let id = nextID
        // The timer can only run `expire` after this method suspends below, with the waiter queued.
        let timer = timeout.map { timeout in
            Task { [weak self] in
                guard (try? await Task.sleep(for: timeout)) != nil else { return }
                await self?.expire(id)
            }
        }
        return await withCheckedContinuation { waiters.append(Waiter(id: id, continuation: $0, timer: timer)) }
    }

    private func expire(_ id: UInt64) {
        guard let index = waiters.firstIndex(where: { $0.id == id }) else { return }
        waiters.remove(at: index).continuation.resume(returning: false)
    }

    private func release() {
        if waiters.isEmpty {
            locked = false
        } else {
            let next = waiters.removeFirst()
            next.timer?.cancel()
            next.continuation.resume(returning: true)
        }
    }
}
