/// Why a document is not a feed at all. Anything short of this is a feed with warnings.
public enum FeedParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No bytes, or only whitespace.
    case empty
    /// Bytes that are not text (NUL bytes or other binary content).
    case binary
    /// An HTML page (often a site's home page given instead of its feed).
    case html
    /// Well-formed XML whose root element is not a feed's.
    case notAFeed(root: String)
    /// A Microsoft CDF channel (Channel Definition Format, Internet Explorer 4, 1997): a `<CHANNEL>`
    /// root with an `HREF`. Its items are links to pages with at most an abstract, and no reader
    /// has subscribed to one since; the site's RSS or Atom feed is what to read instead.
    case channelDefinitionFormat
    /// Text that is neither XML nor JSON.
    case notXMLOrJSON
    /// JSON that cannot be read.
    case invalidJSON(reason: String)
    /// Valid JSON that is not a JSON Feed (no JSON Feed `version`).
    case notAJSONFeed
    /// Larger than the configured document limit, and its part within the limit holds no feed (no
    /// root element, or a JSON Feed without one complete item); a longer document that does is read
    /// up to the limit instead.
    case tooLarge(bytes: Int, limit: Int)
    /// The task parsing the document was cancelled; reading stopped.
    case cancelled

    /// One line saying why, for people.
    public var description: String {
        switch self {
        case .empty: "not a feed: the document is empty"
        case .binary: "not a feed: the document is binary, not text"
        case .html: "not a feed: this is an HTML page (look for a <link rel=\"alternate\"> feed link in it)"
        case .notAFeed(let root): "not a feed: the XML root element is <\(root)>, not rss, RDF or feed"
        case .channelDefinitionFormat:
            "not a feed Tidings reads: a Microsoft CDF channel (Channel Definition Format, 1997); ask the site for its RSS or Atom feed"
        case .notXMLOrJSON: "not a feed: the document is neither XML nor JSON"
        case .invalidJSON(let reason): "not a feed: invalid JSON (\(reason))"
        case .notAJSONFeed: "not a feed: JSON without a JSON Feed version"
        case .tooLarge(let bytes, let limit):
            "not a feed: \(bytes) bytes, over the \(limit)-byte document limit, and no feed in the first \(limit)"
        case .cancelled: "not read: the parse was cancelled"
        }
    }
}
