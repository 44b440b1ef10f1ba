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
    /// A media file (audio, video, a picture) with its type and size as its source gave them.
    public var enclosure: Enclosure?

    /// An item's media file.
    public struct Enclosure: Sendable, Hashable {
        public var url: URL
        /// MIME type; written as `application/octet-stream` where a format requires one.
        public var type: String?
        /// Size in bytes; written as 0 (unknown) where a format requires one.
        public var length: Int?

        public init(url: URL, type: String? = nil, length: Int? = nil) {
            self.url = url
            self.type = type
            self.length = length
        }

        /// The type, or the one for bytes of no known kind.
        var typeOrGeneric: String { type.flatMap { $0.isEmpty ? nil : $0 } ?? "application/octet-stream" }
    }

    /// Creates an item.
    public init(
        id: String, title: String? = nil, url: URL? = nil, summary: String? = nil, contentHTML: String? = nil,
        imageURL: URL? = nil, published: Date? = nil, updated: Date? = nil, authorName: String? = nil,
        categories: [String] = [], enclosure: Enclosure? = nil
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
        self.enclosure = enclosure
    }

    /// The image, unless it is the enclosure (written once, as the enclosure).
    var separateImageURL: URL? {
        guard let imageURL, imageURL != enclosure?.url else { return nil }
        return imageURL
    }
}
