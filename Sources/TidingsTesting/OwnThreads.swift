import Foundation
import Testing

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

/// Runs each test of a suite under ``withOwnThreads(_:_:)``: for suites whose tests keep a core
/// busy for seconds without awaiting anything (the parser's, the extractor's), so the shared
/// pool stays free for the rest of the suite.
public struct OwnThreadsTrait: TestTrait, SuiteTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        guard testCase != nil else { return try await function() }
        // As many at once as there are cores, as on the pool: more would only share the cores and
        // stretch each (the parser's linear-time tests measure theirs).
        await Self.turns.acquire()
        do {
            try await withOwnThreads(test.name) { try await function() }
        } catch {
            await Self.turns.release()
            throw error
        }
        await Self.turns.release()
    }

    static let turns = Turns(ProcessInfo.processInfo.activeProcessorCount)

    /// A counting semaphore whose waiters wait without holding a thread.
    actor Turns {
        private var free: Int
        private var waiting: [CheckedContinuation<Void, Never>] = []

        init(_ count: Int) { free = max(1, count) }

        func acquire() async {
            if free > 0 {
                free -= 1
                return
            }
            await withCheckedContinuation { waiting.append($0) }
        }

        func release() {
            if waiting.isEmpty {
                free += 1
            } else {
                waiting.removeFirst().resume()
            }
        }
    }
}

extension Trait where Self == OwnThreadsTrait {
    /// Each test on threads of its own (``OwnThreadsTrait``).
    public static var ownThreads: Self { OwnThreadsTrait() }
}

/// `body`'s result and the CPU time this thread spent on it: what a linear-time test measures, so
/// that a machine busy with the rest of the suite does not make a linear pass look slow.
public func measuringThreadCPU<T>(_ body: () throws -> T) rethrows -> (T, Duration) {
    func now() -> Duration {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }
    let start = now()
    let result = try body()
    return (result, now() - start)
}
