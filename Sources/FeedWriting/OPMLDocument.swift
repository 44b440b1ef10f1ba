import Foundation

/// An OPML 1.0/2.0 subscription list: ``init(bytes:)`` reads one leniently, ``rendered()`` writes
/// OPML 2.0.
public struct OPMLDocument: Sendable, Hashable {
    /// Larger documents are refused before parsing.
    public static let maxBytes = 10 << 20

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

    /// Every outline with an `xmlURL`, depth first, with the folders it is in.
    public var feeds: [OPMLFeed] {
        var found: [OPMLFeed] = []
        func visit(_ outlines: [OPMLOutline], _ folders: [String]) {
            for outline in outlines {
                if outline.xmlURL != nil { found.append(OPMLFeed(folders: folders, outline: outline)) }
                visit(outline.children, folders + [outline.text])
            }
        }
        visit(outlines, [])
        return found
    }
}
