import Foundation

/// Runs `body`, and every task it starts that inherits its executor (a server's connection
/// handlers, the test's own awaits), on threads of their own instead of Swift's shared pool.
///
/// On a two-core machine the pool has two threads, and the whole suite runs at once: while the
/// parser's and the extractor's tests keep both busy with seconds of work each, a server another
/// test runs in this process gets no thread to answer on, and its client times out ("nothing
/// arrived for 15 s") though nothing is wrong. The servers of `LoopbackServer` and `TestApp` run
/// here; what they do is not slower, only no longer queued behind unrelated work.
public func withOwnThreads<T: Sendable>(_ name: String, _ body: () async throws -> T) async throws -> T {
    guard #available(macOS 15, iOS 18, *) else { return try await body() }
    let executor = ThreadsExecutor(name: name)
    defer { executor.finish() }
    return try await withTaskExecutorPreference(executor) { try await body() }
}

/// A task executor of two threads of its own; once finished, a job still coming (a task that
/// outlived the scope) runs on a thread started for it.
@available(macOS 15, iOS 18, *)
final class ThreadsExecutor: TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var finished = false

    init(name: String, threads: Int = 2) {
        for index in 0..<threads {
            let thread = Thread { [self] in run() }
            thread.name = "\(name) \(index)"
            thread.start()
        }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        defer { condition.unlock() }
        guard !finished else {
            let executor = asUnownedTaskExecutor()
            Thread { job.runSynchronously(on: executor) }.start()
            return
        }
        jobs.append(job)
        condition.signal()
    }

    /// The threads end once the jobs queued so far have run.
    func finish() {
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    private func run() {
        while true {
            condition.lock()
            while jobs.isEmpty && !finished { condition.wait() }
            guard !jobs.isEmpty else {
                condition.unlock()
                return
            }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
