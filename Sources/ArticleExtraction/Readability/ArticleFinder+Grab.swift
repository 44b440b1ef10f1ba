/// One attempt (Readability's `_grabArticle`): prune and find paragraphs, score, choose, gather.
extension ArticleFinder {
    mutating func grab() -> Found {
        let paragraphs = pruneAndCollect()
        let candidates = score(paragraphs)
        let top = bestCandidates(candidates)
        let body = tree.body
        let topCandidate: HTMLTree.Node
        if top.isEmpty || tree.kind[Int(top[0])] == .body {
            // Nothing stood out: the whole body is the article.
            topCandidate = tree.makeElement(.div)
            var child = tree.firstChild[Int(body)]
            while child != HTMLTree.none {
                let following = tree.next[Int(child)]
                tree.append(child, to: topCandidate)
                child = following
            }
            tree.insert(topCandidate, into: body)
            initialize(topCandidate)
        } else {
            topCandidate = climb(from: top)
        }
        let container = tree.parent[Int(topCandidate)]
        let article = gatherSiblings(of: topCandidate)
        clean(article)
        findDirection(topCandidate: topCandidate, container: container)
        return Found(tree: tree, article: article, characters: length(article, exactBelow: Self.minimumCharacters))
    }

    // MARK: - Pruning

    /// Walks the page removing what is never the article, turns `div`s used as paragraphs into
    /// `p`s, and returns the elements to score.
    mutating func pruneAndCollect() -> [HTMLTree.Node] {
        var paragraphs: [HTMLTree.Node] = []
        var removeTitleHeading = true
        var current = tree.firstElementChild(tree.root)
        while var node = current {
            let flags = tree.flags[Int(node)]
            let kind = tree.kind[Int(node)]
            // Nothing hidden is content, nor a modal dialog.
            if flags.hidesContent {
                current = tree.remove(returningNextAfter: node)
                continue
            }
            // The author line is metadata, not text.
            if checkByline(node) {
                current = tree.remove(returningNextAfter: node)
                continue
            }
            // The first heading that repeats the title is the title, shown apart.
            if removeTitleHeading, kind == .h1 || kind == .h2,
                Self.similarity(title, tree.textContent(node)) > 0.75
            {
                removeTitleHeading = false
                current = tree.remove(returningNextAfter: node)
                continue
            }
            if passes.contains(.stripUnlikely) {
                // Names that say navigation, comments, ads or sharing, unless they also say content.
                if flags.contains(.unlikely), !flags.contains(.maybeCandidate), kind != .body, kind != .a,
                    !hasAncestor(node, .table, maximumDepth: 3), !hasAncestor(node, .code, maximumDepth: 3)
                {
                    current = tree.remove(returningNextAfter: node)
                    continue
                }
                // Landmarks that are never the article: navigation, menus, complementary, alerts.
                if flags.contains(.unlikelyRole) {
                    current = tree.remove(returningNextAfter: node)
                    continue
                }
            }
            // Containers and headings with no text, image or media are layout.
            switch kind {
            case .div, .section, .header, .h1, .h2, .h3, .h4, .h5, .h6:
                if isWithoutContent(node) {
                    current = tree.remove(returningNextAfter: node)
                    continue
                }
            default: break
            }
            if kind.traits.contains(.scored) { paragraphs.append(node) }
            if kind == .div {
                wrapPhrasing(in: node)
                // A div holding one paragraph is that paragraph; a div without blocks is one.
                if let only = singleChild(node, of: .p), tree.linkDensity(node) < 0.25 {
                    tree.replace(node, with: only)
                    node = only
                    paragraphs.append(node)
                } else if tree.stats[Int(node)].blocks == 0 {
                    tree.setKind(node, .p)
                    paragraphs.append(node)
                }
            }
            current = tree.nextElement(after: node)
        }
        return paragraphs
    }

    /// Runs of inline content in a `div` that also holds blocks become paragraphs.
    mutating func wrapPhrasing(in node: HTMLTree.Node) {
        var paragraph: HTMLTree.Node?
        var child = tree.firstChild[Int(node)]
        while child != HTMLTree.none {
            let following = tree.next[Int(child)]
            if isPhrasing(child) {
                if let paragraph {
                    tree.append(child, to: paragraph)
                } else if !isWhitespace(child) {
                    let created = tree.makeElement(.p)
                    tree.replace(child, with: created)
                    tree.append(child, to: created)
                    paragraph = created
                }
            } else if let open = paragraph {
                trimTrailingWhitespace(open)
                paragraph = nil
            }
            child = following
        }
    }

    /// The only element child of `node` when it is of `kind` and no text stands beside it.
    func singleChild(_ node: HTMLTree.Node, of kind: ElementKind) -> HTMLTree.Node? {
        var found: HTMLTree.Node?
        for child in tree.children(node) {
            if tree.kind[Int(child)] == .text {
                if tree.stats[Int(child)].solid > 0 { return nil }
                continue
            }
            guard found == nil, tree.kind[Int(child)] == kind else { return nil }
            found = child
        }
        return found
    }

    func isWithoutContent(_ node: HTMLTree.Node) -> Bool {
        let stats = tree.stats[Int(node)]
        guard stats.solid == 0 else { return false }
        let children = tree.elementChildCount(node)
        return children == 0 || children == Int(stats.breaks)
    }

    func hasAncestor(_ node: HTMLTree.Node, _ kind: ElementKind, maximumDepth: Int) -> Bool {
        var depth = 0
        var current = tree.parent[Int(node)]
        while current != HTMLTree.none {
            if maximumDepth > 0, depth > maximumDepth { return false }
            if tree.kind[Int(current)] == kind { return true }
            current = tree.parent[Int(current)]
            depth += 1
        }
        return false
    }

    /// An element whose class, id, `rel` or `itemprop` says author, with a short text, is the
    /// byline (its `itemprop="name"` part when it has one) — unless the metadata named the author.
    mutating func checkByline(_ node: HTMLTree.Node) -> Bool {
        guard byline == nil, !metadataHasByline else { return false }
        let flags = tree.flags[Int(node)]
        guard flags.contains(.authorAttribute) || flags.contains(.byline) else { return false }
        let text = tree.textContent(node)
        let trimmed = Self.trimmed(text)
        guard !trimmed.isEmpty, trimmed.utf16.count < 100 else { return false }
        var named: HTMLTree.Node?
        var current = tree.nextElement(after: node, within: node)
        while let element = current {
            if tree.flags[Int(element)].contains(.itemName) {
                named = element
                break
            }
            current = tree.nextElement(after: element, within: node)
        }
        byline = named.map { Self.trimmed(tree.textContent($0)) } ?? trimmed
        // The line leaves the content: the date it may hold ("By Jonas Berg · <time>") is kept.
        let page = tree
        bylineTime =
            page.descendants(of: node, where: { $0 == .time }).lazy.compactMap {
                page.attribute($0, "datetime")
            }.first
        return true
    }

    static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !HTMLTree.isSpace($0) }),
            let last = scalars.lastIndex(where: { !HTMLTree.isSpace($0) })
        else { return "" }
        return String(scalars[first...last])
    }

    /// How much of `b`'s words are in `a`, from 0 to 1 (Readability's `_textSimilarity`): words
    /// are runs of ASCII letters, digits and underscores, case-folded.
    static func similarity(_ a: String, _ b: String) -> Double {
        let wordsA = words(a)
        let wordsB = words(b)
        guard !wordsA.isEmpty, !wordsB.isEmpty else { return 0 }
        let setA = Set(wordsA)
        let unique = wordsB.filter { !setA.contains($0) }
        let uniqueLength = unique.isEmpty ? 0 : unique.reduce(0) { $0 + $1.utf16.count } + unique.count - 1
        let totalLength = wordsB.reduce(0) { $0 + $1.utf16.count } + wordsB.count - 1
        return 1 - Double(uniqueLength) / Double(totalLength)
    }

    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var word = ""
        for scalar in text.lowercased().unicodeScalars {
            if scalar.isASCII, scalar == "_" || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                word.unicodeScalars.append(scalar)
            } else if !word.isEmpty {
                words.append(word)
                word = ""
            }
        }
        if !word.isEmpty { words.append(word) }
        return words
    }
}
