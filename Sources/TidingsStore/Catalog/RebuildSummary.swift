import Foundation
import TidingsCatalog
import TidingsModel

/// What `news rebuild` did.
public struct RebuildSummary: Hashable, Sendable {
    public var events: Int
    public var products: Int
    public var newsItems: Int
    /// Logged events the current rules refuse to read, or that do not apply at their place in time
    /// (a change after a deletion that arrived late).
    public var skipped: Int
}
