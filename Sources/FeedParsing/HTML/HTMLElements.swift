/// What the sanitizer and the plain-text reader know about an element, looked up by its name bytes.
struct HTMLElement: Sendable {
    /// What the sanitizer does with the element.
    enum Handling: Sendable {
        /// Kept, with its allowed attributes; it has content and an end tag.
        case keep
        /// Kept; it never has content or an end tag (br, img…).
        case void
        /// Its tags are dropped, its content kept (font, center, form, unknown elements…).
        case unwrap
        /// Dropped with its content, which is raw text up to its end tag (script, style…).
        case drop
        /// Kept, sandboxed and without content, when its source is on an allowed host.
        case iframe
    }

    /// Index in `HTMLElements.startTags`, `endTags` and `byID`.
    var id: Int
    var handling: Handling
    /// The `HTMLAttribute` bits the sanitizer keeps on this element.
    var attributes: UInt64
    /// Whether the element's start and end begin a new line in plain text.
    var block: Bool
    /// Whether the element's content is skipped as raw text (script, style, iframe…).
    var rawText: Bool
    /// Elements whose start ends an open one of the same kind, as in `<li>a<li>b`.
    var implicitEnd: ImplicitEnd = .none
    /// Whether the element is `br`: a line break in plain text.
    var lineBreak = false
    /// Whether the element's start separates words in plain text without a line break: a table
    /// cell (rows are blocks), so that "<td>yes</td><td>no</td>" reads "yes no", not "yesno".
    var separatesWords = false

    enum ImplicitEnd: Sendable {
        case none
        case paragraph
        case listItem
        case definition
        case cell
        case row
        case tableSection
        case ruby
    }

    /// Whether this element's start tag ends `open` when that is the innermost open element, as
    /// browsers do, so that `<p>a<p>b` gives two paragraphs rather than one inside the other.
    func ends(_ open: HTMLElement) -> Bool {
        switch (open.implicitEnd, implicitEnd) {
        case (.none, _): false
        case (.paragraph, _): block
        case (.cell, .row), (.cell, .tableSection), (.row, .tableSection): true
        default: open.implicitEnd == implicitEnd
        }
    }
}

/// The attributes the sanitizer keeps somewhere; raw values are bit positions.
enum HTMLAttribute: Int, CaseIterable, Sendable {
    case title, lang, dir, href, src, srcset, alt, width, height, sizes, type, media, poster, controls, kind
    case srclang, label, cite, colspan, rowspan, headers, scope, span, start, reversed, value, datetime

    var bit: UInt64 { 1 << UInt64(rawValue) }

    /// The name as HTML writes it: the case's name. Spelled out because `"\(self)"` reads it by
    /// reflection, which cost the first parse of every process more than a million instructions.
    var name: String { Self.names[rawValue] }

    private static let names = [
        "title", "lang", "dir", "href", "src", "srcset", "alt", "width", "height", "sizes", "type", "media",
        "poster", "controls", "kind", "srclang", "label", "cite", "colspan", "rowspan", "headers", "scope", "span",
        "start", "reversed", "value", "datetime",
    ]

    /// Whether the value is one URL (href, src, poster, cite).
    var isURL: Bool {
        switch self {
        case .href, .src, .poster, .cite: true
        default: false
        }
    }

    /// Whether the value is written as it reads (references decoded, then escaped): not a URL, a
    /// srcset or a boolean attribute.
    var isPlainValue: Bool {
        switch self {
        case .href, .src, .poster, .cite, .srcset, .controls, .reversed: false
        default: true
        }
    }
}

/// The element and attribute tables, keyed by lower-cased names packed into integers.
final class HTMLElements: Sendable {
    static let shared = HTMLElements()

    /// `<name` and `</name>` by element id (lower-case), for writing tags.
    let startTags: WrittenBytes
    let endTags: WrittenBytes
    let byID: [HTMLElement]
    /// ` name` for each attribute (a boolean one's whole writing), and ` name="`, what goes before
    /// a value.
    let attributeNames: WrittenBytes
    let attributeOpenings: WrittenBytes
    private let elements: NameTable<HTMLElement>
    private let attributes: NameTable<HTMLAttribute>

    func element(_ bytes: UnsafeBufferPointer<UInt8>, _ name: Range<Int>) -> HTMLElement? {
        Self.key(bytes, name).flatMap { elements[$0] }
    }

    func attribute(_ bytes: UnsafeBufferPointer<UInt8>, _ name: Range<Int>) -> HTMLAttribute? {
        Self.key(bytes, name).flatMap { attributes[$0] }
    }

    /// Up to 16 name bytes, lower-cased, little-endian; nil for longer names, which none of ours are.
    private static func key(_ bytes: UnsafeBufferPointer<UInt8>, _ name: Range<Int>) -> PackedName? {
        guard name.count <= 16 else { return nil }
        var key = PackedName()
        for index in name.reversed() {
            let byte = bytes[index]
            key.append(Tag.isLetter(byte) ? byte | 0x20 : byte)
        }
        return key
    }

    private static func key(_ name: String) -> PackedName {
        Array(name.utf8).withUnsafeBufferPointer { key($0, 0..<$0.count)! }
    }

    private init() {
        var names: [[UInt8]] = []
        var elements: [PackedName: HTMLElement] = [:]
        let global: [HTMLAttribute] = [.title, .lang, .dir]
        func add(_ list: String, _ handling: HTMLElement.Handling, _ allowed: [HTMLAttribute] = []) {
            let mask = (handling == .keep || handling == .void ? global + allowed : allowed).reduce(0) { $0 | $1.bit }
            for name in list.split(separator: " ") {
                elements[Self.key(String(name))] = HTMLElement(
                    id: names.count, handling: handling, attributes: mask, block: false, rawText: false)
                names.append(Array(name.utf8))
            }
        }
        add(
            "abbr b bdi bdo caption cite code dd details dfn div dl dt em figcaption figure h1 h2 h3 h4 h5 h6 i kbd"
                + " mark p picture pre rp rt ruby s samp small span strike strong sub summary sup table tbody tfoot"
                + " thead tr u ul var", .keep)
        add("a", .keep, [.href])
        add("blockquote q", .keep, [.cite])
        add("del ins", .keep, [.cite, .datetime])
        add("td th", .keep, [.colspan, .rowspan, .headers, .scope])
        add("colgroup", .keep, [.span])
        add("ol", .keep, [.start, .reversed, .type])
        add("li", .keep, [.value])
        add("time", .keep, [.datetime])
        add("video", .keep, [.src, .poster, .controls, .width, .height])
        add("audio", .keep, [.src, .controls])
        add("br hr wbr", .void)
        add("col", .void, [.span])
        add("img", .void, [.src, .srcset, .alt, .width, .height, .sizes])
        add("source", .void, [.src, .srcset, .type, .media, .sizes])
        add("track", .void, [.src, .kind, .srclang, .label])
        add("iframe", .iframe, [.src, .width, .height, .title])
        // Their content is code, styling or markup for scripts, never text for a reader.
        add("script style template noscript", .drop)
        // Known only for plain text's line breaks; the sanitizer unwraps them like unknown elements.
        add("section article header footer aside nav address main form fieldset", .unwrap)
        // Plugins are dropped but their fallback content is what a reader should see (dropping it
        // whole made an unclosed `<object>` swallow the rest of an entry); `param` has none.
        add("object applet embed param", .unwrap)
        let blocks =
            "p div li ul ol dl dt dd h1 h2 h3 h4 h5 h6 blockquote pre table tr thead tbody tfoot section article"
            + " header footer aside nav hr figure figcaption address main details summary form fieldset"
        for name in blocks.split(separator: " ") { elements[Self.key(String(name))]?.block = true }
        elements[Self.key("br")]?.lineBreak = true
        for name in ["td", "th"] { elements[Self.key(name)]?.separatesWords = true }
        for name in ["script", "style", "template", "noscript", "iframe"] {
            elements[Self.key(name)]?.rawText = true
        }
        for (names, kind) in [
            ("p", HTMLElement.ImplicitEnd.paragraph), ("li", .listItem), ("dt dd", .definition), ("td th", .cell),
            ("tr", .row), ("thead tbody tfoot", .tableSection), ("rt rp", .ruby),
        ] {
            for name in names.split(separator: " ") { elements[Self.key(String(name))]?.implicitEnd = kind }
        }
        startTags = WrittenBytes(names.map { Array("<".utf8) + $0 })
        endTags = WrittenBytes(names.map { Array("</".utf8) + $0 + Array(">".utf8) })
        byID = elements.values.sorted { $0.id < $1.id }
        self.elements = NameTable(elements)
        attributeNames = WrittenBytes(HTMLAttribute.allCases.map { Array(" \($0.name)".utf8) })
        attributeOpenings = WrittenBytes(HTMLAttribute.allCases.map { Array(" \($0.name)=\"".utf8) })
        attributes = NameTable(Dictionary(uniqueKeysWithValues: HTMLAttribute.allCases.map { (Self.key($0.name), $0) }))
    }
}

/// Byte strings the sanitizer writes over and over (`<a`, `</a>`, ` href="`), laid out once for the
/// life of the process: reading one is a pointer and a count, with no reference counting (reading
/// an array of arrays retained and released the inner array at every tag, a tenth of writing one).
struct WrittenBytes: @unchecked Sendable {  // immutable after init, its memory never freed
    private let runs: UnsafeBufferPointer<UnsafeBufferPointer<UInt8>>

    /// Only for tables that live as long as the process: the memory is never given back.
    init(_ strings: [[UInt8]]) {
        let pool = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(1, strings.reduce(0) { $0 + $1.count }))
        let runs = UnsafeMutableBufferPointer<UnsafeBufferPointer<UInt8>>.allocate(capacity: max(1, strings.count))
        var offset = 0
        for (index, string) in strings.enumerated() {
            _ = UnsafeMutableBufferPointer(rebasing: pool[offset..<offset + string.count]).initialize(from: string)
            runs[index] = UnsafeBufferPointer(rebasing: pool[offset..<offset + string.count])
            offset += string.count
        }
        self.runs = UnsafeBufferPointer(rebasing: runs[..<strings.count])
    }

    var count: Int { runs.count }

    subscript(index: Int) -> UnsafeBufferPointer<UInt8> { runs[index] }
}
