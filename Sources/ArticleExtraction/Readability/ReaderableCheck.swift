/// Whether a page reads as an article before any pruning (Readability's `isProbablyReaderable`,
/// the test behind Firefox's Reader View button): its visible paragraphs and `article` elements of
/// 140 characters or more, outside lists and boilerplate names, add up √(length − 140) each to more
/// than 20. A home
/// page of headlines, a search page or a login wall has no such paragraphs.
enum ReaderableCheck {
    static let minimumParagraph = 140
    static let minimumScore = 20.0

    static func isProbablyReaderable(_ tree: HTMLTree) -> Bool {
        var score = 0.0
        var seenBreakParents = Set<HTMLTree.Node>()
        var current = tree.nextElement(after: tree.root)
        while let node = current {
            current = tree.nextElement(after: node)
            var candidate: HTMLTree.Node?
            switch tree.kind[Int(node)] {
            // Paragraphs, preformatted text and article elements (an article of bare text counts).
            case .p, .pre, .article: candidate = node
            case .br:
                // A div of text separated by line breaks reads as paragraphs too.
                let parent = tree.parent[Int(node)]
                if parent != HTMLTree.none, tree.kind[Int(parent)] == .div, seenBreakParents.insert(parent).inserted {
                    candidate = parent
                }
            default: break
            }
            guard let candidate, counts(candidate, in: tree) else { continue }
            let length = textLength(candidate, in: tree)
            guard length >= minimumParagraph else { continue }
            score += Double(length - minimumParagraph).squareRoot()
            if score > minimumScore { return true }
        }
        return false
    }

    /// Visible, not named like boilerplate, not a paragraph inside a list item.
    static func counts(_ node: HTMLTree.Node, in tree: HTMLTree) -> Bool {
        let flags = tree.flags[Int(node)]
        if flags.contains(.hidden) { return false }
        if flags.contains(.unlikely) {
            // This test's "maybe" list lacks "content" (Readability keeps the two lists so).
            let names = ((tree.attribute(node, "class") ?? "") + " " + (tree.attribute(node, "id") ?? "")).lowercased()
            guard ["and", "article", "body", "column", "main", "shadow"].contains(where: { names.contains($0) }) else {
                return false
            }
        }
        return tree.kind[Int(node)] != .p || !tree.hasAncestor(node, where: { $0 == .li })
    }

    /// The trimmed text's length: exact where it decides (short paragraphs), the stats above.
    static func textLength(_ node: HTMLTree.Node, in tree: HTMLTree) -> Int {
        let stats = tree.stats[Int(node)]
        guard stats.solid > 0 else { return 0 }
        if stats.characters > 600 { return Int(stats.characters) }
        return ArticleFinder.trimmed(tree.textContent(node)).utf16.count
    }
}
