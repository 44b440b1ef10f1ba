import FeedParsing
import Foundation
import TidingsModel

/// The one rule that turns a parsed feed into teasers. The server's poller (through
/// `TidingsSections.SourceReader`) and the SDK's `FeedURLLoader` both read feeds with it, so one
/// RSS document gives the same teaser ids, titles, summaries and order in an app as on the server.
/// Pure: values in, values out.
public struct FeedTeasers: Sendable {
    /// One teaser and what the server keeps beside it.
    public struct Entry: Sendable, Equatable {
        /// The entry's key within its source: the parser's id (`id:` and the guid, Atom or JSON
        /// id), or its link when it has no id; a repeated guid gets its link added.
        public var key: String
        public var teaser: Teaser
        /// The entry's sanitized HTML content (else its summary), for the article page.
        public var contentHTML: String?
        /// The key this entry had before ids were scoped as they are now (its link, else `id:` and
        /// its id), so stored entries keep their place.
        public var formerKey: String
    }

    /// Longest teaser summary, in characters; longer ones are cut at a word.
    public var summaryLength: Int

    /// The rule, with summaries cut at `summaryLength` characters.
    public init(summaryLength: Int = 280) {
        self.summaryLength = summaryLength
    }

    /// The id clients and article URLs see for the entry `key` of the source `sourceID` (its URL,
    /// or `file:` and its path): a short hash, safe in URLs, the same on every fetch, and never the
    /// same for two sources.
    public static func itemID(sourceID: String, key: String) -> String {
        StableHash.hex(sourceID + "\n" + key)
    }

    /// The teasers of `feed`, newest first (undated entries keep their place after dated ones),
    /// each key once, those with nothing to show left out (`hasSomethingToShow`). `sourceName` names the source when the feed has no title (a host or a file
    /// name).
    public func entries(of feed: ParsedFeed, sourceID: String, sourceName: String) -> [Entry] {
        let source = feed.title.flatMap { $0.isEmpty ? nil : $0 } ?? sourceName
        let feedAuthor = Self.author(feed.authors)
        let ordered = feed.entries.enumerated().sorted { left, right in
            ParsedEntry.newer(left.element, at: left.offset, than: right.element, at: right.offset)
        }
        var entries: [Entry] = []
        var seen: Set<String> = []
        for (_, entry) in ordered where Self.hasSomethingToShow(entry) {
            // The parser's id: guid, Atom or JSON id, rdf:about, else the link, else a content hash.
            var key = entry.idSource == .link ? entry.id : "id:" + entry.id
            // Feeds that repeat one guid on different stories exist: the link tells those apart.
            if seen.contains(key), entry.idSource != .link, let link = entry.link { key += "\n" + link }
            guard seen.insert(key).inserted else { continue }
            let title = entry.title ?? entry.summaryText.map { String($0.prefix(80)) } ?? "Untitled"
            let image = entry.image.flatMap { WebLink.url($0) }
            let details = image == nil ? nil : entry.imageDetails
            let teaser = Teaser(
                id: Self.itemID(sourceID: sourceID, key: key), title: title,
                summary: summary(entry.summaryText ?? entry.contentText), imageURL: image,
                imageWidth: details?.width, imageHeight: details?.height, imageAlt: details?.alt,
                url: entry.link.flatMap { WebLink.url($0) },
                publishedAt: entry.published ?? entry.updated, source: source,
                author: Self.author(entry.authors) ?? feedAuthor,
                enclosure: entry.enclosures.lazy.compactMap { enclosure in
                    WebLink.url(enclosure.url).map {
                        Teaser.Enclosure(url: $0, type: enclosure.type, length: enclosure.length)
                    }
                }.first)
            entries.append(
                Entry(
                    key: key, teaser: teaser, contentHTML: entry.contentHTML ?? entry.summaryHTML,
                    formerKey: entry.link ?? ("id:" + entry.id)))
        }
        return entries
    }

    /// Authors by name (an email alone is no name), several joined with ", ". An entry without
    /// its own takes the feed's, as Atom says.
    static func author(_ authors: [ParsedAuthor]) -> String? {
        let names = authors.compactMap { author -> String? in
            guard let name = author.name?.trimmingCharacters(in: .whitespacesAndNewlines), !name.isEmpty else {
                return nil
            }
            return name
        }
        return names.isEmpty ? nil : names.joined(separator: ", ")
    }

    /// Whether `entry` has something a card can show: a title, a text, a link or media. One with
    /// none of them (an empty `<item></item>`, an item of only a guid) is no teaser: `entries(of:…)`
    /// leaves it out rather than show an "Untitled" card that leads nowhere.
    public static func hasSomethingToShow(_ entry: ParsedEntry) -> Bool {
        func has(_ text: String?) -> Bool { text.map { !$0.allSatisfy(\.isWhitespace) } ?? false }
        return has(entry.title) || has(entry.summaryText) || has(entry.contentText) || entry.link != nil
            || entry.image != nil || !entry.enclosures.isEmpty
    }

    /// `text` cut to `summaryLength` characters at a word boundary, with an ellipsis.
    public func summary(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        guard text.count > summaryLength else { return text }
        let cut = text.prefix(summaryLength)
        let end = cut.lastIndex(where: { $0 == " " }) ?? cut.endIndex
        return String(cut[..<end]) + "…"
    }
}
