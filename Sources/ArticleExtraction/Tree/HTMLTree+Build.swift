import FeedParsing

/// Building the tree from a page's bytes, as browsers do for the cases that shape an article: void
/// elements, raw text (script, style), paragraphs, list items and cells ended by what follows them,
/// stray end tags ignored, a missing body made. Not the whole HTML5 tree construction (no adoption
/// agency, no foster parenting — neither does the parser Readability's answers were made with).
/// Hostile input is bounded: nesting deeper than `maximumDepth` is flattened (text kept), as the
/// sanitizer does.
extension HTMLTree {
    /// Deeper elements are not made; their text goes to the deepest element.
    static let maximumDepth = 256

    init(parsing bytes: [UInt8]) {
        self.bytes = bytes
        var builder = TreeBuilder()
        bytes.withUnsafeBufferPointer { buffer in builder.build(buffer, into: &self) }
        placeBody()
        computeStats()
    }

    /// A page without `body` gets one holding everything but the head.
    private mutating func placeBody() {
        if kind[Int(body)] == .body { return }
        var container = root
        if let html = firstElementChild(root), kind[Int(html)] == .html { container = html }
        let body = makeElement(.body)
        var child = firstChild[Int(container)]
        while child != Self.none {
            let following = next[Int(child)]
            switch kind[Int(child)] {
            case .head, .title, .meta, .link, .base: break  // head content written without a head
            default: append(child, to: body)
            }
            child = following
        }
        insert(body, into: container)
        self.body = body
    }

    /// Every element's stats from its children's, in one post-order walk.
    private mutating func computeStats() {
        func leftmost(_ node: Node) -> Node {
            var node = node
            while firstChild[Int(node)] != Self.none { node = firstChild[Int(node)] }
            return node
        }
        var node = leftmost(root)
        while node != root {
            let parent = parent[Int(node)]
            stats[Int(parent)] += contribution(node)
            node = next[Int(node)] != Self.none ? leftmost(next[Int(node)]) : parent
        }
    }
}

/// The state of one build: the open elements and how many of each kind are open.
private struct TreeBuilder {
    var stack: [HTMLTree.Node] = []
    var stackNames: [UInt64] = []
    var open = [Int32](repeating: 0, count: ElementKind.allCases.count)
    var attributes = Tag.Attributes()

    /// The open elements, innermost last: their nodes, kinds and (for unknown names) name keys.
    var kinds: [ElementKind] = []

    var top: HTMLTree.Node { stack[stack.count - 1] }
    var topKind: ElementKind { kinds[kinds.count - 1] }

    mutating func build(_ bytes: UnsafeBufferPointer<UInt8>, into tree: inout HTMLTree) {
        tree.root = tree.makeNode(.other)
        tree.body = tree.root
        push(tree.root, kind: .other, name: 0)
        open[Int(ElementKind.other.rawValue)] = 0  // the document node is never closed
        let count = bytes.count
        var index = 0
        var textStart = 0
        while index < count {
            guard let lt = ByteScan.index(of: UInt8(ascii: "<"), in: bytes, from: index, to: count) else { break }
            guard let tag = Tag.read(bytes, at: lt, attributes: &attributes) else {
                index = lt + 1
                continue
            }
            addText(bytes, textStart..<lt, tree: &tree)
            index = tag.end
            textStart = tag.end
            guard tag.terminated else { break }
            switch tag.kind {
            case .other: continue
            case .end: endTag(bytes, tag, tree: &tree)
            case .start:
                let end = startTag(bytes, tag, tree: &tree)
                index = end
                textStart = end
            }
        }
        addText(bytes, textStart..<count, tree: &tree)
    }

    // MARK: - Text

    mutating func addText(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, tree: inout HTMLTree) {
        guard !range.isEmpty else { return }
        let stats = TextMeasure.measure(bytes, range)
        let parentKind = topKind
        if stats.solid == 0, parentKind == .other || parentKind == .html || parentKind == .head { return }
        if parentKind == .head { popHead() }
        let node = tree.makeNode(.text, range: Int32(range.lowerBound)..<Int32(range.upperBound))
        tree.stats[Int(node)] = stats
        link(node, tree: &tree)
    }

    // MARK: - Start tags

    /// Makes the element; returns where reading goes on (after a raw-text element's content).
    mutating func startTag(_ bytes: UnsafeBufferPointer<UInt8>, _ tag: Tag, tree: inout HTMLTree) -> Int {
        let kind = ElementKind.named(bytes, tag.name)
        let traits = kind.traits
        var contentEnd = tag.end
        if traits.contains(.rawText) {
            contentEnd = Tag.rawTextEnd(bytes, from: tag.end, name: tag.name)
        }
        // After a raw-text element's content comes its end tag: skip it too.
        let resume = traits.contains(.rawText) ? skipEndTag(bytes, at: contentEnd) : tag.end

        switch kind {
        case .html:
            if tree.kind.count > 1, tree.firstElementChild(tree.root) != nil { return resume }
        case .head:
            if tree.head != HTMLTree.none { return resume }
        case .body:
            if tree.kind[Int(tree.body)] == .body { return resume }
            popHead()
        default:
            if topKind == .head, !Self.belongsInHead(kind) { popHead() }
        }
        closeImplied(by: kind)
        guard stack.count <= HTMLTree.maximumDepth else { return resume }

        let flags = NodeFlagReader.flags(bytes, attributes, kind: kind)
        let name = kind == .other ? Int32(tag.name.lowerBound)..<Int32(tag.name.upperBound) : 0..<0
        let foreign = tree.flags[Int(top)].contains(.foreign) || kind == .svg || kind == .math
        let node = tree.makeNode(kind, range: name, flags: foreign ? flags.union(.foreign) : flags)
        let first = Int32(tree.attributes.count)
        tree.attributes.append(contentsOf: attributes)
        tree.attributeRange[Int(node)] = first..<Int32(tree.attributes.count)
        link(node, tree: &tree)

        switch kind {
        case .html: break
        case .head: tree.head = node
        case .body: tree.body = node
        case .meta: tree.metas.append(node)
        case .base:
            if tree.baseHref == nil, let index = tree.attributeIndex(node, "href") {
                tree.baseHref = tree.attributes[index].value
            }
        case .link:
            if tree.canonicalHref == nil, let rel = tree.attribute(node, "rel"),
                rel.lowercased().split(whereSeparator: \.isWhitespace).contains("canonical"),
                let index = tree.attributeIndex(node, "href")
            {
                tree.canonicalHref = tree.attributes[index].value
            }
        case .title:
            if tree.titleRange == nil { tree.titleRange = tag.end..<contentEnd }
        case .script:
            if let type = tree.attribute(node, "type"), type.lowercased().contains("ld+json") {
                tree.jsonLD.append(tag.end..<contentEnd)
            }
        case .textarea, .xmp, .plaintext:
            // Text that may be shown: kept as the element's text (the extractor drops textareas).
            push(node, kind: kind, name: 0)
            addText(bytes, tag.end..<contentEnd, tree: &tree)
            pop()
        default: break
        }
        if traits.contains(.rawText) || kind.isVoid || (tag.selfClosing && foreign) { return resume }
        push(node, kind: kind, name: kind == .other ? Self.nameKey(bytes, tag.name) : 0)
        return resume
    }

    /// Past the end tag at `index` (what `Tag.rawTextEnd` found), or `index` at the end of input.
    func skipEndTag(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        guard index < bytes.count,
            let close = ByteScan.index(of: UInt8(ascii: ">"), in: bytes, from: index, to: bytes.count)
        else { return bytes.count }
        return close + 1
    }

    static func belongsInHead(_ kind: ElementKind) -> Bool {
        switch kind {
        case .title, .meta, .link, .base, .script, .style, .noscript, .template: true
        default: false
        }
    }

    /// Ends the elements a start tag of `kind` ends: an open paragraph before a block, the previous
    /// list item, definition, cell, row or option, a heading inside a heading, a link inside a link.
    mutating func closeImplied(by kind: ElementKind) {
        if kind.traits.contains(.closesParagraph), open[Int(ElementKind.p.rawValue)] > 0 {
            closeNearest(Implied.paragraph, stoppingAt: Implied.paragraphScope)
        }
        switch kind {
        case .li: closeNearest(Implied.listItem, stoppingAt: Implied.listScope)
        case .dt, .dd: closeNearest(Implied.definition, stoppingAt: Implied.definitionScope)
        case .td, .th: closeNearest(Implied.cell, stoppingAt: Implied.rowScope)
        case .tr: closeNearest(Implied.row, stoppingAt: Implied.tableSectionScope, passing: Implied.cell)
        case .tbody, .thead, .tfoot:
            closeNearest(Implied.tableSection, stoppingAt: Implied.tableScope, passing: Implied.rowContent)
        case .option, .optgroup:
            if topKind == .option { pop() }
        case .h1, .h2, .h3, .h4, .h5, .h6:
            if topKind.isHeading { pop() }
        case .a: closeNearest(Implied.link, stoppingAt: Implied.cellScope)
        default: break
        }
    }

    /// Sets of kinds for `closeImplied`, made once.
    enum Implied {
        static let paragraph = KindSet([.p])
        static let paragraphScope = KindSet([.table, .td, .th, .caption, .button, .object, .html, .template])
        static let listItem = KindSet([.li])
        static let listScope = KindSet([.ul, .ol, .menu, .table, .td, .th, .body, .html])
        static let definition = KindSet([.dt, .dd])
        static let definitionScope = KindSet([.dl, .table, .td, .th, .body, .html])
        static let cell = KindSet([.td, .th])
        static let rowScope = KindSet([.tr, .table, .tbody, .thead, .tfoot, .html])
        static let row = KindSet([.tr])
        static let tableSectionScope = KindSet([.table, .tbody, .thead, .tfoot, .html])
        static let tableSection = KindSet([.tbody, .thead, .tfoot])
        static let tableScope = KindSet([.table, .html])
        static let rowContent = KindSet([.tr, .td, .th])
        static let link = KindSet([.a])
        static let cellScope = KindSet([.table, .td, .th, .html])
        static let headings = KindSet([.h1, .h2, .h3, .h4, .h5, .h6])
    }

    /// Pops to the nearest open element of `targets`, if one is open above any of `stops`; with
    /// `passing`, only if every element above it is of those kinds.
    mutating func closeNearest(_ targets: KindSet, stoppingAt stops: KindSet, passing: KindSet? = nil) {
        guard targets.kinds.contains(where: { open[Int($0.rawValue)] > 0 }) else { return }
        var index = stack.count - 1
        while index > 0 {
            let kind = kinds[index]
            if targets.contains(kind) {
                while stack.count > index { popLast() }
                return
            }
            if stops.contains(kind) { return }
            if let passing, !passing.contains(kind) { return }
            index -= 1
        }
    }

    // MARK: - End tags

    mutating func endTag(_ bytes: UnsafeBufferPointer<UInt8>, _ tag: Tag, tree: inout HTMLTree) {
        let kind = ElementKind.named(bytes, tag.name)
        switch kind {
        case .html, .body: return  // content after them still belongs to the body
        case .head:
            popHead()
            return
        default: break
        }
        if kind.isVoid { return }
        let name = kind == .other ? Self.nameKey(bytes, tag.name) : 0
        if kind.isHeading {
            guard Implied.headings.kinds.contains(where: { open[Int($0.rawValue)] > 0 }) else { return }
        } else if open[Int(kind.rawValue)] == 0 {
            return
        }
        var index = stack.count - 1
        while index > 0 {
            let open = kinds[index]
            if open == kind ? (kind != .other || stackNames[index] == name) : (kind.isHeading && open.isHeading) {
                while stack.count > index { popLast() }
                return
            }
            index -= 1
        }
    }

    // MARK: - The stack

    mutating func push(_ node: HTMLTree.Node, kind: ElementKind, name: UInt64) {
        stack.append(node)
        stackNames.append(name)
        kinds.append(kind)
        open[Int(kind.rawValue)] += 1
    }

    mutating func popLast() {
        let kind = kinds.removeLast()
        open[Int(kind.rawValue)] -= 1
        stack.removeLast()
        stackNames.removeLast()
    }

    mutating func pop() { if stack.count > 1 { popLast() } }

    mutating func popHead() {
        guard open[Int(ElementKind.head.rawValue)] > 0 else { return }
        while stack.count > 1, topKind != .head { popLast() }
        if stack.count > 1 { popLast() }
    }

    /// Appends `node` to the current element (stats are summed once the tree is built).
    func link(_ node: HTMLTree.Node, tree: inout HTMLTree) { tree.attach(node, to: top) }

    /// A lower-cased name hashed, to match an unknown element's end tag to its start tag.
    static func nameKey(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for index in range {
            hash = (hash ^ UInt64(ClassPatterns.lower(bytes[index]))) &* 0x100_0000_01b3
        }
        return hash
    }
}

/// A small set of element kinds as a bit mask: membership is one test, no hashing.
struct KindSet: Sendable {
    private var low: UInt64 = 0
    private var high: UInt64 = 0
    let kinds: [ElementKind]

    init(_ kinds: [ElementKind]) {
        self.kinds = kinds
        for kind in kinds {
            let bit = Int(kind.rawValue)
            if bit < 64 { low |= 1 << UInt64(bit) } else { high |= 1 << UInt64(bit - 64) }
        }
    }

    func contains(_ kind: ElementKind) -> Bool {
        let bit = Int(kind.rawValue)
        return bit < 64 ? low & (1 << UInt64(bit)) != 0 : high & (1 << UInt64(bit - 64)) != 0
    }
}
