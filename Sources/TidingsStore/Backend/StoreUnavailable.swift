import Foundation

/// The database cannot do the work now — locked by another process, disk full, restarting,
/// unreachable, too slow to answer — and the same work may succeed later. The server answers 503
/// with `Retry-After`; the poller backs off. Nothing is lost: the transaction did not commit.
public struct StoreUnavailable: Error, CustomStringConvertible, Sendable {
    /// What the database said, starting with the backend ("sqlite: database is locked").
    public var message: String
    /// Seconds after which trying again makes sense.
    public var retryAfter: Int

    /// What is wrong, the same for every message one condition gives: the database locked by
    /// another process makes writes wait and fail, and writes queued behind them fail too, with
    /// other words. Logs say a condition once (`FailureCause`), not once per wording.
    public var cause: String

    /// An unavailability with its cause (`message` unless `cause` is given).
    public init(_ message: String, retryAfter: Int = 5, cause: String? = nil) {
        self.message = "store: unavailable: " + message
        self.retryAfter = retryAfter
        self.cause = cause ?? self.message
    }

    public var description: String { message }
}
