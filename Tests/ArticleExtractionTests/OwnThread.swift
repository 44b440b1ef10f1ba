import Foundation

/// `work` on a thread of its own, its result or error handed back. For the tests that keep a core
/// busy for seconds: on the cooperative pool (two threads on a two-core machine) each took one of
/// the two threads every test's async work shares, and servers other tests ran in this process
/// stopped answering until it ended (fetches timed out after 15 s of nothing).
func onOwnThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Result { try work() }) }
        thread.stackSize = 8 << 20
        thread.start()
    }
}
