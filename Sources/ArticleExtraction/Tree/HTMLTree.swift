import FeedParsing

/// A page as a tree, for the extractor to score and prune: nodes in parallel arrays indexed by
/// `Int32` (no object per node), names, attributes and text as byte ranges into `bytes` (nothing is
/// decoded until asked for), linked children so that detaching, re-tagging and wrapping are O(1).
/// A value: a copy is a snapshot (Readability retries on the page as it was).
struct HTMLTree: Sendable {
    typealias Node = Int32
    static let none: Node = -1

    /// An attribute as the tokenizer reads it: byte ranges of its name and raw value in `bytes`.
    typealias Attribute = Tag.Attribute

    /// The page's UTF-8 bytes, then any bytes edits added (new attribute values).
    var bytes: [UInt8]

    var kind: [ElementKind] = []
    var parent: [Node] = []
    var firstChild: [Node] = []
    var lastChild: [Node] = []
    var next: [Node] = []
    var previous: [Node] = []
    /// A text node's text, or an `.other` element's name, in `bytes`.
    var range: [Range<Int32>] = []
    /// Where a node's attributes are in `attributes`.
    var attributeRange: [Range<Int32>] = []
    var attributes: [Attribute] = []
    var flags: [NodeFlags] = []
    var stats: [TextStats] = []
    /// Readability's content score; nil until the node is a candidate.
    var score: [Double?] = []

    /// The document node (parent of `html`), and the body the extractor works in.
    var root: Node = 0
    var body: Node = 0
    var head: Node = HTMLTree.none
    /// The text of the first `title` element, raw.
    var titleRange: Range<Int>?
    /// The contents of `script type="application/ld+json"` elements, raw.
    var jsonLD: [Range<Int>] = []
    /// `meta` elements, in document order.
    var metas: [Node] = []
    /// The first `base href`, raw.
    var baseHref: Range<Int>?
    /// The `href` of the first `link rel=canonical`, raw.
    var canonicalHref: Range<Int>?

    var count: Int { kind.count }

    // MARK: - Making nodes

    mutating func makeNode(_ kind: ElementKind, range: Range<Int32> = 0..<0, flags: NodeFlags = []) -> Node {
        let node = Node(self.kind.count)
        self.kind.append(kind)
        parent.append(Self.none)
        firstChild.append(Self.none)
        lastChild.append(Self.none)
        next.append(Self.none)
        previous.append(Self.none)
        self.range.append(range)
        attributeRange.append(0..<0)
        self.flags.append(flags)
        stats.append(TextStats())
        score.append(nil)
        return node
    }

    // MARK: - Reading

    func isElement(_ node: Node) -> Bool { kind[Int(node)] != .text }

    func children(_ node: Node) -> ChildSequence { ChildSequence(siblings: next, first: firstChild[Int(node)]) }

    /// A node's children: it holds the one array it reads (`next`), not a copy of the tree, whose
    /// every array a copy would retain and release.
    struct ChildSequence: Sequence, IteratorProtocol {
        let siblings: [Node]
        var current: Node
        init(siblings: [Node], first: Node) {
            self.siblings = siblings
            self.current = first
        }
        mutating func next() -> Node? {
            guard current != HTMLTree.none else { return nil }
            defer { current = siblings[Int(current)] }
            return current
        }
    }

    func firstElementChild(_ node: Node) -> Node? {
        var child = firstChild[Int(node)]
        while child != Self.none {
            if kind[Int(child)] != .text { return child }
            child = next[Int(child)]
        }
        return nil
    }

    func nextElementSibling(_ node: Node) -> Node? {
        var sibling = next[Int(node)]
        while sibling != Self.none {
            if kind[Int(sibling)] != .text { return sibling }
            sibling = next[Int(sibling)]
        }
        return nil
    }

    func previousElementSibling(_ node: Node) -> Node? {
        var sibling = previous[Int(node)]
        while sibling != Self.none {
            if kind[Int(sibling)] != .text { return sibling }
            sibling = previous[Int(sibling)]
        }
        return nil
    }

    func elementChildCount(_ node: Node) -> Int {
        var count = 0
        var child = firstChild[Int(node)]
        while child != Self.none {
            if kind[Int(child)] != .text { count += 1 }
            child = next[Int(child)]
        }
        return count
    }

    /// The next element in document order after `node`: its first element child (unless
    /// `skippingChildren`), else the next element sibling of it or of its nearest ancestor.
    func nextElement(after node: Node, skippingChildren: Bool = false, within limit: Node = HTMLTree.none) -> Node? {
        if !skippingChildren, let child = firstElementChild(node) { return child }
        var current = node
        while current != Self.none && current != limit {
            if let sibling = nextElementSibling(current) { return sibling }
            current = parent[Int(current)]
        }
        return nil
    }

    /// The first answer `visit` gives of the elements inside `root`, in document order; the
    /// subtree of an element `prunes` picks is not looked at.
    func firstAnswer<Answer>(
        within root: Node, pruning prunes: (Node) -> Bool, _ visit: (Node) -> Answer?
    ) -> Answer? {
        var current = nextElement(after: root, within: root)
        while let element = current {
            if prunes(element) {
                current = nextElement(after: element, skippingChildren: true, within: root)
                continue
            }
            if let answer = visit(element) { return answer }
            current = nextElement(after: element, within: root)
        }
        return nil
    }

    /// Whether an element above `node` (not `node` itself) is of a kind that `matches`.
    func hasAncestor(_ node: Node, where matches: (ElementKind) -> Bool) -> Bool {
        var current = parent[Int(node)]
        while current != Self.none {
            if matches(kind[Int(current)]) { return true }
            current = parent[Int(current)]
        }
        return false
    }

    /// Whether `ancestor` is `node` or holds it.
    func isAncestor(_ ancestor: Node, of node: Node) -> Bool {
        var current = node
        while current != Self.none {
            if current == ancestor { return true }
            current = parent[Int(current)]
        }
        return false
    }

    /// Elements of `kinds` inside `node` (not `node` itself), in document order.
    func descendants(of node: Node, where matches: (ElementKind) -> Bool) -> [Node] {
        var found: [Node] = []
        var current = nextElement(after: node, within: node)
        while let element = current {
            if matches(kind[Int(element)]) { found.append(element) }
            current = nextElement(after: element, within: node)
        }
        return found
    }

    /// The weight of a link's text in link density: in-page links (`#…`) count less.
    func linkWeight(_ node: Node) -> Double { flags[Int(node)].contains(.hashLink) ? 0.3 : 1 }

    /// Readability's link density: link text over all text.
    func linkDensity(_ node: Node) -> Double {
        let stats = stats[Int(node)]
        guard stats.characters > 0 else { return 0 }
        return stats.linkCharacters / Double(stats.characters)
    }
}

/// Facts about a node found once, when the tree is built.
struct NodeFlags: OptionSet, Sendable {
    let rawValue: UInt32
    /// A link to a place in the page (`href="#…"`).
    static let hashLink = NodeFlags(rawValue: 1 << 0)
    /// Hidden: `hidden`, `aria-hidden="true"` (but not a fallback image), `display: none` or
    /// `visibility: hidden` in its style.
    static let hidden = NodeFlags(rawValue: 1 << 1)
    /// `aria-modal="true"` with `role="dialog"`.
    static let modalDialog = NodeFlags(rawValue: 1 << 2)
    /// Hidden, or a modal dialog: never shown with the page's content.
    var hidesContent: Bool { contains(.hidden) || contains(.modalDialog) }
    /// A landmark role that is never the article (navigation, menu, complementary, alert, dialog).
    static let unlikelyRole = NodeFlags(rawValue: 1 << 3)
    // Matches of Readability's patterns against the class and id (ClassPatterns).
    static let unlikely = NodeFlags(rawValue: 1 << 4)
    static let maybeCandidate = NodeFlags(rawValue: 1 << 5)
    static let positiveClass = NodeFlags(rawValue: 1 << 6)
    static let negativeClass = NodeFlags(rawValue: 1 << 7)
    static let positiveID = NodeFlags(rawValue: 1 << 8)
    static let negativeID = NodeFlags(rawValue: 1 << 9)
    static let byline = NodeFlags(rawValue: 1 << 10)
    static let share = NodeFlags(rawValue: 1 << 11)
    /// `rel="author"` or an `itemprop` naming the author.
    static let authorAttribute = NodeFlags(rawValue: 1 << 12)
    /// An `itemprop` holding "name".
    static let itemName = NodeFlags(rawValue: 1 << 13)
    /// In foreign content (svg, math): self-closing tags close.
    static let foreign = NodeFlags(rawValue: 1 << 14)
    /// A data table (not a layout table), decided before cleaning.
    static let dataTable = NodeFlags(rawValue: 1 << 15)
    /// Has a non-empty class attribute (Readability's same-class sibling bonus needs to know).
    static let hasClass = NodeFlags(rawValue: 1 << 16)
    /// Has a non-empty id (`NameWords` reads an element's id only then).
    static let hasID = NodeFlags(rawValue: 1 << 17)
    /// Has a `data-author`, `data-author-name` or `data-author-username` attribute (`PageAuthor`).
    static let dataAuthor = NodeFlags(rawValue: 1 << 18)
}
