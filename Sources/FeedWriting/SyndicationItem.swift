import Foundation

/// One item of a ``SyndicationFeed``.
public struct SyndicationItem: Sendable, Hashable {
    /// A stable identifier, unique within the feed; an absolute URL or URN is best (Atom ids must
    /// be IRIs, so other ids are written there as a fragment of the feed URL).
    public var id: String
    /// The title as plain text; optional, though most readers show it.
    public var title: String?
    /// The item's web page.
    public var url: URL?
    /// A short summary as plain text.
    public var summary: String?
    /// The full content as HTML, already sanitized: it is written as is.
    public var contentHTML: String?
    /// A representative image.
    public var imageURL: URL?
    /// When the item was first published.
    public var published: Date?
    /// When the item last changed.
    public var updated: Date?
    /// Who wrote the item.
    public var authorName: String?
    /// Category or tag names.
    public var categories: [String]

    /// Creates an item.
    public init(
        id: String, title: String? = nil, url: URL? = nil, summary: String? = nil, contentHTML: String? = nil,
        imageURL: URL? = nil, published: Date? = nil, updated: Date? = nil, authorName: String? = nil,
        categories: [String] = []
    ) {
        self.id = id
        self.title = title
        self.url = url
        self.summary = summary
        self.contentHTML = contentHTML
        self.imageURL = imageURL
        self.published = published
        self.updated = updated
        self.authorName = authorName
        self.categories = categories
    }
}
