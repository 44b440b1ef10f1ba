import Foundation

/// Builds a ``ParsedFeed`` from the events of an ``XMLScanner``: one builder for RSS, RDF and
/// Atom, because real feeds mix them (RSS with `atom:link`, Atom with Media RSS).
///
/// It keeps a stack of scopes (feed, entry, person, image, media group, skipped subtree) and
/// captures the text of one field element at a time. A field whose content turns out to hold
/// elements (Atom XHTML, or HTML pasted unescaped into `<description>`) is taken as the raw markup
/// between its tags.
struct XMLFeedBuilder {
    enum Scope: Equatable {
        case feed, entry, image, feedPerson, entryPerson, media, skip
        /// Inside a channel's `itunes:category` and `itunes:owner`.
        case podcastCategory, podcastOwner
    }

    /// The field element being read. Plain values only (no base URL: `base` is the same when the
    /// field ends as when it began, since nothing inside a captured field is read as elements), so
    /// that copying one costs no reference counting.
    struct Capture {
        var field: Field
        var depth: Int
        var start: Int
        var tagOffset: Int
        var sawChild = false
        /// Whether the one element inside is a `div` holding only text: Typepad's wrapper around
        /// escaped HTML (`<content type="html"><div xmlns="…xhtml">&lt;p&gt;…</div>`).
        var onlyDiv = false
        var kind: MarkupKind
        /// For dates: 0 for the field's own element, more for stand-ins (see `begin`).
        var rank: UInt8 = 0
        /// Whether the text is the content in base64, and who says so.
        var base64 = Base64.no
    }

    enum Base64: UInt8 {
        case no
        /// Atom 0.3's `mode="base64"`: text that is not base64 is left out.
        case mode
        /// An Atom 1.0 `type` naming a media type that is neither text nor XML (RFC 4287
        /// §4.1.3.3): text that is not base64 is read as written, with a warning — a mislabelled
        /// field is still the publisher's words.
        case mediaType
    }

    var scanner: XMLScanner
    let options: FeedParser.Options
    let documentBase: HTTPURL?
    var feed: ParsedFeed
    var scopes: [(scope: Scope, depth: Int)] = []
    var bases: [(depth: Int, url: HTTPURL)] = []
    var capture: Capture?
    /// Prefixes the captured field's child elements bound to XHTML (`<xhtml:p>`), removed from its
    /// markup. Kept beside `capture`, which is copied often, rather than in it.
    var xhtmlPrefixes: [[UInt8]] = []
    /// The captured field's decoded text; one buffer reused for every field.
    var captured: [UInt8] = []
    var draft: EntryDraft?
    var feedDraft = FeedDraft()
    var show = ShowDraft()
    var entryCount = 0
    var warnings: WarningList
    /// Buffers and state the sanitizer reuses for every entry's content and summary.
    let sanitizerScratch = SanitizerScratch()
    /// The attributes of the `podcast:person` or `podcast:funding` being captured.
    var pendingPerson: PodcastPerson?
    var pendingFundingURL: String?

    init(scanner: XMLScanner, format: ParsedFeed.Format, options: FeedParser.Options, base: HTTPURL?) {
        self.scanner = scanner
        self.options = options
        self.documentBase = base
        self.feed = ParsedFeed(format: format)
        self.warnings = WarningList(limit: options.maxWarnings)
    }

    var scope: Scope { scopes.last?.scope ?? .feed }
    var depth: Int { scanner.stack.count }

    /// The base URL in effect: the innermost `xml:base`, else the caller's, else the feed's own
    /// address (`rel="self"`, the same thing when the feed names it), else its home page.
    @inline(__always)
    var base: HTTPURL? {
        bases.last?.url ?? documentBase ?? feedDraft.selfURL ?? feedDraft.linkURL
    }

    /// Adds a warning at a byte offset; one with a `kind` only the first time.
    mutating func warn(_ message: String, at offset: Int?, entry: Int? = nil, kind: String? = nil) {
        warnings.add(message, at: offset, entry: entry, kind: kind)
    }

    /// Reads events to the end of the root element (or of the input), the root's start tag having
    /// been read by whoever chose the format; an Atom `<entry>` root is a feed of one entry.
    mutating func run(rootIsEntry: Bool) {
        feedDraft.language = scanner.attribute(.xml, "lang")
        readXMLBase()
        if rootIsEntry { beginEntry() }
        loop: while true {
            switch scanner.next() {
            case .start(let name):
                start(name)
            case .end:
                end()
                if depth == 0 { break loop }
            case .text(let range, let cdata):
                if capture != nil {
                    let findings = XMLText.append(scanner.bytes, range, entities: !cdata, to: &captured)
                    noteFindings(findings, at: range.lowerBound)
                }
            case .endOfDocument:
                break loop
            }
        }
        // A document cut at the size cap has one warning of its own, given by the parser.
        if let draft, scanner.isTruncated, !scanner.isCutAtCap {
            warn("entry \(draft.index) was cut off by the end of the document and was left out", at: draft.offset)
        }
        // The draft writes into a copy: `finish` may add warnings to the builder, which holds the feed.
        var finished = feed
        feedDraft.finish(into: &finished, builder: &self)
        feed = finished
    }

    private mutating func noteFindings(_ findings: XMLText.Findings, at offset: Int) {
        if findings.contains(.controlCharacters) {
            scanner.report("characters XML does not allow were dropped", kind: "control", at: offset)
        }
        if findings.contains(.undefinedEntity) {
            scanner.report("an \"&\" that starts no known entity was kept as text", kind: "entity", at: offset)
        }
    }

    // MARK: - Events

    private mutating func start(_ name: XMLName) {
        if capture != nil {
            capture!.onlyDiv = !capture!.sawChild && depth == capture!.depth + 1 && name.local == "div"
            capture!.sawChild = true
            if name.namespace == .xhtml { noteXHTMLPrefix() }
            return
        }
        readXMLBase()
        switch scope {
        case .skip:
            return
        case .feed:
            feedElement(name)
        case .entry:
            entryElement(name)
        case .image:
            if isRSS(name.namespace), name.known == .url { begin(.feedImageURL, kind: .text) }
        case .feedPerson, .entryPerson:
            personElement(name)
        case .media:
            mediaElement(name)
        case .podcastCategory:
            if name.namespace == .itunes, name.known == .category {
                itunesCategory(parent: show.categoryParent)
            } else {
                push(.skip)
            }
        case .podcastOwner:
            ownerElement(name)
        }
    }

    private mutating func end() {
        if let capture, depth < capture.depth {
            self.capture = nil
            finish(capture)
        }
        while let last = bases.last, last.depth > depth { bases.removeLast() }
        while let last = scopes.last, last.depth > depth {
            scopes.removeLast()
            if last.scope == .entry, let draft {
                self.draft = nil
                finishEntry(draft)
            }
        }
    }

    mutating func push(_ scope: Scope) {
        scopes.append((scope, depth))
    }

    /// Starts capturing the current element's content as `field`. `rank` orders the elements that
    /// give one date: a lower rank replaces a higher one, the first of a rank stays.
    mutating func begin(_ field: Field, kind: MarkupKind = .html, rank: UInt8 = 0) {
        captured.removeAll(keepingCapacity: true)
        if !xhtmlPrefixes.isEmpty { xhtmlPrefixes.removeAll() }
        capture = Capture(
            field: field, depth: depth, start: scanner.position, tagOffset: scanner.tagStart, kind: kind, rank: rank)
    }

    /// Remembers the prefix of the current element, an XHTML one inside a captured field, so that
    /// `<xhtml:p>` reaches the sanitizer as `<p>`.
    private mutating func noteXHTMLPrefix() {
        guard let frame = scanner.stack.last, xhtmlPrefixes.count < 8 else { return }
        let name = frame.qualifiedName
        guard let colon = (name.lowerBound..<name.upperBound).first(where: { scanner.bytes[$0] == UInt8(ascii: ":") })
        else { return }
        let prefix = Array(scanner.bytes[name.lowerBound..<colon])
        if !xhtmlPrefixes.contains(prefix) { xhtmlPrefixes.append(prefix) }
    }

    /// The captured value: raw inner markup when the element held elements, else its text.
    private mutating func value(of capture: Capture) -> Markup {
        // Escaped HTML wrapped in one `div` (Typepad, 2007): the div is no markup of the content,
        // whose text is the HTML, as a field of its declared type says.
        if capture.onlyDiv, capture.kind != .xhtml { return Markup(bytes: captured, kind: capture.kind) }
        if capture.sawChild || capture.kind == .xhtml {
            let raw = UnsafeBufferPointer(rebasing: scanner.bytes[capture.start..<max(capture.start, scanner.tagStart)])
            var bytes = Array(raw)
            // Raw markup has not been through XMLText: drop the controls XML forbids here too.
            dropControls(&bytes, at: capture.start)
            if !xhtmlPrefixes.isEmpty { bytes = Self.removingPrefixes(xhtmlPrefixes, from: bytes) }
            return Markup(bytes: bytes, kind: .xhtml)
        }
        return Markup(bytes: captured, kind: capture.kind)
    }

    /// Removes the C0 controls XML forbids, with a warning.
    private mutating func dropControls(_ bytes: inout [UInt8], at offset: Int) {
        guard bytes.contains(where: { $0 < 0x20 && $0 != 0x0A && $0 != 0x09 && $0 != 0x0D }) else { return }
        bytes.removeAll { $0 < 0x20 && $0 != 0x0A && $0 != 0x09 && $0 != 0x0D }
        scanner.report("characters XML does not allow were dropped", kind: "control", at: offset)
    }

    /// Atom 0.3 `mode="base64"` content decoded, to be read as its type says; nil with a warning
    /// when it is not base64.
    private mutating func decodedBase64(_ markup: Markup, _ capture: Capture) -> Markup? {
        guard !capture.sawChild, let data = Data(base64Encoded: markup.text, options: .ignoreUnknownCharacters) else {
            warn(
                "\(Self.name(of: capture.field)) is not valid base64; left out", at: capture.tagOffset,
                entry: draft?.index)
            return nil
        }
        var bytes = Array(data)
        dropControls(&bytes, at: capture.start)
        return Markup(bytes: bytes, kind: capture.kind)
    }

    /// Atom 1.0 content of a media type neither text nor XML, decoded from base64 and shown as
    /// text; as written, with a warning, when it is not base64; nil with a warning when what it
    /// encodes is not text (an image).
    private mutating func decodedMediaType(_ markup: Markup, _ capture: Capture) -> Markup? {
        let name = Self.name(of: capture.field)
        let letters = markup.bytes.filter { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }
        guard !capture.sawChild, let data = Data(base64Encoded: Data(letters)) else {
            warn(
                "\(name) has a media type that is not text, but is not base64; read as written", at: capture.tagOffset,
                entry: draft?.index)
            return markup
        }
        var bytes = Array(data)
        guard FeedTextDecoder.isValidUTF8(bytes) else {
            warn(
                "\(name) is base64 of something that is not text; left out", at: capture.tagOffset, entry: draft?.index)
            return nil
        }
        dropControls(&bytes, at: capture.start)
        return Markup(bytes: bytes, kind: capture.kind)
    }

    static func name(of field: Field) -> String {
        field == .title ? "title" : field == .content ? "content" : "summary"
    }

    /// `<p:name` and `</p:name` made `<name` and `</name` for each prefix `p`, in one pass (a
    /// prefix holds no "<", so the bytes compared after each "<" are never compared again).
    static func removingPrefixes(_ prefixes: [[UInt8]], from bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            out.append(byte)
            index += 1
            guard byte == UInt8(ascii: "<") else { continue }
            if index < bytes.count, bytes[index] == UInt8(ascii: "/") {
                out.append(UInt8(ascii: "/"))
                index += 1
            }
            for prefix in prefixes where index + prefix.count < bytes.count {
                if bytes[index + prefix.count] == UInt8(ascii: ":"),
                    bytes[index..<index + prefix.count].elementsEqual(prefix)
                {
                    index += prefix.count + 1
                    break
                }
            }
        }
        return out
    }

    private mutating func finish(_ capture: Capture) {
        var markup = value(of: capture)
        switch capture.base64 {
        case .no: break
        case .mode:
            guard let decoded = decodedBase64(markup, capture) else { return }
            markup = decoded
        case .mediaType:
            guard let decoded = decodedMediaType(markup, capture) else { return }
            markup = decoded
        }
        if draft != nil {
            assignEntry(capture.field, markup, capture)
        } else {
            assignFeed(capture.field, markup, capture)
        }
    }

    /// RSS elements: no namespace (RSS 2.0), RSS 1.0's / 0.90's, or one of RSS 2.0's own.
    @inline(__always)
    func isRSS(_ namespace: XMLNamespace) -> Bool {
        Self.isRSSNamespace(namespace) || (namespace == .none && feed.format != .atom)
    }

    /// The namespaces that hold nothing but RSS elements.
    static func isRSSNamespace(_ namespace: XMLNamespace) -> Bool {
        namespace == .rss1 || namespace == .rss090 || namespace == .rss
    }

    /// Atom elements; in an Atom document that forgot its namespace, unqualified ones too.
    @inline(__always)
    func isAtom(_ namespace: XMLNamespace) -> Bool {
        namespace == .atom || namespace == .atom03 || (namespace == .none && feed.format == .atom)
    }
}
