import Foundation

/// An OPML 2.0 subscription list to write (``rendered()``). Reading OPML is `FeedParsing`'s
/// (`OPMLParser`), on the same XML scanner as feeds.
public struct OPMLDocument: Sendable, Hashable {
    /// The `head` title.
    public var title: String?
    /// The `head` creation date.
    public var dateCreated: Date?
    /// The top-level outlines of the `body`.
    public var outlines: [OPMLOutline]

    /// Creates a document.
    public init(title: String? = nil, dateCreated: Date? = nil, outlines: [OPMLOutline] = []) {
        self.title = title
        self.dateCreated = dateCreated
        self.outlines = outlines
    }
}
