import Foundation

/// A value only reached while holding a lock: this package's one lock.
///
/// `Mutex` (Synchronization) would do, but it needs iOS 18 / macOS 15 and the SDK's floor is
/// iOS 16 / macOS 13 (`scripts/check-sdk-floor.py` keeps it out of the SDK's targets); one lock
/// type for every target keeps the server buildable at that floor too. `NSLock` exists on every
/// platform Foundation does. Keep the work inside `withLock` short and never `await` in it.
package final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    /// A lock around `value`.
    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` on the value while holding the lock.
    package func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    /// A copy of the value.
    package var current: Value { withLock { $0 } }
}
