import FeedParsing
import FeedTeasers
import Foundation
import TidingsModel

/// Turns a fetched document into entries, by the source's format. Pure: bytes in, values out.
public struct SourceReader: Sendable {
    /// The feed parser used for `feed` sources.
    public var parser: FeedParser
    /// How feed entries become teasers (and how long a summary may be), shared with the SDK.
    public var teasers = FeedTeasers()

    /// Creates a reader.
    public init(parser: FeedParser = FeedParser()) {
        self.parser = parser
    }

    /// Reads `bytes` as `format`. `sourceID` (the source's URL or path) scopes every item id, so
    /// two sources never name the same item. Teasers name their source by the document's title,
    /// else by `sourceName` (a host or file name); `baseURL` resolves relative links (the
    /// document's final URL).
    public func read(
        _ bytes: [UInt8], format: SourceFormat, sourceID: String, sourceName: String, charset: String? = nil,
        baseURL: URL? = nil
    ) throws(SourceReadError) -> SourceDocument {
        let scope = Scope(sourceID: sourceID, sourceName: sourceName, baseURL: baseURL)
        switch format {
        case .feed: return try readFeed(bytes, scope, charset: charset)
        case .unifiedJSON: return try readUnified(bytes, scope)
        case .legacyJSON: return try readLegacy(bytes, scope)
        case .weather: return try readWeather(bytes)
        }
    }

    /// Who is being read: what scopes ids, names the source and resolves links.
    struct Scope {
        var sourceID: String
        var sourceName: String
        var baseURL: URL?

        /// The id clients and article URLs see: a short hash of the source and the entry's key,
        /// safe in URLs, the same on every fetch.
        func itemID(_ key: String) -> String { FeedTeasers.itemID(sourceID: sourceID, key: key) }
    }

    /// `text` cut to the teasers' summary length at a word boundary, with an ellipsis.
    func summary(_ text: String?) -> String? { teasers.summary(text) }

    private func readFeed(_ bytes: [UInt8], _ scope: Scope, charset: String?) throws(SourceReadError)
        -> SourceDocument
    {
        let feed: ParsedFeed
        do {
            feed = try parser.parse(bytes, httpCharset: charset, baseURL: scope.baseURL)
        } catch {
            // Stopping is not the feed's fault: say so rather than "not a feed".
            if case .cancelled = error { throw SourceReadError("reading stopped: the poller is stopping") }
            throw SourceReadError("not a feed: \(error)")
        }
        let entries = teasers.entries(
            of: feed, sourceID: scope.sourceID, sourceName: scope.sourceName
        ).map {
            SourceEntry(
                key: $0.key, item: .teaser($0.teaser), publishedAt: $0.teaser.publishedAt, contentHTML: $0.contentHTML,
                formerKey: $0.formerKey)
        }
        var warnings = feed.warnings.prefix(5).map(\.description)
        let empty = feed.entries.count { !FeedTeasers.hasSomethingToShow($0) }
        if empty > 0 {
            warnings.append(
                "\(empty) \(empty == 1 ? "entry" : "entries") with no title, text, link or media "
                    + "\(empty == 1 ? "was" : "were") skipped")
        }
        return SourceDocument(
            title: feed.title, entries: entries, refreshHint: feed.refreshHint.map(TimeInterval.init),
            warnings: Array(warnings), language: feed.language)
    }
}
