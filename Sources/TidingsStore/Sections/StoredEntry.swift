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
    /// The story it tells (the seq of the story's first entry); nil when it was not grouped.
    public var story: Int64? = nil
    /// Whether it is shown inside another entry's item (its story's) rather than as its own.
    public var folded = false
    /// The story's other present entries, oldest first, when this is the one its section shows,
    /// or when it was found by its id (`record` then holds them as `also_from`).
    public var alsoFrom: [Teaser.AlsoFrom] = []
    /// For a folded entry found by its id: the item id its story is shown as. A page that shows
    /// this entry on its own (a pin) leaves that item out, so the story is shown once.
    public var shownAs: String? = nil
}
