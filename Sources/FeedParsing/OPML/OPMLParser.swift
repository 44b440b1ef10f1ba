import Foundation

/// An OPML 1.0/2.0 subscription list as ``OPMLParser`` reads it.
public struct ParsedOPML: Sendable, Hashable {
    /// One `outline`: a subscription (it has an `xmlURL`), a folder (it has children), or both.
    public struct Outline: Sendable, Hashable {
        /// What to show for the outline: `text`, else `title`, else the `xmlUrl` as written.
        public var text: String
        /// The feed's own title, when given.
        public var title: String?
        /// The outline type, `rss` for subscriptions.
        public var type: String?
        /// The feed's address.
        public var xmlURL: URL?
        /// The `xmlUrl` attribute as the document wrote it, also when it is no URL (then `xmlURL`
        /// is nil), so an importer can say what it skipped.
        public var xmlURLText: String?
        /// The web page the feed belongs to.
        public var htmlURL: URL?
        /// Outlines nested in this one.
        public var children: [Outline]

        /// Creates an outline.
        public init(
            text: String, title: String? = nil, type: String? = nil, xmlURL: URL? = nil, xmlURLText: String? = nil,
            htmlURL: URL? = nil, children: [Outline] = []
        ) {
            self.text = text
            self.title = title
            self.type = type
            self.xmlURL = xmlURL
            self.xmlURLText = xmlURLText ?? xmlURL?.absoluteString
            self.htmlURL = htmlURL
            self.children = children
        }
    }

    /// A subscription, with the `text` of each outline it is in, outermost first.
    public struct Subscription: Sendable, Hashable {
        public var folders: [String]
        public var outline: Outline
    }

    /// The `head` title.
    public var title: String?
    /// The `head` creation date.
    public var dateCreated: Date?
    /// The top-level outlines of the `body`.
    public var outlines: [Outline]

    /// Creates a document.
    public init(title: String? = nil, dateCreated: Date? = nil, outlines: [Outline] = []) {
        self.title = title
        self.dateCreated = dateCreated
        self.outlines = outlines
    }

    /// Every outline with an `xmlURL`, depth first, with the folders it is in.
    public var subscriptions: [Subscription] {
        var found: [Subscription] = []
        func visit(_ outlines: [Outline], _ folders: [String]) {
            for outline in outlines {
                if outline.xmlURL != nil { found.append(Subscription(folders: folders, outline: outline)) }
                visit(outline.children, folders + [outline.text])
            }
        }
        visit(outlines, [])
        return found
    }
}

/// Why bytes could not be read as an OPML document.
public enum OPMLParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No bytes, or only whitespace.
    case empty
    /// Larger than ``OPMLParser/maxBytes``.
    case tooLarge(bytes: Int, limit: Int)
    /// The root element is not `opml`; nil when there is no element at all.
    case notOPML(root: String?)

    /// One line saying why, for people.
    public var description: String {
        switch self {
        case .empty: "opml: the document is empty"
        case .tooLarge(let bytes, let limit): "opml: \(bytes) bytes is over the \(limit)-byte limit"
        case .notOPML(let root?): "opml: not an OPML document: the root element is <\(root)>, not <opml>"
        case .notOPML(nil): "opml: not an OPML document: it has no XML element"
        }
    }
}

/// Reads OPML with the feed parser's own XML scanner, so an uploaded subscription list gets the
/// same treatment as a feed: no DTD processing or entity expansion (entity declarations are
/// ignored, never expanded), HTML entities such as `&eacute;` read, a bare `&` kept, control
/// characters dropped, any encoding `FeedTextDecoder` knows, and recovery from mismatched or
/// unclosed tags instead of refusing the file. Element and attribute names are matched in any
/// case (`xmlUrl`, `xmlurl`). Linear in the input.
public struct OPMLParser: Sendable {
    /// Larger documents are refused before reading.
    public static let maxBytes = 10 << 20

    /// A parser.
    public init() {}

    /// The document in `bytes`.
    public func parse(_ bytes: [UInt8]) throws(OPMLParseError) -> ParsedOPML {
        guard bytes.count <= Self.maxBytes else { throw .tooLarge(bytes: bytes.count, limit: Self.maxBytes) }
        let text = FeedTextDecoder.decode(bytes).utf8
        guard let start = text.firstIndex(where: { !FeedParser.isSpace($0) }) else { throw .empty }
        let result: Result<ParsedOPML, OPMLParseError> = text.withUnsafeBufferPointer { buffer in
            var reader = OPMLReader(scanner: XMLScanner(bytes: buffer, from: start))
            return reader.read()
        }
        return try result.get()
    }
}

/// Collects the head fields and the outline tree from the scanner's events.
private struct OPMLReader {
    var scanner: XMLScanner
    var document = ParsedOPML()
    /// Outlines open around the current position, outermost first, with their depth.
    var open: [(outline: ParsedOPML.Outline, depth: Int)] = []
    var inHead = false
    var headField: (name: String, depth: Int)?
    var headText: [UInt8] = []

    mutating func read() -> Result<ParsedOPML, OPMLParseError> {
        var root: XMLName?
        while root == nil {
            switch scanner.next() {
            case .start(let name): root = name
            case .endOfDocument: return .failure(.notOPML(root: nil))
            case .end, .text: continue
            }
        }
        guard let root, root.local.lowercased() == "opml" else {
            return .failure(.notOPML(root: WarningList.printable(String((root?.local ?? "").prefix(100)))))
        }
        loop: while true {
            switch scanner.next() {
            case .start(let name): start(name.local.lowercased())
            case .end(let name): end(name.local.lowercased())
            case .text(let range, let cdata):
                if headField != nil { XMLText.append(scanner.bytes, range, entities: !cdata, to: &headText) }
            case .endOfDocument: break loop
            }
        }
        // Outlines left open by a document that ends early are kept.
        while !open.isEmpty { closeOutline() }
        return .success(document)
    }

    private mutating func start(_ name: String) {
        let depth = scanner.stack.count
        switch name {
        case "head": inHead = true
        case "title" where inHead, "datecreated" where inHead:
            headField = (name, depth)
            headText.removeAll(keepingCapacity: true)
        case "outline": open.append((outline(), depth))
        default: break
        }
    }

    private mutating func end(_ name: String) {
        let depth = scanner.stack.count + 1
        switch name {
        case "head": inHead = false
        case "title", "datecreated":
            guard let field = headField, field.name == name else { return }
            headField = nil
            let text = String(decoding: headText, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            guard !text.isEmpty else { return }
            if name == "title" { document.title = text } else { document.dateCreated = FeedDate.parse(text) }
        case "outline":
            // An end tag closes the outline it belongs to and any left open inside it.
            while let last = open.last, last.depth >= depth { closeOutline() }
        default: break
        }
    }

    private mutating func closeOutline() {
        guard let (outline, _) = open.popLast() else { return }
        if open.isEmpty {
            document.outlines.append(outline)
        } else {
            open[open.count - 1].outline.children.append(outline)
        }
    }

    /// The outline the current start tag describes, from its attributes whatever their case.
    private func outline() -> ParsedOPML.Outline {
        var values: [String: String] = [:]
        for attribute in scanner.attributes {
            let key = String(decoding: UnsafeBufferPointer(rebasing: scanner.bytes[attribute.name]), as: UTF8.self)
                .lowercased()
            let text = XMLText.string(scanner.bytes, attribute.value).trimmingCharacters(in: .whitespacesAndNewlines)
            if !text.isEmpty, values[key] == nil { values[key] = text }
        }
        let xmlURL = values["xmlurl"].flatMap { URL(string: $0) }
        return ParsedOPML.Outline(
            text: values["text"] ?? values["title"] ?? values["xmlurl"] ?? "", title: values["title"],
            type: values["type"], xmlURL: xmlURL, xmlURLText: values["xmlurl"],
            htmlURL: values["htmlurl"].flatMap { URL(string: $0) })
    }
}
