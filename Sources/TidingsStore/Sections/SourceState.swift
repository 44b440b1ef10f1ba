import Foundation
import TidingsModel

/// A source's polling state.
public struct SourceState: Sendable, Hashable {
    public var id: String
    /// The format it was registered with; nil for a name this build does not know.
    public var format: SourceFormat?
    public var etag: String?
    public var lastModified: String?
    public var title: String?
    /// The web page a legacy response asked to be shown as; nil to render natively.
    public var webURL: String?
    public var nextFetchAt: Date
    public var lastAttemptAt: Date?
    public var lastSuccessAt: Date?
    /// How the last fetch ended.
    public var lastStatus: PollStatus?
    public var lastError: String?
    /// Failures in a row (drives the backoff).
    public var failures: Int
    /// Entries in its last good document.
    public var entryCount: Int
    public var leaseOwner: String?
    public var leaseUntil: Date?
    /// The streams (``SectionKey/stream``) its last full fetch wrote to; nil when not known. A
    /// section missing here must not be answered with a conditional fetch's `304`.
    public var streams: Set<String>?

    /// Creates a state (tests and the store).
    public init(id: String, format: SourceFormat?, nextFetchAt: Date) {
        self.id = id
        self.format = format
        self.nextFetchAt = nextFetchAt
        self.failures = 0
        self.entryCount = 0
    }
}
