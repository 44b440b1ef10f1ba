import Foundation

/// The database cannot do the work now — locked by another process, disk full, restarting,
/// unreachable, too slow to answer — and the same work may succeed later. The server answers 503
/// with `Retry-After`; the poller backs off. Nothing is lost: the transaction did not commit.
public struct StoreUnavailable: Error, CustomStringConvertible, Sendable {
    /// What the database said, starting with the backend ("sqlite: database is locked").
    public var message: String
    /// Seconds after which trying again makes sense.
    public var retryAfter: Int

    /// An unavailability with its cause.
    public init(_ message: String, retryAfter: Int = 5) {
        self.message = "store: unavailable: " + message
        self.retryAfter = retryAfter
    }

    public var description: String { message }
}
