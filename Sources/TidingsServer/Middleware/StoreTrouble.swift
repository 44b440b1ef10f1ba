import Foundation
import Hummingbird
import Logging
import TidingsModel
import TidingsStore

/// Logs database unavailability once, not once per request: the first time, whenever the cause
/// changes, and at most once a minute while it lasts. Requests meanwhile get 503.
final class StoreTrouble: Sendable {
    static let shared = StoreTrouble()

    private struct State {
        var message: String?
        var loggedAt: Date = .distantPast
        var suppressed = 0
    }

    private let state = Locked(State())

    /// Logs `error` unless the same cause was logged within the last minute.
    func report(_ error: StoreUnavailable, logger: Logger, now: Date = Date()) {
        let suppressed: Int? = state.withLock { state in
            guard state.message != error.message || now.timeIntervalSince(state.loggedAt) >= 60 else {
                state.suppressed += 1
                return nil
            }
            defer {
                state.message = error.message
                state.loggedAt = now
                state.suppressed = 0
            }
            return state.suppressed
        }
        guard let suppressed else { return }
        let more = suppressed > 0 ? " (\(suppressed) more requests refused since the last report)" : ""
        logger.error(
            "api: answering 503: \(error.message)\(more)",
            metadata: ["error": .string(error.message), "suppressed": .stringConvertible(suppressed)])
    }

    /// The `Retry-After` header for `error`.
    static func headers(_ error: StoreUnavailable) -> HTTPFields {
        [.retryAfter: String(error.retryAfter)]
    }
}
