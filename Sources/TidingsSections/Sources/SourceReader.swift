import FeedParsing
import Foundation
import TidingsModel

/// Turns a fetched document into entries, by the source's format. Pure: bytes in, values out.
public struct SourceReader: Sendable {
    /// The feed parser used for `feed` sources.
    public var parser: FeedParser
    /// Longest teaser summary, in characters; longer ones are cut at a word.
    public var summaryLength = 280

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
        }
    }

    /// Who is being read: what scopes ids, names the source and resolves links.
    struct Scope {
        var sourceID: String
        var sourceName: String
        var baseURL: URL?

        /// The id clients and article URLs see: a short hash of the source and the entry's key,
        /// safe in URLs, the same on every fetch.
        func itemID(_ key: String) -> String { StableHash.hex(sourceID + "\n" + key) }
    }

    /// `text` cut to `summaryLength` characters at a word boundary, with an ellipsis.
    func summary(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        guard text.count > summaryLength else { return text }
        let cut = text.prefix(summaryLength)
        let end = cut.lastIndex(where: { $0 == " " }) ?? cut.endIndex
        return String(cut[..<end]) + "…"
    }

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
        let sourceName = feed.title.flatMap { $0.isEmpty ? nil : $0 } ?? scope.sourceName
        // Newest first, whatever the document's order; undated entries keep their place after dated ones.
        let ordered = feed.entries.enumerated().sorted { left, right in
            switch (left.element.published ?? left.element.updated, right.element.published ?? right.element.updated) {
            case (let l?, let r?) where l != r: l > r
            case (.some, nil): true
            case (nil, .some): false
            default: left.offset < right.offset
            }
        }
        var entries: [SourceEntry] = []
        var seen: Set<String> = []
        for (_, entry) in ordered {
            // The parser's id: guid, Atom or JSON id, rdf:about, else the link, else a content hash.
            var key = entry.idSource == .link ? entry.id : "id:" + entry.id
            // Feeds that repeat one guid on different stories exist: the link tells those apart.
            if seen.contains(key), entry.idSource != .link, let link = entry.link { key += "\n" + link }
            guard seen.insert(key).inserted else { continue }
            let title = entry.title ?? entry.summaryText.map { String($0.prefix(80)) } ?? "Untitled"
            let teaser = Teaser(
                id: scope.itemID(key), title: title, summary: summary(entry.summaryText ?? entry.contentText),
                imageURL: entry.image.flatMap { WebLink.url($0) }, url: entry.link.flatMap { WebLink.url($0) },
                publishedAt: entry.published ?? entry.updated, source: sourceName)
            entries.append(
                SourceEntry(
                    key: key, item: .teaser(teaser), publishedAt: teaser.publishedAt,
                    contentHTML: entry.contentHTML ?? entry.summaryHTML, formerKey: entry.link ?? ("id:" + entry.id)))
        }
        let warnings = feed.warnings.prefix(5).map(\.description)
        return SourceDocument(
            title: feed.title, entries: entries, refreshHint: feed.refreshHint.map(TimeInterval.init),
            warnings: Array(warnings))
    }
}
