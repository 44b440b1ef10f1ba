import Foundation
import TidingsModel

/// A stored entry.
public struct StoredEntry: Sendable, Hashable {
    public var seq: Int64
    public var section: SectionKey
    public var key: EntryKey
    public var sourceID: String
    public var itemID: String
    public var record: EntryRecord
    public var contentHTML: String?
    public var publishedAt: Date?
    public var firstSeenAt: Date
}
