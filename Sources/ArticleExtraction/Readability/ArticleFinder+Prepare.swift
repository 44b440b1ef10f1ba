/// Preparing the page before any scoring (Readability's `_unwrapNoscriptImages`, `_removeScripts`
/// and `_prepDocument`).
extension ArticleFinder {
    mutating func prepare() {
        unwrapNoscriptImages()
        // A noscript holding the page's text was unwrapped by the extractor, for every reader.
        // Scripts, styles and templates are never content.
        let neverContent = KindSet([.script, .noscript, .style, .template])
        tree.removeElements(within: tree.root) { tree, node in neverContent.contains(tree.kind[Int(node)]) }
        replaceBreakChains(in: tree.body)
        // A font element is a span.
        for node in tree.descendants(of: tree.root, where: { $0 == .font }) { tree.setKind(node, .span) }
    }

    /// An image placeholder next to a `noscript` holding the real image gives way to that image:
    /// images without any source are placeholders and go first.
    mutating func unwrapNoscriptImages() {
        for image in tree.descendants(of: tree.root, where: { $0 == .img }) where !mayHoldImage(image) {
            tree.detach(image)
        }
        for noscript in tree.descendants(of: tree.root, where: { $0 == .noscript }) {
            guard tree.parent[Int(noscript)] != HTMLTree.none, isSingleImage(noscript),
                let previous = tree.previousElementSibling(noscript), isSingleImage(previous),
                let replacement = tree.firstElementChild(noscript)
            else { continue }
            let oldImage = tree.kind[Int(previous)] == .img ? previous : firstImage(in: previous)
            let newImage = tree.kind[Int(replacement)] == .img ? replacement : firstImage(in: replacement)
            if let oldImage, let newImage {
                for index in tree.attributeRange[Int(oldImage)] {
                    let attribute = tree.attributes[Int(index)]
                    guard !attribute.value.isEmpty, !attribute.name.isEmpty else { continue }
                    let name = String(decoding: tree.bytes[attribute.name], as: UTF8.self).lowercased()
                    let value = tree.bytes[attribute.value]
                    guard name == "src" || name == "srcset" || Self.namesImageFile(value) else { continue }
                    if let existing = tree.rawAttribute(newImage, name), existing.elementsEqual(value) { continue }
                    let target = tree.hasAttribute(newImage, name) ? "data-old-" + name : name
                    tree.setAttribute(newImage, name: target, value: Array(value))
                }
            }
            tree.replace(previous, with: replacement)
        }
    }

    /// Whether an image has a source or an attribute naming an image file.
    func mayHoldImage(_ image: HTMLTree.Node) -> Bool {
        for index in tree.attributeRange[Int(image)] {
            let attribute = tree.attributes[Int(index)]
            if ["src", "srcset", "data-src", "data-srcset"].contains(where: { tree.isNamed(attribute, $0) }) {
                return true
            }
            if Self.namesImageFile(tree.bytes[attribute.value]) { return true }
        }
        return false
    }

    /// An image, or an element holding exactly one image and no text, element by element down.
    func isSingleImage(_ node: HTMLTree.Node) -> Bool {
        var current = node
        while true {
            if tree.kind[Int(current)] == .img { return true }
            guard tree.elementChildCount(current) == 1, tree.stats[Int(current)].solid == 0,
                let child = tree.firstElementChild(current)
            else { return false }
            current = child
        }
    }

    func firstImage(in node: HTMLTree.Node) -> HTMLTree.Node? {
        tree.descendants(of: node, where: { $0 == .img }).first
    }

    /// Whether bytes mention a .jpg, .jpeg, .png or .webp file.
    static func namesImageFile(_ value: ArraySlice<UInt8>) -> Bool {
        value.withUnsafeBufferPointer { buffer in
            var index = 0
            while let dot = buffer[index...].firstIndex(of: UInt8(ascii: ".")) {
                for ext in ["jpg", "jpeg", "png", "webp"]
                where ClassPatterns.matches(buffer, at: dot + 1, end: buffer.count, ext) {
                    return true
                }
                index = dot + 1
            }
            return false
        }
    }

    /// Two or more `br` in a row end a paragraph: the text after them, up to the next such chain
    /// or block, becomes a `p` (pages that separate paragraphs with line breaks).
    mutating func replaceBreakChains(in body: HTMLTree.Node) {
        for br in tree.descendants(of: body, where: { $0 == .br }) {
            guard tree.parent[Int(br)] != HTMLTree.none else { continue }
            var replaced = false
            var next = nextNonBlank(tree.next[Int(br)])
            while let found = next, tree.kind[Int(found)] == .br {
                replaced = true
                let following = tree.next[Int(found)]
                tree.detach(found)
                next = nextNonBlank(following)
            }
            guard replaced else { continue }
            let paragraph = tree.makeElement(.p)
            tree.replace(br, with: paragraph)
            var sibling = tree.next[Int(paragraph)]
            while sibling != HTMLTree.none {
                if tree.kind[Int(sibling)] == .br, let after = nextNonBlank(tree.next[Int(sibling)]),
                    tree.kind[Int(after)] == .br
                {
                    break
                }
                guard isPhrasing(sibling) else { break }
                let following = tree.next[Int(sibling)]
                tree.append(sibling, to: paragraph)
                sibling = following
            }
            trimTrailingWhitespace(paragraph)
            let parent = tree.parent[Int(paragraph)]
            if parent != HTMLTree.none, tree.kind[Int(parent)] == .p { tree.setKind(parent, .div) }
        }
    }

    /// The first node from `node` on that is an element or text other than white space.
    func nextNonBlank(_ node: HTMLTree.Node) -> HTMLTree.Node? {
        var current = node
        while current != HTMLTree.none {
            if tree.kind[Int(current)] != .text || tree.stats[Int(current)].solid > 0 { return current }
            current = tree.next[Int(current)]
        }
        return nil
    }

    mutating func trimTrailingWhitespace(_ node: HTMLTree.Node) {
        while tree.lastChild[Int(node)] != HTMLTree.none, isWhitespace(tree.lastChild[Int(node)]) {
            tree.detach(tree.lastChild[Int(node)])
        }
    }

    /// White-space text or a `br`.
    func isWhitespace(_ node: HTMLTree.Node) -> Bool {
        let kind = tree.kind[Int(node)]
        return (kind == .text && tree.stats[Int(node)].solid == 0) || kind == .br
    }

    /// Text, inline elements, and links or edits holding only those: what may sit in a paragraph.
    func isPhrasing(_ node: HTMLTree.Node) -> Bool {
        let kind = tree.kind[Int(node)]
        if kind.traits.contains(.phrasing) { return true }
        guard kind == .a || kind == .del || kind == .ins else { return false }
        return tree.children(node).allSatisfy { isPhrasing($0) }
    }
}
