import Foundation
import TidingsModel

/// One item a source delivered, ready to store.
public struct SourceEntry: Sendable, Hashable {
    /// What the entry is identified by within its source: the feed's id (guid, Atom id, JSON Feed
    /// id, a partner's id), else its link, else a hash of its content — never the title alone.
    /// The store scopes it by source, so two sources never share an entry.
    public var key: String
    /// The key Tidings used before identity was scoped (link first), when different: an upgraded
    /// database adopts the entry stored under it instead of showing the item again as new.
    public var formerKey: String?
    /// The item as clients receive it.
    public var item: FeedItem
    /// When it was published, if known.
    public var publishedAt: Date?
    /// Sanitized article HTML, for the article page.
    public var contentHTML: String?

    /// Creates an entry.
    public init(
        key: String, item: FeedItem, publishedAt: Date? = nil, contentHTML: String? = nil, formerKey: String? = nil
    ) {
        self.key = key
        self.formerKey = formerKey == key ? nil : formerKey
        self.item = item
        self.publishedAt = publishedAt
        self.contentHTML = contentHTML
    }
}

/// What one fetch of a source yielded.
public struct SourceDocument: Sendable, Hashable {
    /// The document's own title.
    public var title: String?
    /// Entries in display order, top first.
    public var entries: [SourceEntry]
    /// Set when a legacy response asks to be shown as this web page (`renderAsWeb`).
    public var webURL: URL?
    /// How often the document says it changes, in seconds (RSS ttl, sy:updatePeriod).
    public var refreshHint: TimeInterval?
    /// Problems with the document, e.g. skipped items: the poller logs them, one line per
    /// document read.
    public var warnings: [String]
    /// The language the document says its text is in (a feed's `language`, `xml:lang`), as
    /// written; search stems its entries' words in it.
    public var language: String?

    /// Creates a document.
    public init(
        title: String? = nil, entries: [SourceEntry], webURL: URL? = nil, refreshHint: TimeInterval? = nil,
        warnings: [String] = [], language: String? = nil
    ) {
        self.language = language
        self.title = title
        self.entries = entries
        self.webURL = webURL
        self.refreshHint = refreshHint
        self.warnings = warnings
    }
}

/// A fetched document that cannot be read as its source's format.
public struct SourceReadError: Error, CustomStringConvertible, Sendable, Hashable {
    /// What is wrong, starting with "source: ".
    public var description: String

    /// Creates an error.
    public init(_ message: String) { description = "source: " + message }
}
