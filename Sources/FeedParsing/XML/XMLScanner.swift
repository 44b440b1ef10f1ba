import Foundation

/// A forgiving, streaming XML scanner over UTF-8 bytes: a pull parser that reports start tags, end
/// tags and character data as offsets into the buffer, resolving namespaces as it goes.
///
/// We own this rather than use FoundationXML because feeds need what libxml2 will not give:
/// no DTD processing or entity expansion at all (FoundationXML spends 28 s on a 1 MB entity bomb
/// and 58 s on an attribute flood), recovery from mismatched tags, illegal control characters and
/// truncation instead of failing the document, and byte offsets for capturing raw inner markup.
/// Everything is linear in the input: each byte is looked at a bounded number of times.
struct XMLScanner {
    /// What the scanner saw next.
    enum Event: Equatable {
        case start(XMLName)
        case end(XMLName)
        /// Character data to decode with ``XMLText`` (entities on for text, off for CDATA).
        case text(Range<Int>, cdata: Bool)
        case endOfDocument
    }

    /// An attribute of the current start tag: byte ranges, its name resolved and its value decoded
    /// only when asked for (most attributes never are).
    struct Attribute {
        var name: Range<Int>
        var value: Range<Int>
    }

    /// An open element.
    struct Frame {
        var qualifiedName: Range<Int>
        var name: XMLName
        var bindingCount: Int
    }

    let bytes: UnsafeBufferPointer<UInt8>
    let maxDepth: Int
    let maxAttributes: Int
    /// Offset just after the last tag read (where an element's content starts).
    private(set) var position = 0
    /// Offset of the "<" of the last tag read (where an element's content ends, for an end tag).
    private(set) var tagStart = 0
    /// Attributes of the last start tag.
    private(set) var attributes: [Attribute] = []
    /// The open elements, outermost first.
    private(set) var stack: [Frame] = []
    /// Problems found while scanning, at byte offsets.
    private(set) var problems: WarningList
    /// True when the document ended (or scanning stopped) with elements still open.
    private(set) var isTruncated = false
    /// True when scanning stopped because the task was cancelled.
    private(set) var isCancelled = false
    /// True when the caller cut the document at its size cap and says so in a warning of its own:
    /// the end is then expected, and not reported as a truncation.
    var isCutAtCap = false
    /// Tags and text runs until the next look at `Task.isCancelled`.
    private var untilCancellationCheck = Self.cancellationInterval
    /// A check costs a task-local lookup: every few thousand tokens keeps it out of profiles and
    /// still stops a 64 MB document within milliseconds.
    static let cancellationInterval = 4096

    /// Namespace declarations in scope, innermost last. Every prefixed name is looked up here, so
    /// their number is capped: 200 nested elements declaring 200 namespaces each made 10,000
    /// elements take two minutes. Real feeds have at most about ten in scope.
    /// Prefixes in scope, innermost last, each with its bytes packed when it has at most 16 (compared
    /// at every prefixed element).
    private var bindings: [(prefix: String, key: PackedName?, namespace: XMLNamespace)] = []
    static let maxBindings = 64
    /// The last namespace URI read and what it names: documents repeat one declaration on many
    /// elements (every Atom XHTML `<div xmlns=…>`).
    private var lastURI: (bytes: [UInt8], namespace: XMLNamespace) = ([], .unknown)
    /// An unknown namespace URI read as one we know (see `adoptDefaultNamespace(as:)`).
    private var adopted: (bytes: [UInt8], namespace: XMLNamespace)?
    /// Whether the current start tag has an `xml:` attribute (`xml:base`, `xml:lang`), so the
    /// lookups made on every element can answer at once when it has none.
    private var hasXMLAttribute = false
    /// Attribute name and value ranges of the tag being read, kept to reuse its storage.
    private var raw: [(name: Range<Int>, value: Range<Int>)] = []
    private var pendingEnds = 0
    private var stopped = false

    init(
        bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0, maxDepth: Int = 512, maxAttributes: Int = 256,
        maxWarnings: Int = 100
    ) {
        self.bytes = bytes
        self.position = start
        self.maxDepth = maxDepth
        self.maxAttributes = maxAttributes
        self.problems = WarningList(limit: maxWarnings)
    }

    /// The decoded value of the current start tag's attribute, if present.
    func attribute(_ namespace: XMLNamespace, _ local: String) -> String? {
        if namespace == .xml, !hasXMLAttribute { return nil }
        for attribute in attributes {
            let name = attribute.name
            let colon = index(of: UInt8(ascii: ":"), from: name.lowerBound, end: name.upperBound)
            guard equals((colon.map { $0 + 1 } ?? name.lowerBound)..<name.upperBound, local) else { continue }
            // Unprefixed attributes are in no namespace.
            let found = colon.map { self.namespace(prefix: $0 > name.lowerBound ? name.lowerBound..<$0 : $0..<$0) }
            if (found ?? .none) == namespace { return XMLText.string(bytes, attribute.value) }
        }
        return nil
    }

    /// Makes the unknown default namespace that the current start tag, unprefixed, declares mean
    /// `namespace`, there and wherever the same URI is declared again: an `<rss>` root in a
    /// namespace of its own is still RSS. Returns the URI; nil (changing nothing) when the tag
    /// declares no such namespace.
    mutating func adoptDefaultNamespace(as namespace: XMLNamespace) -> String? {
        guard let frame = stack.last,
            index(of: UInt8(ascii: ":"), from: frame.qualifiedName.lowerBound, end: frame.qualifiedName.upperBound)
                == nil,
            let declaration = raw.first(where: { bytes[$0.name].elementsEqual("xmlns".utf8) }),
            let binding = bindings.lastIndex(where: { $0.prefix.isEmpty }), bindings[binding].namespace == .unknown
        else { return nil }
        bindings[binding].namespace = namespace
        adopted = (Array(bytes[declaration.value]), namespace)
        lastURI = adopted!
        stack[stack.count - 1].name.namespace = namespace
        return XMLText.string(bytes, declaration.value)
    }

    /// Records a problem; one with a kind only the first place it happens.
    mutating func report(_ message: String, kind: String? = nil, at offset: Int) {
        problems.add(message, at: offset, kind: kind)
    }

    /// The next event; `.endOfDocument` forever once the input is exhausted.
    mutating func next() -> Event {
        if pendingEnds > 0 {
            pendingEnds -= 1
            return .end(pop())
        }
        while !stopped, position < bytes.count {
            if checkCancellation() { break }
            let start = position
            guard bytes[start] == UInt8(ascii: "<") else {
                position = index(of: UInt8(ascii: "<"), from: start) ?? bytes.count
                return .text(start..<position, cdata: false)
            }
            tagStart = start
            guard start + 1 < bytes.count else {
                position = bytes.count
                return .text(start..<position, cdata: false)
            }
            switch bytes[start + 1] {
            case UInt8(ascii: "/"):
                if let event = endTag() { return event }
            case UInt8(ascii: "?"):
                skip(past: "?>", from: start + 2, what: "processing instruction")
            case UInt8(ascii: "!"):
                if let event = markupDeclaration() { return event }
            default:
                if let event = startTag() { return event }
            }
        }
        if !stack.isEmpty, !isTruncated, !isCancelled {
            isTruncated = true
            let names = stack.reversed().prefix(3).map { "</" + qualifiedName($0) + ">" }.joined(separator: ", ")
            if !isCutAtCap { report("the document ends before \(names) (truncated?)", at: bytes.count) }
        }
        return .endOfDocument
    }

    // MARK: - Tags

    private mutating func startTag() -> Event? {
        let nameStart = tagStart + 1
        var i = nameStart
        guard isNameStart(bytes[i]) else {
            // "<" that opens no tag ("a < b", "<3"): keep it as text.
            report("a \"<\" that opens no tag was read as text", kind: "lt", at: tagStart)
            position = index(of: UInt8(ascii: "<"), from: tagStart + 1) ?? bytes.count
            return .text(tagStart..<position, cdata: false)
        }
        while i < bytes.count, !isNameEnd(bytes[i]) { i += 1 }
        let nameEnd = i
        // Emptied only when there is something to empty: the call costs more than most tags' reading.
        if !raw.isEmpty { raw.removeAll(keepingCapacity: true) }
        var selfClosing = false
        var closed = false
        var dropped = false
        while i < bytes.count {
            let byte = bytes[i]
            if byte == UInt8(ascii: ">") {
                closed = true
                i += 1
                break
            }
            if byte == UInt8(ascii: "/") {
                selfClosing = true
                i += 1
                continue
            }
            if isSpace(byte) {
                i += 1
                continue
            }
            selfClosing = false
            let attributeStart = i
            while i < bytes.count, !isNameEnd(bytes[i]), bytes[i] != UInt8(ascii: "=") { i += 1 }
            if i == attributeStart { i += 1 }  // a stray byte like a quote: skip it
            let attributeName = attributeStart..<i
            while i < bytes.count, isSpace(bytes[i]) { i += 1 }
            var value = i..<i
            if i < bytes.count, bytes[i] == UInt8(ascii: "=") {
                i += 1
                while i < bytes.count, isSpace(bytes[i]) { i += 1 }
                if i < bytes.count, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") {
                    let quote = bytes[i]
                    let valueEnd = index(of: quote, from: i + 1) ?? bytes.count
                    value = (i + 1)..<valueEnd
                    i = min(valueEnd + 1, bytes.count)
                } else {
                    let valueStart = i
                    while i < bytes.count, !isSpace(bytes[i]), bytes[i] != UInt8(ascii: ">") { i += 1 }
                    value = valueStart..<i
                    report("an attribute value without quotes was accepted", kind: "unquoted", at: valueStart)
                }
            }
            if raw.count < maxAttributes {
                raw.append((attributeName, value))
            } else if !dropped {
                dropped = true
                report("attributes beyond the first \(maxAttributes) on one element were ignored", at: attributeStart)
            }
        }
        position = i
        guard closed else {
            // The input ended inside the tag: the element never really started.
            isTruncated = true
            if !isCutAtCap { report("the document ends inside a tag (truncated?)", at: tagStart) }
            stopped = true
            return nil
        }
        guard stack.count < maxDepth else {
            report(
                "elements nested deeper than \(maxDepth) levels were skipped with their content", kind: "depth",
                at: tagStart)
            if !selfClosing { skipSubtree() }
            return nil
        }
        let bindingCount = bindings.count
        for (name, value) in raw where starts(name, with: "xmlns") {
            let prefixRange: Range<Int>
            if name.count == 5 {
                prefixRange = name.upperBound..<name.upperBound
            } else if bytes[name.lowerBound + 5] == UInt8(ascii: ":") {
                prefixRange = name.lowerBound + 6..<name.upperBound
            } else {
                continue
            }
            guard bindings.count < Self.maxBindings else {
                report(
                    "namespace declarations beyond \(Self.maxBindings) in scope were ignored", kind: "bindings",
                    at: name.lowerBound)
                break
            }
            if !bytes[value].elementsEqual(lastURI.bytes) {
                var namespace = XMLNamespace(uri: XMLText.string(bytes, value))
                if namespace == .unknown, let adopted, bytes[value].elementsEqual(adopted.bytes) {
                    namespace = adopted.namespace
                }
                lastURI = (Array(bytes[value]), namespace)
            }
            bindings.append((string(prefixRange), packed(prefixRange), lastURI.namespace))
        }
        if !attributes.isEmpty { attributes.removeAll(keepingCapacity: true) }
        hasXMLAttribute = false
        for (name, value) in raw where !starts(name, with: "xmlns") {
            attributes.append(Attribute(name: name, value: value))
            if starts(name, with: "xml:") { hasXMLAttribute = true }
        }
        let name = resolve(nameStart..<nameEnd)
        stack.append(Frame(qualifiedName: nameStart..<nameEnd, name: name, bindingCount: bindingCount))
        if selfClosing { pendingEnds = 1 }
        return .start(name)
    }

    private mutating func endTag() -> Event? {
        let nameStart = tagStart + 2
        var i = nameStart
        while i < bytes.count, !isNameEnd(bytes[i]) { i += 1 }
        let name = nameStart..<i
        guard let close = index(of: UInt8(ascii: ">"), from: i) else {
            position = bytes.count
            return nil
        }
        position = close + 1
        guard let top = stack.last else {
            report("an end tag </\(string(name))> with no open element was ignored", kind: "stray-end", at: tagStart)
            return nil
        }
        if ByteScan.same(bytes, top.qualifiedName, name) { return .end(pop()) }
        // Mismatched: close up to a matching open element nearby, else ignore the end tag. The
        // search is bounded so that hostile nesting stays linear.
        var depth: Int?
        for offset in 1..<min(stack.count, 16) where depth == nil {
            if ByteScan.same(bytes, stack[stack.count - 1 - offset].qualifiedName, name) { depth = offset }
        }
        guard let depth else {
            report(
                "an end tag </\(string(name))> that matches no open element was ignored", kind: "mismatch", at: tagStart
            )
            return nil
        }
        report("</\(string(name))> closed elements left open inside it", kind: "unclosed", at: tagStart)
        pendingEnds = depth
        return .end(pop())
    }

    /// Moves past the end of the element whose start tag was just read, without reporting what is
    /// in it: tags are counted, not matched or pushed, so skipping takes no memory however deep
    /// the content nests. Comments, CDATA, processing instructions and quoted attribute values
    /// are read past like everywhere else, so a ">" or "</" inside them is not a tag.
    private mutating func skipSubtree() {
        var open = 1
        while open > 0, !checkCancellation(), let lt = index(of: UInt8(ascii: "<"), from: position) {
            tagStart = lt
            guard lt + 1 < bytes.count else { break }
            switch bytes[lt + 1] {
            case UInt8(ascii: "/"):
                open -= 1
                position = (index(of: UInt8(ascii: ">"), from: lt + 2) ?? bytes.count - 1) + 1
            case UInt8(ascii: "?"):
                skip(past: "?>", from: lt + 2, what: "processing instruction")
            case UInt8(ascii: "!"):
                _ = markupDeclaration()
            case let byte where isNameStart(byte):
                let (end, selfClosing) = endOfStartTag(from: lt + 2)
                position = end
                if !selfClosing { open += 1 }
            default:
                position = lt + 1  // a "<" that opens no tag
            }
        }
        if open > 0 { position = bytes.count }
    }

    /// The offset after the ">" ending the start tag whose name starts before `start`, and whether
    /// it ends "/>"; attribute values in quotes are read past as `startTag` reads them.
    private func endOfStartTag(from start: Int) -> (end: Int, selfClosing: Bool) {
        var i = start
        var afterEquals = false
        while i < bytes.count {
            let byte = bytes[i]
            if byte == UInt8(ascii: ">") { return (i + 1, bytes[i - 1] == UInt8(ascii: "/")) }
            if afterEquals, byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                i = (index(of: byte, from: i + 1) ?? bytes.count - 1) + 1
                afterEquals = false
                continue
            }
            if byte == UInt8(ascii: "=") {
                afterEquals = true
            } else if !isSpace(byte) {
                afterEquals = false
            }
            i += 1
        }
        return (bytes.count, false)
    }

    /// Whether the task was cancelled, looked at every `cancellationInterval` calls; when it
    /// was, scanning stops.
    private mutating func checkCancellation() -> Bool {
        untilCancellationCheck -= 1
        guard untilCancellationCheck <= 0 else { return false }
        untilCancellationCheck = Self.cancellationInterval
        if Task.isCancelled {
            isCancelled = true
            stopped = true
        }
        return isCancelled
    }

    private mutating func pop() -> XMLName {
        let frame = stack.removeLast()
        if bindings.count > frame.bindingCount { bindings.removeSubrange(frame.bindingCount...) }
        return frame.name
    }

    /// Comments, CDATA sections, DOCTYPE (with its internal subset, never processed) and other
    /// declarations.
    private mutating func markupDeclaration() -> Event? {
        let rest = UnsafeBufferPointer(rebasing: bytes[(tagStart + 2)...])
        if rest.starts(with: "--".utf8) {
            skip(past: "-->", from: tagStart + 4, what: "comment")
        } else if rest.starts(with: "[CDATA[".utf8) {
            let contentStart = tagStart + 9
            let end = find("]]>", from: contentStart)
            position = end.map { $0 + 3 } ?? bytes.count
            if end == nil, !isCutAtCap { report("a CDATA section is not closed", at: tagStart) }
            return .text(contentStart..<(end ?? bytes.count), cdata: true)
        } else if rest.prefix(7).elementsEqual("DOCTYPE".utf8) {
            skipDoctype()
        } else {
            skip(past: ">", from: tagStart + 2, what: "declaration")
        }
        return nil
    }

    /// Skips `<!DOCTYPE …>` including an internal subset `[…]`, whose quoted strings and comments
    /// may hold "]" and ">". Nothing in it is read: entities it declares stay unexpanded.
    private mutating func skipDoctype() {
        var i = tagStart + 9
        var inSubset = false
        while i < bytes.count {
            let byte = bytes[i]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                i = (index(of: byte, from: i + 1) ?? bytes.count) + 1
                continue
            }
            if inSubset, byte == UInt8(ascii: "<"), i + 3 < bytes.count, bytes[i + 1] == UInt8(ascii: "!"),
                bytes[i + 2] == UInt8(ascii: "-"), bytes[i + 3] == UInt8(ascii: "-")
            {
                i = (find("-->", from: i + 4) ?? bytes.count) + 3
                continue
            }
            if byte == UInt8(ascii: "[") { inSubset = true }
            if byte == UInt8(ascii: "]") { inSubset = false }
            if byte == UInt8(ascii: ">"), !inSubset {
                position = i + 1
                return
            }
            i += 1
        }
        position = bytes.count
    }

    private mutating func skip(past terminator: String, from start: Int, what: String) {
        if let end = find(terminator, from: start) {
            position = end + terminator.utf8.count
        } else {
            if !isCutAtCap { report("a \(what) is not closed", at: tagStart) }
            position = bytes.count
        }
    }

    // MARK: - Names

    /// An element's name with its namespace: the prefix's binding, else the default namespace.
    private func resolve(_ range: Range<Int>) -> XMLName {
        guard let colon = index(of: UInt8(ascii: ":"), from: range.lowerBound, end: range.upperBound) else {
            return name(defaultNamespace, range)
        }
        return name(namespace(prefix: range.lowerBound..<colon), colon + 1..<range.upperBound)
    }

    /// The name whose local part is `bytes[local]`: a known one takes its table's string, so that
    /// most elements make no String of their own.
    private func name(_ namespace: XMLNamespace, _ local: Range<Int>) -> XMLName {
        let known = XMLLocal(UnsafeBufferPointer(rebasing: bytes[local]))
        return XMLName(namespace, known == .other ? string(local) : known.rawValue, known: known)
    }

    /// The namespace unprefixed names are in: the innermost default declaration's.
    private var defaultNamespace: XMLNamespace {
        var index = bindings.count
        while index > 0 {
            index -= 1
            if bindings[index].key == .zero { return bindings[index].namespace }
        }
        return .none
    }

    /// The namespace a prefix is bound to, compared as bytes (no String per element); an unbound
    /// prefix gets its conventional namespace, if it has one.
    private func namespace(prefix range: Range<Int>) -> XMLNamespace {
        let prefix = bytes[range]
        if let key = packed(range) {
            if key == Self.xmlPrefix { return .xml }
            if let binding = bindings.last(where: { $0.key == key }) { return binding.namespace }
        } else if let binding = bindings.last(where: { $0.prefix.utf8.elementsEqual(prefix) }) {
            return binding.namespace
        }
        return XMLNamespace.conventional(prefix: string(range)) ?? .unknown
    }

    private static let xmlPrefix = Array("xml".utf8).withUnsafeBufferPointer { PackedName($0)! }

    private func packed(_ range: Range<Int>) -> PackedName? { PackedName(UnsafeBufferPointer(rebasing: bytes[range])) }

    private func qualifiedName(_ frame: Frame) -> String { string(frame.qualifiedName) }

    private func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }
}
