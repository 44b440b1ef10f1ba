/// Scoring and choosing the container (the middle of Readability's `_grabArticle`).
extension ArticleFinder {
    /// A paragraph of at least 25 characters is worth 1, plus one per comma (and one more), plus
    /// one per 100 characters up to 3; its parent gets all of it, its grandparent half, and the
    /// next three ancestors a third, a sixth… (divided by three times their level).
    mutating func score(_ paragraphs: [HTMLTree.Node]) -> [HTMLTree.Node] {
        var candidates: [HTMLTree.Node] = []
        for paragraph in paragraphs {
            let parent = tree.parent[Int(paragraph)]
            guard parent != HTMLTree.none, tree.kind[Int(parent)] != .text, isAttached(paragraph) else { continue }
            let stats = tree.stats[Int(paragraph)]
            // Exact up to 300: the points stop growing there.
            let length = length(paragraph, exactBelow: 300)
            guard length >= 25 else { continue }
            let points = 1 + Double(stats.commas + 1) + Double(min(length / 100, 3))
            var ancestor = parent
            var level = 0
            while ancestor != HTMLTree.none, level < 5 {
                let above = tree.parent[Int(ancestor)]
                // The document's children (html) are not candidates.
                guard above != HTMLTree.none else { break }
                if tree.score[Int(ancestor)] == nil {
                    initialize(ancestor)
                    candidates.append(ancestor)
                }
                let divider = level == 0 ? 1 : level == 1 ? 2 : Double(level * 3)
                tree.score[Int(ancestor)]! += points / divider
                ancestor = above
                level += 1
            }
        }
        return candidates
    }

    /// Whether `node` is still in the page (not in a removed subtree).
    func isAttached(_ node: HTMLTree.Node) -> Bool {
        var current = node
        while current != HTMLTree.none {
            if current == tree.root { return true }
            current = tree.parent[Int(current)]
        }
        return false
    }

    /// The length of the element's inner text (trimmed, white-space runs as one), exact when it is
    /// under `exactBelow` and decides something: the stats count each text node's runs apart, a
    /// few characters more than the joined text has, which matters only near a threshold.
    func length(_ node: HTMLTree.Node, exactBelow limit: Int32) -> Int32 {
        let stats = tree.stats[Int(node)]
        guard stats.solid > 0 else { return 0 }
        guard stats.characters <= limit * 2 + 16 else { return stats.characters }
        return Int32(tree.innerTextLength(node))
    }

    /// A candidate starts from its tag (div +5; pre, td, blockquote +3; lists, forms, addresses
    /// −3; headings −5) and its class and id.
    mutating func initialize(_ node: HTMLTree.Node) {
        var score: Double
        switch tree.kind[Int(node)] {
        case .div: score = 5
        case .pre, .td, .blockquote: score = 3
        case .address, .ol, .ul, .dl, .dd, .dt, .li, .form: score = -3
        case .h1, .h2, .h3, .h4, .h5, .h6, .th: score = -5
        default: score = 0
        }
        tree.score[Int(node)] = score + Double(classWeight(node))
    }

    /// ±25 each for a class and an id that look like an article (article, content, post…) or
    /// like boilerplate (comment, footer, sidebar, share…).
    func classWeight(_ node: HTMLTree.Node) -> Int {
        guard passes.contains(.weightClasses) else { return 0 }
        let flags = tree.flags[Int(node)]
        var weight = 0
        if flags.contains(.negativeClass) { weight -= 25 }
        if flags.contains(.positiveClass) { weight += 25 }
        if flags.contains(.negativeID) { weight -= 25 }
        if flags.contains(.positiveID) { weight += 25 }
        return weight
    }

    /// Scores discounted by link density (a list of links is not an article); the best five.
    mutating func bestCandidates(_ candidates: [HTMLTree.Node]) -> [HTMLTree.Node] {
        var top: [HTMLTree.Node] = []
        for candidate in candidates {
            let score = tree.score[Int(candidate)]! * (1 - tree.linkDensity(candidate))
            tree.score[Int(candidate)] = score
            for index in 0..<Self.topCandidateCount {
                if index == top.count || score > tree.score[Int(top[index])]! {
                    top.insert(candidate, at: index)
                    if top.count > Self.topCandidateCount { top.removeLast() }
                    break
                }
            }
        }
        return top
    }

    /// From the best candidate to the container of the article: the common ancestor when three
    /// others score near it, a parent that scores higher, a parent it is the only child of.
    mutating func climb(from top: [HTMLTree.Node]) -> HTMLTree.Node {
        var candidate = top[0]
        let best = tree.score[Int(candidate)]!
        let body = tree.body
        var alternatives: [Set<HTMLTree.Node>] = []
        for other in top.dropFirst() where tree.score[Int(other)]! / best >= 0.75 {
            alternatives.append(Set(ancestors(of: other)))
        }
        if alternatives.count >= 3 {
            var ancestor = tree.parent[Int(candidate)]
            while ancestor != HTMLTree.none, ancestor != body, ancestor != tree.root {
                if alternatives.filter({ $0.contains(ancestor) }).count >= 3 {
                    candidate = ancestor
                    break
                }
                ancestor = tree.parent[Int(ancestor)]
            }
        }
        if tree.score[Int(candidate)] == nil { initialize(candidate) }

        // A parent scoring higher holds more of the article (a parent gets half a child's points).
        var ancestor = tree.parent[Int(candidate)]
        var lastScore = tree.score[Int(candidate)]!
        let threshold = lastScore / 3
        while ancestor != HTMLTree.none, ancestor != body, ancestor != tree.root {
            guard let score = tree.score[Int(ancestor)] else {
                ancestor = tree.parent[Int(ancestor)]
                continue
            }
            if score < threshold { break }
            if score > lastScore {
                candidate = ancestor
                break
            }
            lastScore = score
            ancestor = tree.parent[Int(ancestor)]
        }

        // An only child's parent holds the same content and has the siblings worth joining.
        var parent = tree.parent[Int(candidate)]
        while parent != HTMLTree.none, parent != body, parent != tree.root, tree.elementChildCount(parent) == 1 {
            candidate = parent
            parent = tree.parent[Int(candidate)]
        }
        if tree.score[Int(candidate)] == nil { initialize(candidate) }
        return candidate
    }

    func ancestors(of node: HTMLTree.Node) -> [HTMLTree.Node] {
        var result: [HTMLTree.Node] = []
        var current = tree.parent[Int(node)]
        while current != HTMLTree.none {
            result.append(current)
            current = tree.parent[Int(current)]
        }
        return result
    }

    /// The article: the container with its siblings that score at least a fifth of it (more when
    /// they share its class) or read as prose paragraphs.
    mutating func gatherSiblings(of candidate: HTMLTree.Node) -> HTMLTree.Node {
        let article = tree.makeElement(.div)
        let best = tree.score[Int(candidate)]!
        let threshold = max(10, best * 0.2)
        let parent = tree.parent[Int(candidate)]
        let className = tree.className(candidate)
        var siblings: [HTMLTree.Node] = []
        var child = tree.firstChild[Int(parent)]
        while child != HTMLTree.none {
            if tree.isElement(child) { siblings.append(child) }
            child = tree.next[Int(child)]
        }
        for sibling in siblings {
            var join = sibling == candidate
            if !join {
                let bonus = !className.isEmpty && tree.className(sibling) == className ? best * 0.2 : 0
                if let score = tree.score[Int(sibling)], score + bonus >= threshold {
                    join = true
                } else if tree.kind[Int(sibling)] == .p {
                    let density = tree.linkDensity(sibling)
                    let length = length(sibling, exactBelow: 80)
                    if length > 80, density < 0.25 {
                        join = true
                    } else if length < 80, length > 0, density == 0, Self.endsASentence(tree.innerText(sibling)) {
                        join = true
                    }
                }
            }
            guard join else { continue }
            switch tree.kind[Int(sibling)] {
            case .div, .article, .section, .p: break
            // Other containers (a form, a cell) become divs, so that cleaning treats them as such.
            default: tree.setKind(sibling, .div)
            }
            tree.append(sibling, to: article)
        }
        // Out of the page, as in Readability: checks that look up the tree stop at the article.
        return article
    }

    /// A period followed by a space or the end.
    static func endsASentence(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() where scalar == "." {
            if index + 1 == scalars.count || scalars[index + 1] == " " { return true }
        }
        return false
    }

    /// The text direction: the first `dir` on the container's parent, the container, or above.
    mutating func findDirection(topCandidate: HTMLTree.Node, container: HTMLTree.Node) {
        var chain = [container, topCandidate]
        chain.append(contentsOf: ancestors(of: container))
        for node in chain where node != HTMLTree.none && tree.kind[Int(node)] != .text {
            if let dir = tree.attribute(node, "dir"), !dir.isEmpty {
                direction = dir
                return
            }
        }
    }
}
