import Foundation

/// One `outline` of an OPML document: a subscription (it has an `xmlURL`), a folder (it has
/// children), or both.
public struct OPMLOutline: Sendable, Hashable {
    /// What to show for the outline; OPML 2.0 requires it (readers fall back to `title`).
    public var text: String
    /// The feed's own title, when it differs from `text`.
    public var title: String?
    /// The outline type, `rss` for subscriptions; the writer uses `rss` when there is an `xmlURL`.
    public var type: String?
    /// The feed's address.
    public var xmlURL: URL?
    /// The web page the feed belongs to.
    public var htmlURL: URL?
    /// Outlines nested in this one.
    public var children: [OPMLOutline]

    /// Creates an outline.
    public init(
        text: String, title: String? = nil, type: String? = nil, xmlURL: URL? = nil, htmlURL: URL? = nil,
        children: [OPMLOutline] = []
    ) {
        self.text = text
        self.title = title
        self.type = type
        self.xmlURL = xmlURL
        self.htmlURL = htmlURL
        self.children = children
    }
}
