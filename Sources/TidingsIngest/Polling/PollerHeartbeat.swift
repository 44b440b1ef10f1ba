import Foundation
import TidingsModel

/// What the poller's loop last said about itself, for `/health/ready`: whether it runs, when its
/// loop last went round, and how many rounds in a row the database refused.
public final class PollerHeartbeat: Sendable {
    public enum State: String, Sendable {
        case notStarted = "not_started"
        case running
        case stopped
    }

    public struct Snapshot: Sendable, Equatable {
        public var state: State = .notStarted
        /// When the loop last went round (it does at least once a minute while it runs, backing
        /// off included).
        public var lastRound: Date?
        /// Rounds in a row that failed (the database refused); 0 when the last one worked.
        public var failures = 0
        /// The last failure's message, while failures > 0.
        public var lastError: String?
    }

    /// The longest a running loop goes without a round: the longest backoff pause (60 s) and a
    /// margin for the round itself.
    public static let stallAfter: TimeInterval = 90

    private let value = Locked(Snapshot())

    public init() {}

    public var snapshot: Snapshot { value.current }

    func started(at date: Date) {
        value.withLock {
            $0.state = .running
            $0.lastRound = date
        }
    }

    func round(at date: Date, failures: Int, error: (any Error)?) {
        value.withLock {
            $0.lastRound = date
            $0.failures = failures
            $0.lastError = failures > 0 ? error.map { "\($0)" } ?? $0.lastError : nil
        }
    }

    func stopped() { value.withLock { $0.state = .stopped } }
}
