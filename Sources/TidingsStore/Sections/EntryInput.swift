import Foundation
import TidingsModel

/// One entry to upsert: the item already encoded as the JSON clients receive (its record).
public struct EntryInput: Sendable, Hashable {
    /// Its identity: its source and its key there.
    public var key: EntryKey
    /// The key an earlier version stored it under, if different: such an entry is adopted (its
    /// key rewritten, its place kept) rather than inserted again.
    public var formerKey: EntryKey?
    public var itemID: String
    public var record: EntryRecord
    public var contentHTML: String?
    public var publishedAt: Date?
    /// A hash of everything above; an entry whose hash is unchanged is not written.
    public var contentHash: String
    /// What story grouping compares it by (a teaser's link and text), computed outside the
    /// store's write; nil for an entry that is never grouped (an ad, a widget's item) or when
    /// grouping is off. Taken when the entry is first stored: an edit does not move it.
    public var story: StoryKeys?
    /// What search indexes of it (a teaser's terms), analyzed outside the store's write; nil for
    /// an entry search does not list, or when search is off.
    public var search: SearchDocument?
    /// The address of its page when its source is read in full (``ArticlePage/storableURL(_:)``):
    /// the page's text, once extracted, is indexed with the entry.
    public var articleURL: String?

    /// Creates an entry input.
    public init(
        key: EntryKey, itemID: String, record: EntryRecord, contentHTML: String?, publishedAt: Date?,
        contentHash: String, formerKey: EntryKey? = nil, story: StoryKeys? = nil, search: SearchDocument? = nil,
        articleURL: String? = nil
    ) {
        self.articleURL = articleURL
        self.story = story
        self.search = search
        self.key = key
        self.formerKey = formerKey
        self.itemID = itemID
        self.record = record
        self.contentHTML = contentHTML
        self.publishedAt = publishedAt
        self.contentHash = contentHash
    }
}

extension EntryInput {
    /// The entry without U+0000 in any text (see `FetchRecord.storable`).
    var storable: EntryInput {
        EntryInput(
            key: key.withoutNUL, itemID: itemID.withoutNUL, record: record.withoutNUL,
            contentHTML: contentHTML?.withoutNUL, publishedAt: publishedAt, contentHash: contentHash.withoutNUL,
            formerKey: formerKey?.withoutNUL, story: story.map(\.withoutNUL), search: search,
            articleURL: articleURL?.withoutNUL)
    }
}
