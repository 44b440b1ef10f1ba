import Foundation
import TidingsStore

/// Another connection holding the database's write lock, as a backup or a `sqlite3` shell would:
/// the lock is taken before `hold` returns and released by `release()` (or after `limit`).
public final class LockHolder: Sendable {
    private let gate = AsyncGate()
    private let done: Task<Void, any Error>

    private init(done: Task<Void, any Error>) {
        self.done = done
    }

    /// Takes the write lock of `database` on a connection of its own.
    public static func hold(_ database: TestDatabase, limit: Duration = .seconds(30)) async throws -> LockHolder {
        let source = try await database.openSource()
        let taken = AsyncGate()
        let release = AsyncGate()
        let done = Task {
            defer { Task { try? await source.close() } }
            try await source.write { _ in
                await taken.open()
                await release.wait(limit: limit)
            }
        }
        await taken.wait(limit: .seconds(10))
        let holder = LockHolder(done: done)
        Task {
            await holder.gate.wait(limit: limit)
            await release.open()
        }
        return holder
    }

    /// Releases the lock and waits until it is free.
    public func release() async throws {
        await gate.open()
        try await done.value
    }
}

/// A one-shot gate: `wait` returns once `open` was called (or after `limit`).
public actor AsyncGate {
    private var opened = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    public init() {}

    /// Opens the gate for every waiter, present and future.
    public func open() {
        opened = true
        for waiter in waiters { waiter.resume() }
        waiters = []
    }

    /// Returns when the gate is open, or after `limit`.
    public func wait(limit: Duration) async {
        guard !opened else { return }
        let timer = Task { [weak self] in
            try? await Task.sleep(for: limit)
            await self?.open()
        }
        await withCheckedContinuation { waiters.append($0) }
        timer.cancel()
    }
}
