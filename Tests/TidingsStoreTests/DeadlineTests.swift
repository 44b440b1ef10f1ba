import Testing
import TidingsModel
import TidingsStore

/// `withDeadline`: the caller is answered by the operation, by the watch, or by the timeout,
/// whichever comes first, even when the operation never ends.
struct DeadlineTests {
    struct Verdict: Error, Equatable { var look: Int }

    /// An operation that ignores cancellation and ends only when the test lets it go.
    final class Hang: Sendable {
        private let waiting = Locked<CheckedContinuation<Void, Never>?>(nil)
        private let released = Locked(false)

        func wait() async throws -> Int {
            await withCheckedContinuation { continuation in
                let now = released.withLock { released in
                    if !released { waiting.withLock { $0 = continuation } }
                    return released
                }
                if now { continuation.resume() }
            }
            return 0
        }

        func release() {
            released.withLock { released in
                released = true
                waiting.withLock { $0 }?.resume()
            }
        }
    }

    @Test("a watch that objects answers a hung operation with its error, at the look it objected")
    func watchEndsTheWait() async throws {
        let looks = Locked(0)
        let watch = DeadlineWatch(every: .milliseconds(10)) {
            let look = looks.withLock {
                $0 += 1
                return $0
            }
            return look >= 3 ? Verdict(look: look) : nil
        }
        let hang = Hang()
        defer { hang.release() }
        await #expect(throws: Verdict(look: 3)) {
            try await withDeadline(.seconds(600), timedOut: StoreError("timed out"), watch: watch) {
                try await hang.wait()
            }
        }
    }

    @Test("the operation's own answer wins over a watch that never objects")
    func operationAnswers() async throws {
        let watch = DeadlineWatch(every: .milliseconds(1)) { nil }
        let value = try await withDeadline(.seconds(600), timedOut: StoreError("timed out"), watch: watch) {
            try await Task.sleep(for: .milliseconds(30))
            return 7
        }
        #expect(value == 7)
    }

    @Test("the timeout still answers when the watch never objects")
    func timeoutWithWatch() async throws {
        let watch = DeadlineWatch(every: .milliseconds(5)) { nil }
        let hang = Hang()
        defer { hang.release() }
        await #expect(throws: Verdict(look: -1)) {
            try await withDeadline(.milliseconds(50), timedOut: Verdict(look: -1), watch: watch) {
                try await hang.wait()
            }
        }
    }
}
