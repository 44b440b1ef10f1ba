import Foundation

/// Concurrent callers asking for one key share one run of the work: when a cached page expires,
/// 64 connections would otherwise all build it at once; two readers of one image would fetch it
/// twice. This package's one single-flight (the page cache, the image proxy, robots.txt).
///
/// A run can be forgotten (``forget(where:)``): its callers still get its result, but a caller
/// asking after that starts a new run, and the run's `finished` learns it is no longer current —
/// what the page cache needs when a write makes a page being built stale.
package final class SingleFlight<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct Run {
        let id: Int
        let task: Task<Value, any Error>
    }

    private struct State {
        var runs: [Key: Run] = [:]
        var next = 0
    }

    private let state = Locked(State())

    package init() {}

    /// The result of `work` for `key`: of the run under way for it, or of a new one. When a new
    /// run ends, `finished` is called once with its result and whether it is still this key's run
    /// (not forgotten) — under this type's lock, so a ``forget(where:)`` happens wholly before or
    /// wholly after it. Keep `finished` short and never make it wait.
    package func value(
        for key: Key, work: @escaping @Sendable () async throws -> Value,
        finished: @escaping @Sendable (Result<Value, any Error>, _ current: Bool) -> Void = { _, _ in }
    ) async throws -> Value {
        let task = state.withLock { state -> Task<Value, any Error> in
            if let run = state.runs[key] { return run.task }
            state.next += 1
            let id = state.next
            let task = Task<Value, any Error> {
                let result: Result<Value, any Error>
                do { result = .success(try await work()) } catch { result = .failure(error) }
                self.state.withLock { state in
                    let current = state.runs[key]?.id == id
                    if current { state.runs[key] = nil }
                    finished(result, current)
                }
                return try result.get()
            }
            state.runs[key] = Run(id: id, task: task)
            return task
        }
        return try await task.value
    }

    /// Forgets the runs whose keys match: they finish for the callers waiting on them, and the
    /// next caller of such a key starts afresh.
    package func forget(where matches: (Key) -> Bool) {
        state.withLock { state in
            for key in state.runs.keys where matches(key) { state.runs[key] = nil }
        }
    }

    /// Runs under way now.
    package var running: Int { state.withLock { $0.runs.count } }
}
