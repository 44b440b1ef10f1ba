import Foundation

/// A feed to publish, in plain values; ``rendered(as:)`` writes it as RSS 2.0, Atom 1.0 or
/// JSON Feed 1.1.
public struct SyndicationFeed: Sendable, Hashable {
    /// The feed's title as plain text.
    public var title: String
    /// A sentence or two about the feed, as plain text.
    public var description: String?
    /// The web page the feed belongs to.
    public var homePageURL: URL?
    /// The address of the document being written (RSS `atom:link rel="self"`, Atom `rel="self"`,
    /// JSON Feed `feed_url`); also the Atom feed id.
    public var feedURL: URL
    /// The language code, such as `en` or `pt-BR`.
    public var language: String?
    /// When the feed's content last changed.
    public var updated: Date
    /// Who writes the feed; Atom falls back to the title when neither the feed nor every entry
    /// names an author, since it requires one.
    public var authorName: String?
    /// The items, newest first by convention.
    public var items: [SyndicationItem]

    /// Creates a feed.
    public init(
        title: String, description: String? = nil, homePageURL: URL? = nil, feedURL: URL, language: String? = nil,
        updated: Date, authorName: String? = nil, items: [SyndicationItem] = []
    ) {
        self.title = title
        self.description = description
        self.homePageURL = homePageURL
        self.feedURL = feedURL
        self.language = language
        self.updated = updated
        self.authorName = authorName
        self.items = items
    }
}
