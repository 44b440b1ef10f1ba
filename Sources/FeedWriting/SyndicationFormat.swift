/// The formats a ``SyndicationFeed`` can be written in.
public enum SyndicationFormat: String, Sendable, Hashable, CaseIterable {
    /// RSS 2.0.
    case rss
    /// Atom 1.0 (RFC 4287).
    case atom
    /// JSON Feed 1.1.
    case json

    /// The `Content-Type` to serve the format with.
    public var mediaType: String {
        switch self {
        case .rss: "application/rss+xml; charset=utf-8"
        case .atom: "application/atom+xml; charset=utf-8"
        case .json: "application/feed+json; charset=utf-8"
        }
    }

    /// The file name extension, without the dot.
    public var fileExtension: String {
        switch self {
        case .rss: "rss"
        case .atom: "atom"
        case .json: "json"
        }
    }
}
