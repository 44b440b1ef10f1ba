/// Edits of the tree. Each keeps every ancestor's `stats` right, in O(depth): the extractor edits
/// while it measures, as Readability does, without walking subtrees again.
extension HTMLTree {
    /// What `node` adds to its parent's stats.
    func contribution(_ node: Node) -> TextStats {
        var result = stats[Int(node)]
        let kind = kind[Int(node)]
        guard kind != .text else { return result }
        result.addTextTerms(of: kind, characters: result.characters, linkWeight: linkWeight(node))
        result.addCounts(of: kind, sign: 1)
        if flags[Int(node)].contains(.dataTable) { result.dataTables &+= 1 }
        return result
    }

    /// Adds `delta` to the stats of `node` and of its ancestors, as each passes it on.
    mutating func propagate(_ delta: TextStats, from node: Node) {
        var delta = delta
        var current = node
        while current != Self.none {
            stats[Int(current)] += delta
            let kind = kind[Int(current)]
            if kind != .text {
                delta.addTextTerms(of: kind, characters: delta.characters, linkWeight: linkWeight(current))
            }
            current = parent[Int(current)]
        }
    }

    /// Takes `node` (with its subtree) out of the tree.
    mutating func detach(_ node: Node) {
        let index = Int(node)
        let parent = parent[index]
        guard parent != Self.none else { return }
        propagate(-contribution(node), from: parent)
        let previous = previous[index]
        let next = next[index]
        if previous != Self.none { self.next[Int(previous)] = next } else { firstChild[Int(parent)] = next }
        if next != Self.none { self.previous[Int(next)] = previous } else { lastChild[Int(parent)] = previous }
        self.parent[index] = Self.none
        self.previous[index] = Self.none
        self.next[index] = Self.none
    }

    /// Puts a detached `node` into `parent`, before `sibling` (at the end when none).
    mutating func insert(_ node: Node, into parent: Node, before sibling: Node = HTMLTree.none) {
        attach(node, to: parent, before: sibling)
        propagate(contribution(node), from: parent)
    }

    /// Links a detached `node` into `parent`'s children, leaving stats alone (the builder sums
    /// them once the tree is whole; `insert` adds them up the ancestors).
    mutating func attach(_ node: Node, to parent: Node, before sibling: Node = HTMLTree.none) {
        let index = Int(node)
        self.parent[index] = parent
        if sibling == Self.none {
            let last = lastChild[Int(parent)]
            previous[index] = last
            next[index] = Self.none
            if last != Self.none { next[Int(last)] = node } else { firstChild[Int(parent)] = node }
            lastChild[Int(parent)] = node
        } else {
            let before = previous[Int(sibling)]
            previous[index] = before
            next[index] = sibling
            previous[Int(sibling)] = node
            if before != Self.none { next[Int(before)] = node } else { firstChild[Int(parent)] = node }
        }
    }

    mutating func append(_ node: Node, to parent: Node) {
        detach(node)
        insert(node, into: parent)
    }

    /// Puts `replacement` (detached first if attached) where `node` is, and detaches `node`.
    mutating func replace(_ node: Node, with replacement: Node) {
        detach(replacement)
        let parent = parent[Int(node)]
        guard parent != Self.none else { return }
        let next = next[Int(node)]
        detach(node)
        insert(replacement, into: parent, before: next)
    }

    /// Makes `node` an element of another kind, keeping its attributes and children.
    mutating func setKind(_ node: Node, _ newKind: ElementKind) {
        let old = contribution(node)
        kind[Int(node)] = newKind
        let parent = parent[Int(node)]
        if parent != Self.none {
            var delta = contribution(node)
            delta += -old
            propagate(delta, from: parent)
        }
    }

    /// Marks a table as a data table, counting it in its ancestors' stats.
    mutating func markDataTable(_ node: Node) {
        guard !flags[Int(node)].contains(.dataTable) else { return }
        flags[Int(node)].insert(.dataTable)
        var delta = TextStats()
        delta.dataTables = 1
        if parent[Int(node)] != Self.none { propagate(delta, from: parent[Int(node)]) }
    }

    /// Removes `node` and returns the element after it in document order (skipping its subtree),
    /// the step of Readability's walk that prunes as it goes.
    mutating func remove(returningNextAfter node: Node) -> Node? {
        let following = nextElement(after: node, skippingChildren: true)
        detach(node)
        return following
    }

    /// Removes every element inside `limit` that `removes` picks, in document order; the subtree
    /// of one removed is not looked at.
    mutating func removeElements(within limit: Node, where removes: (HTMLTree, Node) -> Bool) {
        var current = nextElement(after: limit, within: limit)
        while let node = current {
            if removes(self, node) {
                current = nextElement(after: node, skippingChildren: true, within: limit)
                detach(node)
            } else {
                current = nextElement(after: node, within: limit)
            }
        }
    }

    /// A new element of `kind` with no attributes, not yet in the tree.
    mutating func makeElement(_ kind: ElementKind) -> Node {
        makeNode(kind)
    }

    /// Sets an attribute (adding it, or replacing its value) to bytes added at the end of `bytes`.
    mutating func setAttribute(_ node: Node, name: String, value: some Collection<UInt8>) {
        let valueStart = bytes.count
        bytes.append(contentsOf: value)
        let valueRange = valueStart..<bytes.count
        if let index = attributeIndex(node, name) {
            attributes[index].value = valueRange
            return
        }
        let nameStart = bytes.count
        bytes.append(contentsOf: name.utf8)
        let nameRange = nameStart..<bytes.count
        // A node's attributes are contiguous: copy them to the end with the new one.
        let old = attributeRange[Int(node)]
        let start = Int32(attributes.count)
        for index in old { attributes.append(attributes[Int(index)]) }
        attributes.append(Attribute(name: nameRange, value: valueRange))
        attributeRange[Int(node)] = start..<Int32(attributes.count)
    }

    mutating func removeAttribute(_ node: Node, _ name: String) {
        guard let index = attributeIndex(node, name) else { return }
        // An empty name matches nothing: the attribute is gone.
        attributes[index].name = 0..<0
    }
}
