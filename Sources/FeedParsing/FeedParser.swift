import Foundation

/// Reads RSS 0.9x/2.0, RSS 1.0 (RDF), Atom 0.3/1.0 and JSON Feed 1.0/1.1 documents into a
/// ``ParsedFeed``, detecting the format from the content. Forgiving: only a document that is not a
/// feed at all throws; everything else comes back with warnings.
public struct FeedParser: Sendable {
    /// Limits and behaviour; the defaults are safe for documents from anywhere.
    public struct Options: Sendable {
        /// Larger documents are read up to this many bytes (cut where no character is split), and
        /// keep the entries complete in that part, with a warning saying how much was read.
        public var maxDocumentBytes = 64 << 20
        /// Elements nested deeper are skipped with their content (with a warning); reading goes on
        /// after them.
        public var maxDepth = 512
        /// Entries after this many are ignored.
        public var maxEntries = 50_000
        /// When set, at most this many entries are kept: the newest
        /// (``ParsedEntry/newer(_:at:than:at:)``: by published date, else updated; undated ones
        /// after dated ones; ties by place), in document order, with a warning saying how many
        /// older ones were left out. Never more than twice
        /// this many are held while reading, so a huge or never-ending document costs memory in
        /// proportion to this rather than to its length. A poller sets it to what it keeps.
        public var keepNewest: Int?
        /// Attributes after this many on one element are ignored.
        public var maxAttributes = 256
        /// Titles longer than this many characters are cut (feed and entry titles; author and
        /// category names and the language are held to it too).
        public var maxTitleLength = 2_000
        /// Summaries (sanitized HTML and plain text, and the feed's description) are cut to this
        /// many UTF-8 bytes.
        public var maxSummaryBytes = 64 << 10
        /// Contents (sanitized HTML and plain text) are cut to this many UTF-8 bytes.
        public var maxContentBytes = 1 << 20
        /// Categories after this many in one entry are left out.
        public var maxCategories = 100
        /// Authors after this many in one entry (or for the feed) are left out.
        public var maxAuthors = 50
        /// Enclosures after this many in one entry are left out.
        public var maxEnclosures = 50
        /// Podcast list items (categories, funding links, persons, transcripts) after this many
        /// in one feed or entry are left out.
        public var maxPodcastItems = 50
        /// Entry ids longer than this many bytes are replaced by "hash:" and a hash of them (the
        /// same on every fetch), with a warning.
        public var maxIDLength = 2_048
        /// URLs longer than this many bytes (once resolved) are dropped, with a warning.
        public var maxURLLength = 8_192
        /// Warnings after this many are only counted, in one last warning saying how many.
        public var maxWarnings = 100
        /// How entry HTML is cleaned.
        public var sanitizer = HTMLSanitizer()

        /// The default limits.
        public init() {}
    }

    /// The limits this parser applies.
    public var options: Options

    /// A parser with the given limits.
    public init(options: Options = Options()) {
        self.options = options
    }

    /// Parses a document. `httpCharset` is the charset the server sent, if any; `baseURL` (usually
    /// the address the feed was fetched from) resolves relative links.
    public func parse(_ data: Data, httpCharset: String? = nil, baseURL: URL? = nil) throws(FeedParseError)
        -> ParsedFeed
    {
        try parse([UInt8](data), httpCharset: httpCharset, baseURL: baseURL)
    }

    /// Parses a document from its bytes.
    public func parse(_ bytes: [UInt8], httpCharset: String? = nil, baseURL: URL? = nil) throws(FeedParseError)
        -> ParsedFeed
    {
        guard bytes.count > options.maxDocumentBytes else {
            return try parse(bytes, httpCharset: httpCharset, baseURL: baseURL, cut: nil)
        }
        let cut = Self.cutPoint(bytes, limit: options.maxDocumentBytes)
        let warning = Self.cutWarning(read: cut, of: bytes.count, limit: options.maxDocumentBytes)
        do {
            return try parse(Array(bytes[..<cut]), httpCharset: httpCharset, baseURL: baseURL, cut: warning)
        } catch {
            switch error {
            case .binary, .html, .notAFeed, .channelDefinitionFormat, .cancelled: throw error
            // What the cut left is not a feed (no root element, no complete JSON item): the cap did that.
            case .empty, .notXMLOrJSON, .invalidJSON, .notAJSONFeed, .tooLarge:
                throw .tooLarge(bytes: bytes.count, limit: options.maxDocumentBytes)
            }
        }
    }

    /// Parses bytes within the cap; `cut`, the warning to give when they are the start of a longer
    /// document.
    private func parse(_ bytes: [UInt8], httpCharset: String?, baseURL: URL?, cut: FeedWarning?)
        throws(FeedParseError) -> ParsedFeed
    {
        let decoded = FeedTextDecoder.decode(bytes, httpCharset: httpCharset)
        let text = decoded.utf8
        guard let start = text.firstIndex(where: { !Self.isSpace($0) }) else { throw .empty }
        // Relative links resolve against the caller's base only when it is an http(s) URL; a file
        // URL (a feed read from disk) or any other leaves the feed's own link to stand in.
        let base = baseURL.flatMap { HTTPURL($0.absoluteString) }
        var (feed, omitted): (ParsedFeed, Int)
        switch text[start] {
        case UInt8(ascii: "{"):
            var reader = JSONFeedReader(options: options, base: base)
            (feed, omitted) = try reader.read(text, cutAtCap: cut != nil)
        case UInt8(ascii: "<"):
            (feed, omitted) = try XMLFeedReader(options: options, base: base, cutAtCap: cut != nil).read(
                text, from: start, skipped: false)
        default:
            let head = text[start..<min(text.count, start + 1024)]
            if head.contains(where: { $0 < 0x09 || ($0 > 0x0D && $0 < 0x20) }) { throw .binary }
            // Some servers print a warning before the feed; read on from the first tag.
            guard let tag = head.firstIndex(of: UInt8(ascii: "<")) else { throw .notXMLOrJSON }
            (feed, omitted) = try XMLFeedReader(options: options, base: base, cutAtCap: cut != nil).read(
                text, from: tag, skipped: true)
        }
        // Sanitizing stops early too when cancelled; what it gave is not the feed.
        if Task.isCancelled { throw .cancelled }
        if feed.removeNUL() { feed.warnings.append(FeedWarning(message: "U+0000 characters were removed")) }
        if let keep = options.keepNewest {
            feed.dropOldest(keeping: keep)
            if feed.olderLeftOut > 0 {
                feed.warnings.append(
                    FeedWarning(
                        message: "\(feed.olderLeftOut) older entries were left out: the newest \(keep) are kept"))
            }
        }
        feed.identifyByContent()
        feed.warnings = FeedWarning.capped(
            (cut.map { [$0] } ?? []) + decoded.warnings.map { FeedWarning(message: WarningList.printable($0)) }
                + feed.warnings, omitted: omitted,
            limit: options.maxWarnings)
        return feed
    }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D }
}

/// Chooses the XML format from the root element and runs the builder.
struct XMLFeedReader {
    let options: FeedParser.Options
    let base: HTTPURL?
    /// The document was cut at the size cap (see ``XMLScanner/isCutAtCap``).
    var cutAtCap = false

    /// The feed, and how many warnings were left out of it.
    func read(_ text: [UInt8], from start: Int, skipped: Bool) throws(FeedParseError) -> (ParsedFeed, Int) {
        let result: Result<(ParsedFeed, Int), FeedParseError> = text.withUnsafeBufferPointer { buffer in
            var scanner = XMLScanner(
                bytes: buffer, from: start, maxDepth: options.maxDepth, maxAttributes: options.maxAttributes,
                maxWarnings: options.maxWarnings)
            scanner.isCutAtCap = cutAtCap
            if skipped { scanner.report("text before the first tag was ignored", at: 0) }
            var root: XMLName?
            while root == nil {
                switch scanner.next() {
                case .start(let name): root = name
                case .endOfDocument: return .failure(scanner.isCancelled ? .cancelled : .notXMLOrJSON)
                case .end, .text: continue
                }
            }
            guard let root else { return .failure(.notXMLOrJSON) }
            let format: ParsedFeed.Format
            let name = root.local.lowercased()
            switch (root.namespace, name) {
            // CDF's root is a channel too, with the page it stands for in `HREF` (RSS's has none).
            case (.none, "channel") where scanner.attribute(.none, "HREF") ?? scanner.attribute(.none, "href") != nil:
                return .failure(.channelDefinitionFormat)
            case (_, "rss"), (.none, "channel"), (.rss, "channel"): format = .rss2
            case (_, "rdf"): format = .rss1
            case (.atom, "feed"), (.atom03, "feed"), (.none, "feed"), (.unknown, "feed"), (.atom, "entry"):
                format = .atom
            case (_, "html"): return .failure(.html)
            // Prose with a tag in it (a README, an error page in plain text) is not XML at all.
            case _ where skipped: return .failure(.notXMLOrJSON)
            // The name goes into messages and logs: one short line.
            default: return .failure(.notAFeed(root: WarningList.printable(String(root.local.prefix(100)))))
            }
            // Feeds have put RSS in namespaces of their own, and Atom in its drafts' namespaces; their
            // elements are still RSS's or Atom's.
            if root.namespace == .unknown, format != .rss1 {
                let (namespace, name): (XMLNamespace, String) = format == .atom ? (.atom, "Atom") : (.rss, "RSS")
                if let uri = scanner.adoptDefaultNamespace(as: namespace) {
                    scanner.report(
                        "the root's namespace \(FeedURL.quoted(uri)) is not \(name)'s; read as \(name)",
                        at: scanner.tagStart)
                } else if format == .atom {
                    return .failure(.notAFeed(root: WarningList.printable(String(root.local.prefix(100)))))
                }
            }
            // XML names are case-sensitive, but `<RSS>` from a hand-written script means RSS: read,
            // and said (feedparser reads it too). Each format spells its root in lower case but RDF.
            let spelling = name == "rdf" ? "RDF" : name
            if root.local != spelling {
                scanner.report(
                    "the root element is written <\(WarningList.printable(String(root.local.prefix(100))))>; XML names are case-sensitive, read as <\(spelling)>",
                    at: scanner.tagStart)
            }
            var builder = XMLFeedBuilder(scanner: scanner, format: format, options: options, base: base)
            builder.run(rootIsEntry: root.local == "entry")
            if builder.scanner.isCancelled { return .failure(.cancelled) }
            return .success((located(builder, buffer), builder.scanner.problems.omitted + builder.warnings.omitted))
        }
        return try result.get()
    }

    /// The builder's feed with every warning given its line and column, in document order.
    private func located(_ builder: XMLFeedBuilder, _ buffer: UnsafeBufferPointer<UInt8>) -> ParsedFeed {
        var feed = builder.feed
        let found = builder.scanner.problems.items + builder.warnings.items
        let positions = TextPosition.locate(found.compactMap(\.offset), in: buffer)
        feed.warnings = found.sorted { ($0.offset ?? 0) < ($1.offset ?? 0) }.map { warning in
            let position = warning.offset.flatMap { positions[$0] }
            return FeedWarning(
                message: warning.message, line: position?.line, column: position?.column, entry: warning.entry)
        }
        return feed
    }
}
