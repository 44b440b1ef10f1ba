import Foundation

/// An article kept for reading offline.
public struct StoredArticle: Sendable, Hashable {
    /// The article's id (a teaser's `id`).
    public var id: String
    /// Plain-text title.
    public var title: String
    /// The article's page.
    public var url: URL?
    /// The representative image.
    public var imageURL: URL?
    /// The article's body as HTML, when the client has it.
    public var contentHTML: String?
    /// When it was fetched, kept to the millisecond.
    public var fetchedAt: Date

    /// Creates a stored article.
    public init(
        id: String, title: String, url: URL? = nil, imageURL: URL? = nil, contentHTML: String? = nil, fetchedAt: Date
    ) {
        self.id = id
        self.title = title
        self.url = url
        self.imageURL = imageURL
        self.contentHTML = contentHTML
        self.fetchedAt = fetchedAt
    }
}
