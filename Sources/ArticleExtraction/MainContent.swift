/// The page's main content taken whole, for pages whose content is not one container of prose: a
/// forum thread's posts, a product's description and details, a shop's shelf, a list of stories,
/// a service's page. Readability keeps the best-scored container and its like siblings, which on
/// such pages is one post, one card or one block of many; this keeps the page's `main` (or the
/// body) without what is never content there:
///
/// - scripts, styles, embeds, form controls and dialogs; hidden elements (unless one holds most of
///   the page: a page a script reveals whole);
/// - navigation and asides, headers and footers of the page (not those of an article or a section
///   inside it), landmarks of navigation, banners, search and the like; short forms;
/// - cookie and consent banners, breadcrumbs (by the words of their class or id).
///
/// Links are kept: a list of products or stories is links. ``ArticleExtractor`` gives this content
/// instead of Readability's when Readability's has under half its text (docs/extraction.md).
struct MainContent {
    var tree: HTMLTree
    var root: HTMLTree.Node

    /// Characters of the content's text.
    var characters: Int32 { tree.stats[Int(root)].characters }

    static let neverContent = KindSet([
        .script, .style, .template, .noscript, .svg, .iframe, .object, .embed, .canvas, .select, .option, .button,
        .input, .textarea, .dialog, .link, .meta, .area,
    ])
    static let roles: Set<String> = [
        "navigation", "banner", "contentinfo", "complementary", "dialog", "alertdialog", "search", "menu", "menubar",
        "tooltip",
    ]
    static let boilerplateWords: Set<String> = [
        "cookie", "cookies", "consent", "gdpr", "cookiebanner", "breadcrumb", "breadcrumbs",
    ]
    /// A form with less text than this (about 200 words) is a search box, a sign-up or a filter.
    static let shortForm: Int32 = 1_200

    init(page: HTMLTree) {
        tree = page
        tree.unwrapNoscriptContent()
        let body = tree.body
        tree.removeElements(within: body) { tree, node in Self.neverContent.contains(tree.kind[Int(node)]) }
        // Hidden elements, unless one holds over half of what is left: a page a script reveals.
        let total = tree.stats[Int(body)].characters
        tree.removeElements(within: body) { tree, node in
            let flags = tree.flags[Int(node)]
            return (flags.contains(.hidden) || flags.contains(.modalDialog))
                && tree.stats[Int(node)].characters * 2 <= total
        }
        let root = Self.mainElement(in: tree) ?? body
        tree.removeElements(within: root) { tree, node in Self.isBoilerplate(node, in: tree, root: root) }
        self.root = root
    }

    /// The only outermost `main` (or `role="main"`) with text, if there is exactly one.
    static func mainElement(in tree: HTMLTree) -> HTMLTree.Node? {
        var found: [HTMLTree.Node] = []
        var current = tree.nextElement(after: tree.body, within: tree.body)
        while let node = current {
            if tree.kind[Int(node)] == .main || tree.attribute(node, "role") == "main" {
                found.append(node)
                current = tree.nextElement(after: node, skippingChildren: true, within: tree.body)
            } else {
                current = tree.nextElement(after: node, within: tree.body)
            }
        }
        guard found.count == 1, tree.stats[Int(found[0])].solid > 0 else { return nil }
        return found[0]
    }

    static func isBoilerplate(_ node: HTMLTree.Node, in tree: HTMLTree, root: HTMLTree.Node) -> Bool {
        switch tree.kind[Int(node)] {
        case .nav, .aside: return true
        case .header, .footer: return !insideContentSection(node, in: tree, root: root)
        case .form: if tree.stats[Int(node)].characters < shortForm { return true }
        case .html, .body, .main, .article: return false
        default: break
        }
        if let role = tree.attribute(node, "role")?.lowercased(), roles.contains(role) { return true }
        for name in ["class", "id"] {
            guard let value = tree.attribute(node, name) else { continue }
            if HTMLTree.words(value).contains(where: boilerplateWords.contains) { return true }
        }
        return false
    }

    /// Whether an ancestor below the root is an article, a section, `main`, an aside or a
    /// navigation: a header or footer there belongs to it (an article's title, a post's author).
    static func insideContentSection(_ node: HTMLTree.Node, in tree: HTMLTree, root: HTMLTree.Node) -> Bool {
        var current = tree.parent[Int(node)]
        while current != HTMLTree.none, current != root {
            switch tree.kind[Int(current)] {
            case .article, .section, .main, .aside, .nav: return true
            default: current = tree.parent[Int(current)]
            }
        }
        return false
    }
}

extension HTMLTree {
    /// A `noscript` holding more text than the rest of the body is what the page shows a reader
    /// without scripts — the crawler view of an app whose script draws the page (a forum thread,
    /// a store) — so its content stays, as a `div`, when it is long enough to be an article (not a
    /// "turn on JavaScript" line); every other `noscript` goes with the scripts.
    mutating func unwrapNoscriptContent() {
        let noscripts = descendants(of: body, where: { $0 == .noscript })
        let inside = noscripts.reduce(Int32(0)) { $0 &+ stats[Int($1)].solid }
        let outside = stats[Int(body)].solid &- inside
        for noscript in noscripts where stats[Int(noscript)].solid > max(outside, ArticleFinder.minimumCharacters) {
            setKind(noscript, .div)
        }
    }
}
