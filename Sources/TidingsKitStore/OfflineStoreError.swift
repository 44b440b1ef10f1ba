/// Why the offline store failed, or why it rebuilt its file; the message starts with "offline store: ".
public struct OfflineStoreError: Error, CustomStringConvertible, Sendable, Hashable {
    private enum Reason: Hashable, Sendable {
        case rebuilt, database, encoding
    }

    private let reason: Reason
    /// A sentence for logs, starting with "offline store: ".
    public let description: String

    private init(_ reason: Reason, _ message: String) {
        self.reason = reason
        self.description = "offline store: " + message
    }

    /// True when the error reports a file that was not a valid store and was rebuilt empty.
    public var isRebuild: Bool { reason == .rebuilt }

    /// The file at `path` was not a valid store (`why`) and was replaced by an empty one.
    static func rebuilt(_ path: String, _ why: String) -> Self {
        Self(.rebuilt, "\(path) \(why); rebuilt empty")
    }

    /// SQLite failed while doing `action`.
    static func database(_ action: String, _ error: any Error) -> Self {
        Self(.database, "unable to \(action): \(error)")
    }

    /// A value could not be written as JSON.
    static func encoding(_ what: String, _ error: any Error) -> Self {
        Self(.encoding, "unable to encode \(what): \(error)")
    }
}
